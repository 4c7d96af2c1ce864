"""The operating round's queue of company steps (g18xx/steps/operating.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame_core.g18xx.steps import operating


@dataclass
class Queue:
    queue: list[tuple[str, str]] = field(default_factory=list)
    current: tuple[str, str] | None = None
    done: list[tuple[str, str]] = field(default_factory=list)


def test_the_queue_runs_steps_by_themselves_until_one_waits() -> None:
    q = Queue(operating.each_company(("pay", "buy"), ["A", "B"]))
    assert q.queue == [("pay", "A"), ("buy", "A"), ("pay", "B"), ("buy", "B")]

    def pay(c: str) -> None:
        q.done.append(("pay", c))

    def buy(c: str) -> None:
        if c == "B":
            q.current = ("buy", c)  # B's director decides
        else:
            q.done.append(("buy", c))

    starts = {"pay": pay, "buy": buy}
    assert not operating.advance(q, starts, decides=lambda s: s[0] == "buy")
    assert q.current == ("buy", "B") and q.done == [("pay", "A"), ("buy", "A"), ("pay", "B")]
    # Still waiting until the decision clears it.
    assert not operating.advance(q, starts, decides=lambda s: s[0] == "buy")
    q.current = None
    assert operating.advance(q, starts, decides=lambda s: s[0] == "buy")


def test_a_settled_step_lets_the_queue_go_on() -> None:
    q = Queue([("pay", "A")], current=("bid", "B"))
    settled: list[str] = []

    def settle(step: tuple[str, str]) -> bool:
        if step[0] == "bid":
            settled.append(step[1])
            q.current = None  # the bidder could only pass
            return True
        return False

    done = operating.advance(
        q, {"pay": lambda c: q.done.append(("pay", c))}, decides=lambda s: True, settle=settle
    )
    assert done and settled == ["B"] and q.done == [("pay", "A")]


def test_a_step_of_the_round_for_every_company() -> None:
    assert operating.each_step("trams", ["B", "A"]) == [("trams", "B"), ("trams", "A")]
