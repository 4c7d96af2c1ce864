// The end screen of an 18xx title: the winner (or a tie), each player's final value with its
// breakdown (from the engine's `result`: cash, shares, privates, loans), and charts of the
// players' values and the companies' share prices over the rounds (`view.history`). The
// title gives its money formatter, the line above the winner and whether privates count.

import { h, s } from "../dom.js";
import { companyStyle } from "./colours.js";
import { seatColour } from "./format.js";

export function endScreen(resp, { humanSeats = null, buttons = [], money, kicker = "Game over", showPrivates = false } = {}) {
  const view = resp.view;
  const res = resp.result;
  const names = view.players.map((p) => p.name);
  const tied = res.tied ?? [];
  let headline;
  if (res.winner === null || res.winner === undefined) headline = tied.length ? `A tie: ${tied.map((s) => names[s]).join(" and ")}` : "A tie!";
  else if (humanSeats && humanSeats.length === 1) headline = res.winner === humanSeats[0] ? `You win, ${names[res.winner]}!` : `${names[res.winner]} wins`;
  else headline = `${names[res.winner]} wins!`;
  const ranking = res.ranking ?? names.map((_, i) => i);
  const privates = showPrivates || (res.details ?? []).some((d) => d.privates);
  const rows = ranking.map((seat, rank) => {
    const d = res.details?.[seat] ?? {};
    return h(
      "tr",
      { class: [seat === res.winner && "winner", tied.includes(seat) && "tied"], "data-testid": `end-row-${seat}`, "data-seat": seat },
      h("td", { class: "num rank" }, String(rank + 1)),
      h("th", { scope: "row" }, h("span", { class: "seat-dot", style: { background: seatColour(seat) } }), names[seat]),
      h("td", { class: "num", "data-testid": `end-cash-${seat}` }, money(d.cash)),
      h("td", { class: "num", "data-testid": `end-shares-${seat}` }, money(d.shares)),
      privates ? h("td", { class: "num", "data-testid": `end-privates-${seat}` }, money(d.privates ?? 0)) : null,
      h("td", { class: ["num", d.loans && "neg"], "data-testid": `end-loans-${seat}`, title: d.loans ? `${d.loans} loan(s)` : null }, d.loan_penalty ? money(-d.loan_penalty) : d.loans ? String(d.loans) : "–"),
      h("td", { class: "num total", "data-testid": `end-total-${seat}` }, money(res.scores?.[seat] ?? d.total)),
    );
  });
  const table = h(
    "table",
    { class: "g18-sheet end-table", "data-testid": "end-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col", class: "num rank" }, "#"),
        h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col", class: "num" }, "Cash"),
        h("th", { scope: "col", class: "num" }, "Shares"),
        privates ? h("th", { scope: "col", class: "num" }, "Privates") : null,
        h("th", { scope: "col", class: "num", title: `Each loan costs ${money(view.loan_terms?.penalty)} at the end` }, "Loans"),
        h("th", { scope: "col", class: "num" }, "Total"),
      ),
    ),
    h("tbody", {}, rows),
  );
  const history = view.history ?? [];
  return h(
    "div",
    { class: "cover end-cover g18-end", "data-testid": "end-screen", role: "dialog", "aria-modal": "true", "aria-label": "Game over" },
    h(
      "div",
      { class: "cover-card end-card" },
      h("p", { class: "end-kicker", "data-testid": "end-kicker" }, kicker),
      h("h2", { "data-testid": "end-winner" }, headline),
      table,
      h(
        "div",
        { class: "end-charts" },
        h("figure", { class: "end-chart" }, h("figcaption", {}, "Players' values"), valuesChart(history, names)),
        h("figure", { class: "end-chart" }, h("figcaption", {}, "Share prices"), pricesChart(history)),
      ),
      h("div", { class: "end-buttons" }, buttons),
    ),
  );
}

const W = 560;
const H = 220;
const PAD = { l: 44, r: 10, t: 10, b: 34 };

function chartFrame(labels, maxY, testid) {
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "g18-chart", role: "img", "data-testid": testid });
  const x = (i) => PAD.l + (labels.length <= 1 ? 0 : (i * (W - PAD.l - PAD.r)) / (labels.length - 1));
  const top = niceMax(maxY);
  const y = (v) => H - PAD.b - (Math.max(0, v) / top) * (H - PAD.t - PAD.b);
  for (let k = 0; k <= 4; k++) {
    const v = (top * k) / 4;
    svg.append(s("line", { x1: PAD.l, x2: W - PAD.r, y1: y(v), y2: y(v), class: "chart-grid" }));
    svg.append(s("text", { x: PAD.l - 4, y: y(v), dy: "0.35em", "text-anchor": "end", class: "chart-label" }, String(Math.round(v))));
  }
  const every = Math.max(1, Math.ceil(labels.length / 12));
  labels.forEach((label, i) => {
    if (i % every && i !== labels.length - 1) return;
    // the last round's label ends at the last point: centred, it would run off the chart
    const anchor = i === labels.length - 1 && i > 0 ? "end" : "middle";
    svg.append(s("text", { x: x(i), y: H - PAD.b + 14, "text-anchor": anchor, class: "chart-label" }, label));
  });
  return { svg, x, y };
}

function niceMax(v) {
  if (v <= 0) return 10;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

function line(svg, points, colour, label) {
  if (!points.length) return;
  const d = points.map(([px, py], i) => `${i ? "L" : "M"}${px.toFixed(1)} ${py.toFixed(1)}`).join(" ");
  svg.append(s("path", { d, fill: "none", stroke: colour, "stroke-width": 2.4, "stroke-linejoin": "round", class: "chart-line" }, s("title", null, label)));
  const [lx, ly] = points[points.length - 1];
  svg.append(s("circle", { cx: lx, cy: ly, r: 3, fill: colour }));
}

export function valuesChart(history, names) {
  const labels = history.map((e) => e.round);
  const max = Math.max(1, ...history.flatMap((e) => e.values ?? []));
  const { svg, x, y } = chartFrame(labels, max, "values-chart");
  names.forEach((name, seat) => {
    const pts = history.map((e, i) => [x(i), y(e.values?.[seat] ?? 0)]);
    line(svg, pts, seatColour(seat), name);
  });
  const legend = h("div", { class: "chart-legend" }, names.map((n, seat) => h("span", {}, h("i", { style: { background: seatColour(seat) } }), n)));
  return h("div", {}, svg, legend);
}

export function pricesChart(history) {
  const labels = history.map((e) => e.round);
  const companies = [...new Set(history.flatMap((e) => Object.keys(e.prices ?? {})))];
  const max = Math.max(1, ...history.flatMap((e) => Object.values(e.prices ?? {})));
  const { svg, x, y } = chartFrame(labels, max, "prices-chart");
  for (const c of companies) {
    const pts = [];
    history.forEach((e, i) => {
      if (e.prices?.[c] !== undefined) pts.push([x(i), y(e.prices[c])]);
    });
    line(svg, pts, chartColour(c), c);
  }
  const legend = h("div", { class: "chart-legend" }, companies.map((c) => h("span", {}, h("i", { style: { background: chartColour(c) } }), c)));
  return h("div", {}, svg, legend);
}

function chartColour(company) {
  const st = companyStyle(company);
  // very light company colours (V: beige) would vanish on paper: darken them
  return st.fill === "#e6d3a8" ? "#b59a5a" : st.fill;
}
