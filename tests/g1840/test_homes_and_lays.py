"""Reserved homes (1840 IX.6) and where a Line may lay track (IX.4, IX.5)."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.tiles import Gauge
from pygame_core.g1840 import board as g1840

from ..g18xx.helpers import board
from .fixture import run_positions

T = g1840.tiles()


def test_reserved_home_refuses_other_lines_and_takes_its_own() -> None:
    # IX.6: no token "auf den letzten freien Kreis einer Station ..., wenn in dieser Station
    # die Startstation einer noch nicht in Betrieb genommenen Gesellschaft ist".
    state = g1840.initial_state()
    with pytest.raises(IllegalAction) as refused:
        state.place_token("B12", 0, "5")  # Döbling: Line 11's home, one slot
    assert refused.value.rule == "1840 IX.6"
    assert state.tokens_at("B12", 0) == (None,)  # checked before anything changed
    state.place_token("B12", 0, "11")
    assert state.tokens_at("B12", 0) == ("11",)


def test_reserved_slot_next_to_a_stadtbahn_token() -> None:
    # G3 Penzing (red, two slots): V's token and Line 13's home leave nothing for others.
    state = g1840.initial_state()
    assert state.tokens_at("G3", 0) == (None, "V")
    with pytest.raises(IllegalAction, match="reserved"):
        state.place_token("G3", 0, "4")
    state.place_token("G3", 0, "13")


def test_reservation_ends_with_the_home_token_or_the_line() -> None:
    # H28 upgraded to two slots: once Line 4 has its home token, the other slot is free
    # for anyone; a Line leaving the game frees its home (its reservation goes too).
    state = g1840.initial_state()
    state.lay("H28", T["57"], 0)
    state.lay("H28", T["619"], 0)
    state.place_token("H28", 0, "7")  # leaves one slot for Line 4
    with pytest.raises(IllegalAction):
        state.place_token("H28", 0, "9")
    state.place_token("H28", 0, "4")
    state.release("11")
    state.place_token("B12", 0, "5")


def test_oo_home_hex_keeps_a_city_for_each_line() -> None:
    # D18 is the home of Lines 1 and 2 (which city is chosen when it has track): after
    # Line 2's token the other city is kept for Line 1 until Line 1 leaves the game.
    state = g1840.initial_state()
    state.lay("D18", T["235"], 4)
    state.place_token("D18", 0, "2")
    with pytest.raises(IllegalAction, match="reserved"):
        state.place_token("D18", 1, "5")
    copy = state.copy()
    copy.place_token("D18", 1, "1")
    state.release("1")
    state.place_token("D18", 1, "5")


def test_reservations_follow_the_city_when_a_tile_is_laid() -> None:
    state = g1840.initial_state()
    state.lay("B12", T["57"], 1)
    city = next(s.part for s in state.tile("B12")[0].stops)
    assert state.reserved["B12"] == {city: ["11"]}
    with pytest.raises(IllegalAction):
        state.place_token("B12", city, "5")


def test_an_empty_reserved_slot_does_not_block_routes() -> None:
    # IX.5: "Sofern auf einem Plättchen mindestens ein freier Platz für einen
    # Stationsmarker ist, können beliebige Linien Routen durch diesen Umsteigepunkt
    # hindurchführen"; IX.7 blocks only cities full of other companies' tokens.
    state = board(
        {
            "C3": "city=revenue:20;path=a:4,b:_0",
            "C5": "city=revenue:20;path=a:1,b:_0;path=a:4,b:_0",
            "C7": "town=revenue:10;path=a:1,b:_0",
        }
    )
    state.reserve("C5", "X", 0)
    state.place_token("C3", 0, "A")
    assert "C7" in TrackGraph(state).reach("A").hexes


# --- tile lays -------------------------------------------------------------------------


def test_first_tile_goes_on_the_home_hex() -> None:
    # IX.4: "Das erste Plättchen ... muss eine Gesellschaft auf das Feld ihrer
    # Heimatstation legen"; with nothing but a token on a trackless hex there is nowhere
    # else to reach anyway, first lay or not.
    state = g1840.initial_state()
    state.place_token("B12", 0, "11")
    for first in (True, False):
        lays = g1840.line_legal_lays(state, "11", ["yellow"], first_lay=first)
        assert lays and {h for h, _, _ in lays} == {"B12"}
    assert {(t, r) for _, t, r in lays} == set(g1840.legal_lays(state, "B12", ["yellow"]))


def test_new_track_must_continue_the_lines_broad_track() -> None:
    # IX.4 "von einer eigenen Station aus über eine Route erreichbar"; IX.7: trams may not
    # use Stadtbahn (narrow) track, so it does not carry a Line's network either.
    state = g1840.initial_state()
    state.place_token("B12", 0, "11")
    state.lay("B12", T["57"], 0)  # exits to C11 (white) and A13 (red off-board)
    exits = state.tile("B12")[0].exits(0)
    lays = g1840.line_legal_lays(state, "11", ["yellow"])
    neighbours = {n for e in exits if (n := state.board.neighbour("B12", e)) is not None}
    buildable = {h for h in neighbours if state.board.hexes[h].colour == "white"}
    assert buildable == {"C11"}
    assert {h for h, _, _ in lays} == buildable - _orange(state)
    for coord, name, rotation in lays:
        if coord != "B12":
            back = next(e for e in exits if state.board.neighbour("B12", e) == coord)
            assert (back + 3) % 6 in T[name].exits(rotation, Gauge.BROAD)
    # Track towards B10/B14 (orange Stadtbahn hexes) offers nothing: those take only
    # Stadtbahn tiles, a separate lay (IX.4).
    state2 = g1840.initial_state()
    state2.place_token("B12", 0, "11")
    state2.lay("B12", T["57"], 1)
    assert g1840.line_legal_lays(state2, "11", ["yellow"]) == []


def _orange(state: MapState) -> set[str]:
    return {c for c, s in state.board.hexes.items() if s.required_exits and state.is_printed(c)}


def _brute_force(state: MapState, line: str, colours: list[str]) -> set[tuple[str, str, int]]:
    """Lays after which the Line reaches the hex: every map-legal lay, tried."""
    out = set()
    own = {c for c, _ in state.corp_tokens(line)}
    for coord in set(state.board.hexes) - _orange(state):
        for name, rotation in g1840.legal_lays(state, coord, colours):
            after = state.copy()
            after.lay(coord, T[name], rotation)
            if coord in own or coord in g1840.line_graph(after).reach(line).hexes:
                out.add((coord, name, rotation))
    return out


@pytest.mark.parametrize("index", [0, 12])
def test_lays_match_trying_every_lay_on_recorded_positions(index: int) -> None:
    # The recorded 2-player game: for each Line on the map, the lays offered are exactly
    # the map-legal lays after which the Line reaches the hex (IX.4, IX.5).
    position = run_positions()[index]
    state = position.state
    lines = sorted(
        {t for c in state.tokens.values() for s in c.values() for t in s if t} - set("WVGD")
    )
    colours = list(g1840.phase_colours(position.record["phase"]))
    for line in lines:
        lays = g1840.line_legal_lays(state, line, colours)
        assert set(lays) == _brute_force(state, line, colours), line
        assert len(lays) == len(set(lays))
