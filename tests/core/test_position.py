"""A game that starts from a position (core/game.py, core/position.py; docs/engine-api.md,
"Positions"): the position is part of the record, so saves, replays, undo, history and the
checksum keep it; the API writes and reads positions; a bad one never escapes as anything
but an InvalidPosition."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_core import CorruptSave, EngineError, Game, new_game
from pygame_core.api import handle
from pygame_core.core.position import InvalidPosition

PLAYERS = ["Anna", "Ben"]


def play_bots(game: Game, steps: int, level: str = "easy") -> list[dict[str, Any]]:
    """Play `steps` bot actions (fewer if the game ends); return what was played (the
    position tests of every title replay them on a game started from a position)."""
    played: list[dict[str, Any]] = []
    while len(played) < steps and game.active is not None:
        seat = game.active
        action = game.bot_action(seat, level)
        game.apply(action, seat)
        played.append({"seat": seat, "action": action})
    return played


def refused_as_invalid(game: Game, position: Any) -> None:
    """A game of `game`'s title and players from `position` is refused as an invalid
    position with a message (the corruption tests of every title)."""
    try:
        new_game(game.title, game.players, game.options, 0, position=position)
    except InvalidPosition as exc:
        assert exc.message.startswith("Invalid position: ") and len(exc.message) > 25
    except EngineError as exc:  # pragma: no cover - every refusal is an InvalidPosition
        raise AssertionError(f"refused, but not as an invalid position: {exc}") from exc
    else:
        raise AssertionError(f"accepted a corrupted position: {json.dumps(position)[:300]}")


def _played(seed: int, steps: int) -> Game:
    game = new_game("trambahn", PLAYERS, {}, seed)
    for _ in range(steps):
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    return game


def _from(position: Any, seed: int = 9) -> Game:
    return new_game("trambahn", PLAYERS, {}, seed, position=position)


def test_the_save_keeps_the_position_and_replays() -> None:
    origin = _played(1, 40).position()
    game = _from(origin)
    for _ in range(25):
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "easy"), seat)
    save = game.save()
    assert save["version"] == 2 and save["position"] == origin
    loaded = Game.from_json(json.dumps(save))
    assert loaded.position() == game.position() and loaded.state_hash() == game.state_hash()
    assert loaded.start_position == origin


def test_a_save_without_a_position_is_written_as_before() -> None:
    save = _played(2, 5).save()
    assert save["version"] == 1 and "position" not in save


def test_a_version_1_save_with_a_position_is_refused() -> None:
    save = _from(_played(3, 10).position()).save()
    with pytest.raises(CorruptSave, match="format 1 has no start position"):
        Game.from_json({**save, "version": 1})


def test_the_checksum_covers_the_start_position() -> None:
    origin = _played(4, 30).position()
    game = _from(origin)
    save = game.save()
    # a changed start position that still sets up: the hash no longer matches
    changed = json.loads(json.dumps(origin))
    changed["rng"] = str((int(origin["rng"]) + 1) % 2**64)
    with pytest.raises(CorruptSave, match="checksum"):
        Game.from_json({**save, "position": changed})
    broken = {**origin, "turn": 0}
    with pytest.raises(CorruptSave, match="Invalid position: 'turn'"):
        Game.from_json({**save, "position": broken})


def test_history_and_undo_stop_at_the_position() -> None:
    origin = _played(5, 41).position()
    game = _from(origin)
    seat = game.active
    assert seat is not None
    assert not game.can_undo(seat)
    game.apply(game.legal_actions(seat)[0], seat)
    assert game.at(0).position() == origin
    if game.can_undo(seat):
        game.undo(seat)
        assert game.position() == origin
    assert not game.can_undo(seat)
    past = game.at(len(game.actions))
    assert past.start_position == origin


def test_a_title_without_positions_refuses_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    from pygame_core.g1881.game import Berlin1881

    monkeypatch.setattr(Berlin1881, "POSITION_VERSION", 0)  # as before 1881 had positions
    with pytest.raises(InvalidPosition, match="1881 Berlin has no position notation yet"):
        new_game("1881", ["A", "B", "C"], {}, 0, position={"format": "tramways-position"})


@pytest.mark.parametrize(
    ("position", "match"),
    [
        ("{not json", "not JSON"),
        ([], "a JSON object"),
        ({"format": "x"}, "'format' must be"),
        ({"format": "tramways-position", "title": "trambahn"}, "'version'"),
        ({"format": "tramways-position", "title": "trambahn", "version": 1}, "lacks 'turn'"),
        ("chess 8/8/8", "starts with 'trambahn1'"),
    ],
)
def test_a_malformed_position_is_an_invalid_position(position: Any, match: str) -> None:
    with pytest.raises(InvalidPosition, match=match) as info:
        _from(position)
    assert info.value.kind == "invalid_position" and isinstance(info.value, EngineError)


def _call(**req: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps(req)))
    return reply


def test_the_api_writes_a_position_and_starts_a_game_from_it() -> None:
    game = _played(6, 30)
    assert _call(op="load", game_id="pos-a", save=game.save())["ok"]
    reply = _call(op="position", game_id="pos-a")
    assert reply["position"] == game.position() and reply["text"] == game.position_text()
    assert _call(op="position", game_id="pos-a", at=0)["position"] == _played(6, 0).position()
    new = _call(
        op="new", game_id="pos-b", title="trambahn", players=PLAYERS, position=reply["text"], seat=0
    )
    assert new["ok"] and new["n_actions"] == 0 and new["save"]["position"] == reply["position"]
    assert new["legal"] == game.legal_actions(0)


def test_the_api_refuses_a_bad_position_by_name() -> None:
    error = _call(op="new", game_id="pos-c", title="trambahn", players=PLAYERS, position=7)["error"]
    assert error["kind"] == "invalid" and "'position'" in error["message"]
    bad = {**_played(7, 0).position(), "draw": []}
    error = _call(op="new", game_id="pos-c", title="trambahn", players=PLAYERS, position=bad)
    assert error["error"]["kind"] == "invalid_position" and "120 cards" in error["error"]["message"]
    assert _call(op="new", game_id="pos-c", title="trambahn", players=PLAYERS)["ok"]
    assert _call(op="position", game_id="pos-c", at=True)["error"]["kind"] == "invalid"
    assert _call(op="position", game_id="pos-c", at=1)["error"]["kind"] == "invalid"


def test_a_callers_edits_never_reach_the_game() -> None:
    origin = _played(8, 20).position()
    game = _from(origin)
    before = game.state_hash()
    game.position()["seats"][0]["hand"].clear()
    game.save()["position"]["seats"][0]["hand"].clear()
    origin["seats"][0]["hand"].clear()  # the object the game was started from
    assert game.state_hash() == before and game.at(0).state_hash() == before


def test_a_game_from_a_position_travels_in_a_link() -> None:
    # pygame_core/links.py carries a save's other fields as they are: the position too
    from pygame_core import links

    game = _from(_played(9, 30).position())
    play_bots(game, 12)
    opened = Game.from_json(links.decode(links.encode(game.save())))
    assert opened.start_position == game.start_position
    assert opened.state_hash() == game.state_hash()
