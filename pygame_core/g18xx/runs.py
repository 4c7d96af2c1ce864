"""Runs: the exact best routes of a company's several trains, each of limited or unlimited
range, and the check of routes a player gives.

Rules (generic; a title sets the variable ones in `RouteRules`, see routes.py):

- each train runs at most one route, valid as in `routes.route_revenue`; a train's range
  counts the stops of `rules.range_kinds` it touches (times their tile multiplier), so
  halts left out of it are free; `None` is unlimited;
- with `rules.end_kinds`, routes start and end at those stops only, unless the title
  relaxes it for this run (`relaxed_ends`, e.g. a company's first rounds while no
  station-to-station route exists: the title decides when);
- with `rules.hex_once`, a route enters no hex twice; a stop on `rules.revisit_tiles`
  may be visited twice by one route (by other track, each visit counting);
- the company's routes share no track: no hexside, and no link without a hexside (track
  inside one hex), on two of its routes. Two routes may meet at a stop; sharing no track,
  they arrive there from different directions;
- revenue: the sum over trains (a stop on two routes counts for both), each route with its
  hex bonuses once (`bonuses`, e.g. a ferry pier or a sight), plus `company_bonus`, a sum
  the title works out apart (e.g. a connection built this round): it does not depend on
  the routes, so it is added, not searched.

Search (exact), in two stages:

1. *Enumerate* every valid route once: depth first from each stop that may start one
   and that the company reaches (graph.reach), never beyond the largest range among the
   trains; a route and its reverse are the same, so it is kept from its lower-numbered end
   only. Each carries its revenue, its range count, and its track as a bit mask (one bit per
   hexside, one per hexside-less link). Routes worth 0 are dropped: running no train is as
   good.
2. *Pack* them: branch and bound over the trains, longest range first, each taking a
   route from the revenue-sorted list of routes within its range whose track is disjoint
   from the track taken so far, or stopping (then so do the shorter trains: a shorter
   train's route would fit a longer one). Trains of equal range are interchangeable, so
   they take routes in list order (no permutation twice). A branch is cut when its value
   plus an upper bound on what the trains still to choose can add cannot beat the best
   total found; the bounds (see `_pack`) are admissible, as each is the optimum of a
   relaxation (conflicts among the remaining routes ignored, or one route per shared
   piece of track, or the remaining trains alone on the whole board). So the result is
   the proven maximum; the first branch followed is the greedy choice, so good totals
   come early and cut much.

Why not enumerate for one unlimited train: the number of routes grows fast with range
(bench_routes_runs, dense boards: enumeration 13x slower in total, up to 1.5 s, where
the path search takes 40 ms). One train of unlimited range on rules without end
restriction is therefore `routes.best_route` (a memoised branch and bound over paths).

Variants that value a route otherwise (e.g. a shuttle on double track counting its inner
stops twice) pass `route_value`: it sees each enumerated route and returns its value; the
packing uses that value, so the result stays exact.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from .graph import TrackGraph
from .routes import (
    IllegalRoute,
    Route,
    RouteRules,
    best_route,
    hex_runs,
    make_route,
    range_count,
    route_revenue,
    stop_value,
)

# A variant's revaluation: (stops, links, standard revenue) -> revenue.
RouteValue = Callable[[tuple[str, ...], tuple[int, ...], int], int]
# An enumerated route: revenue, track mask, range count, graph nodes, links.
_Cand = tuple[int, int, int, tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Runs:
    """The company's routes, one per train in the order given (None: that train does not
    run), and the total revenue (company bonus included)."""

    routes: tuple[Route | None, ...]
    revenue: int


def track_mask(graph: TrackGraph) -> list[int]:
    """Per link, its track as bits: one per hexside it crosses, or, for a link inside one
    hex, one of its own."""
    top = 1 + max((s for lk in graph.links for s in lk.hexsides), default=-1)
    return [
        sum(1 << s for s in lk.hexsides) if lk.hexsides else 1 << (top + lk.index)
        for lk in graph.links
    ]


def runs_revenue(
    graph: TrackGraph,
    corp: str,
    trains: Sequence[int | None],
    routes: Sequence[tuple[Sequence[str], Sequence[int]] | None],
    colours: Sequence[str],
    bonuses: Mapping[str, int] | None = None,
    rules: RouteRules | None = None,
    *,
    relaxed_ends: bool = False,
    company_bonus: int = 0,
) -> int:
    """Check the company's routes, (stops, links) per train in order or None, and return
    their revenue with `company_bonus`. Raises IllegalRoute naming the broken rule."""
    rules = rules or RouteRules()
    if len(routes) != len(trains):
        raise IllegalRoute("Give one route (or none) per train", rule=rules.cite.of("general"))
    masks = track_mask(graph)
    total, used = company_bonus, 0
    for train, route in zip(trains, routes, strict=True):
        if route is None:
            continue
        stops, links = route
        total += route_revenue(
            graph,
            corp,
            stops,
            links,
            colours,
            bonuses,
            rules,
            train_range=train,
            relaxed_ends=relaxed_ends,
        )
        mask = 0
        for li in links:
            mask |= masks[li]
        if mask & used:
            raise IllegalRoute(
                "A company's routes may not use the same track", rule=rules.cite.of("track")
            )
        used |= mask
    return total


def best_runs(
    graph: TrackGraph,
    corp: str,
    trains: Sequence[int | None],
    colours: Sequence[str],
    bonuses: Mapping[str, int] | None = None,
    rules: RouteRules | None = None,
    *,
    relaxed_ends: bool = False,
    company_bonus: int = 0,
    route_value: RouteValue | None = None,
    single_fast: bool = True,
) -> Runs:
    """The routes of highest total revenue for trains of the given ranges (None:
    unlimited). Exact; deterministic among equal totals. `single_fast=False` forces the
    enumeration for one unlimited train (for comparison only)."""
    rules = rules or RouteRules()
    bonuses = bonuses or {}
    if not trains:
        return Runs((), company_bonus)
    if (
        single_fast
        and len(trains) == 1
        and trains[0] is None
        and route_value is None
        and (relaxed_ends or rules.end_kinds is None)
        and not rules.hex_once
        and not rules.revisit_tiles
    ):
        easy = rules if rules.end_kinds is None else replace(rules, end_kinds=None)
        best = best_route(graph, corp, colours, bonuses, easy)
        revenue = best.revenue if best is not None else 0
        return Runs((best,), revenue + company_bonus)
    limit = max((r for r in trains if r is not None), default=0)
    unlimited = any(r is None for r in trains)
    cands = _enumerate(
        graph, corp, colours, bonuses, rules, None if unlimited else limit, relaxed_ends
    )
    if route_value is not None:
        cands = _revalue(graph, cands, route_value)
    cands = [c for c in cands if c[0] > 0]
    cands.sort(key=lambda c: -c[0])  # stable: enumeration order among equals
    order = sorted(range(len(trains)), key=lambda t: -_reach_of(trains[t]))
    value, chosen = _pack(cands, [trains[t] for t in order])
    routes: list[Route | None] = [None] * len(trains)
    for t, j in zip(order, chosen, strict=False):
        revenue, _, _, path, links = cands[j]
        routes[t] = make_route(graph, path, links, revenue)
    return Runs(tuple(routes), value + company_bonus)


def _reach_of(train: int | None) -> float:
    return float("inf") if train is None else train


def _revalue(graph: TrackGraph, cands: list[_Cand], value: RouteValue) -> list[_Cand]:
    out = []
    for revenue, mask, count, path, links in cands:
        stops = tuple(graph.nodes[i].sig for i in path)
        out.append((value(stops, links, revenue), mask, count, path, links))
    return out


def _enumerate(
    graph: TrackGraph,
    corp: str,
    colours: Sequence[str],
    bonuses: Mapping[str, int],
    rules: RouteRules,
    limit: int | None,
    relaxed_ends: bool,
) -> list[_Cand]:
    """Every valid route within `limit` stations (None: any), once each."""
    reach = graph.reach(corp).nodes
    nodes = graph.nodes
    live = [n.usable and n.index in reach for n in nodes]
    worth = [stop_value(n, corp, colours, rules) for n in nodes]
    count = [range_count(n, rules) for n in nodes]
    ends = [rules.may_end(n, relaxed_ends) for n in nodes]
    token = [corp in n.tokens for n in nodes]
    inner = [n.passable(corp) for n in nodes]
    hexes = sorted({n.hex for n in nodes if bonuses.get(n.hex, 0)})
    group = [1 << hexes.index(n.hex) if n.hex in hexes else 0 for n in nodes]
    extra = [bonuses.get(n.hex, 0) for n in nodes]
    masks = track_mask(graph)
    visits = [rules.visits(n) for n in nodes]
    entered = _hex_masks(graph, visits) if rules.hex_once else None
    # Per node: (next node, track, link, terminal here, terminal there, hexes entered).
    adj: list[list[tuple[int, int, int, bool, bool, int]]] = [[] for _ in nodes]
    for lk in graph.links:
        if lk.a != lk.b and live[lk.a] and live[lk.b]:
            ha, hb = entered[lk.index] if entered is not None else (0, 0)
            if ha < 0:  # the link itself enters a hex twice
                continue
            adj[lk.a].append((lk.b, masks[lk.index], lk.index, lk.terminal_a, lk.terminal_b, ha))
            adj[lk.b].append((lk.a, masks[lk.index], lk.index, lk.terminal_b, lk.terminal_a, hb))
    home = [0] * len(nodes)  # the bit of a node's hex (0: not tracked)
    if entered is not None:
        bits = _hex_bits(graph, visits)
        home = [bits.get(n.hex, 0) for n in nodes]
    cap = limit if limit is not None else sum(c * v for c, v in zip(count, visits, strict=True))
    least = rules.min_stops
    out: list[_Cand] = []
    path: list[int] = []
    links: list[int] = []
    on = [0] * len(nodes)  # visits so far per node

    def walk(
        tip: int, first: bool, track: int, value: int, used: int, tok: bool, got: int, hx: int
    ) -> None:
        start = path[0]
        for y, lm, li, here, there, hm in adj[tip]:
            if on[y] >= visits[y] or lm & track or hm & hx or (here and not first):
                continue
            n = used + count[y]
            if n > cap:
                continue
            v = value + worth[y]
            g = got
            if group[y] and not got & group[y]:
                v += extra[y]
                g |= group[y]
            t = tok or token[y]
            path.append(y)
            links.append(li)
            on[y] += 1
            if t and ends[y] and start < y and len(path) >= least:
                out.append((v, track | lm, n, tuple(path), tuple(links)))
            if inner[y] and not there:
                walk(y, False, track | lm, v, n, t, g, hx | hm)
            on[y] -= 1
            path.pop()
            links.pop()

    for s in range(len(nodes)):
        if live[s] and ends[s] and count[s] <= cap:
            path.append(s)
            on[s] = 1
            walk(s, True, 0, worth[s] + extra[s], count[s], token[s], group[s], home[s])
            on[s] = 0
            path.pop()
    return out


def _hex_bits(graph: TrackGraph, visits: Sequence[int]) -> dict[str, int]:
    """A bit per hex a route may enter once (hexes of stops visited twice are left out:
    their stop's visits bound them)."""
    twice = {n.hex for n in graph.nodes if visits[n.index] > 1}
    names = sorted({h for lk in graph.links for h in lk.hexes} - twice)
    return {h: 1 << i for i, h in enumerate(names)}


def _hex_masks(graph: TrackGraph, visits: Sequence[int]) -> list[tuple[int, int]]:
    """Per link, the hexes a route enters along it, leaving its node a and leaving its
    node b (the hex of the node it leaves is entered already); -1 if the link itself
    enters a hex twice."""
    bits = _hex_bits(graph, visits)
    out = []
    for lk in graph.links:
        pair = []
        for start in (lk.a, lk.b):
            runs = hex_runs(lk, start)[1:]
            tracked = [h for h in runs if h in bits]
            pair.append(-1 if len(set(tracked)) < len(tracked) else sum(bits[h] for h in tracked))
        out.append((pair[0], pair[1]))
    return out


def _pack(cands: Sequence[_Cand], trains: Sequence[int | None]) -> tuple[int, list[int]]:
    """Best total of disjoint routes, one per train (longest range first), and the chosen
    route per train (a prefix of the trains: the others do not run).

    Sets of routes are bits of an int, route j at bit j (best first): `free` holds the
    routes disjoint from the track taken so far; taking route j clears every route that
    shares track with it (its *clash* set, the union of the routes on each of its bits).

    Admissible bounds on what the trains still to choose can add; the search uses the
    lowest. *Slots*: the best routes of `free`, distinct, each on a train that can run it,
    ignoring that they may share track. *Groups*: the routes are split into groups that
    each share one piece of track (the busiest track first, so groups are large), so a
    packing takes at most one route per group: the best free route of each group, the
    best of those, one per train. *Alone*: trains t.. earn no more than their optimum on
    the whole board (solved first, for the last trains; see the end).
    """
    k = len(trains)
    big = 1 + max((c[2] for c in cands), default=0)
    ranges = [big if r is None else r for r in trains]
    revenue = [c[0] for c in cands]
    count = [c[2] for c in cands]
    on_bit: dict[int, int] = {}  # track bit -> routes using it
    for j, c in enumerate(cands):
        mask = c[1]
        while mask:
            low = mask & -mask
            on_bit[low] = on_bit.get(low, 0) | 1 << j
            mask ^= low
    clashes: dict[int, int] = {}

    def clash(j: int) -> int:
        got = clashes.get(j)
        if got is None:
            got = 0
            mask = cands[j][1]
            while mask:
                low = mask & -mask
                got |= on_bit[low]
                mask ^= low
            clashes[j] = got
        return got

    within = [sum(1 << j for j, c in enumerate(count) if c <= r) for r in ranges]
    groups: list[int] = []
    left = (1 << len(cands)) - 1
    unused = dict(on_bit)
    while left:  # the track bit on most routes not grouped yet
        on, routes = max(((b, r & left) for b, r in unused.items()), key=_busy)
        groups.append(routes)
        left &= ~routes
        del unused[on]
    same = [t > 0 and ranges[t] == ranges[t - 1] for t in range(k)]
    best = [0]
    best_pick: list[int] = []
    suffix = [1 << 62] * (k + 1)  # the optimum of trains t.. alone (once known)
    suffix[k] = 0
    pick: list[int] = []

    # Per train: the routes a shorter train after its group of equal trains may run (a
    # group takes routes in list order; shorter trains take any).
    shorter = [
        next((within[u] for u in range(t + 1, k) if ranges[u] < ranges[t]), 0) for t in range(k)
    ]

    def pool(t: int, free: int, start: int) -> int:
        """The routes of `free` that trains t.. may still take (train t from `start` on)."""
        return free & (within[t] & -(1 << start) | shorter[t])

    def bound(t: int, f: int) -> int:
        """What trains t.. can add at most, from the routes `f`: the best assignment of
        distinct routes to them, ignoring conflicts among those routes. Routes by revenue,
        each to the shortest train still free that can run it: optimal, as the trains able
        to run a route are all those of at least its range (nested sets)."""
        slots = sorted(ranges[t:])
        total = 0
        while f:
            low = f & -f
            j = low.bit_length() - 1
            f ^= low
            i = bisect_left(slots, count[j])
            if i < len(slots):
                total += revenue[j]
                del slots[i]
                if not slots:
                    break
        return total

    group_of = [0] * len(cands)  # route -> its group
    for gi, g in enumerate(groups):
        while g:
            low = g & -g
            group_of[low.bit_length() - 1] = gi
            g ^= low

    def by_groups(t: int, f: int) -> int:
        """What trains t.. can add at most from the routes `f`, one route per group: the
        best route of each group, the best k - t of those. The best route left is the best
        of its group; dropping that group, the next best is the next group's best."""
        total = 0
        for _ in range(k - t):
            if not f:
                break
            j = (f & -f).bit_length() - 1
            total += revenue[j]
            f &= ~groups[group_of[j]]
        return total

    def search(t: int, free: int, value: int, start: int) -> None:
        if value > best[0]:
            best[0] = value
            best_pick[:] = pick
        if t == k - 1:  # the last train: its best free route
            f = free & within[t] & -(1 << start)
            j = (f & -f).bit_length() - 1
            if f and value + revenue[j] > best[0]:
                best[0] = value + revenue[j]
                best_pick[:] = [*pick, j]
            return
        here = pool(t, free, start)
        if (
            value + suffix[t] <= best[0]
            or value + by_groups(t, here) <= best[0]
            or value + bound(t, here) <= best[0]
        ):
            return
        follow = same[t + 1]
        after = pool(t + 1, free, start if follow else 0)
        rest = min(suffix[t + 1], bound(t + 1, after), by_groups(t + 1, after))
        last = within[t + 1] if t + 2 == k else 0  # the next train is the last: inline it
        f = free & within[t] & -(1 << start)
        while f:
            low = f & -f
            j = low.bit_length() - 1
            f ^= low
            gain = value + revenue[j]
            if gain + rest <= best[0]:
                break
            if last:
                g = free & ~clash(j) & last & (-(low << 1) if follow else -1)
                if g:
                    gain += revenue[(g & -g).bit_length() - 1]
                if gain > best[0]:
                    best[0] = gain
                    best_pick[:] = [*pick, j, *([(g & -g).bit_length() - 1] if g else [])]
                continue
            pick.append(j)
            search(t + 1, free & ~clash(j), gain, j + 1 if follow else 0)
            pick.pop()

    # Solve for the last trains first: the optimum of trains t.. on the whole board bounds
    # what they can add anywhere in the search of more trains.
    everything = (1 << len(cands)) - 1
    for t0 in range(k - 1, -1, -1):
        best[0] = 0
        search(t0, everything, 0, 0)
        suffix[t0] = best[0]
    return best[0], best_pick


def _busy(item: tuple[int, int]) -> tuple[int, int]:
    """Sort key of (track bit, routes on it): most routes, then the lowest bit."""
    return item[1].bit_count(), -item[0]
