"""Fuzz 1840: play many seeded bot games and check the invariants after every action.

Not run in CI. From the repository root:

    .venv/bin/python scripts/fuzz_1840.py --games 300 --processes 2

Each game is (players, seed): the profile, the map (3 players: the reduced board on odd
seeds) and the bots' levels follow from the seed and the options, so a failure is
reproduced with `--players N --seed-start SEED --games 1` and the same options. After every
action `tests/g1840/invariants.py` checks the position; at the end of a game (with
`--roundtrip`) the save is loaded again and must give the same state hash. Prints a summary
(games, actions, failures with seed and action index, games per second) and exits 1 on any
failure.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scripts.fuzzing import Outcome, run, seat_levels
from tests.g1840.invariants import play_checked

PROFILES = ("rulebook", "18xx.games")


@dataclass(frozen=True)
class Job:
    """One game to play."""

    players: int
    seed: int
    profile: str
    small: bool
    levels: tuple[str, ...]  # the bot level of each seat
    roundtrip: bool


def levels_for(level: str, players: int, seed: int) -> tuple[str, ...]:
    """Seat levels: all easy, all normal, or "mixed" (one normal seat in four, by seed)."""
    return seat_levels(level, players, seed, odd="normal", every=4)


def play(job: Job) -> Outcome[Job]:
    """Play one game with the invariants checked after every action."""
    _, actions, failures = play_checked(
        job.players,
        job.seed,
        profile=job.profile,
        small=job.small,
        levels=job.levels,
        roundtrip=job.roundtrip,
    )
    where = f"{job.players}p seed {job.seed} {job.profile}{' small' if job.small else ''}"
    where += f" {'/'.join(job.levels)}"
    return Outcome(job, actions, [f"{where}: {f}" for f in failures])


def jobs(args: argparse.Namespace) -> list[Job]:
    profiles = PROFILES if args.profile == "both" else (args.profile,)
    out = []
    for players in args.players:
        for seed in range(args.seed_start, args.seed_start + args.games):
            out.append(
                Job(
                    players=players,
                    seed=seed,
                    profile=profiles[seed % len(profiles)],
                    small=players == 3 and args.small and seed % 2 == 1,
                    levels=levels_for(args.level, players, seed),
                    roundtrip=args.roundtrip,
                )
            )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    parser.add_argument("--profile", choices=[*PROFILES, "both"], default="both")
    parser.add_argument("--level", choices=["easy", "normal", "mixed"], default="easy")
    parser.add_argument("--seed-start", type=int, default=0)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument(
        "--no-small", dest="small", action="store_false", help="never the 3-player small map"
    )
    parser.add_argument("--roundtrip", action="store_true", help="check to_json/from_json")
    parser.add_argument("--progress", type=int, default=0, help="report every N games")
    args = parser.parse_args(argv)
    return run(play, jobs(args), processes=args.processes, chunksize=4, progress=args.progress)


if __name__ == "__main__":
    sys.exit(main())
