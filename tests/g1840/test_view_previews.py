"""The view's previews (pygame_core/g1840/previews.py): the money a decision moves, as the
engine works it out, so that the page shows numbers and does no rule arithmetic. Each test
plays the previewed action (on a copy of the game) and checks the numbers against what
happened, citing the rule (1840 rulebook, seed 002)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame_core import Game, new_game
from pygame_core.g1840 import previews
from pygame_core.g1840.world import LINE_TOKEN_COSTS

from . import helpers as hp

JsonDict = dict[str, Any]


def _copy(g: Game) -> Game:
    return g.at(len(g.actions))


def _bot_game_until(
    players: int, profile: str, seed: int, found: Callable[[Game], bool], limit: int = 600
) -> Game:
    """A bot game (level normal) played until `found` holds."""
    g = new_game("1840", ["A", "B", "C", "D"][:players], {"profile": profile}, seed)
    for _ in range(limit):
        if found(g):
            return g
        s = hp.seat(g)
        g.apply(g.bot_action(s, "normal"), s)
    raise AssertionError("position not reached")


def _legal(g: Game, kind: str) -> list[JsonDict]:
    return [e for e in g.legal_actions(hp.seat(g)) if e["type"] == kind]


# --- VIII.5.1 / X.2: the dividend -------------------------------------------------------


def test_dividend_preview_pays_each_holder_the_bank_and_the_treasury_as_paying_does() -> None:
    # VIII.5.1: "Jeder Aktionär erhält den prozentualen Anteil dieser Ausschüttung. Für
    # Aktien die im Aktien-Pool liegen, erhält die Bank die Auszahlung"; the rest goes to
    # the treasury. X.2 / Tabelle 6: the price moves by the amount paid.
    g = hp.income_game()
    # SJE: Anna 50%, Ben 10%, Cleo 10%, pool 30%
    hp.advance(g, lambda g: hp.cr_step(g) == ("dividend", "SJE"))
    preview = g.view(None)["cr"]["dividend"]
    entry = _legal(g, "dividend")[0]
    assert [a["amount"] for a in preview["amounts"]] == list(
        range(entry["min"], entry["max"] + 1, entry["step"])
    )
    assert preview["share_percent"] == 10 and preview["income"] == hp.income(g, "SJE") == 100
    w = hp.world(g)
    for row in preview["amounts"]:
        trial = _copy(g)
        before = [hp.cash(trial, s) for s in range(3)]
        treasury, bank = hp.cash(trial, "SJE"), hp.cash(trial, "bank")
        hp.act(trial, {"type": "dividend", "amount": row["amount"]})
        assert [hp.cash(trial, s) - before[s] for s in range(3)] == row["payouts"]
        assert hp.cash(trial, "bank") - bank == row["bank"]
        assert hp.cash(trial, "SJE") - treasury == row["kept"]
        tw = hp.world(trial)
        assert (tw.market.price("SJE"), list(tw.market.cell("SJE"))) == (row["price"], row["cell"])
        assert row["per_share"] == row["amount"] // 10  # one 10% share
    assert w.market.price("SJE") == preview["price"]  # nothing moved in the previewed game
    last = preview["amounts"][-1]
    assert last["payouts"] == [50, 10, 10] and last["bank"] == 30 and last["kept"] == 0


# --- VII.4 / X.3: sales and purchases ----------------------------------------------------


def test_stock_round_trades_say_what_a_sale_pays_and_a_purchase_costs() -> None:
    # X.3: "Für jede verkaufte Aktie wird der Kursmarker um ein Feld nach unten bewegt"; the
    # seller gets the price before the move. VII.4: shares of 10% at the market price.
    g = hp.income_game()
    hp.to_round(g, "SR 2", hp.Policy())
    checked = 0
    while hp.label(g) == "SR 2" and checked < 6:
        s = hp.seat(g)
        trades = g.view(None)["sr"]["trades"]
        assert trades["seat"] == s
        sells = {(e["company"], e["count"]) for e in _legal(g, "sell")}
        assert {(c, t["count"]) for c, ts in trades["sell"].items() for t in ts} == sells
        assert set(trades["buy"]) == {e["company"] for e in _legal(g, "buy")}
        for corp, options in trades["sell"].items():
            for t in options:
                trial = _copy(g)
                before, held = hp.cash(trial, s), hp.world(trial).shares.percent(f"p{s}", corp)
                hp.act(trial, {"type": "sell", "company": corp, "count": t["count"]})
                tw = hp.world(trial)
                assert hp.cash(trial, s) - before == t["proceeds"]
                assert held - tw.shares.percent(f"p{s}", corp) == t["percent"] == 10 * t["count"]
                assert tw.market.price(corp) == t["price_after"]
                checked += 1
        for corp, t in trades["buy"].items():
            trial = _copy(g)
            before = hp.cash(trial, s)
            hp.act(trial, {"type": "buy", "company": corp})
            assert before - hp.cash(trial, s) == t["cost"] == hp.world(g).market.price(corp)
            assert hp.world(trial).shares.percent(f"p{s}", corp) == (
                hp.world(g).shares.percent(f"p{s}", corp) + t["percent"]
            )
            checked += 1
        hp.act(g, next(e for e in g.legal_actions(s) if e["type"] in ("pass", "end_turn")))
    assert checked, "no trade was previewed"


def test_no_trades_while_a_major_must_be_founded() -> None:
    g = hp.after_pre(2)
    assert g.view(None)["sr"]["trades"] is None


# --- VIII.5.3 / IX.8: the forced tram purchase ------------------------------------------


def forced_loan_game(*, check_first: bool = False) -> Game:
    """2 players: WT (Ben's) has bought and scrapped its two orange trams in CR 1 and must
    buy the last orange one for 300 with 100 in its treasury and Ben 180 in hp.cash."""
    g = hp.after_pre(2)
    hp.act(g, {"type": "par", "major": "WT", "price": 70})  # Ben
    hp.act(g, {"type": "par", "major": "BBG", "price": 100})  # Anna
    for corp in ("D", None, "D", None, None):
        hp.act(g, {"type": "buy", "company": corp} if corp else {"type": "pass"})
    hp.advance(g, lambda g: hp.cr_step(g) == ("trams", "BBG"))
    for step in ({"type": "buy_tram", "tram": "Y1"},) * 2 + ({"type": "done"},):
        hp.act(g, step)
    hp.advance(g, lambda g: hp.cr_step(g) == ("trams", "WT"))
    if check_first:  # no tram yet: forced, and the treasury pays
        first = g.view(None)["cr"]["trams"]["forced_payment"]
        assert (first["treasury"], first["director"], first["loans"]) == (first["price"], 0, 0)
    hp.act(g, {"type": "buy_tram", "tram": "O1"})
    hp.act(g, {"type": "buy_tram", "tram": "O1"})
    for tram in list(hp.world(g).major_trams("WT")):
        hp.act(g, {"type": "scrap_tram", "tram": tram})
    return g


def test_forced_purchase_preview_names_the_director_top_up_and_the_loans() -> None:
    # VIII.5.3: "Sollte die Gesellschaft nicht über genügend Betriebskapital verfügen, muss
    # der Direktor ... den Restbetrag zuschießen"; "Sollte der Direktor nicht über genügend
    # Geld verfügen, dann muss er einen Kredit aufnehmen ... 100 Gulden aus der Bank".
    g = forced_loan_game(check_first=True)
    trams = g.view(None)["cr"]["trams"]
    pay = trams["forced_payment"]
    assert pay == {
        "tram": "O1",
        "price": 300,
        "treasury": hp.cash(g, "WT"),
        "director": 300 - hp.cash(g, "WT"),
        "director_cash": hp.cash(g, 1),
        "loans": 1,
    }
    assert trams["limit"] == 3
    terms = g.view(None)["loan_terms"]
    assert terms == {"size": 100, "penalty": 200}  # IX.8 loans of 100; XI: 200 each
    ben = hp.cash(g, 1)
    hp.act(g, {"type": "buy_tram", "tram": pay["tram"]})
    w = hp.world(g)
    assert hp.cash(g, "WT") == 0 and w.loans.count("p1") == pay["loans"]
    assert hp.cash(g, 1) == ben + pay["loans"] * terms["size"] - pay["director"]
    view = g.view(None)["players"][1]
    assert view["value"] == w.cash(1) + w.share_value(1) - pay["loans"] * terms["penalty"]


# --- IX.4 / IX.6: what a Line pays on the map --------------------------------------------


def test_line_marker_and_stadtbahn_tile_costs_are_what_the_line_pays() -> None:
    # IX.6: markers cost by their number (home free, then 40, 60, 80 ...); IX.4: the
    # printed cost of an orange hex (20) is paid with its first tile.
    g = hp.lines_game("3")
    costs = g.view(None)["line_turn"]["costs"]
    assert costs["remove"] == 40  # IX.6: "für 40 Gulden"
    assert costs["lays"]["I3"] == 20 and costs["lays"]["B28"] == 40
    treasury = hp.cash(g, "SJE")
    hp.stadtbahn_tile(g, "I3")
    assert treasury - hp.cash(g, "SJE") == costs["lays"]["I3"]
    assert "I3" not in g.view(None)["line_turn"]["costs"]["lays"]  # upgrades cost nothing
    hp.act(g, {"type": "lay_tile", "hex": "E17", "tile": "235", "rotation": 4})
    token = g.view(None)["line_turn"]["costs"]["token"]
    entries = _legal(g, "place_token")
    assert entries and token == LINE_TOKEN_COSTS[hp.world(g).lines["3"].tokens_used]
    treasury = hp.cash(g, "SJE")
    hp.act(g, entries[0])
    assert treasury - hp.cash(g, "SJE") == token
    assert g.view(None)["line_turn"]["costs"]["token"] is None  # one marker per turn


def test_removing_a_stadtbahn_marker_costs_the_previewed_40() -> None:
    g = _bot_game_until(3, "18xx.games", 0, lambda g: bool(_legal(g, "remove_token")))
    major = g.view(None)["line_turn"]["major"]
    cost = g.view(None)["line_turn"]["costs"]["remove"]
    treasury = hp.cash(g, major)
    hp.act(g, _legal(g, "remove_token")[0])
    assert treasury - hp.cash(g, major) == cost == 40


def _bonus_marker(g: Game) -> bool:
    lt = g.view(None).get("line_turn") or {}
    return lt.get("bonus") == "extra_station_token_free" and bool(_legal(g, "place_token"))


def test_bonus_marker_costs_its_price_in_the_rulebook() -> None:
    # IX.4: the Stadtbahn bonus "ein zusätzlicher Stationsmarker" is placed at its normal
    # cost in the rulebook (18xx.games makes it free, V: report (b)); the page used to show
    # it as free in both.
    g = _bot_game_until(3, "rulebook", 1, _bonus_marker)
    lt = g.view(None)["line_turn"]
    cost = lt["costs"]["token"]
    assert cost and cost > 0
    treasury = hp.cash(g, lt["major"])
    hp.act(g, _legal(g, "place_token")[0])
    assert treasury - hp.cash(g, lt["major"]) == cost


def test_home_marker_is_free() -> None:
    # IX.6: the home marker costs nothing.
    g = _bot_game_until(
        3, "rulebook", 1, lambda g: bool((g.view(None).get("line_turn") or {}).get("home_choice"))
    )
    assert g.view(None)["line_turn"]["costs"]["token"] == 0


# --- IV.2 / IX.8: sights on a run --------------------------------------------------------


def test_sight_bonuses_are_20_each() -> None:
    # IV.2: "Das Einkommen einer Route ... wird um 20 Gulden erhöht, wenn sie eine
    # Sehenswürdigkeit, die ihre Muttergesellschaft besitzt, anfährt."
    assert previews.sight_bonuses(["HB", "SD"]) == {"HB": 20, "SD": 20}
    g = hp.lines_game("3")
    hp.at_line(g, "3", hp.LINES_POLICY, round_name="LR 1b")
    run = g.view(None)["line_turn"]["run"]
    assert run is None or set(run["sight_bonuses"]) == set(run["sights"])
