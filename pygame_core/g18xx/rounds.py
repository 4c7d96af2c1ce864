"""Rounds and steps as data.

A title declares the sequence of its rounds (a `Schedule`): either a printed round track
(`Track`, every round in order) or a cycle of a stock round followed by as many operating
rounds as the phase allows (`Cycle`, with opening rounds before the first stock round). It
declares each kind of round (`RoundDef`): how the round starts and the steps it may be in;
and each step (`Step`): who acts, what is legal, how an action is checked and applied.

`Rounds` runs them. The game state keeps only the current round (`round_entry`) and the
name of the current step (`step`); `Rounds` dispatches an action to that step and, when a
step reports the round over, records the round's end and starts the next one, for as
long as rounds end at once (a round with nothing to decide).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class RoundEntry:
    """One round of a game's sequence: its kind ("SR", "OR", ...), its name on the track
    ("1", "2a", "3.2"), its position in the game, and any printed extras (a multiplier)."""

    kind: str
    name: str = ""
    index: int = 0
    data: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def label(self) -> str:
        """ "SR 1", "OR 3.2", or the kind alone for an unnamed round."""
        return f"{self.kind} {self.name}" if self.name else self.kind


class Schedule(Protocol):
    """A title's sequence of rounds."""

    def first(self) -> RoundEntry:
        """The game's first round."""
        ...

    def after(self, entry: RoundEntry, operating_rounds: int | None) -> RoundEntry | None:
        """The round after `entry`; `operating_rounds` is the current phase's number of
        operating rounds per game round (None where the schedule fixes it). None: no
        round follows."""
        ...


@dataclass(frozen=True)
class Track:
    """A printed round track: every round of the game in order."""

    entries: tuple[RoundEntry, ...]

    @classmethod
    def of(cls, rounds: Iterable[Mapping[str, Any]], *, kind: str = "type") -> Track:
        """A track from data records: `kind` names the field with the round's kind, "name"
        its name; the other fields are kept as the entry's data."""
        entries = []
        for i, r in enumerate(rounds):
            extras = {k: v for k, v in r.items() if k not in (kind, "name")}
            entries.append(RoundEntry(str(r[kind]), str(r.get("name", "")), i, extras))
        if not entries:
            raise ValueError("A round track needs at least one round")
        return cls(tuple(entries))

    def at(self, index: int) -> RoundEntry:
        """The round at position `index`."""
        return self.entries[index]

    def first(self) -> RoundEntry:
        return self.entries[0]

    def after(self, entry: RoundEntry, operating_rounds: int | None = None) -> RoundEntry | None:
        nxt = entry.index + 1
        return self.entries[nxt] if nxt < len(self.entries) else None

    def through(self, index: int) -> tuple[RoundEntry, ...]:
        """The rounds up to and including position `index`."""
        return self.entries[: index + 1]


@dataclass(frozen=True)
class Cycle:
    """Opening rounds, then game rounds: a stock round ("SR k") followed by operating
    rounds ("OR k.1" ... "OR k.n"). n is the phase's number when the stock round ends, and
    stays for that game round (kept as the entry's data "of")."""

    openings: tuple[str, ...] = ()
    stock: str = "SR"
    operating: str = "OR"

    def first(self) -> RoundEntry:
        if self.openings:
            return RoundEntry(self.openings[0], "", 0)
        return RoundEntry(self.stock, "1", 0)

    def after(self, entry: RoundEntry, operating_rounds: int | None) -> RoundEntry | None:
        nxt = entry.index + 1
        if entry.kind == self.stock:
            n = _rounds_count(operating_rounds)
            return RoundEntry(self.operating, f"{entry.name}.1", nxt, {"of": n})
        if entry.kind == self.operating:
            game_round, number = (int(x) for x in entry.name.split("."))
            n = int(entry.data["of"])
            if number < n:
                return RoundEntry(self.operating, f"{game_round}.{number + 1}", nxt, {"of": n})
            return RoundEntry(self.stock, str(game_round + 1), nxt)
        position = self.openings.index(entry.kind)
        if position + 1 < len(self.openings):
            return RoundEntry(self.openings[position + 1], "", nxt)
        return RoundEntry(self.stock, "1", nxt)


def _rounds_count(operating_rounds: int | None) -> int:
    if operating_rounds is None or operating_rounds < 1:
        raise ValueError("A cycle of rounds needs the phase's number of operating rounds")
    return operating_rounds


class FlowState(Protocol):
    """What `Rounds` reads and writes in a game's state: the current round and step."""

    round_entry: RoundEntry
    step: str


S = TypeVar("S", bound=FlowState)
A = TypeVar("A")
SC = TypeVar("SC", contravariant=True)
AC = TypeVar("AC", contravariant=True)


class StepFunctions(Protocol[SC, AC]):
    """A step's four functions under their names (a title's module for a round, say)."""

    def active(self, state: SC, /) -> int | None:
        """The seat to act (None: nobody)."""
        ...

    def legal(self, state: SC, seat: int, /) -> list[JsonDict]:
        """The seat's legal actions."""
        ...

    def check(self, state: SC, action: AC, seat: int, /) -> None:
        """Raise an EngineError if the action is refused; change nothing."""
        ...

    def execute(self, state: SC, action: AC, /) -> bool:
        """Apply a checked action; True when the round is over."""
        ...


def _nobody(state: Any) -> tuple[str | None, str] | None:
    return None


def _no_corporation(state: Any) -> str | None:
    return None


@dataclass(frozen=True)
class Step(Generic[S, A]):
    """One step of a round: `active` gives the seat to act (None: nobody), `legal` its
    legal actions, `check` refuses an action (raising an EngineError) without changing
    anything, `execute` applies a checked action and returns True when the round is over.
    `acting` names the entity the seat acts for and its kind (None: the player himself);
    `corporation` the corporation whose director acts (None: none)."""

    name: str
    active: Callable[[S], int | None]
    legal: Callable[[S, int], list[JsonDict]]
    check: Callable[[S, A, int], None]
    execute: Callable[[S, A], bool]
    acting: Callable[[S], tuple[str | None, str] | None] = _nobody
    corporation: Callable[[S], str | None] = _no_corporation

    @classmethod
    def of(
        cls,
        name: str,
        functions: StepFunctions[S, A],
        *,
        acting: Callable[[S], tuple[str | None, str] | None] = _nobody,
        corporation: Callable[[S], str | None] = _no_corporation,
    ) -> Step[S, A]:
        """The step whose functions are `functions`' active, legal, check and execute."""
        return cls(
            name,
            functions.active,
            functions.legal,
            functions.check,
            functions.execute,
            acting,
            corporation,
        )


@dataclass(frozen=True)
class RoundDef(Generic[S, A]):
    """A kind of round: `start` sets up the round and its first step, and returns True if
    the round is over at once; `steps` are the steps the round may be in."""

    kind: str
    start: Callable[[S], bool]
    steps: tuple[Step[S, A], ...] = ()


def _nothing(state: Any) -> None:
    return None


def _fixed(state: Any) -> int | None:
    return None


@dataclass(frozen=True)
class Rounds(Generic[S, A]):
    """A title's rounds: its schedule and its kinds of round. `operating_rounds` gives the
    current phase's operating rounds (for a `Cycle`); `on_end` runs when a round ends,
    before the next one starts (a record for the end screen, say)."""

    schedule: Schedule
    rounds: tuple[RoundDef[S, A], ...]
    operating_rounds: Callable[[S], int | None] = _fixed
    on_end: Callable[[S], None] = _nothing
    _kinds: Mapping[str, RoundDef[S, A]] = field(init=False, repr=False, compare=False)
    _steps: Mapping[str, Step[S, A]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kinds = {r.kind: r for r in self.rounds}
        steps = {s.name: s for r in self.rounds for s in r.steps}
        if len(kinds) != len(self.rounds):
            raise ValueError("Each kind of round is declared once")
        if len(steps) != sum(len(r.steps) for r in self.rounds):
            raise ValueError("Step names are unique across the rounds")
        object.__setattr__(self, "_kinds", kinds)
        object.__setattr__(self, "_steps", steps)

    def round(self, state: S) -> RoundDef[S, A]:
        """The kind of round the game is in."""
        return self._kinds[state.round_entry.kind]

    def step(self, state: S) -> Step[S, A] | None:
        """The current step (None when the game is in none: over, or between rounds)."""
        return self._steps.get(state.step)

    def start(self, state: S) -> bool:
        """Start the current round; True if it is over at once."""
        return self.round(state).start(state)

    def begin(self, state: S) -> None:
        """Start the game's first round (and any that follow at once)."""
        state.round_entry = self.schedule.first()
        self.advance(state, self.start(state))

    def advance(self, state: S, over: bool) -> None:
        """While the current round is over, end it and start the next one."""
        while over:
            self.on_end(state)
            nxt = self.schedule.after(state.round_entry, self.operating_rounds(state))
            if nxt is None:
                raise ValueError(f"No round follows {state.round_entry.label}")
            state.round_entry = nxt
            over = self.start(state)

    def active(self, state: S) -> int | None:
        """The seat to act now."""
        step = self.step(state)
        return None if step is None else step.active(state)

    def acting(self, state: S) -> tuple[str | None, str] | None:
        """The entity the active seat acts for, and its kind (None: a player)."""
        step = self.step(state)
        return None if step is None else step.acting(state)

    def corporation(self, state: S) -> str | None:
        """The corporation whose director acts now (None: none)."""
        step = self.step(state)
        return None if step is None else step.corporation(state)

    def legal(self, state: S, seat: int) -> list[JsonDict]:
        """The current step's legal actions for `seat`."""
        step = self.step(state)
        return [] if step is None else step.legal(state, seat)

    def check(self, state: S, action: A, seat: int) -> None:
        """Let the current step refuse `action`."""
        step = self.step(state)
        if step is None:
            raise ValueError(f"No step to act in ({state.step!r})")
        step.check(state, action, seat)

    def execute(self, state: S, action: A) -> None:
        """Apply a checked action and move on through rounds that end."""
        step = self.step(state)
        if step is None:
            raise ValueError(f"No step to act in ({state.step!r})")
        self.advance(state, step.execute(state, action))
