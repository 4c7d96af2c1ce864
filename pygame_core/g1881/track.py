"""1881's track building (6. Der Streckenbau): which lays and upgrades a company may make,
what they cost and earn, and the periphery bonus a lay earns (9.4).

A lay is (hex, tile, rotation), as the core's `Lay`. `check_lay` refuses an illegal one with
the rule it breaks; `lay` checks, then changes the map; `legal_lays` lists every legal one
(for the UI and the bots). Each company builds on its own network: trams on tram track
(broad), the S-Bahn on S track (narrow), `network` says which.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from ..core.errors import IllegalAction, InvalidAction
from ..core.shared import Shared
from ..g18xx.board import Board, MapState
from ..g18xx.graph import TrackGraph
from ..g18xx.laying import Lay, entry_edges
from ..g18xx.tiles import Gauge, StopKind, TileDef, upgrade_ok
from .board import edition_of, hex_data, map_data, tile_counts, tiles, upgrade_rules
from .runs import SBAHN_PARTS, token_groups
from .source import FIRST, per_edition, section


@dataclass(frozen=True)
class PhaseTrack:
    """What a phase allows in track building: the tile colours on offer and how many tiles
    a company lays per operating round."""

    colours: frozenset[str]
    lays: int


def _phase_table() -> dict[str, PhaseTrack]:
    # 6.1: "Die Gesellschaften können in der Betriebsrunde ein Streckenplättchen legen (in
    # Phase 1 können auch zwei gelegt werden)." 6.2: "In der ersten Spielphase (11.2) können
    # nur gelbe Plättchen gelegt werden. In jeder weiteren Phase kommen neue Plättchen in
    # anderen Farben hinzu (Tabelle 2)." Colours and lays per phase: board.json "phases".
    return {
        p["name"]: PhaseTrack(frozenset(p["tiles"]), int(p["tile_lays"]))
        for p in section("phases")["list"]
    }


PHASES: Final[Mapping[str, PhaseTrack]] = _phase_table()

_CONSTANTS: Final = section("constants")

# 6.15: "Das erste Bebauen von Feldern, die teilweise von Wald, Fluß, Kanal oder See bedeckt
# sind verursacht Kosten von 50 TM je Feld." The cost is printed on each such hex
# ("upgrade=cost:50"); this is the rulebook's figure the map must carry (digest A-21: 50,
# not the overview's 40).
TERRAIN_COST: Final[int] = _CONSTANTS["terrain_cost"]

# 9.4: "Dieser Bonus beträgt 100 TM" for connecting a periphery station with the centre.
PERIPHERY_BONUS: Final[int] = _CONSTANTS["periphery_bonus"]


def phase_track(phase: str) -> PhaseTrack:
    """The track rules of `phase` ("1".."4"). Raises InvalidAction for an unknown phase."""
    if phase not in PHASES:
        raise InvalidAction(f"No phase {phase!r}; 1881 has {', '.join(PHASES)}")
    return PHASES[phase]


@dataclass(frozen=True)
class TrackTurn(Shared):
    """What the company has built so far in this operating round: the hexes it laid on and
    whether one of them was an upgrade (a tile exchanged for one of the next colour)."""

    built: tuple[str, ...] = ()
    upgraded: bool = False

    def after(self, coord: str, upgrade: bool) -> TrackTurn:
        """The turn once `coord` is built too."""
        return TrackTurn((*self.built, coord), self.upgraded or upgrade)


NO_BUILDS: Final = TrackTurn()


@dataclass(frozen=True)
class LayOutcome:
    """What a lay costs and earns: `cost` the terrain cost (6.15, paid before building),
    `build_bonus` the printed (+N) of a field first built on (6.16), `upgrade` True if a
    tile on the map was exchanged."""

    cost: int
    build_bonus: int
    upgrade: bool


def build_bonus(coord: str, edition: int) -> int:
    """The (+N) printed on a field (6.16) in design `edition`, 0 if none."""
    return int(hex_data(edition)[coord].get("build_bonus", 0))


def _is_upgrade(state: MapState, coord: str) -> bool:
    # 6.1: "ein im Spiel befindliches [Plättchen] gegen ein Plättchen der nachfolgenden Farbe
    # ausgetauscht": a tile on the map. Building on a printed field is laying.
    return not state.is_printed(coord)


def outcome(state: MapState, coord: str) -> LayOutcome:
    """Cost and bonus of a lay on `coord` now (6.15: only the first build pays; 6.16: the
    bonus goes to the first build only)."""
    if not state.is_printed(coord):
        return LayOutcome(0, 0, upgrade=True)
    bonus = build_bonus(coord, edition_of(state.board))
    return LayOutcome(state.board.hexes[coord].tile.lay_cost, bonus, upgrade=False)


@per_edition
def trasse(edition: int) -> frozenset[str]:
    """The hexes of the S-Bahn Trasse (6.13), its stations included."""
    return frozenset(map_data(edition)["sbahn_trasse"]["hexes"])


def _stop_kinds(tile: TileDef) -> frozenset[StopKind]:
    return frozenset(s.kind for s in tile.stops)


def _refuse(message: str, rule: str) -> IllegalAction:
    return IllegalAction(f"{rule}: {message}", rule=rule)


def _check_turn(state: MapState, coord: str, phase: PhaseTrack, turn: TrackTurn) -> None:
    # 6.1: one tile per OR (two in phase 1), or instead one upgrade; A-24: two lays on
    # different hexes, the second may extend the first.
    if coord in turn.built:
        raise _refuse(f"{coord} was built on already this operating round", "1881 6.1")
    if len(turn.built) >= phase.lays or turn.upgraded:
        raise _refuse("no more tiles may be laid this operating round", "1881 6.1")
    if _is_upgrade(state, coord) and turn.built:
        raise _refuse("an upgrade replaces the round's tile lay", "1881 6.1")


def _check_tile_rules(state: MapState, coord: str, tile: TileDef, phase: PhaseTrack) -> None:
    """Tile against field (6.2-6.9, 6.13, 6.14, Table 6), rotation aside."""
    rules = upgrade_rules(edition_of(state.board))
    old, _ = state.tile(coord)
    printed = state.is_printed(coord)
    if tile.colour not in phase.colours:
        rule = "1881 6.6" if rules.colour_of(tile) != tile.colour else "1881 6.2"
        raise _refuse(f"{tile.colour} tiles are not available in this phase", rule)
    if printed and old.colour == "white" and tile.colour != "yellow":
        raise _refuse("beige fields take yellow tiles only", "1881 6.3")
    order = rules.colour_order
    step = order.index(rules.colour_of(old)) + 1 if rules.colour_of(old) in order else None
    if step is None or step >= len(order) or rules.colour_of(tile) != order[step]:
        raise _refuse(
            f"tile {tile.name} ({tile.colour}) does not follow {old.colour} on {coord}",
            "1881 6.4" if printed else "1881 6.6",
        )
    if not rules.labels_ok(old, tile):
        raise _refuse(
            f"{coord} takes only its own special tiles (Table 5), not {tile.name}", "1881 6.14"
        )
    s_tile = bool(tile.exits(0, Gauge.NARROW))
    if s_tile != (coord in trasse(edition_of(state.board))):
        message = (
            "S-Bahn tiles go on the S-Bahn Trasse only"
            if s_tile
            else "the S-Bahn Trasse takes S-Bahn tiles only"
        )
        raise _refuse(message, "1881 6.13")
    old_kinds, new_kinds = _stop_kinds(old), _stop_kinds(tile)
    if old_kinds != new_kinds:
        if not old_kinds or not new_kinds:
            # 6.8: fields and track without halts and stations take only such tiles.
            raise _refuse(f"{tile.name} does not keep {coord} without stops", "1881 6.8")
        # 6.9: "Auf eine Haltestelle folgt immer eine Haltestelle, auf eine Station immer
        # eine Station."
        raise _refuse("a halt is followed by a halt, a station by a station", "1881 6.9")
    if not rules.listed(old, tile):
        raise _refuse(
            f"{tile.name} may not replace {old.name} (Table 6)"
            if not printed
            else f"{tile.name} may not go on {coord}",
            "1881 6.7",
        )


def _check_rotation(state: MapState, coord: str, tile: TileDef, rotation: int) -> None:
    old, old_rotation = state.tile(coord)
    printed = state.is_printed(coord)
    if not upgrade_ok(
        old, old_rotation, tile, rotation, upgrade_rules(edition_of(state.board)), printed=printed
    ):
        raise _refuse(f"{tile.name} at rotation {rotation} breaks track on {coord}", "1881 6.10")
    exits = tile.exits(rotation)
    closed = exits - state.board.open_edges(coord)
    if closed:
        lake = closed & state.board.hexes[coord].impassable
        raise _refuse(
            f"track on {coord} would end at edge {min(closed)}: the board edge, an "
            "unbuildable field or the lake",
            "1881 6.5" if lake else "1881 6.11",
        )
    if printed and old.future:
        # 6.13: "Die Plättchen müssen so platziert werden, daß die S-Bahn-Gleisstücke auf
        # der vorgezeichneten Trasse entlangführen."
        trasse = frozenset(e for p in old.future for e in p.edges)
        if tile.exits(rotation, Gauge.NARROW) != trasse:
            raise _refuse(f"the S-Bahn track must follow the Trasse on {coord}", "1881 6.13")


def _check_reach(
    state: MapState, graph: TrackGraph, corp: str, coord: str, tile: TileDef, rotation: int
) -> None:
    # 6.12: "Jedes neue Plättchen muß eine Verlängerung einer Strecke sein, die von der
    # bauenden Gesellschaft theoretisch befahren werden kann, d.h., sie beginnt in einem
    # Depot der Gesellschaft und darf nicht durch Depots anderer Gesellschaften blockiert
    # werden." 7.7: only a station full of depots blocks (an empty "S" circle keeps it open).
    entries = entry_edges(state, graph, corp)
    if coord not in entries:
        raise _refuse(f"{corp} cannot reach {coord} from its depots", "1881 6.12")
    edges = entries[coord]
    if edges is not None and not tile.exits(rotation, graph.gauge) & edges:
        raise _refuse(f"{tile.name} on {coord} does not extend {corp}'s track", "1881 6.12")


def _graph(state: MapState, network: Gauge = Gauge.BROAD, corp: str | None = None) -> TrackGraph:
    """`TrackGraph(state, network)` as `corp` sees it: depots of every kind block alike
    (7.7), except that for an S-Bahn part tram depots and the other parts' depots never
    block (`runs.token_groups`). The core keeps the graph's costly part (its shape, by the
    tiles laid), so the graph is built afresh each time: a cache of whole graphs here saved
    nothing measurable (bench_lays_1881, whole games 0.99x; bench_fuzz_1881 1.01x)."""
    groups = token_groups(corp) if corp in SBAHN_PARTS else None
    return TrackGraph(state, network, groups)


@dataclass(frozen=True)
class Builder:
    """Who builds and in what situation: the company, the phase ("1".."4"), its treasury
    (6.15/6.16: the full cost must be there before any bonus), what it built this OR, and
    its track kind (trams: tram track; the S-Bahn: S track)."""

    corp: str
    phase: str
    cash: int
    turn: TrackTurn = NO_BUILDS
    network: Gauge = Gauge.BROAD


def check_lay(
    state: MapState, builder: Builder, lay: Lay, supply: Mapping[str, int] | None = None
) -> LayOutcome:
    """Raise (IllegalAction naming the rule, InvalidAction for an unknown hex, tile or
    phase) if `builder` may not make `lay` now; otherwise return what it costs and earns.
    `supply`: the tiles not on the map (default: the manifest less the map's tiles, 6.17).
    """
    corp, cash = builder.corp, builder.cash
    coord, name, rotation = lay
    edition = edition_of(state.board)
    if coord not in state.board.hexes:
        raise InvalidAction(f"No hex {coord!r} on the 1881 map")
    if name not in tiles(edition):
        raise InvalidAction(f"No tile {name!r} in 1881 (Table 6)")
    if rotation not in range(6):
        raise InvalidAction(f"Rotation must be 0-5, not {rotation!r}")
    rules = phase_track(builder.phase)
    if state.board.hexes[coord].blocked:
        raise _refuse(f"{coord} cannot be built on", "1881 6.5")
    _check_turn(state, coord, rules, builder.turn)
    tile = tiles(edition)[name]
    _check_tile_rules(state, coord, tile, rules)
    available = state.supply(tile_counts(edition)) if supply is None else supply
    if available.get(name, 0) <= 0:
        raise _refuse(f"no tile {name} is left", "1881 6.17")
    _check_rotation(state, coord, tile, rotation)
    _check_reach(state, _graph(state, builder.network, corp), corp, coord, tile, rotation)
    result = outcome(state, coord)
    if result.cost > cash:
        # 6.16: "muß sie die vollen Baukosten vorweisen können, bevor sie den Bonus erhält"
        raise _refuse(
            f"{corp} has {cash} TM, building on {coord} costs {result.cost} TM",
            "1881 6.16" if result.build_bonus else "1881 6.15",
        )
    return result


def lay(
    state: MapState, builder: Builder, lay: Lay, supply: Mapping[str, int] | None = None
) -> LayOutcome:
    """Check `lay` (`check_lay`), then put the tile on the map (the old one goes back to
    the supply, 6.17; depots move with their station). The caller pays `cost` and credits
    `build_bonus`, and records the build in its `TrackTurn`."""
    result = check_lay(state, builder, lay, supply)
    coord, name, rotation = lay
    state.lay(coord, tiles(edition_of(state.board))[name], rotation)
    return result


def legal_lays(
    state: MapState,
    builder: Builder,
    supply: Mapping[str, int] | None = None,
    hexes: Iterable[str] | None = None,
) -> list[Lay]:
    """Every (hex, tile, rotation) `builder` may lay now, each one `check_lay` accepts
    (`hexes` limits the search). In hex order, then as `map_lays` lists them."""
    rules = phase_track(builder.phase)
    edition = edition_of(state.board)
    available = state.supply(tile_counts(edition)) if supply is None else supply
    graph = _graph(state, builder.network, builder.corp)
    only = None if hexes is None else frozenset(hexes)
    out: list[Lay] = []
    for coord, edges in sorted(entry_edges(state, graph, builder.corp).items()):
        if only is not None and coord not in only:
            continue
        if state.is_printed(coord) and state.board.hexes[coord].required_exits:
            continue  # a first tile on a Trasse field with its printed course (6.13)
        try:
            _check_turn(state, coord, rules, builder.turn)
        except IllegalAction:
            continue
        if outcome(state, coord).cost > builder.cash:
            continue
        for name, rotation in _on_offer(state, coord, rules, available):
            # 6.12: the new track must extend the company's (`entry_edges`).
            if edges is None or tiles(edition)[name].exits(rotation, graph.gauge) & edges:
                out.append((coord, name, rotation))
    return out


def _on_offer(
    state: MapState, coord: str, rules: PhaseTrack, available: Mapping[str, int]
) -> list[tuple[str, int]]:
    """The lays `_fitting` lists for `coord` whose tile the phase offers (6.2) and the
    supply still holds (6.17)."""
    tile, rotation = state.tile(coord)
    fitting = _fitting(state.board, coord, tile, rotation, state.is_printed(coord))
    kinds = tiles(edition_of(state.board))
    return [
        (name, r)
        for name, r in fitting
        if kinds[name].colour in rules.colours and available.get(name, 0) > 0
    ]


# Every tile colour: `_fitting` leaves the phase's colours (6.2) to its callers.
_ANY_PHASE: Final = PhaseTrack(frozenset().union(*(p.colours for p in PHASES.values())), 0)


# Kept: without this cache a `legal_lays` call takes about 17 times as long (p50 6.9 ms
# against 0.4 ms) and the bots' games about 1.7 times (bench_lays_1881; bench_fuzz_1881:
# 0.72x), as every reached hex would try every tile in every rotation again.
@functools.lru_cache(maxsize=8192)
def _fitting(
    board: Board, coord: str, tile: TileDef, rotation: int, printed: bool
) -> tuple[tuple[str, int], ...]:
    """Every (tile, rotation) the map allows on `coord` with `tile` laid there at
    `rotation` (or printed), whatever the phase and the supply: 6.3-6.11, 6.13, 6.14 and
    Table 6. These depend on the field, its tile and the printed map only, so the key
    cannot go stale: a lay on `coord` changes the tile in the key, and the printed map
    never changes."""
    state = MapState(board, {} if printed else {coord: (tile, rotation)})
    edition = edition_of(board)
    kinds = tiles(edition)
    everything = {name: 1 for name in kinds}
    lays = state.legal_lays(
        coord, kinds.values(), everything, _ANY_PHASE.colours, upgrade_rules(edition)
    )
    return tuple((name, r) for name, r in lays if _fits(state, coord, name, r, _ANY_PHASE))


def _fits(state: MapState, coord: str, name: str, rotation: int, rules: PhaseTrack) -> bool:
    """True if the tile rules and its rotation allow `name` on `coord` (connection aside)."""
    tile = tiles(edition_of(state.board))[name]
    try:
        _check_tile_rules(state, coord, tile, rules)
        _check_rotation(state, coord, tile, rotation)
    except IllegalAction:
        return False
    return True


def map_lays(
    state: MapState, coord: str, phase: str, supply: Mapping[str, int] | None = None
) -> list[tuple[str, int]]:
    """Every (tile, rotation) the map allows on `coord` in `phase`, whoever builds: 6.2 to
    6.11, 6.13, 6.14 and Table 6; connection (6.12), cost and the round's lays aside."""
    rules = phase_track(phase)
    counts = tile_counts(edition_of(state.board))
    available = state.supply(counts) if supply is None else supply
    return _on_offer(state, coord, rules, available)


@dataclass(frozen=True)
class PeripheryBonus:
    """What a lay earns under 9.4: `amount` for the `stations` (periphery hexes) it
    connected with the centre for the first time."""

    amount: int
    stations: tuple[str, ...]


def centre_stations(edition: int = FIRST) -> frozenset[str]:
    """9.4: "alle Stationen innerhalb der roten 1881-Linie" plus Bahnhof Zoo and
    Breitscheidplatz."""
    return frozenset(map_data(edition)["city_boundary_1881"]["centre_stations_rule_9_4"])


def periphery_stations(edition: int = FIRST) -> frozenset[str]:
    """9.4: the stations at the board edge (the thick black line)."""
    return frozenset(map_data(edition)["periphery_stations"])


def connected_to_centre(state: MapState, network: Gauge = Gauge.BROAD) -> frozenset[str]:
    """The periphery stations joined to a centre station by track of `network`, depots
    ignored (9.4: "ohne Rücksicht auf fremde Depots")."""
    graph = _graph(state, network)
    edition = edition_of(state.board)
    centre = centre_stations(edition)
    starts = [n.index for n in graph.nodes if n.hex in centre]
    seen = set(starts)
    todo = list(starts)
    while todo:
        n = todo.pop()
        for li in graph.node_links[n]:
            m = graph.links[li].other(n)
            if m not in seen:
                seen.add(m)
                todo.append(m)
    stations = {graph.nodes[n].hex for n in seen if graph.nodes[n].kind is StopKind.CITY}
    return frozenset(stations) & periphery_stations(edition)


def periphery_bonus(
    before: MapState, after: MapState, network: Gauge = Gauge.BROAD
) -> PeripheryBonus:
    """The 9.4 bonus of the lay that turned `before` into `after`: +100 for each periphery
    station it connected with the centre for the first time (digest A-34: once per station
    per game; a second path to a station connected before earns nothing: track is never
    cut, 6.10, so "connected before" is "connected on `before`")."""
    new = connected_to_centre(after, network) - connected_to_centre(before, network)
    return PeripheryBonus(PERIPHERY_BONUS * len(new), tuple(sorted(new)))
