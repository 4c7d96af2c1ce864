"""1881 12.1-12.5 and 10.9: S-Bahn shares (digest part C, cases 41-43, 47, 48, 51)."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.money import BANK
from pygame_core.g1881 import sbahn_shares, stock
from pygame_core.g1881.companies import Economy, buy, check_buy, live_seats, sell
from pygame_core.g1881.economy import SBAHN, part_holder

from .stock_helpers import IPO, POOL, economy, hold, papers


def rich(players: int = 4) -> Economy:
    eco = economy(players)
    for p in eco.players:
        eco.money.transfer(BANK, p, 1000, "a test's gift")
    eco.phase = "2"
    return eco


def test_case_41_not_before_phase_2_then_in_number_order() -> None:
    """1881 12.1 (C-41): S-Bahn shares are refused in phase 1; from phase 2 the first is
    No. 1, the chairman's 10% share (168), then Nos. 2, 3, 4 (board seats, 84 each)."""
    eco = economy(4)
    with pytest.raises(IllegalAction) as err:
        check_buy(eco, "P1", SBAHN, IPO)
    assert err.value.rule == "1881 12.1"
    state = stock.start(eco, 0)
    assert all(a.get("company") != SBAHN for a in stock.legal(state, 0))
    eco.phase = "2"
    first = buy(eco, "P1", SBAHN, IPO)
    assert (first["number"], first["percent"], first["cost"]) == (1, 10, 168)
    assert eco.shares.director(SBAHN) == "P1" and eco.market.price(SBAHN) == 84
    numbers = [buy(eco, p, SBAHN, IPO)["number"] for p in ("P2", "P3", "P4")]
    assert numbers == [2, 3, 4]
    assert eco.money.cash("P2") == 620 - 84
    assert live_seats(eco) == {1: "P2", 2: "P3", 3: "P4"}


def test_case_41_no_opening_right_is_needed() -> None:
    """1881 12.1 / A-6: the S-Bahn neither needs nor grants an opening right."""
    eco = rich()
    hold(eco, "GBS", "P1")
    buy(eco, "P2", SBAHN, IPO)
    assert SBAHN in eco.in_play and eco.opening_rights == 0


def test_case_42_thirty_percent_for_players_and_companies() -> None:
    """1881 12.2 (C-42): chairman + two 5% (20%) buys two more (30%); a further one is
    refused; the same cap for a tram company."""
    eco = rich()
    for _ in range(5):
        buy(eco, "P1", SBAHN, IPO)
    assert eco.shares.percent("P1", SBAHN) == 30
    with pytest.raises(IllegalAction) as err:
        buy(eco, "P1", SBAHN, IPO)
    assert err.value.rule == "1881 12.2"
    hold(eco, "GBS", "P2", "P2", "P2", "P2", "P3", "P3")  # GBS floats: 1,000
    for _ in range(6):
        buy(eco, "GBS", SBAHN, IPO)
        sbahn_shares.new_operating_round(eco)
    assert eco.shares.percent("GBS", SBAHN) == 30
    with pytest.raises(IllegalAction) as err:
        sbahn_shares.check_company_buy(eco, "GBS", IPO)
    assert err.value.rule == "1881 12.2"


def test_case_43_float_at_thirty_percent_with_1680() -> None:
    """1881 12.4 / A-41 (C-43): shares 1-5 sold (30%): the main network gets 420 and each
    sold board seat 420, 1,680 in all."""
    eco = rich()
    for p in ("P1", "P2", "P3", "P4"):
        buy(eco, p, SBAHN, IPO)
    assert SBAHN not in eco.floated and eco.money.cash(SBAHN) == 0
    buy(eco, "P1", SBAHN, IPO)
    assert SBAHN in eco.floated
    assert eco.money.cash(SBAHN) == 420
    assert [eco.money.cash(part_holder(s)) for s in (1, 2, 3)] == [420, 420, 420]
    total = eco.money.cash(SBAHN) + sum(eco.money.cash(part_holder(s)) for s in (1, 2, 3))
    assert total == 1680


def test_case_47_chairman_swap_with_two_five_percent_shares() -> None:
    """1881 12.3 (C-47): P2 with 15% against the chairman's 10% hands over two 5% shares
    for the chairman's share; he keeps his board seat, whose sub-network now counts as
    connected (it merges into the main network)."""
    eco = rich()
    buy(eco, "P1", SBAHN, IPO)  # No. 1
    buy(eco, "P2", SBAHN, IPO)  # No. 2, seat 1
    buy(eco, "P3", SBAHN, IPO)  # No. 3, seat 2
    buy(eco, "P4", SBAHN, IPO)  # No. 4, seat 3
    buy(eco, "P2", SBAHN, IPO)  # No. 5: 10% ties, no change (4.23)
    assert eco.shares.director(SBAHN) == "P1"
    buy(eco, "P2", SBAHN, IPO)  # No. 6: 15% > 10%
    assert eco.shares.director(SBAHN) == "P2"
    assert papers(eco, SBAHN)["P2"] == [1, 2] and papers(eco, SBAHN)["P1"] == [5, 6]
    assert eco.seats_merged == [1]
    assert {"event": "seat_merged", "seat": 1, "reason": "held by the chairman (12.3)"} in (
        eco.events
    )
    assert live_seats(eco) == {2: "P3", 3: "P4"}


def test_case_48_a_seat_sold_to_the_pool_merges_for_good() -> None:
    """1881 12.5 (C-48): a board seat share sold to the bank passes its part to the main
    network for the rest of the game; bought back it is an ordinary 5% share."""
    eco = rich()
    for p in ("P1", "P2", "P3", "P4", "P1"):
        buy(eco, p, SBAHN, IPO)
    sell(eco, "P3", SBAHN, 1)  # No. 3, seat 2
    assert eco.seats_merged == [2]
    assert live_seats(eco) == {1: "P2", 3: "P4"}
    buy(eco, "P4", SBAHN, POOL)
    assert papers(eco, SBAHN)["P4"] == [3, 4]
    assert eco.seats_merged == [2] and live_seats(eco) == {1: "P2", 3: "P4"}
    assert eco.money.cash(part_holder(2)) == 420  # moving it is the operating side's


def test_case_51_a_tram_company_buys_one_s_share_per_operating_round() -> None:
    """1881 10.9 (C-51): GBS buys one S share in its train step, a second in the same OR
    is refused; its dividends go to GBS's treasury; as chairman GBS's director runs the
    S-Bahn."""
    eco = rich()
    hold(eco, "GBS", "P1", "P1", "P1", "P2", "P2")
    assert "GBS" in eco.floated and eco.money.cash("GBS") == 1000
    assert sbahn_shares.company_actions(eco, "GBS") == [
        {"type": "buy_sbahn", "company": "GBS", "source": IPO}
    ]
    sbahn_shares.company_buy(eco, "GBS", IPO)
    assert eco.money.cash("GBS") == 1000 - 168
    with pytest.raises(IllegalAction) as err:
        sbahn_shares.company_buy(eco, "GBS", IPO)
    assert err.value.rule == "1881 10.9"
    assert eco.shares.dividend_payouts(SBAHN, 200)["GBS"] == 20
    assert sbahn_shares.chairman(eco) == "GBS" and sbahn_shares.runner(eco) == "P1"
    sbahn_shares.new_operating_round(eco)
    sbahn_shares.check_company_buy(eco, "GBS", IPO)


def test_a_50_a_company_that_sold_does_not_buy_back_in_that_round() -> None:
    """1881 10.9 / A-50: a tram company may sell S shares (the price moves one field left,
    4.14) but then buys none in the same operating round."""
    eco = rich()
    hold(eco, "GBS", "P1", "P1", "P1", "P2", "P2")
    buy(eco, "P3", SBAHN, IPO)
    sbahn_shares.company_buy(eco, "GBS", IPO)
    sbahn_shares.new_operating_round(eco)
    sbahn_shares.company_sell(eco, "GBS", 1)
    assert eco.market.cell(SBAHN) == (3, 8)
    assert eco.money.cash("GBS") == 1000 - 84 + 84
    with pytest.raises(IllegalAction) as err:
        sbahn_shares.check_company_buy(eco, "GBS", POOL)
    assert err.value.rule == "1881 4.8"


def test_only_operating_tram_companies_trade_s_shares() -> None:
    """1881 10.9 / 4.3: a company not floated, or the S-Bahn itself, cannot buy."""
    eco = rich()
    hold(eco, "SBV", "P1")
    with pytest.raises(IllegalAction):
        sbahn_shares.check_company_buy(eco, "SBV", IPO)
    with pytest.raises(IllegalAction):
        check_buy(eco, "SBV", "GBS", IPO)


def test_a_9_company_held_s_shares_count_as_held_for_the_sold_out_rise() -> None:
    """1881 4.16 / A-9: S-Bahn shares a tram company holds count as in players' hands:
    with every S share held by players and GBS, the marker moves one field right."""
    eco = rich()
    hold(eco, "GBS", "P1", "P1", "P1", "P2", "P2")
    for p in ("P1", "P2", "P3"):  # 30% each: the chairman's 10 + four 5%, six 5%, six 5%
        for _ in range(6 if p != "P1" else 5):
            buy(eco, p, SBAHN, IPO)
    for _ in range(2):
        sbahn_shares.company_buy(eco, "GBS", IPO)
        sbahn_shares.new_operating_round(eco)
    assert eco.shares.percent(IPO, SBAHN) == 0 and eco.shares.percent("GBS", SBAHN) == 10
    state = stock.start(eco, 0)
    while stock.active(state) is not None:
        stock.execute(state, {"type": "pass"})
    assert eco.market.cell(SBAHN) == (3, 10)
