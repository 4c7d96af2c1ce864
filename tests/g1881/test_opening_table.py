"""The 1881 opening table (scripts/opening_table_1881.py, pygame_core/g1881/opening_bots.py):
the fair-share ratios of the companies opened at the start purchase (2.9), and the score the
normal bot opens by (4.25: among the companies it can float alone)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pygame_core.core.rng import Rng
from pygame_core.g1881 import opening_bots
from pygame_core.g1881.economy import TRAMS
from pygame_core.g1881.opening_bots import NEAR, Ratios, near_best, score
from pygame_core.g1881.source import editions
from scripts.opening_table_1881 import PRIOR_GAMES, count_table, main, opening_table

DATA = Path(opening_bots.__file__).parent / "data"

# Three 3-player games with a winner, one without (the action cap), one of 4 players.
RECORDS: list[dict[str, Any]] = [
    {"players": 3, "opened": {"0": "GBS", "1": "NBSN", "2": "SSC"}, "ranking": [0, 1, 2]},
    {"players": 3, "opened": {"0": "GBS", "1": "SHG"}, "ranking": [1, 0, 2]},
    {"players": 3, "opened": {"0": "NBSN", "1": "GBS"}, "ranking": [1, 0, 2]},
    {"players": 3, "opened": {"0": "SBV", "1": "GBS"}, "ranking": []},
    {"players": 4, "opened": {"0": "SBV", "1": "GBS"}, "ranking": [0, 1, 2, 3]},
]


def test_the_ratios_of_hand_made_records_2_9() -> None:
    """r(c) = wins of c's opener / (games c was opened in / 3); r(c|o) smoothed towards
    r(c) with PRIOR_GAMES games at r(c): (3 * wins + PRIOR_GAMES * r(c)) / (games + PRIOR)."""
    part = count_table(RECORDS, 3)
    assert part["games"] == 3  # the capped game and the 4-player game are not counted
    ratio = part["ratio"]
    assert ratio["GBS"] == 2.0  # won 2 of 3 games: twice the fair share of 1
    assert ratio["SHG"] == 3.0  # won its only game
    assert ratio["NBSN"] == 0.0 and ratio["SSC"] == 0.0
    assert ratio["SBV"] == 1.0  # never opened in a won game: nothing known, the fair share
    with_ = part["with"]
    assert PRIOR_GAMES == 30  # the hand figures below assume it
    assert with_["GBS"]["NBSN"] == pytest.approx((3 * 2 + 30 * 2.0) / (2 + 30), abs=1e-3)
    assert with_["GBS"]["SHG"] == pytest.approx((3 * 0 + 30 * 2.0) / (1 + 30), abs=1e-3)
    assert with_["GBS"]["SBV"] == 2.0  # never together: r(c)
    assert with_["SHG"]["GBS"] == pytest.approx((3 * 1 + 30 * 3.0) / (1 + 30), abs=1e-3)
    assert "GBS" not in with_["GBS"]
    four = count_table(RECORDS, 4)
    assert four["games"] == 1 and four["ratio"]["SBV"] == 4.0 and four["ratio"]["GBS"] == 0.0


def test_the_script_writes_a_table_the_bot_reads(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), "utf-8")
    out = tmp_path / "t.json"
    assert main([str(records), "--edition", "7", "--out", str(out)]) == 0
    raw = json.loads(out.read_text("utf-8"))
    assert raw["_about"]["command"].startswith("python scripts/opening_table_1881.py")
    assert "--edition 7" in raw["_about"]["regenerate"]
    read = opening_bots.parse(raw)
    assert read.edition == 7 and sorted(read.counts) == [3, 4, 5, 6]
    assert read.counts[3].ratio["GBS"] == 2.0
    assert read.counts[5].ratio == dict.fromkeys(TRAMS, 1.0)  # no 5-player games
    assert raw == opening_table(RECORDS, 7, raw["_about"]["command"]) | {"_about": raw["_about"]}


def test_the_score_prefers_the_company_that_does_well_with_what_is_open_4_25() -> None:
    ratios = Ratios(
        {"GBS": 1.2, "NBSN": 1.0, "SSC": 0.9},
        {"GBS": {"SSC": 0.6, "NBSN": 1.2}, "NBSN": {"SSC": 1.3, "GBS": 1.0}},
    )
    assert score(ratios, "GBS", []) == 1.2  # nothing open: r(c)
    assert score(ratios, "GBS", []) > score(ratios, "NBSN", [])
    # With SSC open, GBS does badly (0.6) and NBSN well (1.3): NBSN is the better opening.
    assert score(ratios, "NBSN", ["SSC"]) > score(ratios, "GBS", ["SSC"])
    assert score(ratios, "GBS", ["SSC", "NBSN"]) == pytest.approx(1.2 * 0.5 * 1.0)
    assert score(ratios, "SSC", ["GBS"]) == 0.9  # a pair the table lacks: r(c)
    assert score(ratios, "SBV", ["GBS"]) == 1.0  # a company it lacks: the fair share
    assert score(ratios, "GBS", ["GBS"]) == 1.2  # itself is no partner


def _tables() -> list[Path]:
    return sorted(DATA.glob("openings-edition-*.json"))


def test_there_is_an_opening_table_and_only_for_editions_that_exist() -> None:
    found = [int(p.stem.rsplit("-", 1)[1]) for p in _tables()]
    assert found and set(found) <= set(editions())
    assert opening_bots.table(1) is None and opening_bots.table(3) is None


@pytest.mark.parametrize("path", _tables(), ids=lambda p: p.name)
def test_a_shipped_table_is_valid(path: Path) -> None:
    """Every tram company at every player count 3-6 (2.2), every number positive."""
    raw = json.loads(path.read_text("utf-8"))
    edition = int(path.stem.rsplit("-", 1)[1])
    assert raw["edition"] == edition
    assert "opening_table_1881.py" in raw["_about"]["command"]
    found = opening_bots.table(edition)
    assert found is not None and sorted(found.counts) == [3, 4, 5, 6]
    for n, ratios in found.counts.items():
        assert raw["counts"][str(n)]["games"] > 0
        assert set(ratios.ratio) == set(TRAMS)
        assert all(r > 0 for r in ratios.ratio.values())
        assert set(ratios.with_) == set(TRAMS)
        for corp, by in ratios.with_.items():
            assert set(by) == set(TRAMS) - {corp}
            assert all(r > 0 for r in by.values())


def test_the_data_file_ships_with_the_package() -> None:
    """The wheel (hence the site under Pyodide) carries every JSON file of the package."""
    text = (DATA.parents[2] / "pyproject.toml").read_text("utf-8")
    assert '"**/*.json"' in text


def test_the_bot_draws_among_the_near_best_in_proportion_to_score_2_9() -> None:
    """Identical bots that always opened the best score opened one set per player count;
    near_best draws only among scores of at least NEAR times the best, each of them in
    some game, the better more often."""
    options = [("A", 1.0), ("B", NEAR * 1.0 + 0.05), ("C", NEAR * 1.0 - 0.05)]
    drawn = Counter(near_best(options, lambda o: o[1], Rng(seed))[0] for seed in range(400))
    assert set(drawn) == {"A", "B"}
    assert drawn["A"] > drawn["B"] > 100


def test_the_script_remakes_only_the_counts_named_and_keeps_the_others(tmp_path: Path) -> None:
    """`--players 3 --keep OLD`: the 3-player part from the records, 4-6 as in OLD."""
    records = tmp_path / "r.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), "utf-8")
    old = opening_table(RECORDS[-1:], 7, "python scripts/opening_table_1881.py old.jsonl")
    kept = tmp_path / "old.json"
    kept.write_text(json.dumps(old), "utf-8")
    out = tmp_path / "t.json"
    argv = [str(records), "--edition", "7", "--out", str(out), "--players", "3"]
    assert main([*argv, "--keep", str(kept)]) == 0
    raw = json.loads(out.read_text("utf-8"))
    assert raw["counts"]["3"] == count_table(RECORDS, 3)  # made from all the records
    assert raw["counts"]["3"]["games"] == 3 and old["counts"]["3"]["games"] == 0
    assert raw["counts"]["4"] == old["counts"]["4"]  # kept, though the records have a game
    assert raw["_about"]["kept"]["counts"] == ["4", "5", "6"]
    assert raw["_about"]["kept"]["command"] == old["_about"]["command"]
    with pytest.raises(SystemExit):  # a count left without records or a table to keep
        main(argv)
    with pytest.raises(SystemExit):  # another edition's table
        main([*argv, "--keep", str(kept), "--edition", "6"])


def test_edition_6s_table_knows_the_bots_own_3_player_games_2_9() -> None:
    """The table from random openings alone rated SSC beside BESTAG at 1.19 at 3 players,
    and SSC's opener won 76 of 1,000 of the bots' own games with BESTAG open (fair: 333).
    The shipped table also learns from those games (docs/1881-design.md, "Changes")."""
    raw = json.loads((DATA / "openings-edition-6.json").read_text("utf-8"))
    assert raw["_about"]["kept"]["counts"] == ["5", "6"]
    three = opening_bots.ratios_for(6, 3)
    assert three is not None
    assert score(three, "SSC", ["BESTAG"]) < 0.5
    assert score(three, "SSC", ["BESTAG"]) < score(three, "GBS", ["BESTAG"])
