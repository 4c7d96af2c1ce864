"""1840 figures: the exact Line route optimum and per-action latency, in CPython and in the
browser (Pyodide in the engine worker). Prints figures; asserts nothing.

Run: .venv/bin/python -m bench.bench_1840 [--games 3] [--players 4 6] [--browser/--no-browser]

Late-game positions: the recorded 2-player 18xx.games game (every Line run of LR 4a-5c)
and bot games (normal bots, seeded) on the standard map at every Line turn of LR 5a-5c.
For each position and each Line with a tram the best route is searched from scratch:
- CPython: `linerounds.best` with an empty cache (track graph built + search);
- browser: the engine's `query` op "route" through the page's worker; `ms` is the time
  inside Pyodide, `rt` the page's round trip.
Per-action latency: a late game is loaded in the page and played on by the easy bot's
choices: p50/p95 of `act` (apply + the reply with view and legal actions) and `state`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pygame_core import Game, new_game  # noqa: E402
from pygame_core.g1840 import linerounds  # noqa: E402
from pygame_core.g1840.game import Vienna1840  # noqa: E402
from pygame_core.g1840.importer import import_game  # noqa: E402

FIXTURE = ROOT / "tests" / "g1840" / "data" / "fixture_2player.json"


def late_positions(games: int, players: list[int]) -> list[tuple[str, dict[str, Any]]]:
    """(label, save) of every late Line turn: the fixture's LR 4a-5c, bot games' LR 5."""
    out: list[tuple[str, dict[str, Any]]] = []
    fixture, _ = import_game(json.loads(FIXTURE.read_text()))
    for n in range(len(fixture.actions)):
        past = fixture.at(n) if n % 4 == 0 else None
        if past is None:
            continue
        w = _world(past)
        if w.step == "line_turn" and w.round_label in ("LR 4a", "LR 4b", "LR 5a", "LR 5b", "LR 5c"):
            out.append((f"fixture {w.round_label}", past.save()))
    for count in players:
        for seed in range(games):
            g = new_game("1840", [f"P{i}" for i in range(count)], {}, seed=1000 + seed)
            seen: set[tuple[str, str]] = set()
            while g.result() is None:
                w = _world(g)
                if (
                    w.step == "line_turn"
                    and w.turn is not None
                    and w.round_label.startswith("LR 5")
                ):
                    key = (w.round_label, w.turn.line)
                    if key not in seen:
                        seen.add(key)
                        out.append((f"{count}p bots {w.round_label}", g.save()))
                seat = g.active
                assert seat is not None
                g.apply(g.bot_action(seat, "normal"), seat)
    return out


def _world(g: Game) -> Any:
    state = g.state
    assert isinstance(state, Vienna1840)
    return state.w


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: no samples"
    return (
        f"{name}: n={len(values)} p50={statistics.median(values):.1f} ms "
        f"p95={pct(values, 0.95):.1f} ms max={max(values):.1f} ms"
    )


def cpython_routes(positions: list[tuple[str, dict[str, Any]]]) -> list[float]:
    times = []
    for _, save in positions:
        g = Game.from_json(save)
        w = _world(g)
        for line in w.owned_lines():
            if w.lines[line].tram is None:
                continue
            w.cache.clear()
            start = time.perf_counter()
            linerounds.best(w, line)
            times.append((time.perf_counter() - start) * 1000)
    return times


def cpython_actions(players: int, seed: int) -> list[float]:
    """Time of `apply` alone (bots choose outside the clock) over a whole game."""
    g = new_game("1840", [f"P{i}" for i in range(players)], {}, seed=seed)
    times = []
    while g.result() is None:
        seat = g.active
        assert seat is not None
        action = g.bot_action(seat, "easy")
        start = time.perf_counter()
        g.apply(action, seat)
        times.append((time.perf_counter() - start) * 1000)
    return times


BROWSER_ROUTES = """async ({ saves }) => {
  const e = window.engine;
  await e.ready;
  const ms = [], rt = [];
  for (const save of saves) {
    const r = await e.call({ op: "load", game_id: "bench", save, seat: null });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    for (const [line, info] of Object.entries(r.view.lines)) {
      if (info.status !== "owned" || !info.tram) continue;
      const t = performance.now();
      const q = await e.call({ op: "query", game_id: "bench", query: "route", args: { line } });
      rt.push(performance.now() - t);
      if (!q.ok) throw new Error(JSON.stringify(q.error));
      ms.push(q.answer.ms);
    }
  }
  return { ms, rt };
}"""

BROWSER_ACTIONS = """async ({ save, n }) => {
  const e = window.engine;
  await e.ready;
  let r = await e.call({ op: "load", game_id: "lat", save, seat: null });
  const act = [], state = [];
  const prefer = ["run", "done", "pass", "end_turn", "pass_bonus", "lay_tile", "buy"];
  for (let i = 0; i < n && r.active !== null && r.active !== undefined; i++) {
    let t = performance.now();
    const s = await e.call({ op: "state", game_id: "lat", seat: r.active });
    state.push(performance.now() - t);
    const pick = prefer.map((k) => s.legal.find((a) => a.type === k)).find(Boolean) ?? s.legal[0];
    const action = { ...pick };
    if (action.field) { action[action.field] = action.min; }
    for (const k of ["field", "min", "max", "step"]) delete action[k];
    t = performance.now();
    r = await e.call({ op: "act", game_id: "lat", seat: s.active, action });
    act.push(performance.now() - t);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
  return { act, state };
}"""


def browser(site: Path, positions: list[tuple[str, dict[str, Any]]], actions: int) -> None:
    from playwright.sync_api import sync_playwright

    from bench.bench_browser import CHROMIUM, FLAGS, TIMEOUT_MS
    from scripts.serve import SiteServer

    server = SiteServer(site).start()
    try:
        with sync_playwright() as pw:
            browser_ = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            page = browser_.new_page()
            page.goto(server.url + "/platform-check.html")
            page.wait_for_function("window.engine !== undefined", timeout=TIMEOUT_MS)
            page.evaluate("async () => { await window.engine.ready; }")
            saves = [save for _, save in positions]
            routes = page.evaluate(BROWSER_ROUTES, {"saves": saves})
            print(summary("browser route optimum (inside Pyodide)", routes["ms"]))
            print(summary("browser route query round trip", routes["rt"]))
            late = positions[len(positions) // 3][1]
            lat = page.evaluate(BROWSER_ACTIONS, {"save": late, "n": actions})
            print(summary("browser act (apply + reply)", lat["act"]))
            print(summary("browser state", lat["state"]))
            browser_.close()
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="bot games per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[4, 6])
    parser.add_argument("--actions", type=int, default=60, help="browser actions to time")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    start = time.perf_counter()
    positions = late_positions(args.games, args.players)
    print(f"{len(positions)} late positions in {time.perf_counter() - start:.1f} s")
    print(summary("CPython route optimum (graph + search)", cpython_routes(positions)))
    print(summary("CPython apply, 4 players, whole game", cpython_actions(4, 1)))
    if not args.no_browser:
        browser(args.site, positions, args.actions)


if __name__ == "__main__":
    main()
