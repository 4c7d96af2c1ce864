"""Import a game exported from 18xx.games (its JSON game file) and replay it here under the
"18xx.games" rules profile.

The file's format and the site's conventions are described in the 1840 reference report
(shared/reference/1840/report.md, part (c)); nothing here is the site's code. Steps:

1. The effective action list: undo/redo resolved exactly as the site does.
2. Setup from the file's seed (the site's Line and major draw, `setup.py`).
3. Each site action becomes zero or more of our actions: tile ids ("58-5") become tile
   names, city ids ("6-1-0") hexes and part indices, a `merge` + `bid` pair our
   `select_line`, recorded routes our explicit `run` routes; the site's automatic actions
   (home tokens, Stadtbahn runs, zero dividends) happen by themselves here and are checked
   instead (each Stadtbahn payout must equal the recorded run).
4. Any action that cannot be replayed raises `ImportFailed` naming its index, its id and
   the reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import CorruptSave, EngineError
from ..core.game import Game
from ..g18xx.graph import TrackGraph
from ..g18xx.routes import link_for
from . import board as b
from .game import Vienna1840, acting_entity, active_seat
from .setup import SITE
from .world import World

JsonDict = dict[str, Any]
STADTBAHN = frozenset({"W", "V", "G", "D"})
IGNORED = frozenset({"message", "program_share_pass", "program_buy_shares", "program_disable"})


class ImportFailed(CorruptSave):
    """An 18xx.games file that cannot be replayed here."""


@dataclass
class ImportReport:
    """What the import checked along the way."""

    actions: int = 0  # effective site actions
    applied: int = 0  # our actions applied
    line_runs: int = 0
    stadtbahn_runs: int = 0
    mismatches: list[str] = field(default_factory=list)
    result: dict[str, int] | None = None  # the file's recorded result, by player id


def effective_actions(raw: Sequence[Mapping[str, Any]]) -> list[JsonDict]:
    """The site's undo/redo filter (report.md (c)): the actions that count, in order.
    Each keeps its own `auto_actions` (they are processed with it)."""
    active: dict[int, bool] = {}
    order: list[int] = []
    undo_stack: list[list[int]] = []
    for i, action in enumerate(raw):
        kind = action.get("type")
        if kind == "undo":
            target = action.get("action_id")
            if target is not None:
                after = not target
                group = []
                for j in order:
                    if after and active[j]:
                        group.append(j)
                    if raw[j].get("id") == target:
                        after = True
            else:
                group = [next(j for j in reversed(order) if active[j])]
            for j in group:
                active[j] = False
            undo_stack.append(group)
        elif kind == "redo":
            for j in undo_stack.pop():
                active[j] = True
        elif kind != "message":
            undo_stack.clear()
            active[i] = True
            order.append(i)
    return [dict(raw[j]) for j in order if active[j]]


def decode_route(graph: TrackGraph, route: Mapping[str, Any]) -> JsonDict:
    """A recorded route (`nodes` + `connections`, segments in any order and direction) as
    our wire route: stops in order and the hexes of each link between them."""
    nodes = list(route.get("nodes", []))
    by_hex: dict[str, list[str]] = {}
    for sig in nodes:
        by_hex.setdefault(sig.rsplit("-", 1)[0], []).append(sig)
    chosen: list[tuple[str, str, tuple[str, ...], int]] = []
    for seg in route["connections"]:
        found = []
        for a in by_hex.get(seg[0], []):
            for z in by_hex.get(seg[-1], []):
                if a == z:
                    continue
                try:
                    link = link_for(graph, a, z, seg)
                except KeyError:
                    continue
                found.append((a, z, tuple(seg), link.index))
        if len(found) != 1:
            raise ValueError(f"the recorded segment {'-'.join(seg)} matches {len(found)} tracks")
        chosen.append(found[0])
    ends: dict[str, list[tuple[str, tuple[str, ...], int]]] = {}
    for a, z, hexes, li in chosen:
        ends.setdefault(a, []).append((z, hexes, li))
        ends.setdefault(z, []).append((a, tuple(reversed(hexes)), li))
    if not chosen:
        raise ValueError("the recorded route is empty")
    starts = [s for s, nb in ends.items() if len(nb) == 1]
    if len(starts) != 2:
        raise ValueError("the recorded route is not a simple path")
    stops = [starts[0]]
    connections: list[list[str]] = []
    used: set[int] = set()
    while len(used) < len(chosen):
        step = next((z, hexes, li) for z, hexes, li in ends[stops[-1]] if li not in used)
        stops.append(step[0])
        connections.append(list(step[1]))
        used.add(step[2])
    return {"stops": stops, "connections": connections}


class _Importer:
    def __init__(self, data: Mapping[str, Any]) -> None:
        if data.get("title") != "1840":
            raise ImportFailed(f"This is not an 1840 game file (title {data.get('title')!r})")
        players = data.get("players")
        settings = data.get("settings") or {}
        if not isinstance(players, list) or not players:
            raise ImportFailed("The game file has no players")
        seed = settings.get("seed")
        if not isinstance(seed, int):
            raise ImportFailed("The game file has no seed")
        self.ids = [str(p["id"]) for p in players]
        self.names = [str(p.get("name") or f"Player {i + 1}") for i, p in enumerate(players)]
        options: JsonDict = {"profile": SITE}
        if "three_player_small" in (settings.get("optional_rules") or []):
            options["three_player_small"] = True
        try:
            self.game = Game("1840", self.names, options, seed)
        except EngineError as exc:
            raise ImportFailed(f"The game cannot be set up: {exc.message}") from exc
        self.report = ImportReport(result=data.get("result"))
        variant = self.w.setup.variant
        # The site's tile ids ("58-5", printed "K9-0") -> the hex they lie on.
        self.where: dict[str, str] = {h["tile_id"]: c for c, h in b.hex_data(variant).items()}
        self.pending_merge: tuple[str, str] | None = None
        self.index = 0
        self.action_id: Any = None

    @property
    def w(self) -> World:
        state = self.game.state
        assert isinstance(state, Vienna1840)
        return state.w

    # --- applying ------------------------------------------------------------------------

    def fail(self, reason: str) -> ImportFailed:
        return ImportFailed(
            f"Action {self.index} (id {self.action_id}) cannot be replayed: {reason}"
        )

    def apply(self, action: JsonDict) -> None:
        seat = active_seat(self.w)
        if seat is None:
            raise self.fail("the game is over here")
        try:
            self.game.apply(action, seat)
        except EngineError as exc:
            raise self.fail(f"{action} is refused: {exc.message}") from exc
        self.report.applied += 1

    def seat_of(self, entity: Any) -> int:
        key = str(entity)
        if key in self.ids:
            return self.ids.index(key)
        if key in self.w.majors:
            return self.w.director(key)
        owner = self.w.lines[key].major if key in self.w.lines else None
        if owner is not None:
            return self.w.director(owner)
        raise self.fail(f"unknown entity {entity!r}")

    def expect(self, entity: Any) -> None:
        if self.seat_of(entity) != active_seat(self.w):
            raise self.fail(
                f"it is {entity}'s action, but here {acting_entity(self.w)[0]} is to act"
            )

    def city(self, city_id: str) -> tuple[str, int]:
        tile_id, _, part = city_id.rpartition("-")
        if tile_id not in self.where:
            raise self.fail(f"unknown tile id in city {city_id!r}")
        return self.where[tile_id], int(part)

    # --- the actions ---------------------------------------------------------------------

    def run(self, actions: list[JsonDict]) -> None:
        self.report.actions = len(actions)
        actions = list(actions)
        # The site ends a major's tram purchases with a pass and then lets it reassign
        # its trams as a separate step; here both are one step, ended by "done".
        for i in range(len(actions) - 1):
            a, z = actions[i], actions[i + 1]
            if (
                a.get("type") == "pass"
                and z.get("type") == "reassign_trains"
                and a.get("entity") == z.get("entity")
            ):
                actions[i], actions[i + 1] = z, a
        for i, act in enumerate(actions):
            self.index, self.action_id = i, act.get("id")
            self.one(act)
            for auto in act.get("auto_actions") or []:
                if auto.get("type") != "reassign_trains" or act.get("type") != "pass":
                    self.one(auto)

    def one(self, act: JsonDict) -> None:
        kind = act.get("type")
        entity = act.get("entity")
        if kind in IGNORED:
            return
        w = self.w
        if not (kind == "run_routes" and str(entity) in STADTBAHN):
            self.close_tram_step(str(entity), str(kind))
        if kind == "bid" and "company" in act:
            self.expect(entity)
            self.apply({"type": "bid", "private": act["company"], "price": act["price"]})
        elif kind == "bid":
            line = str(act["corporation"])
            if self.pending_merge is not None:
                major, picked = self.pending_merge
                self.pending_merge = None
                if (major, picked) != (str(entity), line):
                    raise self.fail("a Line auction must open with its picker's bid")
                self.expect(entity)
                self.apply({"type": "select_line", "line": line, "price": act["price"]})
            else:
                self.expect(entity)
                self.apply({"type": "bid", "line": line, "price": act["price"]})
        elif kind == "merge":
            self.pending_merge = (str(entity), str(act["corporation"]))
        elif kind == "pass":
            self.passing(act)
        elif kind == "choose":
            self.expect(entity)
            self.apply({"type": "choose_order", "position": int(act["choice"]) + 1})
        elif kind == "par":
            self.expect(entity)
            price = int(str(act["share_price"]).split(",")[0])
            self.apply({"type": "par", "major": act["corporation"], "price": price})
        elif kind == "buy_shares":
            self.expect(entity)
            company = str(act["shares"][0]).rsplit("_", 1)[0]
            for _ in act["shares"]:
                self.apply({"type": "buy", "company": company})
        elif kind == "sell_shares":
            self.expect(entity)
            company = str(act["shares"][0]).rsplit("_", 1)[0]
            self.apply({"type": "sell", "company": company, "count": len(act["shares"])})
        elif kind == "dividend":
            self.expect(entity)
            self.apply({"type": "dividend", "amount": int(act["amount"])})
        elif kind == "buy_train":
            self.buy_train(act)
        elif kind == "scrap_train":
            self.expect(entity)
            self.apply({"type": "scrap_tram", "tram": act["train"]})
        elif kind == "reassign_trains":
            self.reassign(act)
        elif kind == "lay_tile":
            self.lay(act)
        elif kind == "place_token":
            self.expect(entity)
            coord, part = self.city(act["city"])
            turn = w.turn
            wire: JsonDict = {"type": "place_token", "hex": coord, "city": part}
            if turn is not None and turn.bonus is not None and act.get("slot") is not None:
                wire["slot"] = int(act["slot"])
            self.apply(wire)
        elif kind == "remove_token":
            self.expect(entity)
            coord, part = self.city(act["city"])
            self.apply({"type": "remove_token", "hex": coord, "city": part})
        elif kind == "run_routes":
            self.run_routes(act)
        elif kind == "buy_company":
            self.expect(entity)
            self.apply(
                {"type": "buy_private", "private": act["company"], "price": int(act["price"])}
            )
        elif kind == "choose_ability":
            owner = w.private_owner.get(str(entity))
            if owner is None:
                raise self.fail(f"nobody owns {entity}")
            self.apply({"type": "sell_private", "private": str(entity)})
        elif kind == "end_game":
            raise self.fail("the game was ended by hand on 18xx.games; it is not complete")
        else:
            raise self.fail(f"unknown action type {kind!r}")

    def close_tram_step(self, entity: str, kind: str) -> None:
        """The site ends a major's tram step by itself (three trams, nothing to reassign)
        and moves on; here the step ends with "done" once another action comes."""
        w = self.w
        while w.step == "company" and w.cr is not None and w.cr.current is not None:
            step, major = w.cr.current
            if step not in ("trams", "rearrange"):
                return
            if kind in ("pass", "reassign_trains"):
                return  # handled (or found to be a no-op) by passing() and reassign()
            if major == entity and kind in ("buy_train", "scrap_train"):
                return
            if not any(e["type"] == "done" for e in self.game.legal_actions(w.director(major))):
                return
            self.apply({"type": "done"})

    def passing(self, act: JsonDict) -> None:
        w = self.w
        entity = str(act.get("entity"))
        autos = [a for a in act.get("auto_actions") or [] if a.get("type") == "reassign_trains"]
        acting, _ = acting_entity(w)
        if w.step == "line_turn":
            t = w.turn
            if t is None or t.line != entity:
                return  # a step of a Line whose turn has ended here
            if t.bonus is not None:
                self.apply({"type": "pass_bonus"})
            elif t.ran or w.lines[entity].tram is None:
                self.apply({"type": "end_turn"})  # no run (no tram), or after the run
            return  # otherwise the end of the build step: the run comes next
        if w.step == "company":
            cr = w.cr
            assert cr is not None
            mine = acting == entity or (
                cr.current is not None and cr.current[0] == "bid" and acting == entity
            )
            if not mine:
                for auto in autos:
                    self.reassign(auto, check_only=True)
                return  # a step the site shows and that has nothing to decide here
            for auto in autos:
                self.reassign(auto)
            kind = cr.current[0] if cr.current else ""
            self.apply({"type": "done"} if kind in ("trams", "rearrange") else {"type": "pass"})
            return
        if act.get("entity_type") != "player" or w.step not in (
            "stock",
            "private_auction",
            "choose_order",
        ):
            return  # a company's pass in a step that ended by itself here
        self.expect(entity)
        if w.step == "stock" and w.sr is not None and w.sr.sold_this_turn:
            self.apply({"type": "end_turn"})
        else:
            self.apply({"type": "pass"})

    def buy_train(self, act: JsonDict) -> None:
        self.expect(act.get("entity"))
        tram = str(act["train"])
        kind = tram.rsplit("-", 1)[0]
        stock = self.w.depot.stock.get(kind, [])
        if not stock or stock[0] != tram:
            raise self.fail(f"the bank's next {kind} tram here is not {tram}")
        self.apply({"type": "buy_tram", "tram": kind})
        major = str(act["entity"])
        price = int(act.get("price", 0))
        paid = next((e["price"] for e in self.w.events if e.get("kind") == "buy_tram"), None)
        if paid is not None and paid != price:
            self.report.mismatches.append(f"{self.action_id}: {major} paid {paid}, not {price}")

    def reassign(self, act: JsonDict, *, check_only: bool = False) -> None:
        w = self.w
        major = str(act["entity"])
        cr = w.cr
        if cr is None or cr.current is None or cr.current[1] != major:
            check_only = True  # a step skipped here: the site's reassignment must change nothing
        for item in act.get("assignments") or []:
            tram, target = str(item["train"]), str(item["corporation"])
            line = None if target == major else target
            where = next((ln for ln in w.majors[major].lines if w.lines[ln].tram == tram), None)
            if where == line:
                continue
            if check_only:
                raise self.fail(f"{major} moves tram {tram} when it has no step to do so")
            self.apply({"type": "assign_tram", "tram": tram, "line": line})

    def lay(self, act: JsonDict) -> None:
        self.expect(act.get("entity"))
        coord = str(act["hex"])
        tile_id = str(act["tile"])
        name = tile_id.rsplit("-", 1)[0]
        self.apply(
            {"type": "lay_tile", "hex": coord, "tile": name, "rotation": int(act["rotation"])}
        )
        for tid, h in list(self.where.items()):
            if h == coord:
                del self.where[tid]
        self.where[tile_id] = coord

    def run_routes(self, act: JsonDict) -> None:
        w = self.w
        entity = str(act.get("entity"))
        routes = act.get("routes") or []
        if entity in STADTBAHN:
            self.report.stadtbahn_runs += 1
            recorded = sum(int(r.get("revenue", 0)) for r in routes)
            ours = w.stadtbahn_revenue.get(entity)
            factor = _multiplier(w)
            if ours is None or ours != recorded * factor:
                raise self.fail(
                    f"{entity}'s Stadtbahn run pays {ours} here, {recorded} x{factor} there"
                )
            return
        self.expect(entity)
        self.report.line_runs += 1
        if not routes:
            self.apply({"type": "run", "route": None})
            return
        from .linerounds import graph

        try:
            route = decode_route(graph(w), routes[0])
        except ValueError as exc:
            raise self.fail(str(exc)) from exc
        self.apply({"type": "run", "route": route})
        last = w.lines[entity].last_run
        ours = None if last is None else last["revenue"]
        if ours != int(routes[0]["revenue"]):
            raise self.fail(f"Line {entity} earns {ours} here, {routes[0]['revenue']} there")


def _multiplier(w: World) -> int:
    from .entities import stadtbahn_multiplier

    return stadtbahn_multiplier(w.company_round) if w.company_round else 1


def import_game(data: Mapping[str, Any]) -> tuple[Game, ImportReport]:
    """Replay an 18xx.games 1840 game file; returns our game at its last state and what
    was checked. Raises ImportFailed naming the action that cannot be replayed."""
    imp = _Importer(data)
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise ImportFailed("The game file has no action list")
    imp.run(effective_actions(raw))
    return imp.game, imp.report
