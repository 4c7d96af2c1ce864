"""1881's rounds as data (g18xx/rounds.py): the opening (the sealed bid, every seat at once,
then the start purchases, 2.4-2.10), then game rounds of a stock round (4) and 1, 2 or 3
operating rounds by the phase when the stock round ends (5.3, Table 2; digest A-14).

An operating round runs the floated tram companies, highest price first (5.2; C-17: the
market's order, the first to arrive first on a shared field), each through 1881's steps in
order (C-19): lay track (6) -> place a depot (7) -> run (8) -> revenue (9) -> trains (10).
A phase change may leave companies over the limit: their directors keep trains first
(10.7, the step "discard"). The game ends by 13: a price at 400 at once, a broken bank
after the operating round (at once in a stock round).

S-Bahn shares are traded from phase 2 (12.1), by players in stock rounds and by tram
companies in their train step (10.9, sbahn_trading.py); a float owes start depots, placed
at once by their holders whatever step the round is in (12.5, start_depots.py). A floated
S-Bahn takes its place in the order by its marker; its network parts then act in turn
(sbahn_turn.py, 12.4-12.13), in the same steps plus the commission. Buying a train or a
depot from another company (10.5, 7.8) is an offer the seller's director answers
(offers.py). With the option `s_veto` the chairman's main-network actions go to the board
first (12.6, sbahn_veto.py).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from ..core.errors import IllegalAction, InvalidAction, NotYourTurn, quote
from ..core.game import LogEntry
from ..g18xx.board import MapState
from ..g18xx.money import BANK, InsufficientCash
from ..g18xx.rounds import Cycle, RoundDef, Rounds, Step
from ..g18xx.shares import IPO
from . import bid as bidding
from . import (
    depots,
    offers,
    revenue,
    sbahn_merging,
    sbahn_shares,
    sbahn_trading,
    sbahn_turn,
    start_depots,
    stock,
    track,
)
from . import trains as tr
from .actions import Action
from .board import homes
from .economy import SBAHN, TRAMS
from .end import Timing, bank_pays, note_price, timing
from .runs import CompanyRuns, best_company_runs

# The operating round's step names live with the round track (world.py); named here too.
from .world import DEPOT as DEPOT
from .world import DISCARD as DISCARD
from .world import DIVIDEND as DIVIDEND
from .world import OVER, Operating, World, place_homes
from .world import RUN as RUN
from .world import TRACK as TRACK
from .world import TRAINS as TRAINS

JsonDict = dict[str, object]

BID: Final = "BID"
SR: Final = "SR"
OR: Final = "OR"

# Step names (the round track's `step`).
BIDDING: Final = "bid"
BUYING: Final = "start"
STOCK: Final = "stock"


def _wrong(kind: str, where: str, rule: str) -> IllegalAction:
    return IllegalAction(f"{quote(kind)} is not an action of the {where}", rule=rule)


def phase_sync(w: World) -> None:
    """The share side reads the phase (S-Bahn shares from phase 2): copy it after every
    train purchase."""
    w.eco.phase = w.trains.phase


# --- the opening: sealed bid and start purchases (2.4-2.10) ------------------------------


def _start_bid(w: World) -> bool:
    w.bid = bidding.start(w.eco, w.auctioneer)
    w.step = BIDDING
    w.say(f"Initial bid: every player seals a bid (auctioneer {w.players[w.auctioneer]})")
    return False


def bid_wire(a: Action) -> JsonDict:
    """The bid part's dict form of a checked action (it names the seat of a bid)."""
    out: JsonDict = {"type": a.type}
    if a.type == "bid":
        out.update(seat=a.seat, amount=a.amount)
    if a.company is not None:
        out["company"] = a.company
    return out


def _bid_active(w: World) -> int | None:
    assert w.bid is not None
    return bidding.active(w.bid)


def _bid_legal(w: World, seat: int) -> list[JsonDict]:
    assert w.bid is not None
    out: list[JsonDict] = []
    for a in bidding.legal(w.bid, seat):
        a = dict(a)
        a.pop("seat", None)
        out.append(a)
    return out


def _bid_check(w: World, a: Action, seat: int) -> None:
    assert w.bid is not None
    if a.type == "buy" and a.source not in (None, IPO):
        raise IllegalAction("The start purchases are new shares", rule="1881 2.9")
    bidding.check(w.bid, bid_wire(replace(a, seat=seat)), seat)


def _bid_execute(w: World, a: Action) -> bool:
    assert w.bid is not None
    was = w.bid.stage
    done = bidding.execute(w.bid, bid_wire(a))
    if was == bidding.BIDDING:
        w.log.append(_private(a.seat, f"You bid {a.amount}"))
        w.say(f"{w.players[a.seat]} has sealed a bid", a.seat)
        if w.bid.stage == bidding.BUYING:
            shown = ", ".join(f"{p} {v}" for p, v in w.bid.sealed.bids().items())
            w.say(f"The envelopes are opened: {shown}")
            order = ", ".join(w.players[s] for s in w.bid.order)
            w.say(f"Bid order {order}; {w.players[w.bid.order[0]]} takes the Tram (2.7)")
            w.step = BUYING
        return False
    _report(w)
    if done:
        assert w.bid.priority is not None
        w.priority = w.bid.priority
        place_homes(w)
    return done


def _private(seat: int, text: str) -> LogEntry:
    return LogEntry(seat, text, visible_to=(seat,))


# The share side's events (companies.py, stock.py) as log lines.
EVENT_TEXT: Final = {
    "buy": "{holder} buys {percent}% of {company} for {cost}",
    "sell": "{holder} sells {count} {company} for {paid}",
    "float": "{company} floats with {capital}",
    "director": "{new} is now {company}'s director",
    "sold_out": "{company} is sold out: {before} -> {after}",
    "open": "{company} is opened",
    "seat_merged": "S-Bahn board seat {seat} passes to the main network: {reason}",
    "seat_capital": "S-Bahn board seat {seat}'s capital {amount} goes to {to} (12.4)",
    **sbahn_shares.TEXTS,
}


def _report(w: World) -> None:
    """The parts' events as log lines."""
    for e in w.eco.events:
        text = EVENT_TEXT.get(str(e.get("event")))
        if text is not None:
            w.say(text.format(**e))
    w.eco.events.clear()


# --- the stock round (4) -----------------------------------------------------------------


def _start_stock(w: World) -> bool:
    w.sr = stock.start(w.eco, w.priority)
    w.step = STOCK
    w.eco.events.clear()
    w.say(f"{w.round_entry.label}: {w.players[w.priority]} holds the Tram")
    return False


def _sr(w: World) -> stock.StockState:
    assert w.sr is not None
    return w.sr


def _sr_active(w: World) -> int | None:
    return stock.active(_sr(w))


def _stock_wire(a: Action) -> JsonDict:
    out: JsonDict = {"type": a.type}
    for key in ("company", "source", "count"):
        value = getattr(a, key)
        if value is not None:
            out[key] = value
    return out


# Below this the bank may not cover a trade (a float pays 10 x par, 4.26): trades are tried
# on a copy first.
LOW_BANK: Final = 2500


def _bank_covers(w: World, a: JsonDict) -> bool:
    """True unless the bank's cash cannot pay what the trade makes it pay (a sale, 4.9; a
    float, 4.26): 13.1.1 ends the game when the bank breaks; a trade it cannot pay is not
    made (digest-free decision, docs/rules-decisions.md "### The game")."""
    if a["type"] not in ("buy", "sell") or w.eco.money.cash(BANK) >= LOW_BANK:
        return True
    trial = copy.deepcopy(_sr(w))
    try:
        stock.execute(trial, a)
    except InsufficientCash:
        return False
    return True


def _sr_legal(w: World, seat: int) -> list[JsonDict]:
    return stock.legal(_sr(w), seat, lambda a: _bank_covers(w, a))


def _sr_check(w: World, a: Action, seat: int) -> None:
    if a.type not in ("buy", "sell", "pass", "end_turn"):
        raise _wrong(a.type, "stock round", "1881 4.1")
    stock.check(_sr(w), _stock_wire(a), seat, lambda t: _bank_covers(w, t))
    if not _bank_covers(w, _stock_wire(a)):
        raise IllegalAction(
            f"The bank has {w.eco.money.cash(BANK)} and cannot pay for this trade",
            rule="1881 13.1.1",
        )


def _sr_execute(w: World, a: Action) -> bool:
    sr = _sr(w)
    seat = stock.active(sr)
    if a.type in ("pass", "end_turn") and seat is not None:
        w.say(f"{w.players[seat]} {'passes' if a.type == 'pass' else 'ends the turn'}", seat)
    over = stock.execute(sr, _stock_wire(a))
    _report(w)
    if a.type in ("buy", "sell"):
        sbahn_trading.after_trade(w)
    place_homes(w)
    if sr.game_over:
        for corp in w.eco.market.corporations():
            note_price(w.end, w.eco.market, corp)
    if sr.game_over or timing(w.end, in_stock_round=True) is Timing.NOW or _bank_broken(w):
        finish(w, "the game ends in the stock round (13.1)")
        return False
    if over:
        w.priority = sr.priority
        if not w.operating() and sr.last_buyer is None:
            # Nothing bought and nothing operates: every later round would be the same.
            finish(w, "no company operates and nobody buys (a dead game)")
            return False
    return over


# --- operating rounds (5-11) -------------------------------------------------------------


def _start_operating(w: World) -> bool:
    w.operated = []
    w.op = None
    w.eco.sbahn_trades.clear()
    sbahn_turn.new_round(w)
    w.say(f"{w.round_entry.label}")
    return _next_company(w)


def _next_company(w: World) -> bool:
    """The next company to operate (C-17: the highest price among those still to go), or
    the round is over (True)."""
    if w.end.reached_end_price is not None:
        finish(w, "a price reached 400 (13.1.2)")
        return False
    todo = [c for c in (*w.operating(), *sbahn_turn.companies(w)) if c not in w.operated]
    if not todo:
        w.op = None
        if timing(w.end, in_stock_round=False) is not None or _bank_broken(w):
            finish(w, "the bank is broken (13.1.1)")
            return False
        if not _anything_left(w):
            finish(w, "every tram company is bankrupt")
            return False
        return True
    corp = w.eco.market.operating_order(todo)[0]
    w.operated.append(corp)
    if corp == SBAHN:  # 12.4-12.13: its parts act in turn
        return _after_sbahn(w, sbahn_turn.start(w))
    w.op = Operating(corp)
    w.say(f"{corp} operates (director {w.eco.shares.director(corp)})")
    w.step = TRACK
    _skip_empty(w)
    return False


def _anything_left(w: World) -> bool:
    return any(c not in w.eco.closed for c in TRAMS)


def _op(w: World) -> Operating:
    assert w.op is not None
    return w.op


def _after_sbahn(w: World, outcome: sbahn_turn.Outcome) -> bool:
    """The round goes on after an S-Bahn action (sbahn_turn.Outcome)."""
    if outcome is sbahn_turn.Outcome.GAME_END:
        finish(w, f"{SBAHN} reaches 400 (13.1.2)")
        return False
    if outcome is sbahn_turn.Outcome.BANKRUPT:
        _bankrupt(w, SBAHN)
    if outcome is sbahn_turn.Outcome.GOING:
        return False
    return _next_company(w)


def _or_active(w: World) -> int | None:
    if w.sbahn is not None:
        return sbahn_turn.active(w)
    if w.step == DISCARD:
        return w.director_seat(w.discard[0])
    if offers.pending(w) is not None:
        return offers.answering_seat(w)
    return w.director_seat(_op(w).corp)


def _builder(w: World, op: Operating) -> track.Builder:
    return track.Builder(op.corp, w.trains.phase, w.eco.money.cash(op.corp), op.built)


def lays(w: World) -> list[tuple[str, str, int]]:
    """The operating company's legal lays now (6.x)."""
    return w.legal_lays(_builder(w, _op(w)))


def depot_places(w: World) -> list[tuple[str, int]]:
    """The stations where the operating company may place its next depot now (7.x)."""
    op = _op(w)
    if op.depot_done:
        return []
    cash = w.eco.money.cash(op.corp)
    return depots.depot_places(w.map, op.corp, w.charters[op.corp], cash)


def _buyer(corp: str) -> tr.Buyer:
    return tr.Buyer(corp, tr.TRAM)


def train_offers(w: World, corp: str) -> list[tuple[str, int]]:
    """(train, price) the company may buy from the bank now, director's aid included."""
    director = w.eco.shares.director(corp)
    dcash = w.eco.money.cash(director) if director is not None else 0
    out = []
    for train, price in tr.offer(w.trains, tr.TRAM).items():
        try:
            tr.check_buy(
                w.trains,
                _buyer(corp),
                train,
                w.eco.money.cash(corp),
                director=director,
                director_cash=dcash,
            )
        except IllegalAction:
            continue
        out.append((train, price))
    return out


def may_take_credit(w: World, corp: str) -> bool:
    """Variant 2 (15.1): a trainless company that cannot pay takes a train on credit."""
    if not w.credit:
        return False
    try:
        tr.check_credit(w.trains, _buyer(corp), w.eco.money.cash(corp))
    except IllegalAction:
        return False
    return True


def keep_choices(w: World, corp: str) -> list[tuple[str, ...]]:
    """10.7: the sets of trains the director may keep (exactly the limit's number)."""
    from itertools import combinations

    held = [t for o in sbahn_turn.train_group(w, corp) for t in w.trains.trains(o)]
    limit = tr.PHASES.train_limit(w.trains.phase)
    return sorted({tuple(sorted(c)) for c in combinations(held, limit)})


def _discard_unchosen(w: World, corp: str) -> None:
    """Decision G13: the S-Bahn has no chairman (a bankrupt company's chairman's share
    went back among the new shares, nobody having two 5% shares to take it, G14), so its
    parts keep their longest trains, the newest of equals; the rest leave the game (10.7).
    Without this the step would wait for nobody."""

    def rank(keep: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        return (sum(tr.ranges(keep)), keep)

    keep = max(keep_choices(w, corp), key=rank)
    gone = tr.discard_excess(w.trains, sbahn_turn.train_group(w, corp), keep)
    w.say(
        f"{corp} has no chairman who can choose: it keeps {', '.join(keep)}; "
        f"{', '.join(gone)} leave the game (10.7)"
    )


def result_of(op: Operating) -> revenue.Result:
    """The run's result split as 9.8 needs it (trains' revenue, boni)."""
    assert op.runs is not None
    return revenue.Result(op.runs.train_revenue, op.runs.bonuses)


def dividend_choices(w: World) -> tuple[revenue.Choice, ...]:
    """The decisions open on the operating company's result (9.6, 9.8, 15.3)."""
    op = _op(w)
    return revenue.choices(result_of(op), on_credit=op.corp in w.trains.credit)


def _or_legal(w: World, seat: int) -> list[JsonDict]:
    if w.sbahn is not None:
        return sbahn_turn.legal(w, seat)
    if _or_active(w) != seat:
        return []
    op = _op(w)
    out: list[JsonDict] = []
    if w.step == DISCARD:
        corp = w.discard[0]
        return [{"type": "keep_trains", "keep": list(k)} for k in keep_choices(w, corp)]
    if offers.pending(w) is not None:
        return offers.answers(w)
    if w.step == TRACK:
        out = [{"type": "lay_tile", "hex": h, "tile": t, "rotation": r} for h, t, r in lays(w)]
    elif w.step == DEPOT:
        out = [{"type": "place_depot", "hex": h, "city": p} for h, p in depot_places(w)]
        out += offers.legal(w, w.step)
    elif w.step == RUN:
        return [{"type": "run"}, *offers.legal(w, w.step)]
    elif w.step == DIVIDEND:
        return [{"type": "dividend", "choice": c.value} for c in dividend_choices(w)]
    elif w.step == TRAINS:
        out = [{"type": "buy_train", "train": t} for t, _ in train_offers(w, op.corp)]
        if may_take_credit(w, op.corp):
            out.append({"type": "buy_train_on_credit"})
        out += offers.legal(w, w.step)
        out += sbahn_trading.legal(w, op.corp)
        if tr.must_buy(w.trains, _buyer(op.corp), w.eco.money.cash(op.corp)):
            return out
    out.append({"type": "done"})
    return out


def _or_check(w: World, a: Action, seat: int) -> None:
    if _or_active(w) != seat:
        raise NotYourTurn("It is not your company's turn", rule="1881 5.2")
    if w.sbahn is not None:
        sbahn_turn.check(w, a, seat)
        return
    op = _op(w)
    corp = op.corp
    step = w.step
    if step == DISCARD:
        if a.type != "keep_trains" or a.keep is None:
            raise IllegalAction(
                f"{w.discard[0]} is over its train limit: keep trains first", rule="1881 10.7"
            )
        if tuple(sorted(a.keep)) not in keep_choices(w, w.discard[0]):
            limit = tr.PHASES.train_limit(w.trains.phase)
            raise IllegalAction(f"Keep exactly {limit} of your trains", rule="1881 10.7")
        return
    if offers.pending(w) is not None or a.type in (*offers.OFFER_TYPES, *offers.ANSWER_TYPES):
        offers.check(w, a)
        return
    order = {TRACK: "lay_tile", DEPOT: "place_depot", RUN: "run", DIVIDEND: "dividend"}
    expected = order.get(step)
    if a.type == "done" and step in (TRACK, DEPOT):
        return
    if a.type == "done" and step == TRAINS:
        tr.check_done(w.trains, _buyer(corp), w.eco.money.cash(corp))
        return
    if step == TRAINS and a.type == "buy_train":
        if a.train is None:
            raise InvalidAction("Name the train to buy")
        director = w.eco.shares.director(corp)
        tr.check_buy(
            w.trains,
            _buyer(corp),
            a.train,
            w.eco.money.cash(corp),
            director=director,
            director_cash=w.eco.money.cash(director) if director is not None else 0,
        )
        return
    if step == TRAINS and a.type in sbahn_trading.TYPES:
        sbahn_trading.check(w, corp, a)
        return
    if step == TRAINS and a.type == "buy_train_on_credit":
        if not w.credit:
            raise IllegalAction("Trains on credit are variant 2, not in play", rule="1881 15")
        tr.check_credit(w.trains, _buyer(corp), w.eco.money.cash(corp))
        return
    if a.type != expected:
        raise IllegalAction(
            f"{quote(a.type)} is not allowed now: {corp} is in its {step} step; the order is "
            "lay track, place a depot, run, revenue, buy trains",
            rule="1881 5.2",
        )
    if step == TRACK:
        assert a.hex is not None and a.tile is not None and a.rotation is not None
        track.check_lay(w.map, _builder(w, op), (a.hex, a.tile, a.rotation))
    elif step == DEPOT:
        if a.hex is None or a.city is None:
            raise InvalidAction("A depot names its hex and city")
        depots.check_depot(
            w.map,
            depots.DepotOrder(
                corp, a.hex, a.city, w.charters[corp], w.eco.money.cash(corp), op.depot_done
            ),
        )
    elif step == DIVIDEND:
        choice = _choice(a.choice)
        if choice not in dividend_choices(w):
            raise IllegalAction(f"{quote(a.choice)} is not open on this result", rule="1881 9.8")


def _choice(value: str | None) -> revenue.Choice:
    if value is None:
        raise InvalidAction("A dividend names its choice")
    try:
        return revenue.Choice(value)
    except ValueError:
        names = ", ".join(repr(c.value) for c in revenue.Choice)
        raise InvalidAction(f"A dividend choice is one of {names}, not {quote(value)}") from None


def _or_execute(w: World, a: Action) -> bool:
    if w.sbahn is not None:
        return _after_sbahn(w, sbahn_turn.execute(w, a))
    op = _op(w)
    corp = op.corp
    step = w.step
    if step == DISCARD:
        corp = w.discard.pop(0)
        assert a.keep is not None
        gone = tr.discard_excess(w.trains, sbahn_turn.train_group(w, corp), a.keep)
        w.say(f"{corp} keeps {', '.join(a.keep)}; {', '.join(gone)} leave the game (10.7)")
        if not w.discard:
            w.step = TRAINS
        return False
    if offers.pending(w) is not None or a.type in offers.OFFER_TYPES:
        offers.execute(w, a)
        return False
    if a.type == "done":
        return _after_step(w)
    if step == TRACK:
        _lay(w, op, a)
    elif step == DEPOT:
        _depot(w, op, a)
    elif step == RUN:
        _run(w, op)
    elif step == DIVIDEND:
        return _dividend(w, op, _choice(a.choice))
    elif step == TRAINS and a.type in sbahn_trading.TYPES:
        sbahn_trading.execute(w, corp, a)
        _report(w)
        sbahn_trading.after_trade(w)
    elif step == TRAINS:
        _buy_train(w, op, a)
    return False


def _after_step(w: World) -> bool:
    """Move to the next step (TRACK -> DEPOT -> RUN; TRAINS ends the company's turn)."""
    if w.step == TRACK:
        w.step = DEPOT
        _skip_empty(w)
        return False
    if w.step == DEPOT:
        w.step = RUN
        return False
    return _next_company(w)


def _skip_empty(w: World) -> None:
    """A step with nothing to choose passes by itself (no lay possible, no depot place)."""
    if w.step == TRACK and not lays(w):
        w.step = DEPOT
    if w.step == DEPOT and not depot_places(w):
        w.step = RUN


def _lay(w: World, op: Operating, a: Action) -> None:
    assert a.hex is not None and a.tile is not None and a.rotation is not None
    before: MapState = w.map.copy()
    result = track.lay(w.map, _builder(w, op), (a.hex, a.tile, a.rotation))
    w.map_version += 1
    op.built = op.built.after(a.hex, result.upgrade)
    text = f"{op.corp} lays tile {a.tile} on {a.hex}"
    if result.cost:
        w.eco.money.transfer(op.corp, BANK, result.cost, f"building on {a.hex} (6.15)")
        text += f" for {result.cost}"
    if result.build_bonus:
        paid = bank_pays(w.eco.money, w.end, op.corp, result.build_bonus, "build bonus (6.16)")
        text += f", bonus {paid}"
    w.say(text)
    bonus = track.periphery_bonus(before, w.map)
    if bonus.amount:
        op.periphery += bonus.amount
        w.say(f"{op.corp} connects {', '.join(bonus.stations)} with the centre (9.4)")
    sbahn_merging.merge_linked(w)  # a tram's S tile may link the S-Bahn's parts
    rules = track.phase_track(w.trains.phase)
    if op.built.upgraded or len(op.built.built) >= rules.lays or not lays(w):
        w.step = DEPOT  # 6.1: the round's lays are made (or none is left)
        _skip_empty(w)


def _depot(w: World, op: Operating, a: Action) -> None:
    assert a.hex is not None and a.city is not None
    order = depots.DepotOrder(
        op.corp, a.hex, a.city, w.charters[op.corp], w.eco.money.cash(op.corp), op.depot_done
    )
    charter, cost = depots.place_depot(w.map, order)
    w.map_version += 1
    w.charters[op.corp] = charter
    w.eco.money.transfer(op.corp, BANK, cost, f"{op.corp} depot (7.2)", rule="1881 7.2")
    op.depot_done = True
    w.say(f"{op.corp} places a depot on {a.hex} for {cost}")
    w.step = RUN


def company_runs(w: World, corp: str, trains: Sequence[str] | None = None) -> CompanyRuns:
    """The proven best runs of `corp`'s trains now (8.x, 9.1-9.3; variant 1 if on), or of
    `trains` instead on the map now (a bot weighing a purchase)."""
    held = w.trains.trains(corp) if trains is None else trains
    return best_company_runs(
        w.map, corp, tr.ranges(held), home=homes(w.edition)[corp].hex, double_track=w.double_track
    )


def _run(w: World, op: Operating) -> None:
    runs = company_runs(w, op.corp)
    op.runs = CompanyRuns(runs.trains, op.periphery)
    w.say(f"{op.corp} runs for {op.runs.total}")
    w.step = DIVIDEND


def _dividend(w: World, op: Operating, choice: revenue.Choice) -> bool:
    corp = op.corp
    paid = revenue.pay_revenue(
        w.eco, w.end, corp, result_of(op), choice, on_credit=corp in w.trains.credit
    )
    w.say(f"{corp}: {choice.value}, price {w.eco.market.price(corp)}")
    if paid.bankrupt:
        _bankrupt(w, corp)
        return _next_company(w)
    if paid.game_end:
        finish(w, f"{corp} reaches 400 (13.1.2)")
        return False
    if w.credit:
        repaid = tr.repay_credit(w.trains, w.eco.money, corp)
        if repaid:
            w.say(f"{corp} pays {repaid} for its credit train (15.3)")
    w.step = TRAINS
    return False


def _bankrupt(w: World, corp: str) -> None:
    """9.13: the company leaves the game; its depots leave the map (digest A-37)."""
    gone = revenue.go_bankrupt(w.eco, w.trains, corp)
    for coord, part in w.map.corp_tokens(corp):
        slots = w.map.slots(coord, part)
        w.map.remove_token(coord, part, slots.index(corp))
    w.map.release(corp)
    w.map_version += 1
    w.say(f"{corp} is bankrupt (9.13); its trains {', '.join(gone.trains) or '-'} go to the bank")
    if corp != SBAHN and sbahn_shares.release_bankrupt(w.eco, corp) is not None:
        _report(w)  # decision G14: its S-Bahn shares go back to the bank
        sbahn_trading.after_trade(w)


def _buy_train(w: World, op: Operating, a: Action) -> None:
    corp = op.corp
    if a.type == "buy_train_on_credit":
        train, rusted = tr.buy_on_credit(w.trains, w.eco.money, _buyer(corp))
        w.say(f"{corp} takes a {train} on credit (15)")
    else:
        assert a.train is not None
        director = w.eco.shares.director(corp)
        plan, rusted = tr.buy(w.trains, w.eco.money, _buyer(corp), a.train, director=director)
        text = f"{corp} buys a {tr.train_type(a.train).name} for {plan.price}"
        if plan.from_director:
            text += f" ({plan.from_director} from its director)"
        w.say(text)
    old = w.eco.phase
    phase_sync(w)
    if w.eco.phase != old:
        w.say(f"Phase {w.eco.phase} begins (11.1)")
    for owner, lost in rusted.items():
        if owner != BANK:
            w.say(f"{owner}'s {', '.join(lost)} rust (10.4)")
    w.discard = [c for c in w.operating() if tr.excess(w.trains, (c,)) > 0]
    for corp in sbahn_turn.over_limit(w):
        if sbahn_turn.part_seat(w, corp) is None:
            _discard_unchosen(w, corp)
        else:
            w.discard.append(corp)
    if w.discard:
        w.step = DISCARD


# --- the end (13) ------------------------------------------------------------------------


def _bank_broken(w: World) -> bool:
    if w.eco.money.cash(BANK) <= 0:
        w.end.bank_broken = True
    return w.end.bank_broken


def finish(w: World, why: str) -> None:
    """The game is over."""
    w.over = True
    w.step = OVER
    w.op = None
    w.say(f"The game ends: {why}")


def _record(w: World) -> None:
    e = w.round_entry
    w.history.append({"round": e.label, "bank": w.eco.money.cash(BANK)})


def _or_count(w: World) -> int:
    return tr.operating_rounds(w.trains.phase)


FLOW: Final[Rounds[World, Action]] = Rounds(
    Cycle(openings=(BID,), stock=SR, operating=OR),
    (
        RoundDef(
            BID,
            _start_bid,
            (
                Step(BIDDING, _bid_active, _bid_legal, _bid_check, _bid_execute),
                Step(BUYING, _bid_active, _bid_legal, _bid_check, _bid_execute),
            ),
        ),
        RoundDef(
            SR,
            _start_stock,
            (
                start_depots.interrupting(
                    Step(STOCK, _sr_active, _sr_legal, _sr_check, _sr_execute)
                ),
            ),
        ),
        RoundDef(
            OR,
            _start_operating,
            tuple(
                start_depots.interrupting(Step(name, _or_active, _or_legal, _or_check, _or_execute))
                for name in (TRACK, DEPOT, RUN, DIVIDEND, sbahn_turn.COMMISSION, TRAINS, DISCARD)
            ),
        ),
    ),
    operating_rounds=_or_count,
    on_end=_record,
)
