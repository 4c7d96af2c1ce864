"""Rounds and steps as data (g18xx/rounds.py): a printed round track, a cycle of a stock
round and 1-3 operating rounds by phase (1881, seed 004 3.2 / Tabelle 2), and the dispatch
of actions to the current step."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from pygame_core.g18xx.rounds import Cycle, RoundDef, RoundEntry, Rounds, Step, Track
from pygame_core.g18xx.trains import Phase, PhaseTable

# Game rounds 1-3 with one, two and three operating rounds, and the start of the fourth.
GAME_ROUNDS: tuple[str, ...] = (
    "SR 1",
    "OR 1.1",
    "SR 2",
    "OR 2.1",
    "OR 2.2",
    "SR 3",
    "OR 3.1",
    "OR 3.2",
    "OR 3.3",
    "SR 4",
)


def test_a_track_is_the_rounds_in_printed_order() -> None:
    track = Track.of(
        [{"type": "SR", "name": "1"}, {"type": "OR", "name": "1", "multiplier": 2}, {"type": "End"}]
    )
    first = track.first()
    assert first.label == "SR 1"
    second = track.after(first)
    assert second is not None and second.label == "OR 1" and second.data == {"multiplier": 2}
    third = track.after(second)
    assert third is not None and third.label == "End" and track.after(third) is None
    assert [e.label for e in track.through(1)] == ["SR 1", "OR 1"]


def test_a_cycle_has_as_many_operating_rounds_as_the_phase_when_the_stock_round_ends() -> None:
    """3.2: a game round is one stock round, then 1 to 3 operating rounds by phase."""
    cycle = Cycle(openings=("BID", "START"))
    labels = []
    entry: RoundEntry | None = cycle.first()
    phase_ors = {0: 1, 3: 2, 6: 3}  # the phase changes as the game goes on
    ors = 1
    while entry is not None and entry.index < 12:
        labels.append(entry.label)
        ors = phase_ors.get(entry.index, ors)
        entry = cycle.after(entry, ors)
    assert labels == ["BID", "START", *GAME_ROUNDS]


def test_a_phase_change_within_a_game_round_keeps_its_number_of_operating_rounds() -> None:
    cycle = Cycle()
    sr = cycle.first()
    or1 = cycle.after(sr, 1)
    assert or1 is not None and or1.label == "OR 1.1"
    nxt = cycle.after(or1, 3)  # phase 3 began in OR 1.1: the next game round gets three
    assert nxt is not None and nxt.label == "SR 2"
    with pytest.raises(ValueError):
        cycle.after(nxt, None)


# --- the dispatch --------------------------------------------------------------------------


@dataclass
class Toy:
    """A game of counting: each seat says a number in turn; the round ends at 3 actions."""

    round_entry: RoundEntry = field(default_factory=lambda: RoundEntry("X"))
    step: str = ""
    said: list[int] = field(default_factory=list)
    ended: list[str] = field(default_factory=list)
    over: bool = False


def _start_say(t: Toy) -> bool:
    t.step = "say"
    t.said = []
    return False


def _start_empty(t: Toy) -> bool:
    t.step = ""
    return True  # nothing to decide: over at once


def _start_end(t: Toy) -> bool:
    t.step = "over"
    t.over = True
    return False


def _check(t: Toy, a: int, seat: int) -> None:
    if a < 0:
        raise ValueError("say a number")


def _say(t: Toy, a: int) -> bool:
    t.said.append(a)
    return len(t.said) == 3


TOY = Rounds[Toy, int](
    Track.of(
        [
            {"type": "SAY", "name": "1"},
            {"type": "EMPTY"},
            {"type": "SAY", "name": "2"},
            {"type": "END"},
        ]
    ),
    (
        RoundDef(
            "SAY",
            _start_say,
            (Step("say", lambda t: len(t.said) % 2, lambda t, s: [{"type": "say"}], _check, _say),),
        ),
        RoundDef("EMPTY", _start_empty),
        RoundDef("END", _start_end),
    ),
    on_end=lambda t: t.ended.append(t.round_entry.label),
)


def test_the_rounds_dispatch_to_the_step_and_move_on_when_a_round_ends() -> None:
    t = Toy()
    TOY.begin(t)
    assert t.round_entry.label == "SAY 1" and TOY.active(t) == 0
    assert TOY.legal(t, 0) == [{"type": "say"}]
    for n in (1, 2):
        TOY.check(t, n, 0)
        TOY.execute(t, n)
    assert TOY.active(t) == 0 and t.round_entry.label == "SAY 1"
    TOY.execute(t, 3)
    # SAY 1 ended; EMPTY ended at once; SAY 2 began.
    assert t.ended == ["SAY 1", "EMPTY"] and t.round_entry.label == "SAY 2"
    for n in (4, 5, 6):
        TOY.execute(t, n)
    assert t.over and TOY.step(t) is None and TOY.active(t) is None and TOY.legal(t, 0) == []
    assert t.ended == ["SAY 1", "EMPTY", "SAY 2"]


def test_a_step_refuses_without_changing_anything() -> None:
    t = Toy()
    TOY.begin(t)
    with pytest.raises(ValueError):
        TOY.check(t, -1, 0)
    assert t.said == []


def test_step_and_round_names_are_declared_once() -> None:
    say = Step[Toy, int]("say", lambda t: 0, lambda t, s: [], _check, _say)
    track = Track.of([{"type": "SAY"}])
    with pytest.raises(ValueError):
        Rounds[Toy, int](track, (RoundDef("SAY", _start_say, (say,)), RoundDef("SAY", _start_say)))
    with pytest.raises(ValueError):
        Rounds[Toy, int](
            track, (RoundDef("SAY", _start_say, (say,)), RoundDef("B", _start_say, (say,)))
        )


class _SayFunctions:
    """The say step's functions under their names, as a title's round module has them."""

    @staticmethod
    def active(t: Toy, /) -> int | None:
        return len(t.said) % 2

    @staticmethod
    def legal(t: Toy, seat: int, /) -> list[dict[str, str]]:
        return [{"type": "say"}]

    @staticmethod
    def check(t: Toy, a: int, seat: int, /) -> None:
        _check(t, a, seat)

    @staticmethod
    def execute(t: Toy, a: int, /) -> bool:
        return _say(t, a)


def test_a_step_can_be_declared_from_a_module_of_its_functions() -> None:
    step = Step[Toy, int].of("say", _SayFunctions(), corporation=lambda t: "A")
    t = Toy()
    _start_say(t)
    assert step.active(t) == 0 and step.corporation(t) == "A" and step.acting(t) is None
    assert step.execute(t, 1) is False and step.active(t) == 1


@dataclass
class Cycling:
    """A game on a cycle of rounds whose phase a test moves by hand."""

    round_entry: RoundEntry = field(default_factory=lambda: RoundEntry("X"))
    step: str = ""
    phase: str = "1"
    labels: list[str] = field(default_factory=list)


def _start_logged(c: Cycling) -> bool:
    c.labels.append(c.round_entry.label)
    c.step = "act"
    return False


def _round_over(c: Cycling, a: str) -> bool:
    if a:
        c.phase = a  # e.g. the first train of a new level was bought (1881 11.1)
    return True


def test_a_cycle_takes_its_operating_rounds_from_the_phase_table() -> None:
    """1881 3.2 / Tabelle 2: 1, 2, 3, 3 operating rounds in phases 1-4."""
    phases = PhaseTable(
        tuple(
            Phase(str(n), ("yellow",), 4, operating_rounds=o) for n, o in enumerate((1, 2, 3, 3), 1)
        )
    )
    act = Step[Cycling, str]("act", lambda c: 0, lambda c, s: [], lambda c, a, s: None, _round_over)
    flow = Rounds[Cycling, str](
        Cycle(openings=("BID",)),
        # One "act" step serves every kind of round (steps are found by name).
        (
            RoundDef("BID", _start_logged, (act,)),
            RoundDef("SR", _start_logged),
            RoundDef("OR", _start_logged),
        ),
        operating_rounds=lambda c: phases.operating_rounds(c.phase),
    )
    c = Cycling()
    flow.begin(c)
    for phase in ("", "", "", "2", "", "", "", ""):
        flow.execute(c, phase)
    # Phase 2 began in OR 1.1 (the fourth action): game round 2 has two operating rounds.
    assert c.labels == ["BID", *GAME_ROUNDS[:8]]
