"""1881 runs and revenue (8.2-8.8, 9.2-9.4, variant 1 = 14) on small boards drawn with
1881's tile codes (design data), and the digest's cases 27-31 and 56.

Boards use the core test grid (doubled coordinates): C3 - C5 - C7 - C9 is a row, D4 and
D6 lie below C5, B4 and B6 above it."""

from __future__ import annotations

import itertools

import pytest

from pygame_core.g18xx.board import Board, HexSpec, MapState
from pygame_core.g18xx.hexes import Grid, Layout
from pygame_core.g18xx.routes import IllegalRoute, RouteRules
from pygame_core.g18xx.runs import best_runs
from pygame_core.g18xx.tiles import parse_tile
from pygame_core.g1881 import board as g1881_board
from pygame_core.g1881.runs import (
    COLOURS,
    ROUTE_RULES,
    RouteChoice,
    best_company_runs,
    check_runs,
    track_graph,
)
from pygame_core.g1881.source import section
from tests.g18xx.helpers import board

OFFSET = Grid.of(Layout.POINTY, "offset")
CODES = {name: t["code"] for name, t in section("tiles")["definitions"].items()}


def depots(state: MapState, **where: str) -> MapState:
    """Put depots (companies separated by spaces, one per slot) on the cities."""
    for coord, corps in where.items():
        for slot, corp in enumerate(corps.split()):
            if corp != "-":
                state.place_token(coord, 0, corp, slot)
    return state


def choice(state: MapState, corp: str, stops: list[str], shuttle: bool = False) -> RouteChoice:
    """The route through `stops` (node names), over the first link between each pair."""
    graph = track_graph(state, corp)
    links = []
    for a, b in itertools.pairwise(stops):
        ia, ib = graph.by_sig[a], graph.by_sig[b]
        links.append(graph.links_between(ia, ib)[0].index)
    return RouteChoice(tuple(stops), tuple(links), shuttle)


def row(values: tuple[int, int, int, int], colours: tuple[str, ...] = ("green",) * 4) -> MapState:
    """C3 - C5 - C7 - C9, cities with the given values and tile colours."""
    codes: dict[str, str | tuple[str, str]] = {}
    for i, (coord, value) in enumerate(zip(("C3", "C5", "C7", "C9"), values, strict=True)):
        exits = [e for e, ok in ((1, i > 0), (4, i < 3)) if ok]
        paths = ";".join(f"path=a:{e},b:_0" for e in exits)
        codes[coord] = (colours[i], f"city=revenue:{value},slots:2;{paths}")
    return board(codes)


# --- 8.x: routes ---------------------------------------------------------------------------


def test_c27_8_6_a_two_train_counts_two_stations_and_the_halt_between() -> None:
    """Digest 27: Alexanderplatz - halt - Weißensee is two stations plus the halt; going on
    to a third station is refused (8.6 "nur drei verschiedene Stationen")."""
    state = depots(
        board(
            {
                "C3": "city=revenue:30;path=a:4,b:_0",
                "C5": CODES["4"].replace("a:0", "a:1").replace("a:3", "a:4"),
                "C7": "city=revenue:20,slots:2;path=a:1,b:_0;path=a:4,b:_0",
                "C9": "city=revenue:20;path=a:1,b:_0",
            }
        ),
        C3="GBS",
    )
    best = best_company_runs(state, "GBS", [2])
    assert best.total == 30 + 10 + 20
    assert best.trains[0].route is not None
    assert best.trains[0].route.stops == ("C3-0", "C5-0", "C7-0")
    with pytest.raises(IllegalRoute, match="range 2") as err:
        check_runs(state, "GBS", [2], [choice(state, "GBS", ["C3-0", "C5-0", "C7-0", "C9-0"])])
    assert err.value.rule == "1881 8.6"


def _crossing() -> MapState:
    """A loop that crosses C5 (tile 25, two straight tracks) twice: C3 -> C5 -> C7 ->
    halt D6 -> D4 -> C5 -> B6."""
    return depots(
        board(
            {
                "C3": "city=revenue:30;path=a:4,b:_0",
                "C5": ("green", CODES["25"]),  # 0-3 and 1-4
                "C7": "city=revenue:20,slots:2;path=a:1,b:_0;path=a:0,b:_0",
                "D6": "town=revenue:10,visit_cost:0;path=a:3,b:_0;path=a:1,b:_0",
                "D4": "path=a:4,b:3",
                "B6": "city=revenue:40;path=a:0,b:_0",
            }
        ),
        C3="GBS",
    )


def test_c27_8_3_a_route_enters_each_hex_once() -> None:
    """8.3 "jedes Streckenplättchen oder Sechseck ... nur einmal je Fahrt": the loop over
    the crossing is refused; without the rule (core default) it would be the best."""
    state = _crossing()
    loop = choice(state, "GBS", ["C3-0", "C7-0", "D6-0", "B6-0"])
    with pytest.raises(IllegalRoute, match="hex C5 only once") as err:
        check_runs(state, "GBS", [4], [loop])
    assert err.value.rule == "1881 8.3"
    assert best_company_runs(state, "GBS", [4]).total == 30 + 20
    loose = RouteRules(city_needs_own_token=False, end_kinds=ROUTE_RULES.end_kinds)
    graph = track_graph(state, "GBS")
    assert best_runs(graph, "GBS", [4], COLOURS, rules=loose).revenue == 30 + 20 + 10 + 40


def _breitscheidplatz(tile: str) -> MapState:
    """`tile` (53 or another brown station) on C5 with a loop of two halts C7 - D6 back
    into it; GBS on C3 (left), a station on B6 (upper right)."""
    state = depots(
        board(
            {
                "C3": "city=revenue:30;path=a:4,b:_0",
                "C5": ("green", CODES["33"]),
                "C7": "town=revenue:10,visit_cost:0;path=a:1,b:_0;path=a:0,b:_0",
                "D6": "town=revenue:10,visit_cost:0;path=a:3,b:_0;path=a:2,b:_0",
                "B6": "city=revenue:20;path=a:0,b:_0",
            }
        ),
        C3="GBS",
    )
    state.lay("C5", parse_tile(tile, CODES[tile], "brown"), 0)
    return state


def test_c27_8_8_tile_53_may_be_passed_twice_and_counts_as_two_stations() -> None:
    """8.8 "Einzig das Plättchen Nr.53 ... kann 2x auf einer Route angefahren und gewertet
    werden (zählt als zwei Stationen)": C3 - 53 - halt - halt - 53 - B6 is four
    stations and scores 53 twice; a 3-train may end on its second pass."""
    state = _breitscheidplatz("53")
    four = best_company_runs(state, "GBS", [4])
    assert four.total == 30 + 40 + 10 + 10 + 40 + 20
    route = four.trains[0].route
    assert route is not None and route.stops.count("C5-0") == 2
    assert best_company_runs(state, "GBS", [3]).total == 30 + 40 + 10 + 10 + 40
    given = choice(state, "GBS", list(route.stops))
    assert check_runs(state, "GBS", [4], [given]).total == 150
    with pytest.raises(IllegalRoute, match="range 3"):
        check_runs(state, "GBS", [3], [given])


def test_c27_8_8_only_tile_53_is_passed_twice() -> None:
    """8.8 "Einzig": the same loop through brown tile 47 is refused; the best is one pass."""
    state = _breitscheidplatz("47")
    assert best_company_runs(state, "GBS", [4]).total == 30 + 40 + 20
    graph = track_graph(state, "GBS")
    loop = ["C3-0", "C5-0", "C7-0", "D6-0", "C5-0", "B6-0"]
    links = []
    for a, b in itertools.pairwise(loop):
        found = graph.links_between(graph.by_sig[a], graph.by_sig[b])
        links.append(found[-1].index if (a, b) == ("D6-0", "C5-0") else found[0].index)
    with pytest.raises(IllegalRoute, match="same stop twice") as err:
        check_runs(state, "GBS", [4], [RouteChoice(tuple(loop), tuple(links))])
    assert err.value.rule == "1881 8.8"


def test_c27_8_4_a_switch_is_run_only_along_its_curves() -> None:
    """8.4 "Über Plättchen die eine Weiche zeigen, darf nur entlang der Bögen gefahren
    werden": on tile 11 (0-1, 0-2, 0-3) no track leads from side 1 to side 2, so C3 and
    B4 are not joined; C3 - D4 (sides 1 and 0) is."""
    state = depots(
        board(
            {
                "C3": "city=revenue:30;path=a:4,b:_0",
                "C5": ("green", CODES["11"]),
                "B4": "city=revenue:50;path=a:5,b:_0",
                "D4": "city=revenue:20;path=a:3,b:_0",
                "B6": "city=revenue:10;path=a:0,b:_0",
            }
        ),
        C3="GBS",
    )
    graph = track_graph(state, "GBS")
    assert not graph.links_between(graph.by_sig["C3-0"], graph.by_sig["B4-0"])
    best = best_company_runs(state, "GBS", [2])
    assert best.total == 30 + 20
    assert best.trains[0].route is not None and best.trains[0].route.stops[-1] == "D4-0"


def test_c27_8_2_a_station_full_of_foreign_depots_ends_the_run() -> None:
    """8.2 "In Stationen, die ausschließlich von fremden Depots besetzt sind endet die
    Fahrt sofort"."""
    state = depots(row((30, 20, 40, 40)), C3="GBS", C5="BESTAG BChSt")
    assert best_company_runs(state, "GBS", [4]).total == 30 + 20
    with pytest.raises(IllegalRoute, match="full of other tokens") as err:
        check_runs(state, "GBS", [4], [choice(state, "GBS", ["C3-0", "C5-0", "C7-0"])])
    assert err.value.rule == "1881 8.2"
    state.remove_token("C5", 0, 1)  # a circle free again: the run goes on
    assert best_company_runs(state, "GBS", [4]).total == 30 + 20 + 40 + 40


def test_c54_7_7_depots_of_the_other_kind_alone_do_not_end_a_run() -> None:
    """7.7: a station full only of S-Bahn depots does not stop a tram; full and mixed, it
    stops every other tram company (digest 54)."""
    s_only = "city=revenue:20,slots:1,s_slots:1;path=a:1,b:_0;path=a:4,b:_0"
    state = row((30, 20, 40, 40))
    state.lay("C5", parse_tile("S1", s_only, "green"), 0)
    depots(state, C3="GBS", C5="S")
    assert best_company_runs(state, "GBS", [4]).total == 30 + 20 + 40 + 40
    mixed = depots(row((30, 20, 40, 40)), C3="GBS", C5="BESTAG S")
    assert best_company_runs(mixed, "GBS", [4]).total == 30 + 20
    assert best_company_runs(mixed, "BESTAG", [4]).total == 30 + 20 + 40 + 40


def test_c28_8_5_halts_end_a_route_only_until_a_station_is_connected() -> None:
    """8.5: SBV at its start field with only a halt reachable may run start - halt; once
    another station is connected, that route is refused."""
    halt = CODES["4"].replace("a:0", "a:1").replace("a:3", "a:4")
    alone = {"C3": "city=revenue:20;path=a:4,b:_0", "C5": halt}
    state = depots(board(alone), C3="SBV")
    early = best_company_runs(state, "SBV", [2], home="C3")
    assert early.total == 20 + 10
    assert best_company_runs(state, "SBV", [2]).total == 0  # no start field: no exception
    later = depots(board({**alone, "C7": "city=revenue:20;path=a:1,b:_0"}), C3="SBV")
    with pytest.raises(IllegalRoute, match="start or end") as err:
        check_runs(later, "SBV", [2], [choice(later, "SBV", ["C3-0", "C5-0"])], home="C3")
    assert err.value.rule == "1881 8.5"
    assert best_company_runs(later, "SBV", [2], home="C3").total == 20 + 10 + 20


def test_c29_8_7_trains_meet_in_a_station_from_other_sides_but_share_no_track() -> None:
    """8.7 "kein Streckenstück zweimal ... Die Routen können sich in Stationen treffen";
    9.2 "Orte, die von mehreren Bahnen angefahren werden, zählen auch mehrfach"."""
    state = depots(row((30, 20, 40, 10)), C5="GBS")
    best = best_company_runs(state, "GBS", [2, 2])
    assert best.total == (20 + 30) + (20 + 40)
    assert all(t.route is not None and "C5-0" in t.route.stops for t in best.trains)
    same = choice(state, "GBS", ["C5-0", "C7-0"])
    with pytest.raises(IllegalRoute, match="same track") as err:
        check_runs(state, "GBS", [2, 2], [same, same])
    assert err.value.rule == "1881 8.7"
    other = choice(state, "GBS", ["C3-0", "C5-0"])
    assert check_runs(state, "GBS", [2, 2], [same, other]).total == 110


# --- 9.x: revenue ------------------------------------------------------------------------


def _wannsee() -> MapState:
    """Wannsee (K2, ferry) with GBS's depot; Kladow (J1, ferry) upper left, K3 right, L2
    lower right (1881's offset hex names)."""
    codes = {
        "K2": "city=revenue:20,slots:2;path=a:2,b:_0;path=a:4,b:_0;path=a:5,b:_0",
        "J1": "city=revenue:10;path=a:5,b:_0",
        "K3": "city=revenue:30;path=a:1,b:_0",
        "L2": "city=revenue:20;path=a:2,b:_0",
    }
    specs = [HexSpec(c, "white", parse_tile(c, code, "white")) for c, code in codes.items()]
    return depots(MapState(Board(OFFSET, specs)), K2="GBS")


def test_c30_9_3_the_ferry_bonus_counts_per_train_visiting() -> None:
    """9.3 "Einen Bonus gibt es für das Anfahren von Stationen, die einen Fähranleger haben
    (jeweils 40 TM ...)": three trains from Wannsee each get +40; the one ending in
    Kladow gets Kladow's +40 too."""
    runs = best_company_runs(_wannsee(), "GBS", [2, 2, 2])
    ferries = sorted(t.ferry for t in runs.trains)
    assert ferries == [40, 40, 80]
    assert runs.train_revenue == (20 + 10) + (20 + 30) + (20 + 20)
    assert runs.bonuses == 160 and runs.total == 280
    kladow = next(t for t in runs.trains if t.ferry == 80)
    assert kladow.route is not None and "J1-0" in kladow.route.stops
    assert kladow.revenue == 20 + 10 + 80


def test_c31_9_4_the_periphery_bonus_is_added_even_without_a_train() -> None:
    """9.4: +100 for a connection made this round, passed in, also with no train; 9.8:
    it is a bonus the company may keep apart."""
    runs = best_company_runs(_wannsee(), "GBS", [], periphery=100)
    assert runs.total == runs.bonuses == 100 and runs.train_revenue == 0
    given = check_runs(_wannsee(), "GBS", [2], [None], periphery=100)
    assert given.total == 100 and given.trains[0].route is None


# --- 14: variant 1, double track ---------------------------------------------------------


def test_c56_14_the_rulebooks_example_single_90_shuttling_130() -> None:
    """14, "BEISPIEL für zweigleisiges Fahren": a 4-train A - B - C - D, all green, earns
    90 on a single run and 130 shuttling (B and C twice, range still 4)."""
    state = depots(row((30, 20, 20, 20)), C3="GBS")
    assert best_company_runs(state, "GBS", [4]).total == 90
    double = best_company_runs(state, "GBS", [4], double_track=True)
    assert double.total == 130 and double.trains[0].shuttle
    route = ["C3-0", "C5-0", "C7-0", "C9-0"]
    given = check_runs(state, "GBS", [4], [choice(state, "GBS", route, True)], double_track=True)
    assert given.total == 130
    with pytest.raises(IllegalRoute) as err:
        check_runs(state, "GBS", [4], [choice(state, "GBS", route, True)])
    assert err.value.rule == "1881 14"


@pytest.mark.parametrize("yellow", [2, 3])
def test_c56_14_4_no_shuttle_over_a_yellow_hex_or_to_a_yellow_end(yellow: int) -> None:
    """14.3/14.4: a yellow station between or at the end: no shuttling."""
    colours = tuple("yellow" if i == yellow else "green" for i in range(4))
    state = depots(row((30, 20, 20, 20), colours), C3="GBS")
    assert best_company_runs(state, "GBS", [4], double_track=True).total == 90
    route = choice(state, "GBS", ["C3-0", "C5-0", "C7-0", "C9-0"], True)
    with pytest.raises(IllegalRoute, match="green, brown or gray") as err:
        check_runs(state, "GBS", [4], [route], double_track=True)
    assert err.value.rule == "1881 14.4"


def test_14_the_designs_example_on_our_map_single_90_shuttling_130() -> None:
    """14's example on our map (board.json variants.double_track): Breitscheidplatz (33) -
    Schöneberg - Steglitz - Lichterfelde, all green, as the 4-train of the rulebook's
    example: 90 single, 130 shuttling. The tiles are put down directly (the lays' own
    rules are track.py's)."""
    example = section("variants")["double_track"]["example_on_this_board"]
    route = example["route"]
    kinds = {"H5": "33", "I6": "18", "J5": "20", "K5": "17"}
    state = g1881_board.initial_state()
    for i, coord in enumerate(route):
        near = {h: e for e, h in state.board.neighbours(coord).items()}
        need = {near[h] for h in route[max(i - 1, 0) : i + 2] if h != coord}
        tile = g1881_board.tiles()[kinds[coord]]
        state.lay(coord, tile, next(r for r in range(6) if need <= tile.exits(r)))
    state.place_token("H5", 0, "BESTAG")
    stops = [f"{coord}-0" for coord in route]
    single = check_runs(state, "BESTAG", [4], [choice(state, "BESTAG", stops)])
    assert single.total == example["single"] == 90
    shuttled = choice(state, "BESTAG", stops, shuttle=True)
    double = check_runs(state, "BESTAG", [4], [shuttled], double_track=True)
    assert double.total == example["double"] == 130
