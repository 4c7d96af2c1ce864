"""1881 offers between companies in the browser (1881 10.5): a saved position (made by
scripts/save_1881_offer.py from a seeded bots' game) is opened with everyone on this
device; the operating company's director picks another company's train and a price in the
offer form and offers it; the device passes to the seller's director (the pass screen),
who sees the offer and accepts it. The page's game is mirrored in Python and compared with
the engine (state hash); the train and the money have moved. Waits are for states only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from e2e.g1840_page import Mirror, n_actions, set_range, wait_decision, wait_settled
from e2e.test_1881 import open_1881
from pygame_core import Game
from pygame_core.g1881.game import Berlin1881
from scripts.serve import SiteServer

SAVE = Path(__file__).resolve().parent / "data" / "1881-offer.json"
PRICE = 37


def pass_device(page: Page) -> None:
    """Hand the device on: the pass screen is there; its seat says ready."""
    assert wait_decision(page) == "cover"
    page.get_by_test_id("pass-ready").click()
    assert wait_decision(page) == "act"


def other_directors_offer(game: Game, kind: str) -> tuple[str, int, int, dict[str, Any]]:
    """The operating company, the seat to act, and the first `kind` offer entry (its index
    among that kind's) for a company another seat directs."""
    state = game.state
    assert isinstance(state, Berlin1881) and state.w.op is not None
    seat = game.active
    assert seat is not None
    offers = [a for a in game.legal_actions(seat) if a["type"] == kind]
    index, entry = next(
        (i, a) for i, a in enumerate(offers) if state.w.director_seat(a["seller"]) != seat
    )
    return state.w.op.corp, seat, index, entry


def test_1881_offer_a_train_and_accept_it_as_the_other_director(
    page: Page, site_server: SiteServer
) -> None:
    game = Game.from_json(SAVE.read_text(encoding="utf-8"))
    buyer, _, index, entry = other_directors_offer(game, "offer_train")
    state = game.state
    assert isinstance(state, Berlin1881)
    seller, train = entry["seller"], entry["train"]
    seller_seat = state.w.director_seat(seller)
    assert entry["min"] <= PRICE <= entry["max"]

    open_1881(page, site_server.url)
    page.get_by_test_id("import-file").set_input_files(str(SAVE))
    expect(page.get_by_test_id("import-summary")).to_contain_text("1881")
    page.get_by_test_id("import-open").click()
    if wait_decision(page) == "cover":
        pass_device(page)

    # the buyer's director: the offer form (which train, the price within the bounds)
    expect(page.get_by_test_id("offer_train-step")).to_be_visible()
    page.get_by_test_id("offer_train-choice").select_option(str(index))
    price = page.get_by_test_id("offer_train-price")
    expect(price).to_have_attribute("data-max", str(entry["max"]))
    set_range(page, "offer_train-price", PRICE)
    go = page.get_by_test_id("offer_train-go")
    expect(go).to_contain_text(f"M{PRICE}")
    before = n_actions(page)
    go.click()
    wait_settled(page, before)

    # the seller's director, behind the pass screen: the offer, accept
    pass_device(page)
    expect(page.get_by_test_id("answer-step")).to_be_visible()
    expect(page.get_by_test_id("offer-text")).to_contain_text(train)
    expect(page.get_by_test_id("offer-text")).to_contain_text(f"M{PRICE}")
    mirror = Mirror.of_page(page)
    w = mirror.game.state
    assert isinstance(w, Berlin1881)
    assert mirror.game.active == seller_seat
    cash = (w.w.eco.money.cash(buyer), w.w.eco.money.cash(seller))
    before = n_actions(page)
    page.get_by_test_id("act-accept_offer").click()
    wait_settled(page, before)

    mirror.sync(page)
    after = mirror.game.state
    assert isinstance(after, Berlin1881)
    assert train in after.w.trains.trains(buyer)
    assert train not in after.w.trains.trains(seller)
    assert (after.w.eco.money.cash(buyer), after.w.eco.money.cash(seller)) == (
        cash[0] - PRICE,
        cash[1] + PRICE,
    )
    # back to the buyer's director, still in the train step
    pass_device(page)
    expect(page.get_by_test_id("decide")).to_have_attribute("data-step", "trains")
