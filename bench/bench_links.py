"""How long a game link is: the figures behind the link format (issue 16, docs/links.md).

Plays seeded bot games of every title to the end and, for a short (first tenth), a mid (half)
and a full record, prints the length of the URL fragment (`#game=...`, without the page's
address) in three encodings:

- `json`: the save's record (title, players, options, seed, actions) as minified JSON, then
  base64url, no compression;
- `deflate`: the same JSON through raw deflate (what the browser's
  `CompressionStream("deflate-raw")` writes; zlib level 9 here), then base64url;
- `link`: the link format the page ships, format 1 of `pygame_core/links.py` (each action as
  an array: seat, shape number, its values in wire order, with one table of the shapes), raw
  deflate and base64url. The browser's deflate writes a few bytes more or fewer than zlib 9
  (e2e/test_links.py prints both for a 5-player 1840 game).

A second table: a game started from the position at the short and mid cut (no actions yet),
the position's JSON and its link (the position travels in the link instead of the actions).

`> chat` marks a link past CHAT_LIMIT (about what a chat message or a mail client keeps).
Run: `.venv/bin/python -m bench.bench_links` (a few minutes). Figures, not a test.
"""

from __future__ import annotations

import base64
import json
import time

from pygame_core import new_game
from pygame_core.core.game import Game
from pygame_core.links import CHAT_LIMIT, deflate, fragment

GAMES: tuple[tuple[str, int], ...] = (
    ("trambahn", 2),
    *(("1840", n) for n in range(2, 7)),
    *(("1881", n) for n in range(3, 7)),
)


def play(title: str, players: int, seed: int) -> Game:
    """A seeded game of `players` (named P1, P2, ...), normal bots on every seat, to its end."""
    game = new_game(title, [f"P{i + 1}" for i in range(players)], {}, seed)
    while game.result() is None:
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    return game


def _b64(data: bytes) -> int:
    """The length of `#game=` + base64url (no padding) of `data`."""
    return len("#game=") + len(base64.urlsafe_b64encode(data).rstrip(b"="))


def main() -> None:
    """Print the table."""
    print(f"{'game':<12} {'cut':<6} {'actions':>7} {'json':>8} {'deflate':>8} {'link':>8}")
    positions: list[tuple[str, int, Game]] = []
    for title, players in GAMES:
        start = time.perf_counter()
        game = play(title, players, seed=players * 1000 + 7)
        save = game.save()
        total = len(game.actions)
        for cut, n in (("short", total // 10), ("mid", total // 2), ("full", total)):
            part = {**save, "actions": save["actions"][:n]}
            record = {k: part[k] for k in ("title", "players", "options", "seed", "actions")}
            text = json.dumps(record, separators=(",", ":"))
            link = len(fragment(part)) + 1  # the '#'
            flag = " > chat" if link > CHAT_LIMIT else ""
            print(
                f"{title + ' ' + str(players) + 'p':<12} {cut:<6} {n:>7} "
                f"{_b64(text.encode()):>8} {_b64(deflate(text)):>8} {link:>8}{flag}"
            )
        print(f"{'':<12} (played in {time.perf_counter() - start:.1f} s)")
        positions.append((title, players, game))
    print(f"\n{'from a position':<16} {'cut':<6} {'actions':>7} {'position':>9} {'link':>8}")
    for title, players, game in positions:
        total = len(game.actions)
        for cut, n in (("short", total // 10), ("mid", total // 2)):
            position = game.at(n).position()
            start_there = new_game(title, game.players, {}, game.seed, position=position)
            size = len(json.dumps(position, separators=(",", ":")))
            link = len(fragment(start_there.save())) + 1
            print(f"{title + ' ' + str(players) + 'p':<16} {cut:<6} {n:>7} {size:>9} {link:>8}")


if __name__ == "__main__":
    main()
