"""The S-Bahn's turn in an operating round (seed 004, 12.4-12.13; digest A-43..A-48).

The S-Bahn operates from the operating round after its float (12.4), in price order with the
trams (5.1: its marker, the price of a 5 % share, A-40, ranks as it stands on the market;
docs/rules-decisions.md ST1). Its network parts act one after the other: the main network,
then each unconnected sub-network in seat order (`subnetworks.parts`, A-43), each run by its
operator (`subnetworks.operator`). A part's turn: lay S track (6, 6.13, 12.11) -> the one
extra depot of the whole S-Bahn (12.10) -> run its own S trains (a route touches a depot of
the part, A-43) -> pay or withhold its own result (9.6, 9.8) -> the 20 commission of an
unconnected part that paid (12.5, A-48: its holder may take it) -> buy S trains (12.7-12.9,
A-45). After the last part the payouts are pooled (12.13) and the price follows the parts'
majority (12.12, A-47). A sub-network whose depot S track links to a main-network depot
merges at once (12.5, A-44, sbahn_merging.py), checked after every lay and depot.

The round keeps the S-Bahn as the operating company (`World.op`, corp "S", its built
track, runs and boni for the part now acting) and the turn's own record here
(`SbahnTurn`: the part acting, the parts done, each part's vote and payout).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from ..core.errors import IllegalAction, InvalidAction, quote
from ..g18xx.board import MapState
from ..g18xx.market import Move
from ..g18xx.money import BANK
from ..g18xx.tiles import Gauge
from . import depots, revenue, sbahn_veto, subnetworks, track
from . import sbahn_merging as merging
from . import trains as tr
from .actions import Action
from .depots import Charter
from .economy import SBAHN, TRAMS
from .end import bank_pays, note_price
from .runs import CompanyRuns, best_company_runs
from .world import DEPOT, DIVIDEND, RUN, TRACK, TRAINS, Operating, World

JsonDict = dict[str, Any]

# The S-Bahn's own step in the operating round (12.5).
COMMISSION: Final = "commission"


class Outcome(StrEnum):
    """What an S-Bahn action leaves for the round to do."""

    GOING = "going"  # the S-Bahn's turn goes on
    OVER = "over"  # its last part is done: the next company
    BANKRUPT = "bankrupt"  # 9.13: the price fell to 10
    GAME_END = "game_end"  # 9.12: the price reached 400


@dataclass
class SbahnTurn:
    """The S-Bahn's turn: the part acting, the parts done, and per part that decided on
    its result whether it paid (its vote, 12.12) and what it paid out (12.13)."""

    part: str = SBAHN
    done: list[str] = field(default_factory=list)
    votes: dict[str, bool] = field(default_factory=dict)
    paid_out: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> JsonDict:
        """Plain data (World.canonical)."""
        return {
            "part": self.part,
            "done": list(self.done),
            "votes": dict(self.votes),
            "paid_out": dict(self.paid_out),
        }


# --- when the S-Bahn operates (12.4) -------------------------------------------------------


def new_round(w: World) -> None:
    """At the start of an operating round: a floated S-Bahn operates from this round on
    (12.4 "in der folgenden Betriebsrunde": a float during a round counts from the next)."""
    if SBAHN in w.eco.floated and SBAHN not in w.eco.closed:
        w.sbahn_ready = True


def companies(w: World) -> tuple[str, ...]:
    """The S-Bahn, if it operates in this round (to rank with the trams, 5.1)."""
    ready = w.sbahn_ready and SBAHN in w.eco.floated and SBAHN not in w.eco.closed
    return (SBAHN,) if ready else ()


def holder_seat(w: World, holder: str | None) -> int | None:
    """The seat acting for `holder`: a player, or a tram company's director (10.9)."""
    if holder in w.players:
        return w.players.index(holder)
    if holder in TRAMS:
        return w.director_seat(holder)
    return None


def part_seat(w: World, part: str) -> int | None:
    """The seat running `part` now (None: nobody can)."""
    return holder_seat(w, subnetworks.operator(w.eco, part))


def train_group(w: World, corp: str) -> tuple[str, ...]:
    """The owners whose trains count together against the limit: every S-Bahn part for
    the S-Bahn (A-45), else the company alone."""
    return subnetworks.parts(w.eco) if corp == SBAHN else (corp,)


def over_limit(w: World) -> list[str]:
    """[SBAHN] when its parts hold more S trains than a new limit allows (10.7, A-45: the
    chairman keeps), else []."""
    if SBAHN not in w.eco.floated or SBAHN in w.eco.closed:
        return []
    return [SBAHN] if tr.excess(w.trains, train_group(w, SBAHN)) > 0 else []


# --- the turn ------------------------------------------------------------------------------


def _turn(w: World) -> SbahnTurn:
    assert w.sbahn is not None
    return w.sbahn


def _op(w: World) -> Operating:
    assert w.op is not None
    return w.op


def start(w: World) -> Outcome:
    """The S-Bahn's turn begins: parts merged by the share side hand over what they hold
    (12.3, 12.5), S track laid since links parts (A-44), then the main network acts."""
    w.charters.setdefault(SBAHN, Charter.of(SBAHN))
    merging.settle(w)
    merging.merge_linked(w)
    w.sbahn = SbahnTurn()
    w.say(f"{SBAHN} operates (chairman {w.eco.shares.director(SBAHN)})")
    return _begin_part(w)


def _begin_part(w: World) -> Outcome:
    """The next part in order (A-43) takes its turn, or the turn ends with the pooled
    payout (12.12, 12.13)."""
    turn = _turn(w)
    todo = [p for p in subnetworks.parts(w.eco) if p not in turn.done]
    for part in todo:
        if part_seat(w, part) is None:
            turn.done.append(part)
            w.say(f"{part} has nobody to run it and does not operate")
            continue
        turn.part = part
        w.op = Operating(SBAHN)
        w.step = TRACK
        w.say(f"{part} operates ({subnetworks.operator(w.eco, part)})")
        _skip_empty(w)
        return Outcome.GOING
    return _pool(w)


def _end_part(w: World) -> Outcome:
    turn = _turn(w)
    turn.done.append(turn.part)
    return _begin_part(w)


def _pool(w: World) -> Outcome:
    """12.13: the parts' payouts summed and shared per 5 % share, the pool's part to the
    main network; 12.12: the price moves by the parts' majority (A-47)."""
    turn = _turn(w)
    eco = w.eco
    total = sum(turn.paid_out.values())
    for payee, amount in revenue.sbahn_payouts(eco.shares, SBAHN, total).items():
        bank_pays(eco.money, w.end, payee, amount, f"{SBAHN} dividend", rule="1881 12.13")
    move = revenue.price_vote(list(turn.votes.values()))
    if move is not None:
        eco.market.pay_dividend(SBAHN, 1 if move is Move.DOWN else 0)
    price = eco.market.price(SBAHN)
    votes = f"{sum(turn.votes.values())} of {len(turn.votes)} parts paid"
    w.say(f"{SBAHN} pays {total} in all ({votes}), price {price} (12.12, 12.13)")
    w.sbahn = None
    w.op = None
    if move is Move.UP and price <= revenue.BANKRUPT_PRICE:
        for part in subnetworks.parts(eco)[1:]:
            _clear_tokens(w.map, part)
        return Outcome.BANKRUPT
    if note_price(w.end, eco.market, SBAHN):
        return Outcome.GAME_END
    return Outcome.OVER


def _clear_tokens(state: MapState, part: str) -> None:
    for coord, city in state.corp_tokens(part):
        state.remove_token(coord, city, state.slots(coord, city).index(part))


# --- the part's steps ----------------------------------------------------------------------


def _builder(w: World) -> track.Builder:
    part = _turn(w).part
    cash = w.eco.money.cash(part)
    return track.Builder(part, w.trains.phase, cash, _op(w).built, Gauge.NARROW)


def lays(w: World) -> list[tuple[str, str, int]]:
    """The acting part's legal S lays now (6.x, 6.13, 12.11)."""
    return w.legal_lays(_builder(w))


def _order(w: World, coord: str, city: int) -> depots.DepotOrder:
    part = _turn(w).part
    charter = w.charters[SBAHN]
    return depots.DepotOrder(part, coord, city, charter, w.eco.money.cash(part), _op(w).depot_done)


def depot_places(w: World) -> list[tuple[str, int]]:
    """Where the acting part may place the S-Bahn's one extra depot now (12.10)."""
    part = _turn(w).part
    charter = w.charters[SBAHN]
    if _op(w).depot_done or charter.next_cost() is None:
        return []
    return depots.depot_places(w.map, part, charter, w.eco.money.cash(part))


def part_runs(w: World, part: str) -> CompanyRuns:
    """The proven best runs of `part`'s S trains: on any S track, each route touching a
    depot of the part (8.2, A-43)."""
    return best_company_runs(w.map, part, tr.ranges(w.trains.trains(part)))


def result(w: World) -> revenue.Result:
    """The acting part's result, split as 9.8 needs it."""
    runs = _op(w).runs
    assert runs is not None
    return revenue.Result(runs.train_revenue, runs.bonuses)


def dividend_choices(w: World) -> tuple[revenue.Choice, ...]:
    """The decisions open on the acting part's result (9.6, 9.8, 12.11)."""
    return revenue.choices(result(w))


def _buyer(w: World) -> tr.Buyer:
    return subnetworks.buyer(w.eco, _turn(w).part)


def _aid(w: World) -> tuple[str | None, int]:
    """Who may add to a train's price (A-18: the part's operator) and his cash."""
    who = subnetworks.operator(w.eco, _turn(w).part)
    return who, w.eco.money.cash(who) if who is not None else 0


def train_offers(w: World) -> list[tuple[str, int, str | None]]:
    """(train, price, scrap) the acting part may buy from the bank now: S trains only
    (12.9), within the limit of all parts (A-45) or scrapping one of its older S trains
    (12.7)."""
    buyer = _buyer(w)
    part = buyer.owner
    cash = w.eco.money.cash(part)
    who, aid = _aid(w)
    room = w.trains.room(buyer) > 0
    scraps: list[str | None] = [None] if room else list(dict.fromkeys(w.trains.trains(part)))
    out = []
    for train, price in tr.offer(w.trains, tr.SBAHN).items():
        for scrap in scraps:
            try:
                tr.check_buy(
                    w.trains, buyer, train, cash, director=who, director_cash=aid, scrap=scrap
                )
            except IllegalAction:
                continue
            out.append((train, price, scrap))
    return out


def _commission_due(w: World) -> bool:
    part = _turn(w).part
    try:
        subnetworks.check_commission(w.eco, part, paid=_turn(w).votes.get(part, False))
    except IllegalAction:
        return False
    return True


# --- legal, check, execute -----------------------------------------------------------------


def active(w: World) -> int | None:
    """The seat acting for the S-Bahn now: the acting part's operator (a board member
    while the board answers a proposal, 12.6)."""
    if sbahn_veto.pending(w):
        return sbahn_veto.active(w)
    return part_seat(w, _turn(w).part)


def legal(w: World, seat: int) -> list[JsonDict]:
    """The acting part's legal actions (the round's action types, plus the commission),
    or the board's answers to a proposal; without the proposals the board voted down in
    this step (12.6)."""
    if sbahn_veto.pending(w):
        return sbahn_veto.legal(w, seat)
    return sbahn_veto.open_choices(w, _legal(w, seat))


def _legal(w: World, seat: int) -> list[JsonDict]:
    if active(w) != seat:
        return []
    step = w.step
    out: list[JsonDict] = []
    if step == TRACK:
        out = [{"type": "lay_tile", "hex": h, "tile": t, "rotation": r} for h, t, r in lays(w)]
    elif step == DEPOT:
        out = [{"type": "place_depot", "hex": h, "city": c} for h, c in depot_places(w)]
    elif step == RUN:
        return [{"type": "run"}]
    elif step == DIVIDEND:
        return [{"type": "dividend", "choice": c.value} for c in dividend_choices(w)]
    elif step == COMMISSION:
        out = [{"type": "take_commission"}]
    elif step == TRAINS:
        for train, _, scrap in train_offers(w):
            entry: JsonDict = {"type": "buy_train", "train": train}
            if scrap is not None:
                entry["scrap"] = scrap
            out.append(entry)
        if tr.must_buy(w.trains, _buyer(w), w.eco.money.cash(_buyer(w).owner)):
            return out
    out.append({"type": "done"})
    return out


_EXPECTED: Final = {
    TRACK: ("lay_tile", "done"),
    DEPOT: ("place_depot", "done"),
    RUN: ("run",),
    DIVIDEND: ("dividend",),
    COMMISSION: ("take_commission", "done"),
    TRAINS: ("buy_train", "done"),
}


def check(w: World, a: Action, seat: int) -> None:
    """Refuse `a` unless the acting part may take it now (nothing changes)."""
    part = _turn(w).part
    if sbahn_veto.pending(w):
        sbahn_veto.check(w, a, seat)
        return
    if active(w) != seat:
        raise IllegalAction(f"{part} is run by another player now", rule="1881 12.5")
    sbahn_veto.check_open(w, a)
    step = w.step
    if a.type not in _EXPECTED.get(step, ()):
        raise IllegalAction(
            f"{quote(a.type)} is not allowed now: {part} is in its {step} step; a part lays "
            "track, places the depot, runs, pays, takes its commission, buys S trains",
            rule="1881 12.11",
        )
    if a.type == "done":
        if step == TRAINS:
            tr.check_done(w.trains, _buyer(w), w.eco.money.cash(part))
        return
    if step == TRACK:
        assert a.hex is not None and a.tile is not None and a.rotation is not None
        track.check_lay(w.map, _builder(w), (a.hex, a.tile, a.rotation))
    elif step == DEPOT:
        if a.hex is None or a.city is None:
            raise InvalidAction("A depot names its hex and city")
        depots.check_depot(w.map, _order(w, a.hex, a.city))
    elif step == DIVIDEND:
        if _choice(a.choice) not in dividend_choices(w):
            raise IllegalAction(f"{quote(a.choice)} is not open on this result", rule="1881 9.8")
    elif step == COMMISSION:
        subnetworks.check_commission(w.eco, part, paid=_turn(w).votes.get(part, False))
    elif step == TRAINS:
        if a.train is None:
            raise InvalidAction("Name the train to buy")
        who, aid = _aid(w)
        tr.check_buy(
            w.trains,
            _buyer(w),
            a.train,
            w.eco.money.cash(part),
            director=who,
            director_cash=aid,
            scrap=a.scrap,
        )


def _choice(value: str | None) -> revenue.Choice:
    try:
        return revenue.Choice(value or "")
    except ValueError:
        names = ", ".join(repr(c.value) for c in revenue.Choice)
        raise InvalidAction(f"A dividend choice is one of {names}, not {quote(value)}") from None


def execute(w: World, a: Action) -> Outcome:
    """Carry out a checked action of the acting part; with the option `s_veto` the
    chairman's proposal goes to the board first (12.6, sbahn_veto.py)."""
    if sbahn_veto.pending(w):
        carried = sbahn_veto.answer(w, a)
        if carried is None:
            return Outcome.GOING
        a = carried
    elif sbahn_veto.proposes(w, a, lambda: legal(w, a.seat)):
        sbahn_veto.propose(w, a, a.seat)
        return Outcome.GOING
    step = w.step
    if a.type == "done":
        return _after_step(w)
    if step == TRACK:
        return _lay(w, a)
    if step == DEPOT:
        return _depot(w, a)
    if step == RUN:
        _run(w)
    elif step == DIVIDEND:
        _dividend(w, _choice(a.choice))
    elif step == COMMISSION:
        part = _turn(w).part
        paid = subnetworks.take_commission(w.eco, part, paid=True)
        w.say(f"{subnetworks.operator(w.eco, part)} takes {paid} commission from {part} (12.5)")
        w.step = TRAINS
    elif step == TRAINS:
        _buy(w, a)
    return Outcome.GOING


def _after_step(w: World) -> Outcome:
    if w.step == TRACK:
        w.step = DEPOT
        _skip_empty(w)
    elif w.step == DEPOT:
        w.step = RUN
    elif w.step == COMMISSION:
        w.step = TRAINS
    else:
        return _end_part(w)
    return Outcome.GOING


def _skip_empty(w: World) -> None:
    """A step with nothing to choose passes by itself (no lay, no depot place)."""
    if w.step == TRACK and not lays(w):
        w.step = DEPOT
    if w.step == DEPOT and not depot_places(w):
        w.step = RUN


def _lay(w: World, a: Action) -> Outcome:
    assert a.hex is not None and a.tile is not None and a.rotation is not None
    op, part = _op(w), _turn(w).part
    before = w.map.copy()
    done = track.lay(w.map, _builder(w), (a.hex, a.tile, a.rotation))
    w.map_version += 1
    op.built = op.built.after(a.hex, done.upgrade)
    text = f"{part} lays tile {a.tile} on {a.hex}"
    if done.cost:
        w.eco.money.transfer(part, BANK, done.cost, f"building on {a.hex} (6.15)")
        text += f" for {done.cost}"
    if done.build_bonus:
        paid = bank_pays(w.eco.money, w.end, part, done.build_bonus, "build bonus (6.16)")
        text += f", bonus {paid}"
    w.say(text)
    # 9.4 by 12.11: a periphery station joined to the centre by S track.
    bonus = track.periphery_bonus(before, w.map, Gauge.NARROW)
    if bonus.amount:
        op.periphery += bonus.amount
        w.say(f"{part} connects {', '.join(bonus.stations)} with the centre (9.4)")
    merged = merging.merge_linked(w)
    if part != SBAHN and merging.seat_of_part(part) in merged:
        return _end_part(w)  # ST5: the part is the main network's now; its turn is over
    rules = track.phase_track(w.trains.phase)
    if op.built.upgraded or len(op.built.built) >= rules.lays or not lays(w):
        w.step = DEPOT
        _skip_empty(w)
    return Outcome.GOING


def _depot(w: World, a: Action) -> Outcome:
    assert a.hex is not None and a.city is not None
    part = _turn(w).part
    charter, cost = depots.place_depot(w.map, _order(w, a.hex, a.city))
    w.map_version += 1
    w.charters[SBAHN] = charter
    w.eco.money.transfer(part, BANK, cost, f"{SBAHN}'s extra depot (12.10)", rule="1881 12.10")
    _op(w).depot_done = True
    w.say(f"{part} places the S-Bahn's extra depot on {a.hex} for {cost} (12.10)")
    merged = merging.merge_linked(w)
    w.step = RUN
    if part != SBAHN and merging.seat_of_part(part) in merged:
        return _end_part(w)
    return Outcome.GOING


def _run(w: World) -> None:
    op, part = _op(w), _turn(w).part
    runs = part_runs(w, part)
    op.runs = CompanyRuns(runs.trains, op.periphery)
    w.say(f"{part} runs for {op.runs.total}")
    w.step = DIVIDEND


def _dividend(w: World, choice: revenue.Choice) -> None:
    """The part's own decision (9.6, 9.8): what it keeps goes to its treasury now; what it
    pays out is pooled after the last part (12.13)."""
    turn, part = _turn(w), _turn(w).part
    parts = revenue.split(result(w), choice)
    if parts.to_treasury:
        bank_pays(w.eco.money, w.end, part, parts.to_treasury, f"{part} withholds", rule="1881 9.6")
    turn.votes[part] = parts.pays
    turn.paid_out[part] = parts.paid_out
    w.say(f"{part}: {choice.value} ({parts.paid_out} paid out, {parts.to_treasury} kept)")
    w.step = COMMISSION if _commission_due(w) else TRAINS


def _buy(w: World, a: Action) -> None:
    assert a.train is not None
    buyer = _buyer(w)
    who, _ = _aid(w)
    plan, rusted = tr.buy(w.trains, w.eco.money, buyer, a.train, director=who, scrap=a.scrap)
    text = f"{buyer.owner} buys a {tr.train_type(a.train).name} for {plan.price}"
    if plan.from_director:
        text += f" ({plan.from_director} from {who})"
    if a.scrap is not None:
        text += f", scrapping its {a.scrap} (12.7)"
    w.say(text)
    if plan.change is not None:  # S trains start no phase; kept in step if one did
        w.eco.phase = w.trains.phase
        for owner, lost in rusted.items():
            if owner != BANK:
                w.say(f"{owner}'s {', '.join(lost)} rust (10.4)")


# --- what the screen sees ------------------------------------------------------------------


def _part_view(w: World, part: str) -> JsonDict:
    return {
        "part": part,
        "holder": subnetworks.operator(w.eco, part),
        "seat": part_seat(w, part),
        "treasury": w.eco.money.cash(part),
        "trains": w.trains.trains(part),
        "depots": [[h, c] for h, c in w.map.corp_tokens(part)],
    }


def view(w: World, runs: Mapping[str, Any] | None) -> JsonDict | None:
    """The S-Bahn's parts and its turn: every operating part (id, holder, seat, treasury,
    trains, depots), the part acting with its runs (`runs`: the trams' shape), and the
    votes and payouts so far. None while the S-Bahn does not float."""
    eco = w.eco
    if SBAHN not in eco.floated or SBAHN in eco.closed:
        return None
    turn = w.sbahn
    acting = None
    if turn is not None:
        acting = {**_part_view(w, turn.part), "runs": None if runs is None else dict(runs)}
        if runs is not None:
            acting["runs"]["part"] = turn.part
    return {
        "parts": [_part_view(w, p) for p in subnetworks.parts(eco)],
        "acting": acting,
        "done": [] if turn is None else list(turn.done),
        "votes": {} if turn is None else dict(turn.votes),
        "paid_out": {} if turn is None else dict(turn.paid_out),
        "extra_depot_cost": w.charters.get(SBAHN, Charter.of(SBAHN)).next_cost(),
    }
