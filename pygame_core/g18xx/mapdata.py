"""A title's printed map, read from its data into a `Board`.

A map's data is a grid declaration (`Grid.from_data`: layout, numbering, letter axis) and
one record per hex, keyed by hex id. A record gives the hex's colour and its printed tile
as an 18xx.games tile code, which holds everything printed on it: stops and offboards with
their revenue, track, labels ("label=OO"), borders ("border=edge:4,type:impassable"), lay
cost and terrain ("upgrade=cost:50,terrain:water"). Optional: the printed tile's id, the
location's name, and whether the hex is playable at all (False: drawn but never entered).
`DataKeys` names the record's keys, so a title's data keeps its own spelling. What is a
title's own (required exits of a printed course, free rotation, stops that do not count
yet) it adds to each `HexSpec` afterwards (`load_board(..., own=...)`).

The tile manifest is one record per tile type, keyed by its name: colour, code, count,
and optionally the hexes it may go on ("only_on") and its fixed rotations ("rotations"),
keys named by the same `DataKeys` (`load_tiles`, `tile_counts`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from .board import Board, HexSpec
from .hexes import Grid
from .tiles import TileDef, parse_tile

HexRecord = Mapping[str, Any]  # one hex of a title's JSON data
TileRecord = Mapping[str, Any]  # one tile type of a title's JSON data


@dataclass(frozen=True)
class DataKeys:
    """The keys of a title's hex and tile records (defaults: the names 18xx.games-derived
    data uses). Hexes: colour, code, tile_id, name, playable; tiles: colour, code, count,
    only_on, rotations."""

    colour: str = "colour"
    code: str = "code"
    tile_id: str = "tile_id"
    name: str = "name"
    playable: str = "playable"
    count: str = "count"
    only_on: str = "only_on"
    rotations: str = "rotations"


DEFAULT_KEYS: Final = DataKeys()


def printed_hex(coord: str, record: HexRecord, keys: DataKeys = DEFAULT_KEYS) -> HexSpec:
    """One hex from its record. Raises ValueError for a tile code the parser refuses."""
    colour = record[keys.colour]
    return HexSpec(
        coord=coord,
        colour=colour,
        tile=parse_tile(coord, record.get(keys.code, ""), colour),
        tile_id=record.get(keys.tile_id) or "",
        location=record.get(keys.name),
        blocked=not record.get(keys.playable, True),
    )


def load_board(
    grid: Mapping[str, Any],
    hexes: Mapping[str, HexRecord],
    keys: DataKeys = DEFAULT_KEYS,
    own: Callable[[HexSpec, HexRecord], HexSpec] | None = None,
) -> Board:
    """The printed map of `hexes` (id -> record) on the grid `grid` declares. `own(spec,
    record)` returns the hex with the title's own settings added. Raises ValueError for an
    id the grid has no hex for."""
    specs = []
    for coord, record in hexes.items():
        spec = printed_hex(coord, record, keys)
        specs.append(own(spec, record) if own is not None else spec)
    return Board(Grid.from_data(grid), specs)


def load_tiles(
    tiles: Mapping[str, TileRecord], keys: DataKeys = DEFAULT_KEYS
) -> dict[str, TileDef]:
    """Every tile type by name. Raises ValueError for a tile code the parser refuses."""
    return {
        name: parse_tile(
            name,
            t[keys.code],
            t[keys.colour],
            only_on=t.get(keys.only_on),
            rotations=t.get(keys.rotations),
        )
        for name, t in tiles.items()
    }


def tile_counts(tiles: Mapping[str, TileRecord], keys: DataKeys = DEFAULT_KEYS) -> dict[str, int]:
    """How many of each tile type the game has."""
    return {name: int(t[keys.count]) for name, t in tiles.items()}
