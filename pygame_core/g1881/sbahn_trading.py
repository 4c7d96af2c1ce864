"""S-Bahn shares in the game's rounds (seed 004, 10.9, 12.1-12.5; digest A-50): the tram
companies' trades in their train step, and what every share trade leaves to settle.

10.9 "Eine Straßenbahn-Gesellschaft kann jedoch in ihrer Bahnkaufphase S-Bahn-Aktien kaufen
(eine pro BR) oder verkaufen." The operating company's director acts for it: `buy_sbahn`
(one share, new or used) and `sell_sbahn` (any count to the pool), through
`sbahn_shares`. Two checks of the game's own: a company that must still buy its train
(10.8) buys no S share first, and one owing a credit train buys none (15.3) (decision SS5).

After every share trade, in a stock round or an operating round (`after_trade`): a seat the
share side merged (its share went to the chairman, 12.3, or the pool, 12.5) hands its part
over (`subnetworks.settle_merges`: treasury, trains) and its depots on the map become main
network depots; then the start depots now owed are settled (`start_depots`).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Final

from ..core.errors import IllegalAction, InvalidAction, quote
from ..g18xx.money import BANK, InsufficientCash
from ..g18xx.shares import IPO, POOL
from . import sbahn_shares, start_depots, subnetworks
from . import trains as tr
from .actions import Action
from .companies import Economy
from .economy import SBAHN, SEATS, part_holder

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, object]
BUY: Final = "buy_sbahn"
SELL: Final = "sell_sbahn"
TYPES: Final = (BUY, SELL)


def _buyer(corp: str) -> tr.Buyer:
    return tr.Buyer(corp, tr.TRAM)


def _may_spend(w: World, corp: str) -> bool:
    """SS5: no S share before the mandatory train (10.8), none while owing one (15.3)."""
    cash = w.eco.money.cash(corp)
    return corp not in w.trains.credit and not tr.must_buy(w.trains, _buyer(corp), cash)


def legal(w: World, corp: str) -> list[JsonDict]:
    """The S-Bahn trades tram company `corp` may make in its train step now."""
    out: list[JsonDict] = []
    for entry in sbahn_shares.company_actions(w.eco, corp):
        if entry["type"] == BUY and not _may_spend(w, corp):
            continue
        if _bank_covers(w, corp, _action(entry)):
            out.append(dict(entry))
    return out


def _action(entry: JsonDict) -> Action:
    source, count = entry.get("source"), entry.get("count")
    return Action(
        str(entry["type"]),
        company=str(entry["company"]),
        source=None if source is None else str(source),
        count=count if isinstance(count, int) else None,
    )


def check(w: World, corp: str, a: Action) -> None:
    """Raise unless `corp` may make the S-Bahn trade `a` now; changes nothing."""
    if a.company != corp:
        raise IllegalAction(
            f"{corp} operates: {quote(a.company)} cannot trade S-Bahn shares now",
            rule="1881 10.9",
        )
    if a.type == BUY:
        if a.source not in (IPO, POOL):
            raise InvalidAction(f"An S-Bahn buy names its source, {IPO!r} or {POOL!r}")
        tr.check_credit_free(w.trains, corp, "S-Bahn shares")
        if not _may_spend(w, corp):
            raise IllegalAction(
                f"{corp} has no train and buys one before any S-Bahn share", rule="1881 10.8"
            )
        sbahn_shares.check_company_buy(w.eco, corp, a.source)
    else:
        if a.count is None:
            raise InvalidAction("An S-Bahn sale names its count")
        sbahn_shares.check_company_sell(w.eco, corp, a.count)
    if not _bank_covers(w, corp, a):
        raise IllegalAction(
            f"The bank has {w.eco.money.cash(BANK)} and cannot pay for this trade",
            rule="1881 13.1.1",
        )


def _trade(eco: Economy, corp: str, a: Action) -> None:
    if a.type == BUY:
        assert a.source is not None
        sbahn_shares.company_buy(eco, corp, a.source)
    else:
        assert a.count is not None
        sbahn_shares.company_sell(eco, corp, a.count)


# Below this a float's 1,680 or a sale may be more than the bank holds: tried on a copy.
LOW_BANK: Final = 2500


def _bank_covers(w: World, corp: str, a: Action) -> bool:
    """True unless the bank cannot pay what the trade makes it pay (decision G5)."""
    if w.eco.money.cash(BANK) >= LOW_BANK:
        return True
    try:
        _trade(copy.deepcopy(w.eco), corp, a)
    except InsufficientCash:
        return False
    return True


def execute(w: World, corp: str, a: Action) -> None:
    """Make the checked trade; the caller logs its events, then calls `after_trade`."""
    _trade(w.eco, corp, a)


def after_trade(w: World) -> None:
    """After a share trade: merged seats hand over their parts and depots (12.3, 12.5),
    then the start depots now owed are settled (12.5)."""
    depots = {
        part: [h for h, _ in w.map.corp_tokens(part)]
        for part in (SBAHN, *(part_holder(s) for s in sorted(SEATS.values())))
    }
    for merged in subnetworks.settle_merges(w.eco, w.trains, depots):
        part = part_holder(merged.seat)
        moved = move_depots(w, part)
        w.say(
            f"Board seat {merged.seat} joins the main network with {merged.cash}, trains "
            f"{', '.join(merged.trains) or '-'}, depots {', '.join(moved) or '-'} (12.5)"
        )
    start_depots.settle(w)


def move_depots(w: World, part: str) -> list[str]:
    """Make `part`'s depots on the map the main network's; returns their hexes."""
    moved = []
    for coord, city in w.map.corp_tokens(part):
        slots = w.map.slots(coord, city)
        slots[slots.index(part)] = SBAHN
        moved.append(coord)
    if moved:
        w.map_version += 1
    return moved
