"""Shares for a title that is not 1840: 1881's rules (seed 004) on the shared core.

Corporations as holders, caps per corporation, 5% shares with a 10% chairman's share,
the yellow zone outside the certificate limit, no buying back, director swaps on buying
and selling, and dividends to holders and (for pool shares) to the company.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.core.errors import EngineError, IllegalAction
from pygame_core.g18xx.market import Market
from pygame_core.g18xx.money import BANK, Money
from pygame_core.g18xx.shares import IPO, POOL, Shares

from .like1881 import S_BAHN, S_BAHN_CAP, S_BAHN_SHARES, TRAM_SHARES, market_grid, share_rules

PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]
TRAMS = ("SBV", "NBSN", "GBS")


def table(cash: int = 2000) -> tuple[Shares, Money]:
    """Six players (limit 12), three tram companies and the S-Bahn (cap 30%, priced per
    5%), each company with a treasury."""
    money = Money(None)
    shares = Shares(PLAYERS, share_rules(6))
    for p in PLAYERS:
        money.open(p, "player")
        money.transfer(BANK, p, cash, "start")
    for tram in TRAMS:
        shares.add_corporation(tram, TRAM_SHARES, director=True)
        money.open(tram, "corporation")
    shares.add_corporation(S_BAHN, S_BAHN_SHARES, director=True, cap=S_BAHN_CAP, unit=5)
    money.open(S_BAHN, "corporation")
    return shares, money


def opened(shares: Shares, money: Money, corp: str, director: str, *others: str) -> None:
    shares.buy(director, corp, IPO, 70, money, director=True)
    for p in others:
        shares.buy(p, corp, IPO, 70, money)


def test_director_share_first_and_paid_at_par() -> None:
    # 4.21 / 4.13: the director share is bought first; 4.10: new shares at the printed
    # price, paid to the bank (4.26: the company gets 10 x par when it floats).
    shares, money = table()
    with pytest.raises(IllegalAction) as err:
        shares.buy("P1", "SBV", IPO, 70, money)
    assert err.value.rule == "1881 4.21"
    shares.buy("P1", "SBV", IPO, 70, money, director=True)
    assert money.cash("P1") == 2000 - 140 and money.cash("SBV") == 0
    shares.buy("P2", "SBV", IPO, 70, money)
    assert money.cash("P2") == 1930 and shares.director("SBV") == "P1"


def test_sixty_percent_cap_also_in_the_yellow_zone() -> None:
    # 4.5: at most 60% of a company; A-8 / C.11: no yellow-zone exception for the cap.
    shares, money = table()
    opened(shares, money, "SBV", "P1", "P1", "P1", "P1", "P1")
    assert shares.percent("P1", "SBV") == 60
    with pytest.raises(IllegalAction) as err:
        shares.buy("P1", "SBV", IPO, 45, money, uncounted={"SBV"})
    assert err.value.rule == "1881 4.5"


def test_certificate_limit_skips_the_yellow_zone() -> None:
    # 4.4: every certificate is one paper whatever its size; shares priced in the yellow
    # zone do not count (C.12: 6 players, limit 12).
    shares, money = table(cash=5000)
    opened(shares, money, "SBV", "P1", "P1", "P1", "P1", "P1")  # 5 papers
    opened(shares, money, "NBSN", "P1", "P1", "P1", "P1", "P1")  # 10 papers
    opened(shares, money, "GBS", "P1", "P1")  # 12 papers: at the limit
    assert shares.cert_count("P1") == 12
    with pytest.raises(IllegalAction) as err:
        shares.buy("P1", "GBS", IPO, 100, money)
    assert err.value.rule == "1881 4.4"
    market = Market(market_grid())
    market.place("SBV", (0, 4))  # 45: yellow
    market.place("GBS", (0, 5))  # 50: yellow
    market.place("NBSN", (3, 4))  # 60: counts
    free = market.in_zone("uncounted")
    assert free == {"SBV", "GBS"} and shares.cert_count("P1", uncounted=free) == 5
    shares.buy("P1", "GBS", IPO, 100, money, uncounted=free)  # yellow: not counted
    # The same shares at 60 count: now 13 papers, and nothing more may be bought.
    market.move("GBS", market.grid.pay_move)
    assert market.zones("GBS") == [] and shares.over_limit("P1") == 1
    with pytest.raises(IllegalAction):
        shares.buy("P1", "SBV", POOL, 45, money, uncounted=market.in_zone("uncounted"))


def test_no_buying_back_in_the_same_round() -> None:
    # 4.8: who sold a company's shares may buy them again only in the next stock round
    # (C.9); other companies he may buy.
    shares, money = table()
    opened(shares, money, "NBSN", "P1", "P2", "P2")
    shares.sell("P2", "NBSN", 1, 80, money)
    assert shares.sold_this_round("P2") == ["NBSN"]
    with pytest.raises(IllegalAction) as err:
        shares.buy("P2", "NBSN", POOL, 75, money)
    assert err.value.rule == "1881 4.8"
    shares.buy("P3", "NBSN", POOL, 75, money)  # others may
    shares.new_round()
    shares.buy("P2", "NBSN", IPO, 80, money)
    assert shares.percent("P2", "NBSN") == 20


def test_director_swap_on_buying_and_the_limit() -> None:
    # 4.22 / 4.23 (C.13): a tie keeps the director; more than him takes the director share
    # for two 10% shares; the old director may now be over the limit (4.4: he must sell
    # down, and buys nothing while over it).
    shares, money = table(cash=5000)
    opened(shares, money, "NBSN", "P1", "P1", "P1", "P1", "P1")  # 5 papers
    opened(shares, money, "GBS", "P1", "P1", "P1", "P1", "P1")  # 10 papers
    shares.buy("P1", S_BAHN, IPO, 84, money, director=True)  # 11
    opened(shares, money, "SBV", "P1", "P2", "P2")  # 12: at the limit
    assert shares.director("SBV") == "P1" and shares.percent("P2", "SBV") == 20  # a tie
    shares.buy("P2", "SBV", IPO, 70, money)
    assert shares.director("SBV") == "P2" and shares.percent("P1", "SBV") == 20
    assert [c.percent for c in shares.held("P1", "SBV")] == [10, 10]
    assert [c.percent for c in shares.held("P2", "SBV")] == [20, 10]
    assert shares.cert_count("P1") == 13 and shares.over_limit("P1") == 1
    with pytest.raises(IllegalAction) as err:
        shares.buy("P1", "SBV", IPO, 70, money)
    assert err.value.rule == "1881 4.4"
    shares.sell("P1", "SBV", 1, 70, money)
    assert shares.over_limit("P1") == 0 and shares.invariant_errors() == []


def test_director_share_is_never_sold_but_may_pass_on_a_sale() -> None:
    # 4.24: a director share can never be sold (C.10); A-7 / C.14: a director who sells
    # below another holder loses the post to him at once.
    shares, money = table()
    shares.buy("P1", "SBV", IPO, 70, money, director=True)
    with pytest.raises(IllegalAction) as err:
        shares.sell("P1", "SBV", 1, 70, money)
    assert err.value.rule == "1881 4.24"
    opened(shares, money, "NBSN", "P1", "P1", "P1", "P2", "P2", "P2")
    assert shares.percent("P1", "NBSN") == 40 and shares.percent("P2", "NBSN") == 30
    paid = shares.sell("P1", "NBSN", 2, 80, money)
    assert paid == 160 and shares.director("NBSN") == "P2"
    assert shares.percent("P1", "NBSN") == 20 and shares.percent("P2", "NBSN") == 30
    assert shares.percent(POOL, "NBSN") == 20 and shares.invariant_errors() == []


def test_a_tram_company_buys_s_bahn_shares_only() -> None:
    # 4.3: companies buy no shares, except 10.9: a tram company buys S-Bahn shares, from
    # its treasury; 12.1: the chairman's 10% share first; the S-Bahn is priced per 5%
    # (digest B-3: 84 a share, 168 the chairman's).
    shares, money = table()
    money.transfer(BANK, "GBS", 1000, "capital")
    with pytest.raises(IllegalAction) as err:
        shares.buy("GBS", "SBV", IPO, 70, money, director=True)
    assert err.value.rule == "1881 4.3"
    with pytest.raises(IllegalAction):
        shares.buy("GBS", "GBS", IPO, 100, money, director=True)
    shares.buy("P1", S_BAHN, IPO, 84, money, director=True)
    assert money.cash("P1") == 2000 - 168 and shares.director(S_BAHN) == "P1"
    shares.buy("GBS", S_BAHN, IPO, 84, money)
    assert money.cash("GBS") == 1000 - 84 and shares.percent("GBS", S_BAHN) == 5
    assert shares.cert_count("GBS") == 1 and shares.over_limit("GBS") == 0


def test_s_bahn_cap_is_thirty_percent_for_players_and_companies() -> None:
    # 12.2: no player and no tram company may own more than 30% of the S-Bahn.
    shares, money = table()
    money.transfer(BANK, "GBS", 1000, "capital")
    shares.buy("P1", S_BAHN, IPO, 84, money, director=True)
    for _ in range(4):
        shares.buy("P1", S_BAHN, IPO, 84, money)
    for _ in range(6):
        shares.buy("GBS", S_BAHN, IPO, 84, money)
    assert shares.percent("P1", S_BAHN) == 30 and shares.percent("GBS", S_BAHN) == 30
    for buyer in ("P1", "GBS"):
        with pytest.raises(IllegalAction) as err:
            shares.buy(buyer, S_BAHN, IPO, 84, money)
        assert err.value.rule == "1881 4.5"
    assert shares.invariant_errors() == []


def s_bahn_with_a_tram_holder() -> tuple[Shares, Money]:
    """P1 holds the S-Bahn's chairman's share (10%), GBS (with 1000) two 5% shares."""
    shares, money = table()
    money.transfer(BANK, "GBS", 1000, "capital")
    shares.buy("P1", S_BAHN, IPO, 84, money, director=True)
    shares.buy("GBS", S_BAHN, IPO, 84, money)
    shares.buy("GBS", S_BAHN, IPO, 84, money)
    return shares, money


def test_chairmanship_passes_to_a_company_for_two_five_percent_shares() -> None:
    # 12.3: a player or company holding more S-Bahn shares than the chairman takes the
    # 10% chairman's share for two of its 5% shares; 10.9: the tram company's director
    # then runs the S-Bahn.
    shares, money = s_bahn_with_a_tram_holder()
    assert shares.director(S_BAHN) == "P1"  # 10 = 10
    shares.buy("GBS", S_BAHN, IPO, 84, money)
    assert shares.director(S_BAHN) == "GBS"
    assert [c.percent for c in shares.held("GBS", S_BAHN)] == [10, 5]
    assert [c.percent for c in shares.held("P1", S_BAHN)] == [5, 5]
    # A company sells like a player (10.9); the chairman's share is never sold, it only
    # changes hands with the majority (12.2).
    shares.sell("GBS", S_BAHN, 1, 84, money)
    assert money.cash("GBS") == 1000 - 3 * 84 + 84 and shares.director(S_BAHN) == "GBS"
    shares.sell("GBS", S_BAHN, 1, 84, money)  # 5 < P1's 10: P1 is chairman again
    assert shares.director(S_BAHN) == "P1" and shares.percent("GBS", S_BAHN) == 5
    with pytest.raises(IllegalAction) as err:
        shares.sell("P1", S_BAHN, 1, 84, money)
    assert err.value.rule == "1881 4.24" and shares.percent(POOL, S_BAHN) == 10


def test_dividends_to_holders_pool_to_the_company() -> None:
    # 9.7 / C.32: revenue 120: director share 20% gets 24, each 10% share 12, the two
    # pool shares 24 to SBV's treasury, the two unsold shares nothing (A-11: the bank's).
    shares, money = table()
    opened(shares, money, "SBV", "P1", "P2", "P3", "P4", "P5", "P6", "P6")
    shares.sell("P6", "SBV", 2, 70, money)
    assert shares.dividend_payouts("SBV", 120) == {
        "P1": 24,
        "P2": 12,
        "P3": 12,
        "P4": 12,
        "P5": 12,
        "SBV": 24,
        BANK: 24,
    }


def test_s_bahn_dividends_reach_a_tram_company() -> None:
    # 10.9: a tram company is paid the dividends of its S-Bahn shares into its treasury;
    # 12.13: pool shares pay the S-Bahn's (main network's) treasury.
    shares, money = s_bahn_with_a_tram_holder()
    shares.sell("GBS", S_BAHN, 1, 84, money)
    payouts = shares.dividend_payouts(S_BAHN, 200)
    assert payouts == {"P1": 20, "GBS": 10, S_BAHN: 10, BANK: 160}


def test_sold_list_is_saved_only_when_used() -> None:
    shares, money = table()
    before = shares.to_dict()
    assert "sold" not in before
    opened(shares, money, "SBV", "P1", "P2")
    shares.sell("P2", "SBV", 1, 70, money)
    again, _ = table()
    again.load(json.loads(json.dumps(shares.to_dict())))
    assert again.to_dict() == shares.to_dict() and again.sold_this_round("P2") == ["SBV"]


trades = st.lists(
    st.tuples(
        st.sampled_from(["buy_ipo", "buy_pool", "sell", "new_round"]),
        st.sampled_from([*PLAYERS[:3], "GBS", "SBV"]),
        st.sampled_from(["SBV", "GBS", S_BAHN]),
        st.integers(1, 3),
    ),
    min_size=5,
    max_size=80,
)


@settings(max_examples=120, deadline=None)
@given(trades)
def test_random_trades_with_company_holders_keep_the_invariants(
    ops: list[tuple[str, str, str, int]],
) -> None:
    shares, money = table(cash=1500)
    for corp in ("GBS", "SBV"):
        money.transfer(BANK, corp, 800, "capital")
    total = money.total()
    for kind, who, corp, n in ops:
        before = (shares.to_dict(), {h: money.cash(h) for h in money.holders()})
        try:
            if kind == "new_round":
                shares.new_round()
            elif kind == "sell":
                shares.sell(who, corp, n, 60, money)
            else:
                source = IPO if kind == "buy_ipo" else POOL
                chair = shares.director(corp) is None
                shares.buy(who, corp, source, 60, money, director=chair)
        except EngineError:
            assert (shares.to_dict(), {h: money.cash(h) for h in money.holders()}) == before
        assert shares.invariant_errors() == []
        assert money.total() == total
        for c in ("SBV", "GBS", S_BAHN):
            held = sum(shares.percent(h, c) for h in [*shares.holders(), IPO, POOL])
            assert held == 100
            assert all(shares.percent(h, c) <= shares.caps[c] for h in shares.holders())
