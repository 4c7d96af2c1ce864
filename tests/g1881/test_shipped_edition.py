"""The shipped 1881 demos (web/demos/1881-*.json, scripts/demos_1881.py) and e2e saves
(e2e/data/1881-*.json, scripts/save_1881_*.py) are of design edition 1, and the scripts that
write them say so: new games default to the latest edition, so a script without its edition
would write games of another design."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core import Game
from pygame_core.g1881.game import Berlin1881, edition_option
from pygame_core.g1881.source import FIRST, latest
from scripts import demos_1881
from scripts.demos_1881 import bot_game_until, edition_game

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(ROOT.glob("web/demos/1881-*.json")) + sorted(ROOT.glob("e2e/data/1881-*.json"))
SCRIPTS = ["save_1881_offer", "save_1881_sbahn", "save_1881_steered", "save_1881_veto"]
PLAYERS = ["Ada", "Ben", "Cleo"]


def _edition(game: Game) -> int:
    state = game.state
    assert isinstance(state, Berlin1881)
    return state.w.edition


def test_shipped_files_are_edition_1() -> None:
    assert len(SHIPPED) >= 10  # two demos, nine e2e saves
    for path in SHIPPED:
        data: dict[str, Any] = json.loads(path.read_text("utf-8"))
        assert edition_option(data["options"]) == FIRST, path.name
        assert "edition" not in data.get("position", {}), path.name


@pytest.mark.parametrize("name", SCRIPTS)
def test_save_scripts_pin_edition_1(name: str) -> None:
    assert importlib.import_module(f"scripts.{name}").EDITION == FIRST
    assert demos_1881.EDITION == FIRST


def test_edition_1_game_records_no_edition_as_the_shipped_files() -> None:
    """Edition 1 is a game without the option (saves from before editions), so a script's
    game saves as the shipped files do; another edition is recorded."""
    first = edition_game(PLAYERS, {"double_track": True}, 7, FIRST)
    assert _edition(first) == FIRST
    assert first.save()["options"] == {"double_track": True}
    newest = edition_game(PLAYERS, {}, 7, latest())
    assert _edition(newest) == latest()
    assert newest.save()["options"] == {"edition": latest()}


def test_demo_source_games_are_edition_1() -> None:
    game = bot_game_until({"double_track": True}, 1, lambda g: True)
    assert _edition(game) == FIRST
    assert game.options == {"double_track": True}
