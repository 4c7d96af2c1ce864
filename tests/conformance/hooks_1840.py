"""1840's conformance hooks: the invariants of tests/g1840/invariants.py, and the one
secret of the game, the order of the Line stack (III.5: the shuffled stack "kommt verdeckt
auf den grauen Kasten"), which no seat may see; everything else in 1840 is open."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from pygame_core.core.game import TitleState
from pygame_core.core.rng import Rng
from pygame_core.g1840.game import Vienna1840

from ..g1840.invariants import broken

__all__ = ["broken", "redeal"]


def redeal(state: TitleState[Any], viewer: int | None, rng: Rng) -> TitleState[Any]:
    """The Line stack shuffled anew, and the draw generator of the 18xx.games profile
    reseeded: the same for every viewer, as nobody may know the order."""
    del viewer  # hidden from every seat alike
    assert isinstance(state, Vienna1840)
    s = copy.deepcopy(state)
    cards = list(s.w.deck.cards)
    rng.shuffle(cards)
    s.w.deck = dataclasses.replace(s.w.deck, cards=tuple(cards), rng_state=rng.next_u64() >> 1)
    return s
