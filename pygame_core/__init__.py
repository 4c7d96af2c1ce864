"""Tramways rules engine: Trambahn, 1840 Vienna Tramways, 1881 Berlin. Stdlib only.

Start here: `new_game(title, players, options, seed)` returns a `Game`; see docs/engine-api.md.
"""

from . import g1840, trambahn  # noqa: F401  (register the titles)
from .core.errors import (
    CorruptSave,
    EngineError,
    GameIsOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    StaleState,
)
from .core.game import TITLES, Game, new_game
from .g1881 import catalog as _catalog_1881  # noqa: F401  (1881's CATALOGS entry)
from .g1881 import game as _game_1881  # noqa: F401  (registers 1881)

__all__ = [
    "TITLES",
    "CorruptSave",
    "EngineError",
    "Game",
    "GameIsOver",
    "IllegalAction",
    "InvalidAction",
    "NotYourTurn",
    "StaleState",
    "new_game",
]
