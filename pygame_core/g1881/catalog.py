"""1881's static game data in one JSON-ready dict, for the page to draw the game.

The page asks for it once (`{"op": "catalog"}`) and keeps it: the printed map (every hex
with its doubled coordinates, colour, printed tile, name, build bonus, home), every tile
type with its count, the stock market grid with its zones and pars, the companies, the
trains and phases. All of it comes from the design data (board.json and its editions,
source.py); nothing here is a rule. The catalog's variant names the design edition
(`variant_of`; the game's view says which): "standard" is edition 1 (what pages before
editions stored), "edition-N" edition N.
"""

from __future__ import annotations

import functools
from typing import Any, Final

from ..core.game import CATALOGS
from ..g18xx.render import hex_json, market_json, tile_json
from .board import VARIANT, board, hex_data, homes, map_data, tile_counts, tiles
from .economy import SBAHN, market_grid, par_cells, pars
from .source import FIRST, editions, section

JsonDict = dict[str, Any]
EDITION_PREFIX: Final = "edition-"


def variant_of(edition: int) -> str:
    """The catalog variant of design `edition`."""
    return VARIANT if edition == FIRST else f"{EDITION_PREFIX}{edition}"


def _edition(variant: str) -> int:
    """The design edition of catalog `variant` (KeyError: no such variant)."""
    for edition in editions():
        if variant_of(edition) == variant:
            return edition
    raise KeyError(variant)


@functools.cache
def catalog(variant: str = VARIANT) -> JsonDict:
    """The static data of the (only) map in the design edition `variant` names."""
    edition = _edition(variant)
    spec = board(edition)
    data = hex_data(edition)
    home_of: dict[str, list[str]] = {}
    for corp, home in homes(edition).items():
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
    grid = market_grid(edition)
    counts = tile_counts(edition)
    extra = map_data(edition)
    par, cells = pars(edition), par_cells(edition)
    return {
        "title": "1881",
        "variant": variant,
        "edition": edition,
        "layout": spec.grid.layout.value,
        "hexes": hexes,
        "tiles": {
            name: {**tile_json(t), "count": counts.get(name, 0)}
            for name, t in tiles(edition).items()
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
                "par": par[str(c["sym"])],
                "par_cell": list(cells[str(c["sym"])]),
                "depot_costs": list(c["depot_costs"]),
            }
            for c in section("tram_corporations")["list"]
        },
        "sbahn": {
            "sym": SBAHN,
            "name": section("sbahn_corporation").get("name", SBAHN),
            "par": par.get(SBAHN),
        },
        "sbahn_trasse": list(extra["sbahn_trasse"]["hexes"]),
        "periphery_stations": list(extra["periphery_stations"]),
        "ferries": extra.get("ferries"),
    }


CATALOGS["1881"] = catalog
