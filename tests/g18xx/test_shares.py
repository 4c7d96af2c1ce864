"""Certificates: buying, selling, limits, director changes; percentages always sum to 100."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.core.errors import EngineError, IllegalAction
from pygame_core.g18xx.money import BANK, InsufficientCash, Money
from pygame_core.g18xx.shares import IPO, POOL, ShareRules, Shares
from pygame_core.g1840.economy import MAJOR_SHARES, STADTBAHN_SHARES, share_rules

PLAYERS = ["A", "B", "C"]
CLASSIC = (20, 10, 10, 10, 10, 10, 10, 10, 10)  # the usual 18xx president + 8 x 10%


def table(rules: ShareRules, cash: int = 1000) -> tuple[Shares, Money]:
    money = Money(None)
    shares = Shares(PLAYERS, rules)
    for p in PLAYERS:
        money.open(p, "player")
        money.transfer(BANK, p, cash, "start")
    return shares, money


def g1840(cash: int = 1000) -> tuple[Shares, Money]:
    shares, money = table(share_rules(3), cash)
    shares.add_corporation("WT", MAJOR_SHARES, director=True)
    shares.add_corporation("W", STADTBAHN_SHARES, director=False)
    money.open("WT", "corporation")
    return shares, money


def classic(rules: ShareRules | None = None) -> tuple[Shares, Money]:
    shares, money = table(rules or ShareRules())
    shares.add_corporation("PRR", CLASSIC, director=True)
    money.open("PRR", "corporation")
    return shares, money


def holdings(shares: Shares, corp: str) -> dict[str, int]:
    return {o: shares.percent(o, corp) for o in [*PLAYERS, IPO, POOL]}


def test_1840_director_share_paid_to_the_bank() -> None:
    # VII.5: the director pays 5 x par to the bank; VII.6: shares are bought at the price.
    shares, money = g1840()
    with pytest.raises(IllegalAction):
        shares.buy("A", "WT", IPO, 80, money)  # no director yet
    cert = shares.buy("A", "WT", IPO, 80, money, director=True)
    assert cert.id == "WT_0" and cert.percent == 50 and shares.director("WT") == "A"
    assert money.cash("A") == 600 and money.cash("WT") == 0
    shares.buy("B", "WT", IPO, 80, money)
    shares.buy("B", "W", IPO, 95, money)  # Stadtbahn: no director, any share
    assert money.cash("B") == 1000 - 80 - 95 and shares.director("W") is None
    assert shares.invariant_errors() == []


def test_1840_sixty_percent_and_certificate_limit() -> None:
    # VII.3: at most 60% of a company; the director's share counts one paper; privates count.
    shares, money = g1840(cash=2000)
    shares.buy("A", "WT", IPO, 100, money, director=True)
    shares.buy("A", "WT", IPO, 100, money)
    with pytest.raises(IllegalAction) as err:
        shares.buy("A", "WT", IPO, 100, money)
    assert err.value.rule == "1840 VII.3" and shares.percent("A", "WT") == 60
    assert shares.cert_count("A") == 2
    for _ in range(6):
        shares.buy("A", "W", IPO, 95, money)  # 8 papers
    with pytest.raises(IllegalAction) as err:
        shares.buy("B", "W", IPO, 95, money, extra_certs=16)  # limit 16 for 3 players
    assert err.value.rule == "1840 VII.3"


def test_1840_cash_is_checked_before_anything_moves() -> None:
    # VII.6: "Man kann nur Aktien kaufen, wenn man genug Bargeld dafür besitzt."
    shares, money = g1840(cash=450)
    with pytest.raises(InsufficientCash) as err:
        shares.buy("A", "WT", IPO, 100, money, director=True)
    assert err.value.rule == "1840 VII.6"
    assert shares.director("WT") is None and money.cash("A") == 450 and len(money.ledger) == 3


def test_1840_director_share_is_never_sold() -> None:
    # VII.4 "Eine Direktoraktie darf nie verkauft werden"; X.3: paid at the old price.
    shares, money = g1840()
    shares.buy("A", "WT", IPO, 90, money, director=True)
    shares.buy("A", "WT", IPO, 90, money)
    for _ in range(4):
        shares.buy("B", "WT", IPO, 90, money)
    with pytest.raises(IllegalAction) as err:
        shares.sell("A", "WT", 2, 90, money)
    assert err.value.rule == "1840 VII.4" and shares.percent("A", "WT") == 60
    assert shares.sell("A", "WT", 1, 90, money) == 90
    assert shares.director("WT") == "A" and holdings(shares, "WT")[POOL] == 10
    shares.buy("B", "WT", POOL, 85, money)  # 50% each now: the director stays
    assert shares.director("WT") == "A" and shares.invariant_errors() == []


def test_buying_past_the_director_takes_over() -> None:
    shares, money = classic()
    shares.buy("A", "PRR", IPO, 100, money, director=True)
    shares.buy("B", "PRR", IPO, 100, money)
    shares.buy("B", "PRR", IPO, 100, money)  # 20 = 20: a tie stays with A
    assert shares.director("PRR") == "A"
    shares.buy("B", "PRR", IPO, 100, money)
    assert shares.director("PRR") == "B"
    assert holdings(shares, "PRR")["A"] == 20 and holdings(shares, "PRR")["B"] == 30
    assert [c.director for c in shares.held("A", "PRR")] == [False, False]
    assert money.cash("PRR") == 500  # incremental: IPO money goes to the company


def test_selling_director_hands_over_to_the_nearest_of_the_largest() -> None:
    shares, money = classic()
    shares.buy("B", "PRR", IPO, 100, money, director=True)
    shares.buy("B", "PRR", IPO, 100, money)
    for p in ("C", "C", "A", "A"):
        shares.buy(p, "PRR", IPO, 100, money)
    # B 30 sells 20: C and A hold 20 each; C sits next after B.
    shares.sell("B", "PRR", 2, 100, money)
    assert shares.director("PRR") == "C"
    assert holdings(shares, "PRR") == {"A": 20, "B": 10, "C": 20, IPO: 30, POOL: 20}
    assert shares.invariant_errors() == []


def test_director_cannot_dump_onto_the_pool() -> None:
    shares, money = classic()
    shares.buy("A", "PRR", IPO, 100, money, director=True)
    shares.buy("A", "PRR", IPO, 100, money)
    shares.buy("B", "PRR", IPO, 100, money)
    with pytest.raises(IllegalAction):
        shares.sell("A", "PRR", 2, 100, money)  # B (10) cannot take the 20% certificate
    shares.sell("A", "PRR", 1, 100, money)
    assert shares.director("PRR") == "A" and money.cash("A") == 800


def test_pool_limit() -> None:
    shares, money = classic(ShareRules(pool_limit=10))
    shares.buy("A", "PRR", IPO, 100, money, director=True)
    for _ in range(2):
        shares.buy("B", "PRR", IPO, 100, money)
    shares.sell("B", "PRR", 1, 100, money)
    before = (holdings(shares, "PRR"), money.cash("B"))
    with pytest.raises(IllegalAction):
        shares.sell("B", "PRR", 1, 100, money)
    assert (holdings(shares, "PRR"), money.cash("B")) == before


ops = st.lists(
    st.tuples(
        st.sampled_from(["buy_ipo", "buy_ipo", "buy_pool", "sell"]),
        st.sampled_from(PLAYERS),
        st.sampled_from(["PRR", "WT", "W"]),
        st.integers(1, 3),
    ),
    min_size=10,
    max_size=120,
)


@settings(max_examples=150, deadline=None)
@given(ops, st.booleans())
def test_random_trades_keep_the_invariants(
    trades: list[tuple[str, str, str, int]], fix: bool
) -> None:
    rules = share_rules(3) if fix else ShareRules(cert_limit=12, pool_limit=50)
    shares, money = table(rules, cash=2000)
    shares.add_corporation("PRR", CLASSIC, director=True)
    shares.add_corporation("WT", MAJOR_SHARES, director=True)
    shares.add_corporation("W", STADTBAHN_SHARES, director=False)
    for corp in ("PRR", "WT", "W"):
        money.open(corp, "corporation")
    total = money.total()
    for kind, player, corp, n in trades:
        before = (shares.to_dict(), {h: money.cash(h) for h in money.holders()})
        try:
            if kind == "sell":
                shares.sell(player, corp, n, 50, money)
            else:
                source = IPO if kind == "buy_ipo" else POOL
                chair = shares.director(corp) is None and corp != "W"
                shares.buy(player, corp, source, 50, money, director=chair)
        except EngineError:
            assert (shares.to_dict(), {h: money.cash(h) for h in money.holders()}) == before
        assert shares.invariant_errors() == []
        assert money.total() == total
        for corp_ in ("PRR", "WT", "W"):
            assert sum(holdings(shares, corp_).values()) == 100
    again = Shares(PLAYERS, rules)
    for corp, layout, chair in (("PRR", CLASSIC, True), ("WT", MAJOR_SHARES, True)):
        again.add_corporation(corp, layout, director=chair)
    again.add_corporation("W", STADTBAHN_SHARES, director=False)
    again.load(json.loads(json.dumps(shares.to_dict())))
    assert again.to_dict() == shares.to_dict()


def test_locked_director_may_not_sell_below_another_player() -> None:
    # 1840 VII.4 keeps the director's certificate with its owner for good; with a smaller
    # director's certificate that means no sale that leaves another player ahead.
    shares, money = classic(ShareRules(director_sale="locked"))
    shares.buy("A", "PRR", IPO, 100, money, director=True)
    shares.buy("A", "PRR", IPO, 100, money)
    for _ in range(3):
        shares.buy("B", "PRR", IPO, 100, money)  # B 30 = A 30: a tie, A stays
    with pytest.raises(IllegalAction) as err:
        shares.sell("A", "PRR", 1, 100, money)  # A would have 20 against B's 30
    assert err.value.rule == "18xx: director's certificate" and shares.percent("A", "PRR") == 30


def test_twenty_percent_director_for_four_five_percent_shares() -> None:
    # Certificates of 5%: a 20% director's certificate changes hands for four of them.
    shares, money = table(ShareRules(max_percent=100))
    shares.add_corporation("X", (20,) + (5,) * 16, director=True, unit=5)
    money.open("X", "corporation")
    shares.buy("A", "X", IPO, 50, money, director=True)
    assert money.cash("A") == 1000 - 200  # priced per 5%: 4 x 50
    for _ in range(5):
        shares.buy("B", "X", IPO, 50, money)
    assert shares.director("X") == "B" and shares.percent("B", "X") == 25
    assert [c.percent for c in shares.held("A", "X")] == [5, 5, 5, 5]
    assert [c.percent for c in shares.held("B", "X")] == [20, 5]
    assert shares.sell("A", "X", 2, 40, money) == 80 and shares.invariant_errors() == []


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(["A", "B", "C", POOL]), min_size=5, max_size=5),
    st.integers(0, 2000),
)
def test_1840_dividend_payouts_match_its_arithmetic(owners: list[str], amount: int) -> None:
    # 1840 VIII.5.1: each player gets amount x percent // 100; the pool's and the IPO's
    # parts (together) go to the bank. The shared payout gives the same figures.
    shares, money = g1840()
    shares.buy("A", "WT", IPO, 70, money, director=True)
    for cert, owner in zip(shares.certs["WT"][1:], owners, strict=True):
        shares.move(cert, owner)
    shares.move(shares.certs["WT"][-1], IPO)
    expected = {p: amount * shares.percent(p, "WT") // 100 for p in PLAYERS}
    expected[BANK] = amount * (shares.percent(POOL, "WT") + shares.percent(IPO, "WT")) // 100
    assert shares.dividend_payouts("WT", amount) == {p: v for p, v in expected.items() if v}
