"""The 1881 opening table: how often a company's opener wins, given what else is open.

Reads the records of playtests with random openings and writes the table the normal bot
opens by (pygame_core/g1881/opening_bots.py). From the repository root:

    python scripts/playtest_1881.py --games 1000 --openings random --edition 4 \\
        --records /tmp/op_ed4.jsonl --processes 2
    python scripts/opening_table_1881.py /tmp/op_ed4.jsonl --edition 4 \\
        --out pygame_core/g1881/data/openings-edition-4.json

More record files may follow, among them the bots' own games (`--openings` left out): a
table from random openings alone misjudged some pairs in the bots' own play. `--players
3 4 --keep OLD.json` remakes only those counts and copies the others from OLD.json.

Per player count n and company c (opened at the start purchase, 2.9):
r(c) = wins of c's opener / (games c was opened in / n), 1 the fair share; and for each
other company o, r(c|o) the same over the games in which c and o were opened by
different seats, smoothed towards r(c) (PRIOR_GAMES). Games without a winner (the
action cap) count nowhere.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_core.g1881.economy import TRAMS

# The smoothing's weight, in games: r(c|o) is (wins + PRIOR_GAMES games at r(c)) over
# (games + PRIOR_GAMES). A pair seen in N games, where the fair share wins one in n, has a
# ratio whose noise is about sqrt((n - 1) / N): some 0.3 at N = 30 and 4 players, as large
# as the pair effects measured (docs/1881-design.md). So a pair needs about 30 games
# before its own figure weighs as much as the company's overall ratio.
PRIOR_GAMES: Final = 30
COUNTS: Final = (3, 4, 5, 6)
DIGITS: Final = 3
# How to make a table for an edition (G games per player count, the more the better).
REGENERATE: Final = (
    "python scripts/playtest_1881.py --games G --openings random --edition {edition} "
    "--records R.jsonl; python scripts/opening_table_1881.py R.jsonl --edition {edition} "
    "--out pygame_core/g1881/data/openings-edition-{edition}.json"
)

Record = Mapping[str, Any]


def read_records(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """Every record (one JSON object per non-empty line) of the files at `paths`."""
    return [
        json.loads(line)
        for path in paths
        for line in path.read_text("utf-8").splitlines()
        if line.strip()
    ]


def _ratio(wins: float, games: float, players: int) -> float:
    """Wins over the fair share of `games` (one in `players`); 1 with no games."""
    return wins * players / games if games else 1.0


def count_table(records: Iterable[Record], players: int) -> dict[str, Any]:
    """The games, r(c) and smoothed r(c|o) of the `players`-player records with a winner."""
    games = 0
    opened: Counter[str] = Counter()
    won: Counter[str] = Counter()
    both: Counter[tuple[str, str]] = Counter()
    won_with: Counter[tuple[str, str]] = Counter()
    for rec in records:
        if rec["players"] != players or not rec["ranking"]:
            continue
        games += 1
        by_seat = {int(seat): corp for seat, corp in rec["opened"].items()}
        winner = by_seat.get(int(rec["ranking"][0]))
        opened.update(by_seat.values())
        if winner is not None:
            won[winner] += 1
        for corp in by_seat.values():
            for other in by_seat.values():
                if other != corp:  # one company per seat (2.9), so a different seat
                    both[corp, other] += 1
                    won_with[corp, other] += corp == winner
    ratio = {c: _ratio(won[c], opened[c], players) for c in TRAMS}
    pairs = {
        c: {
            o: _ratio(
                won_with[c, o] + PRIOR_GAMES * ratio[c] / players, both[c, o] + PRIOR_GAMES, players
            )
            for o in TRAMS
            if o != c
        }
        for c in TRAMS
    }
    return {
        "games": games,
        "ratio": {c: round(r, DIGITS) for c, r in ratio.items()},
        "with": {c: {o: round(r, DIGITS) for o, r in by.items()} for c, by in pairs.items()},
    }


def opening_table(
    records: list[dict[str, Any]],
    edition: int,
    command: str,
    players: Iterable[int] = COUNTS,
    kept: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The data file's JSON for `edition` from `records` (`command`: how it was made) for
    the player counts `players`; every other count's part is copied from the table `kept`
    (a table one count at a time can be improved on, the rest left as they play)."""
    made = {str(n): count_table(records, n) for n in players}
    counts = {str(n): made[str(n)] if str(n) in made else _kept(kept, n) for n in COUNTS}
    games = {n: part["games"] for n, part in counts.items()}
    table: dict[str, Any] = {
        "_about": {
            "what": "Bot knowledge, not game rules: the normal bot opens one of the companies "
            "whose score r(c) * prod r(c|o)/r(c) over the open tram companies o is near the "
            "best, drawn in proportion to the score (pygame_core/g1881/opening_bots.py). "
            "r(c): wins of c's opener over the games c was opened in at the start purchase "
            "(2.9), divided by the player count (1 = the fair share); with[c][o]: the same "
            "over the games in which another seat opened o, "
            f"smoothed towards r(c) with {PRIOR_GAMES} games' weight.",
            "command": command,
            "regenerate": REGENERATE.format(edition=edition),
            "games_per_count": games,
            "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d"),
        },
        "edition": edition,
        "counts": counts,
    }
    if kept is not None and len(made) < len(COUNTS):
        table["_about"]["kept"] = {
            "counts": sorted(set(counts) - set(made)),
            "command": kept["_about"]["command"],
            "date": kept["_about"]["date"],
        }
    return table


def _kept(kept: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
    if kept is None:
        raise ValueError(f"No records chosen for {players} players and no table to keep (--keep)")
    return dict(kept["counts"][str(players)])


def main(argv: list[str] | None = None) -> int:
    """Read the records, write the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("records", nargs="+", help="JSONL files of playtest_1881.py --records")
    parser.add_argument("--edition", type=int, required=True, help="the edition they played")
    parser.add_argument("--out", required=True, help="the JSON file to write")
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        choices=COUNTS,
        default=list(COUNTS),
        help="the player counts to make from the records (the others from --keep)",
    )
    parser.add_argument("--keep", default="", help="the table whose other counts are kept")
    args = parser.parse_args(argv)
    command = " ".join(["python scripts/opening_table_1881.py", *(argv or sys.argv[1:])])
    records = read_records(Path(p) for p in args.records)
    kept = json.loads(Path(args.keep).read_text("utf-8")) if args.keep else None
    if kept is not None and kept["edition"] != args.edition:
        parser.error(f"--keep holds edition {kept['edition']}'s table, not {args.edition}'s")
    if kept is None and set(args.players) != set(COUNTS):
        parser.error("--players without every count needs --keep (the table to keep)")
    found = opening_table(records, args.edition, command, args.players, kept)
    Path(args.out).write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", "utf-8")
    print(f"{args.out}: games per count {found['_about']['games_per_count']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
