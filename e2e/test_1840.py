"""1840 Vienna Tramways in the browser, played by clicking: a scripted game through every
kind of decision, each Stadtbahn bonus, a late game to the end screen, hotseat hand-over,
reload, export/import, the 18xx.games import (good and bad files), a bots-only game and a
phone-sized screen. Every test runs the guard fixture (no request leaves 127.0.0.1, no
console error). The page's game is mirrored in Python (e2e/g1840_page.py) and compared with
the engine after every action (state hash)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS, wait_engine
from e2e.g1840_page import (
    ROOT,
    Mirror,
    autosave,
    n_actions,
    new_game_1840,
    open_home,
    perform,
    root_attr,
    save_file,
    wait_decision,
)
from e2e.g1840_policy import BONUS_KINDS, WANTED, choose, kind_of
from pygame_core import Game, new_game
from scripts.serve import SiteServer

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "g1840" / "data" / "fixture_2player.json"
# Seed and setup of the scripted game: with the policy's choices (e2e/g1840_policy.py) both
# seats reach every kind of decision in WANTED within ~75 actions (SR 2).
SCRIPT_SEED = 13
SCRIPT_PLAYERS = ["Anna", "Ben"]
SCRIPT_OPTIONS = {"profile": "18xx.games"}


def play_until(page: Page, done: Any, *, limit: int = 400) -> tuple[Mirror, set[str], dict[str, int]]:
    """Click through decisions with the policy (every seat a person) until `done(clicked,
    game)` or the end screen; hand the device over on every pass screen."""
    clicked: set[str] = set()
    stats = {"covers": 0, "rotations": 0, "actions": 0}
    mirror: Mirror | None = None
    while stats["actions"] < limit:
        state = wait_decision(page)
        if state == "end":
            break
        if mirror is None:
            mirror = Mirror.of_page(page)
        else:
            mirror.sync(page)
        game = mirror.game
        seat = game.active
        assert seat is not None
        if state == "cover":
            cover = page.get_by_test_id("pass-screen")
            expect(cover).to_contain_text(f"Pass to {game.players[seat]}")
            assert root_attr(page, "interactive") == "0"
            page.get_by_test_id("pass-ready").click()
            stats["covers"] += 1
            continue
        assert root_attr(page, "viewer") == str(seat)
        action = choose(game, seat, clicked)
        kind = kind_of(game, seat, action)
        notes = perform(page, game, seat, action)
        stats["rotations"] += notes.get("rotations", 0)
        clicked.add(kind)
        stats["actions"] += 1
        if done(clicked, game):
            break
    assert mirror is not None
    mirror.sync(page)
    return mirror, clicked, stats


def test_scripted_game_clicks_every_kind_of_decision(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    open_home(page, site_server.url, f"botdelay=0&seed={SCRIPT_SEED}")
    new_game_1840(page, [(n, "human") for n in SCRIPT_PLAYERS], profile="18xx.games")
    # the first seat is asked to take the device
    expect(page.get_by_test_id("pass-screen")).to_contain_text("Pass to Anna")

    mirror, clicked, stats = play_until(page, lambda clicked, _g: all(k in clicked for k in WANTED))
    missing = [k for k in WANTED if k not in clicked]
    assert not missing, f"never clicked: {missing}"
    assert stats["rotations"] > 0, "no tile needed rotating"
    assert stats["covers"] > 5, "the device was not handed over between the players"
    game = mirror.game
    assert game.seed == SCRIPT_SEED and game.options == SCRIPT_OPTIONS
    # what the page shows agrees with the engine
    view = game.view(None)
    for seat, p in enumerate(view["players"]):
        expect(page.get_by_test_id(f"cash-{seat}")).to_have_text(re.compile(rf"ƒ{p['cash']:,}$"))
    expect(page.get_by_test_id("round-track").locator(".is-current")).to_have_text(view["round"]["label"])
    # tiles and markers laid by clicking are on the page's map
    for coord, laid in view["map"]["tiles"].items():
        hexel = page.locator(f".hm-hexes .hex[data-hex='{coord}']")
        expect(hexel).to_have_attribute("data-tile", laid["tile"])
        expect(hexel).to_have_attribute("data-rotation", str(laid["rotation"]))


# The Stadtbahn bonuses: a 3-player game (18xx.games rules) played by the policy reaches all
# five kinds by LR 3a; each is opened from a saved file at the moment it is pending.
BONUS_SEED = 10
BONUS_PLAYERS = ["Anna", "Ben", "Clara"]


def bonus_positions() -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """kind -> (save at the pending bonus, the action that takes it)."""
    game = new_game("1840", BONUS_PLAYERS, {"profile": "18xx.games"}, BONUS_SEED)
    clicked: set[str] = set()
    found: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    while game.result() is None and len(found) < len(BONUS_KINDS):
        seat = game.active
        assert seat is not None
        bonus = (game.view(seat).get("line_turn") or {}).get("bonus")
        action = choose(game, seat, clicked)
        if bonus and bonus not in found and action["type"] != "pass_bonus":
            found[bonus] = (game.save(), action)
        clicked.add(kind_of(game, seat, action))
        game.apply(action, seat)
    return found


def import_own_file(page: Page, path: Path, seats: str = "open") -> None:
    """Menu -> Open a game file -> who plays: everyone here ("open") or `import-bot-N`."""
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("import-choice")).to_be_visible()
    page.get_by_test_id("import-open" if seats == "open" else seats).click()
    page.wait_for_selector(ROOT)


def test_each_stadtbahn_bonus_is_taken_by_clicking(page: Page, site_server: SiteServer, tmp_path: Path) -> None:
    positions = bonus_positions()
    assert sorted(positions) == sorted(BONUS_KINDS)
    page.set_viewport_size({"width": 1280, "height": 860})
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    for kind in BONUS_KINDS:
        save, action = positions[kind]
        path = save_file(tmp_path, f"{kind}.json", save)
        if page.get_by_test_id("menu-btn").count():
            page.get_by_test_id("menu-btn").click()
        import_own_file(page, path)
        if wait_decision(page) == "cover":
            page.get_by_test_id("pass-ready").click()
        assert wait_decision(page) == "act"
        banner = page.get_by_test_id("bonus-banner")
        expect(banner).to_have_attribute("data-bonus", kind)
        expect(page.get_by_test_id("pass-bonus")).to_be_visible()
        mirror = Mirror.of_page(page)
        seat = mirror.game.active
        assert seat is not None
        perform(page, mirror.game, seat, action)
        mirror.sync(page)
        done = mirror.game.view(None)
        if action["type"] == "lay_tile":
            assert done["map"]["tiles"][action["hex"]]["tile"] == action["tile"]
            expect(page.locator(f".hm-hexes .hex[data-hex='{action['hex']}']")).to_have_attribute("data-tile", action["tile"])
        else:
            assert action["type"] == "place_token"
            line = done["line_turn"]["line"] if done["line_turn"] else None
            tokens = done["map"]["tokens"][action["hex"]][str(action["city"])]
            assert line is None or line in tokens
        expect(page.get_by_test_id("bonus-banner")).to_have_count(0)


def money(v: int) -> str:
    return f"{'−' if v < 0 else ''}ƒ{abs(v):,}"


def late_save(seed: int = 4, players: tuple[str, ...] = ("Anna", "Ben")) -> dict[str, Any]:
    """A bots-only game up to its last Company Round (CR 6), as a save."""
    game = new_game("1840", list(players), {}, seed)
    while not (game.view(None)["round"]["label"] == "CR 6" and game.view(None)["step"] == "dividend"):
        seat = game.active
        assert seat is not None
        game.apply(game.bot_action(seat, "normal"), seat)
    save: dict[str, Any] = game.save()
    return save


def check_end_screen(page: Page, game: Game) -> None:
    """The end screen shows the engine's result: values, breakdown, winner, charts."""
    result = game.result()
    assert result is not None
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    for seat, score in enumerate(result["scores"]):
        d = result["details"][seat]
        expect(end.get_by_test_id(f"end-total-{seat}")).to_have_text(money(score))
        expect(end.get_by_test_id(f"end-cash-{seat}")).to_have_text(money(d["cash"]))
        expect(end.get_by_test_id(f"end-shares-{seat}")).to_have_text(money(d["shares"]))
        assert d["cash"] + d["shares"] + d["privates"] - d["loan_penalty"] == score
    if result["winner"] is None:
        expect(end.get_by_test_id("end-winner")).to_contain_text("tie")
    else:
        expect(end.get_by_test_id("end-winner")).to_contain_text(game.players[result["winner"]])
    rows = end.locator("[data-testid=end-table] tbody tr")
    assert [int(str(r.get_attribute("data-seat"))) for r in rows.all()] == result["ranking"]
    history = game.view(None)["history"]
    chart = end.get_by_test_id("values-chart")
    expect(chart).to_be_visible()
    assert chart.locator("path.chart-line").count() == len(game.players)
    prices = {c for e in history for c in e["prices"]}
    assert end.get_by_test_id("prices-chart").locator("path.chart-line").count() == len(prices)


def test_late_game_played_to_the_end_screen(page: Page, site_server: SiteServer, tmp_path: Path) -> None:
    path = save_file(tmp_path, "late.json", late_save())
    page.set_viewport_size({"width": 1280, "height": 860})
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    import_own_file(page, path, "import-bot-0")
    clicked: set[str] = set()
    mirror: Mirror | None = None
    while (state := wait_decision(page)) != "end":
        assert state == "act", "one person against a bot: no hand-over screen"
        mirror = Mirror.of_page(page) if mirror is None else mirror
        mirror.sync(page)
        seat = mirror.game.active
        assert seat == 0
        perform(page, mirror.game, seat, choose(mirror.game, seat, clicked))
    game = Game.from_json(autosave(page)["save"])
    check_end_screen(page, game)
    expect(page.get_by_test_id("end-winner")).to_contain_text("You win" if game.result()["winner"] == 0 else "wins")
    # the map stays readable behind the end screen, and the game can be replayed
    page.get_by_test_id("close-end").click()
    expect(page.get_by_test_id("end-screen")).to_have_count(0)
    expect(page.get_by_test_id("decide")).to_contain_text("over")
