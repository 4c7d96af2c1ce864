"""10.9 / 12.1-12.3: tram companies trading S-Bahn shares, and who runs the S-Bahn.

In its train-buying step a floated tram company may buy one S-Bahn share per operating
round, new (at par, the chairman's share first, then in number order) or used (at the
current price), and sell S-Bahn shares to the pool; it may not buy after selling in the
same round (A-50, as 4.8). Its treasury pays and is paid; the 30% cap holds for it as for
a player, the certificate limit does not (A-50). The operating round calls
`check_company_buy` / `company_buy`, `check_company_sell` / `company_sell` and
`company_actions`, and `new_operating_round` at each round's start.

A tram company that goes bankrupt (9.13) gives its S-Bahn shares back to the bank:
`release_bankrupt` (decision G14 in docs/rules-decisions.md).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import EngineError, IllegalAction, InvalidAction, quote
from ..g18xx.shares import IPO, POOL, Certificate
from ..g18xx.steps.stock import most_sellable
from .companies import Economy, buy, check_buy, check_sell, sell, settle
from .economy import SBAHN, TRAMS

Event = dict[str, Any]
BUY = "buy"
SELL = "sell"
# Events of decision G14 (the log's texts: `TEXTS`).
BANKRUPT_SHARES = "bankrupt_sbahn"
CHAIR_TAKEN = "chair_taken"
CHAIR_VACANT = "chair_vacant"
TEXTS = {
    BANKRUPT_SHARES: "Bankrupt {company}'s S-Bahn shares {shares} go to the bank pool "
    "without payment (9.13)",
    CHAIR_TAKEN: "Bankrupt {company}'s S-Bahn chair goes to {new} for his shares {handed}, "
    "now in the pool (12.3)",
    CHAIR_VACANT: "Nobody has two 5% shares to take bankrupt {company}'s S-Bahn chair: "
    "share 1 goes back among the new shares, the next one sold (12.1, 12.3)",
}


def new_operating_round(eco: Economy) -> None:
    """A new operating round: every tram company may buy one S-Bahn share again."""
    eco.sbahn_trades.clear()


def _tram(eco: Economy, company: str) -> None:
    if company not in TRAMS:
        raise InvalidAction(f"{quote(company)} is not a tram company")
    if company not in eco.floated or company in eco.closed:
        raise IllegalAction(
            f"{company} is not operating and cannot trade S-Bahn shares", rule="1881 10.9"
        )


def check_company_buy(eco: Economy, company: str, source: str) -> None:
    """Raise unless tram company `company` may buy one S-Bahn share from `source` now
    (10.9: one per operating round; A-50: not after selling this round; 12.2: 30%)."""
    _tram(eco, company)
    done = eco.sbahn_trades.get(company, [])
    if BUY in done:
        raise IllegalAction(
            f"{company} has bought its S-Bahn share for this operating round", rule="1881 10.9"
        )
    if SELL in done:
        raise IllegalAction(
            f"{company} sold S-Bahn shares in this operating round and cannot buy them back",
            rule="1881 4.8",
        )
    check_buy(eco, company, SBAHN, source)


def company_buy(eco: Economy, company: str, source: str) -> Event:
    """Check and buy: the company's treasury pays (10.9)."""
    check_company_buy(eco, company, source)
    event = buy(eco, company, SBAHN, source)
    eco.sbahn_trades.setdefault(company, []).append(BUY)
    return event


def check_company_sell(eco: Economy, company: str, count: int) -> None:
    """Raise unless tram company `company` may sell `count` S-Bahn shares now (10.9)."""
    _tram(eco, company)
    check_sell(eco, company, SBAHN, count)


def company_sell(eco: Economy, company: str, count: int) -> Event:
    """Check and sell to the pool: the treasury is paid, the price moves one field left
    for the sale (4.14, A-50)."""
    check_company_sell(eco, company, count)
    event = sell(eco, company, SBAHN, count)
    if SELL not in eco.sbahn_trades.setdefault(company, []):
        eco.sbahn_trades[company].append(SELL)
    return event


def company_actions(eco: Economy, company: str) -> list[dict[str, Any]]:
    """The S-Bahn trades tram company `company` may make now (for its train step)."""
    out: list[dict[str, Any]] = []
    for source in (IPO, POOL):
        try:
            check_company_buy(eco, company, source)
        except EngineError:
            continue
        out.append({"type": "buy_sbahn", "company": company, "source": source})
    if SBAHN in eco.in_play and company in eco.floated:
        most = most_sellable(eco.shares, company, SBAHN)
        out.extend(
            {"type": "sell_sbahn", "company": company, "count": n} for n in range(1, most + 1)
        )
    return out


def chairman(eco: Economy) -> str | None:
    """The S-Bahn's chairman: a player or a tram company (None: not in play)."""
    return eco.shares.director(SBAHN)


def runner(eco: Economy) -> str | None:
    """The player who runs the S-Bahn's main network: the chairman, or the director of
    the tram company that is chairman (10.9)."""
    holder = chairman(eco)
    if holder in TRAMS:
        return eco.shares.director(holder)
    return holder


# --- a bankrupt holder (9.13, 12.3, decision G14) ---------------------------------------------


def release_bankrupt(eco: Economy, company: str) -> Event | None:
    """9.13 "Gesellschaftsvermögen ... gehen zurück an die Bank" for the S-Bahn shares of
    bankrupt tram company `company` (decision G14): they go back to the bank without
    payment and without a price move (no sale, 4.14), its 5% shares to the pool. Its
    chairman's share passes as in 12.3 to the holder with the most S-Bahn shares among
    those with two 5% shares to exchange (of equals the first in the holders' order: the
    players by seat, then the tram companies), whose two highest-numbered 5% shares go
    to the pool; with nobody able, it goes back among the new shares, the first one sold
    again (12.1, 4.21) and until then the only S-Bahn share on sale. A board seat in the
    pool, or now held by the chairman, passes to the main network (12.5, 12.3: `settle`
    records it). Returns the event (None: it held no S-Bahn share)."""
    if company not in TRAMS or company not in eco.closed:
        raise IllegalAction(f"{company} is not a bankrupt tram company", rule="1881 9.13")
    held = eco.shares.held(company, SBAHN)
    if not held:
        return None
    for cert in held:
        eco.shares.move(cert, IPO if cert.director else POOL)
    pooled = [c for c in held if not c.director]
    event: Event = {"event": BANKRUPT_SHARES, "company": company, "shares": _numbers(pooled)}
    if pooled:
        eco.events.append(event)
    if held[0].director:
        eco.events.append({"company": company, **_fill_chair(eco, held[0])})
    settle(eco)
    return event


def _fill_chair(eco: Economy, chair: Certificate) -> Event:
    """12.3 for the chair a bankrupt company left (see `release_bankrupt`)."""
    need = chair.percent // eco.shares.share_size(SBAHN)
    able = [
        h
        for h in eco.shares.holders()
        if h != SBAHN and h not in eco.closed and len(_ordinary(eco, h)) >= need
    ]
    # max keeps the first of equals
    new = max(able, key=lambda h: eco.shares.percent(h, SBAHN), default=None)
    if new is None:
        return {"event": CHAIR_VACANT}
    handed = _ordinary(eco, new)[-need:]  # his highest numbers: he keeps a seat (12.3)
    for cert in handed:
        eco.shares.move(cert, POOL)
    eco.shares.move(chair, new)
    return {"event": CHAIR_TAKEN, "new": new, "handed": _numbers(handed)}


def _ordinary(eco: Economy, holder: str) -> list[Certificate]:
    return [c for c in eco.shares.held(holder, SBAHN) if not c.director]


def _numbers(certs: list[Certificate]) -> str:
    return ", ".join(str(c.index + 1) for c in certs)
