"""Position building for Trambahn tests. Cards and trams are moved, never created, so the
conservation invariants still hold in rigged positions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pygame_core import Game, new_game
from pygame_core.trambahn.rules import TrambahnState
from pygame_core.trambahn.state import Column


def game(seed: int = 0, **options: object) -> Game:
    """A new two-player game; Anna (seat 0) starts unless options say otherwise."""
    return new_game("trambahn", ["Anna", "Ben"], dict(options), seed)


def st(g: Game) -> TrambahnState:
    state = g.state
    assert isinstance(state, TrambahnState)
    return state


def _take(state: TrambahnState, card: str) -> str:
    """Remove one copy of `card` from the draw pile (or, failing that, the discard pile)."""
    for pile in (state.draw, state.discard):
        if card in pile:
            pile.remove(card)
            return card
    for seat in state.seats:
        if card in seat.money:
            seat.money.remove(card)
            return card
    raise AssertionError(f"no free copy of {card}")


def rig_hand(g: Game, seat: int, cards: Iterable[str]) -> None:
    """Give `seat` exactly `cards` as its hand; the old hand goes back under the draw pile."""
    state = st(g)
    old = state.seats[seat].hand
    state.seats[seat].hand = []
    state.draw[:0] = old
    state.seats[seat].hand = [_take(state, c) for c in cards]


def rig_row(g: Game, line: str, cards: Iterable[str]) -> None:
    """Put passengers waiting in a row."""
    state = st(g)
    state.draw[:0] = state.rows[line]
    state.rows[line] = [_take(state, c) for c in cards]


def _take_tram(state: TrambahnState, tram: str) -> str:
    if tram in state.stack:
        state.stack.remove(tram)
    else:
        state.supply.remove(tram)
    return tram


def rig_column(g: Game, seat: int, line: str, cards: Iterable[str], tram: str | None) -> Column:
    """Add a column to `seat`'s display, with `tram` taken from the stack (or supply)."""
    state = st(g)
    column = Column(state.next_column_id, line)
    state.next_column_id += 1
    for card in cards:
        column.add(_take(state, card))
    column.extra_tour = len(column.cards) >= 8
    if tram is not None:
        column.tram = _take_tram(state, tram)
    state.seats[seat].columns.append(column)
    return column


def rig_money(g: Game, seat: int, count: int) -> None:
    """Set the money pile to `count` cards (moving cards from or to the draw pile)."""
    state = st(g)
    money = state.seats[seat].money
    while len(money) > count:
        state.draw.insert(0, money.pop())
    while len(money) < count:
        money.append(state.draw.pop(0))


def act(g: Game, seat: int, **action: object) -> None:
    g.apply(dict(action), seat)


# --- positions (docs/engine-api.md, "Positions"): a scenario set up without private state ---


def table(seed: int = 0, **options: object) -> dict[str, Any]:
    """The position of a new game, to rig with `put_*` and start with `from_position`."""
    return game(seed, **options).position()


def _pull(position: dict[str, Any], card: str) -> str:
    """Remove one copy of `card` from the draw pile, the discard pile or a money pile."""
    for pile in (position["draw"], position["discard"], *(s["money"] for s in position["seats"])):
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"no free copy of {card}")


def put_hand(position: dict[str, Any], seat: int, cards: Iterable[str]) -> None:
    """Give `seat` exactly `cards`; the old hand goes under the draw pile."""
    hand = position["seats"][seat]["hand"]
    position["draw"][:0] = hand
    position["seats"][seat]["hand"] = [_pull(position, c) for c in cards]


def put_row(position: dict[str, Any], line: str, cards: Iterable[str]) -> None:
    """Passengers waiting in a row."""
    position["draw"][:0] = position["rows"][line]
    position["rows"][line] = [_pull(position, c) for c in cards]


def put_column(
    position: dict[str, Any], seat: int, line: str, cards: Iterable[str], tram: str | None
) -> int:
    """A column for `seat`, its tram taken from the stack (or the supply); returns its id."""
    cards = [_pull(position, c) for c in cards]
    if tram is not None:
        pile = position["stack"] if tram in position["stack"] else position["supply"]
        pile.remove(tram)
    column_id: int = position["next_column"]
    position["next_column"] += 1
    position["seats"][seat]["columns"].append(
        {"id": column_id, "line": line, "cards": cards, "tram": tram, "extra_tour": len(cards) >= 8}
    )
    return column_id


def from_position(position: dict[str, Any]) -> Game:
    """A game of Anna and Ben that starts at `position`."""
    return new_game("trambahn", ["Anna", "Ben"], {}, 0, position=position)
