// The stock market chart of an 18xx game: rows of price cells (rows may differ in length;
// null cells are absent), par cells marked, company tokens stacked in their cells (the first
// to arrive on top), and a legend of current prices.
//
//   const el = renderMarket({
//     market: catalog.market,        // {rows: [[price|null, ...], ...], par: {kind: [[row, col], ...]}}
//     positions: view.market,        // {company: [row, col]}
//     stacks: {"2,4": ["WT", "W"]},  // optional: arrival order per cell, first arrived first
//                                    // (default: the order of `positions`)
//     companies: {WT: {name}},       // optional: names for titles and the legend
//     parLabels: {major: "Par (majors)", stadtbahn: "Par (Stadtbahn)"},
//     active: "WT",                  // optional: the company acting now, ringed
//     fitWidth: 400,                 // optional: the px width it gets; the chart scales to
//                                    // it and its text grows so as to stay >= MIN_TEXT_PX
//     crop: true,                    // optional: only the columns around the tokens
//   });
//   createMarket(container, opts) -> {root, update(opts)}

import { h, s } from "../dom.js";
import { fmt } from "./geometry.js";
import { ensureStyles } from "./styles.js";
import { drawToken } from "./tiles.js";

const CELL_W = 46;
const TOKEN_R = 8.5;
// tokens in a cell sit one under the other, the first to arrive on top: none hides another
const PER_LINE = 1;
const TOKEN_STEP = 2 * TOKEN_R + 2;
const MIN_TEXT_PX = 11;
const MAX_SCALE = 1.5;
const MIN_COLS = 8; // a cropped chart shows at least this many columns

const cellKey = (r, c) => `${r},${c}`;

/** Tokens per cell in arrival order (first arrived first). */
export function marketStacks(positions, stacks) {
  const out = new Map();
  for (const [id, cell] of Object.entries(positions ?? {})) {
    if (!cell) continue;
    const key = cellKey(cell[0], cell[1]);
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(id);
  }
  for (const [key, order] of Object.entries(stacks ?? {})) {
    if (!out.has(key)) continue;
    const here = out.get(key);
    const sorted = [...order.filter((id) => here.includes(id)), ...here.filter((id) => !order.includes(id))];
    out.set(key, sorted);
  }
  return out;
}

export function renderMarket(opts) {
  ensureStyles();
  const rows = opts.market.rows;
  const par = opts.market.par ?? {};
  const parCells = new Map();
  for (const [kind, cells] of Object.entries(par)) for (const [r, c] of cells) parCells.set(cellKey(r, c), kind);
  const allCols = Math.max(...rows.map((r) => r.length));
  const stacks = marketStacks(opts.positions, opts.stacks);
  // which columns: all, or (crop) those with tokens and one on each side, at least MIN_COLS
  let [c0, c1] = [0, allCols - 1];
  if (opts.crop) {
    const used = [...stacks.keys()].map((k) => Number(k.split(",")[1]));
    if (used.length) {
      c0 = Math.max(0, Math.min(...used) - 1);
      c1 = Math.min(allCols - 1, Math.max(...used) + 1);
      while (c1 - c0 + 1 < MIN_COLS && (c0 > 0 || c1 < allCols - 1)) {
        if (c1 < allCols - 1) c1 += 1;
        else c0 -= 1;
      }
    }
  }
  const cols = c1 - c0 + 1;
  const width = cols * CELL_W + 2;
  // px per unit when drawn `fitWidth` px wide; the text grows where that is small
  const scale = opts.fitWidth > 0 ? Math.min(MAX_SCALE, opts.fitWidth / width) : 1;
  const text = Math.max(10, MIN_TEXT_PX / scale);
  const maxStack = Math.max(1, ...[...stacks.values()].map((l) => l.length));
  const lines = Math.ceil(maxStack / PER_LINE);
  const top = text + 6; // the price line
  const rowH = Math.max(44, top + lines * TOKEN_STEP + 3);
  const height = rows.length * rowH + 2;
  const svg = s("svg", {
    class: "g18-market-svg",
    viewBox: `${c0 * CELL_W - 1} -1 ${width} ${height}`,
    role: "img",
    "aria-label": c0 > 0 || c1 < allCols - 1 ? `Stock market, columns ${c0 + 1} to ${c1 + 1} of ${allCols}` : "Stock market",
    "data-testid": "market-svg",
    "data-cols": `${c0}-${c1}`,
    style: opts.fitWidth > 0 ? { width: `${Math.round(width * scale)}px`, "max-width": "100%" } : null,
  });
  const names = opts.companies ?? {};
  const parLabels = { major: "par (majors)", stadtbahn: "par (Stadtbahn)", ...(opts.parLabels ?? {}) };
  rows.forEach((row, r) => {
    row.forEach((price, c) => {
      if (price === null || price === undefined || c < c0 || c > c1) return;
      const key = cellKey(r, c);
      const kind = parCells.get(key);
      const g = s("g", {
        class: ["mk-cell-g", kind && "is-par"],
        "data-cell": key,
        "data-price": price,
        "data-par": kind ?? null,
        transform: `translate(${c * CELL_W} ${r * rowH})`,
      });
      g.append(s("rect", { width: CELL_W, height: rowH, class: ["mk-cell", kind && "par", kind && `par-${kind}`] }));
      g.append(s("text", { x: 4, y: text + 1, class: "mk-price", "font-size": fmt(text) }, String(price)));
      if (kind) {
        g.append(s("title", null, `${price}: ${parLabels[kind] ?? `par (${kind})`}`));
        g.append(s("text", { x: CELL_W - 3, y: text * 0.8 + 1, "text-anchor": "end", class: "mk-par-mark", "font-size": fmt(text * 0.75) }, kind === "major" ? "P" : kind === "stadtbahn" ? "S" : "P"));
      }
      const here = stacks.get(key) ?? [];
      // drawn last to first (the first to arrive last in the document, as it lies on top)
      [...here.entries()].reverse().forEach(([i, id]) => {
        const t = drawToken(id, {}, false, TOKEN_R);
        const col = i % PER_LINE;
        const line = Math.floor(i / PER_LINE);
        const x = CELL_W / 2 + (col - (Math.min(PER_LINE, here.length) - 1) / 2) * TOKEN_STEP;
        t.setAttribute("transform", `translate(${fmt(x)} ${fmt(top + TOKEN_R + line * TOKEN_STEP)})`);
        t.setAttribute("data-stack", String(i));
        t.setAttribute("data-company", id);
        if (id === opts.active) {
          t.classList.add("is-active");
          t.prepend(s("circle", { r: TOKEN_R + 1.2, class: "mk-active-ring" }));
        }
        t.append(s("title", null, `${names[id]?.name ?? id}: ${price}${here.length > 1 ? ` (${i + 1}. of ${here.length} here)` : ""}`));
        g.append(t);
      });
      svg.append(g);
    });
  });
  const legend = h("div", { class: "mk-legend", "data-testid": "market-legend" });
  const parKinds = Object.keys(par).filter((k) => par[k]?.length);
  const entries = Object.entries(opts.positions ?? {})
    .filter(([, cell]) => cell)
    .map(([id, [r, c]]) => [id, rows[r]?.[c]])
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0));
  for (const [id, price] of entries) {
    const icon = s("svg", { viewBox: "-10 -10 20 20", "aria-hidden": "true" }, drawToken(id, {}, false, 9));
    legend.append(h("span", { class: ["mk-legend-item", id === opts.active && "is-active"], "data-company": id, "data-price": price }, icon, h("span", null, names[id]?.short ?? id), h("b", null, String(price ?? "?"))));
  }
  const keys = h(
    "div",
    { class: "mk-keys" },
    parKinds.map((kind) =>
      h("span", { class: "mk-key", "data-par-key": kind }, h("span", { class: ["mk-swatch", `par-${kind}`] }, kind === "stadtbahn" ? "S" : "P"), parLabels[kind] ?? `par (${kind})`),
    ),
  );
  const cropped = c0 > 0 || c1 < allCols - 1;
  const note = cropped ? h("p", { class: "mk-crop", "data-testid": "market-crop" }, `Columns ${c0 + 1}–${c1 + 1} of ${allCols}, where the tokens are.`) : null;
  return h("div", { class: "g18-market", "data-testid": "market" }, svg, note, legend, parKinds.length ? keys : null);
}

export function createMarket(container, opts) {
  let current = opts;
  let el = renderMarket(current);
  container.append(el);
  return {
    get root() {
      return el;
    },
    update(next) {
      current = { ...current, ...next };
      const fresh = renderMarket(current);
      el.replaceWith(fresh);
      el = fresh;
    },
  };
}

/**
 * The market as an information tab: the whole chart for the wide view, else the columns
 * around the tokens at the panel's width. `names`: company -> {name}; `active`: the company
 * acting now.
 */
export function marketTab(panel, { market, view, names = {}, active = null, wide = false }) {
  if (!market) {
    panel.replaceChildren(h("p", { class: "muted" }, "Loading the market…"));
    return;
  }
  const stacks = {};
  for (const [r, c, list] of view.market_stacks ?? []) stacks[`${r},${c}`] = list;
  panel.replaceChildren();
  // its text stays readable at the width it gets: the side column shows the columns where
  // the tokens are (and a little around them), the wide view all of it
  createMarket(panel, { market, positions: view.market, stacks, companies: names, active, fitWidth: panel.clientWidth - 4, crop: !wide });
}
