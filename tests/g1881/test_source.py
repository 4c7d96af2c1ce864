"""The 1881 design data loads, and every section the rulebook needs is there."""

import pytest

from pygame_core.g1881.source import section


@pytest.mark.parametrize(
    "name", ["maps", "tiles", "trains", "phases", "stock_market", "players", "constants"]
)
def test_section_is_present(name: str) -> None:
    assert section(name)


def test_unknown_section_is_refused() -> None:
    with pytest.raises(KeyError, match="no section"):
        section("Aktienkurs")
