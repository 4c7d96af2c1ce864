"""The conformance checks can fail: each one is shown a title or a position that breaks
what it checks (a leaking view, a lax or crashing check, a lost card, a missing hook)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from pygame_core import TITLES, Game
from pygame_core.core.game import JsonDict
from pygame_core.core.rng import Rng
from pygame_core.trambahn.actions import Action
from pygame_core.trambahn.rules import TrambahnState
from pygame_core.trambahn.state import Column

from . import checks
from .actions import listed, mutations, same
from .hooks_trambahn import broken, redeal, state_of
from .titles import HOOKS, Setup, hooks_for, missing, new


def trambahn(actions: int) -> Game:
    """A Trambahn game after `actions` random actions."""
    return play("trambahn", 3, actions)


def play(title: str, seed: int, actions: int) -> Game:
    """A 2-player game of `title` after `actions` random actions."""
    g = new(title, Setup(2), seed)
    for n in checks.playout(g, checks.random_chooser(Rng(seed)), 10_000):
        if n >= actions:
            break
    return g


Fake = Callable[[type[TrambahnState], int], Game]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Fake:
    """Registers a rule-breaking variant of Trambahn for one test and plays it a little
    (registered, so that undo and restore replay it too)."""

    def make(cls: type[TrambahnState], actions: int) -> Game:
        monkeypatch.setitem(TITLES, cls.TITLE, cls)
        return play(cls.TITLE, 3, actions)

    return make


def corrupted(g: Game) -> tuple[Game, TrambahnState]:
    """A copy of `g` with its own state, to break by hand."""
    out = g.at(len(g.actions))
    return out, state_of(out)


def test_a_registered_title_without_hooks_fails() -> None:
    titles: Mapping[str, Any] = {**TITLES, "1999": object()}
    assert missing(titles, HOOKS) == ["title '1999' is registered but has no conformance hooks"]
    assert missing({"trambahn": object(), "1881": object()}, HOOKS) == [
        "hooks for '1840', which is not a registered title"
    ]
    with pytest.raises(pytest.fail.Exception, match="1999"):
        hooks_for("1999")


def test_the_trambahn_invariants_catch_broken_positions() -> None:
    g = trambahn(actions=40)
    assert broken(g) == []
    cases = []
    bad, s = corrupted(g)  # a card lost
    s.draw.pop()
    cases.append((bad, "cards"))
    bad, s = corrupted(g)  # a 17th tram, and out of order
    s.stack.append("H")
    cases.append((bad, "trams"))
    bad, s = corrupted(g)  # a 4th passenger that did not score
    s.rows["B"] += [s.draw.pop() for _ in range(4 - len(s.rows["B"]))]
    cases.append((bad, "rows"))
    bad, s = corrupted(g)  # a descending column
    s.seats[0].columns.append(Column(99, "B", ["B5", "B3"], "H", top=3))
    s.next_column_id = 100
    cases.append((bad, "columns"))
    bad, s = corrupted(g)  # a 7th hand card
    s.seats[1].hand.append(s.draw.pop())
    cases.append((bad, "hands"))
    bad, s = corrupted(g)  # a scoring that does not add up
    s.scorings.append({"n": 1, "line": "B", "points": [5, 0], "columns": []})
    cases.append((bad, "pad"))
    for state, kind in cases:
        found = broken(state)
        assert any(f.startswith(kind) for f in found), (kind, found)


def test_the_trambahn_redeal_keeps_the_viewers_cards_and_every_count() -> None:
    g = trambahn(actions=30)
    before = state_of(g)
    after = redeal(before, 0, Rng(1))
    assert isinstance(after, TrambahnState)
    assert after.seats[0].hand == before.seats[0].hand
    assert after.seats[1].hand != before.seats[1].hand
    assert [len(s.money) for s in after.seats] == [len(s.money) for s in before.seats]
    assert after.card_counts() == before.card_counts()
    assert after.view(0) == before.view(0)
    assert after.view(1) != before.view(1)


class Leaky(TrambahnState):
    """Shows every hand to everyone, and its bot peeks at the draw pile."""

    TITLE = "leaky"

    def view(self, seat: int | None) -> JsonDict:
        return {**super().view(seat), "hands": [sorted(s.hand) for s in self.seats]}

    def choose_bot_action(self, seat: int, level: str, rng: Rng) -> JsonDict:
        legal = self.legal_actions(seat)
        return legal[len(self.draw[-1]) % len(legal)] if len(legal) > 1 else legal[0]


def test_check_hidden_catches_a_leaking_view_and_a_peeking_bot(fake: Fake) -> None:
    assert checks.check_hidden(trambahn(actions=20), redeal, Rng(5))[0] == []
    leaky = fake(Leaky, 20)
    found: list[str] = []
    for k in range(10):
        found += checks.check_hidden(leaky, redeal, Rng(k))[0]
    assert any("view of seat 0 shows" in f for f in found), found
    assert any("bot of seat" in f for f in found), found


class Lax(TrambahnState):
    """Lets any seat play for the seat to act: it says both seats act (Game refuses a seat
    outside `acting` by itself) but lists actions for the seat to act only."""

    TITLE = "lax"

    @property
    def acting(self) -> tuple[int, ...]:
        return (0, 1)

    def check(self, action: Mapping[str, Any], seat: int) -> Action:
        return super().check(action, self.current)


class Crashy(TrambahnState):
    """Crashes on a field it does not know, instead of refusing it."""

    TITLE = "crashy"

    def check(self, action: Mapping[str, Any], seat: int) -> Action:
        if "zz_unknown" in action:
            raise KeyError("zz_unknown")
        return super().check(action, seat)


class Lenient(TrambahnState):
    """Ignores fields it does not know, instead of refusing them."""

    TITLE = "lenient"

    def check(self, action: Mapping[str, Any], seat: int) -> Action:
        return super().check({k: v for k, v in action.items() if k != "zz_unknown"}, seat)


class Overlisting(TrambahnState):
    """Lists an action it refuses."""

    TITLE = "overlisting"

    def legal_actions(self, seat: int) -> list[JsonDict]:
        return [*super().legal_actions(seat), {"type": "income", "card": "B11"}]


def test_check_mutations_catches_lax_lenient_and_crashing_titles(fake: Fake) -> None:
    assert checks.check_mutations(trambahn(actions=10), Rng(1), entries=3, per_entry=100) == []
    lax = checks.check_mutations(fake(Lax, 10), Rng(1), entries=1, per_entry=0)
    assert any("who may not act" in f and "was accepted" in f for f in lax), lax
    crashy = checks.check_mutations(fake(Crashy, 10), Rng(1), entries=2, per_entry=1000)
    assert any("add an unknown field" in f and "crashed" in f for f in crashy), crashy
    lenient = checks.check_mutations(fake(Lenient, 10), Rng(1), entries=2, per_entry=1000)
    assert any("with field(s) ['zz_unknown']" in f for f in lenient), lenient


def test_check_legal_catches_a_listed_action_that_is_refused(fake: Fake) -> None:
    assert checks.check_legal(trambahn(actions=5), broken, Rng(1)) == []
    found = checks.check_legal(fake(Overlisting, 0), broken, Rng(1))
    assert any("'B11'} is listed but refused" in f for f in found), found


class Tupled(TrambahnState):
    """A view with a tuple in it: not what JSON gives back."""

    TITLE = "tupled"

    def view(self, seat: int | None) -> JsonDict:
        return {**super().view(seat), "supply": tuple(self.supply)}


def test_check_round_trip_catches_a_view_that_is_not_plain_json(fake: Fake) -> None:
    assert checks.check_round_trip(trambahn(actions=25)) == []
    found = checks.check_round_trip(fake(Tupled, 25))
    assert any("is not plain JSON" in f for f in found), found


def test_ended_catches_a_game_that_does_not_end() -> None:
    g = trambahn(actions=10)
    assert checks.ended(g, 10) == ["no end after 10 actions (cap 10)"]
    for _ in checks.playout(g, checks.random_chooser(Rng(2)), 10_000):
        pass
    assert checks.ended(g, 10_000) == []


def test_listed_reads_ranges_and_optional_fields() -> None:
    bid = {"type": "bid", "private": "SB", "field": "price", "min": 30, "max": 60, "step": 5}
    assert listed({"type": "bid", "private": "SB", "price": 45}, [bid])
    for price in (25, 65, 44, True, "45", None):
        assert not listed({"type": "bid", "private": "SB", "price": price}, [bid]), price
    assert not listed({"type": "bid", "private": "XX", "price": 45}, [bid])
    assert same(
        {"type": "station", "card": "B3"}, {"type": "station", "card": "B3", "column": None}
    )
    assert not same(
        {"type": "station", "card": "B3"}, {"type": "station", "card": "B3", "column": 0}
    )


def test_mutations_change_drop_add_and_retype_every_field() -> None:
    action: JsonDict = {"type": "buy", "tram": "H", "column": 2}
    legal: list[JsonDict] = [
        action,
        {"type": "end_turn"},
        {"type": "station", "card": "B3", "column": None},
    ]
    found = mutations(action, legal, Rng(0))
    labels = [label for label, _ in found]
    assert all(m != action for _, m in found)
    for expected in ("drop type", "drop tram", "drop column", "type='end_turn'", "column=3"):
        assert expected in labels, expected
    assert any(label.startswith("add card=") for label in labels)
    assert any(label == "column=True" for label in labels)  # True == 1, but not a number
    assert any(not isinstance(m, dict) for _, m in found)
