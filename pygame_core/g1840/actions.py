"""1840's actions: the wire form (JSON objects) and the typed form the rules work with.

One frozen `Action` carries every field an action type may have; `CODEC` (the shared
`core.actions.ActionCodec`) says which fields each type takes, "?" marking those that may be
left out or null, and checks the shape only (types, known action type); whether the action
is legal now is the rounds' business. One record rather than a class per type: the rounds
read `action.type`, `action.hex`, ... of any action they are handed.
See docs/1840-api.md for the table of actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import ActionCodec
from ..core.errors import InvalidAction


@dataclass(frozen=True, slots=True)
class Route:
    """A route given explicitly (18xx.games profile): stop names "<hex>-<part>" in order
    and, per link, the hexes it passes (18xx.games' `connections`)."""

    stops: tuple[str, ...]
    connections: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Action:
    """A parsed action: `type` plus the fields of its `CODEC` entry (others are None).
    `has_route` tells an explicit `"route": null` ("does not run") from no route field."""

    type: str
    private: str | None = None
    line: str | None = None
    price: int | None = None
    position: int | None = None
    major: str | None = None
    company: str | None = None
    count: int | None = None
    amount: int | None = None
    tram: str | None = None
    hex: str | None = None
    tile: str | None = None
    rotation: int | None = None
    city: int | None = None
    slot: int | None = None
    route: Route | None = None
    has_route: bool = False

    def __post_init__(self) -> None:
        if self.type == "bid" and (self.private is None) == (self.line is None):
            raise InvalidAction("A bid names either a 'private' or a 'line'")
        if self.rotation is not None and not 0 <= self.rotation <= 5:
            raise InvalidAction("'rotation' is 0 to 5 (edges turned clockwise)")


CODEC = ActionCodec.tagged(
    "1840",
    Action,
    "type",
    {
        "bid": ("private?", "line?", "price"),
        "pass": (),
        "choose_order": ("position",),
        "par": ("major", "price"),
        "sell": ("company", "count"),
        "buy": ("company",),
        "end_turn": (),
        "sell_private": ("private",),
        "dividend": ("amount",),
        "buy_tram": ("tram",),
        "scrap_tram": ("tram",),
        "assign_tram": ("tram", "line?"),
        "done": (),
        "select_line": ("line", "price"),
        "lay_tile": ("hex", "tile", "rotation"),
        "place_token": ("hex", "city", "slot?"),
        "remove_token": ("hex", "city"),
        "pass_bonus": (),
        "buy_private": ("private", "price"),
        # `route` left out: the best route; null: the Line does not run (has_route tells).
        "run": ("route?",),
        # 18xx.games' manual end of a game (its `end_game`): imports only (docs/1840-api.md).
        "end_game": (),
    },
)
