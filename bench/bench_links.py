"""How long a game link is: the figures behind the link encoding (issue 16, docs/links.md).

Plays seeded bot games of every title to the end and, for a short (first tenth), a mid (half)
and a full record, prints the length of a URL fragment in three encodings:

- `json`: the save's record (title, players, options, seed, actions) as minified JSON, then
  base64url, no compression;
- `deflate`: the same JSON through raw deflate (what the browser's
  `CompressionStream("deflate-raw")` writes; zlib level 9 here), then base64url;
- `compact`: each action as an array (seat, type number, its values in wire order) with one
  table of the types and their keys, then raw deflate and base64url.

Run: `.venv/bin/python -m bench.bench_links` (about a minute). Figures, not a test.
"""

from __future__ import annotations

import base64
import json
import time
import zlib
from typing import Any

from pygame_core import new_game
from pygame_core.core.game import Game

GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("trambahn", 2, {}),
    ("1840", 2, {}),
    ("1840", 3, {}),
    ("1840", 4, {}),
    ("1840", 5, {}),
    ("1840", 6, {}),
)
CHAT_LIMIT = 2000  # about what a chat message or a mail client keeps in one link


def _play(title: str, players: int, options: dict[str, Any], seed: int) -> Game:
    game = new_game(title, [f"P{i + 1}" for i in range(players)], options, seed)
    while game.result() is None:
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    return game


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _deflate(text: str) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(text.encode()) + packer.flush()


def _record(game: Game, n: int) -> dict[str, Any]:
    save = game.save()
    return {
        "t": save["title"],
        "p": save["players"],
        "o": save["options"],
        "s": save["seed"],
        "a": save["actions"][:n],
    }


def _compact(record: dict[str, Any]) -> dict[str, Any]:
    kinds: list[list[str]] = []  # [type, key, key, ...] in first-seen order
    index: dict[tuple[str, ...], int] = {}
    rows: list[list[Any]] = []
    for entry in record["a"]:
        action = entry["action"]
        shape = tuple(action)
        if shape not in index:
            index[shape] = len(kinds)
            kinds.append([str(action.get("type")), *(k for k in shape if k != "type")])
        rows.append([entry["seat"], index[shape], *(v for k, v in action.items() if k != "type")])
    return {**{k: v for k, v in record.items() if k != "a"}, "k": kinds, "a": rows}


def main() -> None:
    """Print the table."""
    print(f"{'game':<12} {'cut':<6} {'actions':>7} {'json':>8} {'deflate':>8} {'compact':>8}")
    for title, players, options in GAMES:
        start = time.perf_counter()
        game = _play(title, players, options, seed=players * 1000 + 7)
        total = len(game.actions)
        for cut, n in (("short", total // 10), ("mid", total // 2), ("full", total)):
            record = _record(game, n)
            text = json.dumps(record, separators=(",", ":"))
            plain = len(_b64(text.encode()))
            deflated = len(_b64(_deflate(text)))
            compact = len(_b64(_deflate(json.dumps(_compact(record), separators=(",", ":")))))
            flag = " > chat" if compact > CHAT_LIMIT else ""
            print(
                f"{title + ' ' + str(players) + 'p':<12} {cut:<6} {n:>7} {plain:>8} "
                f"{deflated:>8} {compact:>8}{flag}"
            )
        print(f"{'':<12} (played in {time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
