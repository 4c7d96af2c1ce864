"""1840's rounds, steps and phases as data (flow.py, trams.PHASES) on the shared core."""

from __future__ import annotations

from pygame_core.g1840.flow import FLOW
from pygame_core.g1840.trams import PHASES
from pygame_core.g1840.world import TRACK, phase_at


def _index(label: str) -> int:
    return next(e.index for e in TRACK.entries if e.label == label)


def test_every_round_on_the_track_is_declared() -> None:
    """The round track (data/rounds.json): Pre, SR, CR and LR rounds, the end after CR 6 (XI)."""
    kinds = {e.kind for e in TRACK.entries}
    assert kinds == {"PRE", "SR", "CR", "LR", "End"}
    assert {r.kind for r in FLOW.rounds} == kinds
    assert TRACK.first().kind == "PRE" and TRACK.entries[-1].kind == "End"


def test_the_round_track_starts_the_phases() -> None:
    """IX.5: green tiles from LR 2a, brown from LR 4a, gray from LR 5a."""
    assert phase_at(_index("LR 1b")) == "1"
    assert phase_at(_index("CR 2")) == "1"
    assert phase_at(_index("LR 2a")) == "2"
    assert phase_at(_index("LR 3b")) == "2"
    assert phase_at(_index("LR 4a")) == "3"
    assert phase_at(_index("LR 5a")) == "4"
    assert PHASES.tiles(phase_at(_index("LR 4b"))) == ("yellow", "green", "brown")


def test_a_major_owns_at_most_three_trams_in_every_phase() -> None:
    """VIII.5.3: "bis zu drei Straßenbahnen"; no purchase changes the phase."""
    assert {PHASES.train_limit(p.name) for p in PHASES.phases} == {3}
    assert all(t.triggers is None and t.rusts_on is None for t in PHASES.trains)
    assert PHASES.after_purchase("1", "Pu1") is None
