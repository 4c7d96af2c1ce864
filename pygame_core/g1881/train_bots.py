"""The normal bot's train planning (10.x): which bank train is worth its price, and when to
withhold a dividend to afford it.

A director buys a train when it pays for itself soon: its gain (the company's best runs
with it minus without, 8.x, after the trains its purchase rusts, 11.x) times `PAYBACK`
operating rounds covers its price. He withholds a dividend (9.10: the price falls a field)
only for such a train, and only when this run makes it affordable. Without this a company
kept its first two trains for the whole game, the phases never moved past 2 and every game
ended by a price at 400 (docs/1881-design.md, "Changes").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from . import trains as tr
from .flow import company_runs

if TYPE_CHECKING:
    from .world import World

PAYBACK: Final = 5  # operating rounds a train may take to earn its price back


@dataclass(frozen=True)
class Wanted:
    """A bank train worth buying: its id, its price and what it adds to a run."""

    train: str
    price: int
    gain: int


def wanted(w: World, corp: str) -> Wanted | None:
    """The cheapest bank train `corp` has room for, if it pays back within `PAYBACK` runs
    or is the last of its level."""
    on_offer = tr.offer(w.trains, tr.TRAM)
    if not on_offer or w.trains.room(tr.Buyer(corp, tr.TRAM)) <= 0:
        return None
    train, price = min(on_offer.items(), key=lambda kv: (kv[1], kv[0]))
    held = w.trains.trains(corp)
    triggers = tr.train_type(train).triggers
    kept = [t for t in held if triggers is None or tr.train_type(t).rusts_on != triggers]
    gain = company_runs(w, corp, [*kept, train]).total - company_runs(w, corp).total
    # The last train of its level opens the next level, whose first sale starts a phase
    # with more operating rounds and new tile colours (11.x, Table 2): worth its price.
    last = len(w.trains.bank.stock.get(tr.train_type(train).name, ())) == 1
    if gain * PAYBACK < price and not last:
        return None
    return Wanted(train, price, gain)


def withhold_for_train(w: World, corp: str, run: int) -> bool:
    """Whether to withhold `run`: a wanted train costs more than the treasury holds, and
    not more than the treasury plus the run."""
    cash = w.eco.money.cash(corp)
    want = wanted(w, corp)
    return want is not None and cash < want.price <= cash + run
