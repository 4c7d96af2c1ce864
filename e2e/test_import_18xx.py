"""The 18xx.games import as a player meets it: a long game shows its progress while it replays,
and a file too big or not JSON is refused in words before the engine parses it."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from e2e.conftest import wait_engine
from pygame_core.g1840.importer import effective_actions
from scripts.serve import SiteServer
from tests.g1840.test_import_cases import ended_by_hand

FIXTURE = (
    Path(__file__).resolve().parent.parent / "tests" / "g1840" / "data" / "fixture_2player.json"
)

# Records every text the import's progress element shows, from the moment it is installed.
WATCH_PROGRESS = """() => {
  window.__importProgress = [];
  new MutationObserver(() => {
    const el = document.querySelector("[data-testid=import-progress]");
    const text = el ? el.textContent : null;
    if (text && window.__importProgress.at(-1) !== text) window.__importProgress.push(text);
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


def test_a_long_18xx_games_import_shows_its_progress(page: Page, site_server: SiteServer) -> None:
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    page.evaluate(WATCH_PROGRESS)
    page.get_by_test_id("import-18xx-file").set_input_files(str(FIXTURE))
    expect(page.get_by_test_id("import-summary")).to_contain_text("18xx.games rules")
    expect(page.get_by_test_id("import-progress")).to_have_count(0)
    seen: list[str] = page.evaluate("window.__importProgress")
    total = len(effective_actions(json.loads(FIXTURE.read_text())["actions"]))
    # Several steps were shown, each counting towards the file's effective actions.
    assert len(seen) >= 3, seen
    assert all(f"of {total} actions" in text for text in seen), seen
    assert "Replaying the game: 0 of" in seen[0]


def test_a_file_too_big_is_refused_before_it_is_read(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (9 * 1024 * 1024) + b"{}")
    page.get_by_test_id("import-18xx-file").set_input_files(str(big))
    expect(page.get_by_test_id("import-error")).to_contain_text("game files are at most 8.0 MB")
    # The refusal comes from the page: the engine was never asked to parse it.
    not_json = tmp_path / "notes.json"
    not_json.write_text("Expecting value? No: these are my notes.")
    page.get_by_test_id("import-file").set_input_files(str(not_json))
    error = page.get_by_test_id("import-error")
    expect(error).to_contain_text(
        "This is not a Tramways or 18xx.games game file", ignore_case=True
    )
    expect(error).not_to_contain_text("Expecting value: line")


def test_a_game_ended_by_hand_opens_marked_with_the_values_of_that_moment(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game, site = ended_by_hand()
    result = game.result()
    assert result is not None
    path = tmp_path / "ended.json"
    path.write_text(json.dumps(site.data))
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    page.get_by_test_id("import-18xx-file").set_input_files(str(path))
    summary = page.get_by_test_id("import-summary")
    expect(summary).to_contain_text("ended by hand on 18xx.games in LR 2a")
    page.get_by_test_id("import-open").click()
    end = page.get_by_test_id("end-screen")
    expect(end.get_by_test_id("end-kicker")).to_contain_text("Ended by hand on 18xx.games")
    for s, score in enumerate(result["scores"]):
        expect(end.get_by_test_id(f"end-total-{s}")).to_have_text(f"ƒ{score:,}")
