"""Trambahn's rules: setup, the five steps of a turn, scoring, the end (seed 000, DE)."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Self

from ..core.errors import GameIsOver, IllegalAction, InvalidAction, NotYourTurn
from ..core.game import Effects, JsonDict, LogEntry, TitleState, register
from ..core.rng import Rng
from . import data
from .actions import CODEC, Action, Buy, EndTurn, Income, Passenger, Station
from .data import (
    CARD_ORDER,
    CONDUCTOR,
    EXTRA_TOUR_AT,
    GAME_END_SCORINGS,
    HAND_SIZE,
    LINE_NAMES,
    LINES,
    MAX_PASSENGERS_PER_TURN,
    PASSENGERS_TO_SCORE,
    STACK_ORDER,
    START_MONEY,
    SUPPLY_SIZE,
    TRAMS,
    parse_card,
)
from .state import (
    STEP_NAMES,
    Column,
    Seat,
    Step,
    columns_taking,
    empty_rows,
    extra_tour_due,
)

OPTION_DEFAULTS: dict[str, Any] = {
    # Who starts ("whoever most recently rode a tram"): a seat, or None to draw at random.
    "start_player": 0,
    # R10: a new column of a line only when no existing column of that line can take the card.
    "voluntary_new_column": False,
    # R19: reshuffle the moment the draw pile becomes empty ("immediate") or when a card is
    # needed from an empty pile ("lazy").
    "reshuffle": "immediate",
}

STEP_PROMPTS = {
    Step.PASSENGERS: "Step 1: place 1 or 2 passengers",
    Step.STATIONS: "Step 2: place stations in your columns",
    Step.INCOME: "Step 3: put hand cards on your money pile",
    Step.BUY: "Step 4: buy trams for columns without one",
}


def _validate_options(options: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(options) - set(OPTION_DEFAULTS)
    if unknown:
        raise InvalidAction(f"Unknown Trambahn option(s): {', '.join(sorted(unknown))}")
    merged = {**OPTION_DEFAULTS, **options}
    start = merged["start_player"]
    # A seat number: true and 1.0 equal 1 in Python but are not seats.
    if start is not None and (type(start) is not int or start not in (0, 1)):
        raise InvalidAction("Option start_player must be 0, 1 or null (random)")
    if not isinstance(merged["voluntary_new_column"], bool):
        raise InvalidAction("Option voluntary_new_column must be true or false")
    if merged["reshuffle"] not in ("immediate", "lazy"):
        raise InvalidAction("Option reshuffle must be 'immediate' or 'lazy'")
    return merged


@register
class TrambahnState(TitleState[Action]):
    """The full state of a Trambahn game, hidden parts included."""

    codec = CODEC
    TITLE = "trambahn"
    NAME = "Trambahn"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    BOT_LEVELS = ("easy", "normal")

    def __init__(self, seats: list[Seat], options: dict[str, Any], rng: Rng, start: int) -> None:
        self.seats = seats
        self.options = options
        self.rng = rng
        self.start_player = start
        self.current = start
        self.turn = 1
        self.step = Step.PASSENGERS
        self.passengers_placed = 0
        self.rows = empty_rows()
        self.draw: list[str] = []  # the end of the list is the top
        self.discard: list[str] = []
        self.stack: list[str] = []  # tram stack; index 0 is the top
        self.supply: list[str] = []
        self.scorings: list[JsonDict] = []  # the pad's "Fahrt 1..10" lines
        self.extra_tours: list[JsonDict] = []  # the pad's "Sonderfahrt" entries
        self.events: list[JsonDict] = []  # what the last action triggered
        self.next_column_id = 0
        self.reshuffles = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> TrambahnState:
        """A structural copy: the game takes one every few actions for undo and history, and
        the generic deepcopy cost a quarter of a random game's time. Cards and trams are
        strings, shared; every list, row and column is new."""
        new = copy.copy(self)
        new.seats = [
            Seat(
                s.name,
                list(s.hand),
                list(s.money),
                [dataclasses.replace(c, cards=list(c.cards)) for c in s.columns],
            )
            for s in self.seats
        ]
        new.options = copy.deepcopy(self.options, memo)
        new.rng = Rng(self.rng.state)
        new.rows = {line: list(row) for line, row in self.rows.items()}
        new.draw, new.discard = list(self.draw), list(self.discard)
        new.stack, new.supply = list(self.stack), list(self.supply)
        # the pad's records and the events are written once and never changed: new lists
        # of the same records
        new.scorings, new.extra_tours = list(self.scorings), list(self.extra_tours)
        new.events = list(self.events)
        return new

    # --- setup (Spielvorbereitung A-F) -----------------------------------------------------

    @classmethod
    def create(cls, players: Sequence[str], options: Mapping[str, Any], rng: Rng) -> Self:
        if len(players) != 2:
            raise InvalidAction("Trambahn is a game for exactly 2 players", rule=data.RULE_SETUP)
        opts = _validate_options(options)
        start = opts["start_player"] if opts["start_player"] is not None else rng.below(2)
        state = cls([Seat(name) for name in players], opts, rng, start)
        # A) all station cards and conductors, shuffled, form the draw pile.
        state.draw = data.full_deck()
        rng.shuffle(state.draw)
        # B) trams sorted: x2 on top, then x3, x4 at the bottom; the top 3 are the supply.
        state.stack = [t for t in STACK_ORDER for _ in range(TRAMS[t].count)]
        state.supply, state.stack = state.stack[:SUPPLY_SIZE], state.stack[SUPPLY_SIZE:]
        # C) money: 12 cards for the start player, 15 for the other, unseen; then 6 hand cards.
        order = [start, 1 - start]
        for seat, amount in zip(order, START_MONEY, strict=True):
            state.seats[seat].money = [state.draw.pop() for _ in range(amount)]
        for seat in order:
            state.seats[seat].hand = [state.draw.pop() for _ in range(HAND_SIZE)]
        return state

    # --- positions (position.py) -------------------------------------------------------------

    POSITION_VERSION = 1

    @classmethod
    def from_position(
        cls, players: Sequence[str], options: Mapping[str, Any], rng: Rng, body: Mapping[str, Any]
    ) -> Self:
        from .position import read

        # The position says who started; the option only chooses at setup.
        return read(cls, players, _validate_options(options), rng, body)

    def position(self) -> JsonDict:
        from .position import write

        return write(self)

    @classmethod
    def position_text(cls, body: Mapping[str, Any]) -> str | None:
        from .position import to_text

        return to_text(body)

    @classmethod
    def position_from_text(cls, text: str) -> JsonDict:
        from .position import from_text

        return from_text(text)

    # --- queries ---------------------------------------------------------------------------

    @property
    def active(self) -> int | None:
        return None if self.step == Step.OVER else self.current

    @property
    def over(self) -> bool:
        return self.step == Step.OVER

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def _passengers_done(self) -> bool:
        """Step 1 is satisfied: at least one passenger, or (R29) no card to play at all."""
        return self.passengers_placed > 0 or not self.seats[self.current].hand

    def _station_targets(self, seat: Seat, card: str) -> list[int | None]:
        """The columns `card` may go to (None = a new column)."""
        fits: list[int | None] = [c.id for c in columns_taking(seat.columns, card)]
        if card == CONDUCTOR:
            return fits  # a conductor never starts a column (R11)
        if not fits or self.options["voluntary_new_column"]:
            fits.append(None)
        return fits

    def legal_actions(self, seat: int) -> list[JsonDict]:
        if self.over or seat != self.current:
            return []
        me = self.seats[seat]
        distinct = sorted(set(me.hand), key=CARD_ORDER.__getitem__)
        out: list[JsonDict] = []
        if self.step == Step.PASSENGERS and self.passengers_placed < MAX_PASSENGERS_PER_TURN:
            for card in distinct:
                if card == CONDUCTOR:
                    out += [{"type": "passenger", "card": card, "row": r} for r in LINES]
                else:
                    out.append({"type": "passenger", "card": card})
        if not self._passengers_done():
            return out
        if self.step <= Step.STATIONS:
            for card in distinct:
                out += [
                    {"type": "station", "card": card, "column": col}
                    for col in self._station_targets(me, card)
                ]
        if self.step <= Step.INCOME:
            out += [{"type": "income", "card": card} for card in distinct]
        money = len(me.money)
        for tram in STACK_ORDER:
            if tram in self.supply and TRAMS[tram].cost <= money:
                out += [
                    {"type": "buy", "tram": tram, "column": c.id}
                    for c in me.columns
                    if c.tram is None
                ]
        out.append({"type": "end_turn"})
        return out

    # --- validation (never mutates) ---------------------------------------------------------

    def check(self, action: Mapping[str, Any], seat: int) -> Action:
        if self.over:
            raise GameIsOver("The game is over: the 10th scoring has been made", rule=data.RULE_END)
        if seat != self.current:
            raise NotYourTurn(f"It is {self.name(self.current)}'s turn, not {self.name(seat)}'s")
        typed = CODEC.decode(action)
        me = self.seats[seat]
        if isinstance(typed, Passenger):
            self._check_passenger(me, typed)
            return typed
        if not self._passengers_done():
            raise IllegalAction(
                "First place at least one passenger (step 1 is mandatory)",
                rule=data.RULE_PASSENGERS,
            )
        if isinstance(typed, Station):
            self._check_step(Step.STATIONS, "place stations")
            self._check_station(me, typed)
        elif isinstance(typed, Income):
            self._check_step(Step.INCOME, "take income")
            self._check_in_hand(me, typed.card, data.RULE_INCOME)
        elif isinstance(typed, Buy):
            self._check_buy(me, typed)
        return typed

    def _check_step(self, step: Step, what: str) -> None:
        if self.step > step:
            raise IllegalAction(
                f"Too late to {what}: the turn is already at step {int(self.step)} "
                f"({STEP_NAMES[self.step]}), and steps are carried out in order",
                rule=data.RULE_ORDER,
            )

    @staticmethod
    def _check_in_hand(me: Seat, card: str, rule: str) -> None:
        if card not in me.hand:
            raise IllegalAction(f"{card} is not in your hand", rule=rule)

    def _check_passenger(self, me: Seat, action: Passenger) -> None:
        if self.step != Step.PASSENGERS:
            raise IllegalAction(
                "Passengers are placed only in step 1, before stations, income and purchases",
                rule=data.RULE_ORDER,
            )
        if self.passengers_placed >= MAX_PASSENGERS_PER_TURN:
            raise IllegalAction(
                "At most 2 passengers may be placed per turn", rule=data.RULE_PASSENGERS
            )
        self._check_in_hand(me, action.card, data.RULE_PASSENGERS)
        parsed = parse_card(action.card)
        if parsed is not None and parsed[0] != action.row:
            raise IllegalAction(
                f"{action.card} must join the {LINE_NAMES[parsed[0]]} row; only conductors may "
                "join any row",
                rule=data.RULE_PASSENGERS,
            )

    def _check_station(self, me: Seat, action: Station) -> None:
        self._check_in_hand(me, action.card, data.RULE_STATIONS)
        rule = data.RULE_STATIONS
        if action.column is None:
            if action.card == CONDUCTOR:
                raise IllegalAction(
                    "A conductor cannot start a column: it joins an incomplete column", rule=rule
                )
            line = action.card[0]
            fits = columns_taking(me.columns, action.card)
            if fits and not self.options["voluntary_new_column"]:
                raise IllegalAction(
                    f"{action.card} can extend your {LINE_NAMES[line]} column "
                    f"{fits[0].id}: a new column may be started only when the card cannot be "
                    "placed in ascending order",
                    rule=rule,
                )
            return
        column = me.column(action.column)
        if column is None:
            raise IllegalAction(f"You have no column {action.column}", rule=rule)
        if column.complete:
            raise IllegalAction(
                f"Column {column.id} is complete (it ends with a 10): nothing more may be added",
                rule=rule,
            )
        parsed = parse_card(action.card)
        if parsed is None:
            return
        line, value = parsed
        if line != column.line:
            raise IllegalAction(
                f"{action.card} is {LINE_NAMES[line]}; column {column.id} is "
                f"{LINE_NAMES[column.line]}: a column holds one line only",
                rule=rule,
            )
        if value <= column.top:
            raise IllegalAction(
                f"{action.card} cannot extend column {column.id}: its top station is already "
                f"{column.top}, and stations must strictly ascend",
                rule=rule,
            )

    def _check_buy(self, me: Seat, action: Buy) -> None:
        rule = data.RULE_BUY
        if action.tram not in self.supply:
            offered = ", ".join(self.supply) or "nothing"
            raise IllegalAction(
                f"No {TRAMS[action.tram].name.lower()} in the supply (it offers {offered}); "
                "the supply is refilled only at the end of the turn",
                rule=rule,
            )
        cost = TRAMS[action.tram].cost
        if len(me.money) < cost:
            raise IllegalAction(
                f"Cannot buy the {TRAMS[action.tram].name.lower()}: it costs {cost} cards and "
                f"your money pile has {len(me.money)}; only the money pile pays",
                rule=rule,
            )
        column = me.column(action.column)
        if column is None:
            raise IllegalAction(f"You have no column {action.column}", rule=rule)
        if column.tram is not None:
            raise IllegalAction(
                f"Column {column.id} already has a tram: each column takes exactly one, and "
                "trams are never moved",
                rule=rule,
            )

    # --- execution (trusted: check passed) -------------------------------------------------

    def execute(self, action: Action) -> Effects:
        self.events = []
        fx = Effects()
        who = self.name(self.current)
        me = self.seats[self.current]
        match action:
            case Passenger(card, row):
                me.hand.remove(card)
                self.rows[row].append(card)
                self.passengers_placed += 1
                where = f"the {LINE_NAMES[row]} row"
                fx.log.append(
                    LogEntry(self.current, f"{who} places {card} as a passenger in {where}")
                )
                if len(self.rows[row]) == PASSENGERS_TO_SCORE:
                    self._score_line(row, fx)
                if not self.over and self.passengers_placed == MAX_PASSENGERS_PER_TURN:
                    self.step = Step.STATIONS
            case Station(card, column_id):
                self.step = Step.STATIONS
                me.hand.remove(card)
                if column_id is None:
                    column = Column(self.next_column_id, card[0])
                    self.next_column_id += 1
                    me.columns.append(column)
                    text = f"{who} starts a new {LINE_NAMES[column.line]} column with {card}"
                else:
                    found = me.column(column_id)
                    assert found is not None
                    column = found
                    text = f"{who} adds {card} to the {LINE_NAMES[column.line]} column {column.id}"
                column.add(card)
                fx.log.append(LogEntry(self.current, text))
                if extra_tour_due(column):
                    self._extra_tour(self.current, column, fx)
            case Income(card):
                self.step = Step.INCOME
                me.hand.remove(card)
                me.money.append(card)
                fx.log.append(
                    LogEntry(self.current, f"{who} puts {card} on the money pile", (self.current,))
                )
                fx.log.append(
                    LogEntry(
                        self.current, f"{who} puts a card on the money pile", (1 - self.current,)
                    )
                )
            case Buy(tram, column_id):
                self.step = Step.BUY
                cost = TRAMS[tram].cost
                paid = me.money[-cost:]
                del me.money[-cost:]
                self.discard.extend(paid)
                self.supply.remove(tram)
                found = me.column(column_id)
                assert found is not None
                found.tram = tram
                fx.log.append(
                    LogEntry(
                        self.current,
                        f"{who} buys a {TRAMS[tram].name.lower()} for {cost} and assigns it to "
                        f"the {LINE_NAMES[found.line]} column {found.id}",
                    )
                )
            case EndTurn():
                self._end_turn(fx)
            case _:
                raise AssertionError(action)
        return fx

    def _column_points(self, column: Column) -> int:
        """VP of its stations times its tram's multiplier; a tramless column scores 0 (R15)."""
        if column.tram is None:
            return 0
        return column.vp * TRAMS[column.tram].multiplier

    def _score_line(self, line: str, fx: Effects) -> None:
        """Wertung: all columns of `line` of both players score; the 4 passengers are discarded."""
        n = len(self.scorings) + 1
        points = [0, 0]
        scored = []
        for seat_no, seat in enumerate(self.seats):
            for column in seat.columns:
                if column.line == line:
                    p = self._column_points(column)
                    points[seat_no] += p
                    scored.append({"seat": seat_no, "id": column.id, "points": p})
        self.scorings.append({"n": n, "line": line, "points": points, "columns": scored})
        self.discard.extend(self.rows[line])
        self.rows[line] = []
        self.events.append(
            {"kind": "scoring", "n": n, "line": line, "points": points, "columns": scored}
        )
        names = ", ".join(f"{self.name(s)} {points[s]}" for s in (0, 1))
        fx.log.append(LogEntry(None, f"Scoring {n} ({LINE_NAMES[line]}): {names}"))
        if n == GAME_END_SCORINGS:
            # "Mit der 10. Wertung endet das Spiel sofort".
            self.step = Step.OVER
            self.events.append({"kind": "game_over"})
            fx.log.append(LogEntry(None, "The 10th scoring ends the game"))
            fx.barrier = True

    def _extra_tour(self, seat_no: int, column: Column, fx: Effects) -> None:
        """Sonderfahrt: the 8th card makes this one column score once, on its own."""
        column.extra_tour = True
        points = self._column_points(column)
        entry = {"seat": seat_no, "line": column.line, "points": points, "column": column.id}
        self.extra_tours.append(entry)
        self.events.append({"kind": "extra_tour", **entry})
        fx.log.append(
            LogEntry(
                None,
                f"Extra Tour: {self.name(seat_no)}'s {LINE_NAMES[column.line]} column {column.id} "
                f"reaches {EXTRA_TOUR_AT} cards and scores {points}",
            )
        )

    def _end_turn(self, fx: Effects) -> None:
        """Step 5: tramless columns become money, draw to 6; then refill the supply, pass."""
        seat_no = self.current
        me = self.seats[seat_no]
        who = self.name(seat_no)
        cleared = [c for c in me.columns if c.tram is None]
        for column in cleared:
            me.money.extend(column.cards)
            fx.log.append(
                LogEntry(
                    seat_no,
                    f"{who}'s {LINE_NAMES[column.line]} column {column.id} has no tram: its "
                    f"{len(column.cards)} cards go to the money pile",
                )
            )
            self.events.append({"kind": "cleared", "seat": seat_no, "id": column.id})
        me.columns = [c for c in me.columns if c.tram is not None]
        drawn: list[str] = []
        while len(me.hand) < HAND_SIZE:
            card = self._draw_card(fx)
            if card is None:
                break
            me.hand.append(card)
            drawn.append(card)
        if drawn:
            fx.log.append(LogEntry(seat_no, f"{who} draws {len(drawn)} cards", (1 - seat_no,)))
            fx.log.append(LogEntry(seat_no, f"{who} draws {', '.join(drawn)}", (seat_no,)))
        refill = min(SUPPLY_SIZE - len(self.supply), len(self.stack))
        if refill:
            new = self.stack[:refill]
            self.supply.extend(new)
            del self.stack[:refill]
            fx.log.append(LogEntry(None, f"The tram supply is refilled with {', '.join(new)}"))
        self.current = 1 - seat_no
        self.turn += 1
        self.step = Step.PASSENGERS
        self.passengers_placed = 0
        fx.barrier = True
        fx.log.append(LogEntry(None, f"Turn {self.turn}: {self.name(self.current)}"))

    def _draw_card(self, fx: Effects) -> str | None:
        if not self.draw:
            self._reshuffle(fx)
            if not self.draw:
                return None
        card = self.draw.pop()
        if not self.draw and self.options["reshuffle"] == "immediate":
            self._reshuffle(fx)
        return card

    def _reshuffle(self, fx: Effects) -> None:
        """The draw pile is used up: each player gives up half the money pile (rounded down);
        those cards and the discard pile are shuffled into a new draw pile (R18, R19)."""
        lost = []
        for seat in self.seats:
            half = len(seat.money) // 2
            lost.append(half)
            if half:
                self.discard.extend(seat.money[-half:])
                del seat.money[-half:]
        self.draw, self.discard = self.discard, []
        self.rng.shuffle(self.draw)
        self.reshuffles += 1
        self.events.append({"kind": "reshuffle", "lost": lost, "draw_count": len(self.draw)})
        fx.log.append(
            LogEntry(
                None,
                "The draw pile is used up: "
                + ", ".join(f"{self.name(s)} gives up {lost[s]} money cards" for s in (0, 1))
                + f"; {len(self.draw)} cards are shuffled into a new draw pile",
            )
        )

    # --- outputs -----------------------------------------------------------------------------

    def totals(self) -> list[int]:
        """Each player's points: regular scorings plus Extra Tours."""
        totals = [0, 0]
        for s in self.scorings:
            for i in (0, 1):
                totals[i] += s["points"][i]
        for e in self.extra_tours:
            totals[e["seat"]] += e["points"]
        return totals

    def result(self) -> JsonDict | None:
        if not self.over:
            return None
        totals = self.totals()
        money = [len(s.money) for s in self.seats]
        tiebreak: str | None = None
        if totals[0] != totals[1]:
            winner: int | None = 0 if totals[0] > totals[1] else 1
        elif money[0] != money[1]:
            # "Im seltenen Falle eines Gleichstandes gewinnt der Spieler mit dem größeren
            # Geldstapel."
            winner, tiebreak = (0 if money[0] > money[1] else 1), "money"
        else:
            winner, tiebreak = None, "draw"
        return {"winner": winner, "scores": totals, "money": money, "tiebreak": tiebreak}

    def prompt(self, seat: int | None) -> str:
        if self.over:
            res = self.result()
            assert res is not None
            if res["winner"] is None:
                return "Game over: a draw"
            return f"Game over: {self.name(res['winner'])} wins"
        if seat != self.current:
            return f"{self.name(self.current)} is playing (step {int(self.step)})"
        if self.step == Step.PASSENGERS and self.passengers_placed == 1:
            return "Step 1: place a second passenger, or go on with stations, income or trams"
        return STEP_PROMPTS[self.step]

    def view(self, seat: int | None) -> JsonDict:
        from .view import build_view

        return build_view(self, seat)

    def canonical(self) -> JsonDict:
        return {
            "seats": [
                {
                    "name": s.name,
                    "hand": list(s.hand),
                    "money": list(s.money),
                    "columns": [c.to_dict() for c in s.columns],
                }
                for s in self.seats
            ],
            "options": self.options,
            "rng": self.rng.state,
            "start": self.start_player,
            "current": self.current,
            "turn": self.turn,
            "step": int(self.step),
            "passengers_placed": self.passengers_placed,
            "rows": self.rows,
            "draw": self.draw,
            "discard": self.discard,
            "stack": self.stack,
            "supply": self.supply,
            "scorings": self.scorings,
            "extra_tours": self.extra_tours,
            "next_column_id": self.next_column_id,
            "reshuffles": self.reshuffles,
        }

    def card_counts(self) -> Counter[str]:
        """Every station and conductor card, wherever it is (conservation checks)."""
        counts: Counter[str] = Counter(self.draw)
        counts.update(self.discard)
        for row in self.rows.values():
            counts.update(row)
        for s in self.seats:
            counts.update(s.hand)
            counts.update(s.money)
            for c in s.columns:
                counts.update(c.cards)
        return counts

    def choose_bot_action(self, seat: int, level: str, rng: Rng) -> JsonDict:
        from .bots import choose

        return choose(self.view(seat), self.legal_actions(seat), level, rng)
