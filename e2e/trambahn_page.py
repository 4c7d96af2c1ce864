"""Driving the Trambahn page like a player: start page, clicks on legal cards and targets.

Waits use the table's data attributes (data-n-actions, data-busy, data-interactive, ...),
which the controller updates on every render, so no test needs a sleep.
"""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Locator, Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS

TABLE = "[data-testid=table]"
AUTOSAVE_KEY = "tramways.autosave.v1"
# A whole game against the bot can take a while on a loaded 2-core machine.
GAME_TIMEOUT_MS = 240_000


def open_home(page: Page, base_url: str) -> None:
    """The start page with the engine ready (the Start button is enabled)."""
    page.goto(f"{base_url}/index.html?botdelay=0")
    expect(page.get_by_test_id("start-game")).to_be_enabled(timeout=ENGINE_TIMEOUT_MS)


def new_game(
    page: Page,
    *,
    mode: str = "bot",
    names: tuple[str, str] = ("Anna", "Ben"),
    level: str = "easy",
    start: str = "0",
) -> None:
    """Fill the new-game form and start; returns once the table is painted."""
    page.get_by_test_id(f"mode-{mode}").check()
    for i, name in enumerate(names):
        page.get_by_test_id(f"player-name-{i}").fill(name)
    if mode == "bot":
        page.get_by_test_id(f"level-{level}").check()
    page.get_by_test_id(f"start-{start}").check()
    page.get_by_test_id("start-game").click()
    page.wait_for_selector(TABLE)


def table(page: Page) -> Locator:
    return page.locator(TABLE)


def n_actions(page: Page) -> int:
    return int(table(page).get_attribute("data-n-actions") or "0")


def wait_interactive(page: Page, timeout: float = ENGINE_TIMEOUT_MS) -> None:
    """Until it is the viewer's turn and the table takes clicks."""
    page.wait_for_selector(f"{TABLE}[data-interactive='1']", timeout=timeout)


def wait_settled(page: Page, before: int) -> None:
    """Until an action made at `before` actions was answered (count moved, not busy)."""
    page.wait_for_function(
        """(before) => {
            const t = document.querySelector('[data-testid=table]');
            return t && Number(t.dataset.nActions) !== before && t.dataset.busy === '0';
        }""",
        arg=before,
        timeout=ENGINE_TIMEOUT_MS,
    )


def wait_human_turn_or_end(page: Page, timeout: float = GAME_TIMEOUT_MS) -> bool:
    """Wait until the human may act (True) or the end screen shows (False)."""
    page.wait_for_selector(
        f"{TABLE}[data-interactive='1'], [data-testid=end-screen]", timeout=timeout
    )
    return page.get_by_test_id("end-screen").count() == 0


def hand_codes(page: Page) -> list[str]:
    return [
        str(el.get_attribute("data-card"))
        for el in page.get_by_test_id("hand-card").all()
        if el.get_attribute("data-card")
    ]


def place_passenger(page: Page) -> bool:
    """Select the first hand card that can go to a row and put it there. False if none can."""
    for card in page.locator("[data-testid=hand-card][data-legal]").all():
        card.click()
        row = page.locator("[data-target^='row:']").first
        if row.count():
            before = n_actions(page)
            row.click()
            wait_settled(page, before)
            return True
        card.click()  # deselect: this card has no passenger move now
    return False


def end_turn(page: Page) -> None:
    before = n_actions(page)
    page.get_by_test_id("end-turn").click()
    wait_settled(page, before)


def play_passenger_turn(page: Page) -> None:
    """Two passengers if possible (to hurry scorings), then end the turn."""
    placed = 0
    while placed < 2 and page.get_by_test_id("end-screen").count() == 0:
        if page.locator(f"{TABLE}[data-interactive='1']").count() == 0:
            return
        if not place_passenger(page):
            break
        placed += 1
    if (
        page.get_by_test_id("end-screen").count() == 0
        and page.locator(f"{TABLE}[data-interactive='1']").count()
    ):
        end_turn(page)


def autosave(page: Page) -> dict[str, Any]:
    raw = page.evaluate(f"localStorage.getItem({json.dumps(AUTOSAVE_KEY)})")
    assert raw, "no autosave in localStorage"
    data: dict[str, Any] = json.loads(raw)
    return data


def pad_from_dom(page: Page) -> list[tuple[str, str, str]]:
    """The score pad rows Fahrt 1..10 as (line, points seat 0, points seat 1) from the DOM."""
    rows = []
    pad = page.locator("[data-testid=end-screen] [data-testid=score-pad]")
    for n in range(1, 11):
        row = pad.get_by_test_id(f"pad-row-{n}")
        line = str(row.locator(".pad-line").get_attribute("data-line"))
        pts = [row.locator(f".pad-pts[data-seat='{s}']").inner_text().strip() for s in (0, 1)]
        rows.append((line, pts[0], pts[1]))
    return rows
