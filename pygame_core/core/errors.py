"""The one error family the engine raises. Every refusal names the rule it enforces."""

from __future__ import annotations

from typing import ClassVar


class EngineError(Exception):
    """Base of every engine refusal. `rule` cites the rulebook section, when there is one."""

    kind: ClassVar[str] = "engine"

    def __init__(self, message: str, *, rule: str | None = None) -> None:
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
