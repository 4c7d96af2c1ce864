"""Playtest 1881: play seeded bot games and report how they go (issue 15 section 4).

Not run in CI (tests/g1881/test_playtest_script.py runs the collector on one game). From
the repository root, on a busy machine:

    nice .venv/bin/python scripts/playtest_1881.py --games 20 --processes 1

Per game it reads the engine (read-only, after every action): the sets of rounds played
(a set: one stock round and its operating rounds), how the game ended (a price at 400,
the bank broken, every company bankrupt, or no end within the action cap), each
company's run per operating round by phase, the companies floated and bankrupt, the S-Bahn
(floated or not, its parts' share of all run income, 12.13), and the
final ranking by seat and by bid position (position 1 holds the Tram, 2.7). No invariant
checks: scripts/fuzz_1881.py does those. Prints a table per player count and the totals.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_core import Game
from pygame_core.g1881 import opening_bots
from pygame_core.g1881.bots import OPENING_ORDER, OPENINGS, choose
from pygame_core.g1881.economy import SBAHN
from pygame_core.g1881.game import Berlin1881
from pygame_core.g1881.source import candidate, editions, latest
from pygame_core.g1881.world import World
from scripts.fuzz_1881 import levels_for

CAP: Final = 20000  # actions: a bot game is far shorter
ENDS: Final = ("400", "bank", "dead", "cap")  # how a game can stop


@dataclass(frozen=True)
class Job:
    """One game to play."""

    players: int
    seed: int
    levels: tuple[str, ...]
    opening: str = OPENINGS[0]  # how the normal bots pick a company to open (bots.OPENINGS)
    edition: int = latest()  # the design data played (source.editions)
    overlay: str = ""  # a candidate edition's overlay file (--overlay), played as `edition`
    first_bid: int = 0  # --first-bid: seat seed % players bids this, the others the least


@dataclass
class Figures:
    """What one game showed."""

    players: int
    seed: int
    sets: int = 0
    ended: str = "cap"
    actions: int = 0
    runs: dict[str, list[int]] = field(default_factory=dict)  # phase -> company runs
    floated: int = 0
    bankrupt: int = 0
    sbahn_floated: bool = False
    income: dict[str, int] = field(default_factory=dict)  # "tram" / "sbahn" -> run totals
    bid_order: list[int] = field(default_factory=list)  # seats, highest bid first
    bids: dict[int, int] = field(default_factory=dict)  # seat -> its sealed bid (2.5)
    scores: list[int] = field(default_factory=list)  # by seat, the final totals (13.2)
    ranking: list[int] = field(default_factory=list)  # seats, winner first
    opened: dict[int, str] = field(default_factory=dict)  # seat -> the company it opened (2.9)
    phase: str = ""  # the phase the game ended in
    prices: dict[str, int] = field(default_factory=dict)  # tram company -> its last price
    levels: tuple[str, ...] = ()  # by seat, the bot levels played


def _world(g: Game) -> World:
    state = g.state
    assert isinstance(state, Berlin1881)
    return state.w


def _ended(w: World, over: bool) -> str:
    """The reason the game stopped (13.1.2 before 13.1.1: the 400 ends it at once)."""
    if not over:
        return "cap"
    if w.end.reached_end_price is not None:
        return "400"
    return "bank" if w.end.bank_broken else "dead"


def bot_move(g: Game, seat: int, level: str, opening: str) -> dict[str, object]:
    """The bot's action; with a non-default `opening` the bot is called directly, seeded
    as `Game.bot_action` seeds it (the opening is a playtest setting, not a bot level)."""
    if opening == OPENINGS[0]:
        return g.bot_action(seat, level)
    state = g.state
    assert isinstance(state, Berlin1881)
    return choose(state, seat, level, g.bot_rng(seat, f"{level}/{opening}"), opening)


def openings_label(opening: str, edition: int) -> str:
    """How the normal bots open, for the report: the default is the dearest company,
    except on an edition with an opening table (opening_bots.table) or an opening order
    (bots.OPENING_ORDER)."""
    if opening == OPENINGS[0] and opening_bots.table(edition) is not None:
        return f"openings by the opening table (data/openings-edition-{edition}.json)"
    if opening == OPENINGS[0] and edition in OPENING_ORDER:
        return f"openings by bots.OPENING_ORDER[{edition}]"
    return f"{opening} openings"


def probed(players: int, seed: int) -> int:
    """The seat a measuring option (--first-bid, --level one-hard) singles out in game
    `seed`: each seat in turn over the seeds."""
    return seed % players


def _planned_bid(job: Job, seat: int, bot: dict[str, object], least: int) -> dict[str, object]:
    """The bid `job` plans for `seat` (--first-bid; the others bid `least`, 2.6), else the
    bot's own."""
    if not job.first_bid:
        return bot
    return {**bot, "amount": job.first_bid if seat == probed(job.players, job.seed) else least}


@functools.cache
def _candidate(path: str) -> int:
    """The overlay at `path` as this process's candidate edition (source.candidate)."""
    return candidate(json.loads(Path(path).read_text("utf-8")))


def collect(job: Job) -> Figures:
    """Play `job`'s game with the bots and read its figures from the world."""
    if job.overlay:
        assert _candidate(job.overlay) == job.edition, "the candidate edition moved"
    g = Game("1881", [f"P{i}" for i in range(job.players)], {"edition": job.edition}, job.seed)
    w = _world(g)
    out = Figures(job.players, job.seed, levels=job.levels)
    stock_rounds: set[str] = set()
    ran: set[tuple[str, str, str]] = set()  # (round, company, S-Bahn part) counted
    while g.active is not None and len(g.actions) < CAP:
        seat = g.active
        action = bot_move(g, seat, job.levels[seat], job.opening)
        if action["type"] == "bid":
            action = _planned_bid(job, seat, action, int(g.legal_actions(seat)[0]["min"]))
            out.bids[seat] = int(str(action["amount"]))
        opens = action["type"] == "buy" and action.get("company") not in w.eco.in_play
        if w.step == "start" and opens and seat not in out.opened:
            out.opened[seat] = str(action["company"])  # 2.9: its director's share
        g.apply(action, seat)
        w = _world(g)
        entry = w.round_entry
        if entry.kind == "SR":
            stock_rounds.add(entry.label)
        if not out.bid_order and w.bid is not None and w.bid.order:
            out.bid_order = list(w.bid.order)
        op = w.op
        part = w.sbahn.part if op is not None and op.corp == SBAHN and w.sbahn else ""
        if op is not None and op.runs is not None and (entry.label, op.corp, part) not in ran:
            ran.add((entry.label, op.corp, part))
            kind = "sbahn" if op.corp == SBAHN else "tram"
            out.income[kind] = out.income.get(kind, 0) + op.runs.total
            if kind == "tram":
                out.runs.setdefault(w.trains.phase, []).append(op.runs.total)
    result = g.result()
    out.sets = len(stock_rounds)
    out.ended = _ended(w, result is not None)
    out.actions = len(g.actions)
    out.floated = sum(1 for c in w.eco.floated if c in w.charters)
    out.bankrupt = len(w.eco.closed)
    out.sbahn_floated = SBAHN in w.eco.floated
    out.ranking = [] if result is None else [int(s) for s in result["ranking"]]
    out.scores = [] if result is None else [int(v) for v in result["scores"]]
    out.phase = w.trains.phase
    out.prices = {c: w.eco.market.price(c) for c in w.eco.in_play if c != SBAHN}
    return out


def jobs(
    players: Iterable[int],
    games: int,
    seed_start: int,
    level: str,
    opening: str = OPENINGS[0],
    edition: int | None = None,
    overlay: str = "",
    first_bid: int = 0,
) -> list[Job]:
    """The games the options ask for: `games` seeds per player count (`overlay`: a
    candidate edition's file, played instead of `edition`)."""
    played = _candidate(overlay) if overlay else latest() if edition is None else edition
    return [
        Job(n, seed, _levels(level, n, seed), opening, played, overlay, first_bid)
        for n in players
        for seed in range(seed_start, seed_start + games)
    ]


def _levels(level: str, players: int, seed: int) -> tuple[str, ...]:
    """The seats' levels: "one-hard" puts one hard bot (seat seed % players) among normal
    ones, to measure the hard bot; else as the fuzz (levels_for)."""
    if level == "one-hard":
        return tuple("hard" if s == probed(players, seed) else "normal" for s in range(players))
    return levels_for(level, players, seed)


def _mean(values: Iterable[float]) -> float:
    seq = list(values)
    return sum(seq) / len(seq) if seq else 0.0


def table(games: list[Figures]) -> list[str]:
    """The report lines for `games` (one player count, or all of them)."""
    n = len(games)
    if not n:
        return ["  no games"]
    ends = Counter(f.ended for f in games)
    sets = sorted(f.sets for f in games)
    runs: dict[str, list[int]] = defaultdict(list)
    for f in games:
        for phase, values in f.runs.items():
            runs[phase] += values
    lines = [
        f"  games {n}, actions/game {_mean(f.actions for f in games):.0f}",
        f"  sets of rounds: mean {_mean(sets):.1f}, min {sets[0]}, max {sets[-1]}",
        "  ended: " + ", ".join(f"{e} {ends[e]} ({100 * ends[e] / n:.0f}%)" for e in ENDS),
        "  run per company and OR by phase: "
        + ", ".join(
            f"{p}: {_mean(v):.0f} (n={len(v)})" for p, v in sorted(runs.items(), key=_phase_key)
        ),
        f"  companies floated {_mean(f.floated for f in games):.1f}/game, "
        f"bankrupt {_mean(f.bankrupt for f in games):.2f}/game, "
        f"games with a bankruptcy {sum(1 for f in games if f.bankrupt)}",
        f"  S-Bahn floated in {100 * sum(f.sbahn_floated for f in games) / n:.0f}% of games; "
        f"its share of all run income {100 * _share(games, 'sbahn'):.1f}%",
    ]
    most = max(f.players for f in games)
    shared = sum(1 for f in games if len(_winners(f)) > 1)
    lines.append("  wins by seat:         " + _wins(games, most, lambda f, seat: seat))
    lines.append(
        "  wins by bid position: "
        + _wins(games, most, lambda f, seat: f.bid_order.index(seat) if f.bid_order else -1)
        + f" (shared victories, 1/k to each winner: {shared})"
    )
    tram = _mean(f.ranking.index(f.bid_order[0]) + 1 for f in games if f.ranking and f.bid_order)
    lines.append(f"  the Tram holder's mean place: {tram:.2f}")
    lines.append("  mean total by bid position (% of the game's mean): " + _totals(games, most))
    paid = _mean(f.bids[f.bid_order[0]] - f.bids[f.bid_order[-1]] for f in games if f.bids)
    lines.append(f"  the Tram holder paid the lowest bidder {paid:.0f} on average (2.7)")
    lines.append("  wins by the company the winner opened: " + _by_company(games))
    lines.append("  wins by bot level (wins/seats played): " + _by_level(games))
    lines.append("  last price by company (mean where opened): " + _prices(games))
    phases = Counter(f.phase for f in games)
    lines.append("  games ended in phase: " + " ".join(f"{p}:{phases[p]}" for p in sorted(phases)))
    return lines


def _totals(games: list[Figures], most: int) -> str:
    """Per bid position: the mean final total relative to its game's mean, in percent."""
    rel: dict[int, list[float]] = defaultdict(list)
    for f in games:
        if f.scores and f.bid_order:
            mean = _mean(f.scores)
            for place, seat in enumerate(f.bid_order):
                rel[place].append(100 * f.scores[seat] / mean if mean else 0.0)
    return " ".join(f"{i + 1}:{_mean(rel[i]):.0f}" for i in range(most) if rel[i])


def _by_level(games: list[Figures]) -> str:
    """Per bot level: the games its seats won / the seats it played (a seat's fair share
    is one game in players)."""
    seats = Counter(level for f in games for level in f.levels)
    won = _shared(games, lambda f, seat: f.levels[seat] if f.levels else "")
    return " ".join(f"{lv} {_count(won[lv])}/{seats[lv]}" for lv in sorted(seats))


def _by_company(games: list[Figures]) -> str:
    """Per company: wins of the player who opened it at the start purchase (2.9) / games
    in which it was opened there; "none": wins of players who opened none."""
    opened = Counter(c for f in games for c in f.opened.values())
    won = _shared(games, lambda f, seat: f.opened.get(seat, "-"))
    return " ".join(f"{c} {_count(won[c])}/{opened[c]}" for c in sorted(opened)) + (
        f" none {_count(won['-'])}" if won["-"] else ""
    )


def _prices(games: list[Figures]) -> str:
    """Each company's mean last price over the games it was in play (a company's strength)."""
    seen: dict[str, list[int]] = defaultdict(list)
    for f in games:
        for corp, price in f.prices.items():
            seen[corp].append(price)
    return " ".join(f"{c} {_mean(v):.0f}" for c, v in sorted(seen.items()))


def _share(games: list[Figures], kind: str) -> float:
    """`kind`'s part of all run totals (9.x; the S-Bahn's parts together, 12.13)."""
    total = sum(sum(f.income.values()) for f in games)
    return sum(f.income.get(kind, 0) for f in games) / total if total else 0.0


def _phase_key(item: tuple[str, list[int]]) -> tuple[int, str]:
    phase = item[0]
    return (int(phase), phase) if phase.isdigit() else (99, phase)


def _winners(f: Figures) -> list[int]:
    """The seats with the highest total: a tie for the win is a shared victory (13.4,
    digest A-39). At 6 players a fifth of the games end in one, mostly between the two
    players who floated a company together."""
    if not f.scores:
        return f.ranking[:1]
    top = max(f.scores)
    return [s for s, v in enumerate(f.scores) if v == top]


K = TypeVar("K")


def _shared(games: list[Figures], key: Callable[[Figures, int], K]) -> dict[K, float]:
    """Wins by key(game, seat); a shared victory counts 1/k to each of its k winners."""
    won: dict[K, float] = defaultdict(float)
    for f in games:
        winners = _winners(f)
        for seat in winners:
            won[key(f, seat)] += 1 / len(winners)
    return won


def _wins(games: list[Figures], most: int, where: Callable[[Figures, int], int]) -> str:
    """Wins per position 1..`most`, where(game, seat) is a seat's position (0-based)."""
    won = _shared(games, where)
    return " ".join(f"{i + 1}:{_count(won[i])}" for i in range(most))


def _count(value: float) -> str:
    """A win count: whole, or to one decimal where shared victories split it."""
    return f"{value:.1f}".removesuffix(".0")


def write_records(path: Path, games: list[Figures]) -> None:
    """Write `games` to `path`, one JSON object per line (seats as strings, as JSON keys)."""
    path.write_text("".join(json.dumps(dataclasses.asdict(f)) + "\n" for f in games), "utf-8")


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the report."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    parser.add_argument(
        "--level",
        choices=["normal", "hard", "mixed", "one-hard"],
        default="normal",
        help="one-hard: one hard seat (seed %% players) among normal bots",
    )
    parser.add_argument("--seed-start", type=int, default=0)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument(
        "--openings",
        choices=OPENINGS,
        default=OPENINGS[0],
        help="random: normal bots open a random company among those they may open (to "
        "measure the openings without the bots' own preference)",
    )
    parser.add_argument(
        "--first-bid",
        type=int,
        default=0,
        help="in each game the seat seed %% players bids this, every other the least bid "
        "(what the first choice is worth: its wins and totals by bid position)",
    )
    parser.add_argument("--edition", type=int, choices=editions(), default=latest())
    parser.add_argument(
        "--overlay",
        default="",
        help="an edition overlay file (shape of data/edition-N.json) to try: played as the "
        "edition after the latest, over it",
    )
    parser.add_argument(
        "--records",
        default="",
        help="also write each game's figures to this file, one JSON object per line (the "
        "data `scripts/opening_table_1881.py` reads)",
    )
    args = parser.parse_args(argv)
    todo = jobs(
        args.players,
        args.games,
        args.seed_start,
        args.level,
        args.openings,
        args.edition,
        args.overlay,
        args.first_bid,
    )
    edition = todo[0].edition if todo else args.edition
    start = time.perf_counter()
    if args.processes > 1:
        results: Iterator[Figures] = ProcessPoolExecutor(args.processes).map(collect, todo)
    else:
        results = map(collect, todo)
    by_count: dict[int, list[Figures]] = defaultdict(list)
    for f in results:
        by_count[f.players].append(f)
    if args.records:
        write_records(Path(args.records), [f for fs in by_count.values() for f in fs])
    for players in sorted(by_count):
        print(
            f"{players} players ({args.level}, {openings_label(args.openings, edition)}, "
            f"{f'first bid {args.first_bid}, ' if args.first_bid else ''}"
            f"edition {edition}{' (' + args.overlay + ')' if args.overlay else ''}, "
            f"seeds {args.seed_start}..):"
        )
        print("\n".join(table(by_count[players])))
    print("all:")
    print("\n".join(table([f for fs in by_count.values() for f in fs])))
    print(f"{sum(map(len, by_count.values()))} games in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
