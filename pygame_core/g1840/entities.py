"""1840's companies, Lines, sights, trams and round track, loaded from data/*.json.

The numbers come from 18xx.games (see each file's `_source`) and agree with the German
rulebook's tables (IV.1.2, IV.1.3 Tabelle 3, III.5 Tabelle 1, the round track on the map).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any, Final

PLAYERS: Final = range(2, 7)


def _load(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath("data", name).read_text("utf-8"))


@functools.cache
def entities() -> Mapping[str, Any]:
    """Majors, Stadtbahn companies (par, setup tokens per map), Lines, sights, cash."""
    return _load("entities.json")  # type: ignore[no-any-return]


@functools.cache
def trams() -> Mapping[str, Any]:
    """Tram types with the price of each purchase field, counts per player count, the
    variants each Company Round offers, exports and maintenance."""
    return _load("trams.json")  # type: ignore[no-any-return]


@functools.cache
def round_track() -> tuple[Mapping[str, Any], ...]:
    """The round track in order: Pre, SR1, CR1 (x1), LR1a, ... CR6 (x10), End."""
    return tuple(_load("rounds.json")["track"])


def stadtbahn_multiplier(company_round: int) -> int:
    """How many times a Stadtbahn company's revenue is paid out in CR `company_round`
    (the factor printed on the round track: x1, x1, x1, x2, x3, x10)."""
    for r in round_track():
        if r["type"] == "CR" and r["name"] == str(company_round):
            return int(r["multiplier"])
    raise KeyError(f"No Company Round {company_round}")


def tram_counts(players: int) -> Mapping[str, int]:
    """III.5 Tabelle 1: how many trams of each type are in the game."""
    if players not in PLAYERS:
        raise ValueError(f"1840 is for 2 to 6 players, not {players}")
    return trams()["counts"][str(players)]  # type: ignore[no-any-return]


def variant_for(players: int, three_player_small: bool = False) -> str:
    """The map for a player count: XIII (2 players) the 3-player board with the 2-player
    overlay; XII (3 players) the reduced board if chosen; otherwise the main board."""
    if players not in PLAYERS:
        raise ValueError(f"1840 is for 2 to 6 players, not {players}")
    if players == 2:
        return "two_player"
    if players == 3 and three_player_small:
        return "three_player_small"
    if three_player_small:
        raise ValueError("The reduced board is for 3 players (XII)")
    return "standard"
