"""The token step's shared rules: a company's next token costs by how many it has placed,
and goes on a free slot of a city its track reaches from one of its tokens, unblocked by
other companies' tokens, one per hex (the map's own checks included)."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import IllegalAction
from ..board import MapState
from ..graph import TrackGraph
from ..tiles import StopKind


def next_cost(costs: Sequence[int], placed: int) -> int | None:
    """The cost of the next token after `placed` (the printed costs by count); None when
    all are placed."""
    return costs[placed] if placed < len(costs) else None


def open_cities(map_state: MapState, graph: TrackGraph, corporation: str) -> list[tuple[str, int]]:
    """(hex, city part) where `corporation` may place its next token: reached from its
    tokens, a free slot, not a hex where it already has one, and allowed by the map
    (reserved homes and the like). In the graph's node order."""
    own = {h for h, _ in map_state.corp_tokens(corporation)}
    out = []
    for index in sorted(graph.reach(corporation).nodes):
        node = graph.nodes[index]
        if node.kind is not StopKind.CITY or node.hex in own or None not in node.tokens:
            continue
        try:
            map_state.check_token(node.hex, node.part, corporation)
        except IllegalAction:
            continue
        out.append((node.hex, node.part))
    return out
