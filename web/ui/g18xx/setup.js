// The seats of an 18xx title's new-game form: one row per seat with the player's name and
// who plays it (a person, or a bot of one of the engine's levels), and the session's seats
// and names made from them. The form itself, with the title's options, is the title's.

import { h, nameInput } from "../dom.js";

/**
 * The seat rows. `seats`: [{name, kind: "human" | "bot:<level>"}]; `bots`: the engine's bot
 * levels; `onName(i, value)` (while typing, no re-render) and `onKind(i, kind)`.
 */
export function seatRows(seats, bots, { onName, onKind }) {
  return h(
    "div",
    { class: "g18-seats" },
    seats.map((seat, i) =>
      h(
        "div",
        { class: "g18-seat-row" },
        h("label", { class: "field" }, h("span", {}, `Seat ${i + 1}`), nameInput({ value: seat.name, "data-testid": `player-name-${i}` }, (value) => onName(i, value))),
        h(
          "label",
          { class: "field kind" },
          h("span", {}, "Played by"),
          h(
            "select",
            { "data-testid": `seat-kind-${i}`, onchange: (e) => onKind(i, e.target.value) },
            h("option", { value: "human", selected: seat.kind === "human" }, "a person"),
            bots.map((lv) => h("option", { value: `bot:${lv}`, selected: seat.kind === `bot:${lv}` }, `bot (${lv})`)),
          ),
        ),
      ),
    ),
  );
}

/** The session's names (blank ones named by seat, repeated ones numbered as the engine
 * names them, core/names.py) and seats from the form's `chosen` seats. */
export function sessionSeats(chosen) {
  const names = chosen.map((x, i) => x.name.trim() || `Player ${i + 1}`);
  const seen = new Map();
  const unique = names.map((n) => {
    const k = seen.get(n) ?? 0;
    seen.set(n, k + 1);
    return k ? `${n} (${k + 1})` : n;
  });
  return {
    names: unique,
    seats: chosen.map((x) => (x.kind === "human" ? { kind: "human" } : { kind: "bot", level: x.kind.split(":")[1] ?? "normal" })),
  };
}
