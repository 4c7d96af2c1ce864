"""A tiny title for the tests only: a simultaneous decision through the whole engine.

Every seat seals one bid for one lot (g18xx/sealed.py: hidden until all have bid, in any
order), the reveal names the winner (highest bid; ties to the lower seat), who pays the
bid and then makes one open choice: keep the lot (worth LOT_VALUE at the end) or sell it
to the bank for SALE_PRICE. Then the game ends; the score is cash plus a kept lot.

It is never registered by importing this module: `registered()` adds it to TITLES for one
test and removes it after, so the conformance suite and the start page never see it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from pygame_core.core.actions import ActionCodec, off_wire
from pygame_core.core.errors import IllegalAction, InvalidAction, NotYourTurn, quote
from pygame_core.core.game import TITLES, Effects, JsonDict, LogEntry, TitleState
from pygame_core.core.rng import Rng
from pygame_core.g18xx.sealed import SealedBid, SealedBids, SealedRules

TITLE = "sealed-lot"
CASH = 100
LOT_VALUE = 60
SALE_PRICE = 40
RULES = SealedRules(minimum=10, step=5, ref="Sealed lot")


@dataclass(frozen=True)
class Bid:
    """`seat` seals `amount`. The wire carries only the amount: the game's record keeps the
    seat beside every action, and `check` fills it in."""

    WIRE: ClassVar[str] = "bid"
    amount: int
    seat: int = off_wire(-1)


@dataclass(frozen=True)
class Keep:
    """The winner keeps the lot."""

    WIRE: ClassVar[str] = "keep"
    seat: int = off_wire(-1)


@dataclass(frozen=True)
class Sell:
    """The winner sells the lot to the bank."""

    WIRE: ClassVar[str] = "sell"
    seat: int = off_wire(-1)


Move = Bid | Keep | Sell
CODEC: ActionCodec[Move] = ActionCodec("Sealed lot", (Bid, Keep, Sell))


class SealedLot(TitleState[Move]):
    """The state: cash, the sealed bids, the winner and the choice once made."""

    TITLE = TITLE
    NAME = "Sealed lot (test)"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    BOT_LEVELS = ("easy", "normal")

    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)
        self.cash = [CASH] * len(players)
        self.sealed = SealedBids(RULES, self.players)
        self.winner: int | None = None
        self.kept: bool | None = None

    @classmethod
    def create(cls, players: Sequence[str], options: Mapping[str, Any], rng: Rng) -> Self:
        if options:
            raise InvalidAction(f"The sealed lot takes no options, not {quote(dict(options))}")
        if not cls.MIN_PLAYERS <= len(players) <= cls.MAX_PLAYERS:
            raise InvalidAction("The sealed lot is for 2 to 4 players")
        return cls(players)

    # --- whose turn --------------------------------------------------------------------------

    @property
    def acting(self) -> tuple[int, ...]:
        if not self.sealed.revealed:
            return tuple(self.players.index(name) for name in self.sealed.waiting())
        if self.kept is None:
            assert self.winner is not None
            return (self.winner,)
        return ()

    @property
    def active(self) -> int | None:
        acting = self.acting
        return acting[0] if acting else None

    def _cash(self) -> dict[str, int]:
        return dict(zip(self.players, self.cash, strict=True))

    def legal_actions(self, seat: int) -> list[JsonDict]:
        if seat not in self.acting:
            return []
        if self.sealed.revealed:
            return [{"type": "keep"}, {"type": "sell"}]
        bids = self.sealed.legal(self.players[seat], self._cash())
        assert bids is not None  # every seat can pay the least bid
        return [{"type": "bid", "field": "amount", "min": bids.least, "max": bids.most, "step": 5}]

    # --- actions -----------------------------------------------------------------------------

    codec = CODEC

    def check(self, action: Mapping[str, Any], seat: int) -> Move:
        move = replace(CODEC.decode(action), seat=seat)
        if seat not in self.acting:
            names = " and ".join(self.players[s] for s in self.acting) or "nobody"
            raise NotYourTurn(f"Only {names} may act now", rule="Sealed lot 1")
        if isinstance(move, Bid):
            if self.sealed.revealed:
                raise IllegalAction("The bids are in; the winner chooses", rule="Sealed lot 2")
            self.sealed.check(SealedBid(self.players[seat], move.amount), self._cash())
            return move
        if not self.sealed.revealed:
            raise IllegalAction("Everybody bids first", rule="Sealed lot 1")
        return move

    def execute(self, action: Move) -> Effects:
        if not isinstance(action, Bid):
            self.kept = isinstance(action, Keep)
            if not self.kept:
                self.cash[action.seat] += SALE_PRICE
            what = "keeps the lot" if self.kept else f"sells the lot for {SALE_PRICE}"
            return Effects([LogEntry(action.seat, f"{self.players[action.seat]} {what}")], True)
        name = self.players[action.seat]
        self.sealed.submit(SealedBid(name, action.amount), self._cash())
        log = [
            LogEntry(action.seat, f"You bid {action.amount}", visible_to=(action.seat,)),
            LogEntry(action.seat, f"{name} has sealed a bid"),
        ]
        if not self.sealed.revealed:
            return Effects(log, sealed=True)
        bids = self.sealed.bids()
        winner = self.players.index(self.sealed.ranking(self.players)[0])
        self.winner = winner
        self.cash[winner] -= bids[self.players[winner]]
        shown = ", ".join(f"{b} {a}" for b, a in bids.items())
        log.append(LogEntry(None, f"The bids are opened: {shown}; {self.players[winner]} wins"))
        return Effects(log, barrier=True, sealed=True)

    # --- what is seen ------------------------------------------------------------------------

    def view(self, seat: int | None) -> JsonDict:
        return {
            "cash": list(self.cash),
            "sealed": self.sealed.view(None if seat is None else self.players[seat]),
            "winner": self.winner,
            "kept": self.kept,
        }

    def prompt(self, seat: int | None) -> str:
        if seat is not None and seat in self.acting:
            return "Choose: keep or sell the lot" if self.sealed.revealed else "Seal your bid"
        return "Waiting" if self.acting else "The game is over"

    def result(self) -> JsonDict | None:
        if self.kept is None:
            return None
        scores = list(self.cash)
        assert self.winner is not None
        if self.kept:
            scores[self.winner] += LOT_VALUE
        best = max(scores)
        return {"scores": scores, "winner": scores.index(best)}

    def canonical(self) -> JsonDict:
        return {
            "cash": self.cash,
            "sealed": self.sealed.to_dict(),
            "winner": self.winner,
            "kept": self.kept,
        }

    def choose_bot_action(self, seat: int, level: str, rng: Rng) -> JsonDict:
        """From the seat's own view: easy bids the least, normal at random; the winner
        keeps the lot when it paid less than its value."""
        mine = self.view(seat)
        if mine["winner"] == seat:
            paid = mine["sealed"]["bids"][self.players[seat]]
            return {"type": "keep" if paid < LOT_VALUE else "sell"}
        least, most = RULES.minimum, mine["cash"][seat]
        if level == "easy":
            return {"type": "bid", "amount": least}
        return {"type": "bid", "amount": rng.choice(range(least, most + 1, RULES.step))}

    # --- tests' helper -----------------------------------------------------------------------

    def redealt(self, viewer: int | None, rng: Rng) -> SealedLot:
        """A copy with the sealed bids `viewer` may not see changed (before the reveal)."""
        other = copy.deepcopy(self)
        if other.sealed.revealed:
            return other
        data = other.sealed.to_dict()
        for name in data["bids"]:
            if viewer is None or name != self.players[viewer]:
                data["bids"][name] = rng.choice(range(RULES.minimum, CASH + 1, RULES.step))
        other.sealed = SealedBids.from_dict(RULES, data)
        return other


@contextmanager
def registered() -> Iterator[type[SealedLot]]:
    """The test title in TITLES while the block runs, and out of it afterwards."""
    TITLES[TITLE] = SealedLot
    try:
        yield SealedLot
    finally:
        del TITLES[TITLE]
