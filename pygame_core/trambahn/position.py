"""Trambahn positions: the whole table as JSON, and a one-line text form
(docs/engine-api.md, "Positions").

Reading checks a position as strictly as an action: the 120 cards (each code with its
copies) and the 16 trams are conserved, every column is one a game can build (one line,
strictly ascending stations, a conductor never first, nothing after a 10, the Extra Tour
flag from the 8th card on), every row waits with fewer than 4 passengers, and the turn,
step and passengers placed are a moment some game reaches.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

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
from ..core.rng import Rng
from . import data
from .data import (
    CONDUCTOR,
    EXTRA_TOUR_AT,
    GAME_END_SCORINGS,
    HAND_SIZE,
    LINES,
    MAX_PASSENGERS_PER_TURN,
    PASSENGERS_TO_SCORE,
    STACK_ORDER,
    SUPPLY_SIZE,
    TRAMS,
    full_deck,
    parse_card,
)
from .state import STEP_NAMES, Column, Seat, Step

if TYPE_CHECKING:
    from .rules import TrambahnState

S = TypeVar("S", bound="TrambahnState")

VERSION: Final = 1
STEPS: Final = {name: step for step, name in STEP_NAMES.items()}
CARDS: Final = tuple(sorted(set(full_deck())))
RNG_MAX: Final = 2**64 - 1
FIELDS: Final = (
    "turn",
    "current",
    "start",
    "step",
    "passengers",
    "seats",
    "rows",
    "draw",
    "discard",
    "stack",
    "supply",
    "scorings",
    "extra_tours",
    "next_column",
    "reshuffles",
)
RULE: Final = "Trambahn, Spielmaterial und Spielvorbereitung"


# --- writing ---------------------------------------------------------------------------------


def write(state: TrambahnState) -> JsonDict:
    """The position of `state` (its fields, without the envelope)."""
    return {
        "turn": state.turn,
        "current": state.current,
        "start": state.start_player,
        "step": STEP_NAMES[state.step],
        "passengers": state.passengers_placed,
        "seats": [
            {
                "hand": list(s.hand),
                "money": list(s.money),
                "columns": [
                    {
                        "id": c.id,
                        "line": c.line,
                        "cards": list(c.cards),
                        "tram": c.tram,
                        "extra_tour": c.extra_tour,
                    }
                    for c in s.columns
                ],
            }
            for s in state.seats
        ],
        "rows": {line: list(state.rows[line]) for line in LINES},
        "draw": list(state.draw),
        "discard": list(state.discard),
        "stack": list(state.stack),
        "supply": list(state.supply),
        "scorings": [
            {
                "line": s["line"],
                "points": list(s["points"]),
                "columns": [dict(c) for c in s["columns"]],
            }
            for s in state.scorings
        ],
        "extra_tours": [dict(e) for e in state.extra_tours],
        "next_column": state.next_column_id,
        "reshuffles": state.reshuffles,
        "rng": big_text(state.rng.state),
    }


# --- reading -----------------------------------------------------------------------------------


def read(
    cls: type[S],
    players: Sequence[str],
    options: dict[str, Any],
    rng: Rng,
    body: Mapping[str, Any],
) -> S:
    """A state at position `body`, checked completely before it is built."""
    if len(players) != 2:
        raise InvalidPosition("Trambahn is a game for exactly 2 players", rule=data.RULE_SETUP)
    fields(body, "the position", FIELDS, ("rng",))
    turn = whole(body["turn"], "'turn'", 1)
    start = whole(body["start"], "'start'", 0, 1)
    current = whole(body["current"], "'current'", 0, 1)
    if current != (start if turn % 2 else 1 - start):
        raise InvalidPosition(
            f"in turn {turn} seat {start if turn % 2 else 1 - start} is on turn (the players "
            f"alternate from the start player {start}), not seat {current}",
            rule=data.RULE_ORDER,
        )
    step = STEPS[one_of(body["step"], "'step'", tuple(STEPS))]
    placed = whole(body["passengers"], "'passengers'", 0, MAX_PASSENGERS_PER_TURN)
    seats = [_seat(players[i], s, i) for i, s in enumerate(_pair(body["seats"]))]
    rows = _rows(body["rows"])
    piles = {k: strings(body[k], f"'{k}'", CARDS) for k in ("draw", "discard")}
    stack = strings(body["stack"], "'stack'", STACK_ORDER)
    supply = strings(body["supply"], "'supply'", STACK_ORDER)
    scorings = [_scoring(s, i) for i, s in enumerate(array(body["scorings"], "'scorings'"))]
    extras = [_extra(e, i) for i, e in enumerate(array(body["extra_tours"], "'extra_tours'"))]
    next_column = whole(body["next_column"], "'next_column'")
    reshuffles = whole(body["reshuffles"], "'reshuffles'")
    seed = big_whole(body.get("rng", big_text(rng.state)), "'rng'", 0, RNG_MAX)

    _check_cards(seats, rows, piles)
    _check_trams(seats, stack, supply)
    _check_columns(seats, next_column, extras)
    _check_turn(seats, step, placed, scorings, supply, stack, current)

    state = cls(seats, options, Rng(seed), start)
    state.current, state.turn, state.step, state.passengers_placed = current, turn, step, placed
    state.rows = rows
    state.draw, state.discard = piles["draw"], piles["discard"]
    state.stack, state.supply = stack, supply
    state.scorings = [{"n": i + 1, **s} for i, s in enumerate(scorings)]
    state.extra_tours = extras
    state.next_column_id, state.reshuffles = next_column, reshuffles
    return state


def _pair(value: Any) -> list[Any]:
    items = array(value, "'seats'")
    if len(items) != 2:
        raise InvalidPosition(f"'seats' must list the 2 seats, not {len(items)}")
    return items


def _seat(name: str, value: Any, i: int) -> Seat:
    where = f"seat {i}"
    s = obj(value, where)
    fields(s, where, ("hand", "money", "columns"))
    hand = strings(s["hand"], f"{where}'s 'hand'", CARDS)
    if len(hand) > HAND_SIZE:
        raise InvalidPosition(
            f"{where} holds {len(hand)} cards; a hand is drawn up to {HAND_SIZE}",
            rule=data.RULE_DRAW,
        )
    money = strings(s["money"], f"{where}'s 'money'", CARDS)
    columns = [
        _column(c, f"{where}'s column {j}") for j, c in enumerate(array(s["columns"], where))
    ]
    return Seat(name, hand, money, columns)


def _column(value: Any, where: str) -> Column:
    c = obj(value, where)
    fields(c, where, ("id", "line", "cards", "tram", "extra_tour"))
    line = one_of(c["line"], f"{where}'s 'line'", LINES)
    tram = c["tram"] if c["tram"] is None else one_of(c["tram"], f"{where}'s 'tram'", STACK_ORDER)
    column = Column(whole(c["id"], f"{where}'s 'id'"), line, tram=tram)
    cards = strings(c["cards"], f"{where}'s 'cards'", CARDS)
    if not cards:
        raise InvalidPosition(f"{where} is empty; a column starts with a station")
    if cards[0] == CONDUCTOR:
        raise InvalidPosition(f"{where} starts with a conductor", rule=data.RULE_STATIONS)
    for card in cards:
        parsed = parse_card(card)
        if column.complete:
            raise InvalidPosition(f"{where} has {card} after its 10", rule=data.RULE_STATIONS)
        if parsed is not None and (parsed[0] != line or parsed[1] <= column.top):
            raise InvalidPosition(
                f"{where} cannot hold {card}: a column holds stations of its line "
                f"({line}) in strictly ascending order",
                rule=data.RULE_STATIONS,
            )
        column.add(card)
    column.extra_tour = flag(c["extra_tour"], f"{where}'s 'extra_tour'")
    if column.extra_tour != (len(cards) >= EXTRA_TOUR_AT):
        raise InvalidPosition(
            f"{where} has {len(cards)} cards, so its Extra Tour "
            f"{'has' if len(cards) >= EXTRA_TOUR_AT else 'has not'} been made "
            f"(the {EXTRA_TOUR_AT}th card triggers it)",
            rule=data.RULE_EXTRA,
        )
    return column


def _rows(value: Any) -> dict[str, list[str]]:
    rows = obj(value, "'rows'")
    fields(rows, "'rows'", LINES)
    out = {}
    for line in LINES:
        cards = strings(rows[line], f"row {line}", CARDS)
        if len(cards) >= PASSENGERS_TO_SCORE:
            raise InvalidPosition(
                f"row {line} holds {len(cards)} passengers; the 4th scores the line at once",
                rule=data.RULE_SCORING,
            )
        wrong = [c for c in cards if c != CONDUCTOR and c[0] != line]
        if wrong:
            raise InvalidPosition(
                f"row {line} holds {wrong[0]}: only its line's stations and conductors wait there",
                rule=data.RULE_PASSENGERS,
            )
        out[line] = cards
    return out


def _scoring(value: Any, i: int) -> JsonDict:
    where = f"scoring {i + 1}"
    s = obj(value, where)
    fields(s, where, ("line", "points"), ("columns",))
    points = array(s["points"], f"{where}'s 'points'")
    if len(points) != 2:
        raise InvalidPosition(f"{where}'s 'points' must give both seats' points")
    columns = []
    for j, c in enumerate(array(s.get("columns", []), f"{where}'s 'columns'")):
        c = obj(c, f"{where}'s column {j}")
        fields(c, f"{where}'s column {j}", ("seat", "id", "points"))
        columns.append(
            {
                "seat": whole(c["seat"], f"{where}'s column {j} 'seat'", 0, 1),
                "id": whole(c["id"], f"{where}'s column {j} 'id'"),
                "points": whole(c["points"], f"{where}'s column {j} 'points'"),
            }
        )
    return {
        "line": one_of(s["line"], f"{where}'s 'line'", LINES),
        "points": [whole(p, f"{where}'s 'points'") for p in points],
        "columns": columns,
    }


def _extra(value: Any, i: int) -> JsonDict:
    where = f"Extra Tour {i + 1}"
    e = obj(value, where)
    fields(e, where, ("seat", "line", "points", "column"))
    return {
        "seat": whole(e["seat"], f"{where}'s 'seat'", 0, 1),
        "line": one_of(e["line"], f"{where}'s 'line'", LINES),
        "points": whole(e["points"], f"{where}'s 'points'"),
        "column": whole(e["column"], f"{where}'s 'column'"),
    }


def _check_cards(
    seats: list[Seat], rows: Mapping[str, list[str]], piles: Mapping[str, list[str]]
) -> None:
    """120 cards: each station code with its copies and 8 conductors, each exactly once."""
    counts: Counter[str] = Counter()
    for pile in piles.values():
        counts.update(pile)
    for row in rows.values():
        counts.update(row)
    for seat in seats:
        counts.update(seat.hand)
        counts.update(seat.money)
        for column in seat.columns:
            counts.update(column.cards)
    want = Counter(full_deck())
    if counts != want:
        extra = sorted((counts - want).elements())
        missing = sorted((want - counts).elements())
        told = ([f"too many {', '.join(extra[:5])}"] if extra else []) + (
            [f"missing {', '.join(missing[:5])}"] if missing else []
        )
        raise InvalidPosition(
            f"the game has 120 cards, each once; this position has {sum(counts.values())} "
            f"({'; '.join(told)})",
            rule=RULE,
        )


def _check_trams(seats: list[Seat], stack: list[str], supply: list[str]) -> None:
    """16 trams (5 horse, 4 steam, 7 electric); the stack stays sorted and the supply was
    taken from its top."""
    counts = Counter(stack) + Counter(supply)
    counts.update(c.tram for s in seats for c in s.columns if c.tram is not None)
    want = Counter({code: t.count for code, t in TRAMS.items()})
    if counts != want:
        have = ", ".join(f"{counts[t]} {t}" for t in STACK_ORDER)
        raise InvalidPosition(
            f"the game has 5 H, 4 S and 7 E trams; this position has {have}", rule=RULE
        )
    order = [STACK_ORDER.index(t) for t in stack]
    if order != sorted(order):
        raise InvalidPosition(
            "the tram stack is sorted: horse trams on top, electric at the bottom",
            rule=data.RULE_SETUP,
        )
    if len(supply) > SUPPLY_SIZE:
        raise InvalidPosition(f"the supply offers at most {SUPPLY_SIZE} trams", rule=data.RULE_BUY)
    if stack and supply and max(map(STACK_ORDER.index, supply)) > order[0]:
        raise InvalidPosition(
            "the supply is refilled from the top of the sorted stack", rule=data.RULE_BUY
        )


def _check_columns(seats: list[Seat], next_column: int, extras: list[JsonDict]) -> None:
    """Column ids are given out once, in order; an Extra Tour column is on the pad."""
    ids = [c.id for s in seats for c in s.columns]
    if len(set(ids)) != len(ids):
        raise InvalidPosition("two columns share an id")
    if ids and max(ids) >= next_column:
        raise InvalidPosition(
            f"'next_column' {next_column} must be above every column id ({max(ids)})"
        )
    toured = {(e["seat"], e["column"]) for e in extras}
    if len(toured) != len(extras):
        raise InvalidPosition("a column makes its Extra Tour once", rule=data.RULE_EXTRA)
    for i, seat in enumerate(seats):
        for column in seat.columns:
            if column.extra_tour and (i, column.id) not in toured:
                raise InvalidPosition(
                    f"seat {i}'s column {column.id} made its Extra Tour, but the pad has no "
                    "entry for it",
                    rule=data.RULE_EXTRA,
                )


def _check_turn(
    seats: list[Seat],
    step: Step,
    placed: int,
    scorings: list[JsonDict],
    supply: list[str],
    stack: list[str],
    current: int,
) -> None:
    """The turn's step, passengers and the pad fit together as in a game."""
    if len(scorings) > GAME_END_SCORINGS:
        raise InvalidPosition(
            f"the game ends with the {GAME_END_SCORINGS}th scoring", rule=data.RULE_END
        )
    if (step == Step.OVER) != (len(scorings) == GAME_END_SCORINGS):
        raise InvalidPosition(
            f"the game is over exactly when {GAME_END_SCORINGS} scorings have been made "
            f"(step {STEP_NAMES[step]!r}, {len(scorings)} scorings)",
            rule=data.RULE_END,
        )
    if step == Step.OVER:
        return
    if step == Step.PASSENGERS and placed == MAX_PASSENGERS_PER_TURN:
        raise InvalidPosition(
            "after the 2nd passenger the turn is at step 'stations'", rule=data.RULE_PASSENGERS
        )
    if step > Step.PASSENGERS and placed == 0 and (step != Step.BUY or seats[current].hand):
        raise InvalidPosition(
            "step 1 is done only after a passenger (or with an empty hand, when only trams "
            "may be bought)",
            rule=data.RULE_PASSENGERS,
        )
    other = seats[1 - current]
    if any(c.tram is None for c in other.columns):
        raise InvalidPosition(
            f"seat {1 - current} ended its turn with a column without a tram; those become money",
            rule=data.RULE_DRAW,
        )
    if step == Step.PASSENGERS and any(c.tram is None for c in seats[current].columns):
        raise InvalidPosition(
            f"seat {current} has a column without a tram before placing stations this turn",
            rule=data.RULE_DRAW,
        )
    if step == Step.PASSENGERS and placed == 0 and stack and len(supply) < SUPPLY_SIZE:
        raise InvalidPosition(
            "a turn starts with the supply refilled to 3 trams", rule=data.RULE_BUY
        )


# --- the one-line text form --------------------------------------------------------------------

_CARD = re.compile(r"[BRGY](?:10|[1-9])|C")
_STEP_LETTER: Final = {"passengers": "p", "stations": "s", "income": "i", "buy": "b", "over": "x"}
_LETTER_STEP: Final = {v: k for k, v in _STEP_LETTER.items()}
TEXT_TAG: Final = f"trambahn{VERSION}"


def _cards(cards: Sequence[str]) -> str:
    return "".join(cards) or "-"


def _read_cards(text: str, where: str) -> list[str]:
    if text == "-":
        return []
    found = _CARD.findall(text)
    if "".join(found) != text:
        raise InvalidPosition(f"{where} is not a list of card codes: {text!r}")
    return found


def to_text(body: Mapping[str, Any]) -> str:
    """The one-line form of position `body` (fields separated by spaces; see
    docs/engine-api.md). The per-column breakdown of past scorings is left out."""
    seats = []
    for s in body["seats"]:
        columns = ",".join(
            f"{c['id']}:{c['tram'] or '-'}:{_cards(c['cards'])}" for c in s["columns"]
        )
        seats.append(f"{_cards(s['hand'])}/{_cards(s['money'])}/{columns or '-'}")
    scorings = ",".join(f"{s['line']}{s['points'][0]}-{s['points'][1]}" for s in body["scorings"])
    extras = ",".join(
        f"{e['seat']}{e['line']}{e['points']}@{e['column']}" for e in body["extra_tours"]
    )
    parts = [
        TEXT_TAG,
        str(body["turn"]),
        str(body["current"]),
        f"{_STEP_LETTER[body['step']]}{body['passengers']}",
        str(body["start"]),
        *seats,
        "/".join(_cards(body["rows"][line]) for line in LINES),
        _cards(body["draw"]),
        _cards(body["discard"]),
        "".join(body["stack"]) or "-",
        "".join(body["supply"]) or "-",
        scorings or "-",
        extras or "-",
        str(body["next_column"]),
        str(body["reshuffles"]),
    ]
    if "rng" in body:
        parts.append(str(body["rng"]))
    return " ".join(parts)


def _number(text: str, where: str) -> int:
    if not text.isdigit() or len(text) > 20:
        raise InvalidPosition(f"{where} must be a whole number, not {text[:30]!r}")
    return int(text)


def from_text(text: str) -> JsonDict:
    """Position fields read from the one-line form (checked in full only by `read`)."""
    parts = text.split()
    if not parts or parts[0] != TEXT_TAG:
        raise InvalidPosition(f"a Trambahn position in text starts with {TEXT_TAG!r}")
    if len(parts) not in (16, 17):
        raise InvalidPosition(f"the text form has 16 or 17 fields, not {len(parts)}")
    step = parts[3]
    if len(step) != 2 or step[0] not in _LETTER_STEP or not step[1].isdigit():
        raise InvalidPosition(
            f"the step field is a letter (p, s, i, b, x) and a count, not {step[:10]!r}"
        )
    body: JsonDict = {
        "turn": _number(parts[1], "the turn"),
        "current": _number(parts[2], "the seat on turn"),
        "step": _LETTER_STEP[step[0]],
        "passengers": int(step[1]),
        "start": _number(parts[4], "the start seat"),
        "seats": [_text_seat(parts[5 + i], i) for i in (0, 1)],
        "rows": _text_rows(parts[7]),
        "draw": _read_cards(parts[8], "the draw pile"),
        "discard": _read_cards(parts[9], "the discard pile"),
        "stack": _trams(parts[10], "the tram stack"),
        "supply": _trams(parts[11], "the supply"),
        "scorings": _text_scorings(parts[12]),
        "extra_tours": _text_extras(parts[13]),
        "next_column": _number(parts[14], "the next column id"),
        "reshuffles": _number(parts[15], "the reshuffle count"),
    }
    if len(parts) == 17:
        body["rng"] = big_text(_number(parts[16], "the random state"))
    return body


def _trams(text: str, where: str) -> list[str]:
    if text == "-":
        return []
    if any(t not in STACK_ORDER for t in text):
        raise InvalidPosition(f"{where} is a row of tram letters H, S, E: {text[:30]!r}")
    return list(text)


def _text_seat(text: str, i: int) -> JsonDict:
    parts = text.split("/")
    if len(parts) != 3:
        raise InvalidPosition(f"seat {i} is written hand/money/columns, not {text[:40]!r}")
    columns = []
    for col in [] if parts[2] == "-" else parts[2].split(","):
        bits = col.split(":")
        if len(bits) != 3:
            raise InvalidPosition(f"seat {i}'s column is written id:tram:cards, not {col[:30]!r}")
        cards = _read_cards(bits[2], f"seat {i}'s column {bits[0]}")
        line = cards[0][0] if cards else "-"
        columns.append(
            {
                "id": _number(bits[0], f"seat {i}'s column id"),
                "line": line,
                "cards": cards,
                "tram": None if bits[1] == "-" else bits[1],
                "extra_tour": len(cards) >= EXTRA_TOUR_AT,
            }
        )
    return {
        "hand": _read_cards(parts[0], f"seat {i}'s hand"),
        "money": _read_cards(parts[1], f"seat {i}'s money"),
        "columns": columns,
    }


def _text_rows(text: str) -> JsonDict:
    parts = text.split("/")
    if len(parts) != len(LINES):
        raise InvalidPosition(f"the rows are written B/R/G/Y, not {text[:40]!r}")
    return {line: _read_cards(p, f"row {line}") for line, p in zip(LINES, parts, strict=True)}


_SCORING = re.compile(r"([BRGY])(\d+)-(\d+)")
_EXTRA = re.compile(r"([01])([BRGY])(\d+)@(\d+)")


def _text_scorings(text: str) -> list[JsonDict]:
    out: list[JsonDict] = []
    for item in [] if text == "-" else text.split(","):
        m = _SCORING.fullmatch(item)
        if m is None:
            raise InvalidPosition(f"a scoring is written like B12-10, not {item[:20]!r}")
        out.append({"line": m[1], "points": [int(m[2]), int(m[3])], "columns": []})
    return out


def _text_extras(text: str) -> list[JsonDict]:
    out: list[JsonDict] = []
    for item in [] if text == "-" else text.split(","):
        m = _EXTRA.fullmatch(item)
        if m is None:
            raise InvalidPosition(
                f"an Extra Tour is written seat, line, points@column like 0B14@3, not {item[:20]!r}"
            )
        out.append({"seat": int(m[1]), "line": m[2], "points": int(m[3]), "column": int(m[4])})
    return out
