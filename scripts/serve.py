#!/usr/bin/env python3
"""Serve the built site (site/) on 127.0.0.1 with the MIME types the browser needs.

Usage: python scripts/serve.py [--port 8000] [--dir site] [--no-compress]

Precompressed siblings made by the build (`x.br`, `x.gz` next to `x`) are served in place of
`x` with Content-Encoding when the request accepts them (as nginx's brotli_static/gzip_static
do); the first visit then downloads about 13 MB instead of 30.

Also imported by e2e/conftest.py and bench/bench_browser.py (SiteServer), so the tests
and the benchmark see exactly what a developer sees.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import os
import threading
from collections.abc import Callable
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"

# Python's mimetypes table depends on the host (/etc/mime.types); pin what matters.
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".html": "text/html",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".py": "text/plain",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
}


# Content-Encoding -> file suffix of the precompressed sibling, in order of preference.
ENCODINGS = {"br": ".br", "gzip": ".gz"}


def accepted_encodings(header: str | None) -> set[str]:
    """The codings an Accept-Encoding header allows (q=0 excluded)."""
    accepted = set()
    for part in (header or "").split(","):
        name, *params = (p.strip() for p in part.split(";"))
        q = next((p[2:] for p in params if p.startswith("q=")), "1")
        with contextlib.suppress(ValueError):
            if name and float(q) > 0:
                accepted.add(name.lower())
    return accepted


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files; every response revalidates (no-cache) so a rebuild is never masked
    by the HTTP cache: offline and fast return visits are the service worker's job."""

    def __init__(
        self,
        *args: Any,
        on_request: Callable[[str], None] | None = None,
        quiet: bool = False,
        compress: bool = True,
        **kwargs: Any,
    ) -> None:
        self._on_request = on_request
        self._quiet = quiet
        self._compress = compress
        self.extensions_map = {**self.extensions_map, **MIME_TYPES}
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self) -> Any:
        if self._on_request is not None:
            self._on_request(self.path)
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if self._compress and os.path.isfile(path):
            siblings = [(c, path + s) for c, s in ENCODINGS.items() if os.path.isfile(path + s)]
            if siblings:
                accepted = accepted_encodings(self.headers.get("Accept-Encoding"))
                for coding, sibling in siblings:
                    if coding in accepted:
                        return self._send_file(sibling, self.guess_type(path), path, coding)
                return self._send_file(path, self.guess_type(path), path, None)
        return super().send_head()

    def _send_file(self, path: str, ctype: str, original: str, coding: str | None) -> Any:
        """Like SimpleHTTPRequestHandler.send_head for one file of several variants:
        Vary, Content-Encoding, and Last-Modified from the newer of the file and its
        original (a rebuild that changes either one is never answered with 304)."""
        f = open(path, "rb")  # noqa: SIM115  (returned to the caller, which closes it)
        try:
            size = os.fstat(f.fileno()).st_size
            mtime = max(os.stat(path).st_mtime, os.stat(original).st_mtime)
            since = self.headers.get("If-Modified-Since")
            if since and "If-None-Match" not in self.headers:
                with contextlib.suppress(TypeError, ValueError, OverflowError, IndexError):
                    when = email.utils.parsedate_to_datetime(since)
                    if when.tzinfo is not None and int(mtime) <= when.timestamp():
                        self.send_response(HTTPStatus.NOT_MODIFIED)
                        self.send_header("Vary", "Accept-Encoding")
                        self.end_headers()
                        f.close()
                        return None
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", ctype)
            if coding:
                self.send_header("Content-Encoding", coding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(size))
            self.send_header("Last-Modified", self.date_time_string(int(mtime)))
            self.end_headers()
            return f
        except BaseException:
            f.close()
            raise

    def log_message(self, format: str, *args: Any) -> None:
        if not self._quiet:
            super().log_message(format, *args)


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that drops a connection (navigation, test teardown) is not an error.
        pass


class SiteServer:
    """An in-process server on 127.0.0.1 (port 0 = any free port) that records the paths
    it was asked for. stop() makes the origin unreachable (offline tests)."""

    def __init__(
        self, directory: Path = SITE, port: int = 0, quiet: bool = True, compress: bool = True
    ) -> None:
        self.directory = directory
        self.hits: list[str] = []
        self._lock = threading.Lock()
        handler = partial(
            SiteHandler,
            directory=str(directory),
            on_request=self._record,
            quiet=quiet,
            compress=compress,
        )
        self._httpd = QuietServer(("127.0.0.1", port), handler)
        self.port = self._httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread: threading.Thread | None = None

    def _record(self, path: str) -> None:
        with self._lock:
            self.hits.append(path)

    def start(self) -> SiteServer:
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the listening socket (connections are then refused)."""
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join()
            self._thread = None
        self._httpd.server_close()

    def serve_forever(self) -> None:
        self._httpd.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=SITE, help="directory to serve")
    parser.add_argument(
        "--no-compress",
        dest="compress",
        action="store_false",
        help="ignore the precompressed .br/.gz files (always send the originals)",
    )
    args = parser.parse_args()
    if not (args.dir / "build-info.json").is_file():
        raise SystemExit(f"{args.dir} is not a built site: run python scripts/build_site.py")
    server = SiteServer(args.dir, args.port, quiet=False, compress=args.compress)
    print(f"Serving {args.dir} at {server.url}/  (Ctrl+C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
