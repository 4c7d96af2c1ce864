"""The S-Bahn's network parts in operation (seed 004, 12.3-12.5, 12.8; "Teilnetz",
"Hauptnetz").

The chairman runs the main network, whose treasury is the S-Bahn's own (`SBAHN`). Each sold
board-member share brings a sub-network its holder runs with its own treasury
(`economy.part_holder`, 420 at the float, 12.4), depots and trains until it is connected to
the main network (12.5). Which seats are still apart is the share side's record
(`companies.live_seats`: it merges a seat whose share the chairman holds, 12.3, or the bank's
pool, 12.5). Here: the parts that operate and buy trains, the merge of a part when S track
links it (digest A-44), what a merge hands over (C-45: depots, trains, treasury) and the
20 TM commission (12.5, C-46).

Depots are the board's; this module takes them as `Depots`, part -> hexes of its depots.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Final

from ..core.errors import IllegalAction, InvalidAction, quote
from . import source
from .companies import Economy, live_seats
from .economy import SBAHN, SEATS, part_holder
from .trains import SBAHN as SBAHN_TRAINS
from .trains import Buyer, TrainState, hand_over

Depots = dict[str, list[str]]

# 12.5 "20 TM Erfolgsprovision aus dem Betriebskapital nehmen".
COMMISSION: Final = int(source.section("constants")["sbahn_commission"])


def parts(eco: Economy) -> tuple[str, ...]:
    """The parts that operate: the main network, then each unconnected sub-network in seat
    order (digest A-43)."""
    return (SBAHN, *(part_holder(seat) for seat in live_seats(eco)))


def seat_of(eco: Economy, part: str) -> int | None:
    """The board seat of an unconnected sub-network (None: the main network)."""
    if part == SBAHN:
        return None
    for seat in live_seats(eco):
        if part_holder(seat) == part:
            return seat
    raise InvalidAction(f"{quote(part)} is not a network part of the S-Bahn now")


def buyer(eco: Economy, part: str) -> Buyer:
    """`part` buying trains: S trains only (10.9), the limit counting every part (A-45)."""
    seat_of(eco, part)
    return Buyer(part, SBAHN_TRAINS, parts(eco))


def operator(eco: Economy, part: str) -> str | None:
    """Who runs `part`: the chairman the main network (12.6), the seat's holder its
    sub-network (12.5); None while the S-Bahn has no chairman."""
    seat = seat_of(eco, part)
    if seat is None:
        return eco.shares.director(SBAHN)
    return live_seats(eco)[seat]


# --- merging -------------------------------------------------------------------------------


def due_by_track(
    eco: Economy, depots: Depots, reach: Callable[[str], Collection[str]]
) -> list[int]:
    """Seats whose sub-network S track now links to the main network: one of its depots
    reaches a main-network depot (12.5 "an das S-Bahn-Hauptnetz angeschlossen"; digest
    A-44, checked after every S tile). `reach(hex)`: the hexes S track connects to `hex`.
    Two sub-networks linked only to each other stay apart."""
    main = set(depots.get(SBAHN, ()))
    return [
        seat
        for seat in live_seats(eco)
        if any(main & set(reach(h)) for h in depots.get(part_holder(seat), ()))
    ]


@dataclass(frozen=True)
class Merged:
    """A sub-network merged into the main network and what it brought (C-45)."""

    seat: int
    depots: tuple[str, ...]
    trains: tuple[str, ...]
    cash: int


def merge(eco: Economy, trains: TrainState, depots: Depots, seat: int) -> Merged:
    """Merge seat `seat`'s sub-network into the main network at once and for good: its
    depots, trains and treasury pass over, its commission right ends (12.5, C-45). Also
    for a seat the share side already merged (chairman or pool), whose part still holds
    something."""
    if seat not in SEATS.values():
        raise InvalidAction(f"No board seat {quote(seat)}")
    part = part_holder(seat)
    cash = eco.money.cash(part)
    moved = tuple(hand_over(trains, part, SBAHN))
    brought = depots.pop(part, [])
    depots.setdefault(SBAHN, []).extend(brought)
    if cash:
        eco.money.transfer(part, SBAHN, cash, f"seat {seat} joins the main network")
    if seat not in eco.seats_merged:
        eco.seats_merged.append(seat)
    return Merged(seat, tuple(brought), moved, cash)


def settle_merges(eco: Economy, trains: TrainState, depots: Depots) -> list[Merged]:
    """Hand over what the parts merged by the share side still hold (12.3 chairman, 12.5
    pool: `companies.settle` records them); call after every share trade."""
    out = []
    for seat in eco.seats_merged:
        part = part_holder(seat)
        if eco.money.cash(part) or trains.owned.get(part) or depots.get(part):
            out.append(merge(eco, trains, depots, seat))
    return out


# --- commission ----------------------------------------------------------------------------


def check_commission(eco: Economy, part: str, *, paid: bool) -> str:
    """The holder who may take `part`'s commission: an unconnected sub-network that paid a
    dividend this operating round and has the 20 (12.5; C-46). Returns the payee (a
    player, or a tram company holding the seat: its treasury)."""
    seat = seat_of(eco, part)
    if seat is None:
        raise IllegalAction("The main network pays no commission", rule="1881 12.5")
    if not paid:
        raise IllegalAction(f"{part} paid no dividend this round", rule="1881 12.5")
    if eco.money.cash(part) < COMMISSION:
        raise IllegalAction(
            f"{part} has {eco.money.cash(part)}, less than the {COMMISSION} commission",
            rule="1881 12.5",
        )
    return live_seats(eco)[seat]


def take_commission(eco: Economy, part: str, *, paid: bool) -> int:
    """Pay the commission from `part`'s treasury to its seat's holder."""
    holder = check_commission(eco, part, paid=paid)
    eco.money.transfer(part, holder, COMMISSION, f"{part} commission", rule="1881 12.5")
    return COMMISSION
