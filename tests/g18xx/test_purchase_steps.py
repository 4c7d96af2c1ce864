"""The train purchase step's money rules (g18xx/steps/purchase.py) under two titles'
settings: 1840 VIII.5.3 (seed 002: a major without a tram must buy one, its director adds
the rest only then) and 1881 10.1 / 10.8 (seed 004: the director may add up to 25% of the
price whenever a small amount is missing; a company without a train must buy one)."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.loans import LoanRules, Loans
from pygame_core.g18xx.money import BANK, Money
from pygame_core.g18xx.steps import purchase
from pygame_core.g18xx.steps.purchase import PurchaseRules

FORCED_ONLY = PurchaseRules(cite="VIII.5.3", train_word="tram")
CAPPED = PurchaseRules(top_up_only_when_forced=False, top_up_cap_percent=25, cite="10.1")
OFFER = {"3": 330, "4S": 300}


def test_a_company_without_a_train_must_buy_one_while_the_bank_has_any() -> None:
    assert purchase.must_buy(CAPPED, 0, OFFER)
    assert not purchase.must_buy(CAPPED, 1, OFFER)
    assert not purchase.must_buy(CAPPED, 0, {})
    assert not purchase.must_buy(PurchaseRules(must_own_a_train=False), 0, OFFER)
    with pytest.raises(IllegalAction) as err:
        purchase.check_done(FORCED_ONLY, 0, OFFER, "WT")
    assert err.value.rule == "VIII.5.3" and "no tram" in err.value.message
    purchase.check_done(FORCED_ONLY, 1, OFFER, "WT")


def test_the_director_tops_up_only_a_forced_purchase_where_the_title_says_so() -> None:
    assert purchase.director_part(FORCED_ONLY, 300, 300, forced=False) == 0
    assert purchase.director_part(FORCED_ONLY, 300, 100, forced=False) is None
    assert purchase.director_part(FORCED_ONLY, 300, 100, forced=True) == 200
    assert purchase.affordable(FORCED_ONLY, OFFER, 310, forced=False) == {"4S": 300}
    assert purchase.affordable(FORCED_ONLY, OFFER, 0, forced=True) == OFFER


def test_the_director_adds_at_most_a_quarter_of_the_price() -> None:
    """1881 10.1: "kann der Direktor ... bis zu 25% des Kaufpreises zusteuern"."""
    assert purchase.director_part(CAPPED, 440, 330, forced=False) == 110  # exactly 25%
    assert purchase.director_part(CAPPED, 440, 329, forced=False) is None
    assert purchase.director_part(CAPPED, 440, 0, forced=True) is None
    assert purchase.affordable(CAPPED, OFFER, 240, forced=False) == {"4S": 300}


def test_the_treasury_pays_first_then_the_director_with_just_the_loans_needed() -> None:
    """1840 VIII.5.3 / IX.8: the director tops up, taking no more loans than needed."""
    money = Money(None)
    money.open("WT", "corporation")
    money.open("p0", "player")
    money.transfer(BANK, "WT", 120, "capital")
    money.transfer(BANK, "p0", 30, "capital")
    loans = Loans(LoanRules(size=100))
    taken = purchase.pay_with_director(money, loans, "WT", "p0", 300, "a tram", "VIII.5.3")
    # 120 from the treasury, 180 from the director: 30 in cash and 2 loans of 100.
    assert taken == 2 and loans.count("p0") == 2
    assert money.cash("WT") == 0 and money.cash("p0") == 30 + 200 - 180
    reasons = [t.reason for t in money.ledger[-3:]]
    assert reasons == ["a tram", "2 loan(s)", "a tram (director's share)"]
    # Enough in the treasury: the director pays nothing.
    money.transfer(BANK, "WT", 50, "income")
    assert purchase.pay_with_director(money, loans, "WT", "p0", 50, "x", None) == 0
    assert money.cash("p0") == 50
