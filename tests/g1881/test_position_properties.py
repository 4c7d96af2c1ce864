"""1881 positions, property-tested (docs/engine-api.md, "Positions"): a position from a
seeded bot game (3 to 6 players, either variant, with or without the S-Bahn veto) at a
random moment round-trips, and the game started from it has the same state, the same legal
actions and the same future under the same actions; a random corruption is refused with a
message."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import Game, new_game

from ..core.test_position import play_bots, refused_as_invalid

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Flo")


def without_ledger(data: Any) -> Any:
    """`data` without the money's ledger (a record of past payments, not in a position)."""
    if isinstance(data, dict):
        return {k: without_ledger(v) for k, v in data.items() if k != "ledger"}
    if isinstance(data, list):
        return [without_ledger(v) for v in data]
    return data


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A seeded bot game of 1881 stopped at a random moment."""
    players = draw(st.integers(3, 6))
    options = {
        "double_track": draw(st.booleans()),
        "trains_on_credit": draw(st.booleans()),
        "s_veto": draw(st.booleans()),  # the board's business is in the position (12.6)
    }
    game = new_game("1881", list(NAMES[:players]), options, draw(st.integers(0, 10**6)))
    play_bots(game, draw(st.integers(0, 700)))
    return game


@SETTINGS
@given(games())
def test_a_position_round_trips_and_has_the_same_future(original: Game) -> None:
    position = original.position()
    started = new_game("1881", original.players, original.options, 1, position=position)
    assert started.position() == position
    assert without_ledger(started.state.canonical()) == without_ledger(original.state.canonical())
    for record in play_bots(copy.deepcopy(original), 40):
        seat = record["seat"]
        assert started.acting == original.acting
        assert started.legal_actions(seat) == original.legal_actions(seat)
        original.apply(record["action"], seat)
        started.apply(record["action"], seat)
    assert started.position() == original.position()
    assert started.result() == original.result()


def _corrupt(draw: st.DrawFn, position: dict[str, Any]) -> dict[str, Any]:
    """`position` with one change no game reaches."""
    bad: dict[str, Any] = json.loads(json.dumps(position))
    kind = draw(st.sampled_from(["cash", "owner", "train", "tile", "charter", "field", "type"]))
    if kind == "cash":
        holder = draw(st.sampled_from(sorted(bad["cash"])))
        bad["cash"][holder] += draw(st.sampled_from([-100000, -1, 5, 1000]))
    elif kind == "owner":
        cert = draw(st.sampled_from(sorted(bad["shares"]["owners"])))
        bad["shares"]["owners"][cert] = draw(st.sampled_from(["p9", "nobody", "", "bank"]))
    elif kind == "train":
        stock = bad["trains"]["bank"]
        kinds = [t for t in stock if stock[t]]
        t = draw(st.sampled_from(kinds))
        stock[t].append(stock[t][0])
    elif kind == "tile":
        bad["map"]["tiles"][draw(st.sampled_from(["A1", "Z99", "E5"]))] = {
            "tile": "nope",
            "rotation": 0,
        }
    elif kind == "charter":
        # A bankrupt company's charter is not read: its chips left the game (9.13).
        closed = bad["companies"]["closed"]
        corp = draw(st.sampled_from(sorted(c for c in bad["charters"] if c not in closed)))
        bad["charters"][corp][0] = not bad["charters"][corp][0]
    elif kind == "field":
        del bad[draw(st.sampled_from(sorted(k for k in bad if k not in ("format", "title"))))]
    else:
        key = draw(st.sampled_from(["cash", "shares", "map", "trains", "round", "companies"]))
        bad[key] = draw(st.sampled_from([None, "x", 1.5, True, [1]]))
    return bad


@SETTINGS
@given(games(), st.data())
def test_a_corrupted_position_is_refused_with_a_message(
    original: Game, data: st.DataObject
) -> None:
    bad = data.draw(st.composite(lambda draw: _corrupt(draw, original.position()))())
    refused_as_invalid(original, bad)
