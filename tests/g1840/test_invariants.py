"""Seeded bot games (easy and normal bots, 2-6 players, both profiles, the reduced 3-player
board) with the invariants of `invariants.py` checked after every action and the save
round trip at the end; and the invariant checks themselves catch broken positions.
Many more games: scripts/fuzz_1840.py."""

from __future__ import annotations

import copy

import pytest

from pygame_core import Game
from pygame_core.g1840 import board as b
from pygame_core.g1840.game import Vienna1840

from .helpers import game, lines_game, to_round
from .invariants import broken, play_checked, world_of

E, N = "easy", "normal"
SITE = "18xx.games"

CASES = [
    # players, seed, profile, small board, bot level per seat
    (2, 1, "rulebook", False, (N, N)),
    (2, 2, SITE, False, (E, N)),
    (2, 3, "rulebook", False, (E, E)),
    (3, 3, "rulebook", True, (E, E, N)),
    (3, 4, SITE, True, (E, E, E)),
    (3, 5, SITE, False, (N, E, E)),
    (3, 6, "rulebook", False, (E, E, E)),
    (4, 6, "rulebook", False, (E, E, E, E)),
    (4, 7, SITE, False, (E, E, E, E)),
    (5, 7, SITE, False, (E,) * 5),
    (5, 8, "rulebook", False, (E,) * 5),
    (6, 8, "rulebook", False, (E,) * 6),
    (6, 9, SITE, False, (E,) * 5 + (N,)),
]


@pytest.mark.parametrize(("players", "seed", "profile", "small", "levels"), CASES)
def test_bot_games_keep_the_invariants_and_round_trip(
    players: int, seed: int, profile: str, small: bool, levels: tuple[str, ...]
) -> None:
    g, actions, failures = play_checked(
        players, seed, profile=profile, small=small, levels=levels, roundtrip=True
    )
    assert failures == []
    assert actions > 100 and g.result() is not None
    assert world_of(g).round_label == "End"


def corrupt(g: Game) -> Vienna1840:
    state = copy.deepcopy(g.state)
    assert isinstance(state, Vienna1840)
    return state


def broken_state(state: Vienna1840, g: Game) -> list[str]:
    fake = copy.copy(g)
    fake.state = state
    return broken(fake)


def test_the_checks_catch_broken_positions() -> None:
    g = lines_game("6")  # LR 1a: three majors, Lines with markers and trams
    assert broken(g) == []
    cases = []
    s = corrupt(g)  # money appears from nowhere
    s.w.money._cash["p0"] += 10
    cases.append((s, "money"))
    s = corrupt(g)  # a tram in two places
    major = s.w.lines["6"].major
    assert major is not None and s.w.lines["6"].tram is not None
    s.w.majors[major].trams.append(s.w.lines["6"].tram)
    cases.append((s, "trams"))
    s = corrupt(g)  # a second marker of Line 6 on its home hex
    s.w.map.tokens["K27"][0][1] = "6"
    cases.append((s, "tokens"))
    s = corrupt(g)  # a Line on two sheets
    other = next(m for m in s.w.majors if m != major)
    s.w.majors[other].lines.append("6")
    cases.append((s, "majors"))
    s = corrupt(g)  # a share certificate lost
    cert = s.w.shares.certs["W"][0]
    s.w.shares._owner[cert.id] = "nobody"
    cases.append((s, "shares"))
    s = corrupt(g)  # more tiles of a kind than exist (L20: one copy)
    s.w.map.tiles["E19"] = (b.tiles()["L20"], 2)
    s.w.map.tiles["D20"] = (b.tiles()["L20"], 2)
    cases.append((s, "tiles"))
    for state, kind in cases:
        found = broken_state(state, g)
        assert any(f.startswith(kind) for f in found), (kind, found)


def test_the_rulebook_keeps_l30_and_l31_as_one_tile_each() -> None:
    g = game(3)
    to_round(g, "SR 1")
    s = corrupt(g)
    s.w.map.tiles["G11"] = (b.tiles()["L30a"], 0)
    s.w.map.tiles["F24"] = (b.tiles()["L30b"], 0)
    assert any("both sides of L30" in f for f in broken_state(s, g))
    site = game(3, profile=SITE)
    s = corrupt(site)
    s.w.map.tiles["G11"] = (b.tiles()["L30a"], 0)
    s.w.map.tiles["F24"] = (b.tiles()["L30b"], 0)
    assert not any("L30" in f for f in broken_state(s, site))
