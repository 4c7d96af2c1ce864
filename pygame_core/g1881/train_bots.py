"""The normal bot's train planning (10.x): which bank train is worth its price, and when to
withhold a dividend to afford it.

A director buys a train when it pays for itself soon: its gain (the company's best runs
with it minus without, 8.x, after the trains its purchase rusts, 11.x) times `PAYBACK`
operating rounds covers its price. If no rival is better placed to buy it, covering
(n - 1)/n of the price is enough, with n trains of its level left: each is a step towards
the next phase. When every company runs two trains and the level's trains add nothing,
the best placed buys one anyway if the treasuries together can finish the level and pay
the next level's first train: else the phase never moves. He withholds a dividend (9.10:
the price falls a field) only for such a train, and only when this run makes it
affordable. Without this a company kept its first two trains for the whole game, the
phases never moved past 2 and every game ended by a price at 400 (docs/1881-design.md,
"Changes").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from . import trains as tr
from .flow import company_runs

if TYPE_CHECKING:
    from .world import World

PAYBACK: Final = 5  # operating rounds a train may take to earn its price back
RUNNING: Final = 2  # trains a company buys whatever they add (bots._trains)


@dataclass(frozen=True)
class Wanted:
    """A bank train worth buying: its id, its price and what it adds to a run."""

    train: str
    price: int
    gain: int


def wanted(w: World, corp: str) -> Wanted | None:
    """The cheapest bank train `corp` has room for, if it pays back within `PAYBACK` runs,
    or if `corp` is best placed to buy it (`_best_placed`) and it pays back the part of its
    price that is not the step towards the next phase: with n trains of its level left,
    (n - 1)/n of it, and nothing for the last."""
    on_offer = tr.offer(w.trains, tr.TRAM)
    if not on_offer or w.trains.room(tr.Buyer(corp, tr.TRAM)) <= 0:
        return None
    train, price = min(on_offer.items(), key=lambda kv: (kv[1], kv[0]))
    held = w.trains.trains(corp)
    triggers = tr.train_type(train).triggers
    kept = [t for t in held if triggers is None or tr.train_type(t).rusts_on != triggers]
    gain = company_runs(w, corp, [*kept, train]).total - company_runs(w, corp).total
    if gain * PAYBACK >= price:
        return Wanted(train, price, gain)
    if train in w.trains.returned:  # a bankrupt company's train starts no phase
        return None
    # Each sale of a level brings its last nearer, and the last opens the next level, whose
    # first sale starts a phase with more operating rounds and new tile colours (11.x,
    # Table 2): that step is part of what a train is worth.
    left = len(w.trains.bank.stock.get(tr.train_type(train).name, ()))
    pays = gain * PAYBACK * left >= price * (left - 1) or _level_in_reach(w, train, price, left)
    if not pays or not _best_placed(w, corp, train, price):
        return None
    return Wanted(train, price, gain)


def _level_in_reach(w: World, train: str, price: int, left: int) -> bool:
    """Whether every tram company with room runs `RUNNING` trains already, and together
    they hold the price of the `left` trains of `train`'s level (at `price`) and of the
    next level's first train: the level then ends only if they buy trains that add
    nothing."""
    nxt = _next_level_price(train)
    if nxt is None:
        return False
    able = buyers(w)
    if any(len(w.trains.trains(c)) < RUNNING for c in able):
        return False
    return sum(w.eco.money.cash(c) for c in able) >= left * price + nxt


def buyers(w: World) -> list[str]:
    """The operating tram companies with room for another train (10.7)."""
    return [c for c in w.operating() if w.trains.room(tr.Buyer(c, tr.TRAM)) > 0]


def withhold_for_train(w: World, corp: str, run: int) -> bool:
    """Whether to withhold `run`: a wanted train costs more than the treasury holds, and
    not more than the treasury plus the run."""
    cash = w.eco.money.cash(corp)
    want = wanted(w, corp)
    return want is not None and cash < want.price <= cash + run


def _best_placed(w: World, corp: str, train: str, price: int) -> bool:
    """Whether `corp` can buy `train` at `price` and then the next level's first too, or
    no tram company still to operate in this round with room for a train holds more
    cash. At 5 players the company that operated first after eight 2-trains were sold bought the
    ninth, the last, with its treasury; the next bought the 3-trains, and the first ran
    its three 2-trains until they rusted: its director won 52 of 1,000 games. Counting
    the companies that already operated too made the last 2-train wait at 4 players."""
    cash = w.eco.money.cash(corp)
    nxt = _next_level_price(train)
    if nxt is not None and cash - price >= nxt:
        return True
    rivals = [w.eco.money.cash(c) for c in buyers(w) if c != corp and c not in w.operated]
    return cash >= max(rivals, default=0)


def _next_level_price(train: str) -> int | None:
    """The price of the first train of the tram level after `train`'s (Tabelle 7)."""
    names = [t.name for t in tr.TYPES.values() if t.kind == tr.TRAM]
    later = names[names.index(tr.train_type(train).name) + 1 :]
    return tr.TYPES[later[0]].price if later else None
