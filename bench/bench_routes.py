"""Time per 1840 Line optimum (exact best route) in CPython.

Run: .venv/bin/python -m bench.bench_routes [--repeat 3] [--boards 3]
Prints figures; asserts nothing about time (timings are noisy on a shared machine).

Two sets of positions:
1. the late game of the recorded 2-player 18xx.games game (LR4a-LR5c, phases 3-4), the map
   rebuilt from its log (tests/g1840/fixture.py);
2. a stress set: the standard (4-6 player) map built up until nearly every hex holds a
   tile, grown so that most exits join (a denser mesh than real games), gray phase,
   18 Lines with 1-6 random tokens each, three sights owned.
Each time is the best of `repeat` runs of `best_line_route` on a prebuilt track graph
(building the graph is timed apart). Browser (Pyodide) times are roughly 3-5x these.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.hexes import opposite
from pygame_core.g18xx.tiles import StopKind
from pygame_core.g1840 import board as g1840
from tests.g1840.fixture import run_positions

COLOURS = ("yellow", "green", "brown", "gray", "red", "purple")


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """Shortest of `repeat` process-time runs, in ms."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best * 1000


def joined(state: MapState, coord: str, name: str, rotation: int) -> int:
    """How many exits of the tile would meet track of a neighbour."""
    n = 0
    for edge in g1840.tiles()[name].exits(rotation):
        other = state.board.neighbour(coord, edge)
        if other is not None:
            tile, rot = state.tile(other)
            n += opposite(edge) in tile.exits(rot)
    return n


def dense_board(seed: int, steps: int = 3000) -> MapState:
    """The standard map with tiles laid (and upgraded) wherever they join most track."""
    rnd = random.Random(seed)
    state = g1840.initial_state("standard")
    coords = sorted(state.board.hexes)
    for _ in range(steps):
        coord = rnd.choice(coords)
        options = g1840.legal_lays(state, coord, COLOURS)
        if not options:
            continue
        score, _, name, rotation = max(
            (joined(state, coord, t, r), rnd.random(), t, r) for t, r in options
        )
        if score >= len(g1840.tiles()[name].exits(rotation)) - 2:
            state.lay(coord, g1840.tiles()[name], rotation)
    cities = [
        (c, s.part) for c in coords for s in state.tile(c)[0].stops if s.kind is StopKind.CITY
    ]
    for line in g1840.lines():
        for _ in range(rnd.randint(1, 6)):
            coord, part = rnd.choice(cities)
            here = [t for slots in state.tokens.get(coord, {}).values() for t in slots]
            if None in state.slots(coord, part) and line not in here:
                with contextlib.suppress(IllegalAction):  # e.g. a slot kept for a home
                    state.place_token(coord, part, line)
    return state


def summary(name: str, times: Sequence[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(
        f"{name}: {len(times)} Line optima, p50 {statistics.median(times):.1f} ms, "
        f"p95 {p95:.1f} ms, max {ordered[-1]:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--boards", type=int, default=3)
    args = parser.parse_args()

    late = [p for p in run_positions() if p.record["phase"] in ("3", "4")]
    times, builds, beaten = [], [], 0
    for position in late:
        record = position.record
        run = g1840.LineRun(record["line"], record["phase"], tuple(record["companies"]))
        graph = g1840.line_graph(position.state)
        builds.append(best_of(args.repeat, partial(g1840.line_graph, position.state)))
        times.append(
            best_of(args.repeat, partial(g1840.best_line_route, position.state, run, graph))
        )
        best = g1840.best_line_route(position.state, run, graph)
        assert best is not None
        beaten += best.revenue > sum(r["revenue"] for r in record["routes"])
        nodes, links = len(graph.nodes), len(graph.links)
    summary("2-player fixture, LR4a-LR5c", times)
    print(
        f"  last position: {nodes} stops, {links} links; graph build p50 "
        f"{statistics.median(builds):.1f} ms; optimum beats the recorded route in "
        f"{beaten} of {len(late)} runs"
    )

    times, sizes = [], []
    for seed in range(args.boards):
        state = dense_board(seed)
        graph = g1840.line_graph(state)
        sizes.append((len(state.tiles), len(graph.nodes), len(graph.links)))
        for line in g1840.lines():
            run = g1840.LineRun(line, "4", ("SD", "KK", "HB"))
            times.append(best_of(args.repeat, partial(g1840.best_line_route, state, run, graph)))
    summary("dense standard map (stress)", times)
    print("  boards (tiles, stops, links): " + ", ".join(map(str, sizes)))


if __name__ == "__main__":
    main()
