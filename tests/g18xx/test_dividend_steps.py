"""The dividend step's payout by percent (g18xx/steps/dividend.py): 1840 VIII.5.1 (seed
002: the dividend is shared out by percent, the pool's part to the bank) and 1881 10.9
(seed 004: a tram company holding S-Bahn shares is paid their dividends)."""

from __future__ import annotations

import pytest

from pygame_core.g18xx.steps.dividend import payouts


def test_a_payout_is_shared_out_by_percent_rounded_down_per_holder() -> None:
    assert payouts(130, {"p0": 50, "p1": 5, "bank": 45}) == {"p0": 65, "p1": 6, "bank": 58}
    # A company holding shares is paid like a player.
    assert payouts(200, {"p0": 70, "AGB": 30}) == {"p0": 140, "AGB": 60}


def test_holders_without_a_part_are_left_out_and_nothing_is_invented() -> None:
    parts = payouts(10, {"p0": 0, "p1": 5, "p2": 95})
    assert parts == {"p2": 9}
    assert sum(parts.values()) <= 10
    assert payouts(0, {"p0": 100}) == {}
    with pytest.raises(ValueError):
        payouts(-10, {"p0": 100})
