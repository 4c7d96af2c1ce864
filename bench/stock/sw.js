// An ordinary precaching service worker for the stock baseline (see index.html): it caches
// FILES on install (bench_browser.py copies the ./pyodide/ ones from npm) and answers
// cache-first, returning the cached response itself (V8 keeps its wasm code cache per cache
// entry). The cache name starts with "tramways-" so that the benchmark's offline-ready check
// finds it.
const CACHE = "tramways-stock";
const FILES = [
  "./",
  "./index.html",
  "./worker.mjs",
  "./pyodide/pyodide.mjs",
  "./pyodide/pyodide.asm.mjs",
  "./pyodide/pyodide.asm.wasm",
  "./pyodide/python_stdlib.zip",
  "./pyodide/pyodide-lock.json",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    (async () => (await caches.match(event.request)) ?? fetch(event.request))(),
  );
});
