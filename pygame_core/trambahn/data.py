"""Trambahn's numbers, in one place (rules: seed 000 DE, 001 HU, 003 EN).

Sources and uncertain values are noted per table; docs/rules-decisions.md gives the reasons.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

# The four lines (DE "Linie", colour of the cards). Codes are the colour's initial.
LINES: Final = ("B", "R", "G", "Y")
LINE_NAMES: Final = MappingProxyType({"B": "blue", "R": "red", "G": "green", "Y": "yellow"})

CONDUCTOR: Final = "C"
CONDUCTORS: Final = 8  # "8 Schaffner"

# Copies per line and value: "pro Linie je 2x die Werte 1 und 10 und je 3x die Werte 2 bis 9".
COPIES: Final = MappingProxyType({1: 2, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3, 8: 3, 9: 3, 10: 2})

# Victory points printed on each station card ("Siegpunkte"). Not listed in any rulebook text;
# derived from the rulebook's scoring example (12 / 10 / 14), which only VP reproduce.
# VP of a 9 is not decided by the texts: 2 is our provisional choice (rules-decisions D2).
VP: Final = MappingProxyType({1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 2, 8: 2, 9: 2, 10: 3})

COMPLETE_VALUE: Final = (
    10  # "Eine Reihe ist abgeschlossen, wenn die Haltestelle mit dem Wert 10 ..."
)


@dataclass(frozen=True)
class TramType:
    """A tram card type: its multiplier is printed on the card, its cost too."""

    code: str
    name: str
    count: int
    multiplier: int
    cost: int


# "5x Pferdebahn (Wert: 2), 4x Dampfbahn (Wert: 3) und 7x elektrische Bahn (Wert: 4)".
# Costs: the rulebook only fixes horse + steam = 15 (purchase example); 5 / 10 / 15 from two
# reviews (rules-decisions D3). The electric tram's 15 is the least certain value.
TRAMS: Final = MappingProxyType(
    {
        "H": TramType("H", "Horse tram", 5, 2, 5),
        "S": TramType("S", "Steam tram", 4, 3, 10),
        "E": TramType("E", "Electric tram", 7, 4, 15),
    }
)
# The stack is sorted: x2 on top, then x3, x4 at the bottom (setup B).
STACK_ORDER: Final = ("H", "S", "E")

SUPPLY_SIZE: Final = 3
START_MONEY: Final = (12, 15)  # start player, second player (setup C)
HAND_SIZE: Final = 6
PASSENGERS_TO_SCORE: Final = 4
MAX_PASSENGERS_PER_TURN: Final = 2
EXTRA_TOUR_AT: Final = 8
GAME_END_SCORINGS: Final = 10

RULE_SETUP: Final = "Trambahn, Spielvorbereitung"
RULE_PASSENGERS: Final = "Trambahn, Spielablauf 1) Fahrgäste auslegen"
RULE_STATIONS: Final = "Trambahn, Spielablauf 2) Haltestellen auslegen"
RULE_INCOME: Final = "Trambahn, Spielablauf 3) Einkommen"
RULE_BUY: Final = "Trambahn, Spielablauf 4) Trambahn kaufen"
RULE_DRAW: Final = "Trambahn, Spielablauf 5) Handkarten nachziehen"
RULE_SCORING: Final = "Trambahn, Wertung"
RULE_EXTRA: Final = "Trambahn, Sonderfahrt"
RULE_END: Final = "Trambahn, Spielende"
RULE_ORDER: Final = "Trambahn, Spielablauf (Reihenfolge der Aktionen)"


def station_codes() -> list[str]:
    """Every station card code with its copies: 112 cards."""
    return [f"{line}{value}" for line in LINES for value, n in COPIES.items() for _ in range(n)]


def full_deck() -> list[str]:
    """The draw deck before shuffling: 112 stations + 8 conductors = 120 cards."""
    return [*station_codes(), *([CONDUCTOR] * CONDUCTORS)]


_PARSED: Final[dict[str, tuple[str, int] | None]] = {
    CONDUCTOR: None,
    **{f"{line}{value}": (line, value) for line in LINES for value in COPIES},
}


# Display and enumeration order of cards: by line, then value; the conductor last.
CARD_ORDER: Final[dict[str, tuple[int, int]]] = {
    code: (len(LINES), 0) if parsed is None else (LINES.index(parsed[0]), parsed[1])
    for code, parsed in _PARSED.items()
}


def parse_card(code: str) -> tuple[str, int] | None:
    """('B', 7) for 'B7'; None for the conductor. Raises ValueError for unknown codes."""
    try:
        return _PARSED[code]
    except (KeyError, TypeError):
        raise ValueError(code) from None


def card_vp(code: str) -> int:
    """Victory points of a card in a column (conductors bring none)."""
    parsed = parse_card(code)
    return 0 if parsed is None else VP[parsed[1]]
