"""The S-Bahn's start depots (seed 004, 12.5; digest A-42): a pending decision that
interrupts the round in which it arises.

12.5 "Jedes Aufsichtsratmitglied erhält mit seiner Aktie ein Startdepot, das er an beliebiger
Stelle auf der S-Bahn-Trasse einsetzen kann." When the S-Bahn floats (12.4), the chairman
places the main network's start depot (token `SBAHN`) on a free S circle of any Trasse
station; then each sold board seat's holder places his sub-network's (token
`part_holder(seat)`), in share-number order (A-42); a seat sold later places when it is
sold. A tram company acts through its director (10.9). A seat already merged into the main
network (12.3 chairman, 12.5 pool) brings its depot to the main network: the chairman places
it as an `SBAHN` depot (decision SS3). No reach is needed ("an beliebiger Stelle"); the S
circle must be free and the station's reserved tram homes keep their circles (7.5); each
Trasse station has one S circle, so no two S-Bahn depots share a station (7.4).

The pending placement takes over whatever step the round is in (`interrupting`): the placer
acts, and afterwards the round goes on exactly where it was. `World.start_depots` lists the
parts whose start depot is settled (placed, or none because no S circle was free, SS4);
`World.no_start_depot` those settled without one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalAction, InvalidAction, NotYourTurn, quote
from ..g18xx.rounds import Step
from ..g18xx.shares import IPO
from ..g18xx.tiles import StopKind
from .actions import Action
from .companies import live_seats
from .depots import Circle, circles
from .economy import SBAHN, SEATS, TRAMS, part_holder
from .track import trasse

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, object]
PLACE: str = "place_start_depot"


def parts_due(w: World) -> list[str]:
    """The network parts whose start depot is owed and not settled yet, in order: the
    main network, then each sold seat in share-number order (A-42)."""
    eco = w.eco
    if SBAHN not in eco.floated:
        return []
    owed = [SBAHN]
    for index, seat in sorted(SEATS.items()):
        if eco.shares.owner(eco.shares.certs[SBAHN][index]) != IPO:
            owed.append(part_holder(seat))
    return [p for p in owed if p not in w.start_depots]


def due(w: World) -> str | None:
    """The part whose start depot is to be placed now (None: nothing pending)."""
    pending = parts_due(w)
    return pending[0] if pending else None


def _seat_number(part: str) -> int | None:
    return next((s for s in SEATS.values() if part_holder(s) == part), None)


def token_of(w: World, part: str) -> str:
    """The depot's token: the part's own, or `SBAHN` once its seat is merged (SS3)."""
    seat = _seat_number(part)
    return part if seat is not None and seat in live_seats(w.eco) else SBAHN


def holder_of(w: World, part: str) -> str | None:
    """Who places `part`'s start depot: its seat's holder, else the chairman (a player or
    a tram company)."""
    seat = _seat_number(part)
    live = live_seats(w.eco)
    if seat is not None and seat in live:
        return live[seat]
    return w.eco.shares.director(SBAHN)


def placer_seat(w: World, part: str) -> int | None:
    """The seat that places `part`'s start depot: the holder, or the director of the tram
    company holding it (10.9)."""
    holder = holder_of(w, part)
    if holder in TRAMS:
        holder = w.eco.shares.director(holder)
    return w.players.index(holder) if holder in w.players else None


def places(w: World, token: str) -> list[tuple[str, int]]:
    """Every Trasse station (hex, city) with a free S circle `token` may take now."""
    out = []
    for coord in sorted(trasse(w.edition)):
        tile, _ = w.map.tile(coord)
        cities = [s.part for s in tile.stops if s.kind is StopKind.CITY]
        out += [(coord, c) for c in cities if _free_s_circle(w, coord, c, token) is not None]
    return out


def _free_s_circle(w: World, coord: str, part: int, token: str) -> int | None:
    tile, _ = w.map.tile(coord)
    held = w.map.tokens_at(coord, part)
    for slot, kind in enumerate(circles(tile, part)):
        if kind is not Circle.S or held[slot] is not None:
            continue
        try:
            w.map.check_token(coord, part, token, slot)
        except IllegalAction:
            return None
        return slot
    return None


def check_place(w: World, a: Action, seat: int) -> int:
    """Raise unless `seat` may place the pending start depot on (a.hex, a.city); returns
    the circle. Changes nothing."""
    part = due(w)
    if part is None:
        raise IllegalAction("No S-Bahn start depot is to be placed", rule="1881 12.5")
    if placer_seat(w, part) != seat:
        raise NotYourTurn(f"{part}'s start depot is placed by its holder", rule="1881 12.5")
    if a.type != PLACE:
        raise IllegalAction(
            f"{quote(a.type)} must wait: {part}'s start depot is placed first", rule="1881 12.5"
        )
    if a.hex is None or a.city is None:
        raise InvalidAction("A start depot names its hex and city")
    if a.hex not in trasse(w.edition):
        raise IllegalAction(f"{a.hex} is not on the S-Bahn Trasse", rule="1881 12.5")
    tile, _ = w.map.tile(a.hex)
    if not any(s.part == a.city and s.kind is StopKind.CITY for s in tile.stops):
        raise IllegalAction(f"{a.hex}-{a.city} is no station", rule="1881 7.3")
    slot = _free_s_circle(w, a.hex, a.city, token_of(w, part))
    if slot is None:
        raise IllegalAction(f"{a.hex} has no free S circle", rule="1881 7.3")
    return slot


def place(w: World, a: Action) -> None:
    """Place the pending start depot (checked first by `check_place`), then settle the
    parts that cannot place."""
    part = due(w)
    assert part is not None and a.hex is not None and a.city is not None
    seat = placer_seat(w, part)
    assert seat is not None
    slot = check_place(w, a, seat)
    token = token_of(w, part)
    w.map.place_token(a.hex, a.city, token, slot)
    w.map_version += 1
    w.start_depots.append(part)
    w.say(f"{part}'s start depot goes to {a.hex} (12.5)", seat)
    settle(w)


def settle(w: World) -> None:
    """Settle every pending part that cannot place: no free S circle on the Trasse, or
    nobody to place it (decision SS4: it goes without a start depot)."""
    while (part := due(w)) is not None:
        if placer_seat(w, part) is not None and places(w, token_of(w, part)):
            return
        w.start_depots.append(part)
        w.no_start_depot.append(part)
        w.say(f"{part} finds no free S circle on the Trasse: no start depot (12.5)")


def legal(w: World, seat: int) -> list[JsonDict]:
    """The pending start depot's places, for its placer."""
    part = due(w)
    if part is None or placer_seat(w, part) != seat:
        return []
    token = token_of(w, part)
    return [{"type": PLACE, "hex": h, "city": c} for h, c in places(w, token)]


def interrupting(step: Step[World, Action]) -> Step[World, Action]:
    """`step` with a pending start depot first: while one is due its placer acts, and
    only `place_start_depot` is legal; then the step goes on where it was."""

    def active(w: World) -> int | None:
        part = due(w)
        return step.active(w) if part is None else placer_seat(w, part)

    def legal_now(w: World, seat: int) -> list[JsonDict]:
        return step.legal(w, seat) if due(w) is None else legal(w, seat)

    def check(w: World, a: Action, seat: int) -> None:
        if due(w) is None:
            if a.type == PLACE:
                raise IllegalAction("No S-Bahn start depot is to be placed", rule="1881 12.5")
            step.check(w, a, seat)
        else:
            check_place(w, a, seat)

    def execute(w: World, a: Action) -> bool:
        if due(w) is None:
            return step.execute(w, a)
        place(w, a)
        return False

    return Step(step.name, active, legal_now, check, execute, step.acting, step.corporation)


def view(w: World) -> JsonDict | None:
    """The pending start depot for the screen (None: none)."""
    part = due(w)
    if part is None:
        return None
    token = token_of(w, part)
    return {
        "part": part,
        "token": token,
        "holder": holder_of(w, part),
        "seat": placer_seat(w, part),
        "places": [[h, c] for h, c in places(w, token)],
        "waiting": parts_due(w)[1:],
    }
