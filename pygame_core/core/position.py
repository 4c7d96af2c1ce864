"""Positions: a game's whole state written down, in the spirit of chess's FEN.

A position is a JSON object `{"format": "tramways-position", "title": ..., "version": N,
...}` whose other fields are the title's own (docs/engine-api.md, "Positions"). A title may
also have a one-line text form. A game can start from a position (`new_game(...,
position=...)`); the position is then part of the game's record like its seed.

This module holds what every title shares: the envelope, the refusal `InvalidPosition`, and
small checkers the titles' readers use so that every refusal names the field at fault.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Final, TypeGuard

from .errors import EngineError, InvalidAction, quote

POSITION_FORMAT: Final = "tramways-position"
ENVELOPE: Final = ("format", "title", "version")
# A position sent as text is at most this long (the 1840 JSON of a late game is ~10 kB).
MAX_POSITION_TEXT: Final = 200_000


class InvalidPosition(InvalidAction):
    """A position that is malformed or that no game of its title can reach."""

    kind = "invalid_position"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(f"Invalid position: {message}", rule=rule)


def is_int(value: Any) -> TypeGuard[int]:
    """A whole number as JSON gives it (not a bool, not a float)."""
    return isinstance(value, int) and not isinstance(value, bool)


def parse(value: Any) -> Any:
    """A position given as JSON text, parsed; any other value as it is."""
    if not isinstance(value, str):
        return value
    if len(value) > MAX_POSITION_TEXT:
        raise InvalidPosition(f"the text is longer than {MAX_POSITION_TEXT:,} characters")
    try:
        return json.loads(value)
    except (ValueError, RecursionError) as exc:
        raise InvalidPosition(f"not JSON ({str(exc)[:100]})") from exc


def envelope(title: str, version: int, body: Mapping[str, Any]) -> dict[str, Any]:
    """The position object: the envelope first, then the title's fields."""
    return {"format": POSITION_FORMAT, "title": title, "version": version, **body}


def open_envelope(data: Any, title: str, version: int) -> dict[str, Any]:
    """The title's fields of position `data`, after checking its envelope: the format,
    the title and a version this engine reads."""
    if not isinstance(data, Mapping):
        raise InvalidPosition(f"a position is a JSON object, not {quote(data)}")
    if data.get("format") != POSITION_FORMAT:
        raise InvalidPosition(f"'format' must be {POSITION_FORMAT!r}")
    if data.get("title") != title:
        raise InvalidPosition(
            f"the position is for {quote(data.get('title'))}, not for {quote(title)}"
        )
    found = data.get("version")
    if not is_int(found) or found < 1:
        raise InvalidPosition("'version' must be a whole number from 1")
    if found > version:
        raise InvalidPosition(
            f"the position was written by a newer version (format {found}; this one reads "
            f"up to {version})"
        )
    return {k: v for k, v in data.items() if k not in ENVELOPE}


# --- field checkers: each refusal names the field -------------------------------------------


def fields(
    data: Mapping[str, Any], where: str, required: Sequence[str], optional: Sequence[str] = ()
) -> None:
    """`data` has every `required` key and no key outside `required` + `optional`."""
    missing = [k for k in required if k not in data]
    if missing:
        raise InvalidPosition(f"{where} lacks {', '.join(repr(k) for k in missing)}")
    extra = sorted(set(data) - set(required) - set(optional))
    if extra:
        raise InvalidPosition(f"{where} has no field {', '.join(quote(k, 40) for k in extra[:5])}")


def obj(value: Any, where: str) -> Mapping[str, Any]:
    """`value` as an object, or a refusal naming `where`."""
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise InvalidPosition(f"{where} must be an object, not {quote(value)}")
    return value


def array(value: Any, where: str) -> list[Any]:
    """`value` as a list, or a refusal naming `where`."""
    if not isinstance(value, list):
        raise InvalidPosition(f"{where} must be a list, not {quote(value)}")
    return value


def whole(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    """`value` as a whole number in low..high, or a refusal naming `where`."""
    if not is_int(value) or value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f"at least {low}"
        raise InvalidPosition(f"{where} must be a whole number {span}, not {quote(value)}")
    return value


# JavaScript reads JSON numbers as doubles: a whole number above 2**53 loses digits in the
# browser (and then a save's checksum fails). Random states are written as decimal strings.
EXACT_IN_JSON: Final = 2**53


def big_text(value: int) -> str:
    """A whole number that may pass 2**53 (a random state), as the decimal string a
    position writes."""
    return str(value)


def big_whole(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    """A whole number written as a decimal string (`big_text`), or as a plain number, in
    low..high; or a refusal naming `where`."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 40:
        value = int(value)
    return whole(value, where, low, high)


def flag(value: Any, where: str) -> bool:
    """`value` as true or false, or a refusal naming `where`."""
    if not isinstance(value, bool):
        raise InvalidPosition(f"{where} must be true or false, not {quote(value)}")
    return value


def one_of(value: Any, where: str, choices: Sequence[Any]) -> Any:
    """`value` if it is one of `choices`, or a refusal naming `where` and the choices."""
    if isinstance(value, bool) or value not in choices:
        known = ", ".join(repr(c) for c in choices)
        raise InvalidPosition(f"{where} must be one of {known}, not {quote(value)}")
    return value


def strings(value: Any, where: str, choices: Sequence[str] | None = None) -> list[str]:
    """`value` as a list of strings (each one of `choices` when given)."""
    items = array(value, where)
    for i, item in enumerate(items):
        if not isinstance(item, str) or (choices is not None and item not in choices):
            raise InvalidPosition(f"{where}[{i}] is not a known name: {quote(item)}")
    return list(items)


@contextmanager
def reading(where: str) -> Iterator[None]:
    """Refusals while reading `where` name it; an engine error or a shape the field
    checks missed (a part's own reader raising) becomes an InvalidPosition too."""
    try:
        yield
    except InvalidPosition:
        raise
    except EngineError as exc:
        raise InvalidPosition(f"{where}: {exc.message}") from exc
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        raise InvalidPosition(
            f"{where} is malformed ({type(exc).__name__}: {quote(str(exc), 60)})"
        ) from exc
