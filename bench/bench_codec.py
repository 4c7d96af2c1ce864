"""Time to decode and encode one action (wire object -> typed record -> wire object), over
every action of the 200 recorded 1840 bot games (tests/g1840/data/golden_games.json.gz) and
of seeded Trambahn bot games. Prints figures; asserts nothing about time.

Run:    PYTHONPATH=$PWD .venv/bin/python bench/bench_codec.py [--repeat 5]
Before: the same file against another checkout (e.g. main, whose titles still had their own
        codecs): PYTHONPATH=/path/to/main .venv/bin/python bench/bench_codec.py

CPU time (time.process_time: the machine is shared), the best of `--repeat` passes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame_core
from pygame_core import new_game
from pygame_core.g1840 import actions as actions_1840
from pygame_core.trambahn import actions as actions_trambahn

GOLDEN = (
    Path(__file__).resolve().parent.parent / "tests" / "g1840" / "data" / "golden_games.json.gz"
)

Codec = tuple[Callable[[Any], Any], Callable[[Any], Any]]


def codec_1840() -> Codec:
    """(decode, encode) of 1840: the shared codec, or before it `parse` / `Action.wire`."""
    module: Any = actions_1840
    if hasattr(module, "CODEC"):
        return module.CODEC.decode, module.CODEC.encode
    return module.parse, lambda a: a.wire()


def codec_trambahn() -> Codec:
    """(decode, encode) of Trambahn: the shared codec, or before it its own functions."""
    module: Any = actions_trambahn
    if hasattr(module, "CODEC"):
        return module.CODEC.decode, module.CODEC.encode
    return module.decode, module.encode


def golden_actions() -> list[dict[str, Any]]:
    """Every action of the recorded 1840 games, as recorded."""
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        data = json.load(f)
    return [action for game in data["games"] for _, action in game["actions"]]


def trambahn_actions(games: int) -> list[dict[str, Any]]:
    """Every action of `games` seeded easy-bot Trambahn games."""
    out: list[dict[str, Any]] = []
    for seed in range(games):
        g = new_game("trambahn", ["A", "B"], {}, seed)
        while g.active is not None:
            g.apply(g.bot_action(g.active, "easy"), g.active)
        out += [record["action"] for record in g.actions]
    return out


def measure(actions: Sequence[dict[str, Any]], codec: Codec, repeat: int) -> tuple[float, float]:
    """Best CPU time per action in microseconds: (decode, decode + encode)."""
    decode, encode = codec
    best_decode = best_both = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        records = [decode(a) for a in actions]
        middle = time.process_time()
        for r in records:
            encode(r)
        end = time.process_time()
        best_decode = min(best_decode, middle - start)
        best_both = min(best_both, end - start)
    scale = 1e6 / len(actions)
    return best_decode * scale, best_both * scale


def main(argv: Sequence[str] | None = None) -> None:
    """Prints the figures of both titles."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--trambahn-games", type=int, default=40)
    args = parser.parse_args(argv)
    print(f"engine: {Path(pygame_core.__file__).parent} (Python {sys.version.split()[0]})")
    for name, actions, codec in (
        ("1840 golden games", golden_actions(), codec_1840()),
        ("Trambahn bot games", trambahn_actions(args.trambahn_games), codec_trambahn()),
    ):
        decode_us, both_us = measure(actions, codec, args.repeat)
        print(
            f"{name}: {len(actions):,} actions; decode {decode_us:.2f} us, "
            f"encode {both_us - decode_us:.2f} us, decode + encode {both_us:.2f} us per action"
        )


if __name__ == "__main__":
    main()
