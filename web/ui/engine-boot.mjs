// The "interpreter module" of the engine worker. PyScript's PyWorker imports the module named
// by its `version` option and calls its loadPyodide(); pointing it here instead of at
// vendor/pyodide/pyodide.mjs lets us start Pyodide fast:
//
//  * return visits restore a memory snapshot from IndexedDB (Python initialised and the
//    engine imported: no interpreter start-up, no module compilation);
//  * the first visit boots normally, imports the engine, takes the snapshot and stores it
//    a moment later; every snapshot failure falls back to a normal boot.
// Start-up work runs in parallel from the moment this module loads (see docs/architecture.md).
//
// The engine wheel is unpacked here with unpackArchive (not loadPackage/micropip, which make
// a snapshot impossible), so PyScript's config needs no `packages`/`files`.
// The snapshot options of loadPyodide are private (`_loadSnapshot`, `_makeSnapshot`) and may
// change with any Pyodide release: the key includes the Pyodide version and all fails safe.
import { loadPyodide as bootPyodide, version } from "../vendor/pyodide/pyodide.mjs";

// PyScript reads `version` from this module (it names its package cache after it).
export { version };

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const ENGINE_PACKAGE = "pygame_core";
// Stdlib modules PyScript's own worker bootstrap imports (its `pyscript` package); in the
// snapshot they cost nothing on return visits.
const PRELOAD = ["os", "pathlib", "json", "inspect", "asyncio", "base64", "html", "io", "re"];
const DB_NAME = "tramways-engine";
const STORE = "snapshots";
// Work after start-up that must not delay the engine's first answers: storing a new snapshot
// (a 30 MB copy) and putting the package files back after a restore.
const SAVE_DELAY_MS = 1000;
const INSTALL_DELAY_MS = 500;

// Diagnostics, read by engine_worker.py's boot_info() (absolute ms: timeOrigin + now()).
const status = {
  mode: "starting", // "snapshot" | "fresh+snapshot" | "fresh"
  snapshot: "none", // "restored" | "saving" | "saved" | "failed: ..." | "disabled" | "none"
  key: null,
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

function fetchOK(url, as) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r[as]();
  });
}

function openDB() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      mark("db-open");
      resolve(req.result);
    };
    req.onerror = () => reject(req.error);
  });
}

function request(db, mode, fn) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = tx.onabort = () => reject(tx.error ?? req.error);
  });
}

// Everything that does not need PyScript's call starts now, in parallel: the runtime's
// 1.25 MB JS module (passed on as createPyodideModule), the build info, the wheel and the
// snapshot database. PyScript calls loadPyodide only after its own set-up.
const asmPromise = import(`${INDEX_URL}pyodide.asm.mjs`).then((m) => {
  mark("asm-imported");
  return m.default;
});
const infoPromise = fetchOK(new URL("../build-info.json", import.meta.url), "json");
const wheelPromise = infoPromise
  .then((info) => fetchOK(new URL(`../wheels/${info.wheel}`, import.meta.url), "arrayBuffer"))
  .then((buffer) => new Uint8Array(buffer));
const dbPromise = globalThis.indexedDB
  ? openDB()
  : Promise.reject(new Error("IndexedDB is not available"));
// Nobody may be waiting yet; failures are reported where they are used.
for (const p of [asmPromise, infoPromise, wheelPromise, dbPromise]) p.catch(() => {});

// The runtime's wasm (9.6 MB) is fetched and compiled from now on, in parallel with the
// rest; otherwise Pyodide would start it ~0.1 s into loadPyodide, after its JS set-up and,
// on a restore, only after the snapshot read. See withPrecompiledWasm().
const WASM_URL = `${INDEX_URL}pyodide.asm.wasm`;
const wasmModulePromise = WebAssembly.compileStreaming(fetch(WASM_URL)).then((m) => {
  mark("wasm-compiled");
  return m;
});
wasmModulePromise.catch(() => {});

// The store holds one snapshot as two records, "meta" and "bytes" (packed), read right
// away, before the expected key is known (checked in loadPyodide): the read (about 15 MB)
// then overlaps PyScript's set-up and the runtime's start. The bytes are a Blob, which IDB
// hands over at once and which is read off this thread (a large ArrayBuffer value was read
// back several times slower). One transaction, so that both belong together even if another
// tab stores a new snapshot meanwhile; meta comes first.
const storedPromise = dbPromise.then(
  (db) =>
    new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, "readonly");
      const metaRequest = tx.objectStore(STORE).get("meta");
      const bytesRequest = tx.objectStore(STORE).get("bytes");
      let settle;
      const bytes = new Promise((...fns) => {
        settle = fns;
      }).then(async (b) => {
        if (b instanceof Blob) b = new Uint8Array(await b.arrayBuffer());
        mark("snapshot-read");
        return b ?? null;
      });
      bytes.catch(() => {});
      metaRequest.onsuccess = () => {
        mark("snapshot-meta");
        resolve({ meta: metaRequest.result ?? null, bytes });
      };
      tx.oncomplete = () => settle[0](bytesRequest.result);
      tx.onerror = tx.onabort = () => {
        reject(tx.error);
        settle[1](tx.error);
      };
    }),
);
const storedMetaPromise = storedPromise.then((s) => s.meta);
const storedBytesPromise = storedPromise.then((s) => s.bytes);
for (const p of [storedMetaPromise, storedBytesPromise]) p.catch(() => {});

// The stored snapshot's meta {key, length, pages} if it is the one for this key, else null.
async function findSnapshot(key) {
  const meta = await storedMetaPromise;
  const valid = Number.isSafeInteger(meta?.length) && meta.pages instanceof Uint32Array;
  return valid && meta.key === key ? meta : null;
}

// A snapshot is the whole 30 MB wasm heap, about half of it zero pages. Only the non-zero
// pages are stored (meta.pages = their indexes): half the bytes to read back, and a cheap copy.
const PAGE = 4096;

function packSnapshot(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const pages = [];
  const wordsPerPage = PAGE >> 2;
  for (let p = 0; p * PAGE < bytes.length; p++) {
    const end = Math.min((p + 1) * wordsPerPage, words.length);
    let w = p * wordsPerPage;
    while (w < end && words[w] === 0) w++;
    const tailNonZero =
      end === words.length && bytes.subarray(words.length * 4).some((b) => b !== 0);
    if (w < end || tailNonZero) pages.push(p);
  }
  const packed = new Uint8Array(pages.length * PAGE);
  pages.forEach((p, i) => packed.set(bytes.subarray(p * PAGE, (p + 1) * PAGE), i * PAGE));
  return { pages: Uint32Array.from(pages), packed };
}

function unpackSnapshot(meta, packed, target) {
  if (packed?.length !== meta.pages.length * PAGE) throw new Error("snapshot size mismatch");
  meta.pages.forEach((p, i) => {
    const start = p * PAGE;
    target.set(packed.subarray(i * PAGE, i * PAGE + Math.min(PAGE, target.length - start)), start);
  });
}

async function saveSnapshot(key, bytes) {
  status.snapshot = "saving";
  try {
    const { pages, packed } = packSnapshot(bytes);
    const db = await dbPromise;
    // One snapshot only: older versions go in the same transaction.
    await request(db, "readwrite", (s) => {
      s.clear();
      s.put(new Blob([packed]), "bytes");
      return s.put({ key, length: bytes.length, pages }, "meta");
    });
    status.snapshot = "saved";
    mark("snapshot-saved");
  } catch (e) {
    status.snapshot = `failed: ${e?.message ?? e}`;
    warn("could not store the engine snapshot", e);
  }
}

async function dropSnapshots() {
  try {
    await request(await dbPromise, "readwrite", (s) => s.clear());
  } catch (e) {
    warn("could not clear engine snapshots", e);
  }
}

// Runs boot() while Pyodide's fetch of WASM_URL and its WebAssembly.instantiateStreaming of
// that response are redirected to the module compiled above: one download, compiled early.
// Only the exact URL is affected, only during boot(); if the early compile failed, the
// original functions load the file as usual.
async function withPrecompiledWasm(boot) {
  const realFetch = globalThis.fetch;
  const realInstantiateStreaming = WebAssembly.instantiateStreaming;
  const tokens = new WeakSet();
  globalThis.fetch = function (input, init) {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== WASM_URL) return realFetch.call(this, input, init);
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
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await boot();
  } finally {
    globalThis.fetch = realFetch;
    WebAssembly.instantiateStreaming = realInstantiateStreaming;
  }
}

// The engine's precompiled __pycache__ (build-info "bytecode"), needed only for a fresh boot.
function fetchBytecode(info) {
  if (!info.bytecode) return Promise.resolve(null);
  return fetchOK(new URL(`../wheels/${info.bytecode}`, import.meta.url), "arrayBuffer")
    .then((buffer) => new Uint8Array(buffer))
    .catch((e) => {
      warn("engine bytecode not loaded (the engine compiles itself)", e);
      return null;
    });
}

function install(py, wheel, bytecode = null) {
  const extractDir = py._api.sitepackages;
  py.unpackArchive(wheel, "wheel", { extractDir });
  if (bytecode) py.unpackArchive(bytecode, "zip", { extractDir });
  py.runPython("import importlib; importlib.invalidate_caches()");
}

export async function loadPyodide(options = {}) {
  mark("load-start");
  // PyScript passes indexURL = this module's folder; the runtime lives in vendor/pyodide.
  const { indexURL: _ignored, stdout, stderr, ...rest } = options;
  const info = await infoPromise;
  const base = { ...rest, indexURL: INDEX_URL, createPyodideModule: await asmPromise };
  const key = `${info.pyodide}:${info.engine_key}`;
  status.key = key;

  if (info.snapshot) {
    let snapshot = null;
    try {
      snapshot = await findSnapshot(key);
    } catch (e) {
      warn("snapshot lookup failed", e);
    }
    if (snapshot) {
      try {
        // Pyodide awaits the snapshot before it creates the runtime (it sizes the memory
        // after it), so it gets an empty buffer of the right length at once and the bytes
        // are copied in while the runtime starts; they must be there before the runtime is
        // handed back (our createPyodideModule waits for them), when Pyodide restores them.
        const target = new Uint8Array(snapshot.length);
        const filled = storedBytesPromise.then((packed) => {
          unpackSnapshot(snapshot, packed, target);
          mark("snapshot-unpacked");
        });
        filled.catch(() => {});
        const createPyodideModule = async (settings) => {
          const module = await base.createPyodideModule(settings);
          await filled;
          return module;
        };
        const py = await withPrecompiledWasm(() =>
          bootPyodide({ ...base, stdout, stderr, createPyodideModule, _loadSnapshot: target }),
        );
        mark("pyodide-restored");
        // The snapshot froze the RNG state: every restore would replay the same numbers.
        py.runPython("import random; random.seed()");
        // The file system is not in the snapshot: the package files are put back (for package
        // data and tracebacks; every engine module is already imported) right after start-up.
        const reinstall = (wheel) => {
          try {
            install(py, wheel);
          } catch (e) {
            warn("could not unpack the engine files", e);
          }
        };
        wheelPromise.then(
          (wheel) => setTimeout(() => reinstall(wheel), INSTALL_DELAY_MS),
          (e) => warn("engine wheel", e),
        );
        status.mode = "snapshot";
        status.snapshot = "restored";
        mark("engine-loaded");
        return py;
      } catch (e) {
        warn("snapshot restore failed, booting normally", e);
        await dropSnapshots();
      }
    }
    const bytecodePromise = fetchBytecode(info);
    try {
      // No stdout/stderr yet: the snapshot must not refer to PyScript's callbacks.
      const py = await withPrecompiledWasm(() => bootPyodide({ ...base, _makeSnapshot: true }));
      mark("pyodide-booted");
      install(py, await wheelPromise, await bytecodePromise);
      // Every engine module goes into the snapshot, also those imported lazily.
      py.runPython(`
${PRELOAD.map((m) => `import ${m}`).join("\n")}
import importlib, pkgutil, ${ENGINE_PACKAGE} as _pkg
for _m in pkgutil.walk_packages(_pkg.__path__, "${ENGINE_PACKAGE}."):
    importlib.import_module(_m.name)
del importlib, pkgutil, _pkg, _m
`);
      mark("engine-imported");
      let bytes = null;
      try {
        bytes = py.makeMemorySnapshot();
      } catch (e) {
        status.snapshot = `failed: ${e?.message ?? e}`;
        warn("could not make the engine snapshot", e);
      }
      // Stored a little later: packing and cloning 30 MB block this thread for a moment,
      // which must not delay the engine's first answers. (A tab closed before that just
      // boots this way again next time.)
      if (bytes) setTimeout(() => saveSnapshot(key, bytes), SAVE_DELAY_MS);
      if (stdout) py.setStdout({ batched: stdout });
      if (stderr) py.setStderr({ batched: stderr });
      status.mode = "fresh+snapshot";
      mark("engine-loaded");
      return py;
    } catch (e) {
      warn("boot for a snapshot failed, booting without", e);
    }
  } else {
    status.snapshot = "disabled";
  }

  const bytecodePromise = fetchBytecode(info);
  const py = await withPrecompiledWasm(() => bootPyodide({ ...base, stdout, stderr }));
  mark("pyodide-booted");
  install(py, await wheelPromise, await bytecodePromise);
  status.mode = "fresh";
  mark("engine-loaded");
  return py;
}
