"""1840 Vienna Tramways: board and tile data (from 18xx.games) on the shared 18xx machinery."""

from ..core.game import CATALOGS
from .catalog import catalog

CATALOGS["1840"] = catalog
