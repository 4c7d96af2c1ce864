"""Several trains: ranges counted in stations, station ends, no shared track, a stop counted
twice, company bonuses; the exact optimum against brute force (1881 8.2-8.8, 9.2-9.4 as
the example; the core knows no title)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.graph import Node, TrackGraph
from pygame_core.g18xx.routes import STATIONS, IllegalRoute, RouteCitations, RouteRules
from pygame_core.g18xx.runs import best_runs, runs_revenue
from pygame_core.g18xx.tiles import StopKind

from .helpers import board, random_boards

ALL = ("yellow", "green", "brown", "gray")
# Rules in the manner of 1881: every stop scores, routes run station to station, halts are
# free of range; made-up citations.
STATION_RULES = RouteRules(
    city_needs_own_token=False,
    end_kinds=STATIONS,
    cite=RouteCitations(general="S.1", track="S.2", range="S.3", ends="S.4"),
)

# A cross: C5 (city 30) in the middle; C3 (city 20) west, C7 halt (10) then C9 (city 40)
# east, D4 (city 20) south-west, D6 (city 50) south-east. Each arm is its own track.
CROSS: dict[str, str | tuple[str, str]] = {
    "C3": "city=revenue:20;path=a:4,b:_0",
    "C5": "city=revenue:30,slots:2;path=a:1,b:_0;path=a:4,b:_0;path=a:0,b:_0;path=a:5,b:_0",
    "C7": "town=revenue:10;path=a:1,b:_0;path=a:4,b:_0",
    "C9": "city=revenue:40;path=a:1,b:_0",
    "D4": "city=revenue:20;path=a:3,b:_0",
    "D6": "city=revenue:50;path=a:2,b:_0",
}


def cross(**tokens: str) -> TrackGraph:
    return TrackGraph(_cross_state(**tokens))


def test_range_counts_stations_not_halts() -> None:
    # 8.6: "Die Anzahl der Stationen ... begrenzt"; halts do not count.
    graph = cross(C5="A")
    two = best_runs(graph, "A", [2], ALL, rules=STATION_RULES)
    assert two.revenue == 30 + 10 + 40  # C5 - C7 (halt) - C9: two stations
    three = best_runs(graph, "A", [3], ALL, rules=STATION_RULES)
    assert three.revenue == 50 + 30 + 10 + 40  # D6 - C5 - C7 - C9
    best = three.routes[0]
    assert best is not None and set(best.stops) == {"D6-0", "C5-0", "C7-0", "C9-0"}
    with pytest.raises(IllegalRoute, match="range 2") as err:
        runs_revenue(graph, "A", [2], [(best.stops, best.links)], ALL, rules=STATION_RULES)
    assert err.value.rule == "S.3"


def test_routes_run_station_to_station_unless_relaxed() -> None:
    # 8.5: halts are no end points, except in a company's first rounds while no station
    # route exists (the title decides when and passes relaxed_ends).
    state = board(
        {
            "C5": "city=revenue:30;path=a:4,b:_0",
            "C7": "town=revenue:10;path=a:1,b:_0",
        }
    )
    state.place_token("C5", 0, "A")
    graph = TrackGraph(state)
    strict = best_runs(graph, "A", [2], ALL, rules=STATION_RULES)
    assert strict.routes == (None,) and strict.revenue == 0
    relaxed = best_runs(graph, "A", [2], ALL, rules=STATION_RULES, relaxed_ends=True)
    assert relaxed.revenue == 40
    link = graph.links[0].index
    with pytest.raises(IllegalRoute, match="start or end") as err:
        runs_revenue(graph, "A", [2], [(["C5-0", "C7-0"], [link])], ALL, rules=STATION_RULES)
    assert err.value.rule == "S.4"


def test_two_trains_meet_in_a_station_from_different_directions() -> None:
    # 8.7: no track twice; meeting at a station over different sides is allowed, and 9.2:
    # the station counts for both trains.
    graph = cross(C5="A")
    runs = best_runs(graph, "A", [2, 2], ALL, rules=STATION_RULES)
    assert runs.revenue == (50 + 30) + (30 + 10 + 40)
    assert all(r is not None and "C5-0" in r.stops for r in runs.routes)
    four = best_runs(graph, "A", [2, 2, 2, 2], ALL, rules=STATION_RULES)
    assert four.revenue == 80 + 80 + 50 + 50  # each arm once; C5 counts four times


def test_two_routes_may_not_share_track() -> None:
    graph = cross(C5="A")
    route = best_runs(graph, "A", [2], ALL, rules=STATION_RULES).routes[0]
    assert route is not None
    given = (list(route.stops), list(route.links))
    with pytest.raises(IllegalRoute, match="same track") as err:
        runs_revenue(graph, "A", [2, 2], [given, given], ALL, rules=STATION_RULES)
    assert err.value.rule == "S.2"
    assert runs_revenue(graph, "A", [2, 2], [given, None], ALL, rules=STATION_RULES) == 80


def test_a_station_full_of_foreign_tokens_ends_the_run() -> None:
    # 8.2: "In einer ausschließlich mit fremden Depots besetzten Station endet die Fahrt."
    graph = cross(C5="BC", C3="A")
    runs = best_runs(graph, "A", [4], ALL, rules=STATION_RULES)
    assert runs.revenue == 20 + 30  # C3 - C5 and no further
    graph = cross(C5="BA")
    assert best_runs(graph, "A", [4], ALL, rules=STATION_RULES).revenue == 50 + 30 + 10 + 40


def test_a_tile_may_count_twice() -> None:
    # 8.8: tile 53 counts as two stations and scores twice (here the tile on C5).
    rules = RouteRules(city_needs_own_token=False, end_kinds=STATIONS, tile_multipliers={"C5": 2})
    graph = cross(C5="A")
    assert best_runs(graph, "A", [3], ALL, rules=rules).revenue == 50 + 60
    assert best_runs(graph, "A", [4], ALL, rules=rules).revenue == 50 + 60 + 10 + 40


def test_bonuses_per_route_and_for_the_company() -> None:
    # 9.3: a ferry pier adds 40 to each train that visits it; 9.4: a bonus of the round
    # is added whatever the routes.
    graph = cross(C5="A")
    runs = best_runs(graph, "A", [2, 2], ALL, {"C9": 40}, STATION_RULES, company_bonus=100)
    assert runs.revenue == 80 + 80 + 40 + 100
    none = best_runs(graph, "Z", [2], ALL, rules=STATION_RULES, company_bonus=100)
    assert none.revenue == 100 and none.routes == (None,)


def test_a_variant_may_value_routes_itself() -> None:
    # A hook for variants (e.g. double-track shuttles): it revalues every route.
    graph = cross(C5="A")
    runs = best_runs(
        graph, "A", [2], ALL, rules=STATION_RULES, route_value=lambda s, _, v: v * len(s)
    )
    assert runs.revenue == (30 + 10 + 40) * 3


def test_one_unlimited_train_matches_the_single_route_search() -> None:
    graph = cross(C5="A")
    every = RouteRules(city_needs_own_token=False)
    fast = best_runs(graph, "A", [None], ALL, rules=every)
    slow = best_runs(graph, "A", [None], ALL, rules=every, single_fast=False)
    assert fast.revenue == slow.revenue == 50 + 30 + 10 + 40
    assert best_runs(graph, "A", [None], ALL).revenue == 30 + 10  # own cities only


# --- brute force -------------------------------------------------------------------------


def _value(node: Node, corp: str, own_only: bool, twice: Mapping[str, int]) -> tuple[int, int]:
    """(revenue, stations) of one visit, written out apart from the engine."""
    times = twice.get(node.hex, 1)
    worth = 0 if own_only and node.kind is StopKind.CITY and corp not in node.tokens else 1
    revenue = worth * node.stop.revenue.at(ALL) * times
    return revenue, times if node.kind in (StopKind.CITY, StopKind.OFFBOARD) else 0


def every_route(
    graph: TrackGraph,
    corp: str,
    bonuses: Mapping[str, int],
    own_only: bool,
    station_ends: bool,
    twice: Mapping[str, int],
    once: Ways | None = None,
) -> list[tuple[int, int, frozenset[object]]]:
    """(revenue, stations, track) of every valid route, each direction once."""
    found: dict[tuple[int, ...], tuple[int, int, frozenset[object]]] = {}
    ways = once or Ways()

    def passable(node: Node) -> bool:
        full = node.kind is StopKind.CITY and None not in node.tokens and corp not in node.tokens
        if full and ways.groups:  # only a group with a token there is blocked
            full = any(ways.groups.get(t or "") == ways.groups.get(corp) for t in node.tokens)
        return node.usable and node.kind is not StopKind.OFFBOARD and not full

    def may_end(node: Node) -> bool:
        return not station_ends or node.kind is not StopKind.TOWN

    def hexes_ok(path: list[int], links: list[int]) -> bool:
        """No hex entered twice (the hexes of revisited stops aside), written out again."""
        if not ways.hex_once:
            return True
        seq: list[str] = []
        for i, li in enumerate(links):
            link = graph.links[li]
            seq.extend(link.hexes if link.a == path[i] else reversed(link.hexes))
        runs = [h for i, h in enumerate(seq) if i == 0 or seq[i - 1] != h]
        return all(runs.count(h) == 1 for h in runs if h not in ways.revisit)

    def walk(path: list[int], links: list[int], track: frozenset[object]) -> None:
        nodes = [graph.nodes[i] for i in path]
        if not hexes_ok(path, links):
            return
        if (
            len(path) >= 2
            and path[0] != path[-1]
            and any(corp in n.tokens for n in nodes)
            and may_end(nodes[0])
            and may_end(nodes[-1])
        ):
            values = [_value(n, corp, own_only, twice) for n in nodes]
            revenue = sum(v for v, _ in values)
            revenue += sum(bonuses.get(h, 0) for h in {n.hex for n in nodes})
            key = tuple(links) if path[0] < path[-1] else tuple(reversed(links))
            found[(path[0] if path[0] < path[-1] else path[-1], *key)] = (
                revenue,
                sum(c for _, c in values),
                track,
            )
        last = path[-1]
        if len(path) >= 2 and (
            not passable(graph.nodes[last]) or graph.links[links[-1]].terminal_at(last)
        ):
            return
        for li in graph.node_links[last]:
            link = graph.links[li]
            nxt = link.other(last)
            own: set[object] = {("side", s) for s in link.hexsides} or {("link", li)}
            allowed = 2 if graph.nodes[nxt].hex in ways.revisit else 1
            if path.count(nxt) >= allowed or not graph.nodes[nxt].usable or own & track:
                continue
            if len(path) >= 2 and link.terminal_at(last):
                continue
            walk([*path, nxt], [*links, li], track | own)

    for start in graph.nodes:
        if start.usable:
            walk([start.index], [], frozenset())
    return list(found.values())


@dataclass(frozen=True)
class Ways:
    """The brute force's hex rules: no hex twice, revisited stops' hexes, token groups."""

    hex_once: bool = False
    revisit: frozenset[str] = frozenset()
    groups: Mapping[str, str] = field(default_factory=dict)


def brute_runs(
    routes: list[tuple[int, int, frozenset[object]]], trains: Sequence[int | None]
) -> int:
    """The best total over every assignment of disjoint routes (or none) to the trains:
    every assignment is tried (remembering the best rest for track already used)."""
    memo: dict[tuple[int, frozenset[object]], int] = {}

    def go(t: int, used: frozenset[object]) -> int:
        if t == len(trains):
            return 0
        if (t, used) in memo:
            return memo[t, used]
        best = go(t + 1, used)
        reach = trains[t]
        for revenue, stations, track in routes:
            if (reach is None or stations <= reach) and not track & used:
                best = max(best, revenue + go(t + 1, used | track))
        memo[t, used] = best
        return best

    return go(0, frozenset())


@settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    random_boards(rows=3, cols=3),
    st.lists(st.sampled_from([1, 2, 3, 4, None]), min_size=1, max_size=4),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(0, 11),
    st.booleans(),
    st.integers(0, 11),
    st.sampled_from([{}, {"X": "t", "A": "t", "B": "s"}, {"X": "t", "A": "s", "B": "s"}]),
)
def test_best_runs_equal_brute_force(
    case: tuple[MapState, str, tuple[str, ...], dict[str, int]],
    trains: list[int | None],
    station_ends: bool,
    own_only: bool,
    relaxed: bool,
    doubled: int,
    hex_once: bool,
    again: int,
    groups: dict[str, str],
) -> None:
    """On many small random boards, with 1-4 trains of ranges 1-4 or unlimited, with or
    without station ends, a stop counted twice, no hex entered twice, a stop a route may
    visit twice, full cities blocking only a group: the optimum equals the best of every
    assignment of routes, and is itself valid and worth what it claims."""
    state, corp, _, bonuses = case
    graph = TrackGraph(state, groups=groups)
    hexes = sorted(n.hex for n in graph.nodes)  # printed tiles are named after their hex
    twice = {hexes[doubled % len(hexes)]: 2} if hexes and doubled % 3 == 0 else {}
    revisit = frozenset({hexes[again % len(hexes)]} if hexes and again % 2 == 0 else ())
    rules = RouteRules(
        city_needs_own_token=own_only,
        end_kinds=STATIONS if station_ends else None,
        tile_multipliers=twice,
        hex_once=hex_once,
        revisit_tiles=revisit,
    )
    ends = station_ends and not relaxed
    ways = Ways(hex_once, revisit, groups)
    expected = brute_runs(every_route(graph, corp, bonuses, own_only, ends, twice, ways), trains)
    runs = best_runs(graph, corp, trains, ALL, bonuses, rules, relaxed_ends=relaxed)
    assert runs.revenue == expected
    given_routes = [None if r is None else (r.stops, r.links) for r in runs.routes]
    claimed = [0 if r is None else r.revenue for r in runs.routes]
    assert (
        runs_revenue(graph, corp, trains, given_routes, ALL, bonuses, rules, relaxed_ends=relaxed)
        == sum(claimed)
        == expected
    )


def test_brute_force_sees_shared_track() -> None:
    """The brute force itself can fail: two trains on the one arm of a line score once."""
    state = board({"C5": "city=revenue:30;path=a:4,b:_0", "C7": "city=revenue:20;path=a:1,b:_0"})
    state.place_token("C5", 0, "A")
    routes = every_route(TrackGraph(state), "A", {}, False, True, {})
    assert len(routes) == 1 and brute_runs(routes, [2, 2]) == 50


# --- hexes entered once, stops visited twice, token groups ---------------------------------

# A loop over a crossing: C3 -> C5 (0-3 and 1-4, unjoined) -> C7 -> halt D6 -> D4 -> C5 ->
# B6 crosses C5 twice on different track.
LOOP: dict[str, str | tuple[str, str]] = {
    "C3": "city=revenue:30;path=a:4,b:_0",
    "C5": "path=a:0,b:3;path=a:1,b:4",
    "C7": "city=revenue:20,slots:2;path=a:1,b:_0;path=a:0,b:_0",
    "D6": "town=revenue:10;path=a:3,b:_0;path=a:1,b:_0",
    "D4": "path=a:4,b:3",
    "B6": "city=revenue:40;path=a:0,b:_0",
}


def test_hex_once_keeps_a_route_from_entering_a_hex_twice() -> None:
    state = board(LOOP)
    state.place_token("C3", 0, "A")
    graph = TrackGraph(state)
    hexes = replace(STATION_RULES, hex_once=True, cite=RouteCitations(hex="S.5"))
    assert best_runs(graph, "A", [4], ALL, rules=STATION_RULES).revenue == 100
    assert best_runs(graph, "A", [4], ALL, rules=hexes).revenue == 50
    route = best_runs(graph, "A", [4], ALL, rules=STATION_RULES).routes[0]
    assert route is not None
    with pytest.raises(IllegalRoute, match="hex C5 only once") as err:
        runs_revenue(graph, "A", [4], [(route.stops, route.links)], ALL, rules=hexes)
    assert err.value.rule == "S.5"


def test_a_stop_of_a_revisit_tile_may_be_passed_twice() -> None:
    """A loop out of C5 and back (C7, D6 halts), then on to B6: C5 counts twice."""
    six = "city=revenue:40,slots:2;" + ";".join(f"path=a:{e},b:_0" for e in range(6))
    state = board(
        {
            "C3": "city=revenue:30;path=a:4,b:_0",
            "C5": six,
            "C7": "town=revenue:10;path=a:1,b:_0;path=a:0,b:_0",
            "D6": "town=revenue:10;path=a:3,b:_0;path=a:2,b:_0",
            "B6": "city=revenue:20;path=a:0,b:_0",
        }
    )
    state.place_token("C3", 0, "A")
    graph = TrackGraph(state)
    twice = replace(STATION_RULES, hex_once=True, revisit_tiles=frozenset({"C5"}))
    assert best_runs(graph, "A", [4], ALL, rules=STATION_RULES).revenue == 30 + 40 + 20
    runs = best_runs(graph, "A", [4], ALL, rules=twice)
    assert runs.revenue == 30 + 40 + 10 + 10 + 40 + 20
    route = runs.routes[0]
    assert route is not None and route.stops.count("C5-0") == 2
    assert runs_revenue(graph, "A", [4], [(route.stops, route.links)], ALL, rules=twice) == 150
    with pytest.raises(IllegalRoute, match="same stop twice"):
        runs_revenue(graph, "A", [4], [(route.stops, route.links)], ALL, rules=STATION_RULES)
    with pytest.raises(IllegalRoute, match="range 3"):
        runs_revenue(graph, "A", [3], [(route.stops, route.links)], ALL, rules=twice)


def test_token_groups_a_full_city_blocks_only_a_group_with_a_token_there() -> None:
    groups = {"A": "t", "B": "t", "S": "s"}
    full_of_s = TrackGraph(_cross_state(C5="SS", C3="A"), groups=groups)
    assert best_runs(full_of_s, "A", [4], ALL, rules=STATION_RULES).revenue == 20 + 30 + 10 + 40
    mixed = TrackGraph(_cross_state(C5="BS", C3="A"), groups=groups)
    assert best_runs(mixed, "A", [4], ALL, rules=STATION_RULES).revenue == 20 + 30
    plain = TrackGraph(_cross_state(C5="SS", C3="A"))  # no groups: any full city blocks
    assert best_runs(plain, "A", [4], ALL, rules=STATION_RULES).revenue == 20 + 30


def _cross_state(**tokens: str) -> MapState:
    state = board(CROSS)
    for coord, corp in tokens.items():
        for i, c in enumerate(corp):
            state.place_token(coord, 0, c, i)
    return state
