"""Time 1881's lay search (g1881.track.legal_lays: every (hex, tile, rotation) a company may
lay now) on the positions of seeded normal-bot games, and whole bot games. Prints figures;
asserts nothing about time.

Run: .venv/bin/python -m bench.bench_lays_1881 [--players 3 4 5 6] [--seeds 1 2]

(a) Whole games: CPU time of each seeded normal-bot game from the sealed bid to the end
    (every seat the normal bot; the bots list the lays at each track step and value them).
(b) Per position: the map and the operating company at every track step of those games,
    each timed alone (`legal_lays(map, builder)` as the flow calls it), in game order after
    the games were played in this process (as in the browser's worker, where the game
    goes on). Prints the lays per position and the time per call, p50/p95/max.

CPU time (time.process_time: the machine is shared). The same script run on an older
tree gives the before figures (it uses only the public `legal_lays`).
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.bench_routes_runs import pct
from pygame_core import Game
from pygame_core.g18xx.board import MapState
from pygame_core.g1881 import track
from pygame_core.g1881.flow import TRACK
from pygame_core.g1881.game import Berlin1881

Position = tuple[MapState, track.Builder]


def play(players: int, seed: int) -> tuple[float, int, list[Position]]:
    """A seeded normal-bot game to its end: CPU seconds, actions, its track positions."""
    g = Game("1881", [f"P{i}" for i in range(players)], {}, seed)
    positions: list[Position] = []
    start = time.process_time()
    while g.active is not None and len(g.actions) < 20000:
        state = g.state
        assert isinstance(state, Berlin1881)
        w = state.w
        if w.step == TRACK and w.op is not None:
            cash = w.eco.money.cash(w.op.corp)
            builder = track.Builder(w.op.corp, w.trains.phase, cash, w.op.built)
            positions.append((w.map.copy(), builder))
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    return time.process_time() - start, len(g.actions), positions


def time_lays(positions: list[Position]) -> tuple[list[float], list[int]]:
    """Microseconds per `legal_lays` call and the lays found, position by position."""
    micros, counts = [], []
    for state, builder in positions:
        start = time.process_time()
        lays = track.legal_lays(state, builder)
        micros.append((time.process_time() - start) * 1e6)
        counts.append(len(lays))
    return micros, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()
    positions: list[Position] = []
    game_cpu = 0.0
    print("--- (a) whole normal-bot games, CPU")
    for players in args.players:
        for seed in args.seeds:
            cpu, actions, found = play(players, seed)
            game_cpu += cpu
            positions += found
            print(
                f"{players}p seed {seed}: {actions} actions, {len(found)} track steps, {cpu:.2f} s"
            )
    print(f"all games: {game_cpu:.2f} s")
    micros, counts = time_lays(positions)
    print("--- (b) legal_lays per track position, CPU")
    print(
        f"n={len(micros)} positions; lays per position: mean {statistics.mean(counts):.1f}, "
        f"max {max(counts)}; total {sum(counts)}"
    )
    print(
        f"per call: p50 {statistics.median(micros):.0f} µs, p95 {pct(micros, 0.95):.0f} µs, "
        f"max {max(micros):.0f} µs, sum {sum(micros) / 1e6:.2f} s"
    )


if __name__ == "__main__":
    main()
