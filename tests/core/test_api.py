"""The worker's JSON entry point."""

import json
from typing import Any

from pygame_core.api import handle


def call(**req: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(handle(json.dumps(req)))
    return out


def test_titles_lists_only_playable_games() -> None:
    titles = call(op="titles")["titles"]
    by_id = {t["id"]: t for t in titles}
    assert set(by_id) == {"trambahn", "1840", "1881"}
    assert by_id["trambahn"]["bots"] == ["easy", "normal"]
    assert (by_id["1840"]["min_players"], by_id["1840"]["max_players"]) == (2, 6)
    assert (by_id["1881"]["min_players"], by_id["1881"]["max_players"]) == (3, 6)


def test_new_act_undo_flow() -> None:
    r = call(op="new", game_id="t1", title="trambahn", players=["Anna", "Ben"], seed=8, seat=0)
    assert r["ok"] and r["active"] == 0 and r["n_actions"] == 0 and r["legal"]
    assert r["view"]["seats"][1]["hand"] is None
    action = r["legal"][0]
    r = call(op="act", game_id="t1", seat=0, action=action, n_actions=0)
    assert r["ok"] and r["n_actions"] == 1 and r["can_undo"]
    stale = call(op="act", game_id="t1", seat=0, action=action, n_actions=0)
    assert stale["error"]["kind"] == "stale"
    r = call(op="undo", game_id="t1", seat=0)
    assert r["n_actions"] == 0
    h = call(op="history", game_id="t1", seat=0, at=0)
    assert h["legal"] == [] and h["save"] is None


def test_errors_name_the_rule_and_change_nothing() -> None:
    call(op="new", game_id="t2", title="trambahn", players=["Anna", "Ben"], seed=8, seat=0)
    before = call(op="hash", game_id="t2")["hash"]
    r = call(op="act", game_id="t2", seat=0, action={"type": "end_turn"})
    assert r["ok"] is False and r["error"]["kind"] == "illegal"
    assert r["error"]["rule"] == "Trambahn, Spielablauf 1) Fahrgäste auslegen"
    assert call(op="hash", game_id="t2")["hash"] == before
    assert (
        call(op="act", game_id="t2", seat=1, action={"type": "end_turn"})["error"]["kind"]
        == "not_your_turn"
    )
    assert json.loads(handle("{oops"))["error"]["kind"] == "invalid"
    assert call(op="explode")["error"]["kind"] == "invalid"


def test_bad_load_keeps_the_current_game() -> None:
    r = call(op="new", game_id="t3", title="trambahn", players=["Anna", "Ben"], seed=8, seat=0)
    r = call(op="act", game_id="t3", seat=0, action=r["legal"][0])
    save = r["save"]
    bad = call(op="load", game_id="t3", save={"format": "something-else"}, seat=0)
    assert bad["ok"] is False and bad["error"]["kind"] == "corrupt_save"
    assert call(op="state", game_id="t3", seat=0)["n_actions"] == 1
    again = call(op="load", game_id="t4", save=json.dumps(save), seat=0)
    assert again["ok"] and again["n_actions"] == 1


def test_bot_op_plays_for_the_seat() -> None:
    call(
        op="new",
        game_id="t5",
        title="trambahn",
        players=["Anna", "Bot"],
        seed=8,
        seat=0,
        options={"start_player": 1},
    )
    r = call(op="bot", game_id="t5", seat=1, level="normal")
    assert r["ok"] and r["n_actions"] == 1 and r["action"]["type"] == "passenger"
    assert r["view"]["seats"][0]["hand"] is None  # the response is the bot seat's view


def test_worker_exports_handle_and_boot_info() -> None:
    """The browser worker's script only imports pygame_core.worker: its `handle` is the API's,
    and outside a browser `boot_info` reports no boot record but the Python side."""
    from pygame_core import worker

    assert worker.handle is handle
    info = json.loads(worker.boot_info())
    assert set(info) == {"python"}
    assert info["python"]["engine_files"] is True
    assert len(info["python"]["rng"]) == 16
