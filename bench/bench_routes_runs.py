"""Time per company optimum of the several-train search (runs.py), in CPython and in the
browser (Pyodide in Chromium). Prints figures; asserts nothing about time.

Run: .venv/bin/python -m bench.bench_routes_runs [--games 2] [--players 4 6] [--boards 3]
                                                 [--browser]

Time per call, track graph prebuilt: CPU time in CPython (time.process_time; the machine
is shared), wall time inside Pyodide (performance counter, in the page's main thread).

(a) Late-game 1840 positions (bench_1840.late_positions: the recorded 2-player game's
    LR 4a-5c and seeded normal-bot games at every Line turn of LR 5): one tram of unlimited
    range per Line. The single-route search (routes.best_route) against the general search
    forced through enumeration (best_runs(..., single_fast=False)); both must agree.
(b) Dense stress boards (bench_routes.dense_board: the standard 1840 map tiled until
    nearly every hex holds a joined tile, 18 companies with 1-6 tokens), 3-4 trains of
    range 2-6 per company (seeded), rules as 1881's: every stop scores, routes run station
    to station, halts are free of range.
    Also each company with 4 trains of range 6, the hardest mix.
(c) The same boards with one unlimited train, both searches (the worst case for
    enumeration).

--browser runs the same `measure` inside Pyodide (node_modules/pyodide, loaded in a plain
page of a local server; the engine's files unpacked into its file system).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench.bench_1840 import _world, late_positions
from bench.bench_routes import dense_board
from pygame_core import Game
from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.routes import STATIONS, RouteRules, best_route
from pygame_core.g18xx.runs import best_runs
from pygame_core.g1840 import board as g1840
from pygame_core.g1840 import linerounds

STATION_RULES = RouteRules(city_needs_own_token=False, end_kinds=STATIONS)
GRAY = ("yellow", "green", "brown", "gray")
NO = False  # single_fast=NO: force the enumeration for one unlimited train
CLOCK = time.perf_counter if sys.platform == "emscripten" else time.process_time
SERIES = {
    "a_single": "(a) 1840 late game, 1 unlimited train: single-route search",
    "a_enum": "(a) 1840 late game, 1 unlimited train: enumeration + packing",
    "b_runs": "(b) dense boards, 3-4 trains of range 2-6",
    "b_worst": "(b) dense boards, 4 trains of range 6 (the hardest mix)",
    "c_single": "(c) dense boards, 1 unlimited train: single-route search",
    "c_enum": "(c) dense boards, 1 unlimited train: enumeration + packing",
}


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = CLOCK()
    out = fn()
    return (CLOCK() - start) * 1000, out


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, values: Sequence[float]) -> str:
    return (
        f"{name}: n={len(values)} p50 {statistics.median(values):.1f} ms, "
        f"p95 {pct(values, 0.95):.1f} ms, max {max(values):.1f} ms"
    )


def measure(saves: Sequence[dict[str, Any]], boards: int) -> dict[str, list[float]]:
    """Every series' times in ms (see the module docstring)."""
    out: dict[str, list[float]] = {key: [] for key in SERIES}
    for save in saves:
        w = _world(Game.from_json(save))
        graph = linerounds.graph(w)
        for line in w.owned_lines():
            card = w.lines[line]
            if card.tram is None or card.major is None:
                continue
            bonuses = g1840.sight_bonuses(tuple(sorted(w.privates_of(card.major))))
            rules = g1840.ROUTE_RULES
            a, single = timed(partial(best_route, graph, line, w.colours, bonuses, rules))
            b, runs = timed(
                partial(best_runs, graph, line, [None], w.colours, bonuses, rules, single_fast=NO)
            )
            assert (single.revenue if single else 0) == runs.revenue, (line, single, runs)
            out["a_single"].append(a)
            out["a_enum"].append(b)
    rnd = random.Random(14)
    for seed in range(boards):
        graph = TrackGraph(dense_board(seed))
        for line in g1840.lines():
            trains = [rnd.randint(2, 6) for _ in range(rnd.choice((3, 4)))]
            ms, _ = timed(partial(best_runs, graph, line, trains, GRAY, None, STATION_RULES))
            out["b_runs"].append(ms)
            ms, _ = timed(partial(best_runs, graph, line, [6, 6, 6, 6], GRAY, None, STATION_RULES))
            out["b_worst"].append(ms)
            rules = g1840.ROUTE_RULES
            a, single = timed(partial(best_route, graph, line, GRAY, None, rules))
            enum = partial(best_runs, graph, line, [None], GRAY, None, rules, single_fast=NO)
            b, runs = timed(enum)
            assert (single.revenue if single else 0) == runs.revenue, (line, single, runs)
            out["c_single"].append(a)
            out["c_enum"].append(b)
    return out


def report(where: str, times: dict[str, list[float]]) -> None:
    print(f"--- {where}")
    for key, name in SERIES.items():
        if times[key]:
            print(summary(name, times[key]))
    for series in ("a", "c"):
        old, new = times[f"{series}_single"], times[f"{series}_enum"]
        if old:
            ratios = [b / max(a, 1e-3) for a, b in zip(old, new, strict=True)]
            print(
                f"    ({series}) enumeration / single-route: median "
                f"{statistics.median(ratios):.2f}x, p95 {pct(ratios, 0.95):.2f}x, "
                f"total time {sum(new) / sum(old):.2f}x"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="bot games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--boards", type=int, default=3)
    parser.add_argument("--browser", action="store_true")
    args = parser.parse_args()
    saves = [save for _, save in late_positions(args.games, args.players)]
    report("CPython", measure(saves, args.boards))
    if args.browser:
        from bench.bench_routes_browser import in_pyodide

        report("Pyodide in Chromium", in_pyodide(json.dumps(saves), args.boards))


if __name__ == "__main__":
    main()
