"""The design data of 1881 (data/board.json), read once.

The rulebook has no board, tiles, market or pars; `data/board.json` is the project's own
design (copied from shared/reference/1881, see docs/1881-design.md), with every invented
value flagged `invented: true`. Each module reads the part it owns through `section`.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def _raw() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", "board.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def section(name: str) -> Any:
    """One top-level part of the design data (e.g. "trains", "stock_market"), as plain JSON.
    Callers must not change it (it is shared); build frozen tables from it instead."""
    data = _raw()
    if name not in data:
        raise KeyError(f"1881 design data has no section {name!r}; it has {', '.join(data)}")
    return data[name]
