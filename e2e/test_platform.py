"""The platform: engine in a PyScript worker, nothing fetched from other hosts, the shipped
memory snapshot and its fallback, precompressed files, offline start from the service worker,
and site updates (docs/architecture.md)."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import struct
import time
import urllib.request
from collections.abc import Callable
from email.utils import formatdate
from pathlib import Path
from typing import Any
from urllib.error import HTTPError

import pytest
from playwright.sync_api import BrowserContext, Page

from e2e.conftest import ENGINE_TIMEOUT_MS, SITE, WEB, Guard, check_site_built, wait_engine
from scripts import build_site
from scripts.serve import SiteServer

CHECK_PAGE = "platform-check.html"
# Where the page records the version whose runtime modules it had V8 cache (engine-client.js).
CODE_CACHE_KEY = "tramways.codeCache.v1"
# The files an engine start reads (web/ui/engine-files.js BOOT_FILES).
BOOT_FILES = ("info", "wasm", "stdlib", "snapshot", "files")

CALL = "async (r) => { await window.engine.ready; return await window.engine.call(r); }"
BOOT_INFO = "async () => await window.engine.bootInfo()"
OFFLINE_STATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const keys = (await caches.keys()).filter((k) => k.startsWith("tramways-"));
  const sizes = {};
  for (const k of keys) sizes[k] = (await (await caches.open(k)).keys()).length;
  return {
    controlled: !!navigator.serviceWorker.controller,
    active: reg?.active?.state ?? null,
    waiting: reg?.waiting?.state ?? null,
    caches: sizes,
  };
}"""

# How the service worker's static routes matched the page's navigation and its files
# (Chromium's resource timing: "cache", "fetch-event", "network", or "" when no route matched).
SOURCES = """() => ({
  navigation: performance.getEntriesByType("navigation").map((e) => e.workerMatchedSourceType),
  resources: Object.fromEntries(
    performance.getEntriesByType("resource").map((e) => [e.name, e.workerMatchedSourceType]),
  ),
})"""


def build_info(site: Path) -> dict[str, Any]:
    info: dict[str, Any] = json.loads((site / "build-info.json").read_text())
    return info


def precache_count(site: Path) -> int:
    return len(json.loads((site / "precache.json").read_text()))


def poll(page: Page, script: str, until: Callable[[Any], bool], what: str) -> Any:
    """Evaluate `script` until `until(result)` holds (async page state, e.g. caches)."""
    deadline = time.monotonic() + ENGINE_TIMEOUT_MS / 1000
    while True:
        value = page.evaluate(script)
        if until(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; last state: {value}")
        page.wait_for_timeout(100)


def wait_offline_ready(page: Page, site: Path) -> dict[str, Any]:
    """Until the service worker controls the page and its cache holds the whole precache."""
    cache = f"tramways-{build_info(site)['content_hash']}"
    n = precache_count(site)
    state: dict[str, Any] = poll(
        page,
        OFFLINE_STATE,
        lambda s: s["controlled"] and s["active"] == "activated" and s["caches"].get(cache) == n,
        f"service worker control + {n} files in {cache}",
    )
    return state


def open_check_page(context: BrowserContext, server: SiteServer) -> Page:
    page = context.new_page()
    page.goto(f"{server.url}/{CHECK_PAGE}")
    wait_engine(page)
    return page


def test_engine_answers_from_the_page_through_the_worker(
    page: Page, site_server: SiteServer
) -> None:
    page.goto(f"{site_server.url}/{CHECK_PAGE}")
    wait_engine(page)

    reply = page.evaluate(CALL, {"op": "titles"})
    assert reply["ok"] is True
    assert "trambahn" in [t["id"] for t in reply["titles"]]
    # An engine error is an answer ({ok: false}), not an exception.
    reply = page.evaluate(CALL, {"op": "no-such-op"})
    assert reply["ok"] is False
    assert reply["error"]["message"]

    # PyScript started the worker, with our interpreter module and the local runtime, and the
    # worker restored the snapshot that comes with the site (also on this first visit).
    info = build_info(SITE)
    hits = set(site_server.hits)
    for path in (
        "/vendor/pyscript/core.js",
        "/ui/engine_worker.py",
        "/ui/engine-boot.mjs",
        "/vendor/pyodide/pyodide.asm.wasm",
        f"/wheels/{info['snapshot']}",
        f"/wheels/{info['files']}",
    ):
        assert path in hits, f"{path} was not requested"
    boot = page.evaluate(BOOT_INFO)
    assert boot["mode"] == "snapshot", boot
    assert boot["key"] == info["engine_key"], boot
    assert boot["warnings"] == [], boot
    # The page read the start's files (and compiled the wasm) before PyScript created the
    # worker, and handed them over (engine-client.js, engine-files.js).
    assert boot["files"] == dict.fromkeys(BOOT_FILES, "page"), boot


def test_each_restore_reseeds_and_puts_the_engine_files_back(
    page: Page, site_server: SiteServer
) -> None:
    """The snapshot froze Python's RNG state (every restore would draw the same numbers) and
    holds no files (the engine reads its package data lazily)."""
    states = []
    for _ in range(2):
        page.goto(f"{site_server.url}/{CHECK_PAGE}")
        wait_engine(page)
        boot = page.evaluate(BOOT_INFO)
        assert boot["mode"] == "snapshot", boot
        assert boot["python"]["engine_files"] is True, boot
        states.append(boot["python"]["rng"])
    assert states[0] != states[1], states


# An engine worker created without engine-client.js: nobody answers its request for files.
UNHELPED_WORKER = """async () => {
  const abs = (path) => new URL(path, location.href).href;
  const { PyWorker } = await import(abs("./vendor/pyscript/core.js"));
  const worker = await PyWorker(abs("./ui/engine_worker.py"), {
    version: abs("./ui/engine-boot.mjs"),
    config: { sync_main_only: true },
  });
  const boot = JSON.parse(await worker.sync.boot_info());
  const reply = JSON.parse(await worker.sync.handle(JSON.stringify({ op: "titles" })));
  worker.terminate();
  return { boot, ok: reply.ok };
}"""


def test_worker_reads_the_files_itself_when_the_page_does_not_answer(
    page: Page, site_server: SiteServer
) -> None:
    page.goto(f"{site_server.url}/{CHECK_PAGE}")
    wait_engine(page)
    got = page.evaluate(UNHELPED_WORKER)
    boot = got["boot"]
    assert boot["files"] == dict.fromkeys(BOOT_FILES, "worker (the page did not answer)"), boot
    assert (boot["mode"], boot["snapshot"], boot["warnings"]) == ("snapshot", "restored", []), boot
    assert got["ok"] is True


def test_start_page_fetches_only_from_localhost(page: Page, site_server: SiteServer) -> None:
    # The guard fixture fails the test on any request to another host or console error.
    page.goto(f"{site_server.url}/")
    wait_engine(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_TIMEOUT_MS)


# PyScript's plugins (editor, terminal, game, ...): no page of ours uses them.
PLUGIN_CHUNKS = (
    "deprecations-manager-",
    "donkey-",
    "py-editor-",
    "py-game-",
    "py-terminal-",
    "codemirror",
)


@pytest.mark.parametrize(
    "path", ["/", f"/{CHECK_PAGE}", "/embed.html?demo=scoring", "/editor.html"]
)
def test_pages_import_none_of_pyscripts_plugins(
    page: Page, site_server: SiteServer, path: str
) -> None:
    # PyScript imports its plugins once per interpreter type unless that type's config
    # excludes them: <py-config> and <mpy-config> both do (docs/architecture.md).
    page.goto(f"{site_server.url}{path}")
    wait_engine(page)
    page.wait_for_timeout(300)  # anything PyScript imports after the start
    loaded = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    pyscript = [u.rsplit("/", 1)[1] for u in loaded if "/vendor/pyscript/" in u]
    assert pyscript, loaded  # the page did load PyScript
    assert [f for f in pyscript if f.startswith(PLUGIN_CHUNKS)] == [], pyscript


def test_runtime_modules_are_loaded_once_more_for_v8s_code_cache(
    page: Page, site_server: SiteServer
) -> None:
    # Once this version's service worker controls the page, a short-lived worker loads the
    # runtime's modules through it, so that V8 keeps their compiled code for the next start
    # (engine-client.js keepRuntimeCodeCache); it records the version it did so for.
    page.goto(f"{site_server.url}/{CHECK_PAGE}")
    wait_engine(page)
    wait_offline_ready(page, SITE)
    version = build_info(SITE)["content_hash"]
    kept = poll(
        page,
        f"localStorage.getItem('{CODE_CACHE_KEY}')",
        lambda v: v is not None,
        "the code-cache worker",
    )
    assert kept == version


def test_guard_catches_requests_to_other_hosts(
    page: Page, site_server: SiteServer, guard: Guard
) -> None:
    page.goto(f"{site_server.url}/{CHECK_PAGE}")
    outcome = page.evaluate(
        "fetch('https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs')"
        ".then(() => 'fetched', () => 'blocked')"
    )
    assert outcome == "blocked"
    assert guard.outside == ["https://cdn.jsdelivr.net/pyodide/v314.0.7/full/pyodide.mjs"]
    guard.outside.clear()  # expected here; the guard's own teardown check must pass
    guard.errors.clear()  # the blocked fetch logs a console error


def test_offline_start_from_the_service_worker(
    new_context: Callable[..., BrowserContext],
    serve_site: Callable[..., SiteServer],
    guard: Guard,
) -> None:
    server = serve_site()
    context = guard.attach(new_context())
    page = open_check_page(context, server)
    wait_offline_ready(page, SITE)
    # The code-cache warm-up (engine-client.js keepRuntimeCodeCache) is done too: the reload
    # below would abort its worker's module loads, which are reported as failed requests.
    version = build_info(SITE)["content_hash"]
    poll(page, f"localStorage.getItem('{CODE_CACHE_KEY}')", lambda v: v == version, "code cache")

    failed: list[str] = []
    context.on("requestfailed", lambda r: failed.append(r.url))
    # set_offline alone still lets the service worker's update check through: stop the server.
    server.stop()
    context.set_offline(True)

    page.reload()
    wait_engine(page)
    assert page.evaluate(CALL, {"op": "titles"})["ok"] is True
    boot = page.evaluate(BOOT_INFO)
    if build_info(SITE)["snapshot"]:
        assert boot["mode"] == "snapshot", boot

    # The start page too (a different URL, served as "./" from the precache).
    start = context.new_page()
    start.goto(server.url + "/")
    wait_engine(start)
    # The browser answered it and its files from the cache by the worker's static routes
    # (sw.template.js staticRoutes), without running the worker's fetch handler.
    sources = start.evaluate(SOURCES)
    assert sources["navigation"] == ["cache"], sources
    assert sources["resources"] and set(sources["resources"].values()) == {"cache"}, sources
    # A navigation with a query is the fetch handler's: the page without the query.
    query = context.new_page()
    query.goto(server.url + "/?from=offline")
    wait_engine(query)
    assert query.evaluate(SOURCES)["navigation"] == ["fetch-event"]
    # The update check for sw.js may fail while offline; nothing else may.
    assert [u for u in failed if not u.endswith("/sw.js")] == []


def broken_copy(tmp_path: Path, damage: Callable[[bytes], bytes | None]) -> Path:
    """A copy of site/ (hard links) whose snapshot file is replaced by damage(its bytes), or
    removed if that returns None; its precompressed copies are dropped."""
    check_site_built()
    site = tmp_path / "site"
    shutil.copytree(SITE, site, copy_function=os.link)
    snapshot = site / "wheels" / build_info(SITE)["snapshot"]
    data = snapshot.read_bytes()
    for path in (snapshot, *(snapshot.with_name(snapshot.name + s) for s in (".br", ".gz"))):
        path.unlink(missing_ok=True)  # unlink first: never write through a link into site/
    damaged = damage(data)
    if damaged is not None:
        snapshot.write_bytes(damaged)
    return site


def pyodide_header_at(data: bytes) -> int:
    """Offset of Pyodide's own header in a snapshot file (scripts/make_snapshot.mjs)."""
    return int(struct.unpack_from("<I", data, 4)[0])


def other_build_id(data: bytes) -> bytes:
    at = pyodide_header_at(data) + 16  # Pyodide's header: magic, 3 lengths, then BUILD_ID
    return data[:at] + bytes(b ^ 0xFF for b in data[at : at + 4]) + data[at + 4 :]


def other_key(data: bytes) -> bytes:
    runs = struct.unpack_from("<I", data, 16)[0]
    at = 4 * (6 + 2 * runs)  # the key follows the runs
    return data[:at] + b"0123456789abcdef" + data[at + 16 :]


@pytest.mark.parametrize(
    ("damage", "warning"),
    [
        (other_build_id, "Snapshot build id mismatch"),  # made by another runtime build
        (other_key, "is not"),  # made for another engine build: never restore old code
        (lambda data: data[: len(data) // 2], "truncated"),
        (lambda data: b"\0" * len(data), "not an engine snapshot file"),
        (lambda data: None, "HTTP 404"),  # missing
    ],
    ids=["build-id", "engine-key", "truncated", "garbage", "missing"],
)
def test_unusable_snapshot_falls_back_to_a_normal_boot(
    damage: Callable[[bytes], bytes | None],
    warning: str,
    new_context: Callable[..., BrowserContext],
    serve_site: Callable[..., SiteServer],
    guard: Guard,
    tmp_path: Path,
) -> None:
    if not build_info(SITE)["snapshot"]:
        raise AssertionError("site/ was built with --no-snapshot")
    guard.allow("404 (File not found)")  # Chromium logs the missing file as an error
    server = serve_site(broken_copy(tmp_path, damage))
    context = guard.attach(new_context())
    page = open_check_page(context, server)
    boot = page.evaluate(BOOT_INFO)
    assert boot["mode"] == "fresh", boot
    assert boot["snapshot"].startswith("failed:"), boot
    assert any(warning in w for w in boot["warnings"]), boot
    assert page.evaluate(CALL, {"op": "titles"})["ok"] is True
    assert boot["python"]["engine_files"] is True, boot
    # A file the page could not read, the worker tried itself.
    missing = warning == "HTTP 404"
    assert boot["files"]["snapshot"] == ("worker (the page's read failed)" if missing else "page")
    assert boot["files"]["wasm"] == "page", boot
    # Before the server stops (fixture teardown): the service worker registration, which
    # follows the engine's start, must not fail on a vanished server.
    context.close()


OLD_SNAPSHOT_DB = """async () => {
  await new Promise((resolve, reject) => {
    const req = indexedDB.open("tramways-engine", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("snapshots");
    req.onsuccess = () => { req.result.close(); resolve(); };
    req.onerror = () => reject(req.error);
  });
}"""
HAS_OLD_DB = "async () => (await indexedDB.databases()).some((d) => d.name === 'tramways-engine')"


def test_the_snapshot_database_of_older_versions_is_deleted(
    page: Page, site_server: SiteServer
) -> None:
    page.goto(f"{site_server.url}/{CHECK_PAGE}")
    wait_engine(page)
    page.evaluate(OLD_SNAPSHOT_DB)
    assert page.evaluate(HAS_OLD_DB) is True
    page.reload()
    wait_engine(page)
    poll(page, HAS_OLD_DB, lambda has: has is False, "the old snapshot database deleted")


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def test_server_sends_the_precompressed_files(site_server: SiteServer) -> None:
    """scripts/serve.py answers with the build's .br/.gz copy when the request accepts it,
    and with the original otherwise; 304 when unchanged."""
    info = build_info(SITE)
    for rel in ("vendor/pyodide/pyodide.asm.wasm", f"wheels/{info['snapshot']}", "index.html"):
        url = f"{site_server.url}/{rel}"
        original = (SITE / rel).read_bytes()
        status, headers, body = fetch(url, **{"Accept-Encoding": "gzip, deflate, br, zstd"})
        assert (status, headers.get("content-encoding")) == (200, "br"), (rel, headers)
        assert body == (SITE / f"{rel}.br").read_bytes()
        assert headers["vary"] == "Accept-Encoding"
        status, headers, body = fetch(url, **{"Accept-Encoding": "gzip"})
        assert (status, headers.get("content-encoding")) == (200, "gzip"), (rel, headers)
        assert gzip.decompress(body) == original
        status, headers, body = fetch(url, **{"Accept-Encoding": "br;q=0, identity"})
        assert (status, "content-encoding" in headers, body) == (200, False, original), rel
        status, _, _ = fetch(url, **{"If-Modified-Since": formatdate(time.time(), usegmt=True)})
        assert status == 304, rel
    # The directory index too, as the service worker precaches "./".
    status, headers, body = fetch(f"{site_server.url}/", **{"Accept-Encoding": "br"})
    assert (status, headers.get("content-encoding")) == (200, "br")
    assert body == (SITE / "index.html.br").read_bytes()


def test_runtime_module_asks_v8_to_compile_all_its_functions(site_server: SiteServer) -> None:
    """The served pyodide.asm.mjs is npm's file behind V8's compile hint: its functions are
    compiled with the file and kept in V8's code cache, not compiled one by one in every
    start (docs/architecture.md, "Start-up")."""
    rel = "vendor/pyodide/pyodide.asm.mjs"
    status, _, body = fetch(f"{site_server.url}/{rel}", **{"Accept-Encoding": "identity"})
    npm = (build_site.PYODIDE_DIR / "pyodide.asm.mjs").read_bytes()
    assert status == 200
    assert body == build_site.COMPILE_ALL_HINT + npm
    assert body.startswith(b"//# allFunctionsCalledOnLoad\n")


def deploy_v2_and_revisit(
    new_context: Callable[..., BrowserContext],
    serve_site: Callable[..., SiteServer],
    guard: Guard,
    tmp_path: Path,
) -> tuple[BrowserContext, SiteServer, Page, Path, str, str]:
    """Visit version 1 of a site, rebuild it as version 2 (a changed page) and visit again.
    Returns (context, server, page, site, v1, v2) with version 2 installed and waiting."""
    web, site = tmp_path / "web", tmp_path / "site"
    shutil.copytree(WEB, web)
    build_site.main(["--web", str(web), "--out", str(site)])
    v1 = build_info(site)["content_hash"]
    server = serve_site(site)
    context = guard.attach(new_context())

    # Visit 1: version 1 installs and fills its cache.
    page = open_check_page(context, server)
    wait_offline_ready(page, site)

    # Deploy version 2.
    check = web / CHECK_PAGE
    check.write_text(check.read_text().replace("platform check</h1>", "platform check v2</h1>"))
    build_site.main(["--web", str(web), "--out", str(site)])
    v2 = build_info(site)["content_hash"]
    assert v2 != v1

    # Visit 2: still version 1 (consistent with the engine it started), version 2 installs.
    page.reload()
    wait_engine(page)
    assert page.text_content("h1") == "Tramways platform check"
    state = poll(
        page,
        OFFLINE_STATE,
        lambda s: (
            s["waiting"] == "installed"
            and s["caches"].get(f"tramways-{v2}") == precache_count(site)
        ),
        "version 2 installed and waiting",
    )
    assert f"tramways-{v1}" in state["caches"]
    assert page.evaluate(CALL, {"op": "titles"})["ok"] is True
    return context, server, page, site, v1, v2


def test_site_update_installs_on_next_visit(
    new_context: Callable[..., BrowserContext],
    serve_site: Callable[..., SiteServer],
    guard: Guard,
    tmp_path: Path,
) -> None:
    context, server, page, site, _, v2 = deploy_v2_and_revisit(
        new_context, serve_site, guard, tmp_path
    )
    # Visit 3 (no tab of version 1 left): version 2 runs, version 1's cache is gone.
    page.close()
    page = open_check_page(context, server)
    assert page.text_content("h1") == "Tramways platform check v2"
    state = poll(page, OFFLINE_STATE, lambda s: s["active"] == "activated", "version 2 active")
    assert list(state["caches"]) == [f"tramways-{v2}"]
    assert page.evaluate(CALL, {"op": "titles"})["ok"] is True
    boot = page.evaluate(BOOT_INFO)
    assert (boot["mode"], boot["key"]) == ("snapshot", build_info(site)["engine_key"]), boot


APPLY_UPDATE = """async () => {
  const { registerServiceWorker } = await import("./ui/engine-client.js");
  let ready = false;
  const sw = await registerServiceWorker({ onUpdateReady: () => { ready = true; } });
  if (!ready) throw new Error("onUpdateReady was not called for the waiting version");
  sw.applyUpdate();
}"""


def test_waiting_update_can_be_applied_at_once(
    new_context: Callable[..., BrowserContext],
    serve_site: Callable[..., SiteServer],
    guard: Guard,
    tmp_path: Path,
) -> None:
    _, _, page, _, _, v2 = deploy_v2_and_revisit(new_context, serve_site, guard, tmp_path)
    with page.expect_navigation():  # applyUpdate() reloads the page on the new version
        page.evaluate(APPLY_UPDATE)
    wait_engine(page)
    assert page.text_content("h1") == "Tramways platform check v2"
    state = poll(page, OFFLINE_STATE, lambda s: s["active"] == "activated", "version 2 active")
    assert list(state["caches"]) == [f"tramways-{v2}"]
