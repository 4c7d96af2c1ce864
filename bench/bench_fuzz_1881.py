"""Time scripts/fuzz_1881.py's games (seeded bot games, the conformance invariants after every
action) and check that two trees play the same games. Prints figures; asserts nothing
about time.

Run from the repository root:

    .venv/bin/python -m bench.bench_fuzz_1881 [--games 2] [--players 3 4 5 6] [--variants]
    .venv/bin/python -m bench.bench_fuzz_1881 --against /tmp/old-tree [--rounds 2]

Alone it plays the games here and prints games/s, actions/s (CPU time: the machine is
shared) and a digest of every game's action list and final state hash. `--against DIR`
plays the same games in turn with DIR's engine and this one (each in a fresh process,
alternating, `--rounds` times each), prints both figures and their ratio, and exits 1 if
any game's actions or final state differ: an engine speed-up must play the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The options of a --variants game (as scripts/fuzz_1881.py sets them on odd seeds).
VARIANTS = {"double_track": True, "trains_on_credit": True, "s_veto": True}


def measure(args: argparse.Namespace) -> dict[str, object]:
    """Play the games with the engine first on sys.path: CPU seconds, wall seconds, games,
    actions, failures and per game a digest of its actions and final state hash."""
    from scripts.fuzz_1881 import jobs
    from tests.g1881.game_helpers import play_checked

    todo = jobs(args)
    games: dict[str, str] = {}
    actions = failures = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for job in todo:
        options: dict[str, object] = {"edition": job.edition}
        options |= VARIANTS if job.variants else {}
        g, count, found = play_checked(job.players, job.seed, levels=job.levels, options=options)
        actions += count
        failures += len(found)
        text = json.dumps(g.actions, sort_keys=True) + g.state_hash()
        games[f"{job.players}p seed {job.seed}"] = hashlib.sha256(text.encode()).hexdigest()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {
        "cpu": cpu,
        "wall": wall,
        "games": len(todo),
        "actions": actions,
        "failures": failures,
        "digests": games,
    }


def figures(label: str, m: dict[str, object]) -> str:
    """One line of figures."""
    cpu = float(str(m["cpu"]))
    games, actions = int(str(m["games"])), int(str(m["actions"]))
    return (
        f"{label}: {games} games, {actions} actions, {m['failures']} failures, "
        f"{cpu:.1f} s CPU, {games / cpu:.3f} games/s, {actions / cpu:.0f} actions/s"
    )


def child(tree: Path, argv: list[str]) -> dict[str, object]:
    """`measure` in a fresh process with `tree`'s engine first on the path."""
    code = (
        f"import sys; sys.path.insert(0, {str(tree)!r}); sys.argv = ['bench'] + {argv!r};"
        f"sys.path.insert(1, {str(ROOT)!r});"
        "import runpy; runpy.run_path("
        f"{str(Path(__file__).resolve())!r}, run_name='__child__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tree
    )
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def parser() -> argparse.ArgumentParser:
    """The options (the fuzz script's game options, and this bench's)."""
    from pygame_core.g1881.source import editions, latest

    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--games", type=int, default=2, help="games per player count")
    p.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    p.add_argument("--level", choices=["easy", "normal", "mixed"], default="mixed")
    p.add_argument("--seed-start", type=int, default=0)
    p.add_argument("--variants", action="store_true")
    p.add_argument("--edition", type=int, choices=editions(), default=latest())
    p.add_argument("--against", type=Path, help="an older tree to compare with")
    p.add_argument("--rounds", type=int, default=1, help="runs per tree with --against")
    return p


def game_options(args: argparse.Namespace) -> list[str]:
    """The game options as arguments again (for a child process)."""
    out = ["--games", str(args.games), "--level", args.level, "--seed-start", str(args.seed_start)]
    out += ["--players", *map(str, args.players), "--edition", str(args.edition)]
    return out + (["--variants"] if args.variants else [])


def compare(args: argparse.Namespace) -> int:
    """Alternate runs of the older tree and this one; figures, ratio, same games or 1."""
    argv = game_options(args)
    runs: dict[str, list[dict[str, object]]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        runs["before"].append(child(args.against, argv))
        runs["after"].append(child(ROOT, argv))
    best = {k: min(v, key=lambda m: float(str(m["cpu"]))) for k, v in runs.items()}
    for label, m in best.items():
        print(figures(f"{label:6s} (best of {args.rounds})", m))
    ratio = float(str(best["before"]["cpu"])) / float(str(best["after"]["cpu"]))
    print(f"speed-up: {ratio:.2f}x (CPU time, same games)")
    before, after = best["before"]["digests"], best["after"]["digests"]
    assert isinstance(before, dict) and isinstance(after, dict)
    differ = sorted(k for k in before if before[k] != after.get(k))
    for k in differ:
        print(f"DIFFERENT GAME: {k}")
    print(f"{len(before) - len(differ)} of {len(before)} games the same")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    """Measure here, or compare with an older tree."""
    args = parser().parse_args(argv)
    args.processes, args.progress, args.roundtrip = 1, 0, False
    if args.against is not None:
        return compare(args)
    m = measure(args)
    print(figures("here", m))
    print(json.dumps(m))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
elif __name__ == "__child__":
    sys.exit(main())
