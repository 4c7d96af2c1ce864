"""1881 positions: the whole game as JSON (docs/engine-api.md, "Positions").

A position holds what a game of 1881 holds at a decision point: every holder's cash (the
bank, the players, the tram companies, the S-Bahn and its sub-network parts), the
certificates' owners (S-Bahn shares and company-held ones included), the market, the
companies' records (phase, in play, floated, closed, opening rights, board seats), the
trains, the tiles and depots on the map, the charters, the IOUs, and the round and step
with its bookkeeping (the start round, the stock round's turn, the operating company's
turn with its offer, the S-Bahn's turn, the start depots settled). A game with the S-Bahn veto
option (`s_veto`, 12.6) adds the board's business, `board` (position_board.py).

A position inside the sealed initial bid (2.4-2.8) carries the bids placed so far: a
position is the whole state, not a seat's view, like a save. There is no text form.

Reading checks the shape of every field, then what holds in every game: the money adds up
to the bank's 10,320 (2.2), every certificate has one known owner (3.x), the tiles keep
within Table 6's counts, each company's depots on the map match its charter and stand on
circles of their kind (7.1, 7.3), the trains are Table 7's, each once; then that the round
and step go together with their bookkeeping, that a proposal before the board stands where
a game leaves it (position_board.py), and that a seat on turn has an action.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..core.errors import EngineError, quote
from ..core.game import JsonDict
from ..core.position import (
    InvalidPosition,
    array,
    fields,
    flag,
    is_int,
    obj,
    one_of,
    reading,
    strings,
    whole,
)
from ..g18xx.board import MapState
from ..g18xx.money import Money
from ..g18xx.render import map_json
from ..g18xx.rounds import RoundEntry
from ..g18xx.routes import Route
from ..g18xx.trains import TrainBank
from . import board as b
from . import depots, position_board, sbahn_turn
from .bid import BidState
from .companies import Economy, new_economy, sold_percent
from .depots import Charter
from .economy import (
    BANK_CASH,
    FLOAT_PERCENT,
    SBAHN,
    SBAHN_FLOAT_PERCENT,
    SEATS,
    START_CASH,
    TRAMS,
)
from .end import EndState
from .flow import BID, BIDDING, BUYING, OR, SR, STOCK, company_runs
from .offers import Offer
from .runs import SBAHN_PARTS, CompanyRuns, TrainRun
from .source import FIRST
from .stock import StockState
from .track import TrackTurn
from .trains import PHASES, TrainState
from .world import DEPOT, DISCARD, DIVIDEND, OVER, RUN, TRACK, TRAINS, Operating, World

if TYPE_CHECKING:
    from .game import Berlin1881

S = TypeVar("S", bound="Berlin1881")

VERSION: Final = 1
START_STEPS: Final = (BIDDING, BUYING)  # 2.4-2.9: the start round; homes go down at its end
EDITION: Final = "edition"  # optional: the design edition (source.py), 1 if absent
# optional: the S-Bahn parts settled without a start depot (SS4), none if absent
NO_START: Final = "no_start_depot"
FIELDS: Final = (
    "double_track",
    "credit",
    "auctioneer",
    "round",
    "step",
    "cash",
    "shares",
    "market",
    "companies",
    "trains",
    "map",
    "charters",
    "end",
    "bid",
    "sr",
    "priority",
    "operated",
    "op",
    "sbahn",
    "sbahn_ready",
    "start_depots",
    "discard",
    "history",
    "map_version",
    "over",
)
# The Economy's records besides money, shares and market (companies.Economy).
COMPANY_FIELDS: Final = (
    "phase",
    "in_play",
    "floated",
    "closed",
    "opening_rights",
    "rights_from",
    "seats_paid",
    "seats_merged",
    "must_sell",
    "sbahn_trades",
)
# Each round kind's steps (flow.FLOW) and the bookkeeping it keeps.
STEPS: Final = {
    BID: (BIDDING, BUYING),
    SR: (STOCK,),
    OR: (TRACK, DEPOT, RUN, DIVIDEND, sbahn_turn.COMMISSION, TRAINS, DISCARD),
}


# --- writing ---------------------------------------------------------------------------------


def write(w: World) -> JsonDict:
    """The position of world `w` (its fields, without the envelope)."""
    eco = w.eco.to_dict()
    e = w.round_entry
    return {
        "double_track": w.double_track,
        "credit": w.credit,
        "auctioneer": w.auctioneer,
        "round": {"kind": e.kind, "name": e.name, "index": e.index, "data": dict(e.data)},
        "step": w.step,
        "cash": {h: c for h, _, c in eco["money"]["holders"]},
        "shares": eco["shares"],
        "market": eco["market"]["cells"],
        "companies": {k: eco[k] for k in COMPANY_FIELDS},
        "trains": w.trains.to_dict(),
        "map": map_json(w.map),
        "charters": {c: list(ch.out) for c, ch in w.charters.items()},
        "end": w.end.to_dict(),
        "bid": None if w.bid is None else _without_eco(w.bid.to_dict()),
        "sr": None if w.sr is None else _without_eco(w.sr.to_dict()),
        "priority": w.priority,
        "operated": list(w.operated),
        "op": None if w.op is None else _op(w.op),
        "sbahn": None if w.sbahn is None else w.sbahn.to_dict(),
        "sbahn_ready": w.sbahn_ready,
        "start_depots": list(w.start_depots),
        **({NO_START: list(w.no_start_depot)} if w.no_start_depot else {}),
        "discard": list(w.discard),
        "history": [dict(h) for h in w.history],
        "map_version": w.map_version,
        "over": w.over,
        **position_board.write(w),
        # Only past edition 1: a position without it is of edition 1 (source.py).
        **({EDITION: w.edition} if w.edition != FIRST else {}),
    }


def _without_eco(data: JsonDict) -> JsonDict:
    # The start and stock rounds share the game's economy: written once, as 'cash' etc.
    return {k: v for k, v in data.items() if k != "eco"}


def _train_run(t: TrainRun) -> JsonDict:
    r = t.route
    return {
        "train": t.train,
        "route": None
        if r is None
        else {
            "stops": list(r.stops),
            "links": list(r.links),
            "connections": [list(c) for c in r.connections],
            "revenue": r.revenue,
        },
        "stops": t.stops,
        "ferry": t.ferry,
        "shuttle": t.shuttle,
    }


def _op(op: Operating) -> JsonDict:
    return {
        "corp": op.corp,
        "built": list(op.built.built),
        "upgraded": op.built.upgraded,
        "depot_done": op.depot_done,
        "runs": None if op.runs is None else [_train_run(t) for t in op.runs.trains],
        "periphery": op.periphery,
        "offer": None if op.offer is None else op.offer.to_dict(),
        "refused": list(op.refused),
    }


# --- reading ---------------------------------------------------------------------------------


def read(
    cls: type[S], players: Sequence[str], options: Mapping[str, Any], body: Mapping[str, Any]
) -> S:
    """A state at position `body`, checked completely before it is returned."""
    from .game import OPTIONS, edition_option

    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise InvalidPosition(f"unknown 1881 options: {', '.join(sorted(map(str, unknown)))}")
    veto = position_board.option(options, body)
    fields(body, "the position", FIELDS, (position_board.FIELD, EDITION, NO_START))
    edition = edition_option({EDITION: body.get(EDITION, FIRST)})
    if EDITION in options and edition_option(options) != edition:
        raise InvalidPosition(f"the position's {EDITION!r} differs from the game's option")
    if len(players) not in START_CASH:
        raise InvalidPosition("1881 is a game for 3 to 6 players", rule="1881 1")
    for name, key in (("double_track", "double_track"), ("trains_on_credit", "credit")):
        if flag(body[key], f"'{key}'") != (options.get(name, False) is True):
            raise InvalidPosition(f"'{key}' differs from the game's option {name!r}")
    with reading("the position"):
        w = _world(list(players), body, edition)
    w.s_veto = veto
    with reading("'board'"):
        w.board = position_board.read(body[position_board.FIELD], len(players)) if veto else None
    errors = broken_world(w)
    if errors:
        more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
        raise InvalidPosition("; ".join(errors[:3]) + more)
    _check_round(w)
    errors = _holding_errors(w)
    if errors:
        raise InvalidPosition("; ".join(errors[:3]))
    errors = position_board.errors(w)
    if errors:
        raise InvalidPosition("; ".join(errors[:3]), rule=position_board.RULE)
    with reading("the operating turn's runs"):
        _check_runs(w)
    state = cls(w)
    _check_turn(state)
    return state


def _world(players: list[str], body: Mapping[str, Any], edition: int) -> World:
    n = len(players)
    eco = new_economy(players, edition)
    with reading("'cash'"):
        eco.money = _money(eco.money, obj(body["cash"], "'cash'"))
    with reading("'shares'"):
        sh = obj(body["shares"], "'shares'")
        fields(sh, "'shares'", ("owners",), ("sold",))
        eco.shares.load(sh)
    with reading("'market'"):
        eco.market.load({"cells": array(body["market"], "'market'")})
    with reading("'companies'"):
        _companies(eco, obj(body["companies"], "'companies'"), players)
    with reading("'trains'"):
        trains = TrainState.from_dict(obj(body["trains"], "'trains'"))
    with reading("'map'"):
        on_map = map_state(body["map"], edition)
    with reading("'charters'"):
        charters = _charters(obj(body["charters"], "'charters'"))
    with reading("'end'"):
        end = EndState.from_dict(obj(body["end"], "'end'"))
    entry = _round(body["round"])
    w = World(
        players=players,
        double_track=bool(body["double_track"]),
        credit=bool(body["credit"]),
        eco=eco,
        trains=trains,
        map=on_map,
        end=end,
        charters=charters,
        auctioneer=whole(body["auctioneer"], "'auctioneer'", 0, n - 1),
        round_entry=entry,
        step=str(one_of(body["step"], "'step'", (*STEPS[entry.kind], OVER))),
        priority=whole(body["priority"], "'priority'", 0, n - 1),
        operated=strings(body["operated"], "'operated'", (*TRAMS, SBAHN)),
        discard=strings(body["discard"], "'discard'", (*TRAMS, *SBAHN_PARTS)),
        over=flag(body["over"], "'over'"),
        history=[dict(obj(h, "a 'history' entry")) for h in array(body["history"], "'history'")],
        map_version=whole(body["map_version"], "'map_version'"),
        start_depots=strings(body["start_depots"], "'start_depots'", SBAHN_PARTS),
        no_start_depot=strings(body.get(NO_START, []), f"{NO_START!r}", SBAHN_PARTS),
        sbahn_ready=flag(body["sbahn_ready"], "'sbahn_ready'"),
    )
    with reading("'bid'"):
        if body["bid"] is not None:
            bid = obj(body["bid"], "'bid'")
            w.bid = BidState.from_dict({**bid, "eco": eco.to_dict()})
            w.bid.eco = eco
    with reading("'sr'"):
        if body["sr"] is not None:
            w.sr = StockState.from_dict({**obj(body["sr"], "'sr'"), "eco": eco.to_dict()})
            w.sr.eco = eco
    with reading("'op'"):
        w.op = None if body["op"] is None else _operating(obj(body["op"], "'op'"))
    with reading("'sbahn'"):
        if body["sbahn"] is not None:
            s = obj(body["sbahn"], "'sbahn'")
            fields(s, "'sbahn'", ("part", "done", "votes", "paid_out"))
            w.sbahn = sbahn_turn.SbahnTurn(
                str(one_of(s["part"], "the S-Bahn's acting part", SBAHN_PARTS)),
                strings(s["done"], "the S-Bahn's parts done", SBAHN_PARTS),
                {str(k): flag(v, "a part's vote") for k, v in obj(s["votes"], "votes").items()},
                {
                    str(k): whole(v, "a part's payout")
                    for k, v in obj(s["paid_out"], "paid_out").items()
                },
            )
    return w


def _round(value: Any) -> RoundEntry:
    """The round on the track (g18xx.rounds.Cycle): the bid, "SR k", or "OR k.i" of n."""
    r = obj(value, "'round'")
    fields(r, "'round'", ("kind", "name", "index", "data"))
    kind = str(one_of(r["kind"], "the round's 'kind'", tuple(STEPS)))
    name, data = r["name"], dict(obj(r["data"], "the round's 'data'"))
    parts = name.split(".") if isinstance(name, str) else []
    good = {
        BID: name == "" and not data,
        SR: len(parts) == 1 and parts[0].isdigit() and not data,
        OR: len(parts) == 2
        and all(p.isdigit() for p in parts)
        and list(data) == ["of"]
        and is_int(data["of"])
        and 1 <= int(parts[1]) <= data["of"],
    }[kind]
    if not good:
        raise InvalidPosition(
            f'round {quote(name)} {quote(data)} is not a {kind} round\'s name ("", "3", '
            '"3.1" with {"of": 2})'
        )
    return RoundEntry(kind, str(name), whole(r["index"], "the round's 'index'"), data)


def _money(setup: Money, cash: Mapping[str, Any]) -> Money:
    """Every holder's cash; the holders are the setup's (2.2, 3.5), in its order."""
    holders = [h for h, _, _ in setup.to_dict()["holders"]]
    if list(cash) != holders:
        raise InvalidPosition(f"'cash' lists the holders {', '.join(holders)} in this order")
    kinds = {h: k for h, k, _ in setup.to_dict()["holders"]}
    rows = [[h, kinds[h], whole(c, f"{h}'s cash", 0, BANK_CASH)] for h, c in cash.items()]
    return Money.from_dict({"unlimited_bank": False, "holders": rows, "ledger": []})


def _companies(eco: Economy, c: Mapping[str, Any], players: list[str]) -> None:
    fields(c, "'companies'", COMPANY_FIELDS)

    eco.phase = str(one_of(c["phase"], "'phase'", tuple(p.name for p in PHASES.phases)))
    names = (*TRAMS, SBAHN)
    eco.in_play = strings(c["in_play"], "'in_play'", names)
    eco.floated = strings(c["floated"], "'floated'", names)
    eco.closed = strings(c["closed"], "'closed'", names)
    eco.opening_rights = whole(c["opening_rights"], "'opening_rights'", 0, len(TRAMS))
    eco.rights_from = strings(c["rights_from"], "'rights_from'", names)
    seats = tuple(SEATS.values())
    eco.seats_paid = [
        int(one_of(s, "a paid board seat", seats)) for s in array(c["seats_paid"], "'seats_paid'")
    ]
    eco.seats_merged = [
        int(one_of(s, "a merged board seat", seats))
        for s in array(c["seats_merged"], "'seats_merged'")
    ]
    eco.must_sell = strings(c["must_sell"], "'must_sell'", players)
    eco.sbahn_trades = {
        str(one_of(k, "a company trading S shares", TRAMS)): strings(
            v, f"{k}'s S trades", ("buy", "sell")
        )
        for k, v in obj(c["sbahn_trades"], "'sbahn_trades'").items()
    }
    if not set(eco.floated) <= set(eco.in_play):
        raise InvalidPosition("every company in 'floated' is in 'in_play' (4.25)")


def map_state(value: Any, edition: int = FIRST) -> MapState:
    """The map of a position's 'map' field (tiles, depots, reserved homes) in design
    `edition`, its shape checked; what holds on every map is checked with the whole world
    (broken_world)."""
    m = obj(value, "'map'")
    fields(m, "'map'", ("tiles", "tokens", "reserved"), ("reserved_hex",))
    state = b.initial_state(edition)
    tiles = b.tiles(edition)
    state.tiles = {}
    for coord, laid in obj(m["tiles"], "the map's 'tiles'").items():
        if coord not in state.board.hexes:
            raise InvalidPosition(f"a tile on {quote(coord)}, which is not on the map")
        laid = obj(laid, f"the tile on {coord}")
        fields(laid, f"the tile on {coord}", ("tile", "rotation"))
        name = one_of(laid["tile"], f"the tile on {coord}", tuple(tiles))
        state.tiles[coord] = (
            tiles[name],
            whole(laid["rotation"], f"the rotation on {coord}", 0, 5),
        )
    state.tokens = {
        coord: {
            int(p): [
                None if t is None else str(one_of(t, f"a depot on {coord}", (*TRAMS, *SBAHN_PARTS)))
                for t in array(slots, f"the circles of {coord}-{p}")
            ]
            for p, slots in obj(cities, f"the depots on {coord}").items()
        }
        for coord, cities in obj(m["tokens"], "the map's 'tokens'").items()
    }
    state.reserved = {
        coord: {
            int(p): strings(r, f"the homes reserved on {coord}-{p}", TRAMS)
            for p, r in obj(cities, f"the homes on {coord}").items()
        }
        for coord, cities in obj(m["reserved"], "the map's 'reserved'").items()
    }
    return state


def _charters(value: Mapping[str, Any]) -> dict[str, Charter]:
    out = {}
    for corp, slots in value.items():
        one_of(corp, "a charter", (*TRAMS, SBAHN))
        full = Charter.of(corp)
        flags = [flag(s, f"{corp}'s charter slot") for s in array(slots, f"{corp}'s charter")]
        if len(flags) != len(full.costs):
            raise InvalidPosition(
                f"{corp}'s charter has {len(full.costs)} slots (Table 3)", rule="1881 7.1"
            )
        out[corp] = Charter(full.costs, tuple(flags))
    if not set(TRAMS) <= set(out):
        raise InvalidPosition("'charters' lists every tram company's charter (7.1)")
    return out


def _operating(o: Mapping[str, Any]) -> Operating:
    fields(
        o,
        "'op'",
        ("corp", "built", "upgraded", "depot_done", "runs", "periphery", "offer", "refused"),
    )
    offer = o["offer"]
    if offer is not None:
        offer = obj(offer, "the offer")
        offer = Offer(
            str(one_of(offer["kind"], "the offer's 'kind'", ("train", "depot"))),
            str(offer["buyer"]),
            str(offer["seller"]),
            whole(offer["price"], "the offer's 'price'"),
            None if offer.get("train") is None else str(offer["train"]),
            None if offer.get("hex") is None else str(offer["hex"]),
            None if offer.get("city") is None else whole(offer["city"], "the offer's 'city'"),
        )
    periphery = whole(o["periphery"], "'periphery'")
    runs = o["runs"]
    if runs is not None:
        trains = tuple(_read_run(obj(t, "a train's run")) for t in array(runs, "'runs'"))
        runs = CompanyRuns(trains, periphery)
    return Operating(
        corp=str(one_of(o["corp"], "the operating company", (*TRAMS, *SBAHN_PARTS))),
        runs=runs,
        built=TrackTurn(tuple(strings(o["built"], "'built'")), flag(o["upgraded"], "'upgraded'")),
        depot_done=flag(o["depot_done"], "'depot_done'"),
        periphery=periphery,
        offer=offer,
        refused=tuple(strings(o["refused"], "'refused'")),
    )


def _read_run(t: Mapping[str, Any]) -> TrainRun:
    fields(t, "a train's run", ("train", "route", "stops", "ferry", "shuttle"))
    r = t["route"]
    route = None
    if r is not None:
        r = obj(r, "a train's route")
        fields(r, "a train's route", ("stops", "links", "connections", "revenue"))
        route = Route(
            tuple(strings(r["stops"], "a route's stops")),
            tuple(whole(li, "a route's link") for li in array(r["links"], "a route's links")),
            tuple(tuple(strings(c, "a route's hexes")) for c in array(r["connections"], "hexes")),
            whole(r["revenue"], "a route's revenue"),
        )
    return TrainRun(
        whole(t["train"], "a train's range"),
        route,
        whole(t["stops"], "a train's stop revenue"),
        whole(t["ferry"], "a train's ferry bonus"),
        flag(t["shuttle"], "a train's 'shuttle'"),
    )


def _check_runs(w: World) -> None:
    """In the dividend step the runs are the proven best ones (8.1, 9.1): searched again,
    they earn what the position says."""
    op = w.op
    if op is None or w.step != DIVIDEND:
        return
    if op.runs is None:
        raise InvalidPosition("in step 'dividend' the operating turn needs its 'runs'")
    part = w.sbahn.part if w.sbahn is not None else None
    best = sbahn_turn.part_runs(w, part) if part is not None else company_runs(w, op.corp)
    if best.train_revenue != op.runs.train_revenue or best.total - best.periphery != (
        op.runs.total - op.runs.periphery
    ):
        raise InvalidPosition(
            f"the turn's runs earn {op.runs.total}; the best runs earn "
            f"{best.total - best.periphery + op.runs.periphery}",
            rule="1881 8.1",
        )


# --- what holds in every game ----------------------------------------------------------------


def broken_world(w: World) -> list[str]:
    """What no game of 1881 reaches in `w` (empty: nothing)."""
    errors: list[str] = []
    money = w.eco.money.to_dict()["holders"]
    total = sum(c for _, _, c in money)
    if total != BANK_CASH:
        errors.append(f"the money adds up to {total}, not the game's {BANK_CASH} (2.2)")
    errors.extend(w.eco.shares.invariant_errors())
    errors.extend(_tile_errors(w.map))
    errors.extend(_depot_errors(w))
    errors.extend(_train_errors(w.trains))
    return errors


def _tile_errors(m: MapState) -> list[str]:
    counts = b.tile_counts(b.edition_of(m.board))
    laid = Counter(tile.name for tile, _ in m.tiles.values())
    return [
        f"{n} tiles {name} on the map; Table 6 has {counts.get(name, 0)}"
        for name, n in sorted(laid.items())
        if n > counts.get(name, 0)
    ]


def _depot_errors(w: World) -> list[str]:
    errors = []
    on_map: Counter[str] = Counter()
    for coord, cities in w.map.tokens.items():
        for part, slots in cities.items():
            on_map.update(t for t in slots if t is not None)
            if coord not in w.map.tiles and not any(t is not None for t in slots):
                continue
            try:
                tile, _ = w.map.tile(coord)
                kinds = depots.circles(tile, part)
            except (KeyError, ValueError, IndexError, EngineError):
                errors.append(f"depots on {coord}-{part}, where there is no station")
                continue
            if len(slots) != len(kinds) or any(
                t is not None and depots.kind_of(t) is not k
                for t, k in zip(slots, kinds, strict=False)
            ):
                errors.append(f"a depot on {coord}-{part} stands on a circle not of its kind (7.3)")
    errors.extend(_sbahn_depot_errors(w, on_map))
    for corp in TRAMS:
        # the start depot is not on the charter (4.26, 7.1); a bankrupt company's depots
        # leave the map (9.13); a float in the start purchases places it when they end
        home = 1 if corp in w.eco.floated and w.step not in START_STEPS else 0
        expected = 0 if corp in w.eco.closed else sum(w.charters[corp].out) + home
        if on_map[corp] != expected:
            errors.append(
                f"{corp} has {on_map[corp]} depots on the map; its charter and start depot "
                f"say {expected} (7.1)"
            )
    return errors


def _sbahn_depot_errors(w: World, on_map: Counter[str]) -> list[str]:
    """The S-Bahn's depots, all its parts' together: a start depot for each settled part
    that placed one (12.5, SS4) and the extra depot if its charter says so (12.10); none
    once it is bankrupt (9.13)."""
    errors = []
    missing = [p for p in w.no_start_depot if p not in w.start_depots]
    if missing:
        errors.append(f"{', '.join(missing)} in {NO_START!r} but not settled (12.5)")
    if SBAHN in w.eco.closed:
        expected = 0
    else:
        charter = w.charters.get(SBAHN)
        extra = 0 if charter is None else sum(charter.out)
        expected = len(w.start_depots) - len(w.no_start_depot) + extra
    held = sum(on_map[p] for p in SBAHN_PARTS)
    if held != expected:
        errors.append(
            f"the S-Bahn has {held} depots on the map; its start depots and charter say "
            f"{expected} (12.5, 12.10)"
        )
    return errors


def _train_errors(trains: TrainState) -> list[str]:
    table = TrainBank.of(PHASES).stock
    known = {t for ids in table.values() for t in ids}
    seen = [t for ids in trains.bank.stock.values() for t in ids]
    seen += [t for ids in trains.owned.values() for t in ids] + list(trains.returned)
    twice = sorted(t for t, k in Counter(seen).items() if k > 1)
    strangers = sorted(set(seen) - known)
    errors = []
    if twice:
        errors.append(f"trains {', '.join(twice[:5])} are in two places (Table 7)")
    if strangers:
        errors.append(f"trains {', '.join(strangers[:5])} are not Table 7's")
    if trains.phase not in {p.name for p in PHASES.phases}:
        errors.append(f"no phase {trains.phase!r} (11)")
    return errors


def _holding_errors(w: World) -> list[str]:
    """Trains no game lets a company hold: over the phase's limit outside the discard step
    (10.7), or bought on credit without variant 2 (15) or by a company not holding them."""
    errors = []
    limit = PHASES.train_limit(w.trains.phase)
    for corp in TRAMS:
        held = len(w.trains.owned.get(corp, ()))
        if held > limit and corp not in w.discard:
            errors.append(
                f"{corp} holds {held} trains; phase {w.trains.phase} allows {limit} (10.7)"
            )
    if w.trains.credit and not w.credit:
        errors.append("'trains.credit' lists trains on credit, but variant 2 is off (15)")
    for owner, train in w.trains.credit.items():
        if train not in w.trains.owned.get(owner, ()):
            errors.append(f"{owner}'s credit train {train} is not among its trains (15.4)")
    for corp in w.eco.closed:  # decision G14: they went back to the bank (9.13)
        if corp != SBAHN and w.eco.shares.held(corp, SBAHN):
            errors.append(f"bankrupt {corp} still holds S-Bahn shares (9.13)")
    for corp in w.eco.in_play:  # a trade floats a company at once (companies.settle)
        need = SBAHN_FLOAT_PERCENT if corp == SBAHN else FLOAT_PERCENT
        sold = sold_percent(w.eco, corp)
        if corp not in w.eco.floated and corp not in w.eco.closed and sold >= need:
            errors.append(f"{corp} has {sold}% sold but has not floated (4.25, 12.4)")
    return errors


def _check_round(w: World) -> None:
    """The step is one of its round's, with that step's bookkeeping and no other."""
    kind = w.round_entry.kind
    # the start and stock rounds' records stay after their round (flow.py)
    for part, need, have in (("bid", BID, w.bid), ("sr", SR, w.sr)):
        if kind == need and have is None:
            raise InvalidPosition(f"in round {w.round_entry.label} the position needs {part!r}")
    if w.op is not None and kind != OR:
        raise InvalidPosition(f"in round {w.round_entry.label} the position has no 'op'")
    if w.over != (w.step == OVER):
        raise InvalidPosition("'over' is true exactly in step 'over'", rule="1881 13")
    if w.step == DISCARD and not w.discard:
        raise InvalidPosition("step 'discard' needs a company in 'discard' (10.7)")
    if w.sbahn is not None and kind != OR:
        raise InvalidPosition("the S-Bahn operates only in an operating round (12.5)")


def _check_turn(state: Berlin1881) -> None:
    """A seat on turn has something to do (a decision point)."""
    if state.w.over:
        return
    try:
        legal = [a for s in state.acting for a in state.legal_actions(s)]
    except EngineError as exc:
        raise InvalidPosition(f"no seat can act in it ({exc.message})") from exc
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, AssertionError) as exc:
        raise InvalidPosition(
            f"no seat can act in it ({type(exc).__name__}: {quote(str(exc), 60)})"
        ) from exc
    if not legal:
        raise InvalidPosition(
            f"round {state.w.round_entry.label}, step {state.w.step!r}: nobody has an action"
        )
