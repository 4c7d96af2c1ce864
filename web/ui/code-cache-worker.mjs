// A short-lived worker: it loads the engine runtime's JS modules once through the service
// worker, so that V8 keeps their compiled code for the engine's next start (see
// keepRuntimeCodeCache() in engine-client.js). It only loads them; nothing starts.
await import("../vendor/pyodide/pyodide.asm.mjs");
await import("../vendor/pyodide/pyodide.mjs");
postMessage("loaded");
// V8 writes a module's code cache in an idle moment after the module ran: stay a little.
setTimeout(() => close(), 3000);
