"""The design data of 1881 (data/board.json and its editions), read once per edition.

The rulebook has no board, tiles, market or pars; `data/board.json` is the project's own
design (copied from shared/reference/1881, see docs/1881-design.md), with every invented
value flagged `invented: true`. Each module reads the part it owns through `section`.

Editions (docs/1881-design.md, "Editions"): a game is a pure function of its options, seed
and actions, so a saved game must keep the design it was played with. Edition 1 is
board.json; edition N > 1 is `data/edition-N.json`, an overlay deep-merged over edition
N - 1 (objects key by key, any other value, a list too, replaces). An overlay may change
only the parts the engine reads per game (`EDITABLE`); the rest (Table 1, trains, phases,
constants) is the rulebook's and the same in every edition.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any, Final, Protocol, TypeVar

_T_co = TypeVar("_T_co", covariant=True)

FIRST: Final = 1
# The top-level parts an overlay may change: each is read per edition (board.py,
# economy.py); "_about" carries the reasons.
EDITABLE: Final = frozenset({"_about", "stock_market", "tiles", "maps"})


# A candidate edition's overlay by file name, in this process only (`candidate`).
_CANDIDATES: Final[dict[str, dict[str, Any]]] = {}


def _read(name: str) -> dict[str, Any] | None:
    if name in _CANDIDATES:
        return _CANDIDATES[name]
    path = resources.files(__package__).joinpath("data", name)
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@cache
def editions() -> tuple[int, ...]:
    """The editions that exist: 1, then every `edition-N.json` in an unbroken run."""
    found = [FIRST]
    while _read(f"edition-{found[-1] + 1}.json") is not None:
        found.append(found[-1] + 1)
    return tuple(found)


def latest() -> int:
    """The newest edition: what a new game is played with."""
    return editions()[-1]


def merge(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """`overlay` deep-merged over `base` (neither changes): objects merge key by key, any
    other value (a list too) replaces."""
    out = dict(base)
    for key, value in overlay.items():
        old = out.get(key)
        if isinstance(value, Mapping) and isinstance(old, Mapping):
            out[key] = merge(old, value)
        else:
            out[key] = value
    return out


# Each edition's data, and the per-edition tables (`per_edition`), by edition.
_DATA: Final[dict[int, Mapping[str, Any]]] = {}
_TABLES: Final[list[dict[int, Any]]] = [_DATA]


def data(edition: int = FIRST) -> Mapping[str, Any]:
    """The whole design data of `edition` (ValueError if there is no such edition, or its
    overlay changes a part that is the same in every edition)."""
    if edition not in editions():
        raise ValueError(f"1881 has design editions {editions()}, not {edition!r}")
    if edition not in _DATA:
        _DATA[edition] = _merged(edition)
    return _DATA[edition]


def _merged(edition: int) -> Mapping[str, Any]:
    if edition == FIRST:
        first = _read("board.json")
        assert first is not None, "1881's data/board.json is missing"
        return first
    overlay = _read(f"edition-{edition}.json") or {}
    fixed = sorted(set(overlay) - EDITABLE)
    if fixed:
        raise ValueError(
            f"data/edition-{edition}.json changes {', '.join(fixed)}; an edition may change "
            f"only {', '.join(sorted(EDITABLE - {'_about'}))}"
        )
    return merge(data(edition - 1), overlay)


def section(name: str, edition: int = FIRST) -> Any:
    """One top-level part of the design data (e.g. "trains", "stock_market") of `edition`,
    as plain JSON. Callers must not change it (it is shared); build frozen tables from it
    instead. Parts outside `EDITABLE` are the same in every edition."""
    found = data(edition)
    if name not in found:
        raise KeyError(f"1881 design data has no section {name!r}; it has {', '.join(found)}")
    return found[name]


def forget(edition: int) -> None:
    """Read the overlays from `edition` on again and rebuild their tables (for tests that
    swap an overlay; earlier editions' tables stay the same objects)."""
    editions.cache_clear()
    for table in _TABLES:
        for number in [n for n in table if n >= edition]:
            del table[number]


def candidate(overlay: Mapping[str, Any]) -> int:
    """For tools that try a data change before it is an edition (scripts/playtest_1881.py
    --overlay): `overlay` becomes, in this process only, the edition after the shipped
    ones, and its number is returned. A second call replaces the first candidate."""
    drop_candidate()
    number = latest() + 1
    _CANDIDATES[f"edition-{number}.json"] = dict(overlay)
    forget(number)
    data(number)  # refuse a bad overlay now (ValueError)
    return number


def drop_candidate() -> None:
    """Forget the candidate edition (`candidate`): only the shipped editions remain."""
    _CANDIDATES.clear()
    forget(FIRST + 1)


class PerEdition(Protocol[_T_co]):
    """A table built once per edition (`per_edition`)."""

    def __call__(self, edition: int = FIRST) -> _T_co:
        """The table of `edition` (the default only for tests and tools)."""
        ...


def per_edition(build: Callable[[int], _T_co]) -> PerEdition[_T_co]:
    """`build` cached per edition number, however the edition is passed (`f()`, `f(1)`
    and `f(edition=1)` are one object: a game's tables are shared and compared by
    identity)."""
    built: dict[int, _T_co] = {}
    _TABLES.append(built)

    def get(edition: int = FIRST) -> _T_co:
        if edition not in built:
            built[edition] = build(edition)
        return built[edition]

    get.__doc__ = build.__doc__
    return get
