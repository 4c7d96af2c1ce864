"""Fuzz 1881: play many seeded bot games and check the invariants after every action.

Not run in CI (tests/g1881/test_game_bots.py plays a small sample). From the repository root:

    .venv/bin/python scripts/fuzz_1881.py --games 100 --processes 2

The full run of issue 15 §4 is `--games 1000 --processes 2 --progress 100` (4,000 games;
its time: docs/1881-design.md; bench/bench_fuzz_1881.py times a sample).

Each game is (players, seed) with the bots' levels and the variants following from the
seed and the options, so a failure is reproduced with `--players N --seed-start SEED
--games 1`. After every action the conformance invariants (tests/conformance/hooks_1881.py)
check the position; with `--roundtrip` the save is loaded again at the end. Prints a
summary and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_core.g1881.source import editions, latest
from scripts.fuzzing import Outcome, run, seat_levels
from tests.g1881.game_helpers import play_checked


@dataclass(frozen=True)
class Job:
    """One game to play."""

    players: int
    seed: int
    levels: tuple[str, ...]
    variants: bool
    roundtrip: bool
    edition: int = latest()  # the design data (new games: the latest)


def levels_for(level: str, players: int, seed: int) -> tuple[str, ...]:
    """Seat levels: every seat one level, or "mixed" (one easy seat in three, by seed)."""
    return seat_levels(level, players, seed, odd="easy", every=3)


def play(job: Job) -> Outcome[Job]:
    """Play one game with the invariants checked after every action."""
    options: dict[str, object] = {"edition": job.edition}
    if job.variants:
        options |= {"double_track": True, "trains_on_credit": True, "s_veto": True}
    _, actions, failures = play_checked(
        job.players, job.seed, levels=job.levels, options=options, roundtrip=job.roundtrip
    )
    where = f"{job.players}p seed {job.seed} {'/'.join(job.levels)}"
    where += " variants" if job.variants else ""
    where += f" edition {job.edition}"
    return Outcome(job, actions, [f"{where}: {f}" for f in failures])


def jobs(args: argparse.Namespace) -> list[Job]:
    """The games the options ask for (variants 1 and 2 and the S-Bahn veto, 12.6, on odd
    seeds with --variants)."""
    return [
        Job(
            players,
            seed,
            levels_for(args.level, players, seed),
            args.variants and seed % 2 == 1,
            args.roundtrip,
            args.edition,
        )
        for players in args.players
        for seed in range(args.seed_start, args.seed_start + args.games)
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the games; 1 on any failure."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument("--level", choices=["easy", "normal", "hard", "mixed"], default="mixed")
    parser.add_argument("--seed-start", type=int, default=0)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument(
        "--variants", action="store_true", help="variants 1+2 and the S-Bahn veto on odd seeds"
    )
    parser.add_argument("--progress", type=int, default=0, help="report every N games")
    parser.add_argument("--roundtrip", action="store_true", help="check to_json/from_json")
    parser.add_argument("--edition", type=int, choices=editions(), default=latest())
    args = parser.parse_args(argv)
    return run(play, jobs(args), processes=args.processes, chunksize=2, progress=args.progress)


if __name__ == "__main__":
    sys.exit(main())
