// 1840 on the start page: the title card's art, the new-game form (2-6 seats, each a human
// or a bot; the reduced 3-player board; the rules profile), the resume summary and the
// choice after opening a game file (our own save or an 18xx.games export).

import { h, s } from "../dom.js";
import { rulesCard } from "../rules-card.js";
import { describeSave, importChoice, newGameForm, radio, titleArt } from "../g18xx/setup.js";
import { companyStyle } from "../g18xx/colours.js";
import { money, PROFILE_NAMES, VARIANT_NAMES } from "./format.js";

const DEFAULT_NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix"];
export const DEFAULT_1840 = {
  count: 3,
  names: DEFAULT_NAMES,
  kinds: ["human", "bot:normal", "bot:normal", "bot:normal", "bot:normal", "bot:normal"],
  small: false,
  profile: "rulebook",
};

/** The title card's picture: a few hexes with Stadtbahn track and company tokens. */
export function art1840() {
  const token = (cx, cy, id) => {
    const st = companyStyle(id);
    return s("g", {}, s("circle", { cx, cy, r: 8.5, fill: st.fill, stroke: "#fff", "stroke-width": 1.2 }), s("text", { x: cx, y: cy, dy: "0.35em", "text-anchor": "middle", "font-size": 7.5, "font-weight": 700, fill: st.text, "font-family": "system-ui, sans-serif" }, st.label));
  };
  return titleArt(
    "g40-art",
    [
      [30, 26, "#fbe14b", "#b99e10"],
      [68, 26, "#7cc35a", "#3f7f2a"],
      [49, 59, "#f7f3e6", "#b9ad92"],
      [87, 59, "#e0584c", "#9e2c22"],
    ],
    s("polygon", { points: "49,37 68,48 68,70 49,81 30,70 30,48", fill: "none", stroke: "#ffa500", "stroke-width": 3.5 }),
    s("path", { d: "M11 26 H49 L68 26 H90", stroke: "#161616", "stroke-width": 4, fill: "none" }),
    s("path", { d: "M30 70 L49 59 L68 70 L87 59", stroke: "#5b3716", "stroke-width": 4, fill: "none" }),
    s("path", { d: "M30 70 L49 59 L68 70 L87 59", stroke: "#fff", "stroke-width": 1.6, "stroke-dasharray": "3 2.4", fill: "none" }),
    token(49, 26, "WT"),
    token(87, 59, "GWStStB"),
    token(49, 59, "V"),
  );
}

/** The new-game form of 1840 inside the start page (`home` is the HomeScreen). */
export function newGameForm1840(home, title) {
  const variantOf = (st, count) => (count === 2 ? "two_player" : count === 3 && st.small ? "three_player_small" : "standard");
  return newGameForm(home, title, {
    key: "g1840",
    defaults: DEFAULT_1840,
    cls: "g40-form",
    startLabel: (st, count) => `Start: ${VARIANT_NAMES[variantOf(st, count)]}`,
    start: (cur, seats, count) => ({
      title: "1840",
      ...seats,
      options: { profile: cur.profile, ...(count === 3 && cur.small ? { three_player_small: true } : {}) },
    }),
    fields: (st, update, count) => [
      count === 3
        ? h(
            "label",
            { class: "check" },
            h("input", { type: "checkbox", checked: st.small, "data-testid": "small-board", onchange: (e) => update({ small: e.target.checked }) }),
            h("span", {}, "Reduced board for 3 players (rule XII)"),
          )
        : count === 2
          ? h("p", { class: "muted small" }, "Two players always play on the 2-player board (rule XIII).")
          : null,
      h(
        "fieldset",
        { class: "seg" },
        h("legend", {}, "Rules"),
        radio("g40-profile", "rulebook", st.profile === "rulebook", "Rulebook", "profile-rulebook", () => update({ profile: "rulebook" })),
        radio("g40-profile", "18xx.games", st.profile === "18xx.games", "18xx.games rules", "profile-18xx", () => update({ profile: "18xx.games" })),
      ),
      h(
        "p",
        { class: "muted small" },
        st.profile === "rulebook"
          ? "The German rulebook as written: the tram always runs its best route."
          : "As played on 18xx.games: e.g. privates count in the final score and the bonus marker is free.",
      ),
    ],
  });
}

/** After a 1840 file was validated: who plays which seat. `onOpen(seats)`. */
export function importChoice1840(resp, { source, onOpen, onCancel }) {
  const v = resp.view;
  return importChoice(resp, {
    title: "1840",
    summary: `${v.ended_by_hand ? `ended by hand on 18xx.games in ${v.round.label}` : resp.result ? "finished" : v.round.label} · ${VARIANT_NAMES[v.variant] ?? v.variant} · ${PROFILE_NAMES[v.profile] ?? v.profile}`,
    note: source === "18xx" ? "Imported from 18xx.games: it opens at its last state, with its whole history to step through." : "A saved game.",
    money,
    onOpen,
    onCancel,
  });
}

/** A short description of a saved 1840 game for the start page. */
export function describe1840(rec) {
  return describeSave(rec, "1840", (v, over) => `${over ? "Finished" : v.round.label} · ${VARIANT_NAMES[v.variant] ?? v.variant} · ${PROFILE_NAMES[v.profile] ?? v.profile}`);
}

/** A short "how to play" for the start page. */
export function rules1840() {
  return rulesCard(
    "How to play 1840 Vienna Tramways",
    [
      ["Sights.", "Bid for the six sights (privates); then the order cards are chosen, the player with the least cash first."],
      ["Stock Rounds.", "In the first one every player founds a major and sets its start price. Later, sell shares, then buy one share per turn: majors and the four Stadtbahn companies."],
      ["Company Rounds.", "Each major pays a dividend from what its Lines earned, buys trams (a major without one must buy, its director helps), and bids for new Lines."],
      ["Line Rounds.", "Each Line lays a tile, may build the next Stadtbahn tile (and take its bonus), places a station marker, and runs its tram on the best route: the engine finds it for you."],
      ["The end.", "After the sixth Company Round the richest player wins: cash plus shares, minus loans."],
    ],
    "Everything is public. Every control offers only what the rules allow now; undo takes back your own actions of the current turn.",
    "g40-rules",
  );
}
