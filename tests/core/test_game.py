"""Saves, replay, undo, history and the state hash (docs/engine-api.md)."""

import json

import pytest

from pygame_core import CorruptSave, EngineError, Game, StaleState, new_game
from pygame_core.core.errors import UnknownTitle
from pygame_core.core.game import SNAPSHOT_EVERY


def _played(seed: int = 2, n: int = 60) -> Game:
    g = new_game("trambahn", ["Anna", "Ben"], {}, seed)
    for _ in range(n):
        g.apply(g.legal_actions(g.active)[-1 if len(g.actions) % 3 else 0], g.active)  # type: ignore[arg-type]
    return g


def test_same_inputs_same_state_hash() -> None:
    assert _played().state_hash() == _played().state_hash()
    assert _played(2).state_hash() != _played(3).state_hash()


def test_save_round_trip_replays_to_the_same_state() -> None:
    g = _played()
    text = g.to_json()
    loaded = Game.from_json(text)
    assert loaded.state_hash() == g.state_hash()
    assert loaded.actions == g.actions and loaded.log == g.log
    assert json.loads(text)["format"] == "tramways-save" and json.loads(text)["version"] == 1


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "not json {", "not valid JSON"),
        (lambda d: json.dumps({"hello": 1}), "not a Tramways game save"),
        (lambda d: json.dumps({**d, "version": 99}), "newer version"),
        (lambda d: json.dumps({**d, "title": "chess"}), "unknown game"),
        (lambda d: json.dumps({**d, "actions": "x"}), "action list is damaged"),
        (lambda d: json.dumps({**d, "state_hash": "0" * 64}), "checksum"),
        (lambda d: json.dumps({**d, "seed": d["seed"] + 1}), "Action|checksum"),
        (
            lambda d: json.dumps(
                {**d, "actions": [*d["actions"][:5], {"seat": 0, "action": {"type": "fly"}}]}
            ),
            "Action 5 in the save cannot be replayed",
        ),
    ],
)
def test_corrupt_saves_are_refused_with_a_reason(mutate, message) -> None:  # type: ignore[no-untyped-def]
    data = _played().save()
    with pytest.raises(CorruptSave, match=message):
        Game.from_json(mutate(data))


def test_undo_only_own_actions_of_the_current_turn() -> None:
    g = new_game("trambahn", ["Anna", "Ben"], {}, 5)
    assert not g.can_undo(0)
    first = g.legal_actions(0)[0]
    before = g.state_hash()
    g.apply(first, 0)
    after_one = g.state_hash()
    assert g.can_undo(0) and not g.can_undo(1)
    g.apply(g.legal_actions(0)[-1], 0)  # end_turn: cards are drawn, the turn passes
    assert g.actions[-1]["action"] == {"type": "end_turn"}
    assert not g.can_undo(0) and not g.can_undo(1)
    with pytest.raises(EngineError, match="Nothing to undo"):
        g.undo(0)
    g2 = new_game("trambahn", ["Anna", "Ben"], {}, 5)
    g2.apply(first, 0)
    assert g2.state_hash() == after_one
    g2.undo(0)
    assert g2.state_hash() == before and g2.actions == []


def test_history_replays_a_prefix_without_touching_the_game() -> None:
    g = _played()
    h = g.state_hash()
    past = g.at(10)
    assert len(past.actions) == 10 and g.state_hash() == h
    assert (
        past.state_hash()
        == Game.replay(g.title, g.players, g.options, g.seed, g.actions[:10]).state_hash()
    )
    with pytest.raises(EngineError):
        g.at(len(g.actions) + 1)


def test_stale_guard() -> None:
    g = new_game("trambahn", ["Anna", "Ben"], {}, 5)
    with pytest.raises(StaleState):
        g.apply(g.legal_actions(0)[0], 0, n_actions=3)
    g.apply(g.legal_actions(0)[0], 0, n_actions=0)


def test_unknown_title_and_bad_seed() -> None:
    with pytest.raises(UnknownTitle):
        new_game("chess", ["A", "B"])
    with pytest.raises(EngineError, match="seed"):
        new_game("trambahn", ["A", "B"], {}, -1)


@pytest.mark.parametrize(
    ("title", "players"), [("trambahn", ["A", "B"]), ("1840", ["A", "B", "C"])]
)
def test_history_and_undo_from_snapshots_equal_a_full_replay(
    title: str, players: list[str]
) -> None:
    # Undo and the history view replay from the nearest snapshot; the state must be the
    # one a replay from the start gives.
    g = new_game(title, players, {}, seed=11)
    while len(g.actions) < 3 * SNAPSHOT_EVERY + 5 and g.result() is None:
        seat = g.active
        assert seat is not None
        g.apply(g.bot_action(seat, "easy"), seat)
    for n in (0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 3, len(g.actions)):
        past = g.at(n)
        full = Game.replay(title, players, {}, 11, g.actions[:n])
        assert past.state_hash() == full.state_hash()
        assert past.log == full.log
    # Undo the last action (if undoable) and compare with a replay without it.
    last_seat = g.actions[-1]["seat"]
    if g.can_undo(last_seat):
        g.undo(last_seat)
        full = Game.replay(title, players, {}, 11, g.actions)
        assert g.state_hash() == full.state_hash() and g.log == full.log
