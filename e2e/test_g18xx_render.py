"""The 18xx drawing layer (web/ui/g18xx/) in the browser, through a test-only harness page
(e2e/harness/) served next to a copy of the built site's ui/ directory.

Drawn from the engine's own data: the 1840 catalogs of all three maps, their start
positions, and late positions of the recorded 2-player game (tests/g1840/fixture.py) with
one of its recorded routes. Geometry is checked in screen pixels against what the page
shows (hex outlines, track ends, stops), and hex neighbours come from the engine's Grid, so
the drawing is checked against an oracle that does not share its code.

Set G18_SHOTS=/some/dir to keep screenshots of the maps at desktop and phone size, and
G18_SITE=/some/built/site to test another build than site/ (build_site.py --out).
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import SITE, check_site_built
from pygame_core.g18xx.hexes import Grid
from pygame_core.g18xx.render import map_json
from pygame_core.g1840.board import initial_state
from pygame_core.g1840.catalog import catalog
from scripts.serve import SiteServer
from tests.g1840.fixture import run_positions

HARNESS = Path(__file__).parent / "harness"
VARIANTS = ("standard", "two_player", "three_player_small")
Json = dict[str, Any]

# The recorded 2-player game: who owns which Line at its end (fixture, par/bid actions).
LATE_OWNERS = {"2": "WT", "4": "WT", "18": "WT", "5": "GWStStB", "7": "GWStStB", "15": "GWStStB"}


def last_position() -> Any:
    return run_positions()[-1]


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """The built site's ui/ + the harness + data files, on a private 127.0.0.1 server."""
    site = Path(os.environ.get("G18_SITE", SITE))
    check_site_built(site)
    root = tmp_path_factory.mktemp("g18xx-site")
    shutil.copytree(site / "ui", root / "ui")
    shutil.copytree(HARNESS, root / "harness")
    data = root / "harness" / "data"
    data.mkdir()
    for variant in VARIANTS:
        (data / f"cat_{variant}.json").write_text(json.dumps(catalog(variant)))
        (data / f"start_{variant}.json").write_text(json.dumps(map_json(initial_state(variant))))
    late = last_position()
    (data / "late.json").write_text(json.dumps(map_json(late.state)))
    (data / "mid.json").write_text(json.dumps(map_json(run_positions()[20].state)))
    (data / "late_route.json").write_text(json.dumps(late.record["routes"][0]))
    server = SiteServer(root).start()
    yield server
    server.stop()


def open_harness(page: Page, server: SiteServer, width: int = 1280, height: int = 860) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server.url}/harness/g18xx.html")
    page.wait_for_function("document.documentElement.dataset.ready === '1'")


def show_map(page: Page, variant: str, state: str | None, **opts: Any) -> None:
    page.evaluate(
        """async ([variant, state, opts]) => {
            const cat = await G18.load(`cat_${variant}`);
            const st = state ? await G18.load(state) : null;
            G18.showMap(cat, st, opts);
            await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }""",
        [variant, state, opts],
    )


def shot(page: Page, name: str) -> None:
    out = os.environ.get("G18_SHOTS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(out) / f"{name}.png"))


def view_box(page: Page) -> list[float]:
    raw = page.locator("[data-testid=hexmap-svg]").get_attribute("viewBox")
    assert raw is not None
    return [float(v) for v in raw.split()]


def wait_frame(page: Page) -> None:
    page.evaluate("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


# Screen position of a hex's centre (its outline's bounding box) and of a track's two ends.
def hex_centre(page: Page, coord: str) -> tuple[float, float]:
    """Screen centre of a hex: the middle of its drawn outline."""
    x, y = page.evaluate("(c) => G18.probe.hexCentre(c)", coord)
    return float(x), float(y)


def close(p: list[float] | tuple[float, float], q: tuple[float, float], tol: float) -> bool:
    return abs(p[0] - q[0]) <= tol and abs(p[1] - q[1]) <= tol


def drawn_exits(page: Page, grid: Grid, coord: str, sel: str) -> list[tuple[int, ...]]:
    """For each drawn track piece, the edges its ends lie on, found geometrically: an end
    on edge k lies halfway between the hex and the neighbour across k (the engine's Grid
    says which neighbour). Sorted, for comparing with the tile data."""
    centre = hex_centre(page, coord)
    mids = {}
    for edge in range(6):
        other = grid.neighbour(coord, edge)
        assert other is not None
        oc = hex_centre(page, other)
        mids[edge] = ((centre[0] + oc[0]) / 2, (centre[1] + oc[1]) / 2)
    out = []
    for track in page.evaluate("(sel) => G18.probe.trackEnds(sel)", sel):
        edges = [e for p in track["ends"] for e, m in mids.items() if close(p, m, 1.5)]
        out.append(tuple(sorted(edges)))
    return sorted(out)


def expected_exits(tile: Json, rotation: int) -> list[tuple[int, ...]]:
    """The edges of each path of a tile laid with `rotation`: edge e turns to (e + r) % 6."""
    out = []
    for path in tile["paths"]:
        ends = [end["edge"] for end in (path["a"], path["b"]) if "edge" in end]
        out.append(tuple(sorted((e + rotation) % 6 for e in ends)))
    return sorted(out)


# ---------------------------------------------------------------------------- tiles


def test_every_tile_draws_its_tracks_stops_and_frame(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    cat = catalog("standard")
    page.evaluate(
        "async () => G18.tileSheet(await G18.load('cat_standard'), {phaseColours: ['yellow']})"
    )
    figs = page.locator("[data-tile-fig]")
    expect(figs).to_have_count(len(cat["tiles"]))
    got = page.evaluate("G18.probe.tileFacts()")
    for name, tile in cat["tiles"].items():
        g = got[name]
        assert g["tracks"] == len(tile["paths"]), name
        assert g["narrow"] == sum(p["gauge"] == "narrow" for p in tile["paths"]), name
        assert g["future"] == len(tile["future"]), name
        cities = sorted((s["part"], s["slots"]) for s in tile["stops"] if s["kind"] == "city")
        assert sorted(tuple(c) for c in g["cities"]) == cities, name
        assert g["towns"] == sum(s["kind"] == "town" for s in tile["stops"]), name
        assert g["frame"] == (1 if tile["frame"] else 0), name
        assert g["labels"] == tile["labels"], name
        flat = {s["revenue"]["flat"] for s in tile["stops"] if s["revenue"].get("flat")}
        assert set(g["revenues"]) == flat, name
        phased = [v for s in tile["stops"][:1] for _, v in s["revenue"].get("by_colour", [])]
        if phased and any(phased):
            assert g["phases"] == phased, name
    # the phase colours are the tiles' colours
    assert got["57"]["fill"] != got["14"]["fill"] != got["611"]["fill"] != got["455"]["fill"]


def test_narrow_track_is_dashed_brown_and_white(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    page.evaluate(
        "async () => G18.tileSheet(await G18.load('cat_standard'), {names: ['L5', '57']})"
    )
    broad = page.evaluate("G18.probe.strokes('[data-tile-fig] path.track.broad')")
    assert len(broad) == 4 and all(dash == "none" for _, dash in broad)
    pairs = page.evaluate("G18.probe.strokes('[data-tile-fig=L5] .track.narrow path')")
    assert len(pairs) == 4  # two narrow pieces, each a brown line with white dashes on top

    def rgb(css: str) -> tuple[int, ...]:
        return tuple(int(v) for v in css[css.index("(") + 1 : css.index(")")].split(","))

    lines = [rgb(c) for c, dash in pairs if dash == "none"]
    dashes = [rgb(c) for c, dash in pairs if dash != "none"]
    assert len(lines) == 2 and len(dashes) == 2
    assert all(r > g > b and r < 140 for r, g, b in lines)  # brown
    assert all(min(c) > 240 for c in dashes)  # white


def test_stops_never_overlap_and_follow_their_exits(page: Page, harness: SiteServer) -> None:
    """Every tile and printed hex, at every rotation, pointy and flat: stops inside the hex,
    apart from each other, off each other's track, single stops centred, several stops
    placed towards their exits."""
    open_harness(page, harness)
    tiles = [
        tile
        for variant in VARIANTS
        for tile in [
            *catalog(variant)["tiles"].values(),
            *(h["tile"] for h in catalog(variant)["hexes"]),
        ]
    ]
    problems = page.evaluate("(tiles) => G18.probe.layoutProblems(tiles)", tiles)
    assert problems["checked"] > 1000
    assert problems["out"] == []


def test_rotation_turns_exits_clockwise_onto_their_neighbours(
    page: Page, harness: SiteServer
) -> None:
    open_harness(page, harness)
    grid = Grid.of("pointy")
    tiles = catalog("standard")["tiles"]
    for name in ("57", "5", "58", "L11", "8858"):
        for rotation in range(6):
            state = {"tiles": {"F18": {"tile": name, "rotation": rotation}}, "tokens": {}}
            page.evaluate(
                """async ([state]) => { const cat = await G18.load('cat_standard');
                     G18.showMap(cat, state, {}); G18.map.focus('F18', {minHexPx: 240}); }""",
                [state],
            )
            wait_frame(page)
            hexel = page.locator(".hm-hexes > [data-hex=F18]")
            assert hexel.get_attribute("data-rotation") == str(rotation)
            got = drawn_exits(page, grid, "F18", "[data-hex=F18] .track")
            assert got == expected_exits(tiles[name], rotation), (name, rotation)
    # rotation 1 of the straight 57 (edges 0 and 3) runs left to right (edges 1 and 4)
    assert expected_exits(tiles["57"], 1) == [(1,), (4,)]


def test_flat_layout_exits_face_their_neighbours(page: Page, harness: SiteServer) -> None:
    """A small flat map (as 1881 Berlin may use): same drawing code, flat edge numbering."""
    open_harness(page, harness)
    grid = Grid.of("flat")
    cat = catalog("standard")
    coords = ["C3", "C5", "B4", "D4", "B2", "D2", "C1", "B6", "D6", "C7"]
    blank: Json = {"name": "blank", "colour": "white", "frame": None, "labels": [], "stops": [],
                   "paths": [], "future": [], "borders": [], "lay_cost": 0}  # fmt: skip
    hexes = []
    for c in coords:
        x, y = grid.xy(c)
        hexes.append({"coord": c, "x": x, "y": y, "colour": "white", "tile": blank})
    flat = {"layout": "flat", "hexes": hexes, "tiles": cat["tiles"], "privates": {}}
    for rotation in range(6):
        state = {"tiles": {"C5": {"tile": "58", "rotation": rotation}}, "tokens": {}}
        page.evaluate(
            "([cat, state]) => { G18.showMap(cat, state); G18.map.focus('C5', {minHexPx: 240}); }",
            [flat, state],
        )
        wait_frame(page)
        got = drawn_exits(page, grid, "C5", "[data-hex=C5] .track")
        assert got == expected_exits(cat["tiles"]["58"], rotation), rotation
    # letters are the columns of a flat map, numbers the rows
    expect(page.locator(".axis-label[data-axis=top][data-col=C]")).to_have_count(1)
    expect(page.locator(".axis-label[data-axis=left][data-row='5']")).to_have_count(1)


# ---------------------------------------------------------------------------- the map


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_printed_hex_is_drawn_with_its_features(
    page: Page, harness: SiteServer, variant: str
) -> None:
    open_harness(page, harness)
    show_map(page, variant, f"start_{variant}", phaseColours=["yellow", "green"])
    cat = catalog(variant)
    drawn = page.evaluate("G18.probe.hexFacts()")
    by_coord = {d["coord"]: d for d in drawn}
    assert sorted(by_coord) == sorted(h["coord"] for h in cat["hexes"])
    start = map_json(initial_state(variant))
    for h in cat["hexes"]:
        d = by_coord[h["coord"]]
        assert d["tile"] == h["tile"]["name"]
        assert d["names"] == ([h["location"]] if h["location"] else [])
        assert d["sights"] == ([h["sight"]] if "sight" in h else [])
        assert d["frame"] == (1 if h["tile"]["frame"] else 0)
        assert d["bonus"] == (1 if "stadtbahn" in h else 0)
        if h["tile"]["lay_cost"] and "stadtbahn" not in h:
            assert d["water"] == [str(h["tile"]["lay_cost"])]
        # red off-boards show their phase values; phase 2 (yellow, green) pays green
        revenues = [s["revenue"] for s in h["tile"]["stops"]]
        phased = [r["by_colour"] for r in revenues if "by_colour" in r]
        if phased and any(v for _, v in phased[0]):
            want = [[c, v, c == "green"] for c, v in phased[0]]
            assert d["phases"] == want, h["coord"]
        # every Line home is marked with its number (a faint token in its reserved slot)
        reserved = sorted(
            [line for lines in start["reserved"].get(h["coord"], {}).values() for line in lines]
            + start["reserved_hex"].get(h["coord"], [])
        )
        assert sorted(d["reserved"]) == reserved, h["coord"]
    # coordinates along the edges: every row letter and column number of the map
    rows = {chr(65 + h["y"]) for h in cat["hexes"]}
    cols = {str(h["x"] + 1) for h in cat["hexes"]}
    for side in ("left", "right"):
        assert set(page.evaluate("(s) => G18.probe.axisTexts(s)", side)) == rows
    for side in ("top", "bottom"):
        assert set(page.evaluate("(s) => G18.probe.axisTexts(s)", side)) == cols
    shot(page, f"map_{variant}_start")


def rgb_of(css: str) -> tuple[int, int, int]:
    if css.startswith("#"):
        return int(css[1:3], 16), int(css[3:5], 16), int(css[5:7], 16)
    r, g, b = (int(float(v)) for v in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
    return r, g, b


# Rulebook Tabelle 2 and 3, as colour families.
def colour_family(rgb: tuple[int, int, int]) -> str:
    r, g, b = rgb
    if max(rgb) < 70:
        return "black"
    if r > 170 and g < 90 and b < 90:
        return "red"
    if b > 150 and r < 100:
        return "blue"
    if g > 110 and r < 90 and b < 100:
        return "green"
    if r > 110 and b > 150 and g < 120:
        return "purple"
    if r > 220 and g > 180 and b < 80:
        return "yellow"
    if r > 200 and b > 130 and g > 170 and r - b > 30:
        return "beige"
    if r > 220 and 90 < g < 170 and b < 70:
        return "orange"
    if 140 < r < 200 and 110 < g < 170 and b < 40:
        return "dark yellow"
    if 90 < r < 150 and g < r and b < g:
        return "brown"
    if abs(r - g) < 12 and abs(g - b) < 12:
        return "grey"
    return f"? {rgb}"


COMPANY_FAMILY = {
    "WT": "black",
    "DT K&C": "purple",
    "SJE": "blue",
    "BBG": "yellow",
    "WKB": "green",
    "GWStStB": "red",
    "W": "brown",
    "V": "beige",
    "G": "orange",
    "D": "dark yellow",
}


def test_tokens_sit_in_their_slots_in_company_colours(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    show_map(page, "two_player", "late", phaseColours=["yellow", "green", "brown", "gray"],
             lineOwners=LATE_OWNERS)  # fmt: skip
    late = map_json(last_position().state)
    got = page.evaluate("G18.probe.tokenFacts()")
    placed = {(t["hex"], t["part"], t["slot"]): t for t in got if not t["reserved"]}
    expected = {
        (coord, part, str(i)): corp
        for coord, cities in late["tokens"].items()
        for part, slots in cities.items()
        for i, corp in enumerate(slots)
        if corp is not None
    }
    assert {k: v["id"] for k, v in placed.items()} == expected
    for key, corp in expected.items():
        t = placed[key]
        owner = LATE_OWNERS.get(str(corp), str(corp))
        assert colour_family(rgb_of(t["fill"])) == COMPANY_FAMILY[owner], (key, corp, t["fill"])
        assert t["text"] == corp  # a Line shows its number, a Stadtbahn company its letter
    # D18's printed homes: Line 2 has its token there; Line 1 (never sold) keeps the mark
    expect(page.locator(".hm-tops [data-hex=D18] .badge-home")).to_have_attribute("data-text", "1")
    shot(page, "map_two_player_late")


def test_company_and_unowned_line_colours(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    styles = page.evaluate(
        """() => {
          const c = G18.colours;
          const out = {};
          for (const id of ['WT', 'DT K&C', 'SJE', 'BBG', 'WKB', 'GWStStB', 'W', 'V', 'G', 'D'])
            out[id] = c.companyStyle(id).fill;
          out.line_owned = c.tokenStyle('7', {'7': 'SJE'});
          out.line_unowned = c.tokenStyle('7', {});
          out.owners = c.lineOwnersFromView({'4': {major: 'WT'}, '9': {major: null}});
          return out;
        }"""
    )
    for company, family in COMPANY_FAMILY.items():
        assert colour_family(rgb_of(styles[company])) == family, company
    assert styles["line_owned"]["fill"] == styles["SJE"] and styles["line_owned"]["label"] == "7"
    assert colour_family(rgb_of(styles["line_unowned"]["fill"])) == "grey"
    assert styles["owners"] == {"4": "WT"}


def test_start_position_tokens_and_reserved_homes(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    show_map(page, "standard", "start_standard", lineOwners={"9": "WKB"})
    start = map_json(initial_state("standard"))
    for coord, cities in start["tokens"].items():
        for part, slots in cities.items():
            for i, corp in enumerate(slots):
                city = f".hm-tops [data-hex={coord}] .stop[data-part='{part}']"
                token = page.locator(f"{city} .slot[data-slot='{i}'] .token:not(.reserved)")
                if corp is None:
                    expect(token).to_have_count(0)
                else:
                    expect(token).to_have_attribute("data-token", corp)
    # C7 Hernals: V in slot 1; slot 0 is Line 9's reserved home, faint, in its major's colour
    faint = page.locator(".hm-tops [data-hex=C7] .slot[data-slot='0'] .token.reserved")
    expect(faint).to_have_attribute("data-token", "9")
    expect(faint).to_have_text("9")
    assert float(faint.evaluate("(t) => getComputedStyle(t).opacity")) < 1
    stroke = faint.locator(".token-disc").evaluate("(c) => getComputedStyle(c).stroke")
    assert colour_family(rgb_of(stroke)) == "green"
    # D18 (OO, city not chosen yet) shows Lines 1 and 2 reserved on the hex
    expect(page.locator(".hm-tops [data-hex=D18] .badge-reserved .token")).to_have_count(2)


def test_click_on_a_hex_reports_its_coordinate(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    show_map(page, "standard", "start_standard")
    for coord in ("F18", "A29", "K7", "I11"):
        x, y = hex_centre(page, coord)
        page.mouse.click(x, y)
    events = page.evaluate("G18.events")
    assert [e["coord"] for e in events] == ["F18", "A29", "K7", "I11"]


def test_drag_pans_and_wheel_buttons_pinch_zoom(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness, 1200, 800)
    show_map(page, "standard", "start_standard")
    start = view_box(page)
    box = page.locator("[data-testid=hexmap-svg]").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    scale = min(box["width"] / start[2], box["height"] / start[3])  # px per map unit

    # drag: the map follows the pointer, no click is reported
    page.mouse.move(cx, cy)
    page.mouse.down()
    for i in range(1, 11):
        page.mouse.move(cx + 12 * i, cy + 5 * i)
    page.mouse.up()
    wait_frame(page)
    panned = view_box(page)
    assert panned[0] == pytest.approx(start[0] - 120 / scale, abs=2)
    assert panned[1] == pytest.approx(start[1] - 50 / scale, abs=2)
    assert page.evaluate("G18.events") == []

    # wheel zooms in around the pointer: the map point under it stays put
    under = page.evaluate("([x, y]) => G18.probe.toWorld(x, y)", [cx + 100, cy])
    page.mouse.move(cx + 100, cy)
    page.mouse.wheel(0, -400)
    page.wait_for_timeout(100)
    wait_frame(page)
    zoomed = view_box(page)
    assert zoomed[2] < panned[2] * 0.8
    after = page.evaluate("([x, y]) => G18.probe.toWorld(x, y)", [cx + 100, cy])
    assert after == pytest.approx(under, abs=1)

    # buttons
    page.get_by_test_id("zoom-out").click()
    assert view_box(page)[2] == pytest.approx(zoomed[2] * 1.4, rel=0.01)
    page.get_by_test_id("zoom-in").click()
    page.get_by_test_id("zoom-in").click()
    assert view_box(page)[2] == pytest.approx(zoomed[2] / 1.4, rel=0.01)
    page.get_by_test_id("zoom-fit").click()
    assert view_box(page) == pytest.approx(start, abs=0.01)

    # pinch: two touch pointers spreading from 100 px to 200 px apart zoom in twice
    page.evaluate("([x, y]) => G18.probe.pinch(x, y, 100, 200)", [cx, cy])
    wait_frame(page)
    pinched = view_box(page)
    assert pinched[2] == pytest.approx(start[2] / 2, rel=0.03)
    assert pinched[0] + pinched[2] / 2 == pytest.approx(start[0] + start[2] / 2, abs=3)
    assert page.evaluate("G18.events") == []

    # keyboard: arrows pan, + and - zoom, 0 fits
    page.locator("[data-testid=hexmap-svg]").focus()
    page.keyboard.press("ArrowRight")
    moved = view_box(page)
    assert moved[0] == pytest.approx(pinched[0] + 0.15 * pinched[2], abs=1)
    page.keyboard.press("+")
    assert view_box(page)[2] == pytest.approx(moved[2] / 1.4, rel=0.01)
    page.keyboard.press("0")
    assert view_box(page) == pytest.approx(start, abs=0.01)
    # the stylesheet is linked once (the page linked it; the modules did not add another)
    hrefs = page.evaluate(
        "[...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.href)"
    )
    assert sum(h.endswith("/ui/g18xx/g18xx.css") for h in hrefs) == 1


def test_highlighted_targets_are_drawn_and_keyboard_reachable(
    page: Page, harness: SiteServer
) -> None:
    open_harness(page, harness)
    show_map(page, "standard", "start_standard")
    page.evaluate("G18.map.setHighlights({F18: 'lay', G17: 'lay', D18: 'token'})")
    hl = page.locator(".hm-highlights .hl")
    expect(hl).to_have_count(3)
    assert sorted(hl.evaluate_all("(els) => els.map((e) => e.dataset.hl)")) == ["D18", "F18", "G17"]
    expect(page.locator(".hl.kind-token")).to_have_count(1)
    # the highlight lies on its hex and is clearly visible (a thick coloured outline)
    f18 = page.locator(".hl[data-hl=F18]").bounding_box()
    base = page.locator(".hm-hexes [data-hex=F18] .tile-base").bounding_box()
    assert f18 is not None and base is not None
    assert abs(f18["x"] + f18["width"] / 2 - (base["x"] + base["width"] / 2)) < 1
    inner = page.locator(".hl[data-hl=F18] .hl-inner")
    width = inner.evaluate("(p) => parseFloat(getComputedStyle(p).strokeWidth)")
    assert width >= 3
    # targets take the keyboard focus; Enter picks them
    page.locator(".hm-hexes [data-hex=G17]").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("G18.events") == [
        {"kind": "click", "coord": "G17", "part": None, "slot": None}
    ]
    expect(page.locator(".hm-hexes [tabindex='0']")).to_have_count(3)
    page.evaluate("G18.map.setHighlights([])")
    expect(hl).to_have_count(0)
    expect(page.locator(".hm-hexes [tabindex='0']")).to_have_count(0)


def test_single_cities_can_be_highlighted_and_picked(page: Page, harness: SiteServer) -> None:
    """Token targets on an OO hex: each city is ringed, and a tap says which city."""
    open_harness(page, harness)
    show_map(page, "standard", "start_standard")
    page.evaluate(
        "G18.map.focus('D18', {minHexPx: 220}); G18.map.setStopHighlights(['D18-0', 'D18-1'])"
    )
    wait_frame(page)
    rings = page.locator(".hl-stop")
    expect(rings).to_have_count(2)
    for part in (0, 1):
        ring = page.locator(f".hl-stop[data-hl-stop='D18-{part}']").bounding_box()
        assert ring is not None
        x, y = page.evaluate("([c, p]) => G18.probe.stopCentre(c, p)", ["D18", part])
        assert close((ring["x"] + ring["width"] / 2, ring["y"] + ring["height"] / 2), (x, y), 1.5)
        city = page.locator(f".hm-tops [data-hex=D18] .stop[data-part='{part}']").bounding_box()
        assert city is not None and ring["width"] > city["width"] + 6  # a ring around the city
        page.mouse.click(x, y)
    events = page.evaluate("G18.events")
    assert [(e["coord"], e["part"], e["slot"]) for e in events] == [("D18", 0, 0), ("D18", 1, 0)]
    page.evaluate("G18.map.clearHighlights()")
    expect(rings).to_have_count(0)


def test_tile_preview_cycles_through_the_allowed_rotations(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    show_map(page, "standard", "start_standard")
    page.evaluate(
        """() => { G18.rotations = []; G18.confirmed = null;
          G18.map.focus('F18', {minHexPx: 200});
          G18.map.setPreview({hex: 'F18', tile: '57', rotations: [1, 2, 4], rotation: 2,
            onRotate: (r) => G18.rotations.push(r), onConfirm: (lay) => { G18.confirmed = lay; },
            onCancel: () => G18.map.clearPreview()}); }"""
    )
    wait_frame(page)
    preview = page.locator(".hm-preview .preview")
    expect(preview).to_have_attribute("data-rotation", "2")
    expect(preview).to_have_attribute("data-tile", "57")
    opacity = float(page.locator(".preview-tile").evaluate("(e) => getComputedStyle(e).opacity"))
    assert 0.3 < opacity < 1  # semi-transparent
    grid = Grid.of("pointy")
    tile = catalog("standard")["tiles"]["57"]
    assert drawn_exits(page, grid, "F18", ".hm-preview .track") == expected_exits(tile, 2)
    page.get_by_test_id("preview-rotate-right").click()
    expect(preview).to_have_attribute("data-rotation", "4")
    assert drawn_exits(page, grid, "F18", ".hm-preview .track") == expected_exits(tile, 4)
    page.get_by_test_id("preview-rotate-right").click()
    expect(preview).to_have_attribute("data-rotation", "1")
    page.get_by_test_id("preview-rotate-left").click()
    expect(preview).to_have_attribute("data-rotation", "4")
    # tapping the previewed hex rotates too (and is no hex click)
    x, y = hex_centre(page, "F18")
    page.mouse.click(x, y)
    expect(preview).to_have_attribute("data-rotation", "1")
    assert page.evaluate("G18.rotations") == [4, 1, 4, 1]
    assert page.evaluate("G18.events") == []
    # the buttons sit near the hex, on screen
    bar = page.get_by_test_id("preview-controls").bounding_box()
    assert bar is not None and abs(bar["x"] + bar["width"] / 2 - x) < 100
    page.get_by_test_id("preview-confirm").click()
    assert page.evaluate("G18.confirmed") == {"hex": "F18", "tile": "57", "rotation": 1}
    page.get_by_test_id("preview-cancel").click()
    expect(preview).to_have_count(0)
    expect(page.get_by_test_id("preview-controls")).to_be_hidden()


def test_route_overlay_runs_through_its_stops_and_hex_edges(
    page: Page, harness: SiteServer
) -> None:
    """The recorded 2-player game's last run (24 stops) drawn over the map it ran on."""
    open_harness(page, harness, 1300, 1000)
    show_map(page, "two_player", "late", phaseColours=["yellow", "green", "brown", "gray"],
             lineOwners=LATE_OWNERS)  # fmt: skip
    route = last_position().record["routes"][0]
    page.evaluate(
        """async () => { const r = await G18.load('late_route');
          G18.map.setRoute({stops: r.nodes, connections: r.connections, revenue: r.revenue}); }"""
    )
    wait_frame(page)
    expect(page.get_by_test_id("route-revenue")).to_have_text(str(route["revenue"]))
    expect(page.locator(".route-stop")).to_have_count(len(route["nodes"]))
    # targets in screen px: each stop as drawn in its hex, each shared hex side's midpoint
    targets: list[tuple[str, tuple[float, float]]] = []
    for node in route["nodes"]:
        coord, part = node.rsplit("-", 1)
        pos = page.evaluate("([c, p]) => G18.probe.stopCentre(c, p)", [coord, part])
        targets.append((node, (pos[0], pos[1])))
        ring = page.locator(f".route-stop[data-stop='{node}']").bounding_box()
        assert ring is not None
        ring_centre = (ring["x"] + ring["width"] / 2, ring["y"] + ring["height"] / 2)
        assert close(ring_centre, (pos[0], pos[1]), 2.5), node
    for conn in route["connections"]:
        for a, b in itertools.pairwise(conn):
            ca, cb = hex_centre(page, a), hex_centre(page, b)
            targets.append((f"{a}|{b}", ((ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2)))
    gaps = page.evaluate("(t) => G18.probe.routeGaps(t)", targets)
    far = [(name, round(gap, 1)) for name, gap in gaps if gap > 2.5]
    assert far == []
    shot(page, "map_two_player_route")
    page.evaluate("G18.map.clearRoutes()")
    expect(page.get_by_test_id("route")).to_have_count(0)


def test_update_redraws_only_the_hexes_that_changed(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    show_map(page, "two_player", "mid", lineOwners=LATE_OWNERS)
    mid = map_json(run_positions()[20].state)
    late = map_json(last_position().state)
    page.evaluate("G18.probe.markTiles()")
    n = page.evaluate(
        "async () => G18.map.update({state: await G18.load('late')})",
    )
    keys = ("tiles", "tokens", "reserved", "reserved_hex")
    coords = {c for k in keys for c in [*mid[k], *late[k]]}
    changed = {c for c in coords if any(mid[k].get(c) != late[k].get(c) for k in keys)}
    redrawn = set(page.evaluate("G18.probe.freshTiles()"))
    assert n == len(redrawn) and redrawn == changed
    for coord, laid in late["tiles"].items():
        el = page.locator(f".hm-hexes > [data-hex={coord}]")
        expect(el).to_have_attribute("data-tile", laid["tile"])
        expect(el).to_have_attribute("data-rotation", str(laid["rotation"]))


def test_phone_size_map_is_usable(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness, 390, 780)
    show_map(page, "two_player", "late", phaseColours=["yellow", "green", "brown"],
             lineOwners=LATE_OWNERS)  # fmt: skip
    # the controls are big enough to tap
    for tid in ("zoom-in", "zoom-out", "zoom-fit"):
        b = page.get_by_test_id(tid).bounding_box()
        assert b is not None and b["width"] >= 36 and b["height"] >= 36
    shot(page, "phone_fit")
    page.evaluate("G18.map.focus('F20', {minHexPx: 90})")
    wait_frame(page)
    base = page.locator(".hm-hexes [data-hex=F20] .tile-base").bounding_box()
    assert base is not None and base["width"] >= 89
    # a token's number is legible (at least 9 px high) at this zoom
    token = page.locator(".hm-tops [data-hex=G15] .token text").first.bounding_box()
    assert token is not None and token["height"] >= 9
    shot(page, "phone_focus")
    # "fill" leaves no empty bands on a tall screen: the view box has the box's proportions
    show_map(page, "two_player", "late", initialView="fill", lineOwners=LATE_OWNERS)
    box = page.locator("[data-testid=hexmap-svg]").bounding_box()
    assert box is not None
    _, _, w, h = view_box(page)
    assert w / h == pytest.approx(box["width"] / box["height"], rel=0.01)
    shot(page, "phone_fill")


# ---------------------------------------------------------------------------- market


def test_market_cells_par_and_stacked_tokens(page: Page, harness: SiteServer) -> None:
    open_harness(page, harness)
    cat = catalog("standard")
    rows = cat["market"]["rows"]
    positions = {"WT": [2, 4], "W": [1, 1], "SJE": [2, 4], "BBG": [2, 4], "V": [4, 1]}
    opts = {"stacks": {"2,4": ["SJE", "WT", "BBG"]}, "active": "WT"}
    page.evaluate(
        """async ([positions, opts]) => {
          G18.showMarket(await G18.load('cat_standard'), positions, opts); }""",
        [positions, opts],
    )
    cells = page.locator("[data-testid=market-svg] [data-cell]")
    expect(cells).to_have_count(sum(1 for row in rows for p in row if p is not None))
    par = page.locator("[data-testid=market-svg] [data-par]")
    want_par = sorted(f"{r},{c}" for cs in cat["market"]["par"].values() for r, c in cs)
    assert sorted(par.evaluate_all("(els) => els.map((e) => e.dataset.cell)")) == want_par
    expect(page.locator("[data-cell='1,2']")).to_have_attribute("data-par", "major")
    expect(page.locator("[data-cell='1,1']")).to_have_attribute("data-par", "stadtbahn")
    # tokens in their cells; the first to arrive lies on top (drawn last, highest up)
    stack = page.evaluate("G18.probe.marketStack('2,4')")
    assert [s[0] for s in stack] == ["BBG", "WT", "SJE"]  # document order: top one last
    assert [s[1] for s in stack] == [2, 1, 0]
    assert stack[2][2] < stack[1][2] < stack[0][2]
    for company, (r, c) in positions.items():
        token = page.locator(f"[data-cell='{r},{c}'] .token[data-token='{company}']")
        expect(token).to_have_count(1)
        item = page.locator(f"[data-testid=market-legend] [data-company='{company}']")
        expect(item).to_have_attribute("data-price", str(rows[r][c]))
        expect(item).to_contain_text(str(rows[r][c]))
    # the company acting now is ringed
    expect(page.locator(".token.is-active")).to_have_attribute("data-token", "WT")
    # cells show their prices; rows have their own lengths
    expect(page.locator("[data-cell='0,19']")).to_contain_text("400")
    expect(page.locator("[data-cell='4,5']")).to_have_count(0)
    shot(page, "market")
