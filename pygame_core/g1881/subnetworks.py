"""The S-Bahn's network parts (seed 004, 12.3-12.5 and 12.8; "Teilnetz", "Hauptnetz").

The chairman runs the main network, whose treasury is the S-Bahn corporation's own. Each
sold board-member share ("Aufsichtsratmitglied-Aktie") brings a sub-network that its holder
runs with its own treasury (420 at the float, 12.4), depots and trains until it is connected
to the main network (12.5). It then merges for good, with its depots, trains and treasury:
when S track links one of its depots to a main-network depot, when the chairman holds its
share (12.3 "gilt das Teilnetz ... als an das Hauptnetz angeschlossen"), or when its share
is sold to the bank (12.5). While unconnected, its holder may take 20 TM commission from its
treasury in every operating round in which it pays a dividend (12.5; digest A-48).

A part's treasury and trains are held under its name: the corporation's for the main
network, `part_name(corp, seat)` for a sub-network.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.errors import IllegalAction, InvalidAction, quote
from ..g18xx.money import Money
from ..g18xx.shares import IPO, POOL, Certificate, Shares
from . import source
from .trains import SBAHN, Buyer, TrainState, hand_over

_DATA: Final = source.section("sbahn_corporation")
# 12.1 "drei Aufsichtsratmitglied-Aktien zu 5%": seat -> the share's number (digest A-41).
SEAT_NUMBERS: Final = {int(s["seat"]): int(s["number"]) for s in _DATA["shares"] if "seat" in s}
# 12.5 "20 TM Erfolgsprovision aus dem Betriebskapital".
COMMISSION: Final = int(source.section("constants")["sbahn_commission"])


def part_name(corp: str, seat: int) -> str:
    """The name of the sub-network of board seat `seat` ("S/1")."""
    return f"{corp}/{seat}"


@dataclass(frozen=True)
class Merged:
    """A sub-network merged into the main network: what it brought (C-45)."""

    part: str
    depots: tuple[str, ...]
    trains: tuple[str, ...]
    cash: int
    reason: str


@dataclass
class Network:
    """The S-Bahn's parts: `seats`, the unconnected sub-networks (part -> seat), and
    `depots`, part -> the hexes of its depots (the board places them, 12.5)."""

    corp: str
    seats: dict[str, int] = field(default_factory=dict)
    depots: dict[str, list[str]] = field(default_factory=dict)

    def parts(self) -> tuple[str, ...]:
        """The main network, then each unconnected sub-network in seat order."""
        return (self.corp, *sorted(self.seats, key=lambda p: self.seats[p]))

    def buyer(self, part: str) -> Buyer:
        """`part` buying trains: S trains only, the limit counting all parts (A-45)."""
        self._part(part)
        return Buyer(part, SBAHN, self.parts())

    def open_seat(self, seat: int) -> str:
        """A board-member share was sold: its sub-network starts (12.4, 12.5)."""
        if seat not in SEAT_NUMBERS:
            raise InvalidAction(f"No board seat {quote(seat)}")
        part = part_name(self.corp, seat)
        if part in self.seats:
            raise IllegalAction(f"Seat {seat} already runs its sub-network", rule="1881 12.5")
        self.seats[part] = seat
        return part

    def operator(self, shares: Shares, part: str) -> str | None:
        """Who runs `part`: the chairman for the main network (12.6), the holder of the
        seat's share for a sub-network (12.5); None while nobody holds it."""
        self._part(part)
        if part == self.corp:
            return shares.director(self.corp)
        owner = shares.owner(self._seat_cert(shares, part))
        return None if owner in (IPO, POOL) else owner

    def _seat_cert(self, shares: Shares, part: str) -> Certificate:
        """The certificate of a seat's share (share number n is certificate n - 1)."""
        return shares.certs[self.corp][SEAT_NUMBERS[self.seats[part]] - 1]

    def _part(self, part: str) -> None:
        if part != self.corp and part not in self.seats:
            raise InvalidAction(f"{quote(part)} is not a network part of {self.corp}")

    # --- merging -----------------------------------------------------------------------

    def due_by_shares(self, shares: Shares) -> list[str]:
        """Sub-networks to merge because of who holds their share: the chairman (12.3) or
        the bank's pool (12.5 "an die Bank verkauft")."""
        chairman = shares.director(self.corp)
        due = []
        for part in self.parts()[1:]:
            owner = shares.owner(self._seat_cert(shares, part))
            if owner == POOL or (chairman is not None and owner == chairman):
                due.append(part)
        return due

    def due_by_track(self, reach: Callable[[str], Collection[str]]) -> list[str]:
        """Sub-networks whose depots S track now links to a main-network depot (12.5;
        digest A-44). `reach(hex)`: the hexes S track connects to `hex`. Two sub-networks
        linked only to each other stay apart."""
        main = set(self.depots.get(self.corp, ()))
        return [
            part
            for part in self.parts()[1:]
            if any(main & set(reach(h)) for h in self.depots.get(part, ()))
        ]

    def merge(self, money: Money, trains: TrainState, part: str, reason: str) -> Merged:
        """Merge `part` into the main network at once, for good: its depots, trains and
        treasury pass over (C-45) and its commission right ends."""
        self._part(part)
        if part == self.corp:
            raise InvalidAction("The main network does not merge into itself")
        cash = money.cash(part)
        depots = self.depots.pop(part, [])
        self.depots.setdefault(self.corp, []).extend(depots)
        moved = hand_over(trains, part, self.corp)
        if cash:
            money.transfer(
                part, self.corp, cash, f"{part} joins the main network", rule="1881 12.5"
            )
        del self.seats[part]
        return Merged(part, tuple(depots), tuple(moved), cash, reason)

    # --- commission --------------------------------------------------------------------

    def check_commission(self, money: Money, shares: Shares, part: str, *, paid: bool) -> str:
        """The holder who may take the commission of `part`: an unconnected sub-network
        that paid a dividend this round and has the 20 (12.5; C-46). Returns the payee."""
        self._part(part)
        if part == self.corp:
            raise IllegalAction("The main network pays no commission", rule="1881 12.5")
        if not paid:
            raise IllegalAction(f"{part} paid no dividend this round", rule="1881 12.5")
        if money.cash(part) < COMMISSION:
            raise IllegalAction(
                f"{part} has {money.cash(part)}, less than the {COMMISSION} commission",
                rule="1881 12.5",
            )
        holder = self.operator(shares, part)
        if holder is None:
            raise IllegalAction(f"Nobody holds {part}'s seat", rule="1881 12.5")
        return holder

    def take_commission(self, money: Money, shares: Shares, part: str, *, paid: bool) -> int:
        """Pay the 20 commission from `part`'s treasury to its holder (a player's cash, or
        a tram company's treasury when it holds the seat). Returns the amount."""
        holder = self.check_commission(money, shares, part, paid=paid)
        money.transfer(part, holder, COMMISSION, f"{part} commission", rule="1881 12.5")
        return COMMISSION

    # --- plain data --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state."""
        return {"corp": self.corp, "seats": dict(self.seats), "depots": dict(self.depots)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Network:
        """Inverse of `to_dict`."""
        return cls(
            str(data["corp"]),
            {str(p): int(s) for p, s in data["seats"].items()},
            {str(p): [str(h) for h in hs] for p, hs in data["depots"].items()},
        )
