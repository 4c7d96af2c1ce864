"""The request layer under crafted worst cases: seconds per MB of whole `handle()` requests
(JSON text in, reply out) and `handle()` probes per second. Prints figures; asserts nothing
(tests/core/test_api_properties.py checks the replies, not time).

Run: .venv/bin/python -m bench.bench_requests [--mb 1] [--seconds 5]

Requests (each about `--mb` MB of JSON text, through `handle`):
- the 18xx.games import cases of bench_import.py ("undo to first", "undo/redo pairs",
  "fake nodes", and the recorded fixture), now with the request's parsing and checks;
- "deep actions": a file whose actions each nest 60 levels (just under the cap of 64), so
  the depth check walks all of it before the importer refuses the first action;
- "too deep": a request nested 100,000 levels (refused by the parser's guard);
- "long string": an 8 MB-ish string as the op (refused; the reply quotes 100 characters);
- "long name": a new game whose first player's name is the long string (refused: it has a
  control character at its start) and "long clean name" (cut to 20 characters, a note).
Probes: requests of every op with fields set to random nasty values (wrong types, NaN,
huge numbers, deep nesting, long strings), aimed at a real 1840 game under "main".
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_import import FIXTURE, fake_nodes, undo_redo, undo_to_first  # noqa: E402
from pygame_core import api  # noqa: E402
from pygame_core.api import FIELDS, OPS, handle, handle_request  # noqa: E402

JsonDict = dict[str, Any]


def _file(actions: list[JsonDict]) -> JsonDict:
    """The fixture's header with `actions` (a crafted 18xx.games file)."""
    data: JsonDict = json.loads(FIXTURE.read_text())
    data["actions"] = actions
    return data


def _import(data: JsonDict) -> str:
    return json.dumps({"op": "import", "game_id": "bench", "title": "1840", "data": data})


def _nest(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


def deep_actions(mb: float) -> JsonDict:
    """Actions nesting 60 levels each (allowed), about `mb` MB."""
    one = {"type": "pass", "id": 1, "entity": 1001, "x": _nest(57)}
    count = max(1, int(mb * 1_000_000 / len(json.dumps(one))))
    return _file([{**one, "id": i + 1} for i in range(count)])


def requests(mb: float) -> list[tuple[str, str]]:
    """(label, request text) of the crafted cases."""
    long = "x" * int(mb * 1_000_000)
    new = {"op": "new", "game_id": "bench", "title": "1840"}
    return [
        ("undo to first (import)", _import(_file(undo_to_first(mb)))),
        ("undo/redo pairs (import)", _import(_file(undo_redo(mb)))),
        ("fake nodes (import)", _import(fake_nodes(mb))),
        ("fixture (import)", _import(json.loads(FIXTURE.read_text()))),
        ("deep actions (import)", _import(deep_actions(mb))),
        ("too deep (refused)", '{"op": "state", "x": ' + "[" * 100_000 + "]" * 100_000 + "}"),
        ("long string op (refused)", json.dumps({"op": long})),
        ("long name (refused)", json.dumps(new | {"players": ["\n" + long, "Ben"]})),
        ("long clean name (cut)", json.dumps(new | {"players": [long, "Ben"]})),
    ]


def timed(label: str, text: str) -> None:
    start = time.perf_counter()
    reply = handle(text)
    seconds = time.perf_counter() - start
    mb = len(text) / 1_000_000
    answer = json.loads(reply)
    outcome = "ok" if answer["ok"] else f"{answer['error']['kind']}: {answer['error']['message']}"
    print(
        f"{label:26} {mb:7.2f} MB {seconds:7.3f} s {seconds / mb:8.3f} s/MB "
        f"reply {len(reply):>9,} B  {outcome[:60]}"
    )


NASTY: list[Any] = [
    None,
    True,
    0,
    -1,
    1.5,
    2**53,
    10**300,
    math.nan,
    math.inf,
    "",
    "x" * 100_000,
    "\ud800",
    [],
    {},
    {"type": "pass"},
    _nest(70),
    list(range(1000)),
]


def _main_game() -> tuple[JsonDict, dict[str, JsonDict]]:
    """Load a real 1840 game (the fixture's first 120 actions) under "main"; its save and
    a valid request of every op aimed at it."""
    data: JsonDict = json.loads(FIXTURE.read_text())
    data["actions"] = data["actions"][:120]
    reply = handle_request({"op": "import", "game_id": "main", "title": "1840", "data": data})
    assert reply["ok"], reply
    seat = reply["active"]
    legal = api._GAMES["main"].legal_actions(seat)
    small = dict(data, actions=data["actions"][:30])
    bases: dict[str, JsonDict] = {
        "titles": {},
        "new": {"game_id": "main", "title": "1840", "players": ["A", "B"], "seed": 4},
        "load": {"game_id": "main", "save": reply["save"], "seat": 0},
        "state": {"game_id": "main", "seat": seat},
        "act": {"game_id": "main", "seat": seat, "action": legal[0], "n_actions": 120},
        "undo": {"game_id": "main", "seat": seat},
        "bot": {"game_id": "main", "seat": seat, "level": "easy"},
        "history": {"game_id": "main", "seat": 0, "at": 5},
        "hash": {"game_id": "main"},
        "catalog": {"title": "1840", "variant": "standard"},
        "query": {"game_id": "main", "query": "route", "args": {"line": "4"}},
        "import": {"game_id": "main", "title": "1840", "data": small, "seat": 0},
        "import_start": {"game_id": "main", "title": "1840", "data": small},
        "import_step": {"game_id": "main", "count": 5, "seat": 0},
    }
    return reply["save"], bases


def probes(seconds: float, seed: int = 1) -> None:
    """Random nasty requests for `seconds`; prints probes per second."""
    save, bases = _main_game()
    rng = random.Random(seed)
    count = refused = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        op = rng.choice(sorted(OPS))
        req = dict(bases[op], op=op)
        for key in rng.sample(sorted(FIELDS[op] | {"zzz"}), k=min(2, len(FIELDS[op]) + 1)):
            req[key] = rng.choice(NASTY)
        reply = json.loads(json.dumps(handle_request(req)))
        count += 1
        refused += not reply["ok"]
        if reply["ok"] and op in ("new", "load", "import", "import_step", "act", "undo", "bot"):
            handle_request({"op": "load", "game_id": "main", "save": save})
    elapsed = time.perf_counter() - start
    print(f"handle() probes: {count} in {elapsed:.1f} s = {count / elapsed:,.0f} per second")
    print(f"  ({refused} refused, {count - refused} accepted; each field set to nasty values)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=float, default=1.0, help="size of the crafted requests")
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the probes")
    args = parser.parse_args()
    for label, text in requests(args.mb):
        timed(label, text)
    probes(args.seconds)


if __name__ == "__main__":
    main()
