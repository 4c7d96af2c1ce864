"""The hard 1881 bot: the normal bot's play, except in the stock rounds, where it buys
into the dearest floated company whoever directs it, since the game ends when a price
reaches 400 (9.12, 13.1) and that company's holders gain most on the way."""

from __future__ import annotations

from pygame_core import Game
from pygame_core.core.rng import Rng
from pygame_core.g1881.bots import choose
from pygame_core.g1881.economy import SBAHN
from pygame_core.g1881.game import Berlin1881


def _stock_turn_with_a_foreign_leader(seed: int) -> tuple[Game, int, str] | None:
    """Plays normal bots until a stock turn where the acting player may buy the dearest
    floated tram company, which he neither directs nor holds, and has no company of his
    own still to float; returns the game, the seat and that company."""
    g = Game("1881", ["A", "B", "C", "D"], {}, seed)
    while g.active is not None and len(g.actions) < 3000:
        seat = g.active
        state = g.state
        assert isinstance(state, Berlin1881)
        w = state.w
        if w.step == "stock" and w.sbahn is None:
            eco = w.eco
            me = w.players[seat]
            floated = [c for c in eco.floated if c != SBAHN and c not in eco.closed]
            buys = {e["company"] for e in state.legal_actions(seat) if e["type"] == "buy"}
            own_to_float = any(
                eco.shares.director(c) == me and c not in eco.floated for c in eco.in_play
            )
            if floated and not own_to_float and eco.money.cash(me) > 200:
                leader = max(floated, key=eco.market.price)
                prices = sorted((eco.market.price(c) for c in floated), reverse=True)
                alone = len(prices) == 1 or prices[0] > prices[1]
                if alone and leader in buys and eco.shares.percent(me, leader) == 0:
                    return g, seat, leader
        g.apply(g.bot_action(seat, "normal"), seat)
    return None


def test_the_hard_bot_buys_into_the_leading_company_it_does_not_hold_1881_9_12() -> None:
    """Where the normal bot keeps to its own companies, the hard bot buys a share of the
    dearest floated company although another player directs it (4.x: any player may buy
    any available share; 9.12: the race to 400)."""
    found = None
    for seed in range(12):
        found = _stock_turn_with_a_foreign_leader(seed)
        if found is not None:
            break
    assert found is not None, "no seed reached such a stock turn"
    g, seat, leader = found
    state = g.state
    assert isinstance(state, Berlin1881)
    hard = choose(state, seat, "hard", Rng(1))
    assert hard["type"] == "buy" and hard["company"] == leader
    normal = choose(state, seat, "normal", Rng(1))
    assert normal.get("company") != leader


def test_the_hard_level_is_offered_and_plays_legal_actions() -> None:
    """The level is part of the title's catalog (api "bots") and its actions are legal."""
    assert "hard" in Berlin1881.BOT_LEVELS
    g = Game("1881", ["A", "B", "C"], {}, 7)
    for _ in range(200):
        seat = g.active
        assert seat is not None
        g.apply(g.bot_action(seat, "hard"), seat)
    assert len(g.actions) == 200
