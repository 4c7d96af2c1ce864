"""The faster `track.legal_lays` and `track.map_lays` (6.1-6.17) list exactly what the plain
search of before listed, in the same order, on positions from seeded bot games of every
player count (3-6): the old code is kept here as the reference. No timing here: the
figures come from bench/bench_lays_1881.py."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.laying import Lay, connected_lays
from pygame_core.g18xx.tiles import Gauge, StopKind
from pygame_core.g1881 import track as t
from pygame_core.g1881.board import homes, tile_counts, tiles, upgrade_rules
from pygame_core.g1881.flow import TRACK
from pygame_core.g1881.runs import S_BAHN, SBAHN_PARTS, token_groups

from .game_helpers import new, world

SEEDS = {3: 21, 4: 22, 5: 23, 6: 24}  # players -> seed of the normal-bot game


def reference_lays(
    state: MapState,
    builder: t.Builder,
    supply: Mapping[str, int] | None = None,
    hexes: Iterable[str] | None = None,
) -> list[Lay]:
    """`legal_lays` as it was: the map's lays on every hex the company reaches (6.12),
    each checked against the round's lays (6.1), the tile rules and the cost (6.15)."""
    rules = t.phase_track(builder.phase)
    available = state.supply(tile_counts()) if supply is None else supply
    # 7.7 for the S-Bahn's parts: tram depots and the other parts' depots never block them
    sbahn = builder.corp in SBAHN_PARTS
    graph = TrackGraph(state, builder.network, token_groups(builder.corp) if sbahn else None)
    only = None if hexes is None else frozenset(hexes)
    out: list[Lay] = []
    for coord, name, rotation in connected_lays(
        state,
        graph,
        builder.corp,
        tiles().values(),
        available,
        rules.colours,
        upgrade_rules(),
        hexes=only,
    ):
        try:
            t._check_turn(state, coord, rules, builder.turn)
        except IllegalAction:
            continue
        if t._fits(state, coord, name, rotation, rules) and (
            t.outcome(state, coord).cost <= builder.cash
        ):
            out.append((coord, name, rotation))
    return out


def reference_map_lays(state: MapState, coord: str, phase: str) -> list[tuple[str, int]]:
    """`map_lays` as it was: the map's lays on `coord`, each through the tile rules."""
    rules = t.phase_track(phase)
    if state.board.hexes[coord].blocked:
        return []
    available = state.supply(tile_counts())
    return [
        (name, rotation)
        for name, rotation in state.legal_lays(
            coord, tiles().values(), available, rules.colours, upgrade_rules()
        )
        if t._fits(state, coord, name, rotation, rules)
    ]


Position = tuple[MapState, t.Builder]


def track_positions(players: int) -> list[Position]:
    """The map and the builder at every track step of a seeded normal-bot game."""
    g = new(players, SEEDS[players])
    out: list[Position] = []
    while g.active is not None and len(g.actions) < 20000:
        w = world(g)
        if w.step == TRACK and w.op is not None:
            cash = w.eco.money.cash(w.op.corp)
            out.append((w.map.copy(), t.Builder(w.op.corp, w.trains.phase, cash, w.op.built)))
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    return out


@pytest.fixture(scope="module", params=sorted(SEEDS))
def positions(request: pytest.FixtureRequest) -> list[Position]:
    """The track-step positions of one game (3 to 6 players)."""
    players: int = request.param
    return track_positions(players)


def variants(builder: t.Builder) -> list[t.Builder]:
    """The builder as it is, without money (6.15), in phase 4 with money to spare (every
    colour, 6.2), after a first build this round (6.1), and the S-Bahn on S track."""
    turn = t.TrackTurn(("A1",))
    return [
        builder,
        t.Builder(builder.corp, builder.phase, 0, builder.turn),
        t.Builder(builder.corp, "4", 100_000, builder.turn),
        t.Builder(builder.corp, "1", builder.cash, turn),
        t.Builder(S_BAHN, builder.phase, 100_000, network=Gauge.NARROW),
    ]


def test_legal_lays_equal_the_plain_search_1881_6(positions: list[Position]) -> None:
    """1881 6.1-6.17: the same lays in the same order, for every builder variant, and
    with the search limited to a few hexes."""
    assert len(positions) > 20
    found = 0
    for state, builder in positions:
        for who in variants(builder):
            lays = t.legal_lays(state, who)
            assert lays == reference_lays(state, who), (who, len(lays))
            found += len(lays)
        some = sorted({coord for coord, _, _ in t.legal_lays(state, builder)})[::3]
        assert t.legal_lays(state, builder, hexes=some) == reference_lays(
            state, builder, hexes=some
        )
    assert found > 1000  # the games built plenty: the comparison is not of empty lists


def test_legal_lays_follow_the_supply_1881_6_17(positions: list[Position]) -> None:
    """6.17: a tile gone from the supply is gone from the lays; the cache behind the map's
    fits holds no supply."""
    state, builder = positions[-1]
    full = t.legal_lays(state, builder)
    assert full
    gone = full[0][1]
    supply = state.supply(tile_counts())
    supply[gone] = 0
    lays = t.legal_lays(state, builder, supply)
    assert lays == reference_lays(state, builder, supply)
    assert all(name != gone for _, name, _ in lays)


def test_legal_lays_follow_a_lay_on_the_map_1881_6_6(positions: list[Position]) -> None:
    """6.6: after a tile goes down, its hex offers that tile's upgrades, not the old
    ones, and the reach follows the new track (6.12): neither the fits nor the track graph
    kept for a map go stale when the same map object changes."""
    state, builder = positions[len(positions) // 2]
    state = state.copy()
    rich = t.Builder(builder.corp, "4", 100_000)
    before = t.legal_lays(state, rich)
    for coord, name, rotation in before[:5]:
        state.lay(coord, tiles()[name], rotation)
        lays = t.legal_lays(state, rich)
        assert lays == reference_lays(state, rich)
        assert all(t.check_lay(state, rich, lay).cost >= 0 for lay in lays[:20])
    assert t.legal_lays(state, rich) != before


def test_legal_lays_follow_a_new_depot_1881_6_12(positions: list[Position]) -> None:
    """6.12/7.7: a station filled with other companies' depots blocks the way; the lays
    after each new depot on the same map object are those of the plain search."""
    state, builder = positions[-1]
    state = state.copy()
    others = [c for c in homes() if c != builder.corp]
    placed = 0
    for node in TrackGraph(state).nodes:
        if node.kind is not StopKind.CITY:
            continue
        for corp in others:
            try:
                state.place_token(node.hex, node.part, corp)
            except IllegalAction:
                continue
            placed += 1
            assert t.legal_lays(state, builder) == reference_lays(state, builder)
    assert placed > 3


def test_map_lays_equal_the_plain_search_1881_6(positions: list[Position]) -> None:
    """6.2-6.14: every hex of the last, densest position and of one from the middle, in
    each phase."""
    for state, _ in (positions[len(positions) // 2], positions[-1]):
        for phase in t.PHASES:
            for coord in sorted(state.board.hexes):
                assert t.map_lays(state, coord, phase) == reference_map_lays(state, coord, phase)
