"""Spielvorbereitung A-F (seed 000; EN setup 1-6)."""

from collections import Counter

import pytest

from pygame_core import InvalidAction, new_game
from pygame_core.trambahn import data

from .helpers import game, st


def test_deck_is_112_stations_and_8_conductors() -> None:
    # "112 Haltestellen-Karten ... pro Linie je 2x die Werte 1 und 10 und je 3x die Werte 2 bis 9"
    deck = Counter(data.full_deck())
    assert sum(deck.values()) == 120
    assert deck["C"] == 8
    for line in data.LINES:
        assert sum(n for card, n in deck.items() if card.startswith(line)) == 28
        assert deck[f"{line}1"] == deck[f"{line}10"] == 2
        assert all(deck[f"{line}{v}"] == 3 for v in range(2, 10))


def test_setup_counts_money_hands_and_draw_pile() -> None:
    # C) the start player takes 12 money cards, the other 15; each draws 6 hand cards.
    s = st(game())
    assert s.start_player == 0
    assert len(s.seats[0].money) == 12 and len(s.seats[1].money) == 15
    assert len(s.seats[0].hand) == len(s.seats[1].hand) == 6
    assert len(s.draw) == 120 - 12 - 15 - 6 - 6
    assert sum(s.card_counts().values()) == 120


def test_second_seat_may_start_and_gets_12() -> None:
    s = st(game(start_player=1))
    assert s.current == 1
    assert len(s.seats[1].money) == 12 and len(s.seats[0].money) == 15


def test_tram_stack_sorted_horse_steam_electric_and_supply_of_three() -> None:
    # B) x2 on top, x3 below, x4 at the bottom; the top 3 are laid out as the supply.
    s = st(game())
    assert s.supply == ["H", "H", "H"]
    assert s.stack == ["H", "H"] + ["S"] * 4 + ["E"] * 7
    counts = Counter(s.supply + s.stack)
    assert counts == {"H": 5, "S": 4, "E": 7}


def test_random_start_player_is_seeded() -> None:
    starts = {st(game(seed, start_player=None)).start_player for seed in range(20)}
    assert starts == {0, 1}
    assert (
        st(game(7, start_player=None)).start_player == st(game(7, start_player=None)).start_player
    )


def test_exactly_two_players_and_known_options() -> None:
    with pytest.raises(InvalidAction):
        new_game("trambahn", ["A", "B", "C"])
    with pytest.raises(InvalidAction, match="Unknown Trambahn option"):
        new_game("trambahn", ["A", "B"], {"nonsense": 1})
    with pytest.raises(InvalidAction):
        new_game("trambahn", ["A", "B"], {"reshuffle": "sometimes"})


def test_same_seed_same_deal_different_seed_different_deal() -> None:
    assert st(game(5)).draw == st(game(5)).draw
    assert st(game(5)).draw != st(game(6)).draw
