"""Hex ids ("F24": one letter and a number) and the grid they name, as a title declares it.

Inside the engine every hex has doubled coordinates (x, y): neighbours in the same row are
two apart along the row's axis, and a hex exists only where x + y is even. A title's map
declares how its ids map onto them (`Grid.from_data`):

- the layout: POINTY (rows run left to right, the row axis is x) or FLAT (columns run top
  to bottom, the row axis is y);
- which of letter and number is x (18xx.games' default, source: tobymao/18xx
  `lib/engine/hex.rb`, read for the convention only: pointy number = x, flat letter = x);
- the numbering. DOUBLED: the ids are the doubled coordinates themselves, so the numbers
  in one row skip every other value ("F24", "F26"). OFFSET: each row is counted 1, 2, 3 ...
  and rows with an odd index (B, D, ... for a lettered row axis) sit half a hex further
  along the row ("D3" is the third hex of row D).

Edges are numbered 0-5 the way tile codes use them. Pointy: 0 lower-left, 1 left,
2 upper-left, 3 upper-right, 4 right, 5 lower-right. Flat: 0 bottom, 1 lower-left,
2 upper-left, 3 top, 4 upper-right, 5 lower-right. Rotating a tile by r turns edge e into
(e + r) % 6, clockwise. The numbering is the same for both id numberings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

EDGES: Final = range(6)

_COORD = re.compile(r"^([A-Z])([1-9][0-9]*)$")


class Layout(StrEnum):
    """Which way the hexes point."""

    POINTY = "pointy"
    FLAT = "flat"


class Numbering(StrEnum):
    """How the number (or letter) along a row counts its hexes."""

    DOUBLED = "doubled"  # doubled coordinates: every other value ("F24", "F26")
    OFFSET = "offset"  # 1, 2, 3 ... in every row; odd rows shifted half a hex along it


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
    """A map's id scheme: its layout, whether the letter is the x axis, its numbering."""

    layout: Layout
    letter_is_x: bool
    numbering: Numbering = Numbering.DOUBLED

    @classmethod
    def of(cls, layout: Layout | str, numbering: Numbering | str = Numbering.DOUBLED) -> Grid:
        """The 18xx.games default axes for a layout (pointy: number = x; flat: letter = x)."""
        lay = Layout(layout)
        return cls(lay, letter_is_x=lay is Layout.FLAT, numbering=Numbering(numbering))

    @classmethod
    def from_data(cls, data: Mapping[str, object]) -> Grid:
        """The grid a title's map data declares: "layout" ("pointy"/"flat"), optional
        "numbering" ("doubled", the default, or "offset") and optional "letter_axis"
        ("x"/"y", default as in `of`). Raises ValueError for an unknown value."""
        grid = cls.of(str(data["layout"]), str(data.get("numbering", Numbering.DOUBLED)))
        axis = data.get("letter_axis")
        if axis is None:
            return grid
        if axis not in ("x", "y"):
            raise ValueError(f"letter_axis must be 'x' or 'y', not {axis!r}")
        return cls(grid.layout, letter_is_x=axis == "x", numbering=grid.numbering)

    def _row_axis_is_x(self) -> bool:
        return self.layout is Layout.POINTY

    def xy(self, coord: str) -> tuple[int, int]:
        """Doubled coordinates of a hex id. Raises ValueError for a malformed id."""
        m = _COORD.match(coord)
        if m is None:
            raise ValueError(f"Not a hex coordinate: {coord!r}")
        letter, number = ord(m.group(1)) - ord("A"), int(m.group(2)) - 1
        x, y = (letter, number) if self.letter_is_x else (number, letter)
        if self.numbering is Numbering.OFFSET:
            if self._row_axis_is_x():
                x = 2 * x + y % 2
            else:
                y = 2 * y + x % 2
        return x, y

    def name(self, x: int, y: int) -> str:
        """The hex id at doubled coordinates (x, y); ValueError where there is no hex."""
        if (x + y) % 2:
            raise ValueError(f"No hex at ({x}, {y}): x + y must be even")
        if self.numbering is Numbering.OFFSET:
            if self._row_axis_is_x():
                x = (x - y % 2) // 2
            else:
                y = (y - x % 2) // 2
        letter, number = (x, y) if self.letter_is_x else (y, x)
        if not 0 <= letter < 26 or number < 0:
            raise ValueError(f"No hex id for ({x}, {y})")
        return f"{chr(ord('A') + letter)}{number + 1}"

    def is_valid(self, coord: str) -> bool:
        """True if `coord` is a well-formed id of a hex of this grid."""
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
        """Edge -> neighbouring hex id, for the edges that stay on the lettered grid."""
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

    def distance(self, a: str, b: str) -> int:
        """How many hexsides a straightest walk from `a` to `b` crosses (0 for a == b)."""
        ax, ay = self.xy(a)
        bx, by = self.xy(b)
        along, across = abs(bx - ax), abs(by - ay)
        if not self._row_axis_is_x():
            along, across = across, along
        return across + max(0, (along - across) // 2)
