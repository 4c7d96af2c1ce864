"""Money: transfers between holders conserve the total; refusals change nothing."""

from __future__ import annotations

import json
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.core.errors import EngineError, InvalidAction
from pygame_core.g18xx.money import BANK, InsufficientCash, Money

NAMES = (BANK, "p1", "p2", "WT", "1")


def table(bank_cash: int | None = 1000) -> Money:
    money = Money(bank_cash)
    for name, kind in (("p1", "player"), ("p2", "player"), ("WT", "corporation"), ("1", "line")):
        money.open(name, kind)
    return money


def test_transfer_moves_and_logs() -> None:
    money = table()
    entry = money.transfer(BANK, "p1", 300, "starting cash")
    assert (money.cash(BANK), money.cash("p1")) == (700, 300)
    assert money.ledger == [entry] and entry.text() == "bank pays 300 to p1 (starting cash)"


def test_overpayment_names_the_rule_and_changes_nothing() -> None:
    money = table()
    money.transfer(BANK, "p1", 50, "start")
    with pytest.raises(InsufficientCash) as err:
        money.transfer("p1", "WT", 60, "share", rule="1840 VII.6")
    assert err.value.rule == "1840 VII.6" and "p1 has 50" in err.value.message
    assert money.cash("p1") == 50 and money.cash("WT") == 0 and len(money.ledger) == 1


@pytest.mark.parametrize("amount", [-1, 1.5, True, "3"])
def test_amounts_are_whole_and_not_negative(amount: object) -> None:
    with pytest.raises(InvalidAction):
        table().transfer(BANK, "p1", cast(int, amount), "bad")  # wrong types on purpose


def test_unlimited_bank_goes_negative_but_total_holds() -> None:
    # 18xx.games' 1840 bank is unlimited (report: constants bank_cash).
    money = table(None)
    money.transfer(BANK, "p1", 5000, "loans")
    assert money.cash(BANK) == -5000 and money.total() == 0


def test_close_only_empty_holders() -> None:
    money = table()
    money.transfer(BANK, "1", 10, "run")
    with pytest.raises(EngineError):
        money.close("1")
    money.transfer("1", BANK, 10, "to the major's income")
    money.close("1")
    assert "1" not in money.holders()


@settings(max_examples=200, deadline=None)
@given(
    st.booleans(),
    st.lists(
        st.tuples(
            st.sampled_from(NAMES),
            st.sampled_from(NAMES),
            st.integers(0, 20) | st.integers(0, 400),
        ),
        max_size=60,
    ),
)
def test_money_is_conserved(unlimited: bool, moves: list[tuple[str, str, int]]) -> None:
    money = table(None if unlimited else 1000)
    start = money.total()
    for payer, payee, amount in moves:
        before = {n: money.cash(n) for n in NAMES}
        try:
            money.transfer(payer, payee, amount, "random")
        except EngineError:
            assert {n: money.cash(n) for n in NAMES} == before  # check before you mutate
        else:
            assert money.cash(payer) == before[payer] - amount
            assert money.cash(payee) == before[payee] + amount
        assert money.total() == start
        assert all(money.cash(n) >= 0 for n in NAMES if n != BANK or not unlimited)
    again = Money.from_dict(json.loads(json.dumps(money.to_dict())))
    assert again.to_dict() == money.to_dict()
