"""1840 positions, property-tested (docs/engine-api.md, "Positions"): a position from a
seeded bot game (2 to 6 players, either profile) at a random moment round-trips, and the
game started from it has the same legal actions and the same future under the same actions;
a random corruption is refused with a message."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import Game, new_game

from ..core.test_position import play_bots, refused_as_invalid
from .helpers import NAMES

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A seeded bot game of 1840 stopped at a random moment."""
    players = draw(st.integers(2, 6))
    options: dict[str, Any] = {"profile": draw(st.sampled_from(["rulebook", "18xx.games"]))}
    if players == 3 and draw(st.booleans()):
        options["three_player_small"] = True
    game = new_game("1840", list(NAMES[:players]), options, draw(st.integers(0, 10**6)))
    play_bots(game, draw(st.integers(0, 500)))
    return game


@SETTINGS
@given(games())
def test_a_position_round_trips_and_has_the_same_future(original: Game) -> None:
    position = original.position()
    started = new_game("1840", original.players, original.options, 1, position=position)
    assert started.position() == position
    assert started.state.canonical() == original.state.canonical()
    for record in play_bots(copy.deepcopy(original), 40):
        seat = record["seat"]
        assert started.active == original.active == seat
        assert started.legal_actions(seat) == original.legal_actions(seat)
        original.apply(record["action"], seat)
        started.apply(record["action"], seat)
    assert started.position() == original.position()
    assert started.result() == original.result()


def _corrupt(draw: st.DrawFn, position: dict[str, Any]) -> dict[str, Any]:
    """`position` with one change no game reaches."""
    bad: dict[str, Any] = json.loads(json.dumps(position))
    kind = draw(st.sampled_from(["cash", "owner", "tram", "tile", "step", "field", "type"]))
    if kind == "cash":
        holder = draw(st.sampled_from(sorted(bad["cash"])))
        bad["cash"][holder] += draw(st.sampled_from([-1000, -1, 5, 1000]))
    elif kind == "owner":
        cert = draw(st.sampled_from(sorted(bad["shares"]["owners"])))
        bad["shares"]["owners"][cert] = draw(st.sampled_from(["p9", "nobody", "", "bank"]))
    elif kind == "tram":
        stock = bad["depot"]["stock"]
        kinds = [t for t in stock if stock[t]]
        if kinds:
            t = draw(st.sampled_from(kinds))
            stock[t].append(stock[t][0])
        else:
            bad["depot"]["exported"].append("Y1-99")
    elif kind == "tile":
        bad["map"]["tiles"][draw(st.sampled_from(["A17", "Z1", "I11"]))] = {
            "tile": "nope",
            "rotation": 0,
        }
    elif kind == "step":
        steps = ["private_auction", "choose_order", "stock", "company", "line_turn", "over"]
        bad["step"] = draw(st.sampled_from([s for s in steps if s != bad["step"]]))
    elif kind == "field":
        del bad[draw(st.sampled_from(sorted(k for k in bad if k not in ("format", "title"))))]
    else:
        key = draw(st.sampled_from(["order", "majors", "lines", "map", "depot", "round"]))
        bad[key] = draw(st.sampled_from([None, "x", 1.5, True, [1]]))
    return bad


@SETTINGS
@given(games(), st.data())
def test_a_corrupted_position_is_refused_with_a_message(
    original: Game, data: st.DataObject
) -> None:
    bad = data.draw(st.composite(lambda draw: _corrupt(draw, original.position()))())
    refused_as_invalid(original, bad)
