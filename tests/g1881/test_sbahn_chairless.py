"""Decision G14: an S-Bahn whose chairman's share went back among the new shares (a
bankrupt tram company held it, nobody having two 5% shares to take it, 9.13 / 12.3).
Its main network has nobody to run it and casts no vote: the price follows the parts
that operated (12.12, A-47). The normal bot takes such a vacant chair first when the
idle main network has a train or the money for one (a bot choice, not a rule)."""

from __future__ import annotations

import copy
import functools

import pytest

from pygame_core import Game
from pygame_core.g18xx.shares import IPO, POOL
from pygame_core.g1881 import sbahn_bots
from pygame_core.g1881.economy import SBAHN, pars, part_holder

from .game_helpers import new, world
from .positions import Edit, cash, owner, started, train
from .sbahn_helpers import act, floated, pay_as, play, sbahn_game, until

VACANT = owner(f"{SBAHN}_0", IPO)  # share 1, the chairman's 10% (12.1), is new again
SEAT1, SEAT2, SEAT3 = (part_holder(s) for s in (1, 2, 3))
BUY_CHAIR: dict[str, object] = {"type": "buy", "company": SBAHN, "source": IPO}


@functools.cache
def _stock_round() -> Game:
    """A 4-player bot game at a stock turn of phase 2."""
    g = new(4, 3)
    play(g, lambda w: w.trains.phase == "2" and w.step == "stock")
    return g


def _vacant_chair(*edits: Edit, money: int) -> Game:
    """The S-Bahn floated (P0 chairman, seats P1-P3) with its chair back among the new
    shares, at the stock turn of a player who has `money`; `edits` first."""
    g = copy.deepcopy(_stock_round())
    me = g.players[g.active or 0]
    g = started(g, *floated(), VACANT, *edits, cash(me, money))
    w = world(g)
    assert w.step == "stock" and w.eco.shares.director(SBAHN) is None
    assert sbahn_bots.vacant_chair(w)
    return g


def _chair_price() -> int:
    return 2 * pars(world(_stock_round()).edition)[SBAHN]  # 168


def _bot(g: Game) -> dict[str, object]:
    return g.bot_action(g.active or 0, "normal")


def test_a_normal_bot_takes_the_vacant_chair_first_G14() -> None:
    """G14: the main network holds a 4S nobody runs; a player who can pay 168 and keep 50
    buys the chair before anything else (before, he needed 168 + 150 and ranked it after
    his companies) and runs the main network."""
    g = _vacant_chair(train(SBAHN), money=_chair_price() + sbahn_bots.CHAIR_KEEP)
    me = g.players[g.active or 0]
    assert _bot(g) == BUY_CHAIR
    act(g, BUY_CHAIR)
    assert world(g).eco.shares.director(SBAHN) == me


@pytest.mark.parametrize(
    ("edits", "short"),
    [
        pytest.param((cash(SBAHN, 299),), 0, id="no train, less than a 4S (300)"),
        pytest.param((train(SBAHN),), 1, id="less than 168 + 50"),
    ],
)
def test_the_bot_leaves_a_chair_with_nothing_to_run_or_beyond_its_cash_G14(
    edits: tuple[Edit, ...], short: int
) -> None:
    """G14: the bot leaves the chair while the main network has no train and less than
    the cheapest S train, or while buying would leave him less than 50."""
    g = _vacant_chair(*edits, money=_chair_price() + sbahn_bots.CHAIR_KEEP - short)
    assert _bot(g) != BUY_CHAIR


def _chairless_turn(*edits: Edit) -> tuple[Game, int]:
    """The S-Bahn's second turn (OR 2.2; in its first every part bought a 4S) with the
    chair back among the new shares, and its price before: the bots play the trams up to
    the turn, or up to its payout when no part operates."""
    g = sbahn_game()
    until(g, lambda w: w.sbahn is None)
    g = started(g, VACANT, *edits)
    before, start = world(g).eco.market.price(SBAHN), len(g.log)
    play(g, lambda w: w.sbahn is not None or any("S pays" in e["text"] for e in g.log[start:]))
    return g, before


def test_the_idle_main_network_casts_no_vote_1881_12_12_A47() -> None:
    """12.12 "Schüttet die Mehrheit der S-Bahn-Betreiber Dividenden aus, so steigt der
    Kurs" with A-47 (one vote per part that operated): the main network has no operator
    and is skipped; seats 1 and 2 pay, seat 3 withholds: 2 to 1, the price rises. (Were
    the idle main network a withholding vote, 9.10, it would be 2 to 2 and stay.)"""
    g, before = _chairless_turn()
    for part, choice in ((SEAT1, "pay"), (SEAT2, "pay"), (SEAT3, "withhold")):
        pay_as(g, part, 40, choice)
    until(g, lambda w: w.sbahn is None)
    texts = [e["text"] for e in g.log_for(None)]
    assert f"{SBAHN} has nobody to run it and does not operate" in texts
    assert any("(2 of 3 parts paid)" in t for t in texts)
    assert world(g).eco.market.price(SBAHN) > before


def test_with_no_part_operating_the_price_stays_1881_12_12() -> None:
    """12.12 "Bei Gleichheit bleibt der Kurs stehen": every seat is in the pool, so its
    part is the main network's (12.5), and the chair is vacant: no part operates, no
    vote either way, no move."""
    seats = [owner(f"{SBAHN}_{i}", POOL) for i in (1, 2, 3)]
    g, before = _chairless_turn(*seats)
    texts = [e["text"] for e in g.log_for(None)]
    assert f"{SBAHN} has nobody to run it and does not operate" in texts
    assert any("(0 of 0 parts paid)" in t for t in texts)
    assert world(g).sbahn is None and world(g).eco.market.price(SBAHN) == before
