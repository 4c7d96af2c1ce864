"""A save written by an earlier version still loads and plays on (engine principles: "An
autosave from an older version must still load after an update"; issue 14 §3).

The files in `data/saves/<date>/` were written by the engine of that date
(`old_saves.py`); none is ever rewritten. Each must load with its checksum intact, keep its
action count, and continue with bots to a result.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygame_core import Game
from pygame_core.api import handle

from .old_saves import DIR

FILES = sorted(DIR.glob("*/*.json"))


def test_there_are_old_saves() -> None:
    assert len(FILES) >= 7, FILES


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_old_save_loads_and_continues(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    game = Game.from_json(text)  # raises CorruptSave if the checksum no longer matches
    n = len(game.actions)
    assert game.active is not None, "the saved game was still running"
    level = "easy"
    while game.active is not None and len(game.actions) < n + 3000:
        seat = game.active
        game.apply(game.bot_action(seat, level), seat)
    assert game.active is None, "the continued game did not end"
    assert game.result() is not None


@pytest.mark.parametrize("path", FILES[:2], ids=lambda p: p.stem)
def test_old_save_loads_through_the_api(path: Path) -> None:
    save = json.loads(path.read_text(encoding="utf-8"))
    reply = json.loads(handle(json.dumps({"op": "load", "save": save})))
    assert reply["ok"], reply
    assert reply["n_actions"] == len(save["actions"])
