"""Driving the 1840 page like a player: the start page, and one legal action at a time by
clicking the controls a person would use (map hexes, tile choices, rotation, range inputs,
buttons). The tests mirror the page's game in Python (`Mirror`) to know what is legal and
to check the page against the engine.

Waits use the game root's data attributes (data-n-actions, data-busy, data-interactive,
data-laying, ...), which the controller updates on every render, so no test sleeps.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS
from pygame_core import Game

ROOT = "[data-testid=table]"
AUTOSAVE_KEY = "tramways.autosave.v1"
GAME_TIMEOUT_MS = 240_000
Action = dict[str, Any]


def open_home(page: Page, base_url: str, query: str = "botdelay=0") -> None:
    """The start page with the engine ready and the 1840 form open."""
    page.goto(f"{base_url}/index.html?{query}")
    page.get_by_test_id("choose-1840").click()
    expect(page.get_by_test_id("start-game")).to_be_enabled(timeout=ENGINE_TIMEOUT_MS)


def new_game_1840(
    page: Page,
    seats: list[tuple[str, str]],
    *,
    profile: str = "rulebook",
    small: bool = False,
) -> None:
    """Fill the 1840 form (seats: (name, "human" | "bot:easy" | "bot:normal")) and start."""
    page.get_by_test_id(f"players-{len(seats)}").check()
    for i, (name, kind) in enumerate(seats):
        page.get_by_test_id(f"player-name-{i}").fill(name)
        page.get_by_test_id(f"seat-kind-{i}").select_option(kind)
    page.get_by_test_id("profile-18xx" if profile == "18xx.games" else "profile-rulebook").check()
    if len(seats) == 3:
        box = page.get_by_test_id("small-board")
        if box.is_checked() != small:
            box.click()
    page.get_by_test_id("start-game").click()
    page.wait_for_selector(ROOT)


def root_attr(page: Page, name: str) -> str:
    return str(page.locator(ROOT).get_attribute(f"data-{name}") or "")


def n_actions(page: Page) -> int:
    return int(root_attr(page, "n-actions") or "0")


def wait_settled(page: Page, before: int, timeout: float = ENGINE_TIMEOUT_MS) -> None:
    """Until an action made at `before` actions was answered (count moved, not busy)."""
    page.wait_for_function(
        """(before) => {
            const t = document.querySelector('[data-testid=table]');
            return t && Number(t.dataset.nActions) !== before && t.dataset.busy === '0';
        }""",
        arg=before,
        timeout=timeout,
    )


def wait_decision(page: Page, timeout: float = GAME_TIMEOUT_MS) -> str:
    """Until a person may act ("act"), the device must be passed ("cover") or the game is
    over ("end"). Bots move meanwhile."""
    page.wait_for_selector(
        f"{ROOT}[data-interactive='1'], [data-testid=pass-screen], [data-testid=end-screen]",
        timeout=timeout,
    )
    if page.get_by_test_id("end-screen").count():
        return "end"
    if page.get_by_test_id("pass-screen").count():
        return "cover"
    return "act"


def autosave(page: Page) -> dict[str, Any]:
    raw = page.evaluate(f"localStorage.getItem({json.dumps(AUTOSAVE_KEY)})")
    assert raw, "no autosave in localStorage"
    data: dict[str, Any] = json.loads(raw)
    return data


class Mirror:
    """The page's game replayed in Python, kept in step with the autosave."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @classmethod
    def of_page(cls, page: Page) -> Mirror:
        save = autosave(page)["save"]
        # the record's options as written (not `new_game`'s defaults for a new game)
        game = Game(save["title"], save["players"], save["options"], save["seed"])
        mirror = cls(game)
        mirror.sync(page)
        return mirror

    def sync(self, page: Page) -> None:
        save = autosave(page)["save"]
        actions = save["actions"]
        for rec in actions[len(self.game.actions) :]:
            self.game.apply(rec["action"], rec["seat"])
        assert len(self.game.actions) == len(actions)
        assert self.game.state_hash() == save["state_hash"], "the page and the engine differ"


# ------------------------------------------------------------------ clicking one action


def _click(page: Page, testid: str) -> None:
    page.get_by_test_id(testid).click()


def _open_details(page: Page, testid: str) -> None:
    det = page.get_by_test_id(testid)
    if det.get_attribute("open") is None:
        det.locator("summary").click()


def set_range(page: Page, prefix: str, value: int) -> None:
    """Type a number into a range control and commit it (change event)."""
    box = page.get_by_test_id(f"{prefix}-input")
    box.fill(str(value))
    box.press("Tab")
    expect(page.get_by_test_id(f"{prefix}-input")).to_have_value(str(value))


def click_map(page: Page, selector: str, hex_: str) -> bool:
    """Click the centre of a map element like a player (mouse) when nothing covers it
    there; False if something else is on top (the caller then uses another control)."""
    box = page.locator(selector).first.bounding_box()
    if box is None:
        return False
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    hit = page.evaluate(
        """([x, y]) => {
            const el = document.elementFromPoint(x, y);
            return el && el.closest('svg') ? el.closest('[data-hex]')?.dataset.hex ?? null : null;
        }""",
        [x, y],
    )
    if hit != hex_:
        return False
    page.mouse.click(x, y)
    return True


def pick_hex(page: Page, hex_: str) -> None:
    """Tap a highlighted hex (or, if it is hidden under a control, pick it by keyboard)."""
    if not click_map(page, f".hm-hexes .hex[data-hex='{hex_}']", hex_):
        el = page.locator(f".hm-hexes .hex[data-hex='{hex_}']")
        el.focus()
        el.press("Enter")


def lay_tile(page: Page, action: Action) -> int:
    """Choose the hex on the map, the tile, rotate the preview to the action's rotation and
    confirm. Returns how many rotation clicks it took."""
    if page.get_by_test_id("mode-lay").count():
        _click(page, "mode-lay")
    pick_hex(page, action["hex"])
    tile = page.get_by_test_id(f"tile-{action['tile']}")
    expect(tile).to_be_visible()
    if tile.get_attribute("aria-selected") != "true":
        tile.click()
    prefix = f"{action['hex']}:{action['tile']}:"
    page.wait_for_function(
        "(p) => document.querySelector('[data-testid=table]').dataset.laying.startsWith(p)",
        arg=prefix,
    )
    turns = 0
    while root_attr(page, "laying") != f"{prefix}{action['rotation']}":
        assert turns < 6, f"rotation {action['rotation']} never offered for {prefix}"
        page.get_by_test_id("preview-rotate-right").click()
        turns += 1
    preview = page.locator(f".hm-preview [data-preview='{action['hex']}']")
    expect(preview).to_have_attribute("data-rotation", str(action["rotation"]))
    page.get_by_test_id("preview-confirm").click()
    return turns


def token(page: Page, action: Action, mode: str) -> None:
    """Place (mode "token") or remove (mode "remove") a marker by tapping its city."""
    if page.get_by_test_id(f"mode-{mode}").count():
        _click(page, f"mode-{mode}")
    hex_, city = action["hex"], action["city"]
    ring = f".hm-stop-marks [data-hl-stop='{hex_}-{city}']"
    expect(page.locator(ring)).to_have_count(1)
    before = n_actions(page)
    if click_map(page, ring, hex_):
        # acted at once, or (a tap beside the cities of an OO hex) asks which city
        page.wait_for_function(
            """(before) => {
                const t = document.querySelector('[data-testid=table]');
                const moved = Number(t.dataset.nActions) !== before;
                return t.dataset.busy === '0' && (moved || document.querySelector('.which-city'));
            }""",
            arg=before,
        )
        if n_actions(page) == before:
            page.locator(".which-city").get_by_test_id(f"{mode}-{hex_}-{city}").click()
        return
    if page.get_by_test_id(f"{mode}-hex-{hex_}").count():
        _click(page, f"{mode}-hex-{hex_}")
        page.locator(".which-city").get_by_test_id(f"{mode}-{hex_}-{city}").click()
    else:
        _click(page, f"{mode}-{hex_}-{city}")


def perform(page: Page, game: Game, seat: int, action: Action) -> dict[str, Any]:
    """Do `action` for `seat` through the page's controls; wait until the engine answered.
    Returns notes about how it was done (rotation clicks)."""
    t = action["type"]
    before = n_actions(page)
    notes: dict[str, Any] = {}
    if t == "bid" and action.get("private"):
        p = action["private"]
        set_range(page, f"bid-{p}", action["price"])
        _click(page, f"bid-{p}-go")
    elif t == "bid":
        set_range(page, "line-bid", action["price"])
        _click(page, "line-bid-go")
    elif t == "pass":
        _click(page, "pass")
    elif t == "choose_order":
        _click(page, f"order-{action['position']}")
    elif t == "par":
        _click(page, f"par-major-{action['major']}")
        _click(page, f"par-{action['price']}")
    elif t == "buy":
        _click(page, f"buy-{action['company']}")
    elif t == "sell":
        _click(page, f"sell-{action['company']}-{action['count']}")
    elif t == "end_turn":
        _click(page, "end-turn")
    elif t == "sell_private":
        _open_details(page, "sell-privates")
        _click(page, f"sell-private-{action['private']}")
    elif t == "dividend":
        set_range(page, "dividend", action["amount"])
        notes["preview"] = page.get_by_test_id("dividend-price").inner_text()
        _click(page, "dividend-go")
    elif t == "buy_tram":
        _click(page, f"buy-tram-{action['tram']}")
    elif t == "scrap_tram":
        if page.get_by_test_id(f"scrap-{action['tram']}").is_hidden():
            page.locator("details:has([data-testid^=scrap-]) summary").click()
        _click(page, f"scrap-{action['tram']}")
        _click(page, f"scrap-{action['tram']}")  # the second click confirms
    elif t == "assign_tram":
        _click(page, f"assign-{action['tram']}-{action['line'] or 'none'}")
    elif t == "done":
        _click(page, "trams-done")
    elif t == "select_line":
        set_range(page, f"open-{action['line']}", action["price"])
        _click(page, f"open-{action['line']}-go")
    elif t == "lay_tile":
        notes["rotations"] = lay_tile(page, action)
    elif t == "place_token":
        token(page, action, "token")
    elif t == "remove_token":
        token(page, action, "remove")
    elif t == "pass_bonus":
        _click(page, "pass-bonus")
    elif t == "buy_private":
        _open_details(page, "buy-private")
        set_range(page, f"buy-private-{action['private']}", action["price"])
        _click(page, f"buy-private-{action['private']}-go")
    elif t == "run":
        _click(page, "run")
    else:
        raise AssertionError(f"no control for {action}")
    wait_settled(page, before)
    return notes


def save_file(tmp: Path, name: str, data: Any) -> Path:
    path = tmp / name
    path.write_text(json.dumps(data))
    return path
