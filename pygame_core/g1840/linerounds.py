"""IX: Line Rounds. The Lines act in ascending number (IX.1); each may lay or upgrade one
tile, lay one Stadtbahn tile and take its bonus, place one station marker (IX.3-IX.6),
then its tram must run the best route (IX.7, IX.8). All costs are paid by the Line's
major from its treasury; the run's income goes to the major's income field.

The shared steps (g18xx/steps: track, token, run, operating) do the common 18xx part with
1840's settings (`TRACK`, `TOKENS`, `RUNS`); this module keeps 1840's own rules: the
Stadtbahn tiles and bonuses, the removal of Stadtbahn markers, the privates bought in a
Line's turn, maintenance, sights and the negative run.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ..core.errors import IllegalAction
from ..g18xx.graph import TrackGraph
from ..g18xx.laying import Lay, connected_lays
from ..g18xx.money import BANK
from ..g18xx.routes import Route, best_route
from ..g18xx.steps import operating, run, token, track
from . import board as b
from .actions import Action
from .actions import Route as WireRoute
from .company import check_scrap, scrap
from .entities import entities
from .stadtbahn import PROTECTED, buildable_hexes
from .trams import PHASES, maintenance, tram_type
from .world import LINE_TOKEN_COSTS, LineTurn, World, income_holder, player_holder

RULE: Final = "1840 IX"
STADTBAHN: Final = frozenset({"W", "V", "G", "D"})
RED_HEXES: Final = frozenset({"D20", "E19", "E21"})  # IX.4: the three inner-city hexes
REMOVE_COST: Final = 40  # IX.6
JsonDict = dict[str, Any]

# IX.3: one normal lay or upgrade per turn (the Stadtbahn tile and the bonuses besides);
# IX.4 where and how, IX.5 the supply, colours and upgrades.
TRACK: Final = track.TrackRules(
    cite_lay="1840 IX.4",
    cite_upgrade="1840 IX.5",
    cite_fit="1840 IX.4/IX.5",
    cite_count="1840 IX.3",
    reach="its own marker on its own (tram) track",
    fresh_note=" (V29)",
)
TOKENS: Final = token.TokenRules(cite="1840 IX.6", token_word="marker")
# IX.3: running is not optional; IX.7 one route per tram; IX.8 the best route (rulebook
# profile, `run_must_be_best`); IX.2 how a route is written.
RUNS: Final = {
    best: run.RunRules(
        must_be_best=best,
        cite_route="1840 IX.2",
        cite_must="1840 IX.3",
        cite_best="1840 IX.8",
        cite_train="1840 IX.7",
        train_word="tram",
    )
    for best in (False, True)
}

# IX.4: the five bonus actions printed on the orange hexes.
TILE_BONUSES: Final = frozenset(
    {"extra_yellow_tile", "upgrade_yellow_to_green", "red_inner_city_tile", "purple_station_tile"}
)
TOKEN_BONUS: Final = "extra_station_token_free"
BONUS_NAMES: Final = {
    "extra_yellow_tile": "an extra yellow tile",
    "upgrade_yellow_to_green": "an upgrade of a yellow tile to green",
    "red_inner_city_tile": "a red inner-city tile",
    "purple_station_tile": "a purple station tile",
    TOKEN_BONUS: "an extra station marker",
}


# --- the round's course -----------------------------------------------------------------


def start(w: World) -> bool:
    w.step = "line_turn"
    w.lr_lines = w.owned_lines()
    w.add_log(f"{w.round_label} (phase {w.phase}: {', '.join(w.colours)} tiles)")
    return _next_line(w)


def _next_line(w: World) -> bool:
    """Start the next Line's turn; True when every Line has had its turn."""
    line = operating.next_operator(w.lr_lines)
    if line is None:
        w.turn = None
        return True
    card = w.lines[line]
    w.turn = LineTurn(line, first=not card.started)
    if not card.started:
        card.started = True
        options = home_options(w, line)
        if len(options) == 1:
            _place(w, line, card.home, options[0], cost=0, note="its free home marker")
        elif options:
            w.turn.home_choice = True
        else:
            w.add_log(f"Line {line}'s home {card.home} has no free slot")
    return False


def active(w: World) -> int | None:
    if w.turn is None:
        return None
    major = w.lines[w.turn.line].major
    assert major is not None
    return w.director(major)


def acting_major(w: World) -> str | None:
    if w.turn is None:
        return None
    return w.lines[w.turn.line].major


# --- queries ----------------------------------------------------------------------------


def graph(w: World) -> TrackGraph:
    """The tram (broad) track graph of the current map (cached per map change)."""
    key = f"graph:{w.map_version}"
    cached = w.cache.get(key)
    if cached is None:
        w.cache.clear()
        cached = w.cache[key] = b.line_graph(w.map)
    assert isinstance(cached, TrackGraph)
    return cached


def home_options(w: World, line: str) -> list[int]:
    """IX.6: the city parts where a Line's free home marker may go (on a hex without
    track, the first: IX.4 moves it with the first tile)."""
    return token.home_cities(w.map, w.lines[line].home, line)


def _treasury(w: World) -> int:
    major = acting_major(w)
    assert major is not None
    return w.money.cash(major)


def lay_cost(w: World, coord: str) -> int:
    """IX.4: a printed cost is paid on the first tile only (the Danube bridge B28: 40; a
    Stadtbahn tile: 20); upgrades cost nothing (IX.5)."""
    return track.lay_cost(w.map, coord)


def _affordable(w: World, lays: Iterable[Lay]) -> list[Lay]:
    return track.affordable(w.map, lays, _treasury(w))


def normal_lays(
    w: World,
    line: str,
    colours: Iterable[str] | None = None,
    hexes: Iterable[str] | None = None,
    *,
    upgrade_fresh: bool = False,
) -> list[Lay]:
    """IX.4/IX.5: lays and upgrades the Line may make with its normal build (on `hexes`
    only, if given). A tile laid this turn is not upgraded in the same turn (V29), unless
    `upgrade_fresh` (18xx.games' green bonus, V33)."""
    card = w.lines[line]
    fresh = w.turn.laid if w.turn is not None and not upgrade_fresh else ()
    lays = b.line_legal_lays(
        w.map,
        line,
        w.colours if colours is None else colours,
        first_lay=not card.laid_tile,
        supply=w.tile_supply(),
        graph=graph(w),
        hexes=hexes,
    )
    return track.not_fresh(lays, fresh)


def stadtbahn_lays(w: World) -> list[Lay]:
    """IX.4: yellow Stadtbahn tiles at either end of a company's unbuilt track."""
    out: list[Lay] = []
    supply = w.tile_supply()
    sequences = b.stadtbahn_sequences(w.setup.variant)
    for company in w.stadtbahn:
        for coord in buildable_hexes(w.map, sequences[company]):
            for name, rotation in w.map.legal_lays(
                coord, b.tiles().values(), supply, ("yellow",), b.UPGRADE_RULES
            ):
                out.append((coord, name, rotation))
    return out


def bonus_lays(w: World, bonus: str) -> list[Lay]:
    """The tile bonuses (IX.4), each by the normal laying rules (connected to the Line)."""
    line = _line(w)
    if bonus == "extra_yellow_tile":
        return [lay for lay in normal_lays(w, line, ("yellow",)) if w.map.is_printed(lay[0])]
    if bonus == "upgrade_yellow_to_green":
        return _green_bonus_lays(w, upgrade_fresh=w.profile.bonus_upgrades_tile_laid_this_turn)
    colour, hexes = (
        ("red", RED_HEXES) if bonus == "red_inner_city_tile" else ("purple", _stations(w))
    )
    return connected_lays(
        w.map,
        graph(w),
        line,
        b.tiles().values(),
        w.tile_supply(),
        frozenset({colour}),
        b.UPGRADE_RULES,
        hexes=hexes,
    )


def _green_bonus_lays(w: World, *, upgrade_fresh: bool) -> list[Lay]:
    """IX.4: the green bonus upgrades a yellow tile "nach denselben Regeln wie in IX.5"."""
    if "green" not in w.colours:  # "erst ... ab Linien-Runde 2a"
        return []
    return [
        lay
        for lay in normal_lays(w, _line(w), ("green",), upgrade_fresh=upgrade_fresh)
        if not w.map.is_printed(lay[0]) and w.map.tile(lay[0])[0].colour == "yellow"
    ]


def _check_fresh(w: World, coord: str | None) -> None:
    """Refuse a lay on `coord` if a tile went there this turn (V29): always for the normal
    build, and for the green bonus in the rulebook profile."""
    t = w.turn
    assert t is not None
    if t.bonus == "upgrade_yellow_to_green" and w.profile.bonus_upgrades_tile_laid_this_turn:
        return
    track.check_not_fresh(TRACK, t.laid, coord)


def _stations(w: World) -> frozenset[str]:
    data = b.hex_data(w.setup.variant)
    return frozenset(c for c, h in data.items() if h.get("station"))


def token_options(w: World, *, bonus: bool = False) -> list[tuple[str, int, int]]:
    """IX.6: (hex, city part, cost) for the Line's next station marker: a free slot in a
    city connected to one of its markers, not blocked by others' markers, one marker per
    hex, not the last slot of an unopened Line's home, and affordable (the bonus marker
    free in the rulebook profile)."""
    line = _line(w)
    placed = w.lines[line].tokens_used
    free = bonus and w.profile.bonus_token_free
    return token.options(w.map, graph(w), line, LINE_TOKEN_COSTS, placed, _treasury(w), free=free)


def removal_options(w: World) -> list[tuple[str, int]]:
    """IX.6: Stadtbahn markers the Line may remove for 40 (rulebook profile: in a city
    connected to the Line; 18xx.games: anywhere but at the start stations, V11)."""
    if _treasury(w) < REMOVE_COST:
        return []
    line = _line(w)
    g = graph(w)
    reached = g.reach(line).nodes if w.profile.removal_needs_connection else None
    out = []
    for coord, cities in sorted(w.map.tokens.items()):
        if w.profile.start_markers_protected and coord in PROTECTED:
            continue
        for part, slots in sorted(cities.items()):
            if not any(t in STADTBAHN for t in slots):
                continue
            if reached is not None:
                index = g.by_sig.get(f"{coord}-{part}")
                if index is None or index not in reached:
                    continue
            out.append((coord, part))
    return out


def private_offers(w: World) -> list[tuple[str, int]]:
    """IV.2 / IX.3: privates the Line's major may buy now, with the highest price (face
    value, or less if the treasury is short). From LR 2a; rulebook: the director's own
    privates ("an die Muttergesellschaft verkauft"), 18xx.games: any player's."""
    if w.phase == "1":
        return []
    major = acting_major(w)
    assert major is not None
    director = player_holder(w.director(major))
    cash = w.money.cash(major)
    out = []
    for private, owner in sorted(w.private_owner.items()):
        if owner is None or not owner.startswith("p"):
            continue
        if not w.profile.private_from_any_player and owner != director:
            continue
        most = min(w.face_value(private), cash)
        if most >= 1:
            out.append((private, most))
    return out


def _line(w: World) -> str:
    assert w.turn is not None
    return w.turn.line


def _major(w: World) -> str:
    major = acting_major(w)
    assert major is not None
    return major


# --- the run (IX.7, IX.8) ---------------------------------------------------------------


def best(w: World, line: str) -> Route | None:
    """The Line's best route now (cached per map change)."""
    major = w.lines[line].major
    assert major is not None
    privates = tuple(sorted(w.privates_of(major)))
    key = f"route:{w.map_version}:{line}:{w.phase}:{','.join(privates)}"
    if key not in w.cache:
        graph(w)  # drops cache entries of older maps
        w.cache[key] = best_route(
            graph(w), line, w.colours, b.sight_bonuses(privates), b.ROUTE_RULES
        )
    route = w.cache[key]
    assert route is None or isinstance(route, Route)
    return route


def run_summary(w: World, line: str, route: Route | None) -> JsonDict | None:
    """What running `route` earns: revenue (with sights), maintenance, total. Without a
    route the rulebook's tram runs for 0 and its maintenance or +200 still applies (V17);
    on 18xx.games it does not run (None)."""
    card = w.lines[line]
    if card.tram is None or (route is None and not w.profile.routeless_run_counts):
        return None
    major = card.major
    assert major is not None
    summary = run.facts(route)
    on_route = set(summary["hexes"])
    sights = [p for p in w.privates_of(major) if set(b.sight_bonuses([p])) & on_route]
    upkeep = maintenance(tram_type(card.tram), w.depot.newest)
    total = summary["revenue"] + upkeep
    return {**summary, "sights": sights, "maintenance": upkeep, "total": total}


def _explicit_route(w: World, line: str, wire: WireRoute) -> Route:
    """Check a route given stop by stop (18xx.games profile); raises IllegalRoute."""
    major = w.lines[line].major
    assert major is not None
    bonuses = b.sight_bonuses(w.privates_of(major))
    rules = RUNS[w.profile.run_must_be_best]
    return run.route_of(
        rules, graph(w), line, wire.stops, wire.connections, w.colours, bonuses, b.ROUTE_RULES
    )


def _charge(w: World, major: str, amount: int) -> str:
    """IX.8: a negative result is paid from the income field, then the treasury, then by
    the director, with loans if need be (18xx.games: from the treasury, report (b)1)."""
    rule = "1840 IX.8"
    notes = []
    if w.profile.negative_from_income_first:
        part = min(w.money.cash(income_holder(major)), amount)
        w.pay(income_holder(major), BANK, part, f"{major}: negative run", rule)
        amount -= part
        if part:
            notes.append(f"{part} from its income")
    if amount:
        before = w.money.cash(major)
        loans = w.pay_with_director(major, amount, f"{major}: negative run", rule)
        notes.append(f"{min(before, amount)} from its treasury")
        if amount > before:
            notes.append(
                f"{amount - before} from its director" + (f" ({loans} loan(s))" if loans else "")
            )
    return ", ".join(notes)


# --- legal actions ----------------------------------------------------------------------


def legal(w: World, seat: int) -> list[JsonDict]:
    t = w.turn
    if t is None or active(w) != seat:
        return []
    card = w.lines[t.line]
    if t.home_choice:
        return [
            {"type": "place_token", "hex": card.home, "city": p} for p in home_options(w, t.line)
        ]
    if t.bonus is not None:
        return [*_bonus_entries(w, t.bonus), {"type": "pass_bonus"}]
    if t.ran:
        return [*_private_entries(w), {"type": "end_turn"}]
    out: list[JsonDict] = []
    if not t.lay:
        out += track.lay_actions(_affordable(w, normal_lays(w, t.line)))
    if not t.stadtbahn:
        out += track.lay_actions(_affordable(w, stadtbahn_lays(w)))
    if not t.token:
        out += [{"type": "place_token", "hex": h, "city": p} for h, p, _ in token_options(w)]
    out += [{"type": "remove_token", "hex": h, "city": p} for h, p in removal_options(w)]
    out += _private_entries(w)
    out += [{"type": "scrap_tram", "tram": tram} for tram in w.major_trams(_major(w))]
    out.append({"type": "run"} if card.tram is not None else {"type": "end_turn"})
    return out


def _private_entries(w: World) -> list[JsonDict]:
    return [
        {"type": "buy_private", "private": p, "field": "price", "min": 1, "max": most, "step": 1}
        for p, most in private_offers(w)
    ]


def _bonus_entries(w: World, bonus: str) -> list[JsonDict]:
    if bonus == TOKEN_BONUS:
        return [
            {"type": "place_token", "hex": h, "city": p} for h, p, _ in token_options(w, bonus=True)
        ]
    return track.lay_actions(_affordable(w, bonus_lays(w, bonus)))


# --- checks -----------------------------------------------------------------------------


def check(w: World, a: Action, seat: int) -> None:
    t = w.turn
    if t is None:
        raise IllegalAction("No Line is operating", rule=RULE)
    line = t.line
    card = w.lines[line]
    if t.home_choice:
        if a.type != "place_token" or a.hex != card.home or a.city not in home_options(w, line):
            raise IllegalAction(
                f"Line {line} first places its free home marker on {card.home}: choose its city",
                rule="1840 IX.6",
            )
        return
    if t.bonus is not None:
        if a.type == "pass_bonus":
            return
        if t.bonus == TOKEN_BONUS:
            if a.type != "place_token":
                raise IllegalAction(
                    "Take the Stadtbahn bonus (an extra station marker) or pass it",
                    rule="1840 IX.4",
                )
            _check_token(w, a, bonus=True)
            return
        if a.type != "lay_tile":
            raise IllegalAction(
                f"Take the Stadtbahn bonus ({BONUS_NAMES[t.bonus]}) or pass it", rule="1840 IX.4"
            )
        _check_fresh(w, a.hex)
        _check_lay(w, a, bonus_lays(w, t.bonus), f"as {BONUS_NAMES[t.bonus]}")
        return
    if t.ran and a.type not in ("buy_private", "end_turn"):
        raise IllegalAction(
            f"Line {line} has run: its major may still buy a private, then the turn ends",
            rule="1840 IX.3",
        )
    if a.type == "lay_tile":
        assert a.hex is not None
        if a.hex in _orange_unbuilt(w):
            if t.stadtbahn:
                raise IllegalAction("A Line lays one Stadtbahn tile per turn", rule="1840 IX.3")
            _check_lay(w, a, stadtbahn_lays(w), "as a Stadtbahn tile")
        else:
            _check_fresh(w, a.hex)
            track.check_count(TRACK, int(t.lay), "A Line")
            _check_lay(w, a, normal_lays(w, line, hexes=[a.hex]), "")
    elif a.type == "place_token":
        if t.token:
            raise IllegalAction("A Line places one station marker per turn", rule="1840 IX.6")
        _check_token(w, a, bonus=False)
    elif a.type == "remove_token":
        if (a.hex, a.city) not in removal_options(w):
            raise IllegalAction(
                f"No Stadtbahn marker that Line {line} may remove at {a.hex} (40 from the "
                "treasury"
                + ("; never at a start station" if w.profile.start_markers_protected else "")
                + (
                    ", and only where the Line's track reaches)"
                    if w.profile.removal_needs_connection
                    else ")"
                ),
                rule="1840 IX.6",
            )
    elif a.type == "buy_private":
        offers = dict(private_offers(w))
        assert a.private is not None and a.price is not None
        if a.private not in offers:
            raise IllegalAction(
                "The major may buy a private from LR 2a, during its Line's turn"
                + ("" if w.profile.private_from_any_player else ", from its director"),
                rule="1840 IV.2",
            )
        if not 1 <= a.price <= offers[a.private]:
            raise IllegalAction(
                f"The price is from 1 to the face value, at most what the treasury holds "
                f"({offers[a.private]})",
                rule="1840 IV.2",
            )
    elif a.type == "scrap_tram":
        check_scrap(w, _major(w), a.tram)
    elif a.type == "run":
        run.check_has_train(RUNS[False], card.tram is not None, f"Line {line}")
        _check_run(w, a)
    elif a.type == "end_turn":
        run.check_ran(RUNS[False], card.tram is not None, t.ran, f"Line {line}")
    elif a.type == "pass_bonus":
        raise IllegalAction("There is no Stadtbahn bonus to pass", rule="1840 IX.4")
    else:
        raise IllegalAction(f"'{a.type}' is not an action of a Line's turn", rule="1840 IX.3")


def _orange_unbuilt(w: World) -> set[str]:
    return {c for c, s in w.map.board.hexes.items() if s.required_exits and w.map.is_printed(c)}


def _check_lay(w: World, a: Action, lays: list[Lay], what: str) -> None:
    assert a.hex is not None and a.tile is not None and a.rotation is not None
    lay = (a.hex, a.tile, a.rotation % 6)
    if lay in lays:
        track.check_cost(TRACK, w.map, a.hex, _treasury(w), _major(w))
        return
    context = track.LayContext(b.tiles(), w.tile_supply(), PHASES, w.colours, f"Line {_line(w)}")
    track.refuse(TRACK, w.map, lays, lay, context, what)


def _check_token(w: World, a: Action, *, bonus: bool) -> None:
    assert a.hex is not None and a.city is not None
    line = _line(w)
    token.check_place(
        TOKENS,
        w.map,
        line,
        {(h, p) for h, p, _ in token_options(w, bonus=bonus)},
        (a.hex, a.city, a.slot),
        placed=w.lines[line].tokens_used,
        most=len(LINE_TOKEN_COSTS),
        who=f"Line {line}",
    )


def _check_run(w: World, a: Action) -> None:
    line = _line(w)
    if not a.has_route:
        return
    route = None if a.route is None else _explicit_route(w, line, a.route)
    must = w.profile.run_must_be_best
    run.check_choice(RUNS[must], route, best(w, line) if must else None, f"Line {line}")


# --- execution --------------------------------------------------------------------------


def execute(w: World, a: Action) -> bool:
    """Apply; returns True when the Line Round is over."""
    t = w.turn
    assert t is not None
    line = t.line
    card = w.lines[line]
    major = _major(w)
    seat = w.director(major)
    if t.home_choice:
        assert a.hex is not None and a.city is not None
        _place(w, line, a.hex, a.city, cost=0, note="its free home marker")
        t.home_choice = False
        return False
    if t.bonus is not None:
        bonus = t.bonus
        t.bonus = None
        if a.type == "pass_bonus":
            w.add_log(f"Line {line} passes its bonus ({BONUS_NAMES[bonus]})", seat)
        elif a.type == "place_token":
            assert a.hex is not None and a.city is not None
            (cost,) = [c for h, p, c in token_options(w, bonus=True) if (h, p) == (a.hex, a.city)]
            _place(w, line, a.hex, a.city, cost=cost, note="a bonus marker", slot=a.slot)
        else:
            _lay(w, a, note=f"({BONUS_NAMES[bonus]})")
        return False
    if a.type == "lay_tile":
        assert a.hex is not None
        if a.hex in _orange_unbuilt(w):
            _lay(w, a, note="(Stadtbahn)")
            t.stadtbahn = True
            bonus = b.hex_data(w.setup.variant)[a.hex]["stadtbahn"]["bonus"]
            _offer_bonus(w, bonus)
        else:
            _lay(w, a, note="")
            t.lay = True
    elif a.type == "place_token":
        assert a.hex is not None and a.city is not None
        (cost,) = [c for h, p, c in token_options(w) if (h, p) == (a.hex, a.city)]
        _place(w, line, a.hex, a.city, cost=cost, note="a station marker", slot=a.slot)
        t.token = True
    elif a.type == "remove_token":
        assert a.hex is not None and a.city is not None
        slots = w.map.tokens_at(a.hex, a.city)
        slot = next(i for i, s in enumerate(slots) if s in STADTBAHN)
        gone = w.map.remove_token(a.hex, a.city, slot)
        w.touch_map()
        w.pay(major, BANK, REMOVE_COST, f"Line {line} removes a {gone} marker", "1840 IX.6")
        w.add_log(f"Line {line} removes {gone}'s marker from {a.hex} for {REMOVE_COST}", seat)
    elif a.type == "buy_private":
        assert a.private is not None and a.price is not None
        owner = w.private_owner[a.private]
        assert owner is not None
        w.pay(major, owner, a.price, f"{major} buys {a.private}", "1840 IV.2")
        w.private_owner[a.private] = major
        w.majors[major].privates.append(a.private)
        name = entities()["privates"][a.private]["name"]
        w.add_log(f"{major} buys {name} from {w.name(w.seat_of(owner))} for {a.price}", seat)
    elif a.type == "scrap_tram":
        assert a.tram is not None
        scrap(w, major, a.tram)
    elif a.type == "run":
        _run(w, a)
        if w.profile.private_from_any_player and private_offers(w):
            t.ran = True  # 18xx.games: a private may still be bought after the run
            return False
        return _next_line(w)
    elif a.type == "end_turn":
        if not t.ran:
            w.add_log(f"Line {line} has no tram and does not run", seat)
            card.last_run = None
        return _next_line(w)
    return False


def _offer_bonus(w: World, bonus: str) -> None:
    t = w.turn
    assert t is not None
    options = (
        token_options(w, bonus=True)
        if bonus == TOKEN_BONUS
        else _affordable(w, bonus_lays(w, bonus))
    )
    if options:
        t.bonus = bonus
        w.add_log(f"Stadtbahn bonus: Line {t.line} may take {BONUS_NAMES[bonus]}")
    elif bonus == "upgrade_yellow_to_green" and _affordable(
        w, _green_bonus_lays(w, upgrade_fresh=True)
    ):
        w.add_log(
            f"Stadtbahn bonus ({BONUS_NAMES[bonus]}): the only yellow tiles Line {t.line} could "
            "upgrade were laid this turn, and a tile laid this turn cannot be upgraded in the "
            "same turn (IX.5, V29): it lapses"
        )
    else:
        w.add_log(f"Stadtbahn bonus ({BONUS_NAMES[bonus]}): nothing possible, it lapses")


def _lay(w: World, a: Action, *, note: str) -> None:
    assert a.hex is not None and a.tile is not None and a.rotation is not None
    line = _line(w)
    major = _major(w)
    cost = lay_cost(w, a.hex)
    old = w.map.tile(a.hex)[0].name if not w.map.is_printed(a.hex) else None
    printed = w.map.tile(a.hex)[0]
    # A marker on an OO hex without track is in neither city yet: with the first tile
    # the Line places it again, in the city it chooses (IX.4 "in gleicher Weise").
    repick = (
        old is None
        and "OO" in printed.labels
        and not printed.paths
        and any(h == a.hex for h, _ in w.map.corp_tokens(line))
    )
    w.lay_tile(a.hex, b.tiles()[a.tile], a.rotation % 6)
    assert w.turn is not None
    w.turn.laid.append(a.hex)
    if repick:
        for coord, part in w.map.corp_tokens(line):
            if coord == a.hex:
                slot = w.map.tokens_at(coord, part).index(line)
                w.map.remove_token(coord, part, slot)
        w.lines[line].tokens_used -= 1
        assert w.turn is not None
        options = home_options(w, line)
        if len(options) == 1:
            _place(w, line, a.hex, options[0], cost=0, note="its home marker again")
        else:
            w.turn.home_choice = True
    w.pay(major, BANK, cost, f"Line {line} builds on {a.hex}", "1840 IX.4")
    if note != "(Stadtbahn)":
        w.lines[line].laid_tile = True
    verb = f"upgrades {a.hex} from {old} to" if old else f"lays on {a.hex}"
    paid = f" for {cost}" if cost else ""
    w.add_log(
        f"Line {line} {verb} tile {a.tile} (rotation {a.rotation % 6}){paid} {note}".rstrip(),
        w.director(major),
    )
    w.events.append({"kind": "lay", "hex": a.hex, "tile": a.tile, "rotation": a.rotation % 6})


def _place(
    w: World, line: str, coord: str, part: int, *, cost: int, note: str, slot: int | None = None
) -> None:
    card = w.lines[line]
    major = card.major
    assert major is not None
    w.map.place_token(coord, part, line, slot)
    w.touch_map()
    card.tokens_used += 1
    w.pay(major, BANK, cost, f"Line {line} marker on {coord}", "1840 IX.6")
    paid = f" for {cost}" if cost else ""
    w.add_log(f"Line {line} places {note} on {coord}{paid}", w.director(major))
    w.events.append({"kind": "token", "hex": coord, "city": part, "line": line})


def _run(w: World, a: Action) -> None:
    line = _line(w)
    card = w.lines[line]
    major = _major(w)
    seat = w.director(major)
    if a.has_route:
        route = None if a.route is None else _explicit_route(w, line, a.route)
    else:
        route = best(w, line)
    summary = run_summary(w, line, route)
    card.last_run = summary
    if summary is None:
        w.add_log(f"Line {line} has no route and does not run", seat)
        return
    total = summary["total"]
    if total >= 0:
        w.pay(BANK, income_holder(major), total, f"Line {line} runs", "1840 IX.8")
        paid = ""
    else:
        paid = "; the loss is paid: " + _charge(w, major, -total)
    sights = "".join(f" +20 ({p})" for p in summary["sights"])
    upkeep = summary["maintenance"]
    upkeep_text = f" {'+' if upkeep > 0 else '-'} {abs(upkeep)} maintenance" if upkeep else ""
    w.add_log(
        f"Line {line} runs {'-'.join(summary['hexes']) or 'nowhere (no route)'}: "
        f"{summary['revenue']}{sights}"
        f"{upkeep_text} = {total}{paid}",
        seat,
    )
    w.events.append({"kind": "run", "line": line, **summary})
