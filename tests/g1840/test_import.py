"""Importing an 18xx.games 1840 game file and replaying it under the 18xx.games profile."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core.core.errors import CorruptSave
from pygame_core.g1840.importer import ImportFailed, effective_actions, import_game

FIXTURE = Path(__file__).parent / "data" / "fixture_2player.json"


def fixture() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


def test_undo_and_redo_are_resolved_as_on_the_site() -> None:
    # report.md (c): 391 raw actions, 356 effective (17 undo, 2 with action_id).
    raw = fixture()["actions"]
    assert len(raw) == 391
    assert len(effective_actions(raw)) == 356


def test_the_recorded_game_replays_to_its_exact_result() -> None:
    data = fixture()
    game, report = import_game(data)
    result = game.result()
    assert result is not None
    ids = [str(p["id"]) for p in data["players"]]
    assert {ids[s]: score for s, score in enumerate(result["scores"])} == data["result"]
    # Every Line run matched its recorded revenue (else the import fails), and every
    # Stadtbahn payout matched its recorded run times the CR multiplier.
    assert (report.line_runs, report.stadtbahn_runs) == (44, 15)
    assert report.mismatches == []
    assert game.view(None)["profile"] == "18xx.games"


def test_the_imported_game_is_a_normal_save() -> None:
    game, _ = import_game(fixture())
    from pygame_core import Game

    again = Game.from_json(game.to_json())
    assert again.state_hash() == game.state_hash()
    assert again.result() == game.result()


def test_a_broken_file_names_the_action_that_fails() -> None:
    data = fixture()
    broken = copy.deepcopy(data)
    # Drop the first tile lay: later actions no longer fit the map.
    first_lay = next(i for i, a in enumerate(broken["actions"]) if a["type"] == "lay_tile")
    del broken["actions"][first_lay]
    with pytest.raises(ImportFailed) as failed:
        import_game(broken)
    assert failed.value.message.startswith("Action ")
    assert "cannot be replayed" in failed.value.message
    assert isinstance(failed.value, CorruptSave)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"title": "1830"}, "not an 1840 game"),
        ({"players": []}, "no players"),
        # Without settings.seed the seed comes from the game id (older exports, V43).
        ({"settings": {}, "id": None}, "no seed"),
        ({"actions": None}, "no action list"),
    ],
)
def test_foreign_files_are_refused(change: dict[str, Any], message: str) -> None:
    data = {**fixture(), **change}
    with pytest.raises(ImportFailed, match=message):
        import_game(data)


def test_the_page_imports_through_the_api_and_a_bad_file_keeps_the_game() -> None:
    from pygame_core.api import handle_request

    ok = handle_request({"op": "import", "game_id": "imp", "title": "1840", "data": fixture()})
    assert ok["ok"] and ok["result"]["scores"] == [8351, 7618]
    assert ok["n_actions"] == 292 and ok["view"]["profile"] == "18xx.games"
    bad = handle_request(
        {"op": "import", "game_id": "imp", "title": "1840", "data": {"title": "1840"}}
    )
    assert not bad["ok"] and bad["error"]["kind"] == "corrupt_save"
    still = handle_request({"op": "state", "game_id": "imp", "seat": 0})
    assert still["n_actions"] == 292
    text = handle_request({"op": "import", "game_id": "imp", "title": "1840", "data": "{oops"})
    assert not text["ok"] and "not JSON" in text["error"]["message"]
