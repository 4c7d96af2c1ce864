"""The seeded RNG: a fixed, documented sequence (SplitMix64)."""

from collections import Counter

import pytest

from pygame_core.core.rng import Rng


def test_splitmix64_reference_outputs() -> None:
    # Reference values of SplitMix64 from seed 0 (Vigna's splitmix64.c).
    r = Rng(0)
    assert [r.next_u64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_below_is_in_range_and_covers_it() -> None:
    r = Rng(42)
    seen = Counter(r.below(6) for _ in range(6000))
    assert set(seen) == set(range(6)) and min(seen.values()) > 800
    with pytest.raises(ValueError):
        r.below(0)


def test_shuffle_is_a_permutation_and_deterministic() -> None:
    a, b = list(range(50)), list(range(50))
    Rng(9).shuffle(a)
    Rng(9).shuffle(b)
    assert a == b and sorted(a) == list(range(50)) and a != list(range(50))
