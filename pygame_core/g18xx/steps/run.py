"""The run step, shared by the titles: a train runs one route, given stop by stop or left
to the engine's best; the title may demand the best, and a company with a train must run.

A route given stop by stop names, between each pair of stops, the hexes its track passes;
it is checked and valued by g18xx.routes (the refusals are `IllegalRoute`s). Without a
route the train runs for nothing, which a title that demands the best allows only where
there is no route. Several trains of one company run together through g18xx.runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.errors import IllegalAction
from ..graph import TrackGraph
from ..routes import IllegalRoute, Route, RouteRules, link_for, route_revenue


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
    """The route `corp`'s train runs along `stops` ("E17-0"), joined by the track through
    `connections` (one list of hexes per pair of stops), with its revenue in the phase of
    `colours`; raises IllegalRoute."""
    if len(connections) != max(len(stops) - 1, 0):
        raise IllegalRoute("A route lists one connection per pair of stops", rule=rules.cite_route)
    links = []
    for i, hexes in enumerate(connections):
        try:
            links.append(link_for(graph, stops[i], stops[i + 1], hexes).index)
        except KeyError as exc:
            raise IllegalRoute(str(exc.args[0]), rule=rules.cite_route) from None
    revenue = route_revenue(graph, corp, stops, links, colours, bonuses, route_rules)
    return Route(tuple(stops), tuple(links), tuple(tuple(c) for c in connections), revenue)


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
