"""The normal bot's train planning and share buying (pygame_core/g1881/train_bots.py,
bots.py): a director buys a bank train that pays for itself within five runs (10.1),
withholds a dividend only for such a train that the run makes affordable (9.10), and a
player opens only a company he can float alone unless nothing else is left (4.25)."""

from __future__ import annotations

from pygame_core import Game
from pygame_core.g18xx.money import BANK
from pygame_core.g1881 import train_bots
from pygame_core.g1881 import trains as tr
from pygame_core.g1881.board import homes
from pygame_core.g1881.runs import best_company_runs
from pygame_core.g1881.world import World

from .game_helpers import new, refresh, world


def _until(g: Game, step: str, *, trains: int, wants: bool = False, limit: int = 3000) -> World:
    """Bots play until a tram company with `trains` trains reaches `step` (`wants`: and
    wants a bank train)."""
    while g.active is not None and len(g.actions) < limit:
        w = world(g)
        op = w.op
        tram = op is not None and w.sbahn is None and op.corp in w.charters
        found = w.step == step and tram and op and len(w.trains.trains(op.corp)) == trains
        if found and op and (not wants or train_bots.wanted(w, op.corp) is not None):
            return w
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    raise AssertionError(f"no company reached {step} with {trains} trains")


def _set_cash(g: Game, holder: str, amount: int) -> None:
    w = world(g)
    have = w.eco.money.cash(holder)
    if have > amount:
        w.eco.money.transfer(holder, BANK, have - amount, "test")
    elif have < amount:
        w.eco.money.transfer(BANK, holder, amount - have, "test")
    refresh(g)


def _gain(w: World, corp: str, train: str) -> int:
    ranges = [int(tr.train_type(t).range or 0) for t in w.trains.trains(corp)]
    home = homes()[corp].hex
    before = best_company_runs(w.map, corp, ranges, home=home).total
    more = [*ranges, int(tr.train_type(train).range or 0)]
    return best_company_runs(w.map, corp, more, home=home).total - before


def test_a_train_that_pays_back_in_five_runs_is_wanted_1881_10_1() -> None:
    g = new(4, 1)
    w = _until(g, "trains", trains=2)
    corp = w.op.corp if w.op else ""
    train, price = min(tr.offer(w.trains, tr.TRAM).items(), key=lambda kv: (kv[1], kv[0]))
    gain = _gain(w, corp, train)
    want = train_bots.wanted(w, corp)
    if gain * train_bots.PAYBACK >= price:
        assert want == train_bots.Wanted(train, price, gain)
    else:
        assert want is None


def test_the_bot_buys_a_wanted_train_it_can_pay_and_not_otherwise_1881_10_1() -> None:
    g = new(4, 1)
    w = _until(g, "trains", trains=2, wants=True)
    corp = w.op.corp if w.op else ""
    want = train_bots.wanted(w, corp)
    assert want is not None
    seat = g.active
    assert seat is not None
    _set_cash(g, corp, want.price)
    assert g.bot_action(seat, "normal") == {"type": "buy_train", "train": want.train}
    _set_cash(g, corp, want.price - 1)
    assert g.bot_action(seat, "normal")["type"] != "buy_train"


def test_the_bot_withholds_only_when_the_run_pays_for_a_wanted_train_1881_9_10() -> None:
    g = new(4, 1)
    w = _until(g, "dividend", trains=2, wants=True)
    op = w.op
    assert op is not None and op.runs is not None
    corp, run = op.corp, op.runs.total
    want = train_bots.wanted(w, corp)
    assert want is not None and run > 0
    seat = g.active
    assert seat is not None
    _set_cash(g, corp, want.price - run)  # the run makes it affordable
    assert g.bot_action(seat, "normal") == {"type": "dividend", "choice": "withhold"}
    _set_cash(g, corp, want.price - run - 1)  # not even with the run
    assert g.bot_action(seat, "normal") == {"type": "dividend", "choice": "pay"}
    _set_cash(g, corp, want.price)  # affordable anyway: pay, then buy
    assert g.bot_action(seat, "normal") == {"type": "dividend", "choice": "pay"}


def test_trains_the_purchase_rusts_do_not_count_1881_11() -> None:
    """A train whose purchase starts the phase that rusts the company's trains (11.x) is
    worth only what it runs alone, so the bot does not count the rusted ones."""
    g = new(4, 1)
    w = _until(g, "trains", trains=2)
    corp = w.op.corp if w.op else ""
    held = w.trains.trains(corp)
    # Pretend the offered train rusts what the company holds.
    four = next(t for t in tr.TYPES.values() if t.triggers and t.triggers == "3")
    assert all(tr.train_type(t).rusts_on == "3" for t in held)
    home = homes()[corp].hex
    alone = best_company_runs(w.map, corp, [int(four.range or 0)], home=home).total
    now = best_company_runs(
        w.map, corp, [int(tr.train_type(t).range or 0) for t in held], home=home
    ).total
    bank = w.trains.bank.stock
    first_four = bank[four.name][0]
    w.trains.bank.stock = {four.name: bank[four.name]}  # only 4-trains on offer
    try:
        want = train_bots.wanted(w, corp)
    finally:
        w.trains.bank.stock = bank
    expected = alone - now
    if expected * train_bots.PAYBACK >= four.price:
        assert want == train_bots.Wanted(first_four, four.price, expected)
    else:
        assert want is None


def test_six_players_float_four_companies_in_the_first_stock_round_1881_4_25() -> None:
    """With 420 each (Table 1) no player can float a 90-par company alone: the bots open
    the ones they can float and help each other's, so four float at once (before: two,
    while four more stayed at 40% for the whole game)."""
    g = new(6, 0)
    while g.active is not None:
        w = world(g)
        if w.round_entry.kind == "OR":
            break
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    w = world(g)
    assert len(w.eco.floated) >= 4
    unfloated = [c for c in w.eco.in_play if c not in w.eco.floated]
    assert unfloated == [], unfloated
