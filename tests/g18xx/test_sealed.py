"""Sealed bids: hidden until all have bid, then revealed; a title hook orders the seats.

The hook here is 1881's initial bid (seed 004, 2.4-2.8; digest A-1, A-2, C.1-C.3): the
highest bidder swaps envelopes with the lowest, the second with the second lowest, the
median keeps his; ties rank by seat clockwise from the auctioneer's left.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.core.errors import EngineError, IllegalAction
from pygame_core.g18xx.money import BANK, Money
from pygame_core.g18xx.sealed import SealedBid, SealedBids, SealedRules

from .like1881 import SEALED_RULES


def precedence(seats: Sequence[str], auctioneer: int) -> list[str]:
    """2.8 / A-1: nearest clockwise to the auctioneer first; the auctioneer last."""
    n = len(seats)
    return [seats[(auctioneer + k) % n] for k in range(1, n + 1)]


def envelope_swap(
    sealed: SealedBids, seats: Sequence[str], auctioneer: int, money: Money
) -> list[str]:
    """The 1881-like title hook: 2.7's swaps as payments; returns the bid order."""
    order = sealed.ranking(precedence(seats, auctioneer))
    bids = sealed.bids()
    n = len(order)
    for i in range(n // 2):
        high, low = order[i], order[n - 1 - i]
        # The high bidder's envelope goes to the low one and back: the difference moves.
        money.transfer(high, low, bids[high] - bids[low], "envelope swap (2.7)")
    return order


def players(cash: int, names: Sequence[str]) -> Money:
    money = Money(None)
    for p in names:
        money.open(p, "player")
        money.transfer(BANK, p, cash, "start (Table 1)")
    return money


def bid_all(sealed: SealedBids, bids: dict[str, int], cash: dict[str, int]) -> None:
    for bidder, amount in bids.items():
        sealed.submit(SealedBid(bidder, amount), cash)


def test_four_players_swap_envelopes() -> None:
    # C.1: bids 60 / 40 / 30 / 20 with 620 each: 580, 610, 630, 660; order by bid.
    seats = ["P60", "P40", "P30", "P20"]
    money = players(620, seats)
    cash = {p: money.cash(p) for p in seats}
    sealed = SealedBids(SEALED_RULES, seats)
    bid_all(sealed, {"P30": 30, "P60": 60, "P20": 20, "P40": 40}, cash)
    order = envelope_swap(sealed, seats, auctioneer=0, money=money)
    assert order == ["P60", "P40", "P30", "P20"]
    assert [money.cash(p) for p in seats] == [580, 610, 630, 660]
    assert money.total() == 0  # nothing from or to the bank beyond the start money


def test_ties_rank_from_the_auctioneers_left_and_the_median_keeps_his() -> None:
    # C.2 / 2.8: five players 50 / 40 / 30 / 30 / 20; of the two 30s the one nearer
    # clockwise to the auctioneer ranks higher (the median, keeping his own 30); the
    # 50 swaps with the 20 and the 40 with the lower 30.
    seats = ["A", "B", "C", "D", "E"]  # the auctioneer is C (seat 2)
    money = players(520, seats)
    sealed = SealedBids(SEALED_RULES, seats)
    bid_all(sealed, {"A": 30, "B": 50, "C": 20, "D": 40, "E": 30}, {p: 520 for p in seats})
    order = envelope_swap(sealed, seats, auctioneer=2, money=money)
    assert order == ["B", "D", "E", "A", "C"]  # E sits nearer C's left than A
    assert {p: money.cash(p) for p in seats} == {
        "A": 530,  # the lower 30 swaps with the 40
        "B": 490,
        "C": 550,
        "D": 510,
        "E": 520,  # the higher 30 is the median and keeps his own envelope
    }


@pytest.mark.parametrize(
    ("amount", "rule"), [(15, "1881 2.6"), (25, "1881 2.6"), (630, "1881 2.5")]
)
def test_illegal_bids(amount: int, rule: str) -> None:
    # C.3: 15 (below 20), 25 (not a step of 10), more than one's cash are refused.
    sealed = SealedBids(SEALED_RULES, ["A", "B"])
    with pytest.raises(IllegalAction) as err:
        sealed.submit(SealedBid("A", amount), {"A": 620, "B": 620})
    assert err.value.rule == rule and sealed.waiting() == ["A", "B"]


def test_hidden_until_all_have_bid() -> None:
    # 2.5: each puts his bid in an envelope in secret; only when all have, the bids are
    # named (B-6: only the bids are secret, and only until all are made).
    seats = ["A", "B", "C"]
    sealed = SealedBids(SEALED_RULES, seats)
    cash = {p: 720 for p in seats}
    events = sealed.submit(SealedBid("B", 70), cash)
    assert events == [{"event": "sealed_bid", "bidder": "B"}]  # no amount in the log
    assert sealed.view("B") == {"bidders": seats, "has_bid": ["B"], "own": 70, "bids": None}
    assert sealed.view("A") == {"bidders": seats, "has_bid": ["B"], "own": None, "bids": None}
    assert sealed.view(None)["own"] is None and "70" not in json.dumps(sealed.view("C"))
    with pytest.raises(IllegalAction):
        sealed.bids()
    with pytest.raises(IllegalAction) as err:
        sealed.submit(SealedBid("B", 80), cash)  # one envelope each
    assert err.value.rule == "1881 2.5"
    assert sealed.legal("B", cash) is None
    legal = sealed.legal("A", cash)
    assert legal is not None and (legal.least, legal.most, legal.step) == (20, 720, 10)
    sealed.submit(SealedBid("A", 20), cash)
    assert not sealed.revealed and sealed.waiting() == ["C"]
    events = sealed.submit(SealedBid("C", 40), cash)
    assert events[-1] == {"event": "revealed", "bids": {"A": 20, "B": 70, "C": 40}}
    assert sealed.view("A")["bids"] == {"A": 20, "B": 70, "C": 40}


def test_a_seat_without_the_minimum_has_no_bid() -> None:
    sealed = SealedBids(SEALED_RULES, ["A", "B"])
    assert sealed.legal("A", {"A": 19}) is None
    assert sealed.legal("Z", {"Z": 100}) is None


def test_bad_setups_and_unknown_bidders() -> None:
    with pytest.raises(EngineError):
        SealedBids(SealedRules(step=0), ["A"])
    with pytest.raises(EngineError):
        SealedBids(SEALED_RULES, ["A", "A"])
    sealed = SealedBids(SealedRules(), ["A", "B"])
    with pytest.raises(EngineError):
        sealed.submit(SealedBid("Z", 10), {"Z": 10})
    with pytest.raises(IllegalAction) as err:
        sealed.submit(SealedBid("A", -1), {"A": 10})
    assert err.value.rule == "18xx: least bid"  # no title: the generic citation
    bid_all(sealed, {"A": 1, "B": 1}, {"A": 5, "B": 5})
    with pytest.raises(EngineError):
        sealed.ranking(["A"])


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(2, 30), min_size=2, max_size=6), st.integers(0, 5))
def test_save_round_trip_and_swap_conserves_money(steps: list[int], auctioneer: int) -> None:
    seats = [f"P{i}" for i in range(len(steps))]
    money = players(400, seats)
    sealed = SealedBids(SEALED_RULES, seats)
    cash = {p: 400 for p in seats}
    for i, (p, s) in enumerate(zip(seats, steps, strict=True)):
        sealed.submit(SealedBid(p, 10 * s), cash)
        again = SealedBids.from_dict(SEALED_RULES, json.loads(json.dumps(sealed.to_dict())))
        assert again.to_dict() == sealed.to_dict() and again.revealed == (i == len(seats) - 1)
    order = envelope_swap(sealed, seats, auctioneer % len(seats), money)
    bids = sealed.bids()
    assert [bids[p] for p in order] == sorted(bids.values(), reverse=True)
    assert sum(money.cash(p) for p in seats) == 400 * len(seats)
    # Everyone ends with his start money minus his bid plus the bid of his partner.
    n = len(order)
    for i, p in enumerate(order):
        assert money.cash(p) == 400 - bids[p] + bids[order[n - 1 - i]]
