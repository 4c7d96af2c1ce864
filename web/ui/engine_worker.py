"""Worker side of the engine. PyScript runs this file in the engine's Web Worker.

The page calls the exported functions through PyWorker's `sync` proxy (see engine-client.js).
JSON strings go in and out: a PyProxy cannot cross postMessage, a string always can.
"""

import json

import js  # type: ignore[import-not-found]  # Pyodide's module for JavaScript globals

from pygame_core.api import handle  # noqa: F401  (exported to the page by __export__)


def boot_info() -> str:
    """How the runtime started (snapshot or not, boot marks), for diagnostics and benchmarks."""
    status = getattr(js, "__tramwaysBoot", None)
    return str(js.JSON.stringify(status)) if status is not None else json.dumps(None)


__export__ = ["handle", "boot_info"]
