"""Tile codes, rotation and the upgrade rules (1840 IX.4, IX.5), on 1840's tiles."""

from __future__ import annotations

import pytest

from pygame_core.g18xx.tiles import (
    EdgeEnd,
    Gauge,
    NodeEnd,
    Path,
    Revenue,
    StopKind,
    TileDef,
    UpgradeRules,
    legal_lays,
    parse_tile,
    upgrade_ok,
)
from pygame_core.g1840.board import UPGRADE_RULES, tiles

T = tiles()


def ok(old: str, new: str, rotation: int, old_rotation: int = 0) -> bool:
    return upgrade_ok(T[old], old_rotation, T[new], rotation, UPGRADE_RULES, printed=False)


def test_parse_city_town_paths_and_part_indices() -> None:
    # F24: an offboard and two cities; part indices count every part (data.json tile_dsl).
    tile = parse_tile(
        "F24",
        "offboard=revenue:yellow_0;city=revenue:20;city=revenue:20;path=a:0,b:_1,track:narrow;"
        "path=a:1,b:_0;path=a:2,b:_2,track:narrow",
        "purple",
    )
    assert [(s.part, s.kind) for s in tile.stops] == [
        (0, StopKind.OFFBOARD),
        (1, StopKind.CITY),
        (2, StopKind.CITY),
    ]
    assert Path(EdgeEnd(0), NodeEnd(1), Gauge.NARROW) in tile.paths
    assert tile.exits(0, Gauge.BROAD) == {1}
    assert tile.exits(0, Gauge.NARROW) == {0, 2}
    # D20: borders first, so its offboard is part 2.
    d20 = parse_tile(
        "D20",
        "border=edge:0,type:impassable;border=edge:5,type:impassable;"
        "offboard=revenue:yellow_0,visit_cost:0;path=a:2,b:_0",
        "red",
    )
    assert d20.stops[0].part == 2 and d20.stops[0].visit_cost == 0
    assert [b.edge for b in d20.borders if b.impassable] == [0, 5]


def test_phase_revenue_takes_the_latest_colour_reached() -> None:
    # IX.8: red tiles have values per Line Round; purple "yellow_10|brown_30".
    l20 = T["L20"].stops[0].revenue
    assert [l20.at(("yellow", "green", "brown", "gray")[:n]) for n in range(1, 5)] == [
        20,
        40,
        60,
        80,
    ]
    purple = Revenue.parse("yellow_10|brown_30")
    assert purple.at(("yellow", "green")) == 10 and purple.at(("yellow", "green", "brown")) == 30
    assert Revenue.parse("30").at(("yellow",)) == 30


def test_lanes_and_terminal_paths() -> None:
    k9 = parse_tile("K9", "city=slots:2,revenue:30;path=a:4,b:_0,lanes:2,terminal:1", "red")
    assert {p.a for p in k9.paths} == {EdgeEnd(4, 2, 0), EdgeEnd(4, 2, 1)}
    assert all(p.terminal for p in k9.paths)
    k11 = parse_tile("K11", "path=a:1,b:2,a_lane:2.0;path=a:1,b:3,a_lane:2.1", "red")
    assert k11.paths[1].a == EdgeEnd(1, 2, 1) and k11.paths[1].b == EdgeEnd(3)


def test_future_track_is_not_track_and_repeated_paths_are_one() -> None:
    b20 = parse_tile(
        "B20", "path=track:future,a:2,b:5;upgrade=cost:20;frame=color:#ffa500", "white"
    )
    assert b20.paths == () and len(b20.future) == 1 and b20.lay_cost == 20
    assert b20.frame == "#ffa500"
    assert len([p for p in T["L31a"].paths if EdgeEnd(0) in (p.a, p.b)]) == 1


def test_unknown_parts_are_refused() -> None:
    with pytest.raises(ValueError):
        parse_tile("X", "city=revenue:20;path=a:0,b:_1", "yellow")
    with pytest.raises(ValueError):
        parse_tile("X", "pizza=1", "yellow")


def test_rotation_turns_edges_clockwise() -> None:
    # Tile 57 (straight city 0-3) turned by 1 runs 1-4; tile 6's exits 0,2 become 5,1.
    assert T["57"].exits(1) == {1, 4}
    assert T["6"].exits(5) == {5, 1}
    assert T["455"].exits(3) == set(range(6))


def test_upgrade_keeps_paths_colour_step_and_stops() -> None:
    # IX.5: yellow -> green -> brown -> gray, keeping every track.
    assert ok("57", "14", 0) and ok("57", "14", 3)
    assert not ok("57", "14", 1)  # would cut the 0-3 track
    assert not ok("57", "611", 0)  # skips green
    assert not ok("57", "142", 0)  # a town tile on a city ("dieselbe Art von Einkommensort")
    assert not ok("611", "57", 0)  # no downgrade
    assert ok("611", "455", 4)


def test_upgrade_of_a_rotated_tile() -> None:
    # Tile 6 laid at rotation 2 (exits 2, 4) -> 619 needs exits 2 and 4 kept.
    rotations = [r for r in range(6) if ok("6", "619", r, old_rotation=2)]
    assert rotations == [r for r in range(6) if {2, 4} <= T["619"].exits(r)]
    assert rotations


def test_oo_labels_and_city_merge() -> None:
    # OO only by OO (IX.5 "OO-Teile nur durch OO-Teile"); 2 green cities -> 1 brown (L17).
    assert ok("235", "8858", 0) and not ok("235", "8858", 1)
    assert not ok("5", "8858", 0) and not ok("235", "619", 0)
    assert ok("8858", "L17", 3) and not ok("8858", "L17", 0)


def test_stadtbahn_tiles_only_on_stadtbahn_tiles_and_town_split() -> None:
    # IX.5: orange-bordered tiles upgrade only to orange-bordered tiles; L1's one town
    # becomes L5's two (its narrow track stays narrow).
    assert ok("L1", "L5", 1) and not ok("L1", "L5", 0)
    assert not ok("58", "L5", 1) and not ok("L1", "142", 1)
    assert not upgrade_ok(
        T["L1"], 0, T["L5"], 1, UpgradeRules(), printed=False
    )  # the generic rules keep town counts


def test_gauge_must_match() -> None:
    broad = parse_tile("a", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3", "yellow")
    narrow = parse_tile("b", "town=revenue:10;path=a:0,b:_0,track:narrow;path=a:_0,b:3", "green")
    both = parse_tile("c", "town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_0", "green")
    assert not upgrade_ok(broad, 0, narrow, 0, UpgradeRules(), printed=False)
    assert upgrade_ok(broad, 0, both, 0, UpgradeRules(), printed=False)


def test_blank_hex_takes_town_tiles_only_in_1840() -> None:
    # IX.4: "Auf ein leeres weißes Feld darf nur ein gelbes Plättchen mit einer Haltestelle".
    blank = parse_tile("E5", "", "white")
    assert upgrade_ok(blank, 0, T["58"], 0, UPGRADE_RULES, printed=True)
    assert not upgrade_ok(blank, 0, T["57"], 0, UPGRADE_RULES, printed=True)
    assert not upgrade_ok(blank, 0, T["58"], 0, UpgradeRules(), printed=True)


def lays(
    hex_name: str,
    current: TileDef,
    available: dict[str, int],
    colours: set[str],
    open_edges: frozenset[int] | None,
) -> list[tuple[str, int]]:
    return legal_lays(
        hex_name,
        current,
        0,
        printed=True,
        tiles=T.values(),
        available=available,
        colours=colours,
        rules=UPGRADE_RULES,
        open_edges=open_edges,
    )


def test_legal_lays_respect_supply_colours_and_exits() -> None:
    city = parse_tile("H28", "city=revenue:0", "white")
    # Tile 6 is used up; 57's exits must face open edges.
    assert lays("H28", city, {"57": 1, "6": 0}, {"yellow"}, frozenset({0, 3, 4})) == [
        ("57", 0),
        ("57", 3),
    ]
    assert lays("H28", city, {"57": 1}, {"yellow"}, None) == [("57", r) for r in range(6)]
    assert lays("H28", city, {"57": 1}, {"green"}, None) == []


def test_red_tiles_only_on_their_hexes_and_with_the_bonus() -> None:
    # IX.4: "rote Plättchen dürfen nur auf diese Felder gelegt werden".
    code = "offboard=revenue:yellow_0;" + ";".join(f"path=a:{e},b:_0" for e in (1, 2, 3, 4))
    d20 = parse_tile("D20", code, "red")
    edges = frozenset({1, 2, 3, 4})
    assert lays("D20", d20, {"L20": 1}, {"red"}, edges) == [("L20", 4)]
    assert lays("E5", d20, {"L20": 1}, {"red"}, None) == []
    assert lays("D20", d20, {"L20": 1}, {"yellow"}, edges) == []


def test_narrow_only_slots_are_the_last_ones() -> None:
    # `s_slots:k`: the last k token slots take only the narrow-gauge network's tokens.
    city = parse_tile("t", "city=revenue:30,slots:3,s_slots:1;path=a:0,b:_0", "green").stops[0]
    assert (city.slots, city.narrow_slots) == (3, 1)
    assert [city.narrow_slot(i) for i in range(3)] == [False, False, True]
    plain = parse_tile("u", "city=revenue:30,slots:2;path=a:0,b:_0", "green").stops[0]
    assert plain.narrow_slots == 0 and not plain.narrow_slot(1)


def _tile(name: str, colour: str, code: str) -> TileDef:
    return parse_tile(name, code, colour)


def test_successor_list_laid_as_colour_and_wider_labels() -> None:
    # A printed successor list limits upgrades; a tile may count as another colour in the
    # order; a tile made for two labelled hexes carries both labels.
    straight = _tile("s", "yellow", "path=a:0,b:3")
    x = _tile("x", "green", "path=a:0,b:3;path=a:1,b:4")
    y = _tile("y", "green", "path=a:0,b:3;path=a:2,b:5")
    listed = UpgradeRules(successors={"s": frozenset({"x"})})
    assert upgrade_ok(straight, 0, x, 0, listed, printed=False)
    assert not upgrade_ok(straight, 0, y, 0, listed, printed=False)
    assert upgrade_ok(straight, 0, y, 0, UpgradeRules(), printed=False)
    assert not upgrade_ok(x, 0, straight, 0, listed, printed=False)  # x is not listed
    late = _tile("late", "gray", "path=a:0,b:3;path=a:1,b:4;path=a:2,b:5")
    assert not upgrade_ok(x, 0, late, 0, UpgradeRules(), printed=False)  # skips brown
    as_brown = UpgradeRules(laid_as={"late": "brown"})
    assert upgrade_ok(x, 0, late, 0, as_brown, printed=False)
    a = _tile("a", "brown", "city=revenue:50;path=a:0,b:_0;label=A")
    az = _tile("az", "gray", "city=revenue:60;path=a:0,b:_0;label=A")
    both = TileDef(az.name, az.colour, az.stops, az.paths, labels=frozenset({"A", "Z"}))
    wide = UpgradeRules(wider_labels=True)
    assert not upgrade_ok(a, 0, both, 0, UpgradeRules(), printed=False)
    assert upgrade_ok(a, 0, both, 0, wide, printed=False)
    bare = _tile("b", "brown", "city=revenue:50;path=a:0,b:_0")
    assert not upgrade_ok(bare, 0, both, 0, wide, printed=False)  # no label -> no labelled
