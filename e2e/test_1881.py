"""1881 Berlin in the browser, played by clicking: a 4-player game (two people sharing the
device, two bots) from the start page through the sealed opening bid behind the pass screen,
the start purchases and on into the operating rounds, clicking each kind of decision the
engine offers (bid, start purchase, buy/sell, lay with rotation, depot, run, dividend, train
purchase); the start page's 1881 card and rules; and a phone-sized screen. Every test runs
the guard fixture (no request leaves 127.0.0.1, no console error). The page's game is
mirrored in Python (e2e/g1840_page.py's Mirror, title-neutral) and compared with the engine
after every action (state hash)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS
from e2e.g1840_page import (
    ROOT,
    Mirror,
    lay_tile,
    n_actions,
    root_attr,
    set_range,
    token,
    wait_decision,
    wait_settled,
)
from pygame_core import Game, new_game
from pygame_core.g1881.source import latest
from scripts.serve import SiteServer

Action = dict[str, Any]
SEED = 5
SEATS = [("Anna", "human"), ("Ben", "human"), ("Clara", "bot:normal"), ("David", "bot:normal")]
# the kinds of decision the scripted game clicks at least once (1881 2.5, 2.9, 4.x, 6.x,
# 7.x, 8.x, 9.x, 10.x): with this seed and policy the two people reach all of them in OR 1.1
WANTED = ("bid", "start", "buy", "sell", "lay_tile", "place_depot", "run", "dividend", "buy_train")


def open_1881(page: Page, base_url: str, query: str = "botdelay=0") -> None:
    """The start page with the engine ready and the 1881 form open."""
    page.goto(f"{base_url}/index.html?{query}")
    page.get_by_test_id("choose-1881").click()
    expect(page.get_by_test_id("start-game")).to_be_enabled(timeout=ENGINE_TIMEOUT_MS)


def start_1881(page: Page, seats: list[tuple[str, str]]) -> None:
    """Fill the 1881 form (seats: (name, "human" | "bot:normal")) and start."""
    page.get_by_test_id(f"players-{len(seats)}").check()
    for i, (name, kind) in enumerate(seats):
        page.get_by_test_id(f"player-name-{i}").fill(name)
        page.get_by_test_id(f"seat-kind-{i}").select_option(kind)
    page.get_by_test_id("start-game").click()
    page.wait_for_selector(ROOT)


def kind_of(game: Game, action: Action) -> str:
    """The decision's kind: a buy in the start purchases is "start"."""
    if action["type"] == "buy" and game.view(None)["step"] == "start":
        return "start"
    return str(action["type"])


def choose(game: Game, seat: int, clicked: set[str]) -> Action:
    """A legal action for `seat`: shares of the company it directs (or a first director's
    share) while it can buy, so that its company floats and operates; then one of a kind not
    clicked yet; else what moves the game on."""
    legal = game.legal_actions(seat)
    assert legal, "a person to act has no legal action"
    directs = game.view(seat)["players"][seat]["directs"]
    buys = [a for a in legal if a["type"] == "buy" and a.get("source", "ipo") == "ipo"]
    mine = [a for a in buys if a["company"] in directs]
    if mine:
        return mine[0]
    if buys and not directs:
        return buys[0]
    fresh = [a for a in legal if kind_of(game, a) not in clicked and a["type"] in WANTED]
    if fresh and fresh[0]["type"] == "lay_tile":
        return turned(fresh)
    if fresh:
        return concrete(fresh[0])
    for kind in ("run", "dividend", "buy_train", "keep_trains", "done", "pass", "end_turn"):
        for a in legal:
            if a["type"] == kind:
                return concrete(a)
    return concrete(legal[0])


def turned(lays: list[Action]) -> Action:
    """A tile lay that needs the preview turned: the last rotation of a hex and tile that
    may be laid more than one way (else the first lay)."""
    for a in lays:
        ways = [b["rotation"] for b in lays if b["hex"] == a["hex"] and b["tile"] == a["tile"]]
        if len(ways) > 1 and a["rotation"] == ways[-1]:
            return a
    return lays[0]


def concrete(a: Action) -> Action:
    """A range entry with a value chosen (the minimum plus one step, when there is room)."""
    if "field" not in a:
        return a
    value = min(a["max"], a["min"] + a.get("step", 1))
    rest = {k: v for k, v in a.items() if k not in ("field", "min", "max", "step")}
    return {**rest, a["field"]: value}


def slug(value: str) -> str:
    """The page's test id part of an engine value ("pay, keep boni" -> "pay-keep-boni")."""
    return re.sub(r"[^A-Za-z0-9]+", "-", value).strip("-")


def perform(page: Page, action: Action) -> int:
    """Do `action` through the page's controls; wait until the engine answered. Returns how
    many rotation clicks a tile took."""
    t = action["type"]
    before = n_actions(page)
    turns = 0
    if t == "bid":
        set_range(page, "bid-amount", action["amount"])
        expect(page.get_by_test_id("bid-go")).to_contain_text(f"M{action['amount']}")
        page.get_by_test_id("bid-go").click()
    elif t == "buy":
        source = f"-{action['source']}" if action.get("source") else ""
        page.get_by_test_id(f"buy-{action['company']}{source}").click()
    elif t == "sell":
        page.get_by_test_id(f"sell-{action['company']}-{action['count']}").click()
    elif t in ("pass", "end_turn", "done", "run", "accept_offer", "refuse_offer"):
        page.get_by_test_id(f"act-{t}").click()
    elif t == "lay_tile":
        turns = lay_tile(page, action)
    elif t == "place_depot":
        token(page, action, "token")
    elif t == "dividend":
        page.get_by_test_id(f"dividend-{slug(action['choice'])}").click()
    elif t == "buy_train":
        page.get_by_test_id(f"buy-train-{slug(action['train'])}").click()
    elif t == "keep_trains":
        page.get_by_test_id("keep-0").click()
    elif t == "buy_train_on_credit":
        page.get_by_test_id("act-credit").click()
    else:
        raise AssertionError(f"no control for {action}")
    wait_settled(page, before)
    return turns


def test_1881_on_the_start_page(page: Page, site_server: SiteServer) -> None:
    """1881 has its card, its own rules card and a 3-6 player form with both variants."""
    open_1881(page, site_server.url)
    for n in (3, 4, 5, 6):
        expect(page.get_by_test_id(f"players-{n}")).to_be_visible()
    expect(page.get_by_test_id("players-2")).to_have_count(0)
    expect(page.get_by_test_id("option-double_track")).to_be_visible()
    expect(page.get_by_test_id("option-trains_on_credit")).to_be_visible()
    rules = page.get_by_test_id("rules-1881")
    rules.locator("summary").click()
    expect(rules).to_contain_text("envelope")
    expect(rules).to_contain_text("S-Bahn")


def test_1881_sealed_bids_and_play_on_by_clicking(page: Page, site_server: SiteServer) -> None:
    """Two people bid unseen, one after the other behind the pass screen (1881 2.5); the bots
    bid by themselves; then every kind of decision the people reach is clicked."""
    page.set_viewport_size({"width": 1280, "height": 860})
    open_1881(page, site_server.url, f"botdelay=0&seed={SEED}")
    start_1881(page, SEATS)
    expect(page.get_by_test_id("pass-screen")).to_contain_text("Pass to Anna")
    clicked: set[str] = set()
    covers = rotations = actions = 0
    mirror: Mirror | None = None
    bid_seen: dict[int, str] = {}
    while actions < 160 and not all(k in clicked for k in WANTED):
        state = wait_decision(page)
        if state == "end":
            break
        mirror = Mirror.of_page(page) if mirror is None else mirror
        mirror.sync(page)
        game = mirror.game
        viewer = int(root_attr(page, "viewer"))
        if state == "cover":
            expect(page.get_by_test_id("pass-screen")).to_contain_text(
                f"Pass to {game.players[viewer]}"
            )
            page.get_by_test_id("pass-ready").click()
            covers += 1
            continue
        assert viewer in game.acting
        action = choose(game, viewer, clicked)
        if action["type"] == "bid":
            # the other person's sealed amount is nowhere on this screen
            for other, amount in bid_seen.items():
                if other != viewer:
                    assert f"M{amount}" not in page.get_by_test_id("decide").inner_text()
            bid_seen[viewer] = str(action["amount"])
        rotations += perform(page, action)
        clicked.add(kind_of(game, action))
        actions += 1
    assert mirror is not None
    mirror.sync(page)
    missing = [k for k in WANTED if k not in clicked]
    assert not missing, f"never clicked: {missing}"
    assert rotations > 0, "no tile needed turning"
    assert len(bid_seen) == 2, "both people bid"
    assert covers >= 2, "the device was not handed over between the sealed bids"
    reached = sorted(clicked)
    print(
        f"1881 e2e: clicked {reached} in {actions} actions, {rotations} rotations, {covers} covers"
    )
    # what the page shows agrees with the engine
    view = mirror.game.view(None)
    for seat, p in enumerate(view["players"]):
        expect(page.get_by_test_id(f"cash-{seat}")).to_have_text(re.compile(rf"M{p['cash']:,}$"))
    for coord, laid in view["map"]["tiles"].items():
        hexel = page.locator(f".hm-hexes .hex[data-hex='{coord}']")
        expect(hexel).to_have_attribute("data-tile", laid["tile"])
        expect(hexel).to_have_attribute("data-rotation", str(laid["rotation"]))
    # the information tabs show 1881's data
    page.get_by_test_id("tab-trains").click()
    expect(page.get_by_test_id("trains-sheet")).to_be_visible()
    page.get_by_test_id("tab-sbahn").click()
    expect(page.get_by_test_id("sbahn-panel")).to_be_visible()


def test_1881_a_sealed_bid_is_taken_back_on_the_pass_screen(
    page: Page, site_server: SiteServer
) -> None:
    """Before the device changes hands, the person who just sealed a bid may take it back and
    bid again (1881 2.5: each seals his own envelope; the engine lets a seat undo its own
    sealed choice before the reveal). Only the new amount is opened."""
    page.set_viewport_size({"width": 1280, "height": 860})
    open_1881(page, site_server.url, f"botdelay=0&seed={SEED}")
    start_1881(page, SEATS)
    page.get_by_test_id("pass-ready").click()
    assert wait_decision(page) == "act"
    assert root_attr(page, "viewer") == "0"
    set_range(page, "bid-amount", 30)
    page.get_by_test_id("bid-go").click()
    cover = page.get_by_test_id("pass-screen")
    expect(cover).to_contain_text("Pass to Ben")
    take_back = page.get_by_test_id("pass-take-back")
    expect(take_back).to_have_text("Anna: take back my choice")
    take_back.click()
    expect(cover).to_have_count(0)
    assert wait_decision(page) == "act"
    assert root_attr(page, "viewer") == "0"
    set_range(page, "bid-amount", 50)
    page.get_by_test_id("bid-go").click()
    expect(cover).to_contain_text("Pass to Ben")
    page.get_by_test_id("pass-ready").click()
    assert wait_decision(page) == "act"
    expect(page.get_by_test_id("pass-take-back")).to_have_count(0)
    before = n_actions(page)
    set_range(page, "bid-amount", 30)
    page.get_by_test_id("bid-go").click()
    wait_settled(page, before)
    if wait_decision(page) == "cover":  # the start purchases go to whoever bid most
        page.get_by_test_id("pass-ready").click()
    page.get_by_test_id("tab-log").click()
    log = page.get_by_test_id("info-panel")
    expect(log).to_contain_text("The envelopes are opened")
    opened = log.inner_text()
    assert "Anna 50" in opened and "Anna 30" not in opened, opened


def test_1881_on_a_phone(page: Page, site_server: SiteServer) -> None:
    """On a 390x844 screen the map, the bid and the tabs fit the width (no sideways scroll)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_1881(page, site_server.url, f"botdelay=0&seed={SEED}")
    start_1881(
        page,
        [
            ("Anna", "human"),
            ("Ben", "bot:normal"),
            ("Clara", "bot:normal"),
            ("David", "bot:normal"),
        ],
    )
    assert wait_decision(page) == "act"
    expect(page.locator(f"{ROOT}[data-map='ready']")).to_have_count(1)
    expect(page.get_by_test_id("bid-go")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px)"
    set_range(page, "bid-amount", 30)
    before = n_actions(page)
    page.get_by_test_id("bid-go").click()
    wait_settled(page, before)
    page.get_by_test_id("tab-market").click()
    expect(page.get_by_test_id("info-panel")).to_be_visible()
    # a new game is played with the latest design edition (docs/1881-design.md, "Editions")
    page.get_by_test_id("tab-overview").click()
    expect(page.get_by_test_id("design-edition")).to_have_text(f" · design edition {latest()}")


# the late game: a bots' game of this seed, saved this many actions before its end
END_SEED = 3
END_BEFORE = 12


def bots_game(stop: int | None = None) -> Game:
    """A 4-player game played by the bots (to its end, or until `stop` actions), design
    edition 1: the seed's last actions are ones this test clicks."""
    game = new_game("1881", [n for n, _ in SEATS], {"edition": 1}, END_SEED)
    while game.acting and (stop is None or len(game.actions) < stop):
        seat = game.acting[0]
        game.apply(game.bot_action(seat, "normal"), seat)
    return game


def test_1881_saved_late_game_played_to_the_end_screen(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    """A saved late position opened from its file (Anna a person, bots for the others) is
    played by clicking to the end (1881 13); the end screen's totals are the engine's."""
    total = len(bots_game().actions)
    late = bots_game(total - END_BEFORE)
    seat = late.acting[0]
    path = tmp_path / "late-1881.json"
    path.write_text(json.dumps(late.save()))
    open_1881(page, site_server.url)
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("import-summary")).to_contain_text("1881")
    page.get_by_test_id(f"import-bot-{seat}").click()
    clicked: set[str] = set(WANTED)  # no kind is wanted any more: play on
    mirror: Mirror | None = None
    for _ in range(200):
        state = wait_decision(page)
        if state == "end":
            break
        assert state == "act"
        mirror = Mirror.of_page(page) if mirror is None else mirror
        mirror.sync(page)
        perform(page, choose(mirror.game, int(root_attr(page, "viewer")), clicked))
    expect(page.get_by_test_id("end-screen")).to_be_visible()
    final = bots_game() if mirror is None else mirror.game
    if mirror is not None:
        mirror.sync(page)
    result = final.result()
    assert result is not None
    for i, score in enumerate(result["scores"]):
        expect(page.get_by_test_id(f"end-total-{i}")).to_have_text(f"M{score:,}")
    # A rematch is a new game: it plays the latest design edition, not the save's (1).
    page.get_by_test_id("rematch").click()
    expect(page.get_by_test_id("end-screen")).to_have_count(0)  # the new game is on screen
    assert wait_decision(page) == "act"
    page.get_by_test_id("tab-overview").click()
    expect(page.get_by_test_id("design-edition")).to_have_text(f" · design edition {latest()}")
