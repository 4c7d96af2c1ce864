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
      onHexClick: (coord) => G18.events.push({ kind: "click", coord }),
    });
    return G18.map;
  },

  showMarket(catalog, positions, opts = {}) {
    stage.className = "";
    mount(stage);
    const el = market.renderMarket({ market: catalog.market, positions, stacks: opts.stacks, companies: opts.companies });
    stage.append(el);
    return el;
  },
};

window.G18 = G18;
document.documentElement.dataset.ready = "1";
