"""editor.html: a writer plays a game in the normal game screen, marks and captions steps,
copies the <iframe> snippet; a page that embeds the snippet steps through the demo."""

from __future__ import annotations

import base64
import html
import json
import re
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from playwright.sync_api import FrameLocator, Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS
from e2e.trambahn_page import AUTOSAVE_KEY, play_passenger_turn, wait_interactive
from pygame_core import Game, links
from scripts.serve import SiteServer

TABLE = "[data-testid=table]"
SEED = 11
FIXTURE_18XX = (
    Path(__file__).resolve().parent.parent / "tests" / "g1840" / "data" / "fixture_2player.json"
)


def start_editor(page: Page, base_url: str, title: str, players: str, seed: int) -> None:
    page.goto(f"{base_url}/editor.html")
    expect(page.get_by_test_id("editor-start")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.get_by_test_id("editor-title-select").select_option(title)
    page.get_by_test_id("editor-players").fill(players)
    page.get_by_test_id("editor-seed").fill(str(seed))
    page.get_by_test_id("editor-start").click()
    page.wait_for_selector(TABLE, timeout=ENGINE_TIMEOUT_MS)


def position(page: Page) -> int:
    text = page.get_by_test_id("editor-position").inner_text()
    found = re.search(r"Position: (\d+)", text)
    assert found, text
    return int(found.group(1))


def mark(page: Page, caption: str) -> None:
    steps = page.get_by_test_id("editor-step")
    count = steps.count()
    page.get_by_test_id("mark-step").click()
    expect(steps).to_have_count(count + 1)
    page.get_by_test_id(f"step-caption-{count}").fill(caption)


def snippet_src(page: Page) -> str:
    page.get_by_test_id("copy-snippet").click()
    box = page.get_by_test_id("snippet")
    expect(box).to_have_value(
        re.compile(r"^<iframe src=\"http://127\.0\.0\.1:\d+/embed\.html#game=1\.[\w-]+&amp;demo=")
    )
    found = re.search(r'src="([^"]+)"', box.input_value())
    assert found
    return html.unescape(found.group(1))


def fragment_demo(src: str) -> dict[str, Any]:
    """The demo in an embed.html#game=...&demo=... address: the game link (docs/links.md)
    and the rest, base64url of raw deflate (docs/embedding.md)."""
    params = parse_qs(src.split("#", 1)[1])
    (rest,) = params["demo"]
    raw = base64.urlsafe_b64decode(rest + "=" * (-len(rest) % 4))
    demo: dict[str, Any] = json.loads(zlib.decompress(raw, wbits=-15))
    save = links.decode(params["game"][0])
    return {**demo, "save": save}


def wait_frame_step(frame: FrameLocator, index: int) -> None:
    expect(frame.locator(f"{TABLE}[data-step='{index}']")).to_have_count(
        1, timeout=ENGINE_TIMEOUT_MS
    )


def test_editor_makes_a_trambahn_demo_that_a_page_embeds(
    page: Page,
    site_server: SiteServer,
    serve_site: Callable[[Path], SiteServer],
    tmp_path: Path,
) -> None:
    start_editor(page, site_server.url, "trambahn", "Anna, Ben", SEED)
    page.get_by_test_id("demo-title").fill("Our first turn")
    wait_interactive(page)
    assert position(page) == 0
    mark(page, "The opening hands: nothing placed yet.")
    # Anna plays a turn by clicks in the normal game screen
    play_passenger_turn(page)
    after_turn = position(page)
    assert after_turn >= 2
    mark(page, "Anna's first passengers are on the rows.")
    # a third step, moved up and deleted again: the two captioned steps remain in order
    mark(page, "to be deleted")
    page.get_by_test_id("step-up-2").click()
    expect(page.get_by_test_id("step-caption-1")).to_have_value("to be deleted")
    page.get_by_test_id("step-delete-1").click()
    expect(page.get_by_test_id("editor-step")).to_have_count(2)
    counts = [s.get_attribute("data-actions") for s in page.get_by_test_id("editor-step").all()]
    assert counts == ["0", str(after_turn)]

    src = snippet_src(page)
    snippet = page.get_by_test_id("snippet").input_value()
    # the editor never touches the player's autosaved game
    assert page.evaluate(f"localStorage.getItem({json.dumps(AUTOSAVE_KEY)})") is None

    # a reload resumes the draft: the same game and steps
    page.reload()
    page.get_by_test_id("editor-resume").click()
    expect(page.get_by_test_id("editor-step")).to_have_count(2)
    expect(page.get_by_test_id("step-caption-1")).to_have_value(
        "Anna's first passengers are on the rows."
    )
    expect(page.get_by_test_id("demo-title")).to_have_value("Our first turn")

    # a rules page on another site (another origin) embeds the snippet; a reader steps through
    (tmp_path / "rules.html").write_text(
        f"<!doctype html><meta charset=utf-8><title>Rules</title><h1>Turns</h1>{snippet}"
    )
    other = serve_site(tmp_path)
    assert other.url != site_server.url
    host = page.context.new_page()
    host.goto(f"{other.url}/rules.html")
    frame = host.frame_locator("iframe")
    wait_frame_step(frame, 0)
    expect(frame.get_by_test_id("demo-caption")).to_have_text(
        "The opening hands: nothing placed yet."
    )
    expect(frame.get_by_test_id("demo-pos")).to_have_text("Step 1 of 2")
    frame.get_by_test_id("demo-next").click()
    wait_frame_step(frame, 1)
    expect(frame.get_by_test_id("demo-caption")).to_have_text(
        "Anna's first passengers are on the rows."
    )
    expect(frame.locator(TABLE)).to_have_attribute("data-n-actions", str(after_turn))
    # the fragment holds the whole demo: it replays in Python to the same rows
    demo = fragment_demo(src)
    assert demo["format"] == "tramways-demo" and demo["version"] == 1
    assert [st["caption"] for st in demo["steps"]] == [
        "The opening hands: nothing placed yet.",
        "Anna's first passengers are on the rows.",
    ]
    game = Game.from_json(demo["save"])
    view = game.at(after_turn).view(None)
    for line, row in view["rows"].items():
        expect(frame.get_by_test_id(f"row-{line}")).to_have_attribute("data-count", str(len(row)))
    frame.get_by_test_id("demo-prev").click()
    wait_frame_step(frame, 0)
    host.close()


def test_editor_makes_an_1840_demo_with_bot_moves(page: Page, site_server: SiteServer) -> None:
    start_editor(page, site_server.url, "1840", "Anna, Ben, Clara", SEED)
    page.wait_for_selector(f"{TABLE}[data-map='ready']", timeout=ENGINE_TIMEOUT_MS)
    mark(page, "The start of the game.")
    page.get_by_test_id("bots-play").click()
    expect(page.get_by_test_id("editor-position")).to_contain_text("Position: 10 of 10")
    mark(page, "Ten actions later.")
    page.get_by_test_id("preview-demo").click()
    frame = page.frame_locator("[data-testid=preview-frame]")
    expect(frame.locator(f"{TABLE}[data-demo-step='0'][data-map='ready']")).to_have_count(
        1, timeout=ENGINE_TIMEOUT_MS
    )
    frame.get_by_test_id("demo-next").click()
    expect(frame.locator(f"{TABLE}[data-demo-step='1']")).to_have_attribute("data-n-actions", "10")
    expect(frame.get_by_test_id("demo-caption")).to_have_text("Ten actions later.")


def test_editor_opens_an_18xx_games_file_and_marks_a_past_position(
    page: Page, site_server: SiteServer
) -> None:
    page.goto(f"{site_server.url}/editor.html")
    expect(page.get_by_test_id("editor-start")).to_be_visible(timeout=ENGINE_TIMEOUT_MS)
    page.get_by_test_id("editor-file").set_input_files(str(FIXTURE_18XX))
    page.wait_for_selector(f"{TABLE}[data-map='ready']", timeout=ENGINE_TIMEOUT_MS)
    total = int(str(page.locator(TABLE).get_attribute("data-n-actions")))
    assert total > 100
    expect(page.get_by_test_id("editor-position")).to_contain_text(f"Position: {total} of {total}")
    mark(page, "How the game ended.")
    # a past position, through the screen's own history
    page.get_by_test_id("history-btn").click()
    page.get_by_test_id("history-start").click()
    expect(page.get_by_test_id("editor-position")).to_contain_text(f"Position: 0 of {total}")
    mark(page, "Where it began.")
    page.get_by_test_id("step-up-1").click()
    page.get_by_test_id("preview-demo").click()
    frame = page.frame_locator("[data-testid=preview-frame]")
    expect(frame.locator(f"{TABLE}[data-demo-step='0'][data-map='ready']")).to_have_attribute(
        "data-n-actions", "0", timeout=ENGINE_TIMEOUT_MS
    )
    expect(frame.get_by_test_id("demo-caption")).to_have_text("Where it began.")
    frame.get_by_test_id("demo-next").click()
    expect(frame.locator(f"{TABLE}[data-demo-step='1']")).to_have_attribute(
        "data-n-actions", str(total)
    )
