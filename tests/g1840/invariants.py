"""What must hold in every position of a game of 1840; `broken` lists what does not.

Used after every action by `test_invariants.py` (a sample of bot games) and by
`scripts/fuzz_1840.py` (many games). Each check names the rule it stands for.
"""

from __future__ import annotations

from pygame_core import Game
from pygame_core.g1840.game import Vienna1840
from pygame_core.g1840.position_checks import STADTBAHN, broken_world
from pygame_core.g1840.world import World

__all__ = ["STADTBAHN", "broken", "play_checked", "world_of"]


def world_of(g: Game) -> World:
    state = g.state
    assert isinstance(state, Vienna1840)
    return state.w


def broken(g: Game) -> list[str]:
    """Every invariant the game's current position breaks (empty: all hold)."""
    return broken_world(world_of(g))


NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn")


def play_checked(
    players: int,
    seed: int,
    *,
    profile: str = "rulebook",
    small: bool = False,
    levels: tuple[str, ...] | None = None,
    roundtrip: bool = True,
    limit: int = 20000,
) -> tuple[Game, int, list[str]]:
    """Play a seeded game with bots (`levels`: one per seat, default all "easy"), checking
    `broken` after every action and, with `roundtrip`, that the save loads back to the same
    state hash. Returns the game, the number of actions and the failures (the first one
    stops the game), each naming the action index."""
    from pygame_core import EngineError, new_game

    seats = levels or ("easy",) * players
    options: dict[str, object] = {"profile": profile}
    if small:
        options["three_player_small"] = True
    g = new_game("1840", list(NAMES[:players]), options, seed)
    errors = broken(g)
    if errors:
        return g, 0, [f"at setup: {errors[:3]}"]
    n = 0
    while g.active is not None:
        if n >= limit:
            return g, n, [f"no end after {limit} actions"]
        seat = g.active
        try:
            action = g.bot_action(seat, seats[seat])
            g.apply(action, seat)
        except EngineError as exc:
            return g, n, [f"action {n}: {exc.kind}: {exc.message}"]
        n += 1
        errors = broken(g)
        if errors:
            return g, n, [f"action {n - 1} {action}: {errors[:3]}"]
    if g.result() is None:
        return g, n, ["no result at the end"]
    if roundtrip and Game.from_json(g.to_json()).state_hash() != g.state_hash():
        return g, n, ["the state hash changes through to_json/from_json"]
    return g, n, []
