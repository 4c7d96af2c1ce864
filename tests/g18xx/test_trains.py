"""Trains and phases as data (g18xx/trains.py), declared as a title would declare them.

The table under test is 1881's, as the title declares it (g1881/trains.py, from its design
data board.json: seed 004 Tabelle 2 and 7): a phase changes when the first tram of a new level is
bought (11.1), a change rusts the older trains (10.4, 11.2, Tabelle 2), the train limit
and the number of operating rounds follow the phase (10.7, 3.2, Tabelle 2).
"""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core.core.errors import IllegalAction, InvalidAction
from pygame_core.g18xx.trains import Phase, PhaseTable, TrainBank, TrainType, rust
from pygame_core.g1881 import source
from pygame_core.g1881.trains import PHASES


def table() -> PhaseTable:
    """1881's table, as the title declares it (g1881/trains.py, from board.json)."""
    return PHASES


def _data() -> dict[str, Any]:
    """The design data the table is built from (phases, operating rounds by phase)."""
    return {
        "phases": source.section("phases")["list"],
        "operating_rounds_by_phase": source.section("round_schedule")["operating_rounds_by_phase"],
    }


def test_the_game_starts_in_phase_1_with_yellow_tiles() -> None:
    """11.3: "Das Spiel beginnt mit Phase 1"; Tabelle 2: yellow tiles, two lays (6.1)."""
    t = table()
    assert t.first == "1"
    assert t.tiles("1") == ("yellow",)
    assert t.phase("1").tile_lays == 2


def test_the_first_tram_of_a_new_level_changes_the_phase() -> None:
    """11.1: the first 3 starts phase 2, the first 4 phase 3, the first 5 phase 4."""
    t = table()
    assert t.after_purchase("1", "2") is None
    change = t.after_purchase("1", "3")
    assert change is not None and change.new == "2"
    change = t.after_purchase("2", "4")
    assert change is not None and (change.old, change.new) == ("2", "3")
    change = t.after_purchase("3", "5")
    assert change is not None and change.new == "4"
    # A later 3 (phase 2 reached) or a 6 changes nothing.
    assert t.after_purchase("2", "3") is None
    assert t.after_purchase("4", "6") is None


def test_s_bahn_trains_never_change_the_phase() -> None:
    """11.1 names only trams; 10.3: S trains are an alternative from phase 2."""
    t = table()
    for name in ("4S", "7S", "9S"):
        assert t.train(name).kind == "sbahn"
        assert t.after_purchase("2", name) is None


def test_a_phase_change_rusts_the_older_trains() -> None:
    """10.4 / 11.2 / Tabelle 2: phase 3 scraps the 2s; phase 4 the 3s and the 4S."""
    t = table()
    assert t.change("2", "3").rusted == ("2",)
    assert t.change("3", "4").rusted == ("3", "4S")
    assert t.change("1", "2").rusted == ()
    # The data's per-phase list agrees with the trains' own `rusts_on`.
    data = _data()
    for i in range(1, len(data["phases"])):
        prev, phase = data["phases"][i - 1]["name"], data["phases"][i]["name"]
        assert list(t.change(prev, phase).rusted) == data["phases"][i]["rusts"]


def test_a_jump_over_a_phase_rusts_what_each_phase_passed_rusts() -> None:
    t = table()
    assert t.change("2", "4").rusted == ("2", "3", "4S")
    with pytest.raises(ValueError):
        t.change("3", "2")


def test_rusting_takes_the_rusted_trains_from_every_holder() -> None:
    """10.4: scrapped trains leave the game."""
    t = table()
    holdings = {"A": ["2-0", "3-0"], "B": ["4S-0"], "C": ["4-0"]}
    gone = rust(holdings, t.change("3", "4").rusted, lambda tid: tid.rsplit("-", 1)[0])
    assert gone == {"A": ["3-0"], "B": ["4S-0"]}


def test_train_limits_follow_the_phase() -> None:
    """10.7 / Tabelle 2: 4, 4, 3, 2 trains per company."""
    t = table()
    assert [t.train_limit(p) for p in ("1", "2", "3", "4")] == [4, 4, 3, 2]
    t.check_train_limit("3", 2, "AGB")
    with pytest.raises(IllegalAction) as err:
        t.check_train_limit("4", 2, "AGB")
    assert err.value.rule == "1881 10.7"
    assert t.excess("4", 3) == 1 and t.excess("3", 3) == 0


def test_operating_rounds_per_phase_are_1_2_3_3() -> None:
    """3.2 / Tabelle 2: a game round has 1 to 3 operating rounds by phase."""
    t = table()
    data = _data()
    by_phase = {p: t.operating_rounds(p) for p in ("1", "2", "3", "4")}
    assert by_phase == {"1": 1, "2": 2, "3": 3, "4": 3} == data["operating_rounds_by_phase"]


def test_tiles_grow_with_the_phase() -> None:
    """11.2: each phase adds a set of tiles (Tabelle 2)."""
    t = table()
    assert t.tiles("4") == ("yellow", "green", "brown", "gray")
    for a, b in (("1", "2"), ("2", "3"), ("3", "4")):
        assert set(t.tiles(a)) < set(t.tiles(b))


def test_a_round_track_can_set_the_phase() -> None:
    """A title whose printed round track starts the phases (no purchase triggers them)."""
    t = PhaseTable(
        (
            Phase("1", ("yellow",), 3),
            Phase("2", ("yellow", "green"), 3, starts_on="OR 2"),
            Phase("3", ("yellow", "green", "brown"), 3, starts_on="OR 4"),
        )
    )
    assert t.at_rounds(["SR 1", "OR 1"]) == "1"
    assert t.at_rounds(["SR 1", "OR 1", "OR 2", "OR 3"]) == "2"
    assert t.at_rounds(["OR 2", "OR 4", "OR 2"]) == "3"
    change = t.after_round("2", "OR 4")
    assert change is not None and change.new == "3"


def test_unknown_names_and_bad_tables_are_refused() -> None:
    t = table()
    with pytest.raises(InvalidAction):
        t.phase("9")
    with pytest.raises(InvalidAction):
        t.train("8")
    with pytest.raises(ValueError):
        PhaseTable(())
    with pytest.raises(ValueError):
        PhaseTable((Phase("1", ("yellow",), 4),), (TrainType("2", 80, rusts_on="7"),))
    uncounted = PhaseTable((Phase("1", ("yellow",), 4),), (TrainType("2", 80),))
    with pytest.raises(ValueError):
        TrainBank.of(uncounted)
    assert TrainBank.of(uncounted, {"2": 2}).stock == {"2": ["2-0", "2-1"]}


def test_the_bank_sells_the_lowest_tram_in_stock_and_s_trains_from_their_phase() -> None:
    """10.3: only the lowest level in stock (the 2s first), the next level once those are
    sold; S trains from phase 2 as an alternative (12.7: 7S and 9S in phases 3 and 4)."""
    t = table()
    bank = TrainBank.of(t)
    assert bank.on_offer(t, "1") == ["2"]
    with pytest.raises(IllegalAction) as err:
        bank.buy(t, "1", "3")
    assert err.value.rule == "1881 10.7" and bank.stock["3"] == [f"3-{i}" for i in range(6)]
    for _ in range(9):
        train, change = bank.buy(t, "1", "2")
        assert change is None
    assert train == "2-8" and bank.on_offer(t, "1") == ["3"]
    # 11.1: the first 3 starts phase 2; now the 4S is on offer beside the 3s.
    train, change = bank.buy(t, "1", "3")
    assert train == "3-0" and change is not None and change.new == "2"
    assert bank.on_offer(t, "2") == ["3", "4S"]
    assert bank.on_offer(t, "3") == ["3", "4S", "7S"]
    assert bank.on_offer(t, "4") == ["3", "4S", "7S", "9S"]
    assert bank.to_dict()["2"] == []
