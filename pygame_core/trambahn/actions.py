"""Trambahn's actions: typed values with a wire form (JSON object with a "type")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import InvalidAction, quote
from .data import CONDUCTOR, LINES, TRAMS, parse_card


@dataclass(frozen=True, slots=True)
class Passenger:
    """Step 1: a hand card joins the row of its line (a conductor: any row)."""

    card: str
    row: str


@dataclass(frozen=True, slots=True)
class Station:
    """Step 2: a hand card extends an own column, or starts one (column None)."""

    card: str
    column: int | None


@dataclass(frozen=True, slots=True)
class Income:
    """Step 3: a hand card goes face down onto the money pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Buy:
    """Step 4: buy a tram from the supply and assign it to an own column without one."""

    tram: str
    column: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish the turn: step 5 (clear tramless columns, draw to 6) runs, the other plays."""


Action = Passenger | Station | Income | Buy | EndTurn

_FIELDS: dict[str, frozenset[str]] = {
    "passenger": frozenset({"type", "card", "row"}),
    "station": frozenset({"type", "card", "column"}),
    "income": frozenset({"type", "card"}),
    "buy": frozenset({"type", "tram", "column"}),
    "end_turn": frozenset({"type"}),
}


def _card(data: Mapping[str, Any]) -> str:
    card = data.get("card")
    if not isinstance(card, str):
        raise InvalidAction("The action needs a 'card' such as 'B7' or 'C'")
    try:
        parse_card(card)
    except ValueError:
        raise InvalidAction(
            f"Unknown card {quote(card)}: cards are B, R, G or Y with a value 1-10, or C"
        ) from None
    return card


def _column(data: Mapping[str, Any], *, optional: bool) -> int | None:
    column = data.get("column")
    if column is None and optional:
        return None
    if not isinstance(column, int) or isinstance(column, bool) or column < 0:
        raise InvalidAction("The action needs a 'column': the id of one of your columns")
    return column


def decode(data: Mapping[str, Any]) -> Action:
    """Wire form -> typed action. Raises InvalidAction for anything malformed."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise InvalidAction(
            f"Unknown action type {quote(kind)}; Trambahn knows {', '.join(sorted(_FIELDS))}"
        )
    if not _FIELDS[kind].issuperset(data):
        extra = set(data) - _FIELDS[kind]
        fields = ", ".join(quote(e, 40) for e in sorted(extra))
        raise InvalidAction(f"Unexpected field(s) {fields} in a {kind} action")
    if kind == "passenger":
        card = _card(data)
        row = data.get("row")
        parsed = parse_card(card)
        if row is None:
            if parsed is None:
                raise InvalidAction("A conductor needs a 'row': B, R, G or Y")
            row = parsed[0]
        if not isinstance(row, str) or row not in LINES:
            raise InvalidAction(f"Unknown row {quote(row)}: rows are B, R, G and Y")
        return Passenger(card, row)
    if kind == "station":
        return Station(_card(data), _column(data, optional=True))
    if kind == "income":
        return Income(_card(data))
    if kind == "buy":
        tram = data.get("tram")
        if not isinstance(tram, str) or tram not in TRAMS:
            raise InvalidAction(f"Unknown tram {quote(tram)}: trams are H, S and E")
        column = _column(data, optional=False)
        assert column is not None
        return Buy(tram, column)
    return EndTurn()


def encode(action: Action) -> dict[str, Any]:
    """Typed action -> canonical wire form."""
    match action:
        case Passenger(card, row):
            if card == CONDUCTOR:
                return {"type": "passenger", "card": card, "row": row}
            return {"type": "passenger", "card": card}
        case Station(card, column):
            return {"type": "station", "card": card, "column": column}
        case Income(card):
            return {"type": "income", "card": card}
        case Buy(tram, column):
            return {"type": "buy", "tram": tram, "column": column}
        case EndTurn():
            return {"type": "end_turn"}
    raise AssertionError(action)
