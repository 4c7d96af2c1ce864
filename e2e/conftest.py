"""Browser-test fixtures: the system Chromium, the built site on 127.0.0.1, and a guard that
fails a test on any request leaving the machine or any console error.

Fixtures:
    site_server    session-wide server for site/ (never stopped by tests)
    serve_site     factory: a private server (own origin, stoppable) for any site directory
    guard          autouse: records + aborts requests not to 127.0.0.1 and records console
                   errors / page errors of the default `context`; asserts both are empty.
                   Other contexts: guard.attach(ctx). Expected errors: guard.allow("text").
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Page,
    Route,
    WebError,
    expect,
)

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.serve import SiteServer  # noqa: E402  (needs ROOT on sys.path)

SITE = ROOT / "site"
WEB = ROOT / "web"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_PREFIXES = ("http://127.0.0.1:", "blob:", "data:")
# Pyodide cold starts take 1-4 s here; a loaded 2-core CI machine can be much slower.
ENGINE_TIMEOUT_MS = 90_000
# Every other wait (expect(), locator actions) is for a state the page reaches after an engine
# call or a render: Playwright's 5 s default failed twice on a machine whose two cores were
# busy (a pass screen, an import summary). A state that never comes still fails, just later.
STATE_TIMEOUT_MS = 30_000
expect.set_options(timeout=STATE_TIMEOUT_MS)


def check_site_built(site: Path = SITE) -> None:
    """Fail (never skip) when site/ is missing or older than web/."""
    if not (site / "build-info.json").is_file():
        pytest.fail(
            f"{site} is not built: run `python scripts/build_site.py` (scripts/test.sh does)",
            pytrace=False,
        )
    stale = [
        p.relative_to(WEB).as_posix()
        for p in WEB.rglob("*")
        if p.is_file()
        and ".template." not in p.name
        and "__pycache__" not in p.parts
        and not p.name.startswith(".")
        and (
            not (site / p.relative_to(WEB)).is_file()
            or (site / p.relative_to(WEB)).read_bytes() != p.read_bytes()
        )
    ]
    if stale:
        pytest.fail(
            f"{site} is out of date ({', '.join(stale[:5])}): run python scripts/build_site.py",
            pytrace=False,
        )


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options + the system Chromium (never `playwright install`)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium", pytrace=False)
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [*browser_type_launch_args.get("args", []), *CHROMIUM_FLAGS],
    }


@pytest.fixture(scope="session")
def site_server() -> Iterator[SiteServer]:
    check_site_built()
    server = SiteServer(SITE).start()
    yield server
    server.stop()


@pytest.fixture
def serve_site() -> Iterator[Callable[[Path], SiteServer]]:
    """Start a private server for a site directory (a new origin: its own service worker
    and caches). Stopped at teardown; tests may stop it earlier (offline)."""
    servers: list[SiteServer] = []

    def start(site: Path = SITE) -> SiteServer:
        if site == SITE:
            check_site_built()
        server = SiteServer(site).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


class Guard:
    """Collects what must not happen in a test: outside requests and console errors."""

    def __init__(self) -> None:
        self.outside: list[str] = []
        self.errors: list[str] = []
        self._allowed: list[str] = []

    def allow(self, text: str) -> None:
        """Accept console errors containing `text` (for tests that provoke one)."""
        self._allowed.append(text)

    def attach(self, context: BrowserContext) -> BrowserContext:
        context.set_default_timeout(STATE_TIMEOUT_MS)
        context.on("request", self._on_request)
        context.route(lambda url: not url.startswith(LOCAL_PREFIXES), self._abort)
        context.on("console", self._on_console)
        context.on("weberror", self._on_weberror)
        return context

    def _on_request(self, request: Any) -> None:
        url = str(request.url)
        if not url.startswith(LOCAL_PREFIXES) and url not in self.outside:
            self.outside.append(url)

    def _abort(self, route: Route) -> None:
        if route.request.url not in self.outside:
            self.outside.append(route.request.url)
        with contextlib.suppress(Error):  # the page may have gone away meanwhile
            route.abort()

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "") if message.location else ""
            self.errors.append(f"console.error: {message.text} ({where})")

    def _on_weberror(self, error: WebError) -> None:
        self.errors.append(f"page error: {error.error}")

    def problems(self) -> list[str]:
        errors = [e for e in self.errors if not any(a in e for a in self._allowed)]
        return [f"request left 127.0.0.1: {u}" for u in self.outside] + errors


@pytest.fixture(autouse=True)
def guard(request: pytest.FixtureRequest) -> Iterator[Guard]:
    g = Guard()
    if "context" in request.fixturenames or "page" in request.fixturenames:
        g.attach(request.getfixturevalue("context"))
    yield g
    problems = g.problems()
    assert not problems, "\n".join(problems)


def wait_engine(page: Page, timeout: float = ENGINE_TIMEOUT_MS) -> None:
    """Wait until the page's engine answered (performance.mark("engine-ready"))."""
    page.wait_for_function(
        "performance.getEntriesByName('engine-ready').length > 0", timeout=timeout
    )
