"""Simultaneous decisions (issue 14 §1; docs/engine-api.md, "Simultaneous decisions"):
several seats act at once, each sealed choice hidden from the others until the last one
reveals them all; through the Game, its undo, its bots, its saves and the API.

The title is tests/core/sealed_title.py (three or four seats seal a bid, the reveal, one
open choice), registered only while each test runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from pygame_core import EngineError, Game, IllegalAction, NotYourTurn
from pygame_core.api import handle
from pygame_core.core.game import TITLES, TitleState
from pygame_core.core.rng import Rng
from tests.conformance.checks import check_hidden, check_round_trip

from .sealed_title import TITLE, SealedLot, registered

NAMES = ["Anna", "Ben", "Cleo"]


@pytest.fixture(autouse=True)
def sealed_lot() -> Iterator[None]:
    with registered():
        yield
    assert TITLE not in TITLES


def new(names: list[str] = NAMES) -> Game:
    return Game(TITLE, names, {}, 7)


def bid(g: Game, seat: int, amount: int) -> None:
    g.apply({"type": "bid", "amount": amount}, seat)


def redeal(state: TitleState[Any], viewer: int | None, rng: Rng) -> TitleState[Any]:
    """The sealed bids `viewer` may not see, dealt anew (conformance `Redeal`)."""
    assert isinstance(state, SealedLot)
    return state.redealt(viewer, rng)


def acting(g: Game) -> list[int]:
    return list(g.acting)


def call(**req: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(handle(json.dumps(req)))
    return reply


def test_every_seat_to_bid_acts_at_once_in_any_order() -> None:
    g = new()
    assert acting(g) == [0, 1, 2] and g.active == 0
    assert all(g.legal_actions(s) for s in range(3))
    bid(g, 2, 30)  # not the `active` seat: any acting seat may act
    assert acting(g) == [0, 1] and g.legal_actions(2) == []
    bid(g, 0, 20)
    assert acting(g) == [1] and g.active == 1


def test_a_seat_that_has_chosen_is_refused_naming_who_is_to_choose() -> None:
    g = new()
    bid(g, 1, 30)
    before = g.state_hash()
    with pytest.raises(NotYourTurn, match="Anna and Cleo"):
        bid(g, 1, 40)
    with pytest.raises(NotYourTurn, match="Anna and Cleo are to choose"):
        g.bot_action(1, "normal")
    assert g.state_hash() == before and len(g.actions) == 1


def test_a_sealed_bid_is_seen_only_by_its_seat_until_all_have_bid() -> None:
    g = new()
    bid(g, 0, 35)
    assert g.view(0)["sealed"]["own"] == 35
    for viewer in (None, 1, 2):
        view = g.view(viewer)["sealed"]
        assert view["has_bid"] == ["Anna"] and view["own"] is None and view["bids"] is None
        assert "35" not in json.dumps(view)
        assert all("35" not in e["text"] for e in g.log_for(viewer))
    assert [e["text"] for e in g.log_for(0)] == ["You bid 35", "Anna has sealed a bid"]
    assert [e["text"] for e in g.log_for(1)] == ["Anna has sealed a bid"]


def test_the_last_bid_reveals_all_and_is_a_barrier() -> None:
    g = new()
    bid(g, 0, 35)
    bid(g, 2, 50)
    bid(g, 1, 50)  # a tie goes to the lower seat (seat order precedence)
    for viewer in (None, 0, 1, 2):
        assert g.view(viewer)["sealed"]["bids"] == {"Anna": 35, "Ben": 50, "Cleo": 50}
        opened = g.log_for(viewer)[-1]["text"]
        assert opened == "The bids are opened: Anna 35, Ben 50, Cleo 50; Ben wins"
    assert acting(g) == [1] and g.view(None)["cash"] == [100, 50, 100]
    assert not any(g.can_undo(s) for s in range(3))  # undo stops at the reveal
    g.apply({"type": "keep"}, 1)
    assert acting(g) == [] and g.active is None
    assert g.result() == {"scores": [100, 110, 100], "winner": 1}


def test_a_seat_takes_back_its_own_sealed_bid_and_the_others_stay() -> None:
    g = new()
    bid(g, 0, 35)
    bid(g, 1, 20)
    assert g.can_undo(0) and g.can_undo(1) and not g.can_undo(2)
    g.undo(0)  # not the last action: Ben's bid after it stays
    assert g.actions == [{"seat": 1, "action": {"type": "bid", "amount": 20}}]
    assert acting(g) == [0, 2] and g.view(1)["sealed"]["own"] == 20
    assert [e["text"] for e in g.log_for(0)] == ["Ben has sealed a bid"]
    assert [e["i"] for e in g.log] == [0, 0]
    bid(g, 0, 40)
    assert g.view(0)["sealed"]["own"] == 40
    # The same game played without the taken-back bid is the same game.
    again = new()
    bid(again, 1, 20)
    bid(again, 0, 40)
    assert again.state_hash() == g.state_hash() and again.log == g.log


def test_nobody_takes_back_another_seats_sealed_bid() -> None:
    g = new()
    bid(g, 0, 35)
    before = g.state_hash()
    for seat in (1, 2):
        assert not g.can_undo(seat)
        with pytest.raises(EngineError, match="only by the seat that made it") as err:
            g.undo(seat)
        assert err.value.rule == "undo"
    assert g.state_hash() == before and len(g.actions) == 1


def test_bots_bid_from_their_own_view_only() -> None:
    g = new(["Anna", "Ben", "Cleo", "Dora"])
    bid(g, 0, 95)
    # What the bots choose may not depend on the sealed bids they cannot see: the
    # conformance suite's check, with Anna's bid dealt anew for every other viewer.
    failures, changed = check_hidden(g, redeal, Rng(3))
    assert failures == [] and changed >= 3
    while g.acting:
        seat = g.acting[-1]  # from the last acting seat: not only `active` may act
        g.apply(g.bot_action(seat, "normal"), seat)
    assert g.result() is not None and len(g.actions) == 5


def test_the_hidden_check_catches_a_view_that_leaks_a_sealed_bid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = new()
    bid(g, 0, 35)
    shown = SealedLot.view

    def leaky(self: SealedLot, seat: int | None) -> dict[str, Any]:
        return {**shown(self, seat), "all": self.sealed.to_dict()}

    monkeypatch.setattr(SealedLot, "view", leaky)
    failures, _ = check_hidden(g, redeal, Rng(3))
    assert any("seat 1 shows what it may not see" in f for f in failures)


def test_the_save_holds_the_sealed_bids_and_replays() -> None:
    g = new()
    bid(g, 2, 25)
    bid(g, 0, 35)
    save = g.save()
    assert [a["action"]["amount"] for a in save["actions"]] == [25, 35]  # the full record
    loaded = Game.from_json(json.dumps(save))
    assert check_round_trip(g) == []
    assert acting(loaded) == [1] and loaded.can_undo(0) and loaded.can_undo(2)
    loaded.undo(2)  # the undo right comes back with the save: it is the record's
    assert acting(loaded) == [1, 2]
    replayed = Game.replay(TITLE, NAMES, {}, 7, g.actions)
    assert replayed.state_hash() == g.state_hash()
    past = g.at(1)
    assert acting(past) == [0, 1] and not past.can_undo(2)


def test_the_api_reports_every_acting_seat_and_hides_the_bids() -> None:
    r = call(op="new", game_id="sealed", title=TITLE, players=NAMES, seed=1, seat=1)
    assert r["ok"] and r["acting"] == [0, 1, 2] and r["active"] == 0 and r["legal"]
    r = call(op="act", game_id="sealed", seat=1, action={"type": "bid", "amount": 45})
    assert r["ok"] and r["acting"] == [0, 2] and r["can_undo"] and r["legal"] == []
    other = call(op="state", game_id="sealed", seat=0)
    assert other["view"]["sealed"]["own"] is None and "45" not in json.dumps(other["log"])
    assert not other["can_undo"] and other["legal"]
    refused = call(op="undo", game_id="sealed", seat=0)
    assert refused["error"]["rule"] == "undo"
    bot = call(op="bot", game_id="sealed", seat=2, level="easy")  # not `active`, but acting
    assert bot["ok"] and bot["action"] == {"type": "bid", "amount": 10} and bot["acting"] == [0]
    late = call(op="bot", game_id="sealed", seat=2, level="easy")
    assert late["error"]["kind"] == "not_your_turn" and "Anna" in late["error"]["message"]
    back = call(op="undo", game_id="sealed", seat=1)
    assert back["ok"] and back["acting"] == [0, 1] and back["n_actions"] == 1


def test_a_sealed_choice_is_marked_private_in_its_own_seats_log() -> None:
    r = call(op="new", game_id="sealed", title=TITLE, players=NAMES, seed=1, seat=0)
    r = call(op="act", game_id="sealed", seat=0, action={"type": "bid", "amount": 45})
    mine = [(e["text"], e.get("private", False)) for e in r["log"]]
    assert mine == [("You bid 45", True), ("Anna has sealed a bid", False)]


def test_an_undo_whose_later_choices_no_longer_replay_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = new()
    bid(g, 0, 35)
    bid(g, 1, 20)
    before, record = g.state_hash(), list(g.actions)
    checked = SealedLot.check

    def picky(self: SealedLot, action: Mapping[str, Any], seat: int) -> Any:
        # e.g. a title whose later choices depend on the earlier ones
        if seat == 1 and "Anna" in self.sealed.waiting():
            raise IllegalAction("Ben may not bid before Anna", rule="Sealed lot 1")
        return checked(self, action, seat)

    monkeypatch.setattr(SealedLot, "check", picky)
    with pytest.raises(EngineError, match="no longer replay") as err:
        g.undo(0)
    assert err.value.rule == "undo"
    assert g.state_hash() == before and g.actions == record and g.can_undo(0)
