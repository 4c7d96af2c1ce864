"""Set-ups for the S-Bahn turn tests: a bot game brought to a stock round of phase 2,
the S-Bahn floated there through the share side (companies.py) and its start depots put
on the map by hand (the chairman's "S", each seat's part token)."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable

from pygame_core import Game
from pygame_core.g18xx.money import BANK
from pygame_core.g18xx.shares import IPO
from pygame_core.g1881.companies import buy
from pygame_core.g1881.depots import Circle, circles
from pygame_core.g1881.economy import SBAHN, part_holder
from pygame_core.g1881.world import World

from .game_helpers import new, refresh, world

# Start depots: the main network on Spandau (G3), seat 1 two hexes down the Trasse on G5
# (G4 between them takes an S tile), seats 2 and 3 far off on J11 and K2.
STARTS = {SBAHN: "G3", part_holder(1): "G5", part_holder(2): "J11", part_holder(3): "K2"}


def place_s(w: World, part: str, coord: str) -> None:
    """Put `part`'s depot on the S circle of the station on `coord`."""
    tile, _ = w.map.tile(coord)
    slot = circles(tile, 0).index(Circle.S)
    w.map.place_token(coord, 0, part, slot)
    w.map_version += 1


def _play(g: Game, stop: Callable[[World], bool]) -> None:
    while g.active is not None and not stop(world(g)):
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    assert g.active is not None, "the game ended first"


BUYERS = ("P0", "P1", "P2", "P3", "P0")


@functools.cache
def _floated(seed: int, buyers: tuple[str, ...] = BUYERS) -> Game:
    g = new(4, seed)
    _play(g, lambda w: w.trains.phase == "2" and w.step == "stock")
    w = world(g)
    for p in w.players:
        w.eco.money.transfer(BANK, p, 400, "a test's gift")
    for corp in set(buyers) - set(w.players):  # a tram company buying a seat (12.5, A-50)
        w.eco.money.transfer(BANK, corp, 200, "a test's gift")
    # By default share 1 (chairman) to P0, the board seats 2-4 to P1, P2, P3, share 5 to
    # P0: 30 %.
    for p in buyers:
        buy(w.eco, p, SBAHN, IPO)
    assert SBAHN in w.eco.floated
    for part, coord in STARTS.items():
        place_s(w, part, coord)
        w.start_depots.append(part)  # placed: the start-depot decisions are settled (12.5)
    refresh(g)
    _play(g, lambda w: w.sbahn is not None)
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


def give_train(w: World, owner: str, name: str = "4S") -> str:
    """Hand `owner` a train of type `name` from the bank's stock (a position for a test)."""
    train = w.trains.bank.stock[name].pop(0)
    w.trains.owned.setdefault(owner, []).append(train)
    return train
