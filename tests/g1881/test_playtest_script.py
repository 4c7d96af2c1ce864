"""scripts/playtest_1881.py: the collector's figures for one seeded 3-player game agree
with the game itself and with each other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygame_core import Game
from pygame_core.g1881 import board, source
from pygame_core.g1881.bots import STRONGEST
from pygame_core.g1881.source import latest
from scripts.playtest_1881 import (
    ENDS,
    Figures,
    Job,
    bot_move,
    collect,
    jobs,
    openings_label,
    table,
    write_records,
)

from .game_helpers import world


def _replay(players: int, seed: int) -> Game:
    g = Game("1881", [f"P{i}" for i in range(players)], {"edition": latest()}, seed)
    while g.active is not None:
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    return g


def test_one_game_figures_are_consistent_1881_13() -> None:
    """13.1: the game ends by a price at 400 or the broken bank (or every company gone);
    the ranking and the bid order (2.7) each name every seat once."""
    f = collect(Job(3, 1, ("normal",) * 3))
    assert f.ended in ENDS and f.ended != "cap"
    assert f.sets > 0 and f.actions > 50
    assert sorted(f.ranking) == [0, 1, 2]
    assert sorted(f.bid_order) == [0, 1, 2]
    assert 0 < f.floated <= 8 and 0 <= f.bankrupt <= f.floated
    assert f.runs and all(r >= 0 for runs in f.runs.values() for r in runs)
    # 2.9: each opened company has its director's share with the player who opened it.
    assert f.opened and len(set(f.opened.values())) == len(f.opened)
    assert f.phase in {"1", "2", "3", "4"}
    # The same seed replayed by hand: the same end, winner and length.
    g = _replay(3, 1)
    w = world(g)
    result = g.result()
    assert result is not None
    assert result["ranking"] == f.ranking and len(g.actions) == f.actions
    assert (f.ended == "400") == (w.end.reached_end_price is not None)
    # Every company's run in every operating round is counted once: no more runs than
    # operating companies times operating rounds played.
    ors = sum(1 for h in w.history if str(h["round"]).startswith("OR"))
    assert sum(map(len, f.runs.values())) <= (ors + 1) * f.floated  # the last OR ends the game


def test_the_table_counts_every_game() -> None:
    """The report's counts add up: each game ends one way and is won by one seat."""
    games = [
        Figures(3, 0, sets=5, ended="400", ranking=[2, 0, 1], bid_order=[2, 1, 0]),
        Figures(3, 1, sets=7, ended="bank", ranking=[0, 1, 2], bid_order=[1, 0, 2]),
    ]
    games[0].opened, games[1].opened = {2: "GBS", 0: "SSC"}, {1: "GBS"}
    games[0].prices, games[1].prices = {"GBS": 120, "SSC": 60}, {"GBS": 200}
    lines = table(games)
    assert "400 1 (50%), bank 1 (50%)" in lines[2]
    assert "wins by the company the winner opened: GBS 1/2 SSC 0/1 none 1" in lines[-4]
    assert lines[-2].endswith("GBS 160 SSC 60")  # mean last price where in play
    assert "mean 6.0, min 5, max 7" in lines[1]
    assert lines[6].endswith("1:1 2:0 3:1")  # by seat: seats 0 and 2 won
    assert "position: 1:1 2:1 3:0 (" in lines[7]  # by bid position: first and second
    assert len(jobs([3, 4], 2, 10, "mixed")) == 4


def test_a_tie_for_the_win_is_a_shared_victory_1881_13_4() -> None:
    """13.4 (digest A-39): the highest total wins, and a tie is a shared victory: each of
    k tied winners counts 1/k, whatever the ranking's order (before: the lower seat)."""
    games = [
        Figures(3, 0, ranking=[0, 2, 1], scores=[900, 500, 900], bid_order=[1, 2, 0]),
        Figures(3, 1, ranking=[1, 0, 2], scores=[700, 800, 600], bid_order=[1, 2, 0]),
    ]
    games[0].opened, games[1].opened = {0: "GBS", 2: "SSC"}, {1: "NBSN"}
    lines = table(games)
    assert lines[6].endswith("1:0.5 2:1 3:0.5")  # by seat: 0 and 2 share, 1 wins
    assert "winner opened: GBS 0.5/1 NBSN 1/1 SSC 0.5/1" in lines[-4]
    assert lines[7].endswith("1:1 2:0.5 3:0.5 (shared victories, 1/k to each winner: 1)")


def test_the_table_reports_the_s_bahn_share_of_income_1881_12_13() -> None:
    """Issue 15 §4 asks for the S-Bahn's share of income: its parts' run totals (pooled,
    12.13) against all run totals, and how often it floated (12.4)."""
    games = [
        Figures(3, 0, ranking=[0, 1, 2], sbahn_floated=True, income={"tram": 300, "sbahn": 100}),
        Figures(3, 1, ranking=[1, 0, 2], income={"tram": 600}),
    ]
    line = next(x for x in table(games) if "S-Bahn" in x)
    assert "floated in 50% of games" in line
    assert "share of all run income 10.0%" in line


def test_random_openings_open_companies_the_dearest_rule_would_not_1881_4_25() -> None:
    """The playtest's `--openings random` (bots.OPENINGS): the normal bots open a random
    company among those they may open (4.25: each can float it alone), so over a few seeds
    some opener picks another company than the dearest-first bots; every game still ends,
    and the last prices name only companies in play."""
    dearest = [collect(Job(3, seed, ("normal",) * 3)) for seed in range(3)]
    varied = [collect(Job(3, seed, ("normal",) * 3, "random")) for seed in range(3)]
    assert [f.opened for f in varied] != [f.opened for f in dearest]
    for f in varied:
        assert f.ended in ENDS and f.ended != "cap"
        assert set(f.opened.values()) <= set(f.prices)
        assert all(10 <= p <= 400 for p in f.prices.values())


def test_an_unknown_opening_is_refused() -> None:
    """Only the openings bots.OPENINGS names exist."""
    g = Game("1881", ["A", "B", "C"], {}, 1)
    try:
        bot_move(g, 0, "normal", "cheapest")
    except ValueError as e:
        assert "cheapest" in str(e)
    else:
        raise AssertionError("an unknown opening was accepted")


def test_an_overlay_is_played_as_a_candidate_edition(tmp_path: Path) -> None:
    """--overlay: a change to the design data is playtested before it is an edition; it
    plays as the edition after the latest, over it, in this process only."""
    tile = board.tiles(latest())["8"]
    code = str(source.section("tiles", latest())["definitions"]["8"]["code"])
    file = tmp_path / "candidate.json"
    overlay = {"tiles": {"definitions": {"8": {"code": code.replace("revenue:20", "revenue:70")}}}}
    file.write_text(json.dumps(overlay))
    try:
        (job,) = jobs([3], 1, 2, "normal", overlay=str(file))
        assert job.edition == latest() == len(source.editions()) and job.overlay
        assert board.tiles(job.edition)["8"].stops[0].revenue.flat == 70
        assert tile.stops[0].revenue.flat == 20  # the shipped edition is unchanged
        f = collect(job)
        assert f.ended in ENDS and f.ended != "cap"
        with pytest.raises(ValueError, match="trains"):
            source.candidate({"trains": {}})
    finally:
        source.drop_candidate()
    assert board.tiles(latest())["8"].stops[0].revenue.flat == 20


def test_strongest_openings_open_by_the_bots_ranking_1881_2_9() -> None:
    """`--openings strongest`: in bid order (2.9) each normal bot opens the strongest
    company left by bots.STRONGEST that it may open (4.25: floatable alone if any is)."""
    for seed in range(2):
        f = collect(Job(4, seed, ("normal",) * 4, "strongest"))
        opened = [f.opened[s] for s in f.bid_order if s in f.opened]
        ranks = [STRONGEST.index(c) for c in opened]
        assert opened and ranks == sorted(ranks), (seed, opened)
        assert opened[0] == STRONGEST[0]


def test_a_planned_first_bid_gives_the_tram_and_its_payment_1881_2_7() -> None:
    """`--first-bid X`: seat seed % players bids X, the others the least bid (2.6), so that
    seat holds the Tram and pays the lowest bidder X - 20 (2.7); the totals line reads it."""
    f = collect(Job(3, 4, ("normal",) * 3, "strongest", first_bid=120))
    assert f.bid_order[0] == 4 % 3
    assert f.bids == {0: 20, 1: 120, 2: 20}
    assert len(f.scores) == 3 and max(f.scores) == f.scores[f.ranking[0]]
    lines = table([f])
    assert any("paid the lowest bidder 100 on average" in line for line in lines)
    totals = next(line for line in lines if "mean total by bid position" in line)
    assert totals.count(":") == 4  # the label's and one per bid position


def test_one_hard_seat_among_normal_bots_is_counted_by_level() -> None:
    """`--level one-hard`: seat seed % players is the hard bot, the others normal; the
    report counts each level's wins against the seats it played."""
    todo = jobs([3], 2, 4, "one-hard")
    assert [j.levels for j in todo] == [("normal", "hard", "normal"), ("normal", "normal", "hard")]
    games = [
        Figures(3, 4, ranking=[1, 0, 2], levels=todo[0].levels),
        Figures(3, 5, ranking=[0, 1, 2], levels=todo[1].levels),
    ]
    line = next(x for x in table(games) if "by bot level" in x)
    assert line.endswith("hard 1/2 normal 1/4")


def test_the_report_names_the_opening_order_where_the_bots_use_one() -> None:
    """On editions with bots.OPENING_ORDER the default openings are not the dearest."""
    assert openings_label("dearest", 1) == "dearest openings"
    assert openings_label("random", 3) == "random openings"
    assert openings_label("dearest", 3) == "openings by bots.OPENING_ORDER[3]"


def test_the_report_names_the_opening_table_where_the_bots_use_one() -> None:
    """On an edition with an opening table (opening_bots) the bots open by it."""
    assert openings_label("dearest", 4).startswith("openings by the opening table")
    assert openings_label("random", 4) == "random openings"
    assert openings_label("strongest", 4) == "strongest openings"


def test_records_hold_each_game_as_one_json_line(tmp_path: Path) -> None:
    """--records: one JSON object per game, with the figures the report is made of (the
    openings by seat, 2.9, and the ranking, 13.2)."""
    games = [collect(Job(3, seed, ("normal",) * 3)) for seed in (1, 2)]
    path = tmp_path / "records.jsonl"
    write_records(path, games)
    lines = path.read_text("utf-8").splitlines()
    assert len(lines) == 2
    for game, line in zip(games, lines, strict=True):
        row = json.loads(line)
        assert row["seed"] == game.seed
        assert row["ranking"] == game.ranking
        assert {int(s): c for s, c in row["opened"].items()} == game.opened
