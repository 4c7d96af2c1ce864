"""Worker side of the engine. PyScript runs this file in the engine's Web Worker.

The page calls the exported functions through PyWorker's `sync` proxy (see engine-client.js).
JSON strings go in and out: a PyProxy cannot cross postMessage, a string always can.
"""

import hashlib
import json
import os
import random

import js  # type: ignore[import-not-found]  # Pyodide's module for JavaScript globals

import pygame_core
from pygame_core.api import handle  # noqa: F401  (exported to the page by __export__)


def boot_info() -> str:
    """How the runtime started (snapshot or not, boot marks), for diagnostics, tests and
    benchmarks; `python` tells what a restore must redo: reseed the RNG, put the files back."""
    status = getattr(js, "__tramwaysBoot", None)
    info = json.loads(str(js.JSON.stringify(status))) if status is not None else {}
    info["python"] = {
        "rng": hashlib.sha256(repr(random.getstate()).encode()).hexdigest()[:16],
        "engine_files": os.path.isfile(pygame_core.__file__ or ""),
    }
    return json.dumps(info)


__export__ = ["handle", "boot_info"]
