"""1881's map and tiles as loaded from the design data (g1881/board.py)."""

from collections import Counter

import pytest

from pygame_core.g18xx.tiles import Gauge, StopKind, TileDef
from pygame_core.g1881 import board as b
from pygame_core.g1881.source import editions, section


def test_the_map_has_145_hexes_139_playable() -> None:
    """Design data (docs/1881-design.md "The board"): 145 hexes, 139 playable; the six
    unplayable ones are 6.5's "nicht bebaut" fields (dark-brown areas and full water)."""
    hexes = b.board().hexes
    assert len(hexes) == 145
    blocked = sorted(c for c, h in hexes.items() if h.blocked)
    assert blocked == sorted(b.map_data()["unplayable"])
    assert len(hexes) - len(blocked) == 139


def test_offset_numbering_places_d3_as_the_rulebook_needs() -> None:
    """6.5 names hex D3 (Tegeler See): offset numbering, row D shifted half a hex east, so
    D3's neighbours are C3, C4 (above), D2, D4 (beside), E3, E4 (below)."""
    grid = b.board().grid
    assert sorted(grid.neighbours("D3").values()) == ["C3", "C4", "D2", "D4", "E3", "E4"]


def test_lake_d3_is_not_crossed() -> None:
    """1881 6.5: "Der See auf dem Feld D3 darf nicht durch ein Streckenstück überquert
    werden": its E and SE sides (towards D4 and E4) are closed from both sides."""
    board = b.board()
    assert board.hexes["D3"].impassable == frozenset({4, 5})
    assert sorted(board.neighbours("D3").values()) == ["C3", "C4", "D2", "E3"]
    assert "D3" not in board.neighbours("D4").values()
    assert "D3" not in board.neighbours("E4").values()
    assert board.open_edges("D3") == frozenset({0, 1, 2, 3})


def test_neighbours_match_the_design_data() -> None:
    """Every hex's usable neighbours equal the design's own list (derived there
    independently, check.py): off-board sides, unplayable hexes and the lake are closed."""
    board = b.board()
    for coord, h in b.hex_data().items():
        expected = {int(e): n for e, n in h["neighbors"].items()}
        assert dict(board.neighbours(coord)) == expected, coord


def test_every_tile_parses_and_the_manifest_is_table_6() -> None:
    """Table 6 / component list: "150 Streckenplättchen": GELB 56, GRÜN 56, BRAUN 27, and
    11 gray; tile numbers 1..61."""
    tiles, counts = b.tiles(), b.tile_counts()
    assert sorted(tiles, key=int) == [str(n) for n in range(1, 62)]
    assert sum(counts.values()) == 150
    by_colour: Counter[str] = Counter()
    for name, n in counts.items():
        by_colour[tiles[name].colour] += n
    assert by_colour == {"yellow": 56, "green": 56, "brown": 27, "gray": 11}
    assert dict(counts) == section("tiles")["manifest_counts"]


def test_every_printed_hex_parses() -> None:
    """Every hex's printed code parses; D3's lake sides, Trasse hexes' future track."""
    board = b.board()
    assert board.hexes["G9"].tile.future and not board.hexes["G9"].tile.paths
    assert board.hexes["E5"].blocked and board.hexes["K1"].blocked
    for coord, spec in board.hexes.items():
        assert spec.tile.name == coord


@pytest.mark.parametrize(("tile", "tram", "s"), [("45", 2, 1), ("61", 3, 1), ("17", 2, 0)])
def test_s_circles_are_the_last_slots(tile: str, tram: int, s: int) -> None:
    """1881 7.3: "Stationen mit einem 'S' im Kreis können nur von der S-Bahn genutzt
    werden": `s_slots:k` makes the last k circles S-only."""
    stop = b.tiles()[tile].stops[0]
    assert stop.slots == tram + s and stop.narrow_slots == s
    assert [stop.narrow_slot(i) for i in range(stop.slots)] == [False] * tram + [True] * s


def test_s_circles_match_the_design_data() -> None:
    """Every city's S circles equal the design's `depot_circles` (tram, s) per tile."""
    for name, record in section("tiles")["definitions"].items():
        cities = [s for s in b.tiles()[name].stops if s.kind is StopKind.CITY]
        circles = record["depot_circles"]
        assert sum(c.slots - c.narrow_slots for c in cities) == circles["tram"], name
        assert sum(c.narrow_slots for c in cities) == circles["s"], name


def test_halts_do_not_count_against_range() -> None:
    """1881 8.6: "Die Fahrstrecke kann beliebig viele Haltestellen umfassen": halts carry
    visit_cost 0, stations 1."""
    for tile in b.tiles().values():
        for stop in tile.stops:
            assert stop.visit_cost == (0 if stop.kind is StopKind.TOWN else 1), tile.name


def test_s_track_is_narrow_and_the_trasse_is_future() -> None:
    """6.13: S tiles carry S-Bahn (narrow) track; the printed Trasse is not usable track."""
    tiles = b.tiles()
    assert tiles["21"].exits(0, Gauge.NARROW) == frozenset({0, 2})
    assert tiles["21"].exits(0, Gauge.BROAD) == frozenset({1, 4})
    i4 = b.board().hexes["I4"].tile
    assert not i4.paths and {e for p in i4.future for e in p.edges} == {0, 3}


def test_labels_follow_table_5() -> None:
    """1881 6.14 / Table 5: special tiles carry their station's letters; 61 both A and Z."""
    tiles = b.tiles()
    assert tiles["61"].labels == frozenset({"A", "Z"})
    assert tiles["33"].labels == frozenset({"B"})
    assert b.board().hexes["H5"].tile.labels == frozenset({"B"})
    assert b.board().hexes["D5"].tile.labels == frozenset({"X"})


def test_initial_state_reserves_every_home() -> None:
    """1881 7.5 / Table 3: each tram company's start field is reserved until it floats;
    no depot is on the map before (4.26)."""
    state = b.initial_state()
    assert not state.tokens and not state.tiles
    homes = {h.corp: h.hex for h in b.homes().values()}
    assert homes == b.map_data()["homes"]
    for home in b.homes().values():
        assert home.corp in state.reserved[home.hex][home.part]


def test_board_and_tiles_are_cached() -> None:
    """Loaded once: later calls return the same objects."""
    assert b.board() is b.board()
    assert b.tiles()["1"] is b.tiles()["1"]


def _station_value(tile: TileDef) -> int:
    return max((s.revenue.flat for s in tile.stops), default=0)


@pytest.mark.parametrize("edition", editions())
def test_an_upgrade_never_lowers_a_stations_value(edition: int) -> None:
    """Design rule (docs/1881-design.md "Changes", edition 4): from each printed station,
    every tile of its upgrade chain (6.7: Table 6 and the printed fields' lists) is worth at
    least the tile it replaces, so a raised printed value comes with raised tiles."""
    rules, tiles = b.upgrade_rules(edition), b.tiles(edition)
    successors = rules.successors or {}
    falls = []
    for coord, printed in b.board(edition).hexes.items():
        todo, seen = [(coord, printed.tile)], set()
        while todo:
            name, tile = todo.pop()
            for after in sorted(successors.get(name, ())):
                nxt = tiles[after]
                if nxt.stops and tile.stops and _station_value(nxt) < _station_value(tile):
                    falls.append(f"{coord}: {name} {_station_value(tile)} -> {after}")
                if after not in seen:
                    seen.add(after)
                    todo.append((after, nxt))
    assert falls == []
