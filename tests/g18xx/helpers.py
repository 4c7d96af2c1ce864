"""Small hand-made and random boards, and a brute-force route search to check against."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import strategies as st

from pygame_core.g18xx.board import Board, HexSpec, MapState
from pygame_core.g18xx.graph import Node, TrackGraph
from pygame_core.g18xx.hexes import Grid, Layout
from pygame_core.g18xx.tiles import StopKind, parse_tile

GRID = Grid.of(Layout.POINTY)
COLOURS = ("yellow", "green", "brown", "gray")


def board(codes: Mapping[str, str | tuple[str, str]]) -> MapState:
    """A map of the given hexes: coord -> code, or (colour, code). Default colour white."""
    specs = []
    for coord, value in codes.items():
        colour, code = value if isinstance(value, tuple) else ("white", value)
        specs.append(HexSpec(coord, colour, parse_tile(coord, code, colour)))
    return MapState(Board(GRID, specs))


def window(rows: int, cols: int) -> list[str]:
    """Hex names of a small pointy-grid window (rows A.., `cols` hexes per row)."""
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(GRID.name(2 * c + (r % 2), r))
    return out


def _paths(edges: Sequence[int], node: int, extra: str = "") -> str:
    return ";".join(f"path=a:{e},b:_{node}{extra}" for e in edges)


@st.composite
def random_boards(
    draw: st.DrawFn, rows: int = 3, cols: int = 4
) -> tuple[MapState, str, tuple[str, ...], dict[str, int]]:
    """A random board with every feature a route must respect: towns, cities with free,
    own and foreign tokens (some full: blocked), two-city hexes, offboards, terminal
    track, track between edges that branches (shared hexsides), narrow track (ignored),
    and bonuses, some on hexes with two stops. Track is drawn hexside by hexside first,
    so that both sides of a hexside have it."""
    coords = window(rows, cols)
    on_map = set(coords)
    sides = [
        (c, e)
        for c in coords
        for e in range(3, 6)
        if (n := GRID.neighbour(c, e)) is not None and n in on_map
    ]
    keep = draw(st.lists(st.integers(0, 3), min_size=len(sides), max_size=len(sides)))
    chosen = [side for side, k in zip(sides, keep, strict=True) if k]  # 3 in 4 hexsides
    exits: dict[str, list[int]] = {c: [] for c in coords}
    for c, e in chosen:
        exits[c].append(e)
        n = GRID.neighbour(c, e)
        assert n is not None
        exits[n].append((e + 3) % 6)
    codes: dict[str, str | tuple[str, str]] = {}
    tokens: list[tuple[str, int, list[str | None]]] = []
    value = st.sampled_from([0, 10, 20, 30])
    for coord in coords:
        ex = sorted(exits[coord])
        if not ex:
            continue
        kind = draw(
            st.sampled_from(["town", "town", "city", "city", "oo", "offboard", "red", "track"])
        )
        if kind in ("oo", "track") and len(ex) < 2:
            kind = "town"
        if kind == "town":
            code = f"town=revenue:{draw(value)};" + _paths(ex, 0)
            if draw(st.booleans()):
                code += ";path=a:5,b:_0,track:narrow"  # trams must never use it
        elif kind == "city":
            slots = draw(st.integers(1, 2))
            code = f"city=revenue:{draw(value)},slots:{slots};" + _paths(ex, 0)
            tokens.append((coord, 0, draw(_slots(slots))))
        elif kind == "oo":
            cut = draw(st.integers(1, len(ex) - 1))
            code = f"city=revenue:{draw(value)};city=revenue:{draw(value)};"
            code += _paths(ex[:cut], 0) + ";" + _paths(ex[cut:], 1)
            tokens.append((coord, 0, draw(_slots(1))))
            tokens.append((coord, 1, draw(_slots(1))))
        elif kind == "offboard":
            code = "offboard=revenue:yellow_20|green_30|brown_40|gray_50;" + _paths(ex, 0)
        elif kind == "red":  # a city reached by terminal track (on some or all exits)
            cut = draw(st.integers(0, len(ex) - 1))
            code = f"city=revenue:{draw(value)},slots:1;" + _paths(ex[cut:], 0, ",terminal:1")
            if cut:
                code += ";" + _paths(ex[:cut], 0)
            tokens.append((coord, 0, draw(_slots(1))))
        else:  # track from edge to edge; with 3+ exits it branches at the first one
            code = ";".join(f"path=a:{ex[0]},b:{b}" for b in ex[1:])
            if len(ex) >= 4 and draw(st.booleans()):
                code = f"path=a:{ex[0]},b:{ex[1]};path=a:{ex[2]},b:{ex[3]}"  # a crossing
        codes[coord] = code
    if tokens and not any("X" in held for _, _, held in tokens):
        tokens[draw(st.integers(0, len(tokens) - 1))][2][0] = "X"  # mostly: X has a token
    state = board(codes)
    for coord, part, held in tokens:
        for i, corp in enumerate(held):
            if corp is not None:
                state.place_token(coord, part, corp, i)
    colours = COLOURS[: draw(st.integers(1, 4))]
    bonus_hexes = draw(st.lists(st.sampled_from(coords), max_size=3, unique=True))
    bonuses = {h: 20 for h in bonus_hexes}
    for coord, part, _ in tokens:
        if part == 1 and draw(st.booleans()):
            bonuses[coord] = 20  # a bonus on a hex with two stops: it counts once
    return state, "X", colours, bonuses


def _slots(n: int) -> st.SearchStrategy[list[str | None]]:
    return st.lists(st.sampled_from(["X", "A", "B", None]), min_size=n, max_size=n)


def stop_value(node: Node, corp: str, colours: Sequence[str]) -> int:
    """1840 IX.8, written out again independently of routes.stop_value."""
    if node.kind is StopKind.CITY and corp not in node.tokens:
        return 0
    return node.stop.revenue.at(colours)


def brute_force(
    graph: TrackGraph, corp: str, colours: Sequence[str], bonuses: Mapping[str, int]
) -> int | None:
    """The best revenue by trying every route: every start, every walk of distinct stops
    that reuses no hexside and passes only stops that may be passed."""
    best: int | None = None

    def passable(node: Node) -> bool:
        if not node.usable or node.kind is StopKind.OFFBOARD:
            return False
        return not (
            node.kind is StopKind.CITY and None not in node.tokens and corp not in node.tokens
        )

    def walk(path: list[int], links: list[int], sides: frozenset[int]) -> None:
        nonlocal best
        nodes = [graph.nodes[i] for i in path]
        if len(path) >= 2 and any(corp in n.tokens for n in nodes):
            value = sum(stop_value(n, corp, colours) for n in nodes)
            value += sum(bonuses.get(h, 0) for h in {n.hex for n in nodes})
            best = value if best is None else max(best, value)
        last = path[-1]
        if len(path) >= 2:
            into = graph.links[links[-1]]
            if not passable(graph.nodes[last]) or into.terminal_at(last):
                return
        for li in graph.node_links[last]:
            link = graph.links[li]
            nxt = link.other(last)
            if nxt in path or not graph.nodes[nxt].usable or link.hexsides & sides:
                continue
            if len(path) >= 2 and link.terminal_at(last):
                continue
            walk([*path, nxt], [*links, li], sides | link.hexsides)

    for start in graph.nodes:
        if start.usable:
            walk([start.index], [], frozenset())
    return best
