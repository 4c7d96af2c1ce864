"""Time per company optimum of the several-train search (runs.py), in CPython.

Run: .venv/bin/python -m bench.bench_routes_runs [--games 2] [--players 4 6] [--boards 3]
Prints figures; asserts nothing about time (timings are noisy on a shared machine). CPU
time per call (time.process_time), track graph prebuilt.

(a) Late-game 1840 positions (bench_1840.late_positions: the recorded 2-player game's
    LR 4a-5c and seeded normal-bot games at every Line turn of LR 5): one tram of unlimited
    range per Line. The single-route search (routes.best_route) against the general search
    forced through enumeration (best_runs(..., single_fast=False)); both must agree.
(b) Dense stress boards (bench_routes.dense_board: the standard 1840 map tiled until
    nearly every hex holds a joined tile, 18 companies with 1-6 tokens), with 3-4 trains
    of range 2-6 per company (seeded), rules as 1881's: every stop scores, routes run
    station to station, halts are free of range.
(c) The same boards with one unlimited train, both searches (the worst case for
    enumeration).
"""

from __future__ import annotations

import argparse
import random
import statistics
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


def cpu_ms(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return (time.process_time() - start) * 1000, out


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, values: Sequence[float]) -> str:
    return (
        f"{name}: n={len(values)} p50 {statistics.median(values):.1f} ms, "
        f"p95 {pct(values, 0.95):.1f} ms, max {max(values):.1f} ms"
    )


def late_1840(games: int, players: list[int]) -> None:
    old, new, ratios = [], [], []
    for _, save in late_positions(games, players):
        w = _world(Game.from_json(save))
        graph = linerounds.graph(w)
        for line in w.owned_lines():
            card = w.lines[line]
            if card.tram is None or card.major is None:
                continue
            bonuses = g1840.sight_bonuses(tuple(sorted(w.privates_of(card.major))))
            rules = g1840.ROUTE_RULES
            a, single = cpu_ms(partial(best_route, graph, line, w.colours, bonuses, rules))
            b, runs = cpu_ms(
                partial(
                    best_runs, graph, line, [None], w.colours, bonuses, rules, single_fast=False
                )
            )
            assert (single.revenue if single else 0) == runs.revenue, (line, single, runs)
            old.append(a)
            new.append(b)
            ratios.append(b / max(a, 1e-3))
    print(summary("(a) 1840 late game, single-route search", old))
    print(summary("(a) 1840 late game, several-train search (enumeration)", new))
    print(
        f"    enumeration / single-route: median {statistics.median(ratios):.2f}x, "
        f"p95 {pct(ratios, 0.95):.2f}x; totals {sum(new) / sum(old):.2f}x"
    )


def dense(boards: int) -> None:
    rnd = random.Random(14)
    times, counts, old, new = [], [], [], []
    for seed in range(boards):
        state = dense_board(seed)
        graph = TrackGraph(state)
        for line in g1840.lines():
            trains = [rnd.randint(2, 6) for _ in range(rnd.choice((3, 4)))]
            ms, runs = cpu_ms(partial(best_runs, graph, line, trains, GRAY, None, STATION_RULES))
            times.append(ms)
            counts.append(sum(r is not None for r in runs.routes))
            rules = g1840.ROUTE_RULES
            a, _ = cpu_ms(partial(best_route, graph, line, GRAY, None, rules))
            b, _ = cpu_ms(
                partial(best_runs, graph, line, [None], GRAY, None, rules, single_fast=False)
            )
            old.append(a)
            new.append(b)
        print(f"    board {seed}: {len(graph.nodes)} stops, {len(graph.links)} links")
    print(summary("(b) dense boards, 3-4 trains of range 2-6", times))
    print(f"    trains running per company: mean {statistics.mean(counts):.1f}")
    print(summary("(c) dense boards, 1 unlimited train, single-route search", old))
    print(summary("(c) dense boards, 1 unlimited train, enumeration", new))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="bot games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--boards", type=int, default=3)
    args = parser.parse_args()
    late_1840(args.games, args.players)
    dense(args.boards)


if __name__ == "__main__":
    main()
