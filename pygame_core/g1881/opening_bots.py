"""Which company the normal 1881 bot opens, by what is already open (issue 15).

A company's strength depends on which others are open: the central companies compete for
the centre, so no fixed opening order is fair (docs/1881-design.md, "Changes"). An
opening table (`data/openings-edition-N.json`, written by scripts/opening_table_1881.py
from playtests with random openings, and for some counts also the bots' own games) holds,
per player count, each company's fair-share ratio r(c) (its opener's wins over the games
it was opened in, divided by the player count) and r(c|o), the same over the games in
which company o was open too. The bot scores a company it could open (2.9, 4.25) by

    score(c | open) = r(c) * product over the open tram companies o of r(c|o) / r(c)

and opens one near the best (`near_best`: varied, so that identical bots do not open one
set every game). The table is bot knowledge, not game rules: it is no part of the
edition overlays (source.py), and an edition without one keeps the bot's fixed order.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, TypeVar

from ..core.rng import Rng

T = TypeVar("T")
# The bot opens one of the companies scoring at least this share of the best score, at
# random weighted by score: identical bots that always opened the best opened one set per
# player count, and its third bidder's company won 78 % at 3 players (docs/1881-design.md).
NEAR: Final = 0.8
WEIGHT_UNITS: Final = 1000  # scores are drawn on in thousandths (Rng draws integers)

FILE = "openings-edition-{}.json"  # in data/, next to the design data


@dataclass(frozen=True)
class Ratios:
    """One player count's ratios: `ratio[c]` = r(c), `with_[c][o]` = r(c|o)."""

    ratio: Mapping[str, float]
    with_: Mapping[str, Mapping[str, float]]


@dataclass(frozen=True)
class OpeningTable:
    """An edition's opening table: the ratios by player count."""

    edition: int
    counts: Mapping[int, Ratios]


def parse(raw: Mapping[str, Any]) -> OpeningTable:
    """The table in a data file's JSON (the shape scripts/opening_table_1881.py writes)."""
    counts = {
        int(n): Ratios(
            {c: float(r) for c, r in part["ratio"].items()},
            {c: {o: float(r) for o, r in by.items()} for c, by in part["with"].items()},
        )
        for n, part in raw["counts"].items()
    }
    return OpeningTable(int(raw["edition"]), counts)


@cache
def table(edition: int) -> OpeningTable | None:
    """`edition`'s opening table, None if it has none (read from the package's data, as
    source.py reads the design data, so it ships in the wheel and works under Pyodide)."""
    path = resources.files(__package__).joinpath("data", FILE.format(edition))
    if not path.is_file():
        return None
    return parse(json.loads(path.read_text("utf-8")))


def score(ratios: Ratios, corp: str, open_corps: Iterable[str]) -> float:
    """score(corp | open_corps) = r(c) * prod r(c|o) / r(c) over the open companies o
    (other than corp). A company or pair the table lacks counts as the fair share (1, or
    r(c) for a pair): nothing is known of it."""
    base = ratios.ratio.get(corp, 1.0)
    if base <= 0:
        return 0.0  # its openers never won: no pairing makes it better
    pairs = ratios.with_.get(corp, {})
    out = base
    for other in open_corps:
        if other != corp:
            out *= pairs.get(other, base) / base
    return out


def ratios_for(edition: int, players: int) -> Ratios | None:
    """The ratios the bot opens by in an `edition` game of `players`; None if the edition
    has no table or the table no such player count (the bot's fixed order then)."""
    found = table(edition)
    return None if found is None else found.counts.get(players)


def near_best(options: Sequence[T], score_of: Callable[[T], float], rng: Rng) -> T:
    """One of `options` whose score is at least NEAR times the best, drawn by `rng` with
    chances in proportion to the score (each alike if every score is 0)."""
    scores = [score_of(o) for o in options]  # each once: a score multiplies table ratios
    best = max(scores)
    scored = [(o, s) for o, s in zip(options, scores, strict=True) if s >= NEAR * best]
    near = [o for o, _ in scored]
    weights = [max(1, round(s * WEIGHT_UNITS)) for _, s in scored]
    draw = rng.below(sum(weights))
    for option, weight in zip(near, weights, strict=True):
        if draw < weight:
            return option
        draw -= weight
    return near[-1]
