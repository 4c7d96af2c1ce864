"""1881-like settings for the shared share, market and sealed-bid tests.

1881 (Berliner Straßenbahnspiel, German rulebook, seed 004) is not a title yet; these are
the settings it would declare, with the rulebook's sections as citations, so the tests
show the core serving a title that is not 1840. The market grid is a small cut of the
digest's proposal B-3 (the rulebook's market table is lost): value(r, c) = V[r + c],
paying moves a row down (9.9), withholding a row up (9.10), the arrows at the top and
bottom edge lead left / right (9.11), sales one field left (4.14) and a sold-out company
one field right (4.16), neither past the edge (4.18); the yellow zone (20-50) is outside
the certificate limit (4.4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from pygame_core.g18xx.market import MarketGrid
from pygame_core.g18xx.sealed import SealedRules
from pygame_core.g18xx.shares import ShareRules
from pygame_core.g1881 import economy as g1881_economy

# Table 1: the certificate limit by player count.
CERT_LIMIT: Final = {3: 21, 4: 18, 5: 15, 6: 12}

# The sections 1881's share refusals cite: the title's own table.
SHARE_CITATIONS: Final = g1881_economy.SHARE_CITATIONS

# 0: a tram company's 20% director share and eight 10% shares (0 Spielmaterial);
# 12.1: the S-Bahn's 10% chairman share, then 3 board-member and 15 ordinary 5% shares.
TRAM_SHARES: Final = (20,) + (10,) * 8
S_BAHN_SHARES: Final = (10,) + (5,) * 18
S_BAHN: Final = "S"
S_BAHN_CAP: Final = 30  # 12.2


def share_rules(players: int) -> ShareRules:
    """4.4 limit (yellow zone outside it), 4.5 60% cap (the default), 4.8 no buying back,
    4.24 / A-7 the director's share changes hands only by a swap, also on a sale (the
    default), 4.3 / 10.9 tram companies may buy S-Bahn shares, 9.7 / 12.13 pool
    dividends to the company, A-11 and A-12: unsold shares pay nobody (the bank keeps
    their part, the default), no pool limit."""
    # The title's own rules, with the core's own no-buy-back record and default swap (the
    # title keeps its stock round's record and hands over the highest numbers, 12.3).
    return replace(
        g1881_economy.share_rules(players), rebuy_after_sale=False, swap_hands_over_last=False
    )


V: Final = (10, 20, 30, 40, 45, 50, 55, 60, 65, 70, 75, 80, 84, 90, 100)


def market_grid(rows: int = 4, columns: int = 11) -> MarketGrid:
    """A `rows` x `columns` cut of B-3's diagonal market (par 84 at (3, 9))."""
    grid = [[V[r + c] for c in range(columns)] for r in range(rows)]
    yellow = [[r, c] for r in range(rows) for c in range(columns) if 20 <= V[r + c] <= 50]
    return MarketGrid.from_data(
        {
            "rows": grid,
            "par": {"tram": [[3, 4], [3, 6], [3, 8]], "s_bahn": [[3, 9]]},
            "dividend_rule": "pay_withhold",
            "pay_move": "down",
            "withhold_move": "up",
            "down_edge": "right",
            "up_edge": "left",
            "sale_move": "left",
            "sale_steps": "sale",
            "sold_out_move": "right",
            "trade_stops_at_edge": True,
            "zones": {"uncounted": yellow, "bankrupt": [[0, 0]]},
            "ref": "1881",
            "citations": {"par": "4.10"},
        }
    )


# 2.6: at least 20, in steps of 10; 2.5: the cash in the envelope; one envelope each.
SEALED_RULES: Final = SealedRules(
    minimum=20,
    step=10,
    ref="1881",
    citations={
        "least bid": "2.6",
        "bid steps": "2.6",
        "bid within cash": "2.5",
        "one sealed bid": "2.5",
    },
)
