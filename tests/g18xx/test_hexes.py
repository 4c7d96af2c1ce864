"""Hex names, neighbours and edge numbering (18xx.games' scheme, as 1840's data uses it)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pygame_core.g18xx.hexes import Grid, Layout, opposite, rotate

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
