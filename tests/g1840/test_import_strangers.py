"""An 18xx.games file whose actions name nobody in the game is damaged: the import refuses it
at the first such action instead of skipping it (a file of 5,000 passes by a stranger used to
import as an empty game)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core.g1840.importer import ImportFailed, import_game

FIXTURE = Path(__file__).parent / "data" / "fixture_2player.json"


def fixture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


def test_passes_by_a_stranger_are_refused_naming_the_first() -> None:
    data = fixture()
    data["actions"] = [
        {"type": "pass", "entity": 1001, "entity_type": "player", "id": i + 1} for i in range(5000)
    ]
    with pytest.raises(ImportFailed) as failed:
        import_game(data)
    assert "Action 0 (id 1)" in failed.value.message
    assert "names nobody in this game" in failed.value.message


def test_a_strangers_action_in_the_middle_of_a_real_game_is_refused() -> None:
    data = copy.deepcopy(fixture())
    i = next(i for i, a in enumerate(data["actions"]) if a["type"] == "lay_tile")
    data["actions"][i]["entity"] = "Line 99"
    with pytest.raises(ImportFailed, match="names nobody in this game"):
        import_game(data)


def test_every_entity_of_the_recorded_game_is_known() -> None:
    game, report = import_game(fixture())
    assert report.mismatches == [] and game.result() is not None
