"""The game screens as a newcomer meets them (issue 13, section 2, a second batch): what a
first-time player saw go wrong on a desktop (1366 px) and on a 390 px phone, each reproduced
here by clicking. Every test runs the guard fixture (no request leaves 127.0.0.1, no console
error) and waits for page states, never for a fixed time."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, ViewportSize, expect

from e2e import g1840_page as g40
from e2e import trambahn_page as tb
from e2e.conftest import ENGINE_TIMEOUT_MS, wait_engine
from e2e.test_newcomer import bots_until, import_save
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
