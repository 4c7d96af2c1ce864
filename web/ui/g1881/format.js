// Formatting of the 1881 screens: money in thousands of Mark, trains, company colours from the
// engine's data; the 18xx ones (badges, seat colours and names) come from g18xx/format.js.
// Nothing here decides a rule.

import { h } from "../dom.js";
import { registerCompanies } from "../g18xx/colours.js";
import { companyBadge, moneyIn, seatColour, seatName, signedIn } from "../g18xx/format.js";

/** 1881 counts in thousands of Mark (the rulebook's TM): "M120". */
export const money = moneyIn("M");

/** A change of money with its sign: "+M40", "−M10". */
export const signed = signedIn(money);

export { companyBadge, seatName };

/** The names of the variants (rules 14 and 15), as the new-game form and summaries show them. */
export const OPTION_NAMES = { double_track: "Double track (variant 1)", trains_on_credit: "Trains on credit (variant 2)", s_veto: "S-Bahn board veto (12.6)" };

/** The names of the variants that are on in `options` (the design edition is an option too,
 * but not a variant: the game's facts show it apart). */
export function variantNames(options) {
  return Object.entries(options ?? {})
    .filter(([k, on]) => k !== "edition" && on)
    .map(([k]) => OPTION_NAMES[k] ?? k);
}

/** Give each company of a view or catalog its printed colours (tram companies and the S-Bahn). */
export function registerColours(companies) {
  const map = {};
  for (const [id, c] of Object.entries(companies ?? {})) {
    const fill = c?.color ?? c?.colour ?? c?.fill;
    if (!fill) continue;
    map[id] = { fill, text: c.text_color ?? c.text ?? "#ffffff", label: id.length <= 4 ? id : id.slice(0, 4) };
  }
  registerCompanies(map);
}

/** The S-Bahn's depots on the map (12.5: the chairman runs the main network, each board
 * member his sub-network): every part's style wears the S-Bahn's printed colours (the view's
 * `sbahn.colours`: burgundy, an ochre ring) and its label ("S", "S2"); each seat gets a style
 * "seat/<n>" in its colour, which `partOwners` gives the parts as their owners, so a depot is
 * drawn in its operator's colour with the S-Bahn's ring. */
export function registerPartColours(view) {
  const sb = view?.sbahn;
  if (!sb) return;
  const fill = sb.colours?.fill ?? "#7a1f2e";
  const ring = sb.colours?.ring ?? "#c8912a";
  const map = {};
  for (const p of sb.parts ?? []) map[p.part] = { fill, text: "#ffffff", ring, label: p.seat ? `S${p.seat}` : "S" };
  (view.players ?? []).forEach((_, i) => (map[seatStyle(i)] = { fill: seatColour(i), text: "#ffffff", label: "" }));
  registerCompanies(map);
}

/** The style id of a seat's colour (registered by registerPartColours). */
const seatStyle = (seat) => `seat/${seat}`;

/** {part: "seat/<n>"}: the S-Bahn's parts that have an operator (the chairman, a board
 * member, a tram company's director) in that seat's colour, for the map's token owners. */
export function partOwners(view) {
  const out = {};
  for (const p of view?.sbahn?.parts ?? []) if (p.operator !== null && p.operator !== undefined && p.status !== "merged") out[p.part] = seatStyle(p.operator);
  return out;
}

/** A train's type from its id ("3-2" -> "3", "4S-1" -> "4S"). */
export const trainType = (id) => String(id).replace(/-[0-9]+$/, "");

/** A train chip: its type ("2", "3", "4S", ...), the id in the title. */
export function trainChip(id, opts = {}) {
  const type = trainType(id);
  const s = /S$/.test(type);
  return h("span", { class: ["train-chip81", s && "is-s", opts.class], title: opts.title ?? `${s ? "S-Bahn " : ""}${type}-train${type !== String(id) ? ` (${id})` : ""}`, "data-train": String(id) }, type);
}
