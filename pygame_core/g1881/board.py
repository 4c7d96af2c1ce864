"""1881's map and tiles, loaded from the design data (data/board.json) into the shared 18xx
structures.

The rulebook prints no board and no tile drawings; board.json is the project's own design
(docs/1881-design.md), read through the core loader with 1881's tile-code additions:
`city=...,slots:n,s_slots:k` (the last k circles carry an "S", 7.3), `town=...,visit_cost:0`
(halts do not count against range, 8.6), `track:narrow` (S-Bahn track), `track:future` (the
printed Trasse, 6.13), Table 5 labels, the impassable lake sides of D3 (6.5). Rules that are
1881's own are the settings below, each with its rulebook section.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from ..g18xx.board import Board, MapState
from ..g18xx.mapdata import DataKeys, load_board, load_tiles
from ..g18xx.mapdata import tile_counts as count_tiles
from ..g18xx.tiles import TileDef, UpgradeRules
from .source import FIRST, per_edition, section

VARIANT: Final = "standard"

# board.json's own spelling of the record keys.
KEYS: Final = DataKeys(colour="color", name="location_name", tile_id="preprinted_tile_id")

# Table 5: tile 61 is the gray tile of both Alexanderplatz (A) and Zoo (Z); its code
# writes the two letters as one label "A/Z".
LABEL_SEPARATOR: Final = "/"


def map_data(edition: int = FIRST) -> Mapping[str, Any]:
    """The map of design `edition` (source.py; the default only for tests and tools): its
    hexes and its other parts (sbahn_trasse, city_boundary_1881, periphery_stations,
    ferries, build_boni, homes)."""
    maps: Mapping[str, Mapping[str, Any]] = section("maps", edition)
    return maps[VARIANT]


def hex_data(edition: int = FIRST) -> Mapping[str, Mapping[str, Any]]:
    """The raw per-hex records of the map (kind, terrain, build bonus, first tiles, ...)."""
    hexes: Mapping[str, Mapping[str, Any]] = map_data(edition)["hexes"]
    return hexes


def _tile_records(edition: int) -> Mapping[str, Mapping[str, Any]]:
    records: Mapping[str, Mapping[str, Any]] = section("tiles", edition)["definitions"]
    return records


def _split_labels(tile: TileDef) -> TileDef:
    labels = frozenset(part for label in tile.labels for part in label.split(LABEL_SEPARATOR))
    return tile if labels == tile.labels else replace(tile, labels=labels)


# Each edition's printed map is one object shared by every game of it (`Board` copies
# are itself), so a map state knows its edition: `edition_of`.
_EDITIONS: Final[dict[Board, int]] = {}


@per_edition
def board(edition: int) -> Board:
    """The printed map: 145 hexes, 6 of them unplayable (`HexSpec.blocked`)."""
    grid = {"layout": section("coordinate_system")["layout"], "numbering": "offset"}
    printed = load_board(grid, hex_data(edition), KEYS)
    _EDITIONS[printed] = edition
    return printed


def edition_of(printed: Board) -> int:
    """The design edition whose printed map `printed` is (KeyError for another map)."""
    return _EDITIONS[printed]


@per_edition
def tiles(edition: int) -> Mapping[str, TileDef]:
    """Every tile type by number ("1" .. "61"), Table 6."""
    records = _tile_records(edition)
    return {name: _split_labels(t) for name, t in load_tiles(records, KEYS).items()}


@per_edition
def tile_counts(edition: int) -> Mapping[str, int]:
    """How many of each tile the game has (Table 6: 150 in all)."""
    return count_tiles(_tile_records(edition), KEYS)


@dataclass(frozen=True)
class Home:
    """A tram company's start field (Table 3): its hex and the city there."""

    corp: str
    hex: str
    part: int


@per_edition
def homes(edition: int) -> Mapping[str, Home]:
    """Each tram company's home by its symbol (Table 3, board.json tram_corporations)."""
    out: dict[str, Home] = {}
    for corp in section("tram_corporations")["list"]:
        coord = corp["home_hex"]
        tile = board(edition).hexes[coord].tile
        cities = [n["part_index"] for n in hex_data(edition)[coord].get("nodes", [])]
        out[corp["sym"]] = Home(corp["sym"], coord, cities[0] if cities else tile.stops[0].part)
    return out


# 7.5: "In einer Station, in der eine noch nicht im Spiel befindliche Gesellschaft ihren
# Ausgangspunkt hat, darf dieser nicht blockiert werden."
HOME_RULE: Final = "1881 7.5"


def initial_state(edition: int = FIRST) -> MapState:
    """The map at setup: no tiles, no depots (a company's start depot goes down when it
    floats, 4.26), every tram company's home circle reserved until then (7.5;
    `MapState.release` drops it when a company leaves)."""
    state = MapState(board(edition), reservation_rule=HOME_RULE)
    for home in homes(edition).values():
        state.reserve(home.hex, home.corp, home.part)
    return state


def _successors(edition: int) -> dict[str, frozenset[str]]:
    # 6.7: "Daher kann ein Plättchen nur durch bestimmte andere Plättchen ausgetauscht
    # werden (Tabelle 6). Ebenso können auf bestimmte Spielplanfelder nur bestimmte
    # Plättchen gelegt werden." Table 6 for tiles; the design's list per printed field.
    records = _tile_records(edition)
    out = {name: frozenset(t["upgrades_to_table6"]) for name, t in records.items()}
    for coord, h in hex_data(edition).items():
        out[coord] = frozenset(h.get("allowed_first_tiles") or ())
    return out


@per_edition
def upgrade_rules(edition: int) -> UpgradeRules:
    """6.4/6.6: one colour step at a time, beige (white) -> yellow -> green -> brown ->
    gray; 56 and 58 are laid as brown tiles (6.6: "Sie werden als braune Plättchen gelegt
    sind aber erst mit den grauen Plättchen (in Phase 4) verfügbar"); 6.7: Table 6 and the
    printed fields' lists; 6.14: labels (tile 61 carries both A and Z)."""
    laid_as = {
        name: t["laid_as_color"]
        for name, t in _tile_records(edition).items()
        if t.get("laid_as_color")
    }
    return UpgradeRules(
        colour_order=("white", "yellow", "green", "brown", "gray"),
        successors=_successors(edition),
        laid_as=laid_as,
        wider_labels=True,
    )
