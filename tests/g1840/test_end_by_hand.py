"""V40: 18xx.games' end by hand (`end_game`) is a legal action of the 18xx.games profile only,
listed like every other (legal actions drive the page, the bots and the fuzzing), and never
taken by a bot."""

from __future__ import annotations

import pytest

from pygame_core import new_game
from pygame_core.core.errors import IllegalAction

from .helpers import act, seat

NAMES = ["Astrid", "Bruno", "Carla"]


def test_end_game_is_listed_in_the_18xx_games_profile_and_ends_the_game_there() -> None:
    g = new_game("1840", NAMES, {"profile": "18xx.games"}, 3)
    assert {"type": "end_game"} in g.legal_actions(seat(g))
    for s in range(3):
        if s != seat(g):
            assert g.legal_actions(s) == []
    act(g, {"type": "end_game"})
    result = g.result()
    assert result is not None and g.view(None)["ended_by_hand"] is True
    assert all(g.legal_actions(s) == [] for s in range(3))


def test_the_rulebook_has_no_end_by_hand() -> None:
    # XI: "Das Spiel endet am Ende der CR6".
    g = new_game("1840", NAMES, {}, 3)
    assert all(e["type"] != "end_game" for e in g.legal_actions(seat(g)))
    with pytest.raises(IllegalAction) as err:
        act(g, {"type": "end_game"})
    assert err.value.rule == "1840 XI"


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_play_an_18xx_games_profile_game_to_its_end(level: str) -> None:
    g = new_game("1840", NAMES, {"profile": "18xx.games"}, 5)
    while g.result() is None:
        s = seat(g)
        action = g.bot_action(s, level)
        assert action["type"] != "end_game"
        g.apply(action, s)
    assert g.view(None)["ended_by_hand"] is False
