"""The stock round's turn, shared by the titles.

On his turn a player sells and buys shares; the title's `StockRules` set the order: with
`sell_after_buy` off, sales come first and a buy ends the turn (sell, then buy one); with
it on, one buy and any sales in any order, ended by the player. A company sold this round
may not be bought back by the seller before the next stock round (`no_buy_back`). The
round ends when every player in a row has declined: passed, or (with `sales_only_declines`)
ended a turn without buying. Players who can do nothing are passed over by the title's
test, and count as declining.

The turn's state (`StockTurn`) is plain data kept by the title. What is bought and sold,
and at what price, stays the shares and market modules' business.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.errors import EngineError, IllegalAction
from ..market import Market, Move
from ..shares import Shares

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class StockRules:
    """A title's stock round settings, and the rules it cites for them (`cite_order`: the
    turn's order; `cite_buy_back`: no buying back what was sold this round)."""

    sell_after_buy: bool = False
    sales_only_declines: bool = False
    no_buy_back: bool = True
    cite_order: str | None = None
    cite_buy_back: str | None = None


@dataclass
class StockTurn:
    """The stock round's bookkeeping: whose turn (an index into the turn order), the
    declines in a row, what the player on turn did, and what each seat sold this round."""

    turn: int = 0
    passes: int = 0
    sold_this_turn: bool = False
    sold: dict[int, list[str]] = field(default_factory=dict)
    bought_this_turn: bool = False

    @property
    def acted(self) -> bool:
        """The player on turn has bought or sold (he ends his turn, not passes)."""
        return self.sold_this_turn or self.bought_this_turn


def may_buy(rules: StockRules, st: StockTurn, seat: int, company: str) -> bool:
    """The turn's order and the buy-back rule allow `seat` a share of `company` now."""
    if st.bought_this_turn:
        return False
    return not (rules.no_buy_back and company in st.sold.get(seat, []))


def check_buy(rules: StockRules, st: StockTurn, seat: int, company: str) -> None:
    """Refuse a buy the turn's order or the buy-back rule forbids."""
    if st.bought_this_turn:
        raise IllegalAction("You bought a share this turn", rule=rules.cite_order)
    if rules.no_buy_back and company in st.sold.get(seat, []):
        raise IllegalAction(
            f"You sold {company} in this Stock Round and cannot buy it back before the next one",
            rule=rules.cite_buy_back,
        )


def may_sell(rules: StockRules, st: StockTurn) -> bool:
    """The turn's order allows a sale now (not after the buy, unless the title allows it)."""
    return rules.sell_after_buy or not st.bought_this_turn


def check_sell(rules: StockRules, st: StockTurn) -> None:
    """Refuse a sale the turn's order forbids."""
    if not may_sell(rules, st):
        raise IllegalAction("Shares are sold before the buy", rule=rules.cite_order)


def most_sellable(shares: Shares, holder: str, company: str) -> int:
    """How many shares of `company` `holder` may sell at once (0: none)."""
    n = 0
    while True:
        try:
            shares.check_sell(holder, company, n + 1)
        except EngineError:
            return n
        n += 1


def sell_actions(shares: Shares, holder: str, companies: Iterable[str]) -> list[JsonDict]:
    """The legal sales: every company and count `holder` may sell."""
    return [
        {"type": "sell", "company": c, "count": n}
        for c in companies
        for n in range(1, most_sellable(shares, holder, c) + 1)
    ]


def closing_action(st: StockTurn) -> JsonDict:
    """How the player on turn leaves it: he ends it once he has acted, else passes."""
    return {"type": "end_turn"} if st.acted else {"type": "pass"}


def check_closing(rules: StockRules, st: StockTurn, kind: str) -> None:
    """Refuse a pass after a sale or buy, or an end of turn without either."""
    if kind == "pass" and st.acted:
        what = "sold" if st.sold_this_turn else "bought"
        if st.bought_this_turn:
            raise IllegalAction(f"You {what} this turn: end your turn", rule=rules.cite_order)
        raise IllegalAction(
            f"You {what} this turn: buy one share or end your turn", rule=rules.cite_order
        )
    if kind == "end_turn" and not st.acted:
        raise IllegalAction("Buy one share or pass", rule=rules.cite_order)


def record_sale(st: StockTurn, seat: int, company: str) -> None:
    """Note a sale: the seller may not buy the company back this round."""
    st.sold.setdefault(seat, []).append(company)
    st.sold_this_turn = True


def record_buy(rules: StockRules, st: StockTurn) -> bool:
    """Note a buy; True if it ends the turn (sell, then buy one)."""
    st.bought_this_turn = True
    return not rules.sell_after_buy


def next_turn(
    rules: StockRules,
    st: StockTurn,
    order: Sequence[int],
    *,
    passed: bool,
    can_act: Callable[[int], bool],
    passed_over: Callable[[int], None],
) -> bool:
    """End the turn and give the next seat of `order` his; True when the round is over
    (every player in a row declined). A seat that cannot act (`can_act`) is passed over
    (`passed_over` is told) and counts as declining."""
    declined = passed or (rules.sales_only_declines and not st.bought_this_turn)
    st.passes = st.passes + 1 if declined else 0
    st.sold_this_turn = False
    st.bought_this_turn = False
    while True:
        if st.passes >= len(order):
            return True
        st.turn = (st.turn + 1) % len(order)
        seat = order[st.turn]
        if can_act(seat):
            return False
        passed_over(seat)
        st.passes += 1


def sold_out_rise(
    market: Market,
    companies: Iterable[str],
    sold_out: Callable[[str], bool],
    move: Move = Move.UP,
) -> list[tuple[str, int, int]]:
    """At the end of the round every sold-out company's price moves one step (`move`: up
    a row, or right on a one-row market): (company, old price, new price) for those whose
    price changed."""
    out = []
    for c in companies:
        if sold_out(c):
            before = market.price(c)
            market.move(c, move)
            if market.price(c) != before:
                out.append((c, before, market.price(c)))
    return out
