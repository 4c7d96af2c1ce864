// The start page: pick a game (only titles the engine lists and this UI can draw), start a new
// one (names, mode, bot level, who starts), resume the autosave, or import a game file.

import { h, mount, nameInput } from "./dom.js";
import { rulesCard } from "./rules-card.js";
import { loadSetup, writeSetup } from "./store.js";
import { art1840, describe1840, importChoice1840, newGameForm1840, rules1840 } from "./g1840/setup.js";
import { art1881, describe1881, importChoice1881, newGameForm1881, rules1881 } from "./g1881/setup.js";
import { tramCard } from "./trambahn/cards.js";

/** Titles this front end has a table for. */
export const UI_TITLES = {
  trambahn: {
    blurb: "Munich, 1900: build tram lines in your colours, wait for passengers, and buy horse, steam and electric trams before your rival does. A card game for two.",
    art: () => h("div", { class: "title-art" }, tramCard("H", { name: "Horse tram", multiplier: 2, cost: 5 }), tramCard("S", { name: "Steam tram", multiplier: 3, cost: 10 }), tramCard("E", { name: "Electric tram", multiplier: 4, cost: 15 })),
  },
  1840: {
    blurb: "Vienna, 1840-1900: direct a tram company, win Lines at auction, lay track across the city, buy ever better trams and invest in the four Stadtbahn companies. An 18xx game for 2 to 6 players, against people on this device or bots.",
    art: art1840,
    form: (home, title) => newGameForm1840(home, title),
    describe: describe1840,
  },
  1881: {
    blurb: "Berlin, 1881-1914: bid in secret for the start, found tram companies, lay track from the Spree to the lakes, run ever longer trains. An 18xx game for 3 to 6 players, against people on this device or bots.",
    art: art1881,
    form: (home, title) => newGameForm1881(home, title),
    describe: describe1881,
  },
};

// The page refuses bigger files before reading them (an 18xx.games export of a whole 6-player game
// is well under 1 MB).
const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
// Actions replayed per engine call while an 18xx.games file imports: small enough to show progress,
// large enough that the calls cost little.
const IMPORT_STEP = 25;
const NOT_A_GAME_FILE = "this is not a Tramways or 18xx.games game file (it is not JSON).";

const megabytes = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;

const DEFAULT_SETUP = { mode: "bot", names: ["Anna", "Ben"], level: "normal", start: "0" };

export class HomeScreen {
  /**
   * @param {HTMLElement} host
   * @param {object} opts { autosave, titles, engine, onStart(setup), onResume(), onImport(save, choice) }
   */
  constructor(host, opts) {
    this.host = host;
    this.opts = opts;
    this.engine = opts.engine ?? null;
    this.titles = opts.titles ?? null;
    this.autosave = opts.autosave ?? null;
    this.setup = { ...DEFAULT_SETUP, ...(loadSetup() ?? {}) };
    this.selectedTitle = this.setup.title ?? null;
    this.importState = null; // {error} | {save, resp}
    this.engineError = null;
    this.render();
  }

  setEngine(engine, titles) {
    this.engine = engine;
    this.titles = titles;
    this.render();
  }

  setEngineError(message) {
    this.engineError = message;
    this.render();
  }

  saveSetup() {
    writeSetup(this.setup);
  }

  playableTitles() {
    return (this.titles ?? []).filter((t) => UI_TITLES[t.id]);
  }

  render() {
    const titles = this.playableTitles();
    if (!titles.some((t) => t.id === this.selectedTitle)) this.selectedTitle = null;
    if (!this.selectedTitle && titles.length) this.selectedTitle = titles.length === 1 ? titles[0].id : titles.find((t) => t.id === "trambahn")?.id ?? null;
    mount(
      this.host,
      h(
        "div",
        { class: "home", "data-testid": "home" },
        h(
          "header",
          { class: "home-hero" },
          h("div", { class: "hero-sign", "aria-hidden": "true" }, "H"),
          h("div", {}, h("h1", {}, "Tramways"), h("p", { class: "tagline" }, "Tram-era board games at your table: against a friend on one device, or against the bot.")),
        ),
        this.engineError ? h("p", { class: "error banner", role: "alert", "data-testid": "engine-error" }, `The game engine could not start: ${this.engineError}`) : null,
        this.resumeCard(),
        h("section", { class: "home-section" }, h("h2", {}, "New game"), this.titleList(titles)),
        this.importCard(),
        this.rulesCard(),
        this.playableTitles().some((t) => t.id === "1840") ? h("section", { class: "home-section rules-card" }, rules1840()) : null,
        this.playableTitles().some((t) => t.id === "1881") ? h("section", { class: "home-section rules-card", "data-testid": "rules-1881" }, rules1881()) : null,
        h("footer", { class: "home-footer" }, "Runs entirely in your browser, offline after the first visit. Games are saved on this device."),
      ),
    );
  }

  resumeCard() {
    const a = this.autosave;
    if (!a) return null;
    const other = a.title !== "trambahn" ? UI_TITLES[a.title]?.describe?.(a) : null;
    if (other) {
      return h(
        "section",
        { class: "home-section resume-card", "data-testid": "resume-card" },
        h(
          "div",
          { class: "resume-text" },
          h("h2", {}, other.over ? "Last game" : "Continue your game"),
          h("p", { class: "resume-who" }, other.who),
          h("p", { class: "muted", "data-testid": "resume-summary" }, `${other.summary} · saved ${ago(a.savedAt)}`),
        ),
        h("button", { type: "button", class: "btn primary big", "data-testid": "resume-game", onclick: () => this.opts.onResume() }, other.over ? "Show result" : "Continue"),
      );
    }
    const v = a.response.view;
    const names = v.players;
    const over = Boolean(a.response.result);
    const who = a.session.mode === "bot" ? `${names[a.session.humanSeat]} vs ${names[a.session.botSeat]} (bot, ${a.session.level})` : `${names[0]} vs ${names[1]} · one device`;
    return h(
      "section",
      { class: "home-section resume-card", "data-testid": "resume-card" },
      h(
        "div",
        { class: "resume-text" },
        h("h2", {}, over ? "Last game" : "Continue your game"),
        h("p", { class: "resume-who" }, `Trambahn · ${who}`),
        h(
          "p",
          { class: "muted", "data-testid": "resume-summary" },
          `${over ? "Finished" : `Fahrt ${v.scorings} / ${v.scorings_total}, turn ${v.turn}`} · ${names.map((n, i) => `${n} ${v.pad.totals[i]}`).join(" : ")} · saved ${ago(a.savedAt)}`,
        ),
      ),
      h("button", { type: "button", class: "btn primary big", "data-testid": "resume-game", onclick: () => this.opts.onResume() }, over ? "Show result" : "Continue"),
    );
  }

  titleList(titles) {
    if (!this.titles) {
      return h("p", { class: "muted loading", "data-testid": "titles-loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Starting the game engine…");
    }
    if (!titles.length) return h("p", { class: "error" }, "No playable game was found in the engine.");
    return h(
      "div",
      { class: "title-list" },
      titles.map((t) => {
        const ui = UI_TITLES[t.id];
        const open = this.selectedTitle === t.id;
        return h(
          "article",
          { class: ["title-card", open && "is-open"], "data-testid": `title-card-${t.id}` },
          h(
            "div",
            { class: "title-head" },
            ui.art(),
            h(
              "div",
              { class: "title-text" },
              h("h3", {}, t.name),
              h("p", { class: "muted" }, `${t.min_players === t.max_players ? t.min_players : `${t.min_players}–${t.max_players}`} players${t.bots.length ? ` · bot: ${t.bots.join(", ")}` : ""}`),
              h("p", {}, ui.blurb),
              open ? null : h("button", { type: "button", class: "btn primary", "data-testid": `choose-${t.id}`, onclick: () => { this.selectedTitle = t.id; this.setup = { ...this.setup, title: t.id }; this.saveSetup(); this.render(); } }, "Set up a game"),
            ),
          ),
          open ? (ui.form ? ui.form(this, t) : this.newGameForm(t)) : null,
        );
      }),
    );
  }

  newGameForm(title) {
    const st = this.setup;
    const bots = title.bots ?? [];
    const vsBot = st.mode === "bot" && bots.length > 0;
    const nameLabel = (i) => (vsBot ? (i === 0 ? "Your name" : "Bot's name") : `Player ${i + 1}`);
    const update = (patch, rerender = false) => {
      this.setup = { ...this.setup, ...patch };
      writeSetup(this.setup);
      if (rerender) this.render();
    };
    const startLabels = vsBot ? ["You", "The bot", "Random"] : [st.names[0] || "Player 1", st.names[1] || "Player 2", "Random"];
    const form = h(
      "form",
      {
        class: "new-game-form",
        "data-testid": "new-game-form",
        onsubmit: (e) => {
          e.preventDefault();
          if (!this.engine) return;
          const names = this.setup.names.map((n, i) => n.trim() || (vsBot && i === 1 ? "Bot" : `Player ${i + 1}`));
          if (names[0] === names[1]) names[1] = `${names[1]} 2`;
          this.opts.onStart({ title: title.id, mode: vsBot ? "bot" : "hotseat", names, level: this.setup.level, start: this.setup.start });
        },
      },
      h(
        "fieldset",
        { class: "seg" },
        h("legend", {}, "Mode"),
        radio("mode", "bot", vsBot, "Against the bot", "mode-bot", () => update({ mode: "bot" }, true), !bots.length),
        radio("mode", "hotseat", !vsBot, "Two players, one device", "mode-hotseat", () => update({ mode: "hotseat" }, true)),
      ),
      h(
        "div",
        { class: "names" },
        [0, 1].map((i) =>
          h(
            "label",
            { class: "field" },
            h("span", {}, nameLabel(i)),
            nameInput({ value: st.names[i], "data-testid": `player-name-${i}` }, (value) => {
              const names = [...this.setup.names];
              names[i] = value;
              update({ names });
            }),
          ),
        ),
      ),
      vsBot
        ? h(
            "fieldset",
            { class: "seg" },
            h("legend", {}, "Bot level"),
            bots.map((level) => radio("level", level, st.level === level, level[0].toUpperCase() + level.slice(1), `level-${level}`, () => update({ level }, true))),
          )
        : null,
      h(
        "fieldset",
        { class: "seg" },
        h("legend", {}, "Who starts"),
        radio("start", "0", st.start === "0", startLabels[0], "start-0", () => update({ start: "0" }, true)),
        radio("start", "1", st.start === "1", startLabels[1], "start-1", () => update({ start: "1" }, true)),
        radio("start", "random", st.start === "random", startLabels[2], "start-random", () => update({ start: "random" }, true)),
      ),
      h("p", { class: "muted small" }, "The start player begins with 12,000 Mark, the other with 15,000."),
      h(
        "div",
        { class: "form-buttons" },
        h("button", { type: "submit", class: "btn primary big", "data-testid": "start-game", disabled: !this.engine }, this.engine ? "Start game" : "Starting the engine…"),
        this.autosave && !this.autosave.response.result ? h("span", { class: "muted small" }, "Starting replaces the saved game (export it first to keep it).") : null,
      ),
    );
    return form;
  }

  importCard() {
    const st = this.importState;
    const busy = !this.engine || Boolean(st?.progress); // one file at a time
    let body = null;
    if (st?.error) {
      body = h("p", { class: "error", role: "alert", "data-testid": "import-error" }, `This file cannot be loaded: ${st.error}`);
    } else if (st?.progress) {
      const { done, total } = st.progress;
      body = h(
        "div",
        { class: "import-progress", "data-testid": "import-progress", role: "status" },
        h("progress", { max: String(total), value: String(done) }),
        h("span", { class: "muted small" }, ` Replaying the game: ${done} of ${total} actions…`),
      );
    } else if (st?.resp && st.resp.title === "1881") {
      body = importChoice1881(st.resp, {
        onOpen: (seats) => this.opts.onImport(st.save, { title: "1881", seats }),
        onCancel: () => {
          this.importState = null;
          this.render();
        },
      });
    } else if (st?.resp && st.resp.title === "1840") {
      body = importChoice1840(st.resp, {
        source: st.source,
        onOpen: (seats) => this.opts.onImport(st.save, { title: "1840", seats }),
        onCancel: () => {
          this.importState = null;
          this.render();
        },
      });
    } else if (st?.resp) {
      const v = st.resp.view;
      const names = v.players;
      body = h(
        "div",
        { class: "import-choice", "data-testid": "import-choice" },
        h("p", {}, h("strong", {}, `${names[0]} vs ${names[1]}`), ` · ${st.resp.n_actions} actions · Fahrt ${v.scorings} / ${v.scorings_total}${st.resp.result ? " · finished" : ""}`),
        h("p", { class: "muted small" }, "How do you want to continue it? (It replaces the saved game.)"),
        h(
          "div",
          { class: "form-buttons" },
          h("button", { type: "button", class: "btn primary", "data-testid": "import-hotseat", onclick: () => this.opts.onImport(st.save, { mode: "hotseat" }) }, "Two players, one device"),
          [0, 1].map((seat) =>
            h("button", { type: "button", class: "btn", "data-testid": `import-bot-${seat}`, onclick: () => this.opts.onImport(st.save, { mode: "bot", humanSeat: seat, level: this.setup.level }) }, `Play ${names[seat]} vs bot`),
          ),
          h("button", { type: "button", class: "btn ghost", onclick: () => { this.importState = null; this.render(); } }, "Cancel"),
        ),
      );
    }
    return h(
      "section",
      { class: "home-section import-card" },
      h("h2", {}, "Open a game file"),
      h("p", { class: "muted small" }, "A file exported from a game here (Export button), or an 1840 game exported from 18xx.games. Nothing is replaced unless the file is valid."),
      h(
        "label",
        { class: ["btn file-btn", busy && "disabled"] },
        h("input", {
          type: "file",
          accept: ".json,application/json",
          "data-testid": "import-file",
          disabled: busy,
          onchange: (e) => this.readImport(e.target),
        }),
        this.engine ? "Choose file…" : "Starting the engine…",
      ),
      this.playableTitles().some((t) => t.id === "1840")
        ? h(
            "label",
            { class: ["btn file-btn", busy && "disabled"], title: "A game exported from 18xx.games (1840 Vienna Tramways): opens at its last state" },
            h("input", {
              type: "file",
              accept: ".json,application/json",
              "data-testid": "import-18xx-file",
              disabled: busy,
              onchange: (e) => this.readImport(e.target, "18xx"),
            }),
            "Import from 18xx.games…",
          )
        : null,
      body,
    );
  }

  async readImport(input, source = "save") {
    const file = input.files?.[0];
    input.value = "";
    if (!file || !this.engine) return;
    if (file.size > IMPORT_MAX_BYTES) {
      this.importState = { error: `the file is ${megabytes(file.size)}; game files are at most ${megabytes(IMPORT_MAX_BYTES)}.` };
      this.render();
      return;
    }
    let text;
    try {
      text = await file.text();
    } catch (err) {
      this.importState = { error: `the file could not be read (${err?.message ?? err})` };
      this.render();
      return;
    }
    let save;
    try {
      save = JSON.parse(text);
    } catch {
      this.importState = { error: NOT_A_GAME_FILE };
      this.render();
      return;
    }
    // Validate in a scratch slot: the current game is never touched by a bad file.
    const resp = source === "18xx" ? await this.replay18xx(save) : await this.engine.call({ op: "load", game_id: "import", save, seat: null });
    this.importState = resp.ok ? { save: resp.save ?? save, resp, source } : { error: resp.error?.message ?? "unknown error" };
    this.render();
  }

  /** An 18xx.games file replayed a few actions per engine call, with its progress shown. */
  async replay18xx(data) {
    let resp = await this.engine.call({ op: "import_start", game_id: "import", title: "1840", data });
    while (resp.ok && !resp.view) {
      this.importState = { progress: { done: resp.done, total: resp.total } };
      this.render();
      resp = await this.engine.call({ op: "import_step", game_id: "import", count: IMPORT_STEP, seat: null });
    }
    return resp;
  }

  rulesCard() {
    return h(
      "section",
      { class: "home-section rules-card" },
      rulesCard(
        "How to play Trambahn",
        [
          ["Passengers.", "Play 1 or 2 cards into the rows of their colour (a conductor fits any row). The 4th passenger in a row scores that line: every column of that colour, of both players."],
          ["Stations.", "Build your own columns: one colour each, strictly ascending values. A 10 completes a column. The 8th card of a column scores an Extra Tour."],
          ["Income.", "Put hand cards face down on your money pile: 1 card = 1,000 Mark. Nobody may look at money."],
          ["Buy trams.", "Horse ×2 (5), steam ×3 (10), electric ×4 (15), one per column. A column scores its victory points × its tram."],
          ["Draw.", "Columns still without a tram become money; draw back to 6 cards."],
        ],
        "The game ends immediately with the 10th scoring. Most points wins; on a tie, the bigger money pile.",
      ),
    );
  }
}

function radio(name, value, checked, label, testid, onchange, disabled = false) {
  return h(
    "label",
    { class: ["seg-option", checked && "is-checked", disabled && "disabled"] },
    h("input", { type: "radio", name, value, checked, disabled, "data-testid": testid, onchange }),
    h("span", {}, label),
  );
}

function ago(iso) {
  if (!iso) return "";
  const s = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}
