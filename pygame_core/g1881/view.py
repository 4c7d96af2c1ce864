"""What a seat sees of a 1881 game, shaped like 1840's view where it can be (the shared
18xx screen reads it): players, companies, the map, the market, the phase and trains, the
round and step, and the legal actions with previews worked out here (dividend per share
for each choice, prices). The only secret: the sealed bids before they are opened (2.5).

Keys are stable (the screen in web/ui/g1881 reads them); add, do not rename.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..g18xx.money import BANK
from ..g18xx.render import map_json
from ..g18xx.shares import IPO, POOL
from . import bid as bidding
from . import offers, sbahn_turn, sbahn_veto, sbahn_view, start_depots
from . import trains as tr
from .board import tile_counts
from .catalog import variant_of
from .companies import COMPANIES, papers_of
from .depots import DEPOT_COSTS
from .economy import CERT_LIMIT, SBAHN, pars
from .end import share_value
from .flow import BIDDING, BUYING, DIVIDEND, STOCK, dividend_choices, result_of, train_offers
from .revenue import Choice, split
from .track import outcome

if TYPE_CHECKING:
    from .game import Berlin1881
    from .world import Operating, World

JsonDict = dict[str, Any]


def _players(w: World) -> list[JsonDict]:
    eco = w.eco
    n = len(w.players)
    out = []
    for s, p in enumerate(w.players):
        shares = {c: eco.shares.percent(p, c) for c in COMPANIES if eco.shares.percent(p, c)}
        out.append(
            {
                "seat": s,
                "name": p,
                "cash": eco.money.cash(p),
                "certs": papers_of(eco, p),
                "cert_limit": CERT_LIMIT[n],
                "shares": shares,
                "directs": [c for c in COMPANIES if eco.shares.director(c) == p],
                "value": eco.money.cash(p) + share_value(eco.shares, eco.market, p),
                "tram": w.priority == s,
            }
        )
    return out


def _companies(w: World) -> dict[str, JsonDict]:
    eco = w.eco
    out: dict[str, JsonDict] = {}
    for corp in COMPANIES:
        placed = corp in eco.market.corporations()
        charter = w.charters.get(corp)
        out[corp] = {
            "kind": "sbahn" if corp == SBAHN else "tram",
            "status": (
                "bankrupt"
                if corp in eco.closed
                else "floated"
                if corp in eco.floated
                else "open"
                if corp in eco.in_play
                else "unopened"
            ),
            "director": eco.shares.director(corp),
            "par": pars(w.edition)[corp],
            "price": eco.market.price(corp) if placed else None,
            "cell": list(eco.market.cell(corp)) if placed else None,
            "treasury": eco.money.cash(corp),
            "trains": w.trains.trains(corp),
            "credit_train": w.trains.credit.get(corp),
            "depots": [[h, p] for h, p in w.map.corp_tokens(corp)],
            "depot_costs": list(DEPOT_COSTS[corp]),
            "depots_left": (None if charter is None else sum(1 for o in charter.out if not o)),
            "next_depot_cost": None if charter is None else charter.next_cost(),
            "ipo": eco.shares.percent(IPO, corp),
            "pool": eco.shares.percent(POOL, corp),
            "sbahn_shares": eco.shares.percent(corp, SBAHN) if corp != SBAHN else 0,
            "operated": corp in w.operated,
        }
    return out


def _trains(w: World) -> JsonDict:
    t = w.trains
    rows = []
    for ty in tr.PHASES.trains:
        rows.append(
            {
                "name": ty.name,
                "kind": ty.kind,
                "range": ty.range,
                "price": ty.price,
                "left": len(t.bank.stock.get(ty.name, ())),
                "count": ty.count,
                "rusts_on": ty.rusts_on,
                "triggers": ty.triggers,
            }
        )
    nxt = tr.next_phase(t)
    rusts_next = [ty.name for ty in tr.PHASES.trains if nxt is not None and ty.rusts_on == nxt]
    return {
        "phase": t.phase,
        "limit": tr.PHASES.train_limit(t.phase),
        "types": rows,
        "on_offer": tr.offer(t, tr.TRAM),
        "returned": list(t.returned),
        "next_phase": nxt,
        "rusts_next": rusts_next,
        "credit": dict(t.credit),
    }


def _bid(w: World, seat: int | None) -> JsonDict | None:
    if w.bid is None:
        return None
    return bidding.view_for(w.bid, seat)


def _runs(op: Operating) -> JsonDict | None:
    if op.runs is None:
        return None
    return {
        "trains": [
            {
                "train": r.train,
                "stops": None if r.route is None else list(r.route.stops),
                # the hexes of each link, for the screen to draw the track it ran on
                "connections": None if r.route is None else [list(c) for c in r.route.connections],
                "revenue": r.revenue,
                "ferry": r.ferry,
                "shuttle": r.shuttle,
            }
            for r in op.runs.trains
        ],
        "train_revenue": op.runs.train_revenue,
        "boni": op.runs.bonuses,
        "total": op.runs.total,
    }


def _operating(w: World) -> JsonDict | None:
    op = w.op
    if op is None:
        return None
    return {
        "company": op.corp,
        # the S-Bahn's network part acting (sbahn_turn.py), None for a tram company
        "part": None if w.sbahn is None else w.sbahn.part,
        "built": list(op.built.built),
        "upgraded": op.built.upgraded,
        "depot_done": op.depot_done,
        "periphery": op.periphery,
        "runs": _runs(op),
        "discard": list(w.discard),
    }


def _previews(g: Berlin1881, seat: int | None) -> JsonDict:
    """Worked out in the engine for the screen: per dividend choice what the treasury
    keeps and each 10% share (an S-Bahn part: each 5% share) gets; per train on offer its
    price."""
    w = g.w
    out: JsonDict = {}
    if seat is None or seat not in g.acting or w.op is None:
        return out
    sb = w.sbahn is not None  # an S-Bahn part: its own result and S trains (12.11, 12.13)
    if w.step == DIVIDEND:
        result = sbahn_turn.result(w) if sb else result_of(w.op)
        on_credit = not sb and w.op.corp in w.trains.credit
        choices = sbahn_turn.dividend_choices(w) if sb else dividend_choices(w)
        unit = 20 if sb else 10  # the shares a payout is split into: 5 % or 10 %
        out["dividend"] = {
            c.value: {
                "to_treasury": s.to_treasury,
                "paid_out": s.paid_out,
                "per_share": s.paid_out // unit,
            }
            for c in choices
            for s in (split(result, Choice(c), on_credit=on_credit),)
        }
    if w.step == "trains":
        offers = (
            [(t, p) for t, p, _ in sbahn_turn.train_offers(w)] if sb else train_offers(w, w.op.corp)
        )
        out["trains"] = dict(offers)
    if w.step == "track":
        hexes = sorted({a["hex"] for a in g.legal_actions(seat) if a["type"] == "lay_tile"})
        out["lays"] = {
            h: {"cost": outcome(w.map, h).cost, "build_bonus": outcome(w.map, h).build_bonus}
            for h in hexes
        }
    if w.step == "depot":
        out["depot_cost"] = w.charters[w.op.corp].next_cost()
    return out


def view(g: Berlin1881, seat: int | None) -> JsonDict:
    """The whole view of `seat` (None: a spectator)."""
    w = g.w
    e = w.round_entry
    acting = list(g.acting)
    corp = w.op.corp if w.op is not None else None
    return {
        "title": "1881",
        "viewer": seat,
        "options": {
            "double_track": w.double_track,
            "trains_on_credit": w.credit,
            "s_veto": w.s_veto,
            "edition": w.edition,
        },
        # The design edition's catalog (catalog.py): the page asks for this variant.
        "variant": variant_of(w.edition),
        "edition": w.edition,
        "round": {
            "type": e.kind,
            "name": e.name,
            "label": e.label,
            "index": e.index,
            "of": e.data.get("of"),
        },
        "step": w.step,
        "phase": w.trains.phase,
        "colours": sorted(tr.PHASES.phase(w.trains.phase).tiles),
        "acting": {
            "seat": acting[0] if acting else None,
            "seats": acting,
            "entity": corp,
            "kind": "company" if corp is not None else "player",
        },
        "players": _players(w),
        "companies": _companies(w),
        "bank": w.eco.money.cash(BANK),
        "bank_broken": w.end.bank_broken,
        "opening_rights": w.eco.opening_rights,
        "market": {c: list(w.eco.market.cell(c)) for c in w.eco.market.corporations()},
        "market_stacks": [list(x) for x in w.eco.market.to_dict()["cells"]],
        "order": w.eco.market.operating_order([*w.operating(), *sbahn_turn.companies(w)]),
        "trains": _trains(w),
        "map": map_json(w.map),
        "tile_supply": {k: v for k, v in w.map.supply(tile_counts(w.edition)).items() if v > 0},
        "bid": _bid(w, seat),
        "sr": None
        if w.sr is None or w.step != STOCK
        else {
            "passes": w.sr.turn.passes,
            "bought_this_turn": w.sr.turn.bought_this_turn,
            "sold": {str(k): v for k, v in w.sr.turn.sold.items()},
        },
        "operating": _operating(w),
        "sbahn_turn": sbahn_turn.view(w, None if w.op is None else _runs(w.op)),
        "legal": g.legal_actions(seat) if seat is not None else [],
        "previews": _previews(g, seat),
        "history": list(w.history),
        "sbahn": sbahn_view.view(w),
        "start_depot": start_depots.view(w),
        "over": w.over,
        "result": g.result(),
        "offer": offers.view(w),
        "board": sbahn_veto.view(w),
    }


def prompt(g: Berlin1881, seat: int | None) -> str:
    """One line: what happens now, for `seat`."""
    w = g.w
    if w.over:
        return "The game is over"
    acting = g.acting
    mine = seat is not None and seat in acting
    if w.step == BIDDING:
        return "Seal your bid" if mine else "Waiting for the sealed bids"
    pending = start_depots.view(w)
    if pending is not None:
        what = f"{pending['part']}'s start depot on the S-Bahn Trasse"
        return f"Place {what}" if mine else f"{pending['holder']} places {what}"
    if w.step == BUYING:
        return "Buy up to four tram shares, or pass" if mine else "Start purchases"
    if w.step == STOCK:
        who = w.players[acting[0]] if acting else "nobody"
        return "Your turn in the stock round" if mine else f"{who}'s turn in the stock round"
    offered = offers.prompt(w, seat)
    if offered is not None:
        return offered
    proposed = sbahn_veto.prompt(w, seat)
    if proposed is not None:
        return proposed
    corp = w.op.corp if w.op is not None else "?"
    if w.sbahn is not None:
        corp = w.sbahn.part  # the S-Bahn's network part acting (12.5)
    return f"{corp}: {w.step}" + (" (your company)" if mine else "")
