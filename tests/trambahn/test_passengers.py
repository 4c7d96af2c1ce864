"""Spielablauf 1) Fahrgäste auslegen, and Wertung (seed 000)."""

import pytest

from pygame_core import IllegalAction, InvalidAction, NotYourTurn

from .helpers import act, game, rig_column, rig_hand, rig_row, st


def test_one_or_two_passengers_then_no_more() -> None:
    # "Der Spieler muss 1 oder 2 Handkarten als Fahrgäste ausspielen."
    g = game()
    rig_hand(g, 0, ["B1", "R2", "G3", "Y4", "B5", "R6"])
    act(g, 0, type="passenger", card="B1")
    act(g, 0, type="passenger", card="R2")
    assert st(g).step.name == "STATIONS"
    with pytest.raises(IllegalAction, match="step 1"):
        act(g, 0, type="passenger", card="G3")


def test_passenger_is_mandatory_before_anything_else() -> None:
    g = game()
    rig_hand(g, 0, ["B1", "R2", "G3", "Y4", "B5", "R6"])
    for action in (
        {"type": "station", "card": "B1", "column": None},
        {"type": "income", "card": "B1"},
        {"type": "end_turn"},
    ):
        with pytest.raises(IllegalAction, match="at least one passenger"):
            g.apply(action, 0)
    assert all(a["type"] == "passenger" for a in g.legal_actions(0))


def test_card_joins_its_own_colour_row_conductor_any_row() -> None:
    # "Schaffner dürfen zu jeder Linie als Fahrgast gelegt werden."
    g = game()
    rig_hand(g, 0, ["B1", "C", "G3", "Y4", "B5", "R6"])
    with pytest.raises(IllegalAction, match="blue row"):
        act(g, 0, type="passenger", card="B1", row="R")
    with pytest.raises(InvalidAction, match="needs a 'row'"):
        act(g, 0, type="passenger", card="C")
    act(g, 0, type="passenger", card="C", row="R")
    act(g, 0, type="passenger", card="B1")
    assert st(g).rows["R"] == ["C"] and st(g).rows["B"] == ["B1"]


def test_only_the_active_player_may_act() -> None:
    g = game()
    with pytest.raises(NotYourTurn):
        g.apply({"type": "end_turn"}, 1)


def test_fourth_passenger_scores_the_line_immediately() -> None:
    # "Sobald die vierte Karte als Fahrgäste einer Linie ausgelegt wurde, werden sofort alle
    # Bahnen der entsprechenden Linie gewertet" - both players' columns, other lines not.
    g = game()
    rig_row(g, "R", ["R1", "C", "R9"])
    rig_hand(g, 0, ["R2", "B1", "G3", "Y4", "B5", "R6"])
    rig_column(g, 0, "R", ["R3", "R7"], "S")  # vp 1+2 = 3, x3 = 9
    rig_column(g, 1, "R", ["R4"], "H")  # vp 1, x2 = 2
    rig_column(g, 1, "B", ["B8"], "H")  # another line: not scored
    act(g, 0, type="passenger", card="R2")
    s = st(g)
    assert s.scorings == [
        {
            "n": 1,
            "line": "R",
            "points": [9, 2],
            "columns": [
                {"seat": 0, "id": 0, "points": 9},
                {"seat": 1, "id": 1, "points": 2},
            ],
        }
    ]
    # "Die vier Fahrgäste dieser Linie werden auf den Ablagestapel gelegt."
    assert s.rows["R"] == [] and sorted(s.discard[-4:]) == ["C", "R1", "R2", "R9"]
    assert len(s.seats[0].columns) == 1  # "Die Linien bleiben in der eigenen Auslage"


def test_second_passenger_of_the_same_colour_starts_the_fresh_row() -> None:
    g = game()
    rig_row(g, "G", ["G1", "G2", "G3"])
    rig_hand(g, 0, ["G4", "G5", "B1", "B2", "B3", "B4"])
    act(g, 0, type="passenger", card="G4")
    act(g, 0, type="passenger", card="G5")
    assert st(g).rows["G"] == ["G5"]
    assert len(st(g).scorings) == 1


def test_two_rows_completed_give_two_scorings_in_order() -> None:
    g = game()
    rig_row(g, "B", ["B1", "B2", "B3"])
    rig_row(g, "Y", ["Y1", "Y2", "Y3"])
    rig_hand(g, 0, ["Y4", "B4", "G1", "G2", "G3", "G4"])
    act(g, 0, type="passenger", card="Y4")
    act(g, 0, type="passenger", card="B4")
    assert [s["line"] for s in st(g).scorings] == ["Y", "B"]


def test_a_scoring_counts_even_if_nobody_has_the_line() -> None:
    # R17: every 4th passenger is one "Fahrt" on the pad.
    g = game()
    rig_row(g, "B", ["B1", "B2", "B3"])
    rig_hand(g, 0, ["B4", "G1", "G2", "G3", "G4", "G5"])
    act(g, 0, type="passenger", card="B4")
    assert st(g).scorings[0]["points"] == [0, 0]


def test_tenth_scoring_ends_the_game_at_once() -> None:
    # "Mit der 10. Wertung endet das Spiel sofort, auch wenn durch das Auslegen einer weiteren
    # Handkarte noch eine Wertung ausgelöst werden könnte."
    g = game()
    s = st(g)
    s.scorings = [{"n": i, "line": "G", "points": [1, 0], "columns": []} for i in range(1, 10)]
    rig_row(g, "B", ["B1", "B2", "B3"])
    rig_row(g, "R", ["R1", "R2", "R3"])
    rig_hand(g, 0, ["B4", "R4", "G1", "G2", "G3", "G4"])
    act(g, 0, type="passenger", card="B4")
    assert g.active is None
    assert len(s.scorings) == 10
    assert g.legal_actions(0) == []
    assert g.result() == {"winner": 0, "scores": [9, 0], "money": [12, 15], "tiebreak": None}
    from pygame_core import GameIsOver

    with pytest.raises(GameIsOver):
        act(g, 0, type="passenger", card="R4")
    assert s.rows["R"] == ["R1", "R2", "R3"]
