"""Helpers for the 1881 game tests and scripts/fuzz_1881.py: seeded bot games with the
conformance invariants (tests/conformance/hooks_1881.py) after every action."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pygame_core import Game
from pygame_core.g1881.game import Berlin1881
from pygame_core.g1881.world import World
from tests.conformance.hooks_1881 import broken

FIXTURES = Path(__file__).parent / "fixtures"
CAP = 20000  # actions: a bot game is far shorter (a few hundred to a few thousand)


def new(players: int, seed: int, options: Mapping[str, Any] | None = None) -> Game:
    """A new 1881 game with seats "P0".."Pn-1" (design edition 1 unless `options` name
    one: `Game` takes the options as written, so the rule tests keep edition 1's numbers)."""
    return Game("1881", [f"P{i}" for i in range(players)], dict(options or {}), seed)


def world(g: Game) -> World:
    """The 1881 world of `g`."""
    state = g.state
    assert isinstance(state, Berlin1881)
    return state.w


def refresh(g: Game) -> None:
    """Forget cached legal actions after changing `g`'s state by hand."""
    state = g.state
    assert isinstance(state, Berlin1881)
    state.refresh()


def play_checked(
    players: int,
    seed: int,
    *,
    levels: Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    roundtrip: bool = False,
    every: int = 1,
) -> tuple[Game, int, list[str]]:
    """Play a bot game to its end (each seat at its level, "normal" by default) with the
    invariants after every `every`-th action; returns the game, its actions and failures."""
    g = new(players, seed, options)
    seats = list(levels or ["normal"] * players)
    failures: list[str] = []
    while g.active is not None and len(g.actions) < CAP:
        seat = g.active
        try:
            g.apply(g.bot_action(seat, seats[seat]), seat)
        except Exception as exc:  # a fuzz run reports the game and goes on (G12 was one)
            failures.append(f"after {len(g.actions)}: {type(exc).__name__}: {exc}")
            break
        if len(g.actions) % every == 0:
            failures += [f"after {len(g.actions)}: {f}" for f in broken(g)]
        if len(failures) > 10:
            break
    if g.result() is None:
        failures.append(f"no end after {len(g.actions)} actions")
    if roundtrip:
        again = Game.from_json(g.to_json())
        if again.state_hash() != g.state_hash():
            failures.append("the save does not load to the same state")
    return g, len(g.actions), failures


def kept_save(name: str) -> dict[str, Any]:
    """The save `fixtures/<name>` (a bot game kept so that later bots cannot change it)."""
    save: dict[str, Any] = json.loads((FIXTURES / name).read_text("utf-8"))
    return save


def replay_checked(save: Mapping[str, Any], every: int = 1) -> tuple[Game, list[str]]:
    """Replay a save's actions on a new game with the invariants after every `every`-th
    action (a bot game kept as a save stays the same game when the bots change)."""
    g = Game(save["title"], list(save["players"]), dict(save["options"]), save["seed"])
    failures: list[str] = []
    for step in save["actions"]:
        g.apply(step["action"], step["seat"])
        if len(g.actions) % every == 0:
            failures += [f"after {len(g.actions)}: {f}" for f in broken(g)]
    return g, failures
