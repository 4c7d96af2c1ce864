"""The train purchase step's money rules, shared by the titles.

A company without a train must buy one while the bank has any (`must_own_a_train`). The
director may add from his own cash what the treasury lacks: only for that forced purchase
(`top_up_only_when_forced`), or whenever a small amount is missing, up to a share of the
price (`top_up_cap_percent`). The train limit is the phase's (g18xx.trains).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...core.errors import IllegalAction
from ..loans import Loans
from ..money import BANK, Money


@dataclass(frozen=True)
class PurchaseRules:
    """A title's settings for buying trains, the rule it cites for them and its word for
    a train (in messages)."""

    must_own_a_train: bool = True
    top_up_only_when_forced: bool = True
    top_up_cap_percent: int | None = None
    cite: str | None = None
    train_word: str = "train"


def must_buy(rules: PurchaseRules, owned: int, on_offer: Mapping[str, int]) -> bool:
    """The company owns no train and the bank offers some: it must buy one."""
    return rules.must_own_a_train and owned == 0 and bool(on_offer)


def director_part(rules: PurchaseRules, price: int, treasury: int, *, forced: bool) -> int | None:
    """What the director adds from his cash for a train at `price`: 0 when the treasury
    pays it all; None when he may not make up the difference."""
    missing = max(0, price - treasury)
    if not missing:
        return 0
    if rules.top_up_only_when_forced and not forced:
        return None
    if rules.top_up_cap_percent is not None and missing * 100 > price * rules.top_up_cap_percent:
        return None
    return missing


def affordable(
    rules: PurchaseRules, on_offer: Mapping[str, int], treasury: int, *, forced: bool
) -> dict[str, int]:
    """The trains on offer (type -> price) the company may pay for, its director's part
    included."""
    return {
        t: p
        for t, p in on_offer.items()
        if director_part(rules, p, treasury, forced=forced) is not None
    }


def check_done(rules: PurchaseRules, owned: int, on_offer: Mapping[str, int], who: str) -> None:
    """Refuse to end the step while the company must still buy a train."""
    if must_buy(rules, owned, on_offer):
        raise IllegalAction(
            f"{who} has no {rules.train_word} and must buy one (its director tops up if needed)",
            rule=rules.cite,
        )


def pay_with_director(
    money: Money,
    loans: Loans,
    company: str,
    director: str,
    amount: int,
    reason: str,
    rule: str | None,
) -> int:
    """The company pays `amount` to the bank: its treasury first, then its director the
    rest, taking just the loans he needs for it (where the title has loans). Returns the
    loans taken."""
    from_company = min(money.cash(company), amount)
    if from_company:
        money.transfer(company, BANK, from_company, reason, rule=rule)
    rest = amount - from_company
    if not rest:
        return 0
    taken = loans.cover(money, director, rest)
    money.transfer(director, BANK, rest, f"{reason} (director's share)", rule=rule)
    return taken
