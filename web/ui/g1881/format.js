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

/** The S-Bahn sub-networks' depots on the map ("S/seat_2") in their operator's seat colour,
 * labelled "S2" (12.5: each board member runs his part); the main network keeps the S-Bahn's
 * printed colour. From the view's `sbahn.parts`. */
export function registerPartColours(view) {
  const map = {};
  for (const p of view?.sbahn?.parts ?? []) {
    if (!p.seat || p.operator === null || p.operator === undefined) continue;
    map[p.part] = { fill: seatColour(p.operator), text: "#ffffff", label: `S${p.seat}` };
  }
  registerCompanies(map);
}

/** A train's type from its id ("3-2" -> "3", "4S-1" -> "4S"). */
export const trainType = (id) => String(id).replace(/-[0-9]+$/, "");

/** A train chip: its type ("2", "3", "4S", ...), the id in the title. */
export function trainChip(id, opts = {}) {
  const type = trainType(id);
  const s = /S$/.test(type);
  return h("span", { class: ["train-chip81", s && "is-s", opts.class], title: opts.title ?? `${s ? "S-Bahn " : ""}${type}-train${type !== String(id) ? ` (${id})` : ""}`, "data-train": String(id) }, type);
}
