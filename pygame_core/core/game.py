"""The Game wrapper shared by every title: validation, log, undo, replay, save files.

A title supplies a `TitleState` subclass that owns its rules. `Game` owns what is the same for
every title: the action record (the game is a pure function of title, players, options, seed
and actions), the human-readable log, undo by replay, and the versioned save format.
"""

from __future__ import annotations

import copy
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeGuard, TypeVar, cast

from .actions import ActionCodec
from .errors import (
    CorruptSave,
    EngineError,
    GameIsOver,
    InvalidAction,
    NotYourTurn,
    StaleState,
    UnknownTitle,
    quote,
)
from .names import check_names
from .position import InvalidPosition, envelope, open_envelope, parse
from .rng import Rng
from .shared import Shared

JsonDict = dict[str, Any]
_T = TypeVar("_T")
# A title's typed action record (or union of records).
A = TypeVar("A")

SAVE_FORMAT = "tramways-save"
SNAPSHOT_EVERY = 32
SAVE_VERSION = 2
# A save without a start position is still written as version 1, byte for byte as before,
# so that an older engine keeps reading it; version 2 adds "position".
SAVE_VERSION_PLAIN = 1


@dataclass(frozen=True)
class LogEntry(Shared):
    """One human-readable line; `visible_to` None means everyone may read it."""

    seat: int | None
    text: str
    visible_to: tuple[int, ...] | None = None


@dataclass
class Effects:
    """What executing one action produced."""

    log: list[LogEntry] = field(default_factory=list)
    # True when the action revealed hidden information or passed the turn: undo stops here.
    barrier: bool = False
    # True for a sealed choice (several seats decide at once, each hidden from the others
    # until all have chosen): its seat may take it back until the reveal, a barrier, even
    # after other seats have chosen (docs/engine-api.md, "Simultaneous decisions").
    sealed: bool = False


class TitleState(ABC, Generic[A]):
    """The rules of one title, over its typed actions `A` (read and written by its
    `codec`). Subclasses hold the full (secret) state."""

    TITLE: ClassVar[str]
    NAME: ClassVar[str]
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    BOT_LEVELS: ClassVar[tuple[str, ...]] = ()

    @classmethod
    @abstractmethod
    def create(cls, players: Sequence[str], options: Mapping[str, Any], rng: Rng) -> Self:
        """Set up a new game. Raises InvalidAction for bad options or player counts."""

    @property
    @abstractmethod
    def active(self) -> int | None:
        """The seat to act, or None once the game is over. When several seats act at once
        (`acting`), one of them: the one a caller that knows one seat only lets act."""

    @property
    def acting(self) -> tuple[int, ...]:
        """Every seat that may act now, in seat order; empty once the game is over. Several
        seats when they decide at once (a sealed bid, a vote), each on its own and in any
        order. By default the one `active` seat."""
        seat = self.active
        return () if seat is None else (seat,)

    @abstractmethod
    def legal_actions(self, seat: int) -> list[JsonDict]:
        """Every action `seat` may take now, in wire form."""

    @property
    @abstractmethod
    def codec(self) -> ActionCodec[A]:
        """The title's actions: wire form <-> typed record (core/actions.py)."""

    @abstractmethod
    def check(self, action: Mapping[str, Any], seat: int) -> A:
        """Validate without changing anything; return the typed action (decoded by
        `codec`). Raises EngineError."""

    @abstractmethod
    def execute(self, action: A) -> Effects:
        """Trusted path: apply an action that `check` accepted."""

    def wire(self, action: A) -> JsonDict:
        """The canonical wire form of a typed action (what the save stores)."""
        return self.codec.encode(action)

    @abstractmethod
    def view(self, seat: int | None) -> JsonDict:
        """What `seat` may see (None: a spectator)."""

    @abstractmethod
    def prompt(self, seat: int | None) -> str:
        """One line telling the viewer what happens now."""

    @abstractmethod
    def result(self) -> JsonDict | None:
        """None while the game runs; the final scores and winner afterwards."""

    @abstractmethod
    def canonical(self) -> JsonDict:
        """The full state as plain data (for the state hash)."""

    @abstractmethod
    def choose_bot_action(self, seat: int, level: str, rng: Rng) -> JsonDict:
        """A bot's choice for `seat`, made from that seat's view only."""

    @classmethod
    def new_game_options(cls, options: Mapping[str, Any]) -> JsonDict:
        """The options a NEW game (`new_game`, no start position) is set up with: `options`
        with the title's defaults for new games filled in, so that the game's record
        keeps them (a replay of an older record, without them, keeps its own meaning)."""
        return dict(options)

    # --- positions (core/position.py; docs/engine-api.md, "Positions") --------------------

    # The newest position format the title writes and reads; 0: it has no position yet.
    POSITION_VERSION: ClassVar[int] = 0

    @classmethod
    def from_position(
        cls, players: Sequence[str], options: Mapping[str, Any], rng: Rng, body: Mapping[str, Any]
    ) -> Self:
        """Set up a game at a position (`body`: its fields without the envelope; `rng`
        from the game's seed, for a position that leaves the random state out). Checks it
        as strictly as an action; raises InvalidPosition naming what is wrong."""
        raise InvalidPosition(f"{cls.NAME} has no position notation yet")

    def position(self) -> JsonDict:
        """The current position's fields (without the envelope), as `from_position`
        reads them."""
        raise InvalidPosition(f"{self.NAME} has no position notation yet")

    @classmethod
    def position_text(cls, body: Mapping[str, Any]) -> str | None:
        """The one-line text form of a position's fields, or None: the title has none."""
        return None

    @classmethod
    def position_from_text(cls, text: str) -> JsonDict:
        """A position's fields read from its text form. Raises InvalidPosition."""
        raise InvalidPosition(f"{cls.NAME} has no text form of a position; send the JSON")

    def query(self, kind: str, args: Mapping[str, Any]) -> JsonDict:
        """A read-only question a title answers on demand (e.g. 1840: a Line's best route
        now). Changes nothing."""
        raise InvalidAction(f"{self.TITLE} answers no query {quote(kind)}")


TITLES: dict[str, type[TitleState[Any]]] = {}

# Title id -> its static drawing data by map variant (board, tiles, market): what a title's
# page fetches once and caches. Filled by the title packages.
CATALOGS: dict[str, Callable[[str], JsonDict]] = {}

# Title id -> a reader of game files recorded elsewhere (1840: 18xx.games exports), which
# returns the replayed game or raises CorruptSave naming the action that fails.
IMPORTERS: dict[str, Callable[[Any], Game]] = {}


class ImportJob(Protocol):
    """A game file replayed in steps (the page shows progress): `total` actions,
    `done` so far, the game's `players` (names); `step(count)` replays up to `count` more
    and returns the game after the last one (raises CorruptSave naming the action that
    fails)."""

    @property
    def total(self) -> int: ...

    @property
    def players(self) -> list[str]: ...

    @property
    def done(self) -> int: ...

    def step(self, count: int) -> Game | None: ...


# Title id -> a resumable reader of the same files (op "import_start" / "import_step").
IMPORT_JOBS: dict[str, Callable[[Any], ImportJob]] = {}


_Title = TypeVar("_Title", bound=type[TitleState[Any]])


def register(cls: _Title) -> _Title:
    """Class decorator: make a title available to `new_game`."""
    TITLES[cls.TITLE] = cls
    return cls


def is_int(value: Any) -> TypeGuard[int]:
    """A whole number as JSON gives it: an int, not a bool (True is not 1) nor a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def json_copy(value: _T) -> _T:
    """A copy of JSON-like data (dicts and lists copied, everything else shared): what a
    title hands out from a cache, so that a caller's edits cannot reach the cache. Much
    faster than `copy.deepcopy` on the small flat dicts of legal actions."""
    return cast(_T, _json_copy(value))


def _json_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_copy(v) for v in value]
    return value


@dataclass(frozen=True)
class Checkpoint:
    """What `Game.restore` needs to put a game back as it was (see `checkpoint`)."""

    state: TitleState[Any]
    actions: list[JsonDict]
    log: list[JsonDict]
    undo_from: int
    snapshots: dict[int, TitleState[Any]]
    sealed: frozenset[int]


class Game:
    """One game of any title: its record, its state, its log."""

    def __init__(
        self,
        title: str,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        *,
        saved: bool = False,
        position: Any = None,
    ) -> None:
        """`saved`: the names come from a save and are kept as written (saves of older
        versions, made under looser name rules, must still load). `position`: start there
        instead of at the setup (a position object, its JSON text or the title's text
        form; see `read_position`)."""
        if not isinstance(title, str) or title not in TITLES:
            raise UnknownTitle(f"Unknown title {quote(title)}; known: {', '.join(sorted(TITLES))}")
        if not is_int(seed) or not 0 <= seed < 2**53:
            raise InvalidAction("The seed must be an integer from 0 to 2**53 - 1")
        if options is None:
            options = {}
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise InvalidAction(f"'options' must be an object, not {quote(options)}")
        self.title = title
        self.players = list(players) if saved else check_names(players)
        self.options: JsonDict = dict(options)
        self.seed = seed
        # Notes on how the game was set up (names cut or made unique): the API's reply
        # shows them once; they are not saved.
        self.notes: list[str] = []
        self.actions: list[JsonDict] = []
        self.log: list[JsonDict] = []
        self._undo_from = 0  # actions at or after this index may be undone
        # The indexes of the sealed choices since the last barrier (Effects.sealed).
        self._sealed: set[int] = set()
        # The position the game started from (None: the setup), as the title writes it:
        # part of the record, like the seed.
        self.start_position: JsonDict | None = None
        if position is not None:
            self.start_position = read_position(title, position)
        self.state: TitleState[Any] = self._initial_state()
        if self.start_position is not None:
            # Normalised (defaults filled in) so that the record always replays the same.
            self.start_position = self.position()
        # Copies of the state after every SNAPSHOT_EVERY actions: undo and the history view
        # replay from the nearest one instead of from the start.
        self._snapshots: dict[int, TitleState[Any]] = {}

    # --- playing -------------------------------------------------------------------------

    @property
    def active(self) -> int | None:
        """The seat to act, None when the game is over; when several seats act at once,
        one of them (see `acting`)."""
        return self.state.active

    @property
    def acting(self) -> tuple[int, ...]:
        """Every seat that may act now (several: a simultaneous decision); empty at the
        end."""
        return self.state.acting

    def legal_actions(self, seat: int) -> list[JsonDict]:
        """Every legal action for `seat` now (empty if that seat may not act now)."""
        if seat not in self.state.acting:
            return []
        return self.state.legal_actions(seat)

    def apply(self, action: Mapping[str, Any], seat: int, *, n_actions: int | None = None) -> None:
        """Validate and apply one action. On any refusal the state is unchanged."""
        if n_actions is not None and (not is_int(n_actions) or n_actions < 0):
            raise InvalidAction(
                f"'n_actions' must be the action count the move was made on, not {quote(n_actions)}"
            )
        if n_actions is not None and n_actions != len(self.actions):
            raise StaleState(
                f"This move was made on an older position ({n_actions} actions, now "
                f"{len(self.actions)}); the table has been refreshed"
            )
        if self.state.result() is not None:
            raise GameIsOver("The game is over; no more actions can be played")
        if not isinstance(action, Mapping):
            raise InvalidAction("An action must be a JSON object with a 'type'")
        if not is_int(seat) or not 0 <= seat < len(self.players):
            raise InvalidAction(f"Unknown seat {quote(seat)}")
        index = len(self.actions)
        try:
            typed = self.state.check(action, seat)
        except EngineError:
            raise
        except Exception as exc:  # a bug or a shape the checks missed: nothing has changed
            raise EngineError(
                f"Internal error while checking action {index}: {_describe(exc)}"
            ) from exc
        # The title refuses a seat out of turn in its own words; this is the guard for one
        # that did not.
        if seat not in self.state.acting:
            raise self._not_acting(seat)
        try:
            effects = self.state.execute(typed)
        except Exception as exc:  # a bug: never serve a half-applied state
            self._rebuild()
            raise EngineError(
                f"Internal error while applying action {index}: {_describe(exc)}"
            ) from exc
        self.actions.append({"seat": seat, "action": self.state.wire(typed)})
        for entry in effects.log:
            self.log.append(
                {
                    "i": index,
                    "seat": entry.seat,
                    "text": entry.text,
                    "visible_to": list(entry.visible_to) if entry.visible_to is not None else None,
                }
            )
        if effects.sealed:
            self._sealed.add(index)
        if effects.barrier:
            self._undo_from = len(self.actions)
            self._sealed.clear()
        if len(self.actions) % SNAPSHOT_EVERY == 0:
            self._snapshots[len(self.actions)] = copy.deepcopy(self.state)

    def _initial_state(self) -> TitleState[Any]:
        """A new state object before the first action: the setup, or the start position."""
        cls = TITLES[self.title]
        if self.start_position is None:
            return cls.create(self.players, self.options, Rng(self.seed))
        # A copy: the state must share nothing with the record (it changes as play goes on).
        body = json_copy(open_envelope(self.start_position, self.title, cls.POSITION_VERSION))
        try:
            return cls.from_position(self.players, self.options, Rng(self.seed), body)
        except EngineError:
            raise
        except Exception as exc:  # a shape the title's checks missed: still a refusal
            raise InvalidPosition(f"it cannot be set up ({_describe(exc)})") from exc

    def position(self) -> JsonDict:
        """The current position (a versioned object; docs/engine-api.md, "Positions")."""
        cls = type(self.state)
        # A copy: the caller's edits must not reach the state.
        return envelope(self.title, cls.POSITION_VERSION, json_copy(self.state.position()))

    def position_text(self) -> str | None:
        """The current position's one-line text form, None if the title has none."""
        return type(self.state).position_text(self.state.position())

    def _state_at(self, n: int) -> TitleState[Any]:
        """A new state object after the first `n` actions, replayed from the nearest
        snapshot (snapshots found missing on the way are taken)."""
        base = max((k for k in self._snapshots if k <= n), default=0)
        state = copy.deepcopy(self._snapshots[base]) if base else self._initial_state()
        for i in range(base, n):
            record = self.actions[i]
            state.execute(state.check(record["action"], record["seat"]))
            if (i + 1) % SNAPSHOT_EVERY == 0 and (i + 1) not in self._snapshots:
                self._snapshots[i + 1] = copy.deepcopy(state)
        return state

    def _rebuild(self) -> None:
        fresh = Game.replay(
            self.title,
            self.players,
            self.options,
            self.seed,
            self.actions,
            position=self.start_position,
        )
        self.state, self.log, self._undo_from = fresh.state, fresh.log, fresh._undo_from
        self._sealed = fresh._sealed

    def checkpoint(self) -> Checkpoint:
        """What `restore` needs to undo whatever follows (cheap: the record is copied, the
        state only referenced)."""
        return Checkpoint(
            self.state,
            list(self.actions),
            list(self.log),
            self._undo_from,
            dict(self._snapshots),
            frozenset(self._sealed),
        )

    def restore(self, cp: Checkpoint) -> None:
        """Put the game back as it was at `cp`: an op that failed after it changed the game
        (a bug while building the reply) must leave it as it found it."""
        changed = self.state is not cp.state or len(self.actions) != len(cp.actions)
        self.actions, self.log, self._undo_from = list(cp.actions), list(cp.log), cp.undo_from
        self._snapshots = dict(cp.snapshots)
        self._sealed = set(cp.sealed)
        if changed:
            # Rebuilt from the record: `apply` changes the state object itself (and after a
            # failure halfway replaces it), so the object at `cp` may be half changed.
            self.state = self._state_at(len(self.actions))

    def log_for(self, seat: int | None) -> list[JsonDict]:
        """The log lines `seat` may read."""
        return [
            e
            for e in self.log
            if e["visible_to"] is None or (seat is not None and seat in e["visible_to"])
        ]

    def view(self, seat: int | None) -> JsonDict:
        """The state as `seat` may see it."""
        return self.state.view(seat)

    def prompt(self, seat: int | None) -> str:
        """What happens now, in words for `seat`."""
        return self.state.prompt(seat)

    def result(self) -> JsonDict | None:
        """None while running, else scores and winner."""
        return self.state.result()

    # --- undo and history ----------------------------------------------------------------

    def can_undo(self, seat: int) -> bool:
        """True if `seat` may take an action back: its last action if it is still that
        seat's turn and nothing hidden was revealed since, or its sealed choice until the
        reveal (even after other seats chose; theirs stay)."""
        return self._undoable(seat) is not None

    def _undoable(self, seat: int) -> int | None:
        """The index of the action `seat` may take back now, or None."""
        n = len(self.actions)
        if n > self._undo_from and self.actions[-1]["seat"] == seat and seat in self.acting:
            return n - 1
        # Sealed choices since the last barrier: this seat's latest, if only other seats'
        # sealed choices follow it.
        for i in range(n - 1, self._undo_from - 1, -1):
            if i not in self._sealed:
                return None
            if self.actions[i]["seat"] == seat:
                return i
        return None

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last action of the current turn, or its sealed choice before
        the reveal (the record without it is replayed)."""
        index = self._undoable(seat)
        if index is None:
            raise EngineError(self._why_no_undo(seat), rule="undo")
        later = self.actions[index + 1 :]
        cp = self.checkpoint()
        self._cut(index)
        try:
            for record in later:  # other seats' sealed choices, made without seeing this one
                self.apply(record["action"], record["seat"])
        except EngineError as exc:
            self.restore(cp)
            raise EngineError(
                f"The sealed choice cannot be taken back: the choices after it no longer "
                f"replay ({exc.message})",
                rule="undo",
            ) from exc

    def _why_no_undo(self, seat: int) -> str:
        """The refusal of an undo `seat` may not make."""
        others = [i for i in self._sealed if i >= self._undo_from]
        if others and all(self.actions[i]["seat"] != seat for i in others):
            return (
                "Nothing to undo: a sealed choice can be taken back only by the seat that "
                "made it, and only until all have chosen"
            )
        return (
            "Nothing to undo: only your own actions of the current turn can be taken back, "
            "and not after cards were drawn"
        )

    def _cut(self, n: int) -> None:
        """Keep only the first `n` actions (n is at or after the last barrier)."""
        self.state = self._state_at(n)
        self.actions = self.actions[:n]
        self.log = [e for e in self.log if e["i"] < n]
        self._snapshots = {k: v for k, v in self._snapshots.items() if k <= n}
        self._sealed = {i for i in self._sealed if i < n}

    def at(self, n: int) -> Game:
        """A copy of this game after its first `n` actions (history view)."""
        if not is_int(n) or not 0 <= n <= len(self.actions):
            raise InvalidAction(f"History index {quote(n)} is outside 0..{len(self.actions)}")
        past = object.__new__(Game)
        past.title, past.players, past.options, past.seed = (
            self.title,
            list(self.players),
            dict(self.options),
            self.seed,
        )
        past.start_position = self.start_position
        past.actions = [dict(a) for a in self.actions[:n]]
        past.notes = []
        past.log = [e for e in self.log if e["i"] < n]
        past._undo_from = n
        past._sealed = set()
        past.state = self._state_at(n)
        past._snapshots = {k: v for k, v in self._snapshots.items() if k <= n}
        return past

    # --- bots ----------------------------------------------------------------------------

    def bot_action(self, seat: int, level: str) -> JsonDict:
        """The action the bot of `level` picks for `seat`, from that seat's view only."""
        if seat not in self.state.acting:
            raise self._not_acting(seat)
        cls = type(self.state)
        if level not in cls.BOT_LEVELS:
            raise InvalidAction(
                f"Unknown bot level {quote(level)}; known: {', '.join(cls.BOT_LEVELS)}"
            )
        # The bot's own randomness: fixed per position, independent of the (secret) deck.
        return self.state.choose_bot_action(seat, level, self.bot_rng(seat, level))

    def bot_rng(self, seat: int, key: str) -> Rng:
        """The bots' random source for `seat` now: a function of the seed, the actions so
        far, the seat and `key` (the bot level; tools add their own setting to it)."""
        digest = hashlib.sha256(f"{self.seed}/{len(self.actions)}/{seat}/{key}".encode()).digest()
        return Rng(int.from_bytes(digest[:8], "big"))

    def _not_acting(self, seat: int) -> NotYourTurn:
        """The refusal of `seat`, which may not act now, naming who may."""
        names = [self.players[s] for s in self.state.acting]
        if not names:
            who = "nobody may act"
        elif len(names) == 1:
            who = f"it is {names[0]}'s turn"
        else:
            who = f"{', '.join(names[:-1])} and {names[-1]} are to choose"
        name = self.players[seat] if 0 <= seat < len(self.players) else f"seat {seat}"
        return NotYourTurn(f"{name} may not act now: {who}", rule="turn order")

    # --- saves ---------------------------------------------------------------------------

    def state_hash(self) -> str:
        """sha256 of the canonical full state: equal on CPython and Pyodide for equal games.
        A game from a position covers its start position too."""
        state: JsonDict = self.state.canonical()
        if self.start_position is not None:
            state = {"state": state, "position": self.start_position}
        data = json.dumps(state, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(data.encode()).hexdigest()

    def save(self) -> JsonDict:
        """The save object (versioned: 2 with a start position, else 1)."""
        start = {} if self.start_position is None else {"position": json_copy(self.start_position)}
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION if start else SAVE_VERSION_PLAIN,
            "title": self.title,
            "players": list(self.players),
            "options": dict(self.options),
            "seed": self.seed,
            **start,
            "actions": [dict(a) for a in self.actions],
            "state_hash": self.state_hash(),
        }

    def to_json(self) -> str:
        """The save as a JSON string."""
        return json.dumps(self.save(), separators=(",", ":"))

    @classmethod
    def replay(
        cls,
        title: str,
        players: Sequence[str],
        options: Mapping[str, Any],
        seed: int,
        actions: Sequence[Mapping[str, Any]],
        *,
        position: Any = None,
    ) -> Game:
        """Rebuild a game from its record."""
        game = cls(title, players, options, seed, position=position)
        for record in actions:
            game.apply(record["action"], record["seat"])
        return game

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Game:
        """Load a save (string or parsed object). Raises CorruptSave naming the reason."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except (ValueError, RecursionError) as exc:
                raise CorruptSave(f"This file is not a game save (not valid JSON: {exc})") from exc
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise CorruptSave("This file is not a Tramways game save")
        version = data.get("version")
        if not is_int(version) or version < 1:
            raise CorruptSave("The save has no valid format version")
        if version > SAVE_VERSION:
            raise CorruptSave(
                f"The save was made by a newer version (format {version}; this one reads up to "
                f"{SAVE_VERSION})"
            )
        title, players, options = data.get("title"), data.get("players"), data.get("options", {})
        seed, actions = data.get("seed"), data.get("actions")
        if not isinstance(title, str) or title not in TITLES:
            raise CorruptSave(f"The save is for an unknown game {quote(title)}")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise CorruptSave("The save's player list is damaged")
        if not isinstance(options, Mapping) or not is_int(seed):
            raise CorruptSave("The save's options or seed are damaged")
        if not isinstance(actions, list):
            raise CorruptSave("The save's action list is damaged")
        position = data.get("position")
        if position is not None and version < SAVE_VERSION:
            raise CorruptSave(f"A save of format {version} has no start position")
        try:
            game = cls(title, players, options, seed, saved=True, position=position)
        except EngineError as exc:
            raise CorruptSave(f"The save cannot be set up: {exc.message}") from exc
        for i, record in enumerate(actions):
            if not isinstance(record, Mapping) or not isinstance(record.get("action"), Mapping):
                raise CorruptSave(f"Action {i} in the save is damaged")
            seat = record.get("seat")
            if not is_int(seat):
                raise CorruptSave(f"Action {i} in the save has no seat")
            try:
                game.apply(record["action"], seat)
            except EngineError as exc:
                raise CorruptSave(
                    f"Action {i} in the save cannot be replayed: {exc.message}"
                ) from exc
        expected = data.get("state_hash")
        if expected is not None and not isinstance(expected, str):
            raise CorruptSave("The save's checksum is damaged")
        if expected is not None and expected != game.state_hash():
            raise CorruptSave(
                "The save does not match its checksum (the file was altered or damaged)"
            )
        return game


def new_game(
    title: str,
    players: Sequence[str],
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    position: Any = None,
) -> Game:
    """Start a game of `title` for `players` (names, in seat order); with `position`, from
    that position instead of the setup (docs/engine-api.md, "Positions"). A game from the
    setup gets the title's defaults for new games (`TitleState.new_game_options`)."""
    cls = TITLES.get(title) if isinstance(title, str) else None
    if cls is not None and position is None and isinstance(options, Mapping):
        options = cls.new_game_options(options)
    return Game(title, players, options, seed, position=position)


def read_position(title: str, value: Any) -> JsonDict:
    """A position of `title` as an object: given as one, as its JSON text, or as the
    title's one-line text form. Only the envelope is checked here; the title checks the
    rest when a game starts from it. Raises InvalidPosition."""
    cls = TITLES[title]
    if not cls.POSITION_VERSION:
        raise InvalidPosition(f"{cls.NAME} has no position notation yet")
    if isinstance(value, str) and not value.lstrip().startswith("{"):
        return envelope(title, cls.POSITION_VERSION, cls.position_from_text(value))
    data = parse(value)
    open_envelope(data, title, cls.POSITION_VERSION)
    return json_copy(dict(data))


def _describe(exc: BaseException) -> str:
    """An unexpected exception in a message: its type and a short quote of its text."""
    return f"{type(exc).__name__}: {quote(str(exc))}"
