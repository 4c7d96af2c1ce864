"""VII: Stock Rounds ("Spieler-Runden"), SR1's founding of the majors included."""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import EngineError, IllegalAction, InvalidAction, quote
from ..g18xx.market import Move
from ..g18xx.money import BANK
from ..g18xx.shares import IPO, POOL
from ..g18xx.steps import stock as turn
from ..g18xx.steps.stock import StockRules, StockTurn
from .actions import Action
from .economy import MAJOR_SHARES
from .entities import entities
from .world import SUBSCRIPTION, Major, World, player_holder

RULE: Final = "1840 VII"
# VII.1: sell any shares, then buy one ("... und danach eine Aktie kaufen"); VII.4: no
# buying back before the next Stock Round; VII.2: the round ends when all pass in a row
# (a turn with sales only is not a pass).
RULES: Final = StockRules(cite_order=RULE, cite_buy_back="1840 VII.4")
JsonDict = dict[str, Any]


def start(w: World) -> bool:
    """VII.2: the holder of order card 1 starts; the round waits for him."""
    w.step = "stock"
    w.sr = StockTurn()
    w.add_log(f"{w.round_label}: {w.name(w.order[0])} starts")
    return False


def is_first(w: World) -> bool:
    return bool(w.round["type"] == "SR" and w.round["name"] == "1")


def active(w: World) -> int:
    assert w.sr is not None
    return w.order[w.sr.turn]


def must_par(w: World, seat: int) -> bool:
    """VII.5: every player's first action in SR1 is founding a major."""
    return is_first(w) and w.major_of(seat) is None


def par_prices() -> list[int]:
    return [int(p) for p in entities()["major_par_prices"]]


def _par_cost(price: int) -> int:
    return price * MAJOR_SHARES[0] // 10


def par_costs(w: World, seat: int) -> list[JsonDict]:
    """VII.5 / V2: what founding a major at each start price costs `seat`: the director's
    certificate (5 x the price), the part its subscription right pays (350, once) and the
    cash; the major's founding capital (10 x the price, IV.1.2). For the page and the log."""
    right = SUBSCRIPTION if w.voucher[seat] else 0
    out = []
    for p in par_prices():
        cost = _par_cost(p)
        by_right = min(right, cost)
        out.append(
            {
                "price": p,
                "certificate": cost,
                "voucher": by_right,
                "cash": cost - by_right,
                "capital": 10 * p,
                "affordable": cost - by_right <= w.cash(seat),
            }
        )
    return out


def legal(w: World, seat: int) -> list[JsonDict]:
    assert w.sr is not None
    if must_par(w, seat):
        budget = w.cash(seat) + (SUBSCRIPTION if w.voucher[seat] else 0)
        return [
            {"type": "par", "major": m, "price": p}
            for m in w.open_majors
            for p in par_prices()
            if _par_cost(p) <= budget
        ]
    h = player_holder(seat)
    out = [] if is_first(w) else turn.sell_actions(w.shares, h, w.companies())
    for c in w.companies():
        if not turn.may_buy(RULES, w.sr, seat, c):
            continue
        try:
            w.shares.check_buy(h, c, POOL, w.market.price(c), w.money, extra_certs=_privs(w, seat))
        except EngineError:
            continue
        out.append({"type": "buy", "company": c})
    out.append(turn.closing_action(w.sr))
    return out


def _privs(w: World, seat: int) -> int:
    return len(w.privates_of(player_holder(seat)))


def check(w: World, a: Action, seat: int) -> None:
    assert w.sr is not None
    h = player_holder(seat)
    if must_par(w, seat) and a.type != "par":
        raise IllegalAction(
            "Your first action in the first Stock Round is founding a major (its director's "
            "certificate)",
            rule="1840 VII.5",
        )
    if a.type == "par":
        assert a.major is not None and a.price is not None
        if not must_par(w, seat):
            raise IllegalAction(
                "Each player founds exactly one major, in the first Stock Round",
                rule="1840 IV.1.2",
            )
        if a.major not in w.open_majors:
            raise IllegalAction(f"{a.major} cannot be founded", rule="1840 IV.1.2")
        if a.price not in par_prices():
            raise IllegalAction(
                f"A major's start price is one of {par_prices()}", rule="1840 VII.5"
            )
        budget = w.cash(seat) + (SUBSCRIPTION if w.voucher[seat] else 0)
        if _par_cost(a.price) > budget:
            raise IllegalAction(
                f"{_par_cost(a.price)} for the director's certificate is more than the "
                f"subscription right and your cash ({budget})",
                rule="1840 VII.5",
            )
    elif a.type == "sell":
        assert a.company is not None and a.count is not None
        if is_first(w):
            raise IllegalAction("Nothing is sold in the first Stock Round", rule="1840 VII.4")
        if a.company not in w.companies():
            raise InvalidAction(f"Unknown company {quote(a.company)}")
        turn.check_sell(RULES, w.sr)
        w.shares.check_sell(h, a.company, a.count)
    elif a.type == "buy":
        assert a.company is not None
        if a.company not in w.companies():
            raise InvalidAction(f"Unknown company {quote(a.company)}")
        turn.check_buy(RULES, w.sr, seat, a.company)
        w.shares.check_buy(
            h, a.company, POOL, w.market.price(a.company), w.money, extra_certs=_privs(w, seat)
        )
    elif a.type in ("pass", "end_turn"):
        turn.check_closing(RULES, w.sr, a.type)
    else:
        raise IllegalAction(
            f"'{a.type}' is not a Stock Round action (sell, then buy one share, or pass)",
            rule="1840 VII.1",
        )


def execute(w: World, a: Action) -> bool:
    """Apply; returns True when the Stock Round is over."""
    assert w.sr is not None
    seat = active(w)
    h = player_holder(seat)
    name = w.name(seat)
    if a.type == "par":
        assert a.major is not None and a.price is not None
        _found(w, seat, a.major, a.price)
        return _next_turn(w, passed=False)
    if a.type == "sell":
        assert a.company is not None and a.count is not None
        price = w.market.price(a.company)
        paid = w.shares.sell(h, a.company, a.count, price, w.money)
        # X.3: one row down per 10% sold, after the sale (the seller got the old price).
        w.market.move(a.company, Move.DOWN, a.count)
        turn.record_sale(w.sr, seat, a.company)
        w.add_log(
            f"{name} sells {a.count * 10}% of {a.company} for {paid}; the price falls to "
            f"{w.market.price(a.company)}",
            seat,
        )
        w.events.append({"kind": "sell", "company": a.company, "count": a.count})
        return False
    if a.type == "buy":
        assert a.company is not None
        price = w.market.price(a.company)
        w.shares.buy(h, a.company, POOL, price, w.money, extra_certs=_privs(w, seat))
        w.add_log(f"{name} buys 10% of {a.company} for {price}", seat)
        turn.record_buy(RULES, w.sr)  # VII.1: the buy ends the turn
        return _next_turn(w, passed=False)
    if a.type == "end_turn":
        w.add_log(f"{name} ends the turn", seat)
        return _next_turn(w, passed=False)
    w.add_log(f"{name} passes", seat)
    return _next_turn(w, passed=True)


def _found(w: World, seat: int, major: str, price: int) -> None:
    """VII.5: the director's certificate for 5 x the start price, paid with the
    subscription right (350) and cash; the major gets 10 x the start price (IV.1.2)."""
    h = player_holder(seat)
    cost = next(c for c in par_costs(w, seat) if c["price"] == price)
    if w.voucher[seat]:
        w.pay(BANK, h, SUBSCRIPTION, "subscription right", "1840 VII.5")
        w.voucher[seat] = False
    w.market.par(major, "major", price)
    w.shares.buy(h, major, IPO, price, w.money, director=True)
    w.money.open(major, "corporation")
    w.money.open(f"{major}/income", "corporation")
    w.pay(BANK, major, 10 * price, "founding capital", "1840 IV.1.2")
    w.majors[major] = Major(major, seat, price)
    w.open_majors.remove(major)
    full = entities()["majors"][major]["name"]
    w.add_log(
        f"{w.name(seat)} founds {major} ({full}) at {price}: the director's certificate "
        f"costs {cost['certificate']}, paid {_paid(cost)}; {major} gets {cost['capital']}",
        seat,
    )
    w.events.append({"kind": "par", "major": major, "price": price})
    if all(w.major_of(s) is not None for s in range(len(w.players))) and w.open_majors:
        # VII.5: "Alle nicht verkauften Straßenbahngesellschaften sind aus dem Spiel."
        w.add_log(f"Not founded, out of the game: {', '.join(w.open_majors)}")
        w.open_majors = []


def _paid(cost: JsonDict) -> str:
    """How a certificate is paid, in words: "350 by the subscription right and 150 in cash"."""
    if not cost["voucher"]:
        return f"{cost['cash']} in cash"
    if not cost["cash"]:
        return f"{cost['voucher']} by the subscription right"
    return f"{cost['voucher']} by the subscription right and {cost['cash']} in cash"


def _next_turn(w: World, *, passed: bool) -> bool:
    """Pass the turn on. A player with no legal action but passing passes by himself (as
    on 18xx.games): one who can neither buy nor sell, and may not sell a private to the
    bank either (IV.2; none goes back in an 18xx.games Stock Round, V4/V34). The round
    ends once all have passed in a row (VII.2)."""
    from .game import sellable_privates  # the title's dispatch imports this module

    assert w.sr is not None

    def can_act(seat: int) -> bool:
        if any(e["type"] in ("par", "buy", "sell") for e in legal(w, seat)):
            return True
        return bool(sellable_privates(w, seat))  # he may sell one, then buy (IV.2, VII.1)

    def passed_over(seat: int) -> None:
        w.add_log(f"{w.name(seat)} can neither buy nor sell, and passes", seat)

    over = turn.next_turn(
        RULES, w.sr, w.order, passed=passed, can_act=can_act, passed_over=passed_over
    )
    if over:
        _finish(w)
    return over


def _finish(w: World) -> None:
    """VII.2 / X.3: sold-out companies rise one row; the order cards go by cash, most
    first (ties: the original seating, or on 18xx.games the previous order)."""
    for c, _, after in turn.sold_out_rise(w.market, w.companies(), w.sold_out):
        w.add_log(f"{c} is sold out: its price rises to {after}")
    previous = {seat: i for i, seat in enumerate(w.order)}

    def tie(s: int) -> int:
        return s if w.profile.order_ties_by_seating else previous[s]

    w.order = sorted(range(len(w.players)), key=lambda s: (-w.cash(s), tie(s)))
    w.add_log("New order: " + ", ".join(w.name(s) for s in w.order))
    w.sr = None
