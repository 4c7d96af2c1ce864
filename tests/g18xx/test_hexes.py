"""Hex ids, neighbours and edge numbering: doubled ids (18xx.games' scheme, as 1840's data
uses it) and offset ids (1881's "D3"), pointy and flat."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.g18xx.hexes import EDGES, Grid, Layout, Numbering, opposite, rotate

from .data import load as load_data

POINTY = Grid.of(Layout.POINTY)
FLAT = Grid.of(Layout.FLAT)


def test_pointy_neighbours_follow_the_1840_edge_numbering() -> None:
    # data.json coordinate_system: 0 lower-left, 1 left, 2 upper-left, 3 upper-right,
    # 4 right, 5 lower-right; D18's neighbours as listed there.
    assert POINTY.neighbours("D18") == {
        0: "E17",
        1: "D16",
        2: "C17",
        3: "C19",
        4: "D20",
        5: "E19",
    }


def test_flat_neighbours() -> None:
    # Flat maps: the letter is the column; edge 0 is the bottom, 3 the top.
    assert FLAT.neighbours("C5") == {0: "C7", 1: "B6", 2: "B4", 3: "C3", 4: "D4", 5: "D6"}


def test_names_and_axes() -> None:
    assert POINTY.xy("F24") == (23, 5)  # data.json engine_xy of F24
    assert FLAT.xy("F24") == (5, 23)
    assert POINTY.name(23, 5) == "F24"
    assert POINTY.is_valid("F24") and not POINTY.is_valid("F23")
    assert not POINTY.is_valid("f24") and not POINTY.is_valid("F0")
    with pytest.raises(ValueError):
        POINTY.xy("24F")


def test_off_the_lettered_grid() -> None:
    assert POINTY.neighbour("A1", 2) is None
    assert POINTY.neighbour("A3", 1) == "A1"


def test_opposite_and_rotate() -> None:
    assert [opposite(e) for e in range(6)] == [3, 4, 5, 0, 1, 2]
    assert rotate(4, 3) == 1 and rotate(0, 6) == 0


@given(
    st.sampled_from([POINTY, FLAT]),
    st.integers(2, 20),
    st.integers(2, 20),
    st.integers(0, 5),
)
def test_neighbour_across_an_edge_sees_us_across_the_opposite_edge(
    grid: Grid, x: int, y: int, edge: int
) -> None:
    if (x + y) % 2:
        x += 1
    here = grid.name(x, y)
    there = grid.neighbour(here, edge)
    assert there is not None and grid.is_valid(there)
    assert grid.neighbour(there, opposite(edge)) == here
    assert grid.edge_between(here, there) == edge


# --- the four id schemes ---------------------------------------------------------------------

SCHEMES = [Grid.of(layout, numbering) for layout in Layout for numbering in Numbering]
OFFSET_POINTY = Grid.of(Layout.POINTY, Numbering.OFFSET)
OFFSET_FLAT = Grid.of(Layout.FLAT, Numbering.OFFSET)


def _doubled(grid: Grid, along: int, across: int) -> tuple[int, int]:
    """Doubled coordinates of hex `along` of row `across` (rows along x on pointy maps)."""
    x, y = 2 * along + across % 2, across
    return (x, y) if grid.layout is Layout.POINTY else (y, x)


schemes = st.sampled_from(SCHEMES)
small = st.integers(0, 11)


@given(schemes, small, small)
def test_doubled_coordinates_round_trip_through_ids(grid: Grid, along: int, across: int) -> None:
    x, y = _doubled(grid, along, across)
    coord = grid.name(x, y)
    assert grid.is_valid(coord) and grid.xy(coord) == (x, y)


@given(schemes, st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), st.integers(1, 40))
def test_ids_round_trip_through_doubled_coordinates(grid: Grid, letter: str, number: int) -> None:
    coord = f"{letter}{number}"
    if grid.numbering is Numbering.OFFSET:
        assert grid.is_valid(coord)  # every row counts 1, 2, 3 ...: every id is a hex
    if grid.is_valid(coord):
        x, y = grid.xy(coord)
        assert (x + y) % 2 == 0 and grid.name(x, y) == coord


@given(schemes, st.integers(1, 10), st.integers(1, 10), st.sampled_from(EDGES))
def test_neighbours_are_symmetric_in_every_scheme(
    grid: Grid, along: int, across: int, edge: int
) -> None:
    here = grid.name(*_doubled(grid, along, across))
    there = grid.neighbour(here, edge)
    assert there is not None and grid.is_valid(there)
    assert grid.neighbour(there, opposite(edge)) == here
    assert grid.edge_between(here, there) == edge
    assert grid.distance(here, there) == 1 and grid.distance(there, here) == 1


def _walk(grid: Grid, start: str, goal: str) -> int:
    """Hexsides crossed on a shortest walk, by breadth-first search over `neighbours`."""
    seen, frontier, steps = {start}, [start], 0
    while goal not in seen:
        frontier = [n for c in frontier for n in grid.neighbours(c).values() if n not in seen]
        seen.update(frontier)
        steps += 1
    return steps


@settings(deadline=None)
@given(schemes, st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 6))
def test_distance_is_the_shortest_walk(grid: Grid, a1: int, a2: int, b1: int, b2: int) -> None:
    a, b = grid.name(*_doubled(grid, a1, a2)), grid.name(*_doubled(grid, b1, b2))
    assert grid.distance(a, b) == grid.distance(b, a) == _walk(grid, a, b)


def test_offset_ids_count_every_row() -> None:
    # 1881 (shared/reference/1881/board.json coordinate_system): letter = row, number =
    # column counted in every row, odd rows (B, D, ...) shifted half a hex east.
    assert OFFSET_POINTY.xy("A1") == (0, 0) and OFFSET_POINTY.xy("B1") == (1, 1)
    assert OFFSET_POINTY.neighbour("D3", 4) == "D4"  # same row: the next number
    assert OFFSET_POINTY.neighbour("D3", 1) == "D2"
    assert OFFSET_POINTY.neighbour("C1", 2) is None  # off the west edge
    assert OFFSET_POINTY.name(1, 1) == "B1"
    with pytest.raises(ValueError):
        OFFSET_POINTY.name(0, 1)  # x + y odd: between hexes


def test_tegeler_see_is_d3() -> None:
    # 1881 6.5: "D3" is the Tegeler See; its six neighbours as the board design lists them
    # (connected and blocked ones together).
    assert OFFSET_POINTY.xy("D3") == (5, 3)
    assert OFFSET_POINTY.neighbours("D3") == {
        0: "E3",
        1: "D2",
        2: "C3",
        3: "C4",
        4: "D4",
        5: "E4",
    }


def test_offset_flat_columns() -> None:
    # Flat offset: the letter is the column, each column counted 1, 2, 3 ... from the top,
    # odd columns (B, D, ...) shifted half a hex down.
    assert OFFSET_FLAT.xy("C5") == (2, 8) and OFFSET_FLAT.xy("B5") == (1, 9)
    assert OFFSET_FLAT.neighbours("C5") == {0: "C6", 1: "B5", 2: "B4", 3: "C4", 4: "D4", 5: "D5"}


def test_every_1881_hex_sits_at_its_engine_xy() -> None:
    # tests/g18xx/data/1881_board.json: the design's engine_xy and its neighbour lists
    # (connected + blocked) per hex, for all 145 hexes.
    data = load_data("1881_board.json")
    grid = Grid.from_data({**data["coordinate_system"], "numbering": "offset"})
    assert grid == OFFSET_POINTY
    hexes = data["maps"]["standard"]["hexes"]
    for coord, h in hexes.items():
        assert list(grid.xy(coord)) == h["engine_xy"], coord
        listed = {**h.get("neighbors", {}), **h.get("adjacent_but_not_connected", {})}
        on_map = {str(e): n for e, n in grid.neighbours(coord).items() if n in hexes}
        assert on_map == listed, coord


def test_grid_from_data_defaults_and_refusals() -> None:
    assert Grid.from_data({"layout": "pointy"}) == POINTY  # 1840's board.json
    assert Grid.from_data({"layout": "flat", "letter_axis": "y"}).letter_is_x is False
    with pytest.raises(ValueError):
        Grid.from_data({"layout": "pointy", "numbering": "hexagonal"})
    with pytest.raises(ValueError):
        Grid.from_data({"layout": "pointy", "letter_axis": "z"})
