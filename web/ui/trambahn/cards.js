// SVG drawings of the Trambahn components: station cards, conductors, the banknote back,
// tram cards, the tram stack back and the four terminal ("Endstation") cards.
// Every function returns a fresh <svg> element with viewBox 0 0 100 150 (the card ratio 2:3);
// CSS sizes them. Rule data (line, value, VP, multiplier, cost, names) comes from the engine's
// view (`view.cards`, `view.trams`); nothing here knows a rule.

import { s } from "../dom.js";

export const LINES = ["B", "R", "G", "Y"];
export const LINE_INFO = {
  B: { name: "Blue", roman: "I", color: "#2457a6", dark: "#163a73", ink: "#ffffff" },
  R: { name: "Red", roman: "II", color: "#b8322c", dark: "#7e1f1b", ink: "#ffffff" },
  G: { name: "Green", roman: "III", color: "#2f7a45", dark: "#1d5230", ink: "#ffffff" },
  Y: { name: "Yellow", roman: "IV", color: "#e0a91f", dark: "#9c7309", ink: "#2b2118" },
};
const TRAM_STYLE = {
  H: { band: "#7a5634", label: "Pferdebahn" },
  S: { band: "#4b4b4f", label: "Dampfbahn" },
  E: { band: "#1d4f91", label: "Elektrische" },
};
const INK = "#2b2118";
const CREAM = "#fbf7ec";

/** Small shape per line so colour is not the only cue (colour-blind players). */
function lineGlyph(line, x, y, r, fill) {
  switch (line) {
    case "B":
      return s("circle", { cx: x, cy: y, r, fill });
    case "R":
      return s("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill });
    case "G":
      return s("polygon", { points: `${x},${y - r * 1.1} ${x + r * 1.1},${y + r * 0.9} ${x - r * 1.1},${y + r * 0.9}`, fill });
    default:
      return s("polygon", { points: `${x},${y - r * 1.2} ${x + r},${y} ${x},${y + r * 1.2} ${x - r},${y}`, fill });
  }
}

function frame(attrs, ...children) {
  const { cls, title, ...rest } = attrs;
  return s(
    "svg",
    { viewBox: "0 0 100 150", class: ["card", cls], role: "img", "aria-label": title, ...rest },
    s("title", { text: title }),
    ...children,
  );
}

function band(fill, height = 38) {
  // a rectangle with rounded top corners matching the card outline
  return s("path", { d: `M1.5 ${height} V9 Q1.5 1.5 9 1.5 H91 Q98.5 1.5 98.5 9 V${height} Z`, fill });
}

function outline(fill = CREAM) {
  // a cheap drop shadow (no CSS filter: dozens of cards must paint fast)
  return [
    s("rect", { x: 2.5, y: 2.8, width: 97, height: 147, rx: 7.5, fill: "rgb(43 33 24 / 0.22)" }),
    s("rect", { x: 1.5, y: 1.5, width: 97, height: 147, rx: 7.5, fill, stroke: INK, "stroke-width": 1.6 }),
  ];
}

function pips(n, cx, cy, r, gap) {
  const out = [];
  const start = cx - ((n - 1) * gap) / 2;
  for (let i = 0; i < n; i += 1) {
    out.push(s("circle", { cx: start + i * gap, cy, r, fill: "#f4d26b", stroke: INK, "stroke-width": 1.2 }));
  }
  return out;
}

function stopSign(cx, cy, r, color) {
  return [
    s("line", { x1: cx, y1: cy + r, x2: cx, y2: cy + r + 18, stroke: INK, "stroke-width": 3 }),
    s("circle", { cx, cy, r, fill: "#fff", stroke: color, "stroke-width": 5 }),
    s("text", { x: cx, y: cy + r * 0.42, "text-anchor": "middle", "font-size": r * 1.25, "font-weight": 700, fill: color, class: "card-serif" }, "H"),
  ];
}

/** Station card (colour + value) or conductor ("C"). info = view.cards[code]. */
export function stationCard(code, info) {
  if (code === "C" || !info || !info.line) return conductorCard();
  const L = LINE_INFO[info.line];
  const vp = info.vp ?? 0;
  return frame(
    { cls: `card-station line-${info.line}`, title: `${L.name} ${info.value} (${vp} VP)`, "data-code": code },
    outline(),
    band(L.color),
    s("text", { x: 10, y: 31, "font-size": 30, "font-weight": 800, fill: L.ink, class: "card-num" }, String(info.value)),
    lineGlyph(info.line, 59, 20, 5, L.ink),
    s("text", { x: 91, y: 28, "text-anchor": "end", "font-size": 17, "font-weight": 700, fill: L.ink, class: "card-num" }, `${vp}★`),
    ...stopSign(50, 74, 20, L.color),
    s("text", { x: 50, y: 74 + 38, "text-anchor": "middle", "font-size": 10, fill: INK, "letter-spacing": 1.5, class: "card-caps" }, `LINIE ${L.roman}`),
    ...pips(vp, 50, 132, 5.5, 14),
  );
}

export function conductorCard() {
  const navy = "#27304a";
  return frame(
    { cls: "card-station card-conductor", title: "Conductor (joker, 0 VP)", "data-code": "C" },
    outline(),
    band(navy),
    s("text", { x: 10, y: 30, "font-size": 24, "font-weight": 800, fill: "#f4d26b", class: "card-num" }, "C"),
    s("text", { x: 91, y: 26, "text-anchor": "end", "font-size": 11, fill: "#f4d26b", class: "card-caps" }, "JOKER"),
    // the conductor: cap, face, coat with brass buttons, ticket pouch
    s("path", { d: "M30 132 Q32 96 50 92 Q68 96 70 132 Z", fill: navy }),
    s("rect", { x: 46, y: 88, width: 8, height: 7, fill: "#e9c9a8" }),
    s("circle", { cx: 50, cy: 76, r: 13, fill: "#f0d3b4", stroke: INK, "stroke-width": 1 }),
    s("path", { d: "M36 68 Q50 54 64 68 Z", fill: navy }),
    s("rect", { x: 35, y: 66, width: 30, height: 5, rx: 2, fill: "#1a2033" }),
    s("rect", { x: 47, y: 60, width: 6, height: 4, fill: "#c9a13b" }),
    s("path", { d: "M44 83 Q50 87 56 83", stroke: INK, fill: "none", "stroke-width": 1.2 }),
    s("circle", { cx: 45, cy: 75, r: 1.4, fill: INK }),
    s("circle", { cx: 55, cy: 75, r: 1.4, fill: INK }),
    ...[104, 114, 124].map((y) => s("circle", { cx: 50, cy: y, r: 1.8, fill: "#c9a13b" })),
    s("rect", { x: 58, y: 108, width: 10, height: 12, rx: 2, fill: "#6b4a2b" }),
    s("text", { x: 50, y: 144, "text-anchor": "middle", "font-size": 9, fill: INK, "letter-spacing": 1.2, class: "card-caps" }, "SCHAFFNER · 0★"),
  );
}

// The banknote drawing is put in the document once (a hidden <svg> of shared drawings) and
// every back shows it with <use>: a table shows a dozen backs (hands, money piles, draw
// pile), 3 elements each instead of ~40, which keeps the first render of a saved game short.
const SPRITES_ID = "trambahn-drawings";
const MONEY_BACK_ID = "trambahn-money-back";

function sharedDrawing(id, draw) {
  if (document.getElementById(id)) return;
  let sprites = document.getElementById(SPRITES_ID);
  if (!sprites) {
    sprites = s("svg", { id: SPRITES_ID, width: 0, height: 0, "aria-hidden": "true", style: { position: "absolute" } }, s("defs"));
    document.body.append(sprites);
  }
  sprites.firstChild.append(s("g", { id }, draw()));
}

function banknote() {
  const ink = "#5b4a2e";
  const rays = [];
  for (let i = 0; i < 24; i += 1) {
    const a = (i * Math.PI) / 12;
    rays.push(s("line", { x1: 50 + 9 * Math.cos(a), y1: 75 + 9 * Math.sin(a), x2: 50 + 19 * Math.cos(a), y2: 75 + 19 * Math.sin(a), stroke: ink, "stroke-width": 0.8, opacity: 0.7 }));
  }
  return [
    outline("#e6d8b2"),
    s("rect", { x: 7, y: 7, width: 86, height: 136, rx: 4, fill: "none", stroke: ink, "stroke-width": 1.4 }),
    s("rect", { x: 10.5, y: 10.5, width: 79, height: 129, rx: 3, fill: "none", stroke: ink, "stroke-width": 0.6, "stroke-dasharray": "2 1.5" }),
    s("text", { x: 15, y: 27, "font-size": 12, "font-weight": 700, fill: ink, class: "card-serif" }, "1000"),
    s("text", { x: 85, y: 133, "text-anchor": "end", "font-size": 12, "font-weight": 700, fill: ink, class: "card-serif" }, "1000"),
    s("circle", { cx: 50, cy: 75, r: 24, fill: "#efe4c4", stroke: ink, "stroke-width": 1.2 }),
    ...rays,
    s("circle", { cx: 50, cy: 75, r: 9, fill: "#e6d8b2", stroke: ink, "stroke-width": 1 }),
    s("text", { x: 50, y: 79.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: ink, class: "card-serif" }, "M"),
    s("text", { x: 50, y: 45, "text-anchor": "middle", "font-size": 8, fill: ink, "letter-spacing": 1.5, class: "card-caps" }, "TRAMBAHN"),
    s("text", { x: 50, y: 113, "text-anchor": "middle", "font-size": 8, fill: ink, "letter-spacing": 1.2, class: "card-caps" }, "TAUSEND MARK"),
  ];
}

/** The common back of every station card: a 1,000 Mark banknote. */
export function moneyBack(extraClass = "") {
  sharedDrawing(MONEY_BACK_ID, banknote);
  return frame({ cls: ["card-back", extraClass], title: "Card back: 1,000 Mark" }, s("use", { href: `#${MONEY_BACK_ID}` }));
}

function tramDrawing(code, color) {
  const parts = [
    s("line", { x1: 8, y1: 108, x2: 92, y2: 108, stroke: INK, "stroke-width": 2 }),
    s("line", { x1: 8, y1: 112, x2: 92, y2: 112, stroke: INK, "stroke-width": 1, opacity: 0.5 }),
  ];
  const bodyX = code === "H" ? 40 : 18;
  const bodyW = code === "H" ? 52 : 64;
  parts.push(
    s("rect", { x: bodyX - 3, y: 62, width: bodyW + 6, height: 7, rx: 3, fill: color }),
    s("rect", { x: bodyX, y: 69, width: bodyW, height: 30, rx: 3, fill: "#f3ead2", stroke: INK, "stroke-width": 1.2 }),
    s("rect", { x: bodyX, y: 91, width: bodyW, height: 8, fill: color }),
  );
  const nWin = code === "H" ? 3 : 4;
  const winW = (bodyW - 6 - (nWin - 1) * 3) / nWin;
  for (let i = 0; i < nWin; i += 1) {
    parts.push(s("rect", { x: bodyX + 3 + i * (winW + 3), y: 72, width: winW, height: 13, rx: 1.5, fill: "#a9c4d9", stroke: INK, "stroke-width": 0.8 }));
  }
  parts.push(
    s("circle", { cx: bodyX + bodyW * 0.25, cy: 102, r: 5.5, fill: INK }),
    s("circle", { cx: bodyX + bodyW * 0.75, cy: 102, r: 5.5, fill: INK }),
  );
  if (code === "H") {
    // horse pulling from the left
    parts.push(
      s("line", { x1: 31, y1: 86, x2: bodyX, y2: 88, stroke: INK, "stroke-width": 1.5 }),
      s("ellipse", { cx: 23, cy: 86, rx: 11, ry: 6.5, fill: "#8a5a32" }),
      s("path", { d: "M14 84 L8 70 L4 72 L5 76 L11 86 Z", fill: "#8a5a32" }),
      s("line", { x1: 15, y1: 90, x2: 14, y2: 106, stroke: "#6b4424", "stroke-width": 2.2 }),
      s("line", { x1: 19, y1: 91, x2: 20, y2: 106, stroke: "#6b4424", "stroke-width": 2.2 }),
      s("line", { x1: 28, y1: 91, x2: 27, y2: 106, stroke: "#6b4424", "stroke-width": 2.2 }),
      s("line", { x1: 32, y1: 90, x2: 33, y2: 106, stroke: "#6b4424", "stroke-width": 2.2 }),
      s("path", { d: "M34 84 Q38 88 36 94", stroke: "#6b4424", "stroke-width": 2, fill: "none" }),
    );
  } else if (code === "S") {
    parts.push(
      s("rect", { x: 26, y: 50, width: 7, height: 13, fill: INK }),
      s("circle", { cx: 33, cy: 44, r: 5, fill: "#c9c6bf" }),
      s("circle", { cx: 41, cy: 39, r: 6.5, fill: "#d8d5ce" }),
      s("circle", { cx: 52, cy: 36, r: 5, fill: "#e4e1da" }),
    );
  } else {
    parts.push(
      s("line", { x1: 4, y1: 44, x2: 96, y2: 44, stroke: INK, "stroke-width": 1.2 }),
      s("line", { x1: 60, y1: 62, x2: 44, y2: 44, stroke: INK, "stroke-width": 2 }),
      s("circle", { cx: 44, cy: 44, r: 2, fill: "#c9a13b" }),
      s("path", { d: "M50 50 l-3 6 h4 l-3 6", stroke: "#d9a21f", "stroke-width": 1.6, fill: "none" }),
    );
  }
  return parts;
}

/** Tram card (H, S, E). info = view.trams[code] = {name, multiplier, cost}. */
export function tramCard(code, info) {
  const st = TRAM_STYLE[code] ?? TRAM_STYLE.H;
  const mult = info?.multiplier ?? "?";
  const cost = info?.cost ?? "?";
  const name = info?.name ?? st.label;
  return frame(
    { cls: `card-tram tram-${code}`, title: `${name}: ×${mult}, costs ${cost}`, "data-code": code },
    outline(),
    band(st.band),
    s("text", { x: 9, y: 30, "font-size": 26, "font-weight": 800, fill: "#fff", class: "card-num" }, `×${mult}`),
    s("circle", { cx: 80, cy: 20, r: 13, fill: "#f4d26b", stroke: INK, "stroke-width": 1.2 }),
    s("text", { x: 80, y: 26, "text-anchor": "middle", "font-size": cost >= 10 ? 15 : 17, "font-weight": 800, fill: INK, class: "card-num" }, String(cost)),
    ...tramDrawing(code, st.band),
    s("text", { x: 50, y: 130, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: INK, class: "card-serif" }, name),
    s("text", { x: 50, y: 143, "text-anchor": "middle", "font-size": 8, fill: INK, "letter-spacing": 1, class: "card-caps" }, `${st.label.toUpperCase()} · ${cost}000 M`),
  );
}

/** Face-down tram from the stack (its type is public: the stack is sorted). */
export function tramBack(code) {
  const st = TRAM_STYLE[code] ?? TRAM_STYLE.H;
  return frame(
    { cls: "card-tram-back", title: `Tram stack, next: ${code}` },
    outline("#2f3b2f"),
    s("rect", { x: 8, y: 8, width: 84, height: 134, rx: 4, fill: "none", stroke: "#c9a13b", "stroke-width": 1.5 }),
    s("text", { x: 50, y: 70, "text-anchor": "middle", "font-size": 13, fill: "#e8d9a8", "letter-spacing": 2, class: "card-caps" }, "TRAMBAHN"),
    s("circle", { cx: 50, cy: 98, r: 14, fill: st.band, stroke: "#c9a13b", "stroke-width": 1.5 }),
    s("text", { x: 50, y: 104, "text-anchor": "middle", "font-size": 16, "font-weight": 800, fill: "#fff", class: "card-num" }, code),
  );
}

/** The terminal card at the head of each passenger row. */
export function terminalCard(line) {
  const L = LINE_INFO[line];
  return frame(
    { cls: `card-terminal line-${line}`, title: `${L.name} line terminal (Endstation)` },
    outline(L.color),
    s("rect", { x: 8, y: 8, width: 84, height: 134, rx: 5, fill: "none", stroke: L.ink, "stroke-width": 1.2, opacity: 0.7 }),
    s("text", { x: 50, y: 38, "text-anchor": "middle", "font-size": 13, fill: L.ink, "letter-spacing": 1.5, class: "card-caps" }, "LINIE"),
    s("text", { x: 50, y: 72, "text-anchor": "middle", "font-size": 34, "font-weight": 800, fill: L.ink, class: "card-serif" }, L.roman),
    lineGlyph(line, 50, 94, 7, L.ink),
    s("text", { x: 50, y: 128, "text-anchor": "middle", "font-size": 10.5, fill: L.ink, "letter-spacing": 1, class: "card-caps" }, "ENDSTATION"),
  );
}

/** A small round line badge (used in the score pad, log and prompts). */
export function lineBadge(line, size = 14) {
  const L = LINE_INFO[line];
  if (!L) return s("svg", { width: size, height: size, viewBox: "0 0 20 20", class: "line-badge" });
  return s(
    "svg",
    { width: size, height: size, viewBox: "0 0 20 20", class: "line-badge", role: "img", "aria-label": `${L.name} line` },
    s("circle", { cx: 10, cy: 10, r: 9.5, fill: L.color }),
    lineGlyph(line, 10, 10, 4, L.ink),
  );
}
