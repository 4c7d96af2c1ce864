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
from e2e.loading_watch import assert_locked_while_loading, watch_loading
from pygame_core import Game, new_game
from scripts.serve import SiteServer

FIXTURE = (
    Path(__file__).resolve().parent.parent / "tests" / "g1840" / "data" / "fixture_2player.json"
)
# Seed and setup of the scripted game: with the policy's choices (e2e/g1840_policy.py) both
# seats reach every kind of decision in WANTED within ~75 actions (SR 2).
SCRIPT_SEED = 13
SCRIPT_PLAYERS = ["Anna", "Ben"]
SCRIPT_OPTIONS = {"profile": "18xx.games"}


def play_until(
    page: Page, done: Any, *, limit: int = 400
) -> tuple[Mirror, set[str], dict[str, int]]:
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
    expect(page.get_by_test_id("round-track").locator(".is-current")).to_have_text(
        view["round"]["label"]
    )
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


def test_each_stadtbahn_bonus_is_taken_by_clicking(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
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
            expect(page.locator(f".hm-hexes .hex[data-hex='{action['hex']}']")).to_have_attribute(
                "data-tile", action["tile"]
            )
        else:
            assert action["type"] == "place_token"
            line = done["line_turn"]["line"] if done["line_turn"] else None
            tokens = done["map"]["tokens"][action["hex"]][str(action["city"])]
            assert line is None or line in tokens
        expect(page.get_by_test_id("bonus-banner")).to_have_count(0)


def money(v: int) -> str:
    minus = "\u2212"  # the page writes a minus sign
    return f"{minus if v < 0 else ''}ƒ{abs(v):,}"


def late_save(seed: int = 4, players: tuple[str, ...] = ("Anna", "Ben")) -> dict[str, Any]:
    """A bots-only game up to its last Company Round (CR 6), as a save."""
    game = new_game("1840", list(players), {}, seed)
    while not (
        game.view(None)["round"]["label"] == "CR 6" and game.view(None)["step"] == "dividend"
    ):
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


def test_late_game_played_to_the_end_screen(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
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
    result = game.result()
    assert result is not None
    expect(page.get_by_test_id("end-winner")).to_contain_text(
        "You win" if result["winner"] == 0 else "wins"
    )
    # the map stays readable behind the end screen, and the game can be replayed
    page.get_by_test_id("close-end").click()
    expect(page.get_by_test_id("end-screen")).to_have_count(0)
    expect(page.get_by_test_id("decide")).to_contain_text("over")


def test_18xx_games_import_opens_at_the_end_with_its_history(
    page: Page, site_server: SiteServer
) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    page.get_by_test_id("import-18xx-file").set_input_files(str(FIXTURE))
    summary = page.get_by_test_id("import-summary")
    expect(summary).to_contain_text("292 actions")
    expect(summary).to_contain_text("18xx.games rules")
    expect(summary).to_contain_text("ƒ8,351 / ƒ7,618")
    page.get_by_test_id("import-open").click()
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    expect(end.get_by_test_id("end-total-0")).to_have_text("ƒ8,351")
    expect(end.get_by_test_id("end-total-1")).to_have_text("ƒ7,618")
    expect(end.get_by_test_id("end-winner")).to_contain_text("Player 1 wins")
    # 18xx.games rules count the privates: Player 2 holds 50 of them
    expect(end.get_by_test_id("end-privates-1")).to_have_text("ƒ50")
    game = Game.from_json(autosave(page)["save"])
    result = game.result()
    assert result is not None and result["scores"] == [8351, 7618]
    check_end_screen(page, game)

    # the whole history can be stepped through, back to the start
    end.get_by_test_id("end-history").click()
    bar = page.get_by_test_id("history-bar")
    expect(page.get_by_test_id("history-pos")).to_have_text(" 292 / 292")
    expect(page.get_by_test_id("end-screen")).to_have_count(0)
    page.get_by_test_id("history-prev").click()
    expect(page.get_by_test_id("history-pos")).to_have_text(" 291 / 292")
    past = game.at(291)
    expect(bar.get_by_test_id("history-caption")).to_contain_text(
        past.log[-1]["text"].split(";")[0][:30]
    )
    page.get_by_test_id("history-slider").fill("120")
    expect(page.get_by_test_id("history-pos")).to_have_text(" 120 / 292")
    at120 = game.at(120).view(None)
    expect(page.get_by_test_id("round-track").locator(".is-current")).to_have_text(
        at120["round"]["label"]
    )
    for coord, laid in at120["map"]["tiles"].items():
        expect(page.locator(f".hm-hexes .hex[data-hex='{coord}']")).to_have_attribute(
            "data-tile", laid["tile"]
        )
    later = set(game.view(None)["map"]["tiles"]) - set(at120["map"]["tiles"])
    assert later
    for coord in later:  # tiles laid after action 120 are not on the map
        tile = page.locator(f".hm-hexes .hex[data-hex='{coord}']").get_attribute("data-tile")
        assert tile != game.view(None)["map"]["tiles"][coord]["tile"]
    assert page.locator(f"{ROOT} [data-testid=decide] button[data-action]").count() == 0
    page.get_by_test_id("history-start").click()
    expect(page.get_by_test_id("history-pos")).to_have_text(" 0 / 292")
    expect(page.get_by_test_id("round-track").locator(".is-current")).to_have_text("Pre")
    page.get_by_test_id("history-exit").click()
    expect(page.get_by_test_id("end-screen")).to_be_visible()


def test_bad_18xx_games_file_is_refused_and_keeps_the_game(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    open_home(page, site_server.url)
    new_game_1840(page, [("Anna", "human"), ("Ben", "bot:easy")])
    assert wait_decision(page) == "act"
    mirror = Mirror.of_page(page)
    perform(page, mirror.game, 0, choose(mirror.game, 0, set()))
    kept = autosave(page)["save"]
    page.get_by_test_id("menu-btn").click()

    data = json.loads(FIXTURE.read_text())
    broken = json.loads(json.dumps(data))
    broken["actions"][5]["type"] = "teleport"
    other = {**data, "title": "1830"}
    files = {
        "not-json.json": ("{ this is not json", "not a Tramways or 18xx.games game file"),
        "other-title.json": (json.dumps(other), "not an 1840 game"),
        "broken.json": (json.dumps(broken), "action"),
    }
    for name, (content, message) in files.items():
        path = tmp_path / name
        path.write_text(content)
        page.get_by_test_id("import-18xx-file").set_input_files(str(path))
        error = page.get_by_test_id("import-error")
        expect(error).to_contain_text(message)
        expect(page.get_by_test_id("import-choice")).to_have_count(0)
        assert autosave(page)["save"] == kept
    page.get_by_test_id("resume-game").click()
    assert wait_decision(page) == "act"
    assert n_actions(page) == len(kept["actions"])
    assert autosave(page)["save"] == kept


def test_hotseat_hands_the_device_over_and_undo(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size({"width": 1024, "height": 800})
    open_home(page, site_server.url, "botdelay=0&seed=7")
    new_game_1840(page, [("Anna", "human"), ("Ben", "human"), ("Clara", "human")])
    cover = page.get_by_test_id("pass-screen")
    expect(cover).to_contain_text("Pass to Anna")
    expect(cover).to_have_attribute("role", "dialog")
    assert root_attr(page, "interactive") == "0"
    page.get_by_test_id("pass-ready").click()
    assert wait_decision(page) == "act"
    expect(page.get_by_test_id("turn-whose")).to_contain_text("Anna, your turn")
    # Anna opens an auction on the Prater: Ben must bid or pass next, on his own screen
    page.get_by_test_id("bid-PR-go").click()
    expect(cover).to_contain_text("Pass to Ben")
    assert root_attr(page, "viewer") == "1" and root_attr(page, "interactive") == "0"
    page.get_by_test_id("pass-ready").click()
    expect(page.get_by_test_id("turn-whose")).to_contain_text("Ben, your turn")
    expect(page.get_by_test_id("private-PR")).to_contain_text("High bid ƒ10 by Anna")
    page.get_by_test_id("pass").click()
    expect(cover).to_contain_text("Pass to Clara")
    # a reload keeps the cover: the next person still has to take the device
    page.reload()
    expect(page.get_by_test_id("pass-screen")).to_contain_text("Pass to Clara")
    wait_engine(page)
    page.get_by_test_id("pass-ready").click()
    assert wait_decision(page) == "act"
    assert root_attr(page, "viewer") == "2"

    # undo: the first time a person's action leaves them on turn, take it back
    mirror = Mirror.of_page(page)
    while True:
        state = wait_decision(page)
        if state == "cover":
            page.get_by_test_id("pass-ready").click()
            continue
        mirror.sync(page)
        game = mirror.game
        seat = game.active
        assert seat is not None
        before = n_actions(page)
        hash_before = game.state_hash()
        perform(page, game, seat, game.bot_action(seat, "normal"))
        if wait_decision(page) == "act" and root_attr(page, "viewer") == str(seat):
            undo = page.get_by_test_id("undo")
            if undo.is_enabled():
                undo.click()
                page.wait_for_function(
                    f"document.querySelector('{ROOT}').dataset.nActions === '{before}'"
                )
                expect(page.get_by_test_id("undo")).to_be_disabled()
                save = autosave(page)["save"]
                assert len(save["actions"]) == before and save["state_hash"] == hash_before
                break
        assert len(game.actions) < 200


def test_reload_paints_the_board_before_the_engine_and_resumes(
    page: Page, site_server: SiteServer
) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    open_home(page, site_server.url, "botdelay=0&seed=3")
    new_game_1840(page, [("Anna", "human"), ("Ben", "bot:normal"), ("Clara", "bot:easy")])
    mirror: Mirror | None = None
    while n_actions(page) < 12:
        assert wait_decision(page) == "act"
        mirror = Mirror.of_page(page) if mirror is None else mirror
        mirror.sync(page)
        perform(page, mirror.game, 0, mirror.game.bot_action(0, "normal"))
    assert wait_decision(page) == "act"
    count = n_actions(page)
    prompt = page.get_by_test_id("prompt").inner_text()
    cash = page.get_by_test_id("cash-0").inner_text()

    watch_loading(page)
    page.reload()
    page.wait_for_selector(f"{ROOT}[data-map='ready']")
    marks = page.evaluate(
        """() => ({
            painted: performance.getEntriesByName('board-painted')[0]?.startTime ?? null,
            map: performance.getEntriesByName('map-painted')[0]?.startTime ?? null,
            ready: performance.getEntriesByName('engine-ready')[0]?.startTime ?? null,
        })"""
    )
    # the board and the map came from the autosave and the cached catalog, before the engine
    assert marks["painted"] is not None and marks["map"] is not None, marks
    assert marks["ready"] is None or marks["map"] < marks["ready"], marks
    assert page.locator(".hm-hexes .hex").count() > 100
    assert n_actions(page) == count
    expect(page.get_by_test_id("prompt")).to_have_text(prompt)
    assert wait_decision(page) == "act"
    assert n_actions(page) == count
    assert_locked_while_loading(page)
    expect(page.get_by_test_id("cash-0")).to_have_text(cash)
    assert mirror is not None
    mirror.sync(page)
    perform(page, mirror.game, 0, mirror.game.bot_action(0, "normal"))
    assert n_actions(page) > count


def test_export_then_import_continues_the_same_game(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    open_home(page, site_server.url, "botdelay=0&seed=5")
    new_game_1840(page, [("Anna", "human"), ("Ben", "bot:easy")], profile="18xx.games")
    mirror = None
    while n_actions(page) < 8:
        assert wait_decision(page) == "act"
        mirror = Mirror.of_page(page) if mirror is None else mirror
        mirror.sync(page)
        perform(page, mirror.game, 0, mirror.game.bot_action(0, "normal"))
    assert wait_decision(page) == "act"
    exported = n_actions(page)
    with page.expect_download() as dl:
        page.get_by_test_id("export-btn").click()
    path = tmp_path / "game.json"
    dl.value.save_as(path)
    save = json.loads(path.read_text())
    assert save["format"] == "tramways-save" and save["title"] == "1840"
    assert len(save["actions"]) == exported and save["options"] == {"profile": "18xx.games"}

    # another game replaces the autosave ...
    page.get_by_test_id("menu-btn").click()
    page.get_by_test_id("start-game").click()
    assert wait_decision(page) == "act"
    assert n_actions(page) == 0
    # ... and the exported file brings the first one back, Anna against a bot again
    page.get_by_test_id("menu-btn").click()
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("import-summary")).to_contain_text(f"{exported} actions")
    page.get_by_test_id("import-bot-0").click()
    assert wait_decision(page) == "act"
    assert n_actions(page) == exported
    rec = autosave(page)
    assert rec["save"]["actions"] == save["actions"]
    assert [s["kind"] for s in rec["session"]["seats"]] == ["human", "bot"]


def test_bots_only_game_runs_to_the_end(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    open_home(page, site_server.url, "botdelay=0&seed=11")
    new_game_1840(page, [("Otto", "bot:normal"), ("Wanda", "bot:easy")])
    expect(page.get_by_test_id("pass-screen")).to_have_count(0)
    # the bots can be paused and resumed
    page.get_by_test_id("bot-pause").click()
    page.wait_for_selector(f"{ROOT}[data-busy='0']")
    expect(page.get_by_test_id("bot-pause")).to_contain_text("Resume")
    paused_at = n_actions(page)
    assert root_attr(page, "interactive") == "0"
    page.get_by_test_id("bot-pause").click()
    assert wait_decision(page) == "end"
    save = autosave(page)["save"]
    assert len(save["actions"]) > paused_at
    assert all(rec["seat"] in (0, 1) for rec in save["actions"])
    game = Game.from_json(save)
    check_end_screen(page, game)


def test_phone_screen_plays_a_turn(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_home(page, site_server.url, "botdelay=0&seed=2")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    new_game_1840(page, [("Anna", "human"), ("Ben", "bot:easy"), ("Clara", "bot:easy")])
    assert wait_decision(page) == "act"
    # nothing on the game screen is wider than the phone; the map gets a good part of it
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    box = page.get_by_test_id("map-area").bounding_box()
    assert box is not None and box["width"] >= 330 and box["height"] >= 300
    # a bid through the range control's buttons
    page.get_by_test_id("bid-KK").get_by_role("button", name=re.compile("More")).click()
    expect(page.get_by_test_id("bid-KK-input")).to_have_value("25")
    expect(page.get_by_test_id("bid-KK-go")).to_have_text("Open at ƒ25")
    # typed, then the button at once (no re-render may swallow the click)
    page.get_by_test_id("bid-KK-input").fill("30")
    expect(page.get_by_test_id("bid-KK-go")).to_have_text("Open at ƒ30")
    before = n_actions(page)
    page.get_by_test_id("bid-KK-go").click()
    page.wait_for_function(f"document.querySelector('{ROOT}').dataset.nActions !== '{before}'")
    assert wait_decision(page) in ("act", "end")
    log = autosave(page)["response"]["log"]
    assert any("Anna" in e["text"] and "30" in e["text"] for e in log)
    page.get_by_test_id("tab-log").click()
    expect(page.get_by_test_id("log")).to_contain_text("Anna")
    page.get_by_test_id("tab-market").click()
    expect(page.get_by_test_id("market")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
