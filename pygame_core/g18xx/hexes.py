"""Hex coordinates as 18xx.games writes them: one letter and a number, e.g. "F24".

The letter and the number are the two axes of a doubled-coordinate grid: neighbours in the
same row are two numbers apart, and a hex exists only where x + y is even. Which axis is
which depends on the layout, as on 18xx.games (source: tobymao/18xx `lib/engine/hex.rb`,
read for the convention only): on a pointy map (1840) the number is the column (x) and the
letter the row (y); on a flat map the letter is the column and the number the row.

Edges are numbered 0-5 the way tile codes use them. Pointy: 0 lower-left, 1 left,
2 upper-left, 3 upper-right, 4 right, 5 lower-right. Flat: 0 bottom, 1 lower-left,
2 upper-left, 3 top, 4 upper-right, 5 lower-right. Rotating a tile by r turns edge e into
(e + r) % 6, clockwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

EDGES: Final = range(6)

_COORD = re.compile(r"^([A-Z])([1-9][0-9]*)$")


class Layout(StrEnum):
    """Which way the hexes point."""

    POINTY = "pointy"
    FLAT = "flat"


# (dx, dy) of the neighbour across each edge, indexed by edge (18xx.games' numbering).
_OFFSETS: Final = {
    Layout.POINTY: ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
    Layout.FLAT: ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
}


def opposite(edge: int) -> int:
    """The same hexside seen from the neighbour."""
    return (edge + 3) % 6


def rotate(edge: int, rotation: int) -> int:
    """Where edge `edge` of a tile lies once the tile is laid with `rotation`."""
    return (edge + rotation) % 6


@dataclass(frozen=True)
class Grid:
    """A map's coordinate scheme: its layout and whether the letter is the x axis."""

    layout: Layout
    letter_is_x: bool

    @classmethod
    def of(cls, layout: Layout | str) -> Grid:
        """The 18xx.games default axes for a layout (pointy: number = x; flat: letter = x)."""
        lay = Layout(layout)
        return cls(lay, letter_is_x=lay is Layout.FLAT)

    def xy(self, coord: str) -> tuple[int, int]:
        """Doubled coordinates of a hex name. Raises ValueError for a malformed name."""
        m = _COORD.match(coord)
        if m is None:
            raise ValueError(f"Not a hex coordinate: {coord!r}")
        letter, number = ord(m.group(1)) - ord("A"), int(m.group(2)) - 1
        return (letter, number) if self.letter_is_x else (number, letter)

    def name(self, x: int, y: int) -> str:
        """The hex name at doubled coordinates (x, y)."""
        letter, number = (x, y) if self.letter_is_x else (y, x)
        if not 0 <= letter < 26 or number < 0:
            raise ValueError(f"No hex name for ({x}, {y})")
        return f"{chr(ord('A') + letter)}{number + 1}"

    def is_valid(self, coord: str) -> bool:
        """True if `coord` is a well-formed name of a hex of this grid (x + y even)."""
        try:
            x, y = self.xy(coord)
        except ValueError:
            return False
        return (x + y) % 2 == 0

    def neighbour(self, coord: str, edge: int) -> str | None:
        """The hex across `edge`, or None when it would fall off the lettered grid."""
        x, y = self.xy(coord)
        dx, dy = _OFFSETS[self.layout][edge]
        try:
            return self.name(x + dx, y + dy)
        except ValueError:
            return None

    def neighbours(self, coord: str) -> dict[int, str]:
        """Edge -> neighbouring hex name, for the edges that stay on the lettered grid."""
        out: dict[int, str] = {}
        for edge in EDGES:
            other = self.neighbour(coord, edge)
            if other is not None:
                out[edge] = other
        return out

    def edge_between(self, a: str, b: str) -> int | None:
        """The edge of `a` that faces `b`, or None if they are not neighbours."""
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        try:
            return _OFFSETS[self.layout].index((bx - ax, by - ay))
        except ValueError:
            return None
