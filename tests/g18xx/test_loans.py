"""Loans: fixed size from the bank, only as many as needed, a penalty at the end."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.loans import LoanRules, Loans
from pygame_core.g18xx.money import BANK, Money
from pygame_core.g1840.economy import LOAN_RULES


def setup() -> tuple[Money, Loans]:
    money = Money(None)
    money.open("p1", "player")
    money.transfer(BANK, "p1", 30, "cash")
    return money, Loans(LOAN_RULES)


def test_cover_takes_only_the_loans_needed() -> None:
    # 1840 IX.8: 100 per loan, "nicht mehr Kredite aufnehmen als notwendig".
    money, loans = setup()
    assert loans.cover(money, "p1", 30) == 0
    assert loans.cover(money, "p1", 231) == 3 and money.cash("p1") == 330
    assert loans.cover(money, "p1", 330) == 0 and loans.count("p1") == 3


def test_never_repaid_and_cost_200_each() -> None:
    # 1840 IX.8 "kann nicht mehr zurückgezahlt werden"; XI: 200 per loan at the end.
    money, loans = setup()
    loans.take(money, "p1", 2)
    assert loans.penalty("p1") == 400
    with pytest.raises(IllegalAction) as err:
        loans.repay(money, "p1")
    assert err.value.rule == "1840 IX.8" and loans.count("p1") == 2


def test_repayable_loans_elsewhere() -> None:
    money, _ = setup()
    loans = Loans(LoanRules(size=50, penalty=0, repay=55))
    loans.take(money, "p1")
    loans.repay(money, "p1")
    assert loans.count("p1") == 0 and money.cash("p1") == 25
    loans.load(loans.to_dict())


def test_repay_refusal_cites_the_title() -> None:
    # Without a title's section the refusal names the generic rule.
    money, _ = setup()
    loans = Loans(LoanRules(ref="1881"))
    loans.take(money, "p1")
    with pytest.raises(IllegalAction) as err:
        loans.repay(money, "p1")
    assert err.value.rule == "1881: loans cannot be repaid" and loans.count("p1") == 1
