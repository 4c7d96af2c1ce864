"""1881 the S-Bahn board's veto and vote in the browser (1881 12.6, digest A-49/C-55, option
s_veto): a saved position (e2e/data/1881-sbahn-veto.json, made by scripts/save_1881_veto.py
from a seeded bots' game) is opened with everyone on this device; the chairman proposes to
withhold the main network's result; the device passes to the next board member, who vetoes;
it passes to the last member, who votes against: 1:2, rejected. The chairman is back with
the payout only. On a phone (390x844): the board's panels fit, every button on the screen.
The page's game is mirrored in Python and compared with the engine (state hash). Waits are
for states only."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.g1840_page import Mirror
from e2e.test_1881_offers import pass_device
from e2e.test_1881_sbahn import PHONE, buttons_on_screen, click, fits, open_saved, saved
from pygame_core.g1881.game import Berlin1881
from scripts.serve import SiteServer


def test_1881_the_chairman_proposes_a_member_vetoes_the_board_votes_it_down(
    page: Page, site_server: SiteServer
) -> None:
    game = saved("veto")
    state = game.state
    assert isinstance(state, Berlin1881) and state.w.s_veto
    chairman = game.active
    assert chairman is not None
    choices = [a["choice"] for a in game.legal_actions(chairman)]
    assert "withhold" in choices and "pay" in choices

    page.set_viewport_size(PHONE)
    open_saved(page, site_server.url, "veto")

    # the chairman proposes to withhold
    expect(page.get_by_test_id("decide")).to_have_attribute("data-step", "dividend")
    click(page, "dividend-withhold")

    # the next board member: the proposal, veto
    pass_device(page)
    expect(page.get_by_test_id("board-step")).to_be_visible()
    expect(page.get_by_test_id("board-proposal")).to_contain_text("withhold")
    fits(page)
    buttons_on_screen(page)
    mirror = Mirror.of_page(page)
    now = mirror.game.state
    assert isinstance(now, Berlin1881)
    assert now.w.board is not None and now.w.board.proposal is not None
    vetoer = mirror.game.active
    assert vetoer is not None and vetoer != chairman
    click(page, "act-veto")

    # the last member votes against: 1:2
    pass_device(page)
    expect(page.get_by_test_id("vote-step")).to_be_visible()
    expect(page.get_by_test_id("board-tally")).to_contain_text("vetoed")
    fits(page)
    buttons_on_screen(page)
    click(page, "act-vote-no")

    # back to the chairman: withholding is gone, the payout is left
    pass_device(page)
    expect(page.get_by_test_id("decide")).to_have_attribute("data-step", "dividend")
    expect(page.get_by_test_id("dividend-pay")).to_be_visible()
    expect(page.get_by_test_id("dividend-withhold")).to_have_count(0)
    mirror.sync(page)
    after = mirror.game.state
    assert isinstance(after, Berlin1881)
    assert mirror.game.active == chairman
    assert after.w.board is not None and after.w.board.last is not None
    assert after.w.board.last["tally"] == [1, 2] and not after.w.board.last["carried"]
