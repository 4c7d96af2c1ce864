"""Write one of our 1840 games (18xx.games profile) as an 18xx.games game file.

The tests use it to reach import cases through the engine: play a game here, write it in
the site's format (report.md part (c); the recorded fixture shows the same shapes), and
import it back. The writer replays our action list in a fresh game and turns each action
into what the site records for it:

- players get numeric ids; `settings.seed` is our seed (the site's draw, setup.py);
- private bids, passes, order choices, pars ("price,row,col"), share buys and sales with
  certificate ids ("WT_3"), dividends, tram purchases ("Y1-0"), tram reassignments, the
  Line auction as `merge` + `bid`, tile lays with copy ids ("58-5"), city ids with the
  part index ("K9-0-0"), runs with connections / hexes / nodes / revenue, and each
  Stadtbahn payout as an automatic `run_routes` of the action that caused it;
- what the site does not log is left out: a private-auction pass of a player who cannot
  pay the least bid (the site drops him from the auction by himself);
- what the site logs and we do not: a Line's home marker on a home hex that already has a
  tile (the site asks for its city even when only one is free), as `place_token`.

Options switch parts off or on to build older or damaged files (`nodes=False`, ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pygame_core import Game
from pygame_core.g1840 import board as b
from pygame_core.g1840.entities import stadtbahn_multiplier
from pygame_core.g1840.game import Vienna1840, acting_entity, active_seat
from pygame_core.g1840.world import World

JsonDict = dict[str, Any]
FIRST_ID = 101  # the site's action ids start anywhere and may have gaps


@dataclass
class SiteFile:
    """What the writer produced, and counts of the special cases it met."""

    data: JsonDict
    dropped_passes: int = 0  # private-auction passes the site does not log
    home_records: int = 0  # home-marker place_tokens the site logs and we do not
    stadtbahn_runs: int = 0
    positions: dict[str, int] = field(default_factory=dict)  # label -> index in actions


def _world(g: Game) -> World:
    state = g.state
    assert isinstance(state, Vienna1840)
    return state.w


class _Writer:
    def __init__(self, game: Game, *, nodes: bool, player_ids: list[int]) -> None:
        self.source = game
        self.game = Game(game.title, game.players, game.options, game.seed)
        self.nodes = nodes
        self.ids = player_ids
        self.out: list[JsonDict] = []
        self.next_id = FIRST_ID
        w = self.w
        # The site's tile ids: printed ones from the map data, laid ones "<name>-<copy>".
        self.tile_id: dict[str, str] = {
            c: h["tile_id"] for c, h in b.hex_data(w.setup.variant).items()
        }
        self.copies: dict[str, set[int]] = {}
        self.started: set[str] = set()
        self.file = SiteFile(data={})

    @property
    def w(self) -> World:
        return _world(self.game)

    # --- output --------------------------------------------------------------------------

    def emit(self, type_: str, entity: str | int, entity_type: str, **fields: Any) -> JsonDict:
        action: JsonDict = {
            "type": type_,
            "entity": entity,
            "entity_type": entity_type,
            "id": self.next_id,
            "created_at": 1_700_000_000 + self.next_id,
            **fields,
        }
        self.next_id += 1
        self.out.append(action)
        return action

    def player(self, seat: int) -> int:
        return self.ids[seat]

    def city(self, coord: str, part: int) -> str:
        return f"{self.tile_id[coord]}-{part}"

    # --- the replay ----------------------------------------------------------------------

    def write(self) -> None:
        for record in self.source.actions:
            action, seat = dict(record["action"]), int(record["seat"])
            before = self.describe(action, seat)
            self.game.apply(action, seat)
            written = self.after(action, seat, before)
            self.stadtbahn(written)
            self.home_marker()

    def describe(self, action: JsonDict, seat: int) -> JsonDict:
        """What must be read before the action changes the state."""
        w = self.w
        entity, kind = acting_entity(w)
        info: JsonDict = {"entity": entity, "kind": kind, "step": w.step}
        if action["type"] in ("buy", "sell"):
            company = action["company"]
            info["held"] = {c.id for c in w.shares.held(f"p{seat}", company)}
            info["pool"] = [c.id for c in w.shares.certs[company]]
        if action["type"] == "pass" and w.step == "private_auction":
            auction = w.auction
            bids = [e for e in self.game.legal_actions(seat) if e["type"] == "bid"]
            info["broke"] = auction is not None and auction.lot is not None and not bids
        if action["type"] in ("place_token", "remove_token"):
            info["city"] = self.city(action["hex"], action["city"])
            if action["type"] == "remove_token":
                slots = w.map.tokens_at(action["hex"], action["city"])
                info["slot"] = next(i for i, t in enumerate(slots) if t in w.stadtbahn)
        return info

    def after(self, action: JsonDict, seat: int, info: JsonDict) -> JsonDict | None:
        """Write the site's record of `action` (None if the site logs nothing)."""
        w = self.w
        kind = action["type"]
        pid = self.player(seat)
        entity = info["entity"]
        corp = "corporation"
        if kind == "bid" and action.get("private") is not None:
            return self.emit("bid", pid, "player", company=action["private"], price=action["price"])
        if kind == "bid":
            return self.emit("bid", entity, corp, corporation=action["line"], price=action["price"])
        if kind == "select_line":
            self.emit("merge", entity, corp, corporation=action["line"])
            return self.emit("bid", entity, corp, corporation=action["line"], price=action["price"])
        if kind == "pass" and info.get("broke"):
            self.file.dropped_passes += 1
            return None
        if kind in ("pass", "end_turn", "done", "pass_bonus"):
            if info["kind"] == "player":
                return self.emit("pass", pid, "player")
            return self.emit("pass", entity, corp)
        if kind == "choose_order":
            return self.emit("choose", pid, "player", choice=action["position"] - 1)
        if kind == "par":
            row, col = w.market.cell(action["major"])
            price = f"{action['price']},{row},{col}"
            return self.emit("par", pid, "player", corporation=action["major"], share_price=price)
        if kind == "buy":
            company = action["company"]
            held = {c.id for c in w.shares.held(f"p{seat}", company)}
            got = sorted(held - info["held"])
            return self.emit("buy_shares", pid, "player", shares=got, percent=_percent(w, got))
        if kind == "sell":
            company = action["company"]
            held = {c.id for c in w.shares.held(f"p{seat}", company)}
            gone = sorted(info["held"] - held)
            return self.emit("sell_shares", pid, "player", shares=gone, percent=_percent(w, gone))
        if kind == "sell_private":
            return self.emit(
                "choose_ability", action["private"], "company", choice={"type": "sell"}
            )
        if kind == "dividend":
            return self.emit("dividend", entity, corp, kind="variable", amount=action["amount"])
        if kind == "buy_tram":
            ev = next(e for e in w.events if e.get("kind") == "buy_tram")
            return self.emit(
                "buy_train",
                entity,
                corp,
                train=ev["tram"],
                price=ev["price"],
                variant=action["tram"],
            )
        if kind == "scrap_tram":
            return self.emit("scrap_train", entity, corp, train=action["tram"])
        if kind == "assign_tram":
            target = action.get("line") or entity
            return self.emit(
                "reassign_trains",
                entity,
                corp,
                assignments=[{"train": action["tram"], "corporation": target}],
            )
        if kind == "lay_tile":
            return self.lay(entity, action)
        if kind == "place_token":
            fields: JsonDict = {"city": info["city"], "slot": action.get("slot") or 0}
            return self.emit("place_token", entity, corp, tokener=entity, **fields)
        if kind == "remove_token":
            return self.emit("remove_token", entity, corp, city=info["city"], slot=info["slot"])
        if kind == "run":
            return self.run(entity)
        if kind == "buy_private":
            return self.emit(
                "buy_company", entity, corp, company=action["private"], price=action["price"]
            )
        if kind == "end_game":
            return self.emit("end_game", pid, "player")
        raise AssertionError(f"the writer does not know {kind!r}")

    def lay(self, line: str, action: JsonDict) -> JsonDict:
        coord, name = action["hex"], action["tile"]
        old = self.tile_id[coord]
        old_name, _, old_copy = old.rpartition("-")
        if old_name in self.copies and not self.w.map.is_printed(coord):
            self.copies[old_name].discard(int(old_copy))  # back to the supply (reusable)
        used = self.copies.setdefault(name, set())
        copy = next(i for i in range(len(used) + 1) if i not in used)
        used.add(copy)
        self.tile_id[coord] = f"{name}-{copy}"
        return self.emit(
            "lay_tile",
            line,
            "corporation",
            hex=coord,
            tile=self.tile_id[coord],
            rotation=action["rotation"],
        )

    def run(self, line: str) -> JsonDict:
        ev = next((e for e in self.w.events if e.get("kind") == "run"), None)
        if ev is None or not ev.get("stops"):
            return self.emit("run_routes", line, "corporation", routes=[])
        route: JsonDict = {
            "train": self.w.lines[line].tram,
            "connections": [list(c) for c in ev["connections"]],
            "hexes": list(ev["hexes"]),
            "revenue": ev["revenue"],
            "revenue_str": "-".join(ev["hexes"]),
        }
        if self.nodes:
            route["nodes"] = list(ev["stops"])
        return self.emit("run_routes", line, "corporation", routes=[route])

    def stadtbahn(self, parent: JsonDict | None) -> None:
        """Each Stadtbahn payout as the site's automatic run (a company that earns
        nothing has no run recorded)."""
        w = self.w
        pays = [e for e in w.events if e.get("kind") == "stadtbahn" and e["amount"] > 0]
        if not pays:
            return
        factor = stadtbahn_multiplier(w.company_round) if w.company_round else 1
        if parent is None:
            parent = self.out[-1]
        autos = parent.setdefault("auto_actions", [])
        for e in pays:
            autos.append(
                {
                    "type": "run_routes",
                    "entity": e["company"],
                    "entity_type": "corporation",
                    "routes": [{"revenue": e["amount"] // factor, "connections": []}],
                }
            )
            self.file.stadtbahn_runs += 1

    def home_marker(self) -> None:
        """The site asks a Line for its home city when its home hex already has a tile,
        even when one city is left; we place it without asking."""
        w = self.w
        t = w.turn
        if t is None or not t.first or t.line in self.started or active_seat(w) is None:
            return
        self.started.add(t.line)
        home = w.lines[t.line].home
        placed = [p for h, p in w.map.corp_tokens(t.line) if h == home]
        if w.map.is_printed(home) or not placed or t.home_choice:
            return
        self.emit(
            "place_token",
            t.line,
            "corporation",
            city=self.city(home, placed[0]),
            slot=0,
            tokener=t.line,
        )
        self.file.home_records += 1
        self.file.positions.setdefault(f"home {t.line}", len(self.out) - 1)


def _percent(w: World, certs: list[str]) -> int:
    total = 0
    for cid in certs:
        corp, _, index = cid.rpartition("_")
        total += w.shares.certs[corp][int(index)].percent
    return total


def write_site_file(
    game: Game,
    *,
    game_id: int | str = 424242,
    nodes: bool = True,
    seed: bool = True,
    player_ids: list[int] | None = None,
) -> SiteFile:
    """Our game as an 18xx.games file (see the module doc). `seed=False` leaves
    `settings.seed` out (files from before the site seeded its draws with it)."""
    ids = player_ids or [1000 + 37 * s for s in range(len(game.players))]
    writer = _Writer(game, nodes=nodes, player_ids=ids)
    writer.write()
    g = writer.game
    w = writer.w
    settings: JsonDict = {"optional_rules": [], "auto_routing": False, "is_async": True}
    if game.options.get("three_player_small"):
        settings["optional_rules"] = ["three_player_small"]
    if seed:
        settings["seed"] = game.seed
    result = g.result()
    data: JsonDict = {
        "id": game_id,
        "title": "1840",
        "players": [{"id": ids[s], "name": n} for s, n in enumerate(game.players)],
        "settings": settings,
        "status": "finished" if result is not None else "active",
        "actions": writer.out,
        "manually_ended": bool(w.ended_by_hand),
        "result": None
        if result is None
        else {str(ids[s]): v for s, v in enumerate(result["scores"])},
    }
    writer.file.data = data
    return writer.file


def site_pass(entity: str | int, entity_type: str, action_id: int) -> JsonDict:
    """A bare site `pass` (for crafted files)."""
    return {"type": "pass", "entity": entity, "entity_type": entity_type, "id": action_id}


def with_actions(data: Mapping[str, Any], actions: list[JsonDict]) -> JsonDict:
    """A copy of a site file with another action list."""
    return {**data, "actions": actions}
