"""1840 Vienna Tramways: the title (game.py), its rounds, and its board and tile data
(from 18xx.games) on the shared 18xx machinery."""

from ..core.game import CATALOGS
from . import game  # noqa: F401  (registers the title)
from .catalog import catalog

CATALOGS["1840"] = catalog
