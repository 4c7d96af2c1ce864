"""Start-up and call latency of the engine in Chromium (prints figures; asserts nothing).

Run: .venv/bin/python -m bench.bench_browser [--site site] [--sessions 3] [--calls 200]
                                            [--pages app,check,bare] [--stages]

Each session is a fresh on-disk Chromium profile (launch_persistent_context, as a real
browser: HTTP cache and V8 code cache persist) on its own 127.0.0.1 server, and visits a page:

    first    empty profile
    return   the same profile again, online (the service worker answers from its cache)
    offline  server stopped and the context offline

Every visit opens the page in a new tab of the running browser and closes the previous
visit's tab; one blank tab stays open for the whole session, as a browser always has one
(closing a browser's last tab quits it). --no-other-tab closes every tab before each visit,
the method of benchmarks before 2026-11-25 (third session): with no tab at all, Chromium keeps
no spare renderer process, so each visit first starts one, which cost ~0.25 s more here.

Pages: the game's start page ("/", with a saved Trambahn game seeded into localStorage, so
that it paints a board), platform-check.html (engine only), bench/bare.html (plain
loadPyodide in a worker, from the site's vendored runtime: its precompiled stdlib and compile
hint, without PyScript, snapshot or engine) and `stock`, the issue's "bare Pyodide start":
Pyodide's npm files exactly as published (node_modules/pyodide), plain loadPyodide in a
worker, with an ordinary precaching service worker (bench/stock/, assembled and served on its
own origin for each session, without precompressed files). The table ends with each page's
engine-ready time as a share of stock's in the same run: the figure to compare across
machines.
Times are ms from navigation start to performance.mark("engine-ready") / ("board-painted"),
and to the first contentful paint (when the board is on screen).
Before the return visits, each session waits until the service worker has cached the site
and the page has had the engine runtime's modules loaded once more for V8's code cache, as a
player's first visit normally allows (and, for builds from before the shipped snapshot, until
the snapshot the first visit makes is stored in IndexedDB). --play N --linger-ms T make
every visit play N moves and stay open T ms before the next one, as a player's would (V8 keeps
compiled wasm for the next visit only after it has run a while). The server sends the build's
precompressed files. --stages also prints the median time of every page and worker mark.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

from pygame_core.api import handle  # noqa: E402
from scripts.serve import SiteServer  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PAGES = {"app": "/", "check": "/platform-check.html", "bare": "/bench/bare.html", "stock": "/"}
# Pages without the engine (no code-cache warm-up, no moves to play).
BASELINES = {"bare", "stock"}
# The stock baseline's site: bench/stock/, with the Pyodide files its service worker
# precaches (sw.js FILES, "./pyodide/...") copied from Pyodide's npm package.
STOCK_SOURCES = ROOT / "bench" / "stock"
STOCK_PYODIDE = ROOT / "node_modules" / "pyodide"
TIMEOUT_MS = 120_000

MARKS = """() => {
  const t = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  return { engine: t("engine-ready"), board: t("board-painted"), fcp: t("first-contentful-paint") };
}"""
# Where the start-up time goes: the page's marks and the engine worker's (bootInfo().marks,
# absolute), all in ms from navigation start. Bare pages have no engine client.
STAGES = """async () => {
  const out = {};
  for (const e of performance.getEntriesByType("mark")) out[e.name] = e.startTime;
  for (const e of performance.getEntriesByType("paint")) out[e.name] = e.startTime;
  const engine = globalThis.__tramwaysEngine;
  const boot = engine ? await engine.bootInfo() : null;
  const origin = performance.timeOrigin;
  for (const [k, v] of Object.entries(boot?.marks ?? {})) out[`w:${k}`] = v - origin;
  return { stages: out, mode: boot?.mode ?? null };
}"""
# True once the service worker controls the page and holds every precached file.
OFFLINE_READY = """async (n) => {
  if (!navigator.serviceWorker.controller) return false;
  const keys = (await caches.keys()).filter((k) => k.startsWith("tramways-"));
  if (keys.length !== 1) return false;
  return (await (await caches.open(keys[0])).keys()).length >= n;
}"""
# True once the page has had the engine runtime's modules loaded through the service worker
# (engine-client.js keepRuntimeCodeCache: V8's code cache for the next start).
CODE_CACHE_KEPT = "() => localStorage.getItem('tramways.codeCache.v1') !== null"
# True once the engine's memory snapshot is in IndexedDB (never creates the database).
SNAPSHOT_STORED = """async () => {
  const dbs = await indexedDB.databases();
  if (!dbs.some((d) => d.name === "tramways-engine")) return false;
  return await new Promise((resolve) => {
    const req = indexedDB.open("tramways-engine");
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains("snapshots")) { db.close(); return resolve(false); }
      const c = db.transaction("snapshots").objectStore("snapshots").count();
      c.onsuccess = () => { db.close(); resolve(c.result > 0); };
      c.onerror = () => { db.close(); resolve(false); };
    };
    req.onerror = () => resolve(false);
  });
}"""
CALLS = """async ({ n, acts }) => {
  const e = window.engine;
  await e.ready;
  const timed = async (req) => {
    const t = performance.now();
    const r = await e.call(req);
    return [performance.now() - t, r];
  };
  const newGame = (seed) => e.call({ op: "new", title: "trambahn", players: ["A", "B"],
                                     options: {}, seed, seat: 0 });
  let r = await newGame(1);
  const state = [];
  for (let i = 0; i < n; i++) state.push((await timed({ op: "state", seat: 0 }))[0]);
  const act = [];
  let seed = 2;
  while (act.length < acts) {
    if (r.active === null || r.active === undefined) { r = await newGame(seed++); continue; }
    const s = await e.call({ op: "state", seat: r.active });
    const [ms, reply] = await timed({ op: "act", seat: r.active, action: s.legal[0] });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    act.push(ms);
    r = reply;
  }
  return { state, act };
}"""


@dataclass
class Visit:
    page: str
    kind: str
    session: int
    engine_ms: float | None
    board_ms: float | None
    fcp_ms: float | None
    mode: str | None
    stages: dict[str, float]


def autosave_record() -> dict[str, Any]:
    """A saved Trambahn game as the UI stores it (web/ui/store.js), made by the real engine."""
    request = {
        "op": "new",
        "title": "trambahn",
        "players": ["Anna", "Ben"],
        "options": {},
        "seed": 7,
        "seat": 0,
    }
    response = json.loads(handle(json.dumps(request)))
    return {
        "version": 1,
        "title": "trambahn",
        "session": {"mode": "hotseat", "botSeat": None, "humanSeat": 0, "level": "easy"},
        "save": response["save"],
        "response": response,
        "viewer": 0,
        "covered": False,
        "screen": "game",
        "savedAt": "2025-01-01T00:00:00.000Z",
    }


def poll(page: Page, script: str, arg: Any = None, timeout_s: float = 120) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.evaluate(script, arg):
            return True
        page.wait_for_timeout(100)
    return False


# What a player's visit may do after start-up, before the next visit (--play): play some
# moves. V8 stores compiled wasm (its code cache) only once it has optimised enough of it and
# ~2 s have passed.
PLAY = """async (acts) => {
  const e = globalThis.__tramwaysEngine;
  await e.ready;
  let r = await e.call({ op: "new", game_id: "bench", title: "trambahn", players: ["A", "B"],
                         options: {}, seed: 1, seat: 0 });
  for (let i = 0, seed = 2; i < acts; i++) {
    if (r.active === null || r.active === undefined) {
      r = await e.call({ op: "new", game_id: "bench", title: "trambahn", players: ["A", "B"],
                        options: {}, seed: seed++, seat: 0 });
      continue;
    }
    const s = await e.call({ op: "state", game_id: "bench", seat: r.active });
    r = await e.call({ op: "act", game_id: "bench", seat: r.active, action: s.legal[0] });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
}"""
# Moves played and ms stayed at each visit after the figures are taken (main() sets them).
AFTER_VISIT = {"play": 0, "linger_ms": 0}
# Whether a blank tab stays open through each session (main() sets it; see the docstring).
OTHER_TAB = {"keep": True}


# Resolves once the page has marked "engine-ready", rejects after `ms`. A PerformanceObserver
# in a plain evaluate(), not wait_for_function(): that would first inject Playwright's ~300 KB
# helper script into the page (~20 ms of its main thread, traced, while the engine starts) and
# then poll on every animation frame.
ENGINE_READY = """(ms) => new Promise((resolve, reject) => {
  const done = () => performance.getEntriesByName("engine-ready").length > 0;
  if (done()) return resolve(true);
  const timer = setTimeout(() => reject(new Error(`no engine-ready mark within ${ms} ms`)), ms);
  new PerformanceObserver((list, observer) => {
    if (!done()) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve(true);
  }).observe({ type: "mark", buffered: true });
})"""


def wait_engine_ready(page: Page) -> None:
    page.evaluate(ENGINE_READY, TIMEOUT_MS)


def visit(context: BrowserContext, url: str, name: str, kind: str, session: int) -> Visit:
    page = context.new_page()
    page.goto(url)
    wait_engine_ready(page)
    if name == "app":  # the board may be painted a moment after the home screen
        page.wait_for_timeout(50)
    marks = page.evaluate(MARKS)
    got = page.evaluate(STAGES)
    if name not in BASELINES and AFTER_VISIT["play"]:
        page.evaluate(PLAY, AFTER_VISIT["play"])
    page.wait_for_timeout(AFTER_VISIT["linger_ms"])
    return Visit(
        name,
        kind,
        session,
        marks["engine"],
        marks["board"],
        marks["fcp"],
        got["mode"],
        got["stages"],
    )


def launch(pw: Playwright, profile: str) -> BrowserContext:
    return pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=FLAGS, headless=True
    )


def stock_site(directory: Path, pyodide_version: str) -> int:
    """Assemble the stock baseline's site in `directory`; return how many files its service
    worker precaches (as OFFLINE_READY counts them)."""
    got = json.loads((STOCK_PYODIDE / "package.json").read_text())["version"]
    if got != pyodide_version:
        print(f"  ! stock: npm Pyodide {got}, the site vendors {pyodide_version}", file=sys.stderr)
    for src in STOCK_SOURCES.iterdir():
        shutil.copy(src, directory / src.name)
    # The entries of FILES in its sw.js, one a line: "./", "./pyodide/pyodide.mjs", ...
    files = re.findall(r'^\s*"(\./[^"]*)",$', (directory / "sw.js").read_text(), re.MULTILINE)
    (directory / "pyodide").mkdir()
    for name in files:
        if name.startswith("./pyodide/"):
            shutil.copy(STOCK_PYODIDE / name.removeprefix("./pyodide/"), directory / name)
    missing = [f for f in files if not (directory / f).exists()]
    if missing:
        raise SystemExit(f"bench/stock/sw.js precaches files the stock site lacks: {missing}")
    return len(files)


def run_session(
    pw: Playwright, site: Path, name: str, session: int, returns: int, offline: int
) -> list[Visit]:
    if name != "stock":
        n_precache = len(json.loads((site / "precache.json").read_text()))
        return site_session(pw, site, n_precache, name, session, returns, offline)
    pyodide_version = json.loads((site / "build-info.json").read_text())["pyodide"]
    with tempfile.TemporaryDirectory(prefix="bench-stock-") as stock:
        n_precache = stock_site(Path(stock), pyodide_version)
        return site_session(pw, Path(stock), n_precache, name, session, returns, offline)


def site_session(
    pw: Playwright,
    site: Path,
    n_precache: int,
    name: str,
    session: int,
    returns: int,
    offline: int,
) -> list[Visit]:
    info = json.loads(path.read_text()) if (path := site / "build-info.json").is_file() else {}
    server = SiteServer(site).start()
    url = server.url + PAGES[name]
    visits: list[Visit] = []
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context = launch(pw, profile)
        # The browser's other tab (a persistent context opens with a blank one).
        other_tab = context.pages[0] if context.pages else context.new_page()
        try:
            if name == "app":
                seed = json.dumps(json.dumps(autosave_record()))
                context.add_init_script(
                    "if (!localStorage.getItem('tramways.autosave.v1'))"
                    f" localStorage.setItem('tramways.autosave.v1', {seed});"
                )
            v = visit(context, url, name, "first", session)
            visits.append(v)
            page = context.pages[-1]
            if not poll(page, OFFLINE_READY, n_precache):
                print(f"  ! {name}: service worker never cached the site", file=sys.stderr)
            # Builds since 2026-11-25 then load the runtime's modules once more in the
            # background, for V8's code cache; wait for that too (and for V8 to write it).
            has_warmup = (site / "ui" / "code-cache-worker.mjs").exists()
            if name not in BASELINES and has_warmup:
                if not poll(page, CODE_CACHE_KEPT, timeout_s=30):
                    print(f"  ! {name}: the runtime's code cache was not kept", file=sys.stderr)
                page.wait_for_timeout(1000)
            # Builds before the shipped snapshot stored one in IndexedDB after the first visit
            # (build-info "snapshot": true); wait for it when comparing against such a build.
            idb = info.get("snapshot") is True
            if name not in BASELINES and idb and not poll(page, SNAPSHOT_STORED):
                print(f"  ! {name}: the engine snapshot was not stored", file=sys.stderr)
            for kind, count in (("return", returns), ("offline", offline)):
                if kind == "offline":
                    server.stop()
                    context.set_offline(True)
                for _ in range(count):
                    for p in context.pages:
                        if p is not other_tab or not OTHER_TAB["keep"]:
                            p.close()
                    time.sleep(1)  # as the startup recipe: let the browser settle
                    visits.append(visit(context, url, name, kind, session))
        finally:
            context.close()
            server.stop()
    return visits


def call_latency(pw: Playwright, site: Path, n: int, acts: int) -> dict[str, list[float]]:
    server = SiteServer(site).start()
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as profile:
        context = launch(pw, profile)
        try:
            page = context.new_page()
            page.goto(server.url + PAGES["check"])
            wait_engine_ready(page)
            result: dict[str, list[float]] = page.evaluate(CALLS, {"n": n, "acts": acts})
        finally:
            context.close()
            server.stop()
    return result


def cpu_idle(seconds: float) -> float | None:
    """Share of idle CPU time over `seconds` (Linux /proc/stat), or None if unknown."""

    def sample() -> tuple[int, int]:
        fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
        return fields[3] + fields[4], sum(fields)  # idle + iowait, total

    try:
        idle0, total0 = sample()
        time.sleep(seconds)
        idle1, total1 = sample()
    except (OSError, ValueError, IndexError):
        return None
    return (idle1 - idle0) / max(1, total1 - total0)


def wait_until_quiet(min_idle: float, max_wait: float = 180) -> None:
    """Start a session only when other processes leave the CPU idle (a shared 2-core machine
    otherwise doubles the figures); gives up after max_wait seconds."""
    deadline = time.monotonic() + max_wait
    while time.monotonic() < deadline:
        idle = cpu_idle(2.0)
        if idle is None or idle >= min_idle:
            return
        print(f"  (waiting: CPU only {idle:.0%} idle)", file=sys.stderr, flush=True)
    print("  (machine still busy: measuring anyway)", file=sys.stderr, flush=True)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def fmt(values: list[float | None]) -> str:
    got = [v for v in values if v is not None]
    if not got:
        return "n/a"
    return f"{statistics.median(got):6.0f} ({min(got):.0f}-{max(got):.0f})"


def print_table(visits: list[Visit]) -> None:
    print()
    print("ms from navigation start; median (min-max) over sessions and visits")
    print("board rendered: the board-painted mark (its render's JS done); on screen: the")
    print("first contentful paint (the frame that shows it; the page has no text before)")
    header = f"{'page':6} {'visit':8} {'n':>2}  {'engine ready':>18}  {'board rendered':>18}"
    print(header + f"  {'on screen':>18}  mode")
    print("-" * (len(header) + 30))
    for name in PAGES:
        for kind in ("first", "return", "offline"):
            rows = [v for v in visits if v.page == name and v.kind == kind]
            if not rows:
                continue
            modes = sorted({v.mode for v in rows if v.mode})
            print(
                f"{name:6} {kind:8} {len(rows):>2}  {fmt([v.engine_ms for v in rows]):>18}"
                f"  {fmt([v.board_ms for v in rows]):>18}  {fmt([v.fcp_ms for v in rows]):>18}"
                f"  {','.join(modes)}"
            )


def print_ratios(visits: list[Visit]) -> None:
    """Each page's median engine-ready time over stock Pyodide's, per visit kind (one run)."""

    def median(name: str, kind: str) -> float | None:
        got = [v.engine_ms for v in visits if v.page == name and v.kind == kind and v.engine_ms]
        return statistics.median(got) if got else None

    lines = []
    for name in PAGES:
        if name == "stock":
            continue
        shares = []
        for kind in ("first", "return", "offline"):
            mine, stock = median(name, kind), median("stock", kind)
            if mine is not None and stock:
                shares.append(f"{kind} {mine / stock:.2f}")
        if shares:
            lines.append(f"  {name:6} " + "  ".join(shares))
    if lines:
        print()
        print("engine ready as a share of the stock Pyodide start (medians of this run)")
        print("\n".join(lines))


def print_stages(visits: list[Visit]) -> None:
    """Median time of each page and worker mark (w:), per page and visit kind, in time order."""
    print()
    print("stages: median ms from navigation start (w: = engine worker, see docs/architecture.md)")
    for name in PAGES:
        for kind in ("first", "return", "offline"):
            rows = [v for v in visits if v.page == name and v.kind == kind and v.stages]
            if not rows:
                continue
            names = {k for v in rows for k in v.stages}
            medians = {
                k: statistics.median(v.stages[k] for v in rows if k in v.stages) for k in names
            }
            ordered = sorted(medians.items(), key=lambda kv: kv[1])
            print(f"  {name} {kind}: " + "  ".join(f"{k} {ms:.0f}" for k, ms in ordered))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--sessions", type=int, default=3, help="fresh profiles per page")
    parser.add_argument("--returns", type=int, default=2, help="return visits per session")
    parser.add_argument("--offline", type=int, default=2, help="offline visits per session")
    parser.add_argument("--pages", default=",".join(PAGES), help="app,check,bare,stock")
    parser.add_argument("--calls", type=int, default=200, help="timed `state` calls")
    parser.add_argument("--acts", type=int, default=200, help="timed `act` calls")
    parser.add_argument(
        "--play",
        type=int,
        default=AFTER_VISIT["play"],
        help="moves played at each visit after start-up",
    )
    parser.add_argument(
        "--linger-ms",
        type=int,
        default=AFTER_VISIT["linger_ms"],
        help="ms each visit stays open after that",
    )
    parser.add_argument("--json", type=Path, help="also write the raw figures here")
    parser.add_argument("--stages", action="store_true", help="also print the median marks")
    parser.add_argument(
        "--no-other-tab",
        action="store_true",
        help="close every tab before each visit (no spare renderer: the pre-2026-11-25 method)",
    )
    parser.add_argument(
        "--min-idle",
        type=float,
        default=0.85,
        help="before each session wait until the CPU is this idle (0 = never wait)",
    )
    args = parser.parse_args()
    AFTER_VISIT.update(play=args.play, linger_ms=args.linger_ms)
    OTHER_TAB["keep"] = not args.no_other_tab
    site: Path = args.site.resolve()
    if not (site / "build-info.json").is_file():
        raise SystemExit(f"{site} is not built: run python scripts/build_site.py")
    info = json.loads((site / "build-info.json").read_text())
    pages = [p for p in args.pages.split(",") if p]

    print(f"site {site}: {json.dumps({k: info[k] for k in sorted(info) if k != 'wheel_sha256'})}")
    tabs = "a blank tab stays open" if OTHER_TAB["keep"] else "every tab closed before each visit"
    print(f"tabs: {tabs}")
    print(f"load average before: {os.getloadavg()}")
    visits: list[Visit] = []
    calls: dict[str, list[float]] = {}
    with sync_playwright() as pw:
        for session in range(args.sessions):
            for name in pages:
                if args.min_idle > 0:
                    wait_until_quiet(args.min_idle)
                got = run_session(pw, site, name, session, args.returns, args.offline)
                visits += got
                print(
                    f"  session {session} {name}: "
                    + " ".join(f"{v.kind}={v.engine_ms and round(v.engine_ms)}" for v in got),
                    flush=True,
                )
        if args.calls or args.acts:
            calls = call_latency(pw, site, args.calls, args.acts)
    print(f"load average after: {os.getloadavg()}")
    print_table(visits)
    print_ratios(visits)
    if args.stages:
        print_stages(visits)
    for op, values in calls.items():
        if values:
            print(
                f"engine call `{op}` from the page, {len(values)} calls: "
                f"p50 {pct(values, 0.5):.2f} ms, p95 {pct(values, 0.95):.2f} ms, "
                f"max {max(values):.2f} ms"
            )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(
            json.dumps({"build": info, "visits": [asdict(v) for v in visits], "calls": calls})
        )


if __name__ == "__main__":
    main()
