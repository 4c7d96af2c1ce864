"""The normal bot's dividend and train for an S-Bahn part whose trains all go in the next
phase (12.7 "Die 4er-S-Bahnen werden in Phase 4 verschrottet").

Trainless, a part earns nothing and the engine lets it only withhold (9.10, A-35): its
vote pulls the price down every turn (12.12). So a part holding only 4S in phase 3
withholds a run when that run (with its holder's aid, 10.1) buys it a 7S in this turn's
train step, and buys it; otherwise it pays, which votes the price up."""

from __future__ import annotations

import pytest

from pygame_core import Game
from pygame_core.g1881.economy import SBAHN
from pygame_core.g1881.runs import CompanyRuns, TrainRun

from .game_helpers import refresh, world
from .positions import cash, phase, started, train
from .sbahn_helpers import act, at, sbahn_game, until

SEVEN_S = 600  # Table 7
AID = SEVEN_S // 4  # 10.1: the chairman may add up to 25 %


def _main_network_dividend(run: int, treasury: int = 200) -> Game:
    """Phase 3, the main network holding one 4S and `treasury`, at its dividend step
    with a run of `run` (its chairman holds far more than the aid)."""
    g = started(sbahn_game(), phase("3"), train(SBAHN), cash(SBAHN, treasury))
    until(g, at(SBAHN, "dividend"))
    w = world(g)
    assert w.op is not None and w.trains.trains(SBAHN) == ["4S-0"]
    assert w.eco.money.cash(w.eco.shares.director(SBAHN) or "") >= AID
    w.op.runs = CompanyRuns((TrainRun(4, None, run, 0),))
    refresh(g)
    return g


def _bot(g: Game) -> dict[str, object]:
    return g.bot_action(g.active or 0, "normal")


def test_a_part_with_only_4s_in_phase_3_saves_the_run_for_a_7s_1881_12_7() -> None:
    """12.7: 200 in the treasury, 150 aid: a run of 250 makes the 7S's 600, so the main
    network withholds it and buys the 7S at once, its 4S beside it (before, it paid and
    stood trainless in phase 4)."""
    g = _main_network_dividend(SEVEN_S - 200 - AID)
    assert _bot(g) == {"type": "dividend", "choice": "withhold"}
    act(g, _bot(g))
    until(g, at(SBAHN, "trains"))
    buy = _bot(g)
    assert buy["type"] == "buy_train" and str(buy["train"]).startswith("7S")
    act(g, buy)
    assert sorted(world(g).trains.trains(SBAHN)) == ["4S-0", "7S-0"]


@pytest.mark.parametrize(
    ("run", "treasury"),
    [
        pytest.param(SEVEN_S - 200 - AID - 10, 200, id="the run is 10 short of the 7S"),
        pytest.param(100, SEVEN_S, id="the 7S is paid without the run"),
    ],
)
def test_a_part_pays_when_withholding_buys_no_lasting_train_1881_12_12(
    run: int, treasury: int
) -> None:
    """12.12: paying votes the price up, so the part pays unless the kept run is what
    buys the lasting train now."""
    g = _main_network_dividend(run, treasury)
    assert _bot(g) == {"type": "dividend", "choice": "pay"}
