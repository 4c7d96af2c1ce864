"""Trambahn's actions: one frozen record per action type, read and written by `CODEC` (the
shared `core.actions.ActionCodec`). Each record checks its own values when it is made."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import ActionCodec
from ..core.errors import InvalidAction, quote
from .data import CARD_ORDER, LINES, TRAMS, parse_card


def _unknown(card: str) -> InvalidAction:
    return InvalidAction(
        f"Unknown card {quote(card)}: cards are B, R, G or Y with a value 1-10, or C"
    )


def _check_column(column: int | None) -> None:
    if column is not None and column < 0:
        raise InvalidAction("The action needs a 'column': the id of one of your columns")


@dataclass(frozen=True, slots=True)
class Passenger:
    """Step 1: a hand card joins the row of its line (a conductor: any row)."""

    WIRE: ClassVar[str] = "passenger"
    card: str
    row: str

    def __post_init__(self) -> None:
        if self.card not in CARD_ORDER:
            raise _unknown(self.card)
        if self.row not in LINES:
            raise InvalidAction(f"Unknown row {quote(self.row)}: rows are B, R, G and Y")

    @staticmethod
    def wire_defaults(data: Mapping[str, Any]) -> dict[str, Any]:
        """A line card's row is its own line, so the wire may leave it out (and the
        canonical form does); a conductor names its row."""
        card = data.get("card")
        if not isinstance(card, str):
            return {}  # the codec refuses it
        if card not in CARD_ORDER:
            raise _unknown(card)
        parsed = parse_card(card)
        return {} if parsed is None else {"row": parsed[0]}


@dataclass(frozen=True, slots=True)
class Station:
    """Step 2: a hand card extends an own column, or starts one (column None)."""

    WIRE: ClassVar[str] = "station"
    card: str
    column: int | None

    def __post_init__(self) -> None:
        if self.card not in CARD_ORDER:
            raise _unknown(self.card)
        _check_column(self.column)


@dataclass(frozen=True, slots=True)
class Income:
    """Step 3: a hand card goes face down onto the money pile."""

    WIRE: ClassVar[str] = "income"
    card: str

    def __post_init__(self) -> None:
        if self.card not in CARD_ORDER:  # every card code, the conductor's included
            raise _unknown(self.card)


@dataclass(frozen=True, slots=True)
class Buy:
    """Step 4: buy a tram from the supply and assign it to an own column without one."""

    WIRE: ClassVar[str] = "buy"
    tram: str
    column: int

    def __post_init__(self) -> None:
        if self.tram not in TRAMS:
            raise InvalidAction(f"Unknown tram {quote(self.tram)}: trams are H, S and E")
        _check_column(self.column)


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish the turn: step 5 (clear tramless columns, draw to 6) runs, the other plays."""

    WIRE: ClassVar[str] = "end_turn"


Action = Passenger | Station | Income | Buy | EndTurn

CODEC: ActionCodec[Action] = ActionCodec("Trambahn", (Passenger, Station, Income, Buy, EndTurn))
