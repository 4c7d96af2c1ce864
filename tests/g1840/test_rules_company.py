"""VIII Company-Runden (CRa-CRf) and X.2 Änderungen während einer Company-Runde.
Rulebook profile unless a test says otherwise."""

from __future__ import annotations

from pygame_core import Game
from pygame_core.g18xx.market import Market
from pygame_core.g1840.economy import market_grid

from .helpers import (
    INCOME_PARS,
    LINES_POLICY,
    Policy,
    act,
    advance,
    after_pre,
    at_line,
    cash,
    choose,
    cr_kind,
    cr_step,
    game,
    income,
    income_game,
    label,
    lines_game,
    refused,
    seat,
    to_round,
    world,
)

PASS = {"type": "pass"}


def par(major: str, price: int) -> dict[str, object]:
    return {"type": "par", "major": major, "price": price}


def buy_tram(kind: str) -> dict[str, object]:
    return {"type": "buy_tram", "tram": kind}


def dividend(amount: int) -> dict[str, object]:
    return {"type": "dividend", "amount": amount}


def paid(g: Game, reason: str, payee: str) -> list[int]:
    """Every payment with `reason` to `payee` in the money ledger, in order."""
    w = world(g)
    return [t.amount for t in w.money.ledger if t.reason == reason and t.payee == payee]


# --- CRa, CRb (VIII.2, VIII.3) ----------------------------------------------------------


def test_privates_pay_their_owners_at_the_start_of_each_company_round() -> None:
    # VIII.2: "Die Privatpapiere schütten Einkommen an die Besitzer ... aus"; IV.2 table:
    # Prater 5, Karlskirche 10, Belvedere 15, Hofburg 20, Stephansdom 25, Schönbrunn 30.
    g = after_pre(3)
    w = world(g)
    owners = {p: w.private_owner[p] for p in w.private_owner}
    assert owners == {
        "PR": "p0",
        "KK": "p1",
        "SB": "p2",
        "HB": "p0",
        "SD": "p1",
        "SSB": "p2",
    }
    while label(g) == "SR 1" and "par" in {e["type"] for e in g.legal_actions(seat(g))}:
        act(g, par(w.open_majors[0], 70))
    before = [cash(g, s) for s in range(3)]
    while label(g) == "SR 1":
        act(g, PASS)
    # CR 1 stops at the first forced tram purchase; nothing else paid the players so far.
    assert [cash(g, s) - before[s] for s in range(3)] == [5 + 20, 10 + 25, 15 + 30]
    for reason, amount in (("income of PR", 5), ("income of SSB", 30)):
        assert paid(g, reason, "p0" if reason.endswith("PR") else "p2") == [amount]


def test_the_oldest_trams_left_in_the_bank_are_exported_in_cr3_cr4_cr5() -> None:
    # VIII.3: "Sollten sich auf dem rechten Straßenbahnkauffeld noch Straßenbahnkärtchen
    # befinden, sind diese nun aus dem Spiel." 6 players (Tabelle 1: 10 yellow, 7 of each
    # other colour); the scripted majors buy only the forced tram of CR 1.
    g = game(6)
    w = world(g)
    policy = Policy(buy_trams=False)
    to_round(g, "CR 2", policy)
    assert len(w.depot.stock["Y1"]) == 4 and w.depot.exported == []
    to_round(g, "CR 3", policy)
    assert w.depot.exported == ["Y1-6", "Y1-7", "Y1-8", "Y1-9"]
    assert w.depot.stock["Y1"] == [] and len(w.depot.stock["O1"]) == 7
    to_round(g, "CR 4", policy)
    assert w.depot.exported[4:] == [f"O1-{i}" for i in range(7)]
    to_round(g, "CR 5", policy)
    assert w.depot.exported[11:] == [f"R1-{i}" for i in range(7)]
    assert len(w.depot.stock["Pi1"]) == 7 and len(w.depot.stock["Pu1"]) == 7


# --- CRc: the operating order (VIII.4, X.1) ---------------------------------------------


def test_operating_order_same_cell_the_marker_on_top_first() -> None:
    # VIII.4: "Stehen zwei Spielsteine auf demselben Kursfeld, wird der Stein, der oben
    # liegt, zuerst ... platziert"; X.1 / VII.5: a marker arriving on a cell goes under the
    # markers already there. Ben founds SJE at 80 before Anna founds BBG at 80; Cleo's WT
    # (founded first, at 70) is sold out and rises onto 80 at the end of SR 1, under both.
    g = after_pre(3)
    w = world(g)
    assert w.order == [2, 1, 0]
    act(g, par("WT", 70))  # Cleo: 210
    act(g, par("SJE", 80))  # Ben: 230 - 50
    act(g, par("BBG", 80))  # Anna: 250 - 50
    for buyer in (2, 1, 0, 2, 1, 0):
        assert seat(g) == buyer
        act(g, PASS if buyer == 2 and w.shares.percent("p2", "WT") == 60 else buy("WT"))
    assert w.sold_out("WT")
    while label(g) == "SR 1":
        act(g, PASS)
    cr = w.cr
    assert cr is not None and cr.order == ["SJE", "BBG", "WT"]


def buy(company: str) -> dict[str, object]:
    return {"type": "buy", "company": company}


def test_operating_order_equal_price_further_right_first() -> None:
    # VIII.4: "Bei gleichem Kurs auf unterschiedlichen Feldern wird der Spielstein, dessen
    # Kursmarker weiter rechts in der Kurstabelle steht, zuerst ... platziert." 100 is
    # printed at (0, 0) and (1, 2) of 1840's table.
    m = Market(market_grid())
    m.place("A", (0, 0))
    m.place("B", (1, 2))
    m.place("C", (1, 3))  # 105: higher price first
    m.place("D", (1, 2))  # under B
    assert [m.price(c) for c in "ABCD"] == [100, 100, 105, 100]
    assert m.operating_order() == ["C", "B", "D", "A"]


# --- CRd: dividends (VIII.5.1, X.2) -----------------------------------------------------


def test_dividend_is_a_multiple_of_10_up_to_the_income() -> None:
    # VIII.5.1: "Dies muss ein durch 10 teilbarer Betrag sein"; at most the "Einkommen".
    g = income_game()
    assert seat(g) == 2  # Cleo directs WT
    assert g.legal_actions(2)[0] == {
        "type": "dividend",
        "field": "amount",
        "min": 0,
        "max": 60,
        "step": 10,
    }
    for wrong in (65, 70, -10, 5):
        assert refused(g, dividend(wrong)).rule == "1840 VIII.5.1"
    assert refused(g, {"type": "done"}).rule == "1840 VIII.5.1"


def test_dividend_split_by_percent_pool_part_to_the_bank_rest_to_the_treasury() -> None:
    # VIII.5.1: "Jeder Aktionär erhält den prozentualen Anteil dieser Ausschüttung. Für
    # Aktien die im Aktien-Pool liegen, erhält die Bank die Auszahlung"; "Das Geld, das
    # nicht ausgeschüttet wird, kommt auf das Feld ,Betriebskapital'."
    g = income_game()
    w = world(g)
    act(g, dividend(60))  # WT: Cleo 50%, pool 50%
    assert cash(g, 2) == 230 + 30 and income(g, "WT") == 0 and cash(g, "WT") == 580
    assert paid(g, "WT dividend (pool)", "bank") == [30]
    assert w.market.cell("WT") == (4, 1)  # 10-90: "bleibt der Kursmarker stehen"
    advance(g, lambda g: cr_step(g) == ("dividend", "SJE"))
    # DT K&C had no income: a dividend of 0, one field left (X.2).
    assert w.market.cell("DT K&C") == (4, 0)
    before = [cash(g, s) for s in range(3)]
    act(g, dividend(40))  # SJE: Anna 50%, Ben 10%, Cleo 10%, pool 30%
    assert [cash(g, s) - before[s] for s in range(3)] == [20, 4, 4]
    assert paid(g, "SJE dividend (pool)", "bank") == [12]
    assert income(g, "SJE") == 0 and cash(g, "SJE") == 580 + 60
    assert w.market.cell("SJE") == (4, 1)


def test_dividend_of_100_moves_right_and_0_moves_left() -> None:
    # X.2 / Tabelle 6: "100 - 190: 1 Feld nach rechts"; "0: 1 Feld nach links".
    g = income_game()
    w = world(g)
    act(g, dividend(0))  # WT keeps its 60: one field left
    assert w.market.cell("WT") == (4, 0) and cash(g, "WT") == 580 + 60
    advance(g, lambda g: cr_step(g) == ("dividend", "SJE"))
    act(g, dividend(100))
    assert w.market.cell("SJE") == (4, 2) and w.market.price("SJE") == 70


def test_stadtbahn_companies_pay_all_times_the_cr_multiplier() -> None:
    # VIII.5.2: "In CR 4 wird dieses Einkommen verdoppelt, in CR5 verdreifacht und in CR6
    # verzehnfacht"; "Das gesamte Einfahrergebnis wird ausgeschüttet. Entsprechend Tabelle 6
    # steigt der Kurs"; "In der CR1 schütten die beiden Stadtbahn-Gesellschaften D und V
    # jeweils 70 Gulden, die beiden anderen W und G schütten 0 Gulden aus." Nothing is
    # built in this game, so each CR pays the CR1 amount times its multiplier.
    g = game(3, seed=1)
    w = world(g)
    policy = Policy(pars={2: ("WT", 70), 1: ("DT K&C", 70), 0: ("SJE", 70)})
    advance(g, lambda g: label(g) == "SR 1" and not world(g).open_majors, policy)
    act(g, buy("D"))  # Cleo
    act(g, buy("V"))  # Ben
    act(g, buy("W"))  # Anna
    advance(g, lambda g: g.active is None, policy)
    assert paid(g, "D dividend", "p2") == [7, 7, 7, 14, 21, 70]
    assert paid(g, "V dividend", "p1") == [7, 7, 7, 14, 21, 70]
    assert paid(g, "W dividend", "p0") == []  # W pays 0 every time
    prices = {h["round"]: h["prices"] for h in w.history}
    # D: 65 (4, 1); 70 -> stays; 140 -> 1 right (70); 210 -> 2 right (81); 700 -> 4 steps
    # right from the row's end: up (91), then 98, 106, 115.
    assert [prices[f"CR {n}"]["D"] for n in range(1, 7)] == [65, 65, 65, 70, 81, 115]
    assert [prices[f"CR {n}"]["V"] for n in range(1, 7)] == [85, 85, 85, 90, 101, 135]
    # W: 95 (1, 1) -> left 90 -> at the left edge down 80 -> 70 -> 60, then no further.
    assert [prices[f"CR {n}"]["W"] for n in range(1, 7)] == [90, 80, 70, 60, 60, 60]
    assert [prices[f"CR {n}"]["G"] for n in range(1, 7)] == [70, 60, 60, 60, 60, 60]


# --- CRd: trams (VIII.5.3, Tabelle 7) ---------------------------------------------------


def test_tram_prices_by_purchase_field_in_each_company_round() -> None:
    # VIII.5.3: "Die Kosten für die verschieden farbigen Straßenbahnen sind in der Leiste
    # oberhalb der Straßenbahnkauffelder angegeben" (18xx.games' prices, report (b)).
    g = game(6)
    policy = Policy(buy_trams=False)
    expected = {
        "CR 1": {"O1": 300, "Y1": 100},
        "CR 2": {"R1": 500, "O1": 200, "Y1": 50},
        "CR 3": {"Pi1": 600, "R1": 400, "O1": 100},
        "CR 4": {"Pu1": 800, "Pi1": 500, "R1": 300},
        "CR 5": {"Pu1": 600, "Pi1": 400},
    }
    for name, offer in expected.items():
        to_round(g, name, policy)
        fields = g.view(None)["trams"]["fields"]
        assert {f["type"]: f["price"] for f in fields} == offer, name
    # CR 1: the forced purchase of an orange tram costs 300.
    g = after_pre(2)
    act(g, par("WT", 100))
    act(g, par("BBG", 70))
    advance(g, lambda g: cr_step(g) == ("trams", "WT"))
    act(g, buy_tram("O1"))
    assert cash(g, "WT") == 1000 - 300
    assert world(g).majors["WT"].trams == ["O1-0"]


def test_at_most_three_trams_per_major() -> None:
    # VIII.5.3: "Eine Gesellschaft darf bis zu drei Straßenbahnen besitzen".
    g = after_pre(3)
    advance(g, lambda g: cr_kind(g) == "trams")
    step = cr_step(g)
    assert step is not None
    major = step[1]
    for _ in range(3):
        act(g, buy_tram("Y1"))
    assert len(world(g).major_trams(major)) == 3
    assert not [e for e in g.legal_actions(seat(g)) if e["type"] == "buy_tram"]
    err = refused(g, buy_tram("Y1"))
    assert err.rule == "1840 VIII.5.3" and "at most 3" in err.message


def test_maintenance_by_the_newest_colour_bought() -> None:
    # Tabelle 7 ("wenn diese Farbe zumindest einmal gekauft wurde"): yellow 0/0/-50/-200/
    # -400, orange -/0/0/-100/-300, red -/-/0/-50/-100, pink 0, purple +200.
    g = after_pre(2)
    w = world(g)
    act(g, par("WT", 100))  # Ben
    act(g, par("BBG", 100))  # Anna
    to_round(g, "CR 2")
    advance(g, lambda g: cr_step(g) == ("trams", "WT"))
    assert g.view(None)["trams"]["maintenance"] == {
        "Y1": 0,
        "O1": 0,
        "R1": 0,
        "Pi1": 0,
        "Pu1": 0,
    }
    act(g, buy_tram("R1"))
    assert g.view(None)["trams"]["maintenance"] == {
        "Y1": -50,
        "O1": 0,
        "R1": 0,
        "Pi1": 0,
        "Pu1": 0,
    }
    # BBG's Line has no route: it scraps its yellow tram in LR 2a rather than pay 50 a run
    # (IX.8 "Beachte: Man kann Straßenbahnen auch jederzeit abgeben, z.B. bevor man ein
    # negatives Einfahrergebnis erzielt", V17), so BBG still has 660 for the pink tram.
    at_line(g, w.majors["BBG"].lines[0], round_name="LR 2a")
    for tram in w.major_trams("BBG"):
        act(g, {"type": "scrap_tram", "tram": tram})
    to_round(g, "CR 3")
    advance(g, lambda g: cr_step(g) == ("trams", "BBG"))
    act(g, buy_tram("Pi1"))
    assert g.view(None)["trams"]["maintenance"] == {
        "Y1": -200,
        "O1": -100,
        "R1": -50,
        "Pi1": 0,
        "Pu1": 0,
    }
    # The purple tram (800 in CR 4) in the 3-player game of `lines_game`: WT scraps its
    # tram during its Line's turn in LR 3b ("jederzeit", VIII.5.3); in CR 4 it must buy
    # one and may choose the purple one, which its treasury of 880 pays (V20).
    g = lines_game("9")
    w = world(g)
    at_line(g, "9", LINES_POLICY, round_name="LR 3b")
    for tram in w.major_trams("WT"):
        act(g, {"type": "scrap_tram", "tram": tram})
    to_round(g, "CR 4", LINES_POLICY)
    advance(g, lambda g: cr_step(g) == ("trams", "WT"), LINES_POLICY)
    act(g, buy_tram("Pu1"))
    assert g.view(None)["trams"]["maintenance"] == {
        "Y1": -400,
        "O1": -300,
        "R1": -100,
        "Pi1": 0,
        "Pu1": 200,
    }


def test_forced_purchase_director_tops_up_and_takes_loans_of_100() -> None:
    # VIII.5.3 Zwangs-Straßenbahnkauf: "Sie kann aus dem Angebot in der Bank frei wählen.
    # Sollte die Gesellschaft nicht über genügend Betriebskapital verfügen, muss der
    # Direktor ... den Restbetrag zuschießen. Der Direktor darf auch dann Geld zuschießen,
    # falls die Gesellschaft sich eine billige, aber nicht eine teurere Straßenbahn leisten
    # könnte"; "Sollte der Direktor nicht über genügend Geld verfügen, dann muss er einen
    # Kredit aufnehmen ... 100 Gulden aus der Bank".
    g = after_pre(2)
    w = world(g)
    act(g, par("WT", 70))  # Ben: 270
    act(g, par("BBG", 100))  # Anna
    act(g, buy("D"))
    act(g, PASS)
    act(g, buy("D"))  # Ben: 270 - 130
    act(g, PASS)
    act(g, PASS)
    assert label(g) == "CR 1"
    # BBG (first in the order) buys both yellow trams of a 2-player game (Tabelle 1).
    advance(g, lambda g: cr_step(g) == ("trams", "BBG"))
    act(g, buy_tram("Y1"))
    act(g, buy_tram("Y1"))
    act(g, {"type": "done"})
    advance(g, lambda g: cr_step(g) == ("trams", "WT"))
    assert cash(g, 1) == 140 + 15 + 25  # SB and SD paid in CR a
    act(g, buy_tram("O1"))
    act(g, buy_tram("O1"))
    assert cash(g, "WT") == 100
    assert {e["type"] for e in g.legal_actions(1)} >= {"done", "scrap_tram"}
    for tram in list(w.major_trams("WT")):
        act(g, {"type": "scrap_tram", "tram": tram})
    assert w.depot.scrapped == ["O1-0", "O1-1"]
    # No tram: the purchase is forced; no "done". Only the orange tram is left: its 300
    # need Ben's money and a loan (V20: the choice among several trams is tested in
    # test_rules_review_c.py).
    legal = g.legal_actions(1)
    assert [e["tram"] for e in legal if e["type"] == "buy_tram"] == ["O1"]
    assert "done" not in {e["type"] for e in legal}
    assert refused(g, {"type": "done"}).rule == "1840 VIII.5.3"
    bank = cash(g, "bank")
    act(g, buy_tram("O1"))  # 300: WT pays its 100, Ben 200 of his 180 and one loan
    assert cash(g, "WT") == 0
    assert w.loans.count("p1") == 1 and cash(g, 1) == 180 + 100 - 200
    assert cash(g, "bank") == bank + 300 - 100
    assert w.major_trams("WT") == ["O1-2"]
    view = g.view(None)["players"][1]
    assert view["loans"] == 1
    assert view["value"] == w.cash(1) + w.share_value(1) - 200  # XI: 200 per loan


def test_a_major_that_cannot_pay_20_is_out_and_a_bidder_that_cannot_raise_passes() -> None:
    # VIII.6 (V22): the least bid is 20; a major without 20 takes part in no auction, one
    # that cannot raise passes by itself.
    g = after_pre(2)
    w = world(g)
    act(g, par("WT", 70))
    act(g, par("BBG", 100))
    act(g, PASS)
    act(g, PASS)
    advance(g, lambda g: cr_step(g) == ("trams", "WT"))
    act(g, buy_tram("O1"))
    act(g, buy_tram("O1"))
    act(g, buy_tram("Y1"))  # WT: 700 - 700
    assert cash(g, "WT") == 0
    act(g, {"type": "done"})
    advance(g, lambda g: cr_kind(g) == "pick")
    assert cr_step(g) == ("pick", "BBG")
    act(g, {"type": "select_line", "line": "4", "price": 20})
    # WT cannot bid 25: it passes by itself and BBG wins; then WT cannot open (20) either.
    assert w.lines["4"].major == "BBG"
    act(g, {"type": "done"})  # BBG's tram step
    cr = w.cr
    assert cr is not None and "WT" in cr.out
    assert any("WT cannot raise and passes" in e["text"] for e in g.log)
    assert any("WT cannot pay the least bid of 20 and is out" in e["text"] for e in g.log)


# --- CRe, CRf: the Line auction (VIII.6, VIII.7) ----------------------------------------


def at_pick(g: Game) -> bool:
    return cr_kind(g) == "pick"


def test_line_auction_least_bid_20_in_fives_one_line_per_round() -> None:
    # VIII.6: "Das Mindestgebot beträgt 20 Gulden, höhere Gebote müssen ein Vielfaches von
    # 5 betragen"; "Jede Gesellschaft darf maximal 1 Linie pro CR ersteigern"; the winner
    # pays "aus dem Betriebskapital". 4 players, seed 0: Lines 11, 3, 12, 9, 5 on offer;
    # the order is WT, DT K&C, SJE, BBG (founded in that order at 100, 900 each).
    g = game(4)
    w = world(g)
    advance(g, at_pick)
    cr = w.cr
    assert cr is not None and cr.order == ["WT", "DT K&C", "SJE", "BBG"]
    assert cr_step(g) == ("pick", "WT") and sorted(w.offer, key=int) == ["3", "5", "9", "11", "12"]
    assert refused(g, {"type": "select_line", "line": "3", "price": 15}).rule == "1840 VIII.6"
    assert refused(g, {"type": "select_line", "line": "3", "price": 22}).rule == "1840 VIII.6"
    assert refused(g, {"type": "select_line", "line": "4", "price": 20}).rule == "1840 VIII.6"
    act(g, {"type": "select_line", "line": "3", "price": 20})
    assert refused(g, {"type": "bid", "line": "3", "price": 20}).rule == "1840 VIII.6"
    assert refused(g, {"type": "bid", "line": "3", "price": 27}).rule == "1840 VIII.6"
    act(g, {"type": "bid", "line": "3", "price": 25})  # DT K&C
    act(g, PASS)  # SJE: out of this auction
    act(g, PASS)  # BBG
    act(g, {"type": "bid", "line": "3", "price": 30})  # WT
    act(g, PASS)  # DT K&C
    assert w.lines["3"].major == "WT" and w.lines["3"].status == "owned"
    assert cash(g, "WT") == 900 - 30 and cash(g, "DT K&C") == 900
    # "Die Gesellschaft darf sofort eine oder mehrere Straßenbahnen kaufen."
    assert cr_step(g) == ("trams", "WT")
    act(g, {"type": "done"})
    # A major that passes instead of picking takes part in no more auctions this CR.
    assert cr_step(g) == ("pick", "DT K&C")
    act(g, PASS)
    assert cr_step(g) == ("pick", "SJE")
    act(g, {"type": "select_line", "line": "9", "price": 20})
    assert cr.auction is not None and cr.auction.bidders == ["SJE", "BBG"]  # not WT, DT
    act(g, {"type": "bid", "line": "9", "price": 25})  # BBG (passed on 3, bids on 9)
    act(g, PASS)  # SJE
    assert w.lines["9"].major == "BBG" and cash(g, "BBG") == 900 - 25
    act(g, {"type": "done"})
    assert cr_step(g) == ("pick", "SJE")  # SJE passed on 9: it may still pick
    act(g, {"type": "select_line", "line": "5", "price": 20})  # alone: sold at once
    assert w.lines["5"].major == "SJE" and cash(g, "SJE") == 880
    assert cr.won == ["WT", "BBG", "SJE"] and cr.out == ["DT K&C"]
    # After the auctions: DT K&C (no Line) may buy trams, the winners rearrange; then CRf
    # reveals players + 1 = 5 Lines "unabhängig davon, wie viele ... bereits" lay there.
    advance(g, lambda g: label(g) == "LR 1a")
    assert len(w.offer) == 2 + 5
    assert sorted(w.offer[:2], key=int) == ["11", "12"]
    assert all(w.lines[s].status == "offer" for s in w.offer)


def test_unsold_lines_close_once_every_major_has_three() -> None:
    # VIII.6 / VIII.7: at most 3 Lines per major; new Lines are revealed "Solange noch
    # nicht alle Gesellschaften drei Linien besitzen"; then the others leave the game and
    # free their reserved homes (report (b)14, V12).
    g = game(2)
    w = world(g)
    to_round(g, "CR 3")
    assert [len(w.majors[m].lines) for m in w.majors] == [2, 2]

    def reserved(line: str) -> bool:
        home = w.lines[line].home
        held = [c for cs in w.map.reserved.get(home, {}).values() for c in cs]
        return line in held or line in w.map.reserved_hex.get(home, [])

    waiting = [s for s, c in w.lines.items() if c.major is None]
    assert waiting and all(reserved(s) for s in waiting)
    advance(g, lambda g: label(g) == "LR 3a")
    assert [len(w.majors[m].lines) for m in w.majors] == [3, 3]
    unsold = sorted((s for s, c in w.lines.items() if c.major is None), key=int)
    assert unsold and all(w.lines[s].status == "closed" for s in unsold)
    assert w.offer == [] and w.deck.cards == ()
    assert not any(reserved(s) for s in unsold)
    # No more auctions: CR 4 has no pick and no bid (VIII.6 "... ausgelassen").
    to_round(g, "CR 4")
    while label(g) == "CR 4":
        step = cr_step(g)
        assert step is None or step[0] not in ("pick", "bid")
        act(g, choose(g))


def test_a_major_with_three_lines_takes_no_part() -> None:
    # VIII.6: "Jede Gesellschaft darf maximal 3 Linien während des Spiels ersteigern".
    # 3 players: DT K&C passes in CR 1 and CR 2, SJE in CR 1, so after CR 3 WT has 3
    # Lines, SJE 2 and DT K&C 1; CR 4 auctions between those two only, and Lines are still
    # revealed (VIII.7).
    g = game(3, seed=1)
    w = world(g)
    policy = Policy(pars=INCOME_PARS, lines={"DT K&C": [], "SJE": []})
    to_round(g, "LR 1a", policy)
    policy = Policy(pars=INCOME_PARS, lines={"DT K&C": []})
    to_round(g, "SR 2", policy)
    policy = Policy(pars=INCOME_PARS)
    advance(g, lambda g: label(g) == "CR 4" and at_pick(g), policy)
    assert [len(w.majors[m].lines) for m in ("WT", "SJE", "DT K&C")] == [3, 2, 1]
    advance(g, at_pick, policy)
    step = cr_step(g)
    assert step is not None and step[1] != "WT"
    offered, stack = len(w.offer), len(w.deck.cards)
    assert stack == 2
    act(g, {"type": "select_line", "line": sorted(w.offer, key=int)[0], "price": 20})
    cr = w.cr
    assert cr is not None and cr.auction is not None
    assert "WT" not in cr.auction.bidders and len(cr.auction.bidders) == 2
    advance(g, lambda g: label(g) == "SR 4", policy)
    # Both bought a Line (the scripted majors pick and let the picker win); not all majors
    # have 3 yet, so players + 1 = 4 Lines were to be revealed: the 2 left in the stack.
    assert [len(w.majors[m].lines) for m in ("SJE", "DT K&C")] == [3, 2]
    assert len(w.offer) == offered - 2 + 2 and w.deck.cards == ()


def test_a_bought_tram_goes_to_the_lowest_numbered_line_without_one() -> None:
    # V21 (VIII.5.3, VIII.6): a purchase lands on the lowest-numbered Line without a tram,
    # whatever the order the Lines were won in; the director may rearrange. WT wins Lines
    # 4, 3 and 2 in that order (2 players, seed 0) and buys no tram for them.
    g = game(2)
    w = world(g)
    policy = Policy(lines={"WT": ["4", "3", "2"], "DT K&C": ["1", "5", "6"]}, buy_trams=False)
    advance(g, lambda g: label(g) == "CR 3" and cr_step(g) == ("pick", "WT"), policy)
    act(g, {"type": "select_line", "line": "2", "price": 20})
    act(g, PASS)  # DT K&C
    assert cr_step(g) == ("trams", "WT") and w.majors["WT"].lines == ["4", "3", "2"]
    assert {ln: w.lines[ln].tram for ln in ("4", "3", "2")} == {"4": "Y1-0", "3": None, "2": None}
    act(g, {"type": "scrap_tram", "tram": "Y1-0"})
    act(g, buy_tram("O1"))
    assert w.lines["2"].tram == "O1-0"
    act(g, buy_tram("O1"))
    assert w.lines["3"].tram == "O1-1" and w.lines["4"].tram is None
    act(g, {"type": "assign_tram", "tram": "O1-1", "line": "4"})
    assert {ln: w.lines[ln].tram for ln in ("4", "3", "2")} == {"4": "O1-1", "3": None, "2": "O1-0"}


def test_a_tram_step_with_nothing_to_decide_is_skipped() -> None:
    # V5: no affordable tram, none forced, no spare tram for a Line without one: the major
    # is not asked. WT spends its 700 on three trams in CR 1 and wins no Line.
    g = after_pre(2)
    act(g, par("WT", 70))
    act(g, par("BBG", 100))
    act(g, PASS)
    act(g, PASS)
    advance(g, lambda g: cr_step(g) == ("trams", "WT"))
    for kind in ("O1", "O1", "Y1"):
        act(g, buy_tram(kind))
    act(g, {"type": "done"})
    to_round(g, "CR 2", Policy(lines={"WT": []}))
    steps = []
    while label(g) == "CR 2":
        step = cr_step(g)
        assert step is not None
        steps.append(step)
        act(g, choose(g))
    assert cash(g, "WT") == 0 and len(world(g).major_trams("WT")) == 3
    assert ("trams", "BBG") in steps and not [s for s in steps if s[1] == "WT"]
