"""Frozen records shared by deep copies of a state (core.shared.Shared): snapshots and
trials on a copy no longer copy them, and what changes is still copied."""

from __future__ import annotations

import copy

from pygame_core.g18xx.money import Money
from pygame_core.g18xx.shares import Certificate


def test_a_deep_copy_shares_frozen_records_but_not_what_changes() -> None:
    money = Money(100)
    money.open("P0", "player")
    paid = money.transfer("bank", "P0", 10, "start")
    cert = Certificate("A", 1, 10, False)
    clone, cert_clone = copy.deepcopy((money, cert))
    assert clone.ledger[0] is paid and cert_clone is cert
    clone.transfer("P0", "bank", 5, "back")
    assert (money.cash("P0"), clone.cash("P0")) == (10, 5)
    assert len(money.ledger) == 1 and len(clone.ledger) == 2
