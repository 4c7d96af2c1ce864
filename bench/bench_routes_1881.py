"""Time per company optimum of 1881's runs (g1881.runs.best_company_runs: track graph and
exact search) on dense 1881 boards. Prints figures; asserts nothing about time.

Run: .venv/bin/python -m bench.bench_routes_1881 [--boards 6] [--browser]

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

Time per company: CPU time in CPython (time.process_time; the machine is shared), wall
time inside Pyodide (performance counter) with --browser.
"""

from __future__ import annotations

import argparse
import random
import statistics
from functools import partial

from bench.bench_routes_runs import pct, timed
from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.hexes import opposite
from pygame_core.g18xx.tiles import StopKind
from pygame_core.g1881 import board as b
from pygame_core.g1881 import track
from pygame_core.g1881.depots import Charter, Circle, circles, depot_places
from pygame_core.g1881.runs import S_BAHN, best_company_runs, track_graph

PHASES = ("1", "2", "3", "4")
MEASURE = "bench_routes_1881.measure"  # as the page reaches it from the bench package
SERIES = {
    "a_runs": "(a) trams, 3-4 trains of range 2-6",
    "b_worst": "(b) trams, 4 trains of range 6",
    "c_double": "(c) trams, 3-4 trains of range 2-6, double track (14)",
    "d_sbahn": "(d) S-Bahn, 2-3 trains of range 4/7/9",
    "e_late": "(e) trams, late train sets within Table 2's limits",
}
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
    parser.add_argument("--browser", action="store_true")
    args = parser.parse_args()
    times, notes = measure(args.boards)
    print("\n".join(notes))
    report("CPython", times)
    if args.browser:
        from bench.bench_routes_browser import in_pyodide

        call = f"json.dumps(__import__('bench.bench_routes_1881').{MEASURE}({args.boards})[0])"
        report("Pyodide in Chromium", in_pyodide("[]", 0, call=call))


if __name__ == "__main__":
    main()
