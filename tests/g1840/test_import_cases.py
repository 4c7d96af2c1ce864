"""Importing 18xx.games files of multi-player games (3-5 players), each case reached through
the engine: a game is played here (scripted or by the bots, 18xx.games profile), written in
the site's format by `site_writer`, and imported back (report.md part (c)).

Cases: a private-auction bidder who cannot pay the next bid (VI; the site logs nothing for
him), the Stadtbahn green bonus on a tile laid the same turn (IX.4), the home-marker choice
the site records when one city is free (IX.6), a game ended by hand, routes without nodes,
files seeded from the game id, refusals in the players' recorded names, the undo/redo
filter (against the site's algorithm, brute force) and the resumable import op.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import Game, new_game
from pygame_core.api import handle_request
from pygame_core.core.errors import IllegalAction
from pygame_core.g1840 import board as b
from pygame_core.g1840.importer import (
    MAX_ROUTE_NODES,
    ImportFailed,
    ImportJob,
    decode_route,
    effective_actions,
    id_seed,
    import_game,
)
from pygame_core.g1840.setup import setup_draw
from pygame_core.g1840.world import World

from .helpers import act, cash, seat, world
from .site_writer import SiteFile, write_site_file

JsonDict = dict[str, Any]
SITE = "18xx.games"
NAMES = ("Astrid", "Bruno", "Carla", "Dieter", "Erika")
INTERNAL = re.compile(r"\bp\d\b|\bseat \d\b")


def bot_game(players: int, seed: int, until: Callable[[Game], bool] | None = None) -> Game:
    """A game of the normal bots (18xx.games profile), played to its end or until
    `until(game)` holds."""
    g = new_game("1840", list(NAMES[:players]), {"profile": SITE}, seed)
    while g.result() is None and not (until is not None and until(g)):
        s = seat(g)
        g.apply(g.bot_action(s, "normal"), s)
    return g


def round_trip(g: Game, **kw: Any) -> tuple[SiteFile, Game]:
    """Write `g` as a site file and import it back; the import must give the same state."""
    site = write_site_file(g, **kw)
    imported, report = import_game(site.data)
    assert report.mismatches == []
    assert imported.state_hash() == g.state_hash()
    assert len(imported.actions) == len(g.actions)
    return site, imported


def entity_actions(data: Mapping[str, Any], entity: Any) -> list[JsonDict]:
    return [a for a in data["actions"] if a.get("entity") == entity]


# --- the whole game ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_a_whole_bot_game_round_trips_through_the_site_format(players: int, seed: int) -> None:
    # report.md (c): the file's actions replayed under the 18xx.games profile give the
    # very game that was played (state hash), with every Line run and Stadtbahn payout
    # matching its record. These games also meet the recorded home-marker choice (IX.6).
    g = bot_game(players, seed)
    site, imported = round_trip(g)
    assert imported.result() == g.result()
    assert site.stadtbahn_runs > 0 and site.home_records > 0
    ids = [p["id"] for p in site.data["players"]]
    result = g.result()
    assert result is not None
    assert site.data["result"] == {str(ids[s]): v for s, v in enumerate(result["scores"])}


# --- VI: a bidder who cannot pay leaves without an action --------------------------------


def test_vi_a_bidder_who_cannot_pay_the_next_bid_has_no_action_in_the_file() -> None:
    # VI / report (b): on 18xx.games a player who cannot pay the least next bid leaves the
    # private's auction by himself and nothing is logged for him (helper B's engine change,
    # V22's rule for the Line auction). 5 players, 230 each: the first picker buys SSB for
    # 200 and keeps 30, the next picker opens SD at 50, so the least next bid (55) is
    # more than the first player has.
    g = new_game("1840", list(NAMES), {"profile": SITE}, 11)
    rich = seat(g)
    act(g, {"type": "bid", "private": "SSB", "price": 200})
    while world(g).private_owner.get("SSB") is None:
        act(g, {"type": "pass"})
    assert cash(g, rich) == 30
    act(g, {"type": "bid", "private": "SD", "price": 50})
    opened = len(g.actions)
    while world(g).private_owner.get("SD") is None:
        act(g, {"type": "pass"})  # (before B's change, the broke player passes here too)
    g = _finish_pre(g)
    site = write_site_file(g)
    # The file has no action of the broke player while SD was auctioned.
    sd_bid = next(i for i, a in enumerate(site.data["actions"]) if a.get("company") == "SD")
    sold = _first_action_after(site.data, sd_bid, lambda a: a.get("company") not in (None, "SD"))
    rich_id = site.data["players"][rich]["id"]
    assert all(a["entity"] != rich_id for a in site.data["actions"][sd_bid:sold])
    assert opened > 0
    imported, _ = import_game(site.data)
    assert imported.state_hash() == g.state_hash()


def _finish_pre(g: Game) -> Game:
    """Play the bots until the Pre round is over (SR 1)."""
    while world(g).step in ("private_auction", "choose_order"):
        s = seat(g)
        g.apply(g.bot_action(s, "normal"), s)
    return g


def _first_action_after(
    data: Mapping[str, Any], start: int, cond: Callable[[JsonDict], bool]
) -> int:
    actions = data["actions"]
    return next((i for i in range(start + 1, len(actions)) if cond(actions[i])), len(actions))


# --- IX.4: the green bonus on a tile laid the same turn ----------------------------------


def _green_bonus_position(g: Game) -> bool:
    w = world(g)
    t = w.turn
    return bool(
        w.step == "line_turn"
        and t is not None
        and t.bonus == "upgrade_yellow_to_green"
        and "green" in w.colours
        and _laid_yellow(w)
    )


def _laid_yellow(w: World) -> list[str]:
    t = w.turn
    assert t is not None
    return [h for h in t.laid if not w.map.is_printed(h) and w.map.tile(h)[0].colour == "yellow"]


def test_ix4_the_green_bonus_upgrades_a_tile_laid_earlier_the_same_turn() -> None:
    # IX.4 (18xx.games profile, helper B's change): the Stadtbahn bonus "upgrade a yellow
    # tile to green" may take the yellow tile the Line laid earlier in the same turn; the
    # site's file records the two lays, and the import replays them.
    g = bot_game(4, 2, _green_bonus_position)
    assert _green_bonus_position(g), "the bots never reached the position"
    coord = _laid_yellow(world(g))[0]
    green = [
        {"type": "lay_tile", "hex": coord, "tile": name, "rotation": r}
        for name, tile in b.tiles().items()
        if tile.colour == "green"
        for r in range(6)
    ]
    for action in green:
        try:
            g.apply(action, seat(g))
            break
        except IllegalAction:
            continue
    assert world(g).map.tile(coord)[0].colour == "green", "the upgrade was refused"
    g = bot_game_continue(g, lambda g: world(g).step != "line_turn")
    round_trip(g)


def bot_game_continue(g: Game, until: Callable[[Game], bool]) -> Game:
    while g.result() is None and not until(g):
        s = seat(g)
        g.apply(g.bot_action(s, "normal"), s)
    return g


# --- IX.6: the home marker the site asks for --------------------------------------------


def _home_on_a_tile(g: Game) -> bool:
    """A Line's first turn has started on a home hex that already has a tile (its free
    home marker placed here by itself)."""
    w = world(g)
    t = w.turn
    if w.step != "line_turn" or t is None or not t.first or t.home_choice or t.laid:
        return False
    home = w.lines[t.line].home
    return not w.map.is_printed(home) and any(h == home for h, _ in w.map.corp_tokens(t.line))


def test_ix6_the_recorded_home_marker_choice_matches_the_one_placed_here() -> None:
    # IX.6 / report (c): 18xx.games logs a `place_token` for the Line's home whenever its
    # home hex is reserved and has a tile, even with one city free; here the marker is
    # placed without asking, so the record is checked and skipped.
    g = bot_game(3, 1, _home_on_a_tile)
    assert _home_on_a_tile(g)
    site, _ = round_trip(g)
    assert site.home_records == 1
    _, report = import_game(site.data)
    assert report.home_markers == 1


def test_ix6_a_recorded_home_marker_in_another_city_is_refused() -> None:
    g = bot_game(3, 1, _home_on_a_tile)
    site = write_site_file(g)
    line = world(g).turn.line  # type: ignore[union-attr]
    data = copy.deepcopy(site.data)
    record = next(a for a in reversed(data["actions"]) if a["type"] == "place_token")
    assert record["entity"] == line
    other = "0" if record["city"].endswith("1") else "1"
    record["city"] = record["city"][:-1] + other
    with pytest.raises(ImportFailed, match=f"Line {line}'s home marker in city {other}"):
        import_game(data)


# --- a game ended by hand ----------------------------------------------------------------


def _mid_lr2(g: Game) -> bool:
    w = world(g)
    return w.round_label == "LR 2a" and w.turn is not None and w.lr_lines != []


def ended_by_hand() -> tuple[Game, SiteFile]:
    g = bot_game(4, 5, _mid_lr2)
    act(g, {"type": "end_game"})
    return g, write_site_file(g)


def test_a_game_ended_by_hand_imports_up_to_its_end_and_stays_ended() -> None:
    # report.md (c): `end_game` ends the game on the site mid-round; its `result` is the
    # players' values at that moment. Here it is the 18xx.games profile's end_game action.
    g, site = ended_by_hand()
    assert site.data["manually_ended"] and site.data["actions"][-1]["type"] == "end_game"
    imported, report = import_game(site.data)
    assert report.ended_by_hand and report.mismatches == []
    assert imported.state_hash() == g.state_hash()
    result = imported.result()
    w = world(imported)
    assert result is not None and result["scores"] == [w.value(s) for s in range(4)]
    ids = [p["id"] for p in site.data["players"]]
    assert site.data["result"] == {str(ids[s]): v for s, v in enumerate(result["scores"])}
    view = imported.view(None)
    assert view["ended_by_hand"] is True and "ended by hand" in imported.prompt(None)
    assert imported.active is None and imported.legal_actions(0) == []
    assert not any(imported.can_undo(s) for s in range(4))
    # Save and load, and the history, keep the mark.
    again = Game.from_json(imported.to_json())
    assert again.state_hash() == imported.state_hash() and again.view(0)["ended_by_hand"]
    n = len(imported.actions)
    assert imported.at(n).view(None)["ended_by_hand"]
    assert not imported.at(n - 1).view(None)["ended_by_hand"]
    assert imported.at(n - 1).result() is None


def test_end_game_is_only_for_18xx_games_files() -> None:
    # XI: "Das Spiel endet am Ende der CR6" -- the rulebook has no end by hand.
    g = new_game("1840", list(NAMES[:3]), {}, 1)
    with pytest.raises(IllegalAction) as err:
        act(g, {"type": "end_game"})
    assert err.value.rule == "1840 XI"
    assert all(e["type"] != "end_game" for e in g.legal_actions(seat(g)))


def test_actions_after_the_end_are_refused() -> None:
    _, site = ended_by_hand()
    data = copy.deepcopy(site.data)
    last_pass = next(a for a in reversed(data["actions"]) if a["type"] == "pass")
    data["actions"].append({**last_pass, "id": data["actions"][-1]["id"] + 1})
    with pytest.raises(ImportFailed, match="ended by hand here, but the file goes on"):
        import_game(data)


# --- older exports -----------------------------------------------------------------------


def test_routes_recorded_without_nodes_are_read_from_the_map() -> None:
    # report.md (c): older exports give each route's `connections` and `hexes` only.
    g = bot_game(3, 4, lambda g: world(g).round_label == "LR 2a")
    site, _ = round_trip(g, nodes=False)
    runs = [a for a in site.data["actions"] if a["type"] == "run_routes" and a["routes"]]
    runs = [a for a in runs if a["entity"] not in ("W", "V", "G", "D")]
    assert runs and all("nodes" not in r for a in runs for r in a["routes"])


class _FakeGraph:
    """Two cities on B1 both reached from A1 by a track over the same hexes."""

    def __init__(self) -> None:
        from types import SimpleNamespace as N

        self.nodes = [
            N(index=i, hex=h, sig=f"{h}-{p}")
            for i, (h, p) in enumerate([("A1", 0), ("B1", 0), ("B1", 1)])
        ]
        self.by_sig = {n.sig: n.index for n in self.nodes}
        self.links = [
            N(index=0, a=0, b=1, hexes=("A1", "B1"), other=lambda n: 1 if n == 0 else 0),
            N(index=1, a=0, b=2, hexes=("A1", "B1"), other=lambda n: 2 if n == 0 else 0),
        ]
        self.node_links = [[0, 1], [0], [1]]


def test_a_route_without_nodes_that_fits_two_tracks_is_refused_clearly() -> None:
    graph: Any = _FakeGraph()
    route = {"connections": [["A1", "B1"]], "revenue": 10}
    with pytest.raises(ValueError, match="fits 2 tracks and the file names no stops"):
        decode_route(graph, route)
    assert decode_route(graph, {**route, "nodes": ["A1-0", "B1-1"]})["stops"] == [
        "A1-0",
        "B1-1",
    ]


def test_a_route_with_thousands_of_nodes_is_refused_at_once() -> None:
    graph: Any = _FakeGraph()
    nodes = [f"B1-{i}" for i in range(5000)]
    with pytest.raises(ValueError, match=f"at most {MAX_ROUTE_NODES}"):
        decode_route(graph, {"connections": [["A1", "B1"]], "nodes": nodes})


def _sr1_to_cr2(g: Game) -> bool:
    return world(g).round_label == "CR 2"


def test_a_file_without_settings_seed_is_seeded_from_its_game_id() -> None:
    # 18xx.games drew its setup from the game id before settings.seed (tobymao/18xx
    # PR #10070, 2023-12-31): `@id.to_s.scan(/\d+/).first.to_i % RAND_M`.
    g = bot_game(3, 20230512, _sr1_to_cr2)
    site = write_site_file(g, game_id="20230512", seed=False)
    assert "seed" not in site.data["settings"]
    imported, report = import_game(site.data)
    assert report.seed_from_id and report.seed == 20230512
    assert imported.state_hash() == g.state_hash()
    assert id_seed("hs_20230512_x") == 20230512 and id_seed(2**31 + 5) == 5


def test_an_old_settings_seed_that_contradicts_the_draw_gives_way_to_the_id() -> None:
    # Before the change settings.seed only shuffled the seating; a file saved then names
    # Lines and majors (merge, par) that its settings.seed does not draw.
    g = bot_game(3, 777, _sr1_to_cr2)
    wrong = next(
        s
        for s in range(1, 100)
        if not set(setup_draw(777, 3, SITE).majors) <= set(setup_draw(s, 3, SITE).majors)
    )
    site = write_site_file(g, game_id=777)
    site.data["settings"]["seed"] = wrong
    imported, report = import_game(site.data)
    assert report.seed_from_id and report.seed == 777
    assert imported.state_hash() == g.state_hash()


# --- refusals in players' terms ---------------------------------------------------------


def test_a_refusal_names_the_action_and_the_players_recorded_names() -> None:
    # An action by the wrong player: the message names both players as the file does.
    g = bot_game(3, 1, lambda g: world(g).step == "stock")
    site = write_site_file(g, player_ids=[5101, 4217, 14944])
    data = copy.deepcopy(site.data)
    first = data["actions"][0]
    actor = next(p for p in data["players"] if p["id"] == first["entity"])
    other = next(p for p in data["players"] if p["id"] != first["entity"])
    first["entity"] = other["id"]
    with pytest.raises(ImportFailed) as err:
        import_game(data)
    message = err.value.message
    assert message.startswith(f"Action 0 (id {first['id']}) cannot be replayed")
    assert other["name"] in message and actor["name"] in message
    assert not INTERNAL.search(message) and "5101" not in message


def test_an_engine_refusal_is_translated_to_the_recorded_names() -> None:
    # The engine names share holders "p0", "p1"...: the import's message uses names. The
    # file goes on with a sale of shares the player does not hold.
    g = bot_game(3, 1, lambda g: world(g).round_label == "SR 2")
    data = copy.deepcopy(write_site_file(g).data)
    player = data["players"][seat(g)]
    major = next(iter(world(g).majors))
    data["actions"].append(
        {
            "type": "sell_shares",
            "entity": player["id"],
            "entity_type": "player",
            "shares": [f"{major}_{i}" for i in range(1, 6)],
            "percent": 50,
            "id": data["actions"][-1]["id"] + 1,
        }
    )
    with pytest.raises(ImportFailed) as err:
        import_game(data)
    message = err.value.message
    assert f"{player['name']} holds 0 ordinary {major} shares" in message
    assert not INTERNAL.search(message), message


# --- the undo/redo filter ----------------------------------------------------------------


def reference_filter(raw: Sequence[Mapping[str, Any]]) -> list[JsonDict]:
    """The filter as it was (quadratic), kept as the brute-force reference of the site's
    algorithm (report.md (c)) for sequences where every undo and redo names something."""
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


@st.composite
def undo_sequences(draw: st.DrawFn) -> list[JsonDict]:
    """Random files of passes, messages, undos (plain, to an earlier id, to 0) and redos,
    each undo and redo valid where it stands."""
    raw: list[JsonDict] = []
    ids: list[int] = []
    active = 0
    redoable = 0
    next_id = 1
    for _ in range(draw(st.integers(0, 60))):
        choice = draw(st.sampled_from(["act", "act", "msg", "undo", "undo_to", "redo"]))
        if choice == "undo" and active:
            raw.append({"type": "undo", "id": next_id})
            active -= 1
            redoable += 1
        elif choice == "undo_to" and ids:
            target = draw(st.sampled_from([0, *ids]))
            raw.append({"type": "undo", "id": next_id, "action_id": target})
            active = len(reference_filter(raw))
            redoable += 1
        elif choice == "redo" and redoable:
            raw.append({"type": "redo", "id": next_id})
            redoable -= 1
            active = len(reference_filter(raw))
        elif choice == "msg":
            raw.append({"type": "message", "id": next_id})
        else:
            raw.append({"type": "pass", "id": next_id})
            ids.append(next_id)
            active += 1
            redoable = 0
        next_id += draw(st.integers(1, 2))  # ids may have gaps
    return raw


@given(undo_sequences())
@settings(max_examples=300, deadline=None)
def test_the_linear_filter_equals_the_sites_algorithm(raw: list[JsonDict]) -> None:
    assert effective_actions(raw) == reference_filter(raw)


class CountingList(list[JsonDict]):
    """A raw action list that counts the lookups of single actions by index."""

    lookups = 0

    def __getitem__(self, index: Any) -> Any:
        self.lookups += 1
        return super().__getitem__(index)


def test_long_undo_redo_chains_are_filtered_in_one_pass() -> None:
    # 1 MB of passes and undo/redo pairs (each undo back to the first action): the old
    # filter read every earlier action again per undo (18 million lookups here); the
    # filter reads each action a bounded number of times. Same result as the reference.
    raw = CountingList({"type": "pass", "id": i, "entity": 1} for i in range(1, 3001))
    for k in range(6000):
        raw.append({"type": "undo", "id": 4000 + 2 * k, "action_id": 1})
        raw.append({"type": "redo", "id": 4001 + 2 * k})
    assert len(str(raw)) > 500_000
    assert len(effective_actions(raw)) == 3000
    assert raw.lookups <= 2 * len(raw)
    small = raw[:300] + raw[3000:3400]
    assert effective_actions(small) == reference_filter(small)


@pytest.mark.parametrize(
    ("undo", "message"),
    [
        ({"type": "undo", "id": 9, "action_id": 77}, "back to action 77, which is not in"),
        ({"type": "undo", "id": 9, "action_id": []}, "action_id [] is not a number"),
        ({"type": "undo", "id": 9, "action_id": "2"}, "action_id '2' is not a number"),
    ],
)
def test_an_undo_that_names_no_earlier_action_is_refused(undo: JsonDict, message: str) -> None:
    raw = [{"type": "pass", "id": 1}, {"type": "pass", "id": 2}, undo]
    with pytest.raises(ImportFailed, match=re.escape(message)) as err:
        effective_actions(raw)
    assert err.value.message.startswith("Action 2 (id 9) cannot be replayed")


def test_an_undo_or_redo_with_nothing_to_take_is_refused() -> None:
    with pytest.raises(ImportFailed, match="nothing undone to redo"):
        effective_actions([{"type": "pass", "id": 1}, {"type": "redo", "id": 2}])
    with pytest.raises(ImportFailed, match="no action left to undo"):
        effective_actions([{"type": "undo", "id": 1}])


# --- the resumable import ----------------------------------------------------------------


def test_the_import_runs_in_steps_through_the_api() -> None:
    g = bot_game(3, 1, lambda g: world(g).round_label == "LR 1a")
    data = write_site_file(g).data
    start = handle_request(
        {"op": "import_start", "game_id": "steps", "title": "1840", "data": data}
    )
    assert start["ok"] and start["done"] == 0
    total = start["total"]
    assert total == len(effective_actions(data["actions"])) == ImportJob(data).total
    seen = []
    while True:
        reply = handle_request({"op": "import_step", "game_id": "steps", "count": 40, "seat": 0})
        assert reply["ok"], reply
        seen.append(reply["done"])
        if "view" in reply:
            break
        assert reply["total"] == total
    assert seen == sorted(seen) and seen[-1] == total
    one_shot = handle_request(
        {"op": "import", "game_id": "whole", "title": "1840", "data": data, "seat": 0}
    )
    for key in ("n_actions", "view", "legal", "result", "save"):
        assert reply[key] == one_shot[key], key
    state = handle_request({"op": "hash", "game_id": "steps"})
    assert state["hash"] == g.state_hash()
    again = handle_request({"op": "import_step", "game_id": "steps", "count": 1})
    assert not again["ok"] and "No import under way" in again["error"]["message"]


def test_a_failed_import_step_keeps_the_games_already_loaded() -> None:
    g = bot_game(3, 1, lambda g: world(g).step == "stock")
    data = copy.deepcopy(write_site_file(g).data)
    data["actions"][3]["entity"] = data["actions"][2]["entity"]
    handle_request({"op": "new", "game_id": "kept", "title": "1840", "players": ["A", "B"]})
    before = handle_request({"op": "hash", "game_id": "kept"})["hash"]
    assert handle_request({"op": "import_start", "game_id": "kept", "title": "1840", "data": data})[
        "ok"
    ]
    failed = handle_request({"op": "import_step", "game_id": "kept", "count": 1000})
    assert not failed["ok"] and failed["error"]["kind"] == "corrupt_save"
    assert failed["error"]["message"].startswith("Action ")
    assert handle_request({"op": "hash", "game_id": "kept"})["hash"] == before
    bad = handle_request({"op": "import_step", "game_id": "kept", "count": 0})
    assert not bad["ok"]
    assert not handle_request({"op": "import_start", "game_id": "x", "title": "1840", "data": "{"})[
        "ok"
    ]
