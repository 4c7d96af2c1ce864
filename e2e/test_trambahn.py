"""The Trambahn page, played by clicking: against the bot to the end screen, two humans on one
device, undo, history, reload, export and import. Every test also runs the guard fixture
(no request leaves 127.0.0.1, no console error)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS
from e2e.loading_watch import assert_locked_while_loading, loading_animations, watch_loading
from e2e.trambahn_page import (
    TABLE,
    autosave,
    end_turn,
    hand_codes,
    n_actions,
    new_game,
    open_home,
    pad_from_dom,
    place_passenger,
    play_passenger_turn,
    wait_human_turn_or_end,
    wait_interactive,
    wait_settled,
)
from pygame_core import Game
from scripts.serve import SiteServer


def test_full_game_against_the_bot_reaches_the_end_screen(
    page: Page, site_server: SiteServer
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_home(page, site_server.url)
    new_game(page, mode="bot", level="normal", start="0")
    turns = 0
    while wait_human_turn_or_end(page):
        play_passenger_turn(page)
        turns += 1
        assert turns < 60, "the game should end within 60 of the human's turns"
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()

    # The engine's own verdict, replayed in Python from the autosaved record.
    game = Game.from_json(autosave(page)["save"])
    result = game.result()
    assert result is not None
    pad = game.view(None)["pad"]
    assert len(pad["regular"]) == 10
    for seat in (0, 1):
        expect(end.get_by_test_id(f"end-total-{seat}")).to_have_text(str(result["scores"][seat]))
        expect(end.get_by_test_id(f"pad-total-{seat}")).to_have_text(str(pad["totals"][seat]))
    expected_rows = [(r["line"], str(r["points"][0]), str(r["points"][1])) for r in pad["regular"]]
    assert pad_from_dom(page) == expected_rows
    names = game.players
    if result["winner"] is None:
        expect(end.get_by_test_id("end-winner")).to_have_text("A draw!")
    else:
        expect(end.get_by_test_id("end-winner")).to_contain_text(names[result["winner"]])
    if result["tiebreak"]:
        expect(end.get_by_test_id("end-tiebreak")).to_be_visible()
    else:
        expect(end.get_by_test_id("end-tiebreak")).to_have_count(0)
    expect(end.get_by_test_id("chart")).to_be_visible()
    # 10 regular scorings were shown on the table's counter as well
    page.get_by_test_id("close-end").click()
    expect(page.get_by_test_id("scoring-counter")).to_contain_text("10")
    expect(page.get_by_test_id("end-turn")).to_be_disabled()


def test_hotseat_hides_the_hand_between_turns(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_home(page, site_server.url)
    new_game(page, mode="hotseat", names=("Anna", "Ben"), start="0")

    cover = page.get_by_test_id("pass-screen")
    expect(cover).to_contain_text("Pass to Anna")
    assert page.locator("[data-testid=hand-card][data-card]").count() == 0
    page.get_by_test_id("pass-ready").click()
    wait_interactive(page)
    assert len(hand_codes(page)) == 6

    def assert_only_own_hand_in_dom(viewer: int) -> None:
        game = Game.from_json(autosave(page)["save"])
        own = game.view(viewer)["seats"][viewer]["hand"]
        other = game.view(1 - viewer)["seats"][1 - viewer]["hand"]
        assert sorted(hand_codes(page)) == sorted(own)
        # the opponent's hand is drawn as card backs only, with no card codes
        backs = page.get_by_test_id(f"hand-backs-{1 - viewer}")
        assert backs.locator("[data-card], [data-code]").count() == 0
        assert backs.locator("svg.card-back").count() == len(other)
        # no card of the opponent's hand is anywhere on the page unless it is also public
        public = set(own) | {c for row in game.view(None)["rows"].values() for c in row}
        for seat in game.view(None)["seats"]:
            for col in seat["columns"]:
                public.update(col["cards"])
        for code in set(other) - public:
            assert page.locator(f"[data-card='{code}'], [data-code='{code}']").count() == 0, code
        stored = autosave(page)["response"]["view"]["seats"][1 - viewer]["hand"]
        assert stored is None

    assert_only_own_hand_in_dom(0)
    assert place_passenger(page)
    end_turn(page)

    expect(cover).to_contain_text("Pass to Ben")
    assert page.locator("[data-testid=hand-card][data-card]").count() == 0
    page.get_by_test_id("pass-ready").click()
    wait_interactive(page)
    expect(page.get_by_test_id("turn-whose")).to_contain_text("Your turn")
    assert_only_own_hand_in_dom(1)


def test_undo_and_history(page: Page, site_server: SiteServer) -> None:
    open_home(page, site_server.url)
    new_game(page, mode="bot", start="0")
    wait_interactive(page)
    hand = hand_codes(page)
    assert place_passenger(page)
    assert len(hand_codes(page)) == 5
    undo = page.get_by_test_id("undo")
    expect(undo).to_be_enabled()
    before = n_actions(page)
    undo.click()
    wait_settled(page, before)
    assert n_actions(page) == 0
    assert sorted(hand_codes(page)) == sorted(hand)
    expect(undo).to_be_disabled()

    assert place_passenger(page)
    assert place_passenger(page)
    end_turn(page)
    wait_interactive(page)
    total = n_actions(page)
    assert total >= 4

    page.get_by_test_id("history-btn").click()
    bar = page.get_by_test_id("history-bar")
    expect(page.get_by_test_id("history-pos")).to_have_text(f" {total} / {total}")
    expect(page.get_by_test_id("history-next")).to_be_disabled()
    page.get_by_test_id("history-prev").click()
    expect(page.get_by_test_id("history-pos")).to_have_text(f" {total - 1} / {total}")
    page.get_by_test_id("history-slider").fill("1")
    expect(page.get_by_test_id("history-pos")).to_have_text(f" 1 / {total}")
    expect(bar.get_by_test_id("history-caption")).to_contain_text("Anna places")
    # read-only: nothing to click on the table
    assert page.locator("[data-legal]").count() == 0
    expect(page.get_by_test_id("end-turn")).to_have_count(0)
    # one passenger is in a row after action 1
    assert page.locator(".passenger-row .passenger").count() == 1
    page.get_by_test_id("history-exit").click()
    wait_interactive(page)
    assert n_actions(page) == total


# The page's endless CSS animations: name, element class and the easing they are drawn with.
def test_reload_resumes_and_paints_before_the_engine(page: Page, site_server: SiteServer) -> None:
    open_home(page, site_server.url)
    new_game(page, mode="bot", start="0")
    wait_interactive(page)
    assert place_passenger(page)
    end_turn(page)
    wait_interactive(page)
    assert place_passenger(page)
    count = n_actions(page)
    hand = hand_codes(page)
    prompt = page.get_by_test_id("prompt").inner_text()

    watch_loading(page)
    page.reload()
    page.wait_for_selector(TABLE)
    marks = page.evaluate(
        """() => ({
            painted: performance.getEntriesByName('board-painted')[0]?.startTime ?? null,
            ready: performance.getEntriesByName('engine-ready')[0]?.startTime ?? null,
        })"""
    )
    assert marks["painted"] is not None
    # the budget is 0.3 s on a quiet machine; allow for a loaded CI box without going blind
    assert marks["painted"] < 1500, marks
    # the board came from the autosave, before the engine answered
    assert marks["ready"] is None or marks["painted"] < marks["ready"]
    assert n_actions(page) == count
    assert hand_codes(page) == hand
    wait_interactive(page)
    assert n_actions(page) == count
    assert_locked_while_loading(page)
    # Nothing on the first screen animates smoothly forever: without a GPU each such frame
    # is drawn again, CPU the engine's start needs (web/ui/app.css); spinners turn in steps.
    # Recorded on the table before it took input, not looked at once: a busy machine may
    # have the engine up by then, and End turn's pulse (after the start) is allowed.
    snapshots = loading_animations(page)
    assert snapshots, "the table was never seen before it took input"
    assert any(snapshots), "the engine-start spinner should be turning"
    smooth = [a for snap in snapshots for a in snap if not a["easing"].startswith("steps(")]
    assert smooth == [], smooth
    assert hand_codes(page) == hand
    expect(page.get_by_test_id("prompt")).to_have_text(prompt)
    end_turn(page)
    assert n_actions(page) > count


def test_export_then_import_continues_the_same_game(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    open_home(page, site_server.url)
    new_game(page, mode="bot", start="0")
    wait_interactive(page)
    assert place_passenger(page)
    end_turn(page)
    wait_interactive(page)
    exported_actions = n_actions(page)

    with page.expect_download() as dl:
        page.get_by_test_id("export-btn").click()
    path = tmp_path / "game.json"
    dl.value.save_as(path)
    save = json.loads(path.read_text())
    assert save["format"] == "tramways-save"
    assert len(save["actions"]) == exported_actions

    # a different game replaces the autosave ...
    page.get_by_test_id("menu-btn").click()
    page.get_by_test_id("start-game").click()
    wait_interactive(page)
    assert n_actions(page) == 0
    # ... and the exported file brings the first one back
    page.get_by_test_id("menu-btn").click()
    page.get_by_test_id("import-file").set_input_files(str(path))
    expect(page.get_by_test_id("import-choice")).to_contain_text(f"{exported_actions} actions")
    page.get_by_test_id("import-bot-0").click()
    wait_interactive(page)
    assert n_actions(page) == exported_actions
    assert autosave(page)["save"]["actions"] == save["actions"]


def test_bad_import_file_is_refused_and_keeps_the_game(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    open_home(page, site_server.url)
    new_game(page, mode="bot", start="0")
    wait_interactive(page)
    assert place_passenger(page)
    kept = autosave(page)["save"]
    page.get_by_test_id("menu-btn").click()

    tampered = json.loads(json.dumps(kept))
    tampered["actions"][0]["seat"] = 1  # not Ben's turn: the replay must refuse it
    bad_files = {
        "not-json.json": ("this is not a save", "not a Tramways or 18xx.games game file"),
        "tampered.json": (json.dumps(tampered), "Action 0"),
    }
    for name, (content, message) in bad_files.items():
        path = tmp_path / name
        path.write_text(content)
        page.get_by_test_id("import-file").set_input_files(str(path))
        expect(page.get_by_test_id("import-error")).to_contain_text(message)
        expect(page.get_by_test_id("import-choice")).to_have_count(0)
        assert autosave(page)["save"] == kept

    page.get_by_test_id("resume-game").click()
    wait_interactive(page)
    assert n_actions(page) == len(kept["actions"])
    assert autosave(page)["save"] == kept


def test_phone_layout_plays_a_turn(page: Page, site_server: SiteServer) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_home(page, site_server.url)
    new_game(page, mode="bot", start="0")
    wait_interactive(page)
    # nothing on the table is wider than the phone
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    assert place_passenger(page)
    end_turn(page)
    assert wait_human_turn_or_end(page, timeout=ENGINE_TIMEOUT_MS)
    expect(page.get_by_test_id("log")).to_contain_text("Ben")
