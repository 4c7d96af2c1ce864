"""1840's settings for the shared 18xx economy (money, market, shares, loans, auctions).

Each setting cites its rulebook section (German rulebook, seed 002); the market grid is
data (data/market.json, from 18xx.games, see its `_source`).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Final

from ..g18xx.auction import AuctionRules
from ..g18xx.loans import LoanRules
from ..g18xx.market import MarketGrid
from ..g18xx.shares import ShareRules

# IV.1.2: a major has a 50% director certificate and five 10% shares; IV.1.3: a Stadtbahn
# company has ten 10% shares and no director.
MAJOR_SHARES: Final = (50, 10, 10, 10, 10, 10)
STADTBAHN_SHARES: Final = (10,) * 10

# VII.3 certificate limit by player count (the rulebook's table, as 18xx.games' CERT_LIMIT).
CERT_LIMIT: Final = {2: 18, 3: 16, 4: 14, 5: 13, 6: 12}

# The sections 1840's share refusals cite (the others read "1840: <rule>").
SHARE_CITATIONS: Final = {
    "holding limit": "VII.3",
    "certificate limit": "VII.3",
    "buying needs the cash": "VII.6",
    "director's certificate": "VII.4",
    "buying back what was sold": "VII.4",
}


def share_rules(players: int) -> ShareRules:
    """VII.3: limit by player count (privates count), at most 60% of a company; VII.4: the
    director's certificate is never sold; VII.6 / IV.1.2: shares are paid to the bank (the
    company got 10 x par when founded); the pool may hold every share; VIII.5.1: the
    dividend on pool (and unsold) shares goes to the bank. The stock round keeps its own
    list of what was sold (VII.4), so the shares' own no-rebuy rule stays off."""
    if players not in CERT_LIMIT:
        raise ValueError(f"1840 is for 2 to 6 players, not {players}")
    return ShareRules(
        cert_limit=CERT_LIMIT[players],
        max_percent=60,
        pool_limit=100,
        director_sale="locked",
        ipo_payee="bank",
        pool_dividends="bank",
        ipo_dividends="bank",
        ref="1840",
        citations=SHARE_CITATIONS,
    )


# IX.8 / XI: loans of 100, never repaid, 200 each off the owner's value at the end.
LOAN_RULES: Final = LoanRules(
    size=100, penalty=200, repay=None, ref="1840", citations={"loans cannot be repaid": "IX.8"}
)

# VI: open at face value or more, raise in multiples of 5; if all pass before the first
# sale, the (cheapest) private's price drops by 5 until the start player takes it at 0.
PRIVATE_AUCTION: Final = AuctionRules(
    increment=5,
    multiple=True,
    selection=True,
    price_drop=5,
    floor=0,
    ref="1840",
    citations={"auction": "VI"},
)

# VIII.6: one Line at a time, least bid 20, higher bids in multiples of 5.
LINE_MINIMUM: Final = 20
LINE_AUCTION: Final = AuctionRules(
    increment=5, multiple=True, selection=False, ref="1840", citations={"auction": "VIII.6"}
)


@functools.cache
def market_grid() -> MarketGrid:
    """1840's stock market (X): 5 rows of 20/20/15/10/5 cells, par cells per kind."""
    text = resources.files(__package__).joinpath("data", "market.json").read_text("utf-8")
    return MarketGrid.from_data(json.loads(text))
