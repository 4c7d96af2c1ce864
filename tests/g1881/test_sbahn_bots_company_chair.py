"""A tram company's normal bot and a vacant S-Bahn chair (decision G14, 10.9).

10.9: a tram company may buy S-Bahn shares in its train step, one per OR, "und
gegebenenfalls die Direktion dieser S-Bahn übernehmen": the engine offers it the chair's
share when that is the next new one (12.1), within the 30 % cap (12.2). Its bot takes a
vacant chair as a player's does (G14), keeping the price of its own next train."""

from __future__ import annotations

import copy
import functools

import pytest

from pygame_core import Game
from pygame_core.g18xx.shares import IPO
from pygame_core.g1881 import sbahn_bots
from pygame_core.g1881 import trains as tr
from pygame_core.g1881.economy import SBAHN, pars

from .game_helpers import new, world
from .positions import Edit, cash, owner, phase, started, train
from .sbahn_helpers import floated
from .test_game_operating import in_step, play_until

VACANT = owner(f"{SBAHN}_0", IPO)  # share 1, the chairman's 10 % (12.1), is new again


@functools.cache
def _trains_step() -> Game:
    """A 4-player bot game at a tram company's train step (its train in hand)."""
    g = play_until(new(4, 4), in_step("trains"))
    w = world(g)
    assert w.op is not None
    corp, seat = w.op.corp, g.active or 0
    if not w.trains.trains(corp):  # 10.8: its own train first (SS5)
        g.apply(next(a for a in g.legal_actions(seat) if a["type"] == "buy_train"), seat)
    return g


def _vacant_chair_at_trains(money: int, *edits: Edit) -> tuple[Game, str, int]:
    """The company at its train step in phase 2 with 3s up to its limit of 4 (10.7: it can
    buy no train now) and the chair's price plus its next train's plus `money`, the
    S-Bahn floated with its chair back among the new shares."""
    g = copy.deepcopy(_trains_step())
    w = world(g)
    assert w.op is not None
    corp = w.op.corp
    threes = [train(corp, "3")] * (4 - len(w.trains.trains(corp)))
    g = started(g, phase("2"), *threes, *floated(), VACANT, *edits)
    w = world(g)
    chair = 2 * pars(w.edition)[SBAHN]
    keep = min(tr.offer(w.trains, tr.TRAM).values())
    g = started(g, cash(corp, chair + keep + money))
    assert sbahn_bots.vacant_chair(world(g)) and world(g).step == "trains"
    return g, corp, g.active or 0


def test_a_tram_company_takes_a_vacant_chair_keeping_its_next_train_1881_10_9_G14() -> None:
    """10.9 with G14: the main network holds a 4S nobody runs; the company can pay the
    chair (168) and keep the cheapest tram train's price: its bot buys the chair and its
    director runs the S-Bahn (before, it waited to hold three trains' prices)."""
    g, corp, seat = _vacant_chair_at_trains(0, train(SBAHN))
    buy = {"type": "buy_sbahn", "company": corp, "source": IPO}
    assert buy in g.legal_actions(seat)
    assert g.bot_action(seat, "normal") == buy
    g.apply(buy, seat)
    w = world(g)
    assert w.eco.shares.director(SBAHN) == corp
    assert g.view(None)["sbahn"]["runner"] == w.players[seat]


@pytest.mark.parametrize(
    ("money", "edits"),
    [
        pytest.param(-1, (train(SBAHN),), id="its next train short by 1"),
        pytest.param(0, (cash(SBAHN, 0),), id="the main network without train or money"),
    ],
)
def test_a_tram_company_leaves_a_chair_it_cannot_afford_or_run_G14(
    money: int, edits: tuple[Edit, ...]
) -> None:
    """G14: the company's bot leaves the chair when buying it would leave less than its
    next train's price, or while the main network has no train and no money for one."""
    g, corp, seat = _vacant_chair_at_trains(money, *edits)
    assert {"type": "buy_sbahn", "company": corp, "source": IPO} in g.legal_actions(seat)
    assert g.bot_action(seat, "normal")["type"] != "buy_sbahn"
