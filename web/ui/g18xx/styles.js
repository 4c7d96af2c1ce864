// The drawing layer's stylesheet (g18xx.css, next to this file). A game screen should link
// it in its <head>; ensureStyles() adds the link when a screen forgot (the first paint may
// then show unstyled SVG for a moment).

export const STYLESHEET = new URL("./g18xx.css", import.meta.url).href;

export function ensureStyles(doc = globalThis.document) {
  if (!doc?.head) return;
  const linked = [...doc.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === STYLESHEET);
  if (linked) return;
  const link = doc.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLESHEET;
  link.dataset.g18xx = "";
  doc.head.append(link);
}
