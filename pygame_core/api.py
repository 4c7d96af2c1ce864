"""The page's one entry point: `handle(request_json) -> response_json` (docs/engine-api.md).

The worker keeps games in memory keyed by `game_id`; every response carries the viewer's
view, the legal actions, the log and the save, so the page never needs a second call.

Every request is checked completely before anything changes: its fields have exactly the
documented types (a bool is not a number, a float not a whole number), a new or imported
game is stored only once its reply is built, and an op that fails after it changed a game
puts the game back. No exception leaves `handle`: a bug is an `engine` error naming the op.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final

from .core.errors import CorruptSave, EngineError, InvalidAction, quote
from .core.game import (
    CATALOGS,
    IMPORT_JOBS,
    IMPORTERS,
    TITLES,
    Game,
    ImportJob,
    JsonDict,
    is_int,
    new_game,
)
from .core.names import tidy_names

# A request (and a game file or save sent as text) nests at most this deep: the deepest
# real one (an 18xx.games route in an action) is about 10 levels.
MAX_DEPTH: Final = 64
MAX_GAME_ID: Final = 64
MAX_REASON: Final = 100

_GAMES: dict[str, Game] = {}
# Imports under way (op "import_start"), by game id: replayed by "import_step".
_PENDING: dict[str, ImportJob] = {}


# --- fields ------------------------------------------------------------------------------


def _game_id(req: JsonDict) -> str:
    game_id = req.get("game_id", "main")
    if not isinstance(game_id, str) or not 0 < len(game_id) <= MAX_GAME_ID:
        raise InvalidAction(
            f"'game_id' must be a name of 1 to {MAX_GAME_ID} characters, not {quote(game_id)}"
        )
    return game_id


def _text(req: JsonDict, key: str, default: str | None = None) -> str:
    """A string field (`default` when absent or null; required when there is none)."""
    value = req.get(key)
    if value is None and default is not None:
        return default
    if not isinstance(value, str):
        raise InvalidAction(f"'{key}' must be a string, not {quote(value)}")
    return value


def _object(req: JsonDict, key: str) -> JsonDict:
    """An object field; absent or null is an empty one."""
    value = req.get(key)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InvalidAction(f"'{key}' must be an object, not {quote(value)}")
    return value


def _seat_in(req: JsonDict, players: int) -> int | None:
    seat = req.get("seat")
    if seat is None:
        return None
    if not is_int(seat) or not 0 <= seat < players:
        raise InvalidAction(f"Unknown seat {quote(seat)}")
    return seat


def _seat(req: JsonDict, game: Game) -> int | None:
    return _seat_in(req, len(game.players))


def _acting_seat(req: JsonDict, game: Game, what: str) -> int:
    seat = _seat(req, game)
    if seat is None:
        raise InvalidAction(f"'seat' is required {what}")
    return seat


def _game(req: JsonDict) -> Game:
    game_id = _game_id(req)
    game = _GAMES.get(game_id)
    if game is None:
        raise EngineError(f"No game {quote(game_id)} is loaded")
    return game


def _depth_ok(value: Any, limit: int = MAX_DEPTH) -> bool:
    """True if `value` nests at most `limit` lists and objects deep (no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return False
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return True


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str) -> Any:
    """`text` parsed as strict JSON (no NaN or Infinity), nested at most MAX_DEPTH deep.
    Raises ValueError whose text completes "... is": "not JSON (reason)", "nested ..."."""
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError as exc:
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep") from exc
    except ValueError as exc:  # also int strings over Python's digit limit
        raise ValueError(f"not JSON ({str(exc)[:MAX_REASON]})") from exc
    if not _depth_ok(value):
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
    return value


@contextmanager
def _keeping(game: Game) -> Iterator[None]:
    """Run an op on a stored game: if it fails after changing the game (a bug while the
    reply is built), the game is put back as it was."""
    cp = game.checkpoint()
    try:
        yield
    except BaseException:
        game.restore(cp)
        raise


# --- the ops -----------------------------------------------------------------------------


def _log_entry(entry: JsonDict) -> JsonDict:
    """A log line in a reply; `private` when not every seat may read it (a seat's own
    cards or sealed choice), so that the page never shows it to the next seat."""
    out = {"i": entry["i"], "seat": entry["seat"], "text": entry["text"]}
    return out if entry["visible_to"] is None else {**out, "private": True}


def _state(req: JsonDict, game: Game, *, live: bool = True) -> JsonDict:
    seat = _seat(req, game)
    return {
        "ok": True,
        "game_id": _game_id(req),
        "title": game.title,
        "seat": seat,
        "players": list(game.players),
        "active": game.active,
        "acting": list(game.acting),
        "prompt": game.prompt(seat),
        "view": game.view(seat),
        "legal": game.legal_actions(seat) if live and seat is not None else [],
        "log": [_log_entry(e) for e in game.log_for(seat)],
        "result": game.result(),
        "n_actions": len(game.actions),
        "can_undo": live and seat is not None and game.can_undo(seat),
        "save": game.save() if live else None,
    }


def _store(req: JsonDict, game: Game) -> JsonDict:
    """Reply with the new game's state, then store it: a request that fails (a bad seat)
    replaces nothing."""
    reply = {**_state(req, game), "notes": list(game.notes)}
    _GAMES[_game_id(req)] = game
    return reply


def _titles(req: JsonDict) -> JsonDict:
    return {
        "ok": True,
        "titles": [
            {
                "id": cls.TITLE,
                "name": cls.NAME,
                "min_players": cls.MIN_PLAYERS,
                "max_players": cls.MAX_PLAYERS,
                "bots": list(cls.BOT_LEVELS),
            }
            for cls in TITLES.values()
        ],
    }


def _new(req: JsonDict) -> JsonDict:
    _game_id(req)
    title = _text(req, "title")
    names, notes = tidy_names(req.get("players"))
    seed = req.get("seed", 0)
    position = req.get("position")
    if position is not None and not isinstance(position, dict | str):
        raise InvalidAction(
            f"'position' must be a position object or its text, not {quote(position)}"
        )
    game = new_game(
        title, names, _object(req, "options"), 0 if seed is None else seed, position=position
    )
    game.notes = notes
    return _store(req, game)


def _position(req: JsonDict) -> JsonDict:
    """The position now (or after the first `at` actions): the object and its text form.
    It shows every hidden card: the page offers it to a game's owner, not to a seat."""
    game = _game(req)
    at = req.get("at")
    if at is not None:
        if not is_int(at):
            raise InvalidAction(f"'at' must be an action count, not {quote(at)}")
        game = game.at(at)
    return {"ok": True, "position": game.position(), "text": game.position_text()}


def _embedded_json(value: Any, refusal: str) -> Any:
    """A file sent as its JSON text, parsed (strict JSON, nesting capped); any other value
    as it is. A text that is not JSON is refused as `refusal` + what is wrong with it."""
    if not isinstance(value, str):
        return value
    try:
        return parse_json(value)
    except ValueError as exc:
        raise CorruptSave(f"{refusal} {exc}") from exc


def _load(req: JsonDict) -> JsonDict:
    _game_id(req)
    save = _embedded_json(req.get("save"), "This file is not a game save: it is")
    if not isinstance(save, dict):
        raise CorruptSave("'save' must be a save object or its JSON text")
    return _store(req, Game.from_json(save))  # raises CorruptSave; the current game stays


def _act(req: JsonDict) -> JsonDict:
    game = _game(req)
    seat = _acting_seat(req, game, "to act")
    action = req.get("action")
    if not isinstance(action, dict):
        raise InvalidAction(f"'action' must be an object, not {quote(action)}")
    n = req.get("n_actions")
    if n is not None and (not is_int(n) or n < 0):
        raise InvalidAction(
            f"'n_actions' must be the action count the move was made on, not {quote(n)}"
        )
    with _keeping(game):
        game.apply(action, seat, n_actions=n)
        return _state(req, game)


def _undo(req: JsonDict) -> JsonDict:
    game = _game(req)
    seat = _acting_seat(req, game, "to undo")
    with _keeping(game):
        game.undo(seat)
        return _state(req, game)


def _bot(req: JsonDict) -> JsonDict:
    game = _game(req)
    seat = _acting_seat(req, game, "for a bot move")
    level = _text(req, "level", "normal")
    with _keeping(game):
        action = game.bot_action(seat, level)
        game.apply(action, seat)
        return {**_state(req, game), "action": action}


def _history(req: JsonDict) -> JsonDict:
    game = _game(req)
    at = req.get("at")
    if not is_int(at):
        raise InvalidAction(f"'at' must be an action count, not {quote(at)}")
    _seat(req, game)
    past = game.at(at)
    return {**_state(req, past, live=False), "at": at, "n_total": len(game.actions)}


def _import_data(req: JsonDict) -> tuple[str, JsonDict]:
    """The request's title (one with an importer) and its game file as an object."""
    title = req.get("title")
    if not isinstance(title, str) or title not in IMPORTERS:
        raise InvalidAction(f"No importer for title {quote(title)}")
    data = _embedded_json(req.get("data"), "This file is")
    if not isinstance(data, dict):
        raise CorruptSave("The game file must be a JSON object")
    return title, data


def _import(req: JsonDict) -> JsonDict:
    _game_id(req)
    title, data = _import_data(req)
    return _store(req, IMPORTERS[title](data))  # raises CorruptSave; the current game stays


def _import_start(req: JsonDict) -> JsonDict:
    game_id = _game_id(req)
    title, data = _import_data(req)
    start = IMPORT_JOBS.get(title)
    if start is None:
        raise InvalidAction(f"No step-by-step importer for title {quote(title)}")
    job = start(data)  # raises CorruptSave (a foreign or damaged file); nothing changed yet
    _PENDING[game_id] = job  # replaces an unfinished import of this id
    return {"ok": True, "game_id": game_id, "done": job.done, "total": job.total}


def _import_step(req: JsonDict) -> JsonDict:
    game_id, count = _game_id(req), req.get("count")
    job = _PENDING.get(game_id)
    if job is None:
        raise InvalidAction(f"No import under way for game {quote(game_id)}")
    if not is_int(count) or count < 1:
        raise InvalidAction(
            f"'count' must be a whole number of actions, at least 1, not {quote(count)}"
        )
    _seat_in(req, len(job.players))  # before any step: a bad seat changes nothing
    try:
        game = job.step(count)
    except Exception:
        del _PENDING[game_id]  # the file cannot be replayed; the current game stays
        raise
    if game is None:
        return {"ok": True, "game_id": game_id, "done": job.done, "total": job.total}
    reply = _store(req, game)
    del _PENDING[game_id]
    return {**reply, "done": job.done, "total": job.total}


def _query(req: JsonDict) -> JsonDict:
    game = _game(req)
    kind, args = _text(req, "query"), _object(req, "args")
    return {"ok": True, "answer": game.state.query(kind, args)}


def _hash(req: JsonDict) -> JsonDict:
    return {"ok": True, "hash": _game(req).state_hash()}


def _catalog(req: JsonDict) -> JsonDict:
    title, variant = req.get("title"), _text(req, "variant", "standard")
    source = CATALOGS.get(title) if isinstance(title, str) else None
    if source is None:
        raise InvalidAction(f"No static data for title {quote(title)}")
    try:
        return {"ok": True, "catalog": source(variant)}
    except KeyError as exc:
        raise InvalidAction(f"Unknown map variant {quote(variant)}") from exc


def _get_state(req: JsonDict) -> JsonDict:
    return _state(req, _game(req))


OPS: dict[str, Callable[[JsonDict], JsonDict]] = {
    "titles": _titles,
    "new": _new,
    "load": _load,
    "state": _get_state,
    "act": _act,
    "undo": _undo,
    "bot": _bot,
    "history": _history,
    "position": _position,
    "hash": _hash,
    "catalog": _catalog,
    "query": _query,
    "import": _import,
    "import_start": _import_start,
    "import_step": _import_step,
}

# The fields each op takes (besides "op"); any other is refused (a typo must not be
# ignored quietly).
FIELDS: Final[dict[str, frozenset[str]]] = {
    "titles": frozenset(),
    "new": frozenset({"game_id", "title", "players", "options", "seed", "seat", "position"}),
    "load": frozenset({"game_id", "save", "seat"}),
    "state": frozenset({"game_id", "seat"}),
    "act": frozenset({"game_id", "seat", "action", "n_actions"}),
    "undo": frozenset({"game_id", "seat"}),
    "bot": frozenset({"game_id", "seat", "level"}),
    "history": frozenset({"game_id", "seat", "at"}),
    "position": frozenset({"game_id", "at"}),
    "hash": frozenset({"game_id"}),
    "catalog": frozenset({"title", "variant"}),
    "query": frozenset({"game_id", "query", "args"}),
    "import": frozenset({"game_id", "title", "data", "seat"}),
    "import_start": frozenset({"game_id", "title", "data"}),
    "import_step": frozenset({"game_id", "count", "seat"}),
}


def _error(exc: EngineError) -> JsonDict:
    return {"ok": False, "error": exc.to_dict()}


def _dispatch(req: Any) -> JsonDict:
    if not isinstance(req, dict):
        raise InvalidAction("A request must be a JSON object")
    op = req.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise InvalidAction(f"Unknown op {quote(op)}; known: {', '.join(OPS)}")
    extra = [k for k in req if k != "op" and k not in FIELDS[op]]
    if extra:
        names = ", ".join(quote(k, 40) for k in extra[:5])
        raise InvalidAction(f"Op {op!r} takes no field {names}")
    if not _depth_ok(req):
        raise InvalidAction(f"The request is nested more than {MAX_DEPTH} levels deep")
    return OPS[op](req)


def handle_request(req: Any) -> JsonDict:
    """Dict in, dict out (what `handle` does without the JSON). Never raises."""
    try:
        return _dispatch(req)
    except EngineError as exc:
        return _error(exc)
    except Exception as exc:  # a bug or a shape the checks missed: never let it out
        op = req.get("op") if isinstance(req, dict) else None
        text = f"{type(exc).__name__}: {quote(str(exc))}"
        return _error(EngineError(f"Internal error in op {quote(op)}: {text}"))


def handle(request_json: str) -> str:
    """JSON string in, JSON string out: the only function the worker calls. Never raises;
    the reply is always strict JSON (no NaN)."""
    try:
        if not isinstance(request_json, str):
            raise InvalidAction("A request must be JSON text")
        try:
            req = parse_json(request_json)
        except ValueError as exc:
            raise InvalidAction(f"Bad request: it is {exc}") from exc
        reply = handle_request(req)
    except EngineError as exc:
        reply = _error(exc)
    try:
        return json.dumps(reply, separators=(",", ":"), allow_nan=False)
    except Exception as exc:  # e.g. a float NaN in a reply: say so instead of bad JSON
        error = EngineError(f"Internal error: the reply is not JSON ({type(exc).__name__})")
        return json.dumps(_error(error), separators=(",", ":"))
