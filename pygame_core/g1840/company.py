"""VIII: Company Rounds. CRa privates pay, CRb the tram stacks move, CRc the operating
order, CRd dividends, Stadtbahn payouts and tram purchases, CRe the Line auction, CRf new
Lines revealed.

The round is a queue of steps, each (kind, major): "dividend", "trams", "stadtbahn",
"auction", "post", "rearrange", "reveal". Automatic steps run at once; the others wait for
the major's director. The queue's order is the rules profile's (VIII.5, report (b)19).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..core.errors import IllegalAction, NotYourTurn, quote
from ..g18xx.auction import Auction, AuctionRules, Bid, Pass
from ..g18xx.money import BANK
from ..g18xx.shares import IPO, POOL
from ..g18xx.steps import dividend, operating, purchase
from ..g18xx.steps.purchase import PurchaseRules
from .actions import Action
from .economy import LINE_MINIMUM
from .entities import stadtbahn_multiplier
from .pre import pay_privates
from .stadtbahn import revenue as stadtbahn_revenue
from .trams import NAMES, PHASES, exported_at
from .world import MAX_LINES, CompanyRound, World, income_holder, player_holder

RULE: Final = "1840 VIII"
JsonDict = dict[str, Any]

# VIII.5.3: a major without a tram must buy one; its director adds what the treasury lacks
# only then ("darf auch dann Geld zuschießen"); the limit is the phase's (trams.PHASES).
PURCHASE: Final = PurchaseRules(cite="1840 VIII.5.3", train_word="tram")
# Steps a director acts in; the others run by themselves.
DECISIONS: Final = frozenset({"dividend", "trams", "pick", "bid", "rearrange"})


def line_auction_rules(w: World) -> AuctionRules:
    """VIII.6: least bid 20, higher bids in multiples of 5 (18xx.games: raises of at least
    5, report (b)17)."""
    return AuctionRules(
        increment=5,
        multiple=w.profile.bids_in_multiples,
        selection=False,
        ref="1840",
        citations={"auction": "VIII.6"},
    )


# --- the round's course -----------------------------------------------------------------


def start(w: World) -> None:
    number = w.company_round
    w.step = "company"
    w.add_log(f"Company Round {number}")
    # CRa: the privates pay their owners (VIII.2).
    pay_privates(w, "1840 VIII.2")
    # CRb: the right field's trams leave the game, the stacks move right (VIII.3).
    gone_type = exported_at(number)
    if gone_type:
        gone = w.depot.export(gone_type)
        if gone:
            w.add_log(f"{len(gone)} {NAMES[gone_type]} tram(s) left in the bank leave the game")
    # CRc: the operating order by price (VIII.4), fixed for the whole round.
    order = w.market.operating_order(list(w.majors))
    cr = CompanyRound(number, order)
    w.cr = cr
    w.add_log("Order: " + ", ".join(order))
    # CR6 has no tram purchases and no Line auction (the game ends with it, XI).
    turn = ("dividend",) if number == 6 else ("dividend", "trams")
    if w.profile.dividend_then_trams_per_major:
        cr.queue += operating.each_company(turn, order)
        cr.queue.append(("stadtbahn", ""))
    else:
        cr.queue += operating.each_step("dividend", order)
        cr.queue.append(("stadtbahn", ""))
        cr.queue += [step for kind in turn[1:] for step in operating.each_step(kind, order)]
    if number != 6:
        cr.queue += [("auction", ""), ("post", ""), ("reveal", "")]


def _starters(w: World) -> dict[str, Callable[[str], None]]:
    """How each queued step begins: by itself, or as the director's decision."""
    cr = w.cr
    assert cr is not None

    def dividend(major: str) -> None:
        if _income(w, major) == 0:
            # Nothing to share out: a dividend of 0 (VIII.5.1, X.2: one step left).
            _pay_dividend(w, major, 0)
        else:
            cr.current = ("dividend", major)

    def trams(major: str) -> None:
        if _trams_step_needed(w, major):
            cr.current = ("trams", major)
            cr.bought = []

    def rearrange(major: str) -> None:
        if _can_rearrange(w, major):
            cr.current = ("rearrange", major)

    return {
        "dividend": dividend,
        "trams": trams,
        "rearrange": rearrange,
        "stadtbahn": lambda _: _pay_stadtbahn(w),
        "auction": lambda _: _next_pick(w),
        "post": lambda _: _queue_post(w),
        "reveal": lambda _: _reveal(w),
    }


def advance(w: World) -> bool:
    """Run automatic steps until a director must act; True when the round is over."""
    cr = w.cr
    assert cr is not None
    done = operating.advance(
        cr,
        _starters(w),
        decides=lambda step: step[0] in DECISIONS,
        settle=lambda step: step[0] == "bid" and _auto_pass_bidders(w),
    )
    if done:
        w.cr = None
    return done


def active(w: World) -> int | None:
    """The seat to act: the director of the acting major."""
    major = acting_major(w)
    return None if major is None else w.director(major)


def acting_major(w: World) -> str | None:
    """The major whose decision is due (in a Line auction: the bidder to act)."""
    cr = w.cr
    if cr is None or cr.current is None:
        return None
    kind, major = cr.current
    if kind == "bid":
        assert cr.auction is not None
        return cr.auction.active
    return major


# --- CRd: dividends (VIII.5.1) and Stadtbahn payouts (VIII.5.2) -------------------------


def _income(w: World, major: str) -> int:
    return w.money.cash(income_holder(major))


def _player_percents(w: World, company: str) -> dict[str, int]:
    """Each player's percent of `company`, in seat order."""
    holders = [player_holder(seat) for seat in range(len(w.players))]
    return {h: w.shares.percent(h, company) for h in holders}


def dividend_percents(w: World, major: str) -> dict[str, int]:
    """VIII.5.1: who shares a major's dividend, by percent: each player in seat order,
    then the bank for the pool's and the unsold shares (the preview splits by it too)."""
    percents = _player_percents(w, major)
    percents[BANK] = w.shares.percent(POOL, major) + w.shares.percent(IPO, major)
    return percents


def _pay_dividend(w: World, major: str, amount: int) -> None:
    """Share out `amount` of the income field by percent (the pool's part to the bank);
    the rest goes to the treasury; the price moves by Tabelle 6 (X.2)."""
    income = income_holder(major)
    rule = "1840 VIII.5.1"
    for holder, part in dividend.payouts(amount, dividend_percents(w, major)).items():
        reason = f"{major} dividend" + (" (pool)" if holder == BANK else "")
        w.pay(income, holder, part, reason, rule)
    kept = w.money.cash(income)
    w.pay(income, major, kept, "income kept", rule)
    before = w.market.price(major)
    w.market.pay_dividend(major, amount)
    after = w.market.price(major)
    move = "stays at" if after == before else ("rises to" if after > before else "falls to")
    w.add_log(f"{major} pays a dividend of {amount} and keeps {kept}; its price {move} {after}")
    w.events.append({"kind": "dividend", "company": major, "amount": amount, "kept": kept})


def _pay_stadtbahn(w: World) -> None:
    """VIII.5.2: each Stadtbahn company pays all it earns, times the CR's multiplier."""
    number = w.company_round
    factor = stadtbahn_multiplier(number)
    for company in w.stadtbahn:
        earned, stops = stadtbahn_revenue(w.map, w.setup.variant, company, w.colours)
        payout = earned * factor
        for holder, part in dividend.payouts(payout, _player_percents(w, company)).items():
            w.pay(BANK, holder, part, f"{company} dividend", "1840 VIII.5.2")
        w.stadtbahn_revenue[company] = payout
        before = w.market.price(company)
        w.market.pay_dividend(company, payout)
        times = f" x{factor}" if factor != 1 else ""
        w.add_log(
            f"{company} runs {'-'.join(stops) or 'nowhere'} for {earned}{times}: pays {payout};"
            f" price {before} -> {w.market.price(company)}"
        )
        w.events.append({"kind": "stadtbahn", "company": company, "amount": payout})


# --- trams (VIII.5.3) -------------------------------------------------------------------


def offer(w: World) -> dict[str, int]:
    """Type -> price of what can be bought now (VIII.5.3)."""
    return w.depot.available(w.company_round)


def _forced(w: World, major: str) -> bool:
    """VIII.5.3: a major without any tram must buy one (if the bank has any)."""
    return purchase.must_buy(PURCHASE, len(w.major_trams(major)), offer(w))


def _tramless_lines(w: World, major: str) -> list[str]:
    """The major's Lines without a tram, lowest number first (V21)."""
    return sorted((ln for ln in w.majors[major].lines if w.lines[ln].tram is None), key=int)


def _can_rearrange(w: World, major: str) -> bool:
    return bool(w.majors[major].trams) and bool(_tramless_lines(w, major))


def _loans_for(w: World, major: str, price: int) -> int:
    """Loans the director would take for a tram of `price` the treasury cannot pay."""
    rest = max(0, price - w.money.cash(major))
    return w.loans.needed(w.money, player_holder(w.director(major)), rest)


def _at_limit(w: World, major: str) -> bool:
    """VIII.5.3: the phase's train limit (three trams in every phase)."""
    return len(w.major_trams(major)) >= PHASES.train_limit(w.phase)


def _buyable(w: World, major: str) -> dict[str, int]:
    if _at_limit(w, major):
        return {}
    if _forced(w, major):
        # VIII.5.3: "frei wählen"; the director tops up, even for a dearer tram ("darf
        # auch dann Geld zuschießen"), but (rulebook) takes no more loans than the
        # cheapest tram needs (IX.8 "nicht mehr Kredite aufnehmen als notwendig").
        prices = offer(w)
        if w.profile.forced_tram_any_with_loans:
            return prices
        fewest = min(_loans_for(w, major, p) for p in prices.values())
        return {t: p for t, p in prices.items() if _loans_for(w, major, p) <= fewest}
    return purchase.affordable(PURCHASE, offer(w), w.money.cash(major), forced=False)


def _trams_step_needed(w: World, major: str) -> bool:
    """A tram step is offered when the major can buy (at its limit of three, after
    scrapping one), must buy, or can put a spare tram on a Line without one."""
    prices = offer(w).values()
    affordable = any(p <= w.money.cash(major) for p in prices)
    return affordable or _forced(w, major) or _can_rearrange(w, major)


def _trams_legal(w: World, major: str, *, buying: bool) -> list[JsonDict]:
    out: list[JsonDict] = []
    if buying:
        out += [{"type": "buy_tram", "tram": t} for t in _buyable(w, major)]
    m = w.majors[major]
    for tram in w.major_trams(major):
        out.append({"type": "scrap_tram", "tram": tram})
    targets: list[str | None] = [*m.lines, None]
    for tram in w.major_trams(major):
        where = next((ln for ln in m.lines if w.lines[ln].tram == tram), None)
        for target in targets:
            if target != where:
                out.append({"type": "assign_tram", "tram": tram, "line": target})
    if not (buying and _forced(w, major)):
        out.append({"type": "done"})
    return out


def _buy_tram(w: World, major: str, kind: str) -> None:
    price = offer(w)[kind]
    forced = _forced(w, major)
    tram = w.depot.sell(kind, w.phase)
    rule = "1840 VIII.5.3"
    if purchase.director_part(PURCHASE, price, w.money.cash(major), forced=forced):
        director = w.director(major)
        loans = w.pay_with_director(major, price, f"{major} buys tram {tram}", rule)
        note = f" ({w.name(director)} tops up" + (f", taking {loans} loan(s))" if loans else ")")
    else:
        w.pay(major, BANK, price, f"{major} buys tram {tram}", rule)
        note = ""
    m = w.majors[major]
    free = _tramless_lines(w, major)
    if free:
        w.lines[free[0]].tram = tram
        where = f" for Line {free[0]}"
    else:
        m.trams.append(tram)
        where = ""
    article = "an" if NAMES[kind][0] in "aeiou" else "a"
    w.add_log(f"{major} buys {article} {NAMES[kind]} tram ({tram}) for {price}{where}{note}")
    w.events.append({"kind": "buy_tram", "major": major, "tram": tram, "price": price})


def scrap(w: World, major: str, tram: str) -> None:
    """VIII.5.3: "Eine Gesellschaft kann jederzeit eine Straßenbahn ersatzlos abgeben"."""
    m = w.majors[major]
    if tram in m.trams:
        m.trams.remove(tram)
    for ln in m.lines:
        if w.lines[ln].tram == tram:
            w.lines[ln].tram = None
    w.depot.scrapped.append(tram)
    w.add_log(f"{major} scraps tram {tram}")


def check_scrap(w: World, major: str, tram: str | None) -> None:
    if tram not in w.major_trams(major):
        raise IllegalAction(f"{major} has no tram {quote(tram)}", rule="1840 VIII.5.3")


def _assign(w: World, major: str, tram: str, line: str | None) -> None:
    m = w.majors[major]
    if tram in m.trams:
        m.trams.remove(tram)
    for ln in m.lines:
        if w.lines[ln].tram == tram:
            w.lines[ln].tram = None
    if line is None:
        m.trams.append(tram)
        w.add_log(f"{major} takes tram {tram} off its Lines")
        return
    displaced = w.lines[line].tram
    if displaced is not None:
        m.trams.append(displaced)
    w.lines[line].tram = tram
    w.add_log(f"{major} puts tram {tram} on Line {line}")


# --- CRe: the Line auction (VIII.6) -----------------------------------------------------


def _in_auction(w: World, major: str) -> bool:
    cr = w.cr
    assert cr is not None
    return len(w.majors[major].lines) < MAX_LINES and major not in cr.won and major not in cr.out


def _next_pick(w: World) -> None:
    """The leftmost major still in picks a Line or passes (VIII.6); one that cannot pay
    the least bid can only pass."""
    cr = w.cr
    assert cr is not None
    if not w.offer:
        return
    for major in cr.order:
        if not _in_auction(w, major):
            continue
        short = w.money.cash(major) < LINE_MINIMUM
        if short and (w.profile.short_bidders_leave_at_once or not w.privates_of(major)):
            # V22: out, unless it may still sell a private to the bank (IV.2) first
            cr.out.append(major)
            w.add_log(f"{major} cannot pay the least bid of {LINE_MINIMUM} and is out")
            continue
        cr.current = ("pick", major)
        return


def _auto_pass_bidders(w: World) -> bool:
    """A bidder who cannot raise passes by itself. True if that happened."""
    cr = w.cr
    assert cr is not None and cr.auction is not None
    bidder = cr.auction.active
    if bidder is None:
        return False
    if cr.auction.legal_bids(bidder, _major_cash(w)):
        return False
    if not w.profile.short_bidders_leave_at_once and w.privates_of(bidder):
        return False  # V22: it may sell its private to the bank (IV.2) and then raise
    events = cr.auction.apply(Pass(bidder), _major_cash(w))
    w.add_log(f"{bidder} cannot raise and passes")
    _auction_events(w, events)
    return True


def _major_cash(w: World) -> dict[str, int]:
    return {m: w.money.cash(m) for m in w.majors}


def _auction_events(w: World, events: list[dict[str, Any]]) -> None:
    cr = w.cr
    assert cr is not None
    for ev in events:
        if ev["event"] == "sold":
            winner, line, price = ev["winner"], ev["lot"], ev["price"]
            w.pay(winner, BANK, price, f"{winner} buys Line {line}", "1840 VIII.6")
            card = w.lines[line]
            card.status, card.major = "owned", winner
            w.majors[winner].lines.append(line)
            w.offer.remove(line)
            cr.won.append(winner)
            cr.auction = None
            w.add_log(f"{winner} wins Line {line} for {price}")
            w.events.append({"kind": "line_sold", "line": line, "major": winner, "price": price})
            # "Die Gesellschaft darf sofort eine oder mehrere Straßenbahnen kaufen."
            cr.current = None
            cr.queue[0:0] = [("trams", winner), ("auction", "")]


def _queue_post(w: World) -> None:
    """After the auctions (VIII.6): majors that won no Line may buy trams, highest price
    first, and those still without a tram must; then all may rearrange their trams."""
    cr = w.cr
    assert cr is not None
    by_price = w.market.operating_order(list(w.majors))
    steps: list[tuple[str, str]] = []
    for m in by_price:
        if m not in cr.won or not w.major_trams(m):
            steps.append(("trams", m))
    steps += [("rearrange", m) for m in by_price if m in cr.won]
    cr.queue[0:0] = steps


def _reveal(w: World) -> None:
    """VIII.7 (CRf): while some major has fewer than 3 Lines, reveal players + 1 more;
    once all have 3, the Lines nobody owns leave and free their homes (report (b)14)."""
    if any(len(m.lines) < MAX_LINES for m in w.majors.values()):
        cards, w.deck = w.deck.reveal(len(w.players) + 1)
        for c in cards:
            w.lines[c].status = "offer"
        w.offer.extend(cards)
        if cards:
            w.add_log("New Lines for sale: " + ", ".join(cards))
            w.events.append({"kind": "reveal", "lines": list(cards)})
        return
    closed = [s for s, ln in w.lines.items() if ln.status in ("deck", "offer")]
    for s in closed:
        w.lines[s].status = "closed"
        w.map.release(s)
    w.offer = []
    w.deck = type(w.deck)(w.deck.profile, (), w.deck.rng_state)
    if closed:
        w.add_log("Every major has 3 Lines: the others leave the game: " + ", ".join(closed))


# --- legal actions, checks, execution ---------------------------------------------------


def legal(w: World, seat: int) -> list[JsonDict]:
    cr = w.cr
    if cr is None or cr.current is None or active(w) != seat:
        return []
    kind, major = cr.current
    if kind == "dividend":
        income = _income(w, major)
        return [
            {
                "type": "dividend",
                "field": "amount",
                "min": 0,
                "max": income - income % 10,
                "step": 10,
            }
        ]
    if kind == "trams":
        return _trams_legal(w, major, buying=True)
    if kind == "rearrange":
        return _trams_legal(w, major, buying=False)
    if kind == "pick":
        cash = w.money.cash(major)
        step = 5 if w.profile.bids_in_multiples else 1
        most = LINE_MINIMUM + (cash - LINE_MINIMUM) // step * step
        if cash < LINE_MINIMUM:  # it may only sell a private to the bank (V22) or pass
            return [{"type": "pass"}]
        return [
            {
                "type": "select_line",
                "line": ln,
                "field": "price",
                "min": LINE_MINIMUM,
                "max": most,
                "step": step,
            }
            for ln in sorted(w.offer, key=int)
        ] + [{"type": "pass"}]
    assert cr.auction is not None
    bidder = cr.auction.active
    assert bidder is not None
    out: list[JsonDict] = [
        {
            "type": "bid",
            "line": r.lot,
            "field": "price",
            "min": r.least,
            "max": r.most,
            "step": r.step,
        }
        for r in cr.auction.legal_bids(bidder, _major_cash(w))
    ]
    return [*out, {"type": "pass"}]


def check(w: World, a: Action, seat: int) -> None:
    cr = w.cr
    if cr is None or cr.current is None:
        raise IllegalAction("Nothing to decide in this Company Round now", rule=RULE)
    if active(w) != seat:
        raise NotYourTurn("It is another director's turn", rule=RULE)
    kind, major = cr.current
    if kind == "dividend":
        if a.type != "dividend":
            raise IllegalAction(
                f"{major}'s director decides the dividend now", rule="1840 VIII.5.1"
            )
        assert a.amount is not None
        income = _income(w, major)
        if a.amount % 10 or not 0 <= a.amount <= income:
            raise IllegalAction(
                f"The dividend is a multiple of 10 from 0 to the income of {income}",
                rule="1840 VIII.5.1",
            )
        return
    if kind in ("trams", "rearrange"):
        _check_trams(w, a, major, buying=kind == "trams")
        return
    if kind == "pick":
        if a.type == "pass":
            return
        if a.type != "select_line":
            raise IllegalAction(f"{major} picks a Line to auction, or passes", rule="1840 VIII.6")
        assert a.line is not None and a.price is not None
        if a.line not in w.offer:
            raise IllegalAction(f"Line {a.line} is not for sale", rule="1840 VIII.6")
        probe = Auction(line_auction_rules(w), [major], {a.line: LINE_MINIMUM})
        probe.check(Bid(major, a.line, a.price), _major_cash(w))
        return
    assert cr.auction is not None
    bidder = cr.auction.active
    assert bidder is not None
    if a.type == "pass":
        return
    if a.type != "bid" or a.line is None:
        raise IllegalAction("Bid on the Line or pass", rule="1840 VIII.6")
    assert a.price is not None
    cr.auction.check(Bid(bidder, a.line, a.price), _major_cash(w))


def _check_trams(w: World, a: Action, major: str, *, buying: bool) -> None:
    rule = "1840 VIII.5.3"
    if a.type == "buy_tram":
        if not buying:
            raise IllegalAction("Trams are bought in the tram step", rule=rule)
        assert a.tram is not None
        if a.tram not in offer(w):
            raise IllegalAction(f"No {a.tram} tram is for sale now", rule=rule)
        if _at_limit(w, major):
            limit = PHASES.train_limit(w.phase)
            raise IllegalAction(f"A major owns at most {limit} trams", rule=rule)
        if a.tram not in _buyable(w, major):
            if _forced(w, major):
                raise IllegalAction(
                    f"{major} must buy a tram: its director may top up for a dearer one "
                    "from his cash, but takes a loan only for the tram that needs the fewest",
                    rule="1840 VIII.5.3/IX.8",
                )
            raise IllegalAction(
                f"{major} has {w.money.cash(major)}, not enough for a {NAMES[a.tram]} tram",
                rule=rule,
            )
    elif a.type == "scrap_tram":
        check_scrap(w, major, a.tram)
    elif a.type == "assign_tram":
        check_scrap(w, major, a.tram)
        if a.line is not None and a.line not in w.majors[major].lines:
            raise IllegalAction(f"Line {a.line} is not {major}'s", rule=rule)
        m = w.majors[major]
        where = next((ln for ln in m.lines if w.lines[ln].tram == a.tram), None)
        if where == a.line:  # "umsortieren": a tram put where it is moves nothing
            spot = "spare" if where is None else f"on Line {where}"
            raise IllegalAction(f"Tram {a.tram} is already {spot}", rule=rule)
    elif a.type == "done":
        if buying:
            purchase.check_done(PURCHASE, len(w.major_trams(major)), offer(w), major)
    else:
        raise IllegalAction(f"{major} buys, scraps or rearranges trams, then is done", rule=rule)


def execute(w: World, a: Action) -> bool:
    """Apply; returns True when the round is over."""
    cr = w.cr
    assert cr is not None and cr.current is not None
    kind, major = cr.current
    seat = w.director(major) if kind != "bid" else None
    if kind == "dividend":
        assert a.amount is not None
        _pay_dividend(w, major, a.amount)
        cr.current = None
    elif kind in ("trams", "rearrange"):
        if a.type == "buy_tram":
            assert a.tram is not None
            _buy_tram(w, major, a.tram)
        elif a.type == "scrap_tram":
            assert a.tram is not None
            scrap(w, major, a.tram)
        elif a.type == "assign_tram":
            assert a.tram is not None
            _assign(w, major, a.tram, a.line)
        else:
            w.add_log(f"{major} is done with its trams", seat)
            cr.current = None
    elif kind == "pick":
        if a.type == "pass":
            cr.out.append(major)
            w.add_log(f"{major} passes and takes part in no more auctions this round", seat)
            cr.current = None
            cr.queue.insert(0, ("auction", ""))
        else:
            assert a.line is not None and a.price is not None
            bidders = [m for m in cr.order if _in_auction(w, m)]
            cr.auction = Auction(
                line_auction_rules(w),
                bidders,
                {a.line: LINE_MINIMUM},
                first=bidders.index(major),
            )
            w.add_log(f"{major} puts Line {a.line} up for auction and bids {a.price}", seat)
            cr.current = ("bid", "")
            events = cr.auction.apply(Bid(major, a.line, a.price), _major_cash(w))
            _auction_events(w, events)
    else:
        assert cr.auction is not None
        bidder = cr.auction.active
        assert bidder is not None
        if a.type == "pass":
            w.add_log(f"{bidder} passes", w.director(bidder))
            events = cr.auction.apply(Pass(bidder), _major_cash(w))
        else:
            assert a.price is not None and a.line is not None
            w.add_log(f"{bidder} bids {a.price} for Line {a.line}", w.director(bidder))
            events = cr.auction.apply(Bid(bidder, a.line, a.price), _major_cash(w))
        _auction_events(w, events)
    return advance(w)
