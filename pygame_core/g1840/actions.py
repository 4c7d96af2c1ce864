"""1840's actions: the wire form (JSON objects) and the typed form the rules work with.

One frozen `Action` carries every field an action type may have; `SCHEMA` says which
fields each type takes and which are optional. `parse` checks the shape only (types,
known action type); whether the action is legal now is the rounds' business.
See docs/1840-api.md for the table of actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..core.errors import InvalidAction, quote

# type -> ((field, kind), ...); kinds: "str", "int", "str?" (optional / null), "int?",
# "route?" (an 18xx.games-style route or null).
SCHEMA: Final[Mapping[str, tuple[tuple[str, str], ...]]] = {
    "bid": (("private", "str?"), ("line", "str?"), ("price", "int")),
    "pass": (),
    "choose_order": (("position", "int"),),
    "par": (("major", "str"), ("price", "int")),
    "sell": (("company", "str"), ("count", "int")),
    "buy": (("company", "str"),),
    "end_turn": (),
    "sell_private": (("private", "str"),),
    "dividend": (("amount", "int"),),
    "buy_tram": (("tram", "str"),),
    "scrap_tram": (("tram", "str"),),
    "assign_tram": (("tram", "str"), ("line", "str?")),
    "done": (),
    "select_line": (("line", "str"), ("price", "int")),
    "lay_tile": (("hex", "str"), ("tile", "str"), ("rotation", "int")),
    "place_token": (("hex", "str"), ("city", "int"), ("slot", "int?")),
    "remove_token": (("hex", "str"), ("city", "int")),
    "pass_bonus": (),
    "buy_private": (("private", "str"), ("price", "int")),
    "run": (("route", "route?"),),
    # 18xx.games' manual end of a game (its `end_game`): imports only (docs/1840-api.md).
    "end_game": (),
}


@dataclass(frozen=True)
class Route:
    """A route given explicitly (18xx.games profile): stop names "<hex>-<part>" in order
    and, per link, the hexes it passes (18xx.games' `connections`)."""

    stops: tuple[str, ...]
    connections: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Action:
    """A parsed action: `type` plus the fields of its `SCHEMA` entry (others are None).
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

    def wire(self) -> dict[str, Any]:
        """The canonical JSON form (what saves store)."""
        out: dict[str, Any] = {"type": self.type}
        for name, kind in SCHEMA[self.type]:
            value = getattr(self, name)
            if name == "route":
                if self.has_route:
                    out["route"] = (
                        None
                        if value is None
                        else {
                            "stops": list(value.stops),
                            "connections": [list(c) for c in value.connections],
                        }
                    )
            elif value is not None or not kind.endswith("?"):
                out[name] = value
        return out


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _route(value: Any) -> Route:
    if not isinstance(value, Mapping):
        raise InvalidAction("'route' must be an object with 'stops' and 'connections' or null")
    stops, links = value.get("stops"), value.get("connections")
    if not isinstance(stops, list) or not all(isinstance(s, str) for s in stops):
        raise InvalidAction("'route.stops' must be a list of stop names like \"F18-0\"")
    if not isinstance(links, list) or not all(
        isinstance(c, list) and all(isinstance(h, str) for h in c) for c in links
    ):
        raise InvalidAction("'route.connections' must be a list of hex lists")
    return Route(tuple(stops), tuple(tuple(c) for c in links))


def parse(data: Mapping[str, Any]) -> Action:
    """The typed action for a wire object. Raises InvalidAction naming what is wrong."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMA:
        raise InvalidAction(f"Unknown action type {quote(kind)}; known: {', '.join(SCHEMA)}")
    fields: dict[str, Any] = {}
    spec = SCHEMA[kind]
    allowed = {name for name, _ in spec} | {"type"}
    extra = set(data) - allowed
    if extra:
        raise InvalidAction(
            f"Action {kind!r} has unknown fields: {', '.join(quote(e, 40) for e in sorted(extra))}"
        )
    for name, field_kind in spec:
        value = data.get(name)
        optional = field_kind.endswith("?")
        base = field_kind.rstrip("?")
        if value is None:
            if base == "route" and name in data:
                fields["has_route"] = True
            if not optional:
                raise InvalidAction(f"Action {kind!r} needs '{name}'")
            continue
        if base == "str" and not isinstance(value, str):
            raise InvalidAction(f"'{name}' must be a string")
        if base == "int" and not _int(value):
            raise InvalidAction(f"'{name}' must be a whole number")
        if base == "route":
            fields["has_route"] = True
            value = _route(value)
        fields[name] = value
    if kind == "bid" and (fields.get("private") is None) == (fields.get("line") is None):
        raise InvalidAction("A bid names either a 'private' or a 'line'")
    if kind == "lay_tile" and not 0 <= fields["rotation"] <= 5:
        raise InvalidAction("'rotation' is 0 to 5 (edges turned clockwise)")
    return Action(type=kind, **fields)
