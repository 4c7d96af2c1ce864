"""1881's economy settings (Table 1, 4.x, 9.9-9.11, 12.x) and random legal stock rounds."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.g18xx.market import Market
from pygame_core.g18xx.money import BANK, Money
from pygame_core.g18xx.rounds import StepFunctions
from pygame_core.g18xx.shares import IPO, Shares
from pygame_core.g1881 import bid, economy, stock
from pygame_core.g1881.bid import BidState
from pygame_core.g1881.companies import Economy, sold_percent
from pygame_core.g1881.stock import StockState

from .stock_helpers import economy as new_game
from .stock_helpers import hold


def test_table_1_start_money_and_certificate_limits() -> None:
    """1881 Table 1 / 2.2: 720/620/520/420 and 21/18/15/12 for 3-6 players."""
    assert dict(economy.START_CASH) == {3: 720, 4: 620, 5: 520, 6: 420}
    assert dict(economy.CERT_LIMIT) == {3: 21, 4: 18, 5: 15, 6: 12}
    for n in range(3, 7):
        assert economy.share_rules(n).cert_limit == economy.CERT_LIMIT[n]
        money = economy.new_money([f"P{i}" for i in range(n)])
        assert money.cash("P0") == economy.START_CASH[n]
        assert money.total() == economy.BANK_CASH == 10320
    with pytest.raises(ValueError):
        economy.share_rules(2)


def test_certificates_of_trams_and_the_s_bahn() -> None:
    """1881 0 / 12.1: a tram company has a 20% director share and eight 10% shares; the
    S-Bahn a 10% chairman share, three 5% board seats (Nos. 2-4, A-41) and fifteen 5%."""
    eco = new_game(3)
    assert [c.percent for c in eco.shares.certs["GBS"]] == [20] + [10] * 8
    s = eco.shares.certs[economy.SBAHN]
    assert len(s) == 19 and s[0].percent == 10 and s[0].director
    assert sum(c.percent for c in s) == 100
    assert dict(economy.SEATS) == {1: 1, 2: 2, 3: 3}
    assert eco.shares.caps[economy.SBAHN] == 30 and eco.shares.caps["GBS"] == 60


@pytest.mark.parametrize(
    ("start", "paid", "end"),
    [
        ((3, 9), True, (4, 9)),  # 9.9: a dividend one field down = price up
        ((3, 9), False, (2, 9)),  # 9.10: withheld one field up = price down
        ((7, 20), True, (7, 21)),  # 9.11: at the bottom the arrow leads right
        ((0, 5), False, (0, 4)),  # 9.11: at the top the arrow leads left
    ],
)
def test_9_9_to_9_11_operating_moves(
    start: tuple[int, int], paid: bool, end: tuple[int, int]
) -> None:
    """1881 9.9-9.11 on board.json's market (digest B-3)."""
    market = Market(economy.market_grid())
    market.place("GBS", start)
    market.pay_dividend("GBS", 10 if paid else 0)
    assert market.cell("GBS") == end
    assert market.grid.price(end) - market.grid.price(start) != 0


def test_market_zones_and_pars() -> None:
    """1881 4.4 yellow zone 20-50, 9.13 bankrupt at 10, 4.17 end at 400; B-4 pars."""
    grid = economy.market_grid()
    yellow = {grid.price(c) for c in grid.zones[economy.YELLOW]}
    assert yellow == {20, 30, 40, 45, 50}
    assert [grid.price(c) for c in grid.zones[economy.BANKRUPT]] == [10]
    assert [grid.price(c) for c in grid.zones[economy.END]] == [400]
    for corp, par in economy.pars().items():
        assert grid.price(economy.par_cell(corp)) == par
        assert par in grid.par_prices(economy.par_kind(corp))


def test_core_swap_hands_over_the_highest_numbered_shares() -> None:
    """1881 12.3 (core setting `swap_hands_over_last`): the new chairman hands over his
    highest-numbered 5% shares and keeps the board seat (No. 2); by default the lowest."""
    for last, kept in ((True, [0, 1]), (False, [0, 4])):
        rules = replace(economy.share_rules(3), swap_hands_over_last=last)
        money = Money(None)
        shares = Shares(["A", "B", "C"], rules)
        for p in ("A", "B", "C"):
            money.open(p, "player")
            money.transfer(BANK, p, 1000, "start")
        shares.add_corporation("S", economy.SBAHN_SHARES, director=True, cap=30, unit=5)
        shares.buy("A", "S", IPO, 84, money, director=True)
        for buyer in ("B", "C", "B", "B"):
            shares.buy(buyer, "S", IPO, 84, money)
        assert shares.director("S") == "B"
        assert [c.index for c in shares.held("B", "S")] == kept


def _play(eco: Economy, rng: random.Random, steps: int) -> None:
    """Random legal start purchases and stock rounds, checking after every action."""
    state = bid.start(eco, rng.randrange(len(eco.players)))
    total = eco.money.total()
    for seat in range(len(eco.players)):
        pick = rng.choice(bid.legal(state, seat))
        amount = rng.randrange(pick["min"], pick["max"] + 1, pick["step"])
        action = {"type": "bid", "seat": seat, "amount": amount}
        bid.check(state, action, seat)
        bid.execute(state, action)
    while (buyer := bid.active(state)) is not None:
        action = rng.choice(bid.legal(state, buyer))
        bid.check(state, action, buyer)
        bid.execute(state, action)
    assert state.priority is not None
    sr = stock.start(eco, state.priority)
    for i in range(steps):
        if sr.over:
            eco.phase = "2" if i > steps // 3 else eco.phase
            sr = stock.start(eco, sr.priority)
        on_turn = stock.active(sr)
        assert on_turn is not None
        actions = stock.legal(sr, on_turn)
        assert actions
        action = rng.choice(actions)
        stock.check(sr, action, on_turn)
        stock.execute(sr, action)
        assert eco.shares.invariant_errors() == []
        assert eco.money.total() == total
        for corp in eco.floated:
            need = 30 if corp == economy.SBAHN else 60
            assert sold_percent(eco, corp) >= need
        assert 0 <= eco.opening_rights <= len(eco.rights_from)


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_random_legal_rounds_keep_the_invariants(players: int, seed: int) -> None:
    """1881 4.1-4.27 / 12.1-12.4: every listed action passes its check; the certificates
    stay whole (director the largest holder, caps kept); money is conserved; floated
    companies sold their share."""
    _play(new_game(players), random.Random(seed), 120)


def test_economy_round_trips() -> None:
    """1881: the share side saves and loads to the same state."""
    eco = new_game(4)
    hold(eco, "GBS", "P1", "P2", "P3", "P4", "P1")
    again = Economy.from_dict(eco.to_dict())
    assert again.to_dict() == eco.to_dict()
    assert again.market.cell("GBS") == (3, 11) and again.floated == ["GBS"]


def test_the_rounds_have_the_core_step_functions() -> None:
    """1881 2.4 / 4.1: the bid and the stock round modules are the core's step functions
    (`StepFunctions`: active, legal, check, execute), for the game's `Step`s to wrap."""
    bid_step: StepFunctions[BidState, Mapping[str, Any]] = bid
    stock_step: StepFunctions[StockState, Mapping[str, Any]] = stock
    state = bid.start(new_game(3), 0)
    assert bid_step.active(state) == 0
    assert bid_step.legal(state, 0)[0]["type"] == "bid"
    eco = new_game(3)
    hold(eco, "GBS", "P1")
    sr = stock.start(eco, 1)
    assert stock_step.active(sr) == 1
    assert {"type": "buy", "company": "GBS", "source": "ipo"} in stock_step.legal(sr, 1)
