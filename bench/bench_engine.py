"""Engine figures in CPython: random full games per second, bot win rate, API call latency.

Run: .venv/bin/python -m bench.bench_engine [--games 500] [--random 1000] [--rounds 5]
Prints figures; asserts nothing about time (timings are noisy on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from pygame_core import new_game
from pygame_core.api import handle
from pygame_core.core.rng import Rng


def random_games(n: int, rounds: int = 5) -> tuple[list[float], list[float], float]:
    """Full games with uniformly random legal actions, timed in `rounds` rounds of the same
    seeds: (games per second of CPU time per round, the same in wall time, actions per game).
    CPU time leaves out the time the process waited for a core (this machine is shared);
    the best round is the least disturbed one."""
    per_round = max(1, n // rounds)
    cpu: list[float] = []
    wall: list[float] = []
    actions = 0
    for _ in range(rounds):
        c0, w0 = time.process_time(), time.perf_counter()
        for seed in range(per_round):
            g = new_game("trambahn", ["A", "B"], {}, seed)
            rng = Rng(seed + 1)
            while (seat := g.active) is not None:
                g.apply(rng.choice(g.legal_actions(seat)), seat)
            actions += len(g.actions)
        cpu.append(per_round / (time.process_time() - c0))
        wall.append(per_round / (time.perf_counter() - w0))
    return cpu, wall, actions / (rounds * per_round)


def win_rate(n: int, strong: str = "normal", weak: str = "easy") -> tuple[float, float, float]:
    """`strong` against `weak` over `n` seeded games, seats alternating.
    Returns (strong's win rate, draws, mean score margin)."""
    wins = draws = 0
    margins = []
    for seed in range(n):
        strong_seat = seed % 2
        g = new_game("trambahn", ["A", "B"], {}, 10_000 + seed)
        while (seat := g.active) is not None:
            g.apply(g.bot_action(seat, strong if seat == strong_seat else weak), seat)
        result = g.result()
        assert result is not None
        wins += result["winner"] == strong_seat
        draws += result["winner"] is None
        margins.append(result["scores"][strong_seat] - result["scores"][1 - strong_seat])
    return wins / n, draws / n, statistics.mean(margins)


def api_latency(n: int) -> tuple[float, float]:
    """p50 / p95 milliseconds of `act` calls through the JSON entry point."""
    times: list[float] = []
    seed = 0
    while len(times) < n:
        state = json.loads(
            handle(
                json.dumps({"op": "new", "title": "trambahn", "players": ["A", "B"], "seed": seed})
            )
        )
        seed += 1
        rng = Rng(seed)
        while state["active"] is not None and len(times) < n:
            seat = state["active"]
            req = {"op": "state", "seat": seat}
            legal = json.loads(handle(json.dumps(req)))["legal"]
            req = {"op": "act", "seat": seat, "action": rng.choice(legal)}
            t0 = time.perf_counter()
            state = json.loads(handle(json.dumps(req)))
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.95)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--random", type=int, default=1000, help="random games to time")
    parser.add_argument(
        "--rounds", type=int, default=5, help="rounds the random games are split into"
    )
    parser.add_argument("--games", type=int, default=500, help="bot games for the win rate")
    parser.add_argument("--calls", type=int, default=2000, help="API calls to time")
    args = parser.parse_args()
    cpu, wall, per_game = random_games(args.random, args.rounds)
    print(
        f"random full games per second (CPython): best round {max(cpu):.1f}, median "
        f"{statistics.median(cpu):.1f} (CPU time; wall median {statistics.median(wall):.1f}; "
        f"{args.rounds} rounds of {args.random // args.rounds})   (target >= 200)"
    )
    print(f"actions per random game:                {per_game:8.1f}")
    rate, draws, margin = win_rate(args.games)
    print(f"normal vs easy win rate over {args.games} games: {rate:6.1%}   (target >= 90%)")
    print(f"  draws {draws:.1%}, mean score margin {margin:+.1f}")
    p50, p95 = api_latency(args.calls)
    print(f"API 'act' call (CPython, JSON in/out): p50 {p50:.3f} ms, p95 {p95:.3f} ms")


if __name__ == "__main__":
    main()
