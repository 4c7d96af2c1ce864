"""10.7 / 9.13 with decision G13: when a tram company holding the S-Bahn's chairman share
goes bankrupt, nobody can choose for the chairman; at a new train limit the S-Bahn's
parts keep their longest trains and the game goes on. Found by scripts/fuzz_1881.py at
1,000 games per player count (6 players, seeds 178 and 850, mixed levels): the discard
step waited for nobody and the game stopped."""

from __future__ import annotations

import pytest

from scripts.fuzz_1881 import levels_for

from .game_helpers import play_checked

PLAYERS = 6


@pytest.mark.parametrize("seed", [178, 850])
def test_the_s_bahn_without_a_chairman_keeps_its_longest_trains_1881_10_7_G13(
    seed: int,
) -> None:
    g, _, failures = play_checked(
        PLAYERS, seed, levels=levels_for("mixed", PLAYERS, seed), every=25
    )
    assert failures == []
    assert g.result() is not None
    texts = [e["text"] for e in g.log_for(None)]
    assert any("has no chairman who can choose" in t for t in texts)
    assert any("is bankrupt (9.13)" in t for t in texts)
