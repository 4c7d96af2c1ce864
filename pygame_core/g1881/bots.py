"""Bots for 1881: "easy" plays any legal action at random; "normal" plays sensibly;
"hard" plays as the normal bot but invests like a player who knows how the game ends.

Both choose only among the engine's legal actions, and neither reads a sealed bid (the
only secret), so they cannot cheat. The normal bot:
- bid: a little over the least, at most what keeps its first choice floatable alone (4.25);
  start purchases: its own company first, then a new one;
- stock round: completes its companies towards the float, opens a company it can float
  alone (4.25): on an edition with an opening table (opening_bots.py,
  data/openings-edition-N.json) one scoring near the best given the tram companies in play,
  else on an edition in OPENING_ORDER the first by that order, else the dearest; else
  helps another director's company to float, buys into companies it holds, sells only
  when it must (4.4);
- operating: lays the tile (of a sample) that raises its best runs most; between equal
  ones, or when none does, the one nearest the stops it does not reach (track_bots.py); a
  lay that costs more than it gains only while the treasury keeps a train's price. Places
  a depot when the treasury can spare it (not while saving for a longer train of the
  phase), runs the optimum, pays out unless it needs the money for a train (train_bots.py:
  a bank train that pays back within five runs), buys a train while it has fewer than two,
  when its trains rust next or when it pays back, keeps its longest trains; answers offers
  from other companies and offers for a train when the bank has none it can buy
  (offer_bots.py).
- the S-Bahn (sbahn_bots.py): joins it when it can afford a share (the chairmanship or a
  seat while new), takes a vacant chair first (G14) when the idle main network has a
  train or its money, places start depots where most free Trasse stations are near, and a
  rich tram company buys one S share per operating round (a vacant chair as soon as it
  can keep its next train's price).
The hard bot differs in the stock rounds only: once its own companies have floated it
buys into the dearest floated company, whoever directs it. The game ends when a price
reaches 400 (9.12), so the leading company's holders gain most; against normal bots a
hard seat wins 2-3 times its share (docs/1881-design.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..core.rng import Rng
from . import (
    offer_bots,
    opening_bots,
    sbahn_bots,
    sbahn_turn_bots,
    sbahn_veto,
    sbahn_veto_bots,
    track,
    track_bots,
    train_bots,
)
from . import trains as tr
from .board import tiles
from .companies import ipo_price, sold_percent
from .economy import SBAHN
from .flow import company_runs
from .track import build_bonus

if TYPE_CHECKING:
    from .game import Berlin1881
    from .world import World

JsonDict = dict[str, Any]
FLOAT_UNITS: Final = 6  # 4.25: a company floats at 60% sold, six tenths of ten at par
BID_STEPS: Final = 4  # the bot bids the least or up to 3 steps (of 10) over it
LAY_SAMPLE: Final = 6  # lays the normal bot values per turn (a run search each)
LAY_TOWARDS: Final = 2  # and of those nearest the stops it does not reach (track_bots)
# How the normal bot picks a company to open: the dearest it can float alone, or (for
# playtests that measure the openings, scripts/playtest_1881.py) one of those at random,
# or the strongest by STRONGEST.
OPENINGS: Final = ("dearest", "random", "strongest")
# The tram companies by how often their openers win (the fair-share ratio with random
# openings on edition 2, 1,000 games: docs/1881-design.md "Edition 2: the tuning"),
# strongest first: what a player who has read the playtests would open.
STRONGEST: Final = ("BESTAG", "BChSt", "GBS", "NBSN", "SSC", "SHG", "SpS", "SBV")
# Editions whose pars no longer say which company is strongest (the periphery is dearer):
# the normal bot's own opening order there, by the fair-share ratio of its random-openings
# playtest (docs/1881-design.md). Editions not named open the dearest.
OPENING_ORDER: Final = {
    3: ("GBS", "NBSN", "SSC", "SHG", "BChSt", "SBV", "BESTAG", "SpS"),
    4: ("GBS", "NBSN", "BChSt", "BESTAG", "SHG", "SpS", "SSC", "SBV"),
    5: ("SSC", "NBSN", "SHG", "SpS", "BESTAG", "GBS", "SBV", "BChSt"),
    6: ("SSC", "BESTAG", "NBSN", "SpS", "SHG", "SBV", "GBS", "BChSt"),
}
RANGE_KEYS: Final = ("field", "min", "max", "step")


def concrete(entry: JsonDict, value: int) -> JsonDict:
    """A legal entry with a range, filled in with `value`."""
    if "field" not in entry:
        return dict(entry)
    out = {k: v for k, v in entry.items() if k not in RANGE_KEYS}
    out[entry["field"]] = value
    return out


def choose(
    title: Berlin1881, seat: int, level: str, rng: Rng, opening: str = OPENINGS[0]
) -> JsonDict:
    """The bot's action for `seat`; `opening` (one of OPENINGS) only for the normal bot."""
    if opening not in OPENINGS:
        raise ValueError(f"Unknown opening {opening!r}; known: {', '.join(OPENINGS)}")
    legal = title.legal_actions(seat)
    if not legal:
        raise ValueError("No legal action for the bot")
    if legal[0]["type"] in sbahn_veto.TYPES:  # 12.6: the board answers (both levels)
        return sbahn_veto_bots.choose(title.w, legal)
    if level == "easy":
        entry = legal[rng.below(len(legal))]
        if "field" in entry:
            return concrete(entry, int(entry["min"]))
        return dict(entry)
    return _normal(title.w, seat, legal, rng, opening, hard=level == "hard")


def _first(legal: list[JsonDict], kind: str) -> JsonDict | None:
    return next((e for e in legal if e["type"] == kind), None)


def _closing(legal: list[JsonDict]) -> JsonDict:
    for kind in ("end_turn", "pass", "done"):
        found = _first(legal, kind)
        if found is not None:
            return found
    return legal[0]


def _normal(
    w: World, seat: int, legal: list[JsonDict], rng: Rng, opening: str, hard: bool = False
) -> JsonDict:
    if _first(legal, "refuse_offer") is not None:
        return offer_bots.answer(w, legal)
    if legal[0]["type"] == "place_start_depot":
        return sbahn_bots.start_depot(w, legal)
    if w.sbahn is not None:  # an S-Bahn network part acts (12.4-12.13)
        return sbahn_turn_bots.choose(w, legal, rng)
    step = w.step
    if step == "bid":
        return _bid(w, seat, legal[0], rng)
    if step in ("start", "stock"):
        return _shares(w, seat, legal, rng, opening, hard)
    if step == "track":
        return _track(w, legal, rng)
    if step == "depot":
        return _depot(w, legal)
    if step == "dividend":
        return _dividend(w, legal)
    if step == "trains":
        return _trains(w, legal)
    if step == "discard":
        return max(legal, key=lambda e: sum(tr.ranges(e["keep"])))
    return legal[0]


def _bid(w: World, seat: int, entry: JsonDict, rng: Rng) -> JsonDict:
    """2.5-2.7: a little over the least bid, but never more than keeps its first choice
    floatable alone (4.25) with the least bid back from the swap (2.7). At 5 players (520)
    the par-84 companies need 504, and high bidders left with less opened a par-75 company
    and won 9 of 200 games. Bidding up to all it can spare was tried: the Tram holder paid
    the lowest bidder 95 at 3 players and won 38 of 300 (docs/1881-design.md, "Changes")."""
    least, most, step = int(entry["min"]), int(entry["max"]), int(entry["step"])
    cash = w.eco.money.cash(w.players[seat])
    choice = _first_choice(w, cash)
    steps = BID_STEPS - 1
    if choice is not None:  # it may pay least + (cash - 6 x par), getting the least back
        steps = max(0, cash - FLOAT_UNITS * ipo_price(w.eco, choice)) // step
    return concrete(entry, min(most, least + step * min(steps, rng.below(BID_STEPS))))


def _first_choice(w: World, cash: int) -> str | None:
    """The company the bot would open first: of those it can float alone from `cash`, the
    best by the edition's opening table with none open (opening_bots), else the dearest;
    None if it can float none alone."""
    eco = w.eco
    alone = [c for c in w.charters if cash >= FLOAT_UNITS * ipo_price(eco, c)]
    if not alone:
        return None
    ratios = opening_bots.ratios_for(w.edition, len(w.players))
    strength = {c: 0.0 if ratios is None else ratios.ratio.get(c, 1.0) for c in alone}
    return max(alone, key=lambda c: (strength[c], ipo_price(eco, c), c))


def _shares(
    w: World,
    seat: int,
    legal: list[JsonDict],
    rng: Rng,
    opening: str = OPENINGS[0],
    hard: bool = False,
) -> JsonDict:
    """The stock-round choice; `opening` (OPENINGS) says which company of equal standing
    it opens: the dearest, one at random or the strongest. The hard bot buys into the
    dearest floated company whoever directs it (the race to 400, 9.12)."""
    eco = w.eco
    me = w.players[seat]
    sells = [e for e in legal if e["type"] == "sell"]
    buys = [
        e
        for e in legal
        if e["type"] == "buy" and (e["company"] != SBAHN or sbahn_bots.player_wants(w, me, e))
    ]
    if me in eco.must_sell and sells:
        return min(sells, key=lambda e: (eco.shares.director(e["company"]) == me, e["count"]))
    chair = sbahn_bots.take_vacant_chair(w, me, legal)  # G14: the idle main network
    if chair is not None:
        return chair
    cash = eco.money.cash(me)

    def alone(corp: str) -> bool:  # can float it with its own money (4.25: 60%)
        return cash >= FLOAT_UNITS * ipo_price(eco, corp)

    def rank(e: JsonDict) -> tuple[float, ...]:
        corp = e["company"]
        mine = eco.shares.percent(me, corp)
        director = eco.shares.director(corp) == me
        if director and corp not in eco.floated:
            return (0, -mine)
        if corp == SBAHN:
            return (1, 0)
        if corp in eco.floated:
            return (1, -eco.market.price(corp)) if mine or hard else (5, -mine)
        if corp in eco.in_play:  # help another director's company to float
            return (3, -sold_percent(eco, corp))
        # Open the dearest (strongest) company it can float alone; one it cannot only if
        # nothing else.
        order = _opening_order(w, corp, opening)
        if order is None:
            return (2, -ipo_price(eco, corp)) if alone(corp) else (4, 0)
        return (2 if alone(corp) else 4, *order)

    good = [e for e in buys if rank(e)[0] < 5 or cash > 400]
    if cash < 300:
        good = [e for e in good if rank(e)[0] != 4]
    if not good:
        return _closing(legal)
    best = min(good, key=rank)
    tier = rank(best)[0]
    if tier not in (2, 4) or opening == "strongest":
        return best
    peers = [e for e in good if rank(e)[0] == tier]  # every company of its kind
    if opening == "random":
        return peers[rng.below(len(peers))]
    ratios = opening_bots.ratios_for(w.edition, len(w.players))
    if ratios is None:
        return best
    in_play = _trams_in_play(w)  # one of the near-best by the table
    return opening_bots.near_best(
        peers, lambda e: opening_bots.score(ratios, e["company"], in_play), rng
    )


def _trams_in_play(w: World) -> list[str]:
    """The tram companies in play (2.10), whose openings the table's pair ratios know."""
    return [c for c in w.eco.in_play if c in w.charters]


def _opening_order(w: World, corp: str, opening: str) -> tuple[float, ...] | None:
    """`corp`'s key in the order the bot opens by under `opening` (OPENINGS), lower
    first: by the edition's opening table (opening_bots: its score given the tram
    companies in play, ties by the fixed order), else by a fixed order; None: it opens
    by price (the dearest, or at random among them)."""
    if opening == "strongest":
        return (STRONGEST.index(corp),)
    if opening != OPENINGS[0]:
        return None
    order = OPENING_ORDER.get(w.edition)
    ratios = opening_bots.ratios_for(w.edition, len(w.players))
    if ratios is not None:
        tie = (order or tuple(sorted(w.charters))).index(corp)
        return (-opening_bots.score(ratios, corp, _trams_in_play(w)), tie)
    return None if order is None else (order.index(corp),)


def _value_after(w: World, corp: str, lay: JsonDict) -> int:
    trial = w.map.copy()
    trial.lay(lay["hex"], tiles(w.edition)[lay["tile"]], int(lay["rotation"]))
    saved, w.map = w.map, trial
    try:
        runs = company_runs(w, corp)
    finally:
        w.map = saved
    return runs.total


def _track(w: World, legal: list[JsonDict], rng: Rng) -> JsonDict:
    lays = [e for e in legal if e["type"] == "lay_tile"]
    if not lays or w.op is None:
        return _closing(legal)
    corp = w.op.corp
    rng.shuffle(lays)
    pull = dict(zip(map(_lay_key, lays), track_bots.pulls(w, corp, lays), strict=True))
    sample = sorted(lays, key=lambda e: -build_bonus(e["hex"], w.edition))[:LAY_SAMPLE]
    towards = sorted(lays, key=lambda e: -pull[_lay_key(e)])[:LAY_TOWARDS]
    sample += [e for e in towards if e not in sample]
    base = company_runs(w, corp).total if w.trains.trains(corp) else 0

    def value(e: JsonDict) -> int:
        gain = build_bonus(e["hex"], w.edition) - track.outcome(w.map, e["hex"]).cost
        if w.trains.trains(corp):
            gain += _value_after(w, corp, e) - base
        return gain

    scored = [(value(e), pull[_lay_key(e)], i, e) for i, e in enumerate(sample)]
    best_value, _, _, best = max(scored, key=lambda t: (t[0], t[1], -t[2]))
    # A lay that costs more than it gains now still leads somewhere (track_bots): made
    # while the treasury keeps the price of a train.
    left = w.eco.money.cash(corp) - track.outcome(w.map, best["hex"]).cost
    if best_value < 0 and left < _cheapest(w):
        return _closing(legal)
    return best


def _lay_key(e: JsonDict) -> tuple[str, str, int]:
    return str(e["hex"]), str(e["tile"]), int(e["rotation"])


def _cheapest(w: World) -> int:
    prices = tr.offer(w.trains, tr.TRAM).values()
    return min(prices) if prices else 0


def _depot(w: World, legal: list[JsonDict]) -> JsonDict:
    places = [e for e in legal if e["type"] == "place_depot"]
    if places and w.op is not None:
        corp = w.op.corp
        left = w.eco.money.cash(corp) - (w.charters[corp].next_cost() or 0)
        if w.trains.trains(corp) and not _saving(w, corp, left):
            return places[0]
        if left >= _cheapest(w):
            return places[0]
    return _closing(legal)


def _saving(w: World, corp: str, left: int) -> bool:
    """Whether `corp` saves for the train it wants (train_bots.wanted) rather than place a
    depot (7.2) that leaves it `left`: a train of the phase reached, longer than all it
    runs, costing more than `left` but not more than the treasury plus this turn's run
    (withheld, 9.10). A company that operated early in the first operating round (5.1,
    often the first bidder's) bought the last 2-trains while the later ones bought the
    3-trains; it then spent its treasury on depots and ran its 2-trains until they
    rusted."""
    want = train_bots.wanted(w, corp)
    if want is None or left >= want.price or _starts_phase(w, want.train):
        return False
    reach = tr.train_type(want.train).range or 0
    if max(tr.ranges(w.trains.trains(corp)), default=0) >= reach:
        return False  # it runs a train as long already: not behind the others
    return want.price <= w.eco.money.cash(corp) + company_runs(w, corp).total


def _starts_phase(w: World, train: str) -> bool:
    """Whether buying `train` starts a new phase (11.x): saving for it would hasten the
    rusting, not catch up with the trains the others already run."""
    triggers = tr.train_type(train).triggers
    return triggers is not None and tr.PHASES.later(triggers, w.trains.phase)


def _stalled(w: World, train: str) -> bool:
    """Whether `train` starts a phase that rusts no train (11.x) and no tram company with
    room holds its price: then a legal purchase may take up to a quarter of the price
    from the director (10.1). Without the top-up 6-player games stalled in phase 1: the
    2-trains were sold, and no treasury held the first 3-train's price."""
    triggers = tr.train_type(train).triggers
    if not _starts_phase(w, train) or any(t.rusts_on == triggers for t in tr.TYPES.values()):
        return False
    price = tr.offer(w.trains, tr.TRAM)[train]
    return all(w.eco.money.cash(c) < price for c in train_bots.buyers(w))


def _dividend(w: World, legal: list[JsonDict]) -> JsonDict:
    pay = next((e for e in legal if e["choice"] == "pay"), None)
    if pay is None or w.op is None:
        return legal[0]
    corp = w.op.corp
    poor = not w.trains.trains(corp) and w.eco.money.cash(corp) < _cheapest(w)
    run = w.op.runs.total if w.op.runs is not None else 0
    if poor or train_bots.withhold_for_train(w, corp, run):
        return next((e for e in legal if e["choice"] == "withhold"), pay)
    return pay


def _rusts_soon(w: World, corp: str) -> bool:
    on_offer = [tr.TYPES[t.rsplit("-", 1)[0]] for t in tr.offer(w.trains, tr.TRAM)]
    nxt = {t.triggers for t in on_offer if t.triggers}
    return any(tr.train_type(t).rusts_on in nxt for t in w.trains.trains(corp))


def _trains(w: World, legal: list[JsonDict]) -> JsonDict:
    buys = [e for e in legal if e["type"] in ("buy_train", "buy_train_on_credit")]
    if buys and w.op is not None:
        corp = w.op.corp
        held = w.trains.trains(corp)
        ranges = tr.ranges(held)
        better = [
            e
            for e in buys
            if e["type"] == "buy_train"
            and int(tr.train_type(e["train"]).range or 0) > min(ranges, default=0)
        ]
        if len(held) < train_bots.RUNNING or _rusts_soon(w, corp) or _first(legal, "done") is None:
            return buys[0]
        if better and (
            w.eco.money.cash(corp) >= tr.offer(w.trains, tr.TRAM)[better[0]["train"]]
            or _stalled(w, better[0]["train"])
        ):
            return better[0]
        want = train_bots.wanted(w, corp)
        if want is not None and w.eco.money.cash(corp) >= want.price:
            return next((e for e in buys if e.get("train") == want.train), buys[0])
    made = offer_bots.offer(w, w.op.corp, legal) if w.op is not None else None
    if made is not None:
        return concrete(*made)
    if w.op is not None:
        trade = sbahn_bots.company_trade(w, w.op.corp, legal, _cheapest(w))
        if trade is not None:
            return trade
    return _closing(legal)
