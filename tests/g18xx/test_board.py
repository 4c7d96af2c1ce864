"""The map state: which edges a tile may face, laying tiles, tokens moving on upgrades."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.board import moved_stops
from pygame_core.g1840.board import UPGRADE_RULES, tiles

from .helpers import board

T = tiles()


def test_open_edges_gray_neighbours_and_impassable_borders() -> None:
    # A gray neighbour is passable only where its own track meets the edge; an impassable
    # border closes the hexside from either side.
    state = board(
        {
            "C5": "",
            "C7": ("gray", "town=revenue:20;path=a:1,b:_0"),  # track towards C5 (edge 1)
            "C3": ("gray", "town=revenue:20;path=a:0,b:_0"),  # none towards C5
            "B4": ("white", "border=edge:5,type:impassable"),  # closes C5's edge 2
            "B6": "",
        }
    )
    assert state.board.open_edges("C5") == {3, 4}
    assert state.board.neighbour("C5", 2) is None and state.board.neighbour("C5", 3) == "B6"


def test_tokens_follow_their_city_through_upgrades() -> None:
    # IX.5 "Lagen Stationsmarker auf dem Plättchen, so werden diese in gleicher Weise auf
    # das neue Plättchen gelegt": OO D18 with a token on the city joined to edge 4.
    state = board({"D18": "city=revenue:0;city=revenue:0;label=OO"})
    state.lay("D18", T["235"], 4)  # city 0 joined to edge 4
    state.place_token("D18", 0, "2")
    state.lay("D18", T["8859"], 1)  # city 0: edges 1, 4; city 1: edges 3, 0
    assert state.slots("D18", 0) == ["2"] and state.slots("D18", 1) == [None]
    state.place_token("D18", 1, "5")
    state.lay("D18", T["L17"], 1)  # both cities merge into one with two slots
    assert state.slots("D18", 0) == ["2", "5"]


def test_token_moves_to_the_city_that_keeps_its_exits() -> None:
    state = board({"D18": "city=revenue:0;city=revenue:0;label=OO"})
    state.lay("D18", T["235"], 0)  # city 0 joined to edge 0
    state.place_token("D18", 0, "1")
    state.lay("D18", T["8858"], 3)  # city 1's edges 1, 3 turn to 4, 0: it keeps edge 0
    assert state.slots("D18", 1) == ["1"] and state.slots("D18", 0) == [None]


def test_slots_grow_and_tokens_are_checked() -> None:
    state = board({"H28": "city=revenue:0"})
    state.place_token("H28", 0, "4")
    with pytest.raises(IllegalAction):
        state.place_token("H28", 0, "18", 0)
    state.lay("H28", T["6"], 0)
    state.lay("H28", T["619"], 0)
    state.place_token("H28", 0, "18")
    assert state.slots("H28", 0) == ["4", "18"]
    assert state.remove_token("H28", 0, 0) == "4"
    assert state.corp_tokens("18") == [("H28", 0)]
    copy = state.copy()
    copy.place_token("H28", 0, "7")
    assert state.slots("H28", 0) == [None, "18"]


def test_legal_lays_on_the_map() -> None:
    # First tile on a blank hex next to a gray hex whose track faces it.
    state = board({"C5": "", "C7": ("gray", "town=revenue:20;path=a:1,b:_0"), "B6": ""})
    lays = state.legal_lays("C5", T.values(), {"58": 1, "4": 1, "3": 1}, ["yellow"], UPGRADE_RULES)
    assert all(T[t].exits(r) <= {3, 4} for t, r in lays)
    assert ("58", 3) not in lays and ("3", 3) in lays


def test_moved_stops_follow_their_track() -> None:
    # A stop moves to the new stop that keeps all its track (city 0 of 235 on edge 0 ends
    # up as city 1 of 8858 turned by 3); stops without track are not named.
    assert moved_stops(T["235"], 0, T["8858"], 3) == {0: 1}
    assert moved_stops(T["57"], 0, T["15"], 0) == {0: 0}
    assert moved_stops(T["235"], 0, T["235"], 0) == {0: 0}  # city 1 has no track
