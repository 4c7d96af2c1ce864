// Formatting shared by the 18xx screens: money in a title's currency, signed amounts, the
// players' colours, company badges and seat names. Nothing here decides a rule.

import { h } from "../dom.js";
import { companyStyle } from "./colours.js";

/** A money formatter for `symbol` ("ƒ" for 1840's Gulden): "ƒ120", "−ƒ50", "–" for none. */
export function moneyIn(symbol) {
  return (v) => {
    if (v === null || v === undefined || Number.isNaN(Number(v))) return "–";
    const n = Number(v);
    return `${n < 0 ? "−" : ""}${symbol}${Math.abs(n).toLocaleString("en-US")}`;
  };
}

/** A change of money with its sign, by `money`: "+ƒ200", "−ƒ50", or `zero` for 0. */
export function signedIn(money) {
  return (v, zero = "none") => (v ? `${v > 0 ? "+" : ""}${money(v)}` : zero);
}

/** Players' colours (seat order), also used in charts. Each takes white text at >= 4.5:1. */
export const SEAT_COLOURS = ["#1d4f91", "#9a5a0c", "#2f7a45", "#8a3b9c", "#b8322c", "#257979"];

/** A seat's colour. */
export const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** A company's coloured badge (colours.js): round, or square for the kinds styled so. */
export function companyBadge(id, opts = {}) {
  const st = companyStyle(id);
  return h(
    "span",
    {
      class: ["co-badge", `co-${st.kind}`, opts.class],
      style: { "--co": st.fill, "--co-text": st.text },
      title: opts.title ?? id,
      "data-company": id,
    },
    opts.label ?? st.label,
  );
}

/** A seat's name in the view ("" for none). */
export function seatName(view, seat) {
  return seat === null || seat === undefined ? "" : view.players[seat]?.name ?? `Seat ${seat + 1}`;
}
