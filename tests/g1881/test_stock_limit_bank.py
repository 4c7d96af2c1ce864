"""4.4 / A-8 with 13.1.1 (decision G12): a player a director swap put over the certificate
limit sells first, but a sale the bank cannot pay is not offered (G5); with no payable
sale left he may pass. Found by scripts/fuzz_1881.py (3 players, seed 179, mixed levels):
the seat had no legal action at all and the game stopped."""

from __future__ import annotations

from pygame_core import Game
from pygame_core.g18xx.money import BANK

from .game_helpers import kept_save, world
from .positions import cash, started

PLAYERS, SEED, STUCK_AT = 3, 179, 798
# The fuzz game's first 798 actions, kept as a save (written by the bots of 2026-11-28
# before their bid changed), so that later bots cannot lose the moment.
SAVE = "g12_seed179_save.json"


def _stuck() -> Game:
    save = kept_save(SAVE)
    assert (len(save["players"]), save["seed"], save["options"]) == (PLAYERS, SEED, {})
    g = Game.from_json(save)  # checks the save's state hash
    assert len(g.actions) == STUCK_AT
    return g


def test_over_the_limit_with_no_sale_the_bank_can_pay_passes_1881_4_4_13_1_1() -> None:
    g = _stuck()
    w = world(g)
    seat = g.active
    assert seat is not None
    name = w.players[seat]
    assert name in w.eco.must_sell  # the swap put him over the limit (4.4)
    assert w.eco.money.cash(BANK) < 200  # the bank is nearly empty (13.1.1)
    legal = g.legal_actions(seat)
    assert [a["type"] for a in legal] in (["pass"], ["end_turn"]), legal
    g.apply(legal[0], seat)  # accepted: the game goes on
    assert len(g.actions) == STUCK_AT + 1


def test_a_payable_sale_still_comes_first_1881_4_4() -> None:
    """The same moment with the richest other player's cash moved to the bank (a position
    edit): the bank can pay a sale again, so the player over the limit must sell (A-8)."""
    g = _stuck()
    w = world(g)
    seat = g.active
    assert seat is not None
    richest = max((p for p in w.players if p != w.players[seat]), key=w.eco.money.cash)
    again = started(g, cash(richest, 0))
    assert world(again).eco.money.cash(BANK) >= 200
    legal = again.legal_actions(seat)
    assert legal and all(a["type"] == "sell" for a in legal), legal
