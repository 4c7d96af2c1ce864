"""2.4-2.10: the initial bid (sealed envelopes) and the start purchases.

A pure state machine over `BidState`, in the core's step style (`active`, `legal`,
`check`, `execute`; actions are plain dicts). First every player seals a bid at once
(`waiting` names who still must; `view_for` hides the others' amounts until all are in);
then the envelopes are swapped, highest with lowest (2.7), the highest bidder takes the
Tram, and in bid order each player buys up to four new tram shares (2.9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.errors import EngineError, IllegalAction, InvalidAction, NotYourTurn, quote
from ..g18xx.sealed import SealedBid, SealedBids
from ..g18xx.shares import IPO
from .companies import Economy, buy, check_buy, check_company
from .economy import BID_RULES, SBAHN, START_PURCHASES, TRAMS

Action = Mapping[str, Any]
JsonDict = dict[str, Any]
BIDDING: Final = "bid"
BUYING: Final = "start_purchases"
DONE: Final = "done"


@dataclass
class BidState:
    """The initial bid and the start purchases. `auctioneer`: the seat running the bid
    (2.4; ties rank from his left, 2.8); `order`: the bid order once revealed, highest
    first; `turn` / `bought`: whose start purchase (an index into `order`) and how many
    shares he has bought; `priority`: the seat holding the Tram."""

    eco: Economy
    auctioneer: int
    sealed: SealedBids
    stage: str = BIDDING
    order: list[int] = field(default_factory=list)
    turn: int = 0
    bought: int = 0
    priority: int | None = None

    def to_dict(self) -> JsonDict:
        """JSON-ready state (the sealed amounts included: a save is not a view)."""
        return {
            "eco": self.eco.to_dict(),
            "auctioneer": self.auctioneer,
            "sealed": self.sealed.to_dict(),
            "stage": self.stage,
            "order": list(self.order),
            "turn": self.turn,
            "bought": self.bought,
            "priority": self.priority,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BidState:
        """Inverse of `to_dict`."""
        return cls(
            Economy.from_dict(data["eco"]),
            int(data["auctioneer"]),
            SealedBids.from_dict(BID_RULES, data["sealed"]),
            str(data["stage"]),
            [int(s) for s in data["order"]],
            int(data["turn"]),
            int(data["bought"]),
            None if data["priority"] is None else int(data["priority"]),
        )


def start(eco: Economy, auctioneer: int) -> BidState:
    """2.4: the initial bid, run by seat `auctioneer`; every player bids."""
    if not 0 <= auctioneer < len(eco.players):
        raise InvalidAction(f"No seat {quote(auctioneer)} to be the auctioneer")
    return BidState(eco, auctioneer, SealedBids(BID_RULES, eco.players))


def _cash(state: BidState) -> dict[str, int]:
    return {p: state.eco.money.cash(p) for p in state.eco.players}


def waiting(state: BidState) -> list[int]:
    """The seats that must still seal a bid (all at once, in any order)."""
    if state.stage != BIDDING:
        return []
    names = state.sealed.waiting()
    return [s for s, p in enumerate(state.eco.players) if p in names]


def active(state: BidState) -> int | None:
    """The seat to act: the first still to bid, or the one making start purchases."""
    if state.stage == BIDDING:
        return next(iter(waiting(state)), None)
    if state.stage == BUYING:
        return state.order[state.turn]
    return None


def view_for(state: BidState, seat: int | None) -> JsonDict:
    """What `seat` (None: a spectator) may see: who has bid, its own amount, and every
    amount only once all are in (2.5)."""
    name = None if seat is None else state.eco.players[seat]
    return {
        "stage": state.stage,
        "auctioneer": state.auctioneer,
        "waiting": waiting(state),
        "sealed": state.sealed.view(name),
        "order": list(state.order),
        "priority": state.priority,
        "turn": active(state) if state.stage == BUYING else None,
        "bought": state.bought,
    }


def legal(state: BidState, seat: int) -> list[JsonDict]:
    """The seat's legal actions: one bid (a range of amounts), or the start purchases it
    may make and "pass" (ends its purchases)."""
    name = state.eco.players[seat]
    if state.stage == BIDDING:
        bids = state.sealed.legal(name, _cash(state))
        if bids is None:
            return []
        return [
            {
                "type": "bid",
                "seat": seat,
                "field": "amount",
                "min": bids.least,
                "max": bids.most,
                "step": bids.step,
            }
        ]
    if state.stage != BUYING or active(state) != seat:
        return []
    out: list[JsonDict] = []
    for corp in TRAMS:
        try:
            check_buy(state.eco, name, corp, IPO, opening_free=True)
        except EngineError:
            continue
        out.append({"type": "buy", "company": corp})
    out.append({"type": "pass"})
    return out


def check(state: BidState, action: Action, seat: int) -> None:
    """Refuse an action the initial bid or the start purchases do not allow; change
    nothing."""
    kind = action.get("type")
    name = state.eco.players[seat]
    if state.stage == BIDDING:
        if kind != "bid":
            raise IllegalAction("Everybody seals a bid first", rule="1881 2.5")
        if action.get("seat") != seat:
            raise InvalidAction(f"A bid names its bidder's seat ({seat})")
        amount = action.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise InvalidAction(f"A bid is a whole number, not {quote(amount)}")
        state.sealed.check(SealedBid(name, amount), _cash(state))
        return
    if state.stage != BUYING:
        raise IllegalAction("The start purchases are over", rule="1881 2.10")
    if active(state) != seat:
        raise NotYourTurn(
            f"It is {state.eco.players[state.order[state.turn]]}'s start purchase",
            rule="1881 2.9",
        )
    if kind == "pass":
        return
    if kind != "buy":
        raise IllegalAction(
            f"{quote(kind)}: in the start purchases a player buys tram shares or passes; "
            "nothing is sold",
            rule="1881 2.9",
        )
    corp = check_company(action.get("company"))
    if corp == SBAHN:
        raise IllegalAction("Only tram shares are bought at the start", rule="1881 2.9")
    source = action.get("source", IPO)
    if source != IPO:
        raise IllegalAction("The start purchases are new shares", rule="1881 2.9")
    check_buy(state.eco, name, corp, IPO, opening_free=True)


def execute(state: BidState, action: Action) -> bool:
    """Apply a checked action; True when the start purchases are over. A bid names its
    seat (`"seat"`: the bids are made at once, not in turn)."""
    if state.stage == BIDDING:
        name = state.eco.players[int(action["seat"])]
        state.eco.events.extend(
            state.sealed.submit(SealedBid(name, int(action["amount"])), _cash(state))
        )
        if state.sealed.revealed:
            _reveal(state)
        return False
    seat = state.order[state.turn]
    if action.get("type") == "buy":
        buy(state.eco, state.eco.players[seat], str(action["company"]), IPO, opening_free=True)
        state.bought += 1
        if state.bought < START_PURCHASES:
            return False
    return _next_buyer(state)


def precedence(state: BidState) -> list[str]:
    """2.8 / A-1: among equal bids, the player nearest clockwise after the auctioneer
    counts higher; the auctioneer himself last."""
    n = len(state.eco.players)
    return [state.eco.players[(state.auctioneer + k) % n] for k in range(1, n + 1)]


def swaps(ranking: list[str], bids: Mapping[str, int]) -> list[tuple[str, str, int]]:
    """2.7: the i-th highest bidder swaps envelopes with the i-th lowest; a middle bidder
    keeps his own. Returns (payer, payee, amount) for each pair with different bids."""
    n = len(ranking)
    out = []
    for i in range(n // 2):
        high, low = ranking[i], ranking[n - 1 - i]
        if bids[high] != bids[low]:
            out.append((high, low, bids[high] - bids[low]))
    return out


def _reveal(state: BidState) -> None:
    """2.7: swap the envelopes, give the highest bidder the Tram; 2.9: purchases in bid
    order."""
    ranking = state.sealed.ranking(precedence(state))
    for payer, payee, amount in swaps(ranking, state.sealed.bids()):
        state.eco.money.transfer(payer, payee, amount, "envelopes swapped (2.7)", rule="1881 2.7")
    state.order = [state.eco.players.index(p) for p in ranking]
    state.priority = state.order[0]
    state.stage = BUYING
    state.eco.events.append(
        {"event": "bid_order", "order": list(ranking), "tram": ranking[0]},
    )


def _next_buyer(state: BidState) -> bool:
    state.turn += 1
    state.bought = 0
    if state.turn < len(state.order):
        return False
    state.stage = DONE
    state.eco.events.append({"event": "start_round_over", "in_play": list(state.eco.in_play)})
    return True
