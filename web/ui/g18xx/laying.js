// Tile laying and markers on an 18xx map, as decision-panel controls built from the
// engine's `legal` list (lay_tile, place_token, remove_token entries): the modes the list
// allows, the hex / tile / rotation choice, and the cities to tap. The map selection itself
// (which hex, tile and rotation is chosen) is the controller's (g18xx/controller.js: g.ui,
// g.pickHex, g.pickTile, g.rotate, g.confirmLay, g.cancelLay, g.pickTokenHex).

import { h } from "../dom.js";
import { actButton, byType } from "./controls.js";
import { tileSvg } from "./tiles.js";

/** Which map modes the legal list allows now: lay, token, remove. */
export function mapModes(legal) {
  const modes = [];
  if (legal.some((a) => a.type === "lay_tile")) modes.push("lay");
  if (legal.some((a) => a.type === "place_token")) modes.push("token");
  if (legal.some((a) => a.type === "remove_token")) modes.push("remove");
  return modes;
}

export const MODE_LABELS = { lay: "Lay a tile", token: "Place a marker", remove: "Remove a marker" };

/** Lay a tile: pick a highlighted hex (or from a list), a tile, its rotation on the map.
 * `layCosts`: hex -> what its first tile costs (the engine's). */
export function layControls(g, legal, { layCosts = {} } = {}) {
  const lays = byType(legal, "lay_tile");
  const ui = g.ui;
  const hexes = [...new Set(lays.map((a) => a.hex))];
  if (!ui.hex) {
    return h(
      "div",
      { class: "map-step", "data-testid": "lay-step" },
      h("p", { class: "hint" }, `Tap a highlighted hex to build (${hexes.length} possible).`),
      h(
        "details",
        { class: "g18-details hex-list" },
        h("summary", {}, "Or pick the hex from a list"),
        h("div", { class: "decide-buttons" }, hexes.map((hx) => h("button", { type: "button", class: "btn ghost small-btn", "data-testid": `lay-hex-${hx}`, onclick: () => g.pickHex(hx) }, hx))),
      ),
    );
  }
  const here = lays.filter((a) => a.hex === ui.hex);
  const tiles = [...new Set(here.map((a) => a.tile))];
  const hexInfo = g.catalog?.hexes?.find((x) => x.coord === ui.hex);
  const layCost = layCosts[ui.hex] ?? 0;
  return h(
    "div",
    { class: "map-step", "data-testid": "lay-step" },
    h("p", {}, h("strong", {}, ui.hex), hexInfo?.location ? ` ${hexInfo.location}` : "", ": ", ui.tile ? `tile ${ui.tile}, rotate it on the map, then lay it.` : "choose a tile."),
    h(
      "div",
      { class: "tile-choices", role: "listbox", "aria-label": "Tiles for this hex" },
      tiles.map((name) => {
        const tile = g.catalog?.tiles?.[name];
        const rots = here.filter((a) => a.tile === name).length;
        return h(
          "button",
          { type: "button", role: "option", "aria-selected": ui.tile === name ? "true" : "false", class: ["tile-choice", ui.tile === name && "is-picked"], "data-testid": `tile-${name}`, onclick: () => g.pickTile(name) },
          tile ? tileSvg(tile, { size: 56, phaseColours: g.view.colours, showTileName: false, title: `Tile ${name}` }) : null,
          h("span", { class: "tname" }, name),
          h("span", { class: "muted small" }, `${rots} way${rots > 1 ? "s" : ""}${layCost ? ` · ${g.money(layCost)}` : ""}`),
        );
      }),
    ),
    ui.tile
      ? h(
          "div",
          { class: "decide-buttons" },
          h("button", { type: "button", class: "btn", "data-testid": "rotate-left", "aria-label": "Rotate anticlockwise", disabled: g.rotationsFor().length < 2, onclick: () => g.rotate(-1) }, "⟲"),
          h("button", { type: "button", class: "btn", "data-testid": "rotate-right", "aria-label": "Rotate clockwise", disabled: g.rotationsFor().length < 2, onclick: () => g.rotate(1) }, "⟳"),
          h("button", { type: "button", class: "btn primary", "data-testid": "lay-confirm", disabled: g.busy, onclick: () => g.confirmLay() }, `Lay ${ui.tile}`),
          h("button", { type: "button", class: "btn ghost", "data-testid": "lay-cancel", onclick: () => g.cancelLay() }, "Cancel"),
        )
      : h("div", { class: "decide-buttons" }, h("button", { type: "button", class: "btn ghost", "data-testid": "lay-cancel", onclick: () => g.cancelLay() }, "Another hex")),
  );
}

/** Place (mode "token") or remove (mode "remove") a marker: tap a highlighted city.
 * `costs`: {token, remove}, the engine's prices of each now; `removable`: what is removed;
 * `type`: the legal entries' type when a title names its marker otherwise (1881's depots);
 * `marker`: what is placed; `place`: the list buttons' words before the hex. */
export function tokenControls(g, legal, mode, { costs = {}, removable = "marker", type: ownType = null, marker = "station marker", place = "Marker on" } = {}) {
  const type = ownType ?? (mode === "token" ? "place_token" : "remove_token");
  const list = byType(legal, type);
  const ui = g.ui;
  const hexes = [...new Set(list.map((a) => a.hex))];
  const intro =
    mode === "token"
      ? `Tap a highlighted city to place a ${marker}${costs.token ? ` (${g.money(costs.token)})` : ""}.`
      : `Tap a highlighted ${removable} to remove it (${g.money(costs.remove)}).`;
  const picks = ui.tokenHex ? list.filter((a) => a.hex === ui.tokenHex) : [];
  return h(
    "div",
    { class: "map-step", "data-testid": `${mode}-step` },
    h("p", { class: "hint" }, intro),
    picks.length > 1
      ? h("div", { class: "which-city" }, h("p", {}, h("strong", {}, ui.tokenHex), ": which city?"), h("div", { class: "decide-buttons" }, picks.map((a) => actButton(g, a, `City ${a.city + 1}`, { testid: `${mode}-${a.hex}-${a.city}`, primary: true }))))
      : null,
    h(
      "div",
      { class: "decide-buttons token-list" },
      hexes.map((hx) => {
        const here = list.filter((a) => a.hex === hx);
        if (here.length === 1) return actButton(g, here[0], `${mode === "token" ? place : "Remove on"} ${hx}`, { testid: `${mode}-${hx}-${here[0].city}`, class: "small-btn ghost" });
        return h("button", { type: "button", class: "btn ghost small-btn", "data-testid": `${mode}-hex-${hx}`, onclick: () => g.pickTokenHex(hx) }, `${hx} (${here.length} cities)`);
      }),
    ),
  );
}
