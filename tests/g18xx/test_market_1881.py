"""Market moves as settings, for a title that is not 1840: 1881 (seed 004) moves by paying
versus withholding, with arrows at the top and bottom edges, and sales that stop at the
left edge. 1840's moves (X.2, X.3) must stay as they were."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.core.errors import EngineError, IllegalAction
from pygame_core.g18xx.market import Market, MarketGrid, Move
from pygame_core.g1840.economy import market_grid as grid_1840

from .like1881 import market_grid

GRID = market_grid()


def at(cell: tuple[int, int], corp: str = "SBV") -> Market:
    market = Market(GRID)
    market.place(corp, cell)
    return market


@pytest.mark.parametrize(
    ("start", "amount", "end"),
    [
        ((1, 3), 120, (2, 3)),  # 9.9: a dividend moves the marker a field down (price up)
        ((1, 3), 1, (2, 3)),  # 9.9: any dividend, however small
        ((1, 3), 0, (0, 3)),  # 9.10: no revenue moves it a field up (price down)
        ((3, 3), 50, (3, 4)),  # 9.11: at the bottom edge, right as the arrow shows
        ((0, 3), 0, (0, 2)),  # 9.11: at the top edge, left as the arrow shows
        ((3, 10), 50, (3, 10)),  # the bottom-right corner: nowhere to go
    ],
)
def test_pay_or_withhold(start: tuple[int, int], amount: int, end: tuple[int, int]) -> None:
    market = at(start)
    assert market.pay_dividend("SBV", amount) == end


def test_withholding_is_a_move_up() -> None:
    # 9.10: "statt dessen gespart": the same move as no revenue.
    market = at((2, 5))
    assert market.withhold("SBV") == (1, 5) and market.price("SBV") == GRID.price((1, 5))


def test_a_sale_moves_one_field_left_and_stops_at_the_edge() -> None:
    # 4.14: a sale moves the marker one field left (A-5: one field per sale, whatever the
    # number of shares); 4.18: at the edge share trading moves it no further (no arrow).
    market = at((3, 9))
    assert market.sell("SBV", 3) == (3, 8) and market.price("SBV") == 80
    edge = at((2, 0))
    assert edge.sell("SBV", 1) == (2, 0)
    with pytest.raises(EngineError):
        edge.sell("SBV", 0)


def test_sold_out_moves_right_and_stops_at_the_edge() -> None:
    # 4.16: all shares with the players at the end of the stock round: one field right;
    # 4.18: not past the edge.
    assert at((1, 4)).sold_out("SBV") == (1, 5)
    assert at((1, 10)).sold_out("SBV") == (1, 10)


def test_arrivals_go_under() -> None:
    # 4.19: the marker just moved onto a field goes under those already there.
    market = at((2, 4), "SBV")
    market.place("GBS", (1, 4))
    market.pay_dividend("GBS", 10)
    assert market.stack((2, 4)) == ["SBV", "GBS"]
    assert market.operating_order() == ["SBV", "GBS"]  # 5.1: the top marker first


def test_zones() -> None:
    # 4.4: the yellow zone (20-50, B-3) is outside the certificate limit; 9.13: 10 is
    # bankruptcy when reached by operating.
    market = at((0, 1))
    market.place("GBS", (3, 9))
    assert market.zones("SBV") == ["uncounted"] and market.in_zone("uncounted") == {"SBV"}
    market.withhold("SBV")  # top edge: left, onto 10
    assert market.cell("SBV") == (0, 0) and market.zones("SBV") == ["bankrupt"]
    assert market.in_zone("nowhere") == frozenset()


def test_par_refusal_cites_the_title() -> None:
    market = Market(GRID)
    with pytest.raises(IllegalAction) as err:
        market.par("SBV", "tram", 65)
    assert err.value.rule == "1881 4.10"
    assert market.par("S", "s_bahn", 84) == (3, 9)
    with pytest.raises(IllegalAction) as err:
        Market(grid_1840()).price("WT")
    assert err.value.rule == "par"  # 1840's refusal as it was


def test_bad_settings_are_refused() -> None:
    base = {"rows": [[10, 20], [30, 40]], "par": {"x": [[0, 0]]}}
    for bad in (
        {"up_edge": "sideways"},
        {"dividend_rule": "mood"},
        {"sale_steps": "percent"},
        {"sale_move": "north"},
        {"zones": {"yellow": [[5, 5]]}},
    ):
        with pytest.raises(EngineError):
            MarketGrid.from_data({**base, **bad})


G1840 = grid_1840()
CELLS_1840 = [
    (r, c) for r, row in enumerate(G1840.rows) for c, p in enumerate(row) if p is not None
]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(CELLS_1840), st.integers(1, 6), st.integers(0, 3000))
def test_1840_moves_are_unchanged(cell: tuple[int, int], count: int, dividend: int) -> None:
    # 1840 X.3: one row down per share sold, up when sold out; X.2: by the dividend table
    # (0 one left). The setting-driven moves equal the direct moves the 1840 code makes.
    def fresh() -> Market:
        market = Market(G1840)
        market.place("WT", cell)
        return market

    sold, direct = fresh(), fresh()
    assert sold.sell("WT", count) == direct.move("WT", Move.DOWN, count)
    up, direct_up = fresh(), fresh()
    assert up.sold_out("WT") == direct_up.move("WT", Move.UP)
    paid, kept = fresh(), fresh()
    steps = G1840.dividend_steps(dividend)
    way = Move.LEFT if steps < 0 else Move.RIGHT
    assert paid.pay_dividend("WT", dividend) == kept.move("WT", way, abs(steps))
    assert fresh().withhold("WT") == fresh().move("WT", Move.LEFT)
