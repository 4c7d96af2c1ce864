// The files an engine start reads, and how: used by the page (engine-client.js reads them
// while the page renders, before PyScript has created the engine's worker) and by the worker
// (engine-boot.mjs, when the page did not hand a file over). No DOM: runs in both.
//
//   const read = bootFileReader(siteRoot);   // nothing is read yet
//   const module = await read("wasm");       // each file is read once, on first ask

/** What a start needs, in the order it needs them. */
export const BOOT_FILES = ["info", "wasm", "stdlib", "snapshot", "files"];
/**
 * The key of the worker's message that asks the page for them; its value is a MessagePort on
 * which the page answers {hello: true} at once, then {name, value} or {name, error} for each
 * of BOOT_FILES as it is ready (ArrayBuffers transferred).
 */
export const BOOT_FILES_REQUEST = "tramwaysBootFiles";

export function fetchOK(url, as) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return as ? r[as]() : r;
  });
}

// A site file from the service worker's cache of this version (tramways-<content hash>),
// read directly, with no detour through the service worker; null if it is not there.
async function cachedSiteFile(url, infoPromise) {
  try {
    const name = `tramways-${(await infoPromise).content_hash}`;
    if (await caches.has(name)) return (await (await caches.open(name)).match(url)) ?? null;
  } catch {
    // no Cache Storage here (or no build info yet)
  }
  return null;
}

// A site file from this version's cache (see cachedSiteFile), else from the network.
async function siteFile(url, as, infoPromise) {
  const hit = await cachedSiteFile(url, infoPromise);
  if (hit) return as ? hit[as]() : hit;
  return fetchOK(url, as);
}

/**
 * A reader of the start's files below `root` (the site's folder). read(name) starts reading
 * that file on its first call and returns the same promise afterwards:
 *   info      build-info.json, parsed
 *   wasm      Pyodide's wasm, compiled (a WebAssembly.Module, which can be posted to a worker)
 *   stdlib    the precompiled standard library zip (ArrayBuffer)
 *   snapshot  the engine's memory snapshot file (ArrayBuffer), or null if the build has none;
 *             read after the stdlib, if that is read too (the runtime needs it first)
 *   files     the engine's files as a tar (ArrayBuffer), or null
 * The big files are read as Blobs: the browser collects the body off the reading thread,
 * which is busy meanwhile (rendering the page, or starting the runtime in the worker).
 * @param {string} root
 * @returns {(name: string) => Promise<any>}
 */
export function bootFileReader(root) {
  const pyodide = new URL("vendor/pyodide/", root).href;
  const wheels = (name) => new URL(`wheels/${name}`, root).href;
  const started = new Map();
  const read = (name) => {
    if (!started.has(name)) {
      const reading = readers[name]();
      reading.catch(() => {}); // whoever uses it reports a failure
      started.set(name, reading);
    }
    return started.get(name);
  };
  const blobBuffer = (url) =>
    siteFile(url, "blob", read("info")).then((blob) => blob.arrayBuffer());
  const readers = {
    info: () => fetchOK(new URL("build-info.json", root).href, "json"),
    // Straight from the cache: V8 then never keeps the compiled code (its wasm code cache
    // needs a response a service worker returned), but through the service worker the start
    // was ~0.2 s slower; and a restore runs too little code for V8 to cache it anyway.
    // From the cache it is compiled from the whole file: compileStreaming decodes each chunk
    // on the reading thread (~70 ms of the page's main thread, while it renders and PyScript
    // sets up the worker), compile() on V8's background threads. From the network (a first
    // visit) it is streamed: the compile then overlaps the download (docs/architecture.md,
    // "Start-up").
    wasm: async () => {
      const url = `${pyodide}pyodide.asm.wasm`;
      const hit = await cachedSiteFile(url, read("info"));
      if (!hit) return WebAssembly.compileStreaming(fetchOK(url));
      return WebAssembly.compile(await (await hit.blob()).arrayBuffer());
    },
    stdlib: () => blobBuffer(`${pyodide}python_stdlib.zip`),
    snapshot: async () => {
      const info = await read("info");
      if (!info.snapshot) return null;
      // After the stdlib if this reader reads that too (not when a worker reads only the
      // snapshot, the page's read of it having failed).
      if (started.has("stdlib")) await read("stdlib").catch(() => {});
      return blobBuffer(wheels(info.snapshot));
    },
    files: async () => {
      const info = await read("info");
      return info.files ? siteFile(wheels(info.files), "arrayBuffer", read("info")) : null;
    },
  };
  return read;
}
