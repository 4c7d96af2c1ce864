"""The normal bot's side of offers between companies (10.5, 7.8; offers.py).

- Answering: a train is sold when the price reaches its worth to the seller (its printed
  price, half of it when the train rusts with the next phase) and the seller keeps a train
  unless the one sold rusts next anyway; a depot when the amount covers the chip's place
  on the charter (the slot it goes back to) plus the least premium (40).
- Offering: only for a train, and only when the bank has none the company can buy now and
  it owns none, or all its trains rust with the next phase: the longest train that does not
  rust next, at its printed price or the treasury if less. A refused train is off the list
  for the turn (offers.py), so the bot's offers end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import trains as tr
from .depots import MIN_PREMIUM
from .offers import DEPOT, pending

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, Any]


def rusts_next(w: World, train: str) -> bool:
    """True when `train`'s type rusts with the phase the next bank train starts."""
    coming = {
        tr.train_type(t).triggers for t in tr.offer(w.trains, tr.TRAM) if t not in w.trains.returned
    }
    return tr.train_type(train).rusts_on in coming - {None}


def answer(w: World, legal: list[JsonDict]) -> JsonDict:
    """Accept a fair offer, refuse the others (see the module's text)."""
    offer = pending(w)
    accept = next((e for e in legal if e["type"] == "accept_offer"), None)
    refuse = next(e for e in legal if e["type"] == "refuse_offer")
    if offer is None or accept is None:
        return refuse
    if offer.kind == DEPOT:
        charter = w.charters[offer.seller]
        back = max((c for c, out in zip(charter.costs, charter.out, strict=True) if out), default=0)
        return accept if offer.price >= back + MIN_PREMIUM else refuse
    assert offer.train is not None
    old = rusts_next(w, offer.train)
    worth = tr.train_type(offer.train).price // (2 if old else 1)
    keeps = len(w.trains.trains(offer.seller)) > 1 or old
    return accept if offer.price >= worth and keeps else refuse


def offer(w: World, corp: str, legal: list[JsonDict]) -> tuple[JsonDict, int] | None:
    """A train offer (its legal template and the price) when the company needs a train
    the bank cannot give it (None: no offer)."""
    if any(e["type"] == "buy_train" for e in legal):
        return None
    held = w.trains.trains(corp)
    if held and not all(rusts_next(w, t) for t in held):
        return None
    fresh = [e for e in legal if e["type"] == "offer_train" and not rusts_next(w, str(e["train"]))]
    if not fresh:
        return None
    best = max(fresh, key=lambda e: (int(tr.train_type(e["train"]).range or 0), e["train"]))
    price = min(int(best["max"]), tr.train_type(best["train"]).price)
    if price < int(best["min"]):
        return None
    return best, price
