"""Trambahn bots. They decide from the seat's view and legal actions only, never the state.

- easy: a uniformly random legal action.
- normal: a greedy heuristic: trigger scorings it wins, avoid setting up scorings the opponent
  wins, extend its columns that have trams, open a column only when it can pay for its tram,
  bank spare cards, buy the strongest tram it can afford for each new column.
"""

from __future__ import annotations

from typing import Any

from ..core.game import JsonDict
from ..core.rng import Rng

# How much one VP in a trammed column is worth per multiplier point: it scores again at
# every later scoring of its line, roughly 2.5 times in a game of 10 scorings over 4 lines.
_FUTURE_SCORINGS = 2.5


def choose(view: JsonDict, legal: list[JsonDict], level: str, rng: Rng) -> JsonDict:
    """The bot's action; `legal` must not be empty."""
    if not legal:
        raise ValueError("no legal action to choose from")
    if level == "easy":
        return rng.choice(legal)
    return _Normal(view, legal).choose()


class _Normal:
    def __init__(self, view: JsonDict, legal: list[JsonDict]) -> None:
        self.v = view
        self.legal = legal
        self.me: int = view["viewer"]
        self.opp = 1 - self.me
        self.my: dict[str, Any] = view["seats"][self.me]
        self.hand: list[str] = list(self.my["hand"] or [])
        self.cards: dict[str, Any] = view["cards"]
        self.trams: dict[str, Any] = view["trams"]

    # --- helpers ---------------------------------------------------------------------------

    def of_type(self, kind: str) -> list[JsonDict]:
        return [a for a in self.legal if a["type"] == kind]

    def mult(self, tram: str | None) -> int:
        return 0 if tram is None else int(self.trams[tram]["multiplier"])

    def line_points(self, seat: int, line: str) -> int:
        return sum(
            c["vp"] * self.mult(c["tram"])
            for c in self.v["seats"][seat]["columns"]
            if c["line"] == line
        )

    def column(self, column_id: int) -> dict[str, Any]:
        return next(c for c in self.my["columns"] if c["id"] == column_id)

    def keep_value(self, card: str) -> float:
        """What a hand card is worth to keep for our own columns."""
        if card == "C":
            best = max(
                (c["size"] for c in self.my["columns"] if c["tram"] and not c["complete"]),
                default=0,
            )
            return 3.0 if best >= 4 else 1.0
        info = self.cards[card]
        best = 1.0  # as money
        for c in self.my["columns"]:
            if (
                c["line"] == info["line"]
                and c["tram"]
                and not c["complete"]
                and info["value"] > c["top"]
            ):
                best = max(best, 2.0 + info["vp"] * self.mult(c["tram"]) * _FUTURE_SCORINGS / 2)
        return best

    # --- decision --------------------------------------------------------------------------

    def choose(self) -> JsonDict:
        for decide in (self.passenger, self.station, self.income, self.buy):
            action = decide()
            if action is not None:
                return action
        end = self.of_type("end_turn")
        return end[0] if end else self.legal[0]

    def passenger_value(self, a: JsonDict) -> float:
        row: str = a.get("row") or self.cards[a["card"]]["line"]
        waiting = len(self.v["rows"][row])
        mine, theirs = self.line_points(self.me, row), self.line_points(self.opp, row)
        value = -self.keep_value(a["card"])
        if waiting == 3:
            if self.v["scorings"] + 1 == self.v["scorings_total"]:
                totals = self.v["pad"]["totals"]
                ahead = totals[self.me] + mine - (totals[self.opp] + theirs)
                return 1000.0 if ahead > 0 else -1000.0
            value += mine - theirs
        elif waiting == 2:
            value -= max(0, theirs - mine) * 0.6  # the opponent may cash it next turn
        return value

    def passenger(self) -> JsonDict | None:
        options = self.of_type("passenger")
        if not options:
            return None
        best = max(options, key=self.passenger_value)
        if self.v["passengers_placed"] >= 1 and self.passenger_value(best) <= 0:
            return None
        return best

    def station(self) -> JsonDict | None:
        options = self.of_type("station")
        extend = [
            a for a in options if a["column"] is not None and self.column(a["column"])["tram"]
        ]
        good = []
        for a in extend:
            col = self.column(a["column"])
            if a["card"] == "C":
                if col["size"] >= 4 and not col["extra_tour"]:
                    good.append((0.5, a))
                continue
            value = self.cards[a["card"]]["value"]
            gap = value - col["top"]
            if gap <= 4 or self.cards[a["card"]]["vp"] >= 2 or len(self.hand) <= 2:
                good.append((float(value), a))
        if good:
            return min(good, key=lambda p: p[0])[1]
        return self.new_column(options)

    def new_column(self, options: list[JsonDict]) -> JsonDict | None:
        starts = [a for a in options if a["column"] is None]
        tramless = [c for c in self.my["columns"] if c["tram"] is None]
        supply = sorted(self.v["supply"], key=lambda t: -self.trams[t]["cost"])
        if not starts or len(tramless) >= len(supply):
            return None
        spare = len(self.hand) - 1  # one card opens the column, the rest could become money
        budget = self.my["money_count"] + spare
        committed = sum(min(self.trams[t]["cost"] for t in supply) for _ in tramless)
        cheapest = min(self.trams[t]["cost"] for t in supply)
        if budget - committed < cheapest:
            return None

        def start_value(a: JsonDict) -> float:
            line = self.cards[a["card"]]["line"]
            same = [c for c in self.hand if c != "C" and self.cards[c]["line"] == line]
            return float(
                sum(self.cards[c]["vp"] for c in same)
                + 0.1 * len(same)
                - 0.05 * self.cards[a["card"]]["value"]
            )

        return max(starts, key=start_value)

    def income(self) -> JsonDict | None:
        options = self.of_type("income")
        if not options:
            return None
        tramless = [c for c in self.my["columns"] if c["tram"] is None]
        need = 0
        if tramless and self.v["supply"]:
            best = max(self.trams[t]["cost"] for t in self.v["supply"])
            need = best * min(len(tramless), len(self.v["supply"])) - self.my["money_count"]
        if need > 0:
            return min(options, key=lambda a: self.keep_value(a["card"]))
        spare = [a for a in options if self.keep_value(a["card"]) <= 1.0]
        keep = 2
        if len(self.hand) > keep and spare:
            return min(spare, key=lambda a: self.cards[a["card"]]["vp"])
        return None

    def buy(self) -> JsonDict | None:
        options = self.of_type("buy")
        if not options:
            return None
        return max(options, key=lambda a: self.trams[a["tram"]]["multiplier"])
