"""4.x: the stock round (Aktienrunde), as a step over `StockState`.

Starting with the Tram's holder and going clockwise, a player on his turn buys at most
one share and sells any number, in any order (4.1, A-4), then ends his turn, or passes
if he did nothing. The round ends when every player in a row has declined to buy (4.6: a
turn with sales only declines too); the player left of the last buyer takes the Tram
(4.7), and every company whose shares are all held moves one field right (4.16). The
trades themselves (prices, limits, director swaps, floats, opening rights) are
`companies`'.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.errors import EngineError, IllegalAction, InvalidAction, NotYourTurn, quote
from ..g18xx.shares import IPO, POOL
from ..g18xx.steps import stock as turn
from ..g18xx.steps.stock import StockRules, StockTurn
from .companies import COMPANIES, Economy, buy, check_buy, check_company, check_sell, sell
from .companies import sold_out as all_held
from .economy import END

Action = Mapping[str, Any]
JsonDict = dict[str, Any]

# 4.1: "eine Aktie kaufen und/oder beliebig viele Aktien verkaufen" (A-4: in any order);
# 4.6: "Die Aktienrunde endet erst wenn alle Spieler der Reihe nach keine Aktie mehr
# kaufen wollen. Der Verkauf hat hierauf keine Auswirkung."; 4.8: no buying back.
RULES: Final = StockRules(
    sell_after_buy=True,
    sales_only_declines=True,
    no_buy_back=True,
    cite_order="1881 4.1",
    cite_buy_back="1881 4.8",
)


@dataclass
class StockState:
    """A stock round: the economy, the seats in turn order (clockwise from the Tram's
    holder), the turn's bookkeeping, the last buyer (a seat), the Tram's holder, and
    whether the round is over (`game_over`: a price reached 400, 4.17)."""

    eco: Economy
    order: list[int]
    turn: StockTurn = field(default_factory=StockTurn)
    last_buyer: int | None = None
    priority: int = 0
    over: bool = False
    game_over: bool = False

    def to_dict(self) -> JsonDict:
        """JSON-ready state."""
        t = self.turn
        return {
            "eco": self.eco.to_dict(),
            "order": list(self.order),
            "turn": {
                "turn": t.turn,
                "passes": t.passes,
                "sold_this_turn": t.sold_this_turn,
                "bought_this_turn": t.bought_this_turn,
                "sold": {str(k): list(v) for k, v in t.sold.items()},
            },
            "last_buyer": self.last_buyer,
            "priority": self.priority,
            "over": self.over,
            "game_over": self.game_over,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> StockState:
        """Inverse of `to_dict`."""
        t = data["turn"]
        st = StockTurn(
            int(t["turn"]),
            int(t["passes"]),
            bool(t["sold_this_turn"]),
            {int(k): [str(c) for c in v] for k, v in t["sold"].items()},
            bool(t["bought_this_turn"]),
        )
        last = data["last_buyer"]
        return cls(
            Economy.from_dict(data["eco"]),
            [int(s) for s in data["order"]],
            st,
            None if last is None else int(last),
            int(data["priority"]),
            bool(data["over"]),
            bool(data["game_over"]),
        )


def start(eco: Economy, priority: int) -> StockState:
    """4.1: a new stock round, begun by the Tram's holder `priority`."""
    n = len(eco.players)
    if not 0 <= priority < n:
        raise InvalidAction(f"No seat {quote(priority)} holds the Tram")
    state = StockState(eco, [(priority + k) % n for k in range(n)], priority=priority)
    eco.events.append({"event": "stock_round", "starts": eco.players[priority]})
    return state


def active(state: StockState) -> int | None:
    """The seat on turn (None once the round is over)."""
    return None if state.over else state.order[state.turn.turn]


def _name(state: StockState, seat: int) -> str:
    return state.eco.players[seat]


Payable = Callable[[JsonDict], bool]


def _any(_: JsonDict) -> bool:
    return True


def must_sell(state: StockState, seat: int) -> bool:
    """4.4 / A-8: a player a director swap put over the limit sells first, as soon as it
    is his turn."""
    return _name(state, seat) in state.eco.must_sell


def buys(state: StockState, seat: int) -> list[JsonDict]:
    """The shares `seat` may buy now: company and source (new "ipo" or used "pool")."""
    if must_sell(state, seat):
        return []
    out: list[JsonDict] = []
    for corp in COMPANIES:
        if not turn.may_buy(RULES, state.turn, seat, corp):
            continue
        for source in (IPO, POOL):
            try:
                check_buy(state.eco, _name(state, seat), corp, source)
            except EngineError:
                continue
            out.append({"type": "buy", "company": corp, "source": source})
    return out


def sales(state: StockState, seat: int) -> list[JsonDict]:
    """The sales `seat` may make now: every company in play and count."""
    if not turn.may_sell(RULES, state.turn):
        return []
    return turn.sell_actions(state.eco.shares, _name(state, seat), state.eco.in_play)


def legal(state: StockState, seat: int, payable: Payable = _any) -> list[JsonDict]:
    """The seat's legal actions: sales, one buy, and pass / end turn (not while a swap
    left him over the limit and he can still sell). `payable`: whether the bank can pay
    for a trade (13.1.1); a trade it cannot pay is not offered."""
    if active(state) != seat:
        return []
    out = [a for a in sales(state, seat) + buys(state, seat) if payable(a)]
    if not (must_sell(state, seat) and out):
        out.append(turn.closing_action(state.turn))
    return out


def _must_sell_now(state: StockState, seat: int, payable: Payable) -> bool:
    """4.4 / A-8 with G12: over the limit after a swap and a sale the bank can pay exists."""
    return must_sell(state, seat) and any(payable(a) for a in sales(state, seat))


def check(state: StockState, action: Action, seat: int, payable: Payable = _any) -> None:
    """Refuse an action the stock round does not allow now; change nothing. `payable` as
    for `legal`: a player over the limit who has no sale the bank can pay may pass."""
    if state.over:
        raise IllegalAction("The stock round is over", rule="1881 4.6")
    if active(state) != seat:
        raise NotYourTurn(f"It is {_name(state, state.order[state.turn.turn])}'s turn")
    kind = action.get("type")
    name = _name(state, seat)
    if kind == "sell":
        corp = check_company(action.get("company"))
        count = action.get("count")
        if not isinstance(count, int) or isinstance(count, bool):
            raise InvalidAction(f"Sell a whole number of shares, not {quote(count)}")
        turn.check_sell(RULES, state.turn)
        check_sell(state.eco, name, corp, count)
    elif kind == "buy":
        corp = check_company(action.get("company"))
        if must_sell(state, seat):
            raise IllegalAction(
                f"{name} is over the certificate limit after a director swap and sells first",
                rule="1881 4.4",
            )
        source = action.get("source")
        if source not in (IPO, POOL):
            raise InvalidAction(f"A buy names its source, {IPO!r} (new) or {POOL!r} (used)")
        turn.check_buy(RULES, state.turn, seat, corp)
        check_buy(state.eco, name, corp, str(source))
    elif kind in ("pass", "end_turn"):
        turn.check_closing(RULES, state.turn, str(kind))
        if _must_sell_now(state, seat, payable):
            raise IllegalAction(
                f"{name} is over the certificate limit after a director swap and must sell",
                rule="1881 4.4",
            )
    else:
        raise IllegalAction(
            f"{quote(kind)} is not a stock round action (buy one share, sell, pass)",
            rule="1881 4.1",
        )


def execute(state: StockState, action: Action) -> bool:
    """Apply a checked action; True when the stock round is over."""
    seat = state.order[state.turn.turn]
    name = _name(state, seat)
    kind = action["type"]
    if kind == "sell":
        corp = str(action["company"])
        sell(state.eco, name, corp, int(action["count"]))
        turn.record_sale(state.turn, seat, corp)
        return False
    if kind == "buy":
        buy(state.eco, name, str(action["company"]), str(action["source"]))
        state.last_buyer = seat
        turn.record_buy(RULES, state.turn)
        return False
    return _next_turn(state, passed=kind == "pass")


def _next_turn(state: StockState, *, passed: bool) -> bool:
    """Hand the turn on; a player who can neither buy nor sell is passed over (and
    declines). The round ends when all declined in a row (4.6)."""

    def can_act(seat: int) -> bool:
        return bool(
            buys(state, seat)
            or turn.sell_actions(state.eco.shares, _name(state, seat), state.eco.in_play)
        )

    def passed_over(seat: int) -> None:
        state.eco.events.append({"event": "passed_over", "player": _name(state, seat)})

    if turn.next_turn(
        RULES, state.turn, state.order, passed=passed, can_act=can_act, passed_over=passed_over
    ):
        finish(state)
    return state.over


def finish(state: StockState) -> None:
    """End the round: 4.7 the Tram to the player left of the last buyer (A-10: it stays
    if nobody bought); 4.16 every company with all shares held moves one field right, in
    operating order (A-9), and 4.17 a price of 400 ends the game at once."""
    eco = state.eco
    n = len(eco.players)
    if state.last_buyer is not None:
        state.priority = (state.last_buyer + 1) % n
    eco.events.append({"event": "tram", "player": eco.players[state.priority]})
    state.over = True
    for corp in eco.market.operating_order(eco.in_play):
        if not all_held(eco, corp):
            continue
        before = eco.market.price(corp)
        eco.market.sold_out(corp)
        eco.events.append(
            {
                "event": "sold_out",
                "company": corp,
                "before": before,
                "after": eco.market.price(corp),
            }
        )
        if END in eco.market.zones(corp):
            state.game_over = True
            eco.events.append({"event": "game_end", "company": corp, "rule": "1881 4.17"})
            return
