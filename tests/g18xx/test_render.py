"""The drawing data of a tile (g18xx/render.py): what the screen needs and nothing more."""

from __future__ import annotations

from pygame_core.g18xx.render import tile_json
from pygame_core.g18xx.tiles import parse_tile


def test_tile_json_names_the_narrow_only_slots_of_a_city() -> None:
    """A city whose last circles take only the narrow-gauge company's markers says how many
    (the screen marks them); a plain city has no such key, so drawings of titles without
    them do not change."""
    marked = tile_json(parse_tile("X1", "city=revenue:30,slots:3,s_slots:1;path=a:0,b:_0", "white"))
    plain = tile_json(parse_tile("X2", "city=revenue:30,slots:2;path=a:0,b:_0", "white"))
    assert marked["stops"][0]["slots"] == 3
    assert marked["stops"][0]["s_slots"] == 1
    assert "s_slots" not in plain["stops"][0]
