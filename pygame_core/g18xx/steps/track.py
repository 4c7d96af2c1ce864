"""The track step's shared cost rule: a hex's printed cost (terrain, a bridge) is paid for
its first tile only; an upgrade costs nothing."""

from __future__ import annotations

from ..board import MapState


def lay_cost(map_state: MapState, coord: str) -> int:
    """What laying a tile on `coord` costs now."""
    return map_state.board.hexes[coord].tile.lay_cost if map_state.is_printed(coord) else 0
