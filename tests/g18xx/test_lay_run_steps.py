"""The shared track, token, run and operating-order steps (g18xx/steps/), on small
made-up boards with made-up citations, as a title other than 1840 would set them. 1840's
settings (its IX.3-IX.8) are checked through its own rules tests (tests/g1840)."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.routes import IllegalRoute, Route, RouteCitations, RouteRules, best_route
from pygame_core.g18xx.steps import operating, run, token, track
from pygame_core.g18xx.tiles import StopKind, parse_tile
from pygame_core.g18xx.trains import Phase, PhaseTable, TrainBank, TrainType

from .helpers import board

COLOURS = ("yellow",)
ROW: dict[str, str | tuple[str, str]] = {
    "C3": "town=revenue:10;path=a:4,b:_0",
    "C5": "city=revenue:20,slots:1;path=a:1,b:_0;path=a:_0,b:4",
    "C7": "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4",
    "C9": "city=revenue:30,slots:2;path=a:1,b:_0;path=a:_0,b:4",
    "B6": "upgrade=cost:40",
}
TILES = {
    "7": parse_tile("7", "path=a:0,b:1", "yellow"),
    "9": parse_tile("9", "path=a:0,b:3", "yellow"),
    "24": parse_tile("24", "path=a:0,b:3;path=a:0,b:4", "green"),
}
PHASES = PhaseTable(
    (Phase("2", ("yellow",), 4), Phase("3", ("yellow", "green"), 4)),
    (TrainType("2", 80, 2, count=3, triggers="2"), TrainType("3", 180, 3, count=2, triggers="3")),
    cite="T.10",
)
TRACK = track.TrackRules(
    lays_per_turn=2, cite_lay="T.4", cite_upgrade="T.5", cite_fit="T.6", cite_count="T.3"
)
RUN = run.RunRules(
    must_be_best=True, cite_route="R.1", cite_must="R.2", cite_best="R.3", cite_train="R.4"
)
TOKENS = token.TokenRules(cite="K.1")


def refusal(call: object) -> IllegalAction:
    assert callable(call)
    with pytest.raises(IllegalAction) as err:
        call()
    return err.value


# --- track ------------------------------------------------------------------------------


def test_a_lay_is_affordable_by_its_first_tile_cost_only() -> None:
    state = board(ROW)
    lays = [("B6", "9", 0), ("C5", "9", 1)]
    assert track.affordable(state, lays, 39) == [("C5", "9", 1)]
    assert track.affordable(state, lays, 40) == lays
    track.check_cost(TRACK, state, "B6", 40, "Company A")
    err = refusal(lambda: track.check_cost(TRACK, state, "B6", 39, "Company A"))
    assert err.rule == "T.4" and "costs 40; Company A has 39" in err.message


def test_each_lay_is_one_legal_action() -> None:
    assert track.lay_actions([("B6", "9", 3)]) == [
        {"type": "lay_tile", "hex": "B6", "tile": "9", "rotation": 3}
    ]


def test_a_hex_built_this_turn_is_not_built_again() -> None:
    lays = [("B6", "24", 0), ("D6", "9", 0)]
    assert track.not_fresh(lays, ["B6"]) == [("D6", "9", 0)]
    track.check_not_fresh(TRACK, ["B6"], "D6")
    err = refusal(lambda: track.check_not_fresh(TRACK, ["B6"], "B6"))
    assert err.rule == "T.5" and "laid this turn" in err.message


def test_lays_per_turn_come_from_the_title() -> None:
    track.check_count(TRACK, 1, "Company A")
    err = refusal(lambda: track.check_count(TRACK, 2, "Company A"))
    assert err.rule == "T.3" and err.message == "Company A lays or upgrades two tiles per turn"
    one = track.TrackRules(cite_count="T.3")
    assert "one tile per turn" in refusal(lambda: track.check_count(one, 1, "A")).message


@pytest.mark.parametrize(
    ("lay", "supply", "rule", "words"),
    [
        (("Z99", "9", 0), {"9": 1}, "T.4", "not on the map"),
        (("B6", "99", 0), {"9": 1}, "T.4", "no tile"),
        (("B6", "9", 0), {"9": 0}, "T.5", "No tile 9 is left"),
        (("B6", "24", 0), {"24": 1}, "T.5", "Green tiles are available from phase 3"),
        (("B6", "9", 2), {"9": 1}, "T.4", "only in rotations [0, 3]"),
        (("B6", "7", 0), {"7": 1}, "T.6", "must keep all track"),
        (("C7", "9", 0), {"9": 1}, "T.4", "reachable from one of its tokens"),
    ],
)
def test_a_refused_lay_names_the_first_thing_wrong(
    lay: tuple[str, str, int], supply: dict[str, int], rule: str, words: str
) -> None:
    state = board(ROW)
    legal = [("B6", "9", 0), ("B6", "9", 3)]
    ctx = track.LayContext(TILES, supply, PHASES, COLOURS, "Company A")
    err = refusal(lambda: track.refuse(TRACK, state, legal, lay, ctx))
    assert err.rule == rule and words.lower() in err.message.lower(), err.message


# --- tokens -----------------------------------------------------------------------------

TWO_CITIES = "city=revenue:20;city=revenue:20;path=a:0,b:_0;path=a:3,b:_1"


def test_a_home_token_goes_on_a_reserved_or_free_city() -> None:
    state = board(
        {"E5": "city=revenue:20;city=revenue:20", "E9": "city=revenue:20;city=revenue:20"}
    )
    state.lay("E5", parse_tile("X5", TWO_CITIES, "yellow"), 0)
    assert token.home_cities(state, "E5", "A") == [0, 1]
    state.reserve("E5", "B", 0)
    assert token.home_cities(state, "E5", "B") == [0]
    # Printed cities without track are not told apart: the first only.
    assert token.home_cities(state, "E9", "A") == [0]


def test_the_next_token_s_options_carry_its_cost_when_affordable() -> None:
    state = board(ROW)
    state.place_token("C5", 0, "A")
    graph = TrackGraph(state)
    costs = (0, 40, 80)
    assert token.options(state, graph, "A", costs, 1, 40) == [("C9", 0, 40)]
    assert token.options(state, graph, "A", costs, 1, 39) == []
    assert token.options(state, graph, "A", costs, 1, 0, free=True) == [("C9", 0, 0)]
    assert token.options(state, graph, "A", costs, 3, 999) == []


def test_a_refused_token_names_the_first_thing_wrong() -> None:
    state = board(ROW)
    state.place_token("C5", 0, "A")
    options = {("C9", 0)}

    def place(
        where: tuple[str, int, int | None], placed: int = 1, *, reached: bool = True
    ) -> IllegalAction:
        # With all its tokens placed, or C9 out of reach, a company has no options left.
        left = options if placed < 3 and reached else set()
        return refusal(
            lambda: token.check_place(
                TOKENS, state, "A", left, where, placed=placed, most=3, who="Company A"
            )
        )

    token.check_place(TOKENS, state, "A", options, ("C9", 0, 1), placed=1, most=3, who="A")
    assert "Slot 5" in place(("C9", 0, 5)).message
    assert "placed all 3 tokens" in place(("C9", 0, None), placed=3).message
    assert "one per hex" in place(("C5", 0, None)).message
    assert "No token of Company A can go on C7-0" in place(("C7", 0, None)).message  # a town
    assert "must be a city connected" in place(("C9", 0, None), reached=False).message
    assert {place(w).rule for w in [("C9", 0, 5), ("C5", 0, None)]} == {"K.1"}
    assert token.free_slots(state, "C9", 0) == [0, 1]


# --- the run ----------------------------------------------------------------------------


def graph_with_token() -> TrackGraph:
    state = board(ROW)
    state.place_token("C5", 0, "A")
    return TrackGraph(state)


def test_a_route_given_stop_by_stop_is_valued_as_the_search_values_it() -> None:
    graph = graph_with_token()
    top = best_route(graph, "A", COLOURS)
    assert top is not None and top.revenue == 10 + 20 + 10
    given = run.route_of(RUN, graph, "A", top.stops, top.connections, COLOURS, {}, RouteRules())
    assert given.revenue == top.revenue and given.links == top.links
    with_bonus = run.route_of(
        RUN, graph, "A", top.stops, top.connections, COLOURS, {"C7": 50}, RouteRules()
    )
    assert with_bonus.revenue == top.revenue + 50


def test_a_run_s_facts_name_its_stops_hexes_and_revenue() -> None:
    top = best_route(graph_with_token(), "A", COLOURS)
    assert top is not None
    facts = run.facts(top)
    assert facts["revenue"] == 40 and sorted(facts["hexes"]) == ["C3", "C5", "C7"]
    assert facts["stops"] == list(top.stops) and len(facts["connections"]) == 2
    assert run.facts(None) == {"stops": [], "hexes": [], "connections": [], "revenue": 0}


def test_a_malformed_route_is_refused_with_the_title_s_citation() -> None:
    graph = graph_with_token()
    with pytest.raises(IllegalRoute) as err:
        run.route_of(RUN, graph, "A", ["C3-0", "C5-0"], [], COLOURS, {}, RouteRules())
    assert err.value.rule == "R.1"
    with pytest.raises(IllegalRoute) as err:
        run.route_of(RUN, graph, "A", ["C3-0", "C5-0"], [["C9"]], COLOURS, {}, RouteRules())
    assert err.value.rule == "R.1" and "No track" in err.value.message
    cited = RouteRules(cite=RouteCitations(token="R.9"))
    with pytest.raises(IllegalRoute) as err:  # the route's own rules: B has no token
        run.route_of(RUN, graph, "B", ["C3-0", "C5-0"], [["C3", "C5"]], COLOURS, {}, cited)
    assert err.value.rule == "R.9"


def test_each_train_runs_one_route_and_no_track_twice() -> None:
    graph = graph_with_token()
    west = (["C3-0", "C5-0"], [["C3", "C5"]])
    east = (["C5-0", "C7-0"], [["C5", "C7"]])
    both = (["C3-0", "C5-0", "C7-0"], [["C3", "C5"], ["C5", "C7"]])
    towns_count = frozenset({StopKind.CITY, StopKind.TOWN})
    rr = RouteRules(cite=RouteCitations(track="R.7", range="R.8"), range_kinds=towns_count)
    # Two routes may meet at a stop (C5 counts for both); a train may stand idle.
    assert run.runs_of(RUN, graph, "A", [2, 2], [west, east], COLOURS, {}, rr) == 30 + 30
    assert run.runs_of(RUN, graph, "A", [2, None], [west, None], COLOURS, {}, rr) == 30
    with pytest.raises(IllegalRoute) as err:
        run.runs_of(RUN, graph, "A", [3, 2], [both, west], COLOURS, {}, rr)
    assert err.value.rule == "R.7"
    with pytest.raises(IllegalRoute) as err:
        run.runs_of(RUN, graph, "A", [2], [both], COLOURS, {}, rr)
    assert err.value.rule == "R.8"
    with pytest.raises(IllegalRoute) as err:
        run.runs_of(RUN, graph, "A", [2], [(["C3-0", "C5-0"], [])], COLOURS, {}, rr)
    assert err.value.rule == "R.1"


def test_the_best_run_is_demanded_only_where_the_title_says() -> None:
    best = Route(("C3-0", "C5-0"), (0,), (("C3", "C5"),), 30)
    worse = Route(("C5-0", "C7-0"), (1,), (("C5", "C7"),), 20)
    run.check_choice(RUN, best, best, "Company A")
    run.check_choice(RUN, None, None, "Company A")  # no route: it runs for nothing
    assert refusal(lambda: run.check_choice(RUN, worse, best, "Company A")).rule == "R.3"
    err = refusal(lambda: run.check_choice(RUN, None, best, "Company A"))
    assert err.rule == "R.2" and "Company A must run" in err.message
    free = run.RunRules()
    run.check_choice(free, worse, best, "Company A")
    run.check_choice(free, None, best, "Company A")


def test_a_company_with_a_train_must_run_it() -> None:
    run.check_ran(RUN, has_train=True, ran=True, who="A")
    run.check_ran(RUN, has_train=False, ran=False, who="A")
    assert refusal(lambda: run.check_ran(RUN, True, False, "A")).rule == "R.2"
    run.check_has_train(RUN, True, "A")
    err = refusal(lambda: run.check_has_train(RUN, False, "A"))
    assert err.rule == "R.4" and err.message == "A has no train to run"


# --- the operating order and the bank ---------------------------------------------------


def test_companies_take_their_turns_in_the_order_given() -> None:
    waiting = ["3", "7", "12"]
    taken = [operating.next_operator(waiting) for _ in range(4)]
    assert taken == ["3", "7", "12", None] and waiting == []


def test_the_bank_hands_out_a_title_s_own_offer_and_withdraws_a_type() -> None:
    bank = TrainBank.of(PHASES)
    # A title's own offer may sell a type above the lowest; the phase change still comes.
    assert bank.take(PHASES, "2", "3") == ("3-0", PHASES.change("2", "3"))
    assert bank.take(PHASES, "3", "2") == ("2-0", None)
    assert bank.withdraw("2") == ["2-1", "2-2"] and bank.stock["2"] == []
    assert bank.on_offer(PHASES, "3") == ["3"]
    err = refusal(lambda: bank.take(PHASES, "3", "2"))
    assert err.rule == "T.10" and "no 2 train left" in err.message
