// Test harness for the 18xx drawing layer (e2e/test_g18xx_render.py). Not part of the
// product: the tests copy it next to the built site's ui/ and drive it through window.G18.

import { h, mount } from "../ui/dom.js";
import * as colours from "../ui/g18xx/colours.js";
import * as geometry from "../ui/g18xx/geometry.js";
import * as hexmap from "../ui/g18xx/hexmap.js";
import * as market from "../ui/g18xx/market.js";
import * as tiles from "../ui/g18xx/tiles.js";

const stage = document.getElementById("stage");

async function load(name) {
  const resp = await fetch(`data/${name}.json`);
  if (!resp.ok) throw new Error(`harness: no data/${name}.json`);
  return resp.json();
}

const G18 = {
  tiles,
  hexmap,
  market,
  colours,
  geometry,
  load,
  events: [],
  map: null,

  /** Every tile of a catalog, at one rotation, as a sheet of standalone SVGs. */
  tileSheet(catalog, opts = {}) {
    stage.className = "";
    const names = opts.names ?? Object.keys(catalog.tiles);
    const figs = names.map((name) =>
      h(
        "figure",
        { "data-tile-fig": name },
        tiles.tileSvg(catalog.tiles[name], { size: opts.size ?? 120, rotation: opts.rotation ?? 0, layout: opts.layout ?? catalog.layout, phaseColours: opts.phaseColours, showTileName: false }),
        h("figcaption", null, `${name} ×${catalog.tiles[name].count ?? ""}`),
      ),
    );
    mount(stage, h("div", { class: "sheet", "data-testid": "sheet" }, figs));
  },

  /** A hex map filling the window; callbacks are recorded in G18.events. */
  showMap(catalog, state, opts = {}) {
    stage.className = "full";
    G18.map?.destroy();
    mount(stage);
    G18.events = [];
    G18.map = hexmap.createHexMap(stage, {
      catalog,
      state,
      phaseColours: opts.phaseColours ?? ["yellow"],
      lineOwners: opts.lineOwners ?? {},
      initialView: opts.initialView,
      onHexClick: (coord, info) => G18.events.push({ kind: "click", coord, part: info.part, slot: info.slot }),
    });
    return G18.map;
  },

  showMarket(catalog, positions, opts = {}) {
    stage.className = "";
    mount(stage);
    const el = market.renderMarket({ market: catalog.market, positions, stacks: opts.stacks, companies: opts.companies, active: opts.active });
    stage.append(el);
    return el;
  },
};

// ------------------------------------------------------------------ probes for the tests
// Screen positions come from what the browser drew (bounding boxes, path points), so the
// tests check the drawing, not the drawing code's own arithmetic.

const centreOf = (el) => {
  const r = el.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
};
const screenPoint = (el, p) => {
  const m = el.getScreenCTM();
  return [m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f];
};
const texts = (root, sel) => [...root.querySelectorAll(sel)].map((e) => e.textContent);

G18.probe = {
  hexCentre: (coord) => centreOf(document.querySelector(`.hm-hexes [data-hex="${coord}"] .tile-base`)),
  stopCentre: (coord, part) => centreOf(document.querySelector(`.hm-tops [data-hex="${coord}"] .stop[data-part="${part}"]`)),
  axisTexts: (side) => texts(document, `.axis-label[data-axis=${side}]`),

  /** Both ends (screen px) of every track piece matching `sel`. */
  trackEnds(sel) {
    return [...document.querySelectorAll(sel)].map((el) => {
      const path = el.tagName === "path" ? el : el.querySelector("path");
      const len = path.getTotalLength();
      return { a: el.dataset.a, b: el.dataset.b, ends: [screenPoint(path, path.getPointAtLength(0)), screenPoint(path, path.getPointAtLength(len))] };
    });
  },

  /** Map coordinates under a screen point. */
  toWorld(x, y) {
    const m = document.querySelector("[data-testid=hexmap-svg]").getScreenCTM().inverse();
    return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  },

  /** Two touch pointers around (cx, cy), spreading from `from` to `to` px apart. */
  pinch(cx, cy, from, to) {
    const svg = document.querySelector("[data-testid=hexmap-svg]");
    const fire = (type, id, x) =>
      svg.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: "touch", isPrimary: id === 1, clientX: x, clientY: cy, bubbles: true, cancelable: true, button: 0, buttons: type === "pointerup" ? 0 : 1 }));
    fire("pointerdown", 1, cx - from / 2);
    fire("pointerdown", 2, cx + from / 2);
    for (let i = 1; i <= 10; i++) {
      const half = (from + ((to - from) * i) / 10) / 2;
      fire("pointermove", 1, cx - half);
      fire("pointermove", 2, cx + half);
    }
    fire("pointerup", 1, cx - to / 2);
    fire("pointerup", 2, cx + to / 2);
  },

  /** What each figure of a tile sheet shows. */
  tileFacts() {
    const out = {};
    for (const f of document.querySelectorAll("[data-tile-fig]")) {
      out[f.dataset.tileFig] = {
        tracks: f.querySelectorAll(".track:not(.future)").length,
        narrow: f.querySelectorAll(".track.narrow").length,
        future: f.querySelectorAll(".track.future").length,
        cities: [...f.querySelectorAll(".stop.city")].map((c) => [Number(c.dataset.part), c.querySelectorAll(".slot").length]),
        towns: f.querySelectorAll(".stop.town").length,
        frame: f.querySelectorAll(".stadtbahn-frame").length,
        labels: texts(f, ".tile-label"),
        revenues: [...f.querySelectorAll(".revenue")].map((r) => Number(r.dataset.revenue)),
        phases: [...f.querySelectorAll(".phase-box")].map((b) => Number(b.dataset.value)),
        fill: getComputedStyle(f.querySelector(".tile-base")).fill,
      };
    }
    return out;
  },

  /** Computed stroke and dash pattern of the track paths matching `sel`. */
  strokes: (sel) =>
    [...document.querySelectorAll(sel)].map((p) => {
      const cs = getComputedStyle(p);
      return [cs.stroke, cs.strokeDasharray];
    }),

  /** Stop placement problems of every tile at every rotation, pointy and flat. */
  layoutProblems(tiles) {
    const { layoutTile, bezAt } = G18.tiles;
    const { insideDistance, edgeAngle } = G18.geometry;
    const out = [];
    let checked = 0;
    for (const layout of ["pointy", "flat"]) {
      for (const tile of tiles) {
        for (let r = 0; r < 6; r++) {
          const lay = layoutTile(tile, r, layout);
          const stops = [...lay.stops.values()];
          const where = [tile.name, r, layout];
          for (const st of stops) {
            const inside = insideDistance(st.pos, layout) - st.radius;
            if (inside < -0.5) out.push([...where, "outside", st.part, inside]);
            if (stops.length === 1 && st.kind === "city" && Math.hypot(...st.pos) > 0.01) out.push([...where, "single city not centred", st.part]);
            if (stops.length > 1 && st.exits.length) {
              let dx = 0;
              let dy = 0;
              for (const e of st.exits) {
                const a = (edgeAngle(e.edge, layout) * Math.PI) / 180;
                dx += Math.cos(a);
                dy += Math.sin(a);
              }
              const along = st.pos[0] * dx + st.pos[1] * dy;
              if (Math.hypot(dx, dy) > 0.3 && along < -1) out.push([...where, "away from its exits", st.part]);
            }
          }
          for (let i = 0; i < stops.length; i++) {
            for (let j = i + 1; j < stops.length; j++) {
              const [a, b] = [stops[i], stops[j]];
              const gap = Math.hypot(a.pos[0] - b.pos[0], a.pos[1] - b.pos[1]) - a.radius - b.radius;
              if (gap < 0) out.push([...where, "stops overlap", a.part, b.part, gap]);
              for (const p of lay.paths) {
                // no stop sits on a track of another stop
                const other = p.part === a.part ? b : p.part === b.part ? a : null;
                if (!other) continue;
                for (let k = 0; k <= 20; k++) {
                  const q = bezAt(p.curve, k / 20);
                  if (Math.hypot(q[0] - other.pos[0], q[1] - other.pos[1]) < other.radius - 1) {
                    out.push([...where, "stop on a foreign track", other.part, p.part]);
                    break;
                  }
                }
              }
            }
          }
          checked++;
        }
      }
    }
    return { out, checked };
  },

  /** What each hex of the map shows. */
  hexFacts() {
    // a hex is drawn in two layers: background and track below, stops and labels above
    return [...document.querySelectorAll(".hm-hexes > [data-hex]")].map((h) => {
      const top = document.querySelector(`.hm-tops > [data-hex="${h.dataset.hex}"]`);
      const all = (sel) => [...h.querySelectorAll(sel), ...top.querySelectorAll(sel)];
      return {
        coord: h.dataset.hex,
        tile: h.dataset.tile,
        names: all(".location-name").map((t) => t.dataset.name),
        sights: all(".badge-sight").map((b) => b.dataset.text),
        water: all(".badge-water").map((b) => b.dataset.text),
        bonus: all(".badge-bonus").length,
        frame: all(".stadtbahn-frame").length,
        phases: all(".phase-box").map((b) => [b.dataset.colour, Number(b.dataset.value), b.classList.contains("is-current")]),
        reserved: all(".token.reserved").map((t) => t.dataset.token),
      };
    });
  },

  /** Every token on the map: where it sits and how it looks. */
  tokenFacts() {
    return [...document.querySelectorAll(".hm-tops .token")].map((t) => ({
      hex: t.closest("[data-hex]").dataset.hex,
      part: t.closest(".stop")?.dataset.part ?? null,
      slot: t.closest(".slot")?.dataset.slot ?? null,
      id: t.dataset.token,
      reserved: !!t.dataset.reserved,
      fill: getComputedStyle(t.querySelector(".token-disc")).fill,
      stroke: getComputedStyle(t.querySelector(".token-disc")).stroke,
      opacity: Number(getComputedStyle(t).opacity),
      text: t.querySelector("text").textContent,
    }));
  },

  /** For each [name, [x, y]] target: its distance (px) to the nearest route line point. */
  routeGaps(targets) {
    const pts = [];
    for (const path of document.querySelectorAll("[data-testid=route-line]")) {
      const len = path.getTotalLength();
      for (let l = 0; l <= len; l += 1.5) pts.push(screenPoint(path, path.getPointAtLength(l)));
    }
    return targets.map(([name, [x, y]]) => [name, Math.min(...pts.map(([px, py]) => Math.hypot(px - x, py - y)))]);
  },

  /** Mark the current tile drawings; fresh() lists the hexes drawn since. */
  markTiles: () => document.querySelectorAll(".hm-hexes > [data-hex] > .tile").forEach((t) => (t.__old = true)),
  freshTiles: () => [...document.querySelectorAll(".hm-hexes > [data-hex] > .tile")].filter((t) => !t.__old).map((t) => t.closest("[data-hex]").dataset.hex),

  /** The tokens of a market cell, in document order: [id, stack index, screen y]. */
  marketStack: (cell) => [...document.querySelectorAll(`[data-cell='${cell}'] .token`)].map((t) => [t.dataset.token, Number(t.dataset.stack), t.getBoundingClientRect().y]),
};

window.G18 = G18;
document.documentElement.dataset.ready = "1";
