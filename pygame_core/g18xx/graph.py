"""The track graph of a map state, for one gauge: stops joined by links.

A *link* is a stretch of track between two stops: one path, or several joined edge to edge
across hexsides (printed red/gray track without stops). Routes are sequences of stops and
links. Each hexside a link crosses has an id, so that a route (or a company's several
routes) can be kept from using the same track twice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .board import MapState
from .hexes import opposite
from .tiles import EdgeEnd, Gauge, NodeEnd, Path, Stop, StopKind, TileDef


@dataclass(frozen=True)
class Node:
    """A stop on the map. `sig` is 18xx.games' node name "<hex>-<part index>"."""

    index: int
    hex: str
    part: int
    stop: Stop
    tokens: tuple[str | None, ...]
    usable: bool  # False: may not be a route stop (e.g. a printed stop not built yet)
    tile: str = ""  # name of the tile it is on (some titles count a tile's stop twice)
    # Company -> token group (e.g. two kinds of railway); empty: every company in one group.
    groups: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def sig(self) -> str:
        """ "F24-1"."""
        return f"{self.hex}-{self.part}"

    @property
    def kind(self) -> StopKind:
        """City, town or offboard."""
        return self.stop.kind

    def blocks(self, corp: str) -> bool:
        """A city whose every slot holds another company's token: a route of `corp` may
        start or end there but not pass through. With token `groups`, a full city blocks
        only the companies of a group that has a token there (tokens of another group
        alone do not block)."""
        if (
            self.stop.kind is not StopKind.CITY
            or not self.tokens
            or None in self.tokens
            or corp in self.tokens
        ):
            return False
        if not self.groups:
            return True
        mine = self.groups.get(corp, "")
        return any(self.groups.get(t or "", "") == mine for t in self.tokens)

    def passable(self, corp: str) -> bool:
        """True if a route of `corp` may pass through (not only start or end here)."""
        return self.usable and self.stop.kind is not StopKind.OFFBOARD and not self.blocks(corp)


@dataclass(frozen=True)
class Link:
    """Track from stop `a` to stop `b`. `hexes` names the hex of every path, from a to b.

    `terminal_a` / `terminal_b`: the path at that end is terminal, so a route using this
    link must end there.
    """

    index: int
    a: int
    b: int
    hexes: tuple[str, ...]
    hexsides: frozenset[int]
    terminal_a: bool
    terminal_b: bool

    def other(self, node: int) -> int:
        """The far end seen from `node`."""
        return self.b if node == self.a else self.a

    def terminal_at(self, node: int) -> bool:
        """True if a route using this link must end at `node`."""
        return self.terminal_a if node == self.a else self.terminal_b


@dataclass(frozen=True)
class Stub:
    """Track from a stop that ends at a hexside with nothing across it (yet)."""

    node: int
    hexes: tuple[str, ...]
    hex: str
    edge: int
    terminal: bool


@dataclass(frozen=True)
class Reach:
    """What a company reaches: stops, hexes with reached track, and open track ends
    (hex, edge) where new track could join."""

    nodes: frozenset[int]
    hexes: frozenset[str]
    open_ends: frozenset[tuple[str, int]]


_EdgeKey = tuple[str, int, int, int]  # hex, edge, lanes, lane


@dataclass(frozen=True)
class _Shape:
    """What a graph takes from the tiles alone: its stops (as first built, with that map's
    tokens), links, stubs and the links of each stop. Graphs of maps with the same tiles
    share it and only look at the tokens again."""

    nodes: tuple[Node, ...]
    links: tuple[Link, ...]
    stubs: tuple[Stub, ...]
    node_links: tuple[tuple[int, ...], ...]
    stubs_at: Mapping[int, tuple[Stub, ...]]


def _by_node(stubs: Iterable[Stub]) -> dict[int, tuple[Stub, ...]]:
    """The stubs of each stop, in their order."""
    out: dict[int, list[Stub]] = {}
    for stub in stubs:
        out.setdefault(stub.node, []).append(stub)
    return {n: tuple(v) for n, v in out.items()}


# A path reached in a hex: (hex, path, the end a walk along it leaves by).
_Entry = tuple[str, Path, EdgeEnd | NodeEnd]


# An edge of a hex as a path end meets it: (edge, lanes, lane).
_Side = tuple[int, int, int]


@dataclass(frozen=True)
class _HexTrack:
    """The track of one gauge on a hex with a tile at a rotation: the paths entered at
    each edge (in the tile's order), the paths leaving each stop, and the stops with
    track, in the tile's order."""

    by_edge: Mapping[_Side, tuple[_Entry, ...]]
    by_part: Mapping[int, tuple[_Entry, ...]]
    stops: tuple[Stop, ...]


# (hex, tile, rotation, gauge) -> its track, or None: none of that gauge. Tiles are
# immutable and compared by identity; there are a few thousand such keys on a map.
_HEX_TRACKS: dict[tuple[str, TileDef, int, Gauge], _HexTrack | None] = {}
_HEX_TRACKS_KEPT = 50_000


def _hex_track(coord: str, tile: TileDef, rotation: int, gauge: Gauge) -> _HexTrack | None:
    """The track of `gauge` on `coord` with `tile` at `rotation` (None: none)."""
    key = (coord, tile, rotation, gauge)
    if key in _HEX_TRACKS:
        return _HEX_TRACKS[key]
    paths = [p for p in tile.paths_at(rotation) if p.gauge is gauge]
    by_edge: dict[_Side, list[_Entry]] = {}
    by_part: dict[int, list[_Entry]] = {}
    for p in paths:
        for end in (p.a, p.b):
            # A walk entering by `end` leaves by the other end.
            entry = (coord, p, p.b if p.a == end else p.a)
            if isinstance(end, EdgeEnd):
                by_edge.setdefault((end.edge, end.lanes, end.lane), []).append(entry)
            else:
                by_part.setdefault(end.part, []).append(entry)
    track = None
    if paths:
        track = _HexTrack(
            {k: tuple(v) for k, v in by_edge.items()},
            {k: tuple(v) for k, v in by_part.items()},
            tuple(s for s in tile.stops if s.part in by_part),
        )
    if len(_HEX_TRACKS) >= _HEX_TRACKS_KEPT:
        _HEX_TRACKS.clear()
    _HEX_TRACKS[key] = track
    return track


# The shapes of the last few tile layouts, by (board, gauge, tiles laid): a game asks for
# the graph of the same map many times (lays, depots, runs) between two lays.
_SHAPES: dict[tuple[object, ...], _Shape] = {}
_SHAPES_KEPT = 16


class TrackGraph:
    """Stops and links of one gauge on a map state (a snapshot: rebuild after changes).

    `groups`: company -> token group, for titles whose full cities block only companies
    of a group with a token there (see `Node.blocks`); None: any full city blocks."""

    def __init__(
        self,
        state: MapState,
        gauge: Gauge = Gauge.BROAD,
        groups: Mapping[str, str] | None = None,
    ) -> None:
        self.gauge = gauge
        group_of: Mapping[str, str] = dict(groups or {})
        self.nodes: list[Node] = []
        self.links: list[Link] = []
        self.stubs: list[Stub] = []
        self.by_sig: dict[str, int] = {}
        self.node_links: list[list[int]] = []
        # Tiles are immutable and compared by identity, the board never changes: the key
        # holds everything the shape reads, so a kept shape cannot go stale.
        key = (state.board, gauge, frozenset(state.tiles.items()))
        shape = _SHAPES.pop(key, None)
        if shape is None:
            self._build(state, group_of)
            shape = _Shape(
                tuple(self.nodes),
                tuple(self.links),
                tuple(self.stubs),
                tuple(tuple(n) for n in self.node_links),
                _by_node(self.stubs),
            )
            if len(_SHAPES) >= _SHAPES_KEPT:
                del _SHAPES[next(iter(_SHAPES))]  # the least recently used
        else:
            self._take(shape, state, group_of)
        _SHAPES[key] = shape
        self._stubs_at = shape.stubs_at

    def _take(self, shape: _Shape, state: MapState, group_of: Mapping[str, str]) -> None:
        """Fill in a kept shape: its stops with this map's tokens and these groups."""
        for node in shape.nodes:
            tokens: tuple[str | None, ...] = ()
            if node.stop.kind is StopKind.CITY:
                tokens = state.tokens_at(node.hex, node.part)
            if tokens != node.tokens or node.groups != group_of:
                node = Node(
                    node.index,
                    node.hex,
                    node.part,
                    node.stop,
                    tokens,
                    node.usable,
                    node.tile,
                    group_of,
                )
            self.nodes.append(node)
            self.by_sig[node.sig] = node.index
        self.links = list(shape.links)
        self.stubs = list(shape.stubs)
        self.node_links = [list(n) for n in shape.node_links]

    def _build(self, state: MapState, group_of: Mapping[str, str]) -> None:
        """Build the graph from the map: stops, then the track between them."""
        board = state.board
        tracks: dict[str, _HexTrack] = {}
        node_at: dict[tuple[str, int], int] = {}
        for coord, spec in board.hexes.items():
            laid = state.tiles.get(coord)
            tile, rotation = laid if laid is not None else (spec.tile, 0)
            track = _hex_track(coord, tile, rotation, self.gauge)
            if track is None:
                continue
            tracks[coord] = track
            usable = spec.printed_stops or laid is not None
            for stop in track.stops:
                tokens: tuple[str | None, ...] = ()
                if stop.kind is StopKind.CITY:
                    tokens = state.tokens_at(coord, stop.part)
                node = Node(
                    len(self.nodes), coord, stop.part, stop, tokens, usable, tile.name, group_of
                )
                self.nodes.append(node)
                self.by_sig[node.sig] = node.index
                node_at[(coord, stop.part)] = node.index
        hexside_ids: dict[tuple[_EdgeKey, _EdgeKey], int] = {}
        for node in self.nodes:
            for entry in tracks[node.hex].by_part[node.part]:
                self._walk(board.neighbours, node, entry, tracks, node_at, hexside_ids)
        self.node_links = [[] for _ in self.nodes]
        for link in self.links:
            self.node_links[link.a].append(link.index)
            self.node_links[link.b].append(link.index)

    def _walk(
        self,
        neighbours: Callable[[str], Mapping[int, str]],
        start: Node,
        first: _Entry,
        tracks: Mapping[str, _HexTrack],
        node_at: Mapping[tuple[str, int], int],
        hexside_ids: dict[tuple[_EdgeKey, _EdgeKey], int],
    ) -> None:
        """Follow track from `start` out along `first`; record each link once and each stub.
        Each hexside crossed gets an id (in the order first crossed)."""
        first_terminal = first[1].terminal
        # Stack of (where we are: hex, path, the end we leave by; hexes so far, hexsides
        # so far).
        todo: list[tuple[_Entry, tuple[str, ...], frozenset[int]]] = [
            (first, (start.hex,), frozenset())
        ]
        while todo:
            (coord, path, out), hexes, sides = todo.pop()
            if isinstance(out, NodeEnd):
                other = node_at.get((coord, out.part))
                # Each link is walked from both ends: keep it from the lower-numbered one.
                if other is not None and start.index < other:
                    self.links.append(
                        Link(
                            len(self.links),
                            start.index,
                            other,
                            hexes,
                            sides,
                            first_terminal,
                            path.terminal,
                        )
                    )
                continue
            across = neighbours(coord).get(out.edge)
            if across is None:
                continue
            side = (opposite(out.edge), out.lanes, out.lanes - 1 - out.lane)
            there = tracks.get(across)
            nxt = there.by_edge.get(side) if there is not None else None
            if not nxt:
                self.stubs.append(Stub(start.index, hexes, coord, out.edge, first_terminal))
                continue
            mine = (coord, out.edge, out.lanes, out.lane)
            key = (across, *side)
            pair = (mine, key) if mine <= key else (key, mine)
            hexside = hexside_ids.setdefault(pair, len(hexside_ids))
            if hexside in sides:
                continue
            sides = sides | {hexside}
            for entry in nxt:
                todo.append((entry, (*hexes, entry[0]), sides))

    def node(self, sig: str) -> Node:
        """The node named `sig` ("F24-1"). Raises KeyError."""
        return self.nodes[self.by_sig[sig]]

    def links_between(self, a: int, b: int) -> list[Link]:
        """Every link joining nodes a and b."""
        return [self.links[i] for i in self.node_links[a] if self.links[i].other(a) == b]

    def token_nodes(self, corp: str) -> list[int]:
        """Nodes (cities) holding a token of `corp`."""
        return [n.index for n in self.nodes if corp in n.tokens]

    def reach(self, corp: str, starts: Iterable[int] | None = None) -> Reach:
        """What `corp` reaches from its tokens (or from `starts`): track may be followed
        out of a start in any direction, through other stops only if they are passable
        (not blocked by other companies' tokens, not offboard) and not entered or left by
        terminal track."""
        origin = set(self.token_nodes(corp) if starts is None else starts)
        seen = set(origin)
        hexes: set[str] = {self.nodes[i].hex for i in origin}
        ends: set[tuple[str, int]] = set()
        queue = deque(origin)
        queued = set(origin)
        stubs_at = self._stubs_at
        while queue:
            n = queue.popleft()
            free = n in origin
            if not free and not self.nodes[n].passable(corp):
                continue
            for li in self.node_links[n]:
                link = self.links[li]
                if not free and link.terminal_at(n):
                    continue
                hexes.update(link.hexes)
                m = link.other(n)
                seen.add(m)
                if m not in queued and not link.terminal_at(m):
                    queued.add(m)
                    queue.append(m)
            for stub in stubs_at.get(n, ()):
                if free or not stub.terminal:
                    hexes.update(stub.hexes)
                    ends.add((stub.hex, stub.edge))
        return Reach(frozenset(seen), frozenset(hexes), frozenset(ends))
