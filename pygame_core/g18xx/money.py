"""Who holds money, and the one way it moves: `Money.transfer` between two holders.

Money is conserved by construction: holders start empty except the bank, and every change
of cash is a transfer, so the sum over all holders never changes. The bank may be
unlimited (some titles print "bank capital: unlimited"); its cash then goes negative, which
reads as "money the bank has paid out", and the sum is still constant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..core.errors import IllegalAction, InvalidAction
from ..core.shared import Shared

BANK: Final = "bank"

# Holder kinds, for views and checks; a title's sub-unit (a "line") may hold its run income
# as its own cash.
KINDS: Final = frozenset({"bank", "player", "corporation", "line", "company"})


class InsufficientCash(IllegalAction):
    """A payment larger than the payer's cash. Nothing was changed."""


@dataclass(frozen=True)
class Transfer(Shared):
    """One payment, as the ledger records it."""

    payer: str
    payee: str
    amount: int
    reason: str

    def text(self) -> str:
        """The payment in words, for the game log."""
        return f"{self.payer} pays {self.amount} to {self.payee} ({self.reason})"


class Money:
    """The cash of every holder, and the ledger of transfers."""

    def __init__(self, bank_cash: int | None = None) -> None:
        """`bank_cash` None: an unlimited bank (starting at 0, it may go negative)."""
        if bank_cash is not None and bank_cash < 0:
            raise InvalidAction("The bank cannot start with negative cash")
        self.unlimited_bank = bank_cash is None
        self._cash: dict[str, int] = {BANK: bank_cash or 0}
        self._kind: dict[str, str] = {BANK: "bank"}
        self.ledger: list[Transfer] = []

    # --- holders ---------------------------------------------------------------------------

    def open(self, name: str, kind: str) -> None:
        """Add a holder with no cash (start money is a transfer from the bank)."""
        if name in self._cash:
            raise InvalidAction(f"{name!r} already holds money")
        if kind not in KINDS - {"bank"}:
            raise InvalidAction(f"Unknown holder kind {kind!r}")
        self._cash[name] = 0
        self._kind[name] = kind

    def close(self, name: str) -> None:
        """Remove an empty holder (a closed Line or company)."""
        if self.cash(name) != 0 or name == BANK:
            raise IllegalAction(f"{name} still holds {self.cash(name)} and cannot be closed")
        del self._cash[name], self._kind[name]

    def cash(self, name: str) -> int:
        """The holder's cash."""
        if name not in self._cash:
            raise InvalidAction(f"Unknown money holder {name!r}")
        return self._cash[name]

    def kind(self, name: str) -> str:
        """The holder's kind ("bank", "player", ...)."""
        self.cash(name)
        return self._kind[name]

    def holders(self) -> list[str]:
        """Every holder, the bank first."""
        return list(self._cash)

    def total(self) -> int:
        """The sum over all holders: constant for the whole game."""
        return sum(self._cash.values())

    # --- payments --------------------------------------------------------------------------

    def check_transfer(
        self, payer: str, payee: str, amount: int, reason: str, *, rule: str | None = None
    ) -> None:
        """Raise if `payer` cannot pay `amount` to `payee` now; change nothing."""
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise InvalidAction(f"A payment must be a whole, non-negative amount, not {amount!r}")
        self.cash(payer)
        self.cash(payee)
        if payer == payee:
            raise InvalidAction(f"{payer} cannot pay itself ({reason})")
        if payer == BANK and self.unlimited_bank:
            return
        if self._cash[payer] < amount:
            raise InsufficientCash(
                f"{payer} has {self._cash[payer]} and cannot pay {amount} ({reason})",
                rule=rule or "money: nobody pays more than their cash",
            )

    def transfer(
        self, payer: str, payee: str, amount: int, reason: str, *, rule: str | None = None
    ) -> Transfer:
        """Move `amount` from `payer` to `payee`, after `check_transfer`; log it."""
        self.check_transfer(payer, payee, amount, reason, rule=rule)
        self._cash[payer] -= amount
        self._cash[payee] += amount
        entry = Transfer(payer, payee, amount, reason)
        self.ledger.append(entry)
        return entry

    # --- plain data ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state (the ledger included)."""
        return {
            "unlimited_bank": self.unlimited_bank,
            "holders": [[n, self._kind[n], c] for n, c in self._cash.items()],
            "ledger": [[t.payer, t.payee, t.amount, t.reason] for t in self.ledger],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Money:
        """Inverse of `to_dict`."""
        money = cls(None if data["unlimited_bank"] else 0)
        money._cash = {str(n): int(c) for n, _, c in data["holders"]}
        money._kind = {str(n): str(k) for n, k, _ in data["holders"]}
        money.ledger = [Transfer(str(a), str(b), int(c), str(d)) for a, b, c, d in data["ledger"]]
        return money
