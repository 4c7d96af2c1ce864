"""Write e2e/data/1881-sbahn-{commission,scrap}.json: two S-Bahn decisions the bots' own games
never reach, reached by steering a seeded 4-player game: every action is a legal one, the
normal bots' except where a short policy picks another legal entry. No position is edited.
e2e/test_1881_sbahn_steered.py opens them and clicks.

  commission  board seat 1's holder places his start depot on Warschauer Str. (J11, 12.5 /
              A-42), his sub-network lays an S tile (27) on I11 to the next Trasse station,
              its 4S runs there and pays: the position stops at that dividend (pay or
              withhold), after which the holder may take the 20 commission (12.5 / A-48)
  scrap       the tram companies buy a train whenever they may (phase 3 comes early) and the
              S-Bahn's parts always withhold; the position stops when the main network, at
              the train limit with its 4S, may buy the 7S only by scrapping one (12.7, A-45)

Run: PYTHONPATH=. python scripts/save_1881_steered.py
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pygame_core import Game
from pygame_core.g1881.economy import SBAHN
from pygame_core.g1881.game import Berlin1881
from scripts.demos_1881 import edition_game

OUT = Path(__file__).resolve().parent.parent / "e2e" / "data"
PLAYERS = ["Anna", "Ben", "Clara", "David"]
SEED = 1
MAX_ACTIONS = 3000
EDITION = 1  # the design edition of the shipped files (new games default to the latest)

Legal = list[dict[str, Any]]
Action = dict[str, Any]
# a policy: the action it picks, or None for the bot's
Policy = Callable[[Game, int, Legal], Action | None]
# a stop: True at the position to write
Stop = Callable[[Game, int, Legal], bool]

# board seat 1's sub-network: its start depot and the S tile that links it to I11
SUB_DEPOT = "J11"
SUB_LAY = ("I11", "27")


def _part(game: Game) -> str | None:
    """The S-Bahn part operating now (None outside the S-Bahn's turn)."""
    state = game.state
    assert isinstance(state, Berlin1881)
    turn = state.w.sbahn
    return None if turn is None else turn.part


def _first(legal: Legal, **want: Any) -> Action | None:
    return next((a for a in legal if all(a.get(k) == v for k, v in want.items())), None)


def commission_policy(game: Game, seat: int, legal: Legal) -> Action | None:
    """Seat 1's part: depot on J11, the tile on I11, pay out."""
    pending = game.view(seat).get("start_depot") or {}
    if pending.get("part") not in (None, SBAHN):
        return _first(legal, type="place_start_depot", hex=SUB_DEPOT)
    part = _part(game)
    if part is None or part == SBAHN:
        return None
    hex_, tile = SUB_LAY
    return _first(legal, type="lay_tile", hex=hex_, tile=tile) or _first(
        legal, type="dividend", choice="pay"
    )


def commission_next(game: Game, seat: int, legal: Legal) -> bool:
    """A sub-network decides a paying result (the commission follows the payout)."""
    part = _part(game)
    return part not in (None, SBAHN) and _first(legal, type="dividend", choice="pay") is not None


def scrap_policy(game: Game, seat: int, legal: Legal) -> Action | None:
    """Trams buy the first train on offer; the S-Bahn's parts withhold."""
    if _part(game) is None:
        return _first(legal, type="buy_train")
    return _first(legal, type="dividend", choice="withhold")


def scrap_offered(game: Game, seat: int, legal: Legal) -> bool:
    """A train purchase is offered only with a scrap (the S-Bahn at its limit)."""
    return any(a["type"] == "buy_train" and a.get("scrap") for a in legal)


WANTED: dict[str, tuple[Policy, Stop]] = {
    "commission": (commission_policy, commission_next),
    "scrap": (scrap_policy, scrap_offered),
}


def steer(policy: Policy, stop: Stop) -> Game:
    """The seeded game played by `policy` (the normal bot where it has no choice) up to
    `stop`."""
    game = edition_game(PLAYERS, {}, SEED, EDITION)
    while game.active is not None and len(game.actions) < MAX_ACTIONS:
        seat = game.active
        legal = game.legal_actions(seat)
        if stop(game, seat, legal):
            return game
        game.apply(policy(game, seat, legal) or game.bot_action(seat, "normal"), seat)
    raise SystemExit(f"seed {SEED}: the steered game never stopped")


def main() -> None:
    for name, (policy, stop) in WANTED.items():
        game = steer(policy, stop)
        out = OUT / f"1881-sbahn-{name}.json"
        out.write_text(json.dumps(game.save(), indent=1) + "\n", encoding="utf-8")
        print(f"{out.name}: {len(game.actions)} actions, seat {game.active} to act")


if __name__ == "__main__":
    main()
