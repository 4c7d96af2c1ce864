"""Bots for 1840: "easy" plays any legal action at random; "normal" plays sensibly.

Everything in 1840 is public but the order of the Line stack, which neither bot uses.
Both choose only among the engine's legal actions, so they can never cheat.

The normal bot, by round:
- Pre: opens each private at face value while it has cash to spare; raises a little.
- SR: founds its major at the highest start price it can pay; buys its own major up to
  60%, then the shares with the best return (dividend per price), never sells.
- CR: pays out what the major does not need for its next tram; buys the newest tram it
  can afford while a Line lacks one; auctions the Line with the richest neighbourhood
  and bids up to a share of its treasury.
- LR: lays the tile (of a sample) that raises the Line's best route most, places a
  marker where it adds to the route, takes every Stadtbahn bonus, and runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.rng import Rng
from ..g18xx.routes import best_route
from . import board as b
from . import linerounds
from .world import World, income_holder

if TYPE_CHECKING:
    from .game import Vienna1840

JsonDict = dict[str, Any]
LAY_SAMPLE = 24  # lays the normal bot evaluates per turn (a route search each)


def concrete(entry: JsonDict, value: int) -> JsonDict:
    """A legal entry with a range, filled in with `value`."""
    if "field" not in entry:
        return dict(entry)
    out = {k: v for k, v in entry.items() if k not in ("field", "min", "max", "step")}
    out[entry["field"]] = value
    return out


def _random_value(entry: JsonDict, rng: Rng) -> int:
    lo, hi, step = entry["min"], entry["max"], entry["step"]
    # Mostly the least amount: random bids across the whole range ruin a bot at once.
    if rng.below(4):
        return int(lo)
    return int(lo + step * rng.below((hi - lo) // step + 1))


def choose(title: Vienna1840, seat: int, level: str, rng: Rng) -> JsonDict:
    # A bot plays the game to its end: it never ends it by hand (18xx.games' end_game, V40).
    legal = [e for e in title.legal_actions(seat) if e["type"] != "end_game"]
    if not legal:
        raise ValueError("No legal action for the bot")
    if level == "easy":
        entry = legal[rng.below(len(legal))]
        return concrete(entry, _random_value(entry, rng)) if "field" in entry else dict(entry)
    return _normal(title.w, seat, legal, rng)


def _first(legal: list[JsonDict], kind: str) -> JsonDict | None:
    return next((e for e in legal if e["type"] == kind), None)


def _normal(w: World, seat: int, legal: list[JsonDict], rng: Rng) -> JsonDict:
    step = w.step
    if step == "private_auction":
        return _pre(w, seat, legal)
    if step == "choose_order":
        return dict(min(legal, key=lambda e: e["position"]))
    if step == "stock":
        return _stock(w, seat, legal)
    if step == "company":
        return _company(w, seat, legal)
    return _line(w, legal, rng)


def _pre(w: World, seat: int, legal: list[JsonDict]) -> JsonDict:
    bids = [e for e in legal if e["type"] == "bid"]
    assert w.auction is not None
    spare = w.cash(seat) - 100
    if w.auction.lot is None:
        cheap = sorted(bids, key=lambda e: e["min"])
        if cheap and cheap[0]["min"] <= spare:
            return concrete(cheap[0], cheap[0]["min"])
        return {"type": "pass"}
    if bids:
        from .pre import face

        e = bids[0]
        if e["min"] <= face(e["private"]) + 10 and e["min"] <= spare:
            return concrete(e, e["min"])
    return {"type": "pass"}


def _yield(w: World, company: str) -> float:
    price = w.market.price(company)
    if company in w.majors:
        earned = w.money.cash(income_holder(company)) + sum(
            (w.lines[ln].last_run or {}).get("total", 30) for ln in w.majors[company].lines
        )
        return float(earned + 40) / price
    return float(w.stadtbahn_revenue.get(company, 0) + 20) / price


def _stock(w: World, seat: int, legal: list[JsonDict]) -> JsonDict:
    pars = [e for e in legal if e["type"] == "par"]
    if pars:
        best = max(e["price"] for e in pars)
        return dict(next(e for e in pars if e["price"] == best))
    buys = [e for e in legal if e["type"] == "buy"]
    own = w.major_of(seat)
    for e in buys:
        if e["company"] == own:
            return dict(e)
    if buys:
        return dict(max(buys, key=lambda e: (_yield(w, e["company"]), e["company"])))
    return dict(_first(legal, "end_turn") or _first(legal, "pass") or legal[-1])


def _company(w: World, seat: int, legal: list[JsonDict]) -> JsonDict:
    cr = w.cr
    assert cr is not None and cr.current is not None
    kind, major = cr.current
    if kind == "dividend":
        e = legal[0]
        need = _tram_need(w, major)
        keep = max(0, need - w.money.cash(major))
        amount = max(e["min"], e["max"] - (keep + 9) // 10 * 10)
        return concrete(e, amount)
    if kind in ("trams", "rearrange"):
        buys = [e for e in legal if e["type"] == "buy_tram"]
        from .trams import TYPES

        if buys and (
            not w.major_trams(major)
            or any(w.lines[ln].tram is None for ln in w.majors[major].lines)
        ):
            return dict(max(buys, key=lambda e: TYPES.index(e["tram"])))
        loose = set(w.majors[major].trams)
        assigns = [
            e
            for e in legal
            if e["type"] == "assign_tram"
            and e["tram"] in loose
            and e["line"] is not None
            and w.lines[e["line"]].tram is None
        ]
        if assigns:
            return dict(assigns[0])
        replace = _tram_to_replace(w, major, legal)
        if replace is not None:
            return replace
        return dict(_first(legal, "done") or legal[0])
    if kind == "pick":
        picks = [e for e in legal if e["type"] == "select_line"]
        if picks and w.money.cash(major) >= 20:
            e = max(picks, key=lambda e: (_home_value(w, e["line"]), -int(e["line"])))
            return concrete(e, e["min"])
        return {"type": "pass"}
    bids = [e for e in legal if e["type"] == "bid"]
    from .company import acting_major

    bidder = acting_major(w)
    assert bidder is not None
    budget = min(w.money.cash(bidder) // 4, 120)
    if bids and bids[0]["min"] <= max(budget, 40):
        return concrete(bids[0], bids[0]["min"])
    return {"type": "pass"}


def _tram_to_replace(w: World, major: str, legal: list[JsonDict]) -> JsonDict | None:
    """Scrap a tram whose maintenance eats its runs (Tabelle 7) when a newer one can be
    bought instead: its Line gets the new tram."""
    from .company import offer
    from .trams import TYPES, maintenance, tram_type

    if not any(e["type"] == "buy_tram" for e in legal) and len(w.major_trams(major)) < 3:
        return None
    trams = w.major_trams(major)
    if len(trams) < 2:
        return None  # never scrap the only tram: the director would have to pay for one
    worst = min(trams, key=lambda t: maintenance(tram_type(t), w.depot.newest))
    if maintenance(tram_type(worst), w.depot.newest) > -100:
        return None
    newer = [t for t, p in offer(w).items() if TYPES.index(t) > TYPES.index(tram_type(worst))]
    if not newer or min(offer(w)[t] for t in newer) > w.money.cash(major):
        return None
    return {"type": "scrap_tram", "tram": worst}


def _tram_need(w: World, major: str) -> int:
    """What the major will want for trams: the cheapest offer if a Line lacks one."""
    from .company import offer

    lacking = any(w.lines[ln].tram is None for ln in w.majors[major].lines)
    prices = sorted(offer(w).values())
    return prices[0] if (lacking or not w.major_trams(major)) and prices else 0


def _home_value(w: World, line: str) -> int:
    """Stops within two hexes of the Line's home: a rough measure of its prospects."""
    home = w.lines[line].home
    board = w.map.board
    near = {home}
    for _ in range(2):
        near |= {n for c in list(near) for n in board.neighbours(c).values()}
    return sum(s.revenue.at(w.colours) for c in near for s in board.hexes[c].tile.stops) + 10 * len(
        near
    )


def _line(w: World, legal: list[JsonDict], rng: Rng) -> JsonDict:
    t = w.turn
    assert t is not None
    line = t.line
    if t.home_choice:
        return dict(legal[0])
    if t.bonus is not None:
        options = [e for e in legal if e["type"] in ("lay_tile", "place_token")]
        if not options:
            return {"type": "pass_bonus"}
        if options[0]["type"] == "place_token":
            return dict(_best_token(w, line, options) or options[0])
        return dict(_best_lay(w, line, options, rng) or options[0])
    lays = [e for e in legal if e["type"] == "lay_tile"]
    normal = [e for e in lays if e["hex"] not in linerounds._orange_unbuilt(w)]
    orange = [e for e in lays if e["hex"] in linerounds._orange_unbuilt(w)]
    if normal:
        choice = _best_lay(w, line, normal, rng)
        if choice is not None:
            return dict(choice)
    tokens = [e for e in legal if e["type"] == "place_token"]
    if tokens:
        choice = _best_token(w, line, tokens)
        if choice is not None:
            return dict(choice)
    if orange and w.money.cash(w.lines[line].major or "") >= 60:
        return dict(orange[rng.below(len(orange))])
    run = _first(legal, "run")
    card = w.lines[line]
    if run is not None and card.tram is not None:
        summary = linerounds.run_summary(w, line, linerounds.best(w, line))
        if summary is not None and summary["total"] < 0:
            # IX.8 "Man kann Straßenbahnen auch jederzeit abgeben, z.B. bevor man ein
            # negatives Einfahrergebnis erzielt."
            return {"type": "scrap_tram", "tram": card.tram}
    return dict(run or _first(legal, "end_turn") or legal[-1])


def _route_value(w: World, line: str, state: Any) -> int:
    major = w.lines[line].major
    assert major is not None
    route = best_route(
        b.line_graph(state),
        line,
        w.colours,
        b.sight_bonuses(w.privates_of(major)),
        b.ROUTE_RULES,
    )
    return route.revenue if route is not None else 0


def _best_lay(w: World, line: str, lays: list[JsonDict], rng: Rng) -> JsonDict | None:
    """The lay (of a sample) after which the Line's best route earns most; None if none
    improves it."""
    sample = list(lays)
    while len(sample) > LAY_SAMPLE:
        sample.pop(rng.below(len(sample)))
    base = _route_value(w, line, w.map)
    best, gain = None, 0
    for e in sample:
        after = w.map.copy()
        after.lay(e["hex"], b.tiles()[e["tile"]], e["rotation"])
        value = _route_value(w, line, after) - linerounds.lay_cost(w, e["hex"])
        if value - base > gain:
            best, gain = e, value - base
    if best is None and not w.lines[line].laid_tile and sample:
        return sample[0]  # build out from home at first, even without immediate gain
    return best


def _best_token(w: World, line: str, tokens: list[JsonDict]) -> JsonDict | None:
    base = _route_value(w, line, w.map)
    best, gain = None, 0
    cost = w.lines[line].tokens_used
    for e in tokens:
        after = w.map.copy()
        after.place_token(e["hex"], e["city"], line)
        value = _route_value(w, line, after) - (20 * cost) // 2
        if value - base > gain:
            best, gain = e, value - base
    return best
