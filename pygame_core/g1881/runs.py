"""1881's runs (8.x) and their revenue (9.1-9.4, variant 1 = 14): the core's exact optimum
over a company's trains with 1881's rules, and the check of routes a director gives.

The rules, with the seed's words (004, rules of March 2007):

- 8.2 "Eine Bahn kann nur auf einer zusammenhängenden Strecke fahren, an der irgendwo ein
  eigenes Depot liegt. In Stationen, die ausschließlich von fremden Depots besetzt sind
  endet die Fahrt sofort (siehe auch 7.7)": a route touches an own depot; a full station
  ends it (7.7: depots of the other kind alone do not block; `TOKEN_GROUPS`).
- 8.3 "Eine Bahn darf jedes Streckenplättchen oder Sechseck auf dem Spielplan nur einmal
  je Fahrt befahren": no hex entered twice (`hex_once`).
- 8.4 switches: only along the drawn curves (the track graph has no other way through).
- 8.5 "Eine Fahrt muß in einer Station beginnen und einer anderen Station enden", halts
  only while no station is connected to the start field (`halts_may_end`).
- 8.6 the range counts stations; halts are free.
- 8.7 no track twice; meeting in a station from other directions is allowed.
- 8.8 "Einzig das Plättchen Nr.53 (Breitscheidplatz) kann 2x auf einer Route angefahren
  und gewertet werden (zählt als zwei Stationen)": tile 53 may be passed twice
  (`revisit_tiles`), each pass scoring and counting one station.
- 9.2 every stop counts for every train visiting it; 9.3 ferry +40 per train visiting
  Wannsee, Kladow, Müggelheim or Rahnsdorf; 9.4 periphery +100, worked out by the board
  rules and passed in.
- 14 (variant 1) a train shuttles on double track: every hex of its route green, brown or
  gray; its inner stops score twice, count once against the range; bonuses once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from ..g18xx.board import MapState
from ..g18xx.graph import TrackGraph
from ..g18xx.routes import (
    IllegalRoute,
    Route,
    RouteCitations,
    RouteRules,
    make_route,
    stop_value,
)
from ..g18xx.runs import RouteValue, best_runs, runs_revenue
from ..g18xx.tiles import Gauge, StopKind
from .source import section

_CONSTANTS: Final = section("constants")
_TRAMS: Final = tuple(c["sym"] for c in section("tram_corporations")["list"])
S_BAHN: Final[str] = section("sbahn_corporation")["sym"]

# Every colour the phases bring (stop values in 1881 are flat: the colours do not matter).
COLOURS: Final = ("yellow", "green", "brown", "gray")

# 7.7 "Der Bau und Betrieb von Straßenbahnen wird nicht durch S-Bahndepots, der Bau und
# Betrieb der S-Bahn nicht durch Straßenbahndepots blockiert, soweit nur Depots einer
# Bahnart in den Stationen liegen."
# The S-Bahn's network parts ("S", "S/seat_1".."S/seat_3", economy.part_holder) are one kind.
SBAHN_PARTS: Final = (S_BAHN, *(f"{S_BAHN}/seat_{n}" for n in (1, 2, 3)))
TOKEN_GROUPS: Final = MappingProxyType(
    {**{c: "tram" for c in _TRAMS}, **{p: "s" for p in SBAHN_PARTS}}
)


def token_groups(corp: str) -> Mapping[str, str]:
    """The token groups as `corp`'s track sees them: 7.7 for the kinds, and for an S-Bahn
    network part the depots of the other parts are the S-Bahn's own, so they never block
    it (8.2 blocks by "fremde Depots" only; docs/rules-decisions.md ST4)."""
    if TOKEN_GROUPS.get(corp) != "s":
        return TOKEN_GROUPS
    return {**TOKEN_GROUPS, corp: f"s:{corp}"}


# 8.8 "Einzig das Plättchen Nr.53 (Breitscheidplatz) kann 2x auf einer Route angefahren ...
# werden".
TWICE_TILE: Final = "53"

ROUTE_RULES: Final = RouteRules(
    city_needs_own_token=False,  # 9.1/9.2: every station and halt scores
    min_stops=2,
    range_kinds=frozenset({StopKind.CITY}),  # 8.6: stations count, halts are free
    end_kinds=frozenset({StopKind.CITY}),  # 8.5: station to station
    hex_once=True,  # 8.3
    revisit_tiles=frozenset({TWICE_TILE}),  # 8.8
    cite=RouteCitations(
        general="1881 8.2",
        track="1881 8.7",
        stop="1881 8.8",
        blocked="1881 8.2",
        token="1881 8.2",
        range="1881 8.6",
        ends="1881 8.5",
        hex="1881 8.3",
    ),
)

# 9.3 "jeweils 40 TM für Wannsee, Kladow, Müggelheim, Rahnsdorf" (hexes: design data).
FERRY_BONUS: Final[int] = _CONSTANTS["ferry_bonus"]
FERRY_BONUSES: Final = MappingProxyType({h: FERRY_BONUS for h in _CONSTANTS["ferry_stations"]})

# 14.3 "durchgehend aus grünen, braunen oder grauen Plättchen (Feldern)".
DOUBLE_TRACK_COLOURS: Final = frozenset({"green", "brown", "gray"})


@dataclass(frozen=True)
class RouteChoice:
    """A route a director gives: stop names in order, the links between them (indices into
    the company's track graph, see `track_graph`), and whether the train shuttles (14)."""

    stops: tuple[str, ...]
    links: tuple[int, ...]
    shuttle: bool = False


@dataclass(frozen=True)
class TrainRun:
    """One train's run: its range, its route (None: it does not run), what its stops earn
    (9.2, shuttled stops twice), its ferry bonus (9.3) and whether it shuttles (14)."""

    train: int
    route: Route | None
    stops: int
    ferry: int
    shuttle: bool = False

    @property
    def revenue(self) -> int:
        """Stops and ferry bonus."""
        return self.stops + self.ferry


@dataclass(frozen=True)
class CompanyRuns:
    """A company's runs in one operating round, in the order of its trains, and the
    periphery bonus (9.4) it earned this round."""

    trains: tuple[TrainRun, ...]
    periphery: int = 0

    @property
    def train_revenue(self) -> int:
        """What the stops earn: the part 9.8 does not let a company split."""
        return sum(t.stops for t in self.trains)

    @property
    def bonuses(self) -> int:
        """Ferry and periphery bonuses: 9.8 lets them go to the treasury apart."""
        return sum(t.ferry for t in self.trains) + self.periphery

    @property
    def total(self) -> int:
        """The whole result (Einfahrergebnis) with its bonuses."""
        return self.train_revenue + self.bonuses


def track_graph(map_state: MapState, corp: str) -> TrackGraph:
    """The track `corp`'s trains run on: tram track, or S-Bahn track for the S-Bahn (its
    trains use no tram track, 10.9/12.11), with 7.7's blocking by kind."""
    gauge = Gauge.NARROW if corp in SBAHN_PARTS else Gauge.BROAD
    return TrackGraph(map_state, gauge, token_groups(corp))


def halts_may_end(graph: TrackGraph, corp: str, home: str | None) -> bool:
    """8.5's exception: True while no station but its own start field is connected to the
    company's depot on `home` (its start field; None: no exception, e.g. the S-Bahn)."""
    if home is None:
        return False
    starts = [i for i in graph.token_nodes(corp) if graph.nodes[i].hex == home]
    if not starts:
        return False
    reached = graph.reach(corp, starts).nodes
    return not any(
        graph.nodes[i].kind is StopKind.CITY and graph.nodes[i].hex != home for i in reached
    )


def may_shuttle(map_state: MapState, graph: TrackGraph, route: RouteChoice | Route) -> bool:
    """14.3/14.4: every hex the route touches, its end stations' included, is green,
    brown or gray (a tile or a printed field)."""
    for li in route.links:
        for coord in graph.links[li].hexes:
            if map_state.tile(coord)[0].colour not in DOUBLE_TRACK_COLOURS:
                return False
    return True


def shuttle_extra(graph: TrackGraph, corp: str, stops: Sequence[str]) -> int:
    """What shuttling adds (14.5): each inner stop scores a second time; a stop the route
    passes twice already (8.8) does not score a third time (digest A-52)."""
    extra = 0
    for sig in stops[1:-1]:
        if stops.count(sig) == 1:
            extra += stop_value(graph.node(sig), corp, COLOURS, ROUTE_RULES)
    return extra


def _shuttle_value(map_state: MapState, graph: TrackGraph, corp: str) -> RouteValue:
    """The route value of variant 1: a route that may shuttle does (it never loses)."""

    def value(stops: tuple[str, ...], links: tuple[int, ...], revenue: int) -> int:
        if not may_shuttle(map_state, graph, RouteChoice(stops, links)):
            return revenue
        return revenue + shuttle_extra(graph, corp, stops)

    return value


def best_company_runs(
    map_state: MapState,
    corp: str,
    trains: Sequence[int],
    *,
    home: str | None = None,
    periphery: int = 0,
    double_track: bool = False,
) -> CompanyRuns:
    """The proven best runs of `corp`'s trains (ranges, in the company's order) on the map
    now: each train's route and revenue, the ferry bonuses, and the periphery bonus the
    caller worked out (9.4). `home`: the start field, for 8.5's early halts.
    `double_track`: variant 1 (14) is in play."""
    graph = track_graph(map_state, corp)
    shuttles = double_track and corp not in SBAHN_PARTS  # 14.1 "gilt nur für Straßenbahnen"
    runs = best_runs(
        graph,
        corp,
        list(trains),
        COLOURS,
        FERRY_BONUSES,
        ROUTE_RULES,
        relaxed_ends=halts_may_end(graph, corp, home),
        route_value=_shuttle_value(map_state, graph, corp) if shuttles else None,
    )
    out = []
    for train, route in zip(trains, runs.routes, strict=True):
        if route is None:
            out.append(TrainRun(train, None, 0, 0))
            continue
        ferry = _ferry(route.stops)
        shuttled = shuttles and may_shuttle(map_state, graph, route)
        shuttled = shuttled and shuttle_extra(graph, corp, route.stops) > 0
        out.append(TrainRun(train, route, route.revenue - ferry, ferry, shuttled))
    return CompanyRuns(tuple(out), periphery)


def check_runs(
    map_state: MapState,
    corp: str,
    trains: Sequence[int],
    routes: Sequence[RouteChoice | None],
    *,
    home: str | None = None,
    periphery: int = 0,
    double_track: bool = False,
) -> CompanyRuns:
    """Check the routes a director gives, one (or None) per train in order, and value
    them. Raises IllegalRoute naming the 1881 rule broken."""
    graph = track_graph(map_state, corp)
    runs_revenue(
        graph,
        corp,
        list(trains),
        [None if r is None else (r.stops, r.links) for r in routes],
        COLOURS,
        FERRY_BONUSES,
        ROUTE_RULES,
        relaxed_ends=halts_may_end(graph, corp, home),
    )
    out = []
    for train, choice in zip(trains, routes, strict=True):
        if choice is None:
            out.append(TrainRun(train, None, 0, 0))
            continue
        if choice.shuttle:
            _check_shuttle(map_state, graph, corp, choice, double_track)
        stops = sum(stop_value(graph.node(s), corp, COLOURS, ROUTE_RULES) for s in choice.stops)
        if choice.shuttle:
            stops += shuttle_extra(graph, corp, choice.stops)
        ferry = _ferry(choice.stops)
        path = [graph.by_sig[s] for s in choice.stops]
        route = make_route(graph, path, choice.links, stops + ferry)
        out.append(TrainRun(train, route, stops, ferry, choice.shuttle))
    return CompanyRuns(tuple(out), periphery)


def _check_shuttle(
    map_state: MapState, graph: TrackGraph, corp: str, choice: RouteChoice, variant: bool
) -> None:
    if not variant:
        raise IllegalRoute("Shuttling is variant 1, not in play", rule="1881 14")
    if corp in SBAHN_PARTS:
        raise IllegalRoute("Only tram companies shuttle", rule="1881 14.1")
    if not may_shuttle(map_state, graph, choice):
        raise IllegalRoute(
            "A train shuttles only where its whole route is green, brown or gray track",
            rule="1881 14.4",
        )


def _ferry(stops: Sequence[str]) -> int:
    """9.3: the ferry bonus of one train, once per ferry station it visits."""
    return sum(FERRY_BONUSES.get(h, 0) for h in {s.rpartition("-")[0] for s in stops})
