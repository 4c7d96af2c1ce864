"""1881 S-Bahn decisions the bots' own games never reach, clicked in the browser on a phone
(390x844) from saved steered games (scripts/save_1881_steered.py writes
e2e/data/1881-sbahn-{commission,scrap}.json): a board member's unconnected sub-network pays
and he takes the 20 commission (12.5 / A-48); the main network, at the train limit, buys
the 7S by scrapping an older 4S (12.7 / A-45). On the map every S-Bahn depot is drawn in its
operator's seat colour (the main network in the chairman's) with the S-Bahn's ring, as the
S-Bahn tab's legend shows (issue 15 section 3). The decision panels fit the phone: no
sideways scroll, every button inside the screen. The page's game is mirrored in Python and
compared with the engine (state hash). Waits are for states only."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from e2e.g1840_page import Mirror, wait_decision
from e2e.test_1881_offers import pass_device
from e2e.test_1881_sbahn import PHONE, buttons_on_screen, click, fits, open_saved, saved, view
from pygame_core.g1881.economy import SBAHN
from scripts.serve import SiteServer


def colour(loc: Locator, prop: str) -> str:
    """A computed CSS colour ("rgb(29, 79, 145)") of the element."""
    return str(loc.evaluate(f"(el) => getComputedStyle(el).{prop}"))


def depot(page: Page, hex_: str, part: str) -> Locator:
    """The map's depot disc of `part` on `hex_`."""
    return page.locator(f'[data-hex="{hex_}"] [data-token="{part}"] .token-disc').first


def parts(mirror: Mirror) -> dict[str, dict[str, Any]]:
    return {p["part"]: p for p in view(mirror)["sbahn"]["parts"]}


def test_1881_a_sub_network_pays_and_its_holder_takes_the_commission_12_5(
    page: Page, site_server: SiteServer
) -> None:
    """1881 12.5 / A-48 (C-46): the unconnected sub-network pays; its holder takes 20 from its
    treasury. Its depot and the main network's are drawn in their operators' colours."""
    game = saved("commission")
    seat = game.active
    assert seat is not None
    part = game.view(seat)["sbahn_turn"]["acting"]["part"]
    assert part != SBAHN
    page.set_viewport_size(PHONE)
    open_saved(page, site_server.url, "commission")
    expect(page.get_by_test_id("sbahn-part")).to_have_attribute("data-part", part)
    expect(page.get_by_test_id("dividend-pay")).to_be_visible()
    fits(page)
    buttons_on_screen(page)
    mirror = Mirror.of_page(page)
    before = parts(mirror)[part]
    holder = before["holder"]
    assert before["status"] == "apart" and holder in [p["name"] for p in view(mirror)["players"]]
    cash = view(mirror)["players"][before["operator"]]["cash"]

    click(page, "dividend-pay")
    if wait_decision(page) == "cover":
        pass_device(page)
    expect(page.get_by_test_id("commission-step")).to_be_visible()
    fits(page)
    buttons_on_screen(page)
    mirror.sync(page)
    treasury = parts(mirror)[part]["treasury"]
    click(page, "act-take_commission")
    mirror.sync(page)
    assert parts(mirror)[part]["treasury"] == treasury - 20
    assert view(mirror)["players"][before["operator"]]["cash"] >= cash + 20

    # the map and the S-Bahn tab's legend: each depot in its operator's colour, S-Bahn ring
    sb = view(mirror)["sbahn"]
    ring = sb["colours"]["ring"]
    page.get_by_test_id("tab-sbahn").click()
    legend = page.get_by_test_id("sbahn-legend")
    for p in sb["parts"]:
        if p["status"] not in ("main", "apart"):
            continue
        entry = legend.get_by_test_id(f"sbahn-legend-{p['part']}")
        dot = entry.locator(".seat-dot")
        expect(dot).to_have_count(1)  # a player runs it: his colour
        disc = entry.locator(".token-disc")
        expect(disc).to_have_attribute("data-ring", ring)
        assert colour(disc, "fill") == colour(dot, "backgroundColor")
        for hex_, _ in p["depots"]:
            on_map = depot(page, hex_, p["part"])
            expect(on_map).to_have_attribute("data-ring", ring)
            assert colour(on_map, "fill") == colour(dot, "backgroundColor"), (p["part"], hex_)
    main = parts(mirror)[SBAHN]
    assert main["holder"] == sb["chairman"]
    fits(page)


def test_1881_the_main_network_scraps_a_4s_for_the_7s_at_the_limit_12_7(
    page: Page, site_server: SiteServer
) -> None:
    """1881 12.7 / A-45 (C-52): at the limit (phase 3: 3 over all parts) the main network's
    only purchase is the 7S scrapping one of its 4S; the scrapped train leaves the game."""
    game = saved("scrap")
    seat = game.active
    assert seat is not None
    offers = [a for a in game.legal_actions(seat) if a["type"] == "buy_train"]
    assert offers and all(a.get("scrap") for a in offers)
    entry = offers[-1]
    page.set_viewport_size(PHONE)
    open_saved(page, site_server.url, "scrap")
    expect(page.get_by_test_id("sbahn-part")).to_have_attribute("data-part", SBAHN)
    expect(page.get_by_test_id("scrap-note")).to_be_visible()
    for a in offers:
        button = page.get_by_test_id(f"buy-train-{a['train']}-scrap-{a['scrap']}")
        expect(button).to_contain_text("scrapping")
        expect(button.locator(f'[data-train="{a["scrap"]}"]')).to_have_count(1)
    fits(page)
    buttons_on_screen(page)
    mirror = Mirror.of_page(page)
    limit = view(mirror)["trains"]["limit"]
    held = sum(len(p["trains"]) for p in parts(mirror).values())
    assert held == limit
    click(page, f"buy-train-{entry['train']}-scrap-{entry['scrap']}")
    mirror.sync(page)
    main = parts(mirror)[SBAHN]
    assert entry["train"] in main["trains"] and entry["scrap"] not in main["trains"]
    assert sum(len(p["trains"]) for p in parts(mirror).values()) == limit
    trains = view(mirror)["trains"]
    assert entry["scrap"] not in trains["on_offer"] and entry["scrap"] not in trains["returned"]
    if wait_decision(page) == "cover":
        pass_device(page)
    page.get_by_test_id("tab-sbahn").click()
    expect(page.get_by_test_id(f"sbahn-part-{SBAHN}")).to_contain_text("7S")
    fits(page)
