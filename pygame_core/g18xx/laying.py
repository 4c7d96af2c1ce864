"""Where a company may lay track: the map's legal lays limited to its network.

The usual 18xx rule, gauge-aware (a company's network is its graph of one gauge): a tile
goes on a hex the company reaches from its tokens (a token's own hex counts, with or
without track), or on a hex next to an open end of its track, turned so that track of its
gauge continues that end. Upgrades keep every old path, so a hex reached before stays
reached after (as titles that allow an upgrade only where the company reaches it ask).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from .board import MapState
from .graph import TrackGraph
from .hexes import opposite
from .tiles import TileDef, UpgradeRules

Lay = tuple[str, str, int]  # hex, tile name, rotation


def entry_edges(state: MapState, graph: TrackGraph, corp: str) -> dict[str, frozenset[int] | None]:
    """Hex -> the edges new track there must use to join `corp`'s network; None: any
    (the hex is reached already, or holds one of its tokens)."""
    reach = graph.reach(corp)
    out: dict[str, frozenset[int] | None] = {}
    for coord, edge in reach.open_ends:
        across = state.board.neighbour(coord, edge)
        if across is not None:
            edges = out.get(across, frozenset())
            if edges is not None:
                out[across] = edges | {opposite(edge)}
    for coord in reach.hexes | {c for c, _ in state.corp_tokens(corp)}:
        out[coord] = None
    return out


def connected_lays(
    state: MapState,
    graph: TrackGraph,
    corp: str,
    tiles: Iterable[TileDef],
    available: Mapping[str, int],
    colours: Collection[str],
    rules: UpgradeRules,
    *,
    hexes: Collection[str] | None = None,
) -> list[Lay]:
    """Every (hex, tile, rotation) `corp` may lay: the map's `MapState.legal_lays`, on hexes
    its network reaches, in rotations whose track of the graph's gauge joins it. `hexes`
    limits the search (a title's own restrictions). First tiles on hexes with required
    exits (e.g. a second network's printed course) are another kind of lay and are left
    out."""
    tile_list = list(tiles)
    out: list[Lay] = []
    for coord, edges in sorted(entry_edges(state, graph, corp).items()):
        if hexes is not None and coord not in hexes:
            continue
        if state.is_printed(coord) and state.board.hexes[coord].required_exits:
            continue
        by_name = {t.name: t for t in tile_list}
        for name, rotation in state.legal_lays(coord, tile_list, available, colours, rules):
            if edges is None or by_name[name].exits(rotation, graph.gauge) & edges:
                out.append((coord, name, rotation))
    return out
