"""Spielablauf 5) Handkarten nachziehen (seed 000) and the reshuffle (R18, R19)."""

from .helpers import act, game, rig_column, rig_hand, rig_money, st


def test_tramless_columns_become_money_and_hand_refills_to_six() -> None:
    # "Liegen jetzt noch Reihen ohne Trambahn-Karten in der eigenen Auslage, werden diese
    # Karten abgeräumt und als Geld auf den Geldstapel des Spielers gelegt. Abschließend
    # ergänzt der Spieler seine Handkarten ... wieder auf 6."
    g = game()
    rig_hand(g, 0, ["Y1", "B2", "B3", "G5", "R1", "R2"])
    rig_column(g, 0, "R", ["R9"], "H")
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="station", card="B2", column=None)
    act(g, 0, type="station", card="B3", column=1)
    act(g, 0, type="end_turn")
    s = st(g)
    assert [c.line for c in s.seats[0].columns] == ["R"]
    assert len(s.seats[0].money) == 12 + 2
    assert len(s.seats[0].hand) == 6
    assert s.current == 1 and s.turn == 2 and s.step.name == "PASSENGERS"


def test_reshuffle_halves_money_rounded_down_and_forms_a_new_draw_pile() -> None:
    # "Sollte der Nachziehstapel aufgebraucht sein, muss jeder Spieler die Hälfte seines Geldes
    # abgeben. Diese Karten werden mit den Karten des Ablagestapels gemischt".
    g = game()
    s = st(g)
    rig_hand(g, 0, ["Y1", "Y2", "B2", "B3", "G5", "R1"])
    rig_money(g, 0, 13)
    rig_money(g, 1, 1)
    # Move all but 2 draw cards to the discard pile: drawing 2 empties the pile.
    s.discard.extend(s.draw[2:])
    del s.draw[2:]
    discard = len(s.discard)
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="passenger", card="Y2")
    act(g, 0, type="end_turn")
    assert len(s.seats[0].hand) == 6
    assert len(s.seats[0].money) == 13 - 6  # 13 gives up 6
    assert len(s.seats[1].money) == 1  # 1 gives up 0
    assert s.reshuffles == 1
    assert len(s.draw) == discard + 6 and s.discard == []
    assert sum(s.card_counts().values()) == 120


def test_lazy_reshuffle_waits_until_a_card_is_needed() -> None:
    g = game(reshuffle="lazy")
    s = st(g)
    rig_hand(g, 0, ["Y1", "Y2", "B2", "B3", "G5", "R1"])
    s.discard.extend(s.draw[2:])
    del s.draw[2:]
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="passenger", card="Y2")
    act(g, 0, type="end_turn")
    assert s.draw == [] and s.reshuffles == 0


def test_supply_refills_from_the_stack_as_far_as_it_goes() -> None:
    # R21: an empty stack leaves the supply short.
    g = game()
    s = st(g)
    s.stack = ["E"]
    s.supply = []
    rig_hand(g, 0, ["Y1", "Y2", "B2", "B3", "G5", "R1"])
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="end_turn")
    assert s.supply == ["E"] and s.stack == []
