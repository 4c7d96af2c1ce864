// The static drawing data of an 18xx title's map (`{"op": "catalog"}`), kept per title and
// variant in localStorage so that a return visit paints the board before the engine is up.

const KEY = (title, variant) => `tramways.${title}.catalog.${variant}.v1`;

/** The stored catalog of `title`'s `variant`, or null. */
export function cachedCatalog(title, variant) {
  try {
    const raw = localStorage.getItem(KEY(title, variant));
    if (!raw) return null;
    const rec = JSON.parse(raw);
    return rec?.catalog?.hexes ? rec.catalog : null;
  } catch {
    return null;
  }
}

function store(title, variant, catalog) {
  try {
    localStorage.setItem(KEY(title, variant), JSON.stringify({ savedAt: new Date().toISOString(), catalog }));
  } catch {
    /* quota or private mode: the next visit asks the engine again */
  }
}

/**
 * The catalog from the engine (stored for next time). Resolves to {catalog, changed}:
 * `changed` is true when it differs from what was stored (a new engine version).
 */
export async function fetchCatalog(engine, title, variant) {
  const reply = await engine.call({ op: "catalog", title, variant });
  if (!reply.ok) throw new Error(reply.error?.message ?? "no catalog");
  const before = cachedCatalog(title, variant);
  const changed = !before || JSON.stringify(before) !== JSON.stringify(reply.catalog);
  if (changed) store(title, variant, reply.catalog);
  return { catalog: reply.catalog, changed };
}
