"""Set-ups for the S-Bahn turn tests: a bot game brought to a stock round of phase 2,
a new game started from its position with the S-Bahn floated and its start depots on the
map (the chairman's "S", each seat's part token): tests/g1881/positions.py."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable

from pygame_core import Game
from pygame_core.g1881.economy import SBAHN, part_holder
from pygame_core.g1881.runs import CompanyRuns, TrainRun
from pygame_core.g1881.world import World

from .game_helpers import new, refresh, world
from .positions import Edit, Position, gift, s_depot, sbahn_floated, started

# Start depots: the main network on Spandau (G3), seat 1 two hexes down the Trasse on G5
# (G4 between them takes an S tile), seats 2 and 3 far off on J11 and K2.
STARTS = {SBAHN: "G3", part_holder(1): "G5", part_holder(2): "J11", part_holder(3): "K2"}


def play(g: Game, stop: Callable[[World], bool]) -> None:
    """The normal bots play every seat until `stop` holds (fails if the game ends first)."""
    while g.active is not None and not stop(world(g)):
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    assert g.active is not None, "the game ended first"


BUYERS = ("P0", "P1", "P2", "P3", "P0")


def floated(buyers: tuple[str, ...] = BUYERS, *, settled: bool = True) -> list[Edit]:
    """Edits of a position: every player gets 400 more (and a tram company buying a
    seat 200: 12.5, A-50), `buyers` buy S-Bahn shares 1.. (by default share 1, the
    chairman's, to P0, the board seats 2-4 to P1, P2, P3, share 5 to P0: 30 %), and, when
    `settled` (the start-depot decisions made, 12.5), the start depots stand on STARTS;
    else the game asks for them."""

    def decided(p: Position) -> None:
        p["start_depots"] = list(STARTS)

    players = [f"P{i}" for i in range(4)]  # the game of `new(4, seed)`
    corps = sorted(set(buyers) - set(players))
    depots = [*(s_depot(part, coord) for part, coord in STARTS.items()), decided]
    return [
        *(gift(p, 400) for p in players),
        *(gift(c, 200) for c in corps),
        sbahn_floated(buyers),
        *(depots if settled else []),
    ]


@functools.cache
def _floated(seed: int, buyers: tuple[str, ...] = BUYERS) -> Game:
    g = new(4, seed)
    play(g, lambda w: w.trains.phase == "2" and w.step == "stock")
    g = started(g, *floated(buyers))
    play(g, lambda w: w.sbahn is not None)
    return g


def sbahn_game(seed: int = 3, buyers: tuple[str, ...] = BUYERS) -> Game:
    """A 4-player game in the S-Bahn's first turn (main network, track step or later);
    `buyers` bought S-Bahn shares 1-5 (1: the chair, 2-4: board seats 1-3)."""
    return copy.deepcopy(_floated(seed, buyers))


def act(g: Game, action: dict[str, object]) -> None:
    """The acting seat applies `action`."""
    seat = g.active
    assert seat is not None
    g.apply(action, seat)


def plain(g: Game) -> dict[str, object]:
    """A plain choice for the S-Bahn part acting: end the step, run, the first dividend
    choice, the first train on offer."""
    seat = g.active
    assert seat is not None
    legal = g.legal_actions(seat)
    for kind in ("done", "run"):
        found = next((e for e in legal if e["type"] == kind), None)
        if found is not None:
            return found
    return legal[0]


def until(g: Game, stop: Callable[[World], bool]) -> None:
    """Plain choices until `stop` holds (fails if the S-Bahn's turn ends first)."""
    while not stop(world(g)):
        assert world(g).sbahn is not None, "the S-Bahn's turn ended first"
        act(g, plain(g))


def at(part: str, step: str) -> Callable[[World], bool]:
    """True once `part` is in `step`."""
    return lambda w: w.sbahn is not None and w.sbahn.part == part and w.step == step


def pay_as(g: Game, part: str, amount: int, choice: str) -> None:
    """At `part`'s dividend step: its run is worth `amount` (one 4S run), then `choice`."""
    until(g, at(part, "dividend"))
    w = world(g)
    assert w.op is not None
    w.op.runs = CompanyRuns((TrainRun(4, None, amount, 0),))
    refresh(g)
    act(g, {"type": "dividend", "choice": choice})
