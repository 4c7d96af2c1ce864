"""A corporation leaving the game (`Shares.retire`): its certificates go out of play."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import InvalidAction
from pygame_core.g18xx.money import BANK, Money
from pygame_core.g18xx.shares import IPO, POOL, ShareRules, Shares

CLASSIC = (20, 10, 10, 10, 10, 10, 10, 10, 10)


def test_retire_takes_every_certificate_out_of_play() -> None:
    money = Money(None)
    shares = Shares(["A", "B"], ShareRules(rebuy_after_sale=False))
    for p in ("A", "B"):
        money.open(p, "player")
        money.transfer(BANK, p, 1000, "start")
    shares.add_corporation("X", CLASSIC, director=True)
    shares.add_corporation("Y", CLASSIC, director=True)
    money.open("X", "corporation")
    money.open("Y", "corporation")
    shares.buy("A", "X", IPO, 100, money, director=True)
    for buyer in ("B", "A", "B"):
        shares.buy(buyer, "X", IPO, 100, money)
    shares.sell("B", "X", 1, 100, money)
    shares.buy("A", "Y", IPO, 100, money, director=True)
    gone = shares.retire("X")
    assert sorted(o for o, _ in gone) == sorted(["A", "A", "B", POOL] + [IPO] * 5)
    assert "X" not in shares.certs and shares.cert_count("A") == 1
    assert shares.sold_this_round("B") == [] and shares.invariant_errors() == []
    with pytest.raises(InvalidAction):
        shares.dividend_payouts("X", 100)
    with pytest.raises(InvalidAction):
        shares.retire("X")
