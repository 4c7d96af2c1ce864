"""The "18xx.games" rules profile against the rulebook: each place where 18xx.games plays
differently (shared/reference/1840/report.md part (b); pygame_core/g1840/profile.py;
docs/rules-decisions.md V1-V29). Each test shows both sides where a position allows."""

from __future__ import annotations

import copy

from pygame_core import Game
from pygame_core.g1840 import board as b
from pygame_core.g1840 import linerounds
from pygame_core.g1840.game import Vienna1840

from .helpers import (
    Policy,
    act,
    advance,
    at_line,
    cash,
    cr_kind,
    game,
    income,
    label,
    lay,
    lines_game,
    negative_game,
    private_auction,
    refused,
    route,
    seat,
    stadtbahn_tile,
    to_round,
    world,
)

SITE = "18xx.games"
PASS = {"type": "pass"}
RUN = {"type": "run"}


def bid(private: str, price: int) -> dict[str, object]:
    return {"type": "bid", "private": private, "price": price}


def site_line6() -> Game:
    """18xx.games, 3 players, seed 5 (Lines 3, 6, 4, 16 face up; majors WT, GWStStB, BBG
    drawn): the first major founded (WT, 880) takes Line 6 (K27); LR 1a, Line 6 to act."""
    g = game(3, profile=SITE, seed=5)
    to_round(g, "CR 1")
    first = next(iter(world(g).majors))
    at_line(g, "6", Policy(lines={first: ["6"]}))
    return g


# --- Pre round (VI) ---------------------------------------------------------------------


def test_b16_all_pass_after_a_sale_drops_the_cheapest_private_on_the_site() -> None:
    # Rulebook (VI): after a sale a round of passes pays the privates; 18xx.games: the
    # cheapest unsold private drops by 5 and nothing is paid.
    for profile, anna, prices in (
        ("rulebook", 350 - 20 + 10, {"SB": 30, "HB": 40, "SD": 50}),
        (SITE, 350 - 20, {"SB": 25, "HB": 40, "SD": 50}),
    ):
        g = game(2, profile=profile)
        act(g, bid("KK", 20))
        act(g, PASS)
        act(g, PASS)
        act(g, PASS)
        auction = world(g).auction
        assert auction is not None
        assert cash(g, 0) == anna and auction.prices == prices, profile


def test_b17_raises_need_not_be_multiples_of_5_on_the_site() -> None:
    # Rulebook VI / VIII.6: "um ein Vielfaches von 5"; 18xx.games: at least 5 more.
    rulebook, site = game(2), game(2, profile=SITE)
    for g in (rulebook, site):
        act(g, bid("SB", 30))
    assert refused(rulebook, bid("SB", 37)).rule == "1840 VI"
    assert refused(site, bid("SB", 33)).rule == "1840 VI"  # less than 5 more
    act(site, bid("SB", 37))
    assert private_auction(site).high == 37
    site_pick = {e["type"]: e for e in site.legal_actions(0)}
    assert site_pick["bid"]["step"] == 1 and site_pick["bid"]["min"] == 42


def test_b18_the_site_draws_as_many_majors_as_players() -> None:
    # IV.1.2 / VII.5: the players choose among all six; 18xx.games draws `players` of them.
    assert len(world(game(3)).open_majors) == 6
    site = world(game(3, profile=SITE, seed=5))
    assert site.open_majors == ["WT", "GWStStB", "BBG"]


# --- Company Round (VIII) ---------------------------------------------------------------


def cr1_log(profile: str) -> list[str]:
    g = game(2, profile=profile)
    to_round(g, "LR 1a")
    start = max(i for i, e in enumerate(g.log) if e["text"] == "Company Round 1")
    return [e["text"] for e in g.log[start:]]


def first_index(lines: list[str], part: str) -> int:
    return next(i for i, t in enumerate(lines) if part in t)


def test_b19_order_inside_crd() -> None:
    # V1: rulebook VIII.5.3 "Nachdem ihr Direktor das Einkommen verwaltet hat, darf die
    # Gesellschaft ... kaufen": each major pays, then buys; VIII.5.2 the Stadtbahn
    # companies pay after all majors. 18xx.games: all dividends, the Stadtbahn payouts,
    # then all tram purchases.
    book = cr1_log("rulebook")
    dividends = [i for i, t in enumerate(book) if "pays a dividend" in t]
    buys = [i for i, t in enumerate(book) if " buys a " in t]
    assert dividends[0] < buys[0] < dividends[1] < buys[1] < first_index(book, "D runs")
    site = cr1_log(SITE)
    dividends = [i for i, t in enumerate(site) if "pays a dividend" in t]
    buys = [i for i, t in enumerate(site) if " buys a " in t]
    assert dividends[1] < first_index(site, "D runs") < buys[0]


def test_line_auction_bids_in_any_amount_of_20_or_more_on_the_site() -> None:
    # VIII.6 "höhere Gebote müssen ein Vielfaches von 5 betragen" (rulebook) against
    # 18xx.games' raises of at least 5 (report (b)17).
    g = game(2, profile=SITE)
    advance(g, lambda g: cr_kind(g) == "pick")
    pick = next(e for e in g.legal_actions(seat(g)) if e["type"] == "select_line")
    assert (pick["min"], pick["step"]) == (20, 1)
    act(g, {"type": "select_line", "line": pick["line"], "price": 22})
    cr = world(g).cr
    assert cr is not None and cr.auction is not None and cr.auction.high == 22


# --- Line Rounds (IX) -------------------------------------------------------------------


def test_b1_a_negative_result_comes_from_the_treasury_on_the_site() -> None:
    # IX.8 rulebook: "zunächst vom Feld ,Einkommen'"; 18xx.games: the treasury (then the
    # director, with loans). Same position in both: Line 3 earns -20 in LR 2a and 2b;
    # Line 6 earns 30 in between.
    for profile in ("rulebook", SITE):
        loss = negative_game(profile)
        g, major, director = loss.g, loss.major, loss.director
        own = cash(g, director)
        act(g, RUN)
        at_line(g, "6", loss.policy)
        lay(g, "J26", "6", 3)
        act(g, RUN)
        at_line(g, "3", loss.policy, round_name="LR 2b")
        assert income(g, major) == 30 and cash(g, major) == 0
        act(g, RUN)
        if profile == "rulebook":
            assert (income(g, major), cash(g, director)) == (10, own - 20)
        else:
            assert (income(g, major), cash(g, director)) == (30, own - 40)


def test_b2_any_legal_route_or_none_on_the_site() -> None:
    # IX.3 / IX.8 rulebook: the run is mandatory and the best (tested in
    # test_rules_lines.py); 18xx.games accepts any legal route, or none ("route": null:
    # no run, no maintenance).
    g = site_line6()
    w = world(g)
    lay(g, "J26", "6", 3)
    act(g, {"type": "place_token", "hex": "J26", "city": 0})
    best = linerounds.best(w, "6")
    assert best is not None and best.revenue == 40
    before = copy.deepcopy(g)
    act(g, route(["I27-0", "J26-0"], [["I27", "J26"]]))  # 20, less than the best
    assert w.lines["6"].last_run is not None and w.lines["6"].last_run["total"] == 20
    major = w.lines["6"].major
    assert major is not None and income(g, major) == 20
    act(before, {"type": "run", "route": None})
    w0 = world(before)
    assert w0.lines["6"].last_run is None and income(before, major) == 0


def test_b3_the_bonus_marker_is_free_on_the_site() -> None:
    # IX.4 "Der zusätzliche Marker muss der billigste Verfügbare sein" (rulebook: 20,
    # test_rules_lines.py); 18xx.games: free.
    g = site_line6()
    w = world(g)
    major = w.lines["6"].major
    assert major is not None and cash(g, major) == 880
    lay(g, "J26", "6", 3)
    stadtbahn_tile(g, "E23")
    t = w.turn
    assert t is not None and t.bonus == "extra_station_token_free"
    act(g, {"type": "place_token", "hex": "J26", "city": 0})
    assert cash(g, major) == 880 - 20 and w.lines["6"].tokens_used == 2


def test_b5_an_unbuilt_purple_station_is_a_stop_only_on_the_site() -> None:
    # IX.7 "Route, die aus mindestens 2 Einkommens-Orten besteht": a printed station arrow
    # (I27, Aspangbahnhof, no revenue) is no stop in the rulebook profile (V15).
    rulebook = lines_game("6")
    lay(rulebook, "J26", "6", 3)
    err = refused(
        rulebook,
        route(["I27-0", "J26-0", "K27-0"], [["I27", "J26"], ["J26", "K27"]]),
        kind="illegal_route",
    )
    assert err.rule is not None and err.rule.startswith("1840 IX")
    site = site_line6()
    lay(site, "J26", "6", 3)
    act(site, route(["I27-0", "J26-0", "K27-0"], [["I27", "J26"], ["J26", "K27"]]))
    run = world(site).lines["6"].last_run
    assert run is not None and run["stops"] == ["I27-0", "J26-0", "K27-0"]


def test_b13_stadtbahn_markers_are_removed_anywhere_on_the_site_never_at_starts() -> None:
    # IX.6 / V11: rulebook only where the Line reaches (test_rules_lines.py); 18xx.games
    # anywhere; never at the start stations I1, A17, I11, F24.
    g = site_line6()
    w = world(g)
    removable = {e["hex"] for e in g.legal_actions(seat(g)) if e["type"] == "remove_token"}
    marked = {h for c in ("W", "V", "G", "D") for h, _ in w.map.corp_tokens(c)}
    assert removable == marked - {"I1", "A17", "I11", "F24"}
    assert {"I1", "A17", "I11", "F24"} <= marked
    book = lines_game("6")
    assert [e for e in book.legal_actions(seat(book)) if e["type"] == "remove_token"] == []


def test_v13_the_site_buys_any_players_private_also_after_the_run() -> None:
    # IV.2 rulebook: the director sells his own private to his company during a Line's
    # turn (test_rules_lines.py); 18xx.games: any player's, and also after the run.
    g = site_line6()
    w = world(g)
    major = w.lines["6"].major
    assert major is not None
    director = w.director(major)
    at_line(g, "6", Policy(), round_name="LR 2a")
    offered = {e["private"] for e in g.legal_actions(director) if e["type"] == "buy_private"}
    owners = {p: o for p, o in w.private_owner.items() if o is not None}
    assert offered == set(owners)
    assert set(owners.values()) - {f"p{director}"}  # other players' privates too
    act(g, RUN)
    assert w.turn is not None and w.turn.line == "6" and w.turn.ran
    assert {e["type"] for e in g.legal_actions(director)} == {
        "buy_private",
        "end_turn",
        "sell_private",
        "end_game",  # the site's end by hand (V40)
    }
    assert refused(g, RUN).rule == "1840 IX.3"
    private = sorted(owners)[0]
    act(g, {"type": "buy_private", "private": private, "price": 1})
    assert w.private_owner[private] == major
    act(g, {"type": "end_turn"})
    assert w.turn is None or w.turn.line != "6"


def test_b10_l30_and_l31_are_shared_physical_tiles_in_the_rulebook() -> None:
    # I. / IX.4 "Zwei spezielle lila Teile (mit den Nummern L30 und L31)", each for G11 or
    # F24 (V16); 18xx.games has four independent tiles.
    for profile, left in (("rulebook", 0), (SITE, 1)):
        g = game(3, profile=profile)
        state = copy.deepcopy(g.state)
        assert isinstance(state, Vienna1840)
        w = state.w
        assert w.tile_supply()["L30b"] == 1
        w.map.lay("G11", b.tiles()["L30a"], 0)
        assert w.tile_supply()["L30a"] == 0 and w.tile_supply()["L30b"] == left
        assert w.tile_supply()["L31a"] == 1 and w.tile_supply()["L31b"] == 1


# --- the end (XI) -----------------------------------------------------------------------


def test_b4_privates_count_at_face_value_only_on_the_site() -> None:
    # XI: cash + shares - 200 per loan (V28); 18xx.games adds the players' privates.
    for profile in ("rulebook", SITE):
        g = game(2, profile=profile)
        advance(g, lambda g: g.active is None, limit=5000)
        w = world(g)
        result = g.result()
        assert result is not None and label(g) == "End"
        for s in range(2):
            face = w.private_value(s)
            assert face > 0  # the scripted players kept their sights
            base = w.cash(s) + w.share_value(s) - 200 * w.loans.count(f"p{s}")
            counted = face if profile == SITE else 0
            assert result["details"][s]["privates"] == counted
            assert result["scores"][s] == base + counted
