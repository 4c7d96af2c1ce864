"""The track graph of a map state, for one gauge: stops joined by links.

A *link* is a stretch of track between two stops: one path, or several joined edge to edge
across hexsides (printed red/gray track without stops). Routes are sequences of stops and
links. Each hexside a link crosses has an id, so that a route (or a company's several
routes) can be kept from using the same track twice.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .board import MapState
from .hexes import opposite
from .tiles import EdgeEnd, Gauge, NodeEnd, Path, Stop, StopKind


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
            )
            if len(_SHAPES) >= _SHAPES_KEPT:
                del _SHAPES[next(iter(_SHAPES))]  # the least recently used
        else:
            self._take(shape, state, group_of)
        _SHAPES[key] = shape

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
        tiles: dict[str, list[Path]] = {}
        at_edge: dict[_EdgeKey, list[tuple[str, Path]]] = {}
        at_node: dict[tuple[str, int], list[Path]] = {}
        for coord, spec in board.hexes.items():
            tile, rotation = state.tile(coord)
            paths = [p for p in tile.paths_at(rotation) if p.gauge is self.gauge]
            if not paths:
                continue
            tiles[coord] = paths
            usable = spec.printed_stops or not state.is_printed(coord)
            for p in paths:
                for end in (p.a, p.b):
                    if isinstance(end, EdgeEnd):
                        key = (coord, end.edge, end.lanes, end.lane)
                        at_edge.setdefault(key, []).append((coord, p))
                    else:
                        at_node.setdefault((coord, end.part), []).append(p)
            for stop in tile.stops:
                if (coord, stop.part) in at_node:
                    tokens: tuple[str | None, ...] = ()
                    if stop.kind is StopKind.CITY:
                        tokens = state.tokens_at(coord, stop.part)
                    node = Node(
                        len(self.nodes), coord, stop.part, stop, tokens, usable, tile.name, group_of
                    )
                    self.nodes.append(node)
                    self.by_sig[node.sig] = node.index
        self._hexside_ids: dict[tuple[_EdgeKey, _EdgeKey], int] = {}
        for node in self.nodes:
            for p in at_node[(node.hex, node.part)]:
                self._walk(state, node, p, at_edge)
        self.node_links = [[] for _ in self.nodes]
        for link in self.links:
            self.node_links[link.a].append(link.index)
            self.node_links[link.b].append(link.index)

    def _walk(
        self,
        state: MapState,
        start: Node,
        first: Path,
        at_edge: dict[_EdgeKey, list[tuple[str, Path]]],
    ) -> None:
        """Follow track from `start` out along `first`; record each link once and each stub."""
        start_end = NodeEnd(start.part)
        # Stack of (hex, path, end we came in by, hexes so far, hexsides so far).
        todo: list[tuple[str, Path, EdgeEnd | NodeEnd, tuple[str, ...], frozenset[int]]] = [
            (start.hex, first, start_end, (start.hex,), frozenset())
        ]
        while todo:
            coord, path, came, hexes, sides = todo.pop()
            out = path.b if path.a == came else path.a
            if isinstance(out, NodeEnd):
                other = self.by_sig.get(f"{coord}-{out.part}")
                # Each link is walked from both ends: keep it from the lower-numbered one.
                if other is not None and start.index < other:
                    self.links.append(
                        Link(
                            len(self.links),
                            start.index,
                            other,
                            hexes,
                            sides,
                            first.terminal,
                            path.terminal,
                        )
                    )
                continue
            across = state.board.neighbour(coord, out.edge)
            nxt: list[tuple[str, Path]] = []
            if across is not None:
                key = (across, opposite(out.edge), out.lanes, out.lanes - 1 - out.lane)
                nxt = at_edge.get(key, [])
            if not nxt:
                if across is not None:
                    self.stubs.append(Stub(start.index, hexes, coord, out.edge, first.terminal))
                continue
            side = self._hexside((coord, out.edge, out.lanes, out.lane), key)
            if side in sides:
                continue
            for ncoord, npath in nxt:
                nend = EdgeEnd(key[1], key[2], key[3])
                todo.append((ncoord, npath, nend, (*hexes, ncoord), sides | {side}))

    def _hexside(self, a: _EdgeKey, b: _EdgeKey) -> int:
        key = (a, b) if a <= b else (b, a)
        return self._hexside_ids.setdefault(key, len(self._hexside_ids))

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
        stubs_at: dict[int, list[Stub]] = {}
        for stub in self.stubs:
            stubs_at.setdefault(stub.node, []).append(stub)
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
            for stub in stubs_at.get(n, []):
                if free or not stub.terminal:
                    hexes.update(stub.hexes)
                    ends.add((stub.hex, stub.edge))
        return Reach(frozenset(seen), frozenset(hexes), frozenset(ends))
