"""1881 4.x: the stock round (digest part C, cases 6-18)."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.core.errors import IllegalAction, NotYourTurn
from pygame_core.g1881 import stock
from pygame_core.g1881.companies import buy, check_buy, sell
from pygame_core.g1881.stock import StockState

from .stock_helpers import IPO, POOL, economy, hold, papers, put


def act(state: StockState, who: int, **action: Any) -> bool:
    stock.check(state, action, who)
    return stock.execute(state, action)


def refused(state: StockState, who: int, **action: Any) -> str | None:
    with pytest.raises(IllegalAction) as err:
        stock.check(state, action, who)
    return err.value.rule


def test_case_6_one_buy_and_any_sales_in_any_order() -> None:
    """1881 4.1 / A-4 (C-6): a turn with one purchase and two sales is legal; a second
    purchase in the same turn is refused."""
    eco = economy(4)
    hold(eco, "SBV", "P2", "P1", "P1")
    hold(eco, "NBSN", "P3", "P1")
    hold(eco, "GBS", "P4")
    state = stock.start(eco, 0)
    act(state, 0, type="sell", company="SBV", count=1)
    act(state, 0, type="buy", company="GBS", source=IPO)
    act(state, 0, type="sell", company="NBSN", count=1)
    assert refused(state, 0, type="buy", company="GBS", source=IPO) == "1881 4.1"
    assert refused(state, 0, type="pass") == "1881 4.1"  # he acted: he ends his turn
    act(state, 0, type="end_turn")
    assert stock.active(state) == 1
    with pytest.raises(NotYourTurn):
        stock.check(state, {"type": "pass"}, 0)


def test_case_7_round_end_and_the_tram() -> None:
    """1881 4.6 / 4.7 (C-7): P1 buys, P2 only sells, P3 and P4 pass, P1 passes: the round
    ends (a turn with sales only declines) and the Tram goes to P2, left of P1."""
    eco = economy(4)
    hold(eco, "GBS", "P1", "P2", "P2")
    state = stock.start(eco, 0)
    act(state, 0, type="buy", company="GBS", source=IPO)
    act(state, 0, type="end_turn")
    act(state, 1, type="sell", company="GBS", count=1)
    act(state, 1, type="end_turn")
    act(state, 2, type="pass")
    assert not act(state, 3, type="pass")
    assert act(state, 0, type="pass") is True
    assert state.over and state.priority == 1 and stock.active(state) is None


def test_a_10_nobody_bought_the_tram_stays() -> None:
    """1881 4.7 / A-10: without a buyer the Tram stays with its holder."""
    eco = economy(3)
    hold(eco, "GBS", "P1")
    state = stock.start(eco, 2)
    assert state.order == [2, 0, 1]
    act(state, 2, type="pass")
    act(state, 0, type="pass")
    assert act(state, 1, type="pass") and state.priority == 2


def test_case_8_a_sale_pays_the_old_price_then_moves_once() -> None:
    """1881 4.9 / 4.14 / A-5 (C-8): 3 shares sold at 84 pay 3 x 84, then the marker moves
    one field left to 80; at column 0 the sale pays but the marker stays (4.18)."""
    eco = economy(4)
    hold(eco, "NBSN", "P2", "P1", "P1", "P1")
    put(eco, "NBSN", (3, 9))
    cash = eco.money.cash("P1")
    event = sell(eco, "P1", "NBSN", 3)
    assert event["paid"] == 3 * 84 and eco.money.cash("P1") == cash + 252
    assert eco.market.cell("NBSN") == (3, 8) and eco.market.price("NBSN") == 80
    hold(eco, "SBV", "P3", "P4", "P4")
    put(eco, "SBV", (3, 0))
    assert sell(eco, "P4", "SBV", 2)["paid"] == 2 * 40
    assert eco.market.cell("SBV") == (3, 0)


def test_case_8_sales_may_reach_10_without_bankruptcy() -> None:
    """1881 4.15 (C-8): a company at 20 sold down to 10 is not bankrupt."""
    eco = economy(4)
    hold(eco, "SBV", "P3", "P4")
    put(eco, "SBV", (0, 1))
    sell(eco, "P4", "SBV", 1)
    assert eco.market.price("SBV") == 10
    assert "SBV" in eco.in_play and "SBV" not in eco.closed
    check_buy(eco, "P1", "SBV", POOL)  # still traded


def test_case_9_no_buying_back_in_the_same_round() -> None:
    """1881 4.8 (C-9): who sold NBSN in this SR buys it again only in the next."""
    eco = economy(3)
    hold(eco, "NBSN", "P2", "P1")
    state = stock.start(eco, 0)
    act(state, 0, type="sell", company="NBSN", count=1)
    assert refused(state, 0, type="buy", company="NBSN", source=IPO) == "1881 4.8"
    assert refused(state, 0, type="buy", company="NBSN", source=POOL) == "1881 4.8"
    act(state, 0, type="end_turn")  # sales only: a decline (4.6)
    act(state, 1, type="pass")
    assert act(state, 2, type="pass") and state.priority == 0
    nxt = stock.start(eco, state.priority)
    assert {"type": "buy", "company": "NBSN", "source": POOL} in stock.legal(nxt, 0)


def test_case_10_the_director_share_is_never_sold() -> None:
    """1881 4.2 / 4.24 (C-10): selling a director share is refused, even at the limit."""
    eco = economy(6)
    hold(eco, "SSC", "P1")
    state = stock.start(eco, 0)
    assert refused(state, 0, type="sell", company="SSC", count=1) == "1881 4.24"
    assert not [a for a in stock.legal(state, 0) if a["type"] == "sell"]


def test_case_11_sixty_percent_also_in_the_yellow_zone() -> None:
    """1881 4.5 / A-8 (C-11): with 60% of SBV another 10% is refused, yellow zone or not."""
    eco = economy(3)
    hold(eco, "SBV", "P1", "P1", "P1", "P1", "P1")
    state = stock.start(eco, 0)
    assert refused(state, 0, type="buy", company="SBV", source=IPO) == "1881 4.5"
    put(eco, "SBV", (0, 4))  # 45, yellow
    assert "SBV" in eco.uncounted()
    assert refused(state, 0, type="buy", company="SBV", source=IPO) == "1881 4.5"


def test_case_12_certificate_limit_and_the_yellow_zone() -> None:
    """1881 4.4 / Table 1 (C-12): 6 players, limit 12; at 12 papers no buy; shares of a
    company priced 45 (yellow) do not count, the same at 60 do."""
    eco = economy(6)
    eco.money.transfer("bank", "P1", 2000, "a test's gift")
    hold(eco, "SSC", "P1", "P1", "P1", "P1", "P1")  # 5 papers
    hold(eco, "SpS", "P1", "P1", "P1", "P1", "P1")  # 10
    hold(eco, "SBV", "P1", "P1")  # 12
    hold(eco, "NBSN", "P2")
    state = stock.start(eco, 0)
    assert refused(state, 0, type="buy", company="NBSN", source=IPO) == "1881 4.4"
    put(eco, "SSC", (0, 4))  # 45: SSC's five papers stop counting
    act(state, 0, type="buy", company="NBSN", source=IPO)
    put(eco, "SSC", (3, 4))  # 60 again: 13 papers, no sale forced, but no buy
    act(state, 0, type="end_turn")
    assert eco.shares.over_limit("P1", uncounted=eco.uncounted()) == 1
    assert eco.must_sell == []
    with pytest.raises(IllegalAction):
        check_buy(eco, "P1", "SBV", IPO)


def test_case_13_director_swap_on_buying() -> None:
    """1881 4.22 / 4.23 (C-13): a tie keeps the director; the player who gets more takes
    the director share for two 10% shares; the old director, now over the limit, must
    sell at his next turn (4.4)."""
    eco = economy(6)
    eco.money.transfer("bank", "P1", 2000, "a test's gift")
    eco.money.transfer("bank", "P2", 2000, "a test's gift")
    hold(eco, "GBS", "P1", "P2", "P2")
    assert eco.shares.director("GBS") == "P1"  # 20% each: no change (4.23)
    hold(eco, "SSC", "P1", "P1", "P1", "P1", "P1")
    hold(eco, "SpS", "P1", "P1", "P1", "P1", "P1")
    hold(eco, "NBSN", "P1")  # P1: 12 papers, at the limit
    buy(eco, "P2", "GBS", IPO)  # 30% > 20%
    assert eco.shares.director("GBS") == "P2"
    assert papers(eco, "GBS") == {"P1": [3, 4], "P2": [1, 2]}
    assert eco.must_sell == ["P1"]
    state = stock.start(eco, 0)
    legal = stock.legal(state, 0)
    assert legal and all(a["type"] == "sell" for a in legal)
    assert refused(state, 0, type="pass") == "1881 4.4"
    assert refused(state, 0, type="buy", company="GBS", source=POOL) == "1881 4.4"
    act(state, 0, type="sell", company="SSC", count=1)
    assert eco.must_sell == []
    act(state, 0, type="end_turn")


def test_case_14_a_director_selling_below_another_loses_the_post() -> None:
    """1881 4.22 / A-7 (C-14): the director (director share + 2 = 40%) sells his 2 shares
    while P2 holds 30%: P2 becomes director at once."""
    eco = economy(4)
    hold(eco, "BChSt", "P1", "P1", "P1", "P2", "P2", "P2")
    sell(eco, "P1", "BChSt", 2)
    assert eco.shares.director("BChSt") == "P2"
    assert eco.shares.percent("P1", "BChSt") == 20 and eco.shares.percent("P2", "BChSt") == 30
    assert {"event": "director", "company": "BChSt", "old": "P1", "new": "P2"} in eco.events
    assert eco.shares.invariant_errors() == []


def test_case_15_opening_rights() -> None:
    """1881 4.12 / A-6 (C-15): BChSt's last new share sold gives one opening right; P3
    opens SHG with it; a second new company is refused until another sells out."""
    eco = economy(3)
    for p in ("P1", "P2", "P3"):
        eco.money.transfer("bank", p, 1000, "a test's gift")
    hold(eco, "BChSt", "P1", "P1", "P1", "P1", "P2", "P2", "P2", "P2")
    hold(eco, "GBS", "P3")
    state = stock.start(eco, 2)
    assert refused(state, 2, type="buy", company="SHG", source=IPO) == "1881 4.12"
    act(state, 2, type="buy", company="BChSt", source=IPO)  # the last new share
    assert eco.opening_rights == 1
    act(state, 2, type="end_turn")
    act(state, 0, type="pass")
    act(state, 1, type="pass")
    act(state, 2, type="buy", company="SHG", source=IPO)
    assert eco.opening_rights == 0 and eco.shares.director("SHG") == "P3"
    assert eco.market.cell("SHG") == (3, 6)
    act(state, 2, type="end_turn")
    assert refused(state, 0, type="buy", company="SBV", source=IPO) == "1881 4.12"


def test_case_16_sold_out_moves_right_at_the_round_end() -> None:
    """1881 4.16 (C-16): every BChSt certificate with players at the end of the SR: its
    marker moves one field right; others (a share in the pool) stay."""
    eco = economy(3)
    for p in ("P1", "P2", "P3"):
        eco.money.transfer("bank", p, 1000, "a test's gift")
    hold(eco, "BChSt", "P1", "P1", "P1", "P1", "P2", "P2", "P2", "P2", "P3")
    hold(eco, "GBS", "P3", "P1")
    state = stock.start(eco, 0)
    act(state, 0, type="sell", company="GBS", count=1)
    act(state, 0, type="end_turn")
    act(state, 1, type="pass")
    assert act(state, 2, type="pass")
    assert eco.market.cell("BChSt") == (3, 11) and eco.market.price("BChSt") == 100
    assert eco.market.cell("GBS") == (3, 10)  # the sale's move only
    assert not state.game_over


def test_case_16_reaching_400_ends_the_game_at_once() -> None:
    """1881 4.17 (C-16): a sold-out rise onto 400 ends the game."""
    eco = economy(3)
    for p in ("P1", "P2", "P3"):
        eco.money.transfer("bank", p, 1000, "a test's gift")
    hold(eco, "SSC", "P1", "P1", "P1", "P1", "P2", "P2", "P2", "P2", "P3")
    put(eco, "SSC", (7, 23))
    state = stock.start(eco, 0)
    for seat in (0, 1, 2):
        act(state, seat, type="pass")
    assert state.over and state.game_over
    assert eco.market.price("SSC") == 400
    assert eco.events[-1] == {"event": "game_end", "company": "SSC", "rule": "1881 4.17"}


def test_case_17_stacking_and_order() -> None:
    """1881 4.19 / 5.1 (C-17): two companies at 90, the first to arrive operates first;
    a marker moved onto a cell goes under those there."""
    eco = economy(3)
    hold(eco, "BESTAG", "P1")
    hold(eco, "BChSt", "P2")
    assert eco.market.operating_order() == ["BESTAG", "BChSt"]
    hold(eco, "GBS", "P3", "P1")
    sell(eco, "P1", "GBS", 1)  # 100 -> 90: arrives under the two
    assert eco.market.stack((3, 10)) == ["BESTAG", "BChSt", "GBS"]
    assert eco.market.operating_order() == ["BESTAG", "BChSt", "GBS"]


def test_case_18_floating_counts_pool_shares() -> None:
    """1881 4.25 / 4.26 (C-18): SBV with director + 3 sold (50%); one is sold to the pool
    and another new one bought: 60% of the new shares sold, the pool's included: SBV
    floats with 700 and its start depot goes on start field 6 (L6)."""
    eco = economy(4)
    hold(eco, "SBV", "P1", "P2", "P3", "P4")
    sell(eco, "P4", "SBV", 1)
    assert "SBV" not in eco.floated and eco.money.cash("SBV") == 0
    buy(eco, "P3", "SBV", IPO)
    assert "SBV" in eco.floated and eco.money.cash("SBV") == 700
    assert {"event": "float", "company": "SBV", "capital": 700, "home": "L6"} in eco.events


def test_players_who_can_do_nothing_are_passed_over() -> None:
    """1881 4.6: nobody can buy (no company in play, no opening right) or sell: after the
    first pass the others are passed over and the round ends."""
    eco = economy(3)
    state = stock.start(eco, 1)
    assert act(state, 1, type="pass") is True
    assert [e["player"] for e in eco.events if e["event"] == "passed_over"] == ["P3", "P1"]


def test_legal_actions_pass_check_and_the_state_round_trips() -> None:
    """1881 4.1: every listed action is accepted, and a saved round plays on the same."""
    eco = economy(4)
    hold(eco, "SBV", "P1", "P2")
    hold(eco, "GBS", "P2", "P1")
    state = stock.start(eco, 0)
    act(state, 0, type="sell", company="GBS", count=1)
    for action in stock.legal(state, 0):
        stock.check(state, action, 0)
    again = StockState.from_dict(state.to_dict())
    assert again.to_dict() == state.to_dict()
    assert stock.legal(again, 0) == stock.legal(state, 0)
