"""The request layer's hardening (issue 13, section 1): every request is checked completely
before anything changes, a bad one gets a clear error (kind, message; the rule where there is
one), the current game stays as it was, and no exception escapes `handle()`.

Grouped by the reviewer's items: A. a failed request replaced the game; B. exceptions
escaped; C. wrong types were accepted; D. imports accepted junk; E. replies could be huge;
F. the engine's own API (1840 legal actions, a do-nothing assign_tram, player names).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core import CorruptSave, EngineError, Game, IllegalAction, InvalidAction, new_game
from pygame_core.api import handle
from pygame_core.g1840.game import Vienna1840
from pygame_core.trambahn.rules import TrambahnState
from tests.g1840.helpers import Policy, advance, cr_step, world

JsonDict = dict[str, Any]
FIXTURE = Path(__file__).resolve().parent.parent / "g1840" / "data" / "fixture_2player.json"


def call(req: Any) -> JsonDict:
    """One request through the worker's entry point (JSON text both ways)."""
    out: JsonDict = json.loads(handle(json.dumps(req)))
    return out


def raw(text: str) -> JsonDict:
    out: JsonDict = json.loads(handle(text))
    return out


def trambahn(game_id: str, *, moves: int = 1) -> JsonDict:
    """A Trambahn game under `game_id` with `moves` actions played (seat 0's view)."""
    r = call(
        {"op": "new", "game_id": game_id, "title": "trambahn", "players": ["Anna", "Ben"]}
        | {"seed": 8, "seat": 0}
    )
    assert r["ok"], r
    for _ in range(moves):
        r = call({"op": "act", "game_id": game_id, "seat": 0, "action": r["legal"][0]})
        assert r["ok"], r
    return r


def game_hash(game_id: str) -> str:
    r = call({"op": "hash", "game_id": game_id})
    assert r["ok"], r
    h: str = r["hash"]
    return h


def refused(req: Any, game_id: str, kind: str | None = None) -> JsonDict:
    """Send `req` (an object, or JSON text), expect an error reply, and check that the game
    under `game_id` did not change. Returns the error."""
    before = game_hash(game_id)
    reply = raw(req) if isinstance(req, str) else call(req)
    assert reply["ok"] is False, reply
    error: JsonDict = reply["error"]
    assert isinstance(error["kind"], str) and isinstance(error["message"], str), error
    if kind is not None:
        assert error["kind"] == kind, error
    assert game_hash(game_id) == before
    return error


def fixture(actions: int | None = None) -> JsonDict:
    """The recorded 2-player 18xx.games game (its first `actions` actions)."""
    data: JsonDict = json.loads(FIXTURE.read_text())
    if actions is not None:
        data["actions"] = data["actions"][:actions]
    return data


def first_of(data: JsonDict, kind: str) -> tuple[int, JsonDict]:
    """(index, action) of the file's first action of `kind` (the file has no undo before
    it, so the index is also the effective index)."""
    return next((i, a) for i, a in enumerate(data["actions"]) if a["type"] == kind)


# --- A. A failed request replaced the game ----------------------------------------------


def test_a_load_with_an_unknown_seat_keeps_the_current_game() -> None:
    trambahn("A1")
    save = call({"op": "new", "game_id": "A1-other", "title": "1840", "players": ["A", "B"]})
    error = refused({"op": "load", "game_id": "A1", "save": save["save"], "seat": 99}, "A1")
    assert error["message"] == "Unknown seat 99"
    assert call({"op": "state", "game_id": "A1", "seat": 0})["title"] == "trambahn"


def test_a_new_game_with_an_unknown_seat_keeps_the_current_game() -> None:
    trambahn("A2")
    req = {"op": "new", "game_id": "A2", "title": "1840", "players": ["A", "B"], "seat": 2}
    assert refused(req, "A2", "invalid")["message"] == "Unknown seat 2"
    assert call({"op": "state", "game_id": "A2"})["n_actions"] == 1


def test_an_import_with_an_unknown_seat_keeps_the_current_game() -> None:
    trambahn("A3")
    req = {"op": "import", "game_id": "A3", "title": "1840", "data": fixture(40), "seat": 7}
    assert refused(req, "A3", "invalid")["message"] == "Unknown seat 7"
    assert call({"op": "state", "game_id": "A3"})["title"] == "trambahn"


def test_an_import_step_with_an_unknown_seat_keeps_the_game_and_the_import() -> None:
    trambahn("A4")
    start = call({"op": "import_start", "game_id": "A4", "title": "1840", "data": fixture(40)})
    assert start["ok"], start
    bad = {"op": "import_step", "game_id": "A4", "count": 1000, "seat": 5}
    assert refused(bad, "A4", "invalid")["message"] == "Unknown seat 5"
    # The import is still under way, at the same place, and finishes with a good seat.
    done = call({"op": "import_step", "game_id": "A4", "count": 1000, "seat": 1})
    assert done["ok"] and done["title"] == "1840" and done["done"] == start["total"]


def test_a_failed_import_start_keeps_the_unfinished_import() -> None:
    start = call({"op": "import_start", "game_id": "A5", "title": "1840", "data": fixture(40)})
    assert start["ok"], start
    bad = call({"op": "import_start", "game_id": "A5", "title": "1840", "data": "{oops"})
    assert bad["ok"] is False and bad["error"]["kind"] == "corrupt_save"
    done = call({"op": "import_step", "game_id": "A5", "count": 1000})
    assert done["ok"] and done["done"] == start["total"]


# --- B. Exceptions escaped handle() -----------------------------------------------------

DEEP = "[" * 1000 + "]" * 1000
TWO = {"op": "new", "game_id": "B-new", "title": "trambahn", "players": ["A", "B"]}

ESCAPES: list[tuple[str, Any]] = [
    ("nesting 1,000 deep", '{"op": "state", "game_id": "B", "x": ' + DEEP + "}"),
    ("import of a string nested 1,000 deep", {"op": "import", "title": "1840", "data": DEEP}),
    ("an import file nested 500 deep", {"op": "import", "title": "1840", "data": "[" * 500}),
    ("op is a list", {"op": []}),
    ("op is an object", {"op": {}}),
    ("game_id is an object", {"op": "state", "game_id": {}}),
    ("game_id is a list", {"op": "new", "game_id": [], "title": "trambahn", "players": []}),
    ("options a string", TWO | {"options": "ab"}),
    ("options a number", TWO | {"options": 1}),
    ("options a list", TWO | {"options": [1, 2]}),
    ("start_player a float", TWO | {"options": {"start_player": 1.0}}),
    ("players numbers", {"op": "new", "title": "1840", "players": [1, 2]}),
    ("request a list", [1, 2]),
    ("request a string", '"x"'),
    ("request not JSON", "{oops"),
    ("NaN", '{"op": "state", "game_id": "B", "seat": NaN}'),
]


@pytest.mark.parametrize(("what", "req"), ESCAPES, ids=[e[0] for e in ESCAPES])
def test_a_malformed_request_is_an_error_reply(what: str, req: Any) -> None:
    """No exception leaves handle(): a malformed request is an error reply and the game
    under "B" stays as it was."""
    trambahn("B")
    refused(req, "B")


def import_with(change: Any) -> JsonDict:
    data = fixture()
    change(data)
    return data


def _lay_without_hex(data: JsonDict) -> None:
    del first_of(data, "lay_tile")[1]["hex"]


def _lay_rotation_x(data: JsonDict) -> None:
    first_of(data, "lay_tile")[1]["rotation"] = "x"


BAD_FILES: list[tuple[str, Any, str]] = [
    ("a lone undo", lambda d: d.update(actions=[{"type": "undo"}]), "Action 0"),
    ("a lone redo", lambda d: d.update(actions=[{"type": "redo"}]), "Action 0"),
    ("an action that is a number", lambda d: d.update(actions=[5]), "action list"),
    ("a lay_tile without a hex", _lay_without_hex, "Action 28 "),
    ("a lay_tile with rotation 'x'", _lay_rotation_x, "Action 28 "),
    ("players that are numbers", lambda d: d.update(players=[1, 2]), "players"),
    ("settings that are a string", lambda d: d.update(settings="x"), "settings"),
    ("optional_rules a number", lambda d: d["settings"].update(optional_rules=5), "optional"),
]


@pytest.mark.parametrize(("what", "change", "named"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
@pytest.mark.parametrize("op", ["import", "import_start"])
def test_a_damaged_import_file_is_refused_naming_the_action(
    what: str, change: Any, named: str, op: str
) -> None:
    """A damaged 18xx.games file is `corrupt_save` naming the action's index (or the
    damaged part), through the one-shot and the step-by-step import alike; the game under
    the same id stays."""
    trambahn("B-imp")
    data = import_with(change)
    reply = call({"op": op, "game_id": "B-imp", "title": "1840", "data": data})
    if op == "import_start" and reply["ok"]:
        error = refused({"op": "import_step", "game_id": "B-imp", "count": 10_000}, "B-imp")
    else:
        assert reply["ok"] is False, reply
        error = reply["error"]
    assert error["kind"] == "corrupt_save", error
    assert named in error["message"], error
    assert call({"op": "state", "game_id": "B-imp"})["title"] == "trambahn"


def test_an_internal_error_is_a_reply_naming_the_op_and_the_game_stays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug after the action was applied (here: the view fails) is an `engine` error naming
    the op; the action is taken back, so the game is as it was."""
    r = trambahn("B-bug")
    before, n = game_hash("B-bug"), r["n_actions"]

    def broken(self: TrambahnState, seat: int | None) -> JsonDict:
        raise RuntimeError("view is broken")

    monkeypatch.setattr(TrambahnState, "view", broken)
    reply = call({"op": "act", "game_id": "B-bug", "seat": 0, "action": r["legal"][0]})
    monkeypatch.undo()
    assert reply["ok"] is False and reply["error"]["kind"] == "engine", reply
    assert "'act'" in reply["error"]["message"] and "view is broken" in reply["error"]["message"]
    assert game_hash("B-bug") == before
    assert call({"op": "state", "game_id": "B-bug", "seat": 0})["n_actions"] == n


def test_an_internal_error_halfway_through_an_action_leaves_the_game_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug in the middle of applying an action (the state already half changed) is an
    `engine` error naming the op, and the game is as it was before the request."""
    r = trambahn("B-half")
    before, n = game_hash("B-half"), r["n_actions"]
    execute = TrambahnState.execute
    calls: list[int] = []

    def half(self: TrambahnState, action: Any) -> Any:
        """The first call changes the state and fails; replays work."""
        out = execute(self, action)
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("half done")
        return out

    monkeypatch.setattr(TrambahnState, "execute", half)
    legal = call({"op": "state", "game_id": "B-half", "seat": 0})["legal"]
    reply = call({"op": "act", "game_id": "B-half", "seat": 0, "action": legal[0]})
    monkeypatch.undo()
    assert reply["ok"] is False and reply["error"]["kind"] == "engine", reply
    assert "'act'" in reply["error"]["message"] or "action 1:" in reply["error"]["message"]
    assert game_hash("B-half") == before
    assert call({"op": "state", "game_id": "B-half", "seat": 0})["n_actions"] == n


def test_an_internal_error_in_undo_keeps_the_action(monkeypatch: pytest.MonkeyPatch) -> None:
    r = trambahn("B-undo")
    assert r["can_undo"]
    before = game_hash("B-undo")

    def broken(self: TrambahnState, seat: int | None) -> str:
        raise KeyError("prompt")

    monkeypatch.setattr(TrambahnState, "prompt", broken)
    reply = call({"op": "undo", "game_id": "B-undo", "seat": 0})
    monkeypatch.undo()
    assert reply["ok"] is False and "'undo'" in reply["error"]["message"]
    assert game_hash("B-undo") == before
    assert call({"op": "state", "game_id": "B-undo", "seat": 0})["n_actions"] == 1


# --- C. Wrong types were accepted -------------------------------------------------------

NEW = {"op": "new", "game_id": "C", "title": "trambahn", "players": ["Anna", "Ben"]}

WRONG_TYPES: list[tuple[str, JsonDict]] = [
    ("start_player true", NEW | {"options": {"start_player": True}}),
    ("start_player 1.0", NEW | {"options": {"start_player": 1.0}}),
    ("profile []", NEW | {"title": "1840", "options": {"profile": []}}),
    ("profile 0", NEW | {"title": "1840", "options": {"profile": 0}}),
    ("title a number", NEW | {"title": 1840}),
    ("seed a float", NEW | {"seed": 1.0}),
    ("seed true", NEW | {"seed": True}),
    ("game_id a number", NEW | {"game_id": 5}),
    ("game_id empty", NEW | {"game_id": ""}),
    ("an unknown field", NEW | {"seats": 0}),
    ("players a string", NEW | {"players": "Anna"}),
    ("state: seat true", {"op": "state", "game_id": "C", "seat": True}),
    ("history: at true", {"op": "history", "game_id": "C", "at": True}),
    ("history: at 1.0", {"op": "history", "game_id": "C", "at": 1.0}),
    ("bot: level 5", {"op": "bot", "game_id": "C", "seat": 0, "level": 5}),
    ("query: args 0", {"op": "query", "game_id": "C", "query": "route", "args": 0}),
    ("catalog: title 1840", {"op": "catalog", "title": 1840}),
    ("import_step: count 2.0", {"op": "import_step", "game_id": "C", "count": 2.0}),
]


@pytest.mark.parametrize(("what", "req"), WRONG_TYPES, ids=[w[0] for w in WRONG_TYPES])
def test_a_field_of_the_wrong_type_is_refused(what: str, req: JsonDict) -> None:
    """Every field is checked strictly: a bool is not a number, a float is not a whole
    number, and a missing default is not taken for a value of the wrong type."""
    trambahn("C")
    refused(req, "C", "invalid")


@pytest.mark.parametrize("n_actions", ["999", 999.0, [], True, -1])
def test_a_stale_guard_of_the_wrong_type_is_refused(n_actions: Any) -> None:
    """`n_actions` (the stale-move guard) is a whole number or absent: anything else is
    refused, and does not switch the guard off."""
    r = trambahn("C-n", moves=0)
    req = {"op": "act", "game_id": "C-n", "seat": 0, "action": r["legal"][0]}
    error = refused(req | {"n_actions": n_actions}, "C-n", "invalid")
    assert "n_actions" in error["message"]
    assert call({"op": "state", "game_id": "C-n"})["n_actions"] == 0


def test_a_save_whose_version_is_true_is_refused() -> None:
    trambahn("C-v")
    save = trambahn("C-v2")["save"]
    error = refused({"op": "load", "game_id": "C-v", "save": save | {"version": True}}, "C-v")
    assert error["kind"] == "corrupt_save" and "version" in error["message"]
    error = refused({"op": "load", "game_id": "C-v", "save": save | {"version": 1.0}}, "C-v")
    assert error["kind"] == "corrupt_save"


def test_a_save_with_a_seat_that_is_true_is_refused() -> None:
    trambahn("C-s")
    save = copy.deepcopy(trambahn("C-s2")["save"])
    save["actions"][0]["seat"] = False
    error = refused({"op": "load", "game_id": "C-s", "save": save}, "C-s", "corrupt_save")
    assert "Action 0" in error["message"]


def test_start_player_true_does_not_become_the_active_seat() -> None:
    """Trambahn, Spielvorbereitung C) "Wer zuletzt eine Straßenbahn genutzt hat, beginnt das
    Spiel": the start player is a seat (0 or 1) or null (drawn); true is refused instead of
    being taken as seat 1 (it came back as `active: true`)."""
    with pytest.raises(InvalidAction, match="start_player"):
        new_game("trambahn", ["Anna", "Ben"], {"start_player": True})


# --- D. Imports accepted junk -----------------------------------------------------------


def _after_the_end(data: JsonDict) -> None:
    entity = data["players"][0]["id"]
    data["actions"].append(
        {"type": "pass", "id": 99_999, "entity": entity, "entity_type": "player"}
    )


JUNK: list[tuple[str, Any, str]] = [
    ("an action after the game's end", _after_the_end, "game is over here"),
    (
        "an undo with an unknown action_id",
        lambda d: d["actions"].append({"type": "undo", "id": 99_999, "action_id": 12_345_678}),
        "not in the file",
    ),
    (
        "an undo whose action_id is a list",
        lambda d: d["actions"].append({"type": "undo", "id": 99_999, "action_id": []}),
        "is not a number",
    ),
]


@pytest.mark.parametrize(("what", "change", "reason"), JUNK, ids=[j[0] for j in JUNK])
def test_an_import_with_junk_is_refused_through_handle(what: str, change: Any, reason: str) -> None:
    """Checked after the importer's rewrite: nothing in a file is dropped or ignored
    quietly; the refusal names the action (its index) and the game under the id stays."""
    trambahn("D")
    req = {"op": "import", "game_id": "D", "title": "1840", "data": import_with(change)}
    error = refused(req, "D", "corrupt_save")
    assert error["message"].startswith("Action ") and reason in error["message"], error


# --- E. Replies could be huge -----------------------------------------------------------

BIG = "x" * 10_000_000


def _big_in_file(data: JsonDict) -> None:
    data["actions"][3]["type"] = BIG


HUGE: list[tuple[str, Any]] = [
    ("op", {"op": BIG}),
    ("title", {"op": "new", "title": BIG, "players": ["A", "B"]}),
    ("game_id", {"op": "state", "game_id": BIG}),
    ("seat", {"op": "state", "game_id": "E", "seat": BIG}),
    ("action type", {"op": "act", "game_id": "E", "seat": 0, "action": {"type": BIG}}),
    ("card", {"op": "act", "game_id": "E", "seat": 0, "action": {"type": "income", "card": BIG}}),
    ("level", {"op": "bot", "game_id": "E", "seat": 0, "level": BIG}),
    ("query", {"op": "query", "game_id": "E", "query": BIG}),
    ("variant", {"op": "catalog", "title": "1840", "variant": BIG}),
    ("import title", {"op": "import", "title": BIG, "data": {}}),
    ("file title", {"op": "import", "title": "1840", "data": {"title": BIG}}),
    ("file action type", {"op": "import", "title": "1840", "data": import_with(_big_in_file)}),
    ("save title", {"op": "load", "save": {"format": "tramways-save", "version": 1, "title": BIG}}),
    ("player name", {"op": "new", "title": "trambahn", "players": ["A\n" + BIG, "B"]}),
    ("an unknown field", {"op": "state", "game_id": "E", BIG: 1}),
]


@pytest.mark.parametrize(("what", "req"), HUGE, ids=[h[0] for h in HUGE])
def test_an_error_quotes_at_most_about_100_characters_of_its_input(what: str, req: Any) -> None:
    """A 10 MB value in a request gives a short error: messages quote at most about 100
    characters of what they were given."""
    trambahn("E")
    before = game_hash("E")
    text = handle(json.dumps(req))
    assert len(text) < 2_000, text[:300]
    reply = json.loads(text)
    assert reply["ok"] is False and reply["error"]["message"].count("x") <= 110, reply
    assert game_hash("E") == before


def test_a_huge_number_is_quoted_short() -> None:
    trambahn("E-n")
    big = 10**4000
    reply = call({"op": "history", "game_id": "E-n", "seat": 0, "at": big})
    assert reply["ok"] is False and len(reply["error"]["message"]) < 300, reply


# --- F. The engine's own API ------------------------------------------------------------


def test_1840_legal_actions_are_the_callers_own_copies() -> None:
    """Editing a returned legal action (or the list) changes nothing the engine hands out
    later."""
    g = new_game("1840", ["Anna", "Ben"], {}, 3)
    seat = g.active
    assert seat is not None
    first = g.legal_actions(seat)
    expected = copy.deepcopy(first)
    first[0]["type"] = "mine"
    first[0]["extra"] = [1]
    first.append({"type": "junk"})
    assert g.legal_actions(seat) == expected
    state = g.state
    assert isinstance(state, Vienna1840)
    again = state.legal_actions(seat)
    again[0].clear()
    assert state.legal_actions(seat) == expected


def _tram_on_a_line() -> tuple[Game, str, str, str]:
    """A 2-player game in a major's tram step while one of its Lines has a tram:
    (game, major, tram, line)."""
    g = new_game("1840", ["Anna", "Ben"], {}, 0)
    w = world(g)

    def there(g: Game) -> bool:
        step = cr_step(g)
        if step is None or step[0] not in ("trams", "rearrange"):
            return False
        return any(w.lines[ln].tram for ln in w.majors[step[1]].lines)

    advance(g, there, Policy())
    step = cr_step(g)
    assert step is not None
    major = step[1]
    line = next(ln for ln in w.majors[major].lines if w.lines[ln].tram)
    tram = w.lines[line].tram
    assert tram is not None
    return g, major, tram, line


def test_an_assign_tram_that_moves_nothing_is_refused_viii_5_3() -> None:
    """VIII.5.3 "darf sie ... ihre Straßenbahnen zwischen den Linien umsortieren": putting a
    tram where it already is re-sorts nothing; it is refused (not logged, not repeatable)
    and not offered."""
    g, _major, tram, line = _tram_on_a_line()
    seat = g.active
    assert seat is not None
    nothing = {"type": "assign_tram", "tram": tram, "line": line}
    assert nothing not in g.legal_actions(seat)
    before, n = g.state_hash(), len(g.actions)
    with pytest.raises(IllegalAction) as err:
        g.apply(nothing, seat)
    assert err.value.rule == "1840 VIII.5.3" and "already" in err.value.message
    assert g.state_hash() == before and len(g.actions) == n


def test_a_spare_tram_kept_spare_is_refused_viii_5_3() -> None:
    """The same for a tram the major holds without a Line: "line": null leaves it there."""
    g, major, tram, _line = _tram_on_a_line()
    seat = g.active
    assert seat is not None
    g.apply({"type": "assign_tram", "tram": tram, "line": None}, seat)  # now spare
    assert tram in world(g).majors[major].trams
    with pytest.raises(IllegalAction) as err:
        g.apply({"type": "assign_tram", "tram": tram, "line": None}, seat)
    assert err.value.rule == "1840 VIII.5.3"


def names_reply(players: Any, title: str = "1840", game_id: str = "F") -> JsonDict:
    return call({"op": "new", "game_id": game_id, "title": title, "players": players})


def test_a_long_name_is_cut_to_20_characters_and_the_reply_says_so() -> None:
    long = "Maximilian von Habsburg-Lothringen"
    r = names_reply([long, "Ben"])
    assert r["ok"], r
    assert r["players"] == [long[:20], "Ben"]
    assert any("cut to 20 characters" in note and long[:20] in note for note in r["notes"])


@pytest.mark.parametrize(
    "name", ["An\nna", "\x00", "Tab\there", "Anna\ud800", "Line\u2028break", "", "   "]
)
def test_a_name_with_control_characters_or_a_lone_surrogate_is_refused(name: str) -> None:
    trambahn("F-bad")
    error = refused(
        {"op": "new", "game_id": "F-bad", "title": "trambahn", "players": [name, "Ben"]},
        "F-bad",
        "invalid",
    )
    assert error["rule"] == "player names", error
    assert "Player 1" in error["message"], error


def test_duplicate_names_are_made_unique() -> None:
    r = names_reply(["Anna", "Anna", "Anna (2)", "Ben"])
    assert r["ok"], r
    assert r["players"] == ["Anna", "Anna (3)", "Anna (2)", "Ben"]
    assert any("Anna (3)" in note for note in r["notes"])
    twenty = "A" * 20
    r = names_reply([twenty, twenty], title="trambahn")
    assert r["players"] == [twenty, "A" * 16 + " (2)"]
    assert all(len(p) <= 20 for p in r["players"])


def test_names_that_need_no_change_have_no_notes() -> None:
    r = names_reply(["Anna", "Ben"])
    assert r["ok"] and r["players"] == ["Anna", "Ben"] and r["notes"] == []


def test_the_game_itself_refuses_names_against_the_rules() -> None:
    """`Game` (and so `new_game`) takes only names within the rules: the API's `new` and
    the import are where names are cut and made unique."""
    bad: list[Any] = [["Anna", "Anna"], ["A" * 21, "Ben"], ["An\x07na", "Ben"], ["Anna", 5]]
    for players in bad:
        with pytest.raises(InvalidAction) as err:
            Game("trambahn", players, {}, 1)
        assert err.value.rule == "player names"


@pytest.mark.parametrize("players", [["Anna", "Anna"], ["A very long 18xx.games user name", "Ben"]])
def test_a_save_from_before_the_name_rules_still_loads_and_plays_on(players: list[str]) -> None:
    """An autosave made under the older, looser name rules (duplicates, an imported site
    name over 20 characters) must still load after an update: a save keeps its names."""
    # The older code made games with such names as `saved=True` still does.
    game = Game("trambahn", players, {}, 1, saved=True)
    seat = game.active
    assert seat is not None
    game.apply(game.legal_actions(seat)[0], seat)
    save = game.save()
    again = Game.from_json(save)
    assert again.players == players and len(again.actions) == 1
    seat = again.active
    assert seat is not None
    again.apply(again.legal_actions(seat)[0], seat)
    with pytest.raises(CorruptSave, match="player list"):
        Game.from_json({**save, "players": ["Anna", 5]})


def test_an_imported_game_cuts_and_dedupes_the_recorded_names() -> None:
    data = fixture(40)
    data["players"][0]["name"] = "A very long 18xx.games user name"
    data["players"][1]["name"] = "A very long 18xx.games user name"
    r = call({"op": "import", "game_id": "F-imp", "title": "1840", "data": data, "seat": 0})
    assert r["ok"], r
    assert r["players"] == ["A very long 18xx.gam", "A very long 18xx (2)"]
    assert len(r["notes"]) == 3  # two names cut, one made unique


def test_engine_error_messages_are_capped() -> None:
    """The last guard: no engine error carries more than a few thousand characters."""
    assert len(EngineError("x" * 100_000).message) <= 2_100
