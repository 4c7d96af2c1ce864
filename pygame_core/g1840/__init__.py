"""1840 Vienna Tramways: the title (game.py), its rounds, and its board and tile data
(from 18xx.games) on the shared 18xx machinery."""

from typing import Any

from ..core.game import CATALOGS, IMPORT_JOBS, IMPORTERS, Game
from . import game  # noqa: F401  (registers the title)
from .catalog import catalog
from .importer import ImportJob, import_game


def _import(data: Any) -> Game:
    return import_game(data)[0]


CATALOGS["1840"] = catalog
IMPORTERS["1840"] = _import
IMPORT_JOBS["1840"] = ImportJob
