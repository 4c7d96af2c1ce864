"""Write e2e/data/1881-sbahn-veto.json: a 4-player 1881 game with the S-Bahn board's veto on
(option s_veto, 1881 12.6), played by the normal bots from a fixed seed up to the first
moment the chairman decides the main network's dividend with a choice and two other
persons on the board. e2e/test_1881_veto.py opens it.

Run: PYTHONPATH=. python scripts/save_1881_veto.py
"""

from __future__ import annotations

import json
from pathlib import Path

from pygame_core import Game
from pygame_core.g1881 import sbahn_turn, sbahn_veto
from pygame_core.g1881.economy import SBAHN
from pygame_core.g1881.game import Berlin1881
from pygame_core.g1881.world import DIVIDEND
from scripts.demos_1881 import edition_game

OUT = Path(__file__).resolve().parent.parent / "e2e" / "data" / "1881-sbahn-veto.json"
PLAYERS = ["Anna", "Ben", "Clara", "David"]
SEED = 1
OPTIONS = {"s_veto": True}
EDITION = 1  # the design edition of the shipped file (new games default to the latest)


def chairman_decides(game: Game) -> bool:
    """True when the chairman decides the main network's result with a choice open and
    the board has two persons besides him."""
    state = game.state
    assert isinstance(state, Berlin1881)
    w = state.w
    turn = w.sbahn
    if turn is None or turn.part != SBAHN or w.step != DIVIDEND or sbahn_veto.pending(w):
        return False
    return len(sbahn_veto.members(w)) >= 3 and len(sbahn_turn.dividend_choices(w)) >= 2


def position() -> Game:
    """The bots' game up to the chairman's dividend choice."""
    game = edition_game(PLAYERS, OPTIONS, SEED, EDITION)
    while game.active is not None and not chairman_decides(game):
        seat = game.active
        game.apply(game.bot_action(seat, "normal"), seat)
    if game.active is None:
        raise SystemExit("the game ended before the chairman's dividend choice")
    return game


def main() -> None:
    game = position()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(game.save(), indent=1) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(game.actions)} actions, seat {game.active} (chairman) to decide")


if __name__ == "__main__":
    main()
