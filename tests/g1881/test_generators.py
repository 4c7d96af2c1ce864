"""The scripts that write shipped 1881 files still reach their situations on the current
engine (the bots' play changes, so a seeded game may stop reaching one): each is run into a
temporary directory and its output checked as the tests of the shipped file check it.

    scripts/make_demos.py 1881-chairman-swap   web/demos/1881-chairman-swap.json (12.3)
    scripts/save_1881_steered.py               e2e/data/1881-sbahn-{commission,scrap}.json
                                               (12.5 / A-48, 12.7 / A-45)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pygame_core import Game
from pygame_core.g1881.economy import SBAHN, part_holder
from pygame_core.g1881.game import edition_option
from pygame_core.g1881.source import FIRST
from scripts import make_demos, save_1881_steered
from tests.core.test_demos import check_chairman_swap


def _saved(path: Path) -> Game:
    """The save at `path`, replayed (raises on an illegal action or a hash mismatch); of
    design edition 1 as the shipped files."""
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    assert edition_option(data["options"]) == FIRST
    return Game.from_json(data)


def test_make_demos_writes_the_chairman_swap_again_12_3(tmp_path: Path) -> None:
    """1881 12.3 (C-47): the demo written again shows the swap as the shipped one does."""
    assert make_demos.main(["--out", str(tmp_path), "1881-chairman-swap"]) == 0
    demo: dict[str, Any] = json.loads((tmp_path / "1881-chairman-swap.json").read_text())
    assert edition_option(demo["options"]) == FIRST
    check_chairman_swap(demo)


def test_save_1881_steered_writes_both_decisions_again(tmp_path: Path) -> None:
    """1881 12.5 / A-48: board seat 1's sub-network decides a payout after which its holder
    may take the 20 commission; 12.7 / A-45: the main network, its parts at the train limit,
    may buy only by scrapping a train (as e2e/test_1881_sbahn_steered.py clicks them)."""
    save_1881_steered.main(["--out", str(tmp_path)])

    game = _saved(tmp_path / "1881-sbahn-commission.json")
    seat = game.active
    assert seat is not None
    assert game.view(seat)["sbahn_turn"]["acting"]["part"] == part_holder(1)
    game.apply({"type": "dividend", "choice": "pay"}, seat)
    assert game.active is not None
    assert {"type": "take_commission"} in game.legal_actions(game.active)

    game = _saved(tmp_path / "1881-sbahn-scrap.json")
    seat = game.active
    assert seat is not None
    assert game.view(seat)["sbahn_turn"]["acting"]["part"] == SBAHN
    offers = [a for a in game.legal_actions(seat) if a["type"] == "buy_train"]
    assert offers and all(a.get("scrap") for a in offers)
    view = game.view(None)
    assert sum(len(p["trains"]) for p in view["sbahn"]["parts"]) == view["trains"]["limit"]
