"""1881 12.4: the S-Bahn operates from the operating round after its float; bot games
with the S-Bahn floated always end, every invariant holding (tests/conformance)."""

from __future__ import annotations

import pytest

from pygame_core.g1881.economy import SBAHN
from tests.conformance.hooks_1881 import broken

from .game_helpers import CAP, new, world
from .positions import started
from .sbahn_helpers import floated, sbahn_game


def test_not_in_the_round_of_its_float_but_in_the_next_1881_12_4() -> None:
    """12.4 "geht die Gesellschaft in der folgenden Betriebsrunde in Betrieb": floated
    during an operating round, it does not operate in it; it does in the next."""
    g = new(4, 3)
    while not (world(g).trains.phase == "2" and world(g).op is not None):
        seat = g.active
        assert seat is not None
        g.apply(g.bot_action(seat, "normal"), seat)
    g = started(g, *floated(settled=False))
    label = world(g).round_entry.label
    while world(g).round_entry.label == label:
        assert world(g).sbahn is None, "it operated in the round of its float"
        seat = g.active
        assert seat is not None
        g.apply(g.bot_action(seat, "normal"), seat)
    while world(g).sbahn is None:
        assert world(g).round_entry.kind != "OR" or SBAHN not in world(g).operated
        seat = g.active
        assert seat is not None
        g.apply(g.bot_action(seat, "normal"), seat)
    assert world(g).round_entry.kind == "OR"


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("seed", [3, 8])
def test_bot_games_with_the_s_bahn_end_1881_12(level: str, seed: int) -> None:
    """Bots play every S-Bahn decision (12.4-12.13) and the game ends; money, shares,
    tiles and depots stay consistent after every action."""
    g = sbahn_game(seed)
    failures: list[str] = []
    sbahn_turns = 0
    while g.active is not None and len(g.actions) < CAP:
        seat = g.active
        was = world(g).sbahn is not None
        g.apply(g.bot_action(seat, level), seat)
        sbahn_turns += was and world(g).sbahn is None
        failures += broken(g)
        assert not failures, failures
    assert g.result() is not None
    assert sbahn_turns >= 2 or SBAHN in world(g).eco.closed
