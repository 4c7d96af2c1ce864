"""Route validity, revenue, and the exact best route (1840 IX.2, IX.7, IX.8)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings

from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.routes import (
    IllegalRoute,
    RouteCitations,
    RouteRules,
    best_route,
    link_for,
    route_revenue,
)

from .helpers import board, brute_force, random_boards

PHASE2 = ("yellow", "green")
# Refusals cite what the title supplies: here made-up sections, one per rule.
CITED = RouteRules(cite=RouteCitations(general="R.1", track="R.2", token="R.3", stop="R.4"))

# C3 town 10 - C5 city 20 - C7 town 20 - C9 city 30 - C11 red offboard 20/30, in a row,
# plus D6 town 20 hanging off C5 (C5 edge 5 / D6 edge 2).
ROW: dict[str, str | tuple[str, str]] = {
    "C3": "town=revenue:10;path=a:4,b:_0",
    "C5": "city=revenue:20,slots:1;path=a:1,b:_0;path=a:_0,b:4;path=a:5,b:_0",
    "D6": "town=revenue:20;path=a:2,b:_0",
    "C7": "town=revenue:20;path=a:1,b:_0;path=a:_0,b:4",
    "C9": "city=revenue:30,slots:2;path=a:1,b:_0;path=a:_0,b:4",
    "C11": ("red", "offboard=revenue:yellow_20|green_30;path=a:1,b:_0"),
}


def row(**tokens: str) -> tuple[MapState, TrackGraph]:
    state = board(ROW)
    for coord, corp in tokens.items():
        for c in corp:
            state.place_token(coord, 0, c)
    return state, TrackGraph(state)


def revenue(
    graph: TrackGraph, corp: str, stops: list[str], bonuses: dict[str, int] | None = None
) -> int:
    links = [
        next(lk.index for lk in graph.links_between(graph.by_sig[a], graph.by_sig[b]))
        for a, b in itertools.pairwise(stops)
    ]
    return route_revenue(graph, corp, stops, links, PHASE2, bonuses, CITED)


def test_revenue_counts_towns_offboards_and_own_cities_only() -> None:
    # IX.8: "Haltestelle und Umsteigepunkte mit eigenem Stationsmarker"; red values by LR.
    _, graph = row(C5="A", C9="B")
    assert revenue(graph, "A", ["C3-0", "C5-0", "C7-0", "C9-0", "C11-0"]) == 10 + 20 + 20 + 0 + 30
    assert revenue(graph, "B", ["C7-0", "C9-0"]) == 20 + 30


def test_a_route_needs_its_own_token() -> None:
    # IX.7: "Auf jeder Route muss ein eigener Stationsmarker sein".
    _, graph = row(C5="A", C9="B")
    with pytest.raises(IllegalRoute, match="own tokens") as err:
        revenue(graph, "B", ["C3-0", "C5-0"])
    assert err.value.rule == "R.3"


def test_a_route_needs_two_stops() -> None:
    _, graph = row(C5="A")
    with pytest.raises(IllegalRoute, match="at least 2") as err:
        route_revenue(graph, "A", ["C5-0"], [], PHASE2, None, CITED)
    assert err.value.rule == "R.1"
    with pytest.raises(IllegalRoute, match="at least 2") as err:
        route_revenue(graph, "A", ["C5-0"], [], PHASE2)
    assert err.value.rule is None  # no title, no citation


def test_no_stop_twice() -> None:
    _, graph = row(C5="A")
    link = graph.links_between(graph.by_sig["C5-0"], graph.by_sig["C7-0"])[0].index
    with pytest.raises(IllegalRoute, match="twice") as err:
        route_revenue(graph, "A", ["C5-0", "C7-0", "C5-0"], [link, link], PHASE2, None, CITED)
    assert err.value.rule == "R.4"


def test_blocked_city_only_as_an_end() -> None:
    # IX.7: a full city of other tokens may start or end a route, "nicht über diesen
    # blockierten Umsteigepunkt hinaus".
    _, graph = row(C5="A", C9="BC")
    assert revenue(graph, "A", ["C5-0", "C7-0", "C9-0"]) == 40  # C9 counts 0 for A
    with pytest.raises(IllegalRoute, match="full of other tokens"):
        revenue(graph, "A", ["C5-0", "C7-0", "C9-0", "C11-0"])
    # Not blocked for a company that has a token there.
    assert revenue(graph, "B", ["C5-0", "C7-0", "C9-0", "C11-0"]) == 20 + 30 + 30


def test_offboards_and_terminal_track_end_a_route() -> None:
    state = board(
        {
            "C3": "town=revenue:10;path=a:4,b:_0",
            "C5": (
                "red",
                "city=revenue:40,slots:2;path=a:1,b:_0,terminal:1;path=a:4,b:_0,terminal:1",
            ),
            "C7": "city=revenue:20;path=a:1,b:_0",
        }
    )
    state.place_token("C7", 0, "A")
    state.place_token("C5", 0, "A")
    graph = TrackGraph(state)
    assert revenue(graph, "A", ["C7-0", "C5-0"]) == 60
    with pytest.raises(IllegalRoute, match="must end"):
        revenue(graph, "A", ["C7-0", "C5-0", "C3-0"])
    best = best_route(graph, "A", PHASE2)
    assert best is not None and best.revenue == 60


def test_unbuilt_stop_is_refused() -> None:
    from pygame_core.g18xx.board import Board, HexSpec
    from pygame_core.g18xx.tiles import parse_tile

    from .helpers import GRID

    d20 = parse_tile("D20", "offboard=revenue:yellow_30;path=a:1,b:_0", "red")
    d18 = parse_tile("D18", "city=revenue:20;path=a:4,b:_0", "white")
    state = MapState(
        Board(GRID, [HexSpec("D20", "red", d20, printed_stops=False), HexSpec("D18", "white", d18)])
    )
    state.place_token("D18", 0, "A")
    graph = TrackGraph(state)
    with pytest.raises(IllegalRoute, match="not a stop"):
        revenue(graph, "A", ["D18-0", "D20-0"])
    assert best_route(graph, "A", PHASE2) is None


def test_track_is_not_used_twice() -> None:
    # IX.2: "Eine Route darf kein Stück Gleis ... mehrfach verwenden". Stopless track
    # C5 and C7 branches on both sides of the C5|C7 hexside, so four links cross it.
    state = board(
        {
            "C3": "city=revenue:20;path=a:4,b:_0",
            "D4": "town=revenue:10;path=a:3,b:_0",
            "C5": ("red", "path=a:4,b:1;path=a:4,b:0"),
            "C7": ("red", "path=a:1,b:4;path=a:1,b:5"),
            "C9": "town=revenue:10;path=a:1,b:_0;path=a:0,b:_0",
            "D8": "town=revenue:10;path=a:2,b:_0;path=a:3,b:_0",
        }
    )
    state.place_token("C3", 0, "A")
    graph = TrackGraph(state)
    c3_c9 = link_for(graph, "C3-0", "C9-0", ["C3", "C5", "C7", "C9"]).index
    c9_d8 = link_for(graph, "C9-0", "D8-0", ["C9", "D8"]).index
    d8_d4 = link_for(graph, "D8-0", "D4-0", ["D8", "C7", "C5", "D4"]).index
    stops = ["C3-0", "C9-0", "D8-0", "D4-0"]
    with pytest.raises(IllegalRoute, match="same track") as err:
        route_revenue(graph, "A", stops, [c3_c9, c9_d8, d8_d4], PHASE2, None, CITED)
    assert err.value.rule == "R.2"
    assert route_revenue(graph, "A", stops[:3], [c3_c9, c9_d8], PHASE2) == 40
    best = best_route(graph, "A", PHASE2)
    assert best is not None and best.revenue == 40


def test_bonus_counts_once_per_hex_even_for_a_stop_worth_nothing() -> None:
    # IX.8 "um 20 Gulden erhöht, wenn eine Sehenswürdigkeit angefahren wird"; report (b)7:
    # the stop need not score. Two stops on one hex: the bonus still counts once.
    _, graph = row(C5="A", C9="B")
    assert revenue(graph, "A", ["C5-0", "C7-0", "C9-0"], {"C9": 20}) == 20 + 20 + 20
    state = board(
        {
            "C5": "city=revenue:20;city=revenue:30;path=a:1,b:_0;path=a:4,b:_1",
            "C3": "town=revenue:10;path=a:4,b:_0",
            "C7": "town=revenue:10;path=a:1,b:_0",
        }
    )
    state.place_token("C5", 0, "A")
    graph = TrackGraph(state)
    assert revenue(graph, "A", ["C3-0", "C5-0"], {"C5": 20}) == 50
    best = best_route(graph, "A", PHASE2, {"C5": 20, "C7": 20})
    assert best is not None and best.revenue == 10 + 20 + 20
    # A loop back into the hex's other city: both stops on one route, one bonus.
    state = board(
        {
            "C3": "town=revenue:10;path=a:4,b:_0",
            "C5": "city=revenue:20;city=revenue:30;path=a:1,b:_0;path=a:4,b:_0;path=a:5,b:_1",
            "C7": "town=revenue:10;path=a:1,b:_0;path=a:0,b:_0",
            "D6": "town=revenue:10;path=a:3,b:_0;path=a:2,b:_0",
        }
    )
    state.place_token("C5", 0, "A")
    graph = TrackGraph(state)
    stops = ["C3-0", "C5-0", "C7-0", "D6-0", "C5-1"]
    assert revenue(graph, "A", stops, {"C5": 20}) == 10 + 20 + 10 + 10 + 0 + 20
    best = best_route(graph, "A", PHASE2, {"C5": 20})
    assert best is not None and best.revenue == 70  # C5-1 adds nothing more


def test_best_route_on_the_row() -> None:
    _, graph = row(C5="A", C9="BC")
    best = best_route(graph, "A", PHASE2)
    # D6 (20) - C5 (20) - C7 (20) - C9 (blocked end, 0) beats C3 (10) - C5 - D6.
    assert best is not None
    assert best.revenue == 60
    assert {"D6-0", "C5-0", "C7-0"} <= set(best.stops) and "C3-0" not in best.stops
    assert best.connections[0] in (("D6", "C5"), ("C9", "C7"))
    assert best_route(graph, "Z", PHASE2) is None


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(random_boards(rows=3, cols=5))
def test_best_route_equals_brute_force(
    case: tuple[MapState, str, tuple[str, ...], dict[str, int]],
) -> None:
    """The optimum is exact: on many small random boards it equals the best found by
    trying every route, and it is itself a valid route worth what it claims."""
    state, corp, colours, bonuses = case
    graph = TrackGraph(state)
    expected = brute_force(graph, corp, colours, bonuses)
    best = best_route(graph, corp, colours, bonuses)
    if expected is None:
        assert best is None
        return
    assert best is not None and best.revenue == expected
    assert route_revenue(graph, corp, best.stops, best.links, colours, bonuses) == expected
