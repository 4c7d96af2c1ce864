"""The state's own deepcopy (the game's undo/history snapshots): equal to the original and
independent of it, whatever the game does next."""

import copy
from enum import Enum

import pytest

from pygame_core import new_game
from pygame_core.core.rng import Rng

from .helpers import st

SHARED_OK = (str, int, Enum, type(None))


@pytest.mark.parametrize("seed", range(12))
def test_a_copy_equals_the_state_and_never_moves_with_it(seed: int) -> None:
    g = new_game("trambahn", ["A", "B"], {}, seed)
    rng = Rng(seed + 100)
    while (seat := g.active) is not None:
        state = st(g)
        snap = copy.deepcopy(state)
        assert type(snap) is type(state)
        assert snap.canonical() == state.canonical()
        # no mutable part shared (a new attribute the copy forgets is caught here)
        for name, value in vars(state).items():
            if not isinstance(value, SHARED_OK):
                assert getattr(snap, name) is not value, name
        frozen = copy.deepcopy(snap.canonical())
        g.apply(rng.choice(g.legal_actions(seat)), seat)
        assert snap.canonical() == frozen
    assert g.result() is not None
