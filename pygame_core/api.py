"""The page's one entry point: `handle(request_json) -> response_json` (docs/engine-api.md).

The worker keeps games in memory keyed by `game_id`; every response carries the viewer's
view, the legal actions, the log and the save, so the page never needs a second call.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .core.errors import CorruptSave, EngineError, InvalidAction
from .core.game import CATALOGS, IMPORT_JOBS, IMPORTERS, TITLES, Game, ImportJob, JsonDict

_GAMES: dict[str, Game] = {}


def _seat(req: JsonDict, game: Game) -> int | None:
    seat = req.get("seat")
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(game.players):
        raise InvalidAction(f"Unknown seat {seat!r}")
    return seat


def _acting_seat(req: JsonDict, game: Game, what: str) -> int:
    seat = _seat(req, game)
    if seat is None:
        raise InvalidAction(f"'seat' is required {what}")
    return seat


def _game(req: JsonDict) -> Game:
    game_id = req.get("game_id", "main")
    game = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise EngineError(f"No game {game_id!r} is loaded")
    return game


def _state(req: JsonDict, game: Game, *, live: bool = True) -> JsonDict:
    seat = _seat(req, game)
    return {
        "ok": True,
        "game_id": req.get("game_id", "main"),
        "title": game.title,
        "seat": seat,
        "players": list(game.players),
        "active": game.active,
        "prompt": game.prompt(seat),
        "view": game.view(seat),
        "legal": game.legal_actions(seat) if live and seat is not None else [],
        "log": [{"i": e["i"], "seat": e["seat"], "text": e["text"]} for e in game.log_for(seat)],
        "result": game.result(),
        "n_actions": len(game.actions),
        "can_undo": live and seat is not None and game.can_undo(seat),
        "save": game.save() if live else None,
    }


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
    players = req.get("players")
    if not isinstance(players, list):
        raise InvalidAction("'players' must be a list of names")
    game = Game(str(req.get("title")), players, req.get("options") or {}, req.get("seed", 0))
    _GAMES[req.get("game_id", "main")] = game
    return _state(req, game)


def _load(req: JsonDict) -> JsonDict:
    save = req.get("save")
    if not isinstance(save, str | dict):
        raise CorruptSave("'save' must be a save object or its JSON text")
    game = Game.from_json(save)  # raises CorruptSave; the current game stays
    _GAMES[req.get("game_id", "main")] = game
    return _state(req, game)


def _act(req: JsonDict) -> JsonDict:
    game = _game(req)
    seat = _acting_seat(req, game, "to act")
    action = req.get("action")
    if not isinstance(action, dict):
        raise InvalidAction("'action' must be an object")
    n = req.get("n_actions")
    game.apply(action, seat, n_actions=n if isinstance(n, int) else None)
    return _state(req, game)


def _undo(req: JsonDict) -> JsonDict:
    game = _game(req)
    seat = _acting_seat(req, game, "to undo")
    game.undo(seat)
    return _state(req, game)


def _bot(req: JsonDict) -> JsonDict:
    game = _game(req)
    seat = _acting_seat(req, game, "for a bot move")
    action = game.bot_action(seat, str(req.get("level", "normal")))
    game.apply(action, seat)
    return {**_state(req, game), "action": action}


def _history(req: JsonDict) -> JsonDict:
    game = _game(req)
    at = req.get("at")
    if not isinstance(at, int):
        raise InvalidAction("'at' must be an action count")
    past = game.at(at)
    return {**_state(req, past, live=False), "at": at, "n_total": len(game.actions)}


def _import_data(req: JsonDict) -> tuple[str, JsonDict]:
    """The request's title (one with an importer) and its game file as an object."""
    title, data = req.get("title"), req.get("data")
    if not isinstance(title, str) or title not in IMPORTERS:
        raise InvalidAction(f"No importer for title {title!r}")
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except (ValueError, RecursionError) as exc:
            raise CorruptSave(f"This file is not JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise CorruptSave("The game file must be a JSON object")
    return title, data


def _import(req: JsonDict) -> JsonDict:
    title, data = _import_data(req)
    game = IMPORTERS[title](data)  # raises CorruptSave; the current game stays
    _GAMES[req.get("game_id", "main")] = game
    return _state(req, game)


# Imports under way (op "import_start"), by game id: replayed by "import_step".
_PENDING: dict[str, ImportJob] = {}


def _import_start(req: JsonDict) -> JsonDict:
    game_id = req.get("game_id", "main")
    if not isinstance(game_id, str):
        raise InvalidAction("'game_id' must be a string")
    title, data = _import_data(req)
    start = IMPORT_JOBS.get(title)
    if start is None:
        raise InvalidAction(f"No step-by-step importer for title {title!r}")
    _PENDING.pop(game_id, None)  # a new start replaces an unfinished import of this id
    job = start(data)  # raises CorruptSave (a foreign or damaged file)
    _PENDING[game_id] = job
    return {"ok": True, "game_id": game_id, "done": job.done, "total": job.total}


def _import_step(req: JsonDict) -> JsonDict:
    game_id, count = req.get("game_id", "main"), req.get("count")
    job = _PENDING.get(game_id) if isinstance(game_id, str) else None
    if job is None:
        raise InvalidAction(f"No import under way for game {game_id!r}")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise InvalidAction("'count' must be a whole number of actions, at least 1")
    try:
        game = job.step(count)
    except EngineError:
        del _PENDING[game_id]  # the file cannot be replayed; the current game stays
        raise
    if game is None:
        return {"ok": True, "game_id": game_id, "done": job.done, "total": job.total}
    del _PENDING[game_id]
    _GAMES[game_id] = game
    return {**_state(req, game), "done": job.done, "total": job.total}


def _query(req: JsonDict) -> JsonDict:
    game = _game(req)
    kind, args = req.get("query"), req.get("args") or {}
    if not isinstance(kind, str) or not isinstance(args, dict):
        raise InvalidAction("'query' must be a name and 'args' an object")
    return {"ok": True, "answer": game.state.query(kind, args)}


def _hash(req: JsonDict) -> JsonDict:
    return {"ok": True, "hash": _game(req).state_hash()}


def _catalog(req: JsonDict) -> JsonDict:
    title, variant = req.get("title"), req.get("variant", "standard")
    source = CATALOGS.get(title) if isinstance(title, str) else None
    if source is None:
        raise InvalidAction(f"No static data for title {title!r}")
    if not isinstance(variant, str):
        raise InvalidAction("'variant' must be a map variant name")
    try:
        return {"ok": True, "catalog": source(variant)}
    except KeyError as exc:
        raise InvalidAction(f"Unknown map variant {variant!r}") from exc


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
    "hash": _hash,
    "catalog": _catalog,
    "query": _query,
    "import": _import,
    "import_start": _import_start,
    "import_step": _import_step,
}


def handle_request(req: Any) -> JsonDict:
    """Dict in, dict out (what `handle` does without the JSON)."""
    try:
        if not isinstance(req, dict):
            raise InvalidAction("A request must be a JSON object")
        op = req.get("op")
        if op not in OPS:
            raise InvalidAction(f"Unknown op {op!r}; known: {', '.join(OPS)}")
        return OPS[op](req)
    except EngineError as exc:
        return {"ok": False, "error": exc.to_dict()}


def handle(request_json: str) -> str:
    """JSON string in, JSON string out: the only function the worker calls."""
    try:
        req = json.loads(request_json)
    except ValueError as exc:
        return json.dumps({"ok": False, "error": InvalidAction(f"Bad JSON: {exc}").to_dict()})
    return json.dumps(handle_request(req), separators=(",", ":"))
