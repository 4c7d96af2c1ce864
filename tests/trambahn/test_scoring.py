"""Wertung & Sonderfahrt, Spielende (seed 000) with the rulebook's worked example."""

from pygame_core.trambahn import data

from .helpers import (
    act,
    from_position,
    game,
    put_column,
    put_hand,
    put_row,
    rig_column,
    rig_hand,
    rig_row,
    st,
    table,
)


def test_rulebook_scoring_example_12_10_14() -> None:
    # "Spieler A erhält 12 Punkte für seine Reihe 1-2-5-6 mit einer Dampfbahn (Wert 3),
    # Spieler B insgesamt 24 Punkte. Die Reihe Schaffner-2-3-4-7 mit einer Pferdebahn ergibt
    # 10 Punkte, die Reihe 3-5-8-10 und ebenfalls einer Pferdebahn (Wert 2) ergibt 14 Punkte."
    # Set up through a position. A conductor never starts a column (rules-decisions D9), so
    # the example's "Schaffner-2-3-4-7" is laid 2, conductor, 3, 4, 7: the same points.
    p = table()
    put_column(p, 0, "B", ["B1", "B2", "B5", "B6"], "S")
    put_column(p, 1, "B", ["B2", "C", "B3", "B4", "B7"], "H")
    put_column(p, 1, "B", ["B3", "B5", "B8", "B10"], "H")
    put_row(p, "B", ["B9", "B9", "C"])
    put_hand(p, 0, ["B4", "R1", "R2", "R3", "R4", "R5"])
    g = from_position(p)
    act(g, 0, type="passenger", card="B4")
    scoring = st(g).scorings[0]
    assert [c["points"] for c in scoring["columns"]] == [12, 10, 14]
    assert scoring["points"] == [12, 24]


def test_columns_score_victory_points_not_face_values() -> None:
    # The cards' "Siegpunkte" are added: 1-6 give 1, 7-8 give 2, 10 gives 3.
    assert [data.VP[v] for v in (1, 2, 3, 4, 5, 6, 7, 8, 10)] == [1, 1, 1, 1, 1, 1, 2, 2, 3]
    assert data.card_vp("C") == 0


def test_tramless_column_scores_nothing() -> None:
    g = game()
    rig_column(g, 1, "G", ["G7", "G8"], None)
    rig_row(g, "G", ["G1", "G2", "G3"])
    rig_hand(g, 0, ["G4", "R1", "R2", "R3", "R4", "R5"])
    act(g, 0, type="passenger", card="G4")
    assert st(g).scorings[0]["points"] == [0, 0]


def _finish(g, totals_before: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    s = st(g)
    s.scorings = [{"n": i, "line": "G", "points": [0, 0], "columns": []} for i in range(1, 10)]
    s.extra_tours = [
        {"seat": 0, "line": "R", "points": totals_before[0], "column": 90},
        {"seat": 1, "line": "R", "points": totals_before[1], "column": 91},
    ]
    rig_row(g, "B", ["B1", "B2", "B3"])
    rig_hand(g, 0, ["B4", "R1", "R2", "R3", "R4", "R5"])
    act(g, 0, type="passenger", card="B4")


def test_tie_goes_to_the_bigger_money_pile() -> None:
    # "Im seltenen Falle eines Gleichstandes gewinnt der Spieler mit dem größeren Geldstapel."
    g = game()
    _finish(g, (30, 30))
    assert g.result() == {"winner": 1, "scores": [30, 30], "money": [12, 15], "tiebreak": "money"}


def test_full_tie_is_a_draw() -> None:
    g = game()
    st(g).seats[1].money, extra = st(g).seats[1].money[:12], st(g).seats[1].money[12:]
    st(g).discard.extend(extra)
    _finish(g, (30, 30))
    assert g.result() == {"winner": None, "scores": [30, 30], "money": [12, 12], "tiebreak": "draw"}
    assert g.prompt(0) == "Game over: a draw"
