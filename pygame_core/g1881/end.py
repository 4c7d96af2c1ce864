"""The end of 1881 (seed 004, 13 Spielende & Abrechnung; 4.17, 9.12).

Two ends: the bank breaks ("sie kann kein Privatgeld mehr auszahlen"): a running operating
round is played to its last company, a running stock round ends at once, and what the bank
could not pay is written down and counted (13.1.1, 13.2); or a price reaches 400: the game
ends at once, after that dividend is paid (13.1.2). `EndState` records both; the bank pays
through `bank_pays`, which writes down what it cannot pay. A player's total is his cash,
his shares at market value and his IOUs (13.3); the highest total wins (13.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from ..core.errors import InvalidAction
from ..g18xx.market import Market
from ..g18xx.money import BANK, Money
from ..g18xx.shares import Shares
from . import source

# 13.1.2 "Erreicht der Kurs einer Gesellschaft den Wert 400 TM" (also 4.17, 9.12).
END_PRICE: Final = int(source.section("constants")["game_end_price"])


class Timing(StrEnum):
    """When the game ends, once a trigger has happened."""

    NOW = "now"  # 13.1.2, and a stock round when the bank breaks (13.1.1)
    AFTER_THIS_OR = "after this operating round"  # 13.1.1 in an operating round


@dataclass
class EndState:
    """IOUs the bank owes (13.2: payee -> amount), whether the bank is broken, and the
    company whose price reached 400 (if one did)."""

    ious: dict[str, int] = field(default_factory=dict)
    bank_broken: bool = False
    reached_end_price: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state."""
        return {
            "ious": dict(self.ious),
            "bank_broken": self.bank_broken,
            "reached_end_price": self.reached_end_price,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EndState:
        """Inverse of `to_dict`."""
        reached = data.get("reached_end_price")
        return cls(
            {str(k): int(v) for k, v in data["ious"].items()},
            bool(data["bank_broken"]),
            None if reached is None else str(reached),
        )


def bank_pays(
    money: Money, end: EndState, payee: str, amount: int, reason: str, rule: str | None = None
) -> int:
    """The bank pays `amount` to `payee` as far as its cash goes; the rest is written down
    as an IOU (13.2). The bank is broken once it has paid out its last money (13.1.1;
    digest A-38). Returns what was paid in cash."""
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise InvalidAction(f"A payment is a whole, non-negative amount, not {amount!r}")
    money.cash(payee)
    paid = amount if money.unlimited_bank else min(amount, money.cash(BANK))
    if paid:
        money.transfer(BANK, payee, paid, reason, rule=rule)
    if paid < amount:
        end.ious[payee] = end.ious.get(payee, 0) + amount - paid
    if amount and not money.unlimited_bank and money.cash(BANK) == 0:
        end.bank_broken = True
    return paid


def note_price(end: EndState, market: Market, corp: str) -> bool:
    """Record `corp` reaching 400 (after its payout, 13.1.2); True if it has."""
    if market.price(corp) >= END_PRICE and end.reached_end_price is None:
        end.reached_end_price = corp
    return end.reached_end_price is not None


def timing(end: EndState, *, in_stock_round: bool) -> Timing | None:
    """When the game ends now (None: it goes on). A price at 400 ends it at once: later
    companies do not operate (digest A-39). A broken bank ends a stock round at once and
    an operating round after its last company; no further operating round of the set is
    played (13.1.1; digest A-38)."""
    if end.reached_end_price is not None:
        return Timing.NOW
    if end.bank_broken:
        return Timing.NOW if in_stock_round else Timing.AFTER_THIS_OR
    return None


def share_value(shares: Shares, market: Market, holder: str) -> int:
    """What `holder`'s certificates are worth at market value (13.3): price per price unit
    times the units of each certificate (a 20 % director share counts twice)."""
    total = 0
    for corp in market.corporations():
        if corp not in shares.certs:
            continue
        price, unit = market.price(corp), shares.units[corp]
        total += sum(price * c.percent // unit for c in shares.held(holder, corp))
    return total


def totals(
    players: Iterable[str], money: Money, shares: Shares, market: Market, end: EndState
) -> dict[str, int]:
    """Each player's total: "Alles Privatgeld und der Wert aller Aktien" (13.3), plus what the
    bank owes him (13.2)."""
    return {p: money.cash(p) + share_value(shares, market, p) + end.ious.get(p, 0) for p in players}


def ranking(scores: Mapping[str, int]) -> list[tuple[str, ...]]:
    """Players by total, highest first (13.4); equal totals share a place (digest A-39)."""
    places: dict[int, list[str]] = {}
    for player, score in scores.items():
        places.setdefault(score, []).append(player)
    return [tuple(places[s]) for s in sorted(places, reverse=True)]


def winners(scores: Mapping[str, int]) -> Sequence[str]:
    """The players with the highest total."""
    ranked = ranking(scores)
    return ranked[0] if ranked else ()
