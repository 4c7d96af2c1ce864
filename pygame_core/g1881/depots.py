"""1881's depots (7.x) and the S-Bahn's extra depot (12.10): where a company may place its
next depot, what it costs, and buying another company's depot.

The rules, with the seed's words (004, rules of March 2007):

- 7.1 one new depot per operating round, from the company's chips (Table 3).
- 7.2 "Das erste neue Depot ... kostet 40 TM ... Das zweite Depot kostet 80 TM das dritte
  120 TM": the charter's slots, cheapest first (`Charter`).
- 7.3 only in a station reachable from an own depot (as for track, 6.12); "Stationen mit
  einem S im Kreis können nur von der S-Bahn genutzt werden".
- 7.4 one depot per company per station.
- 7.5 a start field of a company not yet in play is not blocked: its circle stays free.
- 7.6/7.7 a full station blocks the others, by kind (`runs.TOKEN_GROUPS`).
- 7.8 buying a depot: the buyer needs a free chip and reach; it pays its next slot's cost
  to the bank and an agreed amount, at least 40, to the seller; the seller's chip goes
  back to its most expensive free slot; a start depot is never sold.
- 12.10 "Die S-Bahn-Gesellschaft kann nur ein zusätzliches Depot bauen. Dieses kostet
  sie 40 TM."

Depots are the core's tokens (`MapState`); a station's S circles are its last `s_slots`
slots (design data, tile code `city=...,s_slots:k`; the core's `Stop.narrow_slots`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Final

from ..core.errors import IllegalAction
from ..core.shared import Shared
from ..g18xx.board import MapState
from ..g18xx.tiles import StopKind, TileDef
from .board import edition_of, homes
from .runs import S_BAHN, SBAHN_PARTS, track_graph
from .source import section

_CONSTANTS: Final = section("constants")

# 7.8 "ein frei auszuhandelnder Betrag, mindestens jedoch 40 TM (geht an den Verkäufer des
# Depots)".
MIN_PREMIUM: Final[int] = _CONSTANTS["depot_buy_min_premium"]

# 7.2 per company (Table 3: its chips beyond the market marker and the start depot), and
# 12.10: the S-Bahn's one extra depot for 40.
DEPOT_COSTS: Final[Mapping[str, tuple[int, ...]]] = {
    **{c["sym"]: tuple(c["depot_costs"]) for c in section("tram_corporations")["list"]},
    S_BAHN: (int(_CONSTANTS["sbahn_extra_depot_cost"]),),
}


class Circle(StrEnum):
    """A station circle's kind (7.3)."""

    TRAM = "tram"
    S = "s"  # "ein S im Kreis": the S-Bahn's only


def kind_of(corp: str) -> Circle:
    """The circles `corp` may use: the S-Bahn the S circles, a tram company the others."""
    return Circle.S if corp in SBAHN_PARTS else Circle.TRAM


def circles(tile: TileDef, part: int) -> tuple[Circle, ...]:
    """The kind of each circle (slot) of the station `part` on `tile`: its last
    `s_slots` circles carry an S."""
    stop = tile.stop(part)
    return tuple(Circle.S if stop.narrow_slot(i) else Circle.TRAM for i in range(stop.slots))


@dataclass(frozen=True)
class Charter(Shared):
    """A company's charter (Ablageblatt): the cost of each depot slot, cheapest first, and
    whether that slot's chip is on the map."""

    costs: tuple[int, ...]
    out: tuple[bool, ...]

    @classmethod
    def of(cls, corp: str) -> Charter:
        """A full charter: every chip still on it (7.1, Table 3)."""
        costs = DEPOT_COSTS[corp]
        return cls(costs, (False,) * len(costs))

    def next_cost(self) -> int | None:
        """7.2: the cost of the next depot (the cheapest slot still holding its chip), or
        None when every chip is on the map."""
        return next((c for c, o in zip(self.costs, self.out, strict=True) if not o), None)

    def take(self) -> Charter:
        """The charter after a chip leaves its cheapest full slot."""
        return self._set(self.out.index(False), True)

    def give_back(self) -> Charter:
        """7.8: the charter after a chip comes back to the most expensive empty slot."""
        return self._set(len(self.out) - 1 - self.out[::-1].index(True), False)

    def _set(self, slot: int, out: bool) -> Charter:
        return replace(self, out=tuple(out if i == slot else o for i, o in enumerate(self.out)))


@dataclass(frozen=True)
class DepotOrder:
    """A company's next depot: the station (hex, city part), its charter and cash, and
    whether it placed or bought a depot this operating round already (7.1)."""

    corp: str
    coord: str
    part: int
    charter: Charter
    cash: int
    done: bool = False


@dataclass(frozen=True)
class DepotOffer:
    """A purchase of another company's depot (7.8) as agreed by both directors: the
    station, both charters (buyer's, seller's), the amount for the seller, the buyer's
    cash, and whether the buyer had its depot action this round already."""

    buyer: str
    seller: str
    coord: str
    part: int
    charters: tuple[Charter, Charter]
    premium: int
    cash: int
    done: bool = False


@dataclass(frozen=True)
class DepotPurchase:
    """A checked purchase of another company's depot (7.8): the circle, the buyer's payment
    to the bank and to the seller, and both charters after it."""

    slot: int
    bank: int
    seller_gets: int
    buyer: Charter
    seller: Charter


def _refuse(message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, rule=rule)


def _station(map_state: MapState, coord: str, part: int) -> tuple[TileDef, tuple[Circle, ...]]:
    if coord not in map_state.board.hexes:
        raise _refuse(f"{coord} is not on the map", "1881 7.3")
    tile, _ = map_state.tile(coord)
    stop = next((s for s in tile.stops if s.part == part), None)
    if stop is None or stop.kind is not StopKind.CITY:
        raise _refuse(f"{coord}-{part} is no station: depots go in stations", "1881 7.3")
    return tile, circles(tile, part)


def _reached(map_state: MapState, corp: str, coord: str, part: int) -> bool:
    graph = track_graph(map_state, corp)
    index = graph.by_sig.get(f"{coord}-{part}")
    return index is not None and index in graph.reach(corp).nodes


def _check_home_kept(
    map_state: MapState, coord: str, part: int, corp: str, kinds: tuple[Circle, ...]
) -> None:
    """7.5: after `corp` takes a tram circle, every company still to start here keeps one."""
    held = map_state.tokens_at(coord, part)
    waiting = [
        c for c in map_state.reserved.get(coord, {}).get(part, []) if c != corp and c not in held
    ]
    free = sum(1 for t, k in zip(held, kinds, strict=True) if t is None and k is Circle.TRAM)
    if waiting and free - 1 < len(waiting):
        raise _refuse(
            f"The last free circle of {coord} is {', '.join(waiting)}'s start field", "1881 7.5"
        )


def check_depot(map_state: MapState, order: DepotOrder) -> tuple[int, int]:
    """Check that `order.corp` may place its next depot in the station now, and return
    (circle, cost). Raises IllegalAction naming the rule; changes nothing."""
    corp, coord, part = order.corp, order.coord, order.part
    charter, cash = order.charter, order.cash
    extra = corp in SBAHN_PARTS
    if order.done:
        raise _refuse("One new depot per operating round", "1881 12.10" if extra else "1881 7.1")
    cost = charter.next_cost()
    if cost is None:
        if extra:
            raise _refuse("The S-Bahn builds only one extra depot", "1881 12.10")
        raise _refuse(f"{corp} has no depot chip left", "1881 7.1")
    if cash < cost:
        raise _refuse(f"The depot costs {cost}; {corp} has {cash}", "1881 7.2")
    _, kinds = _station(map_state, coord, part)
    held = map_state.tokens_at(coord, part)
    if corp in held:
        raise _refuse(f"{corp} has a depot in {coord} already", "1881 7.4")
    if not _reached(map_state, corp, coord, part):
        raise _refuse(f"{corp} reaches {coord} from none of its depots", "1881 7.3")
    mine = kind_of(corp)
    free = [i for i, (t, k) in enumerate(zip(held, kinds, strict=True)) if t is None and k is mine]
    if not free:
        if None in held:
            raise _refuse(
                f"The free circle of {coord} is {'not an' if extra else 'an'} S circle",
                "1881 7.3",
            )
        raise _refuse(f"{coord} is full", "1881 7.6")
    if mine is Circle.TRAM:
        _check_home_kept(map_state, coord, part, corp, kinds)
    return free[0], cost


def place_depot(map_state: MapState, order: DepotOrder) -> tuple[Charter, int]:
    """Place the company's next depot (checked first, see `check_depot`): returns its
    charter after it and the cost the caller takes from the treasury."""
    slot, cost = check_depot(map_state, order)
    map_state.place_token(order.coord, order.part, order.corp, slot)
    return order.charter.take(), cost


def depot_places(
    map_state: MapState, corp: str, charter: Charter, cash: int, *, done: bool = False
) -> list[tuple[str, int]]:
    """Every station (hex, part) where `corp` may place its next depot now."""
    graph = track_graph(map_state, corp)
    out = []
    for index in sorted(graph.reach(corp).nodes):
        node = graph.nodes[index]
        if node.kind is not StopKind.CITY:
            continue
        try:
            check_depot(map_state, DepotOrder(corp, node.hex, node.part, charter, cash, done))
        except IllegalAction:
            continue
        out.append((node.hex, node.part))
    return out


def check_buy_depot(map_state: MapState, offer: DepotOffer) -> DepotPurchase:
    """Check that `offer.buyer` may buy the seller's depot for its next slot's cost (to
    the bank) plus the agreed premium (to the seller). Raises IllegalAction naming the
    rule; changes nothing."""
    buyer, seller, coord, part = offer.buyer, offer.seller, offer.coord, offer.part
    charters, premium, cash = offer.charters, offer.premium, offer.cash
    mine, theirs = charters
    if offer.done:
        raise _refuse("One depot action per operating round", "1881 7.1")
    if premium < MIN_PREMIUM:
        raise _refuse(f"The seller gets at least {MIN_PREMIUM}, not {premium}", "1881 7.8")
    _, kinds = _station(map_state, coord, part)
    held = map_state.tokens_at(coord, part)
    if seller == buyer or seller not in held:
        raise _refuse(f"{seller} has no depot in {coord} to sell to {buyer}", "1881 7.8")
    home = homes(edition_of(map_state.board)).get(seller)
    if home is not None and (home.hex, home.part) == (coord, part):
        raise _refuse(f"{coord} is {seller}'s start depot: it is never sold", "1881 7.8")
    slot = held.index(seller)
    if kinds[slot] is not kind_of(buyer):
        raise _refuse("S circles are the S-Bahn's, the others the trams'", "1881 7.3")
    if buyer in held:
        raise _refuse(f"{buyer} has a depot in {coord} already", "1881 7.4")
    cost = mine.next_cost()
    if cost is None:
        raise _refuse(f"{buyer} has no free chip to put in its place", "1881 7.8")
    if not _reached(map_state, buyer, coord, part):
        raise _refuse(f"{buyer} reaches {coord} from none of its depots", "1881 7.8")
    if cash < cost + premium:
        raise _refuse(f"The depot costs {cost} + {premium}; {buyer} has {cash}", "1881 7.8")
    return DepotPurchase(slot, cost, premium, mine.take(), theirs.give_back())


def buy_depot(map_state: MapState, offer: DepotOffer) -> DepotPurchase:
    """Buy the depot (checked first, see `check_buy_depot`): the buyer's chip replaces the
    seller's in its circle. The caller moves the money and keeps the charters returned."""
    deal = check_buy_depot(map_state, offer)
    map_state.remove_token(offer.coord, offer.part, deal.slot)
    map_state.slots(offer.coord, offer.part)[deal.slot] = offer.buyer
    return deal
