"""What the browser's engine worker exports to the page: `handle` and `boot_info`.

`web/ui/engine_worker.py` (the script PyScript runs in the worker) only imports these. They
live in the package so that the memory snapshot already holds them compiled and imported:
the worker's start then compiles two lines of Python instead of this module
(docs/architecture.md, "Start-up").
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from typing import Any

import pygame_core

from .api import handle

__all__ = ["boot_info", "handle"]


def _boot_status() -> dict[str, Any]:
    """The worker's boot record (`globalThis.__tramwaysBoot`, set by engine-boot.mjs), or {}
    outside a browser worker."""
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's module for JavaScript globals
    except ImportError:
        return {}
    status = getattr(js, "__tramwaysBoot", None)
    if status is None:
        return {}
    info: dict[str, Any] = json.loads(str(js.JSON.stringify(status)))
    return info


def boot_info() -> str:
    """How the runtime started (snapshot or not, boot marks), for diagnostics, tests and
    benchmarks; `python` tells what a restore must redo: reseed the RNG, put the files back."""
    info = _boot_status()
    info["python"] = {
        "rng": hashlib.sha256(repr(random.getstate()).encode()).hexdigest()[:16],
        "engine_files": os.path.isfile(pygame_core.__file__ or ""),
    }
    return json.dumps(info)
