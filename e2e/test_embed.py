"""embed.html: the read-only demos step forward and back with captions, and match the engine."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS, WEB, Guard
from pygame_core import Game
from scripts.serve import SiteServer

TABLE = "[data-testid=table]"


def load_demo(name: str) -> dict[str, Any]:
    demo: dict[str, Any] = json.loads((WEB / "demos" / f"{name}.json").read_text())
    return demo


def demo_game(demo: dict[str, Any]) -> Game:
    return Game.from_json(
        {
            "format": "tramways-save",
            "version": 1,
            "title": demo["game"],
            "players": demo["players"],
            "options": demo["options"],
            "seed": demo["seed"],
            "actions": demo["actions"],
            "state_hash": demo["state_hash"],
        }
    )


def wait_step(page: Page, index: int) -> None:
    page.wait_for_selector(f"{TABLE}[data-step='{index}']", timeout=ENGINE_TIMEOUT_MS)


def test_scoring_demo_steps_through_the_rulebook_example(
    page: Page, site_server: SiteServer
) -> None:
    demo = load_demo("scoring")
    game = demo_game(demo)
    steps = demo["steps"]
    page.goto(f"{site_server.url}/embed.html?demo=scoring")
    wait_step(page, 0)
    caption = page.get_by_test_id("demo-caption")
    expect(caption).to_have_text(steps[0]["caption"])
    expect(page.get_by_test_id("demo-prev")).to_be_disabled()
    # read-only: nothing on the table can be played
    assert page.locator("[data-legal]").count() == 0
    assert page.get_by_test_id("end-turn").count() == 0

    for i in range(1, len(steps)):
        page.get_by_test_id("demo-next").click()
        wait_step(page, i)
        expect(caption).to_have_text(steps[i]["caption"])
        expect(page.get_by_test_id("demo-pos")).to_have_text(f"Step {i + 1} of {len(steps)}")
        assert page.locator(TABLE).get_attribute("data-n-actions") == str(steps[i]["actions"])
    expect(page.get_by_test_id("demo-next")).to_be_disabled()

    # the last step is the rulebook's scoring: blue, Anna 12, Ben 24 (10 + 14)
    view = game.at(steps[-1]["actions"]).view(None)
    scoring = view["pad"]["regular"][-1]
    assert scoring["line"] == "B"
    assert scoring["points"] == [12, 24]
    expect(page.get_by_test_id("demo-event")).to_contain_text("Anna +12")
    expect(page.get_by_test_id("demo-event")).to_contain_text("Ben +24")
    badges = sorted(b.inner_text() for b in page.get_by_test_id("points-badge").all())
    assert badges == ["+10", "+12", "+14"]
    row = page.get_by_test_id(f"pad-row-{scoring['n']}")
    expect(row.locator(".pad-pts[data-seat='0']")).to_have_text("12")
    expect(row.locator(".pad-pts[data-seat='1']")).to_have_text("24")
    anna_blue = page.locator("[data-testid=column][data-seat='0'][data-line='B']")
    expect(anna_blue).to_have_count(1)
    expect(anna_blue.locator(".column-tram svg")).to_have_attribute("data-code", "S")

    # and back again
    page.get_by_test_id("demo-prev").click()
    wait_step(page, len(steps) - 2)
    expect(caption).to_have_text(steps[-2]["caption"])
    expect(page.get_by_test_id("row-B")).to_have_attribute("data-count", "3")
    page.keyboard.press("ArrowLeft")
    wait_step(page, len(steps) - 3)


def test_purchase_demo_shows_the_fifteen_card_payment(page: Page, site_server: SiteServer) -> None:
    demo = load_demo("purchase")
    game = demo_game(demo)
    steps = demo["steps"]
    page.goto(f"{site_server.url}/embed.html?demo=purchase")
    wait_step(page, 0)
    supply = [str(t.get_attribute("data-tram")) for t in page.get_by_test_id("supply-tram").all()]
    assert sorted(supply) == ["H", "H", "S"]
    money = []
    for i in range(len(steps)):
        if i:
            page.keyboard.press("ArrowRight")
            wait_step(page, i)
        money.append(int(page.get_by_test_id("money-count-0").inner_text()))
        expected = game.at(steps[i]["actions"]).view(None)["seats"][0]["money_count"]
        assert money[-1] == expected
    # steam (10) then horse (5): 15 cards paid in total
    assert money[2] - money[4] == 15


def test_unknown_demo_explains_itself(page: Page, site_server: SiteServer, guard: Guard) -> None:
    guard.allow("404")  # the browser reports the missing demo file
    page.goto(f"{site_server.url}/embed.html?demo=no-such-demo")
    expect(page.get_by_test_id("embed-error")).to_contain_text("no demo called")
