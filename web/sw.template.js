// Service worker: the whole site works offline after the first visit.
// scripts/build_site.py writes this file to site/sw.js with __VERSION__ replaced by a hash of
// every site file, so each deploy is a new service worker with its own cache.
const CACHE_PREFIX = "tramways-";
const CACHE = `${CACHE_PREFIX}__VERSION__`;

self.addEventListener("install", (event) => {
  // Static routes: the browser answers these requests from this version's cache itself (and
  // from the network on a miss), without starting this worker or running its fetch handler.
  // On a return visit that handler cost ~60 ms before the page's modules arrived (one event
  // per file, each opening the cache); with the routes the worker need not even be running.
  // Navigations with a query stay with the handler, which falls back to the page without it.
  if (event.addRoutes) event.addRoutes(staticRoutes());
  event.waitUntil(
    (async () => {
      const files = await (await fetch("./precache.json", { cache: "no-cache" })).json();
      const cache = await caches.open(CACHE);
      // "no-cache": revalidate with the server, never precache a stale HTTP-cache copy.
      // addAll is atomic: a failed download leaves no half-filled version behind.
      await cache.addAll(files.map((url) => new Request(url, { cache: "no-cache" })));
    })(),
  );
  // No skipWaiting() here: a running page keeps the version it started with, so its later
  // lazy loads (PyScript plugins, stdlib) cannot mix two versions. The new version takes over
  // when no tab runs the old one any more (the next visit), or when the page asks for it.
});

// Rules are tried in order; the first whose condition holds decides the source.
function staticRoutes() {
  const scope = new URL(self.registration.scope).pathname;
  const fromCache = { cacheName: CACHE };
  return [
    {
      condition: { requestMode: "navigate", urlPattern: { pathname: `${scope}*`, search: "" } },
      source: fromCache,
    },
    { condition: { requestMode: "navigate" }, source: "fetch-event" },
    { condition: { requestMethod: "GET", urlPattern: { pathname: `${scope}*` } }, source: fromCache },
  ];
}

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(CACHE_PREFIX) && key !== CACHE) await caches.delete(key);
      }
      // The first visit's page becomes controlled at once, so it is offline-ready.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // Exact match first: module URLs must keep their query (import.meta.url).
      let hit = await cache.match(request);
      if (!hit && request.mode === "navigate") {
        hit = await cache.match(request, { ignoreSearch: true });
      }
      // Return the cached response itself: V8 keeps its wasm code cache per cache entry.
      return hit ?? fetch(request);
    })(),
  );
});
