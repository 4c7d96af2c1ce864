"""VI Pre-Spieler-Runde: the private auction and the choice of the order cards (with III.3
Startkapital and IV.2 Privatpapiere). Rulebook profile unless a test says otherwise."""

from __future__ import annotations

import pytest

from .helpers import act, cash, game, label, private_auction, refused, seat, world

PASS = {"type": "pass"}


def bid(private: str, price: int) -> dict[str, object]:
    return {"type": "bid", "private": private, "price": price}


@pytest.mark.parametrize(("players", "money"), [(2, 350), (3, 300), (4, 260), (5, 230), (6, 200)])
def test_starting_capital_and_subscription_right(players: int, money: int) -> None:
    # III.3: "2 Spielern 350 ... 6 Spielern 200 Gulden. Außerdem erhält jeder Spieler ein
    # Kärtchen ,Bezugsrecht für eine Gesellschaft' im Wert von 350 Gulden".
    g = game(players)
    view = g.view(None)
    assert [p["cash"] for p in view["players"]] == [money] * players
    assert [p["subscription"] for p in view["players"]] == [True] * players
    assert view["step"] == "private_auction" and view["round"]["label"] == "Pre"
    assert g.active == 0  # V24: the seating is the draw of the order cards


def test_opening_bid_is_face_value_or_more_in_fives() -> None:
    # VI: "Er selbst bietet mindestens den Nennwert oder einen um ein Vielfaches von 5
    # höheren Betrag."
    g = game(2)
    legal = g.legal_actions(0)
    # 2 players: Prater and Schönbrunn are out (XIII); the four others open at face value.
    assert [(e["private"], e["min"], e["step"]) for e in legal if e["type"] == "bid"] == [
        ("KK", 20, 5),
        ("SB", 30, 5),
        ("HB", 40, 5),
        ("SD", 50, 5),
    ]
    assert refused(g, bid("KK", 15)).rule == "1840 VI"  # below face value
    assert refused(g, bid("KK", 22)).rule == "1840 VI"  # not face value + a multiple of 5
    assert refused(g, bid("KK", 355)).rule == "1840 VI"  # more than the cash (350)
    assert refused(g, bid("PR", 10), kind="invalid").kind == "invalid"  # not in the game
    act(g, bid("KK", 25))
    assert private_auction(g).high == 25


def test_raises_go_up_in_multiples_of_five_and_the_winner_pays_the_bank() -> None:
    # VI: "Reihum können die Spieler das Höchstgebot um ein Vielfaches von 5 überbieten";
    # "Der Höchstbietende zahlt sein Gebot an die Bank und nimmt sich das Papier."
    g = game(2)
    act(g, bid("SB", 30))
    assert seat(g) == 1
    assert refused(g, bid("SB", 30)).rule == "1840 VI"  # not above the high bid
    assert refused(g, bid("SB", 33)).rule == "1840 VI"
    assert refused(g, bid("HB", 40)).kind == "illegal"  # SB is being auctioned
    act(g, bid("SB", 40))  # a raise by 10 (a multiple of 5)
    assert seat(g) == 0
    act(g, bid("SB", 45))
    bank = cash(g, "bank")
    act(g, PASS)  # Ben passes: Anna buys SB for 45
    w = world(g)
    assert w.private_owner["SB"] == "p0"
    assert (cash(g, 0), cash(g, 1)) == (350 - 45, 350)
    assert cash(g, "bank") == bank + 45
    # "Der nächste Spieler in Spielerreihenfolge wählt das nächste Privatpapier": Ben.
    assert seat(g) == 1 and w.auction is not None and w.auction.lot is None


def test_a_player_who_passed_is_out_of_that_auction_only() -> None:
    # VI: "Ein Spieler, der gepasst hat, darf bei der laufenden Versteigerung nicht mehr
    # teilnehmen."
    g = game(3)
    act(g, bid("SB", 30))  # Anna opens
    act(g, PASS)  # Ben passes: out of this auction
    act(g, bid("SB", 35))  # Cleo raises
    assert seat(g) == 0
    act(g, bid("SB", 40))  # Anna raises; the turn skips Ben and goes to Cleo
    assert seat(g) == 2
    assert private_auction(g).out == ["p1"]
    act(g, PASS)
    assert world(g).private_owner["SB"] == "p0"
    assert [cash(g, s) for s in range(3)] == [260, 300, 300]
    # Ben picks next (after Anna, who picked) and may bid again on the next private.
    assert seat(g) == 1
    act(g, bid("KK", 20))
    assert private_auction(g).leader == "p1"


def test_all_pass_at_the_first_private_drops_its_price_until_the_start_player_takes_it() -> None:
    # VI: "Sollten beim Auswählen zur Versteigerung des ersten Privatpapieres alle Spieler
    # passen, wird dessen Nennwert um 5 reduziert. Eine neue Versteigerung beginnt mit dem
    # Startspieler. Dies wird solange fortgesetzt, bis es der Startspieler um 0 Gulden
    # nehmen muss." The engine drops the cheapest private (2 players: Karlskirche, 20).
    g = game(2)
    w = world(g)
    for price in (15, 10, 5):
        act(g, PASS)
        act(g, PASS)
        assert w.auction is not None and w.auction.prices["KK"] == price
        assert w.auction.prices["SB"] == 30  # the others keep their face value
        assert seat(g) == 0  # the start player begins again
        assert w.private_owner["KK"] is None
    # At 15 .. 5 the reduced price is the least bid.
    assert [e["min"] for e in g.legal_actions(0) if e.get("private") == "KK"] == [5]
    act(g, PASS)
    act(g, PASS)  # 5 -> 0: the start player must take it for nothing
    assert w.private_owner["KK"] == "p0"
    assert (cash(g, 0), cash(g, 1)) == (350, 350)
    assert seat(g) == 1  # the next player picks the next private


def test_all_pass_after_a_sale_pays_the_privates_and_starts_again() -> None:
    # VI: "Sollten beim Auswählen zur Versteigerung eines anderen Privatpapiers alle Spieler
    # passen, zahlen alle bisher versteigerten Privatpapiere Dividende an ihre Besitzer, und
    # eine neue Pre-Aktien-Runde beginnt mit dem Spieler mit der niedrigsten
    # Spielreihenfolgekarte." Karlskirche pays 10 (IV.2 table).
    g = game(2)
    act(g, bid("KK", 20))
    act(g, PASS)  # Anna buys KK for 20; Ben picks
    assert seat(g) == 1
    act(g, PASS)
    act(g, PASS)  # everybody passed
    w = world(g)
    assert (cash(g, 0), cash(g, 1)) == (350 - 20 + 10, 350)
    assert w.auction is not None and w.auction.prices == {"SB": 30, "HB": 40, "SD": 50}
    assert seat(g) == 0  # the start player picks again
    act(g, PASS)
    act(g, PASS)  # and again: another payout, still no price drop
    assert cash(g, 0) == 350 - 20 + 20
    assert w.auction.prices == {"SB": 30, "HB": 40, "SD": 50}


def test_least_cash_chooses_the_order_card_first() -> None:
    # VI: "Wenn alle Privatpapiere versteigert wurden, wählt der Spieler mit dem wenigsten
    # Bargeld eine beliebige Spielreihenfolgekarte. Der Spieler mit dem zweitwenigsten
    # Bargeld wählt die nächste Karte usw."
    g = game(3)
    for private, price in (("PR", 10), ("KK", 20), ("SB", 30), ("HB", 40), ("SD", 50)):
        act(g, bid(private, price))  # each pick is sold to its picker (the others pass)
        act(g, PASS)
        act(g, PASS)
    act(g, bid("SSB", 70))
    act(g, PASS)
    act(g, PASS)
    # Anna paid 10 + 40, Ben 20 + 50, Cleo 30 + 70.
    assert [cash(g, s) for s in range(3)] == [250, 230, 200]
    w = world(g)
    assert w.step == "choose_order" and seat(g) == 2
    assert [e["position"] for e in g.legal_actions(2)] == [1, 2, 3]
    act(g, {"type": "choose_order", "position": 3})
    assert seat(g) == 1
    assert refused(g, {"type": "choose_order", "position": 3}).rule == "1840 VI"
    assert refused(g, {"type": "choose_order", "position": 0}).rule == "1840 VI"
    assert refused(g, {"type": "choose_order", "position": 4}).rule == "1840 VI"
    assert refused(g, PASS).rule == "1840 VI"
    act(g, {"type": "choose_order", "position": 1})
    # Anna gets the last card; SR 1 starts with card 1 (VII.2).
    assert w.order == [1, 0, 2]
    assert label(g) == "SR 1" and seat(g) == 1


def test_equal_cash_chooses_by_the_lower_order_card() -> None:
    # VI: "Bei Gleichstand an Bargeld wählt der Spieler zuerst, der vorher eine niedrigere
    # Spielreihenfolgekarte hatte."
    g = game(2)
    act(g, bid("KK", 30))
    act(g, PASS)
    act(g, bid("SB", 30))
    act(g, PASS)
    act(g, bid("HB", 50))
    act(g, PASS)
    act(g, bid("SD", 50))
    act(g, PASS)
    assert (cash(g, 0), cash(g, 1)) == (270, 270)
    assert world(g).step == "choose_order" and seat(g) == 0  # Anna held card 1
    act(g, {"type": "choose_order", "position": 2})
    assert world(g).order == [1, 0]
