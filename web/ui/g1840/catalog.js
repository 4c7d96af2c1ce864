// The static drawing data of a 1840 map (`{"op": "catalog"}`), kept per variant in
// localStorage so that a return visit paints the board before the engine is up.

const KEY = (variant) => `tramways.1840.catalog.${variant}.v1`;

/** The stored catalog of `variant`, or null. */
export function cachedCatalog(variant) {
  try {
    const raw = localStorage.getItem(KEY(variant));
    if (!raw) return null;
    const rec = JSON.parse(raw);
    return rec?.catalog?.hexes ? rec.catalog : null;
  } catch {
    return null;
  }
}

function store(variant, catalog) {
  try {
    localStorage.setItem(KEY(variant), JSON.stringify({ savedAt: new Date().toISOString(), catalog }));
  } catch {
    /* quota or private mode: the next visit asks the engine again */
  }
}

/**
 * The catalog from the engine (stored for next time). Resolves to {catalog, changed}:
 * `changed` is true when it differs from what was stored (a new engine version).
 */
export async function fetchCatalog(engine, variant) {
  const reply = await engine.call({ op: "catalog", title: "1840", variant });
  if (!reply.ok) throw new Error(reply.error?.message ?? "no catalog");
  const before = cachedCatalog(variant);
  const changed = !before || JSON.stringify(before) !== JSON.stringify(reply.catalog);
  if (changed) store(variant, reply.catalog);
  return { catalog: reply.catalog, changed };
}
