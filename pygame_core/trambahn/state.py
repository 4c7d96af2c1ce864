"""Trambahn's zones: everything on the table, the secret parts included."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from .data import COMPLETE_VALUE, EXTRA_TOUR_AT, LINES, card_vp, parse_card


class Step(IntEnum):
    """The five steps of a turn, in order (Spielablauf 1-5); OVER after the 10th scoring."""

    PASSENGERS = 1
    STATIONS = 2
    INCOME = 3
    BUY = 4
    OVER = 9


STEP_NAMES = {
    Step.PASSENGERS: "passengers",
    Step.STATIONS: "stations",
    Step.INCOME: "income",
    Step.BUY: "buy",
    Step.OVER: "over",
}


@dataclass
class Column:
    """One player's column (DE "Reihe") of one line: stations and conductors, maybe a tram."""

    id: int
    line: str
    cards: list[str] = field(default_factory=list)  # in the order played, conductors included
    tram: str | None = None
    extra_tour: bool = False  # its one Extra Tour has been scored
    top: int = 0  # the highest station value: the next station must be higher

    def add(self, card: str) -> None:
        """Put a card on the column (the caller has checked it may go there)."""
        self.cards.append(card)
        parsed = parse_card(card)
        if parsed is not None:
            self.top = parsed[1]

    @property
    def complete(self) -> bool:
        """A column ending in a 10 takes no more cards, conductors included."""
        return self.top == COMPLETE_VALUE

    @property
    def vp(self) -> int:
        """Sum of its stations' victory points (conductors bring none)."""
        return sum(card_vp(c) for c in self.cards)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "line": self.line,
            "cards": list(self.cards),
            "tram": self.tram,
            "complete": self.complete,
            "extra_tour": self.extra_tour,
            "top": self.top,
            "vp": self.vp,
            "size": len(self.cards),
        }


@dataclass
class Seat:
    """A player's own zones."""

    name: str
    hand: list[str] = field(default_factory=list)
    money: list[str] = field(default_factory=list)  # face down; the end of the list is the top
    columns: list[Column] = field(default_factory=list)

    def column(self, column_id: int) -> Column | None:
        return next((c for c in self.columns if c.id == column_id), None)


def empty_rows() -> dict[str, list[str]]:
    """The four terminal rows, empty."""
    return {line: [] for line in LINES}


def columns_taking(columns: list[Column], card: str) -> list[Column]:
    """The columns `card` may extend: same line, strictly above the top, not complete.
    Conductors may join any incomplete column."""
    parsed = parse_card(card)
    if parsed is None:
        return [c for c in columns if not c.complete]
    line, value = parsed
    # value > top also rules out a complete column (top 10)
    return [c for c in columns if c.line == line and value > c.top]


def extra_tour_due(column: Column) -> bool:
    """The 8th card triggers the column's one Extra Tour."""
    return not column.extra_tour and len(column.cards) >= EXTRA_TOUR_AT
