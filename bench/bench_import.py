"""18xx.games import: seconds per MB of crafted worst-case files. Prints figures; asserts
nothing (the tests check results and count the filter's work, not time).

Run: .venv/bin/python -m bench.bench_import [--mb 1] [--old]

Cases:
- "undo to first": passes, then undo (action_id = the first action) / redo pairs: the old
  filter walked every earlier action per undo;
- "undo/redo": passes, then plain undo/redo pairs;
- "fake nodes": the recorded 2-player fixture with one route given thousands of
  nodes (refused by the node cap before any search);
- "fixture": the recorded 2-player game itself (a real import, for scale).
`--old` also times the old quadratic filter (kept in tests/g1840/test_import_cases.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pygame_core.g1840.importer import ImportFailed, effective_actions, import_game  # noqa: E402

FIXTURE = ROOT / "tests" / "g1840" / "data" / "fixture_2player.json"
JsonDict = dict[str, Any]


def _fill(head: list[JsonDict], pair: Callable[[int], list[JsonDict]], mb: float) -> list[JsonDict]:
    """`head`, then `pair(k)` for k = 0, 1, ... until the file is about `mb` MB."""
    size = len(json.dumps(head))
    step = len(json.dumps(pair(10**6))) - 1
    count = max(1, int((mb * 1_000_000 - size) / step))
    out = list(head)
    for k in range(count):
        out += pair(k)
    return out


def undo_to_first(mb: float) -> list[JsonDict]:
    """5,000 passes, then undo-to-the-first / redo pairs."""
    passes = [{"type": "pass", "id": i, "entity": 1001} for i in range(1, 5001)]
    return _fill(
        passes,
        lambda k: [
            {"type": "undo", "id": 10_000 + 2 * k, "action_id": 1},
            {"type": "redo", "id": 10_001 + 2 * k},
        ],
        mb,
    )


def undo_redo(mb: float) -> list[JsonDict]:
    """Pass, undo, redo, again and again."""
    return _fill(
        [],
        lambda k: [
            {"type": "pass", "id": 3 * k + 1, "entity": 1001},
            {"type": "undo", "id": 3 * k + 2},
            {"type": "redo", "id": 3 * k + 3},
        ],
        mb,
    )


def fake_nodes(mb: float) -> JsonDict:
    data: JsonDict = json.loads(FIXTURE.read_text())
    run = next(
        a
        for a in data["actions"]
        if a["type"] == "run_routes" and a["routes"] and a["routes"][0].get("nodes")
    )
    node = run["routes"][0]["nodes"][0]
    size = len(json.dumps(data))
    count = max(1000, int((mb * 1_000_000 - size) / (len(node) + 4)))
    run["routes"][0]["nodes"] = [node] * count
    return data


def timed(label: str, size: int, fn: Callable[[], object]) -> None:
    start = time.perf_counter()
    try:
        fn()
        outcome = "ok"
    except ImportFailed as exc:
        outcome = f"refused: {exc.message[:70]}"
    seconds = time.perf_counter() - start
    mb = size / 1_000_000
    print(f"{label:28} {mb:6.2f} MB {seconds:8.3f} s {seconds / mb:8.3f} s/MB  {outcome}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=float, default=1.0, help="size of the crafted files")
    parser.add_argument("--old", action="store_true", help="also time the old filter")
    args = parser.parse_args()
    chain = undo_to_first(args.mb)
    pairs = undo_redo(args.mb)
    timed("undo to first (filter)", len(json.dumps(chain)), lambda: effective_actions(chain))
    timed("undo/redo pairs (filter)", len(json.dumps(pairs)), lambda: effective_actions(pairs))
    if args.old:
        from tests.g1840.test_import_cases import reference_filter

        timed("undo to first (old filter)", len(json.dumps(chain)), lambda: reference_filter(chain))
    nodes = fake_nodes(args.mb)
    timed("fake nodes (import)", len(json.dumps(nodes)), lambda: import_game(nodes))
    fixture = json.loads(FIXTURE.read_text())
    timed("fixture (import)", len(json.dumps(fixture)), lambda: import_game(fixture))


if __name__ == "__main__":
    main()
