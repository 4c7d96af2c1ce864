"""The game screens as a newcomer meets them (issue 13, section 2, a second batch): what a
first-time player saw go wrong on a desktop (1366 px) and on a 390 px phone, each reproduced
here by clicking. Every test runs the guard fixture (no request leaves 127.0.0.1, no console
error) and waits for page states, never for a fixed time."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, ViewportSize, expect

from e2e import g1840_page as g40
from e2e import trambahn_page as tb
from e2e.conftest import ENGINE_TIMEOUT_MS, wait_engine
from e2e.test_newcomer import bots_until, box, import_save, lay_position
from pygame_core import Game, new_game
from scripts.serve import SiteServer

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1366, "height": 768}


# ------------------------------------------------------------------ helpers


def hold_engine(page: Page) -> Callable[[], None]:
    """Keep the engine from starting: its first file (build-info.json) is held until the
    returned function is called. Needs a context without a service worker (a controlled
    page's requests would not pass the page's routes)."""
    held: list[Route] = []
    pattern = "**/build-info.json"

    def hold(route: Route) -> None:
        held.append(route)

    page.route(pattern, hold)

    def release() -> None:
        for route in held:
            route.continue_()
        page.unroute(pattern)

    return release


# ------------------------------------------------------------------ 1. end screen after a reload

NO_SERVICE_WORKER = pytest.mark.browser_context_args(service_workers="block")


@NO_SERVICE_WORKER
def test_trambahn_end_buttons_wait_for_the_engine_after_a_reload(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = bots_until("trambahn", ["Anna", "Ben"], {"start_player": 0}, 3)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    import_save(page, tmp_path, game.save(), "import-bot-0")
    expect(page.get_by_test_id("end-screen")).to_be_visible()

    release = hold_engine(page)
    page.reload()
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    expect(page.locator(tb.TABLE)).to_have_attribute("data-engine", "starting")
    button = end.get_by_test_id("end-history")
    button.click()
    # the click is kept, and the button says so
    expect(button).to_have_attribute("aria-busy", "true")
    expect(button).to_contain_text("waiting for the engine")
    release()
    expect(page.get_by_test_id("history-bar")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(page.get_by_test_id("end-screen")).to_have_count(0)


@NO_SERVICE_WORKER
def test_1840_play_again_waits_for_the_engine_after_a_reload(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = bots_until("1840", ["Anna", "Ben"], {}, 4)
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    import_save(page, tmp_path, game.save(), "import-open")  # a finished game: "Open the game"
    expect(page.get_by_test_id("end-screen")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)

    release = hold_engine(page)
    page.reload()
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    expect(page.locator(g40.ROOT)).to_have_attribute("data-engine", "starting")
    button = end.get_by_test_id("rematch")
    button.click()
    expect(button).to_have_attribute("aria-busy", "true")
    expect(button).to_contain_text("waiting for the engine")
    release()
    # a new game with the same players: nothing played yet, no end screen
    page.wait_for_selector(f"{g40.ROOT}[data-n-actions='0']", timeout=ENGINE_TIMEOUT_MS)
    expect(page.get_by_test_id("end-screen")).to_have_count(0)


# ------------------------------------------------------------------ 2. 1840 money at a decision


def bots_to(
    players: list[str], seed: int, found: Callable[[Game], bool], limit: int = 400
) -> Game | None:
    """The engine's bots from `seed` until `found(game)` holds for Anna (seat 0) to act."""
    game = new_game("1840", players, {}, seed)
    while game.result() is None and len(game.actions) < limit:
        if game.active == 0 and found(game):
            return game
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    return None


def search(players: list[str], found: Callable[[Game], bool]) -> Game:
    for seed in range(1, 40):
        game = bots_to(players, seed, found)
        if game is not None:
            return game
    raise AssertionError("no such position")


def open_position(page: Page, site_server: SiteServer, tmp_path: Path, game: Game) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    import_save(page, tmp_path, game.save(), "import-bot-0")
    assert g40.wait_decision(page) == "act"


def test_1840_founding_says_what_it_costs_and_the_log_how_it_was_paid(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = search(["Anna", "Ben"], lambda g: bool((g.view(0).get("sr") or {}).get("founding")))
    costs = {c["price"]: c for c in game.view(0)["sr"]["founding"]["prices"]}
    open_position(page, site_server, tmp_path, game)
    entry = next(e for e in game.legal_actions(0) if e["type"] == "par" and e["price"] == 100)
    page.get_by_test_id(f"par-major-{entry['major']}").click()
    # the button says what the price costs Anna: the certificate, the right's part, the cash
    c = costs[100]
    assert (c["certificate"], c["voucher"], c["cash"]) == (500, 350, 150)
    expect(page.get_by_test_id("par-100")).to_contain_text(
        "certificate ƒ500 = ƒ350 right + ƒ150 cash"
    )
    cash = page.get_by_test_id("cash-0").inner_text()
    before = g40.n_actions(page)
    page.get_by_test_id("par-100").click()
    g40.wait_settled(page, before)
    # the log says what was paid in cash and what by the voucher; the cash fell by the cash
    page.get_by_test_id("tab-log").click()
    expect(page.get_by_test_id("log")).to_contain_text(
        "paid 350 by the subscription right and 150 in cash"
    )
    page.get_by_test_id("tab-overview").click()
    assert cash != page.get_by_test_id("cash-0").inner_text()


def test_1840_order_cards_show_which_are_free_and_who_took_the_others(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = search(
        ["Anna", "Ben", "Clara"],
        lambda g: g.view(0)["step"] == "choose_order" and bool(g.view(0)["pre"]["chosen"]),
    )
    chosen = {int(pos): seat for pos, seat in game.view(0)["pre"]["chosen"].items()}
    names = game.view(0)["players"]
    open_position(page, site_server, tmp_path, game)
    for pos in (1, 2, 3):
        if pos in chosen:
            expect(page.get_by_test_id(f"order-taken-{pos}")).to_contain_text(
                f"taken by {names[chosen[pos]]['name']}"
            )
            expect(page.get_by_test_id(f"order-{pos}")).to_have_count(0)
        else:
            expect(page.get_by_test_id(f"order-{pos}")).to_contain_text("free")


def test_1840_tram_step_gives_the_engines_reasons(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    def trams_with_reasons(g: Game) -> bool:
        t = (g.view(0).get("cr") or {}).get("trams") or {}
        done = any(e["type"] == "done" for e in g.legal_actions(0))
        return bool(t.get("refused")) and bool(t.get("tramless_lines")) and done

    game = search(["Anna", "Ben"], trams_with_reasons)
    trams = game.view(0)["cr"]["trams"]
    open_position(page, site_server, tmp_path, game)
    for kind, why in trams["refused"].items():
        note = page.get_by_test_id(f"tram-refused-{kind}")
        expect(note).to_contain_text(why["reason"])
        expect(note).not_to_contain_text("too dear")
    # a Line without a tram may stay so (VIII.5.3): the page says what that means
    line = trams["tramless_lines"][0]
    expect(page.get_by_test_id("tramless-note")).to_contain_text(
        f"Line {line} has no tram: it will not run"
    )
    expect(page.get_by_test_id("trams-done")).to_be_enabled()


# ------------------------------------------------------------------ 5. errors in words

LONG_NAME = "Maximiliane von Hohenberg"  # 25 characters


@pytest.mark.parametrize("title", ["trambahn", "1840"])
def test_a_name_cut_to_20_characters_says_so(
    page: Page, site_server: SiteServer, title: str
) -> None:
    page.set_viewport_size(PHONE)
    if title == "1840":
        g40.open_home(page, site_server.url)
    else:
        tb.open_home(page, site_server.url)
    field = page.get_by_test_id("player-name-0")
    note = page.get_by_test_id("player-name-0-note")
    field.fill("")
    field.press_sequentially(LONG_NAME)
    expect(field).to_have_value(LONG_NAME[:20])
    expect(note).to_have_text("cut to 20 characters")
    assert box(note)["y"] >= box(field)["y"], "the note sits by the field"
    # a name within the limit: no note
    field.press("Backspace")
    expect(note).to_be_hidden()
    field.fill(LONG_NAME[:20])
    page.get_by_test_id("start-game").click()
    page.wait_for_selector(g40.ROOT)
    expect(page.locator(g40.ROOT)).to_contain_text(LONG_NAME[:20])


# ------------------------------------------------------------------ 4. phone


def test_phone_trambahn_rows_show_the_fahrt_slot(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size(PHONE)
    tb.open_home(page, site_server.url)
    tb.new_game(page, mode="bot", start="0")
    tb.wait_interactive(page)
    rows = page.locator(".passenger-row")
    expect(rows).to_have_count(4)
    for row in rows.all():
        slot = row.locator(".slot-4")
        # the printed board's 4th slot, marked "Fahrt": the passenger there scores the line
        expect(slot).to_be_visible()
        expect(slot).to_contain_text(re.compile("4\\s*Fahrt", re.IGNORECASE))
        r, s = box(row), box(slot)
        assert s["x"] >= r["x"] and s["x"] + s["width"] <= r["x"] + r["width"] + 0.5, (r, s)
        assert s["x"] + s["width"] <= PHONE["width"]


def test_phone_1840_tile_preview_bar_leaves_the_hex_free(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    save, seat, _hex, _tile = lay_position()
    game = new_game("1840", save["players"], save["options"], save["seed"])
    for rec in save["actions"]:
        game.apply(rec["action"], rec["seat"])
    tiles: dict[str, str] = {}
    for a in game.legal_actions(seat):
        if a["type"] == "lay_tile":
            tiles.setdefault(a["hex"], a["tile"])
    page.set_viewport_size(PHONE)
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    import_save(page, tmp_path, save, f"import-bot-{seat}")
    assert g40.wait_decision(page) == "act"
    if page.get_by_test_id("mode-lay").count():
        page.get_by_test_id("mode-lay").click()
    bar = page.get_by_test_id("preview-controls")
    for hex_, tile in sorted(tiles.items()):
        g40.pick_hex(page, hex_)
        choice = page.get_by_test_id(f"tile-{tile}")
        if choice.count() and choice.get_attribute("aria-selected") != "true":
            choice.click()
        preview = page.locator(f".hm-preview [data-preview='{hex_}']")
        expect(preview).to_have_count(1)
        expect(bar).to_be_visible()
        page.wait_for_function(
            """(c) => {
                const p = document.querySelector(`.hm-preview [data-preview='${c}']`);
                const b = document.querySelector('[data-testid=preview-controls]');
                if (!p || !b || b.hidden) return false;
                const r = p.getBoundingClientRect(), q = b.getBoundingClientRect();
                const m = document.querySelector('[data-testid=hexmap]').getBoundingClientRect();
                // the hex being built is wholly on the map, and the bar beside it, not on it
                const shown = r.left >= m.left - 0.5 && r.right <= m.right + 0.5
                    && r.top >= m.top - 0.5 && r.bottom <= m.bottom + 0.5;
                const clear = r.bottom <= q.top || q.bottom <= r.top || r.right <= q.left
                    || q.right <= r.left;
                return shown && clear;
            }""",
            arg=hex_,
        )
        page.get_by_test_id("preview-cancel").click()
        expect(preview).to_have_count(0)


# ------------------------------------------------------------------ 3. 1840 at 1366 px

OVERFLOW_JS = """(root) => {
    // what sticks out of `root` on the right, and scroll boxes that hide part of their content
    const edge = root.getBoundingClientRect().right + 0.5;
    const out = [...root.querySelectorAll('table, svg, .g18-market')]
        .filter((el) => el.getBoundingClientRect().right > edge)
        .map((el) => el.dataset.testid || el.className.baseVal || el.className);
    const hidden = [...root.querySelectorAll('.g18-table-wrap, .g18-market')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className);
    return [...out, ...hidden];
}"""

MARKET_JS = """(root) => {
    const svg = root.querySelector('[data-testid=market-svg]');
    const k = svg.getScreenCTM().a;  // px per unit
    const sizes = [...svg.querySelectorAll('text.mk-price')].map(
        (t) => parseFloat(getComputedStyle(t).fontSize) * k);
    const overlaps = [];
    for (const cell of svg.querySelectorAll('.mk-cell-g')) {
        const tokens = [...cell.querySelectorAll('[data-stack]')].map(
            (t) => t.querySelector('circle:last-of-type, circle').getBoundingClientRect());
        tokens.forEach((a, i) => tokens.slice(i + 1).forEach((b) => {
            if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
                && b.top < a.bottom - 1) overlaps.push(cell.dataset.cell);
        }));
    }
    return { smallest: Math.min(...sizes), overlaps };
}"""


def late_game() -> Game:
    """3 players, the bots' game from seed 5 at 400 actions (LR 5b): six companies' tokens
    on the market, every major with Lines and trams."""
    game = new_game("1840", ["Anna", "Ben", "Clara"], {}, 5)
    while game.result() is None and len(game.actions) < 400:
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    return game


def test_1840_at_1366_shows_whole_tables_market_track_and_tiles(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = late_game()
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    import_save(page, tmp_path, game.save(), "import-bot-0")
    page.wait_for_selector(f"{g40.ROOT}[data-map='ready']")
    # the bots stop, so that the screen holds still while it is measured
    page.get_by_test_id("bot-pause").click()
    page.wait_for_selector(f"{g40.ROOT}[data-busy='0']")
    panel = page.get_by_test_id("info-panel")

    # the round track: every round to the end in sight
    track = page.evaluate(
        """() => {
            const wrap = document.querySelector('.g18-trackwrap').getBoundingClientRect();
            return [...document.querySelectorAll('[data-testid=round-track] li')].map((li) => {
                const r = li.getBoundingClientRect();
                return [li.dataset.round, r.left >= wrap.left - 0.5 && r.right <= wrap.right + 0.5
                        && r.right <= innerWidth];
            });
        }"""
    )
    assert track[-1][0] == "End" and "CR 6" in [t for t, _ in track]
    assert [t for t, shown in track if not shown] == []

    # the Overview's tables are whole in the side column
    page.get_by_test_id("tab-overview").click()
    expect(panel.get_by_test_id("majors-sheet")).to_be_visible()
    assert panel.evaluate(OVERFLOW_JS) == []

    # the market: not clipped, its prices readable, no token on another
    page.get_by_test_id("tab-market").click()
    expect(panel.get_by_test_id("market-svg")).to_be_visible()
    assert panel.evaluate(OVERFLOW_JS) == []
    market = panel.evaluate(MARKET_JS)
    assert market["smallest"] >= 10.5 and market["overlaps"] == [], market

    # the wide view: the whole spreadsheet and the whole market
    page.get_by_test_id("wide-view-btn").click()
    wide = page.get_by_test_id("wide-view")
    expect(wide).to_be_visible()
    expect(wide.get_by_test_id("market-svg")).to_have_attribute("data-cols", "0-19")
    assert wide.evaluate(OVERFLOW_JS) == []
    market = wide.evaluate(MARKET_JS)
    assert market["smallest"] >= 10.5 and market["overlaps"] == [], market
    wide.get_by_test_id("wide-tab-overview").click()
    sheet = wide.get_by_test_id("players-sheet")
    expect(sheet.locator("thead th")).to_have_count(3 + 7 + 3)  # 3 majors, 4 Stadtbahn
    assert wide.evaluate(OVERFLOW_JS) == []
    page.keyboard.press("Escape")
    expect(wide).to_have_count(0)

    # the tile manifest: each count inside its own tile's box, under that tile
    page.get_by_test_id("tab-tiles").click()
    figs = panel.locator(".tile-fig")
    expect(figs.first).to_be_visible()
    for fig in figs.all()[:24]:
        f, c, t = box(fig), box(fig.locator(".tcount")), box(fig.locator("svg"))
        assert fig.evaluate("(el) => getComputedStyle(el).borderTopStyle") != "none"
        assert f["x"] < c["x"] and c["x"] + c["width"] < f["x"] + f["width"], (f, c)
        assert abs((c["x"] + c["width"] / 2) - (t["x"] + t["width"] / 2)) < 3, (c, t)


LABELS_JS = """() => {
    const svg = document.querySelector('.g18-map-svg');
    const k = svg.getScreenCTM().a;
    const px = [...svg.querySelectorAll('.hm-hexes .location-name')].map((t) => {
        const grow = new DOMMatrix(getComputedStyle(t).transform).a || 1;
        return parseFloat(t.getAttribute('font-size')) * k * grow;
    });
    return Math.min(...px);
}"""


def test_1840_at_1366_fit_labels_and_the_auctioned_lines_home(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = search(
        ["Anna", "Ben"],
        lambda g: (
            (g.view(0).get("auction") or {}).get("kind") == "line"
            and any(e["type"] == "bid" for e in g.legal_actions(0))
        ),
    )
    view = game.view(0)
    home = view["lines"][view["auction"]["lot"]]["home"]
    open_position(page, site_server, tmp_path, game)
    # the Line on the block: its home hex is marked on the map (not a target to pick)
    mark = page.locator(f".hm-highlights [data-hl='{home}']")
    expect(mark).to_have_class(re.compile("kind-home"))
    expect(page.locator(f".hm-hexes .hex[data-hex='{home}']")).not_to_have_attribute(
        "tabindex", "0"
    )
    # the whole map ("fit"): the places' names stay readable
    page.get_by_test_id("zoom-fit").click()
    page.wait_for_function(f"({LABELS_JS})() >= 8.5")
