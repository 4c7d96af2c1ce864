"""The stock market: a grid of prices (data), and a price token per corporation on it.

The grid, its par cells, its zones, what happens at its edges and how the price moves
are data (`MarketGrid.from_data`); the moves are the usual 18xx ones:

- operating: by dividend size (`dividend_rule` "size": a table of steps right or left)
  or by paying versus withholding (`dividend_rule` "pay_withhold": one step each way);
- share trading: a sale moves the price per share sold or once per sale; a corporation
  whose shares are all held moves at the end of the stock round.

Where a move meets the edge of the grid the grid's edge rule for that direction says
what it does instead (another direction, or stay); with `trade_stops_at_edge`, share
trading never turns at an edge. Tokens sharing a cell keep their order of arrival: a
token that arrives goes under the others, which decides who operates first among equal
prices.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from ..core.errors import IllegalAction, InvalidAction
from ..core.shared import Shared
from .citations import cite

Cell = tuple[int, int]  # (row, column); row 0 is the top row

EDGES: Final = ("up", "down", "left", "right", "stay")
DIVIDEND_RULES: Final = ("size", "pay_withhold")
SALE_STEPS: Final = ("share", "sale")


class Move(StrEnum):
    """A token move. Right/up raise the price, left/down lower it."""

    RIGHT = "right"
    LEFT = "left"
    UP = "up"
    DOWN = "down"


@dataclass(frozen=True)
class MarketGrid(Shared):
    """The printed market.

    `rows`: prices per row, top row first; None marks a cell that is not printed (short
    rows just end). `par`: par cells per kind of corporation. `right_edge` / `left_edge`
    / `up_edge` / `down_edge`: the move made instead when a move that way meets the edge
    ("up", "down", "left", "right" or "stay"); a move to a cell that is not printed is
    no move. `dividend_rule`: "size" moves by `dividend_moves`, pairs (least dividend,
    steps), steps > 0 to the right and < 0 to the left; "pay_withhold" moves one step
    `pay_move` for any dividend and `withhold_move` for none. `sale_move` / `sale_steps`:
    a sale moves one step per share ("share") or one per sale ("sale");
    `sold_out_move`: the move of a corporation whose shares are all held;
    `trade_stops_at_edge`: share trading never turns at an edge. `zones`: named sets of
    cells (e.g. shares outside the certificate limit, closing, game end). `ref` /
    `citations`: the title and its sections for the refusals (see `citations.cite`).
    """

    rows: tuple[tuple[int | None, ...], ...]
    par: Mapping[str, tuple[Cell, ...]]
    right_edge: str = "up"
    left_edge: str = "down"
    dividend_moves: tuple[tuple[int, int], ...] = ((0, -1), (1, 0))
    up_edge: str = "stay"
    down_edge: str = "stay"
    dividend_rule: str = "size"
    pay_move: Move = Move.RIGHT
    withhold_move: Move = Move.LEFT
    sale_move: Move = Move.DOWN
    sale_steps: str = "share"
    sold_out_move: Move = Move.UP
    trade_stops_at_edge: bool = False
    zones: Mapping[str, frozenset[Cell]] = field(default_factory=dict)
    ref: str = ""
    citations: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> MarketGrid:
        """Build from plain data (the fields above as JSON; cells as [row, column])."""
        rows = tuple(tuple(None if p is None else int(p) for p in row) for row in data["rows"])
        par = {str(k): tuple((int(r), int(c)) for r, c in v) for k, v in data["par"].items()}
        zones = {
            str(k): frozenset((int(r), int(c)) for r, c in v)
            for k, v in data.get("zones", {}).items()
        }
        try:
            grid = cls(
                rows,
                par,
                str(data.get("right_edge", "up")),
                str(data.get("left_edge", "down")),
                tuple((int(a), int(s)) for a, s in data.get("dividend_moves", ((0, -1), (1, 0)))),
                up_edge=str(data.get("up_edge", "stay")),
                down_edge=str(data.get("down_edge", "stay")),
                dividend_rule=str(data.get("dividend_rule", "size")),
                pay_move=Move(data.get("pay_move", "right")),
                withhold_move=Move(data.get("withhold_move", "left")),
                sale_move=Move(data.get("sale_move", "down")),
                sale_steps=str(data.get("sale_steps", "share")),
                sold_out_move=Move(data.get("sold_out_move", "up")),
                trade_stops_at_edge=bool(data.get("trade_stops_at_edge", False)),
                zones=zones,
                ref=str(data.get("ref", "")),
                citations={str(k): str(v) for k, v in data.get("citations", {}).items()},
            )
        except ValueError as err:
            raise InvalidAction(f"Unknown market move: {err}") from err
        for kind, cells in [*grid.par.items(), *grid.zones.items()]:
            for cell in cells:
                if not grid.exists(cell):
                    raise InvalidAction(f"Cell {cell} of {kind!r} is not on the market")
        edges = (grid.right_edge, grid.left_edge, grid.up_edge, grid.down_edge)
        if any(e not in EDGES for e in edges):
            raise InvalidAction(f"Market edges must be one of {', '.join(EDGES)}")
        if grid.dividend_rule not in DIVIDEND_RULES or grid.sale_steps not in SALE_STEPS:
            raise InvalidAction(
                f"The dividend rule is one of {DIVIDEND_RULES}, sales move per {SALE_STEPS}"
            )
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

    def step(self, cell: Cell, move: Move, *, turn: bool = True) -> Cell:
        """Where one move leads from `cell`: the next cell that way, or, at the edge, the
        edge rule's cell (with `turn`; else none); the same cell if that is blocked."""
        target = _neighbour(cell, move.value)
        if not self.exists(target) and turn:
            edge = {
                Move.RIGHT: self.right_edge,
                Move.LEFT: self.left_edge,
                Move.UP: self.up_edge,
                Move.DOWN: self.down_edge,
            }[move]
            target = _neighbour(cell, edge)
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

    def cite(self, key: str) -> str:
        """The rule a refusal of kind `key` names."""
        return cite(self.ref, self.citations, key)


def _neighbour(cell: Cell, way: str) -> Cell:
    r, c = cell
    return {
        "up": (r - 1, c),
        "down": (r + 1, c),
        "left": (r, c - 1),
        "right": (r, c + 1),
        "stay": cell,
    }[way]


class Market:
    """The price tokens on a grid, each cell's tokens in order of arrival."""

    def __init__(self, grid: MarketGrid) -> None:
        self.grid = grid
        self._stacks: dict[Cell, list[str]] = {}
        self._where: dict[str, Cell] = {}

    def cell(self, corp: str) -> Cell:
        """Where `corp`'s token is."""
        if corp not in self._where:
            raise IllegalAction(
                f"{corp} has no price on the market yet", rule=self.grid.cite("par")
            )
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
            raise IllegalAction(f"{corp} already has a price", rule=self.grid.cite("par"))
        if not self.grid.exists(cell):
            raise InvalidAction(f"Cell {cell} is not on the market")
        self._arrive(corp, cell)

    def par(self, corp: str, kind: str, price: int) -> Cell:
        """Par `corp` at one of its kind's par prices."""
        cells = self.grid.par_prices(kind)
        if price not in cells:
            raise IllegalAction(
                f"{price} is not a par price for {kind}; choose {sorted(cells)}",
                rule=self.grid.cite("par"),
            )
        self.place(corp, cells[price])
        return cells[price]

    def move(self, corp: str, move: Move, steps: int = 1, *, turn: bool = True) -> Cell:
        """Move `corp`'s token `steps` times, one step at a time; blocked steps do nothing
        (`turn`: follow the edge rules, see `MarketGrid.step`).

        A token that changes cell goes under the tokens already there; one that cannot
        move keeps its place in its pile.
        """
        start = self.cell(corp)
        if steps < 0:
            raise InvalidAction("Steps cannot be negative")
        end = start
        for _ in range(steps):
            end = self.grid.step(end, move, turn=turn)
        if end != start:
            self._leave(corp)
            self._arrive(corp, end)
        return end

    def pay_dividend(self, corp: str, amount: int) -> Cell:
        """Move for a dividend of `amount` (0: nothing paid) by the grid's dividend rule:
        by the table's steps, or one step for paying (any amount) or withholding."""
        grid = self.grid
        if grid.dividend_rule == "pay_withhold":
            if amount < 0:
                raise InvalidAction("A dividend cannot be negative")
            return self.move(corp, grid.pay_move if amount > 0 else grid.withhold_move)
        steps = grid.dividend_steps(amount)
        if steps < 0:
            return self.move(corp, Move.LEFT, -steps)
        return self.move(corp, Move.RIGHT, steps)

    def withhold(self, corp: str) -> Cell:
        """Move for an operating turn that pays nothing (withheld, or no revenue)."""
        return self.pay_dividend(corp, 0)

    def sell(self, corp: str, count: int) -> Cell:
        """Move for one sale of `count` shares (after the seller was paid)."""
        if not isinstance(count, int) or count < 1:
            raise InvalidAction("A sale is of at least one share")
        steps = count if self.grid.sale_steps == "share" else 1
        return self.move(corp, self.grid.sale_move, steps, turn=not self.grid.trade_stops_at_edge)

    def sold_out(self, corp: str) -> Cell:
        """Move for a corporation whose shares are all held at the end of a stock round."""
        return self.move(corp, self.grid.sold_out_move, turn=not self.grid.trade_stops_at_edge)

    def zones(self, corp: str) -> list[str]:
        """The named zones `corp`'s price lies in."""
        cell = self.cell(corp)
        return [name for name, cells in self.grid.zones.items() if cell in cells]

    def in_zone(self, zone: str) -> frozenset[str]:
        """The corporations whose price lies in `zone` (e.g. for `Shares.check_buy`'s
        `uncounted`)."""
        cells = self.grid.zones.get(zone, frozenset())
        return frozenset(c for c, cell in self._where.items() if cell in cells)

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
