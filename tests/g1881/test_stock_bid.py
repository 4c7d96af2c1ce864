"""1881 2.4-2.10: the initial bid and the start purchases (digest part C, cases 1-5)."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.core.errors import EngineError, IllegalAction, InvalidAction, NotYourTurn
from pygame_core.g1881 import bid
from pygame_core.g1881.bid import BidState
from pygame_core.g1881.companies import check_buy
from pygame_core.g1881.economy import TRAMS, pars

from .stock_helpers import IPO, economy


def act(state: BidState, who: int, **action: Any) -> bool:
    bid.check(state, action, who)
    return bid.execute(state, action)


def bids(state: BidState, amounts: list[int]) -> None:
    for seat, amount in enumerate(amounts):
        act(state, seat, type="bid", seat=seat, amount=amount)


def test_case_1_envelopes_swap_highest_with_lowest() -> None:
    """1881 2.7 (C-1): 60/40/30/20 with 620 each -> 580/610/630/660; P60 takes the Tram
    and buys first, then P40, P30, P20."""
    state = bid.start(economy(4), auctioneer=0)
    bids(state, [30, 60, 20, 40])  # P1 30, P2 60, P3 20, P4 40
    cash = [state.eco.money.cash(p) for p in state.eco.players]
    assert cash == [630, 580, 660, 610]
    assert state.priority == 1 and state.order == [1, 3, 0, 2]
    assert bid.active(state) == 1


def test_case_2_ties_rank_clockwise_from_the_auctioneer() -> None:
    """1881 2.8 / A-1 (C-2): of two equal bids the one nearer clockwise after the
    auctioneer counts higher; the middle one of five keeps his envelope."""
    state = bid.start(economy(5), auctioneer=0)
    bids(state, [50, 40, 30, 30, 20])
    assert state.order == [0, 1, 2, 3, 4]
    # 50 <-> 20 and 40 <-> the lower 30 (P4); P3 keeps his own 30.
    cash = [state.eco.money.cash(p) for p in state.eco.players]
    assert cash == [520 - 30, 520 - 10, 520, 520 + 10, 520 + 30]


def test_case_2_the_auctioneer_is_last_among_equals() -> None:
    """1881 2.8 / A-1: the auctioneer sits farthest from himself: tied, he is lowest."""
    state = bid.start(economy(5), auctioneer=2)
    bids(state, [50, 40, 30, 30, 20])
    assert state.order == [0, 1, 3, 2, 4]
    assert state.eco.money.cash("P3") == 520 + 10  # the auctioneer swaps with the 40


@pytest.mark.parametrize("amount", [15, 25, 10, 621])
def test_case_3_illegal_bids_are_refused(amount: int) -> None:
    """1881 2.6 (C-3): at least 20, in steps of 10; 2.5 no more than own cash."""
    state = bid.start(economy(4), auctioneer=0)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, type="bid", seat=0, amount=amount)
    assert err.value.rule in ("1881 2.6", "1881 2.5")
    assert bid.waiting(state) == [0, 1, 2, 3]


def test_bids_are_sealed_until_all_are_in() -> None:
    """1881 2.5: everybody bids at once, in secret; a bid is not changed."""
    state = bid.start(economy(3), auctioneer=0)
    act(state, 2, type="bid", seat=2, amount=70)
    assert bid.waiting(state) == [0, 1]
    seen = bid.view_for(state, 0)["sealed"]
    assert seen["has_bid"] == ["P3"] and seen["own"] is None and seen["bids"] is None
    assert bid.view_for(state, 2)["sealed"]["own"] == 70
    with pytest.raises(IllegalAction):
        act(state, 2, type="bid", seat=2, amount=80)
    with pytest.raises(InvalidAction):
        bid.check(state, {"type": "bid", "seat": 1, "amount": 20}, 0)  # not his envelope
    act(state, 0, type="bid", seat=0, amount=20)
    act(state, 1, type="bid", seat=1, amount=20)
    assert bid.view_for(state, None)["sealed"]["bids"] == {"P1": 20, "P2": 20, "P3": 70}


def _to_purchases(players: int = 4) -> BidState:
    state = bid.start(economy(players), auctioneer=players - 1)
    bids(state, [20] * players)  # all equal: seat order from the auctioneer's left
    assert state.order == list(range(players))
    return state


def test_case_4_start_purchases() -> None:
    """1881 2.9 (C-4): up to four tram shares each, the first of a company its director's
    share (SBV 140), then 10% at 70; no S-Bahn shares, no sales; 60% floats at once with
    10 x par (4.25, 4.26)."""
    state = _to_purchases()
    eco = state.eco
    with pytest.raises(IllegalAction) as err:
        act(state, 0, type="buy", company="S")
    assert err.value.rule == "1881 2.9"
    with pytest.raises(IllegalAction):
        act(state, 0, type="sell", company="SBV", count=1)
    with pytest.raises(NotYourTurn):
        act(state, 1, type="buy", company="SBV")
    for _ in range(3):
        act(state, 0, type="buy", company="SBV")
    assert eco.money.cash("P1") == 620 - 140 - 70 - 70
    assert eco.shares.director("SBV") == "P1"
    act(state, 0, type="buy", company="SBV")  # the fourth ends his purchases
    assert bid.active(state) == 1 and "SBV" not in eco.floated
    act(state, 1, type="buy", company="SBV")
    assert eco.money.cash("P2") == 620 - pars()["SBV"]
    assert "SBV" in eco.floated and eco.money.cash("SBV") == 10 * pars()["SBV"] == 700
    assert {"event": "float", "company": "SBV", "capital": 700, "home": "L6"} in eco.events


def test_case_4_shares_are_paid_from_own_cash() -> None:
    """1881 2.9 / 4.3: start purchases are paid from the player's cash; what he cannot pay
    is not offered (6 players, 420 each: GBS 200 + 100 + 100 leaves 20)."""
    state = _to_purchases(6)
    for _ in range(3):
        act(state, 0, type="buy", company="GBS")
    assert state.eco.money.cash("P1") == 20
    assert bid.legal(state, 0) == [{"type": "pass"}]
    with pytest.raises(IllegalAction) as err:
        act(state, 0, type="buy", company="SSC")
    assert err.value.rule == "1881 4.3"


def test_case_5_markers_on_par_and_no_opening_without_a_right() -> None:
    """1881 2.10 (C-5): companies with a share sold have their marker on their par; the
    others cannot be opened in the stock round until an opening right exists (4.12)."""
    state = _to_purchases(3)
    act(state, 0, type="buy", company="GBS")
    act(state, 0, type="pass")
    act(state, 1, type="buy", company="SBV")
    act(state, 1, type="buy", company="GBS")
    act(state, 1, type="pass")
    assert act(state, 2, type="pass") is True
    eco = state.eco
    assert bid.active(state) is None and state.stage == bid.DONE
    assert eco.market.cell("GBS") == (3, 11) and eco.market.price("GBS") == 100
    assert eco.market.cell("SBV") == (3, 6) and eco.market.price("SBV") == 70
    assert set(eco.market.corporations()) == {"GBS", "SBV"}
    with pytest.raises(IllegalAction) as err:
        check_buy(eco, "P3", "NBSN", IPO)
    assert err.value.rule == "1881 4.12"
    check_buy(eco, "P3", "GBS", IPO)  # a company in play is fine


def test_bid_state_round_trips() -> None:
    """1881 2.5: a saved bid keeps the sealed amounts (a save is not a view)."""
    state = bid.start(economy(3), auctioneer=0)
    act(state, 1, type="bid", seat=1, amount=40)
    again = BidState.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    act(again, 0, type="bid", seat=0, amount=20)
    act(again, 2, type="bid", seat=2, amount=30)
    assert again.order == [1, 2, 0]


def test_legal_actions_are_accepted() -> None:
    """1881 2.9: every action `legal` lists passes `check` (the purchases' whole menu)."""
    state = _to_purchases(3)
    for action in bid.legal(state, 0):
        bid.check(state, action, 0)
    assert {a["company"] for a in bid.legal(state, 0) if a["type"] == "buy"} == set(TRAMS)
    assert bid.legal(state, 1) == []
    with pytest.raises(EngineError):
        bid.check(state, {"type": "dance"}, 0)
