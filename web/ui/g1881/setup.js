// 1881 on the start page: the title card's art, the new-game form (3-6 seats, each a person
// or a bot; variants 1 and 2 as options), the resume summary, the choice after opening a saved
// 1881 game and the rules card (the rulebook in our own words).

import { h, s } from "../dom.js";
import { rulesCard } from "../rules-card.js";
import { describeSave, importChoice, newGameForm, titleArt } from "../g18xx/setup.js";
import { money, OPTION_NAMES, variantNames } from "./format.js";

export const DEFAULT_1881 = {
  count: 4,
  names: ["Anna", "Ben", "Clara", "David", "Emma", "Felix"],
  kinds: ["human", "bot:normal", "bot:normal", "bot:normal", "bot:normal", "bot:normal"],
  options: {},
};

/** The title card's picture: a green and a yellow hex, the S-Bahn Trasse and a depot. */
export function art1881() {
  return titleArt(
    "g81-art",
    [
      [30, 26, "#fbe14b", "#b99e10"],
      [68, 26, "#7cc35a", "#3f7f2a"],
      [49, 59, "#9fd0ee", "#4f8fb8"],
      [87, 59, "#f7f3e6", "#b9ad92"],
    ],
    s("path", { d: "M8 26 H90", stroke: "#161616", "stroke-width": 4, fill: "none" }),
    s("path", { d: "M30 70 L49 59 L68 70 L87 59 L110 70", stroke: "#7a1f2e", "stroke-width": 4, fill: "none" }),
    s("path", { d: "M30 70 L49 59 L68 70 L87 59 L110 70", stroke: "#c8912a", "stroke-width": 1.6, "stroke-dasharray": "3 2.4", fill: "none" }),
    s("circle", { cx: 49, cy: 26, r: 9, fill: "#F2C200", stroke: "#fff", "stroke-width": 1.2 }),
    s("circle", { cx: 87, cy: 59, r: 9, fill: "#fff", stroke: "#7a1f2e", "stroke-width": 2 }),
    s("text", { x: 87, y: 59, dy: "0.35em", "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#7a1f2e", "font-family": "system-ui, sans-serif" }, "S"),
  );
}

/** The new-game form of 1881 inside the start page (`home` is the HomeScreen). */
export function newGameForm1881(home, title) {
  return newGameForm(home, title, {
    key: "g1881",
    defaults: DEFAULT_1881,
    cls: "g81-form",
    shareNote: ", and each enters the opening bid unseen",
    startLabel: (_st, count) => `Start 1881 with ${count} players`,
    start: (cur, seats) => ({ title: "1881", ...seats, options: Object.fromEntries(Object.entries(cur.options ?? {}).filter(([, on]) => on)) }),
    fields: (st, update) =>
      h(
        "fieldset",
        { class: "checks" },
        h("legend", {}, "Variants"),
        Object.entries(OPTION_NAMES).map(([opt, label]) =>
          h(
            "label",
            { class: "check" },
            h("input", { type: "checkbox", checked: Boolean(st.options?.[opt]), "data-testid": `option-${opt}`, onchange: (e) => update({ options: { ...st.options, [opt]: e.target.checked } }) }),
            h("span", {}, label),
          ),
        ),
      ),
  });
}

/** After a saved 1881 file was validated: who plays which seat. `onOpen(seats)`. */
export function importChoice1881(resp, { onOpen, onCancel }) {
  return importChoice(resp, { title: "1881", summary: resp.result ? "finished" : resp.view.round?.label ?? "", note: "A saved game.", money, onOpen, onCancel });
}

/** A short description of a saved 1881 game for the start page. */
export function describe1881(rec) {
  const opts = variantNames(rec.session?.options);
  return describeSave(rec, "1881", (v, over) => [over ? "Finished" : v.round?.label ?? "", ...opts].filter(Boolean).join(" · "));
}

/** A short "how to play" for the start page, in our own words. */
export function rules1881() {
  return rulesCard(
    "How to play 1881 Berlin",
    [
      ["The opening bid.", "Everyone puts a secret bid (at least 20, in tens) into an envelope. Then the highest bidder swaps envelopes with the lowest, the second with the second-lowest, and so on: the money goes from the keen to the patient. In bid order, each then buys up to four tram shares; a company's first share is its director's share."],
      ["Stock Rounds.", "Buy one share per turn and sell as many as you like. A company starts operating once 60% is sold and gets ten times its par price. New companies open only when the running ones have no new shares left."],
      ["Operating Rounds.", "In price order each company lays or upgrades a tile, may buy a depot, runs its trains over the best routes (the engine finds them) and pays out or withholds; ferry and outskirts bonuses may be kept while the rest is paid."],
      ["Trains and the S-Bahn.", "Only the cheapest trains on sale can be bought; new train types start new phases and old ones rust. From phase 2 the S-Bahn sells shares to players and tram companies; its chairman runs the main network and each board member a sub-network on the Trasse from a start depot, until it links to the main network."],
      ["The end.", "When the bank runs dry or a price reaches 400. The richest player (cash and shares) wins."],
    ],
    "Every control offers only what the rules allow now; undo takes back your own actions of the current turn.",
    "g81-rules",
  );
}
