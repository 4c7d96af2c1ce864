"""Run bench_routes_runs.measure inside Pyodide in Chromium (see that module; figures only).

The page is a blank one on a local server that loads Pyodide from node_modules/pyodide,
unpacks the engine and the bench modules into its file system and calls `measure` in the
page's main thread (a benchmark: nothing else runs there).
"""

from __future__ import annotations

import functools
import http.server
import json
import mimetypes
import tempfile
import threading
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
# What `measure` imports besides pygame_core.
EXTRA = (
    "bench/__init__.py",
    "bench/bench_1840.py",
    "bench/bench_routes.py",
    "bench/bench_routes_runs.py",
    "bench/bench_routes_1881.py",
    "tests/__init__.py",
    "tests/g1840/__init__.py",
    "tests/g1840/fixture.py",
)
PAGE = "<!doctype html><meta charset='utf-8'><title>route bench</title><p>bench</p>"
RUN = """async ({ boards, call }) => {
  const { loadPyodide } = await import("/pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "/pyodide/" });
  const zip = await (await fetch("/engine.zip")).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/engine" });
  const saves = await (await fetch("/saves.json")).text();
  py.FS.writeFile("/home/pyodide/saves.json", saves);
  return py.runPython(`
import json, sys
sys.path.insert(0, "/home/pyodide/engine")
from bench.bench_routes_runs import measure
${call || "json.dumps(measure(json.loads(open('/home/pyodide/saves.json').read()), "
        + boards + "))"}
`);
}"""


def _bundle(target: Path) -> None:
    with zipfile.ZipFile(target, "w") as z:
        for path in sorted((ROOT / "pygame_core").rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                z.write(path, path.relative_to(ROOT).as_posix())
        for name in EXTRA:
            z.write(ROOT / name, name)


def in_pyodide(saves_json: str, boards: int, call: str = "") -> dict[str, list[float]]:
    """`measure(saves, boards)` run in Pyodide in headless Chromium; `call`: another
    Python expression to run there instead, giving the same JSON (another bench)."""
    from playwright.sync_api import sync_playwright

    from bench.bench_browser import CHROMIUM, FLAGS

    mimetypes.add_type("text/javascript", ".mjs")
    mimetypes.add_type("application/wasm", ".wasm")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        (site / "index.html").write_text(PAGE)
        (site / "saves.json").write_text(saves_json)
        (site / "pyodide").symlink_to(PYODIDE)
        _bundle(site / "engine.zip")
        handler = functools.partial(_Quiet, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
                out: Any = json.loads(page.evaluate(RUN, {"boards": boards, "call": call}))
                browser.close()
        finally:
            server.shutdown()
    return {str(k): [float(x) for x in v] for k, v in out.items()}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """No log lines on the bench's output."""
