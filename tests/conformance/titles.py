"""The one place where a title joins the conformance suite: `HOOKS` maps a registered title
id to what the suite needs to know about it and cannot find out by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import pytest

from pygame_core import TITLES, Game
from pygame_core.core.game import TitleState
from pygame_core.core.rng import Rng

from . import hooks_1840, hooks_1881, hooks_trambahn

# A copy of a state with everything `viewer` may not see dealt anew (None: a spectator,
# who may see nothing secret), drawing on the Rng: the view of `viewer` must not change.
Redeal = Callable[[TitleState[Any], int | None, Rng], TitleState[Any]]


@dataclass(frozen=True)
class Setup:
    """One way to set a game up: a player count and the options."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.players}p" + (f"[{opts}]" if opts else "")


@dataclass(frozen=True)
class TitleHooks:
    """What a title declares to the suite.

    `invariants` lists what the position breaks (empty: all holds), each naming its rule.
    `setups` are the player counts and option variants to cover (together every count
    from MIN_PLAYERS to MAX_PLAYERS). `redeal` hides what a seat may not see (None: the
    title has no hidden information). Games: `random_games` uniformly random games and
    `bot_games` games per bot level, both cycling through `setups`; the costly checks
    (every legal action, mutations, save round trip, hidden information) probe every
    `probe_every`-th position. A game longer than `action_cap` actions fails.
    `random_skips`: action types random play leaves out (still tried at probes), such as
    an end of the game by hand, which would end nearly every random game at once.
    `probe_opening`: the first positions of every game are probed always (a secret that
    lives only there, such as a sealed opening bid, is then always checked)."""

    invariants: Callable[[Game], list[str]]
    setups: tuple[Setup, ...]
    redeal: Redeal | None
    random_games: int
    bot_games: int
    probe_every: int
    action_cap: int
    random_skips: frozenset[str] = frozenset()
    probe_opening: int = 0


SITE = "18xx.games"

HOOKS: Mapping[str, TitleHooks] = MappingProxyType(
    {
        "trambahn": TitleHooks(
            invariants=hooks_trambahn.broken,
            setups=(
                Setup(2),
                Setup(2, {"start_player": 1, "reshuffle": "lazy"}),
                Setup(2, {"start_player": None, "voluntary_new_column": True}),
            ),
            redeal=hooks_trambahn.redeal,
            random_games=24,
            bot_games=4,
            probe_every=2,
            action_cap=2000,
        ),
        "1840": TitleHooks(
            invariants=hooks_1840.broken,
            setups=(
                Setup(2),
                Setup(3, {"profile": SITE}),
                Setup(3, {"three_player_small": True}),
                Setup(4),
                Setup(5, {"profile": SITE}),
                Setup(6),
                Setup(2, {"profile": SITE}),
                Setup(3, {"profile": SITE, "three_player_small": True}),
            ),
            redeal=hooks_1840.redeal,
            random_games=16,
            bot_games=2,
            probe_every=20,
            action_cap=20000,
            random_skips=frozenset({"end_game"}),
        ),
        "1881": TitleHooks(
            invariants=hooks_1881.broken,
            setups=(
                Setup(6, {"trains_on_credit": True}),
                Setup(5, {"double_track": True}),
                Setup(4, {"s_veto": True}),  # 12.6: the board's veto and vote
                Setup(3),
            ),
            redeal=hooks_1881.redeal,
            random_games=4,
            bot_games=1,
            probe_every=60,
            action_cap=20000,
            probe_opening=6,
        ),
    }
)


def missing(titles: Mapping[str, Any], hooks: Mapping[str, TitleHooks]) -> list[str]:
    """Registered titles without hooks, and hooks of titles nobody registered."""
    out = [
        f"title {t!r} is registered but has no conformance hooks" for t in titles if t not in hooks
    ]
    out += [f"hooks for {t!r}, which is not a registered title" for t in hooks if t not in titles]
    return out


def hooks_for(title: str) -> TitleHooks:
    """The hooks of `title`; fails the calling test when the title has none."""
    if title not in HOOKS:
        pytest.fail(
            f"Title {title!r} is registered but not in tests/conformance/titles.py HOOKS: "
            "declare its invariants, setups and hidden information there"
        )
    return HOOKS[title]


def new(title: str, setup: Setup, seed: int) -> Game:
    """A new game of `title` for `setup`."""
    names = [f"Seat {i}" for i in range(setup.players)]
    return Game(title, names, setup.options, seed)


def all_titles() -> list[str]:
    """Every registered title (the suite's parameters)."""
    return sorted(TITLES)
