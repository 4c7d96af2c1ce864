// Formatting of the 1840 screens: money in Gulden, Lines and trams, the names of the boards
// and rules profiles; the 18xx ones (badges, seat colours and names) come from
// g18xx/format.js. Nothing here decides a rule.

import { h, s } from "../dom.js";
import { companyStyle } from "../g18xx/colours.js";
import { companyBadge, moneyIn, SEAT_COLOURS, seatName, signedIn } from "../g18xx/format.js";

/** 1840 counts in Gulden (florins): "ƒ120". Negative amounts: "−ƒ50". */
export const money = moneyIn("ƒ");

/** A change of money with its sign: "+ƒ200", "−ƒ50", or `zero` for 0. */
export const signed = signedIn(money);

export { companyBadge, SEAT_COLOURS, seatName };

export const TRAM_INFO = {
  Y1: { name: "yellow", fill: "#f2cf2a", text: "#2b2118" },
  O1: { name: "orange", fill: "#f08a24", text: "#2b2118" },
  R1: { name: "red", fill: "#d2382f", text: "#ffffff" },
  Pi1: { name: "pink", fill: "#ec8fb8", text: "#2b2118" },
  Pu1: { name: "purple", fill: "#7d4bb0", text: "#ffffff" },
};

/** "Y1-3" -> "Y1"; the tram's type. */
export const tramType = (id) => String(id).split("-")[0];

/** A small tram chip: coloured rounded box with the type's colour name. */
export function tramChip(id, opts = {}) {
  const type = tramType(id);
  const info = TRAM_INFO[type] ?? { name: type, fill: "#999", text: "#fff" };
  return h(
    "span",
    {
      class: ["tram-chip40", opts.class],
      style: { "--tram": info.fill, "--tram-text": info.text },
      title: opts.title ?? `${info.name} tram${id !== type ? ` ${id}` : ""}`,
      "data-tram": id,
    },
    tramIcon(),
    h("span", {}, opts.label ?? info.name),
  );
}

function tramIcon() {
  return s(
    "svg",
    { viewBox: "0 0 20 14", class: "tram-icon", "aria-hidden": "true" },
    s("rect", { x: 1.5, y: 2, width: 17, height: 8.5, rx: 2, fill: "currentColor" }),
    s("rect", { x: 4, y: 3.8, width: 3.6, height: 3, rx: 0.6, fill: "#fff", opacity: 0.85 }),
    s("rect", { x: 8.2, y: 3.8, width: 3.6, height: 3, rx: 0.6, fill: "#fff", opacity: 0.85 }),
    s("rect", { x: 12.4, y: 3.8, width: 3.6, height: 3, rx: 0.6, fill: "#fff", opacity: 0.85 }),
    s("circle", { cx: 5.5, cy: 11.8, r: 1.6, fill: "currentColor" }),
    s("circle", { cx: 14.5, cy: 11.8, r: 1.6, fill: "currentColor" }),
    s("line", { x1: 10, y1: 2, x2: 13, y2: 0.3, stroke: "currentColor", "stroke-width": 1 }),
  );
}

/** A Line's badge: its number on its major's colour (grey when nobody owns it). */
export function lineBadge(line, major, opts = {}) {
  const st = major ? companyStyle(major) : { fill: "#9a9a9a", text: "#fff" };
  return h(
    "span",
    {
      class: ["line-badge40", opts.class],
      style: { "--co": st.fill, "--co-text": st.text },
      title: opts.title ?? `Line ${line}${major ? ` (${major})` : ""}`,
      "data-line": line,
    },
    String(line),
  );
}

export const BONUS_NAMES = {
  extra_yellow_tile: "an extra yellow tile",
  upgrade_yellow_to_green: "upgrade a yellow tile to green",
  red_inner_city_tile: "a red inner-city tile",
  purple_station_tile: "a purple station tile",
  extra_station_token_free: "an extra station marker",
};

export const VARIANT_NAMES = {
  standard: "Full board",
  two_player: "2-player board",
  three_player_small: "Reduced 3-player board",
};

export const PROFILE_NAMES = { rulebook: "Rulebook", "18xx.games": "18xx.games rules" };

/** Sum of a list of numbers. */
export const sum = (list) => list.reduce((a, b) => a + b, 0);
