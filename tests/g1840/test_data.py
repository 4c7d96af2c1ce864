"""1840's board and tiles, loaded and checked against what the 18xx.games engine derives.

tests/g1840/data/reference.json holds values the engine computed (upgrade lists, first
tiles, neighbours, part indices); our generic rules must give the same answers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core.g18xx.tiles import StopKind, upgrade_ok
from pygame_core.g1840 import board as g1840

REF: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "reference.json").read_text())
TILES = g1840.tiles()


def test_manifest_and_sources() -> None:
    # I. Spielmaterial / report (b)25: 58 tile types, 177 physical tiles on 18xx.games.
    assert len(TILES) == 58 and sum(g1840.manifest().values()) == 177
    assert g1840.manifest()["58"] == 12 and g1840.manifest()["455"] == 2
    for name in ("board.json", "tiles.json"):
        text = (Path(g1840.__file__).parent / "data" / name).read_text()
        assert "111f7f698005a057d68877682486da3f1705e551" in json.loads(text)["_source"]


@pytest.mark.parametrize("variant", g1840.VARIANTS)
def test_hexes_parse_with_18xx_games_part_indices(variant: str) -> None:
    board = g1840.board(variant)
    expected = REF["stop_parts"][variant]
    assert set(board.hexes) == set(expected)
    for coord, parts in expected.items():
        got = [[s.part, s.kind.value] for s in board.hexes[coord].tile.stops]
        assert got == parts, coord
    for name, parts in REF["tile_stop_parts"].items():
        assert [[s.part, s.kind.value] for s in TILES[name].stops] == parts, name


@pytest.mark.parametrize("variant", g1840.VARIANTS)
def test_open_edges_equal_the_engine_neighbours(variant: str) -> None:
    board = g1840.board(variant)
    for coord, neighbours in REF["neighbors"][variant].items():
        assert board.open_edges(coord) == {int(e) for e in neighbours}, coord
        for edge, other in neighbours.items():
            assert board.grid.neighbour(coord, int(edge)) == other


def test_upgrade_lists_equal_the_engine_upgrade_chart() -> None:
    # IX.5 and its "Austauschtabelle": for every tile at rotation 0, every tile and
    # rotation that may replace it.
    for old, expected in REF["upgrades_to"].items():
        got: dict[str, list[int]] = {}
        for new in TILES.values():
            rotations = [
                r
                for r in range(6)
                if upgrade_ok(TILES[old], 0, new, r, g1840.UPGRADE_RULES, printed=False)
            ]
            if rotations:
                got[new.name] = rotations
        assert got == expected, old


def test_first_tiles_equal_the_engine_on_the_standard_map() -> None:
    # IX.4: white hexes (town tiles on blank hexes, city tiles on cities, OO on OO),
    # Stadtbahn hexes (their exits), red inner city (forced rotation), purple stations.
    state = g1840.initial_state("standard")
    colours = ["yellow", "red", "purple"]
    for coord, expected in REF["first_tiles_standard"].items():
        # D2/I29 list tile 4 with no rotation (validation.md item 1): nothing to offer.
        expected = {t: r for t, r in expected.items() if r}
        got: dict[str, list[int]] = {}
        for tile, rotation in g1840.legal_lays(state, coord, colours):
            got.setdefault(tile, []).append(rotation)
        assert got == expected, coord


def test_two_player_map_and_setup_tokens() -> None:
    # XIII (2 players): I11 is a gray two-city hex holding G and W; G11 is a white
    # Stadtbahn hex that takes no purple tile (validation.md item 2).
    state = g1840.initial_state("two_player")
    assert state.slots("I11", 0) == ["G"] and state.slots("I11", 1) == ["W"]
    assert state.slots("F24", 1) == ["W"] and state.slots("F24", 2) == ["D"]
    assert not [t for t, _ in g1840.legal_lays(state, "G11", ["purple"]) if t.startswith("L3")]
    assert g1840.legal_lays(state, "G11", ["yellow"]) == [("L1", 3)]
    standard = g1840.initial_state("standard")
    assert standard.slots("C7", 0) == [None, "V"]  # Line 9's home slot stays free


def test_supply_counts_laid_tiles() -> None:
    state = g1840.initial_state("standard")
    state.lay("H28", TILES["6"], 0)
    assert g1840.available_tiles(state)["6"] == g1840.manifest()["6"] - 1
    state.lay("H28", TILES["619"], 0)  # the 6 goes back (IX.5 "wieder zur Verfügung")
    assert g1840.available_tiles(state)["6"] == g1840.manifest()["6"]


def test_phases_and_sights() -> None:
    assert g1840.phase_colours("1") == ("yellow",)
    assert g1840.phase_colours("4") == ("yellow", "green", "brown", "gray")
    # IV.2 table of sights: +20 on their hexes when the major owns them.
    assert g1840.sight_bonuses(["SD", "HB", "nope"]) == {"D20": 20, "E19": 20}


def test_unbuilt_inner_city_is_no_stop_but_built_is() -> None:
    # report (a) Run: "Unbuilt D20/E19/E21 are illegal stops".
    state = g1840.initial_state("standard")
    graph = g1840.line_graph(state)
    assert not graph.node("D20-2").usable
    state.lay("D20", TILES["L20"], 4)
    graph = g1840.line_graph(state)
    node = graph.node("D20-0")
    assert node.usable and node.kind is StopKind.CITY
