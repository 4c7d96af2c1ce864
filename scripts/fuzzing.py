"""What the fuzz scripts share (scripts/fuzz_1840.py, scripts/fuzz_1881.py): a game's
outcome, the seat levels of a "mixed" run, and the loop that plays the games (in several
processes if asked) and prints the summary."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar


class HasPlayers(Protocol):
    """A game to play: it has at least a player count."""

    @property
    def players(self) -> int: ...


J = TypeVar("J", bound=HasPlayers)


@dataclass
class Outcome(Generic[J]):
    """What one game produced."""

    job: J
    actions: int = 0
    failures: list[str] = field(default_factory=list)


def seat_levels(level: str, players: int, seed: int, *, odd: str, every: int) -> tuple[str, ...]:
    """Seat levels: every seat `level`, or "mixed": one seat in `every` plays `odd`
    (by seed and seat), the others the other of easy and normal."""
    if level != "mixed":
        return (level,) * players
    other = "normal" if odd == "easy" else "easy"
    return tuple(odd if (seed + s) % every == 0 else other for s in range(players))


def run(
    play: Callable[[J], Outcome[J]],
    todo: Sequence[J],
    *,
    processes: int,
    chunksize: int,
    progress: int = 0,
) -> int:
    """Play every game, print failures as they come, a line per player count and a total;
    1 on any failure."""
    start = time.perf_counter()
    games = actions = 0
    failures: list[str] = []
    per_count: dict[int, list[int]] = {}
    pool = ProcessPoolExecutor(processes) if processes > 1 else None
    results: Iterator[Outcome[J]] = (
        pool.map(play, todo, chunksize=chunksize) if pool is not None else map(play, todo)
    )
    for r in results:
        for f in r.failures:
            print("FAIL", f, flush=True)
        games += 1
        if progress and games % progress == 0:
            print(f"... {games} games, {time.perf_counter() - start:.0f} s", flush=True)
        actions += r.actions
        failures += r.failures
        count = per_count.setdefault(r.job.players, [0, 0])
        count[0] += 1
        count[1] += r.actions
    seconds = time.perf_counter() - start
    for players, (n, acts) in sorted(per_count.items()):
        print(f"{players} players: {n} games, {acts} actions")
    print(
        f"{games} games, {actions} actions, {len(failures)} failures, "
        f"{seconds:.1f} s, {games / seconds:.2f} games/s, {actions / seconds:.0f} actions/s"
    )
    if pool is not None:
        pool.shutdown()
    return 1 if failures else 0
