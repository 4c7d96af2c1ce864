"""2,000 seeded random games with the invariants checked after every action (digest §8)."""

from collections import Counter

import pytest

from pygame_core import new_game
from pygame_core.core.rng import Rng
from pygame_core.trambahn import data

from .helpers import st

DECK = Counter(data.full_deck())


def _check_invariants(g) -> None:  # type: ignore[no-untyped-def]
    s = st(g)
    assert s.card_counts() == DECK  # 120 station + conductor cards conserved
    trams = Counter(
        s.stack + s.supply + [c.tram for seat in s.seats for c in seat.columns if c.tram]
    )
    assert trams == {"H": 5, "S": 4, "E": 7}
    assert all(len(row) <= 3 for row in s.rows.values())
    assert all(len(seat.hand) <= 6 for seat in s.seats)
    assert len(s.supply) <= 3
    assert len(s.scorings) <= 10
    for seat in s.seats:
        for column in seat.columns:
            values = [int(c[1:]) for c in column.cards if c != "C"]
            assert values and values == sorted(set(values))  # strictly ascending, >= 1 station
            assert all(c == "C" or c[0] == column.line for c in column.cards)
            assert 10 not in values[:-1]
            assert column.extra_tour == (len(column.cards) >= 8)


@pytest.mark.parametrize("block", range(8))
def test_random_games_keep_the_invariants(block: int) -> None:
    for seed in range(block * 250, (block + 1) * 250):
        g = new_game("trambahn", ["A", "B"], {"start_player": seed % 2}, seed)
        rng = Rng(seed ^ 0xABCDEF)
        while g.active is not None:
            seat = g.active
            s = st(g)
            if s.step.name == "PASSENGERS" and s.passengers_placed == 0:
                # Between turns: every column has its tram, the supply is full if it can be.
                assert all(c.tram for p in s.seats for c in p.columns)
                assert len(s.supply) == min(3, len(s.supply) + len(s.stack))
            legal = g.legal_actions(seat)
            assert legal
            g.apply(rng.choice(legal), seat)
            _check_invariants(g)
        result = g.result()
        assert result is not None and len(st(g).scorings) == 10
        assert result["scores"] == st(g).totals()
