"""Trambahn's conformance hooks: the invariants of the rules digest §8
(/work/shared/rules/trambahn.md) and what each seat may not see (§2)."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from pygame_core import Game
from pygame_core.core.game import TitleState
from pygame_core.core.rng import Rng
from pygame_core.trambahn import data
from pygame_core.trambahn.rules import TrambahnState
from pygame_core.trambahn.state import Step

DECK = Counter(data.full_deck())
TRAMS = Counter({code: t.count for code, t in data.TRAMS.items()})


def state_of(g: Game) -> TrambahnState:
    """The Trambahn state of `g`."""
    state = g.state
    assert isinstance(state, TrambahnState)
    return state


def broken(g: Game) -> list[str]:
    """Every invariant of digest §8 the position breaks (empty: all hold)."""
    s = state_of(g)
    return _material(s) + _table(s) + _columns(s) + _pad(s)


def _material(s: TrambahnState) -> list[str]:
    """§8.1 / Spielmaterial: 112 stations + 8 conductors = 120 cards, and 5 + 4 + 7 = 16
    trams, always, across every zone."""
    out = []
    cards = s.card_counts()
    if cards != DECK:
        out.append(
            f"cards: {sum(cards.values())} cards, differing by {(cards - DECK) + (DECK - cards)}"
        )
    trams = Counter(s.stack + s.supply + [c.tram for p in s.seats for c in p.columns if c.tram])
    if trams != TRAMS:
        out.append(f"trams: {dict(trams)}, not {dict(TRAMS)}")
    order = [data.STACK_ORDER.index(t) for t in s.stack]
    if order != sorted(order):
        out.append(f"trams: the stack {s.stack} is not sorted horse, steam, electric (setup B)")
    return out


def _table(s: TrambahnState) -> list[str]:
    """§8.2 rows hold 0-3 cards; §8.3 hands at most 6, and 6 at a turn's start unless the
    draw pile is used up; §8.4 every column has its tram at a turn's start; §8.7 supply at
    most 3, refilled at a turn's end; step 1 places at most 2 passengers."""
    out = []
    for line, row in s.rows.items():
        if len(row) >= data.PASSENGERS_TO_SCORE:
            out.append(f"rows: the {line} row holds {len(row)} passengers (the 4th scores)")
    if len(s.supply) > data.SUPPLY_SIZE:
        out.append(f"supply: {len(s.supply)} trams face up")
    if s.passengers_placed > data.MAX_PASSENGERS_PER_TURN:
        out.append(f"passengers: {s.passengers_placed} placed this turn")
    turn_start = s.step == Step.PASSENGERS and s.passengers_placed == 0
    for i, seat in enumerate(s.seats):
        if len(seat.hand) > data.HAND_SIZE:
            out.append(f"hands: seat {i} holds {len(seat.hand)} cards")
        if turn_start and len(seat.hand) < data.HAND_SIZE and s.draw:
            out.append(f"hands: seat {i} starts a turn with {len(seat.hand)} cards")
        if turn_start and any(c.tram is None for c in seat.columns):
            out.append(f"columns: seat {i} has a tramless column at a turn's start")
    if turn_start and len(s.supply) != min(data.SUPPLY_SIZE, len(s.supply) + len(s.stack)):
        out.append(f"supply: {len(s.supply)} trams at a turn's start, {len(s.stack)} in the stack")
    return out


def _columns(s: TrambahnState) -> list[str]:
    """§8.5: one line per column, strictly ascending stations, a 10 only last, at least one
    station; §8.6: the Extra Tour flag set exactly from the 8th card on; ids unique."""
    out = []
    ids = [c.id for p in s.seats for c in p.columns]
    if len(set(ids)) != len(ids) or any(i >= s.next_column_id for i in ids):
        out.append(f"columns: ids {ids} (next {s.next_column_id})")
    for i, seat in enumerate(s.seats):
        for c in seat.columns:
            parsed = [data.parse_card(card) for card in c.cards]
            stations = [p for p in parsed if p is not None]
            values = [v for _, v in stations]
            where = f"seat {i} column {c.id} {c.cards}"
            if not stations or any(line != c.line for line, _ in stations):
                out.append(f"columns: {where} is not stations of line {c.line}")
            if values != sorted(set(values)) or data.COMPLETE_VALUE in values[:-1]:
                out.append(f"columns: {where} does not strictly ascend to at most one 10")
            if values and c.top != values[-1]:
                out.append(f"columns: {where} has top {c.top}")
            if c.extra_tour != (len(c.cards) >= data.EXTRA_TOUR_AT):
                out.append(f"columns: {where} Extra Tour flag {c.extra_tour}")
    return out


def _pad(s: TrambahnState) -> list[str]:
    """§8.8: at most 10 regular scorings, the game over exactly at the 10th; each scoring's
    points the sum of its columns' (§5); the result's scores the pad's totals (§7)."""
    out = []
    if len(s.scorings) > data.GAME_END_SCORINGS:
        out.append(f"pad: {len(s.scorings)} scorings")
    if s.over != (len(s.scorings) == data.GAME_END_SCORINGS):
        out.append(f"pad: over={s.over} after {len(s.scorings)} scorings")
    for k, scoring in enumerate(s.scorings, 1):
        points = [0] * len(s.seats)
        for col in scoring["columns"]:
            points[col["seat"]] += col["points"]
        if scoring["n"] != k or points != scoring["points"]:
            out.append(f"pad: scoring {k} is {scoring}")
    result = s.result()
    if result is not None and result["scores"] != s.totals():
        out.append(f"pad: result {result['scores']} but totals {s.totals()}")
    return out


def redeal(state: TitleState[Any], viewer: int | None, rng: Rng) -> TitleState[Any]:
    """§2: `viewer` sees its own hand and every count, no other face: the other hands,
    every money pile (the owner's too), the draw and discard piles and the generator are
    dealt anew from the same cards."""
    assert isinstance(state, TrambahnState)
    s = copy.deepcopy(state)
    hidden_hands = [seat for i, seat in enumerate(s.seats) if i != viewer]
    zones: list[list[str]] = [s.draw, s.discard]
    zones += [seat.hand for seat in hidden_hands] + [seat.money for seat in s.seats]
    pool = [card for zone in zones for card in zone]
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]
    s.rng = Rng(rng.next_u64())
    return s
