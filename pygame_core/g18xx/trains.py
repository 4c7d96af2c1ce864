"""Trains and phases as data.

A title declares its train types (range, price, how many, which phase rusts them, which
phase the first purchase starts) and its phases (tile colours, train limit, operating
rounds per game round, or the round that starts the phase when a printed round track sets
it). `PhaseTable` answers the questions the rounds ask: the phase after a purchase or
after a round, what a phase change rusts, the train limit, the tiles on offer and the
number of operating rounds. The table holds no game state: the current phase is the
title's (a name), and a change is reported as a `PhaseChange` for the title to apply.

Refusals cite the title's rule, given as `cite` (the section of the train limit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from ..core.errors import IllegalAction, InvalidAction, quote


@dataclass(frozen=True)
class TrainType:
    """One kind of train (a card type): `range` counts the stops a route may touch (None:
    unlimited); `rusts_on` is the phase whose start takes these trains out of the game;
    `triggers` is the phase the first purchase of one from the bank starts. `kind` says
    who may own it, in the title's terms (e.g. a company kind). The bank sells, of each
    kind, the lowest type still in stock; a type with `available_from` is sold from that
    phase on instead, beside it."""

    name: str
    price: int
    range: int | None = None
    count: int | None = None
    kind: str = "train"
    rusts_on: str | None = None
    triggers: str | None = None
    available_from: str | None = None


@dataclass(frozen=True)
class Phase:
    """One phase: the tile colours on offer (in order, the newest last), the most trains a
    company may own, the operating rounds in each game round (None where a printed round
    track fixes them), and `starts_on`, the label of the round that starts it where the
    round track, not a purchase, changes the phase."""

    name: str
    tiles: tuple[str, ...]
    train_limit: int
    operating_rounds: int | None = None
    starts_on: str | None = None
    tile_lays: int = 1


@dataclass(frozen=True)
class PhaseChange:
    """A phase change: from `old` to `new`, and the train types that rust with it."""

    old: str
    new: str
    rusted: tuple[str, ...]


@dataclass(frozen=True)
class PhaseTable:
    """A title's phases in order (the first is the game's start) and its train types."""

    phases: tuple[Phase, ...]
    trains: tuple[TrainType, ...] = ()
    cite: str | None = None
    _order: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.phases:
            raise ValueError("A phase table needs at least one phase")
        order = {p.name: i for i, p in enumerate(self.phases)}
        if len(order) != len(self.phases):
            raise ValueError("Phase names must be distinct")
        for t in self.trains:
            for target in (t.rusts_on, t.triggers, t.available_from):
                if target is not None and target not in order:
                    raise ValueError(f"Train {t.name} names an unknown phase {target!r}")
        object.__setattr__(self, "_order", order)

    # --- lookups -----------------------------------------------------------------------

    @property
    def first(self) -> str:
        """The phase the game starts in."""
        return self.phases[0].name

    def phase(self, name: str) -> Phase:
        """The phase called `name`."""
        if name not in self._order:
            raise InvalidAction(f"No phase {quote(name)}")
        return self.phases[self._order[name]]

    def train(self, name: str) -> TrainType:
        """The train type called `name`."""
        for t in self.trains:
            if t.name == name:
                return t
        raise InvalidAction(f"No train type {quote(name)}")

    def tiles(self, phase: str) -> tuple[str, ...]:
        """The tile colours on offer in `phase`."""
        return self.phase(phase).tiles

    def train_limit(self, phase: str) -> int:
        """The most trains a company may own in `phase`."""
        return self.phase(phase).train_limit

    def operating_rounds(self, phase: str) -> int | None:
        """Operating rounds per game round in `phase` (None: the round track says)."""
        return self.phase(phase).operating_rounds

    def first_with(self, colour: str) -> Phase | None:
        """The first phase whose tiles include `colour` (None: no phase has it)."""
        return next((p for p in self.phases if colour in p.tiles), None)

    def later(self, a: str, b: str) -> bool:
        """True if phase `a` comes after phase `b`."""
        return self._order[a] > self._order[b]

    # --- changes -----------------------------------------------------------------------

    def after_purchase(self, current: str, train: str) -> PhaseChange | None:
        """The change the purchase of a `train` from the bank makes in phase `current`:
        the phase it triggers, if that is later than the current one; None otherwise (a
        type that triggers nothing, or a phase already reached)."""
        target = self.train(train).triggers
        if target is None or not self.later(target, current):
            return None
        return self.change(current, target)

    def after_round(self, current: str, label: str) -> PhaseChange | None:
        """The change the start of the round `label` makes (a printed round track)."""
        for p in self.phases:
            if p.starts_on == label and self.later(p.name, current):
                return self.change(current, p.name)
        return None

    def at_rounds(self, labels: Iterable[str]) -> str:
        """The phase after the rounds `labels` have started, in order (round-track titles)."""
        current = self.first
        for label in labels:
            change = self.after_round(current, label)
            if change is not None:
                current = change.new
        return current

    def change(self, old: str, new: str) -> PhaseChange:
        """The change from `old` to `new`: every type that rusts in a phase after `old` up
        to and including `new` rusts (a jump over a phase rusts its trains too)."""
        lo, hi = self._order[old], self._order[new]
        if hi <= lo:
            raise ValueError(f"Phase {new!r} does not follow {old!r}")
        passed = {p.name for p in self.phases[lo + 1 : hi + 1]}
        rusted = tuple(t.name for t in self.trains if t.rusts_on in passed)
        return PhaseChange(old, new, rusted)

    # --- checks ------------------------------------------------------------------------

    def check_train_limit(self, phase: str, owned: int, owner: str) -> None:
        """Refuse a train for `owner`, who owns `owned`, at the phase's limit."""
        limit = self.train_limit(phase)
        if owned >= limit:
            raise IllegalAction(
                f"{owner} owns {owned} trains: the limit in phase {phase} is {limit}",
                rule=self.cite,
            )

    def excess(self, phase: str, owned: int) -> int:
        """How many trains over the phase's limit a company owning `owned` holds (after a
        phase change lowers the limit)."""
        return max(0, owned - self.train_limit(phase))


def rust(
    holdings: Mapping[str, Sequence[str]], rusted: Iterable[str], type_of: Callable[[str], str]
) -> dict[str, list[str]]:
    """The trains each holder loses when the types `rusted` rust: holder -> train ids (only
    holders who lose some). `type_of` gives a train id's type."""
    gone = set(rusted)
    out: dict[str, list[str]] = {}
    for holder, trains in holdings.items():
        lost = [t for t in trains if type_of(t) in gone]
        if lost:
            out[holder] = lost
    return out


@dataclass
class TrainBank:
    """The bank's trains not yet sold: type -> train ids ("<type>-<n>"), in table order."""

    stock: dict[str, list[str]]

    @classmethod
    def of(cls, table: PhaseTable, counts: Mapping[str, int] | None = None) -> TrainBank:
        """A full bank: each type's `count` (or `counts[type]`, e.g. by player count)."""
        stock = {}
        for t in table.trains:
            n = counts[t.name] if counts is not None else t.count
            if n is None:
                raise ValueError(f"No count for train {t.name}")
            stock[t.name] = [f"{t.name}-{i}" for i in range(n)]
        return cls(stock)

    def on_offer(self, table: PhaseTable, phase: str) -> list[str]:
        """The types the bank sells in `phase`, in table order."""
        lowest: dict[str, str] = {}
        out = []
        for t in table.trains:
            if not self.stock.get(t.name):
                continue
            if t.available_from is not None:
                if not table.later(t.available_from, phase):
                    out.append(t.name)
            elif t.kind not in lowest:
                lowest[t.kind] = t.name
                out.append(t.name)
        return out

    def check_buy(self, table: PhaseTable, phase: str, train: str) -> None:
        """Refuse a type the bank does not sell now."""
        if train not in self.on_offer(table, phase):
            offer = ", ".join(self.on_offer(table, phase)) or "none"
            raise IllegalAction(
                f"The bank does not sell a {train} train now (on offer: {offer})",
                rule=table.cite,
            )

    def buy(self, table: PhaseTable, phase: str, train: str) -> tuple[str, PhaseChange | None]:
        """Sell the next train of type `train`: its id, and the phase change it makes."""
        self.check_buy(table, phase, train)
        return self.take(table, phase, train)

    def take(self, table: PhaseTable, phase: str, train: str) -> tuple[str, PhaseChange | None]:
        """Hand out the next train of type `train` where the title's own offer (checked by
        the caller) replaces the lowest-type rule: its id, and the phase change it makes."""
        if not self.stock.get(train):
            raise IllegalAction(f"The bank has no {train} train left", rule=table.cite)
        return self.stock[train].pop(0), table.after_purchase(phase, train)

    def withdraw(self, train: str) -> list[str]:
        """The bank's trains of type `train` leave the game: their ids."""
        gone, self.stock[train] = self.stock.get(train, []), []
        return gone

    def to_dict(self) -> dict[str, list[str]]:
        """JSON-ready state."""
        return {t: list(ids) for t, ids in self.stock.items()}
