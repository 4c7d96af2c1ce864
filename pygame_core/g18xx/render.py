"""Plain-data forms of tiles and map states, for drawing (the page's SVG renderer).

Nothing here decides a rule: it only describes what is printed or laid, in JSON-ready
dicts. Edges are 18xx.games' numbering (hexes.py); a rotated tile is described by its
unrotated paths plus the rotation, so the renderer turns the whole drawing.
"""

from __future__ import annotations

from typing import Any

from .board import Board, MapState
from .market import MarketGrid
from .tiles import EdgeEnd, Path, Revenue, TileDef

JsonDict = dict[str, Any]


def revenue_json(revenue: Revenue) -> JsonDict:
    """{"flat": 20} or {"by_colour": [["yellow", 20], ["green", 30]]}."""
    if revenue.by_colour:
        return {"by_colour": [[c, v] for c, v in revenue.by_colour]}
    return {"flat": revenue.flat}


def _end(end: Any) -> JsonDict:
    if isinstance(end, EdgeEnd):
        out: JsonDict = {"edge": end.edge}
        if end.lanes > 1:
            out["lanes"], out["lane"] = end.lanes, end.lane
        return out
    return {"part": end.part}


def path_json(path: Path) -> JsonDict:
    """One track piece: its two ends ({"edge": e} or {"part": p}), gauge, terminal."""
    out: JsonDict = {"a": _end(path.a), "b": _end(path.b), "gauge": path.gauge.value}
    if path.terminal:
        out["terminal"] = True
    return out


def tile_json(tile: TileDef) -> JsonDict:
    """Everything needed to draw a tile at rotation 0."""
    return {
        "name": tile.name,
        "colour": tile.colour,
        "frame": tile.frame,
        "labels": sorted(tile.labels),
        "stops": [
            {
                "part": s.part,
                "kind": s.kind.value,
                "slots": s.slots,
                "revenue": revenue_json(s.revenue),
                **({"visit_cost": s.visit_cost} if s.visit_cost != 1 else {}),
                **({"s_slots": s.narrow_slots} if s.narrow_slots else {}),
            }
            for s in tile.stops
        ],
        "paths": [path_json(p) for p in tile.paths],
        "future": [path_json(p) for p in tile.future],
        "borders": [{"edge": b.edge, "impassable": b.impassable} for b in tile.borders],
        "lay_cost": tile.lay_cost,
        **({"terrain": sorted(tile.terrain)} if tile.terrain else {}),
    }


def hex_json(board: Board, coord: str) -> JsonDict:
    """A printed hex for a title's catalog: its doubled coordinates, colour, printed tile
    (as `tile_json`) and location name."""
    h = board.hexes[coord]
    x, y = board.grid.xy(coord)
    return {
        "coord": coord,
        "x": x,
        "y": y,
        "colour": h.colour,
        "tile": tile_json(h.tile),
        "location": h.location,
    }


def map_json(state: MapState) -> JsonDict:
    """What lies on the map now: laid tiles with rotation, and the token slots of every
    city that has tokens (None = free), by hex and part index."""
    return {
        "tiles": {
            coord: {"tile": tile.name, "rotation": rotation}
            for coord, (tile, rotation) in sorted(state.tiles.items())
        },
        "tokens": {
            coord: {
                str(part): list(state.tokens_at(coord, part))
                for part in sorted(cities)
                if any(t is not None for t in cities[part])
            }
            for coord, cities in sorted(state.tokens.items())
            if any(t is not None for slots in cities.values() for t in slots)
        },
        "reserved": {
            coord: {str(part): list(corps) for part, corps in sorted(cities.items()) if corps}
            for coord, cities in sorted(state.reserved.items())
            if any(cities.values())
        },
        "reserved_hex": {coord: list(c) for coord, c in sorted(state.reserved_hex.items()) if c},
    }


def market_json(grid: MarketGrid) -> JsonDict:
    """The market for the screen: its rows of prices and each par's cells."""
    return {
        "rows": [list(r) for r in grid.rows],
        "par": {k: [list(c) for c in v] for k, v in grid.par.items()},
    }
