"""The "normal" bot's play for an S-Bahn network part (12.4-12.13), chosen among the
engine's legal actions only: it lays the S tile (of a sample) that raises the part's
runs most, or while the part earns nothing one that closes the S track towards a route
of its own (or, a sub-network that can get no train, towards the main network), places
the extra depot when the treasury can spare it, runs, pays out unless the kept run buys
now the train that outlives the next phase, takes its commission, and buys an S train
while it has none, a longer one when scrapping an older one for it, or a lasting one
when all of its trains go in the next phase (12.7)."""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any, Final

from ..core.rng import Rng
from ..g18xx.tiles import Gauge
from . import subnetworks, track
from . import trains as tr
from .board import map_data, tiles
from .economy import SBAHN
from .sbahn_turn import COMMISSION, part_runs, result, train_offers
from .world import DEPOT, DIVIDEND, TRACK, TRAINS

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, Any]
LAY_SAMPLE: Final = 4  # lays valued per turn (a run search each)
STEP: Final = 60  # a lay closing the gap to the part's goal: more than a hex's cost (50)


def _first(legal: list[JsonDict], kind: str) -> JsonDict | None:
    return next((e for e in legal if e["type"] == kind), None)


def _cheapest(w: World) -> int:
    prices = tr.offer(w.trains, tr.SBAHN).values()
    return min(prices) if prices else 0


def choose(w: World, legal: list[JsonDict], rng: Rng) -> JsonDict:
    """The normal bot's action for the S-Bahn part acting now."""
    assert w.sbahn is not None
    part = w.sbahn.part
    done = _first(legal, "done")
    step = w.step
    if step == TRACK:
        return _track(w, part, legal, rng) or done or legal[0]
    if step == DEPOT:
        place = _first(legal, "place_depot")
        spare = w.eco.money.cash(part) - 40 >= _cheapest(w) or w.trains.trains(part)
        return place if place is not None and spare else done or legal[0]
    if step == DIVIDEND:
        # With no train revenue the engine offers withholding only (9.10, A-35): a part
        # that earns nothing votes "withhold" (12.12) whatever the bot wants, so `_track`
        # works on getting it a route, or it into the main network, instead. A part
        # paying votes the price up (12.12); it withholds only when the run buys it now
        # the train that keeps it running past the next phase (12.7).
        pay = next((e for e in legal if e["choice"] == "pay"), None)
        if pay is not None and not _saves_for_lasting(w, part, result(w).total):
            return pay
        return next((e for e in legal if e["choice"] == "withhold"), legal[0])
    if step == COMMISSION:
        return _first(legal, "take_commission") or legal[0]
    if step == TRAINS:
        return _trains(w, part, legal) or done or legal[0]
    return legal[0]


def _track(w: World, part: str, legal: list[JsonDict], rng: Rng) -> JsonDict | None:
    lays = [e for e in legal if e["type"] == "lay_tile"]
    if not lays:
        return None
    rng.shuffle(lays)
    has_trains = bool(w.trains.trains(part))
    base = part_runs(w, part).total if has_trains else 0
    closing = _closing(w, part) if base == 0 else frozenset()
    sample = lays[:LAY_SAMPLE] + [e for e in lays[LAY_SAMPLE:] if e["hex"] in closing]
    # A part that will buy its first train keeps its price (only then is the route worth it).
    keep = _cheapest(w) if not has_trains and train_offers(w) else 0
    cash = w.eco.money.cash(part)

    def value(e: JsonDict) -> int:
        outcome = track.outcome(w.map, e["hex"])
        gain = outcome.build_bonus - outcome.cost
        if e["hex"] in closing and cash - outcome.cost >= keep:
            gain += STEP
        if has_trains:
            trial = w.map.copy()
            trial.lay(e["hex"], tiles(w.edition)[e["tile"]], int(e["rotation"]))
            saved, w.map = w.map, trial
            try:
                gain += part_runs(w, part).total - base
            finally:
                w.map = saved
        return gain

    best_value, best = max(((value(e), e) for e in sample), key=lambda p: p[0])
    if best_value < 0 and cash < 2 * _cheapest(w):
        return None
    return best


def _goal(w: World, part: str, own: set[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Where a part that earns nothing wants S track to reach, and the hexes its track
    should keep off. A sub-network that can get no train (none it can pay on offer, A-18
    aid included): the main network's depots, to join it (12.5: its treasury goes over and
    its withholding vote ends, 12.12). Any other part: a free Trasse station, for a route
    of its own (8.2), off the other parts' depots: joined to the main network (12.5, A-44)
    a part with a train would stop running it apart, and the S-Bahn would run one less."""
    main = frozenset(h for h, _ in w.map.corp_tokens(SBAHN))
    if part != SBAHN and not w.trains.trains(part) and not train_offers(w):
        return main, frozenset()
    others = frozenset(
        h for p in subnetworks.parts(w.eco) if p != part for h, _ in w.map.corp_tokens(p)
    )
    stations = frozenset(map_data(w.edition)["sbahn_trasse"]["stations"])
    return stations - own - others, others


def _closing(w: World, part: str) -> frozenset[str]:
    """The Trasse hexes where an S tile shortens the part's gap to its goal (the Trasse
    hexes still without S track between one of its depots and the goal: an S tile always
    follows the Trasse, 6.13) and links it to no depot it keeps off."""
    own = {h for h, _ in w.map.corp_tokens(part)}
    goal, off = _goal(w, part, own)
    if not own or not goal:
        return frozenset()
    bare = {h for h in _trasse_links(w.edition) if not _has_s_track(w, h)}
    now = _gap(w.edition, own, goal, bare, off)
    return frozenset(
        h
        for h in bare
        if _gap(w.edition, own, goal, bare - {h}, off) < now
        and _gap(w.edition, own, off, bare - {h}, frozenset()) > 0
    )


def _has_s_track(w: World, coord: str) -> bool:
    tile, rotation = w.map.tile(coord)
    return bool(tile.exits(rotation, Gauge.NARROW))


@functools.cache
def _trasse_links(edition: int) -> Mapping[str, frozenset[str]]:
    """The Trasse as a graph: each hex and its neighbours along the lines."""
    links: dict[str, set[str]] = {}
    for line in map_data(edition)["sbahn_trasse"]["lines"].values():
        for a, b in itertools.pairwise(line):
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return {h: frozenset(n) for h, n in links.items()}


def _gap(
    edition: int,
    start: Collection[str],
    goal: Collection[str],
    bare: set[str],
    off: frozenset[str],
) -> int:
    """The fewest bare hexes (ends included) on a Trasse path from `start` to `goal`
    passing none of `off`."""
    links = _trasse_links(edition)
    queue = [(int(h in bare), h) for h in start if h in links]
    heapq.heapify(queue)
    seen: set[str] = set()
    while queue:
        cost, here = heapq.heappop(queue)
        if here in goal:
            return cost
        if here in seen:
            continue
        seen.add(here)
        for there in links[here] - seen - off:
            heapq.heappush(queue, (cost + int(there in bare), there))
    return len(links) + 1  # unreachable: no lay helps


def _range(train: str) -> int:
    return int(tr.train_type(train).range or 0)


def _doomed(w: World, part: str) -> bool:
    """Every train of the part is scrapped when the next phase starts (12.7: the 4S in
    phase 4), so without another it stands trainless from then on."""
    held = w.trains.trains(part)
    nxt = tr.next_phase(w.trains)
    return bool(held) and nxt is not None and all(_rusts_on(t, nxt) for t in held)


def _rusts_on(train: str, phase: str | None) -> bool:
    return phase is not None and tr.train_type(train).rusts_on == phase


def _lasting_price(w: World) -> int | None:
    """The price of the cheapest S train on offer that outlives the next phase."""
    nxt = tr.next_phase(w.trains)
    offer = tr.offer(w.trains, tr.SBAHN).items()
    return min((p for t, p in offer if not _rusts_on(t, nxt)), default=None)


def _saves_for_lasting(w: World, part: str, run: int) -> bool:
    """Withholding `run` lets a doomed part buy a lasting train in this turn's train step
    (its treasury, the run kept, and its operator's aid of at most a quarter, 10.1 /
    A-18) that it cannot buy without."""
    price = _lasting_price(w)
    if price is None or not _doomed(w, part):
        return False
    who = subnetworks.operator(w.eco, part)
    aid = min(price // 4, w.eco.money.cash(who)) if who is not None else 0
    cash = w.eco.money.cash(part)
    return cash + aid < price <= cash + run + aid


def _trains(w: World, part: str, legal: list[JsonDict]) -> JsonDict | None:
    buys = [e for e in legal if e["type"] == "buy_train"]
    if not buys:
        return None
    held = w.trains.trains(part)
    if not held or _first(legal, "done") is None:
        return min(buys, key=lambda e: (e.get("scrap") is not None, _range(e["train"])))
    better = [e for e in buys if "scrap" in e and _range(e["train"]) > _range(e["scrap"])]
    if better:
        return max(better, key=lambda e: _range(e["train"]) - _range(e["scrap"]))
    if _doomed(w, part):  # 12.7: a train that outlives the next phase keeps the part running
        nxt = tr.next_phase(w.trains)
        lasting = [e for e in buys if not _rusts_on(e["train"], nxt)]
        return min(lasting, key=lambda e: _range(e["train"]), default=None)
    return None
