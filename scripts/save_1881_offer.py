"""Write e2e/data/1881-offer.json: a 4-player 1881 game played by the normal bots from a
fixed seed up to the first moment the operating company's director may offer to buy a
train from a company another player directs (1881 10.5). e2e/test_1881_offers.py opens it.

Run: PYTHONPATH=. python scripts/save_1881_offer.py
"""

from __future__ import annotations

import json
from pathlib import Path

from pygame_core import Game
from scripts.demos_1881 import edition_game

OUT = Path(__file__).resolve().parent.parent / "e2e" / "data" / "1881-offer.json"
PLAYERS = ["Anna", "Ben", "Clara", "David"]
SEED = 1
EDITION = 1  # the design edition of the shipped file (new games default to the latest)


def offer_possible(game: Game) -> bool:
    """True when the active seat may offer for a train of a company another seat directs."""
    seat = game.active
    if seat is None:
        return False
    directs = game.view(seat)["players"]
    others = {c for p in directs if p["seat"] != seat for c in p["directs"]}
    return any(
        a["type"] == "offer_train" and a["seller"] in others for a in game.legal_actions(seat)
    )


def position() -> Game:
    """The bots' game up to the first train offer between two directors."""
    game = edition_game(PLAYERS, {}, SEED, EDITION)
    while game.active is not None and not offer_possible(game):
        seat = game.active
        game.apply(game.bot_action(seat, "normal"), seat)
    if game.active is None:
        raise SystemExit("the game ended without a train offer")
    return game


def main() -> None:
    game = position()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(game.save(), indent=1) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(game.actions)} actions, seat {game.active} to offer")


if __name__ == "__main__":
    main()
