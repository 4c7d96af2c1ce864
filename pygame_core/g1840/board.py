"""1840's map and tiles, loaded from data/*.json into the shared 18xx structures.

The data comes from 18xx.games (see data/*.json `_source`): hex codes, colours, printed
tokens and reservations, the Stadtbahn build order, the tile manifest. Rules that are
1840's own are the settings below, each with its rulebook section.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any, Final

from ..g18xx.board import Board, HexSpec, MapState
from ..g18xx.board import moved_stops as moved_stops  # IX.5: stops keep their track
from ..g18xx.graph import TrackGraph
from ..g18xx.laying import Lay, connected_lays
from ..g18xx.mapdata import HexRecord, load_board, load_tiles, tile_counts
from ..g18xx.routes import Route, RouteCitations, RouteRules, best_route, route_revenue
from ..g18xx.tiles import Gauge, TileDef, UpgradeRules

VARIANTS: Final = ("standard", "three_player_small", "two_player")

STADTBAHN_FRAME: Final = "#ffa500"  # orange-framed hexes and tiles

# IX.4/IX.5: one colour step at a time; red inner-city and purple station tiles go once
# onto their printed hexes; OO cities merge on brown (L17); a Stadtbahn town splits in two
# on green (L1/L2 -> L5..L10); blank hexes take town tiles only ("Auf ein leeres weißes
# Feld darf nur ein gelbes Plättchen mit einer Haltestelle gelegt werden").
UPGRADE_RULES: Final = UpgradeRules(
    colour_order=("white", "yellow", "green", "brown", "gray"),
    same_colour_on_printed=frozenset({"red", "purple"}),
    city_merge_labels=frozenset({"OO"}),
    town_split_frames=frozenset({STADTBAHN_FRAME}),
    towns_on_blank=True,
)

# IX.7/IX.8: two stops at least; a city scores only with the Line's own token.
# IX.2: no track twice; every other route refusal cites IX.7.
ROUTE_RULES: Final = RouteRules(
    city_needs_own_token=True,
    min_stops=2,
    cite=RouteCitations(general="1840 IX.7", track="1840 IX.2"),
)


def _load(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))


@functools.cache
def _board_data() -> Any:
    return _load("board.json")


@functools.cache
def tiles() -> Mapping[str, TileDef]:
    """Every tile type by name ("58", "L12", ...)."""
    return load_tiles(_load("tiles.json")["tiles"])


@functools.cache
def manifest() -> Mapping[str, int]:
    """How many of each tile the game has on 18xx.games (data/tiles.json)."""
    return tile_counts(_load("tiles.json")["tiles"])


# I. Spielmaterial: "176 Gleisteile", among them "Stadtbahn-Gleisteile mit orangem Rand ...
# 3 braune"; every other count equals 18xx.games' manifest, which has two brown Stadtbahn
# tiles (L15 curved, L16 straight). The third is taken to be a second L16: 5 of the 7
# Stadtbahn city hexes are straight (L4 x5 -> L11/L12 x4), 2 curved (L3 x2 -> L13/L14 x2).
# To be checked against a physical copy (V25).
RULEBOOK_EXTRA_TILES: Final = {"L16": 1}


@functools.cache
def rulebook_manifest() -> Mapping[str, int]:
    """How many of each tile the rulebook's component list (I.) has."""
    out = dict(manifest())
    for name, extra in RULEBOOK_EXTRA_TILES.items():
        out[name] += extra
    return out


def phase_colours(phase: str) -> tuple[str, ...]:
    """Tile colours of a phase ("1".."4"), in order; the last sets red values (IX.8)."""
    for p in _board_data()["phases"]:
        if p["name"] == phase:
            return tuple(p["colours"])
    raise KeyError(f"No phase {phase!r}")


def hex_data(variant: str = "standard") -> Mapping[str, Mapping[str, Any]]:
    """The raw per-hex data of a map variant (tokens, reservations, Stadtbahn, names)."""
    return _board_data()["maps"][variant]["hexes"]  # type: ignore[no-any-return]


def lines() -> Mapping[str, Mapping[str, Any]]:
    """The 18 Lines by number: home hex and the map variants without them."""
    return _board_data()["lines"]  # type: ignore[no-any-return]


def stadtbahn_sequences(variant: str = "standard") -> Mapping[str, list[str]]:
    """Each Stadtbahn company's orange hexes in build order (IX.4)."""
    return _board_data()["maps"][variant]["stadtbahn_sequences"]  # type: ignore[no-any-return]


@functools.cache
def board(variant: str = "standard", stations_are_stops: bool = True) -> Board:
    """The printed map of a variant. `stations_are_stops` False: an unbuilt purple station
    (a printed arrow without revenue) is no route stop (the rulebook profile)."""
    if variant not in VARIANTS:
        raise KeyError(f"No map variant {variant!r}; known: {', '.join(VARIANTS)}")

    def own(spec: HexSpec, h: HexRecord) -> HexSpec:
        # IX.4: a first Stadtbahn tile keeps the printed course; purple stations take any
        # rotation; unbuilt inner-city hexes (and, in the rulebook profile, unbuilt
        # stations) are no stops yet.
        stadtbahn = h.get("stadtbahn")
        return replace(
            spec,
            required_exits=frozenset(stadtbahn["exits"]) if stadtbahn else frozenset(),
            free_rotation=bool(h.get("station")),
            printed_stops=not h.get("inner_city") and (stations_are_stops or not h.get("station")),
        )

    return load_board(_board_data(), hex_data(variant), own=own)


# IX.6: "Stationsmarker dürfen nicht auf den letzten freien Kreis einer Station gelegt
# werden, wenn in dieser Station die Startstation einer noch nicht in Betrieb genommenen
# Gesellschaft ist."
HOME_RULE: Final = "1840 IX.6"


def initial_state(variant: str = "standard", stations_are_stops: bool = True) -> MapState:
    """The map at setup: no tiles, every Line's home reserved (drawn or not, as a Line not
    yet running is "noch nicht in Betrieb genommen"; `MapState.release` when one closes),
    the Stadtbahn companies' printed tokens in place."""
    state = MapState(board(variant, stations_are_stops), reservation_rule=HOME_RULE)
    for coord, h in hex_data(variant).items():
        for part, corps in h.get("reserved", {}).items():
            for corp in corps:
                state.reserve(coord, corp, int(part))
        for corp in h.get("reserved_tile", []):
            state.reserve(coord, corp)
        for part, slots in h.get("tokens", {}).items():
            for slot, corp in enumerate(slots):
                if corp is not None:
                    state.place_token(coord, int(part), corp, slot)
    return state


def available_tiles(state: MapState, counts: Mapping[str, int] | None = None) -> dict[str, int]:
    """The supply: the manifest (or `counts`) minus the tiles on the map (upgraded ones
    come back)."""
    return state.supply(manifest() if counts is None else counts)


def legal_lays(state: MapState, coord: str, colours: Iterable[str]) -> list[tuple[str, int]]:
    """(tile, rotation) pairs that may go on `coord`, from the supply, in `colours` (the
    phase's, plus "red"/"purple" during those Stadtbahn bonuses). Connection to the laying
    Line is not checked here (see `TrackGraph.reach`)."""
    return state.legal_lays(coord, tiles().values(), available_tiles(state), colours, UPGRADE_RULES)


# IX.4: a Line's first tile goes on its home hex, "außer sie startet auf einem roten oder
# grauen Feld oder das entsprechende Gleisplättchen wurde bereits anderweitig gelegt".
FIRST_LAY_ANYWHERE_COLOURS: Final = frozenset({"red", "gray"})


def line_legal_lays(
    state: MapState,
    line: str,
    colours: Iterable[str],
    *,
    first_lay: bool = False,
    supply: Mapping[str, int] | None = None,
    graph: TrackGraph | None = None,
    hexes: Iterable[str] | None = None,
) -> list[Lay]:
    """Every normal lay or upgrade (hex, tile, rotation) `line` may make now.

    IX.4: "Jedes weitere Plättchen muss von einer eigenen Station aus über eine Route
    erreichbar sein. Dabei darf die Route nicht durch Stationsmarker anderer Gesellschaften
    blockiert sein"; IX.5: an upgrade only where the Line could reach the tile after it.
    Routes use tram (broad) track only (IX.7), so new track must continue broad track.
    `first_lay`: the Line's first tile, which goes on its home hex while that is unbuilt
    and not red/gray (IX.4). `supply`: the tiles to choose from (default: the manifest
    less the tiles on the map). Stadtbahn tiles on unbuilt orange hexes are a separate
    lay (IX.4).
    """
    home = lines()[line]["home"]
    only: frozenset[str] | None = None
    spec = state.board.hexes.get(home)
    if (
        first_lay
        and spec is not None
        and state.is_printed(home)
        and spec.colour not in FIRST_LAY_ANYWHERE_COLOURS
    ):
        only = frozenset({home})
    if hexes is not None:
        only = frozenset(hexes) if only is None else only & frozenset(hexes)
    return connected_lays(
        state,
        graph or line_graph(state),
        line,
        tiles().values(),
        available_tiles(state) if supply is None else supply,
        frozenset(colours),
        UPGRADE_RULES,
        hexes=only,
    )


def sight_bonuses(companies: Iterable[str]) -> dict[str, int]:
    """Hex -> bonus for the sights (privates) a major owns (IV.2, IX.8: +20)."""
    privates = _board_data()["privates"]
    return {privates[c]["hex"]: privates[c]["bonus"] for c in companies if c in privates}


@dataclass(frozen=True)
class LineRun:
    """Everything a Line's run depends on."""

    line: str
    phase: str
    companies: tuple[str, ...] = ()  # privates owned by the Line's major


def line_graph(state: MapState) -> TrackGraph:
    """The tram (broad) track graph: Lines may not use Stadtbahn track (IX.7)."""
    return TrackGraph(state, Gauge.BROAD)


def best_line_route(state: MapState, run: LineRun, graph: TrackGraph | None = None) -> Route | None:
    """The Line's best route (IX.8: "Das Einfahrergebnis muss das höchste sein")."""
    return best_route(
        graph or line_graph(state),
        run.line,
        phase_colours(run.phase),
        sight_bonuses(run.companies),
        ROUTE_RULES,
    )


def line_route_revenue(
    state: MapState,
    run: LineRun,
    stops: list[str],
    links: list[int],
    graph: TrackGraph | None = None,
) -> int:
    """Revenue of a given route of the Line; raises IllegalRoute naming the rule broken."""
    return route_revenue(
        graph or line_graph(state),
        run.line,
        stops,
        links,
        phase_colours(run.phase),
        sight_bonuses(run.companies),
        ROUTE_RULES,
    )
