"""The money the 1840 page shows at a decision is the engine's preview, number for number
(issue 14 §3: no dividend, loan, cost or share arithmetic in web/ui). Each test builds a
position with the engine (tests/g1840/helpers.py), opens it in the page with the seat to act
played by a person, and compares what the page shows with the view's preview
(pygame_core/g1840/previews.py, tested against the rules in tests/g1840/test_view_previews.py).
Every test runs the guard fixture and waits for page states, never for a fixed time."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from e2e import g1840_page as g40
from e2e.conftest import wait_engine
from e2e.test_newcomer import import_save
from pygame_core import Game
from scripts.serve import SiteServer
from tests.g1840.helpers import Policy, advance, cr_step, income_game, lines_game, to_round
from tests.g1840.test_view_previews import forced_loan_game

MINUS = "\u2212"
DESKTOP: ViewportSize = {"width": 1366, "height": 768}


def money(v: int) -> str:
    """The page's money format (web/ui/g18xx/format.js): "ƒ1,200"; below 0 a minus sign."""
    return f"{MINUS if v < 0 else ''}ƒ{abs(v):,}"


def open_for_active(page: Page, site_server: SiteServer, tmp_path: Path, game: Game) -> int:
    """Open `game` in the page, the seat to act a person and the others bots."""
    seat = game.active
    assert seat is not None
    page.set_viewport_size(DESKTOP)
    page.goto(f"{site_server.url}/index.html?botdelay=0")
    wait_engine(page)
    import_save(page, tmp_path, game.save(), f"import-bot-{seat}")
    assert g40.wait_decision(page) == "act"
    return seat


def test_dividend_preview_shows_the_engines_payouts_and_price(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = income_game()
    advance(game, lambda g: cr_step(g) == ("dividend", "SJE"))  # Anna 50, Ben 10, Cleo 10
    view = game.view(None)
    preview = view["cr"]["dividend"]
    names = [p["name"] for p in view["players"]]
    open_for_active(page, site_server, tmp_path, game)
    rows = preview["amounts"]
    for row in (rows[0], rows[len(rows) // 2], rows[-1]):
        g40.set_range(page, "dividend", row["amount"])
        box = page.locator(f"[data-testid=dividend-preview][data-amount='{row['amount']}']")
        expect(box.get_by_test_id("dividend-per-share")).to_have_text(money(row["per_share"]))
        expect(box.get_by_test_id("dividend-kept")).to_have_text(money(row["kept"]))
        holders = " · ".join(
            f"{names[s]} {money(paid)}"
            for s, paid in enumerate(row["payouts"])
            if view["players"][s]["shares"].get("SJE")
        )
        expect(box.get_by_test_id("dividend-holders")).to_have_text(holders)
        if row["bank"]:
            expect(box.get_by_test_id("dividend-bank")).to_have_text(money(row["bank"]))
        expect(box.get_by_test_id("dividend-price")).to_contain_text(money(row["price"]))


def test_stock_round_buttons_say_the_engines_sale_and_purchase_money(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = income_game()
    to_round(game, "SR 2", Policy())
    # to a seat that holds a share it may sell
    advance(game, lambda g: bool((g.view(None)["sr"] or {}).get("trades", {}).get("sell")))
    trades = game.view(None)["sr"]["trades"]
    open_for_active(page, site_server, tmp_path, game)
    for corp, options in trades["sell"].items():
        for t in options:
            button = page.get_by_test_id(f"sell-{corp}-{t['count']}")
            expect(button).to_have_attribute(
                "title",
                f"Sell {t['count']} share{'s' if t['count'] > 1 else ''} ({t['percent']}%) for "
                f"{money(t['proceeds'])}; the price falls to {money(t['price_after'])}",
            )
    for corp, t in trades["buy"].items():
        expect(page.get_by_test_id(f"buy-{corp}")).to_have_text(f"Buy {money(t['cost'])}")


def test_forced_purchase_note_gives_the_engines_top_up_and_loans(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    # the position of tests/g1840/test_view_previews.py: WT (Ben) must buy the orange tram
    # for 300 with 100 in its treasury and Ben 180: he pays 200, one loan of 100
    game = forced_loan_game()
    view = game.view(None)
    pay = view["cr"]["trams"]["forced_payment"]
    terms = view["loan_terms"]
    assert pay["loans"] == 1
    open_for_active(page, site_server, tmp_path, game)
    note = page.get_by_test_id("forced-note")
    expect(note).to_contain_text(
        f"Its treasury ({money(pay['treasury'])}) is short of the cheapest ({money(pay['price'])})"
    )
    expect(note).to_contain_text(
        f"taking 1 loan of {money(terms['size'])} for what their cash "
        f"({money(pay['director_cash'])}) cannot cover (each loan costs "
        f"{money(terms['penalty'])} at the end)"
    )


def test_line_turn_shows_the_engines_tile_and_marker_costs(
    page: Page, site_server: SiteServer, tmp_path: Path
) -> None:
    game = lines_game("3")
    costs = game.view(None)["line_turn"]["costs"]
    assert costs["lays"]["I3"] == 20
    open_for_active(page, site_server, tmp_path, game)
    # the Stadtbahn hex I3: its first tile costs the printed 20 (IX.4)
    g40.pick_hex(page, "I3")
    tile = next(e["tile"] for e in game.legal_actions(0) if e.get("hex") == "I3")
    expect(page.get_by_test_id(f"tile-{tile}")).to_contain_text(money(costs["lays"]["I3"]))
    page.get_by_test_id("lay-cancel").click()
    if costs["token"] and page.get_by_test_id("mode-token").count():
        page.get_by_test_id("mode-token").click()
        expect(page.get_by_test_id("token-step")).to_contain_text(
            f"place a station marker ({money(costs['token'])})"
        )
