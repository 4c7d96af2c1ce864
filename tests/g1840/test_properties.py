"""Property tests: malformed or illegal actions are refused with an EngineError and leave
the state untouched (hash, record, log); what the legal list offers is accepted."""

from __future__ import annotations

import copy
import functools
from collections.abc import Mapping
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import EngineError, Game
from pygame_core.g1840.actions import CODEC

from .helpers import income_game, lines_game, negative_game
from .invariants import NAMES, broken

KINDS = {"invalid", "illegal", "not_your_turn", "game_over", "illegal_route"}


@functools.cache
def positions() -> tuple[Game, ...]:
    """Positions of every step: easy bot games of 2, 3, 4 and 6 players at several points
    (Pre, order cards, SRs, CRs, LRs), scripted CR and LR positions, and a finished game."""
    from pygame_core import new_game

    out: list[Game] = []
    for players, seed, profile, stops in (
        (2, 11, "rulebook", (0, 3, 9, 20, 40, 70, 100, 140)),
        (3, 12, "18xx.games", (2, 15, 30, 60, 90, 130, 180, 230)),
        (6, 13, "rulebook", (5, 40, 90, 150, 220, 300)),
        (4, 14, "18xx.games", (1, 25, 80, 160, 260)),
    ):
        g = new_game("1840", list(NAMES[:players]), {"profile": profile}, seed)
        for i in range(max(stops) + 1):
            if i in stops:
                out.append(copy.deepcopy(g))
            if g.active is None:
                break
            g.apply(g.bot_action(g.active, "easy"), g.active)
        while g.active is not None:
            g.apply(g.bot_action(g.active, "easy"), g.active)
        out.append(g)  # over
    out += [lines_game("6"), lines_game("3"), income_game(), negative_game().g]
    return tuple(out)


def legal_match(action: Mapping[str, Any], legal: list[dict[str, Any]]) -> bool:
    """True if `action` is one of the legal entries (a range entry with its field filled).
    Optional fields given as null count as absent; a run's explicit route and a marker's
    slot are checked by the rules, not listed (docs/1840-api.md)."""
    kind = action.get("type")
    optional = set()
    if isinstance(kind, str) and kind in CODEC.types:
        optional = {f for f, opt in CODEC.fields(kind) if opt}
    action = {k: v for k, v in action.items() if not (k in optional and v is None)}
    if kind == "run" and {"type": "run"} in legal:
        return set(action) <= {"type", "route"}
    if kind == "place_token":
        action = {k: v for k, v in action.items() if k != "slot"}
    for e in legal:
        if "field" not in e:
            if dict(action) == e:
                return True
            continue
        f = e["field"]
        fixed = {k: v for k, v in e.items() if k not in ("field", "min", "max", "step")}
        if set(action) != set(fixed) | {f} or any(action.get(k) != v for k, v in fixed.items()):
            continue
        value = action[f]
        number = isinstance(value, int) and not isinstance(value, bool)
        if number and e["min"] <= value <= e["max"] and (value - e["min"]) % e["step"] == 0:
            return True
    return False


NAMES_SEEN: tuple[str, ...] = ("KK", "PR", "SSB", "WT", "BBG", "W", "V", "D", "1", "3", "6")
NAMES_SEEN += ("9", "19", "Y1", "O1", "Pu1", "Y1-0", "O1-0", "F18", "J26", "K27", "E17", "B28")
names = st.sampled_from((*NAMES_SEEN, "5", "57", "235", "L20"))
junk = st.none() | st.booleans() | st.integers(-50, 1000) | st.text(max_size=4) | st.floats()
values = (
    names
    | st.integers(-10, 1000)
    | junk
    | st.lists(st.text(max_size=3), max_size=2)
    | st.fixed_dictionaries(
        {"stops": st.lists(st.sampled_from(["J26-0", "K27-0", "X-1", "E17-0"]), max_size=3)},
        optional={"connections": st.lists(st.lists(names, max_size=3), max_size=2)},
    )
)
fields = sorted({f for kind in CODEC.types for f, _ in CODEC.fields(kind)})
actions = st.fixed_dictionaries(
    {"type": st.sampled_from([*CODEC.types, "undo", "merge", ""]) | junk},
    optional={f: values for f in [*fields, "extra"]},
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, 100), action=actions, seat=st.integers(-1, 6))
def test_bad_actions_are_refused_without_change(
    index: int, action: dict[str, Any], seat: int
) -> None:
    base = positions()[index % len(positions())]
    g = copy.deepcopy(base)
    legal = g.legal_actions(seat) if 0 <= seat < len(g.players) else []
    before, n, log = g.state_hash(), len(g.actions), len(g.log)
    try:
        g.apply(action, seat)
    except EngineError as exc:
        assert exc.kind in KINDS and exc.message
        assert (g.state_hash(), len(g.actions), len(g.log)) == (before, n, log)
        return
    # Accepted: it must have been legal, and the position stays sound.
    assert legal_match(action, legal), (action, legal)
    assert len(g.actions) == n + 1 and broken(g) == []


def test_every_legal_action_is_accepted() -> None:
    # The legal list and the checks agree: each entry (range entries at both ends of the
    # range) goes through on a copy of the position.
    tried = 0
    for base in positions():
        seat = base.active
        if seat is None:
            continue
        for e in base.legal_actions(seat):
            concrete = [e]
            if "field" in e:
                fixed = {k: v for k, v in e.items() if k not in ("field", "min", "max", "step")}
                concrete = [{**fixed, e["field"]: v} for v in {e["min"], e["max"]}]
            for action in concrete:
                g = copy.deepcopy(base)
                g.apply(action, seat)
                assert broken(g) == [], action
                tried += 1
    assert tried > 200


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, 100),
    pick=st.integers(0, 10_000),
    field=st.sampled_from([*fields, "type"]),
    value=values | st.sampled_from([0, 1, 5, 19, 20, 21, 25, 1000, -1]),
    delta=st.integers(-12, 12),
    other_seat=st.booleans(),
)
def test_near_misses_of_legal_actions(
    index: int, pick: int, field: str, value: Any, delta: int, other_seat: bool
) -> None:
    # One field of a legal action changed (or a number moved a little, or the right action
    # by the wrong seat): accepted only if it is still legal; otherwise refused untouched.
    base = positions()[index % len(positions())]
    seat = base.active
    if seat is None:
        return
    legal = base.legal_actions(seat)
    e = legal[pick % len(legal)]
    action = {k: v for k, v in e.items() if k not in ("field", "min", "max", "step")}
    if "field" in e:
        action[e["field"]] = e["min"]
    if isinstance(action.get(field), int) and not isinstance(action.get(field), bool):
        action[field] = action[field] + delta
    else:
        action[field] = value
    actor = (seat + 1) % len(base.players) if other_seat else seat
    g = copy.deepcopy(base)
    before, n, log = g.state_hash(), len(g.actions), len(g.log)
    try:
        g.apply(action, actor)
    except EngineError as exc:
        assert exc.kind in KINDS and exc.message
        assert (g.state_hash(), len(g.actions), len(g.log)) == (before, n, log)
        return
    assert actor == seat and legal_match(action, legal), (action, legal)
    assert broken(g) == []
