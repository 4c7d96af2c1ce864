"""Write e2e/data/1881-sbahn-*.json: positions of 4-player 1881 games played by the normal
bots from fixed seeds, each stopped at the first moment an S-Bahn decision is next for a
player (rulebook 10.9, 12.1-12.13). e2e/test_1881_sbahn.py opens them and clicks.

  share        the stock round offers a new S-Bahn share (12.1)
  start-depot  a board member places a start depot on the Trasse (12.5 / A-42)
  part-run     an S-Bahn part runs its trains (12.5; then pays and buys an S train)
  company      a tram company's director may buy an S-Bahn share in its train step (10.9)
  depot-offer  a director may offer to buy a depot of a company another player directs (7.8)

The commission (12.5 / A-48) and a train scrapped at the S-Bahn's limit (12.7) the bots'
games never reach: scripts/save_1881_steered.py writes those two.

Run: PYTHONPATH=. python scripts/save_1881_sbahn.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pygame_core import Game
from scripts.demos_1881 import edition_game

OUT = Path(__file__).resolve().parent.parent / "e2e" / "data"
PLAYERS = ["Anna", "Ben", "Clara", "David"]
SEEDS = range(1, 13)
MAX_ACTIONS = 3000
EDITION = 1  # the design edition of the shipped files (new games default to the latest)

Legal = list[dict[str, Any]]


def _others(game: Game, seat: int) -> set[str]:
    """The companies other seats direct."""
    players = game.view(seat)["players"]
    return {c for p in players if p["seat"] != seat for c in p["directs"]}


def _share(game: Game, seat: int, legal: Legal) -> bool:
    return any(a["type"] == "buy" and a.get("company") == "S" for a in legal)


def _start_depot(game: Game, seat: int, legal: Legal) -> bool:
    return any(a["type"] == "place_start_depot" for a in legal)


def _part_run(game: Game, seat: int, legal: Legal) -> bool:
    view = game.view(seat)
    return (view.get("acting") or {}).get("entity") == "S" and any(
        a["type"] == "run" for a in legal
    )


def _company(game: Game, seat: int, legal: Legal) -> bool:
    return any(a["type"] == "buy_sbahn" for a in legal)


def _depot_offer(game: Game, seat: int, legal: Legal) -> bool:
    others = _others(game, seat)
    return any(a["type"] == "offer_depot" and a["seller"] in others for a in legal)


WANTED: dict[str, Callable[[Game, int, Legal], bool]] = {
    "share": _share,
    "start-depot": _start_depot,
    "part-run": _part_run,
    "company": _company,
    "depot-offer": _depot_offer,
}


def positions() -> dict[str, Game]:
    """The first position of each wanted kind, over the seeds in order."""
    found: dict[str, Game] = {}
    for seed in SEEDS:
        game = edition_game(PLAYERS, {}, seed, EDITION)
        while game.active is not None and len(game.actions) < MAX_ACTIONS:
            seat = game.active
            legal = game.legal_actions(seat)
            for name, wanted in WANTED.items():
                if name not in found and wanted(game, seat, legal):
                    found[name] = Game.from_json(json.dumps(game.save()))
            if len(found) == len(WANTED):
                return found
            game.apply(game.bot_action(seat, "normal"), seat)
    return found


def main() -> None:
    found = positions()
    for name, game in found.items():
        out = OUT / f"1881-sbahn-{name}.json"
        out.write_text(json.dumps(game.save(), indent=1) + "\n", encoding="utf-8")
        print(f"{out.name}: {len(game.actions)} actions, seat {game.active} to act")
    missing = sorted(set(WANTED) - set(found))
    if missing:
        raise SystemExit(f"not found in seeds {SEEDS.start}-{SEEDS.stop - 1}: {missing}")


if __name__ == "__main__":
    main()
