"""Time per company optimum of 1881's runs (g1881.runs.best_company_runs: track graph and
exact search) on dense 1881 boards and on real late positions of bot games. Prints
figures; asserts nothing about time (the whole run with --browser: about 3 minutes).

Run: .venv/bin/python -m bench.bench_routes_1881 [--boards 6] [--players 3 4 5 6]
                                                 [--seeds 1 2 3 4] [--browser]

Boards (seeded): our 1881 map tiled hex by hex in random order with tiles the map allows
(g1881.track.map_lays: colours, Table 6, labels, the Trasse, the lake; the one meeting most
neighbouring track), three passes per phase 1-4, until the tile supply runs out; then every
tram company gets its start depot and 1-3 more in stations it reaches
(g1881.depots.depot_places), and the S-Bahn start depots on four Trasse stations. Per
company, seeded:

(a) 3-4 trains of range 2-6 (more than 1881's train limits allow: the stress case);
(b) 4 trains of range 6 (the hardest mix);
(c) (a) with variant 1's double track (14), every route revalued;
(d) the S-Bahn, 2-3 trains of range 4, 7 or 9 on S track;
(e) train sets a late company may own (Table 2's limits: 3 in phase 3, 2 in phase 4).

(f) Real late positions (issue 15: "late-game 1881 positions from seeded bot games"): a
    seeded game per player count and seed, every seat the normal bot, no variants. Each
    call of g1881.runs.best_company_runs made while an action is applied (the run step:
    flow.company_runs, the map, the company's trains, its home, the variant) is recorded
    with its map (g18xx.render.map_json) and its total; the calls of each game's last
    three operating rounds are timed again alone, per player count. The bots' own trial
    runs (while they choose) are not recorded. Any run of the S-Bahn's parts that goes
    through best_company_runs in any g1881 module is recorded the same way and lands in
    series (g) by itself: the recording wraps the function wherever a g1881 module bound
    it. Each timed call must give the recorded total again (the position came back
    whole). The bots' games end early (OR 10-24, 13-39 tiles laid): these boards are far
    sparser than (a)-(e)'s; a line per game gives its last rounds and map.

Time per company: CPU time in CPython (time.process_time; the machine is shared), wall
time inside Pyodide (performance counter) with --browser.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from bench.bench_routes_runs import pct, timed
from pygame_core import Game
from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.hexes import opposite
from pygame_core.g18xx.render import map_json
from pygame_core.g18xx.tiles import StopKind
from pygame_core.g1881 import board as b
from pygame_core.g1881 import runs, track
from pygame_core.g1881.depots import Charter, Circle, circles, depot_places
from pygame_core.g1881.game import Berlin1881
from pygame_core.g1881.runs import S_BAHN, best_company_runs, track_graph

PHASES = ("1", "2", "3", "4")
SERIES = {
    "a_runs": "(a) trams, 3-4 trains of range 2-6",
    "b_worst": "(b) trams, 4 trains of range 6",
    "c_double": "(c) trams, 3-4 trains of range 2-6, double track (14)",
    "d_sbahn": "(d) S-Bahn, 2-3 trains of range 4/7/9",
    "e_late": "(e) trams, late train sets within Table 2's limits",
    "f_3p": "(f) real late positions, 3 players",
    "f_4p": "(f) real late positions, 4 players",
    "f_5p": "(f) real late positions, 5 players",
    "f_6p": "(f) real late positions, 6 players",
    "f_all": "(f) real late positions, all player counts",
    "g_sbahn": "(g) real late positions, the S-Bahn's parts",
}
LAST_ORS = 3  # the late game: each game's last operating rounds
WRAPPED = "best_company_runs"  # the function `recording` records, by name
POSITIONS = "/home/pyodide/saves.json"  # where the page puts the positions (bench_routes_browser)
# Table 2: phase 3 (3 trains at most: 3er, 4er, 5er left) and phase 4 (2 trains: 5er, 6er).
LATE = ([3, 4, 4], [4, 4, 5], [4, 5, 5], [5, 6], [6, 6], [5, 5])


def dense_board(seed: int) -> MapState:
    """Our map tiled in random order, two passes per phase, depots placed (see above)."""
    rnd = random.Random(seed)
    state = b.initial_state()
    tiles = b.tiles()
    coords = sorted(state.board.hexes)
    for phase in PHASES:
        for _ in range(3):
            rnd.shuffle(coords)
            for coord in coords:
                lays = track.map_lays(state, coord, phase)
                if lays:
                    rnd.shuffle(lays)
                    name, rotation = max(lays, key=lambda lay: _joins(state, coord, *lay))
                    state.lay(coord, tiles[name], rotation)
    for home in b.homes().values():
        if None in state.tokens_at(home.hex, home.part):
            state.place_token(home.hex, home.part, home.corp)
        charter = Charter.of(home.corp)
        for _ in range(rnd.randint(1, len(charter.costs))):
            places = depot_places(state, home.corp, charter, 10_000)
            if not places:
                break
            coord, part = rnd.choice(places)
            state.place_token(coord, part, home.corp, state.tokens_at(coord, part).index(None))
            charter = charter.take()
    graph = track_graph(state, S_BAHN)
    trasse = [
        n
        for n in graph.nodes
        if n.kind is StopKind.CITY
        and any(
            k is Circle.S and t is None
            for t, k in zip(n.tokens, circles(state.tile(n.hex)[0], n.part), strict=True)
        )
    ]
    for node in rnd.sample(trasse, min(4, len(trasse))):
        kinds = circles(state.tile(node.hex)[0], node.part)
        state.place_token(node.hex, node.part, S_BAHN, kinds.index(Circle.S))
    return state


def _joins(state: MapState, coord: str, name: str, rotation: int) -> int:
    """How well a tile fits its neighbours: twice each exit meeting track, plus exits."""
    exits = b.tiles()[name].exits(rotation)
    met = 0
    for edge in exits:
        other = state.board.neighbour(coord, edge)
        if other is not None and opposite(edge) in state.tile(other)[0].exits(state.tile(other)[1]):
            met += 1
    return 2 * met + len(exits)


def measure(boards: int) -> tuple[dict[str, list[float]], list[str]]:
    """Every series' times in ms, and a line per board on its size."""
    out: dict[str, list[float]] = {key: [] for key in SERIES}
    notes = []
    rnd = random.Random(1881)
    for seed in range(boards):
        state = dense_board(seed)
        graph = track_graph(state, "GBS")
        notes.append(
            f"board {seed}: {len(state.tiles)} tiles, {len(graph.nodes)} tram stops, "
            f"{len(graph.links)} links"
        )
        for corp in b.homes():
            if not state.corp_tokens(corp):
                continue
            trains = [rnd.randint(2, 6) for _ in range(rnd.choice((3, 4)))]
            late = LATE[rnd.randrange(len(LATE))]
            for key, kw in (
                ("a_runs", {"trains": trains}),
                ("b_worst", {"trains": [6, 6, 6, 6]}),
                ("c_double", {"trains": trains, "double_track": True}),
                ("e_late", {"trains": late}),
            ):
                ms, _ = timed(partial(best_company_runs, state, corp, **kw))
                out[key].append(ms)
        s_trains = [rnd.choice((4, 7, 9)) for _ in range(rnd.choice((2, 3)))]
        ms, _ = timed(partial(best_company_runs, state, S_BAHN, s_trains))
        out["d_sbahn"].append(ms)
    return out, notes


Call = dict[str, Any]  # one recorded best_company_runs call (see the module docstring)


@contextmanager
def recording(calls: list[Call], on: Callable[[], bool]) -> Iterator[None]:
    """Record every best_company_runs call while `on()`, wherever a g1881 module bound it."""
    original = runs.best_company_runs

    def record(map_state: MapState, corp: str, trains: Any, **kw: Any) -> runs.CompanyRuns:
        result = original(map_state, corp, trains, **kw)
        if on():
            call = {"corp": corp, "trains": list(trains), "kw": kw, "total": result.total}
            calls.append({**call, "map": map_json(map_state)})
        return result

    bound = [
        m
        for name, m in list(sys.modules.items())
        if name.startswith("pygame_core.g1881") and getattr(m, WRAPPED, None) is original
    ]
    for module in bound:
        setattr(module, WRAPPED, record)
    try:
        yield
    finally:
        for module in bound:
            setattr(module, WRAPPED, original)


def late_calls(players: int, seed: int) -> tuple[list[Call], str]:
    """The run-step calls of a seeded normal-bot game's last operating rounds, and a line
    on the game and its last map."""
    g = Game("1881", [f"P{i}" for i in range(players)], {}, seed)
    state = g.state
    assert isinstance(state, Berlin1881)
    calls: list[Call] = []
    applying = False
    with recording(calls, lambda: applying):
        while g.active is not None and len(g.actions) < 20000:
            seat = g.active
            action = g.bot_action(seat, "normal")
            entry = state.w.round_entry
            first = len(calls)
            applying = True
            g.apply(action, seat)
            applying = False
            for call in calls[first:]:
                call["round"] = [entry.index, entry.label]
    ors = sorted({c["round"][0] for c in calls})[-LAST_ORS:]
    late = [c for c in calls if c["round"][0] in ors]
    if not late:
        return [], f"{players}p seed {seed}: no runs"
    last = map_of(late[-1]["map"])
    graph = track_graph(last, "GBS")
    labels = sorted({c["round"][1] for c in late})
    return late, (
        f"{players}p seed {seed}: {len(g.actions)} actions, {', '.join(labels)}: "
        f"{len(late)} runs; last map {len(last.tiles)} tiles, {len(graph.nodes)} tram stops, "
        f"{len(graph.links)} links"
    )


def map_of(data: dict[str, Any]) -> MapState:
    """The map `map_json` wrote (1881's board and tiles)."""
    tiles = b.tiles()
    return MapState(
        b.board(),
        {c: (tiles[t["tile"]], t["rotation"]) for c, t in data["tiles"].items()},
        {c: {int(p): list(s) for p, s in parts.items()} for c, parts in data["tokens"].items()},
        {c: {int(p): list(r) for p, r in parts.items()} for c, parts in data["reserved"].items()},
        {c: list(r) for c, r in data["reserved_hex"].items()},
        b.HOME_RULE,
    )


def time_positions(positions: dict[str, list[Call]]) -> dict[str, list[float]]:
    """ms per recorded call, by series (players as "3".."6"); each call must give its
    recorded total again."""
    out: dict[str, list[float]] = {"f_all": [], "g_sbahn": []}
    for players, calls in positions.items():
        for call in calls:
            state = map_of(call["map"])
            run = partial(best_company_runs, state, call["corp"], call["trains"], **call["kw"])
            ms, result = timed(run)
            if result.total != call["total"]:
                raise RuntimeError(f"{call['corp']} ran for {result.total}, not {call['total']}")
            key = f"f_{players}p" if call["corp"] in b.homes() else "g_sbahn"
            out.setdefault(key, []).append(ms)
            if key != "g_sbahn":
                out["f_all"].append(ms)
    return out


def report(where: str, times: dict[str, list[float]]) -> None:
    print(f"--- {where}")
    for key, name in SERIES.items():
        values = times[key]
        if values:
            print(
                f"{name}: n={len(values)} p50 {statistics.median(values):.1f} ms, "
                f"p95 {pct(values, 0.95):.1f} ms, max {max(values):.1f} ms"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=6)
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--browser", action="store_true")
    args = parser.parse_args()
    positions: dict[str, list[Call]] = {}
    for players in args.players:
        for seed in args.seeds:
            calls, note = late_calls(players, seed)
            positions.setdefault(str(players), []).extend(calls)
            print(note)
    times, notes = measure(args.boards)
    print("\n".join(notes))
    report("CPython", {**times, **time_positions(positions)})
    if args.browser:
        from bench.bench_routes_browser import in_pyodide

        module = "__import__('bench.bench_routes_1881').bench_routes_1881"
        call = (
            f"json.dumps({{**{module}.measure({args.boards})[0], **{module}.time_positions("
            f"json.loads(open({POSITIONS!r}).read()))}})"
        )
        report("Pyodide in Chromium", in_pyodide(json.dumps(positions), 0, call=call))


if __name__ == "__main__":
    main()
