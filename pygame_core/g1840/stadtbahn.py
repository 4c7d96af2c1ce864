"""The Stadtbahn companies W, V, G, D: where their track may be built and what they earn.

IX.4: "Jede Stadtbahnlinie verfügt über zwei Startstationen. Von diesen ausgehend sind die
Stadtbahnplättchen ohne Unterbrechung zu legen" (G starts at I11 and A17, so its first
tile goes on H12 or B16; W's on I3 or G23). The build order of the orange hexes is data
(`board.stadtbahn_sequences`), so the hexes that may take the next tile are the first
unbuilt hex from either end.

VIII.5.2: a company's income is an imaginary tram running from one of its two start
stations along the built narrow (dashed) track as far as it goes, adding every stop
(Haltestelle) and every station with the company's own marker, start and end included;
of the two start stations the better one counts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Final

from ..g18xx.board import MapState
from ..g18xx.graph import TrackGraph
from ..g18xx.tiles import Gauge, StopKind
from . import board as b

# The two start stations of each company, as (hex, city part index on the printed map):
# IX.4 names them for G (I11, A17) and W (first tiles on I3 or G23: I1 and F24) and F24 for
# D and W ("Sie bilden weiterhin die Startstationen der beiden Linien"); the others are the
# printed station at the far end of each company's dashed line (D: A17; V: A17 and G3). On
# the 2-player overlay W's line is shortened and starts at I11's second city (XIII, report
# (b)26). A tile laid on a start hex (L30b/L31b on F24) numbers its cities anew: see
# `start_stops` for the city a start is on now.
STARTS: Final[Mapping[str, Mapping[str, tuple[tuple[str, int], ...]]]] = {
    "standard": {
        "W": (("I1", 0), ("F24", 1)),
        "V": (("A17", 1), ("G3", 0)),
        "G": (("A17", 0), ("I11", 0)),
        "D": (("A17", 2), ("F24", 2)),
    },
    "three_player_small": {
        "W": (("I1", 0), ("F24", 1)),
        "G": (("A17", 0), ("I11", 0)),
        "D": (("A17", 2), ("F24", 2)),
    },
    "two_player": {
        "W": (("I11", 1), ("F24", 1)),
        "G": (("A17", 0), ("I11", 0)),
        "D": (("A17", 2), ("F24", 2)),
    },
}

# 18xx.games never removes the markers on these start stations (report (b)13,
# NO_TOKEN_REMOVE_HEX; V's start at G3 may be cleared). The rulebook has no such exception
# (IX.6; its example clears G3): these cities have dashed track only, so no Line reaches
# them to remove a marker (V11).
PROTECTED: Final = frozenset({"I1", "A17", "I11", "F24"})


def buildable_hexes(state: MapState, sequence: Sequence[str]) -> list[str]:
    """The orange hexes of one company that may take the next Stadtbahn tile: the first
    unbuilt hex from each end of its sequence (the same hex once only one is left)."""
    unbuilt = [h for h in sequence if state.is_printed(h)]
    if not unbuilt:
        return []
    first, last = unbuilt[0], unbuilt[-1]
    return [first] if first == last else [first, last]


def company_of(variant: str, coord: str) -> str | None:
    """The company whose sequence contains an orange hex."""
    for sym, seq in b.stadtbahn_sequences(variant).items():
        if coord in seq:
            return sym
    return None


def start_stop(state: MapState, start: tuple[str, int]) -> str | None:
    """The stop ("F24-0") a start station (hex, printed part) is on now: the stop of the
    tile on the hex that kept the printed station's Stadtbahn track. A tile carries the
    station's marker along the same way (`MapState.lay`: a city goes to the new city that
    keeps its exits), so the start stays with its marker: IX.4 "kommen die beiden
    Stationsmarker ... auf das Plättchen. Sie bilden weiterhin die Startstationen". None if
    no stop kept that track (impossible on 1840's tiles)."""
    coord, part = start
    printed = state.board.hexes[coord].tile
    track = {(e, g) for e, g in printed.stop_edges(part, 0) if g is Gauge.NARROW}
    tile, rotation = state.tile(coord)
    for stop in tile.stops:
        if track <= tile.stop_edges(stop.part, rotation):
            return f"{coord}-{stop.part}"
    return None


def start_stops(state: MapState, variant: str, company: str) -> list[str]:
    """The stops a company's two start stations are on now (`start_stop`)."""
    found = (start_stop(state, start) for start in STARTS[variant][company])
    return [sig for sig in found if sig is not None]


def walk(state: MapState, company: str, sig: str, colours: Sequence[str]) -> tuple[int, list[str]]:
    """Revenue and stops of the imaginary tram from the start stop `sig` ("F24-0"): every
    stop reachable on narrow track (VIII.5.2). Other companies' markers do not stop it
    (report (b)6). Fewer than two stops is no route (IX.2): 0."""
    graph = TrackGraph(state, Gauge.NARROW)
    if sig not in graph.by_sig:
        return 0, []
    first = graph.by_sig[sig]
    seen = {first}
    queue = deque([first])
    adjacent: dict[int, list[int]] = {}
    for link in graph.links:
        adjacent.setdefault(link.a, []).append(link.b)
        adjacent.setdefault(link.b, []).append(link.a)
    while queue:
        node = queue.popleft()
        for other in adjacent.get(node, ()):
            if other not in seen:
                seen.add(other)
                queue.append(other)
    if len(seen) < 2:
        return 0, []
    total = 0
    stops = []
    for index in sorted(seen):
        stop = graph.nodes[index]
        if stop.kind is StopKind.CITY and company not in stop.tokens:
            continue
        total += stop.stop.revenue.at(colours)
        stops.append(stop.sig)
    return total, stops


def revenue(
    state: MapState, variant: str, company: str, colours: Sequence[str]
) -> tuple[int, list[str]]:
    """VIII.5.2: the better of the two start stations' runs (before the CR multiplier)."""
    best: tuple[int, list[str]] = (0, [])
    for sig in start_stops(state, variant, company):
        result = walk(state, company, sig, colours)
        if result[0] > best[0]:
            best = result
    return best
