"""1881's design editions (source.py; docs/1881-design.md, "Editions"): an older game keeps
the board, tiles, market and pars it was played with, a new game gets the latest edition
and records it, and every part an overlay may change takes effect in a game of it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pygame_core import Game, new_game
from pygame_core.core.errors import InvalidAction
from pygame_core.core.position import InvalidPosition
from pygame_core.g1881 import board, source, track
from pygame_core.g1881.catalog import catalog, variant_of
from pygame_core.g1881.companies import ipo_price
from pygame_core.g1881.economy import market_data, market_grid, par_cells, pars

from .game_helpers import FIXTURES, play_checked, world

DATA = Path(source.__file__).parent / "data"
PLAYERS = ["Ada", "Ben", "Cleo", "Dora"]
# Only keys the view gained with editions: everything else is as recorded before them.
NEW_VIEW_KEYS = ("edition", "variant")


def _json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def _save() -> dict[str, Any]:
    save: dict[str, Any] = _json(FIXTURES / "edition1_save.json")
    return save


def _expected() -> dict[str, Any]:
    expected: dict[str, Any] = _json(FIXTURES / "edition1_expected.json")
    return expected


def _overlay(edition: int) -> dict[str, Any]:
    overlay: dict[str, Any] = _json(DATA / f"edition-{edition}.json")
    return overlay


def _old_view(view: dict[str, Any]) -> dict[str, Any]:
    """`view` without what editions added (the options' "edition" too)."""
    out = {k: v for k, v in view.items() if k not in NEW_VIEW_KEYS}
    out["options"] = {k: v for k, v in view["options"].items() if k != "edition"}
    return out


# --- older games keep edition 1 ------------------------------------------------------------


def test_a_save_from_before_editions_replays_to_its_recorded_state() -> None:
    """tests/g1881/fixtures/edition1_save.json was written by the engine before editions
    (4 bots, seed 1881, 400 actions): it loads as edition 1 to the same state and view."""
    save, expected = _save(), _expected()
    assert "edition" not in save["options"]
    game = Game.from_json(save)  # checks the save's own state hash too
    assert len(game.actions) == expected["actions"] == 400
    assert world(game).edition == source.FIRST
    assert game.options == {}
    assert game.state_hash() == expected["state_hash"]
    assert game.at(100).state_hash() == expected["hash_at_100"]
    view = game.view(None)
    assert (view["edition"], view["variant"]) == (1, "standard")
    assert _old_view(view) == expected["view"]


def test_a_game_created_with_edition_1_plays_exactly_as_before() -> None:
    save, expected = _save(), _expected()
    game = Game.replay("1881", save["players"], {"edition": 1}, save["seed"], save["actions"])
    assert game.options == {"edition": 1}
    assert game.state_hash() == expected["state_hash"]
    assert game.at(100).state_hash() == expected["hash_at_100"]


def test_an_old_position_without_edition_is_edition_1() -> None:
    game = Game.from_json(_save())
    position = game.position()
    assert "edition" not in position  # edition-1 positions are written as before
    started = new_game("1881", game.players, {}, game.seed, position=position)
    assert "edition" not in started.options
    assert world(started).edition == 1
    assert started.state_hash() != "" and started.position() == position


# --- new games get the latest edition ----------------------------------------------------------


def test_a_new_game_records_the_latest_edition_in_its_save_and_position() -> None:
    latest = source.latest()
    assert latest == max(source.editions()) >= 2
    game = new_game("1881", PLAYERS, {}, 7)
    assert game.options == {"edition": latest}
    assert world(game).edition == latest
    assert game.save()["options"]["edition"] == latest
    assert game.position()["edition"] == latest
    assert Game.from_json(game.to_json()).options == {"edition": latest}
    # The same record without the option is another game: edition 1.
    assert world(Game("1881", PLAYERS, {}, 7)).edition == 1


def test_new_game_keeps_a_chosen_edition() -> None:
    game = new_game("1881", PLAYERS, {"edition": 1, "s_veto": True}, 7)
    assert game.options == {"edition": 1, "s_veto": True}


@pytest.mark.parametrize("value", [0, len(source.editions()) + 1, "2", 2.0, True, None])
def test_an_unknown_edition_is_refused_naming_the_option_and_the_editions(value: Any) -> None:
    with pytest.raises(InvalidAction) as refused:
        new_game("1881", PLAYERS, {"edition": value}, 7)
    message = refused.value.message
    assert "'edition'" in message and ", ".join(map(str, source.editions())) in message


def test_an_unknown_edition_in_a_save_is_refused_and_the_api_game_stays() -> None:
    from pygame_core.api import handle

    def call(req: dict[str, Any]) -> dict[str, Any]:
        reply: dict[str, Any] = json.loads(handle(json.dumps(req)))
        return reply

    made = call({"op": "new", "game_id": "ed", "title": "1881", "players": PLAYERS, "seat": None})
    assert made["ok"] and made["save"]["options"] == {"edition": source.latest()}
    bad = {**_save(), "options": {"edition": 99}}
    refused = call({"op": "load", "game_id": "ed", "save": bad, "seat": None})
    assert not refused["ok"] and "'edition'" in refused["error"]["message"]
    kept = call({"op": "state", "game_id": "ed", "seat": None})
    assert kept["ok"] and kept["save"]["state_hash"] == made["save"]["state_hash"]


def test_a_position_and_its_game_must_agree_on_the_edition() -> None:
    game = new_game("1881", PLAYERS, {}, 7)
    with pytest.raises(InvalidPosition, match="'edition'"):
        Game("1881", PLAYERS, {"edition": 1}, 7, position=game.position())


# --- edition 2 takes its values from the overlay -------------------------------------------------


@pytest.mark.parametrize("edition", source.editions()[1:])
def test_each_edition_plays_with_its_overlays_pars_par_cells_and_market(edition: int) -> None:
    """B-4 pars and B-3 market as data/edition-N.json sets them over edition N-1 (read from
    the file, so the test follows the data's edits); companies it leaves alone keep the
    previous edition's."""
    market = _overlay(edition).get("stock_market", {})
    game = new_game("1881", PLAYERS, {"edition": edition}, 3)
    w = world(game)
    changed = market.get("par_values", {})
    for corp, par in pars(edition - 1).items():
        expected = changed.get(corp, par)
        assert pars(edition)[corp] == expected == ipo_price(w.eco, corp)
        assert game.view(None)["companies"][corp]["par"] == expected
        cell = tuple(market.get("par_cells", {}).get(corp, par_cells(edition - 1)[corp]))
        assert par_cells(edition)[corp] == cell
        assert market_grid(edition).price(cell) == expected
    if "raw_rows" in market:
        rows = [
            [int(str(c).rstrip("abcdefghijklmnopqrstuvwxyz")) for c in r]
            for r in market["raw_rows"]
        ]
        assert market_data(edition)["rows"] == rows
    assert w.eco.market.grid is market_grid(edition)


@pytest.mark.parametrize(
    "edition",
    [e for e in source.editions()[1:] if _overlay(e).get("stock_market", {}).get("par_values")],
)
def test_an_edition_floats_a_company_with_ten_times_its_new_par(edition: int) -> None:
    """4.26: "den Gesamtwert aller ihrer Aktien (also das Zehnfache ihres Ausgabekurses)":
    the capital is 10 x the edition's par (new shares' money goes to the bank)."""
    before = pars(edition - 1)
    changed = {
        c for c in _overlay(edition)["stock_market"]["par_values"] if pars(edition)[c] != before[c]
    }
    for seed in range(11, 21):  # bots open some companies only: play until one floats
        game = new_game("1881", PLAYERS, {"edition": edition}, seed)
        w = world(game)
        while not changed & set(w.eco.floated) and game.result() is None:
            seat = game.active if game.active is not None else game.acting[0]
            game.apply(game.bot_action(seat, "normal"), seat)
        if changed & set(w.eco.floated):
            break
    else:
        raise AssertionError(f"none of {changed} floated in seeds 11-20")
    corp = sorted(changed & set(w.eco.floated))[0]
    assert w.eco.money.cash(corp) == 10 * pars(edition)[corp] != 10 * before[corp]


@pytest.mark.parametrize("edition", source.editions()[1:])
def test_a_bot_game_of_a_later_edition_ends_with_the_invariants_kept(edition: int) -> None:
    game, actions, failures = play_checked(4, 21, options={"edition": edition}, roundtrip=True)
    assert world(game).edition == edition
    assert not failures, failures[:3]
    assert game.result() is not None and actions > 400


def test_the_catalog_is_the_games_edition() -> None:
    for edition in source.editions():
        cat = catalog(variant_of(edition))
        assert cat["edition"] == edition
        assert {c: v["par"] for c, v in cat["companies"].items()} == {
            c: p for c, p in pars(edition).items() if c in cat["companies"]
        }
        game = new_game("1881", PLAYERS, {"edition": edition}, 1)
        assert game.view(None)["variant"] == variant_of(edition)
    assert catalog("standard")["edition"] == 1


# --- what an overlay may change takes effect -----------------------------------------------------

# A made-up edition after the shipped ones (test only): a tile's revenue and count, a
# printed hex's code and build bonus.
_TILE_57 = source.section("tiles")["definitions"]["57"]["code"]
MADE_UP = {
    "_about": {"test": "a tile, a printed hex and its bonus changed"},
    "tiles": {
        "definitions": {"57": {"count": 2, "code": _TILE_57.replace("revenue:40", "revenue:60")}}
    },
    "maps": {
        "standard": {
            "hexes": {
                "A5": {
                    "code": "city=revenue:0;upgrade=cost:70,terrain:forest",
                    "build_bonus": 40,
                }
            }
        }
    },
}


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """MADE_UP as the edition after the shipped ones (the newest: new games play it)."""
    real = source._read
    number = source.latest() + 1

    def read(name: str) -> dict[str, Any] | None:
        made_up = name == f"edition-{number}.json"
        return json.loads(json.dumps(MADE_UP)) if made_up else real(name)

    monkeypatch.setattr(source, "_read", read)
    source.forget(number)
    yield number
    monkeypatch.undo()
    source.forget(number)


def test_an_overlays_tiles_hexes_and_bonuses_reach_the_game(made_up: int) -> None:
    """6.15 lay cost and 6.16 build bonus of a printed hex, Table 6's count and a tile's
    revenue, each as the overlay sets them; edition 2 stays as it was."""
    game = new_game("1881", PLAYERS, {}, 5)
    assert game.options == {"edition": made_up}
    w = world(game)
    assert w.map.board is board.board(made_up)
    assert track.outcome(w.map, "A5") == track.LayOutcome(70, 40, upgrade=False)
    assert track.outcome(board.initial_state(2), "A5") == track.LayOutcome(50, 30, upgrade=False)
    (stop,) = board.tiles(made_up)["57"].stops
    assert stop.revenue.at(("gray",)) == 60
    assert game.view(None)["tile_supply"]["57"] == 2 == board.tile_counts(made_up)["57"]
    assert board.tile_counts(2)["57"] == 1
    # the tile keeps what the overlay did not name (its colour, Table 6 upgrades)
    assert board.tiles(made_up)["57"].colour == board.tiles(2)["57"].colour


def test_an_overlay_may_not_change_the_rulebooks_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    real = source._read
    bad = {"constants": {"bank_cash": 1}}
    monkeypatch.setattr(source, "_read", lambda n: bad if n == "edition-3.json" else real(n))
    source.forget(3)
    try:
        with pytest.raises(ValueError, match="constants"):
            source.data(3)
    finally:
        monkeypatch.undo()
        source.forget(3)


@pytest.mark.parametrize(
    ("market", "refusal"),
    [
        ({"par_values": {"SBV": 55}}, "SBV's par is 55, its cell"),  # the cell shows 70
        ({"par_values": {"SBV": 55}, "par_cells": {"SBV": [3, 3]}}, "not marked 'p'"),
    ],
)
def test_a_par_cell_must_be_a_p_field_showing_the_par(
    monkeypatch: pytest.MonkeyPatch, market: dict[str, Any], refusal: str
) -> None:
    """B-4: a company starts on a par field ("p") that shows its par."""
    real = source._read
    bad = {"stock_market": market}
    monkeypatch.setattr(source, "_read", lambda n: bad if n == "edition-3.json" else real(n))
    source.forget(3)
    try:
        with pytest.raises(ValueError, match=refusal):
            market_data(3)
    finally:
        monkeypatch.undo()
        source.forget(3)


def test_merge_replaces_lists_and_merges_objects() -> None:
    base = {"a": {"x": 1, "y": [1, 2]}, "b": 2}
    assert source.merge(base, {"a": {"y": [3]}, "c": 4}) == {
        "a": {"x": 1, "y": [3]},
        "b": 2,
        "c": 4,
    }
    assert base == {"a": {"x": 1, "y": [1, 2]}, "b": 2}


# --- the shipped demos and saves ---------------------------------------------------------------


def test_the_shipped_1881_demos_are_edition_1_and_still_load() -> None:
    demos = Path(__file__).resolve().parents[2] / "web" / "demos"
    found = 0
    for path in sorted(demos.glob("1881*.json")):
        demo = _json(path)
        save = {k: demo[k] for k in ("players", "options", "seed", "actions", "state_hash")}
        if demo.get("position") is not None:
            save |= {"position": demo["position"], "version": demo["save_version"]}
        game = Game.from_json({"format": "tramways-save", "version": 1, "title": "1881", **save})
        assert world(game).edition == 1, path.name
        found += 1
    assert found
