"""1881 S-Bahn decisions in the browser (rulebook 10.9, 12.1-12.13), clicked from saved
positions of seeded bots' games (scripts/save_1881_sbahn.py writes e2e/data/1881-sbahn-*.json):
a player buys an S-Bahn share (the certificate shown, a board seat marked, 12.1); the chairman
and a board member place their start depots on the Trasse (12.5 / A-42); the S-Bahn's main
network runs, decides its revenue and buys an S train (12.5, 12.7); a tram company buys an
S-Bahn share in its train step (10.9 / A-50); a director offers for another company's depot
and its director accepts (7.8). Everyone is on this device (the pass screen between seats).
The page's game is mirrored in Python and compared with the engine (state hash). The S-Bahn
tab and the decisions fit a 390x844 screen. Waits are for states only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, expect

from e2e.g1840_page import Mirror, n_actions, set_range, token, wait_decision, wait_settled
from e2e.test_1881 import open_1881
from e2e.test_1881_offers import other_directors_offer, pass_device
from pygame_core import Game
from scripts.serve import SiteServer

DATA = Path(__file__).resolve().parent / "data"
PHONE: ViewportSize = {"width": 390, "height": 844}


def saved(name: str) -> Game:
    """The saved position `1881-sbahn-<name>.json`."""
    return Game.from_json((DATA / f"1881-sbahn-{name}.json").read_text(encoding="utf-8"))


def open_saved(page: Page, base_url: str, name: str) -> None:
    """Import the saved position with everyone on this device; the seat to act is ready."""
    open_1881(page, base_url)
    page.get_by_test_id("import-file").set_input_files(str(DATA / f"1881-sbahn-{name}.json"))
    expect(page.get_by_test_id("import-summary")).to_contain_text("1881")
    page.get_by_test_id("import-open").click()
    if wait_decision(page) == "cover":
        pass_device(page)


def click(page: Page, testid: str) -> None:
    """Click a decision control and wait for the engine's answer."""
    before = n_actions(page)
    page.get_by_test_id(testid).click()
    wait_settled(page, before)


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways ({width} px)"


def buttons_on_screen(page: Page) -> None:
    """Every button of the decision panel lies inside the phone's width (usable without a
    sideways scroll)."""
    buttons = page.get_by_test_id("decide").locator("button")
    assert buttons.count() > 0
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (
            f"button {i} leaves the screen: {box}"
        )


def view(mirror: Mirror) -> dict[str, Any]:
    return mirror.game.view(None)


def test_1881_buy_an_sbahn_share_on_a_phone_12_1(page: Page, site_server: SiteServer) -> None:
    """1881 12.1: the stock round's S-Bahn share names its certificate and price; bought, the
    player holds it; the S-Bahn tab shows the board and fits a phone."""
    game = saved("share")
    seat = game.active
    assert seat is not None
    entry = next(a for a in game.legal_actions(seat) if a["type"] == "buy" and a["company"] == "S")
    sb = game.view(seat)["sbahn"]
    cert = min(
        (c for c in sb["certificates"] if c["holder"] == entry.get("source", "ipo")),
        key=lambda c: c["number"],
    )
    page.set_viewport_size(PHONE)
    open_saved(page, site_server.url, "share")
    button = page.get_by_test_id(f"buy-S-{entry.get('source', 'ipo')}")
    expect(button).to_contain_text(f"{cert['percent']}%")
    expect(button).to_have_attribute("data-action", "buy")
    expect(button.locator("[data-certificate]")).to_have_attribute("data-certificate", cert["kind"])
    fits(page)
    buttons_on_screen(page)
    mirror = Mirror.of_page(page)
    name = view(mirror)["players"][seat]["name"]
    held = view(mirror)["players"][seat]["shares"].get("S", 0)
    button.click()
    if wait_decision(page) == "cover":
        pass_device(page)
    mirror.sync(page)
    assert view(mirror)["players"][seat]["shares"].get("S", 0) == held + cert["percent"]
    page.get_by_test_id("tab-sbahn").click()
    panel = page.get_by_test_id("sbahn-panel")
    expect(panel.get_by_test_id(f"sbahn-holder-{name}")).to_contain_text(
        f"{held + cert['percent']}%"
    )
    expect(panel.get_by_test_id(f"sbahn-cert-{cert['number']}")).to_contain_text(name)
    fits(page)


def test_1881_start_depots_on_the_trasse_12_5(page: Page, site_server: SiteServer) -> None:
    """1881 12.5 / A-42: the chairman taps an S circle for the main network's start depot;
    the device passes to the next board member, who places his part's from the list."""
    game = saved("start-depot")
    seat = game.active
    assert seat is not None
    first = game.legal_actions(seat)[0]
    part = game.view(seat)["start_depot"]["part"]
    open_saved(page, site_server.url, "start-depot")
    expect(page.get_by_test_id("start-depot-step")).to_be_visible()
    expect(page.get_by_test_id("start-depot-part")).to_contain_text("main network")
    token(page, first, "token")
    if n_actions(page) == len(game.actions):
        wait_settled(page, len(game.actions))
    mirror = Mirror.of_page(page)
    tokens = view(mirror)["map"]["tokens"][first["hex"]][str(first["city"])]
    assert part in tokens
    # the next pending start depot: a board member's sub-network
    pending = view(mirror)["start_depot"]
    assert pending is not None and pending["part"] != part
    if wait_decision(page) == "cover":
        pass_device(page)
    expect(page.get_by_test_id("start-depot-part")).to_contain_text("sub-network")
    hex_, city = pending["places"][0]
    click(page, f"token-{hex_}-{city}")
    mirror.sync(page)
    assert pending["part"] in view(mirror)["map"]["tokens"][hex_][str(city)]


def test_1881_the_sbahn_runs_pays_and_buys_a_train_12_5(
    page: Page, site_server: SiteServer
) -> None:
    """1881 12.5 / 12.7: the main network's turn names its part; run, the revenue decision and
    an S train bought from its treasury; on a phone."""
    game = saved("part-run")
    page.set_viewport_size(PHONE)
    open_saved(page, site_server.url, "part-run")
    expect(page.get_by_test_id("sbahn-part")).to_have_attribute("data-part", "S")
    fits(page)
    buttons_on_screen(page)
    click(page, "act-run")
    expect(page.get_by_test_id("dividend-step")).to_be_visible()
    choice = page.get_by_test_id("dividend-step").locator("button").first
    before = n_actions(page)
    choice.click()
    wait_settled(page, before)
    if wait_decision(page) == "cover":
        pass_device(page)
    mirror = Mirror.of_page(page)
    seat = mirror.game.active
    assert seat is not None
    buys = [a for a in mirror.game.legal_actions(seat) if a["type"] == "buy_train"]
    assert buys and view(mirror)["acting"]["entity"] == "S", "the S-Bahn must buy a train"
    train = buys[0]["train"]
    assert train.split("-")[0].endswith("S")
    treasury = view(mirror)["sbahn_turn"]["acting"]["treasury"]
    page.get_by_test_id("train-step").locator("button").first.click()
    wait_settled(page, len(mirror.game.actions))
    mirror.sync(page)
    main = next(p for p in view(mirror)["sbahn"]["parts"] if p["part"] == "S")
    assert train in main["trains"]
    assert main["treasury"] < treasury
    assert len(mirror.game.actions) > len(game.actions) + 2
    page.get_by_test_id("tab-sbahn").click()
    expect(page.get_by_test_id("sbahn-part-S")).to_contain_text(main["trains"][-1].split("-")[0])
    fits(page)


def test_1881_a_tram_company_buys_an_sbahn_share_10_9(page: Page, site_server: SiteServer) -> None:
    """1881 10.9 / A-50: in its train step a tram company buys an S-Bahn share; its treasury
    pays and the companies' sheet and the market show the share it holds."""
    game = saved("company")
    seat = game.active
    assert seat is not None
    entry = next(a for a in game.legal_actions(seat) if a["type"] == "buy_sbahn")
    company = game.view(seat)["acting"]["entity"]
    open_saved(page, site_server.url, "company")
    mirror = Mirror.of_page(page)
    cash = view(mirror)["companies"][company]["treasury"]
    click(page, f"buy-sbahn-{entry.get('source', 'ipo')}")
    mirror.sync(page)
    after = view(mirror)["companies"][company]
    assert after["sbahn_shares"] > 0 and after["treasury"] < cash
    page.get_by_test_id("tab-overview").click()
    expect(page.get_by_test_id(f"sbahn-held-{company}")).to_contain_text(
        f"{after['sbahn_shares']}%"
    )
    page.get_by_test_id("tab-market").click()
    held = page.get_by_test_id("company-sbahn-shares").locator(f"[data-holder={company}]")
    expect(held).to_contain_text(f"{after['sbahn_shares']}%")


def test_1881_buy_a_depot_from_another_company_7_8(page: Page, site_server: SiteServer) -> None:
    """1881 7.8 / 10.5: the director offers the lowest price for another player's company's
    depot; behind the pass screen that director accepts; the depot changes hands."""
    buyer, _, index, entry = other_directors_offer(saved("depot-offer"), "offer_depot")
    open_saved(page, site_server.url, "depot-offer")
    expect(page.get_by_test_id("offer_depot-step")).to_be_visible()
    page.get_by_test_id("offer_depot-choice").select_option(str(index))
    set_range(page, "offer_depot-price", entry["min"])
    click(page, "offer_depot-go")
    pass_device(page)
    expect(page.get_by_test_id("offer-text")).to_contain_text(entry["hex"])
    click(page, "act-accept_offer")
    mirror = Mirror.of_page(page)
    tokens = view(mirror)["map"]["tokens"][entry["hex"]][str(entry["city"])]
    assert buyer in tokens and entry["seller"] not in tokens
