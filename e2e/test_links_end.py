"""The end screen's Share (docs/links.md, "Sharing a finished game") and 1881 links in the
browser: a finished game of every title (Trambahn, 1840, 1881; bot games played in Python)
opens from a link at its end screen, whose Share makes the link at once (no hidden-information
warning: the game is over), and that link replays to the same game; a full 1881 game (some
five hundred actions) round-trips: its link opens in a fresh page with the same state hash
and the same screen. Every test runs the guard (no request leaves 127.0.0.1, no console
error). The link lengths are printed (`pytest -s`)."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from bench.bench_links import play
from e2e.conftest import Guard
from e2e.g1840_page import AUTOSAVE_KEY, ROOT, autosave
from e2e.test_links import open_link, reopened, tiles
from pygame_core import Game
from pygame_core.links import fragment, parse_fragment
from scripts.serve import SiteServer

# (title, players, seed): finished bot games; 1881 with four players is ~550 actions
GAMES = {"trambahn": ("trambahn", 2, 2007), "1840": ("1840", 2, 2007), "1881": ("1881", 4, 4007)}


@functools.cache
def finished(name: str) -> Game:
    """A seeded bot game of GAMES[name], played to its end."""
    title, players, seed = GAMES[name]
    return play(title, players, seed)


def end_share(page: Page) -> str:
    """Share from the end screen: the link comes at once, with no warning first."""
    page.get_by_test_id("end-share").click()
    text = page.get_by_test_id("link-text")
    expect(text).to_have_value(re.compile(r"/index\.html#game=1\."))
    expect(page.get_by_test_id("share-dialog")).to_contain_text("(it is over)")
    expect(page.get_by_test_id("link-warning")).to_have_count(0)
    return text.input_value()


def board(page: Page) -> dict[str, Any]:
    """What an 18xx end screen and map show: the end table, each hex's tile."""
    return {"end": page.get_by_test_id("end-table").inner_text(), "tiles": tiles(page)}


@pytest.mark.parametrize("name", ["trambahn", "1840"])
def test_the_end_screen_shares_the_finished_game(
    page: Page, site_server: SiteServer, name: str
) -> None:
    game = finished(name)
    open_link(page, site_server.url, fragment(game.save()))
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert autosave(page)["save"]["state_hash"] == game.state_hash()
    url = end_share(page)
    save, at = parse_fragment(url.split("#", 1)[1])
    assert at is None and save["actions"] == game.save()["actions"]
    assert Game.from_json(save).state_hash() == game.state_hash()
    print(f"\nlinks: {name} full game, {len(game.actions)} actions: page {len(url)} chars")
    if name == "trambahn":
        # why the finished game needs no warning: "Play again" deals a new game with a seed
        # of its own, so the link's seed tells nothing about the next deal
        page.get_by_test_id("share-close").click()
        page.get_by_test_id("rematch").click()
        page.wait_for_function(
            """([key, seed]) => {
                const rec = JSON.parse(localStorage.getItem(key) ?? "null");
                return rec?.save?.actions?.length === 0 && rec.save.seed !== seed;
            }""",
            arg=[AUTOSAVE_KEY, game.seed],
        )


def test_a_full_1881_game_round_trips_by_link(
    browser: Browser, page: Page, site_server: SiteServer, guard: Guard
) -> None:
    game = finished("1881")
    assert len(game.actions) > 300
    python_frag = fragment(game.save())
    open_link(page, site_server.url, python_frag)
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert autosave(page)["save"]["state_hash"] == game.state_hash()
    expect(page.locator(ROOT)).to_have_attribute("data-n-actions", str(len(game.actions)))
    first = board(page)
    assert first["tiles"], "the map shows the game's tiles"
    url = end_share(page)
    save, _ = parse_fragment(url.split("#", 1)[1])
    assert save == {k: v for k, v in game.save().items() if k != "state_hash"}
    print(
        f"\nlinks: 1881 4p full game, {len(game.actions)} actions: page {len(url)} chars, "
        f"python {len(python_frag) + len(site_server.url) + len('/index.html#')} chars"
    )

    assert reopened(browser, guard, url, board) == (game.state_hash(), first)
