"""18xx.games' setup random numbers, so its games can be set up again from their seed.

Written from the description in shared/reference/1840/data.json `rng` (the report's
author read tobymao/18xx base.rb and checked it against the engine): a linear
congruential generator modulo 2^31 whose output is the new state. Each draw gives every
candidate one number, in the candidates' definition order, and takes the smallest.
The numbers of consecutive calls are distinct (full period), so no ties arise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")

_MODULUS: Final = 1 << 31
_MULTIPLIER: Final = 1103515245
_INCREMENT: Final = 12345


class SiteRng:
    """The generator; `state` is its whole state (an int, serialisable)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed % _MODULUS

    def rand(self) -> int:
        """The next number (the new state)."""
        self.state = (_MULTIPLIER * self.state + _INCREMENT) % _MODULUS
        return self.state

    def pick(self, candidates: Sequence[T], count: int) -> tuple[T, ...]:
        """`count` of the candidates: one number each in the given order, smallest first."""
        keyed = [(self.rand(), i) for i in range(len(candidates))]
        keyed.sort()
        return tuple(candidates[i] for _, i in keyed[:count])
