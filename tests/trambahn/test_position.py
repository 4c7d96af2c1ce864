"""Trambahn positions (docs/engine-api.md, "Positions"): each check of a position, with the
rule it enforces (seed 000, DE), and the one-line text form."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from pygame_core.core.position import InvalidPosition

from .helpers import from_position, game, put_column, put_row, st, table

Position = dict[str, Any]


def _refused(change: Callable[[Position], object], match: str) -> None:
    p = table()
    change(p)
    with pytest.raises(InvalidPosition, match=match):
        from_position(p)


def test_a_new_games_position_starts_the_same_game() -> None:
    original = game(7)
    started = from_position(original.position())
    assert started.state.canonical() == original.state.canonical()
    assert started.legal_actions(0) == original.legal_actions(0)


def test_the_position_shows_every_zone() -> None:
    p = table(3)
    assert (p["format"], p["title"], p["version"]) == ("tramways-position", "trambahn", 1)
    # Spielvorbereitung: 12 and 15 money cards, 6 in each hand, 3 trams on offer
    assert [len(s["money"]) for s in p["seats"]] == [12, 15]
    assert [len(s["hand"]) for s in p["seats"]] == [6, 6]
    assert p["supply"] == ["H", "H", "H"] and len(p["stack"]) == 13
    assert len(p["draw"]) == 120 - 27 - 12


# --- Spielmaterial: 120 cards and 16 trams, conserved --------------------------------------


def test_a_missing_card_is_refused() -> None:
    _refused(lambda p: p["draw"].pop(), r"120 cards.*missing")


def test_an_extra_card_is_refused() -> None:
    _refused(lambda p: p["discard"].append("B10"), r"120 cards.*too many B10")


def test_a_card_moved_between_zones_is_accepted() -> None:
    p = table()
    p["seats"][1]["money"].append(p["draw"].pop())
    assert len(st(from_position(p)).seats[1].money) == 16


def test_an_unknown_card_is_refused() -> None:
    _refused(lambda p: p["draw"].__setitem__(0, "B11"), r"'draw'\[0\] is not a known name")


def test_a_missing_tram_is_refused() -> None:
    _refused(lambda p: p["stack"].pop(), r"5 H, 4 S and 7 E trams")


def test_the_tram_stack_stays_sorted() -> None:
    # Spielvorbereitung B: "x2 oben, dann x3, x4 ganz unten"
    _refused(lambda p: p["stack"].reverse(), "stack is sorted")


def test_the_supply_comes_from_the_top_of_the_stack() -> None:
    def swap(p: Position) -> None:
        p["stack"].insert(0, p["supply"].pop())  # an H back on top of the stack ...
        p["supply"].append(p["stack"].pop())  # ... and an E from its bottom on offer

    _refused(swap, "refilled from the top")


def test_a_turn_starts_with_a_full_supply() -> None:
    _refused(lambda p: p["stack"].insert(0, p["supply"].pop()), "supply refilled to 3")


# --- columns (Spielablauf 2) and the Extra Tour (Sonderfahrt) ---------------------------------


def test_a_column_ascends_strictly() -> None:
    _refused(lambda p: put_column(p, 0, "B", ["B5", "B3"], "H"), "strictly ascending")


def test_a_column_holds_one_line() -> None:
    _refused(lambda p: put_column(p, 0, "B", ["B2", "R3"], "H"), "stations of its line")


def test_a_column_never_starts_with_a_conductor() -> None:
    _refused(lambda p: put_column(p, 0, "B", ["C", "B3"], "H"), "starts with a conductor")


def test_nothing_follows_a_ten() -> None:
    _refused(lambda p: put_column(p, 0, "B", ["B3", "B10", "C"], "H"), "after its 10")


def test_the_extra_tour_flag_follows_the_eighth_card() -> None:
    def flagged(p: Position) -> None:
        put_column(p, 0, "B", ["B1", "B2"], "H")
        p["seats"][0]["columns"][0]["extra_tour"] = True

    _refused(flagged, "Extra Tour")


def test_an_extra_tour_column_is_on_the_pad() -> None:
    cards = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"]
    _refused(lambda p: put_column(p, 0, "B", cards, "H"), "pad has no entry")
    p = table()
    column = put_column(p, 0, "B", cards, "H")
    p["extra_tours"] = [{"seat": 0, "line": "B", "points": 20, "column": column}]
    assert st(from_position(p)).totals() == [20, 0]


def test_column_ids_are_unique_and_below_next_column() -> None:
    def twice(p: Position) -> None:
        put_column(p, 0, "B", ["B1"], "H")
        put_column(p, 1, "R", ["R1"], "H")
        p["seats"][1]["columns"][0]["id"] = 0

    _refused(twice, "share an id")

    def behind(p: Position) -> None:
        put_column(p, 0, "B", ["B1"], "H")
        p["next_column"] = 0

    _refused(behind, "'next_column' 0")


def test_a_tramless_column_does_not_outlast_its_turn() -> None:
    # Spielablauf 5: columns without a tram become money at the end of the turn.
    _refused(lambda p: put_column(p, 1, "B", ["B1"], None), "without a tram")
    _refused(lambda p: put_column(p, 0, "B", ["B1"], None), "before placing stations")
    p = table()
    put_column(p, 0, "B", ["B1"], None)
    p["step"], p["passengers"] = "stations", 1
    assert st(from_position(p)).seats[0].columns[0].tram is None


# --- rows (Spielablauf 1), turn and the end (Spielende) ----------------------------------------


def test_a_row_holds_fewer_than_four_passengers() -> None:
    _refused(lambda p: put_row(p, "G", ["G1", "G2", "C", "G3"]), "4th scores")


def test_a_row_holds_its_line_and_conductors() -> None:
    _refused(lambda p: put_row(p, "G", ["G1", "R2"]), "only its line's stations")


def test_a_hand_holds_at_most_six() -> None:
    _refused(lambda p: p["seats"][0]["hand"].append(p["draw"].pop()), "drawn up to 6")


def test_the_players_alternate() -> None:
    _refused(lambda p: p.update(current=1), "alternate")
    p = table()
    p.update(turn=2, current=1)
    assert from_position(p).active == 1


def test_later_steps_need_a_passenger_first() -> None:
    _refused(lambda p: p.update(step="income"), "after a passenger")
    _refused(lambda p: p.update(passengers=2), "2nd passenger")


def test_the_game_is_over_exactly_after_ten_scorings() -> None:
    ten = [{"line": "G", "points": [1, 0]} for _ in range(10)]
    _refused(lambda p: p.update(scorings=ten), "over exactly when 10")
    _refused(lambda p: p.update(step="over"), "over exactly when 10")
    p = table()
    p.update(scorings=ten, step="over")
    g = from_position(p)
    assert g.result() == {"winner": 0, "scores": [10, 0], "money": [12, 15], "tiebreak": None}


def test_unknown_and_missing_fields_are_refused() -> None:
    _refused(lambda p: p.update(zzz=1), "no field 'zzz'")
    _refused(lambda p: p.pop("draw"), "lacks 'draw'")
    _refused(lambda p: p.update(version=2), "newer version")
    _refused(lambda p: p.update(title="1840"), "for '1840'")


def test_the_position_needs_two_players() -> None:
    from pygame_core import new_game

    with pytest.raises(InvalidPosition, match="exactly 2"):
        new_game("trambahn", ["A", "B", "C"], {}, 0, position=table())


def test_without_rng_the_games_seed_draws_the_reshuffles() -> None:
    p = table()
    del p["rng"]
    from pygame_core import new_game

    assert st(new_game("trambahn", ["A", "B"], {}, 5, position=p)).rng.state == 5


# --- the one-line text form ----------------------------------------------------------------


def test_the_text_form_of_a_new_game() -> None:
    g = game(1)
    text = g.position_text()
    assert text is not None and text.startswith("trambahn1 1 0 p0 0 ")
    fields = text.split()
    assert len(fields) == 17 and fields[10:12] == ["HHSSSSEEEEEEE", "HHH"]
    assert from_position(text).position() == g.position()  # type: ignore[arg-type]


def test_the_text_form_after_play_round_trips() -> None:
    p = table(2)
    put_column(p, 0, "B", ["B1", "B2", "C", "B3", "B4", "B5", "B6", "B7"], "S")
    p["extra_tours"] = [{"seat": 0, "line": "B", "points": 24, "column": 0}]
    put_row(p, "R", ["R1", "C"])
    g = from_position(p)
    g.apply(g.legal_actions(0)[0], 0)
    text = g.position_text()
    assert text is not None and "0:S:B1B2CB3B4B5B6B7" in text and "0B24@0" in text
    assert from_position(text).position() == g.position()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda t: t.replace("trambahn1", "trambahn9"), "starts with 'trambahn1'"),
        (lambda t: t + " 5", "16 or 17 fields"),
        (lambda t: t.replace(" p0 ", " q0 "), "step field"),
        (lambda t: t.replace(" HHH ", " HXH "), "tram letters"),
        (lambda t: t.replace(" HHH ", " HH "), "5 H, 4 S and 7 E trams"),
    ],
)
def test_a_bad_text_form_is_refused(change: Callable[[str], str], match: str) -> None:
    text = game(1).position_text()
    assert text is not None
    with pytest.raises(InvalidPosition, match=match):
        from_position(change(text))  # type: ignore[arg-type]


def test_a_position_survives_json() -> None:
    p = table(4)
    assert from_position(json.loads(json.dumps(p))).position() == p
