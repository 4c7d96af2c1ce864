// The "interpreter module" of the engine worker. PyScript's PyWorker imports the module named
// by its `version` option and calls its loadPyodide(); pointing it here instead of at
// vendor/pyodide/pyodide.mjs lets us start Pyodide fast:
//
//  * every visit, the first one too, restores the engine's memory snapshot, made at build time
//    (scripts/make_snapshot.mjs): Python initialised and the engine imported, so there is no
//    interpreter start-up and no module import;
//  * any snapshot failure (missing, damaged, another runtime or engine build) falls back to a
//    normal boot of the precompiled stdlib and engine.
// All start-up work runs in parallel from the moment this module loads (docs/architecture.md).
//
// The engine's files are written here (not installed with loadPackage/micropip, which make
// snapshots impossible), so PyScript's config needs no `packages`/`files`.
// The snapshot options of loadPyodide are private (`_loadSnapshot`) and may change with any
// Pyodide release: the snapshot's key includes the Pyodide version, and all fails safe.

import { BOOT_FILES, BOOT_FILES_REQUEST, bootFileReader, fetchOK } from "./engine-files.js";

// Pyodide's loader is imported in parallel with the requests below, not before them.
const pyodidePromise = import("../vendor/pyodide/pyodide.mjs");

const here = (path) => new URL(path, import.meta.url).href;
const ROOT = here("../");
const INDEX_URL = here("../vendor/pyodide/");
const WASM_URL = `${INDEX_URL}pyodide.asm.wasm`;
const STDLIB_URL = `${INDEX_URL}python_stdlib.zip`;
// Snapshot file format: see scripts/make_snapshot.mjs.
const SNAPSHOT_MAGIC = 0x31535754; // "TWS1"
const PAGE = 4096;
// The database of the snapshots that older versions stored in the browser; deleted after
// start-up (the snapshot now comes with the site).
const OLD_DB_NAME = "tramways-engine";
const CLEANUP_DELAY_MS = 3000;
// The page answers at once unless its thread is busy (a render); after this long without an
// answer the worker reads the files itself.
const PAGE_ANSWER_MS = 3000;

// Diagnostics, read by engine_worker.py's boot_info() (absolute ms: timeOrigin + now()).
const status = {
  mode: "starting", // "snapshot" | "fresh"
  snapshot: "none", // "restored" | "failed: ..." | "disabled" | "none"
  key: null,
  files: {}, // who read each start file: "page" | "worker (<why>)"
  marks: {},
  warnings: [],
};
globalThis.__tramwaysBoot = status;
const mark = (name) => {
  status.marks[name] = Math.round(performance.timeOrigin + performance.now());
};
mark("boot-module");
// PyScript reports its own boot stages as "py:progress" events in the worker.
globalThis.addEventListener?.("py:progress", (e) => mark(`py: ${e.detail}`));

function warn(message, error) {
  const text = `${message}: ${error?.message ?? error}`;
  status.warnings.push(text);
  console.warn(`[engine] ${text}`);
}

// The files the start needs (engine-files.js): the page that created this worker has been
// reading them since it loaded (engine-client.js), before PyScript created this worker, and
// hands each over as it is ready (the wasm as a compiled module) through a port we send it.
// A file the page could not read is read here; so is every file if the page does not answer.
const fromPage = askPage();

// Asks the page for the start's files: {name: promise} for BOOT_FILES.
function askPage() {
  let own = null; // this worker's reader, made only if needed
  const readHere = (name, why) => {
    status.files[name] = `worker (${why})`;
    own ??= bootFileReader(ROOT);
    return own(name);
  };
  const files = {};
  const settle = {}; // name -> resolve, until settled
  for (const name of BOOT_FILES) {
    files[name] = new Promise((resolve) => {
      settle[name] = (value) => {
        delete settle[name];
        resolve(value);
      };
    });
  }
  const { port1, port2 } = new MessageChannel();
  const timer = setTimeout(() => {
    for (const name of BOOT_FILES) settle[name]?.(readHere(name, "the page did not answer"));
  }, PAGE_ANSWER_MS);
  port1.onmessage = ({ data }) => {
    if (data?.hello) {
      clearTimeout(timer);
      return;
    }
    const { name, value, error } = data ?? {};
    if (!Object.hasOwn(settle, name)) return; // unknown, or already settled
    if (error === undefined) {
      status.files[name] = "page";
      settle[name](value);
    } else {
      warn(`the page could not read ${name}, reading it here`, error);
      settle[name](readHere(name, "the page's read failed"));
    }
  };
  self.postMessage({ [BOOT_FILES_REQUEST]: port2 }, [port2]);
  return files;
}

// Everything that does not need PyScript's call starts now: the runtime's 1.25 MB JS module
// (passed on as createPyodideModule) and, below, the restore, which gets the compiled wasm
// through withPrefetched(). PyScript calls loadPyodide only after its own set-up.
const infoPromise = fromPage.info;
const asmPromise = import(`${INDEX_URL}pyodide.asm.mjs`).then((m) => {
  mark("asm-imported");
  return m.default;
});
// "wasm-compiled": the compiled module is here (from the page, or compiled here).
const wasmModulePromise = fromPage.wasm.then((m) => {
  mark("wasm-compiled");
  return m;
});
// Big buffers are kept here, not as the promises' values, so that they can be dropped once
// used (13.7 + 4.5 MB).
const held = { stdlib: null, snapshot: null };
const stdlibPromise = fromPage.stdlib.then((buffer) => {
  held.stdlib = buffer;
  mark("stdlib-read");
});
// The engine's files, written back after a restore (the file system is not in the snapshot).
const filesPromise = fromPage.files;
const snapshotPromise = fromPage.snapshot.then((buffer) => {
  held.snapshot = buffer && new Uint8Array(buffer);
  mark("snapshot-read");
});
// Nobody may be waiting yet; failures are reported where they are used.
for (const p of [asmPromise, wasmModulePromise, stdlibPromise, filesPromise, snapshotPromise]) {
  p.catch(() => {});
}

// Copies the snapshot file's content into the runtime: Pyodide's header into `pyodideHeader`
// and the heap pages into `heap` (the wasm memory), zeroing the rest of it, as Pyodide's own
// HEAP8.set(whole heap) would.
function unpackSnapshot(bytes, key, pyodideHeader, heap) {
  const header = parseSnapshotHeader(bytes, key);
  if (!header) throw new Error("snapshot file truncated");
  const { headerLength, pyodideHeaderLength, heapLength, segments } = header;
  if (pyodideHeaderLength !== pyodideHeader.length || heapLength > heap.length) {
    throw new Error("snapshot file does not match build-info.json");
  }
  pyodideHeader.set(bytes.subarray(headerLength, headerLength + pyodideHeaderLength));
  let at = headerLength + pyodideHeaderLength;
  let end = 0; // the heap is written up to here
  for (const [offset, length] of segments) {
    if (at + length > bytes.length) throw new Error("snapshot file truncated");
    heap.fill(0, end, offset); // the zero pages between two runs
    heap.set(bytes.subarray(at, at + length), offset);
    at += length;
    end = offset + length;
  }
  heap.fill(0, end);
  if (at !== bytes.length) throw new Error("snapshot file too long");
}

// The header of a snapshot file (scripts/make_snapshot.mjs), or null if more bytes are needed.
function parseSnapshotHeader(bytes, key) {
  if (bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const u32 = (i) => view.getUint32(4 * i, true);
  if (u32(0) !== SNAPSHOT_MAGIC) throw new Error("not an engine snapshot file");
  const headerLength = u32(1);
  const pyodideHeaderLength = u32(2);
  if (bytes.length < headerLength + pyodideHeaderLength) return null;
  const [heapLength, runs, keyLength] = [u32(3), u32(4), u32(5)];
  const keyStart = 4 * (6 + 2 * runs);
  const fileKey = new TextDecoder().decode(bytes.subarray(keyStart, keyStart + keyLength));
  if (fileKey !== key) throw new Error(`snapshot key ${fileKey} is not ${key}`);
  const segments = [];
  for (let i = 0; i < runs; i++) {
    const [first, count] = [u32(6 + 2 * i), u32(7 + 2 * i)];
    if ((first + count) * PAGE > heapLength) throw new Error("snapshot run out of range");
    segments.push([first * PAGE, count * PAGE]);
  }
  return { headerLength, pyodideHeaderLength, heapLength, segments };
}

// Runs boot() while Pyodide's fetches of the wasm and the stdlib zip are answered with the
// requests started above: the wasm one as the module compiled at once (Pyodide would start
// it ~0.1 s into loadPyodide, after its JS set-up), passed through its
// WebAssembly.instantiateStreaming. Only those exact URLs, once each, only during boot(); if
// an early request failed, the original functions load the file as usual.
async function withPrefetched(boot) {
  const realFetch = globalThis.fetch;
  const realInstantiateStreaming = WebAssembly.instantiateStreaming;
  const RealModule = WebAssembly.Module;
  const tokens = new WeakSet();
  const unused = new Set([WASM_URL, STDLIB_URL]);
  // Linking the runtime wraps ~260 JS functions, each in a tiny wasm module compiled from bytes
  // that depend only on the function's signature: compile each distinct one once.
  const tiny = new Map();
  WebAssembly.Module = new Proxy(RealModule, {
    construct(target, args, newTarget) {
      const [bytes] = args;
      if (!(bytes instanceof Uint8Array) || bytes.length > 256 || newTarget !== WebAssembly.Module) {
        return Reflect.construct(target, args, newTarget);
      }
      const key = bytes.join();
      let module = tiny.get(key);
      if (!module) tiny.set(key, (module = Reflect.construct(target, args)));
      return module;
    },
  });
  globalThis.fetch = function (input, init) {
    const url = input instanceof Request ? input.url : String(input);
    if (!unused.delete(url)) return realFetch.call(this, input, init);
    if (url === STDLIB_URL) {
      const again = () => realFetch.call(this, input, init);
      return stdlibPromise.then(() => (held.stdlib ? new Response(held.stdlib) : again()), again);
    }
    const token = Promise.resolve(new Response(null)); // never read: see below
    tokens.add(token);
    return token;
  };
  WebAssembly.instantiateStreaming = async function (source, imports) {
    if (!tokens.has(source)) return realInstantiateStreaming.call(this, source, imports);
    let module;
    try {
      module = await wasmModulePromise;
    } catch (e) {
      warn("early wasm compile failed, loading it again", e);
      return realInstantiateStreaming.call(this, realFetch(WASM_URL), imports);
    }
    mark("instantiate-start");
    const instance = await WebAssembly.instantiate(module, imports);
    mark("instantiated");
    return { module, instance };
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiateStreaming;
    WebAssembly.Module = RealModule;
    held.stdlib = null; // in the runtime's file system now
  }
}

// The engine's precompiled __pycache__ (build-info "bytecode"), needed only for a fresh boot.
function fetchBytecode(info) {
  if (!info.bytecode) return Promise.resolve(null);
  return fetchOK(here(`../wheels/${info.bytecode}`), "arrayBuffer")
    .then((buffer) => new Uint8Array(buffer))
    .catch((e) => {
      warn("engine bytecode not loaded (the engine compiles itself)", e);
      return null;
    });
}

function fetchWheel(info) {
  return fetchOK(here(`../wheels/${info.wheel}`), "arrayBuffer").then((b) => new Uint8Array(b));
}

// Installs the engine wheel (and its __pycache__) into site-packages, for a normal boot.
function install(py, wheel, bytecode = null) {
  const extractDir = py._api.sitepackages;
  py.unpackArchive(wheel, "wheel", { extractDir });
  if (bytecode) py.unpackArchive(bytecode, "zip", { extractDir });
  py.pyimport("importlib").invalidate_caches();
}

// Writes the files of an uncompressed ustar archive (build_site.py's wheel_as_tar) below dir,
// with Emscripten's FS: no Python runs. The file contents are views into `buffer`, owned by
// the file system from then on (no copy).
function writeTar(FS, dir, buffer) {
  const bytes = new Uint8Array(buffer);
  const text = (at, length) => {
    let s = "";
    for (let i = at; i < at + length && bytes[i]; i++) s += String.fromCharCode(bytes[i]);
    return s;
  };
  const made = new Set();
  for (let at = 0; at + 512 <= bytes.length; ) {
    const name = text(at, 100);
    if (!name) break; // the two zero blocks at the end
    const size = parseInt(text(at + 124, 12).trim() || "0", 8);
    const type = text(at + 156, 1);
    const prefix = text(at + 345, 155);
    const path = `${dir}/${prefix ? `${prefix}/` : ""}${name}`; // ASCII (build_site.py)
    if (!Number.isSafeInteger(size) || at + 512 + size > bytes.length) {
      throw new Error(`bad tar entry ${path}`);
    }
    if (type === "0" || type === "") {
      const folder = path.slice(0, path.lastIndexOf("/"));
      if (!made.has(folder)) {
        FS.mkdirTree(folder);
        made.add(folder);
      }
      FS.writeFile(path, bytes.subarray(at + 512, at + 512 + size), { canOwn: true });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
}

// After start-up: remove what older versions stored (their snapshot database, ~15 MB).
function cleanUpLater() {
  setTimeout(async () => {
    try {
      const dbs = (await indexedDB.databases?.()) ?? [];
      if (dbs.some((d) => d.name === OLD_DB_NAME)) indexedDB.deleteDatabase(OLD_DB_NAME);
    } catch {
      // nothing to clean up, or no IndexedDB: both fine
    }
  }, CLEANUP_DELAY_MS);
}

async function restore(info, base) {
  const layout = info.snapshot_layout;
  // Pyodide awaits its snapshot before it creates the runtime, sizes the runtime's memory
  // after it and then copies the heap from it into that memory. So it gets at once a buffer
  // for its header only (filled later) and nothing to copy: the memory is sized here and the
  // heap goes straight into it before the runtime is handed back. No 30 MB buffer, no copy.
  const pyodideHeader = new Uint8Array(layout.pyodide_header);
  const createPyodideModule = async (settings) => {
    settings.INITIAL_MEMORY = layout.heap;
    settings.preRun = [() => mark("prerun"), ...settings.preRun];
    settings.onRuntimeInitialized = () => mark("runtime-initialized");
    const module = await base.createPyodideModule(settings);
    await snapshotPromise;
    const bytes = held.snapshot;
    held.snapshot = null;
    unpackSnapshot(bytes, info.engine_key, pyodideHeader, new Uint8Array(module.HEAP8.buffer));
    mark("snapshot-unpacked");
    return module;
  };
  const { loadPyodide: bootPyodide } = await pyodidePromise;
  const py = await withPrefetched(() =>
    bootPyodide({ ...base, createPyodideModule, _loadSnapshot: pyodideHeader }),
  );
  mark("pyodide-restored");
  // The snapshot froze the RNG state: every restore would replay the same numbers.
  py.pyimport("random").seed();
  // The file system is not part of the snapshot: the engine's package data (read lazily by
  // the engine) and sources (for tracebacks) go back before the first call. Every module is
  // already imported, so the bytecode is not needed.
  const files = await filesPromise;
  if (!files) throw new Error("build-info.json names no engine files");
  writeTar(py.FS, py._api.sitepackages, files);
  mark("engine-installed");
  return py;
}

// What every boot passes to Pyodide's loadPyodide.
async function baseOptions(info) {
  return {
    indexURL: INDEX_URL,
    createPyodideModule: await asmPromise,
    // The engine uses no Pyodide package: a lock file without packages spares fetching and
    // indexing the real one (357 packages) at every start.
    lockFileContents: JSON.stringify({ info: info.pyodide_lock_info, packages: {} }),
  };
}

// The restore starts as soon as this module has loaded, not only when PyScript calls
// loadPyodide() (after its own set-up, e.g. opening its package cache). Null if there is no
// snapshot or it failed (then loadPyodide boots normally).
const restored = infoPromise.then(async (info) => {
  status.key = info.engine_key;
  if (!info.snapshot) {
    status.snapshot = "disabled";
    return null;
  }
  try {
    const py = await restore(info, await baseOptions(info));
    status.snapshot = "restored";
    return py;
  } catch (e) {
    status.snapshot = `failed: ${e?.message ?? e}`;
    warn("snapshot restore failed, booting normally", e);
    return null;
  }
});
restored.catch(() => {});

export async function loadPyodide(options = {}) {
  mark("load-start");
  // PyScript passes indexURL (this module's folder; the runtime lives in vendor/pyodide),
  // stdout and stderr, and options for Pyodide packages, which its config here never asks for.
  const { stdout, stderr } = options;
  cleanUpLater();
  const snapshotPy = await restored;
  if (snapshotPy) {
    if (stdout) snapshotPy.setStdout({ batched: stdout });
    if (stderr) snapshotPy.setStderr({ batched: stderr });
    status.mode = "snapshot";
    mark("engine-loaded");
    return snapshotPy;
  }

  const info = await infoPromise;
  const wheelPromise = fetchWheel(info);
  const bytecodePromise = fetchBytecode(info);
  wheelPromise.catch(() => {});
  const base = await baseOptions(info);
  const { loadPyodide: bootPyodide } = await pyodidePromise;
  const py = await withPrefetched(() => bootPyodide({ ...base, stdout, stderr }));
  mark("pyodide-booted");
  install(py, await wheelPromise, await bytecodePromise);
  status.mode = "fresh";
  mark("engine-loaded");
  return py;
}

// PyScript reads `version` from this module (it names its package cache after it).
export const { version } = await pyodidePromise;
