// The page's handle on the rules engine (pygame_core), which runs in a Web Worker started by
// PyScript. The page never blocks on Python: build the UI first, then await `engine.ready`.
//
//   import { startEngine } from "./engine-client.js";
//   const engine = startEngine();
//   await engine.ready;                       // the reply to {op: "titles"}; also sets
//                                             // performance.mark("engine-ready")
//   const reply = await engine.call({ op: "titles" });   // reply.ok is true or false
//
// call() rejects only when the worker itself fails; engine errors come back as {ok: false}.
// After the engine is ready, startEngine() registers the service worker (offline use), unless
// called with { serviceWorker: false }. See docs/architecture.md.

import { BOOT_FILES, BOOT_FILES_REQUEST, bootFileReader, fetchOK } from "./engine-files.js";

const here = (path) => new URL(path, import.meta.url).href;
// Absolute URLs: PyScript's worker runs from a blob: URL, where relative URLs mean nothing.
const PYSCRIPT_CORE = here("../vendor/pyscript/core.js");
const WORKER_SCRIPT = here("./engine_worker.py");
// Our own loadPyodide wrapper (memory snapshot); PyScript imports the module named by
// `version`. Without a local URL here PyScript would fetch Pyodide from its CDN.
const INTERPRETER = here("./engine-boot.mjs");
const SERVICE_WORKER = here("../sw.js");
const CODE_CACHE_WORKER = here("./code-cache-worker.mjs");
// localStorage: the site version whose runtime modules the code-cache worker has loaded.
const CODE_CACHE_KEY = "tramways.codeCache.v1";
const SCOPE = here("../");
// A cold start takes 1-4 s; far longer means it hangs (it never does without a bug).
const START_TIMEOUT_MS = 90_000;

// The start's files, being read for the next engine worker (see prefetchEngine()).
let nextFiles = null;

/**
 * Start reading what the engine's start needs (its wasm, compiled, the stdlib, the snapshot,
 * the engine's files: engine-files.js), for the worker startEngine() creates next. Call it as
 * early as the page can (before its first render): the reads and the wasm compile run off the
 * page's thread meanwhile, and the worker, which PyScript creates only after the render and
 * its own set-up, finds them done (docs/architecture.md, "Start-up"). startEngine() calls it.
 */
export function prefetchEngine() {
  if (!nextFiles) {
    nextFiles = bootFileReader(here("../"));
    for (const name of BOOT_FILES) {
      nextFiles(name).then(() => performance.mark(`engine-file-${name}`), () => {});
    }
  }
}

// Answers the engine worker's request for the start's files (engine-boot.mjs) with `read`'s.
function serveBootFiles(worker, read) {
  const onMessage = (event) => {
    const port = event.data?.[BOOT_FILES_REQUEST];
    if (!(port instanceof MessagePort)) return;
    event.stopImmediatePropagation();
    worker.removeEventListener("message", onMessage);
    port.postMessage({ hello: true });
    for (const name of BOOT_FILES) {
      read(name).then(
        (value) => port.postMessage({ name, value }, value instanceof ArrayBuffer ? [value] : []),
        (error) => port.postMessage({ name, error: String(error?.message ?? error) }),
      );
    }
  };
  worker.addEventListener("message", onMessage);
}

// The next Worker created: the first one on which addEventListener is called from now on
// (PyScript's PyWorker() does so on its worker at once; it has no hook that works for
// PyWorker: PyScript 0.7.31 calls main.onWorker hooks only for <script type="py" worker>).
// Worker.prototype.addEventListener is our own for that moment only.
// Calls found(worker) then; stop() ends the wait if no worker came.
function watchNextWorker(found) {
  const proto = Worker.prototype;
  const had = Object.hasOwn(proto, "addEventListener");
  const original = proto.addEventListener;
  const stop = () => {
    if (proto.addEventListener !== watcher) return;
    if (had) proto.addEventListener = original;
    else delete proto.addEventListener;
  };
  const watcher = function (...args) {
    stop();
    found(this);
    return original.apply(this, args);
  };
  proto.addEventListener = watcher;
  return stop;
}

// Resolves once the browser has painted the current frame; in a hidden tab (no frames) after
// at most 100 ms.
function afterNextPaint() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/**
 * Start the engine worker.
 * @param {{serviceWorker?: boolean, afterPaint?: boolean}} [options]
 *   afterPaint: create the worker only once the page has painted (default true)
 * @returns {{ready: Promise<object>, call: (request: object) => Promise<object>,
 *            bootInfo: () => Promise<object>, terminate: () => void}}
 */
export function startEngine({ serviceWorker = true, afterPaint = true } = {}) {
  // Settles (rejects) once the worker is unusable: crashed, terminated, never started.
  let fail;
  const failed = new Promise((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  const startTimer = setTimeout(
    () => fail(new Error(`engine did not start within ${START_TIMEOUT_MS / 1000} s`)),
    START_TIMEOUT_MS,
  );

  // This worker's files: read from now on, or since prefetchEngine() was called. The buffers
  // are handed over (transferred), so the next worker gets reads of its own.
  prefetchEngine();
  const files = nextFiles;
  nextFiles = null;

  let worker = null;
  const workerReady = (async () => {
    // PyScript's bundle is fetched and compiled from now on (index.html also modulepreloads
    // core.js); its module code (~20-40 ms) usually runs after the paint, as it arrives later.
    // PyWorker(), the bulk of PyScript's main-thread part, runs only once the page has painted,
    // so that it never delays the board, even when startEngine() is called right after a render.
    const core = import(PYSCRIPT_CORE);
    core.catch(() => {});
    if (afterPaint) await afterNextPaint();
    performance.mark("engine-start");
    const { PyWorker } = await core;
    performance.mark("engine-pyscript");
    // PyWorker() hands out its worker only once it has booted; the page must answer the boot
    // module's request for the files before that (engine-boot.mjs).
    const stopWatching = watchNextWorker((created) => serveBootFiles(created, files));
    try {
      worker = await PyWorker(WORKER_SCRIPT, {
        version: INTERPRETER,
        // The worker never touches the DOM, so no SharedArrayBuffer / COOP-COEP is needed;
        // sync_main_only silences PyScript's warning about that.
        config: { sync_main_only: true },
      });
    } finally {
      stopWatching();
    }
    performance.mark("engine-worker");
    worker.addEventListener("error", (event) => {
      fail(new Error(`engine worker crashed: ${event.message ?? event.error ?? "error"}`));
    });
    return worker;
  })();
  workerReady.catch((error) => fail(error));

  // A reply never comes from a dead worker: every call also ends when the worker fails.
  const invoke = (name, arg) =>
    Promise.race([
      failed,
      workerReady.then((w) => (arg === undefined ? w.sync[name]() : w.sync[name](arg))),
    ]);

  const call = async (request) => {
    let text;
    try {
      text = await invoke("handle", JSON.stringify(request));
    } catch (error) {
      throw new Error(`engine worker failed: ${error?.message ?? error}`, { cause: error });
    }
    if (typeof text !== "string") throw new Error(`engine worker returned ${typeof text}`);
    return JSON.parse(text);
  };

  const ready = (async () => {
    // A first round trip proves that the engine imported and answers.
    const reply = await call({ op: "titles" });
    if (!reply || typeof reply.ok !== "boolean") throw new Error("engine answered nonsense");
    clearTimeout(startTimer);
    performance.mark("engine-ready");
    if (serviceWorker) {
      registerServiceWorker();
      keepRuntimeCodeCache(files("info"));
    }
    return reply;
  })();
  // Avoid an "unhandled rejection" report when the app only awaits `ready` later.
  ready.catch(() => {});

  const engine = {
    ready,
    call,
    bootInfo: async () => JSON.parse(await invoke("boot_info")),
    terminate: () => {
      clearTimeout(startTimer);
      fail(new Error("engine worker terminated"));
      workerReady.then((w) => w.terminate(), () => {});
    },
  };
  // For diagnostics (benchmarks, tests): the page's latest engine, e.g. its bootInfo().
  globalThis.__tramwaysEngine = engine;
  return engine;
}

// V8 keeps a module script's compiled code (its code cache) only from the module's second
// load out of the same cache entry on. The engine worker imports Pyodide's 1.25 MB runtime
// module at every start, and the first return visit is its first load from the service
// worker's cache: V8 compiled it (~45 ms) and made its cache (~15 ms), both in the engine's
// start. So once this version's service worker controls the page, a short-lived worker loads
// the runtime's modules once in the background; every later start finds their code cached.
async function keepRuntimeCodeCache(infoPromise) {
  const container = navigator.serviceWorker;
  if (!container) return;
  try {
    const { content_hash: version } = await infoPromise;
    if (localStorage.getItem(CODE_CACHE_KEY) === version) return;
    if (!container.controller) {
      await new Promise((resolve) => {
        container.addEventListener("controllerchange", resolve, { once: true });
      });
    }
    // Only through this version's service worker, not an older one still in control.
    const served = await fetchOK(here("../build-info.json"), "json");
    if (served.content_hash !== version) return;
    const worker = new Worker(CODE_CACHE_WORKER, { type: "module" });
    worker.onmessage = () => localStorage.setItem(CODE_CACHE_KEY, version);
    worker.onerror = (event) => {
      event.preventDefault(); // optional work: no error report
      worker.terminate();
    };
  } catch {
    // a warm-up only: the engine starts without it
  }
}

let registration = null;

/**
 * Register the service worker that precaches the site for offline use (idempotent).
 * startEngine() calls it once the engine is ready; call it yourself only with
 * startEngine({serviceWorker: false}).
 *
 * A new version is downloaded in the background and used from the next visit (once no tab
 * runs the old one). `onUpdateReady` is called when such a version is waiting; calling
 * `applyUpdate()` then switches to it at once and reloads the page.
 * @param {{onUpdateReady?: () => void}} [options]
 * @returns {Promise<{registration: ServiceWorkerRegistration, applyUpdate: () => void} | null>}
 */
export function registerServiceWorker({ onUpdateReady } = {}) {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  registration ??= navigator.serviceWorker
    .register(SERVICE_WORKER, { scope: SCOPE, updateViaCache: "none" })
    .then(
      (reg) => ({
        registration: reg,
        applyUpdate() {
          if (!reg.waiting) return;
          navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), {
            once: true,
          });
          reg.waiting.postMessage("skip-waiting");
        },
      }),
      (error) => {
        // Offline use is a bonus: the game works without it (e.g. on a non-secure origin).
        console.warn(`[engine] service worker not registered: ${error?.message ?? error}`);
        return null;
      },
    );
  if (onUpdateReady) {
    registration.then((r) => {
      if (!r) return;
      const reg = r.registration;
      const check = () => {
        if (reg.waiting && navigator.serviceWorker.controller) onUpdateReady();
      };
      check();
      reg.addEventListener("updatefound", () => {
        reg.installing?.addEventListener("statechange", check);
      });
    });
  }
  return registration;
}
