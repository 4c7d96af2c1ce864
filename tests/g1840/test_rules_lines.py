"""IX Linien-Runden: order, tiles, Stadtbahn tiles and bonuses, station markers, runs and
income (IX.1-IX.8), and the privates a major buys from LR 2a (IV.2, IX.3). Rulebook
profile. Most positions come from `helpers.lines_game` (3 players, seed 6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from pygame_core import Game
from pygame_core.core.errors import IllegalAction
from pygame_core.g1840 import board as b
from pygame_core.g1840 import linerounds

from .helpers import (
    LINES_POLICY,
    Policy,
    act,
    advance,
    at_line,
    cash,
    cr_step,
    game,
    income,
    label,
    lay,
    legal_types,
    lines_game,
    negative_game,
    refused,
    route,
    seat,
    stadtbahn_tile,
    to_round,
    world,
)

RUN = {"type": "run"}
ORANGE_ENDS = {"B10", "B16", "B20", "E23", "G23", "G5", "H12", "I3"}


def token(coord: str, city: int = 0) -> dict[str, object]:
    return {"type": "place_token", "hex": coord, "city": city}


def lays(g: Game) -> list[dict[str, Any]]:
    return [e for e in g.legal_actions(seat(g)) if e["type"] == "lay_tile"]


def lay_hexes(g: Game) -> set[str]:
    return {e["hex"] for e in lays(g)}


def stadtbahn(g: Game, coord: str) -> None:
    """Lay the (first legal) yellow Stadtbahn tile on an orange hex."""
    e = next(e for e in lays(g) if e["hex"] == coord)
    lay(g, coord, e["tile"], e["rotation"])


def last_run(g: Game, line: str) -> Mapping[str, Any]:
    run = world(g).lines[line].last_run
    assert run is not None
    return run


# --- IX.1 order -------------------------------------------------------------------------


def test_lines_act_in_ascending_order() -> None:
    # IX.1: "Während einer Linien-Runde agieren nicht die Spieler, sondern die Linien in
    # aufsteigender Reihenfolge." The majors' order is WT, DT K&C, SJE; their Lines 9, 6, 3.
    g = lines_game()
    w = world(g)
    assert label(g) == "LR 1a"
    seen = []
    while label(g) in ("LR 1a", "LR 1b"):
        t = w.turn
        assert t is not None
        seen.append((label(g), t.line, seat(g)))
        act(g, RUN)
    assert seen == [
        ("LR 1a", "3", 0),
        ("LR 1a", "6", 1),
        ("LR 1a", "9", 2),
        ("LR 1b", "3", 0),
        ("LR 1b", "6", 1),
        ("LR 1b", "9", 2),
    ]
    assert label(g) == "CR 2"


# --- IX.4 first tile, IX.6 the home marker ----------------------------------------------


def test_free_home_marker_and_the_first_tile_on_the_oo_home() -> None:
    # IX.6: "Im ersten Spielzug einer Linie muss ein Stationsmarker auf ihren Startpunkt ...
    # platziert werden, egal, ob dort bereits ein Gleisteil liegt oder nicht. Dieser
    # Stationsmarker ist kostenlos"; IX.4: "Das erste Plättchen ... muss eine Gesellschaft
    # auf das Feld ihrer Heimatstation legen"; V19: on a trackless OO hex the marker is
    # placed again, in the city the Line chooses, with the first tile.
    g = lines_game("3")
    w = world(g)
    assert w.map.tokens_at("E17", 0) == ("3",) and w.lines["3"].tokens_used == 1
    assert cash(g, "SJE") == 880
    assert lay_hexes(g) - ORANGE_ENDS == {"E17"}
    assert {e["tile"] for e in lays(g) if e["hex"] == "E17"} == {"235"}  # an OO tile
    assert refused(g, {"type": "lay_tile", "hex": "E15", "tile": "5", "rotation": 0}).rule == (
        "1840 IX.4"
    )
    lay(g, "E17", "235", 4)
    assert w.turn is not None and w.turn.home_choice
    assert [e for e in g.legal_actions(0) if e["type"] == "place_token"] == [
        token("E17", 0),
        token("E17", 1),
    ]
    assert refused(g, RUN).rule == "1840 IX.6"
    act(g, token("E17", 1))
    assert w.map.tokens_at("E17", 1) == ("3",) and w.map.tokens_at("E17", 0) == (None,)
    assert w.lines["3"].tokens_used == 1 and cash(g, "SJE") == 880


def test_a_red_or_gray_home_lays_its_first_tile_anywhere_reachable() -> None:
    # IX.4: "... außer sie startet auf einem roten oder grauen Feld"; "Jedes weitere
    # Plättchen muss von einer eigenen Station aus über eine Route erreichbar sein."
    g = lines_game("9")  # C7 (Hernals), gray, shared with a V marker
    assert lay_hexes(g) - ORANGE_ENDS == {"B6", "B8", "C5", "D8"}
    err = refused(g, {"type": "lay_tile", "hex": "E11", "tile": "5", "rotation": 0})
    assert err.rule == "1840 IX.4" and "reachable" in err.message
    g = lines_game("6")  # K27 (Simmering), red
    assert lay_hexes(g) - ORANGE_ENDS == {"J26", "J28"}


# --- IX.3 one lay, one Stadtbahn tile, one marker ---------------------------------------


def test_one_lay_one_marker_per_turn_costs_0_20_40_and_one_marker_per_hex() -> None:
    # IX.3: "Ein Gleisteil legen oder eines aufrüsten ... Einen Stationsmarker setzen ...
    # jede Aktion nur einmal"; IX.6: "Sie betragen 0 (Startstation), 20, 40, 60, 80 und
    # 100 Gulden"; "Auf jedem Hexfeld darf nur ein Stationsmarker pro Linie liegen."
    g = lines_game("6")
    w = world(g)
    assert w.map.tokens_at("K27", 0) == ("6", None)  # the home marker, free
    assert cash(g, "DT K&C") == 880
    lay(g, "J26", "6", 3)
    err = refused(g, {"type": "lay_tile", "hex": "J28", "tile": "57", "rotation": 2})
    assert err.rule == "1840 IX.3"
    err = refused(g, token("K27"))  # a free slot, but Line 6 is there already
    assert err.rule == "1840 IX.6" and "one per hex" in err.message
    act(g, token("J26"))
    assert cash(g, "DT K&C") == 860 and w.lines["6"].tokens_used == 2
    assert refused(g, token("J26")).rule == "1840 IX.6"
    act(g, RUN)
    at_line(g, "6", LINES_POLICY, round_name="LR 1b")
    lay(g, "J28", "57", 2)
    act(g, token("J28"))
    assert cash(g, "DT K&C") == 820
    line = g.view(None)["lines"]["6"]
    assert (line["tokens_left"], line["next_token_cost"]) == (3, 60)


def test_stadtbahn_tiles_only_at_the_ends_of_the_unbuilt_track_for_20() -> None:
    # IX.4: "dürfen nur orange umrandete gelbe Gleisplättchen ... gelegt werden. Das kostet
    # jeweils 20 Gulden"; "Von diesen [Startstationen] ausgehend sind die
    # Stadtbahnplättchen ohne Unterbrechung zu legen" (V7: no connection to the Line).
    g = lines_game("3")
    w = world(g)
    orange = {e["hex"] for e in lays(g) if e["hex"] in linerounds._orange_unbuilt(w)}
    assert orange == ORANGE_ENDS  # D: B20/E23, V: B10/G5, G: B16/H12, W: G23/I3
    err = refused(g, {"type": "lay_tile", "hex": "C21", "tile": "L1", "rotation": 0})
    assert err.kind == "illegal"
    lay(g, "E17", "235", 4)  # the normal lay ...
    act(g, token("E17", 0))
    stadtbahn(g, "I3")  # ... and a Stadtbahn tile in the same turn
    assert cash(g, "SJE") == 880 - 20
    t = w.turn
    assert t is not None and t.stadtbahn and t.bonus == "red_inner_city_tile"
    act(g, {"type": "pass_bonus"})
    err = refused(g, {"type": "lay_tile", "hex": "G23", "tile": "L1", "rotation": 1})
    assert err.rule == "1840 IX.3"
    act(g, RUN)
    # W's unbuilt track now ends at I5 (and G23).
    at_line(g, "6", LINES_POLICY)
    assert {"I5", "G23"} <= lay_hexes(g) and "I3" not in lay_hexes(g)


def test_red_bonus_an_inner_city_tile_the_line_reaches() -> None:
    # IX.4: "Ein rotes Innenstadt-Gleisplättchen darf nur auf eines der drei rot umrandeten
    # Felder gelegt werden. Dabei darf keiner der vier schwarzen Pfeile an ein anderes rot
    # umrandetes Feld grenzen"; the bonus follows "den obigen Legeregeln" (V7).
    g = lines_game("3")
    w = world(g)
    lay(g, "E17", "235", 4)  # city 0 faces E19
    act(g, token("E17", 0))
    stadtbahn(g, "I3")
    legal = g.legal_actions(0)
    assert {(e["hex"], e["tile"], e["rotation"]) for e in legal if e["type"] == "lay_tile"} == {
        ("E19", "L20", 2),
        ("E19", "L21", 2),
        ("E19", "L22", 2),
        ("E19", "L23", 2),
    }
    assert refused(g, RUN).rule == "1840 IX.4"  # take the bonus or pass it first
    lay(g, "E19", "L20", 2)
    assert w.map.tile("E19")[0].name == "L20" and cash(g, "SJE") == 860
    t = w.turn
    assert t is not None and t.bonus is None


def test_extra_yellow_bonus_and_purple_bonus() -> None:
    # IX.4: "Ein zusätzliches gelbes Gleisplättchen legen, den obigen Legeregeln
    # entsprechend"; "Ein violettes Bahnhof-Gleisplättchen darf nur auf ein violettes
    # Bahnhofsfeld gelegt werden."
    g = lines_game("6")
    w = world(g)
    lay(g, "J26", "6", 3)  # an exit towards the Aspangbahnhof (I27)
    stadtbahn(g, "G23")  # W's end: extra yellow tile
    t = w.turn
    assert t is not None and t.bonus == "extra_yellow_tile"
    assert lay_hexes(g) == {"J28"}  # the only yellow lay Line 6 can reach
    lay(g, "J28", "57", 2)
    assert t.bonus is None and t.lay  # besides the normal lay on J26
    assert w.map.tile("J28")[0].name == "57" and cash(g, "DT K&C") == 860
    act(g, RUN)
    at_line(g, "6", LINES_POLICY, round_name="LR 1b")
    stadtbahn(g, "B20")  # D's end: a purple station tile
    t = w.turn
    assert t is not None and t.bonus == "purple_station_tile"
    assert {(e["hex"], e["tile"]) for e in lays(g)} == {("I27", f"L{n}") for n in range(24, 30)}
    lay(g, "I27", "L24", 0)
    assert w.map.tile("I27")[0].name == "L24"


def test_the_bonus_marker_costs_the_cheapest_price_and_is_a_second_marker() -> None:
    # IX.4: "Der zusätzliche Marker muss der billigste Verfügbare sein"; IX.6: "Mit der
    # Bonusaktion ... kann ebenfalls ein zweiter Marker in derselben Runde gelegt werden."
    g = lines_game("6")
    w = world(g)
    lay(g, "J26", "6", 3)
    stadtbahn(g, "E23")  # D's end: an extra station marker
    t = w.turn
    assert t is not None and t.bonus == "extra_station_token_free"
    assert [e for e in g.legal_actions(1) if e["type"] == "place_token"] == [token("J26")]
    act(g, token("J26"))
    assert cash(g, "DT K&C") == 880 - 20 - 20  # the tile, then the marker at 20
    assert not t.token  # the turn's own marker is still to come


def test_green_bonus_lapses_before_lr2a() -> None:
    # IX.4: "Diese Bonusaktion kann erst durchgeführt werden, wenn grüne Teile erhältlich
    # sind (ab Linien-Runde 2a)" (V9: it lapses).
    g = lines_game("3")
    w = world(g)
    stadtbahn(g, "B10")  # V: extra yellow
    act(g, {"type": "pass_bonus"})
    act(g, RUN)
    at_line(g, "3", LINES_POLICY, round_name="LR 1b")
    assert "C9" in lay_hexes(g)
    stadtbahn(g, "C9")  # V's next: upgrade a yellow tile to green
    t = w.turn
    assert t is not None and t.bonus is None and t.stadtbahn
    assert any("nothing possible, it lapses" in e["text"] for e in g.log[-3:])
    assert refused(g, {"type": "pass_bonus"}).rule == "1840 IX.4"


def test_green_tiles_from_lr2a_and_no_upgrade_of_a_tile_laid_this_turn() -> None:
    # IX.5: "Grüne Plättchen stehen ab Linien-Runde 2a zur Verfügung"; V29: a tile laid
    # in the same turn (here the bonus tile) is not upgraded in it.
    g = lines_game("6")
    lay(g, "J26", "6", 3)
    act(g, RUN)
    at_line(g, "6", LINES_POLICY, round_name="LR 1b")
    assert {e["tile"] for e in lays(g) if e["hex"] == "J26"} == set()  # no green in phase 1
    act(g, RUN)
    at_line(g, "6", LINES_POLICY, round_name="LR 2a")
    green = {e["tile"] for e in lays(g) if e["hex"] == "J26"}
    assert green and all(b.tiles()[t].colour == "green" for t in green)
    stadtbahn(g, "G23")  # extra yellow: J28
    lay(g, "J28", "57", 2)
    assert "J28" not in lay_hexes(g)
    err = refused(g, {"type": "lay_tile", "hex": "J28", "tile": "15", "rotation": 0})
    assert err.rule is not None and err.rule.startswith("1840 IX.")


def test_danube_bridge_costs_40_on_the_first_tile_only() -> None:
    # IX.4: "Das Bauen auf dem Feld rechts oben verursacht Kosten (,Donaubrücke'). Der Preis
    # von 40 Gulden wird nur beim ersten Legen eines gelben Gleisplättchens ... fällig";
    # IX.5: "Beim Austausch ... fallen keine weiteren Kosten an." 3 players, seed 8: Line 17
    # (home A29, Kagran) is on offer; DT K&C takes it.
    g = game(3, seed=8)
    policy = Policy(lines={"DT K&C": ["17"]})
    at_line(g, "17", policy)
    w = world(g)
    major = w.lines["17"].major
    assert major is not None
    before = cash(g, major)
    lay(g, "B28", "58", 3)
    assert cash(g, major) == before - 40
    act(g, RUN)
    assert last_run(g, "17")["stops"] == ["A29-0", "B28-0", "C29-0"]
    at_line(g, "17", policy, round_name="LR 2a")
    upgrades = [e for e in lays(g) if e["hex"] == "B28"]
    assert upgrades
    before = cash(g, major)
    lay(g, "B28", upgrades[0]["tile"], upgrades[0]["rotation"])
    assert cash(g, major) == before


# --- IX.6 markers: reservations, Stadtbahn markers --------------------------------------


def test_the_last_free_slot_of_an_unopened_lines_home_is_kept() -> None:
    # IX.6: "Stationsmarker dürfen nicht auf den letzten freien Kreis einer Station gelegt
    # werden, wenn in dieser Station die Startstation einer noch nicht in Betrieb genommenen
    # Gesellschaft ist."
    state = b.initial_state()
    state.lay("H28", b.tiles()["57"], 0)  # Erdberg, Line 4's home: one slot
    with pytest.raises(IllegalAction) as err:
        state.check_token("H28", 0, "7")
    assert err.value.rule == "1840 IX.6"
    state.check_token("H28", 0, "4")  # the Line itself may
    # K27 (Simmering) has two slots and Line 6's reservation: one other marker fits.
    state.check_token("K27", 0, "15")
    state.place_token("K27", 0, "15")
    with pytest.raises(IllegalAction):
        state.check_token("K27", 0, "16")
    state.release("6")  # e.g. the unsold Lines leave (V12)
    state.check_token("K27", 0, "16")


def test_removing_a_stadtbahn_marker_costs_40() -> None:
    # IX.6: "Eine Linie kann einen Stadtbahn-Stationsmarker abreißen. Das kostet 40 Gulden.
    # Der Stadtbahn-Stationsmarker kommt aus dem Spiel. Danach kann die Linie dort einen
    # eigenen Bahnhof zu den normalen Kosten errichten"; rulebook profile: only where the
    # Line's track reaches (V11).
    g = lines_game("9")
    w = world(g)
    assert w.map.tokens_at("C7", 0) == ("9", "V")
    # V also has markers at A13, B10, F6, G3 (and A17): Line 9 reaches only C7.
    legal = [e for e in g.legal_actions(2) if e["type"] == "remove_token"]
    assert legal == [{"type": "remove_token", "hex": "C7", "city": 0}]
    err = refused(g, {"type": "remove_token", "hex": "F6", "city": 0})
    assert err.rule == "1840 IX.6"
    before = cash(g, "WT")
    act(g, {"type": "remove_token", "hex": "C7", "city": 0})
    assert cash(g, "WT") == before - 40
    assert w.map.tokens_at("C7", 0) == ("9", None)
    assert len(w.map.corp_tokens("V")) == 5
    # Start stations are never cleared (V11): A17 holds V, G and D markers.
    assert all(h != "A17" for h, _ in linerounds.removal_options(w))


# --- IX.7 / IX.8 the run --------------------------------------------------------------------


def line6_two_routes() -> Game:
    """LR 1a, Line 6 with a marker on J26 and tiles on J26 and J28: J26-K27 earns 40,
    J28-K27 20 (no own marker on J28)."""
    g = lines_game("6")
    lay(g, "J26", "6", 3)
    act(g, token("J26"))
    stadtbahn(g, "G23")
    lay(g, "J28", "57", 2)
    return g


def test_the_run_is_mandatory_and_must_be_the_best() -> None:
    # IX.3: "2) Die Straßenbahn fahren lassen (verpflichtend)"; IX.8: "Das Einfahrergebnis
    # muss das höchste sein, dass erzielt werden kann."
    g = line6_two_routes()
    assert "end_turn" not in legal_types(g)
    assert refused(g, {"type": "end_turn"}).rule == "1840 IX.3"
    assert refused(g, {"type": "run", "route": None}).rule == "1840 IX.3"
    err = refused(g, route(["J28-0", "K27-0"], [["J28", "K29", "K27"]]))
    assert err.rule == "1840 IX.8" and "40" in err.message
    act(g, route(["J26-0", "K27-0"], [["J26", "K27"]]))
    assert income(g, "DT K&C") == 40
    assert last_run(g, "6")["total"] == 40


def test_a_line_without_a_tram_does_not_run() -> None:
    # IX.7 "Die Straßenbahn einer Linie kann einmal pro LR fahren": without one, no run.
    g = lines_game("6")
    w = world(g)
    tram = w.lines["6"].tram
    assert tram is not None
    act(g, {"type": "scrap_tram", "tram": tram})  # VIII.5.3 "jederzeit"
    assert tram in w.depot.scrapped and w.lines["6"].tram is None
    assert "run" not in legal_types(g)
    assert refused(g, RUN).rule == "1840 IX.7"
    act(g, {"type": "end_turn"})
    assert income(g, "DT K&C") == 0 and w.turn is not None and w.turn.line == "9"


def test_sight_bonus_and_privates_bought_from_lr2a() -> None:
    # IV.2: "Privatpapiere können ab Linienrunde 2a - während des Zuges einer eigenen Linie -
    # an die Muttergesellschaft verkauft werden. Der Kaufpreis muss zwischen inklusive 1
    # Gulden und dem Nennwert liegen"; "Das Einkommen einer Route ... wird um 20 Gulden
    # erhöht, wenn sie eine Sehenswürdigkeit, die ihre Muttergesellschaft besitzt, anfährt."
    # Line 3 (SJE, Anna) runs E17-E19; E19 is the Hofburg (HB, Anna's).
    g = lines_game("3")
    w = world(g)
    lay(g, "E17", "235", 4)
    act(g, token("E17", 0))
    stadtbahn(g, "I3")
    lay(g, "E19", "L20", 2)
    act(g, RUN)
    assert last_run(g, "3")["stops"] == ["E17-0", "E19-0"] and last_run(g, "3")["sights"] == []
    at_line(g, "3", LINES_POLICY, round_name="LR 1b")
    assert "buy_private" not in legal_types(g)
    err = refused(g, {"type": "buy_private", "private": "HB", "price": 20})
    assert err.rule == "1840 IV.2"
    act(g, RUN)
    at_line(g, "3", LINES_POLICY, round_name="LR 2a")
    offers = [e for e in g.legal_actions(0) if e["type"] == "buy_private"]
    assert [(e["private"], e["min"], e["max"]) for e in offers] == [("HB", 1, 40), ("PR", 1, 10)]
    for price in (0, 41):
        assert refused(g, {"type": "buy_private", "private": "HB", "price": price}).rule == (
            "1840 IV.2"
        )
    err = refused(g, {"type": "buy_private", "private": "KK", "price": 10})  # Ben's
    assert err.rule == "1840 IV.2"
    without = linerounds.best(w, "3")
    assert without is not None
    anna, sje = cash(g, 0), cash(g, "SJE")
    act(g, {"type": "buy_private", "private": "HB", "price": 25})
    assert (cash(g, 0), cash(g, "SJE")) == (anna + 25, sje - 25)
    assert w.private_owner["HB"] == "SJE" and w.majors["SJE"].privates == ["HB"]
    act(g, RUN)
    run = last_run(g, "3")
    assert run["sights"] == ["HB"] and run["revenue"] == without.revenue + 20
    # VIII.2: from now on the Hofburg pays its 20 to SJE's treasury.
    to_round(g, "CR 3", LINES_POLICY)
    assert [t.amount for t in w.money.ledger if t.reason == "income of HB"][-1:] == [20]
    assert [t.payee for t in w.money.ledger if t.reason == "income of HB"][-1] == "SJE"


def test_run_income_goes_to_the_income_field() -> None:
    # IX.8: "Das gesamte Einkommen der Linie wird auf das Gesellschaftsblatt der
    # Muttergesellschaft in das Feld ,Einkommen' gelegt."
    g = line6_two_routes()
    treasury = cash(g, "DT K&C")
    act(g, RUN)
    assert income(g, "DT K&C") == 40 and cash(g, "DT K&C") == treasury
    at_line(g, "6", LINES_POLICY, round_name="LR 1b")
    act(g, RUN)
    assert income(g, "DT K&C") == 80
    advance(g, lambda g: label(g) == "CR 2", LINES_POLICY)


def test_a_negative_result_is_paid_from_income_treasury_director_and_loans() -> None:
    # IX.8: "Ist das Einfahrergebnis nach dem Abzug von Instandhaltungskosten negativ, muss
    # die Gesellschaft diesen negativen Betrag an die Bank zahlen. Dafür nimmt sie Geld
    # zunächst vom Feld ,Einkommen', wenn das nicht reicht, vom Feld ,Betriebskapital'.
    # Reicht auch dieses nicht, muss der Direktor mit seinem Privatkapital aushelfen ...
    # einen oder mehrere Kredite ... Ein Spieler darf nicht mehr Kredite aufnehmen als
    # notwendig." Line 3 earns 30 - 50 (a yellow tram once red ones are bought).
    loss = negative_game()
    g, w, major, director = loss.g, world(loss.g), loss.major, loss.director
    own = cash(g, director)
    act(g, RUN)  # no income yet, no treasury: the director pays the 20
    assert (income(g, major), cash(g, major), cash(g, director)) == (0, 0, own - 20)
    at_line(g, "6", loss.policy)
    lay(g, "J26", "6", 3)
    act(g, RUN)  # J26-K27: 30 (green values from LR 2a), orange tram: no maintenance
    assert income(g, major) == 30
    at_line(g, "3", loss.policy, round_name="LR 2b")
    act(g, RUN)  # now the income field pays
    assert (income(g, major), cash(g, major), cash(g, director)) == (10, 0, own - 20)
    assert w.loans.count(f"p{director}") == 0
    # CR 3: the third major buys the first pink tram: yellow now costs 200 a run.
    third = [m for m in w.majors if m != major][-1]
    advance(g, lambda g: cr_step(g) == ("trams", third), loss.policy)
    act(g, {"type": "buy_tram", "tram": "Pi1"})
    to_round(g, "SR 3", loss.policy)
    while label(g) == "SR 3":  # the director spends his cash on shares
        buys = [e for e in g.legal_actions(seat(g)) if e["type"] == "buy"]
        act(g, buys[0] if seat(g) == director and buys else {"type": "pass"})
    at_line(g, "3", loss.policy, round_name="LR 3a")
    own = cash(g, director)
    assert own < 170 and income(g, major) == 0 and cash(g, major) == 0
    act(g, RUN)  # 30 - 200
    loans = -(-(170 - own) // 100)
    assert loans >= 1 and w.loans.count(f"p{director}") == loans
    assert cash(g, director) == own + 100 * loans - 170
    assert g.view(None)["players"][director]["loans"] == loans


def test_an_extra_yellow_bonus_tile_also_goes_on_the_unbuilt_home_first() -> None:
    # V8 (IX.4 "Das erste Plättchen ... auf das Feld ihrer Heimatstation"; the bonus tile
    # follows "den obigen Legeregeln"): Line 3 lays a Stadtbahn tile before any tile of its
    # own; its extra yellow tile can only go on its home E17.
    g = lines_game("3")
    w = world(g)
    stadtbahn_tile(g, "B16")  # G's end: an extra yellow tile
    t = w.turn
    assert t is not None and t.bonus == "extra_yellow_tile"
    assert {(e["hex"], e["tile"]) for e in lays(g)} == {("E17", "235")}
    err = refused(g, {"type": "lay_tile", "hex": "E15", "tile": "57", "rotation": 0})
    assert err.rule == "1840 IX.4"
    lay(g, "E17", "235", 4)  # the bonus tile: the normal lay is still to come
    assert not t.lay and w.map.tile("E17")[0].name == "235"


def test_a_line_with_a_tram_but_no_route_runs_for_0_and_pays_its_maintenance() -> None:
    # V17 (revised): maintenance reduces "das Einfahrergebnis" (IX.8); without a route the
    # tram runs for 0 and its maintenance is still charged (test_rules_review_c.py). Line
    # 9 (WT) never builds; a red tram is bought in CR 2, so its yellow tram costs 50.
    g = lines_game("9")
    advance(g, lambda g: cr_step(g) == ("trams", "WT"), LINES_POLICY)
    act(g, {"type": "buy_tram", "tram": "R1"})
    at_line(g, "9", LINES_POLICY, round_name="LR 2a")
    w = world(g)
    tram = w.lines["9"].tram
    assert tram is not None and tram.startswith("Y1") and linerounds.best(w, "9") is None
    before = (income(g, "WT"), cash(g, "WT"), cash(g, 2))
    act(g, RUN)
    assert (income(g, "WT"), cash(g, "WT"), cash(g, 2)) == (before[0], before[1] - 50, before[2])
    run = w.lines["9"].last_run
    assert run is not None and (run["stops"], run["total"]) == ([], -50)


def test_privates_go_back_to_the_bank_at_face_value_whenever_their_owner_acts() -> None:
    # IV.2: "Sie können jederzeit freiwillig an die Bank zurückgegeben werden. Der Nennwert
    # wird dann an den Besitzer (Spieler oder Gesellschaft) ausbezahlt" (V14).
    g = lines_game("3")
    w = world(g)
    assert {e["private"] for e in g.legal_actions(0) if e["type"] == "sell_private"} == {
        "HB",
        "PR",
    }
    assert refused(g, {"type": "sell_private", "private": "KK"}).rule == "1840 IV.2"  # Ben's
    anna = cash(g, 0)
    act(g, {"type": "sell_private", "private": "PR"})  # during Line 3's turn
    assert cash(g, 0) == anna + 10 and "PR" not in w.private_owner
    assert w.certs(0) == 1 + 1  # the director's certificate and the Hofburg
    lay(g, "E17", "235", 4)  # E17-E19, as in the sight test above
    act(g, token("E17", 0))
    stadtbahn(g, "I3")
    lay(g, "E19", "L20", 2)
    at_line(g, "3", LINES_POLICY, round_name="LR 2a")
    act(g, {"type": "buy_private", "private": "HB", "price": 5})
    with_sight = linerounds.best(w, "3")
    sje = cash(g, "SJE")
    act(g, {"type": "sell_private", "private": "HB"})  # SJE's now: its director sells
    assert cash(g, "SJE") == sje + 40 and "HB" not in w.private_owner
    assert w.majors["SJE"].privates == []
    without = linerounds.best(w, "3")
    assert with_sight is not None and without is not None
    assert without.revenue == with_sight.revenue - 20  # the sight bonus is gone


def test_no_private_goes_back_during_the_pre_round() -> None:
    # VI: the privates are being sold; IV.2's "jederzeit" starts once they are owned.
    g = game(2)
    act(g, {"type": "bid", "private": "KK", "price": 20})
    act(g, {"type": "pass"})
    assert world(g).private_owner["KK"] == "p0"
    assert "sell_private" not in legal_types(g)
    while seat(g) != 0:
        act(g, {"type": "pass"})
    assert refused(g, {"type": "sell_private", "private": "KK"}).rule == "1840 IV.2"


@pytest.mark.parametrize("turn", [6, 10, -1])
def test_a_rotation_is_0_to_5(turn: int) -> None:
    # docs/1840-api.md: "rotation r turns edge e to (e + r) % 6"; the legal list offers 0-5
    # and only those are accepted (a save never holds two spellings of one lay).
    g = lines_game("6")
    err = refused(
        g, {"type": "lay_tile", "hex": "J26", "tile": "5", "rotation": turn}, kind="invalid"
    )
    assert "rotation" in err.message
    lay(g, "J26", "5", 4)
    assert world(g).map.tile("J26")[1] == 4
