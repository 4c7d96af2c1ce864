// The new-game form of an 18xx title: the player count, one row per seat with the player's
// name and who plays it (a person, or a bot of one of the engine's levels), a line on who
// shares the device, the title's own fields (its options) and the start button; and the
// session's seats and names made from the rows.

import { h, nameInput, s } from "../dom.js";

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

/** One option of a segmented radio group. */
export function radio(name, value, checked, label, testid, onchange, disabled = false) {
  return h(
    "label",
    { class: ["seg-option", checked && "is-checked", disabled && "disabled"] },
    h("input", { type: "radio", name, value, checked, disabled, "data-testid": testid, onchange }),
    h("span", {}, label),
  );
}

/**
 * The new-game form inside the start page (`home` is the HomeScreen, `title` the engine's
 * entry). The title's settings live in `home.setup[key]` over `defaults` ({count, names,
 * kinds, ...}); `fields(st, update, count)` gives the title's own controls, `startLabel(st,
 * count)` the button's text, `start(cur, seats, count)` the setup for `home.opts.onStart`
 * (`seats` from sessionSeats); `shareNote` ends the line for several people on one device.
 */
export function newGameForm(home, title, { key, defaults, cls, fields, startLabel, start, shareNote = "" }) {
  const st = { ...defaults, ...(home.setup[key] ?? {}) };
  const update = (patch, rerender = true) => {
    home.setup = { ...home.setup, [key]: { ...st, ...patch } };
    home.saveSetup();
    if (rerender) home.render();
  };
  const bots = title.bots ?? [];
  const count = Math.min(title.max_players, Math.max(title.min_players, st.count));
  const seatOf = (cur, i) => ({ name: cur.names[i] ?? defaults.names[i], kind: cur.kinds[i] ?? "bot:normal" });
  const seats = Array.from({ length: count }, (_, i) => seatOf(st, i));
  const humans = seats.filter((x) => x.kind === "human").length;
  return h(
    "form",
    {
      class: ["new-game-form", cls],
      "data-testid": "new-game-form",
      onsubmit: (e) => {
        e.preventDefault();
        if (!home.engine) return;
        // what is typed now: names are stored without a re-render (keeps the caret), so the
        // `seats` of this render may hold the names of the previous one
        const cur = { ...defaults, ...(home.setup[key] ?? {}) };
        home.opts.onStart(start(cur, sessionSeats(seats.map((_, i) => seatOf(cur, i))), count));
      },
    },
    h(
      "fieldset",
      { class: "seg" },
      h("legend", {}, "Players"),
      Array.from({ length: title.max_players - title.min_players + 1 }, (_, k) => title.min_players + k).map((n) =>
        radio(`${cls}-count`, String(n), n === count, String(n), `players-${n}`, () => update({ count: n })),
      ),
    ),
    seatRows(seats, bots, {
      onName: (i, value) => {
        const names = [...st.names];
        names[i] = value;
        st.names = names;
        update({ names }, false);
      },
      onKind: (i, kind) => {
        const kinds = [...st.kinds];
        kinds[i] = kind;
        update({ kinds });
      },
    }),
    h(
      "p",
      { class: "muted small" },
      humans === 0 ? "Only bots: you watch them play (pause or speed them up at any time)." : humans === 1 ? "You play against the bots." : `${humans} people share this device: the screen asks to pass it on between their turns${shareNote}.`,
    ),
    fields(st, update, count),
    h(
      "div",
      { class: "form-buttons" },
      h("button", { type: "submit", class: "btn primary big", "data-testid": "start-game", disabled: !home.engine }, home.engine ? startLabel(st, count) : "Starting the engine…"),
      home.autosave && !home.autosave.response.result ? h("span", { class: "muted small" }, "Starting replaces the saved game (export it first to keep it).") : null,
    ),
  );
}

/**
 * After a game file was validated: who plays which seat (everyone on this device, or one
 * person and bots). `summary`: the summary line after the title and names; `note`: where the
 * file comes from; `money`: the title's formatter. `onOpen(seats)`, `onCancel()`.
 */
export function importChoice(resp, { title, summary, note, money, onOpen, onCancel }) {
  const names = resp.view.players.map((p) => p.name);
  const res = resp.result;
  const allHuman = names.map(() => ({ kind: "human" }));
  const vsBots = (seat) => names.map((_, i) => (i === seat ? { kind: "human" } : { kind: "bot", level: "normal" }));
  return h(
    "div",
    { class: "import-choice", "data-testid": "import-choice" },
    h(
      "p",
      { "data-testid": "import-summary" },
      h("strong", {}, `${title} · ${names.join(", ")}`),
      ` · ${resp.n_actions} actions · ${summary}`,
      res ? ` · final values ${res.scores.map((x) => money(x)).join(" / ")}` : "",
    ),
    h("p", { class: "muted small" }, `${note} It replaces the saved game.`),
    h(
      "div",
      { class: "form-buttons" },
      h("button", { type: "button", class: "btn primary", "data-testid": "import-open", onclick: () => onOpen(allHuman) }, res ? "Open the game" : "Everyone on this device"),
      res
        ? null
        : names.map((n, seat) => h("button", { type: "button", class: "btn", "data-testid": `import-bot-${seat}`, onclick: () => onOpen(vsBots(seat)) }, `Play ${n}, bots for the others`)),
      h("button", { type: "button", class: "btn ghost", "data-testid": "import-cancel", onclick: onCancel }, "Cancel"),
    ),
  );
}

/** A saved game for the start page: {who: "<title> · names (bots marked)", summary, over};
 * `summary(view, over)` is the title's line. */
export function describeSave(rec, title, summary) {
  const v = rec.response.view;
  const seats = rec.session?.seats ?? [];
  const names = v.players.map((p, i) => `${p.name}${seats[i]?.kind === "bot" ? " (bot)" : ""}`);
  const over = Boolean(rec.response.result);
  return { who: `${title} · ${names.join(", ")}`, summary: summary(v, over), over };
}

/** A title card's picture (120 x 92): pointy hexes `[cx, cy, fill, stroke]` under `parts`
 * (more SVG elements: track, tokens). */
export function titleArt(cls, hexes, ...parts) {
  const hex = ([cx, cy, fill, stroke]) => {
    const pts = [];
    for (let i = 0; i < 6; i++) {
      const a = ((60 * i - 30) * Math.PI) / 180;
      pts.push(`${(cx + 22 * Math.cos(a)).toFixed(1)},${(cy + 22 * Math.sin(a)).toFixed(1)}`);
    }
    return s("polygon", { points: pts.join(" "), fill, stroke, "stroke-width": 1.4 });
  };
  return h("div", { class: ["title-art", cls], "aria-hidden": "true" }, s("svg", { viewBox: "0 0 120 92", width: 120, height: 92 }, hexes.map(hex), ...parts));
}
