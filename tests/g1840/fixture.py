"""Rebuild the map of the recorded 2-player 18xx.games game at each Line run.

Only what changes the map is replayed (report.md, "Board reconstruction"): tile lays,
tokens placed and removed, the Stadtbahn tokens of the setup, and each Line's home token,
which 18xx.games places without an action at the start of the Line's first turn. Undo is
resolved the way 18xx.games filters its action list.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.routes import link_for
from pygame_core.g1840 import board as g1840
from pygame_core.g1840 import importer

DATA = Path(__file__).parent / "data"
VARIANT = "two_player"
STADTBAHN = frozenset({"W", "V", "G", "D"})
LINES = frozenset(str(i) for i in range(1, 19))

Action = dict[str, Any]


def effective_actions(raw: list[Action]) -> list[Action]:
    """The site's undo/redo filter (the engine's), each action followed by its auto
    actions."""
    out: list[Action] = []
    for action in importer.effective_actions(raw):
        out.append(action)
        out.extend(action.get("auto_actions", []))
    return out


@dataclass
class RunPosition:
    """The map just before a recorded Line run, and the run's oracle record."""

    state: MapState
    record: dict[str, Any]


class Replay:
    """Map-only replay of the fixture."""

    def __init__(self) -> None:
        self.state = g1840.initial_state(VARIANT)
        self.tiles = g1840.tiles()
        # 18xx.games tile ids ("58-5", printed "K9-0") -> hex they are on.
        self.where: dict[str, str] = {
            h["tile_id"]: coord for coord, h in g1840.hex_data(VARIANT).items()
        }
        self.started: set[str] = set()
        self.majors: set[str] = set()
        self.owner: dict[str, str] = {}  # Line -> major, the last bidder on it
        self.closed = False

    def home_token(self, line: str) -> None:
        """The free home token at the start of a Line's first turn (IX.6)."""
        home = g1840.lines()[line]["home"]
        info = g1840.hex_data(VARIANT)[home]
        if "reserved_tile" in info:
            return  # OO homes (D18, E17): placed by an explicit place_token in the log
        part = next(int(p) for p, lines in info.get("reserved", {}).items() if line in lines)
        self.state.place_token(home, part, line)

    def close_unowned_lines(self) -> None:
        """Once every major has three Lines, the unsold Lines leave and free their homes
        (report.md (b)14; the IX.6 reservation is for companies still to come)."""
        counts = [list(self.owner.values()).count(m) for m in self.majors]
        if not self.closed and counts and all(c == 3 for c in counts):
            self.closed = True
            for line in LINES - set(self.owner):
                self.state.release(line)

    def apply(self, action: Action) -> None:
        entity = str(action.get("entity"))
        kind = action["type"]
        if kind == "par":
            self.majors.add(action["corporation"])
        elif kind == "bid" and action.get("corporation") in LINES:
            self.owner[action["corporation"]] = entity
        else:
            self.close_unowned_lines()
        if entity in LINES and entity not in self.started:
            self.started.add(entity)
            self.home_token(entity)
        if kind == "lay_tile":
            coord = action["hex"]
            name = action["tile"].rsplit("-", 1)[0]
            old, _ = self.state.tile(coord)
            if self.state.is_printed(coord) and "OO" in old.labels and not old.paths:
                # A token on a trackless OO hex is picked up and placed again by the
                # place_token that follows (report.md, board reconstruction item 3).
                self.state.tokens.pop(coord, None)
            for tid, h in list(self.where.items()):
                if h == coord:
                    del self.where[tid]
            self.state.lay(coord, self.tiles[name], action["rotation"])
            self.where[action["tile"]] = coord
        elif kind == "place_token":
            coord, part = self._city(action["city"])
            slots = self.state.slots(coord, part)
            if None not in slots:  # a bonus token displaces a Stadtbahn token
                displaced = next(i for i, t in enumerate(slots) if t in STADTBAHN)
                slots[displaced] = None
            self.state.place_token(coord, part, entity)
        elif kind == "remove_token":
            coord, part = self._city(action["city"])
            slots = self.state.slots(coord, part)
            slots[next(i for i, t in enumerate(slots) if t in STADTBAHN)] = None

    def _city(self, city_id: str) -> tuple[str, int]:
        tile_id, part = city_id.rsplit("-", 1)
        return self.where[tile_id], int(part)


@cache
def run_positions() -> tuple[RunPosition, ...]:
    """The map before each recorded Line run, in game order."""
    raw = json.loads((DATA / "fixture_2player.json").read_text())["actions"]
    runs = {r["action_id"]: r for r in json.loads((DATA / "runs_2player.json").read_text())["runs"]}
    replay = Replay()
    out: list[RunPosition] = []
    for action in effective_actions(raw):
        if action["type"] == "run_routes" and action.get("id") in runs:
            replay.apply({**action, "type": "noop"})  # the home token, for a first turn
            out.append(RunPosition(replay.state.copy(), runs[action["id"]]))
        replay.apply(action)
    return tuple(out)


def decode(graph: TrackGraph, route: dict[str, Any]) -> tuple[list[str], list[int]]:
    """A recorded route (18xx.games `nodes` + `connections`) as our stops and links."""
    wire = importer.decode_route(graph, route)
    stops = wire["stops"]
    links = [
        link_for(graph, stops[i], stops[i + 1], hexes).index
        for i, hexes in enumerate(wire["connections"])
    ]
    return stops, links
