"""Sealed bids: several seats bid at once, each hidden from the others until all have bid.

Every bidder makes exactly one bid (at least `minimum`, in steps of `step` above it, no
more than its cash). Until the last bid is in, `view` shows a seat only its own amount
and who has bid; then all amounts are revealed. What the bids decide afterwards (who pays
whom, the order of play) is the title's: `ranking` gives the bidders highest first, equal
bids ranked by the title's order of precedence, for a title hook to use.

Like the ascending auction, this moves no money; events name who bid but never how much
before the reveal, so a log built from them leaks nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalAction, InvalidAction, quote
from ..core.shared import Shared
from .auction import BidRange, Event
from .citations import cite

LOT = "sealed"  # the lot name in `BidRange`s: there is just the one


@dataclass(frozen=True)
class SealedRules(Shared):
    """`minimum`: the least bid; `step`: bids go up from it in multiples of `step`;
    `ref` / `citations`: the title and its sections for the refusals ("least bid", "bid
    steps", "bid within cash", "one sealed bid"; see `citations.cite`)."""

    minimum: int = 0
    step: int = 1
    ref: str = "18xx"
    citations: Mapping[str, str] = field(default_factory=dict)

    def cite(self, key: str) -> str:
        """The rule a refusal of kind `key` names."""
        return cite(self.ref, self.citations, key)


@dataclass(frozen=True)
class SealedBid:
    """`bidder` puts `amount` in its envelope."""

    bidder: str
    amount: int


class SealedBids:
    """The bids made so far; complete (and revealed) when every bidder has bid."""

    def __init__(self, rules: SealedRules, bidders: Sequence[str]) -> None:
        """`bidders` in seat order; all of them bid."""
        if rules.minimum < 0 or rules.step <= 0:
            raise InvalidAction("A sealed bid needs a non-negative minimum and a positive step")
        if not bidders or len(set(bidders)) != len(bidders):
            raise InvalidAction("Sealed bids need distinct bidders")
        self.rules = rules
        self.bidders = list(bidders)
        self._bids: dict[str, int] = {}

    # --- queries ---------------------------------------------------------------------------

    @property
    def revealed(self) -> bool:
        """True once every bidder has bid: the amounts are open from then on."""
        return len(self._bids) == len(self.bidders)

    def waiting(self) -> list[str]:
        """Bidders still to bid, in seat order (they may bid in any order)."""
        return [b for b in self.bidders if b not in self._bids]

    def bids(self) -> dict[str, int]:
        """Every amount, in seat order; only once revealed."""
        if not self.revealed:
            raise IllegalAction(
                "The bids are sealed until everybody has bid",
                rule=self.rules.cite("one sealed bid"),
            )
        return {b: self._bids[b] for b in self.bidders}

    def view(self, viewer: str | None) -> dict[str, Any]:
        """What `viewer` (None: a spectator) may see: who has bid, its own amount, and
        every amount once all have bid."""
        return {
            "bidders": list(self.bidders),
            "has_bid": [b for b in self.bidders if b in self._bids],
            "own": self._bids.get(viewer) if viewer is not None else None,
            "bids": self.bids() if self.revealed else None,
        }

    def legal(self, bidder: str, cash: Mapping[str, int]) -> BidRange | None:
        """The amounts `bidder` may bid (None: it has bid, or cannot pay the minimum)."""
        if bidder not in self.bidders or bidder in self._bids:
            return None
        least, step = self.rules.minimum, self.rules.step
        limit = cash.get(bidder, 0)
        if limit < least:
            return None
        return BidRange(LOT, least, least + (limit - least) // step * step, step)

    def ranking(self, precedence: Sequence[str]) -> list[str]:
        """The bidders, highest bid first; equal bids in the order of `precedence` (every
        bidder once: the title's tie rule, e.g. seats from the auctioneer's left)."""
        bids = self.bids()
        if sorted(precedence) != sorted(self.bidders):
            raise InvalidAction("The order of precedence must list every bidder once")
        return sorted(precedence, key=lambda b: -bids[b])  # sorted is stable: ties keep order

    # --- moves -----------------------------------------------------------------------------

    def check(self, bid: SealedBid, cash: Mapping[str, int]) -> None:
        """Raise unless `bid` may be made now; change nothing."""
        rules = self.rules
        if bid.bidder not in self.bidders:
            raise InvalidAction(f"{quote(bid.bidder)} is not bidding")
        if bid.bidder in self._bids:
            raise IllegalAction(
                f"{bid.bidder} has already bid; a sealed bid is not changed",
                rule=rules.cite("one sealed bid"),
            )
        if not isinstance(bid.amount, int) or isinstance(bid.amount, bool):
            raise InvalidAction("A bid must be a whole number")
        if bid.amount < rules.minimum:
            raise IllegalAction(f"The least bid is {rules.minimum}", rule=rules.cite("least bid"))
        if (bid.amount - rules.minimum) % rules.step:
            raise IllegalAction(
                f"Bids go up in steps of {rules.step} from {rules.minimum}",
                rule=rules.cite("bid steps"),
            )
        if bid.amount > cash.get(bid.bidder, 0):
            raise IllegalAction(
                f"{bid.bidder} has only {cash.get(bid.bidder, 0)} to bid",
                rule=rules.cite("bid within cash"),
            )

    def submit(self, bid: SealedBid, cash: Mapping[str, int]) -> list[Event]:
        """Check and seal one bid; the last one reveals them all."""
        self.check(bid, cash)
        self._bids[bid.bidder] = bid.amount
        events: list[Event] = [{"event": "sealed_bid", "bidder": bid.bidder}]
        if self.revealed:
            events.append({"event": "revealed", "bids": self.bids()})
        return events

    # --- plain data ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state, the sealed amounts included (a save is not a view)."""
        return {"bidders": list(self.bidders), "bids": dict(self._bids)}

    @classmethod
    def from_dict(cls, rules: SealedRules, data: Mapping[str, Any]) -> SealedBids:
        """Inverse of `to_dict`."""
        sealed = cls(rules, [str(b) for b in data["bidders"]])
        bids = {str(k): int(v) for k, v in data["bids"].items()}
        if not set(bids) <= set(sealed.bidders):
            raise InvalidAction("The saved bids name someone who is not bidding")
        sealed._bids = bids
        return sealed
