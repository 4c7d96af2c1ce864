"""The normal bot's S-Bahn decisions (12.1-12.5, 10.9): which S shares to buy, where to put
a start depot, when a tram company buys an S share, when a player or a tram company takes
a vacant chair (decision G14). Each picks among the engine's legal actions only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..g18xx.shares import IPO
from . import trains as tr
from .companies import director_in_ipo, price
from .economy import SBAHN, SEATS, TRAMS
from .runs import TOKEN_GROUPS
from .track import trasse

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, Any]
REACH: Final = 4  # hexes along which a start depot's later S track is worth counting
KEEP: Final = 150  # cash a player keeps after buying an S share
# ... and after buying the chairmanship or a seat while new: each brings 420 of capital to
# the network part its holder runs (12.4-12.5). With 150 kept, the S-Bahn floated in 48 %
# of 6-player games (420 start money), with 50 in 54 % (docs/1881-design.md, "Changes").
JOIN_KEEP: Final = 50
RICH: Final = 3  # a tram company buys an S share with this many cheapest trains in hand
CHAIR_KEEP: Final = 50  # cash a player keeps after buying a vacant chair (G14)


def _s_depot_at(w: World, coord: str) -> bool:
    return any(
        t is not None and TOKEN_GROUPS.get(t) == "s"
        for slots in w.map.tokens.get(coord, {}).values()
        for t in slots
    )


def start_depot(w: World, legal: list[JsonDict]) -> JsonDict:
    """12.5: the Trasse station with the most free Trasse stations near it (the S track
    the part will lay reaches them), nearer ones counting more."""
    grid = w.map.board.grid
    open_stations = [h for h in sorted(trasse(w.edition)) if not _s_depot_at(w, h)]

    def score(entry: JsonDict) -> int:
        here = str(entry["hex"])
        return sum(
            max(0, REACH - grid.distance(here, other)) for other in open_stations if other != here
        )

    return max(legal, key=score)


def next_is_wanted(w: World) -> bool:
    """The next new S share is the chairman's or a board seat's (12.1, 12.5)."""
    eco = w.eco
    if director_in_ipo(eco, SBAHN):
        return True
    certs = eco.shares.certs[SBAHN]
    return any(eco.shares.owner(certs[i]) == IPO for i in SEATS)


def player_wants(w: World, me: str, entry: JsonDict) -> bool:
    """A player joins the S-Bahn when he can afford it: the chairmanship or a seat before
    it floats (keeping JOIN_KEEP), else a share while he holds less than the cap's half
    (keeping KEEP)."""
    eco = w.eco
    cost = price(eco, SBAHN, str(entry["source"])) * (2 if director_in_ipo(eco, SBAHN) else 1)
    cash = eco.money.cash(me)
    wanted = entry["source"] == IPO and next_is_wanted(w)
    if wanted and SBAHN not in eco.floated:  # joining: a vacant chair later is G14's
        return cash >= cost + JOIN_KEEP
    if cash < cost + KEEP:
        return False
    if wanted:
        return True
    return eco.shares.percent(me, SBAHN) < 15 and cash > 3 * cost + KEEP


def vacant_chair(w: World) -> bool:
    """Decision G14: the S-Bahn operates but its chairman's share is back among the new
    shares (a bankrupt tram company held it), so its main network has nobody to run it."""
    eco = w.eco
    return SBAHN in eco.floated and SBAHN not in eco.closed and director_in_ipo(eco, SBAHN)


def _main_network_can_run(w: World) -> bool:
    """The main network holds an S train, or the money for the cheapest on offer."""
    prices = tr.offer(w.trains, tr.SBAHN).values()
    can_buy = bool(prices) and w.eco.money.cash(SBAHN) >= min(prices)
    return bool(w.trains.trains(SBAHN)) or can_buy


def _chair_if_worth(w: World, chair: JsonDict | None, cash: int, keep: int) -> JsonDict | None:
    """`chair` (the buy of the vacant chair's share, G14) when the buyer can pay its par
    and keep `keep`, and the main network has a train or the money for one."""
    if chair is None or not vacant_chair(w) or not _main_network_can_run(w):
        return None
    cost = 2 * price(w.eco, SBAHN, IPO)  # the 10% chairman's share
    return chair if cash >= cost + keep else None


def take_vacant_chair(w: World, me: str, legal: list[JsonDict]) -> JsonDict | None:
    """G14: a player buys a vacant chair before anything else when he can pay its par and
    keep CHAIR_KEEP, and the main network has a train or the money for one: the chair
    brings them under his control (12.6), while without a chairman the main network stands
    idle and the price follows the sub-networks alone (12.12), to every holder's loss."""
    chair = next(
        (e for e in legal if e["type"] == "buy" and e["company"] == SBAHN and e["source"] == IPO),
        None,
    )
    return _chair_if_worth(w, chair, w.eco.money.cash(me), CHAIR_KEEP)


def company_trade(w: World, corp: str, legal: list[JsonDict], cheapest: int) -> JsonDict | None:
    """10.9: a rich tram company buys one S share (new first); it never sells. A vacant
    chair (G14) it takes as a player would (10.9: its director then runs the S-Bahn),
    keeping the price of the cheapest tram train on offer for its own next train (10.8)."""
    buys = [e for e in legal if e["type"] == "buy_sbahn" and e["company"] == corp]
    if corp not in TRAMS or not buys:
        return None
    cash = w.eco.money.cash(corp)
    new_share = next((e for e in buys if e["source"] == IPO), None)
    chair = _chair_if_worth(w, new_share, cash, max(cheapest, CHAIR_KEEP))
    if chair is not None:
        return chair
    if cash < RICH * max(cheapest, 100):
        return None
    return min(buys, key=lambda e: e["source"] != IPO)
