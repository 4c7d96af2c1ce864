"""The stock round's turn (g18xx/steps/stock.py) under two titles' settings: sell, then buy
one, a buy ending the turn (1840 VII.1, seed 002); and one buy with any sales in any order,
a turn without a buy counting as declining (1881 4.1 / 4.6, seed 004). Both forbid buying
back what one sold this round (1840 VII.4, 1881 4.8)."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.steps import stock as turn
from pygame_core.g18xx.steps.stock import StockRules, StockTurn

SELL_THEN_BUY = StockRules(cite_order="order", cite_buy_back="buy back")
BUY_AND_SELL = StockRules(sell_after_buy=True, sales_only_declines=True, cite_order="4.1")


def _all_act(seat: int) -> bool:
    return True


def _none(seat: int) -> None:
    return None


def test_what_was_sold_this_round_is_not_bought_back() -> None:
    st = StockTurn()
    turn.record_sale(st, 1, "A")
    assert not turn.may_buy(SELL_THEN_BUY, st, 1, "A")
    assert turn.may_buy(SELL_THEN_BUY, st, 1, "B") and turn.may_buy(SELL_THEN_BUY, st, 0, "A")
    with pytest.raises(IllegalAction) as err:
        turn.check_buy(SELL_THEN_BUY, st, 1, "A")
    assert err.value.rule == "buy back"
    # Still so in his next turn of the same round.
    turn.next_turn(SELL_THEN_BUY, st, [0, 1], passed=False, can_act=_all_act, passed_over=_none)
    assert not turn.may_buy(SELL_THEN_BUY, st, 1, "A")


def test_sell_then_buy_one_the_buy_ends_the_turn() -> None:
    st = StockTurn()
    assert turn.closing_action(st) == {"type": "pass"}
    turn.record_sale(st, 0, "A")
    assert turn.closing_action(st) == {"type": "end_turn"}
    with pytest.raises(IllegalAction):
        turn.check_closing(SELL_THEN_BUY, st, "pass")
    assert turn.record_buy(SELL_THEN_BUY, st) is True
    assert not turn.may_sell(SELL_THEN_BUY, st)
    with pytest.raises(IllegalAction):
        turn.check_sell(SELL_THEN_BUY, st)


def test_one_buy_and_sales_in_any_order() -> None:
    """1881 4.1: "darf ... eine Aktie kaufen und/oder beliebig viele Aktien verkaufen"."""
    st = StockTurn()
    assert turn.record_buy(BUY_AND_SELL, st) is False  # the turn goes on
    assert turn.may_sell(BUY_AND_SELL, st)
    turn.check_sell(BUY_AND_SELL, st)
    assert not turn.may_buy(BUY_AND_SELL, st, 0, "B")  # one buy a turn
    with pytest.raises(IllegalAction):
        turn.check_buy(BUY_AND_SELL, st, 0, "B")
    with pytest.raises(IllegalAction):
        turn.check_closing(BUY_AND_SELL, st, "pass")
    turn.check_closing(BUY_AND_SELL, st, "end_turn")


def test_an_end_of_turn_needs_an_action_first() -> None:
    with pytest.raises(IllegalAction) as err:
        turn.check_closing(SELL_THEN_BUY, StockTurn(), "end_turn")
    assert err.value.rule == "order"


def test_the_round_ends_when_all_decline_in_a_row() -> None:
    st = StockTurn()
    order = [2, 0, 1]
    assert not turn.next_turn(
        SELL_THEN_BUY, st, order, passed=True, can_act=_all_act, passed_over=_none
    )
    assert order[st.turn] == 0
    assert not turn.next_turn(
        SELL_THEN_BUY, st, order, passed=False, can_act=_all_act, passed_over=_none
    )  # a buy resets
    assert st.passes == 0
    assert not turn.next_turn(
        SELL_THEN_BUY, st, order, passed=True, can_act=_all_act, passed_over=_none
    )
    assert not turn.next_turn(
        SELL_THEN_BUY, st, order, passed=True, can_act=_all_act, passed_over=_none
    )
    assert turn.next_turn(
        SELL_THEN_BUY, st, order, passed=True, can_act=_all_act, passed_over=_none
    )


def test_sales_only_count_as_declining_where_the_title_says_so() -> None:
    """1881 4.6: "Verkäufe haben hierauf keinen Einfluss"; 1840 resets the passes."""
    for rules, declines in ((BUY_AND_SELL, 1), (SELL_THEN_BUY, 0)):
        st = StockTurn()
        turn.record_sale(st, 0, "A")
        turn.next_turn(rules, st, [0, 1], passed=False, can_act=_all_act, passed_over=_none)
        assert st.passes == declines


def test_a_player_who_cannot_act_is_passed_over_and_declines() -> None:
    st = StockTurn()
    skipped: list[int] = []
    over = turn.next_turn(
        SELL_THEN_BUY,
        st,
        [0, 1, 2],
        passed=False,
        can_act=lambda seat: seat == 0,
        passed_over=skipped.append,
    )
    assert skipped == [1, 2] and st.turn == 0 and st.passes == 2 and not over
    over = turn.next_turn(
        SELL_THEN_BUY, st, [0, 1, 2], passed=True, can_act=lambda s: False, passed_over=_none
    )
    assert over
