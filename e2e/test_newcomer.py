"""The game screens as a newcomer meets them (issue 13, section 2): what a first-time player
saw go wrong on a desktop and on a 390 px phone, each reproduced here by clicking. Every test
runs the guard fixture (no request leaves 127.0.0.1, no console error) and waits for page
states, never for a fixed time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect

from e2e import g1840_page as g40
from e2e import trambahn_page as tb
from e2e.conftest import ENGINE_TIMEOUT_MS, wait_engine
from pygame_core import Game, new_game
from scripts.serve import SiteServer

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}
FIXTURE_18XX = (
    Path(__file__).resolve().parent.parent / "tests" / "g1840" / "data" / "fixture_2player.json"
)


# ------------------------------------------------------------------ helpers


def bots_until(title: str, players: list[str], options: dict[str, Any], seed: int) -> Game:
    """A game played to its end by the engine's bots (deterministic per position)."""
    game = new_game(title, players, options, seed)
    level = "easy" if title == "trambahn" else "normal"
    while game.result() is None:
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, level), seat)
    return game


def last_move_save(game: Game) -> tuple[dict[str, Any], dict[str, Any]]:
    """(save before the game's last action, that action's record {seat, action})."""
    n = len(game.actions)
    save: dict[str, Any] = game.at(n - 1).save()
    return save, game.actions[-1]


def import_save(page: Page, tmp_path: Path, save: dict[str, Any], button: str) -> None:
    """Start page -> Open a game file -> `button` (e.g. import-bot-0)."""
    path = g40.save_file(tmp_path, "game.json", save)
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("import-choice")).to_be_visible()
    page.get_by_test_id(button).click()
    page.wait_for_selector(g40.ROOT)


def box(loc: Locator) -> dict[str, float]:
    b = loc.bounding_box()
    assert b is not None, f"{loc} has no box"
    return b


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def in_viewport(page: Page, selector: str) -> bool:
    """Is the element wholly inside the viewport and not under a sticky bar?"""
    return bool(
        page.evaluate(
            """(sel) => {
                const el = document.querySelector(sel);
                if (!el) return false;
                const r = el.getBoundingClientRect();
                if (r.top < 0 || r.bottom > innerHeight || r.height === 0) return false;
                const x = Math.min(innerWidth - 1, Math.max(0, r.left + r.width / 2));
                const y = r.top + Math.min(r.height / 2, 12);
                const hit = document.elementFromPoint(x, y);
                return Boolean(hit && (el.contains(hit) || hit.contains(el)));
            }""",
            selector,
        )
    )


# ------------------------------------------------------------------ 1. names typed in setup


def test_1840_setup_uses_the_names_just_typed(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size(DESKTOP)
    g40.open_home(page, site_server.url)
    # type a name and start at once: no other control is touched in between
    page.get_by_test_id("player-name-0").fill("Xaver")
    page.get_by_test_id("start-game").click()
    page.wait_for_selector(g40.ROOT)
    expect(page.get_by_test_id("player-row-0")).to_contain_text("Xaver")
    page.wait_for_function(
        """() => JSON.parse(localStorage.getItem('tramways.autosave.v1') ?? 'null')
                 ?.save?.players?.[0] === 'Xaver'"""
    )
    assert g40.autosave(page)["save"]["players"] == ["Xaver", "Ben", "Clara"]
