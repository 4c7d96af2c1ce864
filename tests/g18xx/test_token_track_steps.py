"""The token and track steps' shared rules (g18xx/steps/token.py, track.py): token costs by
count and where the next token may go (1840 IX.6, seed 002; 1881 7.2, seed 004: 40/80/120
by count), and a printed lay cost paid for the first tile only (1840 IX.4)."""

from __future__ import annotations

from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.steps import token, track
from pygame_core.g18xx.tiles import parse_tile

from .helpers import board

ROW = {
    "C3": "town=revenue:10;path=a:4,b:_0",
    "C5": "city=revenue:20,slots:1;path=a:1,b:_0;path=a:_0,b:4",
    "C7": "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4",
    "C9": "city=revenue:30,slots:2;path=a:1,b:_0;path=a:_0,b:4",
}


def test_token_costs_go_by_count() -> None:
    costs = (40, 80, 120)
    assert [token.next_cost(costs, n) for n in range(4)] == [40, 80, 120, None]


def test_the_next_token_goes_on_a_reached_free_slot_not_blocked_nor_on_an_own_hex() -> None:
    state = board(ROW)
    state.place_token("C5", 0, "A")
    assert token.open_cities(state, TrackGraph(state), "A") == [("C9", 0)]
    state.place_token("C9", 0, "B")
    # C5's only slot is A's: B reaches it but may not place there, nor again on C9.
    assert token.open_cities(state, TrackGraph(state), "B") == []
    # A still may join B in C9's second slot.
    assert token.open_cities(state, TrackGraph(state), "A") == [("C9", 0)]


def test_a_printed_lay_cost_is_paid_for_the_first_tile_only() -> None:
    state = board({**ROW, "B6": "upgrade=cost:40"})
    assert track.lay_cost(state, "B6") == 40
    assert track.lay_cost(state, "C5") == 0
    state.lay("B6", parse_tile("7", "path=a:0,b:1", "yellow"), 0)
    assert track.lay_cost(state, "B6") == 0
