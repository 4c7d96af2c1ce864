"""Game links, format 1 (pygame_core/links.py, docs/links.md): any save round-trips through a
link; a link of every title replays to the same game; damaged, tampered, bomb and
unknown-version links are refused with a clear message; a shipped link keeps opening; a
Trambahn link shows every hand (the decision in docs/links.md)."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core import CorruptSave, Game, new_game
from pygame_core.links import (
    LINK_VERSION,
    MAX_INFLATED,
    compact,
    decode,
    deflate,
    encode,
    fragment,
    parse_fragment,
)

# A format-1 link made when the format shipped (a 3-player 1840 game, seed 41, 12 bot
# actions): its decoder must keep reading it for as long as the format is offered.
SHIPPED_V1 = (
    "1.PYsxD4IwFIT_y81veK2QmG7iyGJwbDpU7UA0SChhIfx3X7F0udyX-27FDAN1rhiEEcbiMgxeehMGyevHTx6O8IVZN0KE"
    "qRRhgZF8i27x6F_pOvWLn8O_PYNcLEYfI5ycfRKZmHDrQIplVIVqIX2QThuT2g11eG2bF12o3r1MJy6-zinLvckLF6qd234"
)
SHIPPED_V1_HASH = "d10c0f3b240cd5ba3cfa3178a340e87cc203d9febc1e7ca8998e45f290575d18"


def played(title: str, players: int, n: int, seed: int = 7) -> Game:
    """`n` bot actions (or fewer, if the game ends) of a seeded game."""
    return play_on(new_game(title, [f"P{i + 1}" for i in range(players)], {}, seed), n)


def play_on(game: Game, n: int) -> Game:
    """The bots play `game` on until it has `n` actions (or ends)."""
    while len(game.actions) < n and game.result() is None:
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    return game


def without_hash(save: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in save.items() if k != "state_hash"}


def payload(obj: Any) -> str:
    """A format-1 value for any JSON object (to build damaged links)."""
    raw = deflate(json.dumps(obj))
    return "1." + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
actions = st.builds(
    lambda type_, rest, seat: {"seat": seat, "action": {"type": type_, **rest}},
    st.text(min_size=1, max_size=10),
    st.dictionaries(st.text(max_size=8).filter(lambda k: k != "type"), json_values, max_size=5),
    st.integers(0, 5),
)
saves = st.fixed_dictionaries(
    {
        "format": st.just("tramways-save"),
        "version": st.integers(1, 3),
        "title": st.text(max_size=10),
        "players": st.lists(st.text(max_size=12), min_size=1, max_size=6),
        "options": st.dictionaries(st.text(max_size=8), json_values, max_size=3),
        "seed": st.integers(0, 2**53 - 1),
        "actions": st.lists(actions, max_size=30),
    }
)


@settings(max_examples=150, deadline=None)
@given(saves)
def test_any_save_round_trips_through_a_link(save: dict[str, Any]) -> None:
    assert decode(encode(save)) == save


@settings(max_examples=50, deadline=None)
@given(saves, st.dictionaries(st.sampled_from(["position", "note"]), json_values, min_size=1))
def test_other_save_fields_travel_unchanged(save: dict[str, Any], extra: dict[str, Any]) -> None:
    # a field the save gains later (e.g. a starting position) needs no new link format
    assert decode(encode({**save, **extra})) == {**save, **extra}


def test_the_type_is_part_of_an_action_shape() -> None:
    # 1840's "pass" and "done" have the same (no) keys: each keeps its own row of the table
    save = without_hash(played("1840", 5, 120).save())
    keys = [tuple(k[1:]) for k in compact(save)["k"]]
    assert len(set(keys)) < len(keys), "no two types with the same keys: nothing is tested"
    assert decode(encode(save)) == save


@pytest.mark.parametrize(
    ("title", "players"),
    [("trambahn", 2), ("1840", 2), ("1840", 6), ("1881", 3), ("1881", 6)],
)
def test_a_link_replays_to_the_same_game(title: str, players: int) -> None:
    game = played(title, players, 80)
    save = decode(encode(game.save()))
    assert save == without_hash(game.save())
    assert Game.from_json(save).state_hash() == game.state_hash()


def test_a_tampered_action_is_refused_by_its_number() -> None:
    save = played("1840", 3, 60).save()
    i = next(n for n, rec in enumerate(save["actions"]) if rec["action"]["type"] == "par")
    save["actions"][i]["action"]["price"] += 1  # no such start price
    with pytest.raises(CorruptSave, match=rf"^Action {i} in the save cannot be replayed: .*price"):
        Game.from_json(decode(encode(save)))


def test_a_shipped_link_still_opens() -> None:
    save = decode(SHIPPED_V1)
    assert (save["title"], save["players"], save["seed"]) == ("1840", ["Anna", "Ben", "Clara"], 41)
    assert save["actions"][0] == {
        "seat": 0,
        "action": {"type": "bid", "private": "PR", "price": 10},
    }
    assert Game.from_json(save).state_hash() == SHIPPED_V1_HASH


GOOD = encode(played("trambahn", 2, 10).save())


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            f"{LINK_VERSION + 1}.{GOOD[2:]}",
            re.escape("made by a newer version (link format 2; this one reads up to 1)"),
        ),
        ("0.abc", "Unknown game link format '0'"),
        ("abc", "not a Tramways game link"),
        (GOOD[: len(GOOD) // 2], "cut short"),
        ("1.***", "characters a link never has"),
        ("1." + base64.urlsafe_b64encode(b"not deflate at all").decode(), "cannot be unpacked"),
        (GOOD + "AAAA", "more after its end"),
        (payload([1, 2]), "its content is not an object"),
        (payload({"k": [["pass"]], "a": [[0, 1]]}), r"Action 1 in the link is damaged \(its type"),
        (payload({"k": [["pass"]], "a": [[0, 0], [0, 0, "x"]]}), "Action 2 in the link is damaged"),
        (payload({"k": [["pass"]], "a": [["0", 0]]}), "Action 1 in the link is damaged"),
        (payload({"k": [[1]], "a": []}), "table of action types"),
        (payload({"k": [], "a": {}}), "action list"),
        (payload({"k": [], "a": [], "x": []}), "extra fields"),
    ],
)
def test_a_damaged_link_is_refused_clearly(value: str, message: str) -> None:
    with pytest.raises(CorruptSave, match=message):
        decode(value)


def test_a_link_that_unpacks_too_large_is_refused() -> None:
    bomb = base64.urlsafe_b64encode(deflate(" " * (MAX_INFLATED + 1))).decode()
    assert len(bomb) < 50_000  # small as a link, huge once unpacked
    with pytest.raises(CorruptSave, match="too large once unpacked"):
        decode(f"1.{bomb}")


def test_a_fragment_names_the_moment() -> None:
    save = without_hash(played("1840", 2, 30).save())
    assert parse_fragment("#" + fragment(save, action=12)) == (save, 12)
    assert parse_fragment(fragment(save)) == (save, None)
    with pytest.raises(CorruptSave, match="not a whole number"):
        parse_fragment(fragment(save) + "&action=-1")
    with pytest.raises(CorruptSave, match="no 'game=' in it"):
        parse_fragment("#action=3")


def test_a_trambahn_link_shows_every_hand() -> None:
    # The decision (docs/links.md, "Hidden information"): a link carries the seed and every
    # action, so whoever opens it can see each seat's hand, the other player's too. The page
    # therefore warns before it makes a Trambahn link of a running game.
    game = played("trambahn", 2, 9)
    opened = Game.from_json(decode(encode(game.save())))
    for seat in (0, 1):
        assert opened.view(seat) == game.view(seat)
    hand = game.view(1)["seats"][1]["hand"]
    assert hand, "seat 1 holds cards"
    assert game.view(0)["seats"][1]["hand"] is None  # hidden from seat 0 in the game
    assert opened.view(1)["seats"][1]["hand"] == hand  # but anyone with the link sees it


def from_position(title: str, players: int, before: int, after: int) -> Game:
    """A game started from the position after `before` bot actions of a seeded game (another
    seed), then `after` bot actions on."""
    position = played(title, players, before).position()
    names = [f"P{i + 1}" for i in range(players)]
    return play_on(new_game(title, names, {}, 99, position=position), after)


@pytest.mark.parametrize(("title", "players"), [("trambahn", 2), ("1840", 4), ("1881", 3)])
def test_a_game_from_a_position_travels_in_a_format_1_link(title: str, players: int) -> None:
    # the save carries the position (version 2); format 1 keeps it in `x`, no new format
    game = from_position(title, players, 40, 12)
    value = encode(game.save())
    assert value.startswith("1.")
    save = decode(value)
    assert save["version"] == 2 and save["position"] == game.start_position
    opened = Game.from_json(save)
    assert opened.state_hash() == game.state_hash()
    assert opened.at(0).position() == game.start_position  # the history starts there


def test_a_tampered_position_in_a_link_is_refused_naming_its_fault() -> None:
    # docs/engine-api.md "Positions": 120 cards conserved (Trambahn); the link is refused
    save = from_position("trambahn", 2, 20, 4).save()
    seat = save["position"]["seats"][1]
    seat["money"].append(seat["hand"][0])  # one card twice: 121 cards
    with pytest.raises(CorruptSave, match=r"^The save cannot be set up: Invalid position: .*121"):
        Game.from_json(decode(encode(save)))
    # a position slipped into a version 1 record is refused, not dropped
    save["position"] = from_position("trambahn", 2, 20, 0).start_position
    with pytest.raises(CorruptSave, match="format 1 has no start position"):
        Game.from_json(decode(encode({**save, "version": 1})))


def test_a_finished_trambahn_game_leaves_nothing_to_decide() -> None:
    # The decision for the end screen's Share (docs/links.md, "Hidden information"): a link of
    # a finished game still carries the seed, so the last hands and the undrawn deck can be
    # read from it, but no seat has a decision left that they could change.
    game = played("trambahn", 2, 10_000)
    assert game.result() is not None and game.active is None
    assert all(game.legal_actions(seat) == [] for seat in (0, 1))
    opened = Game.from_json(decode(encode(game.save())))
    assert opened.result() == game.result()
    assert opened.view(0)["seats"][1]["hand"] is None  # the page still shows no other hand
