"""Review B: three places where the engine played 1840 differently from 18xx.games or from
the rulebook.

- VI: a player who cannot pay the least next bid leaves that private's auction by himself
  (V30, V31); on 18xx.games when the bid is made, and the picker then picks again (V32).
- IX.4/IX.5: the Stadtbahn green bonus on a tile laid earlier in the same turn (V29, V33).
- VII.1/IV.2/VIII.6: a player (or major) passes by himself only when no other legal action
  is left; selling a private to the bank is one (V4, V22, V34).

Positions are reached by playing legal actions from seeded new games (`helpers`); cash is
set by playing the private auction.
"""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core import Game

from .helpers import (
    Policy,
    act,
    advance,
    after_pre,
    at_line,
    cash,
    cr_step,
    game,
    label,
    lay,
    legal_types,
    lines_game,
    private_auction,
    refused,
    seat,
    stadtbahn_tile,
    to_round,
    world,
)

PASS = {"type": "pass"}
SITE = "18xx.games"
PROFILES = ("rulebook", SITE)


def bid(private: str, price: int) -> dict[str, Any]:
    return {"type": "bid", "private": private, "price": price}


def offers_are_payable(g: Game) -> None:
    """VI: every bid offered to the seat to act is one it can pay, from the least bid up."""
    s = seat(g)
    for e in g.legal_actions(s):
        if e["type"] == "bid":
            assert e["min"] <= e["max"] <= cash(g, s), e


def play(g: Game, *actions: dict[str, Any]) -> None:
    """Play `actions` in turn, checking the bids offered before each."""
    for a in actions:
        offers_are_payable(g)
        act(g, a)


def logged(g: Game, text: str) -> bool:
    return any(text in e["text"] for e in g.log)


def cleo_poor(profile: str) -> Game:
    """3 players: Cleo buys Schönbrunn (SSB) for 260 and has 40 left; Ben picks next."""
    g = game(3, profile=profile)
    play(g, bid("SSB", 60), PASS, bid("SSB", 260), PASS)  # Anna, Ben, Cleo, Anna
    w = world(g)
    assert w.private_owner["SSB"] == "p2" and cash(g, 2) == 40
    assert seat(g) == 1
    return g


# --- VI: the private auction ------------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
def test_vi_a_bidder_who_cannot_pay_the_least_bid_leaves_that_auction(profile: str) -> None:
    # VI: "Ein Spieler, der gepasst hat, darf bei der laufenden Versteigerung nicht mehr
    # teilnehmen"; Cleo (40) cannot pay 55 for Stephansdom, so passing is all she could do:
    # she leaves by herself (V30; 18xx.games drops her when the bid is made) and Anna bids.
    g = cleo_poor(profile)
    play(g, bid("SD", 50))  # Ben
    assert seat(g) == 0  # Cleo is skipped
    assert "p2" in private_auction(g).out
    assert logged(g, "Cleo cannot pay 55 for Stephansdom and leaves its auction")
    offers_are_payable(g)
    play(g, PASS)  # Anna: Ben wins at his opening bid
    w = world(g)
    assert w.private_owner["SD"] == "p1" and cash(g, 1) == 250
    assert seat(g) == 2  # the player after the picker (Ben) picks next: Cleo, with her 40
    assert {e["private"] for e in g.legal_actions(2) if e["type"] == "bid"} == {
        "PR",
        "KK",
        "SB",
        "HB",
    }


@pytest.mark.parametrize("profile", PROFILES)
def test_vi_the_lot_is_sold_at_once_when_nobody_else_can_pay_more(profile: str) -> None:
    # VI: "Der Höchstbietende zahlt sein Gebot an die Bank und nimmt sich das Papier": when
    # no other bidder can pay the next bid, the last one in wins without waiting for passes.
    # Who picks next: the rulebook's "nächste Spieler in Spielerreihenfolge" after the
    # picker (V31); 18xx.games lets the picker pick again after such a sale (V32).
    g = cleo_poor(profile)
    play(g, bid("SD", 50), PASS)  # Ben opens, Cleo leaves, Anna passes: Ben has 250
    play(g, bid("HB", 40))  # Cleo picks the Hofburg with all her cash
    assert seat(g) == 0
    play(g, bid("HB", 300))  # Anna: neither Ben (250) nor Cleo (40) can pay 305
    w = world(g)
    assert w.private_owner["HB"] == "p0" and cash(g, 0) == 0
    assert logged(g, "Ben cannot pay 305 for Hofburg and leaves its auction")
    assert logged(g, "Cleo cannot pay 305 for Hofburg and leaves its auction")
    assert private_auction(g).lot is None
    if profile == SITE:
        assert seat(g) == 2  # Cleo picks again
    else:  # Anna picks next, but with 0 she can only pass (V31): Ben picks
        assert logged(g, "Anna cannot pay the least bid for any private (10) and passes")
        assert seat(g) == 1


@pytest.mark.parametrize("profile", PROFILES)
def test_vi_five_players_everyone_else_out_at_once(profile: str) -> None:
    # VI with 5 players (230 each): Ben buys Schönbrunn for 200 (30 left) and picks the
    # Prater; Cleo bids all her 230 and the four others cannot pay 235: the Prater is hers.
    g = game(5, profile=profile)
    play(g, bid("SSB", 60), bid("SSB", 200), PASS, PASS, PASS, PASS)
    w = world(g)
    assert w.private_owner["SSB"] == "p1" and cash(g, 1) == 30
    assert seat(g) == 1  # the player after Anna picks
    play(g, bid("PR", 10))  # Ben
    assert seat(g) == 2
    legal = g.legal_actions(2)
    assert [(e["min"], e["max"]) for e in legal if e["type"] == "bid"] == [(15, 230)]
    play(g, bid("PR", 230))  # Cleo
    assert w.private_owner["PR"] == "p2" and cash(g, 2) == 0
    for name in ("Dan", "Eva", "Anna", "Ben"):
        assert logged(g, f"{name} cannot pay 235 for Prater and leaves its auction")
    if profile == SITE:
        assert seat(g) == 1  # Ben picks again
    else:  # Cleo picks next, but with 0 she can only pass (V31): Dan picks
        assert logged(g, "Cleo cannot pay the least bid for any private (20) and passes")
        assert seat(g) == 3
    offers_are_payable(g)


def ben_broke(profile: str) -> Game:
    """3 players: Ben buys the Prater for 285 (15 left), and it is his turn to pick."""
    g = game(3, profile=profile)
    play(g, bid("PR", 10), bid("PR", 285), PASS, PASS)  # Anna, Ben, Cleo, Anna
    assert world(g).private_owner["PR"] == "p1" and cash(g, 1) == 15
    return g


def test_vi_a_player_to_pick_who_cannot_pay_any_least_bid_passes_by_himself() -> None:
    # VI: "Der nächste Spieler ... wählt das nächste Privatpapier zur Versteigerung aus (oder
    # passt)": Ben (15) cannot pay 20 for any private left, so his pass happens by itself
    # (V31, rulebook profile) and Cleo picks.
    g = ben_broke("rulebook")
    assert seat(g) == 2
    assert logged(g, "Ben cannot pay the least bid for any private (20) and passes")
    play(g, PASS, PASS)  # Cleo, Anna: all passed after a sale, the privates pay (VI)
    assert cash(g, 1) == 15 + 5  # the Prater's income
    assert seat(g) == 0  # a new pre round starts with the start player


def test_vi_on_the_site_a_player_to_pick_who_cannot_pay_passes_himself() -> None:
    # 18xx.games asks the player to pick for his pass (its files hold that pass, V31).
    g = ben_broke(SITE)
    assert seat(g) == 1 and legal_types(g) == {"pass"}
    assert refused(g, bid("KK", 20)).rule == "1840 VI"
    act(g, PASS)
    assert seat(g) == 2


# --- IX.4 / IX.5: the green Stadtbahn bonus on a tile laid this turn --------------------

GREEN_BONUS = "upgrade_yellow_to_green"


def line9_game(profile: str) -> Game:
    """3 players; a major owns Line 9 (home C7, gray; rulebook seed 6, 18xx.games seed 4).
    In LR 1a Line 9 lays V's first Stadtbahn tile on B10 (its extra yellow tile passed), so
    that V's next orange hex, C9 (green bonus), lies next to C7; the game is at Line 9's
    turn in LR 1b."""
    g = game(3, profile=profile, seed=6 if profile == "rulebook" else 4)
    w = world(g)
    to_round(g, "CR 1")
    policy = Policy(lines={m: ["9"] for m in w.majors})
    at_line(g, "9", policy, round_name="LR 1a")
    stadtbahn_tile(g, "B10")
    act(g, {"type": "pass_bonus"})
    act(g, {"type": "run"})
    at_line(g, "9", policy, round_name="LR 1b")
    return g


def green_bonus_hexes(g: Game) -> set[str]:
    t = world(g).turn
    assert t is not None and t.bonus == GREEN_BONUS
    return {e["hex"] for e in g.legal_actions(seat(g)) if e["type"] == "lay_tile"}


def to_lr2a(g: Game) -> None:
    act(g, {"type": "run"})
    w = world(g)
    line9 = w.lines["9"].major
    assert line9 is not None
    at_line(g, "9", Policy(lines={m: [] for m in w.majors}), round_name="LR 2a")


def test_ix4_site_green_bonus_upgrades_tiles_laid_this_turn_stadtbahn_tile_included() -> None:
    # 18xx.games (V33): the green bonus may upgrade a yellow tile laid earlier in the same
    # turn: here the normal tile on D8 and the Stadtbahn tile just laid on C9.
    g = line9_game(SITE)
    to_lr2a(g)
    lay(g, "D8", "3", 2)  # C7-D8-C9: the normal lay
    stadtbahn_tile(g, "C9")  # V's next: the green bonus
    assert green_bonus_hexes(g) == {"C9", "D8"}
    lay(g, "C9", "L7", 1)  # the Stadtbahn tile just laid, to green (broad track to D8)
    w = world(g)
    t = w.turn
    assert w.map.tile("C9")[0].name == "L7" and t is not None and t.bonus is None


def test_ix5_v29_rulebook_green_bonus_lapses_and_says_why() -> None:
    # IX.5 "Statt ein gelbes Plättchen zu legen, kann eine Linie ein bereits liegendes
    # Plättchen austauschen" (V29): the only yellow tiles Line 9 reaches were laid this turn,
    # so the bonus lapses, and the log and the refusal name that rule.
    g = line9_game("rulebook")
    to_lr2a(g)
    lay(g, "D8", "3", 2)
    stadtbahn_tile(g, "C9")
    w = world(g)
    t = w.turn
    assert t is not None and t.bonus is None and t.stadtbahn
    assert logged(g, "a tile laid this turn cannot be upgraded in the same turn")
    for hexname, tile, rotation in (("C9", "L7", 1), ("D8", "141", 2)):
        err = refused(g, {"type": "lay_tile", "hex": hexname, "tile": tile, "rotation": rotation})
        assert err.rule == "1840 IX.5" and "laid this turn" in str(err), err.to_dict()


def test_ix5_v29_rulebook_green_bonus_upgrades_only_tiles_laid_before() -> None:
    # IX.4 "Ein gelbes in ein grünes Teil hochrüsten ... nach denselben Regeln wie in IX.5":
    # D8 (laid in LR 1b) may be upgraded, the Stadtbahn tile just laid on C9 not (V29).
    g = line9_game("rulebook")
    lay(g, "D8", "3", 2)  # LR 1b
    to_lr2a(g)
    stadtbahn_tile(g, "C9")
    assert green_bonus_hexes(g) == {"D8"}
    err = refused(g, {"type": "lay_tile", "hex": "C9", "tile": "L7", "rotation": 1})
    assert err.rule == "1840 IX.5" and "laid this turn" in str(err), err.to_dict()
    lay(g, "D8", "141", 2)
    assert world(g).map.tile("D8")[0].name == "141"


# --- VII.1 / IV.2 / VIII.6: automatic passes only when nothing else is legal ---------------


def anna_short_in_sr1(profile: str) -> Game:
    """2 players at SR 1: Ben founds the first major at 100, Anna the second at 90 and buys
    two D shares at 65: she has 60 (and the Karlskirche and Hofburg), less than any share
    costs; Ben passes and it is her turn again."""
    g = after_pre(2, profile=profile)
    w = world(g)
    first, second = w.open_majors[:2]
    act(g, {"type": "par", "major": first, "price": 100})  # Ben (order card 1)
    act(g, {"type": "par", "major": second, "price": 90})  # Anna: 290 - (450 - 350)
    for _ in range(2):
        act(g, PASS)  # Ben
        act(g, {"type": "buy", "company": "D"})  # Anna
    assert cash(g, 0) == 60 and w.market.price("D") == 65
    assert sorted(w.privates_of("p0")) == ["HB", "KK"]
    act(g, PASS)  # Ben
    return g


def test_vii_1_iv_2_a_player_who_may_sell_a_private_is_not_passed() -> None:
    # VII.1 "Der Spieler am Zug kann entweder passen oder ..."; IV.2 privates "können
    # jederzeit freiwillig an die Bank zurückgegeben werden": Anna cannot pay for a share
    # but may sell a private, so she is not passed (V4): she sells the Hofburg and buys.
    g = anna_short_in_sr1("rulebook")
    assert label(g) == "SR 1" and seat(g) == 0
    assert legal_types(g) == {"sell_private", "pass"}
    act(g, {"type": "sell_private", "private": "HB"})
    assert cash(g, 0) == 100 and seat(g) == 0
    act(g, {"type": "buy", "company": "D"})
    assert cash(g, 0) == 35


def test_vii_1_on_the_site_no_private_goes_back_in_a_stock_round() -> None:
    # 18xx.games' Stock Round has no step that sells a private to the bank (V34): Anna
    # can neither buy nor sell, so she passes by herself, as the site skips her.
    g = anna_short_in_sr1(SITE)
    assert logged(g, "Anna can neither buy nor sell, and passes")
    assert label(g) != "SR 1"
    assert sorted(world(g).privates_of("p0")) == ["HB", "KK"]


def test_vii_1_on_the_site_a_private_sale_is_refused_in_a_stock_round() -> None:
    g = after_pre(2, profile=SITE)
    w = world(g)
    act(g, {"type": "par", "major": w.open_majors[0], "price": 100})
    assert "sell_private" not in legal_types(g)  # Anna's turn, with her two privates
    err = refused(g, {"type": "sell_private", "private": "KK"})
    assert err.rule == "1840 IV.2 (18xx.games)"


def test_viii_6_iv_2_a_major_that_may_sell_its_private_is_not_passed_in_the_line_auction() -> None:
    # VIII.6 / IV.2 (V22): in CR 3 WT puts Line 7 up for 860; SJE (860) cannot pay 865 but
    # owns the Hofburg (bought from its director in LR 2a), which it may sell to the bank
    # for 40 while it acts: it is not passed, sells it and raises.
    g = lines_game("3", "LR 2a")
    w = world(g)
    act(g, {"type": "buy_private", "private": "HB", "price": 40})  # SJE from Anna
    policy = Policy(lines={m: [] for m in w.majors})
    advance(g, lambda g: label(g) == "CR 3" and cr_step(g) == ("pick", "WT"), policy)
    assert cash(g, "SJE") == 860 and w.majors["SJE"].privates == ["HB"]
    act(g, {"type": "select_line", "line": "7", "price": 860})  # WT
    act(g, PASS)  # DT K&C
    assert cr_step(g) == ("bid", "") and w.cr is not None and w.cr.auction is not None
    assert w.cr.auction.active == "SJE"
    legal = g.legal_actions(seat(g))
    assert {e["type"] for e in legal} == {"sell_private", "pass"}
    act(g, {"type": "sell_private", "private": "HB"})
    assert cash(g, "SJE") == 900
    act(g, {"type": "bid", "line": "7", "price": 865})
    assert w.cr.auction is not None and w.cr.auction.high == 865


def test_viii_6_iv_2_a_major_short_of_20_that_owns_a_private_still_picks() -> None:
    # VIII.6 (V22): a major that cannot pay the least bid of 20 takes part in no auction,
    # but one that owns a private may sell it to the bank first (IV.2), so it is asked. SJE
    # buys the Prater from its director in LR 2a and spends all its treasury on Line 7 in
    # CR 3; in CR 4 it has the Prater's income, 5.
    g = lines_game("3", "LR 2a")
    w = world(g)
    act(g, {"type": "buy_private", "private": "PR", "price": 10})
    policy = Policy(lines={m: [] for m in w.majors})
    advance(g, lambda g: label(g) == "CR 3" and cr_step(g) == ("pick", "WT"), policy)
    act(g, {"type": "select_line", "line": "7", "price": 20})  # WT
    act(g, PASS)  # DT K&C
    act(g, {"type": "bid", "line": "7", "price": cash(g, "SJE")})  # SJE: all of it
    act(g, PASS)  # WT
    assert w.lines["7"].major == "SJE" and cash(g, "SJE") == 0
    advance(g, lambda g: cr_step(g) == ("pick", "SJE") or label(g) == "SR 4", policy)
    assert cr_step(g) == ("pick", "SJE") and cash(g, "SJE") == 5
    assert not logged(g, "SJE cannot pay the least bid of 20 and is out")
    assert {e["type"] for e in g.legal_actions(seat(g))} == {"sell_private", "pass"}
    act(g, {"type": "sell_private", "private": "PR"})
    assert cash(g, "SJE") == 15 and legal_types(g) == {"sell_private", "pass"}
    assert refused(g, {"type": "select_line", "line": "1", "price": 20}).rule == "1840 VIII.6"
    act(g, PASS)


# --- the shared auction core (g18xx) -----------------------------------------------------


@pytest.mark.parametrize("drop", [False, True])
def test_vi_core_auction_short_bidders(drop: bool) -> None:
    # The core behind VI: with `drop_short_bidders` the bidders who cannot pay the next
    # bid leave when it is made; without, `pass_short` lets the one to act leave.
    from pygame_core.g18xx.auction import Auction, AuctionRules, Bid

    rules = AuctionRules(drop_short_bidders=drop, picker_again_after_walkover=drop)
    auction = Auction(rules, ["a", "b", "c"], {"x": 10, "y": 20})
    money = {"a": 100, "b": 12, "c": 40}
    events = auction.apply(Bid("a", "x", 10), money)  # b cannot pay 15
    if drop:
        assert events == [{"event": "leaves", "bidder": "b", "lot": "x", "least": 15}]
        assert auction.active == "c"
    else:
        assert events == [] and auction.active == "b" and auction.is_short(money)
        assert auction.pass_short(money)[0]["event"] == "leaves"
    assert auction.pass_short(money) == []  # c can pay 15
    events = auction.apply(Bid("c", "x", 40), money)  # a can pay 45: no walkover
    assert auction.active == "a"
    events = auction.apply(Bid("a", "x", 100), money)  # c cannot pay 105
    if drop:
        assert [e["event"] for e in events] == ["leaves", "sold"]
        assert auction.active == "a"  # the picker picks again (18xx.games)
    else:
        assert auction.active == "c"
        assert [e["event"] for e in auction.pass_short(money)] == ["leaves", "sold"]
        assert auction.active == "b"  # the player after the picker
