"""Bots play legally and decide from their own view only."""

import pytest

from pygame_core import new_game
from pygame_core.core.rng import Rng
from pygame_core.trambahn.bots import choose

from .helpers import st


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bot_games_run_to_the_end_with_legal_moves(level: str) -> None:
    for seed in range(10):
        g = new_game("trambahn", ["A", "B"], {}, seed)
        while g.active is not None:
            seat = g.active
            action = g.bot_action(seat, level)
            assert action in g.legal_actions(seat)
            g.apply(action, seat)
        assert g.result() is not None


def test_normal_bot_ignores_what_it_cannot_see() -> None:
    """Changing hidden information (draw order, the opponent's hand, money faces) never
    changes the bot's choice: it only receives the view."""
    g = new_game("trambahn", ["A", "B"], {}, 21)
    for _ in range(40):
        seat = g.active
        assert seat is not None
        s = st(g)
        view, legal = g.view(seat), g.legal_actions(seat)
        chosen = choose(view, legal, "normal", Rng(1))
        s.draw.reverse()
        other = s.seats[1 - seat]
        other.hand, s.draw[: len(other.hand)] = s.draw[: len(other.hand)], other.hand
        s.seats[seat].money.reverse()
        assert g.view(seat) == view or g.view(seat)["seats"][seat] == view["seats"][seat]
        assert choose(g.view(seat), g.legal_actions(seat), "normal", Rng(1)) == chosen
        g.apply(chosen, seat)


def test_normal_beats_easy_most_of_the_time() -> None:
    wins = 0
    for seed in range(20):
        normal = seed % 2
        g = new_game("trambahn", ["A", "B"], {}, 1000 + seed)
        while g.active is not None:
            seat = g.active
            g.apply(g.bot_action(seat, "normal" if seat == normal else "easy"), seat)
        result = g.result()
        assert result is not None
        wins += result["winner"] == normal
    assert wins >= 17
