"""Tiles: parsed from 18xx.games tile codes, rotated, and the rules for replacing one by another.

A tile code is a ";"-separated list of parts, each `type=key:value,...`. Stops (`city`,
`town`, `offboard`) are numbered by their position among all parts (the "part index"
18xx.games uses in node names such as "F24-1"); `_N` in a path means the N-th stop.
Example: "city=revenue:30,slots:2;path=a:0,b:_0;path=a:3,b:_0" is a two-slot city joined to
edges 0 and 3. Revenue is either flat ("revenue:20") or per phase colour
("revenue:yellow_20|green_40"). `city=...,slots:3,s_slots:1`: the last `s_slots` of the
slots take only the second network's (narrow-gauge) tokens. Track is broad (the ordinary
gauge) unless `track:narrow` (a second network, e.g. a city railway's); `track:future` is
only a drawing of track to come and is kept apart. `upgrade=cost:50,terrain:water|forest`
is a hex's lay cost and terrain.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from .hexes import EDGES, rotate

STOP_TYPES: Final = ("city", "town", "offboard")


class Gauge(StrEnum):
    """Track gauge: broad is the ordinary track, narrow a second network's (e.g. a city
    railway beside the trams) that the ordinary companies may not use."""

    BROAD = "broad"
    NARROW = "narrow"


class StopKind(StrEnum):
    """What a revenue location is."""

    CITY = "city"  # takes station tokens ("Umsteigepunkt")
    TOWN = "town"  # no tokens, always scores ("Haltestelle")
    OFFBOARD = "offboard"  # a terminus: never passed through


@dataclass(frozen=True)
class Revenue:
    """A stop's value: flat, or per phase colour (the latest colour reached applies)."""

    flat: int = 0
    by_colour: tuple[tuple[str, int], ...] = ()

    def at(self, colours: Sequence[str]) -> int:
        """The value while the phase allows tiles of `colours` (in phase order)."""
        if not self.by_colour:
            return self.flat
        values = dict(self.by_colour)
        for colour in reversed(colours):
            if colour in values:
                return values[colour]
        return self.by_colour[0][1]

    @classmethod
    def parse(cls, text: str) -> Revenue:
        """ "30" or "yellow_20|green_40"."""
        if "_" not in text:
            return cls(flat=int(text))
        pairs = []
        for item in text.split("|"):
            colour, _, value = item.rpartition("_")
            pairs.append((colour, int(value)))
        return cls(by_colour=tuple(pairs))


@dataclass(frozen=True)
class Stop:
    """A city, town or offboard on a tile. `part` is its part index in the tile code."""

    part: int
    kind: StopKind
    revenue: Revenue
    slots: int = 0
    visit_cost: int = 1
    narrow_slots: int = 0  # the last ones of `slots`: the narrow-gauge network's only

    def narrow_slot(self, slot: int) -> bool:
        """True if slot `slot` takes only the narrow-gauge network's tokens."""
        return slot >= self.slots - self.narrow_slots


@dataclass(frozen=True)
class EdgeEnd:
    """A path end at a tile edge; `lanes` > 1 where several parallel tracks share the edge."""

    edge: int
    lanes: int = 1
    lane: int = 0


@dataclass(frozen=True)
class NodeEnd:
    """A path end at a stop, named by the stop's part index."""

    part: int


End = EdgeEnd | NodeEnd


@dataclass(frozen=True)
class Path:
    """One piece of track. `terminal`: a route may end at its stop but not pass through."""

    a: End
    b: End
    gauge: Gauge = Gauge.BROAD
    terminal: bool = False

    def rotated(self, rotation: int) -> Path:
        """The same path on a tile turned by `rotation`."""
        if rotation % 6 == 0:
            return self
        return Path(_rot(self.a, rotation), _rot(self.b, rotation), self.gauge, self.terminal)

    @property
    def edges(self) -> tuple[int, ...]:
        """The tile edges this path touches."""
        return tuple(e.edge for e in (self.a, self.b) if isinstance(e, EdgeEnd))

    @property
    def parts(self) -> tuple[int, ...]:
        """The stops (part indices) this path touches."""
        return tuple(e.part for e in (self.a, self.b) if isinstance(e, NodeEnd))


def _rot(end: End, rotation: int) -> End:
    if isinstance(end, EdgeEnd):
        return EdgeEnd(rotate(end.edge, rotation), end.lanes, end.lane)
    return end


@dataclass(frozen=True)
class Border:
    """A drawn hexside; an impassable one blocks track across it."""

    edge: int
    impassable: bool = False


@dataclass(frozen=True, eq=False)
class TileDef:
    """A tile type (or a hex's printed tile). Compared by identity; its name is its id.

    `only_on` / `rotations` restrict where and how it may be laid (data, not code);
    `lay_cost` and `terrain` are the printed "upgrade=cost:..,terrain:.." of a hex.
    """

    name: str
    colour: str
    stops: tuple[Stop, ...]
    paths: tuple[Path, ...]
    labels: frozenset[str] = frozenset()
    frame: str | None = None
    borders: tuple[Border, ...] = ()
    future: tuple[Path, ...] = ()
    lay_cost: int = 0
    terrain: frozenset[str] = frozenset()
    only_on: frozenset[str] | None = None
    rotations: tuple[int, ...] | None = None
    code: str = ""
    _rotated: tuple[tuple[Path, ...], ...] = field(init=False, repr=False)
    # Exits per rotation, for any gauge and per gauge (tiles are immutable: computed once;
    # upgrade and lay searches ask for them hundreds of thousands of times).
    _exits: dict[tuple[int, Gauge | None], frozenset[int]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        rotated = tuple(tuple(p.rotated(r) for p in self.paths) for r in EDGES)
        object.__setattr__(self, "_rotated", rotated)
        exits: dict[tuple[int, Gauge | None], frozenset[int]] = {}
        for r in EDGES:
            for gauge in (None, *Gauge):
                exits[(r, gauge)] = frozenset(
                    e for p in rotated[r] if gauge is None or p.gauge is gauge for e in p.edges
                )
        object.__setattr__(self, "_exits", exits)

    def __deepcopy__(self, memo: dict[int, object]) -> TileDef:
        return self  # immutable and compared by identity: copies share it

    def paths_at(self, rotation: int) -> tuple[Path, ...]:
        """The paths of the tile laid with `rotation`."""
        return self._rotated[rotation % 6]

    def exits(self, rotation: int = 0, gauge: Gauge | None = None) -> frozenset[int]:
        """Edges with track, at `rotation`, optionally of one gauge only."""
        return self._exits[(rotation % 6, gauge)]

    def stop(self, part: int) -> Stop:
        """The stop with this part index. Raises KeyError."""
        for s in self.stops:
            if s.part == part:
                return s
        raise KeyError(f"Tile {self.name} has no stop with part index {part}")

    def count(self, kind: StopKind) -> int:
        """How many stops of `kind` the tile has."""
        return sum(1 for s in self.stops if s.kind is kind)

    def stop_edges(self, part: int, rotation: int) -> frozenset[tuple[int, Gauge]]:
        """(edge, gauge) pairs joined to stop `part` by a path, at `rotation`."""
        return frozenset(
            (e, p.gauge) for p in self.paths_at(rotation) if part in p.parts for e in p.edges
        )


def parse_tile(
    name: str,
    code: str,
    colour: str,
    *,
    only_on: Iterable[str] | None = None,
    rotations: Iterable[int] | None = None,
) -> TileDef:
    """Parse an 18xx.games tile code. Raises ValueError on anything it does not understand."""
    stops: list[Stop] = []
    raw_paths: list[dict[str, str]] = []
    labels: set[str] = set()
    borders: list[Border] = []
    frame: str | None = None
    lay_cost = 0
    terrain: frozenset[str] = frozenset()
    parts = [p.strip() for p in code.split(";") if p.strip()]
    for index, part in enumerate(parts):
        kind, _, rest = part.partition("=")
        props = _props(rest, part)
        if kind in STOP_TYPES:
            stops.append(
                Stop(
                    part=index,
                    kind=StopKind(kind),
                    revenue=Revenue.parse(props.get("revenue", "0")),
                    slots=int(props.get("slots", "1")) if kind == "city" else 0,
                    visit_cost=int(props.get("visit_cost", "1")),
                    narrow_slots=int(props.get("s_slots", "0")) if kind == "city" else 0,
                )
            )
        elif kind == "path":
            raw_paths.append(props)
        elif kind == "label":
            labels.add(rest)
        elif kind == "border":
            borders.append(Border(int(props["edge"]), props.get("type") == "impassable"))
        elif kind == "frame":
            frame = props.get("color")
        elif kind == "upgrade":
            lay_cost = int(props.get("cost", "0"))
            terrain = frozenset(t for t in props.get("terrain", "").split("|") if t)
        elif kind not in ("icon",):
            raise ValueError(f"Tile {name}: unknown part {part!r}")
    paths: list[Path] = []
    future: list[Path] = []
    for props in raw_paths:
        track = props.get("track", "broad")
        terminal = props.get("terminal") == "1"
        lanes = int(props.get("lanes", "1"))
        for lane in range(lanes):
            a = _end(props["a"], props.get("a_lane"), lanes, lane, stops, name)
            b = _end(props["b"], props.get("b_lane"), lanes, lane, stops, name)
            if track == "future":
                future.append(Path(a, b, Gauge.BROAD, terminal))
            else:
                path = Path(a, b, Gauge(track), terminal)
                if path not in paths:  # a code may repeat a path: it is one track
                    paths.append(path)
    return TileDef(
        name=name,
        colour=colour,
        stops=tuple(stops),
        paths=tuple(paths),
        labels=frozenset(labels),
        frame=frame,
        borders=tuple(borders),
        future=tuple(future),
        lay_cost=lay_cost,
        terrain=terrain,
        only_on=frozenset(only_on) if only_on is not None else None,
        rotations=tuple(rotations) if rotations is not None else None,
        code=code,
    )


def _props(rest: str, part: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in rest.split(","):
        if not item:
            continue
        key, sep, value = item.partition(":")
        if not sep:
            if part.startswith("label="):
                continue
            raise ValueError(f"Malformed tile part {part!r}")
        out[key] = value
    return out


def _end(
    text: str, lane_spec: str | None, lanes: int, lane: int, stops: list[Stop], name: str
) -> End:
    if text.startswith("_"):
        n = int(text[1:])
        if n >= len(stops):
            raise ValueError(f"Tile {name}: path to missing stop {text}")
        return NodeEnd(stops[n].part)
    edge = int(text)
    if edge not in EDGES:
        raise ValueError(f"Tile {name}: edge {edge} out of range")
    if lane_spec is not None:  # "2.1": lane 1 of 2
        count, _, index = lane_spec.partition(".")
        return EdgeEnd(edge, int(count), int(index))
    return EdgeEnd(edge, lanes, lane)


# --- upgrades ----------------------------------------------------------------------------


@dataclass(frozen=True)
class UpgradeRules:
    """What may replace what: one step along `colour_order` (white = the bare printed hex),
    same frame, same labels, same stops, and every old path kept (same edges and gauge).

    The knobs are per title:
    `same_colour_on_printed`: printed hexes of these colours take one tile of the same
    colour, which must keep the printed exits (e.g. special stations printed on the map).
    `city_merge_labels`: labelled tiles whose cities may merge (e.g. "OO": two cities
    become one on the next colour).
    `town_split_frames`: framed tiles whose town may split in two (e.g. a second network's
    tiles).
    `towns_on_blank`: a hex without stops may take a tile with towns (some titles: only
    such tiles; the common rule is plain track only).
    `successors`: a printed list of what each tile (or printed hex, by its tile's name) may
    become; a tile or hex missing from it takes nothing. None: no list, only the rules.
    `laid_as`: tile name -> the colour it counts as in `colour_order` (a tile laid as
    another colour than its own; its own colour still says when it is available).
    `wider_labels`: a new tile may carry labels beyond the old one's (one tile made for
    several labelled hexes); the old labels must all stay.
    """

    colour_order: tuple[str, ...] = ("white", "yellow", "green", "brown", "gray")
    same_colour_on_printed: frozenset[str] = frozenset()
    city_merge_labels: frozenset[str] = frozenset()
    town_split_frames: frozenset[str] = frozenset()
    towns_on_blank: bool = False
    successors: Mapping[str, frozenset[str]] | None = None
    laid_as: Mapping[str, str] | None = None
    wider_labels: bool = False

    def colour_of(self, tile: TileDef) -> str:
        """The colour `tile` counts as in the colour order."""
        if self.laid_as is not None:
            return self.laid_as.get(tile.name, tile.colour)
        return tile.colour

    def listed(self, old: TileDef, new: TileDef) -> bool:
        """True if the successor list (if any) lets `new` replace `old`."""
        return self.successors is None or new.name in self.successors.get(old.name, ())

    def labels_ok(self, old: TileDef, new: TileDef) -> bool:
        """True if `new` carries the labels `old` needs (the same ones, or more where
        `wider_labels`)."""
        if self.wider_labels:
            return old.labels <= new.labels and (bool(old.labels) or not new.labels)
        return new.labels == old.labels


def upgrade_ok(
    old: TileDef,
    old_rotation: int,
    new: TileDef,
    new_rotation: int,
    rules: UpgradeRules,
    *,
    printed: bool,
) -> bool:
    """True if `new` at `new_rotation` may replace `old` (laid at `old_rotation`).

    Checks tile-to-tile rules only; exits facing the map and connections are the board's.
    """
    if printed and old.colour in rules.same_colour_on_printed and new.colour == old.colour:
        # A special printed hex: its exits, per gauge, must all stay (its stops may change).
        return all(old.exits(old_rotation, g) <= new.exits(new_rotation, g) for g in Gauge)
    if not rules.listed(old, new):
        return False
    order = rules.colour_order
    old_colour = rules.colour_of(old)
    if old_colour not in order or order.index(old_colour) + 1 >= len(order):
        return False
    if rules.colour_of(new) != order[order.index(old_colour) + 1]:
        return False
    if new.frame != old.frame or not rules.labels_ok(old, new):
        return False
    if not _stop_counts_ok(old, new, rules):
        return False
    return _paths_kept(old, old_rotation, new, new_rotation, rules)


def _stop_counts_ok(old: TileDef, new: TileDef, rules: UpgradeRules) -> bool:
    if new.count(StopKind.OFFBOARD) != old.count(StopKind.OFFBOARD):
        return False
    old_c, new_c = old.count(StopKind.CITY), new.count(StopKind.CITY)
    old_t, new_t = old.count(StopKind.TOWN), new.count(StopKind.TOWN)
    if not old.stops:  # a bare hex
        return new_c == 0 and (new_t == 0 or rules.towns_on_blank)
    merge = bool(old.labels & rules.city_merge_labels)
    if new_c != old_c and not (merge and 0 < new_c < old_c):
        return False
    split = old.frame is not None and old.frame in rules.town_split_frames
    return new_t == old_t or (split and new_t > old_t > 0)


def _paths_kept(
    old: TileDef, old_rotation: int, new: TileDef, new_rotation: int, rules: UpgradeRules
) -> bool:
    new_paths = new.paths_at(new_rotation)
    # Track between two edges must survive as it is.
    for p in old.paths_at(old_rotation):
        if not p.parts and not any(_same_track(p, q) for q in new_paths):
            return False
    # Every old stop needs a new stop of its kind that keeps all its exits; distinct old
    # stops need distinct new ones, except cities that may merge.
    merge = bool(old.labels & rules.city_merge_labels)
    need = [(s.kind, old.stop_edges(s.part, old_rotation)) for s in old.stops]
    have = [(s.kind, new.stop_edges(s.part, new_rotation)) for s in new.stops]
    options = [[j for j, (k2, e2) in enumerate(have) if k2 is k and e <= e2] for (k, e) in need]
    if any(not o for o in options):
        return False
    for choice in itertools.product(*options):
        taken: set[int] = set()
        ok = True
        for (kind, _), j in zip(need, choice, strict=True):
            if j in taken and not (merge and kind is StopKind.CITY):
                ok = False
                break
            taken.add(j)
        if ok:
            return True
    return False


def _same_track(p: Path, q: Path) -> bool:
    return p.gauge is q.gauge and {p.a, p.b} == {q.a, q.b}


def legal_lays(
    hex_name: str,
    current: TileDef,
    rotation: int,
    *,
    printed: bool,
    tiles: Iterable[TileDef],
    available: Mapping[str, int],
    colours: Collection[str],
    rules: UpgradeRules,
    open_edges: frozenset[int] | None,
    required_exits: frozenset[int] = frozenset(),
) -> list[tuple[str, int]]:
    """Every (tile name, rotation) that may be laid on `hex_name` now.

    `current` is the hex's tile (its printed tile while `printed`), `available` the tiles
    still in the supply by name, `colours` the tile colours the phase (or a bonus) allows.
    Every exit of the new tile must face one of `open_edges` (None: no such check), and the
    tile must include `required_exits`. Rotations are all six, except where the tile fixes
    them; symmetric rotations are all listed, as 18xx.games does.
    """
    out: list[tuple[str, int]] = []
    for tile in tiles:
        if available.get(tile.name, 0) <= 0 or tile.colour not in colours:
            continue
        if tile.only_on is not None and hex_name not in tile.only_on:
            continue
        for r in tile.rotations if tile.rotations is not None else EDGES:
            exits = tile.exits(r)
            if not required_exits <= exits:
                continue
            if open_edges is not None and not exits <= open_edges:
                continue
            if upgrade_ok(current, rotation, tile, r, rules, printed=printed):
                out.append((tile.name, r))
    return out
