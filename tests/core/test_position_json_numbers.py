"""Positions travel to the browser as JSON, where numbers are doubles: a whole number above
2**53 loses digits there, and a save or demo holding it fails its checksum (a bug found by
the 1840 rulebook demos). Random states (up to 2**64) are therefore written as decimal
strings; a plain number is still read (docs/engine-api.md "Positions")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_core import Game, new_game
from pygame_core.core.position import EXACT_IN_JSON, InvalidPosition, big_whole


def _played(title: str, players: int, seed: int, n: int) -> Game:
    game = new_game(title, [f"P{i}" for i in range(players)], {}, seed)
    while game.active is not None and len(game.actions) < n:
        seat = game.active
        game.apply(game.bot_action(seat, "easy"), seat)
    return game


def _numbers(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return []


@pytest.mark.parametrize(
    ("title", "players", "seed", "n"),
    [("trambahn", 2, 3, 20), ("1840", 3, 5, 60), ("1840", 5, 8, 120), ("1881", 4, 2, 80)],
)
def test_every_number_in_a_position_is_exact_in_a_browser(
    title: str, players: int, seed: int, n: int
) -> None:
    game = _played(title, players, seed, n)
    position = game.position()
    too_big = [x for x in _numbers(position) if abs(x) >= EXACT_IN_JSON]
    assert not too_big, too_big
    # the JSON a browser would hand back starts the same game
    again = new_game(title, list(game.players), {}, seed, position=json.loads(json.dumps(position)))
    assert again.position() == position


def test_a_random_state_written_as_a_number_is_still_read() -> None:
    game = _played("trambahn", 2, 4, 10)
    position = game.position()
    old = {**position, "rng": int(position["rng"])}
    again = new_game("trambahn", list(game.players), {}, 4, position=old)
    assert again.position() == position


@pytest.mark.parametrize("bad", ["-1", "1e5", " 7", "0x10", "9" * 41, 2.5])
def test_a_bad_random_state_is_refused(bad: object) -> None:
    with pytest.raises(InvalidPosition, match="'rng'"):
        big_whole(bad, "'rng'", 0, 2**64 - 1)
