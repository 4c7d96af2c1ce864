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
    at_line,
    cash,
    game,
    lay,
    legal_types,
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
