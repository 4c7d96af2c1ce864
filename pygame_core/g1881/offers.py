"""1881's offers between companies: buying a train (10.5) or a depot (7.8) from another
company at a price both directors agree on.

The seed's words (004):
- 10.5 "Eine Gesellschaft kann in ihrer Betriebsrunde eine oder mehrere Bahnen von einer
  anderen Gesellschaft zu einem auszuhandelnden Preis erwerben. Eine Gesellschaft kann
  Bahnen nicht direkt verkaufen." (digest A-19: at least 1, agreed by both directors, at
  once when one person directs both; no phase change, not a credit train.)
- 7.8 a depot "kann ... von einer anderen Gesellschaft gekauft werden": the buyer's next
  chip's cost to the bank plus an agreed amount of at least 40 to the seller.
- 12.9 the S-Bahn's chairman and board members may buy trains from each other (10.5).

The flow (docs/rules-decisions.md "### Offers between companies"): in its train step the
operating company's director offers (`offer_train`: seller, train, price); in its depot step
(and, as long as it has not placed or bought a depot, up to its run) he offers for a
reachable foreign depot (`offer_depot`: seller, hex, city, price). The seller's director
then answers (`accept_offer` / `refuse_offer`); nothing else happens in between. The legal
actions list each possible offer as a template with the price range (`field` "price",
`min`, `max`, `step`), like the sealed bid's amount. A refused offer's train or depot may
not be offered for again in the same turn, so a turn makes finitely many offers.

The rules here take the buyer and seller as owners (`trains.Buyer`), so an S-Bahn part may
use them once it has its own turn (12.9): it needs its Buyer and the seat that answers for
a part.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..core.errors import EngineError, IllegalAction, InvalidAction
from ..g18xx.money import BANK
from . import depots
from . import trains as tr
from .actions import Action
from .runs import track_graph

if TYPE_CHECKING:
    from .world import Operating, World

JsonDict = dict[str, Any]

TRAIN: Final = "train"
DEPOT: Final = "depot"
OFFER_TYPES: Final = ("offer_train", "offer_depot")
ANSWER_TYPES: Final = ("accept_offer", "refuse_offer")
# The steps in which an offer may be made (flow.py's step names): trains in the train step
# (10.5); a depot in the depot step and, until the run, in the run step (decision O3).
TRAIN_STEPS: Final = ("trains",)
DEPOT_STEPS: Final = ("depot", "run")
PRICE_STEP: Final = 1  # whole amounts (digest A-19)


@dataclass(frozen=True)
class Offer:
    """One offer: what (`kind` TRAIN or DEPOT), the buying and selling owners, the price
    (for a depot: the amount for the seller, the chip's cost to the bank comes on top),
    and the train or the station (hex, city part)."""

    kind: str
    buyer: str
    seller: str
    price: int
    train: str | None = None
    hex: str | None = None
    city: int | None = None

    @property
    def item(self) -> str:
        """What is offered for: "<seller>:<train>" or "<seller>:<hex>-<city>"."""
        what = self.train if self.kind == TRAIN else f"{self.hex}-{self.city}"
        return f"{self.seller}:{what}"

    def to_dict(self) -> JsonDict:
        """JSON-ready form (the state and the view)."""
        out: JsonDict = {
            "kind": self.kind,
            "buyer": self.buyer,
            "seller": self.seller,
            "price": self.price,
        }
        if self.kind == TRAIN:
            out["train"] = self.train
        else:
            out.update(hex=self.hex, city=self.city)
        return out


@dataclass(frozen=True)
class Parties:
    """Who may trade in the turn now: the buyer (its Buyer for the train rules), the owners
    it may buy from, and how to find the seat that answers for an owner (a company's
    director; for the S-Bahn, a part's operator)."""

    buyer: tr.Buyer
    sellers: tuple[str, ...]
    seat_of: Callable[[str], int | None]


def _refuse(message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, rule=rule)


def _op(w: World) -> Operating:
    assert w.op is not None
    return w.op


def parties(w: World) -> Parties:
    """The operating tram company buys from the other tram companies in the game (a
    bankrupt one's trains are the bank's, 10.3); directors answer (10.5). The S-Bahn's
    turn (12.9) returns its operating part, the other parts and their operators here."""
    corp = _op(w).corp
    others = tuple(c for c in w.operating() if c != corp)
    return Parties(tr.Buyer(corp, tr.TRAM), others, w.director_seat)


# --- what may be offered -------------------------------------------------------------------


def _check_train(w: World, p: Parties, offer: Offer) -> None:
    assert offer.train is not None
    tr.check_buy_from(
        w.trains,
        p.buyer,
        offer.seller,
        offer.train,
        offer.price,
        w.eco.money.cash(p.buyer.owner),
        agreed=True,
    )


def _depot_deal(w: World, offer: Offer) -> depots.DepotOffer:
    assert offer.hex is not None and offer.city is not None
    return depots.DepotOffer(
        offer.buyer,
        offer.seller,
        offer.hex,
        offer.city,
        (w.charters[offer.buyer], w.charters[offer.seller]),
        offer.price,
        w.eco.money.cash(offer.buyer),
        _op(w).depot_done,
    )


def _check_depot(w: World, offer: Offer) -> depots.DepotPurchase:
    # 15.3: no spending on depots while a credit train is owed.
    tr.check_credit_free(w.trains, offer.buyer, "depots")
    if offer.seller not in w.charters:
        raise _refuse(f"{offer.seller} has no depots to sell", "1881 7.8")
    return depots.check_buy_depot(w.map, _depot_deal(w, offer))


def _template(offer: Offer, top: int) -> JsonDict:
    out: JsonDict = {"type": f"offer_{offer.kind}", "seller": offer.seller}
    if offer.kind == TRAIN:
        out["train"] = offer.train
    else:
        out.update(hex=offer.hex, city=offer.city)
    out.update(field="price", min=offer.price, max=top, step=PRICE_STEP)
    return out


def train_offers(w: World, p: Parties) -> list[JsonDict]:
    """The buyer's possible train offers now (10.5): every train of another company it
    could buy at the least price, as a template priced from 1 to its treasury."""
    buyer = p.buyer.owner
    cash = w.eco.money.cash(buyer)
    refused = _op(w).refused
    out = []
    for seller in p.sellers:
        if p.seat_of(seller) is None:
            continue
        for train in w.trains.trains(seller):
            least = Offer(TRAIN, buyer, seller, tr.LEAST_AGREED_PRICE, train=train)
            if least.item in refused:
                continue
            try:
                _check_train(w, p, least)
            except EngineError:
                continue
            out.append(_template(least, cash))
    return out


def depot_offers(w: World, p: Parties) -> list[JsonDict]:
    """The buyer's possible depot offers now (7.8): every foreign depot it could buy for at
    least 40 on top of its next chip's cost, priced up to what its treasury leaves."""
    buyer = p.buyer.owner
    op = _op(w)
    chip = w.charters[buyer].next_cost()
    cash = w.eco.money.cash(buyer)
    if op.depot_done or chip is None or cash < chip + depots.MIN_PREMIUM:
        return []
    # One search of the buyer's reach first (7.8 "erreichbar"): the checks follow for the
    # stations it reaches only.
    graph = track_graph(w.map, buyer)
    reached = {(graph.nodes[i].hex, graph.nodes[i].part) for i in graph.reach(buyer).nodes}
    out = []
    for coord, cities in sorted(w.map.tokens.items()):
        for part, slots in sorted(cities.items()):
            if (coord, part) not in reached:
                continue
            for seller in slots:
                if seller not in p.sellers or p.seat_of(seller) is None:
                    continue
                least = Offer(DEPOT, buyer, seller, depots.MIN_PREMIUM, hex=coord, city=part)
                if least.item in op.refused:
                    continue
                try:
                    deal = _check_depot(w, least)
                except EngineError:
                    continue
                out.append(_template(least, cash - deal.bank))
    return out


def legal(w: World, step: str) -> list[JsonDict]:
    """The offers the operating company's director may make in `step`."""
    if w.op is None:
        return []
    p = parties(w)
    if step in TRAIN_STEPS:
        return train_offers(w, p)
    if step in DEPOT_STEPS:
        return depot_offers(w, p)
    return []


# --- the answer ------------------------------------------------------------------------------


def pending(w: World) -> Offer | None:
    """The offer waiting for the seller's answer (None: none)."""
    return None if w.op is None else w.op.offer


def answering_seat(w: World) -> int | None:
    """The seat that answers the pending offer: the seller's director (10.5)."""
    offer = pending(w)
    assert offer is not None
    return parties(w).seat_of(offer.seller)


def _check_trade(w: World, offer: Offer) -> None:
    if offer.kind == TRAIN:
        _check_train(w, parties(w), offer)
    else:
        _check_depot(w, offer)


def answers(w: World) -> list[JsonDict]:
    """The seller's director's choices: accept (while the trade still holds) or refuse."""
    offer = pending(w)
    assert offer is not None
    out: list[JsonDict] = []
    try:
        _check_trade(w, offer)
        out.append({"type": "accept_offer"})
    except EngineError:
        pass
    out.append({"type": "refuse_offer"})
    return out


# --- checks ----------------------------------------------------------------------------------


def offer_of(w: World, a: Action) -> Offer:
    """The Offer an `offer_train` / `offer_depot` action makes (fields checked present)."""
    if a.seller is None or a.price is None:
        raise InvalidAction("An offer names the seller and the price")
    buyer = _op(w).corp
    if a.type == "offer_train":
        if a.train is None:
            raise InvalidAction("A train offer names the train")
        return Offer(TRAIN, buyer, a.seller, a.price, train=a.train)
    if a.hex is None or a.city is None:
        raise InvalidAction("A depot offer names the hex and the city")
    return Offer(DEPOT, buyer, a.seller, a.price, hex=a.hex, city=a.city)


def check(w: World, a: Action) -> None:
    """Check an offer or an answer in the operating round now; changes nothing."""
    offer = pending(w)
    if offer is not None:
        if a.type not in ANSWER_TYPES:
            raise _refuse(
                f"{offer.seller}'s director first accepts or refuses {offer.buyer}'s offer",
                "1881 10.5" if offer.kind == TRAIN else "1881 7.8",
            )
        if a.type == "accept_offer":
            _check_trade(w, offer)
        return
    if a.type in ANSWER_TYPES:
        raise _refuse("There is no offer to answer", "1881 10.5")
    made = offer_of(w, a)
    steps = TRAIN_STEPS if made.kind == TRAIN else DEPOT_STEPS
    rule = "1881 10.5" if made.kind == TRAIN else "1881 7.8"
    if w.step not in steps:
        where = "its train step" if made.kind == TRAIN else "its depot step, before its run"
        raise _refuse(f"A company offers for a {made.kind} in {where}", rule)
    if made.item in _op(w).refused:
        raise _refuse(
            f"{made.seller}'s director refused this {made.kind} this turn: no second offer",
            rule,
        )
    p = parties(w)
    if made.seller not in p.sellers or p.seat_of(made.seller) is None:
        raise _refuse(f"{made.buyer} cannot buy from {made.seller} (no company in play)", rule)
    _check_trade(w, made)


# --- execution ------------------------------------------------------------------------------


def execute(w: World, a: Action) -> None:
    """Make the offer (at once when one person directs both), or answer it."""
    op = _op(w)
    if a.type == "refuse_offer":
        offer = op.offer
        assert offer is not None
        op.offer = None
        op.refused = (*op.refused, offer.item)
        w.say(f"{offer.seller} refuses {offer.buyer}'s offer of {offer.price} ({_what(offer)})")
        return
    if a.type == "accept_offer":
        offer = op.offer
        assert offer is not None
        op.offer = None
        w.say(f"{offer.seller} accepts {offer.buyer}'s offer")
        _trade(w, offer)
        return
    offer = offer_of(w, a)
    seat_of = parties(w).seat_of
    buyer_seat = seat_of(offer.buyer)
    w.say(f"{offer.buyer} offers {offer.seller} {offer.price} for {_what(offer)}", buyer_seat)
    if seat_of(offer.seller) == buyer_seat:
        w.say(f"One director for both: {offer.seller} agrees at once (10.5, digest A-19)")
        _trade(w, offer)
        return
    op.offer = offer


def _what(offer: Offer) -> str:
    if offer.kind == TRAIN:
        assert offer.train is not None
        return f"its {tr.train_type(offer.train).name} ({offer.train})"
    return f"its depot on {offer.hex}"


def _trade(w: World, offer: Offer) -> None:
    if offer.kind == TRAIN:
        assert offer.train is not None
        # 10.5 / A-19: a train changing hands starts no phase and rusts nothing.
        tr.buy_from(
            w.trains,
            w.eco.money,
            parties(w).buyer,
            offer.seller,
            offer.train,
            offer.price,
            agreed=True,
        )
        w.say(f"{offer.buyer} buys {offer.train} from {offer.seller} for {offer.price}")
        return
    deal = _check_depot(w, offer)
    depots.buy_depot(w.map, _depot_deal(w, offer))
    w.map_version += 1
    w.charters[offer.buyer] = deal.buyer
    w.charters[offer.seller] = deal.seller
    reason = f"{offer.buyer} buys {offer.seller}'s depot on {offer.hex}"
    w.eco.money.transfer(offer.buyer, BANK, deal.bank, f"{reason} (chip)", rule="1881 7.8")
    w.eco.money.transfer(offer.buyer, offer.seller, deal.seller_gets, reason, rule="1881 7.8")
    op = _op(w)
    op.depot_done = True  # 7.1 / A-27: the company's depot action of this round
    w.say(f"{reason} for {deal.bank} to the bank and {deal.seller_gets} to {offer.seller}")
    if w.step == "depot":
        w.step = "run"


def view(w: World) -> JsonDict | None:
    """The pending offer for everyone: buyer, seller, what, price, and who answers."""
    offer = pending(w)
    if offer is None:
        return None
    out = offer.to_dict()
    out["buyer_director"] = w.eco.shares.director(offer.buyer)
    out["seller_director"] = w.eco.shares.director(offer.seller)
    out["seat"] = answering_seat(w)
    if offer.kind == DEPOT:
        out["bank_cost"] = w.charters[offer.buyer].next_cost()
    return out


def prompt(w: World, seat: int | None) -> str | None:
    """One line about the pending offer for `seat` (None: no offer)."""
    offer = pending(w)
    if offer is None:
        return None
    what = f"{offer.price} for {offer.seller}'s {_what(offer).removeprefix('its ')}"
    if seat is not None and seat == answering_seat(w):
        return f"{offer.buyer} offers {what}: accept or refuse"
    return f"{offer.buyer} offers {what}; waiting for {offer.seller}'s director"
