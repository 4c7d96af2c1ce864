"""Loans of a fixed size from the bank, counted per holder.

A holder who cannot pay takes just the loans it needs (`cover`); a title sets their size,
whether and at what cost they are repaid, and what each costs its owner's value at the
game's end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalAction, InvalidAction
from .citations import cite
from .money import BANK, Money


@dataclass(frozen=True)
class LoanRules:
    """`size`: cash per loan; `penalty`: value lost per loan at the end; `repay`: what
    repaying one costs (None: loans are never repaid); `ref` / `citations`: the title and
    its sections for the refusals (see `citations.cite`)."""

    size: int = 100
    penalty: int = 200
    repay: int | None = None
    ref: str = "18xx"
    citations: Mapping[str, str] = field(default_factory=dict)


class Loans:
    """How many loans each holder has taken."""

    def __init__(self, rules: LoanRules) -> None:
        if rules.size <= 0 or rules.penalty < 0:
            raise InvalidAction("A loan needs a positive size and a non-negative penalty")
        self.rules = rules
        self._count: dict[str, int] = {}

    def count(self, holder: str) -> int:
        """Loans `holder` has."""
        return self._count.get(holder, 0)

    def needed(self, money: Money, holder: str, amount: int) -> int:
        """The fewest loans that let `holder` pay `amount` (0 if it already can)."""
        short = amount - money.cash(holder)
        return max(0, -(-short // self.rules.size))

    def take(self, money: Money, holder: str, n: int = 1) -> None:
        """Take `n` loans: the bank pays `n` x size to `holder`."""
        if not isinstance(n, int) or n < 1:
            raise InvalidAction("Take at least one loan")
        money.transfer(BANK, holder, n * self.rules.size, f"{n} loan(s)")
        self._count[holder] = self.count(holder) + n

    def cover(self, money: Money, holder: str, amount: int) -> int:
        """Take just the loans needed to pay `amount`, no more; return how many."""
        n = self.needed(money, holder, amount)
        if n:
            self.take(money, holder, n)
        return n

    def repay(self, money: Money, holder: str, n: int = 1) -> None:
        """Repay `n` loans, where the title allows it."""
        cost = self.rules.repay
        if cost is None:
            raise IllegalAction(
                "Loans cannot be repaid",
                rule=cite(self.rules.ref, self.rules.citations, "loans cannot be repaid"),
            )
        if not isinstance(n, int) or not 1 <= n <= self.count(holder):
            raise IllegalAction(f"{holder} has {self.count(holder)} loans, cannot repay {n}")
        money.transfer(holder, BANK, n * cost, f"repays {n} loan(s)")
        self._count[holder] -= n

    def penalty(self, holder: str) -> int:
        """Value `holder` loses at the end for its loans (`penalty` each)."""
        return self.count(holder) * self.rules.penalty

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready counts."""
        return {"count": {k: v for k, v in sorted(self._count.items()) if v}}

    def load(self, data: Mapping[str, Any]) -> None:
        """Restore counts from `to_dict` output."""
        self._count = {str(k): int(v) for k, v in data["count"].items()}
