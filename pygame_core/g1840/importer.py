"""Import a game exported from 18xx.games (its JSON game file) and replay it here under the
"18xx.games" rules profile.

The file's format and the site's conventions are described in the 1840 reference report
(shared/reference/1840/report.md, part (c)); nothing here is the site's code. Steps:

1. The effective action list: undo/redo resolved exactly as the site does (linear time).
2. Setup from the file's seed (the site's Line and major draw, `setup.py`); files from
   before the site seeded its draws from `settings.seed` use the seed from the game id
   (`site_seed`).
3. Each site action becomes zero or more of our actions: tile ids ("58-5") become tile
   names, city ids ("6-1-0") hexes and part indices, a `merge` + `bid` pair our
   `select_line`, recorded routes our explicit `run` routes; the site's automatic actions
   (home tokens, Stadtbahn runs, zero dividends) happen by themselves here and are checked
   instead (each Stadtbahn payout must equal the recorded run, a recorded home marker the
   one placed here). A manual `end_game` becomes our `end_game`: the game ends there.
4. Any action that cannot be replayed raises `ImportFailed` naming its index, its id and
   the reason in players' terms (the names recorded in the file, never our seat ids).

`ImportJob` replays in steps (the page shows progress); `import_game` does it at once.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.errors import CorruptSave, EngineError, quote
from ..core.game import Game
from ..core.names import tidy_names
from ..g18xx.graph import TrackGraph
from . import board as b
from .entities import entities
from .game import Vienna1840, acting_entity, active_seat
from .setup import SITE, setup_draw
from .world import World

JsonDict = dict[str, Any]
STADTBAHN = frozenset({"W", "V", "G", "D"})
IGNORED = frozenset({"message", "program_share_pass", "program_buy_shares", "program_disable"})
# A recorded route names at most this many nodes (a Line's route has far fewer stops):
# more is a damaged or crafted file, refused before any search.
MAX_ROUTE_NODES: Final = 64
MAX_ROUTE_SEGMENTS: Final = 64
_RAND_M: Final = 1 << 31


class ImportFailed(CorruptSave):
    """An 18xx.games file that cannot be replayed here."""


@dataclass
class ImportReport:
    """What the import checked along the way."""

    actions: int = 0  # effective site actions
    applied: int = 0  # our actions applied
    line_runs: int = 0
    stadtbahn_runs: int = 0
    home_markers: int = 0  # recorded home-marker choices checked against ours
    seed: int = 0  # the seed the draw was replayed from
    seed_from_id: bool = False  # True: the game id's seed (files before the site's change)
    ended_by_hand: bool = False
    mismatches: list[str] = field(default_factory=list)
    result: dict[str, int] | None = None  # the file's recorded result, by player id


# --- undo and redo ---------------------------------------------------------------------


def effective_actions(raw: Sequence[Mapping[str, Any]]) -> list[JsonDict]:
    """The site's undo/redo filter (report.md (c)): the actions that count, in order.
    Each keeps its own `auto_actions` (they are processed with it).

    The site's rule: `undo` deactivates the last active action, or with `action_id` k
    every active action after the action whose id is k (0: all of them); `redo`
    reactivates the last undone group; any other action (but `message`) is active and
    forgets the redo groups. Here the active actions are the first `top` entries of
    `stack` (file order) and an undone group is always a suffix of them, so an undo only
    lowers `top` and a redo raises it back: linear in the file's length. Raises
    ImportFailed for an undo or redo that names nothing to undo or redo."""
    stack: list[int] = []  # raw indices in file order; stack[:top] are active
    top = 0
    redo: list[int] = []  # `top` before each undo not yet redone
    first_index: dict[Any, int] = {}  # action id -> raw index of its first such action
    for i, action in enumerate(raw):
        kind = action.get("type")
        if kind == "undo":
            new_top = _undo_to(raw, i, action, stack, top, first_index)
            redo.append(top)
            top = new_top
        elif kind == "redo":
            if not redo:
                raise _filter_error(raw, i, "a redo with nothing undone to redo")
            top = redo.pop()
        elif kind != "message":
            del stack[top:]
            redo.clear()
            stack.append(i)
            top += 1
            key = action.get("id")
            if _hashable(key):
                first_index.setdefault(key, i)
    return [dict(raw[j]) for j in stack[:top]]


def _undo_to(
    raw: Sequence[Mapping[str, Any]],
    i: int,
    action: Mapping[str, Any],
    stack: list[int],
    top: int,
    first_index: Mapping[Any, int],
) -> int:
    """The new number of active actions after the undo at raw index `i`."""
    if "action_id" not in action or action["action_id"] is None:
        if top == 0:
            raise _filter_error(raw, i, "an undo with no action left to undo")
        return top - 1
    target = action["action_id"]
    if not isinstance(target, int) or isinstance(target, bool):
        raise _filter_error(raw, i, f"an undo whose action_id {quote(target)} is not a number")
    if target == 0:
        return 0  # the site: action_id 0 undoes everything
    where = first_index.get(target)
    if where is None:
        raise _filter_error(raw, i, f"an undo back to action {target}, which is not in the file")
    # The active actions after the target: the suffix of stack[:top] past its index.
    return bisect.bisect_right(stack, where, 0, top)


def _hashable(key: Any) -> bool:
    return isinstance(key, int | str) and not isinstance(key, bool)


def _filter_error(raw: Sequence[Mapping[str, Any]], i: int, reason: str) -> ImportFailed:
    return ImportFailed(
        f"Action {i} (id {quote(raw[i].get('id'))}) cannot be replayed: the file has {reason}"
    )


# --- seeds -------------------------------------------------------------------------------


def id_seed(game_id: Any) -> int | None:
    """The seed 18xx.games drew with before its draws used `settings.seed`: the first run
    of digits of the game id, modulo 2**31. Source: tobymao/18xx lib/engine/game/base.rb,
    `@seed = @id.to_s.scan(/\\d+/).first.to_i % RAND_M` with RAND_M = 2**31; PR #10070
    ("use settings['seed'] for @rand implementation", merged 2023-12-31) made the draw use
    `settings.seed`, and its migration (scripts/migrate_seed.rb) set `settings.seed` to
    the game id for the games then on the site. An export saved before that carries the
    old `settings.seed`, which then only shuffled the seating."""
    digits = re.search(r"\d+", str(game_id)) if game_id is not None else None
    return None if digits is None else int(digits.group()) % _RAND_M


def site_seed(data: Mapping[str, Any], players: int, small: bool) -> tuple[int, bool]:
    """(seed, from the id?) that reproduces the file's draw: `settings.seed` unless the
    file has none or the Lines and majors it names (`merge`, `par`) contradict that
    seed's draw and the id's seed fits them. Raises ImportFailed if neither exists."""
    settings = data.get("settings") or {}
    seed = settings.get("seed") if isinstance(settings, Mapping) else None
    by_id = id_seed(data.get("id"))
    if not isinstance(seed, int) or isinstance(seed, bool):
        if by_id is None:
            raise ImportFailed("The game file has no seed (and no game id to take it from)")
        return by_id, True
    if by_id is None or by_id == seed % _RAND_M:
        return seed, False
    named = _named_companies(data.get("actions"))
    if _draw_fits(seed, players, small, named) or not _draw_fits(by_id, players, small, named):
        return seed, False
    return by_id, True


def _named_companies(raw: Any) -> tuple[set[str], str | None]:
    """The majors the file founds (`par`) and the first Line it auctions (`merge`)."""
    majors: set[str] = set()
    first_line: str | None = None
    for action in raw if isinstance(raw, list) else []:
        if not isinstance(action, Mapping):
            continue
        if action.get("type") == "par":
            majors.add(str(action.get("corporation")))
        elif action.get("type") == "merge" and first_line is None:
            first_line = str(action.get("corporation"))
    return majors, first_line


def _draw_fits(seed: int, players: int, small: bool, named: tuple[set[str], str | None]) -> bool:
    """True if `seed`'s draw offers every founded major and the first auctioned Line (the
    first auction comes before any new Line is revealed)."""
    try:
        setup = setup_draw(seed, players, SITE, three_player_small=small)
    except ValueError:
        return False
    majors, first_line = named
    return majors <= set(setup.majors) and (
        first_line is None or first_line in setup.lines_revealed
    )


# --- routes ------------------------------------------------------------------------------


def decode_route(graph: TrackGraph, route: Mapping[str, Any]) -> JsonDict:
    """A recorded route (`connections`, segments in any order and direction, and `nodes`
    when the file has them) as our wire route: stops in order and the hexes of each link.

    Older exports have no `nodes`: each segment's end nodes are then every stop of the
    map on its end hexes, which is enough when exactly one track fits. Raises ValueError
    (in players' words) for a segment that fits no track or several."""
    segments = route.get("connections")
    if not isinstance(segments, list) or not segments:
        raise ValueError("the recorded route is empty")
    if len(segments) > MAX_ROUTE_SEGMENTS:
        raise ValueError(
            f"the recorded route has {len(segments)} segments (at most {MAX_ROUTE_SEGMENTS})"
        )
    by_hex = _candidates(graph, route.get("nodes"))
    chosen: list[tuple[int, int, tuple[str, ...], int]] = []
    for seg in segments:
        if not isinstance(seg, list) or len(seg) < 2 or not all(isinstance(h, str) for h in seg):
            raise ValueError(f"the recorded segment {quote(seg)} is not a list of hexes")
        hexes = tuple(seg)
        found = _segment_links(graph, by_hex, hexes)
        if len(found) != 1:
            where = "-".join(hexes)
            if found and "nodes" not in route:
                raise ValueError(
                    f"the recorded segment {where} fits {len(found)} tracks and the file "
                    "names no stops (nodes) to tell them apart"
                )
            raise ValueError(f"the recorded segment {where} matches {len(found)} tracks")
        chosen.append(found[0])
    return _chain(graph, chosen)


def _candidates(graph: TrackGraph, nodes: Any) -> dict[str, list[int]]:
    """Hex -> the graph nodes a segment may end at there: the recorded `nodes` (distinct,
    known ones) or, without them, every stop of the map."""
    by_hex: dict[str, list[int]] = {}
    if nodes is None:
        for node in graph.nodes:
            by_hex.setdefault(node.hex, []).append(node.index)
        return by_hex
    if not isinstance(nodes, list):
        raise ValueError("the recorded route's nodes are not a list")
    if len(nodes) > MAX_ROUTE_NODES:
        raise ValueError(
            f"the recorded route names {len(nodes)} stops (nodes); a route has at most "
            f"{MAX_ROUTE_NODES}"
        )
    for sig in dict.fromkeys(str(n) for n in nodes):
        index = graph.by_sig.get(sig)
        if index is not None:
            by_hex.setdefault(graph.nodes[index].hex, []).append(index)
    return by_hex


def _segment_links(
    graph: TrackGraph, by_hex: Mapping[str, list[int]], hexes: tuple[str, ...]
) -> list[tuple[int, int, tuple[str, ...], int]]:
    """(a, z, hexes from a, link index) of every track that runs over `hexes` between a
    candidate node on its first hex and one on its last."""
    ends = set(by_hex.get(hexes[-1], ()))
    found = []
    for a in by_hex.get(hexes[0], ()):
        for li in graph.node_links[a]:
            link = graph.links[li]
            z = link.other(a)
            if z == a or z not in ends:
                continue
            path = link.hexes if link.a == a else tuple(reversed(link.hexes))
            if path == hexes:
                found.append((a, z, hexes, li))
    return found


def _chain(graph: TrackGraph, chosen: list[tuple[int, int, tuple[str, ...], int]]) -> JsonDict:
    """The segments put in route order (they may be recorded in any order)."""
    ends: dict[int, list[tuple[int, tuple[str, ...], int]]] = {}
    for a, z, hexes, li in chosen:
        ends.setdefault(a, []).append((z, hexes, li))
        ends.setdefault(z, []).append((a, tuple(reversed(hexes)), li))
    starts = [s for s, nb in ends.items() if len(nb) == 1]
    if len(starts) != 2 or any(len(nb) > 2 for nb in ends.values()):
        raise ValueError("the recorded route is not a simple path")
    stops = [starts[0]]
    connections: list[list[str]] = []
    used: set[int] = set()
    while len(used) < len(chosen):
        step = next(((z, h, li) for z, h, li in ends[stops[-1]] if li not in used), None)
        if step is None:
            raise ValueError("the recorded route is not a simple path")
        stops.append(step[0])
        connections.append(list(step[1]))
        used.add(step[2])
    return {"stops": [graph.nodes[s].sig for s in stops], "connections": connections}


class _Importer:
    def __init__(self, data: Mapping[str, Any]) -> None:
        if data.get("title") != "1840":
            raise ImportFailed(f"This is not an 1840 game file (title {quote(data.get('title'))})")
        players = data.get("players")
        settings = data.get("settings") or {}
        if not isinstance(players, list) or not players:
            raise ImportFailed("The game file has no players")
        if not all(isinstance(p, Mapping) and "id" in p for p in players):
            raise ImportFailed("The game file's players have no ids")
        if not isinstance(settings, Mapping):
            raise ImportFailed("The game file's settings are damaged")
        self.ids = [str(p["id"]) for p in players]
        # Who may act in a file: the players (by their recorded ids), every company and
        # every private of the title.
        data_e = entities()
        self.actors = frozenset(
            (
                *self.ids,
                *data_e["majors"],
                *data_e["stadtbahn"],
                *data_e["lines"],
                *data_e["privates"],
            )
        )
        try:  # the recorded names, cut to 20 characters and made unique (a note each)
            self.names, notes = tidy_names(
                [str(p.get("name") or f"Player {i + 1}") for i, p in enumerate(players)]
            )
        except EngineError as exc:
            raise ImportFailed(f"The game file's player names: {exc.message}") from exc
        options: JsonDict = {"profile": SITE}
        optional = settings.get("optional_rules") or []
        if not isinstance(optional, list):
            raise ImportFailed("The game file's optional rules are damaged")
        small = "three_player_small" in optional
        if small:
            options["three_player_small"] = True
        seed, from_id = site_seed(data, len(players), small)
        try:
            self.game = Game("1840", self.names, options, seed)
        except EngineError as exc:
            raise ImportFailed(f"The game cannot be set up: {self.terms(exc.message)}") from exc
        self.game.notes = notes
        self.report = ImportReport(result=data.get("result"), seed=seed, seed_from_id=from_id)
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
            f"Action {self.index} (id {quote(self.action_id)}) cannot be replayed: "
            f"{self.terms(reason)}"
        )

    def terms(self, text: str) -> str:
        """`text` in players' terms: our seat holders ("p1"), seats ("seat 1") and the
        file's player ids become the names recorded in the file."""

        def seat(m: re.Match[str]) -> str:
            i = int(m.group(1))
            return self.names[i] if i < len(self.names) else m.group(0)

        text = re.sub(r"\b(?:p|seat |Seat )(\d+)\b", seat, text)
        return text

    def who(self, entity: Any) -> str:
        """A site entity in players' terms: a player's recorded name, "Line 4", a major."""
        key = str(entity)
        if key in self.ids:
            return self.names[self.ids.index(key)]
        if key in self.w.lines:
            return f"Line {key}"
        return key

    def apply(self, action: JsonDict) -> None:
        seat = active_seat(self.w)
        if seat is None:
            raise self.fail("the game is over here")
        try:
            self.game.apply(action, seat)
        except EngineError as exc:
            raise self.fail(
                f"{self.names[seat]}'s {action['type']} is refused here: {exc.message}"
            ) from exc
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
        raise self.fail(f"unknown entity {quote(entity)}")

    def expect(self, entity: Any) -> None:
        seat = active_seat(self.w)
        if seat is None:
            raise self.fail(f"{self.who(entity)} acts after the game's end here")
        if self.seat_of(entity) != seat:
            acting, _ = acting_entity(self.w)
            raise self.fail(
                f"it is {self.who(entity)}'s action, but here {self.who(acting)} "
                f"({self.names[seat]}) is to act"
            )

    def city(self, city_id: str) -> tuple[str, int]:
        tile_id, _, part = city_id.rpartition("-")
        if tile_id not in self.where:
            raise self.fail(f"unknown tile id in city {quote(city_id)}")
        return self.where[tile_id], int(part)

    # --- the actions ---------------------------------------------------------------------

    def prepare(self, actions: list[JsonDict]) -> list[JsonDict]:
        """The effective actions in the order they are replayed here."""
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
        return actions

    def replay(self, i: int, act: JsonDict) -> None:
        """Replay effective action `i` and its automatic actions."""
        self.index, self.action_id = i, act.get("id")
        self.after_end(act)
        self.one(act)
        for auto in act.get("auto_actions") or []:
            # The site's own consequences of this action (they may close the game).
            if auto.get("type") != "reassign_trains" or act.get("type") != "pass":
                self.one(auto)

    def after_end(self, act: JsonDict) -> None:
        """Nothing but chat may follow the game's end (natural or by hand)."""
        if self.w.over and act.get("type") not in IGNORED:
            how = "was ended by hand" if self.w.ended_by_hand else "is over"
            raise self.fail(
                f"the game {how} here, but the file goes on with "
                f"{self.who(act.get('entity'))}'s {act.get('type')}"
            )

    def one(self, act: JsonDict) -> None:
        kind = act.get("type")
        entity = act.get("entity")
        if kind in IGNORED:
            return
        if str(entity) not in self.actors:
            # Every action of the site is a player's, a company's or a private's: anything
            # else is a damaged file, not a step to skip (a file of passes by a stranger
            # imported as an empty game).
            raise self.fail(f"its {quote(kind)} names nobody in this game ({quote(entity)})")
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
            if self.home_marker(str(entity), coord, part):
                return
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
            self.apply({"type": "end_game"})
            self.report.ended_by_hand = True
        else:
            raise self.fail(f"unknown action type {quote(kind)}")

    def home_marker(self, line: str, coord: str, part: int) -> bool:
        """True if the recorded `place_token` is the Line's free home marker that was
        already placed here. 18xx.games asks for the home city whenever the Line's home
        hex is reserved and has track, even with one city left; here the only possible
        city is taken without asking (IX.6). A different city is refused."""
        w = self.w
        t = w.turn
        card = w.lines.get(line)
        if t is None or t.line != line or card is None or t.home_choice or coord != card.home:
            return False
        placed = [p for h, p in w.map.corp_tokens(line) if h == coord]
        if not placed:
            return False
        if part not in placed:
            raise self.fail(
                f"the file puts Line {line}'s home marker in city {part} of {coord}, but "
                f"here its only free home city is {placed[0]}, where it already stands"
            )
        self.report.home_markers += 1
        return True

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


def _describe(exc: BaseException) -> str:
    """A damaged field's exception in words: a missing key, or the type and a short quote."""
    if isinstance(exc, KeyError) and exc.args:
        return f"it has no {quote(exc.args[0], 40)}"
    return f"{type(exc).__name__}: {quote(str(exc))}"


def _multiplier(w: World) -> int:
    from .entities import stadtbahn_multiplier

    return stadtbahn_multiplier(w.company_round) if w.company_round else 1


class ImportJob:
    """A replay in steps: `step(count)` replays the next `count` effective actions, and
    the last step returns the game (`import_game` is one job run at once)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise ImportFailed("The game file must be a JSON object")
        raw = data.get("actions")
        if not isinstance(raw, list):
            raise ImportFailed("The game file has no action list")
        if not all(isinstance(a, Mapping) for a in raw):
            raise ImportFailed("The game file's action list holds something not an action")
        try:
            self._imp = _Importer(data)
            self._actions = self._imp.prepare(effective_actions(raw))
        except EngineError:
            raise
        except Exception as exc:  # a field of a type the checks above did not expect
            raise ImportFailed(f"The game file is damaged ({_describe(exc)})") from exc
        self._manually_ended = bool(data.get("manually_ended"))
        self.done = 0
        self.failed: ImportFailed | None = None

    @property
    def total(self) -> int:
        """The number of effective actions to replay."""
        return len(self._actions)

    @property
    def report(self) -> ImportReport:
        """What was checked so far."""
        return self._imp.report

    @property
    def players(self) -> list[str]:
        """The game's player names (as recorded, cut to 20 characters and made unique)."""
        return list(self._imp.names)

    def step(self, count: int) -> Game | None:
        """Replay up to `count` more actions; the game once all are replayed, else None.
        Raises ImportFailed (and every later step raises it again)."""
        if self.failed is not None:
            raise self.failed
        try:
            stop = min(self.total, self.done + max(count, 0))
            while self.done < stop:
                self._imp.replay(self.done, self._actions[self.done])
                self.done += 1
            if self.done < self.total:
                return None
            self._check_end()
        except ImportFailed as exc:
            self.failed = exc
            raise
        except Exception as exc:  # a damaged field (a lay_tile without its hex, ...)
            act = self._actions[self.done] if self.done < self.total else {}
            self.failed = ImportFailed(
                f"Action {self.done} (id {quote(act.get('id'))}) cannot be replayed: its "
                f"{quote(act.get('type'), 40)} is damaged ({_describe(exc)})"
            )
            raise self.failed from exc
        return self._imp.game

    def _check_end(self) -> None:
        """Compare the end with the file's own record (a difference is reported)."""
        imp = self._imp
        report = imp.report
        if self._manually_ended and not report.ended_by_hand:
            report.mismatches.append("the file says it was ended by hand, but has no end_game")
        result = imp.game.result()
        if result is not None and isinstance(report.result, Mapping):
            ours = {imp.ids[s]: score for s, score in enumerate(result["scores"])}
            theirs = {str(k): v for k, v in report.result.items()}
            if ours != theirs:
                report.mismatches.append(f"the values here are {ours}, in the file {theirs}")


def import_game(data: Mapping[str, Any]) -> tuple[Game, ImportReport]:
    """Replay an 18xx.games 1840 game file; returns our game at its last state and what
    was checked. Raises ImportFailed naming the action that cannot be replayed."""
    job = ImportJob(data)
    game = job.step(job.total)
    assert game is not None
    return game, job.report
