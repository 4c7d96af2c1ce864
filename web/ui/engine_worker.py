"""PyScript runs this file in the engine's Web Worker; the page calls what it exports through
PyWorker's `sync` proxy (engine-client.js), JSON strings in and out. The code is in the engine
package (pygame_core/worker.py), already imported in the memory snapshot."""

from pygame_core.worker import boot_info, handle  # noqa: F401  (exported by __export__)

__export__ = ["handle", "boot_info"]
