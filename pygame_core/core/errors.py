"""The one error family the engine raises. Every refusal names the rule it enforces."""

from __future__ import annotations

import reprlib
from typing import Any, ClassVar, Final

# A message quotes at most this many characters of a value it was given (a 10 MB string
# in a request must not come back as a 10 MB reply).
MAX_QUOTE: Final = 100
# The last guard: no message is longer than this, whatever it quotes.
MAX_MESSAGE: Final = 2000

# Containers are shown a few levels and items deep (reprlib never recurses without bound).
_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxdict = _SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = 4
_SHORT.maxstring = _SHORT.maxlong = _SHORT.maxother = 60


def quote(value: Any, limit: int = MAX_QUOTE) -> str:
    """`value` as a message quotes it: its repr, cut to about `limit` characters with a note
    of the full length. Never fails and never recurses deeply."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    try:
        text = _SHORT.repr(value)
    except Exception:  # e.g. an int too long to print (Python's 4,300-digit limit)
        return "<a value too large to show>"
    return text if len(text) <= limit else text[:limit] + "…"


def _capped(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE] + "…"


class EngineError(Exception):
    """Base of every engine refusal. `rule` cites the rulebook section, when there is one."""

    kind: ClassVar[str] = "engine"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        message = _capped(message)
        super().__init__(message)
        self.message = message
        self.rule = rule

    def to_dict(self) -> dict[str, str | None]:
        """Wire form used by the JSON API."""
        return {"kind": self.kind, "message": self.message, "rule": self.rule}


class InvalidAction(EngineError, ValueError):
    """Malformed: unknown type, missing or mistyped field, unknown card or tram."""

    kind = "invalid"


class IllegalAction(EngineError):
    """Well formed, but the rules do not allow it now."""

    kind = "illegal"


class NotYourTurn(IllegalAction):
    """The seat is not the one to act."""

    kind = "not_your_turn"


class GameIsOver(IllegalAction):
    """The game has ended; nothing more may be played."""

    kind = "game_over"


class StaleState(EngineError):
    """The client acted on an older state than the current one (double click, stale tab)."""

    kind = "stale"


class CorruptSave(EngineError):
    """A save file that cannot be loaded: not JSON, foreign, newer, or does not replay."""

    kind = "corrupt_save"


class UnknownTitle(EngineError):
    """A title id that is not registered."""

    kind = "unknown_title"
