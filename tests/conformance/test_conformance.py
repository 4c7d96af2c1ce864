"""The conformance suite, run over every registered title (issue 14 §4): playouts to the
end with the invariants after every action, every legal action accepted, mutations of
legal actions refused without a change, saves that round-trip, seeds that replay, and
views that keep each seat's secrets. A title without hooks in `titles.py` fails here.

Seeds are fixed; CONFORMANCE_SEED=<n> plays other games (e.g. in a longer local run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pygame_core import TITLES, Game
from pygame_core.core.rng import Rng

from .actions import listed
from .checks import (
    Chooser,
    bot_chooser,
    check_hidden,
    check_legal,
    check_mutations,
    check_round_trip,
    ended,
    playout,
    random_chooser,
    short,
    trail,
)
from .titles import HOOKS, TitleHooks, all_titles, hooks_for, missing, new

BASE = int(os.environ.get("CONFORMANCE_SEED", "0"))
TITLE_IDS = all_titles()
BOTS = [(t, level) for t in TITLE_IDS for level in TITLES[t].BOT_LEVELS]
MAX_FAILURES = 10  # a broken title stops early, with enough failures to see the pattern
ROOT = Path(__file__).resolve().parents[2]


def games(title: str, hooks: TitleHooks, count: int, offset: int) -> Iterator[tuple[str, Game]]:
    """`count` new games cycling through the title's setups, with their labels."""
    for i in range(count):
        setup = hooks.setups[i % len(hooks.setups)]
        seed = BASE + offset + i
        yield f"{setup.label} seed {seed}", new(title, setup, seed)


def play_checked(
    title: str,
    offset: int,
    check: Callable[[Game, TitleHooks, Rng], list[str]],
    *,
    every: bool = False,
    rarer: int = 1,
) -> list[str]:
    """Random games of `title`, with `check` at random positions (about one in
    `probe_every` times `rarer`; with `every`, at all of them) and at the end."""
    hooks = hooks_for(title)
    failures: list[str] = []
    for label, g in games(title, hooks, hooks.random_games, offset):
        rng = Rng(BASE + offset)
        for n in playout(g, random_chooser(rng, hooks.random_skips), hooks.action_cap):
            probe = every or rng.below(hooks.probe_every * rarer) == 0 or g.active is None
            if probe or n < hooks.probe_opening:
                failures += [f"{label} after {n} actions: {f}" for f in check(g, hooks, rng)]
            if len(failures) >= MAX_FAILURES:
                return failures
        failures += [f"{label}: {f}" for f in ended(g, hooks.action_cap)]
    return failures


def test_every_registered_title_has_hooks() -> None:
    assert missing(TITLES, HOOKS) == []


@pytest.mark.parametrize("title", TITLE_IDS)
def test_the_setups_cover_every_player_count(title: str) -> None:
    hooks = hooks_for(title)
    cls = TITLES[title]
    assert {s.players for s in hooks.setups} == set(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
    assert hooks.random_games >= len(hooks.setups), "every setup is played at random"
    for setup in hooks.setups:
        g = new(title, setup, BASE)
        assert g.active is not None and g.result() is None
        assert hooks.invariants(g) == [], setup.label


@pytest.mark.parametrize("title", TITLE_IDS)
def test_random_playouts_end_and_keep_the_invariants(title: str) -> None:
    def invariants(g: Game, hooks: TitleHooks, rng: Rng) -> list[str]:
        return hooks.invariants(g)

    assert play_checked(title, 0, invariants, every=True) == []


@pytest.mark.parametrize(("title", "level"), BOTS)
def test_bot_playouts_end_and_keep_the_invariants(title: str, level: str) -> None:
    """Every seat played by the bot of `level`, which picks a legal action without
    changing the game."""
    hooks = hooks_for(title)
    failures: list[str] = []

    def checked(bots: Chooser, label: str) -> Chooser:
        def choose(g: Game, seat: int) -> dict[str, object]:
            before = g.state_hash()
            action = bots(g, seat)
            if g.state_hash() != before:
                failures.append(f"{label}: choosing changed the game at {len(g.actions)}")
            if not listed(action, g.legal_actions(seat)):
                failures.append(f"{label}: the bot chose {short(action)}, not a legal action")
            return action

        return choose

    for label, g in games(title, hooks, hooks.bot_games, 1000):
        choose = checked(bot_chooser([level]), label)
        for n in playout(g, choose, hooks.action_cap):
            failures += [f"{label} after {n} actions: {f}" for f in hooks.invariants(g)]
            if len(failures) >= MAX_FAILURES:
                break
        failures += [f"{label}: {f}" for f in ended(g, hooks.action_cap)]
        assert failures == []


@pytest.mark.parametrize("title", TITLE_IDS)
def test_every_legal_action_is_accepted(title: str) -> None:
    def legal(g: Game, hooks: TitleHooks, rng: Rng) -> list[str]:
        return check_legal(g, hooks.invariants, rng) if g.active is not None else []

    assert play_checked(title, 2000, legal) == []


@pytest.mark.parametrize("title", TITLE_IDS)
def test_mutated_actions_are_refused_and_change_nothing(title: str) -> None:
    def mutated(g: Game, hooks: TitleHooks, rng: Rng) -> list[str]:
        return check_mutations(g, rng, entries=3, per_entry=8) if g.active is not None else []

    assert play_checked(title, 3000, mutated) == []


@pytest.mark.parametrize("title", TITLE_IDS)
def test_saves_round_trip_at_random_points(title: str) -> None:
    def round_trip(g: Game, hooks: TitleHooks, rng: Rng) -> list[str]:
        return check_round_trip(g)

    assert play_checked(title, 4000, round_trip, rarer=8) == []


@pytest.mark.parametrize("title", TITLE_IDS)
def test_views_keep_each_seats_secrets(title: str) -> None:
    hooks = hooks_for(title)
    redeal = hooks.redeal
    if redeal is None:
        pytest.skip(f"{title} declares no hidden information")
    redealt = 0

    def hidden(g: Game, hooks: TitleHooks, rng: Rng) -> list[str]:
        nonlocal redealt
        failures, changed = check_hidden(g, redeal, rng)
        redealt += changed
        return failures

    assert play_checked(title, 5000, hidden) == []
    assert redealt > 0, "the redeal never changed a state: it tests nothing"


@pytest.mark.parametrize("title", TITLE_IDS)
def test_the_same_seed_gives_the_same_game(title: str) -> None:
    """Two random runs of each setup pass the same states; the history view gives the
    states back. (The bots' runs: in other processes, below.)"""
    hooks = hooks_for(title)
    for i, setup in enumerate(hooks.setups):
        seed = BASE + 6000 + i
        first, second = trail(title, i, seed, bots=False), trail(title, i, seed, bots=False)
        assert len(first) > 1
        assert first == second, (
            setup.label,
            next(k for k, h in enumerate(first) if h != second[k]),
        )
    g = new(title, hooks.setups[0], BASE + 6000)
    rng = Rng(BASE)
    hashes = [
        g.state_hash()
        for _ in playout(g, random_chooser(rng, hooks.random_skips), hooks.action_cap)
    ]
    for _ in range(5):
        k = rng.below(len(hashes))
        assert g.at(k).state_hash() == hashes[k], k


@pytest.mark.parametrize("title", TITLE_IDS)
def test_the_same_seed_gives_the_same_game_in_other_processes(title: str) -> None:
    """Games with the bots (seat 0 at random) pass the same states in another interpreter
    with another string hash seed (so another order of sets and of dicts built from them)."""
    hooks = hooks_for(title)
    for hash_seed in (0, 1):
        index = hash_seed % len(hooks.setups)
        seed = BASE + 7000 + hash_seed
        code = (
            "import json; from tests.conformance.checks import trail; "
            f"print(json.dumps(trail({title!r}, {index}, {seed}, bots=True)))"
        )
        path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
        env = {**os.environ, "PYTHONHASHSEED": str(hash_seed), "PYTHONPATH": path}
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr[-2000:]
        assert json.loads(done.stdout) == trail(title, index, seed, bots=True), hash_seed
