"""The stock market on 1840's grid: edges, dividends, sales, order of tokens (1840 X)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.core.errors import EngineError, IllegalAction
from pygame_core.g18xx.market import Market, MarketGrid, Move
from pygame_core.g1840.economy import market_grid

GRID = market_grid()


def at(cell: tuple[int, int], corp: str = "WT") -> Market:
    market = Market(GRID)
    market.place(corp, cell)
    return market


def test_par_cells() -> None:
    # IV.1.2 / VII.5: majors start at 70, 80, 90 or 100; IV.1.3: Stadtbahn 65..95.
    assert sorted(GRID.par_prices("major")) == [70, 80, 90, 100]
    assert sorted(GRID.par_prices("stadtbahn")) == [65, 75, 85, 95]
    market = Market(GRID)
    assert market.par("WT", "major", 90) == (2, 2) and market.price("WT") == 90
    with pytest.raises(IllegalAction):
        market.par("SJE", "major", 95)
    with pytest.raises(IllegalAction):
        market.par("WT", "major", 100)  # already has a price


@pytest.mark.parametrize(
    ("start", "move", "end"),
    [
        ((1, 5), Move.RIGHT, (1, 6)),
        ((1, 19), Move.RIGHT, (0, 19)),  # X.2 "seitlich an": up instead
        ((2, 14), Move.RIGHT, (1, 14)),  # short row ends: up
        ((0, 19), Move.RIGHT, (0, 19)),  # 400: nowhere further
        ((1, 0), Move.LEFT, (2, 0)),  # X.2: at the left edge, down instead
        ((4, 0), Move.LEFT, (4, 0)),  # the bottom-left corner
        ((0, 3), Move.DOWN, (1, 3)),  # X.3: one row down per 10% sold
        ((1, 19), Move.DOWN, (1, 19)),  # X.3 "am unteren Rand einer Spalte": no move
        ((3, 4), Move.DOWN, (4, 4)),
        ((4, 4), Move.DOWN, (4, 4)),
        ((2, 7), Move.UP, (1, 7)),  # X.3: sold out at the end of the SR
        ((0, 7), Move.UP, (0, 7)),  # X.3 "oberer Rand": unchanged
    ],
)
def test_moves_at_edges(start: tuple[int, int], move: Move, end: tuple[int, int]) -> None:
    market = at(start)
    assert market.move("WT", move) == end and market.cell("WT") == end


@pytest.mark.parametrize(
    ("dividend", "price"),
    [(0, 80), (10, 85), (90, 85), (100, 91), (190, 91), (200, 98), (400, 106), (2500, 147)],
)
def test_dividend_table(dividend: int, price: int) -> None:
    # X.2 / Tabelle 6: 0 one left, 10-90 none, 100-190 one right, 200-390 two ... 2500+ 7.
    market = at((3, 3))  # 85; 7 steps end at 137 + one up: 147
    market.pay_dividend("WT", dividend)
    assert market.price("WT") == price


def test_dividend_steps_one_at_a_time_round_the_edge() -> None:
    # X.2: 3 steps from 210 (row 2, second last): 230, then up to 240, then 265.
    market = at((2, 13))
    market.pay_dividend("WT", 400)
    assert market.cell("WT") == (1, 15) and market.price("WT") == 265


def test_arrivals_go_under_and_decide_the_order() -> None:
    # X.1: a token arriving on an occupied cell goes under the others; the order is price,
    # then further right, then higher, then the top of the pile (report (a) CRc).
    market = Market(GRID)
    market.par("WT", "major", 80)
    market.par("SJE", "major", 80)
    market.place("V", (2, 3))  # 95, same price elsewhere
    assert market.stack((3, 2)) == ["WT", "SJE"]
    market.move("WT", Move.RIGHT)
    market.move("SJE", Move.RIGHT)
    assert market.stack((3, 3)) == ["WT", "SJE"]
    market.move("WT", Move.DOWN)  # (4, 3)
    market.move("WT", Move.UP)  # back: now under SJE
    assert market.stack((3, 3)) == ["SJE", "WT"]
    market.place("BBG", (1, 3))  # 105
    market.place("D", (2, 3))  # 95, arrives under V
    assert market.operating_order() == ["BBG", "V", "D", "SJE", "WT"]
    market.move("SJE", Move.DOWN)
    market.move("SJE", Move.DOWN)  # blocked at the bottom: keeps its place
    assert market.stack((4, 3)) == ["SJE"]


def test_unknown_and_bad_data() -> None:
    with pytest.raises(EngineError):
        Market(GRID).price("WT")
    with pytest.raises(EngineError):
        MarketGrid.from_data({"rows": [[10, 20]], "par": {"x": [[1, 0]]}})
    with pytest.raises(EngineError):
        at((0, 0)).place("X", (4, 9))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["A", "B", "C"]), st.sampled_from(list(Move)))))
def test_tokens_stay_on_the_grid_and_round_trip(moves: list[tuple[str, Move]]) -> None:
    market = Market(GRID)
    for corp, price in (("A", 100), ("B", 70), ("C", 100)):
        market.par(corp, "major", price)
    for corp, move in moves:
        before = market.price(corp)
        market.move(corp, move)
        after = market.price(corp)
        assert after >= before if move in (Move.RIGHT, Move.UP) else after <= before
    assert sorted(c for r, c_, s in market.to_dict()["cells"] for c in s) == ["A", "B", "C"]
    again = Market(GRID)
    again.load(json.loads(json.dumps(market.to_dict())))
    assert again.to_dict() == market.to_dict()
    assert again.operating_order() == market.operating_order()
