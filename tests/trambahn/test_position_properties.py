"""Trambahn positions, property-tested (docs/engine-api.md, "Positions"): a position taken
from a seeded bot game at a random moment round-trips, and the game started from it has the
same legal actions and the same future as the original under the same actions; a random
corruption is refused with a message naming what is wrong."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import Game, new_game

from ..core.test_position import play_bots, refused_as_invalid

PLAYERS = ["Anna", "Ben"]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A seeded bot game stopped at a random moment (its end included)."""
    seed = draw(st.integers(0, 10**6))
    options = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "reshuffle": st.sampled_from(["immediate", "lazy"]),
                "voluntary_new_column": st.booleans(),
                "start_player": st.sampled_from([0, 1]),
            },
        )
    )
    game = new_game("trambahn", PLAYERS, options, seed)
    play_bots(game, draw(st.integers(0, 400)), draw(st.sampled_from(["easy", "normal"])))
    return game


@SETTINGS
@given(games(), st.integers(0, 10**6))
def test_a_position_round_trips_and_has_the_same_future(original: Game, seed: int) -> None:
    position = original.position()
    started = new_game("trambahn", PLAYERS, original.options, seed, position=position)
    assert started.position() == position
    text = original.position_text()
    assert text is not None
    assert new_game("trambahn", PLAYERS, original.options, 0, position=text).position_text() == text
    # the same future under the same actions: legal actions, positions and results agree
    future = play_bots(copy.deepcopy(original), 120)
    for record in future:
        seat = record["seat"]
        assert started.active == original.active == seat
        assert started.legal_actions(seat) == original.legal_actions(seat)
        original.apply(record["action"], seat)
        started.apply(record["action"], seat)
        assert started.position() == original.position()
    assert started.result() == original.result()
    assert started.state.canonical()["draw"] == original.state.canonical()["draw"]


# --- corruptions ------------------------------------------------------------------------------

_CARDS = ["B1", "B10", "R5", "G7", "Y9", "C"]


def _lists(body: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every card list in a position (hands, money, rows, piles, columns)."""
    out = []
    if isinstance(body, dict):
        for k, v in body.items():
            out += _lists(v, (*path, k))
    elif isinstance(body, list):
        if body and all(isinstance(x, str) and x[:1] in "BRGYC" for x in body):
            out.append(path)
        for i, v in enumerate(body):
            out += _lists(v, (*path, i))
    return out


def _at(body: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        body = body[k]
    return body


@st.composite
def corruptions(draw: st.DrawFn, position: dict[str, Any]) -> dict[str, Any]:
    """`position` with one change that no game can reach."""
    bad: dict[str, Any] = json.loads(json.dumps(position))
    kind = draw(st.sampled_from(["drop", "add", "field", "number", "tram", "type"]))
    if kind in ("drop", "add"):
        path = draw(st.sampled_from(_lists(bad)))
        cards = _at(bad, path)
        if kind == "drop":
            cards.pop(draw(st.integers(0, len(cards) - 1)))
        else:
            cards.append(draw(st.sampled_from(_CARDS)))
    elif kind == "field":
        key = draw(st.sampled_from(sorted(k for k in bad if k not in ("format", "title"))))
        del bad[key]
        if key == "rng":  # optional: a made-up field instead
            bad["zzz"] = 1
    elif kind == "number":
        key = draw(st.sampled_from(["turn", "current", "start", "passengers", "next_column"]))
        # 3 is no seat and too many passengers; a turn of 0 or less does not exist
        bad[key] = draw(st.sampled_from([-1, 0 if key == "turn" else 3, "1", 1.5, True, None]))
        if key == "next_column":
            bad[key] = -1
    elif kind == "tram":
        bad["supply"].append(draw(st.sampled_from(["H", "S", "E", "X"])))
    else:
        key = draw(st.sampled_from(["seats", "rows", "draw", "stack", "scorings"]))
        bad[key] = draw(st.sampled_from([None, 7, "x", {}]))
    return bad


@SETTINGS
@given(games(), st.data())
def test_a_corrupted_position_is_refused_with_a_message(
    original: Game, data: st.DataObject
) -> None:
    position = original.position()
    bad = data.draw(corruptions(position))
    refused_as_invalid(original, bad)
