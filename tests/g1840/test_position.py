"""1840 positions (docs/engine-api.md, "Positions"): a game starts from any position a game
reaches, and each check of a position refuses what no game reaches, naming it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from pygame_core import Game, new_game
from pygame_core.core.position import InvalidPosition

from .helpers import NAMES, act, game, private_auction, seat, to_round, world

Position = dict[str, Any]


def _start(position: Any, players: int = 2, profile: str = "rulebook") -> Game:
    return new_game("1840", list(NAMES[:players]), {"profile": profile}, 0, position=position)


def _same(a: Game, b: Game) -> None:
    assert b.position() == a.position()
    assert b.state.canonical() == a.state.canonical()
    assert b.active == a.active
    if a.active is not None:
        assert b.legal_actions(a.active) == a.legal_actions(a.active)


@pytest.mark.parametrize("profile", ["rulebook", "18xx.games"])
def test_a_new_games_position_starts_the_same_game(profile: str) -> None:
    original = game(4, profile=profile, seed=3)
    _same(original, _start(original.position(), 4, profile))


def test_a_position_in_the_private_auction_keeps_the_bids() -> None:
    # VI: the auction is part of the position; the next bid is judged as in the original.
    g = game(3, seed=1)
    act(g, g.bot_action(seat(g), "easy"))
    assert private_auction(g) is not None
    started = _start(g.position(), 3)
    _same(g, started)
    assert world(started).auction is not None


def test_a_position_in_a_company_round_plays_on_the_same() -> None:
    g = game(2, seed=5)
    to_round(g, "CR 1")
    started = _start(g.position())
    for _ in range(30):
        if g.active is None:
            break
        s = seat(g)
        action = g.bot_action(s, "easy")
        g.apply(action, s)
        started.apply(action, s)
        _same(g, started)


def _position(players: int = 2, rounds: str = "SR 1") -> Position:
    g = game(players, seed=2)
    to_round(g, rounds)
    p: Position = json.loads(json.dumps(g.position()))
    return p


def _refused(change: Callable[[Position], object], match: str, *, rounds: str = "SR 1") -> None:
    p = _position(rounds=rounds)
    change(p)
    with pytest.raises(InvalidPosition, match=match):
        _start(p)


# --- III.5 money, IV.1 / VII.3 shares, I. tiles, IX.6 markers, VIII.5.3 trams ---------------


def test_money_is_conserved() -> None:
    # III.5: the bank is unlimited (it starts at 0); money only moves between holders
    _refused(lambda p: p["cash"].update(p0=p["cash"]["p0"] + 10), "holders sum to 10, not 0")


def test_nobody_but_the_bank_is_negative() -> None:
    def negative(p: Position) -> None:
        p["cash"]["bank"] += p["cash"]["p0"] + 5
        p["cash"]["p0"] = -5

    _refused(negative, r"p0's cash must be a whole number 0\.\.")


def test_a_certificate_has_a_known_owner() -> None:
    def stray(p: Position) -> None:
        cert = next(iter(p["shares"]["owners"]))
        p["shares"]["owners"][cert] = "p9"

    _refused(stray, "a share's owner")


def test_no_player_holds_more_than_60_percent() -> None:
    def hoard(p: Position) -> None:
        owners = p["shares"]["owners"]
        for cert in [c for c in owners if c.startswith("W_")][:7]:
            owners[cert] = "p0"

    _refused(hoard, "more than 60%")


def test_tiles_stay_within_the_manifest() -> None:
    def flood(p: Position) -> None:
        for coord in ("D22", "E23", "D12"):
            p["map"]["tiles"][coord] = {"tile": "L16", "rotation": 0}

    # the rulebook has two L16 (I.: three brown Stadtbahn tiles): a third is one too many
    _refused(flood, "3 x L16 on the map, 2 exist")
    _refused(
        lambda p: p["map"]["tiles"].update(D22={"tile": "X99", "rotation": 0}), "the tile on D22"
    )
    _refused(lambda p: p["map"]["tiles"].update(Z99={"tile": "1", "rotation": 0}), "not on the map")


def test_a_marker_belongs_to_a_known_line() -> None:
    _refused(lambda p: p["map"]["tokens"].update(A17={"0": ["Q"]}), "unknown marker 'Q'")


def test_every_tram_is_in_one_place() -> None:
    def twice(p: Position) -> None:
        p["depot"]["stock"]["Y1"].append(p["depot"]["stock"]["Y1"][0])

    _refused(twice, "in 2 places")
    _refused(lambda p: p["depot"]["stock"]["Y1"].pop(), "missing")


# --- the round track: round, step and bookkeeping --------------------------------------------


def test_the_step_belongs_to_its_round() -> None:
    _refused(lambda p: p.update(step="line_turn"), "not one of round SR 1's")
    _refused(lambda p: p.update(round=99), "'round' must be a whole number")


def test_a_step_keeps_its_own_bookkeeping() -> None:
    _refused(lambda p: p.update(sr=None), "needs 'sr'")
    _refused(lambda p: p.update(choosing=[0]), "has no 'choosing'")


def test_over_only_at_the_end() -> None:
    _refused(lambda p: p.update(over=True), "'over' is true exactly")


def test_fields_profile_and_map_must_match_the_game() -> None:
    _refused(lambda p: p.update(zzz=1), "no field 'zzz'")
    _refused(lambda p: p.pop("market"), "lacks 'market'")
    _refused(lambda p: p.update(profile="18xx.games"), "'18xx.games' profile")
    _refused(lambda p: p.update(variant="standard"), "play on 'two_player'")
    _refused(lambda p: p.update(order="x"), "'order' must be a list")
    _refused(lambda p: p.update(market=[[0, 0, ["ZZ"]]]), "a market cell's companies")


def test_the_players_must_fit_the_position() -> None:
    p = _position()
    with pytest.raises(InvalidPosition, match="1840 is a game for 2 to 6"):
        new_game("1840", ["A"], {}, 0, position=p)
    with pytest.raises(InvalidPosition, match="'cash' lists the bank, then every player"):
        new_game(
            "1840",
            ["A", "B", "C"],
            {"three_player_small": True},
            0,
            position={**p, "variant": "three_player_small"},
        )


def test_no_text_form() -> None:
    g = game()
    assert g.position_text() is None
    with pytest.raises(InvalidPosition, match="no text form"):
        _start("1840 something")


def test_a_game_from_a_position_saves_and_loads() -> None:
    p = _position(rounds="CR 1")
    g = _start(p)
    for _ in range(10):
        s = seat(g)
        g.apply(g.bot_action(s, "easy"), s)
    loaded = Game.from_json(g.to_json())
    assert loaded.start_position == p and loaded.state_hash() == g.state_hash()
    assert loaded.at(0).position() == p


def test_a_lines_last_run_names_its_stops() -> None:
    p = _position(rounds="CR 2")
    ran = [s for s, c in p["lines"].items() if c["last_run"] is not None]
    assert ran, "no Line has run by CR 2"
    assert _start(p).position() == p
    p["lines"][ran[0]]["last_run"]["stops"] = ["E17"]
    with pytest.raises(InvalidPosition, match="names its stops like 'E17-0'"):
        _start(p)
