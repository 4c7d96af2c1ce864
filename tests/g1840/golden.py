"""Recorded 1840 bot games: the guard for moving 1840 onto the shared 18xx core.

Not a test by itself. Each record is one seeded bot game (2-6 players, both profiles, easy,
normal and mixed seats, the reduced 3-player board) as played by the engine before the move:
its action list, a chain hash of the sorted legal actions at every step, and its result.
`test_golden_games.py` replays every record and demands the same legal actions at every step
and the same result. To record again (only when a rule change is intended, and say why in
the commit), from the repository root:

    .venv/bin/python -m tests.g1840.golden record
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pygame_core import Game, new_game

DATA = Path(__file__).resolve().parent / "data" / "golden_games.json.gz"
NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn")
PROFILES = ("rulebook", "18xx.games")
LEVEL_MIXES = ("easy", "normal", "mixed")
GAMES = 200
# The chain hash is stored every CHECK_EVERY steps, so a divergence is found to within it.
CHECK_EVERY = 50


@dataclass(frozen=True)
class Spec:
    """The inputs of one recorded game: everything else follows from them."""

    index: int
    players: int
    profile: str
    small: bool
    levels: tuple[str, ...]

    @property
    def seed(self) -> int:
        return 1000 + self.index

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"profile": self.profile}
        if self.small:
            options["three_player_small"] = True
        return options


def spec(index: int) -> Spec:
    """The index-th game: players cycle 2-6, then the profile, then the seats' bot levels."""
    players = 2 + index % 5
    profile = PROFILES[(index // 5) % 2]
    mix = LEVEL_MIXES[(index // 10) % 3]
    if mix == "mixed":
        levels = tuple("normal" if (index + s) % 2 == 0 else "easy" for s in range(players))
    else:
        levels = (mix,) * players
    small = players == 3 and (index // 30) % 2 == 1
    return Spec(index, players, profile, small, levels)


def legal_digest(game: Game, seat: int) -> bytes:
    """sha256 of the seat's legal actions, sorted in their canonical JSON form."""
    items = sorted(
        json.dumps(a, sort_keys=True, separators=(",", ":")) for a in game.legal_actions(seat)
    )
    return hashlib.sha256("\n".join(items).encode()).digest()


class Chain:
    """A running hash over the legal actions of every step."""

    def __init__(self) -> None:
        self.value = b""

    def add(self, digest: bytes) -> None:
        self.value = hashlib.sha256(self.value + digest).digest()

    def hex(self) -> str:
        return self.value.hex()[:16]


def record(s: Spec, limit: int = 20000) -> dict[str, Any]:
    """Play the spec's game with bots and return its record."""
    game = new_game("1840", list(NAMES[: s.players]), s.options, s.seed)
    chain = Chain()
    checks: list[str] = []
    actions: list[list[Any]] = []
    while game.active is not None:
        if len(actions) >= limit:
            raise RuntimeError(f"game {s.index}: no end after {limit} actions")
        seat = game.active
        chain.add(legal_digest(game, seat))
        if len(actions) % CHECK_EVERY == CHECK_EVERY - 1:
            checks.append(chain.hex())
        action = game.bot_action(seat, s.levels[seat])
        game.apply(action, seat)
        actions.append([seat, action])
    return {
        "index": s.index,
        "actions": actions,
        "checks": checks,
        "final": chain.hex(),
        "result": game.result(),
        "state_hash": game.state_hash(),
    }


def load() -> list[dict[str, Any]]:
    """The stored records."""
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        data = json.load(f)
    records: list[dict[str, Any]] = data["games"]
    return records


def replay(rec: dict[str, Any]) -> Iterator[str]:
    """Replay a record; yield a description of every difference (stops at the first)."""
    s = spec(rec["index"])
    game = new_game("1840", list(NAMES[: s.players]), s.options, s.seed)
    chain = Chain()
    checks = iter(rec["checks"])
    for n, (seat, action) in enumerate(rec["actions"]):
        if game.active != seat:
            yield f"game {s.index} action {n}: active seat {game.active}, recorded {seat}"
            return
        chain.add(legal_digest(game, seat))
        if n % CHECK_EVERY == CHECK_EVERY - 1 and chain.hex() != next(checks, None):
            lo = n - CHECK_EVERY + 1
            yield f"game {s.index}: legal actions differ between actions {lo} and {n}"
            return
        game.apply(action, seat)
    if game.active is not None:
        yield f"game {s.index}: not over after its {len(rec['actions'])} recorded actions"
    elif chain.hex() != rec["final"]:
        yield f"game {s.index}: legal actions differ after action {len(rec['actions'])}"
    elif game.result() != rec["result"]:
        yield f"game {s.index}: result {game.result()} != recorded {rec['result']}"


def main(argv: list[str]) -> int:
    if argv[1:] != ["record"]:
        print(__doc__)
        return 2
    # One line per game in a side file, so a stopped recording resumes where it stopped.
    partial = DATA.with_suffix(".partial.jsonl")
    done: dict[int, dict[str, Any]] = {}
    if partial.exists():
        for line in partial.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            done[rec["index"]] = rec
    with partial.open("a", encoding="utf-8") as out:
        for i in range(GAMES):
            if i not in done:
                done[i] = record(spec(i))
                out.write(json.dumps(done[i], separators=(",", ":")) + "\n")
                out.flush()
            print(f"{i + 1}/{GAMES}: {len(done[i]['actions'])} actions", flush=True)
    games = [done[i] for i in range(GAMES)]
    text = json.dumps({"format": 1, "games": games}, separators=(",", ":"))
    with gzip.open(DATA, "wt", encoding="utf-8", compresslevel=9) as f:
        f.write(text)
    partial.unlink()
    print(f"{DATA}: {DATA.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
