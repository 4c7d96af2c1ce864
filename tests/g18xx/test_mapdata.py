"""Loading a printed map from a title's data: 1840's own and 1881's design (offset ids)."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.hexes import Numbering
from pygame_core.g18xx.mapdata import DataKeys, load_board, load_tiles, tile_counts
from pygame_core.g18xx.tiles import StopKind
from pygame_core.g1840 import board as g1840

from .data import load as load_data
from .helpers import COLOURS

# 1881's board design spells its keys its own way (tests/g18xx/data/1881_board.json).
KEYS_1881 = DataKeys(colour="color", tile_id="preprinted_tile_id", name="location_name")


def _data_1881() -> Any:
    return load_data("1881_board.json")


def _board_1881() -> Any:
    data = _data_1881()
    grid = {**data["coordinate_system"], "numbering": "offset"}
    return load_board(grid, data["maps"]["standard"]["hexes"], KEYS_1881)


def test_the_1881_standard_map_loads_with_its_counts() -> None:
    meta = _data_1881()["maps"]["standard"]
    board = _board_1881()
    assert board.grid.numbering is Numbering.OFFSET
    assert len(board.hexes) == meta["hex_count"] == 145
    playable = [c for c, h in board.hexes.items() if not h.blocked]
    assert len(playable) == meta["playable_count"] == 139
    assert sorted(c for c, h in board.hexes.items() if h.blocked) == sorted(meta["unplayable"])


def test_the_1881_neighbours_are_the_designs() -> None:
    # The design lists each hex's usable connections: not across the Tegeler See's
    # borders (6.5), never into an unplayable hex. Every hex, both directions.
    hexes = _data_1881()["maps"]["standard"]["hexes"]
    board = _board_1881()
    for coord, h in hexes.items():
        expected = {int(e): n for e, n in h["neighbors"].items()}
        assert dict(board.neighbours(coord)) == expected, coord


def test_tegeler_see_and_other_1881_hexes() -> None:
    board = _board_1881()
    lake = board.hexes["D3"]
    assert lake.location == "Tegeler See" and lake.impassable == {4, 5}
    assert lake.tile.lay_cost == 50 and lake.tile.terrain == {"water"}
    assert dict(board.neighbours("D3")) == {0: "E3", 1: "D2", 2: "C3", 3: "C4"}
    assert dict(board.neighbours("D4")) == {0: "E4", 2: "C4", 3: "C5", 4: "D5"}
    assert board.hexes["G6"].tile.terrain == {"water", "forest"}
    alex = board.hexes["G7"]
    assert alex.tile.labels == {"A"} and alex.tile_id == "G7-0"
    assert [(s.kind, s.slots) for s in alex.tile.stops] == [(StopKind.CITY, 3)]
    assert board.hexes["E5"].blocked and board.neighbours("E5") == {}


def test_a_blocked_hex_takes_no_tile() -> None:
    state = MapState(_board_1881())
    tiles = list(g1840.tiles().values())
    supply = {t.name: 1 for t in tiles}
    assert state.legal_lays("E5", tiles, supply, COLOURS, g1840.UPGRADE_RULES) == []
    assert state.legal_lays("E4", tiles, supply, COLOURS, g1840.UPGRADE_RULES) != []


def test_offboards_and_defaults() -> None:
    board = load_board(
        {"layout": "pointy"},
        {
            "A1": {"colour": "red", "code": "offboard=revenue:yellow_30|green_40;path=a:4,b:_0"},
            "A3": {"colour": "white"},
            "A5": {"colour": "white", "code": "", "playable": False},
        },
    )
    off = board.hexes["A1"]
    assert [s.kind for s in off.tile.stops] == [StopKind.OFFBOARD]
    assert off.tile.stops[0].revenue.at(["yellow", "green"]) == 40
    assert off.tile_id == "" and off.location is None and not off.blocked
    assert board.open_edges("A3") == {1}  # towards the offboard's track; A5 is blocked
    assert board.hexes["A5"].blocked


def test_an_id_the_grid_has_no_hex_for_is_refused() -> None:
    with pytest.raises(ValueError, match="F23"):
        load_board({"layout": "pointy"}, {"F23": {"colour": "white"}})  # doubled: x + y odd
    offset = load_board({"layout": "pointy", "numbering": "offset"}, {"F23": {"colour": "white"}})
    assert offset.grid.xy("F23") == (45, 5)


def test_1840_keeps_its_own_hex_settings() -> None:
    # IX.4: the first Stadtbahn tile follows the printed course; purple stations turn freely;
    # unbuilt inner-city hexes score nothing. Added by 1840 to what the core loads.
    board = g1840.board()
    assert board.hexes["B10"].required_exits == {0, 3}
    assert board.hexes["B26"].free_rotation and not board.hexes["B10"].free_rotation
    assert not board.hexes["D20"].printed_stops and board.hexes["D18"].printed_stops
    assert not any(h.blocked for h in board.hexes.values())


def test_the_1881_tiles_load_with_their_counts() -> None:
    # Every 1881 tile code parses (labels such as "A", depot circles "s_slots" are kept in
    # the code), and the counts add up to the design's totals (150: Table 6).
    data = _data_1881()["tiles"]
    tiles = load_tiles(data["definitions"], KEYS_1881)
    counts = tile_counts(data["definitions"], KEYS_1881)
    assert sum(counts.values()) == data["total"] == 150
    by_colour: dict[str, int] = {}
    for name, tile in tiles.items():
        by_colour[tile.colour] = by_colour.get(tile.colour, 0) + counts[name]
    assert by_colour == data["totals_by_color"]
    assert tiles["1"].exits() == {0, 3} and tiles["1"].only_on is None


def test_the_supply_is_the_manifest_less_the_tiles_laid() -> None:
    state = MapState(_board_1881())
    tiles = load_tiles(_data_1881()["tiles"]["definitions"], KEYS_1881)
    counts = {"1": 8, "11": 4}
    state.lay("D2", tiles["1"], 1)
    assert state.supply(counts) == {"1": 7, "11": 4}
    state.lay("D2", tiles["11"], 1)  # upgraded: the "1" is back
    assert state.supply(counts) == {"1": 8, "11": 3}
