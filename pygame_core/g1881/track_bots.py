"""Where the normal bot builds towards (6.x): the stops its network does not reach yet.

A lay's run gain (bots._track) sees only what the company's trains can run after this
one lay. A network walled in by rivers and forests (terrain costs 50, 6.15) then gains
nothing from any lay, and a company without trains gains nothing from any lay at all.
Such bots built nothing, ran one short route for the whole game, never wanted a second
train, and at 6 players about a fifth of the games ended in phase 1 with three or four
companies and no S-Bahn (docs/1881-design.md, "Changes"). The pull of a lay says how near
its new track comes to stops worth reaching, as a player reads the map: a stop's value
over one more than its distance in hexes from where the new track leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..g18xx.tiles import Gauge
from .board import tiles
from .runs import track_graph

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, Any]


def pulls(w: World, corp: str, lays: Sequence[JsonDict]) -> list[float]:
    """Each lay's pull for `corp`: the best over the stops its network does not reach of
    value / (1 + hexes from the lay's hex or from a hex its new track leads into)."""
    graph = track_graph(w.map, corp)
    reached = graph.reach(corp).nodes
    targets = [
        (node.hex, value)
        for node in graph.nodes
        if node.index not in reached and (value := node.stop.revenue.at(())) > 0
    ]
    board, kinds = w.map.board, tiles(w.edition)
    near: dict[str, float] = {}  # hex -> its best value / (1 + distance)

    def pull_at(coord: str) -> float:
        if coord not in near:
            near[coord] = max(
                (value / (1 + board.grid.distance(coord, at)) for at, value in targets),
                default=0.0,
            )
        return near[coord]

    out = []
    for lay in lays:
        coord = str(lay["hex"])
        ends = [coord]
        for edge in kinds[str(lay["tile"])].exits(int(lay["rotation"]), Gauge.BROAD):
            across = board.neighbour(coord, edge)
            if across is not None:
                ends.append(across)
        # The best over targets of value / (1 + the nearest end) is the best over ends.
        out.append(max(pull_at(end) for end in ends))
    return out
