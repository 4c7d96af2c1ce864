#!/usr/bin/env python3
"""Write the embed demos (web/demos/*.json) by playing real games with the engine.

Trambahn's demos are below; 1840's are in scripts/demos_1840.py (reached by the engine's
bots, or from set positions), 1881's in scripts/demos_1881.py (from set positions). Every
file is a demo of format "tramways-demo", version 1 (docs/embedding.md).

A demo is a seed plus an action list, so it replays to exactly the same positions anywhere.
The rulebook's examples are reached by a *director*: a scripted player for each seat that
works towards a target position using only that seat's own view and the engine's legal
actions. Seeds are tried in order until the director succeeds; the first success is written.

    scoring.json   the rulebook's scoring example: the 4th blue passenger scores Anna's
                   1-2-5-6 with a steam tram (12) and Ben's conductor-2-3-4-7 (10) and
                   3-5-8-10 (14) with horse trams: 24.
    purchase.json  the rulebook's purchase example: the supply shows H, H, S; Anna started
                   two new columns this turn and buys the steam and a horse tram for 15.

Usage: python scripts/make_demos.py [--out web/demos] [--max-seeds N]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pygame_core import Game, new_game  # noqa: E402  (needs ROOT on sys.path)
from scripts.demos_1840 import DEMOS_1840  # noqa: E402
from scripts.demos_1881 import DEMOS_1881  # noqa: E402

JsonDict = dict[str, Any]
PLAYERS = ["Anna", "Ben"]
OPTIONS: JsonDict = {"start_player": 0}
LINE_NAMES = {"B": "blue", "R": "red", "G": "green", "Y": "yellow"}
TRAM_NAMES = {"H": "horse tram", "S": "steam tram", "E": "electric tram"}
MAX_TURNS = 70
X = "\u00d7"  # the multiplication sign, as printed on the tram cards


class DirectorFailed(Exception):
    """This seed cannot reach the target with the director's simple plan."""


@dataclass
class Target:
    """A column the director builds: its line, its cards in order, its tram."""

    line: str
    cards: list[str]
    tram: str
    column: int | None = None  # the engine's column id once started

    def placed(self, view: JsonDict, seat: int) -> list[str]:
        if self.column is None:
            return []
        for col in view["seats"][seat]["columns"]:
            if col["id"] == self.column:
                return list(col["cards"])
        return []

    def remaining(self, view: JsonDict, seat: int) -> list[str]:
        placed = self.placed(view, seat)
        rest = list(self.cards)
        for card in placed:
            rest.remove(card)
        return rest

    def has_tram(self, view: JsonDict, seat: int) -> bool:
        for col in view["seats"][seat]["columns"]:
            if col["id"] == self.column:
                return bool(col["tram"])
        return False

    def done(self, view: JsonDict, seat: int) -> bool:
        return not self.remaining(view, seat) and self.has_tram(view, seat)


@dataclass
class Director:
    """Plays both seats of one game towards per-seat target columns."""

    game: Game
    targets: dict[int, list[Target]]
    marks: dict[str, int] = field(default_factory=dict)

    def view(self, seat: int) -> JsonDict:
        return self.game.view(seat)

    def legal(self, seat: int) -> list[JsonDict]:
        return self.game.legal_actions(seat)

    def apply(self, seat: int, action: JsonDict) -> None:
        self.game.apply(action, seat)

    def needed(self, seat: int) -> list[str]:
        view = self.view(seat)
        out: list[str] = []
        for t in self.targets.get(seat, []):
            out += t.remaining(view, seat)
        return out

    def junk(self, seat: int) -> list[str]:
        """Hand cards this seat's plan does not need (duplicates beyond the need count)."""
        need = self.needed(seat)
        out = []
        for card in self.view(seat)["seats"][seat]["hand"]:
            if card in need:
                need.remove(card)
            else:
                out.append(card)
        return out

    def all_done(self) -> bool:
        return all(t.done(self.view(s), s) for s, ts in self.targets.items() for t in ts)

    # --- one turn ------------------------------------------------------------------------

    def passenger(self, seat: int, *, blue_ok: bool, protect: str = "B", prefer: str = "") -> None:
        """One passenger from junk, never into the protected row unless allowed; into the
        `prefer` row if possible."""
        view = self.view(seat)
        junk = self.junk(seat)
        rows = view["rows"]
        options = []
        for a in self.legal(seat):
            if a["type"] != "passenger" or a["card"] not in junk:
                continue
            row = a.get("row") or a["card"][0]
            if row == protect and not blue_ok:
                continue
            options.append((len(rows[row]), a))
        if not options:
            raise DirectorFailed(f"seat {seat} has no junk passenger")
        # the fullest row that does not score yet keeps the scorings few; else any
        options.sort(
            key=lambda o: ((o[1].get("row") or o[1]["card"][0]) != prefer, o[0] == 3, -o[0])
        )
        self.apply(seat, options[0][1])

    def stations(self, seat: int, money_left: int) -> tuple[list[Target], int]:
        """Place every target card that can go now; start a target column only if its tram
        can be bought this turn. Returns the targets that need a tram, and the money left."""
        view = self.view(seat)
        to_buy: list[Target] = []
        progress = True
        while progress:
            progress = False
            view = self.view(seat)
            legal = self.legal(seat)
            hand = view["seats"][seat]["hand"]
            for t in self.targets.get(seat, []):
                rest = t.remaining(view, seat)
                if not rest:
                    continue
                if t.column is None:
                    first = t.cards[0]
                    cost = view["trams"][t.tram]["cost"]
                    want: JsonDict = {"type": "station", "card": first, "column": None}
                    if (
                        first in hand
                        and want in legal
                        and t.tram in self.free_supply(view, to_buy)
                        and cost <= money_left
                    ):
                        before = {c["id"] for c in view["seats"][seat]["columns"]}
                        self.apply(seat, want)
                        after = self.view(seat)["seats"][seat]["columns"]
                        t.column = next(c["id"] for c in after if c["id"] not in before)
                        to_buy.append(t)
                        money_left -= cost
                        progress = True
                        break
                    continue
                # extend: conductors any time, stations in their order
                nxt = (
                    "C"
                    if "C" in rest and "C" in hand
                    else next((c for c in t.cards if c in rest and c != "C"), None)
                )
                if nxt is None or nxt not in hand:
                    continue
                want = {"type": "station", "card": nxt, "column": t.column}
                if want in legal:
                    self.apply(seat, want)
                    progress = True
                    break
        return to_buy, money_left

    @staticmethod
    def free_supply(view: JsonDict, reserved: Sequence[Target]) -> list[str]:
        supply = list(view["supply"])
        for t in reserved:
            if t.tram in supply:
                supply.remove(t.tram)
        return supply

    def income(self, seat: int, keep: int = 1) -> None:
        junk = self.junk(seat)
        # keep some junk for the next passenger (prefer keeping non-blue)
        junk.sort(key=lambda c: (c[0] == "B", c))
        for card in junk[keep:]:
            a = {"type": "income", "card": card}
            if a in self.legal(seat):
                self.apply(seat, a)

    def buy(self, seat: int, targets: Sequence[Target]) -> None:
        for t in targets:
            a = {"type": "buy", "tram": t.tram, "column": t.column}
            if a not in self.legal(seat):
                raise DirectorFailed(f"cannot buy {t.tram} for column {t.column}")
            self.apply(seat, a)

    def end_turn(self, seat: int) -> None:
        self.apply(seat, {"type": "end_turn"})


def numbers(cards: Sequence[str]) -> str:
    """["C", "B2", "B3"] -> "conductor-2-3"."""
    return "-".join("conductor" if c == "C" else c[1:] for c in cards)


def money(view: JsonDict, seat: int) -> int:
    count: int = view["seats"][seat]["money_count"]
    return count


# --- the scoring example --------------------------------------------------------------------


def scoring_game(seed: int) -> tuple[Game, dict[str, int]]:
    """Anna: blue 1-2-5-6 + steam; Ben: blue C-2-3-4-7 + horse, 3-5-8-10 + horse; then the
    4th blue passenger."""
    game = new_game("trambahn", PLAYERS, OPTIONS, seed)
    d = Director(
        game,
        {
            0: [Target("B", ["B1", "B2", "B5", "B6"], "S")],
            1: [
                Target("B", ["B2", "B3", "C", "B4", "B7"], "H"),
                Target("B", ["B3", "B5", "B8", "B10"], "H"),
            ],
        },
    )
    marks: dict[str, int] = {}
    filler_done = False
    for _ in range(MAX_TURNS):
        seat = game.active
        if seat is None:
            raise DirectorFailed("the game ended")
        view = d.view(seat)
        building = not d.all_done()
        blue_row = len(view["rows"]["B"])
        if building:
            d.passenger(seat, blue_ok=False)
        elif blue_row < 3 or seat == 1:
            # fill the blue row to 3; Ben places the 4th
            n_scorings = len(d.game.view(None)["pad"]["regular"])
            try:
                d.passenger(seat, blue_ok=True, protect="", prefer="B")
            except DirectorFailed:
                d.passenger(seat, blue_ok=False)
            pad = d.game.view(None)["pad"]["regular"]
            if len(pad) > n_scorings and pad[-1]["line"] == "B":
                marks["trigger"] = len(game.actions)
                return game, marks
        else:
            d.passenger(seat, blue_ok=False)
        view = d.view(seat)
        if view["step"] == "over":
            raise DirectorFailed("the game ended")
        budget = money(view, seat)
        to_buy, budget = d.stations(seat, budget)
        # the steam tram appears once three horse trams have gone: build a horse filler column
        view = d.view(seat)
        filler: list[Target] = []
        if (
            not filler_done
            and seat == 0
            and "S" not in view["supply"]
            and "H" in d.free_supply(view, to_buy)
            and budget >= 5
            and any(t.column is not None for t in d.targets[1])
        ):
            for card in d.junk(seat):
                if card[0] in "RGY" and card != "C":
                    a = {"type": "station", "card": card, "column": None}
                    if a in d.legal(seat):
                        before = {c["id"] for c in view["seats"][seat]["columns"]}
                        d.apply(seat, a)
                        after = d.view(seat)["seats"][seat]["columns"]
                        new = next(c["id"] for c in after if c["id"] not in before)
                        filler.append(Target(card[0], [card], "H", new))
                        filler_done = True
                        break
        d.income(seat, keep=2 if not building else 1)
        d.buy(seat, to_buy + filler)
        for t in to_buy:
            marks[f"tram-{seat}-{t.column}"] = len(game.actions)
        d.end_turn(seat)
        if d.all_done() and "built" not in marks:
            marks["built"] = len(game.actions)
    raise DirectorFailed("too many turns")


def check_scoring(game: Game, marks: dict[str, int]) -> bool:
    """The last scoring must be the blue one with exactly the rulebook's numbers."""
    pad = game.view(None)["pad"]
    last = pad["regular"][-1]
    if last["line"] != "B" or last["points"] != [12, 24]:
        return False
    ev = game.view(None)["events"]
    scored = sorted(c["points"] for e in ev if e["kind"] == "scoring" for c in e["columns"])
    # the triggering passenger must be Ben's and the game not over
    return scored == [10, 12, 14] and game.actions[-1]["seat"] == 1 and game.result() is None


def scoring_demo(max_seeds: int) -> JsonDict:
    for seed in range(1, max_seeds + 1):
        try:
            game, marks = scoring_game(seed)
        except DirectorFailed:
            continue
        if not check_scoring(game, marks):
            continue
        n = marks["trigger"]
        view_before = game.at(n - 1).view(None)
        s = view_before["scorings"]
        steps = []
        for key, at in sorted(marks.items(), key=lambda kv: kv[1]):
            if not key.startswith("tram-"):
                continue
            _, seat_s, col_s = key.split("-")
            seat = int(seat_s)
            col = next(
                c for c in game.at(at).view(None)["seats"][seat]["columns"] if c["id"] == int(col_s)
            )
            tram = col["tram"]
            mult = view_before["trams"][tram]["multiplier"]
            cost = view_before["trams"][tram]["cost"]
            steps.append(
                {
                    "caption": f"{PLAYERS[seat]} builds a blue column "
                    f"({numbers(col['cards'])}) and buys a {TRAM_NAMES[tram]} "
                    f"({X}{mult}, cost {cost}) for it.",
                    "actions": at,
                }
            )
        steps += [
            {
                "caption": "Three passengers wait at the blue terminal. Anna: 1-2-5-6 with a "
                "steam tram. Ben: conductor-2-3-4-7 and 3-5-8-10, both with horse trams.",
                "actions": n - 1,
            },
            {
                "caption": f"Ben places the 4th blue passenger: scoring {s + 1}. Every blue "
                f"column scores its victory points {X} its tram. Anna: (1+1+1+1) {X} 3 = 12. "
                f"Ben: (0+1+1+1+2) {X} 2 = 10 and (1+1+2+3) {X} 2 = 14, together 24.",
                "actions": n,
            },
        ]
        return demo_json("The scoring example (rulebook: Wertung)", game, steps)
    raise SystemExit("no seed reached the scoring example; raise --max-seeds")


# --- the purchase example -------------------------------------------------------------------


def purchase_game(seed: int) -> tuple[Game, dict[str, int]]:
    """Both build horse-tram columns until the supply shows H, H, S; then Anna starts two new
    columns in one turn and buys the steam and a horse tram (15)."""
    game = new_game("trambahn", PLAYERS, OPTIONS, seed)
    d = Director(game, {})
    marks: dict[str, int] = {}
    for _ in range(MAX_TURNS):
        seat = game.active
        if seat is None:
            raise DirectorFailed("the game ended")
        view = d.view(seat)
        example = seat == 0 and sorted(view["supply"]) == ["H", "H", "S"]
        if example:
            marks["start"] = len(game.actions)
        d.passenger(seat, blue_ok=True, protect="")
        view = d.view(seat)
        if view["step"] == "over":
            raise DirectorFailed("the game ended")
        hand = view["seats"][seat]["hand"]
        new_columns = 2 if example else (1 if "H" in view["supply"] else 0)
        if example and money(view, seat) + len(hand) - 2 < 15:
            raise DirectorFailed("not enough money for the example")
        started: list[int] = []
        lines_used: set[str] = set()
        for card in sorted(hand, key=lambda c: (c == "C", c)):
            if len(started) >= new_columns:
                break
            if card == "C" or card[0] in lines_used:
                continue
            a = {"type": "station", "card": card, "column": None}
            if a in d.legal(seat):
                before = {c["id"] for c in d.view(seat)["seats"][seat]["columns"]}
                d.apply(seat, a)
                after = d.view(seat)["seats"][seat]["columns"]
                started.append(next(c["id"] for c in after if c["id"] not in before))
                lines_used.add(card[0])
        if example and len(started) < 2:
            raise DirectorFailed("could not start two columns")
        if example:
            marks["columns"] = len(game.actions)
        # income: everything but one card, so the money suffices
        hand = d.view(seat)["seats"][seat]["hand"]
        for card in hand[1:]:
            a = {"type": "income", "card": card}
            if a in d.legal(seat):
                d.apply(seat, a)
        if example:
            marks["income"] = len(game.actions)
            for tram, col in (("S", started[0]), ("H", started[1])):
                a = {"type": "buy", "tram": tram, "column": col}
                if a not in d.legal(seat):
                    raise DirectorFailed("cannot buy for the example")
                d.apply(seat, a)
                marks[f"buy-{tram}"] = len(game.actions)
            d.end_turn(seat)
            marks["end"] = len(game.actions)
            return game, marks
        for col in started:
            a = {"type": "buy", "tram": "H", "column": col}
            if a in d.legal(seat):
                d.apply(seat, a)
        d.end_turn(seat)
    raise DirectorFailed("too many turns")


def purchase_demo(max_seeds: int) -> JsonDict:
    for seed in range(1, max_seeds + 1):
        try:
            game, marks = purchase_game(seed)
        except DirectorFailed:
            continue
        start = game.at(marks["start"]).view(0)
        paid = game.at(marks["income"]).view(0)["seats"][0]["money_count"]
        after = game.at(marks["buy-H"]).view(0)["seats"][0]["money_count"]
        end = game.at(marks["end"]).view(0)
        if paid - after != 15 or sorted(start["supply"]) != ["H", "H", "S"]:
            continue
        supply_after = ", ".join(end["supply"])
        steps = [
            {
                "caption": "Anna's turn. The supply shows two horse trams and one steam tram; "
                "it is not refilled during a turn.",
                "actions": marks["start"],
            },
            {
                "caption": "After her passenger, Anna starts two new columns. Each needs its own "
                "tram now, or it becomes money at the end of the turn.",
                "actions": marks["columns"],
            },
            {
                "caption": f"She adds income: her money pile holds {paid} cards (1,000 Mark each).",
                "actions": marks["income"],
            },
            {
                "caption": "She buys the steam tram (10) for one new column …",
                "actions": marks["buy-S"],
            },
            {
                "caption": f"… and a horse tram (5) for the other: 15 cards go from her money "
                f"pile to the discard pile ({paid} → {after}).",
                "actions": marks["buy-H"],
            },
            {
                "caption": f"At the end of the turn the supply is refilled from the stack: "
                f"{supply_after}.",
                "actions": marks["end"],
            },
        ]
        return demo_json("The purchase example (rulebook: Trambahnen kaufen)", game, steps)
    raise SystemExit("no seed reached the purchase example; raise --max-seeds")


# --- output ---------------------------------------------------------------------------------


def demo_json(title: str, game: Game, steps: list[JsonDict]) -> JsonDict:
    """The demo file: the game's save (checked to replay), a title and the steps."""
    save = game.save()
    Game.from_json(save)  # it replays, and its hash matches
    for step in steps:
        assert 0 <= step["actions"] <= len(save["actions"]), step
    return {
        "format": "tramways-demo",
        "version": 1,
        "title": title,
        "game": save["title"],
        "players": save["players"],
        "options": save["options"],
        "seed": save["seed"],
        "seat": None,
        "actions": save["actions"],
        "state_hash": save["state_hash"],
        "steps": steps,
        # a save that starts from a set position (save version 2) keeps it
        **(
            {"position": save["position"], "save_version": save["version"]}
            if save.get("position")
            else {}
        ),
    }


Made = Callable[[int], tuple[Game, str, list[JsonDict]]]


def played(demos: dict[str, Made], name: str) -> Callable[[int], JsonDict]:
    """One of an 18xx title's demos (scripts/demos_1840.py, demos_1881.py) as a demo file."""

    def make(max_seeds: int) -> JsonDict:
        game, title, steps = demos[name](max_seeds)
        return demo_json(title, game, steps)

    return make


DEMOS: dict[str, Callable[[int], JsonDict]] = {
    "scoring": scoring_demo,
    "purchase": purchase_demo,
    **{name: played(DEMOS_1840, name) for name in DEMOS_1840},
    **{name: played(DEMOS_1881, name) for name in DEMOS_1881},
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "web" / "demos")
    parser.add_argument("--max-seeds", type=int, default=3000)
    parser.add_argument("names", nargs="*", default=list(DEMOS))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names:
        demo = DEMOS[name](args.max_seeds)
        path = args.out / f"{name}.json"
        path.write_text(json.dumps(demo, indent=1, ensure_ascii=False) + "\n")
        print(
            f"{path.name}: seed {demo['seed']}, {len(demo['actions'])} actions, "
            f"{len(demo['steps'])} steps"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
