"""The run step, shared by the titles: each train runs one route, given stop by stop or
left to the engine's best; the title may demand the best, and a company with a train must
run.

A route given stop by stop names, between each pair of stops, the hexes its track passes;
it is checked and valued by g18xx.routes (the refusals are `IllegalRoute`s). Without a
route the train runs for nothing, which a title that demands the best allows only where
there is no route. Several trains of one company share no track (g18xx.runs).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.errors import IllegalAction
from ..graph import TrackGraph
from ..routes import IllegalRoute, Route, RouteRules, link_for, route_revenue
from ..runs import runs_revenue


@dataclass(frozen=True)
class RunRules:
    """A title's run step settings and citations: `must_be_best` (the run earns the most
    it can); `cite_route` a route's form, `cite_must` running is not optional, `cite_best`
    the best route, `cite_train` a company without a train; `train_word` its word for a
    train in messages."""

    must_be_best: bool = False
    cite_route: str | None = None
    cite_must: str | None = None
    cite_best: str | None = None
    cite_train: str | None = None
    train_word: str = "train"


def links_of(
    rules: RunRules,
    graph: TrackGraph,
    stops: Sequence[str],
    connections: Sequence[Sequence[str]],
) -> list[int]:
    """The graph's links joining `stops` ("E17-0") through `connections` (one list of
    hexes per pair of stops); raises IllegalRoute."""
    if len(connections) != max(len(stops) - 1, 0):
        raise IllegalRoute("A route lists one connection per pair of stops", rule=rules.cite_route)
    links = []
    for i, hexes in enumerate(connections):
        try:
            links.append(link_for(graph, stops[i], stops[i + 1], hexes).index)
        except KeyError as exc:
            raise IllegalRoute(str(exc.args[0]), rule=rules.cite_route) from None
    return links


def route_of(
    rules: RunRules,
    graph: TrackGraph,
    corp: str,
    stops: Sequence[str],
    connections: Sequence[Sequence[str]],
    colours: Sequence[str],
    bonuses: Mapping[str, int],
    route_rules: RouteRules,
) -> Route:
    """The route `corp`'s one train runs along `stops`, joined through `connections`,
    with its revenue in the phase of `colours`; raises IllegalRoute."""
    links = links_of(rules, graph, stops, connections)
    revenue = route_revenue(graph, corp, stops, links, colours, bonuses, route_rules)
    return Route(tuple(stops), tuple(links), tuple(tuple(c) for c in connections), revenue)


GivenRoute = tuple[Sequence[str], Sequence[Sequence[str]]]


def runs_of(
    rules: RunRules,
    graph: TrackGraph,
    corp: str,
    trains: Sequence[int | None],
    given: Sequence[GivenRoute | None],
    colours: Sequence[str],
    bonuses: Mapping[str, int],
    route_rules: RouteRules,
) -> int:
    """The revenue of `corp`'s trains (their ranges, None: unlimited) running one route
    each, given as (stops, connections) or None (that train does not run): each route
    valid, no track used twice (g18xx.runs); raises IllegalRoute."""
    routes = [None if g is None else (g[0], links_of(rules, graph, g[0], g[1])) for g in given]
    return runs_revenue(graph, corp, trains, routes, colours, bonuses, route_rules)


def check_has_train(rules: RunRules, has_train: bool, who: str) -> None:
    """Refuse a run of a company without a train."""
    if not has_train:
        raise IllegalAction(f"{who} has no {rules.train_word} to run", rule=rules.cite_train)


def check_choice(rules: RunRules, route: Route | None, best: Route | None, who: str) -> None:
    """Refuse running `route` (None: no route) when the title demands the best and `best`
    earns more, or exists at all."""
    if not rules.must_be_best or best is None:
        return
    if route is None:
        raise IllegalAction(
            f"{who} must run: its {rules.train_word} has a route", rule=rules.cite_must
        )
    if route.revenue < best.revenue:
        raise IllegalAction(
            f"The run must earn the most it can: {best.revenue}, not {route.revenue}",
            rule=rules.cite_best,
        )


def check_ran(rules: RunRules, has_train: bool, ran: bool, who: str) -> None:
    """Refuse to end the turn of a company whose train has not run."""
    if has_train and not ran:
        raise IllegalAction(
            f"{who}'s {rules.train_word} must run: running is not optional", rule=rules.cite_must
        )


def facts(route: Route | None) -> dict[str, Any]:
    """A run as the page draws and logs it: its stops ("E17-0"), their hexes, the hexes
    of each connection and the revenue (no route: empty, 0)."""
    if route is None:
        return {"stops": [], "hexes": [], "connections": [], "revenue": 0}
    stops = list(route.stops)
    return {
        "stops": stops,
        "hexes": [s.rsplit("-", 1)[0] for s in stops],
        "connections": [list(c) for c in route.connections],
        "revenue": route.revenue,
    }
