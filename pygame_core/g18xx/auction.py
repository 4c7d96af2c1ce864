"""An ascending auction in turn order: a small state machine with plain-data state.

Two shapes, by `AuctionRules.selection`:

- selection (a start round of privates): in turn, a player picks any unsold lot and opens
  with at least its minimum, or passes. The others then raise in turn or pass; who passes
  is out of that lot; when one bidder is left the lot is sold and the player after the one
  who picked it picks next. If everybody passes at a pick, the cheapest lot's minimum
  drops (by `price_drop`) and picking restarts with the start player, until at the floor
  the start player must take it; with `drop_until_first_sale`, a full pass after a sale
  only reports `all_passed` (the title decides what follows, e.g. a new start round).
- one lot (`selection` False): players bid in turn until all but one have passed.

A bidder who cannot pay the least next bid can only pass. With `drop_short_bidders` every
such bidder leaves the lot as soon as the bid is made ("leaves" events); otherwise the
caller may let the bidder to act pass for that reason with `pass_short` (once it knows he
has nothing else to do).

The auction moves no money: it reports who bought what for how much, and the caller pays.
Cash limits come in with every call (`cash`: what each bidder may spend). Hidden bids
made at once are `sealed.SealedBids`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import IllegalAction, InvalidAction, NotYourTurn, quote
from .citations import cite

Event = dict[str, Any]


@dataclass(frozen=True)
class AuctionRules:
    """`increment`: least raise; `multiple`: bids above the minimum go in multiples of
    `increment`; `price_drop` / `floor` / `drop_until_first_sale`: the all-pass rule
    above; `ref` / `citations`: the title and its section for the refusals, under the key
    "auction" (see `citations.cite`); `drop_short_bidders`: see the module doc;
    `picker_again_after_walkover`: when a bid settles the lot (nobody left who can pay
    more), the picker picks again instead of the player after him."""

    increment: int = 5
    multiple: bool = True
    selection: bool = True
    price_drop: int = 0
    floor: int = 0
    drop_until_first_sale: bool = True
    ref: str = "18xx"
    citations: Mapping[str, str] = field(default_factory=dict)
    drop_short_bidders: bool = False
    picker_again_after_walkover: bool = False


@dataclass(frozen=True)
class Bid:
    """`bidder` bids `amount` for `lot`."""

    bidder: str
    lot: str
    amount: int


@dataclass(frozen=True)
class Pass:
    """`bidder` passes (at a pick: picks nothing; in bidding: leaves this lot)."""

    bidder: str


@dataclass(frozen=True)
class BidRange:
    """Legal amounts for a lot: `least`, `least + step`, ... up to `most`."""

    lot: str
    least: int
    most: int
    step: int

    def amounts(self) -> Iterator[int]:
        """Every legal amount."""
        return iter(range(self.least, self.most + 1, self.step))


class Auction:
    """The auction's state; `apply` returns events ("sold", "price_drop", ...)."""

    def __init__(
        self,
        rules: AuctionRules,
        bidders: Sequence[str],
        lots: Mapping[str, int],
        *,
        first: int = 0,
    ) -> None:
        """`bidders` in turn order (index 0: the start player); `lots`: lot -> minimum bid;
        `first`: who acts first. Without selection there must be exactly one lot."""
        if rules.increment <= 0 or rules.price_drop < 0 or rules.floor < 0:
            raise InvalidAction("Auction steps must be positive and prices non-negative")
        if not bidders or len(set(bidders)) != len(bidders) or not 0 <= first < len(bidders):
            raise InvalidAction("An auction needs distinct bidders and a valid first bidder")
        if not lots or (not rules.selection and len(lots) != 1):
            raise InvalidAction("A one-lot auction needs exactly one lot")
        self.rules = rules
        self.bidders = list(bidders)
        self.prices = {str(k): int(v) for k, v in lots.items()}
        self.lot: str | None = None if rules.selection else next(iter(self.prices))
        self.high: int | None = None
        self.leader: str | None = None
        self.out: list[str] = []
        self.turn = first
        self.picker = first
        self.passes = 0
        self.sold: list[tuple[str, str, int]] = []
        self.done = False

    @property
    def active(self) -> str | None:
        """The bidder to act (None when the auction is over)."""
        return None if self.done else self.bidders[self.turn]

    # --- legal actions ---------------------------------------------------------------------

    def legal_bids(self, bidder: str, cash: Mapping[str, int]) -> list[BidRange]:
        """The bids `bidder` may make now, as ranges (empty if not its turn)."""
        if bidder != self.active:
            return []
        lots = [self.lot] if self.lot is not None else list(self.prices)
        step = self.rules.increment if self.rules.multiple else 1
        limit = cash.get(bidder, 0)
        out = []
        for lot in lots:
            least = self._least(lot)
            most = least + (limit - least) // step * step if limit >= least else -1
            if most >= least:
                out.append(BidRange(lot, least, most, step))
        return out

    def least(self) -> int | None:
        """The least bid on the lot being auctioned (at a pick: the cheapest minimum)."""
        if self.done:
            return None
        if self.lot is not None:
            return self._least(self.lot)
        return min(self.prices.values())

    def is_short(self, cash: Mapping[str, int]) -> bool:
        """True if the bidder to act can make no bid (on any lot, at a pick)."""
        bidder = self.active
        return bidder is not None and not self.legal_bids(bidder, cash)

    def can_pass(self, bidder: str) -> bool:
        """True if `bidder` may pass now (whoever is to act may)."""
        return bidder == self.active

    def check(self, action: Bid | Pass, cash: Mapping[str, int]) -> None:
        """Raise unless `action` is legal now; change nothing."""
        if self.done:
            raise IllegalAction("The auction is over", rule=self._rule())
        if action.bidder not in self.bidders:
            raise InvalidAction(f"{quote(action.bidder)} is not bidding")
        if action.bidder != self.active:
            raise NotYourTurn(f"It is {self.active}'s turn to bid", rule=self._rule())
        if isinstance(action, Pass):
            return
        if not isinstance(action.amount, int) or isinstance(action.amount, bool):
            raise InvalidAction("A bid must be a whole number")
        if action.lot not in self.prices:
            raise InvalidAction(f"{quote(action.lot)} is not for sale")
        if self.lot is not None and action.lot != self.lot:
            raise IllegalAction(
                f"{self.lot} is being auctioned; bid on it or pass", rule=self._rule()
            )
        least = self._least(action.lot)
        if action.amount < least:
            raise IllegalAction(f"The least bid for {action.lot} is {least}", rule=self._rule())
        if self.rules.multiple and (action.amount - least) % self.rules.increment:
            raise IllegalAction(
                f"Bids go up in multiples of {self.rules.increment} (from {least})",
                rule=self._rule(),
            )
        if action.amount > cash.get(action.bidder, 0):
            raise IllegalAction(
                f"{action.bidder} has only {cash.get(action.bidder, 0)} to bid",
                rule=self._rule(),
            )

    # --- moves -----------------------------------------------------------------------------

    def apply(self, action: Bid | Pass, cash: Mapping[str, int]) -> list[Event]:
        """Check and apply one action; return what happened."""
        self.check(action, cash)
        if isinstance(action, Bid):
            if self.lot is None:  # a pick: this player opens the bidding
                self.lot, self.picker, self.out, self.passes = action.lot, self.turn, [], 0
            self.high, self.leader = action.amount, action.bidder
            events = self._drop_short(cash) if self.rules.drop_short_bidders else []
            return events + self._next(after_bid=True)
        if self.lot is None:
            return self._pick_pass()
        self.out.append(action.bidder)
        return self._next()

    def pass_short(self, cash: Mapping[str, int]) -> list[Event]:
        """The bidder to act, who can make no bid, passes: he leaves the lot ("leaves"), or
        at a pick picks nothing ("cannot_pick"); then what his pass brings. Nothing happens
        (and [] comes back) if he can bid."""
        bidder = self.active
        least = self.least()
        if bidder is None or least is None or not self.is_short(cash):
            return []
        kind = "leaves" if self.lot is not None else "cannot_pick"
        event: Event = {"event": kind, "bidder": bidder, "lot": self.lot, "least": least}
        return [event, *self.apply(Pass(bidder), cash)]

    def _drop_short(self, cash: Mapping[str, int]) -> list[Event]:
        """After a bid: every other bidder still in who cannot pay the next bid leaves."""
        assert self.lot is not None
        least = self._least(self.lot)
        n = len(self.bidders)
        events: list[Event] = []
        for k in range(1, n):
            who = self.bidders[(self.turn + k) % n]
            if who not in self.out and who != self.leader and cash.get(who, 0) < least:
                self.out.append(who)
                events.append({"event": "leaves", "bidder": who, "lot": self.lot, "least": least})
        return events

    def _next(self, *, after_bid: bool = False) -> list[Event]:
        """Pass the turn to the next bidder still in; settle the lot if nobody is."""
        n = len(self.bidders)
        for k in range(1, n + 1):
            who = self.bidders[(self.turn + k) % n]
            if who not in self.out and who != self.leader:
                self.turn = (self.turn + k) % n
                return []
        assert self.lot is not None
        if self.leader is None or self.high is None:  # one lot, and nobody bid
            self.done = True
            return [{"event": "unsold", "lot": self.lot}]
        again = after_bid and self.rules.picker_again_after_walkover
        return self._sell(self.lot, self.leader, self.high, picker_again=again)

    def _sell(
        self, lot: str, winner: str, price: int, *, picker_again: bool = False
    ) -> list[Event]:
        del self.prices[lot]
        self.sold.append((lot, winner, price))
        events: list[Event] = [{"event": "sold", "lot": lot, "winner": winner, "price": price}]
        self.lot, self.high, self.leader, self.out, self.passes = None, None, None, [], 0
        self.turn = (self.picker + (0 if picker_again else 1)) % len(self.bidders)
        if not self.prices or not self.rules.selection:
            self.done = True
            events.append({"event": "done"})
        return events

    def _pick_pass(self) -> list[Event]:
        self.passes += 1
        self.turn = (self.turn + 1) % len(self.bidders)
        if self.passes < len(self.bidders):
            return []
        self.passes, self.turn = 0, 0  # everybody passed: the start player begins again
        rules = self.rules
        if rules.price_drop == 0 or (rules.drop_until_first_sale and self.sold):
            return [{"event": "all_passed"}]
        lot = min(self.prices, key=lambda k: self.prices[k])  # first listed among equals
        price = max(rules.floor, self.prices[lot] - rules.price_drop)
        self.prices[lot] = price
        events: list[Event] = [{"event": "price_drop", "lot": lot, "price": price}]
        if price == rules.floor:  # at the floor the start player must take it
            self.picker = 0
            events += self._sell(lot, self.bidders[0], price)
        return events

    def _least(self, lot: str) -> int:
        if self.lot == lot and self.high is not None:
            return self.high + self.rules.increment
        return self.prices[lot]

    def _rule(self) -> str:
        return cite(self.rules.ref, self.rules.citations, "auction")

    # --- plain data ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state (the rules are the title's, not saved)."""
        return {
            "bidders": list(self.bidders),
            "prices": dict(self.prices),
            "lot": self.lot,
            "high": self.high,
            "leader": self.leader,
            "out": list(self.out),
            "turn": self.turn,
            "picker": self.picker,
            "passes": self.passes,
            "sold": [list(s) for s in self.sold],
            "done": self.done,
        }

    @classmethod
    def from_dict(cls, rules: AuctionRules, data: Mapping[str, Any]) -> Auction:
        """Inverse of `to_dict`."""
        auction = cls(rules, data["bidders"], {"_": 0})  # placeholder lot, replaced below
        auction.prices = {str(k): int(v) for k, v in data["prices"].items()}
        auction.lot = data["lot"]
        auction.high = data["high"]
        auction.leader = data["leader"]
        auction.out = [str(b) for b in data["out"]]
        auction.turn = int(data["turn"])
        auction.picker = int(data["picker"])
        auction.passes = int(data["passes"])
        auction.sold = [(str(a), str(b), int(c)) for a, b, c in data["sold"]]
        auction.done = bool(data["done"])
        return auction
