"""Spielablauf 2) Haltestellen auslegen, and Sonderfahrt (seed 000)."""

import pytest

from pygame_core import Game, IllegalAction

from .helpers import act, from_position, game, put_column, put_hand, rig_column, rig_hand, st, table


def _after_passenger(hand: list[str], **options: object) -> Game:
    g = game(0, **options)
    rig_hand(g, 0, ["Y1", *hand])
    act(g, 0, type="passenger", card="Y1")
    return g


def test_strictly_ascending_with_gaps() -> None:
    # "Die Karten müssen immer den Kartenwerten nach aufsteigend platziert werden, wobei Werte
    # ausgelassen werden dürfen."
    g = _after_passenger(["G4", "G7", "G9", "G3", "B2"])
    act(g, 0, type="station", card="G4", column=None)
    col = st(g).seats[0].columns[0].id
    act(g, 0, type="station", card="G7", column=col)
    act(g, 0, type="station", card="G9", column=col)
    assert st(g).seats[0].columns[0].cards == ["G4", "G7", "G9"]
    # The rulebook's example: a green 3 cannot extend 4-7-9, it starts a new green column.
    with pytest.raises(IllegalAction, match="strictly ascend"):
        act(g, 0, type="station", card="G3", column=col)
    act(g, 0, type="station", card="G3", column=None)
    assert [c.cards for c in st(g).seats[0].columns] == [["G4", "G7", "G9"], ["G3"]]


def test_equal_value_is_not_ascending() -> None:
    g = _after_passenger(["R5", "R5"])
    act(g, 0, type="station", card="R5", column=None)
    with pytest.raises(IllegalAction, match="strictly ascend"):
        act(g, 0, type="station", card="R5", column=0)


def test_a_column_holds_one_line_only() -> None:
    g = _after_passenger(["R5", "B6"])
    act(g, 0, type="station", card="R5", column=None)
    with pytest.raises(IllegalAction, match="one line only"):
        act(g, 0, type="station", card="B6", column=0)


def test_new_column_only_when_the_card_cannot_extend() -> None:
    # "Ist es nicht möglich aufsteigend anzulegen, muss eine neue Reihe begonnen werden" (R10).
    g = _after_passenger(["R5", "R8"])
    act(g, 0, type="station", card="R5", column=None)
    with pytest.raises(IllegalAction, match="new column may be started only"):
        act(g, 0, type="station", card="R8", column=None)
    assert {"type": "station", "card": "R8", "column": None} not in g.legal_actions(0)


def test_voluntary_new_column_option() -> None:
    g = _after_passenger(["R5", "R8"], voluntary_new_column=True)
    act(g, 0, type="station", card="R5", column=None)
    act(g, 0, type="station", card="R8", column=None)
    assert len(st(g).seats[0].columns) == 2


def test_ten_completes_a_column_nothing_more_fits() -> None:
    # "Eine Reihe ist abgeschlossen, wenn die Haltestelle mit dem Wert 10 ausgelegt wird";
    # conductors go only to columns not yet complete.
    g = _after_passenger(["B10", "C", "B10"])
    act(g, 0, type="station", card="B10", column=None)
    column = st(g).seats[0].columns[0]
    assert column.complete
    with pytest.raises(IllegalAction, match="complete"):
        act(g, 0, type="station", card="C", column=column.id)
    act(g, 0, type="station", card="B10", column=None)  # a new column, the old cannot take it
    assert len(st(g).seats[0].columns) == 2


def test_conductor_joins_an_incomplete_column_but_never_starts_one() -> None:
    g = _after_passenger(["C", "R2", "R3"])
    with pytest.raises(IllegalAction, match="cannot start a column"):
        act(g, 0, type="station", card="C", column=None)
    act(g, 0, type="station", card="R2", column=None)
    act(g, 0, type="station", card="C", column=0)  # a column started this same step
    act(g, 0, type="station", card="R3", column=0)
    column = st(g).seats[0].columns[0]
    assert column.cards == ["R2", "C", "R3"] and column.top == 3 and column.vp == 2


def test_conductor_does_not_change_the_threshold() -> None:
    # R-example: 2-3-5 + conductor, then a red 6.
    g = _after_passenger(["C", "R6", "R4"])
    rig_column(g, 0, "R", ["R2", "R3", "R5"], "H")
    act(g, 0, type="station", card="C", column=0)
    with pytest.raises(IllegalAction, match="strictly ascend"):
        act(g, 0, type="station", card="R4", column=0)
    act(g, 0, type="station", card="R6", column=0)


def test_eighth_card_scores_an_extra_tour_once() -> None:
    # "Sobald eine Reihe aus 8 Karten (Schaffner und/oder Haltestellen) besteht, kommt es zur
    # Sonderfahrt ... Jede Reihe kann nur einmal eine Sonderfahrt durchführen."
    # Set up through a position (a conductor never starts a column, rules-decisions D9).
    p = table()
    put_hand(p, 0, ["Y1", "R7", "R8", "R9", "R10", "B1"])
    column = put_column(p, 0, "R", ["R1", "C", "R2", "R3", "R4", "R5", "R6"], "S")
    g = from_position(p)
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="station", card="R7", column=column)
    # The digest's illustration: (6 x 1 + 2) x 3 = 24.
    assert st(g).extra_tours == [{"seat": 0, "line": "R", "points": 24, "column": 0}]
    assert st(g).events[0]["kind"] == "extra_tour"
    act(g, 0, type="station", card="R8", column=0)
    assert len(st(g).extra_tours) == 1
    assert st(g).totals() == [24, 0]


def test_extra_tour_does_not_count_as_a_scoring() -> None:
    g = _after_passenger(["R7"])
    rig_column(g, 0, "R", ["C", "C", "R1", "R2", "R3", "R4", "R5"], "H")
    act(g, 0, type="station", card="R7", column=0)
    assert st(g).scorings == [] and len(st(g).extra_tours) == 1


def test_stations_only_from_the_hand() -> None:
    g = _after_passenger(["R7"])
    with pytest.raises(IllegalAction, match="not in your hand"):
        act(g, 0, type="station", card="R8", column=None)
