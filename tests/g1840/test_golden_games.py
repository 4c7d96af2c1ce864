"""1840 plays as it did before the move onto the shared 18xx core (issue 14 §3).

`data/golden_games.json.gz` holds 200 seeded bot games recorded on 2026-11-27 by the engine
before the move (`golden.py`: 2-6 players, both profiles, easy, normal and mixed seats, the
reduced 3-player board). Each one must replay with the same legal actions at every step
(a chain hash, checked every 50 steps) and end with the same result.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from .golden import GAMES, PROFILES, load, replay, spec


@cache
def records() -> dict[int, dict[str, Any]]:
    return {r["index"]: r for r in load()}


def test_the_records_cover_every_player_count_profile_and_level() -> None:
    specs = [spec(i) for i in records()]
    assert len(specs) == GAMES
    assert {s.players for s in specs} == {2, 3, 4, 5, 6}
    assert {s.profile for s in specs} == set(PROFILES)
    assert {lvl for s in specs for lvl in s.levels} == {"easy", "normal"}
    assert any(s.small for s in specs)
    assert all(r["result"] is not None for r in records().values())


@pytest.mark.parametrize("index", range(GAMES))
def test_recorded_game_replays_unchanged(index: int) -> None:
    differences = list(replay(records()[index]))
    assert differences == []


def test_a_changed_action_is_caught() -> None:
    """The check can fail: a record whose legal-action chain was altered is reported."""
    rec = dict(records()[0])
    rec["final"] = "0" * 16
    assert list(replay(rec)) != []
