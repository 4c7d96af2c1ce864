"""The shipped embed demos (web/demos/*.json, scripts/make_demos.py): each is a versioned demo
whose save replays with its hash, whose steps are positions inside it, and whose 1840
captions and highlights state what the engine computes at those positions."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core import Game

DEMOS = Path(__file__).resolve().parents[2] / "web" / "demos"
NAMES = sorted(p.stem for p in DEMOS.glob("*.json"))


def load(name: str) -> dict[str, Any]:
    demo: dict[str, Any] = json.loads((DEMOS / f"{name}.json").read_text())
    return demo


def replay(demo: dict[str, Any]) -> Game:
    keys = ("players", "options", "seed", "actions", "state_hash")
    save = {k: demo[k] for k in keys}
    # a demo from a set position carries it in its save (version 2, docs/embedding.md)
    if demo.get("position") is not None:
        save |= {"position": demo["position"], "version": demo["save_version"]}
    return Game.from_json({"format": "tramways-save", "version": 1, "title": demo["game"], **save})


def test_every_title_with_a_screen_has_a_demo() -> None:
    assert {load(n)["game"] for n in NAMES} >= {"trambahn", "1840", "1881"}


@pytest.mark.parametrize("name", NAMES)
def test_demo_is_versioned_and_replays(name: str) -> None:
    demo = load(name)
    assert (demo["format"], demo["version"]) == ("tramways-demo", 1)
    game = replay(demo)  # raises on an illegal action or a hash mismatch
    assert demo["steps"], name
    for step in demo["steps"]:
        assert 0 <= step["actions"] <= len(game.actions)
        assert step["caption"].strip()


def test_1840_run_draws_the_run_the_engine_made() -> None:
    """1840 IX.8: the run step's Line ran the route the engine previewed a step before."""
    demo = load("1840-run")
    game = replay(demo)
    run_step = demo["steps"][-1]
    (line,) = run_step["highlight"]["runs"]
    run = game.at(run_step["actions"]).view(None)["lines"][line]["last_run"]
    preview = game.at(demo["steps"][-2]["actions"]).view(None)["line_turn"]["run"]
    assert run["stops"] == preview["stops"] and len(run["stops"]) >= 8
    assert run["total"] == run["revenue"] + run["maintenance"]
    assert f"together {run['total']}" in run_step["caption"]


def test_1840_dividend_caption_names_the_engines_price_move() -> None:
    """1840 VIII.5.1 / X.2 (Tabelle 6): the dividend moves the price up the market."""
    demo = load("1840-dividend")
    game = replay(demo)
    first, last = demo["steps"][0], demo["steps"][-1]
    ev = next(e for e in game.at(last["actions"]).view(None)["events"] if e["kind"] == "dividend")
    major = ev["company"]
    before = game.at(first["actions"]).view(None)["majors"][major]["price"]
    after = game.at(last["actions"]).view(None)["majors"][major]["price"]
    assert after > before
    assert f"pays {ev['amount']}" in last["caption"]
    assert f"from {before} to {after}" in last["caption"]
    assert last["highlight"]["tab"] == "market"


def test_1840_stadtbahn_payout_is_the_multiplied_revenue() -> None:
    """1840 VIII.5.2: a Stadtbahn company pays all it earns times the round's multiplier."""
    demo = load("1840-stadtbahn")
    game = replay(demo)
    step = demo["steps"][-1]
    found = re.search(r"for (\d+); times (\d+) in this round = (\d+)", step["caption"])
    assert found
    earned, factor, payout = map(int, found.groups())
    assert earned * factor == payout and factor > 1
    company = step["caption"].split(" ", 1)[0]
    view = game.at(step["actions"]).view(None)
    assert {"kind": "stadtbahn", "company": company, "amount": payout} in view["events"]


def _big_numbers(data: Any, where: str = "") -> list[str]:
    if isinstance(data, dict):
        return [b for k, v in data.items() for b in _big_numbers(v, f"{where}/{k}")]
    if isinstance(data, list):
        return [b for i, v in enumerate(data) for b in _big_numbers(v, f"{where}[{i}]")]
    big = isinstance(data, int) and not isinstance(data, bool) and abs(data) >= 2**53
    return [where] if big else []


@pytest.mark.parametrize("name", NAMES)
def test_every_number_in_a_demo_survives_javascripts_json(name: str) -> None:
    # the embed page parses the demo in JavaScript: whole numbers are exact below 2**53 only
    # (a set position's 64-bit random state would change, and the checksum fail)
    assert _big_numbers(load(name)) == []


def test_1840_lr3a_example_runs_its_set_position_as_the_caption_says() -> None:
    """1840 IX.7/IX.8, example "Linien-Runde 3a": Line 18's yellow tram runs five stops; the
    sight it owns adds 20 and the yellow tram costs 50 once red trams are bought (Tabelle 7)."""
    demo = load("1840-lr3a")
    assert demo["position"]["round"] is not None and demo["save_version"] == 2
    game = replay(demo)
    start = game.at(0).view(None)
    assert start["round"]["label"] == "LR 3a" and start["line_turn"]["line"] == "18"
    preview = start["line_turn"]["run"]
    run_step = demo["steps"][-1]
    run = game.at(run_step["actions"]).view(None)["lines"]["18"]["last_run"]
    assert run["stops"] == preview["stops"] and len(run["stops"]) == 5
    assert run["sights"] == ["SB"] and run["maintenance"] == -50
    assert run["total"] == run["revenue"] + run["maintenance"]
    caption = run_step["caption"]
    assert f"revenue {run['revenue']}" in caption and f"together {run['total']}" in caption
    assert f"maintenance {run['maintenance']}" in caption
    hexes = " - ".join(s.rsplit("-", 1)[0] for s in run["stops"])
    assert f"best route: {hexes}." in demo["steps"][0]["caption"]
    assert run_step["highlight"]["runs"] == ["18"]


def test_1840_lr2b_example_names_every_lines_optimal_route() -> None:
    """1840 IX.7, example "Linien-Runde 2b": every Line with a tram runs its best route; the
    caption gives each route and revenue as the engine ran them, and all are drawn."""
    demo = load("1840-lr2b")
    game = replay(demo)
    assert game.at(0).view(None)["round"]["label"] == "LR 2b"
    last = demo["steps"][-1]
    lines = last["highlight"]["runs"]
    assert len(lines) >= 4
    # the last Line's run ends LR 2b: the step before it is still in the round
    assert game.at(last["actions"] - 1).view(None)["round"]["label"] == "LR 2b"
    view = game.at(last["actions"]).view(None)
    for line in lines:
        run = view["lines"][line]["last_run"]
        route = "-".join(s.rsplit("-", 1)[0] for s in run["stops"])
        assert f"Line {line} {route} = {run['revenue']}" in last["caption"]


def test_1840_token_removal_costs_40_and_frees_the_circle() -> None:
    """1840 IX.6: "Eine Linie kann einen Stadtbahn-Stationsmarker abreißen. Das kostet 40
    Gulden. [...] Danach kann die Linie dort einen eigenen Bahnhof [...] errichten"."""
    demo = load("1840-token-removal")
    game = replay(demo)
    start, removed, placed = (game.at(s["actions"]) for s in demo["steps"])
    (coord,) = demo["steps"][0]["highlight"]["hexes"]
    line = str(start.view(None)["line_turn"]["line"])
    major = str(start.view(None)["line_turn"]["major"])

    def markers(g: Game) -> list[str | None]:
        found: list[str | None] = g.state.canonical()["map"]["tokens"].get(coord, {}).get("0", [])
        return found

    stadtbahn = next(t for t in markers(start) if t is not None)
    assert stadtbahn not in markers(removed) and line in markers(placed)
    paid = start.position()["cash"][major] - removed.position()["cash"][major]
    assert paid == 40 and f"{major} pays {paid} to the bank" in demo["steps"][1]["caption"]
    cost = removed.position()["cash"][major] - placed.position()["cash"][major]
    assert f"on {coord} for {cost}" in demo["steps"][2]["caption"]


def test_1840_stadtbahn_d_earns_80_over_three_stops() -> None:
    """1840 VIII.5.2, "Stadtbahn-Gesellschaft D fährt 40+30+10 = 80"; X.2: a payout of 10
    to 90 leaves the price where it is."""
    from scripts.demos_1840 import STADTBAHN_LOG

    demo = load("1840-stadtbahn-d")
    game = replay(demo)
    step = demo["steps"][-1]
    found = [
        m
        for e in game.log_for(None)
        if (m := STADTBAHN_LOG.match(str(e["text"]))) and m["company"] == "D"
    ]
    assert len(found) == 1
    pay = found[0]
    assert pay["earned"] == "80" and len(re.findall(r"[A-Z]\d+-\d", pay["stops"])) == 3
    assert int(pay["payout"]) == 80 * int(pay["factor"] or 1)
    assert pay["before"] == pay["after"]  # X.2: 10-90 paid, the price stays
    assert f"for {pay['earned']}" in step["caption"] and f"pays {pay['payout']}" in step["caption"]
    assert f"{pay['before']} -> {pay['after']}" in step["caption"]


def test_1840_sale_moves_the_price_one_cell_down_per_share_after_the_sale() -> None:
    """1840 X.3: one cell down per 10% sold, after the sale: the seller gets the old price."""
    demo = load("1840-sale")
    game = replay(demo)
    found = re.search(r"(\w+) sells (\d+) shares? of (.+) for (\d+)", demo["steps"][1]["caption"])
    assert found
    player, count, company, got = found[1], int(found[2]), found[3], int(found[4])
    before = game.at(0).view(None)["majors"][company]
    after = game.at(1).view(None)["majors"][company]
    assert after["cell"] == [before["cell"][0] + count, before["cell"][1]]
    seat = f"p{game.players.index(player)}"
    assert game.at(1).position()["cash"][seat] - game.at(0).position()["cash"][seat] == got
    assert got == count * before["price"]
    assert f"{before['price']} -> {after['price']}" in demo["steps"][1]["caption"]


def test_1840_forced_purchase_tops_up_with_a_loan() -> None:
    """1840 VIII.5.3: a major without a tram must buy one; the director pays what the
    treasury lacks and takes a loan (100) for what he lacks himself."""
    demo = load("1840-forced-purchase")
    game = replay(demo)
    start, after = game.at(0), game.at(1)
    major = start.position()["cr"]["current"][1]
    director = f"p{start.position()['majors'][major]['director']}"
    seat = start.active
    assert seat is not None
    assert not any(a["type"] == "done" for a in start.legal_actions(seat))
    (bought,) = [e for e in after.view(None)["events"] if e["kind"] == "buy_tram"]
    before_cash = start.position()["cash"]
    loans = after.position()["loans"][director]
    assert before_cash[major] + before_cash[director] < bought["price"] and loans >= 1
    assert after.position()["cash"][major] == 0
    assert f"for {bought['price']}" in demo["steps"][1]["caption"]
    assert f"took {loans} loan(s)" in demo["steps"][1]["caption"]


def test_1840_stadtbahn_first_tiles_are_next_to_the_start_stations() -> None:
    """1840 IX.4: G's first tile goes on H12 or B16 (start stations I11, A17), W's on I3 or
    G23; a Stadtbahn tile costs 20."""
    from scripts.demos_1840 import stadtbahn_lays

    demo = load("1840-stadtbahn-tiles")
    game = replay(demo)
    start = game.at(0)
    lays = stadtbahn_lays(start)
    assert lays["G"] == ["B16", "H12"] and lays["W"] == ["G23", "I3"]
    assert "G: B16 or H12" in demo["steps"][0]["caption"]
    assert "W: G23 or I3" in demo["steps"][0]["caption"]
    major = start.view(None)["line_turn"]["major"]
    paid = start.position()["cash"][major] - game.at(1).position()["cash"][major]
    assert paid == 20 and "on H12 for 20" in demo["steps"][1]["caption"]
    assert "H12" in game.at(1).position()["map"]["tiles"]


def test_1840_tabelle_6_each_payout_moves_the_price_by_its_row() -> None:
    """1840 VIII.5.1 / X.2, Tabelle 6: 0 moves the price one cell left, 10-90 not at all,
    100-190 one cell right, 200-390 two, 400-590 three, 600-990 four, ...; the demo's
    payouts come from four different rows and each caption quotes its row."""
    from scripts.demos_1840 import tabelle_6_row

    demo = load("1840-tabelle-6")
    game = replay(demo)
    rows = set()
    for prev, step in itertools.pairwise(demo["steps"]):
        view = game.at(step["actions"]).view(None)
        (ev,) = [e for e in view["events"] if e["kind"] == "dividend"]
        major, amount = ev["company"], ev["amount"]
        before = game.at(prev["actions"]).view(None)["majors"][major]
        after = view["majors"][major]
        low, cells, text = tabelle_6_row(amount)
        assert after["cell"] == [before["cell"][0], before["cell"][1] + cells]
        caption = step["caption"]
        assert caption.startswith(f"{major} ") and f'row "{text}"' in caption
        assert ("pays 0" if amount == 0 else f"pays {amount}.") in caption
        assert f"{before['price']} -> {after['price']}." in caption
        rows.add(low)
    assert len(rows) == 4 and 0 in rows


def test_1840_sold_out_major_rises_one_cell_at_the_rounds_end() -> None:
    """1840 X.3: "Wenn sich am Ende einer Aktienrunde alle verfügbaren Aktien einer
    Gesellschaft in Spielerhand befinden, dann steigt der Kursmarker um ein Feld nach
    oben"; the majors with shares in the pool stay."""
    demo = load("1840-sold-out")
    game = replay(demo)
    start, end = game.at(0), game.at(demo["steps"][1]["actions"])
    label = start.view(None)["round"]["label"]
    assert label.startswith("SR") and end.view(None)["round"]["label"] != label
    owners = start.position()["shares"]["owners"]
    before, after = start.view(None)["majors"], end.view(None)["majors"]
    for major in before:
        held = [o for c, o in owners.items() if c.startswith(f"{major}_")]
        sold_out = not {"pool", "ipo"} & set(held)
        row, column = before[major]["cell"]
        assert after[major]["cell"] == ([row - 1, column] if sold_out else [row, column])
        if sold_out:
            prices = f"{before[major]['price']} -> {after[major]['price']}"
            assert f"{major} is sold out" in demo["steps"][1]["caption"]
            assert prices in demo["steps"][1]["caption"]
    assert sum(before[m]["cell"] != after[m]["cell"] for m in before) == 1


def test_1881_double_track_shuttles_the_example_for_130_not_90() -> None:
    """1881 14.3-14.5, "BEISPIEL für zweigleisiges Fahren": the 4-train over four green
    stations earns 90 once through and 130 shuttling (B and C twice, range still 4); the
    engine's best run on the demo's position is that shuttle, drawn on the map."""
    from pygame_core.g1881.position import map_state
    from pygame_core.g1881.runs import check_runs
    from scripts.demos_1881 import EXAMPLE_COMPANY, double_track_example
    from tests.g1881.test_runs import choice

    demo = load("1881-double-track")
    assert demo["options"]["double_track"] is True
    game = replay(demo)
    example = double_track_example()
    step = demo["steps"][1]
    runs = game.at(step["actions"]).view(None)["operating"]["runs"]
    (run,) = runs["trains"]
    stops = [f"{coord}-0" for coord in example["route"]]
    assert run["shuttle"] and run["stops"] in (stops, stops[::-1])
    assert run["revenue"] == runs["total"] == example["double"] == 130
    board = map_state(game.at(0).position()["map"])
    single = check_runs(board, EXAMPLE_COMPANY, [4], [choice(board, EXAMPLE_COMPANY, stops)])
    assert single.total == example["single"] == 90
    assert f"for {run['revenue']}" in step["caption"]
    assert f"would earn {single.total}" in step["caption"]
    assert demo["steps"][0]["highlight"]["hexes"] == example["route"]


def test_1881_chairman_swap_hands_two_five_percent_shares_for_the_ten() -> None:
    """1881 12.3 (C-47): a player with 15 % against the chairman's 10 % takes the chair and
    hands over his two highest 5 % shares for the 10 % share; his seat, now the chairman's,
    counts as connected (it merges into the main network)."""
    check_chairman_swap(load("1881-chairman-swap"))


def check_chairman_swap(demo: dict[str, Any]) -> None:
    """The chairman-swap demo `demo` shows 12.3 as its captions say (also run on a demo the
    script writes again: tests/g1881/test_generators.py)."""
    game = replay(demo)

    def held(n: int) -> list[str | None]:
        return [c["holder"] for c in game.at(n).view(None)["sbahn"]["certificates"]]

    step = demo["steps"][1]
    before, after = held(0), held(step["actions"])
    chair, challenger = before[0], before[1]
    assert chair != challenger and before[:4] == [chair, challenger, challenger, "ipo"]
    assert after[:4] == [challenger, challenger, chair, chair]
    assert game.at(step["actions"]).position()["companies"]["seats_merged"] == [1]
    assert f"{challenger} holds No. 2, No. 3, two 5 % board seats" in demo["steps"][0]["caption"]
    assert f"{challenger} holds No. 1, No. 2, {chair} No. 3, No. 4." in step["caption"]
    assert "Board seat 1," in step["caption"]
