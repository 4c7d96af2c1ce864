// Draws 18xx tiles as SVG from their plain-data form (docs/1840-api.md, "Static data"):
//   {name, colour, frame, labels, stops: [{part, kind: city|town|offboard, slots, s_slots?, revenue,
//    visit_cost?}], paths: [{a, b, gauge: broad|narrow, terminal?}], future, borders, lay_cost}
// where a path end is {edge, lanes?, lane?} or {part}. The data is at rotation 0; rotation r
// turns edge e into (e + r) % 6 (clockwise). Layout "pointy" (1840) or "flat".
//
// layoutTile() is the pure geometry (cached): where each stop sits and the curve of every
// track piece. Several stops on one tile are placed along their own track, towards their
// exits, so that nothing overlaps; a single stop sits in the centre (a town on a through
// curve sits on the middle of the curve, as on printed tiles).
// drawTile() returns an SVG <g> centred on (0, 0); tileSvg() a standalone <svg>.

import { s } from "../dom.js";
import { STADTBAHN_FRAME, TILE_COLOURS, tileEdge, tileFill, tokenStyle } from "./colours.js";
import { ensureStyles } from "./styles.js";
import {
  A,
  R,
  dist,
  edgeAngle,
  edgeCorners,
  edgeMid,
  fmt,
  hexCorners,
  hexPoints,
  insideDistance,
  inward,
  polar,
} from "./geometry.js";

export const TRACK_WIDTH = 5;
export const SLOT_R = 12.5; // radius of a city's token circle
const TOWN_BAR = [17, 5.5]; // length (across the track), thickness
const TOWN_DOT = 5.2;
const LANE_SPACING = 12.5;
const SHARP_K = ((4 / 3) * Math.tan(Math.PI / 6) * R) / 2; // cubic handle of a sharp arc (radius R/2)
const GENTLE_K = (4 / 3) * Math.tan(Math.PI / 12) * R * 1.5; // gentle arc (radius 1.5R)
const REV_R = 7.4; // revenue circle
const PHASE_BOX = [11, 9.5];

// ------------------------------------------------------------------ small vector helpers
const add = (a, b) => [a[0] + b[0], a[1] + b[1]];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const mul = (a, k) => [a[0] * k, a[1] * k];
const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const norm = (a) => {
  const l = Math.hypot(a[0], a[1]) || 1;
  return [a[0] / l, a[1] / l];
};

// ------------------------------------------------------------------ cubic Bézier curves
// Every track piece is one cubic: straight lines and the arcs of printed tiles (sharp:
// radius R/2, gentle: radius 1.5R) are exact enough as cubics, and a cubic can be split
// where a stop sits and followed by a route overlay.

function bez(p0, c1, c2, p3) {
  return { p0, c1, c2, p3 };
}

function lineBez(p0, p3) {
  return bez(p0, lerp(p0, p3, 1 / 3), lerp(p0, p3, 2 / 3), p3);
}

export function bezAt(b, t) {
  const u = 1 - t;
  const k0 = u * u * u;
  const k1 = 3 * u * u * t;
  const k2 = 3 * u * t * t;
  const k3 = t * t * t;
  return [
    k0 * b.p0[0] + k1 * b.c1[0] + k2 * b.c2[0] + k3 * b.p3[0],
    k0 * b.p0[1] + k1 * b.c1[1] + k2 * b.c2[1] + k3 * b.p3[1],
  ];
}

function bezTangent(b, t) {
  const u = 1 - t;
  const d = [
    3 * u * u * (b.c1[0] - b.p0[0]) + 6 * u * t * (b.c2[0] - b.c1[0]) + 3 * t * t * (b.p3[0] - b.c2[0]),
    3 * u * u * (b.c1[1] - b.p0[1]) + 6 * u * t * (b.c2[1] - b.c1[1]) + 3 * t * t * (b.p3[1] - b.c2[1]),
  ];
  return norm(d);
}

function bezSplit(b, t) {
  const p01 = lerp(b.p0, b.c1, t);
  const p12 = lerp(b.c1, b.c2, t);
  const p23 = lerp(b.c2, b.p3, t);
  const a = lerp(p01, p12, t);
  const c = lerp(p12, p23, t);
  const m = lerp(a, c, t);
  return [bez(b.p0, p01, a, m), bez(m, c, p23, b.p3)];
}

export function bezReverse(b) {
  return bez(b.p3, b.c2, b.c1, b.p0);
}

const pt = (p) => `${fmt(p[0])} ${fmt(p[1])}`;

/** SVG path data of a cubic ("M ... C ..."); `cont` continues a path (no M). */
export function bezPath(b, cont = false) {
  return `${cont ? "" : `M${pt(b.p0)}`}C${pt(b.c1)} ${pt(b.c2)} ${pt(b.p3)}`;
}

function bezSamples(b, step = 3) {
  const len = dist(b.p0, b.c1) + dist(b.c1, b.c2) + dist(b.c2, b.p3);
  const n = Math.max(2, Math.ceil(len / step));
  const out = [];
  for (let i = 0; i <= n; i++) out.push(bezAt(b, i / n));
  return out;
}

// ------------------------------------------------------------------ tile geometry

/** Where a path end on `edge` meets the hex side (lanes spread along the side). */
function edgePoint(end, layout) {
  const mid = edgeMid(end.edge, layout);
  if (!end.lanes || end.lanes < 2) return mid;
  const [ccw, cw] = edgeCorners(end.edge, layout);
  const along = norm(sub(cw, ccw));
  // lane 0 lies towards the clockwise corner (towards edge + 1)
  return add(mid, mul(along, ((end.lanes - 1) / 2 - end.lane) * LANE_SPACING));
}

/** The printed-tile curve between two edge points: straight, gentle or sharp arc. */
function edgeCurve(endA, endB, layout) {
  const p0 = edgePoint(endA, layout);
  const p3 = edgePoint(endB, layout);
  const diff = (endB.edge - endA.edge + 6) % 6;
  if (diff === 3 && dist(p0, p3) > 2 * A - 1) return lineBez(p0, p3);
  const k = diff === 3 ? dist(p0, p3) / 3 : diff === 1 || diff === 5 ? SHARP_K : diff === 0 ? A * 0.6 : GENTLE_K;
  return bez(p0, add(p0, mul(inward(endA.edge, layout), k)), add(p3, mul(inward(endB.edge, layout), k)), p3);
}

/** A curve from an edge point into a stop at `pos`. */
function curveToStop(end, pos, layout) {
  const p0 = edgePoint(end, layout);
  const len = dist(p0, pos);
  const c1 = add(p0, mul(inward(end.edge, layout), len * 0.45));
  const c2 = lerp(pos, c1, 0.35);
  return bez(p0, c1, c2, pos);
}

const rotEnd = (end, rotation) => ("edge" in end ? { ...end, edge: (end.edge + rotation) % 6 } : { ...end });

function revenueValues(rev) {
  if (!rev) return [];
  if (rev.by_colour) return rev.by_colour.map(([, v]) => v);
  return [rev.flat ?? 0];
}

/** True if a stop pays something at some point (zero-revenue stations and inner-city
 * junctions show no revenue). */
export function hasRevenue(stop) {
  return revenueValues(stop.revenue).some((v) => v !== 0);
}

function stopRadius(stop, bar) {
  if (stop.kind === "city") {
    const n = Math.max(1, stop.slots);
    return n === 1 ? SLOT_R : n === 2 ? 2 * SLOT_R : n === 3 ? SLOT_R * 2.16 : SLOT_R * 2.5;
  }
  if (stop.kind === "town") return bar ? TOWN_BAR[0] / 2 : TOWN_DOT + 0.5;
  return 5;
}

/**
 * An outline around a stop (route overlays): an SVG element, centred like the stop, that
 * extends `pad` beyond the stop's drawn shape. Draw it below the stop.
 */
export function stopHalo(st, pad, attrs = {}) {
  if (st.kind === "city" && st.slots.length > 1) {
    const hull = st.slots.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(" ");
    return s("polygon", { points: hull, "stroke-width": fmt(2 * (SLOT_R + pad)), "stroke-linejoin": "round", ...attrs });
  }
  const r = st.kind === "city" ? SLOT_R : st.bar ? TOWN_BAR[0] / 2 : st.kind === "town" ? TOWN_DOT : TRACK_WIDTH;
  return s("circle", { cx: fmt(st.pos[0]), cy: fmt(st.pos[1]), r: fmt(r + pad), ...attrs });
}

/** Token circles of a city relative to its centre, by slot index. */
export function slotOffsets(n) {
  const r = SLOT_R;
  if (n <= 1) return [[0, 0]];
  if (n === 2) return [[-r, 0], [r, 0]];
  if (n === 3) return [[0, -r * 1.1547], [-r, r * 0.5774], [r, r * 0.5774]];
  if (n === 4) return [[-r, -r], [r, -r], [-r, r], [r, r]];
  const ring = r / Math.sin(Math.PI / n);
  return Array.from({ length: n }, (_, i) => polar(-90 + (360 * i) / n, ring));
}

const layoutCache = new Map();

/**
 * The geometry of a tile at a rotation (pure; cached by tile name, rotation and layout).
 * Returns {stops: Map(part -> stop), paths: [...], future: [...], layout, rotation} where
 *   stop = {part, kind, slots, revenue, visitCost, pos: [x, y], exits: [edge], radius,
 *           bar: bool (town drawn as a bar), angle (bar direction, degrees), slots: [[x,y]]}
 *   path = {curve (cubic, from its edge end or its first end), gauge, terminal, a, b,
 *           edges: [edge...], part: stop part or null}
 */
export function layoutTile(tile, rotation = 0, layout = "pointy") {
  const key = tile.name != null ? `${tile.name}|${rotation}|${layout}` : null;
  if (key && layoutCache.has(key) && layoutCache.get(key).tile === tile) return layoutCache.get(key);
  const result = computeLayout(tile, rotation, layout);
  if (key) layoutCache.set(key, result);
  return result;
}

function computeLayout(tile, rotation, layout) {
  const raw = (list, future) =>
    (list ?? []).map((p) => ({ a: rotEnd(p.a, rotation), b: rotEnd(p.b, rotation), gauge: p.gauge, terminal: !!p.terminal, future }));
  const all = [...raw(tile.paths, false), ...raw(tile.future, true)];
  const stops = new Map();
  for (const st of tile.stops ?? []) {
    stops.set(st.part, {
      part: st.part,
      kind: st.kind,
      slotCount: st.slots ?? 0,
      narrowSlots: st.s_slots ?? 0,
      revenue: st.revenue,
      visitCost: st.visit_cost ?? 1,
      exits: [],
      pos: [0, 0],
      bar: false,
      angle: 0,
      natural: null,
      t: 0.5,
    });
  }
  for (const p of all) {
    for (const [x, y] of [[p.a, p.b], [p.b, p.a]]) {
      if ("part" in x && "edge" in y && stops.has(x.part)) stops.get(x.part).exits.push(y);
    }
  }
  for (const st of stops.values()) {
    const edges = [...new Set(st.exits.map((e) => e.edge))];
    const twoWay = st.exits.length === 2 && edges.length === 2 && !st.exits.some((e) => e.lanes > 1);
    if (twoWay) st.natural = edgeCurve(st.exits[0], st.exits[1], layout);
    st.bar = st.kind === "town" && twoWay;
    st.radius = stopRadius({ kind: st.kind, slots: st.slotCount }, st.bar);
  }
  const fixed = all.filter((p) => "edge" in p.a && "edge" in p.b).map((p) => edgeCurve(p.a, p.b, layout));
  placeStops([...stops.values()], fixed, layout);

  // track pieces, each as a curve from its edge (or first) end
  const paths = [];
  const future = [];
  for (const p of all) {
    let curve;
    let part = null;
    let edgeEnd = null;
    if ("edge" in p.a && "edge" in p.b) {
      curve = edgeCurve(p.a, p.b, layout);
    } else if ("part" in p.a && "part" in p.b) {
      const sa = stops.get(p.a.part);
      const sb = stops.get(p.b.part);
      curve = lineBez(sa?.pos ?? [0, 0], sb?.pos ?? [0, 0]);
    } else {
      edgeEnd = "edge" in p.a ? p.a : p.b;
      part = ("part" in p.a ? p.a : p.b).part;
      const st = stops.get(part);
      const pos = st?.pos ?? [0, 0];
      if (st?.natural) {
        const [first, second] = bezSplit(st.natural, st.t);
        curve = edgeEnd.edge === st.exits[0].edge ? first : bezReverse(second);
      } else {
        curve = curveToStop(edgeEnd, pos, layout);
      }
    }
    const piece = {
      curve,
      gauge: p.gauge,
      terminal: p.terminal,
      a: p.a,
      b: p.b,
      edge: edgeEnd ? edgeEnd.edge : null,
      edges: ["edge" in p.a ? p.a.edge : null, "edge" in p.b ? p.b.edge : null].filter((e) => e !== null),
      part,
    };
    (p.future ? future : paths).push(piece);
  }
  for (const st of stops.values()) {
    st.slots = st.kind === "city" ? slotOffsets(st.slotCount).map((o) => add(st.pos, o)) : [];
  }
  return { tile, rotation, layout, stops, paths, future };
}

// ------------------------------------------------------------------ placing the stops

function samplesOfStopTracks(st, cand, layout) {
  if (cand.t !== undefined) return bezSamples(st.natural, 4);
  const out = [];
  for (const end of st.exits) out.push(...bezSamples(curveToStop(end, cand.pos, layout), 4));
  return out;
}

function candidatesFor(st, layout, allStops) {
  const out = [];
  const edges = [...new Set(st.exits.map((e) => e.edge))];
  if (st.natural) {
    [0.5, 0.42, 0.58, 0.34, 0.66, 0.27, 0.73, 0.2, 0.8].forEach((t, i) =>
      out.push({ pos: bezAt(st.natural, t), t, pref: i * 0.8 }),
    );
    if (st.bar) return out;
    // a city may also leave its through curve: tracks then bend into it
    for (const e of edges) {
      const a = edgeAngle(e, layout);
      for (const f of [0.52, 0.4]) out.push({ pos: polar(a, A * f), pref: 4 + (f === 0.4 ? 1 : 0) });
    }
    let dir = [0, 0];
    for (const e of edges) dir = add(dir, polar(edgeAngle(e, layout), 1));
    const a = (Math.atan2(dir[1], dir[0]) * 180) / Math.PI;
    for (const f of [0.45, 0.3]) out.push({ pos: polar(a, A * f), pref: 3 });
    return out;
  }
  if (edges.length === 0) {
    const lone = allStops.every((o) => o.exits.length === 0);
    if (lone) {
      // a printed hex with several unconnected cities (OO): side by side
      const n = allStops.length;
      const i = allStops.indexOf(st);
      const ring = n === 2 ? SLOT_R + 4 : SLOT_R * 1.35;
      const start = n === 2 ? 180 : -90;
      out.push({ pos: polar(start + (360 * i) / n, ring), pref: 0 });
      return out;
    }
    out.push({ pos: [0, 0], pref: 1 });
    for (let k = 0; k < 12; k++) out.push({ pos: polar(k * 30, A * 0.42), pref: 0.5, spread: true });
    return out;
  }
  let dir = [0, 0];
  for (const e of edges) dir = add(dir, polar(edgeAngle(e, layout), 1));
  const mag = Math.hypot(dir[0], dir[1]);
  if (edges.length === 1) {
    const a = edgeAngle(edges[0], layout);
    [0.5, 0.42, 0.58, 0.34, 0.66].forEach((f, i) => out.push({ pos: polar(a, A * f), pref: i * 0.7 }));
    for (const da of [-22, 22, -40, 40]) out.push({ pos: polar(a + da, A * 0.5), pref: 3 + Math.abs(da) / 20 });
    return out;
  }
  // three or more exits: towards their average, as near the centre as possible
  const a = (Math.atan2(dir[1], dir[0]) * 180) / Math.PI;
  const base = mag < 0.05 ? [0] : [Math.min(0.3, mag * 0.35), 0, 0.3, 0.45];
  base.forEach((f, i) => out.push({ pos: polar(a, A * f), pref: i * 0.8 }));
  for (let k = 0; k < 6; k++) out.push({ pos: polar(k * 60 + 30, A * 0.3), pref: 4 });
  return out;
}

function minSampleGap(samples, pos, radius) {
  let worst = Infinity;
  for (const q of samples) worst = Math.min(worst, dist(q, pos) - radius - TRACK_WIDTH / 2);
  return worst;
}

/** Cost of one stop at one candidate on its own: preference, the hex side, fixed track. */
function unaryCost(st, cand, fixedSamples, layout) {
  let c = cand.pref;
  const inside = insideDistance(cand.pos, layout) - st.radius;
  if (inside < 2) c += (2 - inside) * 6;
  const g = minSampleGap(fixedSamples, cand.pos, st.radius);
  if (g < 1) c += (1 - g) * 4;
  return c;
}

/** Cost of two stops at their candidates: overlap, and one sitting on the other's track. */
function pairCost(si, ci, sj, cj) {
  let c = 0;
  const d = dist(ci.pos, cj.pos);
  const gap = d - si.radius - sj.radius;
  if (gap < 3) c += (3 - gap) * 12;
  const g1 = minSampleGap(ci.samples, cj.pos, sj.radius);
  if (g1 < 1.5) c += (1.5 - g1) * 6;
  const g2 = minSampleGap(cj.samples, ci.pos, si.radius);
  if (g2 < 1.5) c += (1.5 - g2) * 6;
  if (ci.spread || cj.spread) c -= Math.min(d, 60) * 0.05;
  return c;
}

function placeStops(stops, fixedCurves, layout) {
  if (stops.length === 0) return;
  if (stops.length === 1) {
    const st = stops[0];
    if (st.bar && st.natural) {
      st.pos = bezAt(st.natural, 0.5);
      st.t = 0.5;
      const tan = bezTangent(st.natural, 0.5);
      st.angle = (Math.atan2(tan[1], tan[0]) * 180) / Math.PI;
    } else {
      st.natural = null; // a lone city or a junction sits in the centre, tracks run to it
      st.pos = [0, 0];
    }
    return;
  }
  // Every combination of candidates, best first (branch and bound on the summed cost).
  const fixedSamples = fixedCurves.flatMap((b) => bezSamples(b, 4));
  const rank = (st) => (st.natural ? 0 : st.exits.length >= 3 ? 1 : st.exits.length ? 2 : 3);
  const order = [...stops].sort((x, y) => rank(x) - rank(y) || x.part - y.part);
  const cands = order.map((st) =>
    candidatesFor(st, layout, stops).map((c) => {
      const cand = { ...c };
      cand.samples = samplesOfStopTracks(st, cand, layout);
      cand.unary = unaryCost(st, cand, fixedSamples, layout);
      return cand;
    }),
  );
  const memo = new Map();
  const pair = (i, a, j, b) => {
    const key = ((i * 64 + a) * 8 + j) * 64 + b;
    let v = memo.get(key);
    if (v === undefined) {
      v = pairCost(order[i], cands[i][a], order[j], cands[j][b]);
      memo.set(key, v);
    }
    return v;
  };
  const minUnary = cands.map((list) => Math.min(...list.map((c) => c.unary)));
  const rest = minUnary.map((_, i) => minUnary.slice(i).reduce((x, y) => x + y, 0));
  let best = { cost: Infinity, pick: null };
  const pick = [];
  let budget = 200000;
  const dfs = (i, cost) => {
    if (budget-- <= 0) return;
    if (i === order.length) {
      if (cost < best.cost - 1e-9) best = { cost, pick: [...pick] };
      return;
    }
    // spreading bonuses can lower the sum a little: allow for them in the bound
    if (cost + rest[i] - 3 * i >= best.cost) return;
    const options = cands[i]
      .map((c, a) => {
        let v = cost + c.unary;
        for (let j = 0; j < i; j++) v += pair(j, pick[j], i, a);
        return [v, a];
      })
      .sort((x, y) => x[0] - y[0]);
    for (const [v, a] of options) {
      if (v + (rest[i + 1] ?? 0) - 3 * i >= best.cost) break;
      pick.push(a);
      dfs(i + 1, v);
      pick.pop();
    }
  };
  dfs(0, 0);
  order.forEach((st, i) => {
    const cand = cands[i][best.pick[i]];
    st.pos = cand.pos;
    if (cand.t !== undefined) {
      st.t = cand.t;
      const tan = bezTangent(st.natural, cand.t);
      st.angle = (Math.atan2(tan[1], tan[0]) * 180) / Math.PI;
    } else {
      st.natural = null; // tracks bend from the edges into the stop
    }
  });
}

// ------------------------------------------------------------------ label placement

/** Obstacles of a laid-out tile as circles [x, y, r]: track samples and stops. */
function obstaclesOf(lay) {
  if (!lay.obstacles) lay.obstacles = computeObstacles(lay);
  return [...lay.obstacles];
}

function computeObstacles(lay) {
  const obs = [];
  for (const p of [...lay.paths, ...lay.future]) {
    for (const q of bezSamples(p.curve, 3)) obs.push([q[0], q[1], TRACK_WIDTH / 2 + 0.6, true]);
  }
  for (const st of lay.stops.values()) {
    if (st.kind === "city") for (const q of st.slots) obs.push([q[0], q[1], SLOT_R + 1]);
    else if (st.bar) {
      const [dx, dy] = polar(st.angle + 90, TOWN_BAR[0] / 2 - 2);
      obs.push([st.pos[0], st.pos[1], 4], [st.pos[0] + dx, st.pos[1] + dy, 4], [st.pos[0] - dx, st.pos[1] - dy, 4]);
    } else if (st.kind === "town") obs.push([st.pos[0], st.pos[1], TOWN_DOT + 1]);
    else obs.push([st.pos[0], st.pos[1], 3]);
  }
  return obs;
}

/** Circles covering a w x h box centred at c. */
function boxCircles([cx, cy], w, h) {
  const r = h / 2;
  const out = [];
  const n = Math.max(1, Math.ceil((w - h) / r) + 1);
  for (let i = 0; i < n; i++) {
    const x = n === 1 ? cx : cx - (w - h) / 2 + ((w - h) * i) / (n - 1);
    out.push([x, cy, r]);
  }
  return out;
}

function boxInside([cx, cy], w, h, layout) {
  let d = Infinity;
  for (const dx of [-w / 2, w / 2]) for (const dy of [-h / 2, h / 2]) d = Math.min(d, insideDistance([cx + dx, cy + dy], layout));
  return d;
}

/**
 * Best spot for a label among candidate centres (in preference order): the first whose
 * clearance reaches `goal`, else the clearest. shape: {r} (circle) or {w, h} (box).
 * Obstacles get the chosen shape added.
 */
function placeLabel(shape, candidates, obstacles, layout, goal = 1.2, margin = 1.5) {
  let best = null;
  const hw = (shape.r ?? shape.w / 2) + goal + 12;
  const hh = (shape.r ?? shape.h / 2) + goal + 12;
  for (const c of candidates) {
    const circles = shape.r ? [[c[0], c[1], shape.r]] : boxCircles(c, shape.w, shape.h);
    const inside = shape.r ? insideDistance(c, layout) - shape.r : boxInside(c, shape.w, shape.h, layout);
    // leaving the hex is worse than covering a track (labels are drawn over tracks);
    // obstacles too far away to matter are skipped (scores are capped above the goal)
    let score = Math.min((inside - margin) * 3, goal + 5);
    if (best && score <= best.score) continue;
    for (const [ox, oy, or, soft] of obstacles) {
      if (Math.abs(ox - c[0]) > hw || Math.abs(oy - c[1]) > hh) continue;
      for (const [x, y, r] of circles) {
        const gap = Math.hypot(x - ox, y - oy) - r - or;
        score = Math.min(score, soft ? gap * 0.5 : gap);
      }
    }
    if (!best || score > best.score + 0.01) best = { pos: c, score, circles };
    if (score >= goal) break;
  }
  obstacles.push(...best.circles);
  return best.pos;
}

function ringCandidates(centre, radii, startAngle = -60) {
  const out = [];
  for (const r of radii) for (let k = 0; k < 12; k++) out.push(add(centre, polar(startAngle + k * 30, r)));
  return out;
}

const gridCache = new Map();

function gridCandidates(w, h, layout, preferY = []) {
  const key = `${w}|${h}|${layout}|${preferY.join(",")}`;
  if (gridCache.has(key)) return gridCache.get(key);
  const out = [];
  for (const y of preferY) for (const x of [0, -8, 8, -16, 16, -24, 24]) out.push([x, y]);
  for (let y = -42; y <= 42; y += 4) for (let x = -40; x <= 40; x += 4) out.push([x, y]);
  const list = out.filter((c) => boxInside(c, w, h, layout) > -2);
  gridCache.set(key, list);
  return list;
}

// ------------------------------------------------------------------ drawing

const textWidth = (text, size, bold = false) => String(text).length * size * (bold ? 0.62 : 0.56);

function trackElements(piece) {
  const d = bezPath(piece.curve);
  const attrs = {
    "data-gauge": piece.gauge,
    "data-a": "edge" in piece.a ? `e${piece.a.edge}` : `p${piece.a.part}`,
    "data-b": "edge" in piece.b ? `e${piece.b.edge}` : `p${piece.b.part}`,
  };
  if (piece.terminal) {
    // a terminal track narrows to a point at its stop (an arrow into the off-board)
    const pts = [];
    const n = 12;
    const left = [];
    const right = [];
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const p = bezAt(piece.curve, t);
      const tan = bezTangent(piece.curve, t);
      const w = (TRACK_WIDTH * 1.5 * (1 - t)) / 2 + 0.3;
      left.push(add(p, mul([-tan[1], tan[0]], w)));
      right.push(add(p, mul([tan[1], -tan[0]], w)));
    }
    pts.push(...left, ...right.reverse());
    const poly = pts.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(" ");
    const cls = piece.gauge === "narrow" ? "track narrow terminal" : "track broad terminal";
    return s("g", { class: cls, ...attrs }, s("polygon", { points: poly, class: "track-fill", "data-d": d }), piece.gauge === "narrow" ? s("path", { d, class: "track-dash" }) : null);
  }
  if (piece.gauge === "narrow") {
    return s("g", { class: "track narrow", ...attrs }, s("path", { d, class: "track-line" }), s("path", { d, class: "track-dash" }));
  }
  return s("path", { d, class: "track broad", ...attrs });
}

function revenueCircle(pos, value, extra = {}) {
  return s(
    "g",
    { class: "revenue", transform: `translate(${fmt(pos[0])} ${fmt(pos[1])})`, "data-revenue": value, ...extra },
    s("circle", { r: REV_R, class: "revenue-bg" }),
    s("text", { class: "revenue-text", "font-size": value >= 100 ? 7 : 8.5, "text-anchor": "middle", dy: "0.35em" }, String(value)),
  );
}

/** The value that pays now: the last listed colour that the phase has. */
export function currentPhaseIndex(byColour, phaseColours) {
  if (!phaseColours || !phaseColours.length) return -1;
  let idx = -1;
  byColour.forEach(([c], i) => {
    if (phaseColours.includes(c)) idx = i;
  });
  return idx;
}

function phaseBoxes(pos, byColour, phaseColours) {
  const [w, h] = PHASE_BOX;
  const cur = currentPhaseIndex(byColour, phaseColours);
  const total = w * byColour.length;
  const g = s("g", { class: "phase-revenue", transform: `translate(${fmt(pos[0] - total / 2)} ${fmt(pos[1] - h / 2)})` });
  byColour.forEach(([colour, value], i) => {
    const on = i === cur;
    g.append(
      s(
        "g",
        { class: ["phase-box", on && "is-current", cur >= 0 && !on && "is-off"], "data-colour": colour, "data-value": value },
        s("rect", { x: i * w, y: 0, width: w, height: h, fill: TILE_COLOURS[colour] ?? colour, class: "phase-rect" }),
        s("text", { x: i * w + w / 2, y: h / 2, dy: "0.36em", "text-anchor": "middle", class: "phase-text", "font-size": value >= 100 ? 6 : 7 }, String(value)),
      ),
    );
  });
  if (cur >= 0) g.append(s("rect", { x: cur * w - 0.6, y: -0.6, width: w + 1.2, height: h + 1.2, class: "phase-current" }));
  return g;
}

function drawCity(st, tokens, reserved, lineOwners) {
  const g = s("g", { class: "stop city", "data-part": st.part, "data-kind": "city", "data-slots": st.slotCount, "data-x": fmt(st.pos[0]), "data-y": fmt(st.pos[1]) });
  const slots = st.slots;
  if (slots.length > 1) {
    const hull = slots.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(" ");
    g.append(
      s("polygon", { points: hull, class: "city-hull-edge", "stroke-width": 2 * SLOT_R + 2.4 }),
      s("polygon", { points: hull, class: "city-hull", "stroke-width": 2 * SLOT_R }),
    );
  }
  const taken = new Set((tokens ?? []).filter(Boolean));
  const pending = (reserved ?? []).filter((id) => !taken.has(id));
  slots.forEach((p, i) => {
    const slot = s("g", { class: "slot", "data-slot": i, transform: `translate(${fmt(p[0])} ${fmt(p[1])})` });
    // the last `narrowSlots` circles take only the narrow-gauge company's markers: an "S" on them
    const narrowOnly = i >= slots.length - (st.narrowSlots ?? 0);
    slot.append(s("circle", { r: SLOT_R, class: ["slot-bg", narrowOnly && "slot-narrow"].filter(Boolean).join(" ") }));
    const id = tokens?.[i] ?? null;
    if (narrowOnly && (id === null || id === undefined)) slot.append(s("text", { class: "slot-narrow-mark", "text-anchor": "middle", dy: "0.36em" }, "S"));
    if (id !== null && id !== undefined) slot.append(drawToken(id, lineOwners));
    else if (pending.length) slot.append(drawToken(pending.shift(), lineOwners, true));
    g.append(slot);
  });
  return g;
}

/** A company's token (circle, colour, label) centred on (0, 0); `reserved`: faint. */
export function drawToken(id, lineOwners = {}, reserved = false, r = SLOT_R - 1.6) {
  const st = tokenStyle(id, lineOwners);
  const label = String(st.label);
  const size = label.length >= 3 ? 7.5 : label.length === 2 ? 10 : 12;
  return s(
    "g",
    { class: ["token", reserved && "reserved", `token-${st.kind}`], "data-token": id, "data-reserved": reserved ? "1" : null, "data-owner": st.owner },
    s("circle", { r, fill: reserved ? "#ffffff" : st.fill, style: reserved ? { stroke: st.fill } : st.ring ? { stroke: st.ring, "stroke-width": 2.6 } : null, class: "token-disc", "data-ring": st.ring ?? null }),
    s("text", { class: "token-text", "text-anchor": "middle", dy: "0.35em", "font-size": size, fill: reserved ? st.fill : st.text }, label),
  );
}

function drawTown(st) {
  const attrs = { class: "stop town", "data-part": st.part, "data-kind": "town", "data-x": fmt(st.pos[0]), "data-y": fmt(st.pos[1]) };
  if (st.bar) {
    const [l, w] = TOWN_BAR;
    return s(
      "g",
      { ...attrs, "data-shape": "bar", transform: `translate(${fmt(st.pos[0])} ${fmt(st.pos[1])}) rotate(${fmt(st.angle + 90)})` },
      s("rect", { x: -l / 2, y: -w / 2, width: l, height: w, rx: 1, class: "town-bar" }),
    );
  }
  return s("g", { ...attrs, "data-shape": "dot", transform: `translate(${fmt(st.pos[0])} ${fmt(st.pos[1])})` }, s("circle", { r: TOWN_DOT, class: "town-dot" }));
}

function drawOffboard(st) {
  const attrs = { class: "stop offboard", "data-part": st.part, "data-kind": "offboard", "data-x": fmt(st.pos[0]), "data-y": fmt(st.pos[1]), transform: `translate(${fmt(st.pos[0])} ${fmt(st.pos[1])})` };
  if (!hasRevenue(st) && st.visitCost === 0) return s("g", { ...attrs, "data-shape": "junction" }, s("circle", { r: TRACK_WIDTH / 2, class: "junction" }));
  // an off-board that pays: a red stop (a zero-revenue station stop: a black hub)
  const cls = hasRevenue(st) ? "offboard-stop" : "offboard-hub";
  return s("g", { ...attrs, "data-shape": hasRevenue(st) ? "offboard" : "hub" }, s("circle", { r: hasRevenue(st) ? 6 : 4.6, class: cls }));
}

const BONUS = {
  extra_yellow_tile: { text: "+", colour: "yellow", title: "Bonus: an extra yellow tile" },
  upgrade_yellow_to_green: { text: "↑", colour: "green", title: "Bonus: upgrade a yellow tile to green" },
  red_inner_city_tile: { text: "+", colour: "red", title: "Bonus: a red inner-city tile" },
  purple_station_tile: { text: "+", colour: "purple", title: "Bonus: a purple station tile" },
  extra_station_token_free: { text: "+", colour: "token", title: "Bonus: a free extra station token" },
};

function badgeElement(badge, pos) {
  const g = s("g", { class: ["badge", `badge-${badge.kind}`], transform: `translate(${fmt(pos[0])} ${fmt(pos[1])})`, "data-badge": badge.kind, "data-text": badge.text ?? null });
  if (badge.title) g.append(s("title", null, badge.title));
  const [w, h] = badge.size;
  if (badge.kind === "bonus") {
    const b = BONUS[badge.bonus] ?? { text: "?", colour: "white" };
    if (b.colour === "token") {
      g.append(s("circle", { r: h / 2, class: "bonus-token" }), s("text", { class: "badge-text", "text-anchor": "middle", dy: "0.36em", "font-size": 8 }, "+"));
    } else {
      g.append(s("polygon", { points: hexPoints("pointy", h / 2 + 0.4), fill: TILE_COLOURS[b.colour], class: "bonus-hex" }), s("text", { class: "badge-text", "text-anchor": "middle", dy: "0.36em", "font-size": 7.5 }, b.text));
    }
    return g;
  }
  if (badge.kind === "reserved") {
    // faint tokens of the Lines whose home this hex is (city not chosen yet)
    const ids = badge.ids ?? [];
    ids.forEach((id, i) => {
      const t = drawToken(id, badge.lineOwners, true, h / 2);
      t.setAttribute("transform", `translate(${fmt(-w / 2 + h / 2 + i * (h + 1))} 0)`);
      g.append(t);
    });
    return g;
  }
  if (badge.kind === "water") {
    g.append(
      s("path", { d: "M-9 -2.5q2.25 -2.5 4.5 0t4.5 0 4.5 0 4.5 0M-9 2q2.25 -2.5 4.5 0t4.5 0 4.5 0 4.5 0", class: "water-waves", transform: `translate(${fmt(-w / 2 + 9)} 0)` }),
      s("text", { x: w / 2, class: "badge-text cost", "text-anchor": "end", dy: "0.36em", "font-size": 7 }, badge.text),
    );
    return g;
  }
  if (badge.kind === "forest") {
    g.append(
      s("path", { d: "M0 -4.2L3.4 1.6H-3.4ZM-0.7 1.6h1.4v2.6h-1.4Z", class: "forest-tree", transform: `translate(${fmt(-w / 2 + 4)} 0)` }),
      s("text", { x: w / 2, class: "badge-text cost", "text-anchor": "end", dy: "0.36em", "font-size": 7 }, badge.text),
    );
    return g;
  }
  if (badge.kind === "sight") {
    g.append(
      s("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: h / 2, class: "sight-bg" }),
      s("path", { d: starPath(-w / 2 + h / 2 + 0.4, 0, 3.6, 1.6), class: "sight-star" }),
      s("text", { x: -w / 2 + h + 0.6, class: "badge-text", dy: "0.36em", "font-size": 6.5 }, badge.text),
    );
    return g;
  }
  if (badge.kind === "home") {
    const x0 = -w / 2;
    g.append(
      s("path", { d: `M${fmt(x0 + 0.5)} ${fmt(h / 2 - 0.5)}V-0.5L${fmt(x0 + 5)} ${fmt(-h / 2 + 0.5)}L${fmt(x0 + 9.5)} -0.5V${fmt(h / 2 - 0.5)}Z`, class: "home-icon" }),
      s("text", { x: fmt(x0 + 11), class: "badge-text home-text", dy: "0.36em", "font-size": 6.5 }, badge.text),
    );
    return g;
  }
  // cost, label, tile: text in a (possibly empty) box
  if (badge.kind !== "label" && badge.kind !== "tile" && badge.kind !== "cost") g.append(s("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: 2.5, class: "badge-bg" }));
  g.append(s("text", { class: "badge-text", "text-anchor": "middle", dy: "0.36em", "font-size": badge.font ?? 6.5 }, badge.text));
  return g;
}

function starPath(cx, cy, ro, ri) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const [x, y] = polar(-90 + i * 36, i % 2 ? ri : ro);
    pts.push(`${fmt(cx + x)} ${fmt(cy + y)}`);
  }
  return `M${pts.join("L")}Z`;
}

/** Split a location name into at most two lines of about `max` characters. */
function wrapName(name, max = 14) {
  if (name.length <= max) return [name];
  const words = name.split(" ");
  let best = [name];
  let bestLen = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ");
    const b = words.slice(i).join(" ");
    const len = Math.max(a.length, b.length);
    if (len < bestLen) {
      bestLen = len;
      best = [a, b];
    }
  }
  return best;
}

/**
 * Draw a tile. Options:
 *   rotation (0-5), layout ("pointy"|"flat"),
 *   base: draw the hex background (default true); outline: its border (default true),
 *   colour: background colour name overriding tile.colour (printed hexes),
 *   phaseColours: the current phase's colours, to highlight the paying revenue,
 *   tokens: {part: [id|null, ...]}, reserved: {part: [id, ...]} (faint, in free slots),
 *   lineOwners: {line: major} for token colours,
 *   name: location name, showTileName: print the tile's name (laid tiles),
 *   badges: [{kind: "sight"|"home"|"reserved"|"bonus"|"cost"|"water", text, title, bonus}],
 *   openEdges: edges whose border is not drawn (parts of one big off-board area).
 * Returns an SVG <g class="tile"> centred on (0, 0) with data-tile and data-rotation.
 */
export function drawTile(tile, opts = {}) {
  const layout = opts.layout ?? "pointy";
  const rotation = ((opts.rotation ?? 0) % 6 + 6) % 6;
  const lay = layoutTile(tile, rotation, layout);
  const colour = opts.colour ?? tile.colour ?? "white";
  const g = s("g", { class: ["tile", `tile-${colour}`], "data-tile": tile.name, "data-rotation": rotation });
  if (opts.base !== false) g.append(drawBase(colour, layout, opts.outline !== false, opts.openEdges ?? openEdgesOf(tile, rotation)));
  if (tile.frame) {
    g.append(s("polygon", { points: hexPoints(layout, R - 3), class: "stadtbahn-frame", stroke: tile.frame === "#ffa500" ? STADTBAHN_FRAME : tile.frame }));
  }
  for (const p of lay.future) {
    g.append(s("path", { d: bezPath(p.curve), class: "track future", "data-gauge": p.gauge }));
  }
  const broad = lay.paths.filter((p) => p.gauge !== "narrow");
  const narrow = lay.paths.filter((p) => p.gauge === "narrow");
  for (const p of broad) g.append(trackElements(p));
  // round off the joints of broad track where several pieces meet without a drawn stop
  for (const st of lay.stops.values()) {
    if (broad.some((p) => p.part === st.part && !p.terminal)) g.append(s("circle", { cx: fmt(st.pos[0]), cy: fmt(st.pos[1]), r: TRACK_WIDTH / 2, class: "track-joint" }));
  }
  for (const p of narrow) g.append(trackElements(p));
  for (const b of tile.borders ?? []) {
    if (!b.impassable) continue;
    const [c1, c2] = edgeCorners((b.edge + rotation) % 6, layout, R - 1.8);
    g.append(s("line", { x1: fmt(c1[0]), y1: fmt(c1[1]), x2: fmt(c2[0]), y2: fmt(c2[1]), class: "border-impassable", "data-edge": (b.edge + rotation) % 6 }));
  }
  // stops and labels go in their own group: a map moves it to a layer above route lines
  const over = s("g", { class: "tile-over" });
  for (const st of lay.stops.values()) {
    if (st.kind === "city") over.append(drawCity(st, opts.tokens?.[st.part] ?? opts.tokens?.[String(st.part)], opts.reserved?.[st.part] ?? opts.reserved?.[String(st.part)], opts.lineOwners));
    else if (st.kind === "town") over.append(drawTown(st));
    else over.append(drawOffboard(st));
  }
  drawLabels(over, tile, lay, opts, layout);
  g.append(over);
  return g;
}

export function openEdgesOf(tile, rotation = 0) {
  return (tile.borders ?? []).filter((b) => !b.impassable).map((b) => (b.edge + rotation) % 6);
}

/** The hex background: fill, and the outline (without `openEdges`). */
export function drawBase(colour, layout = "pointy", outline = true, openEdges = []) {
  if (!openEdges.length) {
    return s("polygon", { points: hexPoints(layout), fill: tileFill(colour), stroke: outline ? tileEdge(colour) : null, class: ["tile-base", outline && "hex-outline"] });
  }
  const g = s("g", { class: "tile-base" });
  g.append(s("polygon", { points: hexPoints(layout), fill: tileFill(colour), class: "hex-fill" }));
  if (!outline) return g;
  let d = "";
  for (let e = 0; e < 6; e++) {
    if (openEdges.includes(e)) continue;
    const [c1, c2] = edgeCorners(e, layout);
    d += `M${pt(c1)}L${pt(c2)}`;
  }
  g.append(s("path", { d, class: "hex-outline", stroke: tileEdge(colour) }));
  for (const e of openEdges) {
    const [c1, c2] = edgeCorners(e, layout);
    g.append(s("line", { x1: fmt(c1[0]), y1: fmt(c1[1]), x2: fmt(c2[0]), y2: fmt(c2[1]), stroke: tileFill(colour), class: "hex-seam" }));
  }
  return g;
}

function drawLabels(g, tile, lay, opts, layout) {
  const obstacles = obstaclesOf(lay);
  const stops = [...lay.stops.values()];
  const paying = stops.filter(hasRevenue);
  const groups = new Map();
  for (const st of paying) {
    const key = JSON.stringify(st.revenue);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(st);
  }
  const perStop = groups.size > 1;
  const labelItems = perStop ? paying.map((st) => [st.revenue, [st]]) : [...groups.values()].map((sts) => [sts[0].revenue, sts]);
  // phase tables first (they need the most room), then revenue circles
  labelItems.sort((x, y) => (y[0].by_colour ? 1 : 0) - (x[0].by_colour ? 1 : 0));
  for (const [rev, sts] of labelItems) {
    const anchor = sts.length === 1 ? sts[0] : null;
    if (rev.by_colour) {
      const w = PHASE_BOX[0] * rev.by_colour.length;
      const h = PHASE_BOX[1];
      const near = anchor ? [0, 1, -1].flatMap((k) => [add(anchor.pos, [0, k * (anchor.radius + h / 2 + 2)])]) : [];
      const cands = [...near.filter((_, i) => i > 0), ...gridCandidates(w, h, layout, [R * 0.56, -R * 0.56, R * 0.42, -R * 0.42])];
      const pos = placeLabel({ w: w + 1, h: h + 1 }, cands, obstacles, layout, 0.8, 0.5);
      const el = phaseBoxes(pos, rev.by_colour, opts.phaseColours);
      el.setAttribute("data-parts", sts.map((x) => x.part).join(","));
      g.append(el);
    } else {
      const centre = anchor ? anchor.pos : sts[0].pos;
      const rad = anchor ? anchor.radius : SLOT_R;
      const cands = [...ringCandidates(centre, [rad + REV_R + 1.5, rad + REV_R + 5]), ...ringCandidates([0, 0], [A * 0.66, A * 0.5])];
      const pos = placeLabel({ r: REV_R }, cands, obstacles, layout);
      g.append(revenueCircle(pos, rev.flat, { "data-parts": sts.map((x) => x.part).join(",") }));
    }
  }
  // printed labels ("OO", ...)
  for (const text of tile.labels ?? []) {
    const w = textWidth(text, 9, true) + 2;
    const pos = placeLabel({ w, h: 9 }, [...ringCandidates([0, 0], [A * 0.62, A * 0.5], -60), ...gridCandidates(w, 9, layout)], obstacles, layout, 0.5, 0.5);
    g.append(s("text", { x: fmt(pos[0]), y: fmt(pos[1]), dy: "0.36em", "text-anchor": "middle", class: "tile-label", "font-size": 9, "data-label": text }, text));
  }
  // location name (smaller when the tile is crowded)
  if (opts.name) {
    const lines = wrapName(opts.name);
    const ys = [R * 0.5, -R * 0.5, R * 0.62, -R * 0.62, R * 0.36, -R * 0.36];
    let placed = null;
    for (const size of [6.4, 5.2]) {
      const w = Math.max(...lines.map((l) => textWidth(l, size))) + 2;
      const h = lines.length * size * 1.1 + 1;
      const cands = [...ys.flatMap((y) => [[0, y], [-6, y], [6, y]]), ...gridCandidates(w, h, layout)];
      const trial = [...obstacles];
      const pos = placeLabel({ w, h }, cands, trial, layout, 0, -4);
      const hard = trial.slice(obstacles.length);
      const clear = obstacles.every(([ox, oy, or, soft]) => soft || hard.every(([x, y, r]) => Math.hypot(x - ox, y - oy) >= r + or - 1));
      placed = { pos, size, hard };
      if (clear) break;
    }
    obstacles.push(...placed.hard);
    const { pos, size } = placed;
    const t = s("text", { class: "location-name", "text-anchor": "middle", "font-size": size, x: fmt(pos[0]), y: fmt(pos[1] - ((lines.length - 1) * size * 1.1) / 2), "data-name": opts.name });
    lines.forEach((line, i) => t.append(s("tspan", { x: fmt(pos[0]), dy: i === 0 ? "0.35em" : "1.1em" }, line)));
    g.append(t);
  }
  // badges: sights, Line homes, Stadtbahn bonus, costs
  const badges = [...(opts.badges ?? [])];
  // the cost of building: waves, or a tree where forest is the only terrain
  const costKind = tile.terrain?.length && tile.terrain.every((t) => t === "forest") ? "forest" : "water";
  if (tile.lay_cost && !tile.frame && !badges.some((b) => b.kind === "water" || b.kind === "forest")) badges.push({ kind: costKind, text: String(tile.lay_cost), title: `Costs ${tile.lay_cost} to build${tile.terrain?.length ? ` (${tile.terrain.join(", ")})` : ""}` });
  if (opts.showTileName && tile.name) badges.push({ kind: "tile", text: tile.name, font: 5.2 });
  for (const b of badges) {
    const size = badgeSize(b);
    const cands = [...ringCandidates([0, 0], [A * 0.62, A * 0.48, A * 0.74], -90), ...gridCandidates(size[0], size[1], layout)];
    const pos = placeLabel({ w: size[0] + 1, h: size[1] + 1 }, cands, obstacles, layout, 0.6, 0.4);
    g.append(badgeElement({ ...b, size }, pos));
  }
}

function badgeSize(b) {
  if (b.kind === "bonus") return [10, 10];
  if (b.kind === "water") return [21 + textWidth(b.text, 7), 9];
  if (b.kind === "forest") return [10 + textWidth(b.text, 7), 9];
  if (b.kind === "reserved") return [(b.ids?.length ?? 1) * 15 - 1, 14];
  if (b.kind === "sight") return [12 + textWidth(b.text, 6.5, true), 9];
  if (b.kind === "home") return [12 + textWidth(b.text, 6.5, true), 9];
  return [textWidth(b.text, b.font ?? 6.5, true) + 4, (b.font ?? 6.5) + 3];
}

/**
 * A standalone <svg> of a tile (tile pickers, legends). Same options as drawTile, plus
 * `size` (CSS pixels of the width, default 64) and `title`.
 */
export function tileSvg(tile, opts = {}) {
  ensureStyles();
  const layout = opts.layout ?? "pointy";
  const w = layout === "flat" ? 2 * R : 2 * A;
  const h = layout === "flat" ? 2 * A : 2 * R;
  const pad = 2;
  const svg = s("svg", {
    class: ["g18-tile-svg", opts.class],
    viewBox: `${fmt(-w / 2 - pad)} ${fmt(-h / 2 - pad)} ${fmt(w + 2 * pad)} ${fmt(h + 2 * pad)}`,
    width: opts.size ?? 64,
    height: fmt(((opts.size ?? 64) * (h + 2 * pad)) / (w + 2 * pad)),
    role: "img",
    "aria-label": opts.title ?? `Tile ${tile.name}`,
  });
  svg.append(drawTile(tile, opts));
  return svg;
}

/** Corner points of a hex for other modules (highlights, previews). */
export { hexCorners, hexPoints };
