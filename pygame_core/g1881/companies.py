"""The companies' share side: which are in play, opening rights, buying and selling, floating.

`Economy` is the plain state the start round, the stock rounds and the operating rounds
share: the money, the certificates, the market, the phase, and the few records 1881 keeps
about its companies. Every trade goes through `check_buy` / `buy` and `check_sell` /
`sell` here (checked first, then done), and `buy` ends with `settle`, which floats the
companies that reached their share (4.25, 12.4), grants opening rights (4.12) and records
the S-Bahn's board seats that passed to the main network (12.3, 12.5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.errors import IllegalAction, InvalidAction, quote
from ..g18xx.market import Market
from ..g18xx.money import BANK, Money
from ..g18xx.shares import IPO, POOL, Certificate, Shares
from .economy import (
    CAPITAL_TIMES_PAR,
    FLOAT_PERCENT,
    HOME_FIELD,
    PART_CAPITAL,
    SBAHN,
    SBAHN_CAP,
    SBAHN_FLOAT_PERCENT,
    SBAHN_PHASE,
    SBAHN_SHARES,
    SBAHN_UNIT,
    SEATS,
    TRAM_SHARES,
    TRAMS,
    YELLOW,
    market_grid,
    new_money,
    par_cell,
    pars,
    part_holder,
    share_rules,
)
from .source import FIRST

Event = dict[str, Any]
COMPANIES: Final = (*TRAMS, SBAHN)


@dataclass
class Economy:
    """The share side of a 1881 game.

    `in_play`: companies with a share sold, in the order they were opened (their markers
    are on the market); `floated`: companies that got their capital; `closed`: bankrupt
    companies (9.13: never reopened); `opening_rights` / `rights_from`: A-6's counter of
    companies that may still be opened in stock rounds, and the companies whose sold-out
    new shares granted one; `seats_paid` / `seats_merged`: S-Bahn board seats whose 420
    was paid, and those whose sub-network passed to the main network for good;
    `must_sell`: players a director swap put over the certificate limit (4.4);
    `sbahn_trades`: tram company -> its S-Bahn trades ("buy", "sell") this operating
    round (10.9);
    `events`: what happened, for the log (the caller empties it);
    `edition`: the design edition whose pars and market the game uses (source.py).
    """

    players: list[str]
    money: Money
    shares: Shares
    market: Market
    phase: str = "1"
    in_play: list[str] = field(default_factory=list)
    floated: list[str] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    opening_rights: int = 0
    rights_from: list[str] = field(default_factory=list)
    seats_paid: list[int] = field(default_factory=list)
    seats_merged: list[int] = field(default_factory=list)
    must_sell: list[str] = field(default_factory=list)
    sbahn_trades: dict[str, list[str]] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    edition: int = FIRST

    def uncounted(self) -> frozenset[str]:
        """4.4: companies whose shares do not count towards the limit (yellow zone)."""
        return self.market.in_zone(YELLOW)

    def sbahn_open(self) -> bool:
        """12.1: S-Bahn shares are sold from phase 2 on."""
        return int(self.phase) >= int(SBAHN_PHASE)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state."""
        return {
            "players": list(self.players),
            "money": self.money.to_dict(),
            "shares": self.shares.to_dict(),
            "market": self.market.to_dict(),
            "phase": self.phase,
            "in_play": list(self.in_play),
            "floated": list(self.floated),
            "closed": list(self.closed),
            "opening_rights": self.opening_rights,
            "rights_from": list(self.rights_from),
            "seats_paid": list(self.seats_paid),
            "seats_merged": list(self.seats_merged),
            "must_sell": list(self.must_sell),
            "sbahn_trades": {k: list(v) for k, v in self.sbahn_trades.items()},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], edition: int = FIRST) -> Economy:
        """Inverse of `to_dict` (events are not saved) in design `edition`."""
        eco = new_economy([str(p) for p in data["players"]], edition)
        eco.money = Money.from_dict(dict(data["money"]))
        eco.shares.load(data["shares"])
        eco.market.load(data["market"])
        eco.phase = str(data["phase"])
        eco.in_play = [str(c) for c in data["in_play"]]
        eco.floated = [str(c) for c in data["floated"]]
        eco.closed = [str(c) for c in data["closed"]]
        eco.opening_rights = int(data["opening_rights"])
        eco.rights_from = [str(c) for c in data["rights_from"]]
        eco.seats_paid = [int(s) for s in data["seats_paid"]]
        eco.seats_merged = [int(s) for s in data["seats_merged"]]
        eco.must_sell = [str(p) for p in data["must_sell"]]
        trades = data.get("sbahn_trades", {})
        eco.sbahn_trades = {str(k): [str(t) for t in v] for k, v in trades.items()}
        return eco


def new_shares(players: Sequence[str]) -> Shares:
    """Every company's certificates in the IPO: the trams' 20% director share and eight
    10% shares (60% cap), the S-Bahn's 10% chairman share and eighteen 5% shares priced
    per 5% (30% cap, 12.2)."""
    shares = Shares(players, share_rules(len(players)))
    for corp in TRAMS:
        shares.add_corporation(corp, TRAM_SHARES, director=True)
    shares.add_corporation(SBAHN, SBAHN_SHARES, director=True, cap=SBAHN_CAP, unit=SBAHN_UNIT)
    return shares


def new_economy(players: Sequence[str], edition: int = FIRST) -> Economy:
    """A new game's share side: start money paid, all shares new, an empty market (the
    market and pars of design `edition`)."""
    if len(set(players)) != len(players):
        raise InvalidAction("Players need distinct names")
    names = list(players)
    market = Market(market_grid(edition))
    return Economy(names, new_money(names), new_shares(names), market, edition=edition)


# --- queries --------------------------------------------------------------------------------


def sold_percent(eco: Economy, corp: str) -> int:
    """4.25: percent of `corp`'s new shares sold; shares sold back to the pool count."""
    return 100 - eco.shares.percent(IPO, corp)


def sold_out(eco: Economy, corp: str) -> bool:
    """4.16 / A-9: no share of `corp` in the IPO or the pool (company holdings count as
    held)."""
    return eco.shares.percent(IPO, corp) == 0 and eco.shares.percent(POOL, corp) == 0


def ipo_price(eco: Economy, corp: str) -> int:
    """4.10: new shares at the printed price, per price unit (10%, or 5% for the S-Bahn)."""
    return pars(eco.edition)[corp]


def price(eco: Economy, corp: str, source: str) -> int:
    """What one price unit of `corp` costs from `source`: par new (4.10), current used
    (4.11)."""
    return ipo_price(eco, corp) if source == IPO else eco.market.price(corp)


def director_in_ipo(eco: Economy, corp: str) -> bool:
    """The director's (chairman's) share is still new: the next share bought must be it
    (4.13, 4.21; 12.1 share 1 first)."""
    return any(c.director and eco.shares.owner(c) == IPO for c in eco.shares.certs[corp])


def papers_of(eco: Economy, holder: str) -> int:
    """Certificates that count towards `holder`'s limit (4.4)."""
    return eco.shares.cert_count(holder, uncounted=eco.uncounted())


# --- trades ---------------------------------------------------------------------------------


def check_company(corp: Any) -> str:
    """Refuse an unknown company name."""
    if not isinstance(corp, str) or corp not in COMPANIES:
        raise InvalidAction(f"Unknown company {quote(corp)}; 1881 has {', '.join(COMPANIES)}")
    return corp


def check_buy(
    eco: Economy, buyer: str, corp: str, source: str, *, opening_free: bool = False
) -> tuple[Certificate, str, int]:
    """Raise unless `buyer` (a player, or a tram company for S-Bahn shares) may buy one
    share of `corp` from `source` now; returns the core's (certificate, payee, cost).
    `opening_free`: a company not in play may be opened without an opening right (the
    start purchases, A-6). Changes nothing."""
    check_company(corp)
    if source not in (IPO, POOL):
        raise InvalidAction(f"Shares come from {IPO!r} (new) or {POOL!r} (used)")
    if corp in eco.closed:
        raise IllegalAction(f"{corp} is bankrupt and out of the game", rule="1881 9.13")
    if corp == SBAHN and not eco.sbahn_open():
        raise IllegalAction("S-Bahn shares are sold from phase 2 on", rule="1881 12.1")
    needs_right = corp not in eco.in_play and corp != SBAHN and not opening_free
    if needs_right and eco.opening_rights < 1:
        raise IllegalAction(
            f"{corp} is not in play: a new company is offered only once the new shares "
            "of a company in play are all sold",
            rule="1881 4.12",
        )
    if source == POOL and eco.shares.percent(POOL, corp) == 0:
        raise IllegalAction(f"No {corp} share is in the bank pool", rule="1881 4.11")
    director = source == IPO and director_in_ipo(eco, corp)
    if corp == SBAHN:
        size = SBAHN_SHARES[0] if director else eco.shares.share_size(SBAHN)
        if eco.shares.percent(buyer, SBAHN) + size > SBAHN_CAP:
            raise IllegalAction(
                f"{buyer} may hold at most {SBAHN_CAP}% of the S-Bahn", rule="1881 12.2"
            )
    return eco.shares.check_buy(
        buyer,
        corp,
        source,
        price(eco, corp, source),
        eco.money,
        director=director,
        uncounted=eco.uncounted(),
    )


def buy(eco: Economy, buyer: str, corp: str, source: str, *, opening_free: bool = False) -> Event:
    """Check and buy one share (see `check_buy`); opens the company (its marker on its par,
    4.13 / 2.10; an opening right used in a stock round, A-6) and settles floats, rights
    and seats. Returns the purchase's event."""
    cert, _, cost = check_buy(eco, buyer, corp, source, opening_free=opening_free)
    before = eco.shares.director(corp)
    opening = corp not in eco.in_play
    eco.shares.buy(
        buyer,
        corp,
        source,
        price(eco, corp, source),
        eco.money,
        director=cert.director,
        uncounted=eco.uncounted(),
    )
    event: Event = {
        "event": "buy",
        "holder": buyer,
        "company": corp,
        "source": source,
        "percent": cert.percent,
        "number": cert.index + 1,
        "cost": cost,
    }
    eco.events.append(event)
    if opening:
        _open(eco, corp, used_right=corp != SBAHN and not opening_free)
    _after_trade(eco, corp, before)
    return event


def check_sell(eco: Economy, seller: str, corp: str, count: int) -> None:
    """Raise unless `seller` may sell `count` shares of `corp` to the pool now (4.9: never
    the director's share; 4.24 / A-7: a director may sell below another holder, who
    takes the director's share). Changes nothing."""
    check_company(corp)
    if corp not in eco.in_play:
        raise IllegalAction(f"{corp} is not in play", rule="1881 4.9")
    if not isinstance(count, int) or isinstance(count, bool):
        raise InvalidAction("Sell a whole number of shares")
    eco.shares.check_sell(seller, corp, count)


def sell(eco: Economy, seller: str, corp: str, count: int) -> Event:
    """Check and sell `count` shares of `corp` to the bank pool at the current price
    (4.9); then the marker moves one field left for the selling action (4.14, A-5; not
    past the edge, 4.18). Returns the sale's event."""
    check_sell(eco, seller, corp, count)
    before_director = eco.shares.director(corp)
    before = eco.market.price(corp)
    paid = eco.shares.sell(seller, corp, count, before, eco.money)
    eco.market.sell(corp, count)
    event: Event = {
        "event": "sell",
        "holder": seller,
        "company": corp,
        "count": count,
        "paid": paid,
        "price_before": before,
        "price_after": eco.market.price(corp),
    }
    eco.events.append(event)
    _after_trade(eco, corp, before_director)
    return event


def _open(eco: Economy, corp: str, *, used_right: bool) -> None:
    """A company comes into play: its marker on its par (under any there, 4.19)."""
    eco.in_play.append(corp)
    eco.market.place(corp, par_cell(corp, eco.edition))
    if used_right:
        eco.opening_rights -= 1
    eco.events.append({"event": "open", "company": corp, "used_right": used_right})


def _after_trade(eco: Economy, corp: str, director_before: str | None) -> None:
    director = eco.shares.director(corp)
    if director_before is not None and director != director_before:
        eco.events.append(
            {"event": "director", "company": corp, "old": director_before, "new": director}
        )
        # 4.4: a swap that puts the old director over the limit makes him sell first.
        old = director_before
        if eco.shares.over_limit(old, uncounted=eco.uncounted()) and old not in eco.must_sell:
            eco.must_sell.append(old)
    recheck_limits(eco)
    settle(eco)


def recheck_limits(eco: Economy) -> None:
    """4.4: only players still over the certificate limit must sell first (a sale, or a
    bankruptcy taking certificates out of the game, 9.13, can bring one back within it)."""
    eco.must_sell = [
        p for p in eco.must_sell if eco.shares.over_limit(p, uncounted=eco.uncounted())
    ]


def settle(eco: Economy) -> list[Event]:
    """After a trade: float the companies that reached their share, grant opening rights
    for companies whose new shares are all sold (4.12, A-6), record S-Bahn seats that
    passed to the main network (12.3, 12.5). Returns (and logs) the new events."""
    out: list[Event] = []
    for corp in eco.in_play:
        if corp in eco.floated:
            continue
        need = SBAHN_FLOAT_PERCENT if corp == SBAHN else FLOAT_PERCENT
        if sold_percent(eco, corp) >= need:
            out.append(_float(eco, corp))
    for corp in eco.in_play:
        if corp != SBAHN and corp not in eco.rights_from and sold_out_new(eco, corp):
            eco.rights_from.append(corp)
            eco.opening_rights += 1
            out.append({"event": "opening_right", "company": corp})
    if SBAHN in eco.in_play:
        out.extend(_seats(eco))
    eco.events.extend(out)
    return out


def sold_out_new(eco: Economy, corp: str) -> bool:
    """4.12: every new share of `corp` has been sold."""
    return eco.shares.percent(IPO, corp) == 0


def _float(eco: Economy, corp: str) -> Event:
    """4.26: a tram company gets 10 x par and puts its start depot on its numbered start
    field (the board's part); 12.4: the S-Bahn's main network gets 420 (the seats are
    paid by `_seats`). It operates from the next operating round (4.27)."""
    eco.floated.append(corp)
    if corp == SBAHN:
        capital = PART_CAPITAL
        eco.money.transfer(BANK, SBAHN, capital, "S-Bahn main network capital (12.4)")
        return {"event": "float", "company": corp, "capital": capital, "home": None}
    capital = CAPITAL_TIMES_PAR * ipo_price(eco, corp)
    eco.money.transfer(BANK, corp, capital, f"{corp}'s capital, 10 x par (4.26)")
    return {"event": "float", "company": corp, "capital": capital, "home": HOME_FIELD[corp]}


def _seats(eco: Economy) -> list[Event]:
    """12.4: each board seat sold pays its part 420 once the S-Bahn floats; 12.3: a seat
    whose holder is the chairman, 12.5: one sold to the bank, passes to the main network
    for the rest of the game (its network, trains and capital: the operating side)."""
    out: list[Event] = []
    chairman = eco.shares.director(SBAHN)
    for index, seat in sorted(SEATS.items()):
        cert = eco.shares.certs[SBAHN][index]
        owner = eco.shares.owner(cert)
        if owner == IPO:
            continue
        if seat not in eco.seats_merged and owner in (POOL, chairman):
            eco.seats_merged.append(seat)
            why = "sold to the bank (12.5)" if owner == POOL else "held by the chairman (12.3)"
            out.append({"event": "seat_merged", "seat": seat, "reason": why})
        if SBAHN in eco.floated and seat not in eco.seats_paid:
            eco.seats_paid.append(seat)
            to = SBAHN if seat in eco.seats_merged else part_holder(seat)
            eco.money.transfer(BANK, to, PART_CAPITAL, f"board seat {seat} capital (12.4)")
            out.append({"event": "seat_capital", "seat": seat, "to": to, "amount": PART_CAPITAL})
    return out


def seat_of(cert: Certificate) -> int | None:
    """The board seat a certificate carries (None: none)."""
    return SEATS.get(cert.index) if cert.corp == SBAHN else None


def live_seats(eco: Economy) -> dict[int, str]:
    """Board seat -> holder for the seats sold and not passed to the main network (a seat
    bought back from the pool is an ordinary share, A-44)."""
    out = {}
    for index, seat in sorted(SEATS.items()):
        owner = eco.shares.owner(eco.shares.certs[SBAHN][index])
        if owner not in (IPO, POOL) and seat not in eco.seats_merged:
            out[seat] = owner
    return out
