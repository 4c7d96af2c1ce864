"""Map data of other titles, copied for the core's loader tests (see each file's _source)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def load(name: str) -> Any:
    """The parsed JSON file `name` of this folder."""
    return json.loads((Path(__file__).parent / name).read_text("utf-8"))
