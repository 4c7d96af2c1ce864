// The score pad ("Wertungsblock": Fahrt 1..10, Sonderfahrt, Gesamt) and the running-total
// chart of the end screen. Pure functions of the engine's view.pad.

import { h, s } from "../dom.js";
import { LINE_INFO, lineBadge } from "./cards.js";

const PLAYER_COLORS = ["#1d4f91", "#9a5a0c"];

/** The printed pad: one row per regular scoring, the Extra Tours, the totals. */
export function scorePad(view, { highlightN = null, compact = false } = {}) {
  const pad = view.pad ?? { regular: [], extra: [], totals: [0, 0] };
  const names = view.players ?? view.seats.map((seat) => seat.name);
  const total = view.scorings_total ?? 10;
  const byN = new Map(pad.regular.map((r) => [r.n, r]));
  const rows = [];
  for (let n = 1; n <= total; n += 1) {
    const r = byN.get(n);
    rows.push(
      h(
        "tr",
        { "data-testid": `pad-row-${n}`, class: [r ? "played" : "open", highlightN === n && "flash"] },
        h("th", { scope: "row" }, `Fahrt ${n}`),
        h("td", { class: "pad-line", "data-line": r?.line ?? "" }, r ? [lineBadge(r.line, 14), h("span", { class: "sr-only" }, LINE_INFO[r.line]?.name ?? r.line)] : ""),
        ...names.map((_, seat) => h("td", { class: "pad-pts", "data-seat": seat }, r ? String(r.points[seat]) : "")),
      ),
    );
  }
  const extraSums = names.map((_, seat) => pad.extra.filter((e) => e.seat === seat).reduce((a, e) => a + e.points, 0));
  rows.push(
    h(
      "tr",
      { class: "pad-extra", "data-testid": "pad-extra" },
      h("th", { scope: "row" }, "Sonderfahrt"),
      h("td", { class: "pad-line" }, pad.extra.map((e) => lineBadge(e.line, 12))),
      ...names.map((_, seat) =>
        h(
          "td",
          { class: "pad-pts", "data-seat": seat, title: pad.extra.filter((e) => e.seat === seat).map((e) => `${LINE_INFO[e.line]?.name ?? e.line}: ${e.points}`).join(", ") },
          pad.extra.some((e) => e.seat === seat) ? String(extraSums[seat]) : "",
        ),
      ),
    ),
  );
  return h(
    "table",
    { class: ["score-pad", compact && "compact"], "data-testid": "score-pad" },
    h("caption", {}, "Wertungsblock"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Line")), ...names.map((n, seat) => h("th", { scope: "col", class: `pad-player p${seat}` }, n)))),
    h("tbody", {}, rows),
    h(
      "tfoot",
      {},
      h(
        "tr",
        { class: "pad-total" },
        h("th", { scope: "row" }, "Gesamt"),
        h("td", {}),
        ...names.map((_, seat) => h("td", { class: "pad-pts", "data-testid": `pad-total-${seat}` }, String(pad.totals[seat] ?? 0))),
      ),
    ),
  );
}

/** Running totals of both players over the regular scorings 1..10 (+ Extra Tours at the end). */
export function totalsChart(view) {
  const pad = view.pad;
  const names = view.players ?? view.seats.map((seat) => seat.name);
  const total = view.scorings_total ?? 10;
  const W = 320;
  const H = 170;
  const left = 34;
  const right = 64;
  const top = 12;
  const bottom = 26;
  const series = names.map((_, seat) => {
    let acc = 0;
    const pts = [[0, 0]];
    for (const r of [...pad.regular].sort((a, b) => a.n - b.n)) {
      acc += r.points[seat];
      pts.push([r.n, acc]);
    }
    return pts;
  });
  const maxY = Math.max(10, ...pad.totals, ...series.flat().map((p) => p[1]));
  const step = maxY > 150 ? 50 : maxY > 60 ? 20 : 10;
  const yMax = Math.ceil(maxY / step) * step;
  const x = (n) => left + (n / total) * (W - left - right);
  const y = (v) => top + (1 - v / yMax) * (H - top - bottom);
  const grid = [];
  for (let v = 0; v <= yMax; v += step) {
    grid.push(s("line", { x1: left, x2: W - right + 20, y1: y(v), y2: y(v), class: "chart-grid" }));
    grid.push(s("text", { x: left - 5, y: y(v) + 3.5, "text-anchor": "end", class: "chart-label" }, String(v)));
  }
  for (let n = 1; n <= total; n += 1) {
    grid.push(s("text", { x: x(n), y: H - bottom + 14, "text-anchor": "middle", class: "chart-label" }, String(n)));
  }
  grid.push(s("text", { x: W - right + 30, y: H - bottom + 14, "text-anchor": "middle", class: "chart-label" }, "Σ"));
  const lines = series.map((pts, seat) => {
    const last = pts[pts.length - 1];
    const final = pad.totals[seat] ?? last[1];
    return s(
      "g",
      { class: `chart-series p${seat}` },
      s("polyline", { points: pts.map(([n, v]) => `${x(n)},${y(v)}`).join(" "), fill: "none", stroke: PLAYER_COLORS[seat], "stroke-width": 2.5, "stroke-linejoin": "round" }),
      ...pts.slice(1).map(([n, v]) => s("circle", { cx: x(n), cy: y(v), r: 2.6, fill: PLAYER_COLORS[seat] })),
      // the final total (regular + Extra Tours) as a separate marker
      s("line", { x1: x(last[0]), y1: y(last[1]), x2: W - right + 30, y2: y(final), stroke: PLAYER_COLORS[seat], "stroke-width": 1.5, "stroke-dasharray": "3 3" }),
      s("circle", { cx: W - right + 30, cy: y(final), r: 4, fill: PLAYER_COLORS[seat] }),
      s("text", { x: W - right + 37, y: y(final) + 4 + (seat === 1 && Math.abs(y(final) - y(pad.totals[0] ?? 0)) < 12 ? 11 : 0), class: "chart-value", fill: PLAYER_COLORS[seat] }, String(final)),
    );
  });
  const legend = names.map((name, seat) =>
    s("g", {}, s("rect", { x: left + seat * 110, y: H + 6, width: 12, height: 4, fill: PLAYER_COLORS[seat] }), s("text", { x: left + 16 + seat * 110, y: H + 11, class: "chart-label" }, name)),
  );
  return s(
    "svg",
    { viewBox: `0 0 ${W} ${H + 16}`, class: "totals-chart", "data-testid": "chart", role: "img", "aria-label": `Running totals: ${names.map((n, i) => `${n} ${pad.totals[i]}`).join(", ")}` },
    ...grid,
    ...lines,
    ...legend,
  );
}
