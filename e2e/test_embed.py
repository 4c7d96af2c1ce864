"""embed.html: the read-only demos step forward and back with captions, and match the engine."""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from playwright.sync_api import Page, expect

from e2e.conftest import ENGINE_TIMEOUT_MS, WEB, Guard
from pygame_core import Game, links, new_game
from scripts.serve import SiteServer

TABLE = "[data-testid=table]"


def load_demo(name: str) -> dict[str, Any]:
    demo: dict[str, Any] = json.loads((WEB / "demos" / f"{name}.json").read_text())
    return demo


def demo_game(demo: dict[str, Any]) -> Game:
    # a demo from a set position carries it in its save (version 2)
    start = (
        {"position": demo["position"], "version": demo["save_version"]}
        if demo.get("position") is not None
        else {}
    )
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
            **start,
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


def wait_18xx_step(page: Page, index: int) -> None:
    page.wait_for_selector(
        f"{TABLE}[data-demo-step='{index}'][data-map='ready']", timeout=ENGINE_TIMEOUT_MS
    )


def drawn_stops(page: Page) -> list[str]:
    return [str(s.get_attribute("data-stop")) for s in page.locator("[data-stop]").all()]


def test_1840_run_demo_draws_the_route_forward_and_back(
    page: Page, site_server: SiteServer
) -> None:
    demo = load_demo("1840-run")
    game = demo_game(demo)
    steps = demo["steps"]
    run_step = next(i for i, s in enumerate(steps) if s.get("highlight", {}).get("runs"))
    line = steps[run_step]["highlight"]["runs"][0]
    run = game.at(steps[run_step]["actions"]).view(None)["lines"][line]["last_run"]
    page.goto(f"{site_server.url}/embed.html?demo=1840-run")
    wait_18xx_step(page, 0)
    expect(page.get_by_test_id("demo-caption")).to_have_text(steps[0]["caption"])
    expect(page.get_by_test_id("demo-prev")).to_be_disabled()
    # read-only: no undo, no history or export buttons, nothing to play on the map
    assert page.get_by_test_id("undo").count() == 0
    assert page.get_by_test_id("export-btn").count() == 0
    expect(page.locator(TABLE)).to_have_attribute("data-interactive", "0")

    for i in range(1, run_step + 1):
        page.get_by_test_id("demo-next").click()
        wait_18xx_step(page, i)
        expect(page.get_by_test_id("demo-caption")).to_have_text(steps[i]["caption"])
        expect(page.locator(TABLE)).to_have_attribute("data-n-actions", str(steps[i]["actions"]))
    # the run step: the Line's route is drawn through exactly the engine's stops (1840 IX.8)
    expect(page.get_by_test_id("route")).to_have_count(1)
    assert sorted(drawn_stops(page)) == sorted(run["stops"])
    expect(page.get_by_test_id("map-area")).to_contain_text(str(run["total"]))

    # back: the step before the run shows the engine's preview of the same route
    page.keyboard.press("ArrowLeft")
    wait_18xx_step(page, run_step - 1)
    before = game.at(steps[run_step - 1]["actions"]).view(None)["line_turn"]["run"]
    assert before["stops"] == run["stops"]
    assert sorted(drawn_stops(page)) == sorted(before["stops"])
    page.get_by_test_id("demo-prev").click()
    wait_18xx_step(page, run_step - 2)


def test_a_rulebook_route_demo_from_a_set_position_draws_its_route(
    page: Page, site_server: SiteServer
) -> None:
    # 1840 IX.7/IX.8, example "Linien-Runde 3a": the demo starts from a set position (save
    # version 2); its run step draws Line 18's route through the engine's stops.
    demo = load_demo("1840-lr3a")
    game = demo_game(demo)
    step = demo["steps"][-1]
    run = game.at(step["actions"]).view(None)["lines"]["18"]["last_run"]
    page.goto(f"{site_server.url}/embed.html?demo=1840-lr3a&step={len(demo['steps'])}")
    wait_18xx_step(page, len(demo["steps"]) - 1)
    expect(page.get_by_test_id("demo-caption")).to_have_text(step["caption"])
    expect(page.get_by_test_id("route")).to_have_count(1)
    assert sorted(drawn_stops(page)) == sorted(run["stops"])
    expect(page.get_by_test_id("map-area")).to_contain_text(str(run["total"]))


def test_1840_dividend_demo_moves_the_price_on_the_market(
    page: Page, site_server: SiteServer
) -> None:
    demo = load_demo("1840-dividend")
    game = demo_game(demo)
    steps = demo["steps"]
    last = steps[-1]["actions"]
    ev = next(e for e in game.at(last).view(None)["events"] if e["kind"] == "dividend")
    major = ev["company"]
    price = [game.at(s["actions"]).view(None)["majors"][major]["price"] for s in steps]
    assert price[-1] > price[0]
    page.goto(f"{site_server.url}/embed.html?demo=1840-dividend&step={len(steps)}")
    wait_18xx_step(page, len(steps) - 1)
    expect(page.get_by_test_id("demo-next")).to_be_disabled()
    # the step names the market tab: it is open and shows the new price
    expect(page.get_by_test_id("info-panel")).to_have_attribute("data-tab", "market")
    expect(page.get_by_test_id("info-panel")).to_contain_text(str(price[-1]))
    expect(page.get_by_test_id("demo-caption")).to_contain_text(str(ev["amount"]))
    # a phone: one column, the caption over the map, nothing wider than the screen
    page.set_viewport_size({"width": 390, "height": 800})
    bar = page.get_by_test_id("demo-bar").bounding_box()
    board = page.get_by_test_id("map-area").bounding_box()
    assert bar and board and bar["y"] + bar["height"] <= board["y"] + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # back to the first step: the Lines' runs that earned the money are drawn
    page.get_by_test_id("demo-prev").click()
    wait_18xx_step(page, len(steps) - 2)
    page.get_by_test_id("demo-prev").click()
    wait_18xx_step(page, 0)
    lines = steps[0]["highlight"]["runs"]
    view = game.at(steps[0]["actions"]).view(None)
    ran = [ln for ln in lines if view["lines"][ln]["last_run"]]
    expect(page.get_by_test_id("route")).to_have_count(len(ran))


def test_a_damaged_fragment_is_refused(page: Page, site_server: SiteServer) -> None:
    page.goto(f"{site_server.url}/embed.html#demo=not-deflate-data")
    expect(page.get_by_test_id("embed-error")).to_contain_text("damaged")


def test_a_newer_demo_version_is_refused_with_a_clear_message(
    page: Page, site_server: SiteServer
) -> None:
    demo = {**load_demo("scoring"), "version": 99}
    page.goto(f"{site_server.url}/embed.html")
    page.wait_for_selector("[data-testid=embed-error]")
    data = page.evaluate(
        """async (demo) => {
            const { encodeDemo } = await import('./ui/embed-demo.js');
            return encodeDemo(demo);
        }""",
        demo,
    )
    page.goto(f"{site_server.url}/embed.html#{data}")
    page.reload()
    expect(page.get_by_test_id("embed-error")).to_contain_text("newer Tramways")
    # the steps without their game, and a game link cut short, are refused in words
    steps_only = data.split("&", 1)[1]
    page.goto(f"{site_server.url}/embed.html#{steps_only}")
    page.reload()
    expect(page.get_by_test_id("embed-error")).to_contain_text("not its game")
    game, rest = data.split("&", 1)
    page.goto(f"{site_server.url}/embed.html#{game[:40]}&{rest}")
    page.reload()
    expect(page.get_by_test_id("embed-error")).to_contain_text("damaged")


def fragment(demo: dict[str, Any], save: dict[str, Any]) -> str:
    """A demo as embed.html's fragment: the game link of its save (docs/links.md) and the
    rest, base64url of raw deflate (docs/embedding.md)."""
    pack = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = pack.compress(json.dumps(demo).encode()) + pack.flush()
    rest = base64.urlsafe_b64encode(raw).decode().rstrip("=")
    return f"game={links.encode(save)}&demo={rest}"


def test_an_1881_demo_in_the_fragment_steps_on_its_own_screen(
    page: Page, site_server: SiteServer
) -> None:
    game = new_game("1881", ["Anna", "Ben", "Clara"], {}, 3)
    for _ in range(30):
        seat = game.active if game.active is not None else game.acting[0]
        game.apply(game.bot_action(seat, "normal"), seat)
    save = game.save()
    demo = {
        "format": "tramways-demo",
        "version": 1,
        "title": "1881: the first rounds",
        "steps": [
            {"actions": 0, "caption": "The start."},
            {"actions": 30, "caption": "Thirty actions later.", "highlight": {"tab": "log"}},
        ],
    }
    page.goto(f"{site_server.url}/embed.html#{fragment(demo, save)}")
    wait_18xx_step(page, 0)
    expect(page.get_by_test_id("demo-caption")).to_have_text("The start.")
    expect(page.locator(TABLE)).to_have_attribute("data-n-actions", "0")
    page.keyboard.press("ArrowRight")
    wait_18xx_step(page, 1)
    expect(page.locator(TABLE)).to_have_attribute("data-n-actions", "30")
    expect(page.get_by_test_id("info-panel")).to_have_attribute("data-tab", "log")
    round_label = game.view(None)["round"]["label"]
    expect(page.locator(TABLE)).to_have_attribute("data-round", round_label)


def test_the_1881_double_track_demo_draws_the_shuttle_for_130(
    page: Page, site_server: SiteServer
) -> None:
    # 1881 14.3-14.5: from a set position, BESTAG's 4-train shuttles H5 - I6 - J5 - K5 for
    # 130; the run step draws that route with its revenue and "shuttle", as the engine ran it.
    demo = load_demo("1881-double-track")
    game = demo_game(demo)
    steps = demo["steps"]
    page.goto(f"{site_server.url}/embed.html?demo=1881-double-track")
    wait_18xx_step(page, 0)
    expect(page.get_by_test_id("demo-caption")).to_have_text(steps[0]["caption"])
    page.get_by_test_id("demo-next").click()
    wait_18xx_step(page, 1)
    (run,) = game.at(steps[1]["actions"]).view(None)["operating"]["runs"]["trains"]
    expect(page.get_by_test_id("route")).to_have_count(1)
    assert sorted(drawn_stops(page)) == sorted(run["stops"])
    expect(page.get_by_test_id("map-area")).to_contain_text("130")
    expect(page.get_by_test_id("map-area")).to_contain_text("shuttle")


def test_the_1881_chairman_swap_demo_opens_the_s_bahn_tab(
    page: Page, site_server: SiteServer
) -> None:
    # 1881 12.3: after the challenger's third 5 % share the S-Bahn tab shows him as its
    # chairman (the names from the engine: a demo written again may cast other players)
    demo = load_demo("1881-chairman-swap")
    steps = demo["steps"]
    game = demo_game(demo)
    before, after = (game.at(n).view(None)["sbahn"]["chairman"] for n in (0, len(game.actions)))
    assert before != after
    page.goto(f"{site_server.url}/embed.html?demo=1881-chairman-swap&step={len(steps)}")
    wait_18xx_step(page, len(steps) - 1)
    expect(page.get_by_test_id("demo-caption")).to_have_text(steps[-1]["caption"])
    expect(page.get_by_test_id("info-panel")).to_have_attribute("data-tab", "sbahn")
    expect(page.get_by_test_id("info-panel")).to_contain_text(f"chairman {after}")
    page.get_by_test_id("demo-prev").click()
    wait_18xx_step(page, 0)
    expect(page.get_by_test_id("info-panel")).to_contain_text(f"chairman {before}")
