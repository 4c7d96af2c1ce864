"""The operating round's sequence of company steps, shared by the titles.

A round is a queue of steps, each (kind, corporation): "dividend" for a company, "trams"
for another, or a step of the whole round (corporation ""). `advance` runs the queue: a
step's starter either does the step by itself (nothing to decide) or makes it the current
step, which then waits for the director's decision. The title's `decides` says which
current steps wait; `settle` may resolve one by itself (a bidder who can only pass) and
report it, so the queue is looked at again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

QueuedStep = tuple[str, str]


class StepQueue(Protocol):
    """The round's queue of steps to come and the step waiting for a decision, if any."""

    queue: list[QueuedStep]
    current: QueuedStep | None


def _settled(step: QueuedStep) -> bool:
    return False


def advance(
    q: StepQueue,
    starts: Mapping[str, Callable[[str], None]],
    *,
    decides: Callable[[QueuedStep], bool],
    settle: Callable[[QueuedStep], bool] = _settled,
) -> bool:
    """Run queued steps until one waits for a decision; True when the queue is done. A
    starter (by kind, given the corporation) sets `q.current` if the step waits."""
    while True:
        if q.current is not None:
            if settle(q.current):
                continue
            if decides(q.current):
                return False
        if not q.queue:
            return True
        kind, corporation = q.queue.pop(0)
        q.current = None
        starts[kind](corporation)


def each_company(kinds: Sequence[str], order: Sequence[str]) -> list[QueuedStep]:
    """Every company in `order` does all the `kinds` in turn (a company's whole turn)."""
    return [(kind, c) for c in order for kind in kinds]


def each_step(kind: str, order: Sequence[str]) -> list[QueuedStep]:
    """One kind of step for every company in `order` (a step of the round, company by
    company)."""
    return [(kind, c) for c in order]


def next_operator(waiting: list[str]) -> str | None:
    """The next company of the round's operating order to take its turn, taken off
    `waiting`; None when every company has had its turn."""
    return waiting.pop(0) if waiting else None
