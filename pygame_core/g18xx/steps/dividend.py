"""The dividend step's arithmetic, shared by the titles: a payout shared out by percent.

Each holder gets his percent of the amount, rounded down on its own; a title that pays
the pool's and the bank's shares to the bank gives them as one holder. What the payout
moves on the market is the market's rule (g18xx.market) and the title's.
"""

from __future__ import annotations

from collections.abc import Mapping


def payouts(amount: int, percents: Mapping[str, int]) -> dict[str, int]:
    """Holder -> his part of a payout of `amount`, by his percent (holders with a part
    only, in the order given)."""
    if amount < 0:
        raise ValueError("A payout is not negative")
    out = {}
    for holder, percent in percents.items():
        part = amount * percent // 100
        if part:
            out[holder] = part
    return out
