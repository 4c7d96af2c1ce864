"""Spielablauf 3) Einkommen and 4) Trambahn kaufen (seed 000), with the purchase example."""

import pytest

from pygame_core import IllegalAction

from .helpers import act, game, rig_column, rig_hand, rig_money, st


def test_income_moves_hand_cards_to_the_money_pile() -> None:
    # "Der Spieler darf beliebig viele Handkarten verdeckt auf seinen Geldstapel legen."
    g = game()
    rig_hand(g, 0, ["Y1", "B2", "B3", "B4", "B5", "B6"])
    act(g, 0, type="passenger", card="Y1")
    for card in ("B2", "B3", "B4"):
        act(g, 0, type="income", card=card)
    s = st(g)
    assert len(s.seats[0].money) == 15 and s.seats[0].money[-3:] == ["B2", "B3", "B4"]


def test_purchase_example_steam_and_horse_for_15() -> None:
    # The rulebook's example: supply H, H, S; two new columns this turn; buy S + H, pay 15
    # cards of the money pile onto the discard pile; refill at the end of the turn.
    g = game()
    s = st(g)
    s.supply = ["H", "H", "S"]
    s.stack = ["H", "H", "H", "S", "S", "S"] + ["E"] * 7
    s.stack.remove("H")  # 5 horse trams in all
    rig_hand(g, 0, ["Y1", "B2", "G5", "R1", "R2", "R3"])
    rig_money(g, 0, 15)
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="station", card="B2", column=None)
    act(g, 0, type="station", card="G5", column=None)
    discard_before = len(s.discard)
    act(g, 0, type="buy", tram="S", column=0)
    act(g, 0, type="buy", tram="H", column=1)
    assert len(s.seats[0].money) == 0
    assert len(s.discard) == discard_before + 15
    assert [c.tram for c in s.seats[0].columns] == ["S", "H"]
    assert s.supply == ["H"]  # "erst am Ende des Zuges wieder auf drei ergänzt"
    act(g, 0, type="end_turn")
    assert s.supply == ["H", "H", "H"]


def test_supply_is_not_refilled_mid_turn() -> None:
    g = game()
    rig_money(g, 0, 30)
    rig_hand(g, 0, ["Y1", "B2", "G5", "R1", "Y9", "B3"])
    act(g, 0, type="passenger", card="Y1")
    for card in ("B2", "G5", "R1", "Y9"):
        act(g, 0, type="station", card=card, column=None)
    for column in (0, 1, 2):
        act(g, 0, type="buy", tram="H", column=column)
    with pytest.raises(IllegalAction, match="refilled only at the end of the turn"):
        act(g, 0, type="buy", tram="H", column=3)
    assert not [a for a in g.legal_actions(0) if a["type"] == "buy"]


def test_only_the_money_pile_pays() -> None:
    # "Handkarten oder ausliegende Haltestellen können nicht als Geld genutzt werden."
    g = game()
    rig_money(g, 0, 4)
    rig_hand(g, 0, ["Y1", "B2", "G5", "R1", "Y9", "B3"])
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="station", card="B2", column=None)
    with pytest.raises(IllegalAction, match="costs 5 cards and your money pile has 4"):
        act(g, 0, type="buy", tram="H", column=0)
    act(g, 0, type="income", card="G5")
    act(g, 0, type="buy", tram="H", column=0)
    assert len(st(g).seats[0].money) == 0


def test_each_tram_goes_to_a_column_without_one_and_stays() -> None:
    # "Jede Trambahn-Karte muss sofort einer ausliegenden Linie zugeordnet werden, allerdings
    # darf keiner Linie mehr als eine zugeordnet werden."
    g = game()
    rig_money(g, 0, 20)
    rig_column(g, 0, "B", ["B1"], "S")
    rig_hand(g, 0, ["Y1", "B2", "G5", "R1", "Y9", "B3"])
    act(g, 0, type="passenger", card="Y1")
    with pytest.raises(IllegalAction, match="already has a tram"):
        act(g, 0, type="buy", tram="H", column=0)
    with pytest.raises(IllegalAction, match="no column 7"):
        act(g, 0, type="buy", tram="H", column=7)
    assert not [a for a in g.legal_actions(0) if a["type"] == "buy"]  # no tramless column


def test_a_complete_column_may_still_get_its_tram() -> None:
    g = game()
    rig_money(g, 0, 20)
    rig_hand(g, 0, ["Y1", "B10", "G5", "R1", "Y9", "B3"])
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="station", card="B10", column=None)
    act(g, 0, type="buy", tram="H", column=0)
    assert st(g).seats[0].columns[0].tram == "H"


def test_steps_go_forward_only() -> None:
    # The actions are carried out "in der genannten Reihenfolge".
    g = game()
    rig_money(g, 0, 20)
    rig_hand(g, 0, ["Y1", "B2", "G5", "R1", "Y9", "B3"])
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="station", card="B2", column=None)
    act(g, 0, type="income", card="G5")
    with pytest.raises(IllegalAction, match="Too late to place stations"):
        act(g, 0, type="station", card="B3", column=0)
    act(g, 0, type="buy", tram="H", column=0)
    with pytest.raises(IllegalAction, match="Too late to take income"):
        act(g, 0, type="income", card="R1")
    assert {a["type"] for a in g.legal_actions(0)} == {"end_turn"}
