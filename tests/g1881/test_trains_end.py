"""The end of 1881 (g1881/end.py): seed 004 section 13, 4.17, 9.12; digest cases C-39, C-40."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import InvalidAction
from pygame_core.g18xx.money import BANK
from pygame_core.g18xx.shares import POOL
from pygame_core.g1881.companies import Economy, new_economy
from pygame_core.g1881.economy import SBAHN
from pygame_core.g1881.end import (
    EndState,
    Timing,
    bank_pays,
    ranking,
    timing,
    totals,
    winners,
)
from pygame_core.g1881.revenue import Choice, Result, pay_revenue

PLAYERS = ["P1", "P2", "P3"]


def economy() -> Economy:
    return new_economy(PLAYERS)


def company(eco: Economy, corp: str, owners: list[str], cell: tuple[int, int]) -> None:
    for cert, owner in zip(eco.shares.certs[corp], owners, strict=False):
        eco.shares.move(cert, owner)
    eco.market.place(corp, cell)
    eco.in_play.append(corp)


def drain_bank(eco: Economy, leave: int) -> None:
    """Move the bank's cash but `leave` to P3 (a bank nearly paid out)."""
    eco.money.transfer(BANK, "P3", eco.money.cash(BANK) - leave, "test")


def test_c39_a_broken_bank_writes_down_what_it_owes() -> None:
    """1881 13.1.1 / 13.2 (C-39): the bank breaks during a dividend: it pays what it has, the
    rest is an IOU; the other companies of this OR still operate (paid in IOUs); the game
    ends after this OR, and the IOUs count in the totals."""
    eco = economy()
    company(eco, "GBS", ["P1", "P2", "P2"], (3, 11))
    company(eco, "SBV", ["P2", "P1"], (3, 6))
    drain_bank(eco, 30)
    end = EndState()
    before = {p: eco.money.cash(p) for p in PLAYERS}
    pay_revenue(eco, end, "GBS", Result(200), Choice.PAY)  # P1 40, P2 40: only 30 in the bank
    assert end.bank_broken and eco.money.cash(BANK) == 0
    assert eco.money.cash("P1") - before["P1"] == 30 and end.ious == {"P1": 10, "P2": 40}
    assert timing(end, in_stock_round=False) == Timing.AFTER_THIS_OR
    assert timing(end, in_stock_round=True) == Timing.NOW
    pay_revenue(eco, end, "SBV", Result(100), Choice.PAY)  # still operates: all in IOUs
    assert end.ious == {"P1": 20, "P2": 60}
    scores = totals(PLAYERS, eco.money, eco.shares, eco.market, end)
    gbs, sbv = eco.market.price("GBS"), eco.market.price("SBV")
    assert scores["P1"] == eco.money.cash("P1") + 2 * gbs + sbv + 20


def test_the_bank_is_whole_until_it_pays_its_last_money() -> None:
    """1881 13.1.1: "sie kann kein Privatgeld mehr auszahlen"."""
    eco = economy()
    drain_bank(eco, 50)
    end = EndState()
    assert bank_pays(eco.money, end, "P1", 20, "test") == 20 and not end.bank_broken
    assert timing(end, in_stock_round=True) is None
    assert bank_pays(eco.money, end, "P1", 30, "test") == 30 and end.bank_broken
    assert end.ious == {}
    with pytest.raises(InvalidAction):
        bank_pays(eco.money, end, "P1", -1, "test")


def test_c40_a_price_of_400_ends_the_game_after_the_payout() -> None:
    """1881 9.12 / 13.1.2 (C-40): a company at (7, 23) = 375 pays -> (7, 24) = 400: the
    dividend is paid, the game ends at once (later companies do not operate)."""
    eco = economy()
    company(eco, "GBS", ["P1", "P2"], (7, 23))
    end = EndState()
    p2 = eco.money.cash("P2")
    paid = pay_revenue(eco, end, "GBS", Result(100), Choice.PAY)
    assert paid.cell == (7, 24) and eco.market.price("GBS") == 400 and paid.game_end
    assert eco.money.cash("P2") == p2 + 10 and end.reached_end_price == "GBS"
    assert timing(end, in_stock_round=False) == Timing.NOW


def test_totals_are_cash_plus_shares_at_market_value() -> None:
    """1881 13.3: "Alles Privatgeld und der Wert aller Aktien": a director's 20 % counts two
    shares, the S-Bahn chairman's 10 % two 5 % shares; pool shares belong to nobody."""
    eco = economy()
    company(eco, "GBS", ["P1", "P2", POOL], (3, 11))  # 100
    company(eco, SBAHN, ["P2", "P1"], (3, 9))  # 84 per 5 %
    scores = totals(PLAYERS, eco.money, eco.shares, eco.market, EndState())
    assert scores["P1"] == eco.money.cash("P1") + 200 + 84
    assert scores["P2"] == eco.money.cash("P2") + 100 + 168
    assert scores["P3"] == eco.money.cash("P3")


def test_ranking_shares_equal_places() -> None:
    """1881 13.4: the highest total wins; equal totals share (A-39)."""
    scores = {"P1": 900, "P2": 1200, "P3": 1200}
    assert ranking(scores) == [("P2", "P3"), ("P1",)]
    assert winners(scores) == ("P2", "P3") and winners({}) == ()


def test_end_state_round_trips() -> None:
    end = EndState({"P1": 5}, True, "GBS")
    assert EndState.from_dict(end.to_dict()) == end
