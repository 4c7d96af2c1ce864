"""10.7 with decisions G13 / G14: an S-Bahn without a chairman (a bankrupt tram company's
chairman's share went back among the new shares, nobody holding two 5% shares to take it,
9.13 / 12.3) keeps its longest trains at a new train limit, and the game goes on. Found by
scripts/fuzz_1881.py at 1,000 games per player count (6 players, seed 850, mixed levels):
before G14 the chair stayed with the bankrupt company and the discard step waited for
nobody. (Seed 178, the other game found then, no longer reaches a limit drop without a
chairman: test_sbahn_bankrupt.py plays it.)"""

from __future__ import annotations

from scripts.fuzz_1881 import levels_for

from .game_helpers import play_checked

PLAYERS = 6


def test_the_s_bahn_without_a_chairman_keeps_its_longest_trains_1881_10_7_G13() -> None:
    seed = 850
    g, _, failures = play_checked(
        PLAYERS, seed, levels=levels_for("mixed", PLAYERS, seed), every=25
    )
    assert failures == []
    assert g.result() is not None
    texts = [e["text"] for e in g.log_for(None)]
    chair = next(i for i, t in enumerate(texts) if "share 1 goes back among the new shares" in t)
    kept = next(i for i, t in enumerate(texts) if "has no chairman who can choose" in t)
    assert chair < kept
