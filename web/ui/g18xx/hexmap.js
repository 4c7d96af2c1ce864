// The whole 18xx map as one SVG: the printed hexes of a catalog, the laid tiles and tokens
// of a game state on top, hex coordinates along the edges, pan and zoom, clickable hexes,
// highlighted targets, a tile preview with rotation, and route overlays.
//
//   const map = createHexMap(container, {
//     catalog,                     // {"op": "catalog"} answer: layout, hexes, tiles, privates, lines
//     state,                       // view.map: {tiles, tokens, reserved, reserved_hex} (optional)
//     phaseColours: ["yellow"],    // view.colours: highlights the paying phase revenue
//     lineOwners: {"4": "WT"},     // Line -> major, for token colours
//     onHexClick(coord, info) {},  // tap/click (not a drag) on a hex; info = {hex (catalog entry),
//                                  //   tile, rotation, part (city/town hit, or null), slot, event}
//     formatMoney: (v) => `${v}`,  // costs printed on hexes
//     initialView: "fit" | "fill",  // whole map (default), or fill the box (tall phones)
//     wheelZoom: true,             // the mouse wheel zooms (false: the page scrolls)
//   });
// Keyboard (map focused): arrows pan, + / - zoom, 0 fits; Tab reaches highlighted hexes (row by row),
// Enter or Space picks one.
//   map.update({state, phaseColours, lineOwners})   // redraws only the hexes that changed
//   map.setHighlights(["F18", "G17"] | {F18: "lay", G17: "token"})  // legal targets; [] clears
//   map.setStopHighlights(["D18-0", "D18-1"])  // single cities (token targets on OO hexes)
//   map.setPreview({hex, tile, rotation, rotations, onRotate, onConfirm, onCancel}) / map.clearPreview()
//   map.setRoutes([{stops: ["F18-0", "G17-0"], connections: [["F18", "G17"]], revenue, colour}])
//   map.fit(); map.fill(); map.zoomBy(1.4); map.focus("F18"); map.getViewBox(); map.destroy()
//
// Rendering is done once; updates touch only what changed (a hex's tile group, the
// highlight/preview/route layers, the viewBox).

import { h, s } from "../dom.js";
import { A, R, coordXY, edgeBetween, edgeMid, fmt, hexCentre, hexPoints } from "./geometry.js";
import { ensureStyles } from "./styles.js";
import { bezPath, bezReverse, drawTile, layoutTile, SLOT_R, stopHalo } from "./tiles.js";

const ROUTE_COLOURS = ["#d6246e", "#0f8fa8", "#6a3fc4", "#e07b00", "#2f7a45", "#1d4f91"];
const MIN_VIEW = 3 * R; // closest zoom: about three hexes across
// Places' names (tiles.js draws them 6.4 units high) are kept at least LABEL_MIN_PX high on
// screen by growing them up to LABEL_GROW times when the map is zoomed out.
const LABEL_UNITS = 6.4;
const LABEL_MIN_PX = 9;
const LABEL_GROW = 2.4;
const BONUS_TITLES = {
  extra_yellow_tile: "Stadtbahn bonus: an extra yellow tile",
  upgrade_yellow_to_green: "Stadtbahn bonus: upgrade a yellow tile to green",
  red_inner_city_tile: "Stadtbahn bonus: a red inner-city tile",
  purple_station_tile: "Stadtbahn bonus: a purple station tile",
  extra_station_token_free: "Stadtbahn bonus: a free extra station token",
};

/** Split "F24-2" into ["F24", 2]. */
export function parseNode(node) {
  const i = String(node).lastIndexOf("-");
  return [node.slice(0, i), Number(node.slice(i + 1))];
}

export function createHexMap(container, options) {
  ensureStyles();
  const catalog = options.catalog;
  const layout = catalog.layout ?? "pointy";
  let state = options.state ?? { tiles: {}, tokens: {}, reserved: {}, reserved_hex: {} };
  let phaseColours = options.phaseColours ?? [];
  let lineOwners = options.lineOwners ?? {};
  const formatMoney = options.formatMoney ?? ((v) => String(v));
  const onHexClick = options.onHexClick ?? (() => {});

  // ---------------------------------------------------------------- skeleton
  const world = s("g", { class: "hm-world" });
  // hexes: backgrounds and track; routes: route lines and stop halos; tops: stops, tokens,
  // labels (so a route runs under the cities it visits); routeLabels: revenue pills
  const layers = {
    hexes: s("g", { class: "hm-hexes" }),
    routes: s("g", { class: "hm-routes", "pointer-events": "none" }),
    stopMarks: s("g", { class: "hm-stop-marks", "pointer-events": "none" }),
    tops: s("g", { class: "hm-tops" }),
    highlights: s("g", { class: "hm-highlights", "pointer-events": "none" }),
    routeLabels: s("g", { class: "hm-route-labels", "pointer-events": "none" }),
    preview: s("g", { class: "hm-preview" }),
    axes: s("g", { class: "hm-axes", "pointer-events": "none" }),
  };
  world.append(layers.hexes, layers.routes, layers.stopMarks, layers.tops, layers.highlights, layers.routeLabels, layers.preview, layers.axes);
  const svg = s(
    "svg",
    {
      class: "g18-map-svg",
      role: "group",
      tabindex: "0",
      "aria-label": "Map. Arrow keys pan, plus and minus zoom, 0 shows the whole map.",
      "data-testid": "hexmap-svg",
      preserveAspectRatio: "xMidYMid meet",
    },
    world,
  );
  const zoomIn = h("button", { type: "button", class: "zoom-in", title: "Zoom in", "aria-label": "Zoom in", "data-testid": "zoom-in", onclick: () => zoomBy(1.4) }, "+");
  const zoomOut = h("button", { type: "button", class: "zoom-out", title: "Zoom out", "aria-label": "Zoom out", "data-testid": "zoom-out", onclick: () => zoomBy(1 / 1.4) }, "−");
  const fitBtn = h("button", { type: "button", class: "fit", title: "Show the whole map", "aria-label": "Fit map", "data-testid": "zoom-fit", onclick: () => fit() }, "fit");
  const controls = h("div", { class: "g18-map-controls" }, zoomIn, zoomOut, fitBtn);
  const previewBar = h("div", { class: "g18-preview-controls", hidden: true, "data-testid": "preview-controls" });
  const root = h("div", { class: "g18-map", "data-testid": "hexmap" }, svg, controls, previewBar);
  container.append(root);

  // ---------------------------------------------------------------- hexes
  const hexes = new Map(); // coord -> {data, xy, centre, el, key, tileEl}
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  // DOM order = Tab order of highlighted hexes: row by row, left to right on the map (the
  // catalog lists them by name: C13, C21, C9)
  const inMapOrder = [...catalog.hexes].sort((a, b) => a.y - b.y || a.x - b.x);
  for (const data of inMapOrder) {
    const xy = [data.x, data.y];
    const centre = hexCentre(data.x, data.y, layout);
    minX = Math.min(minX, centre[0]);
    maxX = Math.max(maxX, centre[0]);
    minY = Math.min(minY, centre[1]);
    maxY = Math.max(maxY, centre[1]);
    const el = s("g", {
      class: "hex",
      "data-hex": data.coord,
      "data-colour": data.colour,
      transform: `translate(${fmt(centre[0])} ${fmt(centre[1])})`,
    });
    el.append(s("title", null, data.location ? `${data.coord} ${data.location}` : data.coord));
    const top = s("g", { class: "hex-top", "data-hex": data.coord, transform: el.getAttribute("transform") });
    hexes.set(data.coord, { data, xy, centre, el, top, key: null, tileEl: null });
    layers.hexes.append(el);
    layers.tops.append(top);
  }
  const halfW = layout === "flat" ? R : A;
  const halfH = layout === "flat" ? A : R;
  const bounds = { x: minX - halfW - 30, y: minY - halfH - 26, w: maxX - minX + 2 * halfW + 60, h: maxY - minY + 2 * halfH + 52 };
  drawAxes();

  function tileAt(coord) {
    const hx = hexes.get(coord);
    const laid = state.tiles?.[coord];
    if (laid && catalog.tiles[laid.tile]) return { tile: catalog.tiles[laid.tile], rotation: laid.rotation ?? 0, laid: true };
    return { tile: hx.data.tile, rotation: 0, laid: false };
  }

  function badgesFor(coord, laid) {
    const hx = hexes.get(coord).data;
    const out = [];
    if (hx.sight) {
      const name = catalog.privates?.[hx.sight]?.name;
      out.push({ kind: "sight", text: hx.sight, title: name ? `Sight: ${name} (${hx.sight})` : `Sight ${hx.sight}` });
    }
    if (!laid && hx.stadtbahn) {
      out.push({ kind: "bonus", bonus: hx.stadtbahn.bonus, title: `${BONUS_TITLES[hx.stadtbahn.bonus] ?? hx.stadtbahn.bonus} (${hx.stadtbahn.line} line)` });
      if (hx.tile.lay_cost) out.push({ kind: "cost", text: formatMoney(hx.tile.lay_cost), title: `Stadtbahn tile costs ${formatMoney(hx.tile.lay_cost)}` });
    }
    if (!laid && !hx.stadtbahn && hx.tile.lay_cost) {
      out.push({ kind: "water", text: formatMoney(hx.tile.lay_cost), title: `Water: building here costs ${formatMoney(hx.tile.lay_cost)}` });
    }
    const tokened = new Set(Object.values(state.tokens?.[coord] ?? {}).flat().filter(Boolean));
    const reservedHere = new Set([...Object.values(state.reserved?.[coord] ?? {}).flat(), ...(state.reserved_hex?.[coord] ?? [])]);
    const hexReserved = (state.reserved_hex?.[coord] ?? []).filter((l) => !tokened.has(l));
    if (hexReserved.length) {
      out.push({ kind: "reserved", ids: hexReserved, lineOwners, text: hexReserved.join(","), title: `Home of Line ${hexReserved.join(", ")} (reserved)` });
    }
    const homes = (hx.homes ?? []).filter((l) => !tokened.has(l) && !reservedHere.has(l));
    if (homes.length) out.push({ kind: "home", text: homes.join("·"), title: `Home of Line ${homes.join(", ")}` });
    return out;
  }

  function hexKey(coord) {
    const { tile, rotation, laid } = tileAt(coord);
    const tokens = state.tokens?.[coord] ?? null;
    const reserved = state.reserved?.[coord] ?? null;
    const reservedHex = state.reserved_hex?.[coord] ?? null;
    const phased = tile.stops?.some((st) => st.revenue?.by_colour) ? phaseColours : null;
    const ids = [...Object.values(tokens ?? {}).flat(), ...Object.values(reserved ?? {}).flat(), ...(reservedHex ?? [])].filter(Boolean);
    const owners = ids.map((id) => lineOwners[id] ?? "");
    return JSON.stringify([tile.name, rotation, laid, tokens, reserved, reservedHex, phased, owners]);
  }

  function renderHex(coord) {
    const hx = hexes.get(coord);
    const key = hexKey(coord);
    if (key === hx.key) return false;
    hx.key = key;
    const { tile, rotation, laid } = tileAt(coord);
    const el = drawTile(tile, {
      layout,
      rotation,
      colour: laid ? tile.colour : hx.data.colour ?? tile.colour,
      name: hx.data.location,
      tokens: state.tokens?.[coord],
      reserved: state.reserved?.[coord],
      lineOwners,
      phaseColours,
      showTileName: laid,
      badges: badgesFor(coord, laid),
    });
    const over = el.querySelector(":scope > .tile-over");
    if (over) hx.top.replaceChildren(over);
    else hx.top.replaceChildren();
    if (hx.tileEl) hx.tileEl.replaceWith(el);
    else hx.el.append(el);
    hx.tileEl = el;
    hx.el.dataset.tile = tile.name;
    hx.el.dataset.rotation = String(rotation);
    return true;
  }

  function renderAll() {
    let n = 0;
    for (const coord of hexes.keys()) if (renderHex(coord)) n++;
    return n;
  }

  function drawAxes() {
    const cols = new Map();
    const rows = new Map();
    for (const hx of hexes.values()) {
      cols.set(hx.xy[0], hx.centre[0]);
      rows.set(hx.xy[1], hx.centre[1]);
    }
    const colName = (x) => (layout === "flat" ? String.fromCharCode(65 + x) : String(x + 1));
    const rowName = (y) => (layout === "flat" ? String(y + 1) : String.fromCharCode(65 + y));
    for (const [x, px] of cols) {
      for (const [py, side] of [[minY - halfH - 9, "top"], [maxY + halfH + 17, "bottom"]]) {
        layers.axes.append(s("text", { x: fmt(px), y: fmt(py), "text-anchor": "middle", class: "axis-label", "data-axis": side, "data-col": colName(x) }, colName(x)));
      }
    }
    for (const [y, py] of rows) {
      for (const [px, side] of [[minX - halfW - 14, "left"], [maxX + halfW + 14, "right"]]) {
        layers.axes.append(s("text", { x: fmt(px), y: fmt(py), dy: "0.35em", "text-anchor": "middle", class: "axis-label", "data-axis": side, "data-row": rowName(y) }, rowName(y)));
      }
    }
  }

  // ---------------------------------------------------------------- view box, pan, zoom
  let vb = { ...bounds };
  let raf = 0;
  function applyViewBox() {
    raf = 0;
    svg.setAttribute("viewBox", `${fmt(vb.x)} ${fmt(vb.y)} ${fmt(vb.w)} ${fmt(vb.h)}`);
    scaleLabels();
    placePreviewBar();
  }
  /** Zoomed out (the whole map on a laptop), the places' names would be 4 px high: they
   * grow (up to LABEL_GROW times, around their own centre) to stay readable. */
  function scaleLabels() {
    const rect = svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    const px = Math.min(rect.width / vb.w, rect.height / vb.h); // px per map unit
    const k = Math.min(LABEL_GROW, Math.max(1, LABEL_MIN_PX / (LABEL_UNITS * px)));
    svg.style.setProperty("--label-k", k.toFixed(3));
  }
  function setViewBox(next, now = false) {
    const maxW = bounds.w * 1.6;
    const maxH = bounds.h * 1.6;
    let { x, y, w, h: hh } = next;
    const grow = MIN_VIEW / Math.min(w, hh); // > 1: closer than the closest zoom
    const shrink = Math.min(maxW / w, maxH / hh); // < 1: farther than the farthest
    const k = grow > 1 ? grow : shrink < 1 ? shrink : 1;
    if (k !== 1) {
      const cx = x + w / 2;
      const cy = y + hh / 2;
      w *= k;
      hh *= k;
      x = cx - w / 2;
      y = cy - hh / 2;
    }
    // keep some of the map in view
    const cx = Math.min(Math.max(x + w / 2, bounds.x), bounds.x + bounds.w);
    const cy = Math.min(Math.max(y + hh / 2, bounds.y), bounds.y + bounds.h);
    vb = { x: cx - w / 2, y: cy - hh / 2, w, h: hh };
    if (now) applyViewBox();
    else if (!raf) raf = requestAnimationFrame(applyViewBox);
  }
  function fit() {
    setViewBox({ ...bounds }, true);
  }
  /** Zoom so that the map fills the box (no empty bands), centred: for tall phones. */
  function fill() {
    const rect = svg.getBoundingClientRect();
    if (!rect.width || !rect.height) return fit();
    const aspect = rect.width / rect.height;
    let w = bounds.w;
    let hh = bounds.h;
    if (w / hh > aspect) w = hh * aspect;
    else hh = w / aspect;
    setViewBox({ x: bounds.x + (bounds.w - w) / 2, y: bounds.y + (bounds.h - hh) / 2, w, h: hh }, true);
  }
  /** A zoom factor limited to the closest and farthest zoom, from view box `v`. */
  function clampFactor(factor, v) {
    const most = Math.min(v.w, v.h) / MIN_VIEW;
    const least = Math.max(v.w / (bounds.w * 1.6), v.h / (bounds.h * 1.6));
    return Math.min(Math.max(factor, Math.min(least, 1)), Math.max(most, 1));
  }
  function zoomAt(factor, p) {
    factor = clampFactor(factor, vb);
    setViewBox({ x: p[0] - (p[0] - vb.x) / factor, y: p[1] - (p[1] - vb.y) / factor, w: vb.w / factor, h: vb.h / factor });
  }
  function zoomBy(factor) {
    zoomAt(factor, [vb.x + vb.w / 2, vb.y + vb.h / 2]);
    if (raf) {
      cancelAnimationFrame(raf);
      applyViewBox();
    }
  }
  function toWorld(clientX, clientY, ctm = svg.getScreenCTM()) {
    const inv = ctm.inverse();
    return [inv.a * clientX + inv.c * clientY + inv.e, inv.b * clientX + inv.d * clientY + inv.f];
  }
  function toScreen([x, y]) {
    const m = svg.getScreenCTM();
    return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  }
  /** Centre a hex and zoom so that it is at least `minHexPx` wide on screen. */
  function focus(coord, { minHexPx = 90 } = {}) {
    const hx = hexes.get(coord);
    const rect = svg.getBoundingClientRect();
    if (!hx || !rect.width || !rect.height) return;
    const scale = Math.min(rect.width / vb.w, rect.height / vb.h); // px per unit
    const wantScale = Math.max(scale, minHexPx / (2 * halfW));
    const w = rect.width / wantScale;
    const hh = rect.height / wantScale;
    setViewBox({ x: hx.centre[0] - w / 2, y: hx.centre[1] - hh / 2, w, h: hh }, true);
  }

  const pointers = new Map(); // pointerId -> {x, y}
  let gesture = null;
  function startGesture() {
    const pts = [...pointers.values()];
    const ctm = svg.getScreenCTM();
    const mid = pts.length > 1 ? [(pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2] : [pts[0].x, pts[0].y];
    const spread = pts.length > 1 ? Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) : 0;
    gesture = { ctm, vb0: { ...vb }, m0: toWorld(mid[0], mid[1], ctm), spread, moved: gesture?.moved ?? false, start: mid, hex: gesture?.hex ?? null, multi: pts.length > 1 || gesture?.multi };
  }
  svg.addEventListener("pointerdown", (e) => {
    if (e.button !== undefined && e.button !== 0 && e.pointerType === "mouse") return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) gesture = null;
    startGesture();
    if (pointers.size === 1) {
      gesture.hex = e.target.closest?.("[data-hex]")?.dataset.hex ?? null;
      gesture.target = e.target;
    }
    try {
      svg.setPointerCapture(e.pointerId);
    } catch {
      /* synthetic events have no active pointer */
    }
  });
  svg.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId) || !gesture) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.values()];
    const mid = pts.length > 1 ? [(pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2] : [pts[0].x, pts[0].y];
    const slop = e.pointerType === "touch" ? 10 : 5;
    if (!gesture.moved && Math.hypot(mid[0] - gesture.start[0], mid[1] - gesture.start[1]) < slop && pts.length < 2) return;
    gesture.moved = true;
    svg.classList.add("is-panning");
    const spread = pts.length > 1 && gesture.spread > 0 ? Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) / gesture.spread : 1;
    const factor = clampFactor(spread, gesture.vb0);
    const m1 = toWorld(mid[0], mid[1], gesture.ctm);
    const v0 = gesture.vb0;
    setViewBox({
      x: gesture.m0[0] - (m1[0] - v0.x) / factor,
      y: gesture.m0[1] - (m1[1] - v0.y) / factor,
      w: v0.w / factor,
      h: v0.h / factor,
    });
  });
  function endPointer(e) {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    if (pointers.size > 0) {
      startGesture(); // one finger left of a pinch: continue as a pan
      return;
    }
    svg.classList.remove("is-panning");
    const g = gesture;
    gesture = null;
    if (e.type === "pointerup" && g && !g.moved && !g.multi && g.hex) hexTapped(g.hex, e, g.target);
  }
  svg.addEventListener("pointerup", endPointer);
  svg.addEventListener("pointercancel", endPointer);
  svg.addEventListener(
    "wheel",
    (e) => {
      if (options.wheelZoom === false) return;
      e.preventDefault();
      const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
      const factor = Math.exp(-Math.max(-300, Math.min(300, dy)) * 0.0016);
      zoomAt(factor, toWorld(e.clientX, e.clientY));
    },
    { passive: false },
  );
  const PAN_KEYS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  svg.addEventListener("keydown", (e) => {
    const coord = e.target.closest?.("[data-hex]")?.dataset.hex;
    if (coord && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      hexTapped(coord, e);
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (PAN_KEYS[e.key]) {
      const [dx, dy] = PAN_KEYS[e.key];
      setViewBox({ ...vb, x: vb.x + dx * vb.w * 0.15, y: vb.y + dy * vb.h * 0.15 }, true);
    } else if (e.key === "+" || e.key === "=") zoomBy(1.4);
    else if (e.key === "-" || e.key === "_") zoomBy(1 / 1.4);
    else if (e.key === "0") fit();
    else return;
    e.preventDefault();
  });

  // The keyboard focus of a hex shows on its highlight (drawn in another layer, so no CSS
  // selector of the hex reaches it).
  function markFocus() {
    const el = document.activeElement;
    const coord = el && svg.contains(el) && el.matches(".hex:focus-visible") ? el.dataset.hex : null;
    for (const g of layers.highlights.children) g.classList.toggle("has-focus", g.dataset.hl === coord);
  }
  svg.addEventListener("focusin", markFocus);
  svg.addEventListener("focusout", () => requestAnimationFrame(markFocus));

  function hexTapped(coord, event, target = null) {
    if (preview && preview.hex === coord) {
      rotatePreview(1);
      return;
    }
    const { tile, rotation } = tileAt(coord);
    const stop = target?.closest?.("[data-part]");
    const slot = target?.closest?.("[data-slot]");
    onHexClick(coord, {
      hex: hexes.get(coord).data,
      tile: tile.name,
      rotation,
      part: stop ? Number(stop.dataset.part) : null,
      slot: slot ? Number(slot.dataset.slot) : null,
      event,
    });
  }

  // ---------------------------------------------------------------- highlights
  let highlighted = new Map();
  function setHighlights(input) {
    const next = new Map();
    if (input instanceof Map) for (const [c, k] of input) next.set(c, k || "target");
    else if (Array.isArray(input) || input instanceof Set) for (const c of input) next.set(c, "target");
    else if (input) for (const [c, k] of Object.entries(input)) next.set(c, k || "target");
    for (const coord of highlighted.keys()) {
      if (next.has(coord)) continue;
      const el = hexes.get(coord)?.el;
      el?.removeAttribute("tabindex");
      el?.removeAttribute("role");
      el?.removeAttribute("data-highlight");
    }
    layers.highlights.replaceChildren();
    for (const [coord, kind] of next) {
      const hx = hexes.get(coord);
      if (!hx) continue;
      // "home" only marks a hex (a Line's home during its auction): nothing to pick there
      if (kind !== "home") {
        hx.el.setAttribute("tabindex", "0");
        hx.el.setAttribute("role", "button");
      }
      hx.el.setAttribute("data-highlight", kind);
      hx.el.setAttribute("aria-label", `${coord}${hx.data.location ? ` ${hx.data.location}` : ""}`);
      layers.highlights.append(
        s(
          "g",
          { class: ["hl", `kind-${kind}`], "data-hl": coord, transform: `translate(${fmt(hx.centre[0])} ${fmt(hx.centre[1])})` },
          s("polygon", { points: hexPoints(layout, R - 1), class: "hl-fill" }),
          s("polygon", { points: hexPoints(layout, R - 3.5), class: "hl-outer" }),
          s("polygon", { points: hexPoints(layout, R - 3.5), class: "hl-inner" }),
        ),
      );
    }
    highlighted = next;
    markFocus();
    drawStopHighlights();
  }

  let stopHighlights = [];
  /** Ring single stops ("D18-0"): e.g. the cities a token may go to. A tap reports `part`. */
  function setStopHighlights(nodes) {
    stopHighlights = [...(nodes ?? [])];
    drawStopHighlights();
  }
  function drawStopHighlights() {
    layers.stopMarks.replaceChildren();
    for (const node of stopHighlights) {
      const [coord, part] = parseNode(node);
      const hx = hexes.get(coord);
      const st = hx ? stopInfo(coord, part) : null;
      if (!st) continue;
      // drawn under the stop, so it shows as a ring around it
      layers.stopMarks.append(
        s(
          "g",
          { class: "hl-stop", "data-hl-stop": node, transform: `translate(${fmt(hx.centre[0])} ${fmt(hx.centre[1])})` },
          stopHalo(st, 8, { class: "hl-stop-outer" }),
          stopHalo(st, 5.5, { class: "hl-stop-inner" }),
        ),
      );
    }
  }

  // ---------------------------------------------------------------- tile preview
  let preview = null;
  function setPreview(p) {
    if (!p) return clearPreview();
    const hx = hexes.get(p.hex);
    if (!hx) throw new Error(`No hex ${p.hex}`);
    const tile = typeof p.tile === "string" ? catalog.tiles[p.tile] : p.tile;
    if (!tile) throw new Error(`No tile ${p.tile}`);
    const rotations = p.rotations?.length ? [...p.rotations] : [p.rotation ?? 0];
    const rotation = rotations.includes(p.rotation) ? p.rotation : rotations[0];
    preview = { ...p, tile, rotations, rotation };
    drawPreview();
    keepPreviewInView();
  }
  /** The hex being built is wholly in view with room for the bar above or below it (a
   * phone's map shows a few hexes: a tile picked from the list may be for one off screen or
   * at an edge, where the bar would have to cover it): else centre it, at the same zoom. */
  function keepPreviewInView() {
    const hx = preview && hexes.get(preview.hex);
    const rect = svg.getBoundingClientRect();
    if (!hx || !rect.width || !rect.height) return;
    const room = (previewBar.offsetHeight || 48) + 12;
    const [left, top] = toScreen([hx.centre[0] - halfW, hx.centre[1] - halfH]);
    const [right, bottom] = toScreen([hx.centre[0] + halfW, hx.centre[1] + halfH]);
    const inside = left >= rect.left && right <= rect.right && top >= rect.top && bottom <= rect.bottom;
    const barFits = bottom + room <= rect.bottom || top - room >= rect.top;
    if (inside && barFits) return;
    setViewBox({ x: hx.centre[0] - vb.w / 2, y: hx.centre[1] - vb.h / 2, w: vb.w, h: vb.h }, true);
  }
  function drawPreview() {
    layers.preview.replaceChildren();
    if (!preview) {
      previewBar.hidden = true;
      return;
    }
    const hx = hexes.get(preview.hex);
    const g = s("g", { class: "preview", "data-preview": preview.hex, "data-tile": preview.tile.name, "data-rotation": preview.rotation, transform: `translate(${fmt(hx.centre[0])} ${fmt(hx.centre[1])})` });
    g.append(
      s("polygon", { points: hexPoints(layout, R), class: "preview-cover" }),
      s(
        "g",
        { class: "preview-tile" },
        drawTile(preview.tile, { layout, rotation: preview.rotation, name: hx.data.location, phaseColours, tokens: preview.tokens, lineOwners, showTileName: true }),
      ),
      s("polygon", { points: hexPoints(layout, R - 1.5), class: "preview-outline" }),
    );
    // taps on the preview rotate it (hexTapped sees the preview's hex)
    g.setAttribute("data-hex", preview.hex);
    layers.preview.append(g);
    buildPreviewBar();
  }
  function buildPreviewBar() {
    const n = preview.rotations.length;
    const buttons = [
      h("button", { type: "button", class: "rotate-left", title: "Rotate anticlockwise", "aria-label": "Rotate anticlockwise", "data-testid": "preview-rotate-left", disabled: n < 2, onclick: () => rotatePreview(-1) }, "⟲"),
      h("button", { type: "button", class: "rotate-right", title: "Rotate clockwise", "aria-label": "Rotate clockwise", "data-testid": "preview-rotate-right", disabled: n < 2, onclick: () => rotatePreview(1) }, "⟳"),
    ];
    if (preview.onConfirm) buttons.push(h("button", { type: "button", class: "confirm", title: "Lay this tile", "aria-label": "Lay this tile", "data-testid": "preview-confirm", onclick: () => preview?.onConfirm?.({ hex: preview.hex, tile: preview.tile.name, rotation: preview.rotation }) }, "✓"));
    if (preview.onCancel) buttons.push(h("button", { type: "button", class: "cancel", title: "Cancel", "aria-label": "Cancel", "data-testid": "preview-cancel", onclick: () => preview?.onCancel?.() }, "✕"));
    previewBar.replaceChildren(...buttons);
    previewBar.hidden = false;
    placePreviewBar();
  }
  /** The bar goes below the hex being built, else above it, else beside it: never on it. */
  function placePreviewBar() {
    if (!preview || previewBar.hidden) return;
    const hx = hexes.get(preview.hex);
    const box = root.getBoundingClientRect();
    const [x0, y0] = toScreen([hx.centre[0] - halfW, hx.centre[1] - halfH]);
    const [x1, y1] = toScreen([hx.centre[0] + halfW, hx.centre[1] + halfH]);
    const [left, top, right, bottom] = [x0 - box.left, y0 - box.top, x1 - box.left, y1 - box.top];
    const barH = previewBar.offsetHeight || 48;
    const barW = previewBar.offsetWidth || 190;
    const clampX = (x) => Math.min(Math.max(x, barW / 2 + 4), box.width - barW / 2 - 4);
    let x = clampX((left + right) / 2);
    let y;
    if (bottom + 6 + barH <= box.height) y = bottom + 6;
    else if (top - 6 - barH >= 0) y = top - 6 - barH;
    else {
      y = Math.min(Math.max((top + bottom) / 2 - barH / 2, 4), box.height - barH - 4);
      x = right + 6 + barW <= box.width ? right + 6 + barW / 2 : left - 6 - barW / 2;
    }
    previewBar.style.left = `${x}px`;
    previewBar.style.top = `${y}px`;
  }
  function rotatePreview(step) {
    if (!preview || preview.rotations.length < 2) return;
    const i = preview.rotations.indexOf(preview.rotation);
    const n = preview.rotations.length;
    preview.rotation = preview.rotations[(i + step + n) % n];
    drawPreview();
    preview.onRotate?.(preview.rotation);
  }
  function clearPreview() {
    preview = null;
    drawPreview();
  }

  // ---------------------------------------------------------------- routes
  let routes = [];
  /** World position of a stop node "F18-0" (null if the hex has no such stop). */
  function stopPosition(node) {
    const [coord, part] = parseNode(node);
    const hx = hexes.get(coord);
    if (!hx) return null;
    const { tile, rotation } = tileAt(coord);
    const st = layoutTile(tile, rotation, layout).stops.get(part);
    if (!st) return null;
    return [hx.centre[0] + st.pos[0], hx.centre[1] + st.pos[1]];
  }
  function stopInfo(coord, part) {
    const { tile, rotation } = tileAt(coord);
    return layoutTile(tile, rotation, layout).stops.get(part) ?? null;
  }

  const moved = (b, [dx, dy]) => ({
    p0: [b.p0[0] + dx, b.p0[1] + dy],
    c1: [b.c1[0] + dx, b.c1[1] + dy],
    c2: [b.c2[0] + dx, b.c2[1] + dy],
    p3: [b.p3[0] + dx, b.p3[1] + dy],
  });
  const straight = (a, b) => ({ p0: a, c1: a, c2: b, p3: b });

  /** Curves (world coords) from stop `part` of `coord` out through `edge`. */
  function stopToEdge(coord, part, edge) {
    const hx = hexes.get(coord);
    const { tile, rotation } = tileAt(coord);
    const lay = layoutTile(tile, rotation, layout);
    const piece = lay.paths.find((p) => p.part === part && p.edge === edge);
    if (piece) return [moved(bezReverse(piece.curve), hx.centre)];
    const st = lay.stops.get(part);
    const from = st ? st.pos : [0, 0];
    return [moved(straight(from, edgeMid(edge, layout)), hx.centre)];
  }
  function edgeToEdge(coord, ein, eout) {
    const hx = hexes.get(coord);
    const { tile, rotation } = tileAt(coord);
    const lay = layoutTile(tile, rotation, layout);
    const direct = lay.paths.find((p) => p.part === null && p.edges.length === 2 && p.edges.includes(ein) && p.edges.includes(eout));
    if (direct) {
      const b = direct.edges[0] === ein ? direct.curve : bezReverse(direct.curve);
      return [moved(b, hx.centre)];
    }
    for (const st of lay.stops.values()) {
      const pin = lay.paths.find((p) => p.part === st.part && p.edge === ein);
      const pout = lay.paths.find((p) => p.part === st.part && p.edge === eout);
      if (pin && pout) return [moved(pin.curve, hx.centre), moved(bezReverse(pout.curve), hx.centre)];
    }
    return [moved(straight(edgeMid(ein, layout), [0, 0]), hx.centre), moved(straight([0, 0], edgeMid(eout, layout)), hx.centre)];
  }

  function pickStop(candidates, coord, towardEdge) {
    if (candidates.length <= 1 || towardEdge === null) return candidates[0];
    const hit = candidates.find((part) => stopInfo(coord, part)?.exits.some((e) => e.edge === towardEdge));
    return hit ?? candidates[0];
  }

  /** The curves of one connection (list of hexes) between two stops of the route. */
  function connectionCurves(conn, stopsByHex) {
    const hexesOf = conn.filter((c) => hexes.has(c));
    if (hexesOf.length === 0) return [];
    const xy = (c) => coordXY(c, layout);
    const first = hexesOf[0];
    const last = hexesOf[hexesOf.length - 1];
    if (hexesOf.length === 1) {
      const parts = stopsByHex.get(first) ?? [];
      const a = stopPosition(`${first}-${parts[0]}`);
      const b = stopPosition(`${first}-${parts[1] ?? parts[0]}`);
      return a && b ? [straight(a, b)] : [];
    }
    const out = [];
    const e0 = edgeBetween(xy(first), xy(hexesOf[1]), layout);
    const startPart = pickStop(stopsByHex.get(first) ?? [0], first, e0);
    out.push(...stopToEdge(first, startPart, e0));
    for (let i = 1; i < hexesOf.length - 1; i++) {
      const c = hexesOf[i];
      out.push(...edgeToEdge(c, edgeBetween(xy(c), xy(hexesOf[i - 1]), layout), edgeBetween(xy(c), xy(hexesOf[i + 1]), layout)));
    }
    const eN = edgeBetween(xy(last), xy(hexesOf[hexesOf.length - 2]), layout);
    const endPart = pickStop(stopsByHex.get(last) ?? [0], last, eN);
    out.push(...stopToEdge(last, endPart, eN).map(bezReverse).reverse());
    return out;
  }

  function setRoutes(list) {
    routes = (list ?? []).filter(Boolean);
    drawRoutes();
  }
  function drawRoutes() {
    layers.routes.replaceChildren();
    layers.routeLabels.replaceChildren();
    routes.forEach((route, idx) => {
      const colour = route.colour ?? ROUTE_COLOURS[idx % ROUTE_COLOURS.length];
      const g = s("g", { class: "route", "data-route": idx, "data-testid": "route", opacity: 0.92 });
      const stopsByHex = new Map();
      for (const node of route.stops ?? []) {
        const [coord, part] = parseNode(node);
        if (!stopsByHex.has(coord)) stopsByHex.set(coord, []);
        stopsByHex.get(coord).push(part);
      }
      const ds = [];
      for (const conn of route.connections ?? []) {
        const curves = connectionCurves(conn, stopsByHex);
        if (!curves.length) continue;
        ds.push(curves.map((b, i) => bezPath(b, i > 0)).join(""));
      }
      // halos around the stops (under the stops, which lie in the layer above)
      for (const node of route.stops ?? []) {
        const [coord, part] = parseNode(node);
        const hx = hexes.get(coord);
        const st = hx ? stopInfo(coord, part) : null;
        if (!st) continue;
        const at = `translate(${fmt(hx.centre[0])} ${fmt(hx.centre[1])})`;
        g.append(
          s("g", { transform: at, class: "route-stop-casing" }, stopHalo(st, 6.5)),
          s("g", { transform: at, class: "route-stop", fill: colour, stroke: colour, "data-stop": node }, stopHalo(st, 4.5)),
        );
      }
      for (const d of ds) g.append(s("path", { d, class: "route-casing" }));
      for (const d of ds) g.append(s("path", { d, class: "route-line", stroke: colour, "data-testid": "route-line" }));
      layers.routes.append(g);
      const label = route.label ?? (route.revenue !== undefined && route.revenue !== null ? String(route.revenue) : null);
      const firstPos = route.stops?.length ? stopPosition(route.stops[0]) : null;
      if (label && firstPos) {
        const w = label.length * 7.2 + 12;
        const y = firstPos[1] - SLOT_R - 20;
        layers.routeLabels.append(
          s(
            "g",
            { class: "route-revenue", "data-testid": "route-revenue", "data-route": idx, transform: `translate(${fmt(firstPos[0])} ${fmt(y)})` },
            s("rect", { x: fmt(-w / 2), y: -9, width: fmt(w), height: 18, rx: 9, fill: colour, class: "route-revenue-bg" }),
            s("text", { "text-anchor": "middle", dy: "0.36em", class: "route-revenue-text" }, label),
          ),
        );
      }
    });
  }

  // ---------------------------------------------------------------- public API
  renderAll();
  if (options.initialView === "fill") fill();
  else fit();
  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    scaleLabels();
    placePreviewBar();
  }) : null;
  resize?.observe(root);

  return {
    root,
    svg,
    layout,
    update(next = {}) {
      if (next.state) state = next.state;
      if (next.phaseColours) phaseColours = next.phaseColours;
      if (next.lineOwners) lineOwners = next.lineOwners;
      const n = renderAll();
      if (routes.length) drawRoutes();
      if (preview) drawPreview();
      return n;
    },
    setHighlights,
    clearHighlights: () => {
      setHighlights([]);
      setStopHighlights([]);
    },
    setStopHighlights,
    setPreview,
    clearPreview,
    getPreview: () => (preview ? { hex: preview.hex, tile: preview.tile.name, rotation: preview.rotation } : null),
    rotatePreview,
    setRoutes,
    setRoute: (route) => setRoutes(route ? [route] : []),
    clearRoutes: () => setRoutes([]),
    fit,
    fill,
    zoomBy,
    focus,
    getViewBox: () => ({ ...vb }),
    setViewBox: (v) => setViewBox(v, true),
    hexElement: (coord) => hexes.get(coord)?.el ?? null,
    hexCentre: (coord) => (hexes.has(coord) ? [...hexes.get(coord).centre] : null),
    stopPosition,
    toScreen,
    destroy() {
      resize?.disconnect();
      if (raf) cancelAnimationFrame(raf);
      root.remove();
    },
  };
}
