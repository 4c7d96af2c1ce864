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
//   });
//   createMarket(container, opts) -> {root, update(opts)}

import { h, s } from "../dom.js";
import { fmt } from "./geometry.js";
import { ensureStyles } from "./styles.js";
import { drawToken } from "./tiles.js";

const CELL_W = 46;
const CELL_H = 44;
const TOKEN_R = 8.5;
const STACK_STEP = 9;

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
  const cols = Math.max(...rows.map((r) => r.length));
  const stacks = marketStacks(opts.positions, opts.stacks);
  const maxStack = Math.max(1, ...[...stacks.values()].map((l) => l.length));
  const rowH = CELL_H + Math.max(0, maxStack - 2) * STACK_STEP;
  const width = cols * CELL_W + 2;
  const height = rows.length * rowH + 2;
  const svg = s("svg", { class: "g18-market-svg", viewBox: `-1 -1 ${width} ${height}`, role: "img", "aria-label": "Stock market", "data-testid": "market-svg" });
  const names = opts.companies ?? {};
  const parLabels = { major: "par (majors)", stadtbahn: "par (Stadtbahn)", ...(opts.parLabels ?? {}) };
  rows.forEach((row, r) => {
    row.forEach((price, c) => {
      if (price === null || price === undefined) return;
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
      g.append(s("text", { x: 5, y: 12, class: "mk-price" }, String(price)));
      if (kind) {
        g.append(s("title", null, `${price}: ${parLabels[kind] ?? `par (${kind})`}`));
        g.append(s("text", { x: CELL_W - 4, y: 11, "text-anchor": "end", class: "mk-par-mark" }, kind === "major" ? "P" : kind === "stadtbahn" ? "S" : "P"));
      }
      const here = stacks.get(key) ?? [];
      // the first to arrive lies on top: draw the others first, lower down
      for (let i = here.length - 1; i >= 0; i--) {
        const t = drawToken(here[i], {}, false, TOKEN_R);
        t.setAttribute("transform", `translate(${fmt(CELL_W / 2)} ${fmt(24 + i * STACK_STEP)})`);
        t.setAttribute("data-stack", String(i));
        if (here[i] === opts.active) {
          t.classList.add("is-active");
          t.prepend(s("circle", { r: TOKEN_R + 2.6, class: "mk-active-ring" }));
        }
        t.append(s("title", null, `${names[here[i]]?.name ?? here[i]}: ${price}`));
        g.append(t);
      }
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
  return h("div", { class: "g18-market", "data-testid": "market" }, svg, legend, parKinds.length ? keys : null);
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
