"""VII Spieler-Runden (with IV.1.2 and X.3 Änderungen während einer Spieler-Runde).
Rulebook profile unless a test says otherwise."""

from __future__ import annotations

import pytest

from pygame_core import Game
from pygame_core.g18xx.market import Market, Move
from pygame_core.g1840.economy import market_grid

from .helpers import act, after_pre, cash, game, label, refused, seat, to_round, world

PASS = {"type": "pass"}


def par(major: str, price: int) -> dict[str, object]:
    return {"type": "par", "major": major, "price": price}


def buy(company: str) -> dict[str, object]:
    return {"type": "buy", "company": company}


def sell(company: str, count: int) -> dict[str, object]:
    return {"type": "sell", "company": company, "count": count}


# After the scripted Pre round of 2 players: Anna bought KK (20) and HB (40), Ben SB (30)
# and SD (50); Ben had less cash and took order card 1.


def test_scripted_pre_round() -> None:
    g = after_pre(2)
    assert world(g).order == [1, 0]
    assert (cash(g, 0), cash(g, 1)) == (290, 270)


# --- SR 1 (VII.5) -----------------------------------------------------------------------


def test_first_action_in_sr1_is_founding_a_major() -> None:
    # VII.5: "Alle Spieler MÜSSEN in Spielreihenfolge als erste Aktion in der ersten
    # Spieler-Runde die Direktorsaktie einer Straßenbahn-Gesellschaft kaufen."
    g = after_pre(2)
    assert seat(g) == 1
    assert refused(g, buy("W")).rule == "1840 VII.5"
    assert refused(g, PASS).rule == "1840 VII.5"
    # Six majors (IV.1.2 Tabelle 2) at 70, 80, 90 or 100 (Ben can pay 500 = 350 + 150).
    legal = g.legal_actions(1)
    assert {e["price"] for e in legal if e["type"] == "par"} == {70, 80, 90, 100}
    assert {e["major"] for e in legal if e["type"] == "par"} == {
        "WT",
        "DT K&C",
        "SJE",
        "BBG",
        "WKB",
        "GWStStB",
    }
    for wrong in (60, 75, 110):
        assert refused(g, par("WT", wrong)).rule == "1840 VII.5"


def test_founding_pays_five_times_par_with_the_right_and_gets_ten_times_par() -> None:
    # VII.5: "Jeder Spieler bezahlt für die Direktoraktie an die Bank das Fünffache des
    # Aktienkurses ... gibt er die Karte ,Bezugrecht ...' im Wert von 350 Gulden an die
    # Bank ab und zahlt den restlichen Betrag aus seinem Barvermögen"; "Das Zehnfache des
    # Aktien-Anfangskurses wird aus der Bank auf das Feld ,Betriebskapital' gelegt."
    g = after_pre(2)
    w = world(g)
    act(g, par("WT", 100))
    assert cash(g, 1) == 270 - (500 - 350)
    assert cash(g, "WT") == 1000
    assert w.shares.percent("p1", "WT") == 50
    assert (w.market.price("WT"), w.market.cell("WT")) == (100, (1, 2))
    assert w.voucher == [True, False]
    # Each major once (IV.1.2: "eine (und darf nur maximal eine)").
    assert refused(g, par("WT", 90)).rule == "1840 IV.1.2"
    act(g, par("BBG", 70))  # 350: the right pays it all
    assert cash(g, 0) == 290
    assert cash(g, "BBG") == 700
    assert (w.market.price("BBG"), w.market.cell("BBG")) == (70, (4, 2))
    # "Alle nicht verkauften Straßenbahngesellschaften sind aus dem Spiel."
    assert w.open_majors == []
    assert sorted(w.majors) == ["BBG", "WT"]
    assert sorted(g.view(None)["majors"]) == ["BBG", "WT"]
    # A second founding by the same player is refused.
    assert refused(g, par("SJE", 70)).rule == "1840 IV.1.2"


def test_par_prices_the_player_cannot_pay_are_not_offered() -> None:
    # VII.5 / VII.6: the director's certificate is paid with the right (350) and cash.
    g = game(6)
    act(g, {"type": "bid", "private": "SSB", "price": 100})  # Anna: 200 - 100 = 100
    for _ in range(5):
        act(g, PASS)
    to_round(g, "SR 1")
    w = world(g)
    assert cash(g, 0) == 100
    while seat(g) != 0:
        act(g, par(w.open_majors[0], 70))
    prices = {e["price"] for e in g.legal_actions(0) if e["type"] == "par"}
    assert prices == {70, 80, 90}  # 5 x 90 = 450 = 350 + 100; 500 is too much
    err = refused(g, par(w.open_majors[0], 100))
    assert err.rule == "1840 VII.5"


def test_no_selling_in_sr1_and_one_share_per_turn() -> None:
    # VII.4: no sales while "Es läuft die allererste Aktienrunde des Spiels"; VII.6: one
    # 10% share from the pool at the current price.
    g = after_pre(2)
    act(g, par("WT", 90))
    act(g, par("BBG", 70))
    act(g, buy("D"))  # Ben: 270 - 100 - 65
    assert cash(g, 1) == 105 and world(g).shares.percent("p1", "D") == 10
    assert seat(g) == 0  # buying one share ends the turn
    act(g, PASS)
    assert seat(g) == 1
    assert "sell" not in {e["type"] for e in g.legal_actions(1)}
    assert refused(g, sell("D", 1)).rule == "1840 VII.4"


def test_at_most_60_percent_of_a_company() -> None:
    # VII.3: "Ein Spieler darf von einer Gesellschaft maximal 60% besitzen."
    g = after_pre(2)
    act(g, par("BBG", 70))
    act(g, par("WT", 70))
    act(g, buy("BBG"))  # Ben: 50% + 10%
    act(g, PASS)
    assert world(g).shares.percent("p1", "BBG") == 60
    assert "BBG" not in {e.get("company") for e in g.legal_actions(1)}
    assert refused(g, buy("BBG")).rule == "1840 VII.3"


def test_certificate_limit_counts_privates_and_the_directors_certificate_once() -> None:
    # VII.3: "Privatpapiere zählen auch zum Papierlimit. Direktorsaktien zählen nur als 1
    # Papier"; 6 players: limit 12 (Tabelle 5). Anna gets all six sights: Prater for
    # nothing (VI, two rounds of passes), four at face value, then rounds of passes pay
    # their income (VI) before she buys the last.
    g = game(6)
    w = world(g)
    for _ in range(12):
        act(g, PASS)
    assert w.private_owner["PR"] == "p0"
    for private, price in (("KK", 20), ("SB", 30), ("HB", 40), ("SD", 50)):
        while seat(g) != 0:
            act(g, PASS)
        act(g, {"type": "bid", "private": private, "price": price})
        for _ in range(5):
            act(g, PASS)
    assert cash(g, 0) == 60
    for _ in range(6):  # six rounds of passes: 5 + 10 + 15 + 20 + 25 = 75 each
        for _ in range(6):
            act(g, PASS)
    assert cash(g, 0) == 60 + 6 * 75 and seat(g) == 0
    act(g, {"type": "bid", "private": "SSB", "price": 60})
    for _ in range(5):
        act(g, PASS)
    to_round(g, "SR 1")
    while seat(g) != 0:
        act(g, par(w.open_majors[0], 70))
    act(g, par("GWStStB", 70))  # the right pays it all
    assert cash(g, 0) == 450
    for _ in range(5):
        while seat(g) != 0:
            act(g, PASS)
        act(g, buy("D"))
    # 6 privates + the director's certificate + 5 D shares = 12 papers.
    assert w.certs(0) == 12 and g.view(None)["players"][0]["certs"] == 12
    assert cash(g, 0) == 450 - 5 * 65
    # At the limit Anna can neither buy nor sell in SR 1 (no sales there): she passes by
    # herself (V4). In SR 2 she may sell, and still not buy while at 12 papers.
    to_round(g, "SR 2")
    while seat(g) != 0:
        act(g, PASS)
    assert cash(g, 0) >= 75 and w.certs(0) == 12
    assert not [e for e in g.legal_actions(0) if e["type"] == "buy"]
    assert refused(g, buy("D")).rule == "1840 VII.3"  # 60% would still be allowed
    assert refused(g, buy("G")).rule == "1840 VII.3"
    act(g, sell("D", 1))  # 11 papers: one more may be bought
    act(g, buy("G"))
    assert w.certs(0) == 12 and w.shares.percent("p0", "G") == 10


# --- later Stock Rounds (VII.1, VII.4, X.3) ---------------------------------------------


def sr2_game() -> Game:
    """2 players at the start of SR 2: Ben directs BBG (par 70) with 60%, Anna directs WT
    (par 70) and bought three W shares in SR 1."""
    g = after_pre(2)
    act(g, par("BBG", 70))
    act(g, par("WT", 70))
    act(g, buy("BBG"))
    for _ in range(3):
        act(g, buy("W"))
        act(g, PASS)
    to_round(g, "SR 2")
    return g


def test_sell_then_buy_one_and_the_price_falls_a_row_per_share_after_the_sale() -> None:
    # VII.1: "Verkauf von beliebig vielen Aktien ... Kauf von genau einer Aktie"; X.3:
    # "pro verkauften 10% um ein Feld nach unten ... Dies geschieht nach dem Verkauf, sodass
    # der Verkäufer für jede Aktie den ursprünglichen Kurswert erhält. Befindet sich der
    # Kursmarker am unteren Rand einer Spalte ..., wird er nicht weiter versetzt."
    g = sr2_game()
    w = world(g)
    # W paid nothing in CR 1 and CR 2 (2 players: nothing built): 95 -> 90 -> 80 (X.2).
    assert (w.market.cell("W"), w.market.price("W")) == ((2, 0), 80)
    assert (w.market.cell("BBG"), w.market.price("BBG")) == ((4, 0), 60)
    assert w.order == [1, 0] and seat(g) == 1
    assert (cash(g, 0), cash(g, 1)) == (65, 280)
    # The director's certificate is never sold (VII.4): Ben may sell his one 10% only.
    assert [e["count"] for e in g.legal_actions(1) if e["type"] == "sell"] == [1]
    assert refused(g, sell("BBG", 2)).rule == "1840 VII.4"
    act(g, sell("BBG", 1))
    assert cash(g, 1) == 280 + 60
    assert w.market.cell("BBG") == (4, 0)  # already on the bottom row
    assert refused(g, PASS).rule == "1840 VII"  # after a sale: buy one or end the turn
    act(g, buy("D"))
    assert cash(g, 1) == 340 - 65 and seat(g) == 0
    act(g, sell("W", 2))  # both at 80, then two rows down
    assert cash(g, 0) == 65 + 160
    assert (w.market.cell("W"), w.market.price("W")) == ((4, 0), 60)
    assert w.shares.percent("pool", "W") == 100 - 10
    act(g, sell("W", 1))  # a second sale in the same turn, at the new price
    assert cash(g, 0) == 225 + 60 and w.market.cell("W") == (4, 0)
    act(g, {"type": "end_turn"})
    assert seat(g) == 1


def test_no_buying_back_a_company_sold_in_the_same_stock_round() -> None:
    # VII ("Aktien von einer Gesellschaft, die man in der aktuellen Spieler-Runde verkauft
    # hat, dürfen in dieser Spieler-Runde von diesem Spieler nicht mehr gekauft werden").
    g = sr2_game()
    act(g, PASS)  # Ben
    act(g, sell("W", 1))
    assert refused(g, buy("W")).rule == "1840 VII.4"
    act(g, {"type": "end_turn"})
    act(g, PASS)  # Ben
    assert seat(g) == 0  # a later turn of the same round: still refused
    assert "W" not in {e.get("company") for e in g.legal_actions(0) if e["type"] == "buy"}
    assert refused(g, buy("W")).rule == "1840 VII.4"
    act(g, PASS)  # Ben passed, Anna ended her turn, Ben and Anna passed: over (VII.2)
    assert label(g) == "LR 2a"
    to_round(g, "SR 3")
    w = world(g)
    while seat(g) != 0:
        act(g, PASS)
    assert "W" in {e.get("company") for e in g.legal_actions(0) if e["type"] == "buy"}
    price = w.market.price("W")
    before = cash(g, 0)
    act(g, buy("W"))  # the next Stock Round: allowed again
    assert cash(g, 0) == before - price


def test_sold_out_companies_rise_a_row_at_the_end_of_the_stock_round() -> None:
    # X.3: "Wenn sich am Ende einer Aktienrunde alle verfügbaren Aktien einer Gesellschaft
    # in Spielerhand befinden, dann steigt der Kursmarker um ein Feld nach oben."
    g = after_pre(2)
    w = world(g)
    act(g, par("BBG", 70))
    act(g, par("WT", 70))
    act(g, buy("BBG"))
    for _ in range(4):
        act(g, buy("BBG"))  # Anna: 4 x 70 of her 290
        if label(g) == "SR 1":
            act(g, PASS)
    # Anna can buy nothing more; she may still sell a private to the bank (IV.2), so she
    # is not passed by herself (V4, review B) and passes: the round is over.
    assert label(g) == "SR 1" and seat(g) == 0
    assert {e["type"] for e in g.legal_actions(0)} == {"sell_private", "pass"}
    act(g, PASS)
    assert label(g) == "CR 1"
    assert w.shares.percent("p0", "BBG") == 40 and w.shares.percent("pool", "BBG") == 0
    assert any("BBG is sold out: its price rises to 80" in e["text"] for e in g.log)
    # BBG rose from 70 (4, 2) to 80 (3, 2); CR 1 began at once and BBG, first in the
    # order, paid its dividend of 0 (X.2: one column left). WT was not sold out: it is
    # still on its par cell, waiting for its turn in CR 1.
    assert w.market.cell("BBG") == (3, 1) and w.market.cell("WT") == (4, 2)
    assert not any("WT is sold out" in e["text"] for e in g.log)


def test_market_edges_of_the_1840_table() -> None:
    # X.3: a sold-out company on the top row stays; a sale on the bottom row stays; X.2:
    # right at the end of a row goes up, left at the start of a row goes down.
    m = Market(market_grid())
    m.place("A", (0, 2))
    assert m.move("A", Move.UP) == (0, 2)
    m.place("B", (4, 3))
    assert m.move("B", Move.DOWN, 2) == (4, 3)
    m.place("C", (3, 9))  # 137, the end of row 3
    assert m.pay_dividend("C", 100) == (2, 9)  # 147
    m.place("D", (2, 0))
    assert m.pay_dividend("D", 0) == (3, 0)
    m.place("E", (4, 0))
    assert m.pay_dividend("E", 0) == (4, 0)  # nowhere further down
    # Tabelle 6: 0 left; 10-90 none; 100-190 1; 200-390 2; 400-590 3; 600-990 4;
    # 1000-1490 5; 1500-2490 6; 2500 or more 7 (to the right, row 1 has 20 cells).
    expected = {0: -1, 10: 0, 90: 0, 100: 1, 190: 1, 200: 2, 390: 2, 400: 3, 590: 3}
    expected |= {600: 4, 990: 4, 1000: 5, 1490: 5, 1500: 6, 2490: 6, 2500: 7, 9000: 7}
    for amount, steps in expected.items():
        m2 = Market(market_grid())
        m2.place("X", (1, 5))
        assert m2.pay_dividend("X", amount) == (1, 5 + steps), amount


@pytest.mark.parametrize(("profile", "order"), [("rulebook", [0, 1]), ("18xx.games", [1, 0])])
def test_new_order_by_cash_ties_by_seating_or_previous_order(
    profile: str, order: list[int]
) -> None:
    # VII.2: "Der Spieler mit dem meisten Bargeld erhält das niedrigste Kärtchen ... Bei
    # Gleichstand wird die ursprüngliche Sitzreihenfolge beibehalten" (18xx.games keeps
    # the previous order, report (b)22, V23).
    g = game(2, profile=profile)
    for private, price in (("KK", 30), ("SB", 30), ("HB", 50), ("SD", 50)):
        act(g, {"type": "bid", "private": private, "price": price})
        act(g, PASS)
    act(g, {"type": "choose_order", "position": 2})  # Anna (tie, card 1) chooses first
    w = world(g)
    assert w.order == [1, 0] and label(g) == "SR 1"
    act(g, par(w.open_majors[0], 70))  # 18xx.games draws the majors (report (b)18)
    act(g, par(w.open_majors[0], 70))
    assert (cash(g, 0), cash(g, 1)) == (270, 270)
    act(g, PASS)
    act(g, PASS)
    assert label(g) == "CR 1"
    assert w.order == order


def test_new_order_most_cash_first() -> None:
    # VII.2 / III.1: the player with most cash takes card 1, and so on.
    g = after_pre(3)
    w = world(g)
    prices = {0: 70, 1: 100, 2: 80}
    while "par" in {e["type"] for e in g.legal_actions(seat(g))}:
        act(g, par(w.open_majors[0], prices[seat(g)]))
    at_end = [cash(g, s) for s in range(3)]
    assert len(set(at_end)) == 3
    while label(g) == "SR 1":
        act(g, PASS)
    assert w.order == sorted(range(3), key=lambda s: -at_end[s])
