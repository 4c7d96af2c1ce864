"""1840 positions: the whole game as JSON (docs/engine-api.md, "Positions").

A position holds what a game of 1840 holds at a decision point: every holder's cash and
loans, the certificates' owners, the market, the tiles and markers on the map, the trams
in the bank and on the sheets, the majors, Lines and privates, the Line stack, and the
round and step with its bookkeeping (the private auction, the Stock Round's turn, the
Company Round's queue and Line auction, the Line on turn). Every step of the round track
can be written, the auctions included. There is no text form: the state has too many
parts for one readable line (the JSON of a late game deflates to a few kB).

Reading checks the shape of every field, then what must hold in every game
(`position_checks.broken_world`: money, shares, tiles, markers, companies, trams), then
that the round and step are one of the track's with their bookkeeping, and that the seat
on turn has an action to take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..core.errors import EngineError, quote
from ..core.game import JsonDict
from ..core.position import (
    InvalidPosition,
    array,
    big_text,
    big_whole,
    fields,
    flag,
    obj,
    one_of,
    strings,
    whole,
)
from ..core.position import reading as _part
from ..g18xx.auction import Auction
from ..g18xx.loans import Loans
from ..g18xx.market import Market
from ..g18xx.money import BANK, Money
from ..g18xx.render import map_json
from ..g18xx.shares import Shares
from ..g18xx.steps.stock import StockTurn
from . import board as b
from .economy import LOAN_RULES, MAJOR_SHARES, STADTBAHN_SHARES, market_grid, share_rules
from .entities import entities, round_track, tram_counts, variant_for
from .position_checks import broken_world
from .profile import profile as get_profile
from .setup import PROFILES, RULEBOOK, LineDeck, Setup, lines_in_play, stadtbahn_setup
from .trams import TYPES, Depot
from .world import CompanyRound, LineCard, LineTurn, Major, World, player_holder

if TYPE_CHECKING:
    from .game import Vienna1840

S = TypeVar("S", bound="Vienna1840")

VERSION: Final = 1
FIELDS: Final = (
    "profile",
    "variant",
    "round",
    "step",
    "cash",
    "loans",
    "corporations",
    "shares",
    "market",
    "map",
    "depot",
    "deck",
    "order",
    "voucher",
    "majors",
    "open_majors",
    "privates",
    "dropped_prices",
    "lines",
    "offer",
    "stadtbahn",
    "stadtbahn_revenue",
    "auction",
    "choosing",
    "chosen",
    "sr",
    "cr",
    "lr_lines",
    "turn",
    "history",
    "map_version",
    "over",
)
# Each step of the round track, the kind of round it belongs to, and the bookkeeping it
# keeps (every other one is empty).
STEPS: Final = {
    "private_auction": ("PRE", "auction"),
    "choose_order": ("PRE", "choosing"),
    "stock": ("SR", "sr"),
    "company": ("CR", "cr"),
    "line_turn": ("LR", "turn"),
    "over": ("End", None),
}
LINE_STATUS: Final = ("deck", "offer", "owned", "closed")


# --- writing ---------------------------------------------------------------------------------


def _auction(a: Auction | None) -> JsonDict | None:
    return None if a is None else a.to_dict()


def write(w: World) -> JsonDict:
    """The position of world `w` (its fields, without the envelope)."""
    cr, sr, turn = w.cr, w.sr, w.turn
    return {
        "profile": w.profile.name,
        "variant": w.setup.variant,
        "round": w.round_index,
        "step": w.step,
        "cash": {h: w.money.cash(h) for h in w.money.holders()},
        "loans": w.loans.to_dict()["count"],
        "corporations": list(w.shares.certs),
        "shares": w.shares.to_dict(),
        "market": w.market.to_dict()["cells"],
        "map": map_json(w.map),
        "depot": w.depot.to_dict(),
        "deck": {"cards": list(w.deck.cards), "rng": big_text(w.deck.rng_state)},
        "order": list(w.order),
        "voucher": list(w.voucher),
        "majors": {
            s: {
                "director": m.director,
                "par": m.par,
                "lines": list(m.lines),
                "trams": list(m.trams),
                "privates": list(m.privates),
            }
            for s, m in w.majors.items()
        },
        "open_majors": list(w.open_majors),
        "privates": dict(w.private_owner),
        "dropped_prices": dict(w.dropped_prices),
        "lines": {
            s: {
                "status": c.status,
                "major": c.major,
                "tram": c.tram,
                "tokens_used": c.tokens_used,
                "started": c.started,
                "laid_tile": c.laid_tile,
                "last_run": c.last_run,
            }
            for s, c in w.lines.items()
        },
        "offer": list(w.offer),
        "stadtbahn": list(w.stadtbahn),
        "stadtbahn_revenue": dict(w.stadtbahn_revenue),
        "auction": _auction(w.auction),
        "choosing": list(w.choosing),
        "chosen": {str(k): v for k, v in w.chosen.items()},
        "sr": None
        if sr is None
        else {
            "turn": sr.turn,
            "passes": sr.passes,
            "sold_this_turn": sr.sold_this_turn,
            "bought_this_turn": sr.bought_this_turn,
            "sold": {str(k): list(v) for k, v in sr.sold.items()},
        },
        "cr": None
        if cr is None
        else {
            "number": cr.number,
            "order": list(cr.order),
            "queue": [list(q) for q in cr.queue],
            "current": list(cr.current) if cr.current else None,
            "won": list(cr.won),
            "out": list(cr.out),
            "auction": _auction(cr.auction),
            "bought": list(cr.bought),
            "dividends_done": cr.dividends_done,
        },
        "lr_lines": list(w.lr_lines),
        "turn": None
        if turn is None
        else {
            "line": turn.line,
            "first": turn.first,
            "lay": turn.lay,
            "stadtbahn": turn.stadtbahn,
            "token": turn.token,
            "bonus": turn.bonus,
            "home_choice": turn.home_choice,
            "ran": turn.ran,
            "laid": list(turn.laid),
        },
        "history": [dict(h) for h in w.history],
        "map_version": w.map_version,
        "over": w.over,
        **({"ended_by_hand": True} if w.ended_by_hand else {}),
    }


# --- reading -----------------------------------------------------------------------------------


def _opt(value: Any, where: str, choices: Sequence[str]) -> str | None:
    return None if value is None else str(one_of(value, where, choices))


def read(
    cls: type[S],
    players: Sequence[str],
    options: Mapping[str, Any],
    body: Mapping[str, Any],
) -> S:
    """A state at position `body`, checked completely before it is returned."""
    from .game import OPTIONS, Vienna1840

    fields(body, "the position", FIELDS, ("ended_by_hand",))
    n = len(players)
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise InvalidPosition(f"unknown 1840 options: {', '.join(sorted(unknown))}")
    if not 2 <= n <= 6:
        raise InvalidPosition("1840 is a game for 2 to 6 players", rule="1840 II")
    name = options.get("profile") or RULEBOOK
    if one_of(body["profile"], "'profile'", PROFILES) != name:
        raise InvalidPosition(
            f"the position is for the {body['profile']!r} profile, the game's options say {name!r}"
        )
    small = options.get("three_player_small", False) is True
    variant = variant_for(n, small)
    if body["variant"] != variant:
        raise InvalidPosition(
            f"the position is for the map {quote(body['variant'])}; {n} players with these "
            f"options play on {variant!r}"
        )
    with _part("the position"):
        w = _world(players, get_profile(name), variant, body)
    errors = broken_world(w)
    if errors:
        more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
        raise InvalidPosition("; ".join(errors[:3]) + more)
    _check_round(w, body)
    state = cls(w)
    assert isinstance(state, Vienna1840)
    _check_turn(state)
    return state


def _world(players: Sequence[str], prof: Any, variant: str, body: Mapping[str, Any]) -> World:
    n = len(players)
    data = entities()
    in_play = lines_in_play(variant)
    stadtbahn_in_play = tuple(stadtbahn_setup(variant))
    majors_all = tuple(data["majors"])
    privates = tuple(s for s, c in data["privates"].items() if variant not in c["removed_in"])
    corporations = strings(
        body["corporations"], "'corporations'", (*majors_all, *stadtbahn_in_play)
    )
    if len(set(corporations)) != len(corporations) or not set(stadtbahn_in_play) <= set(
        corporations
    ):
        raise InvalidPosition(
            "'corporations' lists each major in play and every Stadtbahn company "
            f"({', '.join(stadtbahn_in_play)}) once"
        )
    deck = obj(body["deck"], "'deck'")
    fields(deck, "'deck'", ("cards", "rng"))
    line_deck = LineDeck(
        prof.name,
        tuple(strings(deck["cards"], "the Line stack", in_play)),
        big_whole(deck["rng"], "the Line stack's 'rng'", 0, 2**64),
    )
    setup = Setup(
        profile=prof.name,
        seed=0,
        players=n,
        variant=variant,
        majors=tuple(c for c in corporations if c in majors_all),
        lines_revealed=(),
        deck=line_deck,
        stadtbahn=stadtbahn_setup(variant),
        privates=privates,
        trams=dict(tram_counts(n)),
        starting_cash=int(data["starting_cash"][str(n)]),
    )
    holders = [player_holder(s) for s in range(n)]
    with _part("'cash'"):
        money = _money(
            holders, [c for c in corporations if c in majors_all], obj(body["cash"], "'cash'")
        )
    with _part("'shares'"):
        shares = Shares(holders, share_rules(n))
        for corp in corporations:
            if corp in majors_all:
                shares.add_corporation(corp, MAJOR_SHARES, director=True)
            else:
                shares.add_corporation(corp, STADTBAHN_SHARES, director=False)
        sh = obj(body["shares"], "'shares'")
        fields(sh, "'shares'", ("owners",), ("sold",))
        owners = obj(sh["owners"], "the shares' 'owners'")
        strings(list(owners.values()), "a share's owner", [*holders, *corporations, "ipo", "pool"])
        shares.load(sh)
    with _part("'market'"):
        market = Market(market_grid())
        cells = array(body["market"], "'market'")
        for cell in cells:
            r, c, corps = array(cell, "a market cell")
            whole(r, "a market row")
            whole(c, "a market column")
            strings(corps, "a market cell's companies", corporations)
        market.load({"cells": cells})
    with _part("'loans'"):
        loans = Loans(LOAN_RULES)
        counts = obj(body["loans"], "'loans'")
        for holder, count in counts.items():
            one_of(holder, "a loan's holder", holders)
            whole(count, f"{holder}'s loans", 1)
        loans.load({"count": counts})
    with _part("'map'"):
        map_state = _map_state(variant, prof.unbuilt_stations_are_stops, body["map"])
    with _part("'depot'"):
        depot = _depot(body["depot"])
    w = World(
        profile=prof,
        setup=setup,
        players=list(players),
        money=money,
        shares=shares,
        market=market,
        loans=loans,
        map=map_state,
        depot=depot,
        deck=line_deck,
        order=[whole(s, "'order'", 0, n - 1) for s in array(body["order"], "'order'")],
        voucher=[flag(v, "'voucher'") for v in array(body["voucher"], "'voucher'")],
    )
    if sorted(w.order) != list(range(n)) or len(w.voucher) != n:
        raise InvalidPosition(
            f"'order' lists each of the {n} seats once and 'voucher' has one flag per seat"
        )
    with _part("'majors'"):
        for sym, m in obj(body["majors"], "'majors'").items():
            one_of(sym, "a founded major", setup.majors)
            m = obj(m, f"major {sym}")
            fields(m, f"major {sym}", ("director", "par", "lines", "trams", "privates"))
            w.majors[sym] = Major(
                sym,
                whole(m["director"], f"{sym}'s 'director'", 0, n - 1),
                whole(m["par"], f"{sym}'s 'par'", 1),
                strings(m["lines"], f"{sym}'s 'lines'", in_play),
                strings(m["trams"], f"{sym}'s 'trams'"),
                strings(m["privates"], f"{sym}'s 'privates'", privates),
            )
    w.open_majors = strings(body["open_majors"], "'open_majors'", setup.majors)
    owners_p = obj(body["privates"], "'privates'")
    w.private_owner = {
        one_of(p, "a private", privates): _opt(o, f"{p}'s owner", [*holders, *w.majors])
        for p, o in owners_p.items()
    }
    w.dropped_prices = {
        one_of(p, "a dropped private", privates): whole(v, f"{p}'s dropped price")
        for p, v in obj(body["dropped_prices"], "'dropped_prices'").items()
    }
    with _part("'lines'"):
        w.lines = _lines(body["lines"], in_play, list(w.majors), b.lines())
    w.offer = strings(body["offer"], "'offer'", in_play)
    w.stadtbahn = strings(body["stadtbahn"], "'stadtbahn'", stadtbahn_in_play)
    w.stadtbahn_revenue = {
        one_of(k, "a Stadtbahn company", stadtbahn_in_play): whole(v, f"{k}'s revenue")
        for k, v in obj(body["stadtbahn_revenue"], "'stadtbahn_revenue'").items()
    }
    w.round_index = whole(body["round"], "'round'", 0, len(round_track()) - 1)
    w.step = str(one_of(body["step"], "'step'", tuple(STEPS)))
    with _part("'auction'"):
        from .pre import auction_rules

        w.auction = (
            None
            if body["auction"] is None
            else Auction.from_dict(auction_rules(w), obj(body["auction"], "'auction'"))
        )
    w.choosing = [whole(s, "'choosing'", 0, n - 1) for s in array(body["choosing"], "'choosing'")]
    w.chosen = {
        whole(int(k), "a chosen position", 1, n): whole(v, "a chosen seat", 0, n - 1)
        for k, v in obj(body["chosen"], "'chosen'").items()
    }
    with _part("'sr'"):
        w.sr = None if body["sr"] is None else _stock_turn(body["sr"], n)
    with _part("'cr'"):
        w.cr = None if body["cr"] is None else _company_round(w, body["cr"])
    w.lr_lines = strings(body["lr_lines"], "'lr_lines'", in_play)
    with _part("'turn'"):
        w.turn = None if body["turn"] is None else _line_turn(body["turn"], in_play)
    w.history = [dict(obj(h, "a 'history' entry")) for h in array(body["history"], "'history'")]
    w.map_version = whole(body["map_version"], "'map_version'")
    w.over = flag(body["over"], "'over'")
    w.ended_by_hand = flag(body.get("ended_by_hand", False), "'ended_by_hand'")
    return w


def _money(holders: list[str], majors: list[str], cash: Mapping[str, Any]) -> Money:
    """Every holder's cash: the bank (unlimited, III.5: it starts at 0 and may go
    negative), the players, each founded major's treasury and income field."""
    allowed = [BANK, *holders, *majors, *(f"{m}/income" for m in majors)]
    rows = []
    for holder, amount in cash.items():
        one_of(holder, "a money holder", allowed)
        low = -(2**53) if holder == BANK else 0
        whole(amount, f"{holder}'s cash", low, 2**53)
        kind = "bank" if holder == BANK else "player" if holder in holders else "corporation"
        rows.append([holder, kind, amount])
    if [r[0] for r in rows[: 1 + len(holders)]] != [BANK, *holders]:
        raise InvalidPosition(
            "'cash' lists the bank, then every player in seat order, then the majors"
        )
    return Money.from_dict({"unlimited_bank": True, "holders": rows, "ledger": []})


def _map_state(variant: str, stops: bool, value: Any) -> Any:
    m = obj(value, "'map'")
    fields(m, "'map'", ("tiles", "tokens", "reserved", "reserved_hex"))
    state = b.initial_state(variant, stops)
    tiles = b.tiles()
    state.tiles = {}
    for coord, laid in obj(m["tiles"], "the map's 'tiles'").items():
        if coord not in state.board.hexes:
            raise InvalidPosition(f"a tile on {quote(coord)}, which is not on the map")
        laid = obj(laid, f"the tile on {coord}")
        fields(laid, f"the tile on {coord}", ("tile", "rotation"))
        name, rotation = laid["tile"], laid["rotation"]
        state.tiles[coord] = (
            tiles[one_of(name, f"the tile on {coord}", tuple(tiles))],
            whole(rotation, f"the rotation on {coord}", 0, 5),
        )
    state.tokens = {
        coord: {
            int(p): [
                None if t is None else str(t) for t in array(slots, f"the slots of {coord}-{p}")
            ]
            for p, slots in obj(cities, f"the markers on {coord}").items()
        }
        for coord, cities in obj(m["tokens"], "the map's 'tokens'").items()
    }
    state.reserved = {
        coord: {
            int(p): strings(r, f"the homes reserved on {coord}-{p}")
            for p, r in obj(cities, f"the homes on {coord}").items()
        }
        for coord, cities in obj(m["reserved"], "the map's 'reserved'").items()
    }
    state.reserved_hex = {
        c: strings(r, f"the homes reserved on {c}")
        for c, r in obj(m["reserved_hex"], "the map's 'reserved_hex'").items()
    }
    return state


def _depot(value: Any) -> Depot:
    d = obj(value, "'depot'")
    fields(d, "'depot'", ("stock", "newest", "exported", "scrapped"))
    stock = obj(d["stock"], "the depot's 'stock'")
    if list(stock) != list(TYPES):
        raise InvalidPosition(
            f"the depot's 'stock' lists the tram types {', '.join(TYPES)} in order"
        )
    return Depot(
        {t: strings(ids, f"the depot's {t} trams") for t, ids in stock.items()},
        _opt(d["newest"], "the depot's 'newest'", TYPES),
        strings(d["exported"], "the depot's 'exported'"),
        strings(d["scrapped"], "the depot's 'scrapped'"),
    )


def _lines(
    value: Any, in_play: Sequence[str], majors: list[str], printed: Mapping[str, Any]
) -> dict[str, LineCard]:
    cards = obj(value, "'lines'")
    if list(cards) != list(in_play):
        raise InvalidPosition(f"'lines' lists the Lines in play in order: {', '.join(in_play)}")
    out = {}
    for sym, c in cards.items():
        where = f"Line {sym}"
        c = obj(c, where)
        fields(
            c, where, ("status", "major", "tram", "tokens_used", "started", "laid_tile", "last_run")
        )
        run = c["last_run"]
        if run is not None:
            # drawn on the map until the Line runs again; a tile change renames its stops
            stops = strings(obj(run, f"{where}'s 'last_run'").get("stops"), f"{where}'s run")
            if not all("-" in stop for stop in stops):
                raise InvalidPosition(f"{where}'s run names its stops like 'E17-0'")
        out[sym] = LineCard(
            sym,
            str(printed[sym]["home"]),
            status=str(one_of(c["status"], f"{where}'s 'status'", LINE_STATUS)),
            major=_opt(c["major"], f"{where}'s 'major'", majors),
            tram=None if c["tram"] is None else str(c["tram"]),
            tokens_used=whole(c["tokens_used"], f"{where}'s 'tokens_used'", 0, 6),
            started=flag(c["started"], f"{where}'s 'started'"),
            laid_tile=flag(c["laid_tile"], f"{where}'s 'laid_tile'"),
            last_run=None if run is None else dict(obj(run, f"{where}'s 'last_run'")),
        )
    return out


def _stock_turn(value: Any, n: int) -> StockTurn:
    s = obj(value, "'sr'")
    fields(s, "'sr'", ("turn", "passes", "sold_this_turn", "bought_this_turn", "sold"))
    return StockTurn(
        turn=whole(s["turn"], "the Stock Round's 'turn'", 0, n - 1),
        passes=whole(s["passes"], "the Stock Round's 'passes'", 0, n),
        sold_this_turn=flag(s["sold_this_turn"], "'sold_this_turn'"),
        bought_this_turn=flag(s["bought_this_turn"], "'bought_this_turn'"),
        sold={
            whole(int(k), "a seat that sold", 0, n - 1): strings(v, "what a seat sold")
            for k, v in obj(s["sold"], "the Stock Round's 'sold'").items()
        },
    )


def _company_round(w: World, value: Any) -> CompanyRound:
    from .company import line_auction_rules

    c = obj(value, "'cr'")
    fields(
        c,
        "'cr'",
        (
            "number",
            "order",
            "queue",
            "current",
            "won",
            "out",
            "auction",
            "bought",
            "dividends_done",
        ),
    )
    majors = list(w.majors)
    queue = []
    for item in array(c["queue"], "the Company Round's 'queue'"):
        step, major = strings(item, "a queued decision")
        queue.append((step, str(one_of(major, "a queued major", [*majors, ""]))))
    current = c["current"]
    if current is not None:
        step, major = strings(current, "the current decision")
        current = (step, str(one_of(major, "the current major", [*majors, ""])))
    return CompanyRound(
        number=whole(c["number"], "the Company Round's 'number'", 1, 6),
        order=strings(c["order"], "the Company Round's 'order'", majors),
        queue=queue,
        current=current,
        won=strings(c["won"], "the Company Round's 'won'", majors),
        out=strings(c["out"], "the Company Round's 'out'", majors),
        auction=None
        if c["auction"] is None
        else Auction.from_dict(line_auction_rules(w), obj(c["auction"], "the Line auction")),
        bought=strings(c["bought"], "the Company Round's 'bought'", majors),
        dividends_done=flag(c["dividends_done"], "'dividends_done'"),
    )


def _line_turn(value: Any, in_play: Sequence[str]) -> LineTurn:
    t = obj(value, "'turn'")
    fields(
        t,
        "'turn'",
        ("line", "first", "lay", "stadtbahn", "token", "bonus", "home_choice", "ran", "laid"),
    )
    return LineTurn(
        line=str(one_of(t["line"], "the Line on turn", in_play)),
        first=flag(t["first"], "the turn's 'first'"),
        lay=flag(t["lay"], "the turn's 'lay'"),
        stadtbahn=flag(t["stadtbahn"], "the turn's 'stadtbahn'"),
        token=flag(t["token"], "the turn's 'token'"),
        bonus=None if t["bonus"] is None else str(t["bonus"]),
        home_choice=flag(t["home_choice"], "the turn's 'home_choice'"),
        ran=flag(t["ran"], "the turn's 'ran'"),
        laid=strings(t["laid"], "the turn's 'laid'"),
    )


def _check_round(w: World, body: Mapping[str, Any]) -> None:
    """The step is one of its round's, with that step's bookkeeping and no other."""
    kind, keeps = STEPS[w.step]
    label = w.round_label
    if w.round_entry.kind != kind:
        raise InvalidPosition(f"step {w.step!r} is not one of round {label}'s")
    for part in ("auction", "choosing", "sr", "cr", "turn"):
        present = bool(body[part])
        if present != (part == keeps):
            raise InvalidPosition(
                f"in step {w.step!r} the position {'needs' if part == keeps else 'has no'} {part!r}"
            )
    if w.over != (w.step == "over"):
        raise InvalidPosition("'over' is true exactly in step 'over'", rule="1840 XI")
    if w.cr is not None and w.cr.number != w.company_round:
        raise InvalidPosition(f"round {label} is not Company Round {w.cr.number}")


def _check_turn(state: Vienna1840) -> None:
    """The seat on turn has something to do (a decision point)."""
    if state.w.over:
        return
    try:
        seat = state.active
        legal = [] if seat is None else state.legal_actions(seat)
    except EngineError as exc:
        raise InvalidPosition(f"no seat can act in it ({exc.message})") from exc
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, AssertionError) as exc:
        raise InvalidPosition(
            f"no seat can act in it ({type(exc).__name__}: {quote(str(exc), 60)})"
        ) from exc
    if not legal:
        raise InvalidPosition(
            f"round {state.w.round_label}, step {state.w.step!r}: nobody has an action"
        )
