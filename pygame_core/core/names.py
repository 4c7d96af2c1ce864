"""Player names: the rules every game's names keep, and the tidying that the front doors
(the API's `new`, the 1840 import) apply before a game is made.

The rules (docs/engine-api.md, "Player names"): a name is text of 1 to 20 characters, not
blank, without control characters, line breaks or lone surrogates (they break the page's
layout and its JSON), and no two players of a game share a name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any, Final

from .errors import InvalidAction, quote

MAX_NAME: Final = 20
RULE: Final = "player names"
# Unicode categories refused in a name: control characters (Cc), lone surrogates (Cs) and
# the line and paragraph separators (Zl, Zp). Format characters (Cf) stay: emoji need the
# zero-width joiner.
_REFUSED: Final = frozenset({"Cc", "Cs", "Zl", "Zp"})


def name_problem(name: Any) -> str | None:
    """Why `name` breaks a rule other than the length and uniqueness, or None."""
    if not isinstance(name, str):
        return f"is {quote(name)}, not text"
    if not name.strip():
        return "is empty"
    for ch in name:
        if unicodedata.category(ch) in _REFUSED:
            return f"{quote(name)} holds a control character (U+{ord(ch):04X})"
    return None


def _sequence(players: Any) -> Sequence[Any]:
    if not isinstance(players, list | tuple):
        raise InvalidAction(f"'players' must be a list of names, not {quote(players)}", rule=RULE)
    return players


def check_names(players: Any) -> list[str]:
    """`players` if every name keeps the rules; raises InvalidAction naming the first one
    that does not (what a game, a save and `new_game` accept)."""
    seats: dict[str, int] = {}  # name -> its seat
    for i, name in enumerate(_sequence(players)):
        problem = name_problem(name)
        if problem is None and len(name) > MAX_NAME:
            problem = f"{quote(name)} is longer than {MAX_NAME} characters"
        if problem is None and name in seats:
            problem = f"{quote(name)} is also player {seats[name] + 1}'s name"
        if problem is not None:
            raise InvalidAction(f"Player {i + 1}'s name {problem}", rule=RULE)
        seats[name] = i
    return list(seats)


def tidy_names(players: Any) -> tuple[list[str], list[str]]:
    """(names, notes): `players` trimmed, each cut to 20 characters and made unique
    ("Anna", "Anna (2)"), with a note for each change. Raises InvalidAction for a name
    that is not text, is blank or holds a control character or a lone surrogate."""
    notes: list[str] = []
    cut: list[str] = []
    for i, name in enumerate(_sequence(players)):
        problem = name_problem(name)
        if problem is not None:
            raise InvalidAction(f"Player {i + 1}'s name {problem}", rule=RULE)
        short = name.strip()[:MAX_NAME].rstrip()
        if len(name.strip()) > MAX_NAME:
            notes.append(
                f"Player {i + 1}'s name {quote(name)} was cut to {MAX_NAME} characters: {short!r}"
            )
        cut.append(short)
    taken = set(cut)
    names: list[str] = []
    used: set[str] = set()
    for i, name in enumerate(cut):
        if name in used:
            unique = _unique(name, taken)
            taken.add(unique)
            notes.append(f"Player {i + 1}'s name {name!r} is taken: {unique!r}")
            name = unique
        names.append(name)
        used.add(name)
    return names, notes


def _unique(name: str, taken: set[str]) -> str:
    """The first of "name (2)", "name (3)", ... that is free, the name cut to fit 20."""
    k = 2
    while True:
        suffix = f" ({k})"
        candidate = name[: MAX_NAME - len(suffix)].rstrip() + suffix
        if candidate not in taken:
            return candidate
        k += 1
