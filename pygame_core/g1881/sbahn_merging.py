"""The S-Bahn's sub-networks joining the main network (seed 004, 12.3, 12.5; digest A-44,
C-45): by S track, checked after every lay and depot, and the hand-over of a seat the share
side merged (the chairman holds it, 12.3; it was sold to the bank, 12.5).

On a merge the part's depots on the map become the main network's ("S"), its trains and
treasury pass over (`subnetworks.merge`).
"""

from __future__ import annotations

from ..g18xx.board import MapState
from ..g18xx.graph import TrackGraph
from ..g18xx.tiles import Gauge
from . import subnetworks
from .economy import SBAHN, SEATS, part_holder
from .runs import token_groups
from .world import World


def seat_of_part(part: str) -> int | None:
    """The board seat whose part `part` is (None: the main network)."""
    return next((s for s in SEATS.values() if part_holder(s) == part), None)


def settle(w: World) -> None:
    """Hand over what the seats merged by the share side still hold (12.3, 12.5)."""
    for seat in w.eco.seats_merged:
        part = part_holder(seat)
        if w.eco.money.cash(part) or w.trains.owned.get(part) or w.map.corp_tokens(part):
            _merge(w, seat, "its seat joined the main network")


def _depots(state: MapState) -> subnetworks.Depots:
    parts = (SBAHN, *(part_holder(s) for s in sorted(SEATS.values())))
    return {p: [h for h, _ in state.corp_tokens(p)] for p in parts}


def _main_reach(state: MapState) -> frozenset[str]:
    """The hexes S track links to a main-network depot (no depot blocks the S-Bahn, ST4)."""
    graph = TrackGraph(state, Gauge.NARROW, token_groups(SBAHN))
    return frozenset(graph.nodes[i].hex for i in graph.reach(SBAHN).nodes)


def merge_linked(w: World) -> list[int]:
    """Merge every sub-network whose depot S track now links to a main-network depot
    (12.5 "an das S-Bahn-Hauptnetz angeschlossen", A-44); returns their seats."""
    if SBAHN not in w.eco.floated or SBAHN in w.eco.closed or not w.map.corp_tokens(SBAHN):
        return []
    main = _main_reach(w.map)
    due = subnetworks.due_by_track(w.eco, _depots(w.map), lambda h: main if h in main else ())
    for seat in due:
        _merge(w, seat, "S track links it to the main network")
    return due


def _merge(w: World, seat: int, why: str) -> None:
    """The seat's part joins the main network: depots (the map's tokens), trains and
    treasury (12.5, C-45)."""
    part = part_holder(seat)
    moved = subnetworks.merge(w.eco, w.trains, _depots(w.map), seat)
    for coord, city in w.map.corp_tokens(part):
        slots = w.map.slots(coord, city)
        slots[slots.index(part)] = SBAHN
    w.map_version += 1
    w.say(
        f"{part} merges into the main network ({why}, 12.5): depots "
        f"{', '.join(moved.depots) or '-'}, trains {', '.join(moved.trains) or '-'}, "
        f"{moved.cash} TM"
    )
