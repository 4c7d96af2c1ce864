"""The stock market: a grid of prices (data), and a price token per corporation on it.

The grid, its par cells, what happens at its edges and the dividend table are data
(`MarketGrid.from_data`, e.g. g1840/data/market.json); the moves are the usual 18xx ones.
Tokens sharing a cell keep their order of arrival: a token that arrives goes under the
others (1840 X.1), which decides who operates first among equal prices.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..core.errors import IllegalAction, InvalidAction

Cell = tuple[int, int]  # (row, column); row 0 is the top row


class Move(StrEnum):
    """A token move. Right/up raise the price, left/down lower it."""

    RIGHT = "right"
    LEFT = "left"
    UP = "up"
    DOWN = "down"


@dataclass(frozen=True)
class MarketGrid:
    """The printed market.

    `rows`: prices per row, top row first; None marks a cell that is not printed (short
    rows just end). `par`: par cells per kind of corporation. `right_edge` / `left_edge`:
    the move made instead when a right / left move meets the edge of its row ("up", "down"
    or "stay"); a move to a cell that is not printed is no move. `dividend_moves`: pairs
    (least dividend, steps), steps > 0 to the right and < 0 to the left.
    """

    rows: tuple[tuple[int | None, ...], ...]
    par: Mapping[str, tuple[Cell, ...]]
    right_edge: str = "up"
    left_edge: str = "down"
    dividend_moves: tuple[tuple[int, int], ...] = ((0, -1), (1, 0))

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> MarketGrid:
        """Build from plain data (the JSON shape of g1840/data/market.json)."""
        rows = tuple(tuple(None if p is None else int(p) for p in row) for row in data["rows"])
        par = {str(k): tuple((int(r), int(c)) for r, c in v) for k, v in data["par"].items()}
        grid = cls(
            rows,
            par,
            str(data.get("right_edge", "up")),
            str(data.get("left_edge", "down")),
            tuple((int(a), int(s)) for a, s in data.get("dividend_moves", ((0, -1), (1, 0)))),
        )
        for kind, cells in grid.par.items():
            for cell in cells:
                if not grid.exists(cell):
                    raise InvalidAction(f"Par cell {cell} of {kind!r} is not on the market")
        if grid.right_edge not in ("up", "down", "stay") or grid.left_edge not in (
            "up",
            "down",
            "stay",
        ):
            raise InvalidAction("Market edges must be 'up', 'down' or 'stay'")
        return grid

    def exists(self, cell: Cell) -> bool:
        """True if the cell is printed."""
        r, c = cell
        if not (0 <= r < len(self.rows) and 0 <= c < len(self.rows[r])):
            return False
        return self.rows[r][c] is not None

    def price(self, cell: Cell) -> int:
        """The price printed on a cell."""
        if not self.exists(cell):
            raise InvalidAction(f"Cell {cell} is not on the market")
        price = self.rows[cell[0]][cell[1]]
        assert price is not None
        return price

    def par_prices(self, kind: str) -> dict[int, Cell]:
        """Par price -> cell for a kind of corporation."""
        if kind not in self.par:
            raise InvalidAction(f"No par cells for {kind!r}; known: {', '.join(self.par)}")
        return {self.price(cell): cell for cell in self.par[kind]}

    def step(self, cell: Cell, move: Move) -> Cell:
        """Where one move leads from `cell` (the same cell if it is blocked)."""
        r, c = cell
        vertical = {"up": (r - 1, c), "down": (r + 1, c), "stay": cell}
        if move is Move.UP or move is Move.DOWN:
            target = vertical[move.value]
        elif move is Move.RIGHT:
            target = (r, c + 1) if self.exists((r, c + 1)) else vertical[self.right_edge]
        else:
            target = (r, c - 1) if self.exists((r, c - 1)) else vertical[self.left_edge]
        return target if self.exists(target) else cell

    def dividend_steps(self, amount: int) -> int:
        """Steps for a dividend (> 0 right, < 0 left) by the dividend table."""
        if amount < 0:
            raise InvalidAction("A dividend cannot be negative")
        steps = 0
        for least, n in self.dividend_moves:
            if amount >= least:
                steps = n
        return steps


class Market:
    """The price tokens on a grid, each cell's tokens in order of arrival."""

    def __init__(self, grid: MarketGrid) -> None:
        self.grid = grid
        self._stacks: dict[Cell, list[str]] = {}
        self._where: dict[str, Cell] = {}

    def cell(self, corp: str) -> Cell:
        """Where `corp`'s token is."""
        if corp not in self._where:
            raise IllegalAction(f"{corp} has no price on the market yet", rule="par")
        return self._where[corp]

    def price(self, corp: str) -> int:
        """`corp`'s share price."""
        return self.grid.price(self.cell(corp))

    def stack(self, cell: Cell) -> list[str]:
        """The tokens on a cell, first arrival first (the top of the pile)."""
        return list(self._stacks.get(cell, ()))

    def corporations(self) -> list[str]:
        """Every corporation with a token."""
        return list(self._where)

    def place(self, corp: str, cell: Cell) -> None:
        """Put a new token on a cell (under any tokens already there)."""
        if corp in self._where:
            raise IllegalAction(f"{corp} already has a price", rule="par")
        if not self.grid.exists(cell):
            raise InvalidAction(f"Cell {cell} is not on the market")
        self._arrive(corp, cell)

    def par(self, corp: str, kind: str, price: int) -> Cell:
        """Par `corp` at one of its kind's par prices."""
        cells = self.grid.par_prices(kind)
        if price not in cells:
            raise IllegalAction(
                f"{price} is not a par price for {kind}; choose {sorted(cells)}", rule="par"
            )
        self.place(corp, cells[price])
        return cells[price]

    def move(self, corp: str, move: Move, steps: int = 1) -> Cell:
        """Move `corp`'s token `steps` times, one step at a time; blocked steps do nothing.

        A token that changes cell goes under the tokens already there (1840 X.1); one that
        cannot move keeps its place in its pile.
        """
        start = self.cell(corp)
        if steps < 0:
            raise InvalidAction("Steps cannot be negative")
        end = start
        for _ in range(steps):
            end = self.grid.step(end, move)
        if end != start:
            self._leave(corp)
            self._arrive(corp, end)
        return end

    def pay_dividend(self, corp: str, amount: int) -> Cell:
        """Move by the dividend table (1840 X.2: 0 left, 10-90 none, 100+ right ...)."""
        steps = self.grid.dividend_steps(amount)
        if steps < 0:
            return self.move(corp, Move.LEFT, -steps)
        return self.move(corp, Move.RIGHT, steps)

    def remove(self, corp: str) -> None:
        """Take a token off the market (a corporation leaves the game)."""
        self.cell(corp)
        self._leave(corp)

    def operating_order(self, corps: Iterable[str] | None = None) -> list[str]:
        """Highest price first; then further right, then higher up, then first arrival."""
        chosen = self.corporations() if corps is None else list(corps)

        def key(corp: str) -> tuple[int, int, int, int]:
            r, c = self.cell(corp)
            return (-self.grid.price((r, c)), -c, r, self._stacks[(r, c)].index(corp))

        return sorted(chosen, key=key)

    def _arrive(self, corp: str, cell: Cell) -> None:
        self._stacks.setdefault(cell, []).append(corp)
        self._where[corp] = cell

    def _leave(self, corp: str) -> None:
        cell = self._where.pop(corp)
        self._stacks[cell].remove(corp)
        if not self._stacks[cell]:
            del self._stacks[cell]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready token positions: [row, col, [corps in arrival order]] per cell."""
        return {"cells": [[r, c, list(s)] for (r, c), s in sorted(self._stacks.items())]}

    def load(self, data: Mapping[str, Any]) -> None:
        """Restore positions from `to_dict` output (onto this market's grid)."""
        self._stacks.clear()
        self._where.clear()
        for r, c, corps in data["cells"]:
            for corp in corps:
                self.place(str(corp), (int(r), int(c)))
