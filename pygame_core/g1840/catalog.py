"""1840's static game data in one JSON-ready dict, for the page to draw the game.

The page asks for it once per map variant (`{"op": "catalog"}`) and keeps it: the printed
map (every hex with its doubled coordinates, colour, printed tile, name, Stadtbahn data,
sight, Line home), every tile type with its count, the stock market grid, the companies,
the Lines, the privates, the trams and the round track. All of it comes from the data
files (see their `_source`); nothing here is a rule.
"""

from __future__ import annotations

import functools
from typing import Any

from ..g18xx.render import hex_json, market_json, tile_json
from . import board as b
from .economy import market_grid
from .entities import entities, round_track, trams
from .setup import lines_in_play, stadtbahn_setup

JsonDict = dict[str, Any]


@functools.cache
def catalog(variant: str = "standard") -> JsonDict:
    """The static data of one map variant ("standard", "three_player_small", "two_player")."""
    spec = b.board(variant)
    data = b.hex_data(variant)
    privates = b._board_data()["privates"]
    sights = {p["hex"]: sym for sym, p in privates.items() if variant not in p["removed_in"]}
    homes: dict[str, list[str]] = {}
    in_play = lines_in_play(variant)
    for line in in_play:
        homes.setdefault(b.lines()[line]["home"], []).append(line)
    hexes = []
    for coord in spec.hexes:
        raw = data[coord]
        entry = hex_json(spec, coord)
        if "stadtbahn" in raw:
            entry["stadtbahn"] = raw["stadtbahn"]
        if raw.get("station"):
            entry["station"] = True
        if raw.get("inner_city"):
            entry["inner_city"] = True
        if coord in sights:
            entry["sight"] = sights[coord]
        if coord in homes:
            entry["homes"] = homes[coord]
        hexes.append(entry)
    grid = market_grid()
    ent = entities()
    return {
        "title": "1840",
        "variant": variant,
        "layout": spec.grid.layout.value,
        "hexes": hexes,
        "tiles": {
            name: {**tile_json(t), "count": b.manifest()[name]} for name, t in b.tiles().items()
        },
        "phases": b._board_data()["phases"],
        "market": market_json(grid),
        "majors": {sym: {"name": m["name"]} for sym, m in ent["majors"].items()},
        "stadtbahn": {
            sym: {"name": ent["stadtbahn"][sym]["name"], "par": s.par}
            for sym, s in stadtbahn_setup(variant).items()
        },
        "stadtbahn_sequences": {
            sym: seq
            for sym, seq in b.stadtbahn_sequences(variant).items()
            if sym in stadtbahn_setup(variant)
        },
        "lines": {line: {"home": b.lines()[line]["home"]} for line in in_play},
        "privates": {
            sym: {
                "name": p["name"],
                "hex": p["hex"],
                "bonus": p["bonus"],
                "face_value": ent["privates"][sym]["face_value"],
                "revenue": ent["privates"][sym]["revenue"],
            }
            for sym, p in privates.items()
            if variant not in p["removed_in"]
        },
        "trams": {k: v for k, v in trams().items() if not k.startswith("_")},
        "round_track": list(round_track()),
    }
