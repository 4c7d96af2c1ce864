"""The conformance checks, title-blind: each returns the failures it finds (empty: none), so
that a test asserts an empty list and `test_checks_fail.py` can show each check failing."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pygame_core import EngineError, Game
from pygame_core.core.game import JsonDict, TitleState
from pygame_core.core.rng import Rng

from .actions import RANGE_KEYS, concrete, is_range, listed, mutations, same, samples
from .titles import HOOKS, Redeal, TitleHooks, new

# Picks the action of the seat to act.
Chooser = Callable[[Game, int], JsonDict]

# Seats that are never a seat of any game.
BAD_SEATS: tuple[Any, ...] = (-1, 99, True, "0", None, 1.0)


def random_chooser(rng: Rng, skips: frozenset[str] = frozenset()) -> Chooser:
    """Uniformly random among the legal actions (a range: uniformly among its values),
    leaving out the action types in `skips` while others remain."""

    def choose(g: Game, seat: int) -> JsonDict:
        legal = g.legal_actions(seat)
        kept = [e for e in legal if e.get("type") not in skips] or legal
        return concrete(rng.choice(kept), rng)

    return choose


def bot_chooser(levels: Sequence[str]) -> Chooser:
    """The title's bots: seat i plays level `levels[i % len(levels)]`."""

    def choose(g: Game, seat: int) -> JsonDict:
        return g.bot_action(seat, levels[seat % len(levels)])

    return choose


def mixed_chooser(hooks: TitleHooks, levels: Sequence[str], rng: Rng) -> Chooser:
    """Seat 0 plays at random, the others with the bots (at random if the title has none)."""
    at_random = random_chooser(rng, hooks.random_skips)

    def choose(g: Game, seat: int) -> JsonDict:
        if seat == 0 or not levels:
            return at_random(g, seat)
        return g.bot_action(seat, levels[(seat - 1) % len(levels)])

    return choose


def playout(g: Game, choose: Chooser, cap: int) -> Iterator[int]:
    """Play `g` on to its end, or to `cap` actions: yields the action count at every
    position (the first one included)."""
    yield len(g.actions)
    while g.active is not None and len(g.actions) < cap:
        seat = g.active
        g.apply(choose(g, seat), seat)
        yield len(g.actions)


def ended(g: Game, cap: int) -> list[str]:
    """A finished game: over within `cap` actions, with a result, and refusing actions."""
    if g.active is not None:
        return [f"no end after {len(g.actions)} actions (cap {cap})"]
    out = []
    if g.result() is None:
        out.append("the game has no seat to act but no result")
    out += [f"seat {s} has legal actions after the end" for s in seats(g) if g.legal_actions(s)]
    before = g.state_hash()
    try:
        g.apply({"type": "pass"}, 0)
        out.append("an action was accepted after the end")
    except EngineError:
        if g.state_hash() != before:
            out.append("an action refused after the end changed the state")
    return out


def seats(g: Game) -> range:
    """The seats of `g`."""
    return range(len(g.players))


def check_legal(g: Game, invariants: Callable[[Game], list[str]], rng: Rng) -> list[str]:
    """Every legal entry of the seat to act (a range: its ends and a value between) is
    accepted, stored in the same wire form, and leaves a position that keeps the
    invariants; restoring the checkpoint gives the position back."""
    seat = g.active
    assert seat is not None
    legal = g.legal_actions(seat)
    if not legal:
        return [f"seat {seat} is to act but has no legal action"]
    out: list[str] = []
    before = g.state_hash()
    cp = g.checkpoint()
    for entry in legal:
        for action in samples(entry, rng):
            try:
                g.apply(action, seat)
            except EngineError as exc:
                out.append(f"{short(action)} is listed but refused: {exc.message}")
                continue
            stored = g.actions[-1]["action"]
            if not same(stored, action):
                out.append(f"{short(action)} is listed but stored as {short(stored)}")
            out += [f"after {short(action)}: {f}" for f in invariants(g)]
            g.restore(cp)
            if g.state_hash() != before:
                out.append(f"restoring the checkpoint after {short(action)} changed the state")
    return out


def check_mutations(g: Game, rng: Rng, entries: int, per_entry: int) -> list[str]:
    """Mutations of legal actions (of up to `entries` entries, `per_entry` each), the legal
    actions sent by a seat that may not act, and by seats that do not exist, are refused
    with an EngineError naming a rule, not a crash, and change nothing; a mutation the
    title accepts must be one of the listed actions (another card of the same hand)."""
    seat = g.active
    assert seat is not None
    legal = g.legal_actions(seat)
    idle = [s for s in seats(g) if not g.legal_actions(s)]
    tries: list[tuple[Any, str, Any]] = []
    for entry in pick(legal, entries, rng):
        action = concrete(entry, rng)
        tries += [
            (seat, label, m) for label, m in pick(mutations(action, legal, rng), per_entry, rng)
        ]
        tries += [(s, f"sent by seat {s}, who may not act", action) for s in idle]
        tries.append((rng.choice(BAD_SEATS), "sent by a seat that does not exist", action))
    before, count = g.state_hash(), len(g.actions)
    cp = g.checkpoint()
    out: list[str] = []
    for by, label, action in tries:
        what = f"{label}: {short(action)} (seat {by!r})"
        try:
            g.apply(action, by)
        except EngineError as exc:
            if exc.message.startswith("Internal error"):
                out.append(f"{what} crashed the title: {exc.message}")
            if g.state_hash() != before or len(g.actions) != count:
                out.append(f"{what} was refused but changed the state")
                g.restore(cp)
            continue
        except Exception as exc:  # the suite's point: nothing but an EngineError leaves apply
            out.append(f"{what} raised {type(exc).__name__}: {exc}")
            g.restore(cp)
            continue
        stored = g.actions[-1]["action"]
        if by != seat or not listed(stored, legal):
            out.append(f"{what} was accepted (as {short(stored)}) but is not a legal action")
        elif unknown := set(action) - fields_of(stored, legal):
            out.append(f"{what} was accepted with field(s) {sorted(unknown)} no legal action has")
        g.restore(cp)
    return out


def fields_of(action: JsonDict, legal: Sequence[JsonDict]) -> set[str]:
    """The fields an action of this type may carry, as far as the legal entries tell."""
    out = set(action)
    for entry in legal:
        if entry.get("type") == action.get("type"):
            out |= set(entry) - set(RANGE_KEYS)
            if is_range(entry):
                out.add(entry["field"])
    return out


def check_round_trip(g: Game) -> list[str]:
    """A save loads back to the same state hash, seat to act, result, and for every viewer
    the same view, prompt, log and legal actions; views and legal actions are plain JSON."""
    loaded = Game.from_json(g.to_json())
    out = []
    if loaded.state_hash() != g.state_hash():
        out.append("the state hash differs after to_json/from_json")
    if (loaded.active, loaded.result()) != (g.active, g.result()):
        out.append("the seat to act or the result differs after to_json/from_json")
    for viewer in [None, *seats(g)]:
        view = g.view(viewer)
        if not plain_json(view):
            out.append(f"the view of seat {viewer} is not plain JSON")
        if loaded.view(viewer) != view:
            out.append(f"the view of seat {viewer} differs at {diff(loaded.view(viewer), view)}")
        if loaded.prompt(viewer) != g.prompt(viewer) or loaded.log_for(viewer) != g.log_for(viewer):
            out.append(f"the prompt or log of seat {viewer} differs after to_json/from_json")
        if viewer is None:
            continue
        legal = g.legal_actions(viewer)
        if not plain_json(legal):
            out.append(f"the legal actions of seat {viewer} are not plain JSON")
        if loaded.legal_actions(viewer) != legal:
            out.append(f"the legal actions of seat {viewer} differ after to_json/from_json")
    return out


def check_hidden(g: Game, redeal: Redeal, rng: Rng) -> tuple[list[str], int]:
    """For every viewer (None: a spectator), deal anew what the viewer may not see: its view
    must stay the same, its legal actions too, and each bot level must choose the same for
    it (bots decide from their seat's view only). Also returns how many redeals changed
    the full state (a title with secrets must change it, or the check tests nothing)."""
    state: TitleState[Any] = g.state
    before = g.state_hash()
    levels = type(state).BOT_LEVELS
    out: list[str] = []
    changed = 0
    for viewer in [None, *seats(g)]:
        other = redeal(state, viewer, Rng(rng.next_u64()))
        changed += canonical_json(other) != canonical_json(state)
        if other.view(viewer) != state.view(viewer):
            out.append(
                f"the view of seat {viewer} shows what it may not see, at "
                f"{diff(other.view(viewer), state.view(viewer))}"
            )
        if viewer is None:
            continue
        if other.legal_actions(viewer) != state.legal_actions(viewer):
            out.append(f"the legal actions of seat {viewer} depend on what it may not see")
        if viewer != state.active:
            continue
        for level in levels:
            k = rng.next_u64()
            mine = state.choose_bot_action(viewer, level, Rng(k))
            if other.choose_bot_action(viewer, level, Rng(k)) != mine:
                out.append(f"the {level} bot of seat {viewer} decides on what it may not see")
    if g.state_hash() != before:
        out.append("redealing, viewing or asking the bots changed the game")
    return out, changed


def trail(title: str, setup_index: int, seed: int, *, bots: bool) -> list[str]:
    """The state hash at every position of a seeded game, played at random or (`bots`)
    with seat 0 at random and the others by the bots: two runs of the same seed must give
    the same list."""
    hooks = HOOKS[title]
    g = new(title, hooks.setups[setup_index], seed)
    levels = type(g.state).BOT_LEVELS if bots else ()
    choose = mixed_chooser(hooks, levels, Rng(seed))
    return [g.state_hash() for _ in playout(g, choose, hooks.action_cap)]


# --- small helpers ----------------------------------------------------------------------


def pick(items: Sequence[Any], count: int, rng: Rng) -> list[Any]:
    """Up to `count` items, chosen at random without repeats, in their order."""
    if len(items) <= count:
        return list(items)
    chosen = sorted(range(len(items)), key=lambda _: rng.next_u64())[:count]
    return [items[i] for i in sorted(chosen)]


def short(value: Any, limit: int = 150) -> str:
    """`value` in a failure message, cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def plain_json(value: Any) -> bool:
    """True if `value` survives strict JSON unchanged (no tuples, NaN, non-string keys)."""
    try:
        return bool(json.loads(json.dumps(value, allow_nan=False)) == value)
    except (TypeError, ValueError):
        return False


def canonical_json(state: TitleState[Any]) -> str:
    """The full state as the hash sees it."""
    return json.dumps(state.canonical(), sort_keys=True, separators=(",", ":"))


def diff(a: Any, b: Any, path: str = "") -> str:
    """The first place where two JSON-like values differ, as a path (for messages)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key) or (key in a) != (key in b):
                return diff(a.get(key), b.get(key), f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return diff(x, y, f"{path}[{i}]")
    return f"{path or 'the top'}: {short(a, 60)} vs {short(b, 60)}"
