"""The printed map (`Board`) and what is on it during a game (`MapState`: tiles and tokens)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from ..core.errors import IllegalAction
from .hexes import Grid, opposite
from .tiles import StopKind, TileDef, UpgradeRules, legal_lays

# Printed colours that are not built on: their track leads only where they have a path
# (18xx.games' rule for which neighbours a tile's exits may face).
IMPASSABLE_COLOURS: Final = frozenset({"gray", "red", "blue"})


@dataclass(frozen=True)
class HexSpec:
    """One printed hex. `tile` is its printed tile (named after the hex), which carries its
    stops, track, labels, borders, lay cost and terrain.

    `tile_id`: 18xx.games' id of the printed tile (e.g. "H28-16"), used in its city ids.
    `required_exits`: a first tile here must have these exits, and its other exits need not
    face anything (e.g. a second network's printed course). `free_rotation`: tiles laid
    here skip the exit check (e.g. stations printed at the map's edge). `printed_stops`:
    False if the printed stops may not be route stops before a tile is laid (e.g. unbuilt
    city centres). `blocked`: drawn on the map but never entered (a lake, a closed area):
    no track leads to it and no tile goes on it.
    """

    coord: str
    colour: str
    tile: TileDef
    tile_id: str = ""
    location: str | None = None
    required_exits: frozenset[int] = frozenset()
    free_rotation: bool = False
    printed_stops: bool = True
    blocked: bool = False

    @property
    def impassable(self) -> frozenset[int]:
        """Edges with an impassable border."""
        return frozenset(b.edge for b in self.tile.borders if b.impassable)


class Board:
    """A map: its grid and printed hexes. Raises ValueError for an id the grid has no hex
    for."""

    def __init__(self, grid: Grid, hexes: Iterable[HexSpec]) -> None:
        self.grid = grid
        self.hexes: dict[str, HexSpec] = {h.coord: h for h in hexes}
        for coord in self.hexes:
            if not grid.is_valid(coord):
                raise ValueError(f"Hex {coord!r} is not an id of a {grid.numbering} grid")
        self._neighbours: dict[str, dict[int, str]] = {}
        for coord, spec in self.hexes.items():
            near: dict[int, str] = {}
            for edge, other in grid.neighbours(coord).items():
                if self._closed(spec, edge, other):
                    continue
                near[edge] = other
            self._neighbours[coord] = near

    def _closed(self, spec: HexSpec, edge: int, other: str) -> bool:
        """True if nothing crosses `edge` of `spec` towards `other`: off the map, a blocked
        hex on either side, or an impassable border on either side."""
        there = self.hexes.get(other)
        return (
            there is None
            or spec.blocked
            or there.blocked
            or edge in spec.impassable
            or opposite(edge) in there.impassable
        )

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self  # the printed map never changes: copies of a game share it

    def neighbour(self, coord: str, edge: int) -> str | None:
        """The hex across `edge` if it is on the map and no impassable border is between."""
        return self._neighbours[coord].get(edge)

    def neighbours(self, coord: str) -> Mapping[int, str]:
        """Edge -> hex, for every edge `neighbour` answers."""
        return self._neighbours[coord]

    def open_edges(self, coord: str) -> frozenset[int]:
        """Edges a tile laid on `coord` may have exits on: towards a hex on the map, across
        a passable border, and, if that hex is printed gray/red/blue, only where its own
        track meets the edge."""
        out = set()
        for edge, other in self._neighbours[coord].items():
            spec = self.hexes[other]
            if spec.colour in IMPASSABLE_COLOURS and opposite(edge) not in spec.tile.exits():
                continue
            out.add(edge)
        return frozenset(out)


Slots = list[str | None]


@dataclass
class MapState:
    """Tiles laid and tokens placed. Missing hexes in `tiles` show their printed tile.

    `tokens[hex][part]` lists the slots of the city with that part index; None is free.
    `reserved[hex][part]`: companies whose home is that city; `reserved_hex[hex]`: companies
    whose home is on the hex, city not fixed yet (e.g. a home on a two-city hex whose
    city is chosen later). A home is
    reserved until its company has a token there; `place_token` keeps enough free slots
    for the others (`reservation_rule` names the rule in its refusal).
    Tile lays are not checked here: callers check (`legal_lays`, their own rules) first.
    """

    board: Board
    tiles: dict[str, tuple[TileDef, int]] = field(default_factory=dict)
    tokens: dict[str, dict[int, Slots]] = field(default_factory=dict)
    reserved: dict[str, dict[int, list[str]]] = field(default_factory=dict)
    reserved_hex: dict[str, list[str]] = field(default_factory=dict)
    reservation_rule: str | None = None

    def copy(self) -> MapState:
        """An independent copy (tile definitions are shared: they are immutable)."""
        return MapState(
            self.board,
            dict(self.tiles),
            {h: {p: list(s) for p, s in c.items()} for h, c in self.tokens.items()},
            {h: {p: list(r) for p, r in c.items()} for h, c in self.reserved.items()},
            {h: list(r) for h, r in self.reserved_hex.items()},
            self.reservation_rule,
        )

    def tile(self, coord: str) -> tuple[TileDef, int]:
        """The tile on `coord` and its rotation."""
        laid = self.tiles.get(coord)
        return laid if laid is not None else (self.board.hexes[coord].tile, 0)

    def is_printed(self, coord: str) -> bool:
        """True while no tile has been laid on `coord`."""
        return coord not in self.tiles

    def slots(self, coord: str, part: int) -> Slots:
        """The token slots of a city, to change in place (created empty on first use)."""
        tile, _ = self.tile(coord)
        stop = tile.stop(part)
        if stop.kind is not StopKind.CITY:
            raise KeyError(f"{coord}-{part} is not a city")
        cities = self.tokens.setdefault(coord, {})
        slots = cities.setdefault(part, [None] * stop.slots)
        if len(slots) < stop.slots:
            slots.extend([None] * (stop.slots - len(slots)))
        return slots

    def tokens_at(self, coord: str, part: int) -> tuple[str | None, ...]:
        """The slots of a city as they stand (no side effects)."""
        stop = self.tile(coord)[0].stop(part)
        slots = self.tokens.get(coord, {}).get(part, [])
        return tuple(slots) + (None,) * (stop.slots - len(slots))

    def reserve(self, coord: str, corp: str, part: int | None = None) -> None:
        """Reserve a home for `corp`: city `part` of `coord`, or somewhere on the hex."""
        if part is None:
            self.reserved_hex.setdefault(coord, []).append(corp)
        else:
            self.reserved.setdefault(coord, {}).setdefault(part, []).append(corp)

    def release(self, corp: str) -> None:
        """Drop `corp`'s reservations (a company leaving the game)."""
        for cities in self.reserved.values():
            for corps in cities.values():
                if corp in corps:
                    corps.remove(corp)
        for corps in self.reserved_hex.values():
            if corp in corps:
                corps.remove(corp)

    def _pending(self, coord: str, part: int | None, corp: str) -> int:
        """Reservations other than `corp`'s still waiting for their home token: on city
        `part` of `coord`, or (part None) anywhere on the hex, hex-wide ones included."""
        on_hex = {t for slots in self.tokens.get(coord, {}).values() for t in slots}
        cities = self.reserved.get(coord, {})
        count = 0
        for p, corps in cities.items():
            if part is None or p == part:
                count += sum(1 for c in corps if c != corp and c not in self.tokens_at(coord, p))
        if part is None:
            count += sum(
                1 for c in self.reserved_hex.get(coord, []) if c != corp and c not in on_hex
            )
        return count

    def check_token(self, coord: str, part: int, corp: str, slot: int | None = None) -> None:
        """Raise if `corp` may not put a token into city `part` of `coord` (`slot` or the
        first free one): the slot must be free, and reserved homes of other companies not
        yet placed must still find a free slot afterwards, in their city and on their hex
        (the usual 18xx rule; the refusal cites the title's `reservation_rule`)."""
        here = self.tokens_at(coord, part)
        if None not in here or (slot is not None and here[slot] is not None):
            raise IllegalAction(f"No free slot in {coord}-{part} for {corp}")
        free_city = here.count(None) - 1
        free_hex = free_city + sum(
            self.tokens_at(coord, s.part).count(None)
            for s in self.tile(coord)[0].stops
            if s.kind is StopKind.CITY and s.part != part
        )
        if free_city < self._pending(coord, part, corp) or free_hex < self._pending(
            coord, None, corp
        ):
            raise IllegalAction(
                f"The last free slot of {coord}-{part} is reserved as another company's home",
                rule=self.reservation_rule,
            )

    def place_token(self, coord: str, part: int, corp: str, slot: int | None = None) -> None:
        """Put `corp`'s token into a free slot (the first one unless `slot` is given);
        raises IllegalAction first if `check_token` refuses."""
        self.check_token(coord, part, corp, slot)
        slots = self.slots(coord, part)
        slots[slots.index(None) if slot is None else slot] = corp

    def remove_token(self, coord: str, part: int, slot: int) -> str | None:
        """Empty a slot; returns who was there."""
        slots = self.slots(coord, part)
        who, slots[slot] = slots[slot], None
        return who

    def corp_tokens(self, corp: str) -> list[tuple[str, int]]:
        """(hex, part) of every city holding a token of `corp`."""
        return [
            (coord, part)
            for coord, cities in self.tokens.items()
            for part, slots in cities.items()
            if corp in slots
        ]

    def lay(self, coord: str, tile: TileDef, rotation: int) -> None:
        """Lay (or upgrade to) `tile`; tokens move to the city that keeps their exits."""
        old, old_rotation = self.tile(coord)
        self.tiles[coord] = (tile, rotation % 6)
        cities = self.tokens.pop(coord, None)
        homes = self.reserved.pop(coord, None)
        if not cities and not homes:
            return
        new_parts = [s.part for s in tile.stops if s.kind is StopKind.CITY]
        old_parts = [s.part for s in old.stops if s.kind is StopKind.CITY]
        target: dict[int, int] = {}
        # A city with track goes to the new city that keeps all its exits ...
        for part in old_parts:
            exits = {e for e, _ in old.stop_edges(part, old_rotation)}
            for candidate in new_parts:
                if exits and exits <= {e for e, _ in tile.stop_edges(candidate, rotation)}:
                    target[part] = candidate
                    break
        # ... one without track to a city nobody else moves to, keeping the order.
        free = [p for p in new_parts if p not in target.values()] or new_parts
        for part in old_parts:
            if part not in target:
                target[part] = free.pop(0) if len(free) > 1 else free[0]
        for part, corps in (homes or {}).items():
            self.reserved.setdefault(coord, {}).setdefault(target[part], []).extend(corps)
        for part in old_parts:
            was = old.stop(part)
            for i, token in enumerate((cities or {}).get(part, [])):
                if token is not None:
                    self._move_token(coord, target[part], token, narrow=was.narrow_slot(i))

    def _move_token(self, coord: str, part: int, token: str, *, narrow: bool) -> None:
        """Put a moved token into the first free slot of the kind it had (a narrow-gauge
        token stays on a narrow slot), else any free slot, else a new one."""
        slots = self.slots(coord, part)
        stop = self.tile(coord)[0].stop(part)
        free = [i for i, t in enumerate(slots) if t is None]
        same = [i for i in free if i < stop.slots and stop.narrow_slot(i) == narrow]
        if same or free:
            slots[(same or free)[0]] = token
        else:
            slots.append(token)

    def supply(self, counts: Mapping[str, int]) -> dict[str, int]:
        """The tiles not on the map: `counts` (the manifest) less the tiles laid (a tile
        upgraded away is back in the supply)."""
        out = dict(counts)
        for tile, _ in self.tiles.values():
            out[tile.name] = out.get(tile.name, 0) - 1
        return out

    def legal_lays(
        self,
        coord: str,
        tiles: Iterable[TileDef],
        available: Mapping[str, int],
        colours: Iterable[str],
        rules: UpgradeRules,
    ) -> list[tuple[str, int]]:
        """Every (tile, rotation) the rules allow on `coord` now, from the tiles in supply.

        Placement rules of the map apply: exits face open edges (unless the hex has free
        rotation, or a first tile on a hex with required exits), required exits are kept.
        Whether the laying company reaches the hex is the caller's check (`graph.reach`).
        """
        spec = self.board.hexes[coord]
        if spec.blocked:
            return []
        current, rotation = self.tile(coord)
        printed = self.is_printed(coord)
        first_with_required = printed and bool(spec.required_exits)
        open_edges = (
            None if spec.free_rotation or first_with_required else self.board.open_edges(coord)
        )
        return legal_lays(
            coord,
            current,
            rotation,
            printed=printed,
            tiles=tiles,
            available=available,
            colours=frozenset(colours),
            rules=rules,
            open_edges=open_edges,
            required_exits=spec.required_exits if printed else frozenset(),
        )


def moved_stops(old: TileDef, old_rotation: int, new: TileDef, rotation: int) -> dict[int, int]:
    """Old part index -> new part index of each stop of `old` that has track, for `new`
    laid over it: the stop that keeps all its track (upgrades keep every old path), a stop
    of the same kind first. The same rule moves tokens and reserved homes (`MapState.lay`);
    what else names a stop by its part index (e.g. a company's last run) follows it with
    this."""
    out: dict[int, int] = {}
    for stop in old.stops:
        track = old.stop_edges(stop.part, old_rotation)
        if not track:
            continue
        keeping = [s for s in new.stops if track <= new.stop_edges(s.part, rotation)]
        keeping.sort(key=lambda s: s.kind is not stop.kind)
        if keeping:
            out[stop.part] = keeping[0].part
    return out
