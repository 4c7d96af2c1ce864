"""1881's static game data in one JSON-ready dict, for the page to draw the game.

The page asks for it once (`{"op": "catalog"}`) and keeps it: the printed map (every hex
with its doubled coordinates, colour, printed tile, name, build bonus, home), every tile
type with its count, the stock market grid with its zones and pars, the companies, the
trains and phases. All of it comes from the design data (board.json); nothing here is a
rule.
"""

from __future__ import annotations

import functools
from typing import Any

from ..core.game import CATALOGS
from ..g18xx.render import hex_json, market_json, tile_json
from .board import board, hex_data, homes, map_data, tile_counts, tiles
from .economy import PAR_CELLS, PARS, SBAHN, market_grid
from .source import section

JsonDict = dict[str, Any]


@functools.cache
def catalog(variant: str = "standard") -> JsonDict:
    """The static data of the (only) map."""
    spec = board()
    data = hex_data()
    home_of: dict[str, list[str]] = {}
    for corp, home in homes().items():
        home_of.setdefault(home.hex, []).append(corp)
    hexes = []
    for coord, h in spec.hexes.items():
        raw = data[coord]
        entry = hex_json(spec, coord)
        entry["blocked"] = h.blocked
        if raw.get("build_bonus"):
            entry["build_bonus"] = int(raw["build_bonus"])
        if coord in home_of:
            entry["homes"] = home_of[coord]
        hexes.append(entry)
    grid = market_grid()
    counts = tile_counts()
    extra = map_data()
    return {
        "title": "1881",
        "variant": variant,
        "layout": spec.grid.layout.value,
        "hexes": hexes,
        "tiles": {
            name: {**tile_json(t), "count": counts.get(name, 0)} for name, t in tiles().items()
        },
        "phases": section("phases")["list"],
        "trains": section("trains")["types"],
        "market": {
            **market_json(grid),
            "zones": {k: sorted([list(c) for c in v]) for k, v in grid.zones.items()},
        },
        "companies": {
            str(c["sym"]): {
                "name": c["name"],
                "home": c["home_hex"],
                "color": c.get("color"),
                "text_color": c.get("text_color"),
                "par": PARS[str(c["sym"])],
                "par_cell": list(PAR_CELLS[str(c["sym"])]),
                "depot_costs": list(c["depot_costs"]),
            }
            for c in section("tram_corporations")["list"]
        },
        "sbahn": {
            "sym": SBAHN,
            "name": section("sbahn_corporation").get("name", SBAHN),
            "par": PARS.get(SBAHN),
        },
        "sbahn_trasse": list(extra["sbahn_trasse"]["hexes"]),
        "periphery_stations": list(extra["periphery_stations"]),
        "ferries": extra.get("ferries"),
    }


CATALOGS["1881"] = catalog
