"""1840's economy settings and market data (data/market.json) against the reference."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygame_core.g1840 import economy

# Values taken from shared/reference/1840/data.json by tests/g1840/regen_data.py (the
# repository's own copy: a clean checkout needs nothing beside it).
REFERENCE = Path(__file__).resolve().parent / "data" / "reference.json"
MARKET = Path(economy.__file__).parent / "data" / "market.json"


def test_market_shape_and_source() -> None:
    # X / report (b): 5 rows of 20/20/15/10/5 cells, 60 to 400; par cells per kind.
    grid = economy.market_grid()
    assert [len(r) for r in grid.rows] == [20, 20, 15, 10, 5]
    assert grid.price((0, 19)) == 400 and grid.price((4, 0)) == 60
    assert grid.par_prices("major") == {100: (1, 2), 90: (2, 2), 80: (3, 2), 70: (4, 2)}
    assert grid.par_prices("stadtbahn") == {95: (1, 1), 85: (2, 1), 75: (3, 1), 65: (4, 1)}
    assert "111f7f698005a057d68877682486da3f1705e551" in json.loads(MARKET.read_text())["_source"]


def test_market_matches_the_extraction() -> None:
    ref = json.loads(REFERENCE.read_text())["stock_market"]
    grid = economy.market_grid()
    assert [list(r) for r in grid.rows] == ref["prices"]
    for kind, key in (("major", "major"), ("stadtbahn", "city")):
        assert {p: list(c) for p, c in grid.par_prices(kind).items()} == {
            int(p): c for p, c in ref["par_cells"][key].items()
        }


def test_share_rules_by_player_count() -> None:
    # VII.3: certificate limits by player count, at most 60% per company.
    assert economy.share_rules(2).cert_limit == 18 and economy.share_rules(6).cert_limit == 12
    assert economy.share_rules(4).max_percent == 60
    with pytest.raises(ValueError):
        economy.share_rules(7)
    assert sum(economy.MAJOR_SHARES) == sum(economy.STADTBAHN_SHARES) == 100
