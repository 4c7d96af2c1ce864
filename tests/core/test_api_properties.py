"""Property test over `handle()` (issue 13, section 1): for every op, every field takes
arbitrary JSON values (nulls, wrong types, huge numbers, NaN, deep nesting, long strings,
lone surrogates). Whatever comes in:

- the reply is strict JSON (no NaN), an object with a boolean `ok`; when `ok` is false, an
  `error` with a `kind` and a `message`, and the reply is under 64 kB;
- a failed request changes nothing: the real 1840 game loaded under "main" keeps its hash.

Two runs: a grid (each op's valid request with one field at a time set to each nasty value)
and a Hypothesis search (several fields at once, values drawn at random). Both go through the
wire (`handle`, JSON text) and through `handle_request` (objects: NaN and infinities reach
the fields there). The probe count and rate are printed with the test output.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import api
from pygame_core.api import FIELDS, OPS, handle, handle_request
from pygame_core.core.game import Game

JsonDict = dict[str, Any]
FIXTURE = Path(__file__).resolve().parent.parent / "g1840" / "data" / "fixture_2player.json"
MAX_ERROR_REPLY = 64_000
PROBES = {"grid": 0, "hypothesis": 0, "accepted": 0, "refused": 0}


def _deep(levels: int) -> Any:
    value: Any = 1
    for i in range(levels):
        value = [value] if i % 2 else {"a": value}
    return value


NASTY: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    1.0,
    2**53,
    -(10**300),
    10**4000,  # over Python's int-to-text limit (in-process only: the wire refuses it)
    math.nan,
    math.inf,
    "",
    "x" * 200_000,
    "\ud800",
    "a\x00b",
    "main",
    "1840",
    [],
    {},
    [1, 2],
    {"type": "pass"},
    list(range(2000)),
    _deep(70),
    _deep(20),
]


class Main:
    """The real game under "main": an 18xx.games 1840 game (its first 120 actions)
    imported, saved, and loaded through the API."""

    def __init__(self) -> None:
        data = json.loads(FIXTURE.read_text())
        data["actions"] = data["actions"][:120]
        reply = handle_request({"op": "import", "game_id": "main", "title": "1840", "data": data})
        assert reply["ok"], reply
        self.save: JsonDict = reply["save"]
        self.data = data
        self.reset()

    def reset(self) -> None:
        api._GAMES.clear()
        api._PENDING.clear()
        reply = handle_request({"op": "load", "game_id": "main", "save": self.save})
        assert reply["ok"], reply
        self.game = api._GAMES["main"]
        self.hash = self.game.state_hash()
        self.n = len(self.game.actions)

    def bases(self) -> dict[str, JsonDict]:
        """A valid request of every op, aimed at "main" (so a failure must keep it)."""
        g = self.game
        seat = g.active
        assert seat is not None
        legal = g.legal_actions(seat)
        small = json.loads(json.dumps(self.data))
        small["actions"] = small["actions"][:30]
        trambahn = Game("trambahn", ["Anna", "Ben"], {}, 3).save()
        return {
            "titles": {},
            "new": {
                "game_id": "main",
                "title": "1840",
                "players": ["Anna", "Ben"],
                "options": {"profile": "rulebook"},
                "seed": 4,
                "seat": 0,
            },
            "load": {"game_id": "main", "save": trambahn, "seat": 0},
            "state": {"game_id": "main", "seat": seat},
            "act": {"game_id": "main", "seat": seat, "action": legal[0], "n_actions": self.n},
            "undo": {"game_id": "main", "seat": seat},
            "bot": {"game_id": "main", "seat": seat, "level": "easy"},
            "history": {"game_id": "main", "seat": 0, "at": 5},
            "position": {"game_id": "main", "at": 5},
            "hash": {"game_id": "main"},
            "catalog": {"title": "1840", "variant": "standard"},
            "query": {"game_id": "main", "query": "route", "args": {"line": "4"}},
            "import": {"game_id": "main", "title": "1840", "data": small, "seat": 0},
            "import_start": {"game_id": "main", "title": "1840", "data": small},
            "import_step": {"game_id": "main", "count": 1000, "seat": 0},
        }


@pytest.fixture(scope="module")
def main() -> Iterator[Main]:
    m = Main()
    yield m
    api._GAMES.clear()
    api._PENDING.clear()


def _strict_json(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"the reply holds {name}")

    return json.loads(text, parse_constant=refuse)


def probe(main: Main, op: str, req: JsonDict, *, wire: bool) -> None:
    """Send one request and check the properties; put "main" back if it succeeded."""
    if api._GAMES.get("main") is not main.game or main.game.state_hash() != main.hash:
        main.reset()  # a failed check of the previous probe left it changed
    if op == "import_step":  # an import must be under way for the step to be probed
        small = main.bases()["import_start"]
        assert handle_request({"op": "import_start", **small})["ok"]
    full = {"op": op, **req}
    if wire:
        try:
            text = json.dumps(full)
        except (ValueError, OverflowError):
            return
        reply_text = handle(text)
    else:
        reply = handle_request(full)
        reply_text = json.dumps(reply, allow_nan=False)
    reply = _strict_json(reply_text)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply_text[:500]
    PROBES["accepted" if reply["ok"] else "refused"] += 1
    if reply["ok"]:
        if main.game is not api._GAMES.get("main") or main.game.state_hash() != main.hash:
            main.reset()
        return
    error = reply["error"]
    assert isinstance(error, dict), reply
    assert isinstance(error.get("kind"), str) and error["kind"], reply
    assert isinstance(error.get("message"), str) and error["message"], reply
    assert len(reply_text) < MAX_ERROR_REPLY, (op, reply_text[:500])
    stored = api._GAMES.get("main")
    assert stored is main.game, (op, "replaced", reply_text[:300])
    assert stored.state_hash() == main.hash and len(stored.actions) == main.n, (op, reply)
    api._PENDING.clear()
    for key in [k for k in api._GAMES if k != "main"]:
        del api._GAMES[key]


def _report(capsys: pytest.CaptureFixture[str], what: str, count: int, start: float) -> None:
    seconds = time.perf_counter() - start
    with capsys.disabled():
        print(f"\n[handle() probes] {what}: {count} probes in {seconds:.1f} s", end="")
        print(f" ({count / seconds:.0f} per second; so far {PROBES['accepted']} accepted,", end="")
        print(f" {PROBES['refused']} refused)")


def test_every_field_of_every_op_with_each_nasty_value(
    main: Main, capsys: pytest.CaptureFixture[str]
) -> None:
    """The grid: each op's valid request, one field (or an unknown one) at a time set to each
    nasty value, through the wire and in-process."""
    start, count = time.perf_counter(), 0
    for op in OPS:
        for key in [*sorted(FIELDS[op]), "op", "zzz"]:
            for value in NASTY:
                for wire in (True, False):
                    req = dict(main.bases()[op])
                    if key == "op":
                        _probe_op_value(main, value, req, wire=wire)
                    else:
                        probe(main, op, req | {key: value}, wire=wire)
                    count += 1
    PROBES["grid"] = count
    _report(capsys, "grid", count, start)


def _probe_op_value(main: Main, op: Any, req: JsonDict, *, wire: bool) -> None:
    """A request whose "op" is `op` (any value): refused, nothing changes."""
    full = {**req, "op": op}
    try:
        text = handle(json.dumps(full)) if wire else json.dumps(handle_request(full))
    except (ValueError, OverflowError):
        return
    reply = _strict_json(text)  # no nasty value is an op's name
    PROBES["refused"] += 1
    assert reply["ok"] is False and reply["error"]["kind"] == "invalid", text[:300]
    assert len(text) < MAX_ERROR_REPLY
    assert api._GAMES.get("main") is main.game and main.game.state_hash() == main.hash


_KEYS = st.sampled_from(sorted({k for f in FIELDS.values() for k in f} | {"type", "zzz"}))
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**60), max_value=10**60)
    | st.floats()
    | st.text(max_size=30)
    | st.sampled_from(NASTY)
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8) | _KEYS, inner),
    max_leaves=20,
)


@settings(
    max_examples=1000,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def _search(main: Main, data: st.DataObject) -> None:
    op = data.draw(st.sampled_from(sorted(OPS)), label="op")
    req = dict(main.bases()[op])
    keys = data.draw(st.lists(st.sampled_from([*sorted(FIELDS[op]), "zzz"]), max_size=3))
    for key in keys:
        if data.draw(st.booleans(), label=f"drop {key}"):
            req.pop(key, None)
        else:
            req[key] = data.draw(_VALUES, label=key)
    probe(main, op, req, wire=data.draw(st.booleans(), label="wire"))
    PROBES["hypothesis"] += 1


def test_random_requests_change_nothing_when_refused(
    main: Main, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hypothesis: several fields of an op's valid request at once set to random JSON."""
    start = time.perf_counter()
    before = PROBES["hypothesis"]
    _search(main)
    _report(capsys, "hypothesis", PROBES["hypothesis"] - before, start)
