// Build the engine's memory snapshot at build time, with Pyodide's own runtime in Node.
//
// A snapshot is the whole wasm heap of a Pyodide that has booted and imported every module of
// the engine package. The page's worker restores it instead of starting Python (no
// interpreter start-up, no imports), also on a first visit. Pyodide checks its own BUILD_ID
// on restore; the file name and header carry the engine key (the build's hash of the
// runtime, stdlib, wheel and this script), so a new engine build never restores old Python
// code.
//
// Usage: node scripts/make_snapshot.mjs <pyodide dir> <stdlib zip> <wheel> <bytecode zip|-> <key> <out>
//
// Output format (all integers little-endian u32), read by web/ui/engine-boot.mjs:
//   magic "TWS1" | header bytes (this whole header) | Pyodide header length H | heap length
//   | run count R | key length K | R x (first page, page count) | key (K bytes, padded to 4)
//   then H bytes of Pyodide's own snapshot header, then the heap pages of each run.
// The heap is about 30 MB; only its non-zero 4 KiB pages are stored (about 14 MB), in a few
// runs of consecutive pages.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlib, wheel, bytecode, key, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: make_snapshot.mjs <pyodide dir> <stdlib zip> <wheel> <bytecode|-> <key> <out>");
  process.exit(2);
}
const ENGINE_PACKAGE = "pygame_core";
// Every module of the engine package is imported, pygame_core.worker too: what
// web/ui/engine_worker.py imports after the restore (with its stdlib imports). PyScript's
// worker bootstrap imports no Python module for a PyWorker without hooks: checked with
// sys.modules after start-up, only its JS modules (js, polyscript) are new.
const MAGIC = 0x31535754; // "TWS1"
const PAGE = 4096;

const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({
  indexURL,
  stdLibURL: resolve(stdlib),
  _makeSnapshot: true,
  // What the browser's worker would have: no trace of this machine's environment.
  env: { HOME: "/home/pyodide", _: "./this.program" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
const extractDir = py._api.sitepackages;
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir });
if (bytecode !== "-") py.unpackArchive(new Uint8Array(readFileSync(bytecode)), "zip", { extractDir });
py.runPython(`
import importlib
importlib.invalidate_caches()
import pkgutil, ${ENGINE_PACKAGE} as _pkg
for _m in pkgutil.walk_packages(_pkg.__path__, "${ENGINE_PACKAGE}."):
    importlib.import_module(_m.name)
del _m, _pkg
import gc
gc.collect()
`);
const snapshot = py.makeMemorySnapshot();

// Pyodide's header: magic, its length (where the heap starts), JSON length, 0, BUILD_ID.
const pyHeaderLength = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
const heap = snapshot.subarray(pyHeaderLength);
const words = new Uint32Array(heap.buffer, heap.byteOffset, heap.length >> 2);
if (heap.length % PAGE !== 0) throw new Error(`heap length ${heap.length} is not whole pages`);
const runs = [];
for (let page = 0, wordsPerPage = PAGE >> 2; page < heap.length / PAGE; page++) {
  let w = page * wordsPerPage;
  const end = w + wordsPerPage;
  while (w < end && words[w] === 0) w++;
  if (w === end) continue;
  const last = runs.at(-1);
  if (last && last[0] + last[1] === page) last[1]++;
  else runs.push([page, 1]);
}
const keyBytes = new TextEncoder().encode(key);
const keyPadded = Math.ceil(keyBytes.length / 4) * 4;
const headerLength = 4 * (6 + 2 * runs.length) + keyPadded;
const pages = runs.reduce((n, [, count]) => n + count, 0);
const file = new Uint8Array(headerLength + pyHeaderLength + pages * PAGE);
const header = new Uint32Array(file.buffer, 0, 6 + 2 * runs.length);
header.set([MAGIC, headerLength, pyHeaderLength, heap.length, runs.length, keyBytes.length]);
runs.forEach(([first, count], i) => header.set([first, count], 6 + 2 * i));
file.set(keyBytes, 4 * (6 + 2 * runs.length));
file.set(snapshot.subarray(0, pyHeaderLength), headerLength);
let offset = headerLength + pyHeaderLength;
for (const [first, count] of runs) {
  file.set(heap.subarray(first * PAGE, (first + count) * PAGE), offset);
  offset += count * PAGE;
}
writeFileSync(out, file);
console.log(
  `snapshot: heap ${heap.length} B, ${pages} non-zero pages in ${runs.length} runs, file ${file.length} B`,
);
