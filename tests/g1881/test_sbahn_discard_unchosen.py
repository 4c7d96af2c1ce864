"""10.7 with decisions G13 / G14: an S-Bahn without a chairman (a bankrupt tram company's
chairman's share went back among the new shares, nobody holding two 5% shares to take it,
9.13 / 12.3) keeps its longest trains at a new train limit, and the game goes on. Found by
scripts/fuzz_1881.py at 1,000 games per player count (6 players, seed 850, mixed levels):
before G14 the chair stayed with the bankrupt company and the discard step waited for
nobody. Since the normal bot takes a vacant chair first (G14), that game no longer
reaches the limit drop without a chairman, so a position sets it up; both fuzz games
still play to their end (test_sbahn_bankrupt.py)."""

from __future__ import annotations

from pygame_core.g18xx.shares import IPO
from pygame_core.g1881 import subnetworks
from pygame_core.g1881.economy import SBAHN

from .game_helpers import world
from .positions import gift, owner, sold_out, started
from .sbahn_helpers import act, plain, sbahn_game, until


def test_the_s_bahn_without_a_chairman_keeps_its_longest_trains_1881_10_7_G13() -> None:
    """Every part holds a 4S (four in all) and the chair is vacant; a tram's first
    4-train starts phase 3 (limit 3): nobody can choose, so the parts keep three 4S, the
    newest, and the oldest leaves the game; the tram's turn goes on without a discard
    step."""
    g = sbahn_game()
    until(g, lambda w: w.sbahn is None)  # every part bought its 4S
    tram = world(g).op
    assert tram is not None, "a tram should operate after the S-Bahn"
    g = started(g, owner(f"{SBAHN}_0", IPO), sold_out("3"), gift(tram.corp, 1000))
    w = world(g)
    assert w.eco.shares.director(SBAHN) is None and w.trains.count(subnetworks.parts(w.eco)) == 4
    while world(g).step != "trains":
        act(g, plain(g))
    act(g, {"type": "buy_train", "train": "4-0"})
    w = world(g)
    assert w.trains.phase == "3" and w.step == "trains" and w.discard == []
    held = sorted(t for p in subnetworks.parts(w.eco) for t in w.trains.trains(p))
    assert held == ["4S-1", "4S-2", "4S-3"]
    texts = [e["text"] for e in g.log_for(None)]
    assert any("has no chairman who can choose" in t and "4S-0 leave" in t for t in texts)
