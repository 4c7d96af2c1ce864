"""What the page sees of a game of 1840 (docs/1840-api.md), the prompt line, and the
canonical state for the state hash.

Everything is public (III.2: "Der gesamte Besitz von Spielern und Gesellschaften ist
jederzeit einsehbar") except the order of the face-down Line stack: the view gives its
size only.
"""

from __future__ import annotations

from typing import Any

from ..g18xx.render import map_json
from ..g18xx.shares import IPO, POOL
from . import board as b
from . import company, linerounds, previews
from .economy import CERT_LIMIT
from .entities import entities, round_track
from .trams import LIMIT, NAMES, TYPES, maintenance, tram_type
from .world import LINE_TOKEN_COSTS, World, income_holder, player_holder, track_label

JsonDict = dict[str, Any]


def _owner(w: World, holder: str | None) -> JsonDict | None:
    if holder is None:
        return None
    if holder in w.majors:
        return {"kind": "major", "major": holder}
    return {"kind": "player", "seat": w.seat_of(holder)}


def view(w: World, seat: int | None) -> JsonDict:
    from .game import acting_entity, active_seat

    n = len(w.players)
    entity, kind = acting_entity(w)
    privates = entities()["privates"]
    players = []
    for s in range(n):
        h = player_holder(s)
        players.append(
            {
                "name": w.name(s),
                "cash": w.cash(s),
                "loans": w.loans.count(h),
                "order": w.order.index(s) + 1,
                "certs": w.certs(s),
                "cert_limit": CERT_LIMIT[n],
                "shares": {
                    c: w.shares.percent(h, c) for c in w.companies() if w.shares.percent(h, c)
                },
                "privates": w.privates_of(h),
                "major": w.major_of(s),
                "value": w.value(s),
                "subscription": w.voucher[s],
            }
        )
    cr = w.cr
    majors = {}
    for sym, m in w.majors.items():
        majors[sym] = {
            "name": entities()["majors"][sym]["name"],
            "director": m.director,
            "par": m.par,
            "price": w.market.price(sym),
            "cell": list(w.market.cell(sym)),
            "treasury": w.money.cash(sym),
            "income": w.money.cash(income_holder(sym)),
            "lines": list(m.lines),
            "trams": [
                {"id": t, "type": tram_type(t), "line": _line_of(w, sym, t)}
                for t in w.major_trams(sym)
            ],
            "pool": w.shares.percent(POOL, sym),
            "privates": list(m.privates),
            "order": cr.order.index(sym) + 1 if cr is not None and sym in cr.order else None,
        }
    stadtbahn = {
        sym: {
            "name": entities()["stadtbahn"][sym]["name"],
            "price": w.market.price(sym),
            "cell": list(w.market.cell(sym)),
            "pool": w.shares.percent(POOL, sym) + w.shares.percent(IPO, sym),
            "tokens": sum(1 for _ in w.map.corp_tokens(sym)),
            "revenue": w.stadtbahn_revenue.get(sym),
        }
        for sym in w.stadtbahn
    }
    lines = {}
    for sym, card in w.lines.items():
        lines[sym] = {
            "home": card.home,
            "status": card.status,
            "major": card.major,
            "tram": card.tram,
            "tokens_left": len(LINE_TOKEN_COSTS) - card.tokens_used,
            "next_token_cost": LINE_TOKEN_COSTS[card.tokens_used]
            if card.tokens_used < len(LINE_TOKEN_COSTS)
            else None,
            "started": card.started,
            "last_run": card.last_run,
        }
    cr_number = w.company_round
    offer = w.depot.available(cr_number) if cr_number else {}
    fields = [
        {"type": t, "name": NAMES[t], "price": p, "count": len(w.depot.stock.get(t, []))}
        for t, p in offer.items()
    ]
    shown = set(offer)
    later = [
        {"type": t, "name": NAMES[t], "count": len(w.depot.stock[t])}
        for t in TYPES
        if t not in shown and w.depot.stock.get(t) and _not_past(w, t, offer)
    ]
    return {
        "title": "1840",
        "variant": w.setup.variant,
        "profile": w.profile.name,
        "ended_by_hand": w.ended_by_hand,
        "viewer": seat,
        "round": {
            "type": w.round["type"],
            "name": w.round.get("name"),
            "label": w.round_label,
            "index": w.round_index,
            "multiplier": w.round.get("multiplier"),
        },
        "step": _step(w),
        "phase": w.phase,
        "colours": list(w.colours),
        "acting": {"seat": active_seat(w), "entity": entity, "kind": kind},
        "players": players,
        "majors": majors,
        "open_majors": list(w.open_majors),
        "stadtbahn": stadtbahn,
        "lines": lines,
        "line_offer": sorted(w.offer, key=int),
        "deck_count": len(w.deck.cards),
        "privates": {
            p: {
                "name": privates[p]["name"],
                "face_value": w.face_value(p),
                "revenue": privates[p]["revenue"],
                "hex": b._board_data()["privates"][p]["hex"],
                "status": "closed"
                if p not in w.private_owner
                else "owned"
                if w.private_owner[p]
                else "unsold",
                "owner": _owner(w, w.private_owner.get(p)),
                "price": w.auction.prices.get(p) if w.auction is not None else None,
            }
            for p in w.setup.privates
        },
        "market": {c: list(w.market.cell(c)) for c in w.companies()},
        "market_stacks": [[r, c, list(stack)] for r, c, stack in w.market.to_dict()["cells"]],
        "order": list(cr.order) if cr is not None else w.market.operating_order(list(w.majors)),
        "trams": {
            "fields": fields,
            "stack": later,
            "newest": w.depot.newest,
            "maintenance": {t: maintenance(t, w.depot.newest) for t in TYPES},
        },
        "map": map_json(w.map),
        "tile_supply": {k: v for k, v in w.tile_supply().items() if v > 0},
        "auction": _auction(w),
        "line_turn": _line_turn(w),
        "cr": _cr(w),
        "pre": {"choosing": list(w.choosing), "chosen": {str(k): v for k, v in w.chosen.items()}}
        if w.step == "choose_order"
        else None,
        "sr": {
            "sold": {str(k): v for k, v in w.sr.sold.items()},
            "sold_this_turn": w.sr.sold_this_turn,
            "passes": w.sr.passes,
            "founding": _founding(w),
            "trades": _trades(w),
        }
        if w.sr is not None
        else None,
        "history": list(w.history),
        "events": list(w.events),
        "round_track": [track_label(r) for r in round_track()],
        "loan_terms": previews.loan_terms(w),
    }


def _not_past(w: World, t: str, offer: dict[str, int]) -> bool:
    """A type still to come (not exported, not on offer)."""
    if not offer:
        return True
    newest_offered = max(TYPES.index(x) for x in offer)
    return TYPES.index(t) > newest_offered


def _line_of(w: World, major: str, tram: str) -> str | None:
    return next((ln for ln in w.majors[major].lines if w.lines[ln].tram == tram), None)


def _step(w: World) -> str:
    if w.step == "company" and w.cr is not None and w.cr.current is not None:
        return w.cr.current[0]
    return w.step


def _auction(w: World) -> JsonDict | None:
    if w.auction is not None:
        a = w.auction
        return {
            "kind": "private",
            "lot": a.lot,
            "price": a.high,
            "leader": None if a.leader is None else w.seat_of(a.leader),
            "bidders": [w.seat_of(x) for x in a.bidders if x not in a.out],
            "passed": [w.seat_of(x) for x in a.out],
            "prices": dict(a.prices),
        }
    if w.cr is not None and w.cr.auction is not None:
        a = w.cr.auction
        return {
            "kind": "line",
            "lot": a.lot,
            "price": a.high,
            "leader": a.leader,
            "bidders": [x for x in a.bidders if x not in a.out],
            "passed": list(a.out),
        }
    return None


def _line_turn(w: World) -> JsonDict | None:
    t = w.turn
    if t is None:
        return None
    card = w.lines[t.line]
    route = linerounds.best(w, t.line) if card.tram is not None and not t.home_choice else None
    run = linerounds.run_summary(w, t.line, route)
    if run is not None:
        run["sight_bonuses"] = previews.sight_bonuses(run["sights"])
    return {
        "line": t.line,
        "major": card.major,
        "first_turn": t.first,
        "done": {"lay": t.lay, "stadtbahn": t.stadtbahn, "token": t.token},
        "bonus": t.bonus,
        "home_choice": t.home_choice,
        "run": run,
        "costs": previews.line_costs(w),
        "still_to_act": list(w.lr_lines),
    }


def _cr(w: World) -> JsonDict | None:
    cr = w.cr
    if cr is None:
        return None
    current = cr.current
    forced = None
    if current is not None and current[0] == "trams" and company._forced(w, current[1]):
        forced = current[1]
    return {
        "number": cr.number,
        "current": list(current) if current else None,
        "won": list(cr.won),
        "out": list(cr.out),
        "forced": forced,
        "offer": company.offer(w),
        "dividend": previews.dividend(w, current[1])
        if current is not None and current[0] == "dividend"
        else None,
        "trams": _tram_step(w, current[0], current[1])
        if current is not None and current[0] in ("trams", "rearrange")
        else None,
    }


def _trades(w: World) -> JsonDict | None:
    """The Stock Round's sales and purchases open to the seat to act, with their money."""
    from .game import active_seat
    from .stock import must_par

    who = active_seat(w)
    if who is None or w.step != "stock" or must_par(w, who):
        return None
    return {"seat": who, **previews.trades(w, who)}


def _founding(w: World) -> JsonDict | None:
    """SR1: what each start price costs the player who must found a major now (VII.5, V2)."""
    from .game import active_seat
    from .stock import must_par, par_costs

    who = active_seat(w)
    if who is None or not must_par(w, who):
        return None
    return {"seat": who, "voucher": w.voucher[who], "prices": par_costs(w, who)}


def _tram_step(w: World, kind: str, major: str) -> JsonDict:
    """The tram step's facts for the page (VIII.5.3): why a tram on offer cannot be bought
    (the engine's own refusal, with its rule) and which Lines have no tram (allowed: such a
    Line does not run until it gets one; only a major with no tram at all must buy)."""
    from ..core.errors import IllegalAction
    from .actions import Action

    refused: JsonDict = {}
    for t in company.offer(w):
        if kind == "rearrange":
            refused[t] = {
                "reason": f"{major} won a Line in this auction and could buy trams right "
                "after it; now it only rearranges them",
                "rule": "1840 VIII.6",
            }
            continue
        try:
            company._check_trams(w, Action(type="buy_tram", tram=t), major, buying=True)
        except IllegalAction as err:
            refused[t] = {"reason": err.message, "rule": err.rule}
    return {
        "refused": refused,
        "tramless_lines": company._tramless_lines(w, major),
        "limit": LIMIT,
        "forced_payment": previews.forced_payment(w, major) if kind == "trams" else None,
    }


def prompt(w: World, seat: int | None) -> str:
    """One line: what happens now, addressed to `seat` when it is their turn."""
    from .game import active_seat

    if w.ended_by_hand:
        return "Game over: ended by hand on 18xx.games"
    if w.over:
        return "Game over"
    who = active_seat(w)
    you = seat is not None and seat == who
    name = "You" if you else (w.name(who) if who is not None else "")
    step = w.step
    if step == "private_auction":
        assert w.auction is not None
        if w.auction.lot is None:
            return f"{name}: pick a sight (private) to auction, or pass"
        return f"{name}: bid on {w.auction.lot} (high bid {w.auction.high}) or pass"
    if step == "choose_order":
        return f"{name}: choose an order card"
    if step == "stock":
        from .stock import must_par

        if who is not None and must_par(w, who):
            return f"{name}: found your major (choose it and its start price)"
        return f"{w.round_label} - {name}: sell shares, then buy one, or pass"
    if step == "company" and w.cr is not None and w.cr.current is not None:
        kind, major = w.cr.current
        if kind == "dividend":
            return f"{w.round_label} - {major} ({name}): decide the dividend"
        if kind == "trams":
            if company._forced(w, major):
                return f"{w.round_label} - {major} ({name}): must buy a tram"
            return f"{w.round_label} - {major} ({name}): buy trams, then done"
        if kind == "rearrange":
            return f"{w.round_label} - {major} ({name}): rearrange trams, then done"
        if kind == "pick":
            return f"{w.round_label} - {major} ({name}): put a Line up for auction, or pass"
        return f"{w.round_label} - {company.acting_major(w)} ({name}): bid on the Line or pass"
    if step == "line_turn" and w.turn is not None:
        t = w.turn
        owner = w.lines[t.line].major
        if t.home_choice:
            return f"{w.round_label} - Line {t.line} ({name}): choose the city of its home marker"
        if t.bonus:
            return f"{w.round_label} - Line {t.line} ({name}): take the Stadtbahn bonus or pass"
        return f"{w.round_label} - Line {t.line} of {owner} ({name}): build, then run"
    return w.round_label


def canonical(w: World) -> JsonDict:
    """The full state as plain data (the deck's order included), for the state hash."""
    cr = w.cr
    return {
        "profile": w.profile.name,
        "variant": w.setup.variant,
        "players": list(w.players),
        "round": w.round_index,
        "step": w.step,
        "money": {h: w.money.cash(h) for h in w.money.holders()},
        "shares": w.shares.to_dict(),
        "market": w.market.to_dict(),
        "loans": w.loans.to_dict(),
        "map": map_json(w.map),
        "depot": w.depot.to_dict(),
        "deck": list(w.deck.cards),
        "deck_rng": w.deck.rng_state,
        "order": list(w.order),
        "voucher": list(w.voucher),
        "majors": {
            s: [m.director, m.par, list(m.lines), list(m.trams), list(m.privates)]
            for s, m in w.majors.items()
        },
        "open_majors": list(w.open_majors),
        "privates": dict(w.private_owner),
        "dropped_prices": dict(w.dropped_prices),
        "lines": {
            s: [c.status, c.major, c.tram, c.tokens_used, c.started, c.laid_tile]
            for s, c in w.lines.items()
        },
        "offer": list(w.offer),
        "auction": w.auction.to_dict() if w.auction is not None else None,
        "choosing": list(w.choosing),
        "chosen": {str(k): v for k, v in w.chosen.items()},
        "sr": None
        if w.sr is None
        else [
            w.sr.turn,
            w.sr.passes,
            w.sr.sold_this_turn,
            {str(k): v for k, v in w.sr.sold.items()},
        ],
        "cr": None
        if cr is None
        else {
            "number": cr.number,
            "order": cr.order,
            "queue": [list(q) for q in cr.queue],
            "current": list(cr.current) if cr.current else None,
            "won": cr.won,
            "out": cr.out,
            "auction": cr.auction.to_dict() if cr.auction is not None else None,
        },
        "lr_lines": list(w.lr_lines),
        "turn": None
        if w.turn is None
        else [
            w.turn.line,
            w.turn.first,
            w.turn.lay,
            w.turn.stadtbahn,
            w.turn.token,
            w.turn.bonus,
            w.turn.home_choice,
        ],
        "over": w.over,
        # Only when set, so the hashes of every other game stay as they were.
        **({"ended_by_hand": True} if w.ended_by_hand else {}),
    }
