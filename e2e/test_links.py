"""Play by link (docs/links.md, issue 16 "Play by link"): a full 5-player 1840 bot game,
played in Python and put in a link by pygame_core/links.py, opens in the page; the page's
Share link opens in a fresh page with the same state hash and the same screen; a mid-game
link opens ready for the next move, and the receiver's move goes into a new link; a tampered
link is refused naming the action that fails; damaged and newer-format links are refused; a
link to a moment opens the history there; a Trambahn link, and a 1881 link during the sealed
bid, warn before they are made. Every test
runs the guard (no request leaves 127.0.0.1, no console error). The link lengths are printed
(`pytest -s`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, expect

from bench.bench_links import play
from e2e.conftest import ENGINE_TIMEOUT_MS, Guard
from e2e.g1840_page import ROOT, autosave, perform, root_attr, wait_decision
from e2e.g1840_policy import choose
from pygame_core import CorruptSave, Game, new_game
from pygame_core.links import CHAT_LIMIT, fragment, parse_fragment
from scripts.serve import SiteServer

PLAYERS = ["P1", "P2", "P3", "P4", "P5"]  # as bench_links names them
SEED = 5007
HISTORY_AT = 100


@functools.cache
def full_game() -> Game:
    """A seeded 5-player 1840 game, bots on every seat, played to its end (~5 s)."""
    return play("1840", len(PLAYERS), SEED)


def cut(n: int) -> Game:
    """The full game's first `n` actions, replayed."""
    save = full_game().save()
    return Game.replay("1840", PLAYERS, {}, SEED, save["actions"][:n])


def open_link(page: Page, base: str, frag: str) -> None:
    """Open `index.html#<frag>` and wait until the engine has the game (or refused it)."""
    page.goto(f"{base}/index.html?botdelay=0#{frag}")
    page.wait_for_selector(
        f"{ROOT}[data-engine='ready'][data-busy='0'], [data-testid=link-error]",
        timeout=ENGINE_TIMEOUT_MS,
    )


def page_hash(page: Page) -> str:
    """The state hash of the game the page autosaved."""
    return str(autosave(page)["save"]["state_hash"])


def share(page: Page) -> tuple[str, int]:
    """Click Share and read the link and its shown length."""
    page.get_by_test_id("share-btn").click()
    text = page.get_by_test_id("link-text")
    expect(text).to_have_value(re.compile(r"#game=1\."))
    url = text.input_value()
    shown = int(page.get_by_test_id("link-length").get_attribute("data-length") or "-1")
    assert shown == len(url)
    return url, shown


def reopened(
    browser: Browser, guard: Guard, url: str, look: Callable[[Page], Any]
) -> tuple[str, Any]:
    """Open a finished game's link in a fresh browser context (nothing autosaved there):
    (the state hash it autosaves, what `look` reads of its screen)."""
    fresh = guard.attach(browser.new_context())
    other = fresh.new_page()
    base, frag = url.split("/index.html#", 1)
    open_link(other, base, frag)
    expect(other.get_by_test_id("end-screen")).to_be_visible()
    seen = page_hash(other), look(other)
    fresh.close()
    return seen


def tiles(page: Page) -> list[str]:
    """Each hex's tile on an 18xx map, as `hex:tile:rotation`, sorted."""
    return sorted(
        page.eval_on_selector_all(
            ".hm-hexes .hex[data-tile]",
            "els => els.map(e => `${e.dataset.hex}:${e.dataset.tile}:${e.dataset.rotation}`)",
        )
    )


def screen(page: Page) -> dict[str, Any]:
    """What the 1840 screen shows: the end screen's text, each hex's tile, each seat's cash."""
    cash = [page.get_by_test_id(f"cash-{s}").inner_text() for s in range(len(PLAYERS))]
    end = page.get_by_test_id("end-screen")
    return {"end": end.inner_text() if end.count() else None, "tiles": tiles(page), "cash": cash}


def test_full_1840_game_round_trips(
    browser: Browser, page: Page, site_server: SiteServer, guard: Guard
) -> None:
    game = full_game()
    python_frag = fragment(game.save())
    open_link(page, site_server.url, python_frag)
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    assert page_hash(page) == game.state_hash()
    assert root_attr(page, "n-actions") == str(len(game.actions))
    # the address bar forgets the link: a reload resumes the autosave
    assert "#" not in page.url
    first = screen(page)
    page.get_by_test_id("close-end").click()
    url, shown = share(page)
    expect(page.get_by_test_id("link-warning")).to_have_count(0)  # 1840 hides nothing
    if shown > CHAT_LIMIT:
        expect(page.get_by_test_id("link-long")).to_be_visible()
        expect(page.get_by_test_id("link-file")).to_be_visible()
    # the browser's link is the same format: Python reads it back to the same game
    save, at = parse_fragment(url.split("#", 1)[1])
    assert at is None and save["actions"] == game.save()["actions"]
    assert Game.from_json(save).state_hash() == game.state_hash()
    print(
        f"\nlinks: 1840 5p full game, {len(game.actions)} actions: page {shown} chars, "
        f"python {len(python_frag) + len(site_server.url) + len('/index.html#')} chars"
    )

    assert reopened(browser, guard, url, screen) == (game.state_hash(), first)


def test_mid_game_link_is_ready_for_the_next_move(page: Page, site_server: SiteServer) -> None:
    game = cut(len(full_game().actions) // 2)
    frag = fragment(game.save())
    open_link(page, site_server.url, frag)
    seat = game.active
    assert seat is not None
    assert wait_decision(page) == "act"  # no pass screen: the receiver plays at once
    assert root_attr(page, "viewer") == str(seat)
    assert page_hash(page) == game.state_hash()
    # the receiver's move, then a new link that carries it
    action = choose(game, seat, set())
    perform(page, game, seat, action)
    game.apply(action, seat)
    url, shown = share(page)
    save, _ = parse_fragment(url.split("#", 1)[1])
    assert Game.from_json(save).state_hash() == game.state_hash() == page_hash(page)
    print(f"\nlinks: 1840 5p mid game, {len(game.actions)} actions: page {shown} chars")


def tampered() -> tuple[dict[str, Any], int, str]:
    """The full game with one action changed into one the rules refuse: (save, its index,
    the engine's reason)."""
    save = full_game().save()
    # the first par, to a start price that does not exist
    i = next(n for n, rec in enumerate(save["actions"]) if rec["action"]["type"] == "par")
    action = save["actions"][i]["action"]
    save["actions"][i]["action"] = {**action, "price": action["price"] + 1}
    try:
        Game.from_json(save)
    except CorruptSave as exc:
        reason = exc.message.split(": ", 1)[1]
        return save, i, reason
    raise AssertionError("the tampered game still replays")


def test_tampered_and_damaged_links_are_refused(page: Page, site_server: SiteServer) -> None:
    save, i, reason = tampered()
    open_link(page, site_server.url, fragment(save))
    error = page.get_by_test_id("link-error")
    n = len(save["actions"])
    expect(error).to_contain_text(f"Action {i + 1} of {n} in the link cannot be replayed")
    expect(error).to_contain_text(reason)
    expect(page.locator(ROOT)).to_have_count(0)  # no game was opened
    # a link pasted into the open page (only the fragment changes) is read as well
    good = fragment(full_game().save()).split("=", 1)[1]
    bad = {
        "game=1." + good[2 : len(good) // 2]: "cut short or altered",
        "game=2." + good[2:]: "newer version (link format 2; this one reads up to 1)",
        "game=0.abc": "Unknown game link format 0",
        "game=x": "no format version",
        "game=1.%20%20": "characters a link never has",
        fragment({**full_game().save(), "version": 99}): "made by a newer version (format 99",
        fragment(full_game().save()) + "&action=x": 'action number "x" is not a whole number',
    }
    for frag, message in bad.items():
        page.evaluate("f => { location.hash = f; }", frag)
        expect(page.get_by_test_id("link-error")).to_contain_text(message)
        expect(page.locator(ROOT)).to_have_count(0)
    # the start page still works after a refused link
    expect(page.get_by_test_id("choose-1840")).to_be_enabled()


def test_link_to_a_moment_opens_the_history_there(page: Page, site_server: SiteServer) -> None:
    game = full_game()
    open_link(page, site_server.url, fragment(game.save(), action=HISTORY_AT))
    expect(page.get_by_test_id("history-pos")).to_have_text(f" {HISTORY_AT} / {len(game.actions)}")
    assert root_attr(page, "mode") == "history"
    # Share from the history view links to the same moment
    url, _ = share(page)
    assert url.endswith(f"&action={HISTORY_AT}")
    assert parse_fragment(url.split("#", 1)[1])[1] == HISTORY_AT


def test_trambahn_link_warns_that_it_shows_every_hand(page: Page, site_server: SiteServer) -> None:
    game = new_game("trambahn", ["Anna", "Ben"], {}, 11)
    for _ in range(6):
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    open_link(page, site_server.url, fragment(game.save()))
    expect(page.locator(ROOT)).to_have_attribute("data-n-actions", str(len(game.actions)))
    assert page_hash(page) == game.state_hash()
    page.get_by_test_id("share-btn").click()
    expect(page.get_by_test_id("link-warning")).to_contain_text("every hand")
    expect(page.get_by_test_id("link-text")).to_have_count(0)  # no link before the choice
    page.get_by_test_id("link-anyway").click()
    url = page.get_by_test_id("link-text").input_value()
    assert Game.from_json(parse_fragment(url.split("#", 1)[1])[0]).state_hash() == page_hash(page)


def test_1881_link_during_the_sealed_bid_warns(page: Page, site_server: SiteServer) -> None:
    game = new_game("1881", ["Anna", "Ben", "Clara"], {}, 3)
    game.apply(game.bot_action(0, "normal"), 0)  # Anna's sealed bid is in, the others' not
    open_link(page, site_server.url, fragment(game.save()))
    assert page_hash(page) == game.state_hash()
    page.get_by_test_id("share-btn").click()
    expect(page.get_by_test_id("link-warning")).to_contain_text("sealed decision")
    expect(page.get_by_test_id("link-text")).to_have_count(0)
