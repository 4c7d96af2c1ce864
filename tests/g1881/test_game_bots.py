"""Whole 1881 games by the bots (the CI sample of scripts/fuzz_1881.py): for 3 to 6
players each game ends (13.1: the bank breaks or a price reaches 400), the invariants hold
after every action, and the save loads to the same state."""

from __future__ import annotations

import pytest

from pygame_core import Game

from .game_helpers import new, play_checked, world

SAMPLE = [
    (3, 1, ("normal",) * 3, {}),
    (4, 2, ("normal",) * 4, {"double_track": True}),
    (5, 3, ("normal",) * 5, {"trains_on_credit": True}),
    (6, 4, ("normal",) * 5 + ("easy",), {}),
    (4, 5, ("hard", "normal", "hard", "easy"), {"s_veto": True}),
]


@pytest.mark.parametrize(("players", "seed", "levels", "options"), SAMPLE)
def test_a_bot_game_ends_with_the_invariants_1881_13(
    players: int, seed: int, levels: tuple[str, ...], options: dict[str, bool]
) -> None:
    """13.1: the game ends; every action keeps money, shares, tiles and depots right."""
    g, actions, failures = play_checked(
        players, seed, levels=levels, options=options, roundtrip=True
    )
    assert failures == []
    result = g.result()
    assert result is not None and len(result["scores"]) == players
    w = world(g)
    assert w.over and actions > 50
    assert (
        w.end.bank_broken
        or w.end.reached_end_price is not None
        or "dead" in (g.log_for(None)[-1]["text"])
    )


def test_a_save_mid_game_loads_to_the_same_state() -> None:
    """Saves are the actions: a game saved during the sealed bid and mid-game loads to the
    same state hash, and plays on alike."""
    g = new(4, 9)
    g.apply({"type": "bid", "amount": 40}, 1)
    again = Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash()
    while g.active is not None and len(g.actions) < 120:
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    again = Game.from_json(g.to_json())
    assert again.state_hash() == g.state_hash()
    assert again.view(0) == g.view(0)
