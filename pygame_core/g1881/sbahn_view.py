"""What the screen shows of the S-Bahn's share side (12.1-12.5, 10.9): its certificates and
who holds them (players and tram companies), each network part with its holder, operator,
treasury, depots and trains, and the prices of the next share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..g18xx.shares import IPO, POOL
from . import sbahn_shares
from .companies import director_in_ipo, live_seats, price, seat_of
from .economy import SBAHN, SBAHN_SHARES, SBAHN_UNIT, SEATS, TRAMS, part_holder
from .source import section

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, Any]


def _kind(number: int, seat: int | None) -> str:
    if number == 1:
        return "chairman"
    return "seat" if seat is not None else "ordinary"


def certificates(w: World) -> list[JsonDict]:
    """Every S-Bahn certificate in number order: percent, kind, seat and holder ("ipo",
    "pool", a player or a tram company)."""
    eco = w.eco
    out = []
    for cert in eco.shares.certs[SBAHN]:
        seat = seat_of(cert)
        out.append(
            {
                "number": cert.index + 1,
                "percent": cert.percent,
                "kind": _kind(cert.index + 1, seat),
                "seat": seat,
                "holder": eco.shares.owner(cert),
            }
        )
    return out


def parts(w: World) -> list[JsonDict]:
    """The main network and the three seats' sub-networks: status ("main", "apart": sold
    and not merged, "merged", "unsold"), holder, operator (the seat acting), treasury,
    depots [hex, city] and trains."""
    eco = w.eco
    live = live_seats(eco)
    out = []
    for seat in (None, *sorted(SEATS.values())):
        part = SBAHN if seat is None else part_holder(seat)
        if seat is None:
            status, holder = "main", eco.shares.director(SBAHN)
        elif seat in live:
            status, holder = "apart", live[seat]
        elif seat in eco.seats_merged:
            status, holder = "merged", None
        else:
            status, holder = "unsold", None
        operator = w.director_seat(holder) if holder in TRAMS else None
        if holder in w.players:
            operator = w.players.index(holder)
        out.append(
            {
                "part": part,
                "seat": seat,
                "status": status,
                "holder": holder,
                "operator": operator,
                "treasury": eco.money.cash(part),
                "depots": [[h, c] for h, c in w.map.corp_tokens(part)],
                "trains": w.trains.trains(part),
                "start_depot": part in w.start_depots,
            }
        )
    return out


def colours() -> JsonDict:
    """The S-Bahn's printed colours (board data, Table 3: burgundy with ochre): "fill" for its
    badge and the main network's depots before it has a chairman, "ring" around every S
    depot, so a depot in an operator's seat colour still reads as the S-Bahn's."""
    corp = section("sbahn_corporation")
    return {"fill": str(corp["color2"]), "ring": str(corp["color"])}


def view(w: World) -> JsonDict:
    """The S-Bahn's share side as the screen reads it (key "sbahn" of the game view)."""
    eco = w.eco
    holders: dict[str, int] = {}
    for cert in eco.shares.certs[SBAHN]:
        owner = eco.shares.owner(cert)
        holders[owner] = holders.get(owner, 0) + cert.percent
    in_play = SBAHN in eco.in_play
    next_ipo = SBAHN_SHARES[0] if director_in_ipo(eco, SBAHN) else eco.shares.share_size(SBAHN)
    return {
        "open": eco.sbahn_open(),
        "chairman": sbahn_shares.chairman(eco),
        "runner": sbahn_shares.runner(eco),
        "certificates": certificates(w),
        "holders": holders,
        "parts": parts(w),
        "seats_merged": list(eco.seats_merged),
        "next_ipo": {"percent": next_ipo, "price": price(eco, SBAHN, IPO) * next_ipo // SBAHN_UNIT}
        if eco.shares.percent(IPO, SBAHN)
        else None,
        "pool_price": price(eco, SBAHN, POOL) if in_play else None,
        "trades": {c: list(t) for c, t in eco.sbahn_trades.items()},
        "colours": colours(),
    }
