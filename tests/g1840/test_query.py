"""The "route" query: a Line's best route on demand (for the page's route preview and the
browser benchmark)."""

from __future__ import annotations

import json
from pathlib import Path

from pygame_core.api import handle_request
from pygame_core.g18xx.routes import link_for, route_revenue
from pygame_core.g1840 import board as g1840
from pygame_core.g1840.game import Vienna1840
from pygame_core.g1840.importer import import_game

FIXTURE = Path(__file__).parent / "data" / "fixture_2player.json"


def test_route_query_answers_the_exact_optimum_and_changes_nothing() -> None:
    game, _ = import_game(json.loads(FIXTURE.read_text()))
    assert handle_request({"op": "load", "game_id": "q", "save": game.save(), "seat": 0})["ok"]
    before = handle_request({"op": "hash", "game_id": "q"})["hash"]
    reply = handle_request({"op": "query", "game_id": "q", "query": "route", "args": {"line": "4"}})
    assert reply["ok"]
    answer = reply["answer"]
    route = answer["route"]
    state = game.state
    assert isinstance(state, Vienna1840)
    w = state.w
    graph = g1840.line_graph(w.map)
    stops = route["stops"]
    links = [
        link_for(graph, stops[i], stops[i + 1], hexes).index
        for i, hexes in enumerate(route["connections"])
    ]
    bonuses = g1840.sight_bonuses(w.privates_of("WT"))
    value = route_revenue(graph, "4", stops, links, w.colours, bonuses, g1840.ROUTE_RULES)
    assert value == route["revenue"] and answer["ms"] >= 0
    assert handle_request({"op": "hash", "game_id": "q"})["hash"] == before


def test_unknown_queries_and_lines_are_refused() -> None:
    game, _ = import_game(json.loads(FIXTURE.read_text()))
    handle_request({"op": "load", "game_id": "q2", "save": game.save(), "seat": 0})
    for query, args in (("route", {"line": "9"}), ("route", {}), ("weather", {})):
        reply = handle_request({"op": "query", "game_id": "q2", "query": query, "args": args})
        assert not reply["ok"] and reply["error"]["kind"] == "invalid"
