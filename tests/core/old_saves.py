"""Saves written by earlier versions of the engine, kept as test data.

A player's autosave must still load and continue after an update (engine principles).
`test_old_saves.py` loads every file in `data/saves/` and plays it on to the end. Files are
only ever added: when the engine changes, record a new set under a new date and keep the
old ones. To record (from the repository root):

    .venv/bin/python -m tests.core.old_saves 2026-11-27 [title ...]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from pygame_core import Game, new_game

DIR = Path(__file__).resolve().parent / "data" / "saves"
NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn")

# (file stem, title, players, options, seed, bot level, actions to play before saving)
CASES: tuple[tuple[str, str, int, dict[str, Any], int, str, int], ...] = (
    ("1840-rulebook-2p-early", "1840", 2, {"profile": "rulebook"}, 7, "easy", 25),
    ("1840-rulebook-4p-mid", "1840", 4, {"profile": "rulebook"}, 11, "normal", 220),
    ("1840-18xx-5p-mid", "1840", 5, {"profile": "18xx.games"}, 13, "easy", 300),
    ("1840-rulebook-3p-small", "1840", 3, {"three_player_small": True}, 17, "easy", 150),
    ("1840-18xx-6p-late", "1840", 6, {"profile": "18xx.games"}, 19, "easy", 520),
    ("trambahn-2p-mid", "trambahn", 2, {}, 23, "normal", 40),
    # 1881 before the S-Bahn was in play (2026-11-27b): in the sealed bid, mid game, late.
    ("1881-6p-bid", "1881", 6, {}, 29, "easy", 3),
    ("1881-4p-mid", "1881", 4, {}, 31, "normal", 250),
    ("1881-3p-late", "1881", 3, {"double_track": True}, 37, "easy", 700),
)


def play(title: str, players: int, options: dict[str, Any], seed: int, level: str, n: int) -> Game:
    """A bot game stopped after `n` actions (or at its end)."""
    game = new_game(title, list(NAMES[:players]), options, seed)
    while game.active is not None and len(game.actions) < n:
        seat = game.active
        game.apply(game.bot_action(seat, level), seat)
    return game


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__)
        return 2
    out = DIR / argv[1]
    out.mkdir(parents=True, exist_ok=True)
    only = set(argv[2:])  # optional title filter: record a new title's cases alone
    for stem, title, players, options, seed, level, n in CASES:
        if only and title not in only:
            continue
        game = play(title, players, options, seed, level, n)
        if game.active is None:
            raise SystemExit(f"{stem}: the game ended before action {n}")
        (out / f"{stem}.json").write_text(game.to_json() + "\n", encoding="utf-8")
        print(f"{stem}: {len(game.actions)} actions")
    if only and "1840" not in only:
        return 0
    # An 18xx.games import, saved part-way: what the page autosaves after "Import".
    imported = _imported().at(150)
    (out / "1840-imported-2p-mid.json").write_text(imported.to_json() + "\n", encoding="utf-8")
    return 0


def _imported() -> Game:
    import json

    from pygame_core.g1840.importer import import_game

    fixture = Path(__file__).resolve().parents[1] / "g1840" / "data" / "fixture_2player.json"
    return import_game(json.loads(fixture.read_text(encoding="utf-8")))[0]


if __name__ == "__main__":
    sys.exit(main(sys.argv))
