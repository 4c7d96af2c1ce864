"""Links of games started from a position (docs/links.md, "Positions in a link"; issue 16
§1 and §3): the demo editor opens a demo that starts from a set position (1840's forced
purchase), the bots play on, and the screen's Share link, opened in a fresh page, replays to
the same state from the same position; a link whose position was tampered with is refused
with the position's fault named, and nothing is opened. Every test runs the guard (no request
leaves 127.0.0.1, no console error)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS, Guard
from e2e.g1840_page import ROOT, autosave
from e2e.test_links import open_link, tiles
from pygame_core import CorruptSave, Game, new_game
from pygame_core.links import fragment, parse_fragment
from scripts.serve import SiteServer

DEMO = Path(__file__).resolve().parent.parent / "web" / "demos" / "1840-forced-purchase.json"


def demo_save() -> dict[str, Any]:
    """The demo's game as a save (version 2: it starts from the demo's position)."""
    demo = json.loads(DEMO.read_text())
    keys = ("title", "players", "options", "seed", "position", "actions")
    save = {k: demo[k if k != "title" else "game"] for k in keys}
    return {**save, "format": "tramways-save", "version": demo["save_version"]}


def board(page: Page, players: int) -> dict[str, Any]:
    """What the 1840 screen shows: each hex's tile and each seat's cash."""
    cash = [page.get_by_test_id(f"cash-{s}").inner_text() for s in range(players)]
    return {"tiles": tiles(page), "cash": cash}


def test_a_game_from_a_position_shared_from_the_editor_reopens(
    browser: Browser, page: Page, site_server: SiteServer, guard: Guard
) -> None:
    save = demo_save()
    page.goto(f"{site_server.url}/editor.html")
    expect(page.get_by_test_id("editor-start")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.get_by_test_id("editor-file").set_input_files(str(DEMO))
    table = page.locator(f"{ROOT}[data-map='ready']")
    expect(table).to_have_attribute("data-n-actions", str(len(save["actions"])))
    page.get_by_test_id("bots-play").click()  # the game goes on from the position
    played = len(save["actions"]) + 10
    expect(page.get_by_test_id("editor-position")).to_contain_text(f"Position: {played} of")
    expect(page.locator(f"{ROOT}[data-busy='0']")).to_have_attribute("data-n-actions", str(played))
    shown = board(page, len(save["players"]))

    page.get_by_test_id("share-btn").click()
    text = page.get_by_test_id("link-text")
    expect(text).to_have_value(re.compile(r"/index\.html#game=1\."))  # a game page, not the editor
    url = text.input_value()
    linked, _ = parse_fragment(url.split("#", 1)[1])
    # the link carries the start position (format 1's `x`, save version 2) and the actions
    assert linked["version"] == 2 and linked["position"]["cash"] == save["position"]["cash"]
    assert linked["actions"][: len(save["actions"])] == save["actions"]
    game = Game.from_json(linked)
    assert len(game.actions) == played
    assert game.start_position == Game.from_json(save).start_position
    print(f"\nlinks: 1840 4p from a position, {played} actions: {len(url)} chars")

    fresh = guard.attach(browser.new_context())
    other = fresh.new_page()
    open_link(other, site_server.url, url.split("#", 1)[1])
    expect(other.locator(ROOT)).to_have_attribute("data-n-actions", str(played))
    assert autosave(other)["save"]["state_hash"] == game.state_hash()
    assert board(other, len(save["players"])) == shown
    fresh.close()


def tampered(save: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> tuple[str, str]:
    """A link of `save` with its position changed in place by `change`: (the fragment, the
    engine's reason for refusing it)."""
    bad = json.loads(json.dumps(save))
    change(bad["position"])
    try:
        Game.from_json(bad)
    except CorruptSave as exc:
        return fragment(bad), exc.message.split("Invalid position: ", 1)[1]
    raise AssertionError("the tampered position still opens")


def extra_card(p: dict[str, Any]) -> None:
    """A 121st card (seat 0's first hand card twice): the 120 cards are conserved."""
    p["seats"][0]["money"].append(p["seats"][0]["hand"][0])


def money_from_nowhere(p: dict[str, Any]) -> None:
    """100 more for seat 0: the bank and the players hold exactly the manifest's money."""
    p["cash"]["p0"] += 100


def trambahn_save() -> dict[str, Any]:
    """A Trambahn game started from the position after 12 bot actions, 4 actions played."""
    first = new_game("trambahn", ["Anna", "Ben"], {}, 21)
    for _ in range(12):
        seat = first.active
        assert seat is not None
        first.apply(first.bot_action(seat, "normal"), seat)
    game = new_game("trambahn", ["Anna", "Ben"], {}, 5, position=first.position())
    for _ in range(4):
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    return game.save()


def test_a_tampered_position_in_a_link_is_refused(page: Page, site_server: SiteServer) -> None:
    trambahn = trambahn_save()
    # the untouched link opens (a Trambahn game from a position, 4 actions on)
    open_link(page, site_server.url, fragment(trambahn))
    expect(page.locator(ROOT)).to_have_attribute("data-n-actions", "4")
    assert autosave(page)["save"]["state_hash"] == trambahn["state_hash"]
    for frag, reason in (tampered(trambahn, extra_card), tampered(demo_save(), money_from_nowhere)):
        page.evaluate("f => { location.hash = f; }", frag)  # pasted into the open page
        error = page.get_by_test_id("link-error")
        expect(error).to_contain_text(f"The start position in the link is not valid: {reason}")
        # nothing of the open game is replaced: the same game, the same autosave
        expect(page.locator(ROOT)).to_have_attribute("data-n-actions", "4")
        assert autosave(page)["save"]["state_hash"] == trambahn["state_hash"]
        error.get_by_role("button", name="Close").click()
        expect(error).to_have_count(0)
