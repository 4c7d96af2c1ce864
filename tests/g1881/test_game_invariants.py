"""The 1881 conformance invariants (tests/conformance/hooks_1881.py) can fail: each one
catches a broken position (0 Spielmaterial money; 4.x certificates; 6.17 tiles; 9.13 a
bankrupt company's depots)."""

from __future__ import annotations

import copy
from collections.abc import Callable

from pygame_core import Game
from pygame_core.g1881.board import tile_counts
from pygame_core.g1881.world import World
from tests.conformance.hooks_1881 import broken

from .game_helpers import new, world


def _mid_game() -> Game:
    g = new(4, 11)
    while g.active is not None and not world(g).map.tiles:
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    assert broken(g) == []
    return g


def _money(w: World) -> None:
    w.eco.money._cash["P0"] += 1


def _shares(w: World) -> None:
    w.eco.shares.certs["BESTAG"] = w.eco.shares.certs["BESTAG"][1:]


def _tiles(w: World) -> None:
    tile, rotation = next(iter(w.map.tiles.values()))
    free = [h for h in w.map.board.hexes if h not in w.map.tiles]
    for coord in free[: tile_counts()[tile.name] + 1]:
        w.map.tiles[coord] = (tile, rotation)


def _depots(w: World) -> None:
    w.eco.closed.append(w.operating()[0])


CASES: list[tuple[Callable[[World], None], str]] = [
    (_money, "money"),
    (_shares, "shares"),
    (_tiles, "tiles"),
    (_depots, "depots"),
]


def test_each_invariant_catches_a_broken_position() -> None:
    """Money made from nothing, a lost certificate, a tile beyond the manifest, a bankrupt
    company's depot left on the map: each is reported under its name."""
    g = _mid_game()
    for corrupt, word in CASES:
        bad = copy.deepcopy(g)
        corrupt(world(bad))
        found = broken(bad)
        assert any(f.startswith(word) for f in found), (word, found)
