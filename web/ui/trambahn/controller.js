// One Trambahn game on screen: owns the engine conversation, the selection, the bot loop,
// hotseat hand-over, undo, history, autosave, export and the end screen.
// Everything clickable comes from the engine's `legal` list; this file never decides a rule.

import { h, mount, reveal, sleep, stuckHeight } from "../dom.js";
import { EngineGame } from "../engine-game.js";
import { shareGame } from "../links.js";
import { settings } from "../store.js";
import { LINE_INFO, moneyBack } from "./cards.js";
import { scorePad, totalsChart } from "./pad.js";
import { WIDE, createTableSkeleton, eventToast, renderTable } from "./table.js";

export class TrambahnGame extends EngineGame {
  /**
   * @param {HTMLElement} host where the table is mounted
   * @param {object} opts { session, resp, viewer, covered, onMenu(), onRematch(session) }
   */
  constructor(host, opts) {
    super("trambahn", opts); // session: {mode: "hotseat"|"bot", botSeat, humanSeat, level}
    this.host = host;
    this.selection = null;
    this.botNote = null;
    this.highlights = { columns: new Map(), rows: new Set(), padN: null };
    this.settings = settings();
    const { root, regions } = createTableSkeleton();
    this.root = root;
    this.regions = { ...regions, root };
    root.addEventListener("click", (e) => this.onClick(e));
    root.addEventListener("keydown", (e) => this.onKey(e));
    root.addEventListener("input", (e) => this.onInput(e));
    host.replaceChildren(root);
    this.rerenderOn(WIDE);
  }

  destroy() {
    super.destroy();
    clearTimeout(this.hiTimer);
  }

  // --- engine ------------------------------------------------------------------------------

  /** A game just created (op "new" or an import) in the engine. */
  attachNew(engine) {
    this.engine = engine;
    this.persist();
    this.render();
    this.continueAfterChange();
    this.runQueued();
  }

  continueAfterChange() {
    if (this.resp.result) {
      this.render();
      return;
    }
    if (this.session.mode === "bot" && this.resp.active === this.session.botSeat) this.runBot();
  }

  // --- state helpers -------------------------------------------------------------------------

  legal() {
    return this.interactive() ? this.resp.legal ?? [] : [];
  }

  targetKey(action) {
    switch (action.type) {
      case "passenger":
        return `row:${action.row ?? this.view.cards?.[action.card]?.line}`;
      case "station":
        return action.column === null || action.column === undefined ? "col:new" : `col:${action.column}`;
      case "income":
        return "money";
      case "buy":
        return `col:${action.column}`;
      default:
        return null;
    }
  }

  targets() {
    const map = new Map();
    const sel = this.selection;
    if (!sel) return map;
    for (const a of this.legal()) {
      const match = sel.kind === "card" ? a.card === sel.code && a.type !== "buy" : a.type === "buy" && a.tram === sel.code;
      if (!match) continue;
      const key = this.targetKey(a);
      if (key && !map.has(key)) map.set(key, a);
    }
    return map;
  }

  hint(targets) {
    if (!this.interactive()) return null;
    if (!this.selection) {
      const legal = this.legal();
      if (!legal.length) return null;
      const canBuy = legal.some((a) => a.type === "buy");
      const cards = legal.some((a) => a.card && a.type !== "buy");
      const tramless = this.view.seats[this.viewer].columns.filter((c) => !c.tram).length;
      const warn = tramless ? ` ${tramless === 1 ? "A column" : `${tramless} columns`} without a tram will go to your money pile when you end the turn.` : "";
      let ask = "Nothing more to do: end your turn.";
      if (cards && canBuy) ask = "Select a hand card, or a tram from the supply.";
      else if (cards) ask = "Select a hand card; then tap where it goes.";
      else if (canBuy) ask = "Select a tram from the supply; then tap the column it goes to, or end your turn.";
      return ask + warn;
    }
    const parts = [];
    for (const key of targets.keys()) {
      if (key.startsWith("row:")) parts.push(`the ${LINE_INFO[key.slice(4)]?.name ?? ""} row (passenger)`);
      else if (key === "col:new") parts.push("“new column” (station)");
      else if (key === "money") parts.push("your money pile (income)");
    }
    const columns = [...targets.keys()].filter((k) => /^col:\d+$/.test(k)).length;
    if (columns) parts.push(this.selection.kind === "tram" ? `a column without a tram (${columns})` : `a highlighted column (${columns})`);
    return parts.length ? `Now tap ${parts.join(", or ")}.` : "This card has nothing to do right now.";
  }

  ctx() {
    const live = !this.history;
    const resp = live ? this.resp : this.history.resp ?? this.resp;
    const legal = this.legal();
    const targets = live ? this.targets() : new Map();
    return {
      resp,
      viewer: this.viewer,
      mode: live ? "live" : "history",
      engineReady: Boolean(this.engine),
      interactive: live && this.interactive(),
      covered: this.covered,
      busy: this.busy,
      selection: live ? this.selection : null,
      selectable: {
        cards: new Set(legal.filter((a) => a.card && a.type !== "buy").map((a) => a.card)),
        trams: new Set(legal.filter((a) => a.type === "buy").map((a) => a.tram)),
      },
      targets,
      endTurn: legal.find((a) => a.type === "end_turn") ?? null,
      canUndo: live && this.resp.can_undo,
      status: this.status,
      error: this.error,
      hint: live ? this.botNote ?? this.hint(targets) : null,
      highlights: live ? this.highlights : null,
      fresh: live ? this.fresh : null,
      botSeat: this.session.mode === "bot" ? this.session.botSeat : null,
    };
  }

  // --- rendering -----------------------------------------------------------------------------

  /** What appeared since the last rendered live response (cards just placed, trams bought). */
  trackFresh() {
    const view = this.resp?.view;
    if (!view || view === this.lastView) return;
    const prev = this.lastView;
    this.lastView = view;
    const fresh = new Set();
    if (prev) {
      for (const [line, cards] of Object.entries(view.rows)) {
        const before = prev.rows[line]?.length ?? 0;
        for (let i = before; i < cards.length; i += 1) fresh.add(`row:${line}:${i}`);
      }
      view.seats.forEach((seat, s) => {
        for (const col of seat.columns) {
          const old = prev.seats[s].columns.find((c) => c.id === col.id);
          for (let i = old ? old.cards.length : 0; i < col.cards.length; i += 1) fresh.add(`col:${s}:${col.id}:${i}`);
          if (col.tram && !old?.tram) fresh.add(`tram:${s}:${col.id}`);
        }
      });
    }
    this.fresh = fresh;
  }

  render() {
    if (this.destroyed) return;
    if (!this.history) this.trackFresh();
    this.noteFocus();
    renderTable(this.regions, this.ctx());
    this.fresh = null; // arrivals animate once, not on every re-render
    // state for tests and styling: what the table shows right now
    Object.assign(this.root.dataset, {
      nActions: String(this.resp.n_actions ?? 0),
      active: String(this.resp.active ?? ""),
      viewer: String(this.viewer ?? ""),
      step: this.resp.view.step,
      engine: this.engine ? "ready" : "starting",
      busy: this.working ? "1" : "0",
      interactive: this.interactive() ? "1" : "0",
      mode: this.history ? "history" : "live",
    });
    if (this.history) this.regions.turnbar.prepend(this.historyBar());
    this.renderOverlay();
    this.restoreFocus();
    if (!this.painted) {
      this.painted = true;
      performance.mark("board-painted");
      // wide layout: the board scrolls on its own; start with your own columns in view
      const board = this.root.querySelector(".board");
      if (board && board.scrollHeight > board.clientHeight) board.scrollTop = board.scrollHeight;
    }
  }

  /** Remember which control has the focus: every render rebuilds the table's controls. */
  noteFocus() {
    const el = document.activeElement;
    if (!el || el === document.body || !this.root.contains(el)) return;
    const d = el.dataset ?? {};
    this.focusWant = { testid: d.testid, card: d.card, index: d.index, target: d.target, tram: d.tram };
  }

  /**
   * Put the focus back after a render: on the same control if it is still there, else on the
   * next sensible one (a playable hand card, End turn, the cover's button). While everything is
   * disabled (the engine or the bot at work) it waits for a later render.
   */
  restoreFocus() {
    const want = this.focusWant;
    const el = document.activeElement;
    if (!want || (el && el !== document.body && el.isConnected)) return;
    const attrs = [["data-testid", want.testid], ["data-card", want.card], ["data-index", want.index], ["data-target", want.target], ["data-tram", want.tram]];
    const same = attrs.filter(([, v]) => v !== undefined).map(([k, v]) => `[${k}="${CSS.escape(v)}"]`).join("");
    const usable = (sel) => [...this.root.querySelectorAll(sel)].find((x) => !x.disabled && x.getClientRects().length);
    const next =
      (same && usable(same)) ||
      usable("[data-testid=pass-ready], [data-testid=end-screen] [data-testid=rematch]") ||
      usable("[data-testid=hand-card][data-legal]") ||
      usable("[data-testid=end-turn]");
    next?.focus({ preventScroll: true });
  }

  renderOverlay() {
    const el = this.regions.overlay;
    if (this.covered && !this.resp.result) {
      const name = this.view.players[this.viewer];
      mount(
        el,
        h(
          "div",
          { class: "cover", "data-testid": "pass-screen", role: "dialog", "aria-modal": "true", "aria-label": `Pass to ${name}` },
          h(
            "div",
            { class: "cover-card" },
            h("div", { class: "cover-tram", "aria-hidden": "true" }, moneyBack(), moneyBack(), moneyBack()),
            h("h2", {}, `Pass to ${name}`),
            h("p", {}, `${name}, take the device. Your hand stays hidden until you are ready.`),
            h("p", { class: "muted" }, `Fahrt ${this.view.scorings} / ${this.view.scorings_total} · ${this.view.players.map((n, i) => `${n} ${this.view.pad.totals[i]}`).join(" · ")}`),
            h("button", { type: "button", class: "btn primary big", "data-act": "pass-ready", "data-testid": "pass-ready", disabled: !this.engine }, this.engine ? `${name} — tap when ready` : "Starting the engine…"),
            // leave or save the game without showing anybody's hand
            h(
              "div",
              { class: "cover-exits" },
              h("button", { type: "button", class: "btn ghost", "data-act": "share", "data-testid": "pass-share", title: "Share this game as a link" }, "Share"),
              h("button", { type: "button", class: "btn ghost", "data-act": "export", "data-testid": "pass-export", title: "Download this game as a file" }, "Export"),
              h("button", { type: "button", class: "btn ghost", "data-act": "menu", "data-testid": "pass-menu", title: "Back to the start page (the game is saved)" }, "Menu"),
            ),
          ),
        ),
      );
      return;
    }
    if (this.resp.result && !this.endDismissed && !this.history) {
      // the last scoring is on the end screen's pad: its toast would only cover the result
      this.regions.toasts.replaceChildren();
      mount(el, this.endScreen());
      return;
    }
    el.replaceChildren();
  }

  endScreen() {
    const view = this.resp.view;
    const res = this.resp.result;
    const names = view.players;
    const scores = res.scores ?? view.pad.totals;
    let headline;
    if (res.winner === null || res.winner === undefined) headline = "A draw!";
    else if (this.session.mode === "bot") headline = res.winner === this.session.humanSeat ? `You win, ${names[res.winner]}!` : `${names[res.winner]} (bot) wins`;
    else headline = `${names[res.winner]} wins!`;
    let tiebreak = null;
    if (res.tiebreak === "money") {
      tiebreak = `Tied on points: ${names[res.winner]} wins with the bigger money pile (${res.money[res.winner]} against ${res.money[1 - res.winner]} cards).`;
    } else if (res.tiebreak === "draw") {
      tiebreak = `Tied on points and on money (${res.money?.[0]} cards each): the game is a draw.`;
    }
    return h(
      "div",
      { class: "cover end-cover", "data-testid": "end-screen", role: "dialog", "aria-modal": "true", "aria-label": "Game over" },
      h(
        "div",
        { class: "cover-card end-card" },
        h("p", { class: "end-kicker" }, "Endstation · game over after 10 scorings"),
        h("h2", { "data-testid": "end-winner" }, headline),
        h(
          "div",
          { class: "end-totals" },
          names.map((n, i) =>
            h(
              "div",
              { class: ["end-total", `p${i}`, res.winner === i && "winner"] },
              h("span", { class: "end-name" }, n),
              h("strong", { "data-testid": `end-total-${i}` }, String(scores[i])),
              h("span", { class: "muted" }, `${res.money?.[i] ?? view.seats[i].money_count} money cards`),
            ),
          ),
        ),
        tiebreak ? h("p", { class: "tiebreak", "data-testid": "end-tiebreak" }, tiebreak) : null,
        h("div", { class: "end-body" }, h("div", { class: "end-pad" }, scorePad(view)), h("div", { class: "end-chart" }, h("h3", {}, "Running totals"), totalsChart(view))),
        h(
          "div",
          { class: "end-buttons" },
          // pressed while the engine still starts (a reload), they wait and then act
          this.waitButton("rematch", "Play again", { class: "btn primary", "data-testid": "rematch" }, () => this.onRematch?.(this.session, this.resp.players)),
          h("button", { type: "button", class: "btn", "data-act": "close-end", "data-testid": "close-end" }, "Look at the table"),
          this.waitButton("history", "Replay history", { class: "btn", "data-testid": "end-history" }, () => this.enterHistory()),
          h("button", { type: "button", class: "btn", "data-act": "export", "data-testid": "end-export" }, "Export"),
          h("button", { type: "button", class: "btn", "data-act": "share", "data-testid": "end-share", title: "Share the finished game as a link" }, "Share"),
          h("button", { type: "button", class: "btn ghost", "data-act": "menu", "data-testid": "end-menu" }, "Menu"),
        ),
      ),
    );
  }

  historyBar() {
    const { at, total, resp, caption } = this.historyPlace();
    return h(
      "div",
      { class: "history-bar", "data-testid": "history-bar" },
      h("div", { class: "history-title" }, h("strong", {}, "History"), h("span", { "data-testid": "history-pos" }, ` ${at} / ${total}`)),
      h(
        "div",
        { class: "history-controls" },
        h("button", { type: "button", class: "btn", "data-act": "hist-prev", "data-testid": "history-prev", disabled: at <= 0 || this.busy, "aria-label": "Previous action" }, "◀"),
        h("input", { type: "range", min: 0, max: total, value: at, step: 1, "data-testid": "history-slider", "aria-label": "Position in the game", class: "history-slider" }),
        h("button", { type: "button", class: "btn", "data-act": "hist-next", "data-testid": "history-next", disabled: at >= total || this.busy, "aria-label": "Next action" }, "▶"),
        h("button", { type: "button", class: "btn primary", "data-act": "hist-exit", "data-testid": "history-exit" }, "Back to the game"),
      ),
      h("p", { class: "history-caption", "data-testid": "history-caption" }, caption),
    );
  }

  toast(el, ms = 4200) {
    if (!el) return;
    this.regions.toasts.append(el);
    setTimeout(() => el.remove(), ms);
  }

  /** Make scorings, Extra Tours, reshuffles and cleared columns visible. */
  showEvents(view) {
    const events = view?.events ?? [];
    if (!events.length) return;
    const cols = new Map();
    const rows = new Set();
    let padN = null;
    const cleared = new Map();
    for (const ev of events) {
      if (ev.kind === "scoring") {
        rows.add(ev.line);
        padN = ev.n;
        for (const c of ev.columns ?? []) cols.set(`${c.seat}:${c.id}`, c.points);
        this.toast(eventToast(view, ev));
      } else if (ev.kind === "extra_tour") {
        cols.set(`${ev.seat}:${ev.column}`, ev.points);
        this.toast(eventToast(view, ev));
      } else if (ev.kind === "reshuffle") {
        const lost = ev.lost ?? [];
        this.toast(eventToast(view, { ...ev, text: `${view.players.map((n, i) => `${n} gives up ${lost[i] ?? 0}`).join(", ")} money cards.` }));
      } else if (ev.kind === "cleared") {
        cleared.set(ev.seat, (cleared.get(ev.seat) ?? 0) + 1);
      }
    }
    for (const [seat, count] of cleared) this.toast(eventToast(view, { kind: "cleared", seat, count }));
    if (cols.size || rows.size || padN !== null) {
      this.highlights = { columns: cols, rows, padN };
      clearTimeout(this.hiTimer);
      this.hiTimer = setTimeout(() => {
        this.highlights = { columns: new Map(), rows: new Set(), padN: null };
        this.render();
      }, 3200);
    }
  }

  // --- actions -------------------------------------------------------------------------------

  beforeAct() {
    this.selection = null;
    this.botNote = null;
    this.render();
  }

  beforeUndo() {
    this.selection = null;
    this.render();
  }

  /** Take a fresh response after an action of the viewer; hand over in hotseat, run the bot. */
  async accept(r) {
    if (!r.result && r.active !== null && r.active !== this.viewer) {
      if (this.session.mode === "hotseat") {
        const st = await this.call({ op: "state", seat: r.active });
        if (st.ok) {
          this.viewer = r.active;
          this.covered = true;
          this.resp = st;
        } else {
          this.resp = r;
          this.error = st.error.message;
        }
      } else {
        this.resp = r;
      }
    } else {
      this.resp = r;
    }
    this.persist();
    this.render();
    this.continueAfterChange();
  }

  async runBot() {
    const gen = ++this.botGen;
    const { botSeat, humanSeat, level } = this.session;
    const name = this.view.players[botSeat];
    const did = [];
    this.busy = true;
    while (!this.destroyed && gen === this.botGen && !this.resp.result && this.resp.active === botSeat) {
      this.status = `${name} (bot) is playing…`;
      this.botNote = did.length ? `${name}: ${did.join(" · ")}` : null;
      this.render();
      await sleep(this.settings.botDelay);
      if (gen !== this.botGen || this.destroyed) return;
      const before = this.resp.n_actions;
      const r = await this.call({ op: "bot", seat: botSeat, level });
      if (gen !== this.botGen || this.destroyed) return;
      if (!r.ok) {
        this.error = `The bot could not move: ${r.error.message}`;
        break;
      }
      const st = await this.call({ op: "state", seat: humanSeat });
      if (!st.ok) {
        this.error = st.error.message;
        break;
      }
      for (const e of st.log) if (e.i >= before && e.seat === botSeat) addNote(did, shortLog(e.text, name));
      this.showEvents(r.view);
      this.resp = st;
      this.persist();
    }
    if (gen !== this.botGen) return;
    this.busy = false;
    this.status = null;
    this.botNote = did.length ? `${name} played: ${did.join(" · ")}` : null;
    this.render();
  }

  async enterHistory() {
    if (!this.engine || this.busy) return;
    this.botGen += 1; // pause a running bot; resumed on exit
    const total = this.resp.n_actions;
    this.history = { at: total, total, resp: null };
    this.selection = null;
    await this.historyGo(total);
  }

  // --- input ---------------------------------------------------------------------------------

  onClick(e) {
    const el = e.target.closest("[data-act]");
    if (!el || !this.root.contains(el) || el.disabled) return;
    const act = el.dataset.act;
    switch (act) {
      case "card": {
        const index = Number(el.dataset.index);
        const same = this.selection?.kind === "card" && this.selection.index === index;
        this.selection = same ? null : { kind: "card", code: el.dataset.card, index };
        this.error = null;
        this.render();
        this.revealTarget();
        break;
      }
      case "tram": {
        const same = this.selection?.kind === "tram" && this.selection.code === el.dataset.tram;
        this.selection = same ? null : { kind: "tram", code: el.dataset.tram };
        this.error = null;
        this.render();
        this.revealTarget();
        break;
      }
      case "target": {
        const action = this.targets().get(el.dataset.target);
        if (action) this.act(action);
        break;
      }
      case "end-turn": {
        const action = this.legal().find((a) => a.type === "end_turn");
        if (action) this.act(action);
        break;
      }
      case "undo":
        this.undo();
        break;
      case "pass-ready":
        this.covered = false;
        this.persist();
        this.render();
        break;
      case "history":
        this.enterHistory();
        break;
      case "hist-prev":
        this.historyGo(this.history.at - 1);
        break;
      case "hist-next":
        this.historyGo(this.history.at + 1);
        break;
      case "hist-exit":
        this.exitHistory();
        break;
      case "export":
        this.exportSave();
        break;
      case "share":
        shareGame(this);
        break;
      case "close-end":
        this.endDismissed = true;
        this.render();
        break;
      case "rematch":
        this.onRematch?.(this.session, this.resp.players);
        break;
      case "menu":
        this.destroy();
        this.onMenu?.();
        break;
      default:
        break;
    }
  }

  /** A card or tram was picked: show where it can go (a phone may be scrolled elsewhere). */
  revealTarget() {
    if (!this.selection) return;
    const target = this.root.querySelector(".board [data-act=target][data-legal]");
    const top = Math.max(stuckHeight(this.regions.topbar, "top"), stuckHeight(this.regions.turnbar, "top"));
    reveal(target, { top, bottom: stuckHeight(this.regions.handbar, "bottom") });
  }

  onKey(e) {
    if (e.key === "Escape" && this.selection) {
      this.selection = null;
      this.render();
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && e.target.getAttribute?.("role") === "button") {
      e.preventDefault();
      e.target.click();
    }
  }

  onInput(e) {
    if (e.target.matches?.("[data-testid=history-slider]") && this.history) {
      clearTimeout(this.sliderTimer);
      const at = Number(e.target.value);
      this.sliderTimer = setTimeout(() => this.historyGo(at), 60);
    }
  }
}

/** Collapse repeats: "puts a card on the money pile ×3". */
function addNote(list, text) {
  const last = list[list.length - 1];
  const m = last?.match(/^(.*?)(?: ×(\d+))?$/);
  if (m && m[1] === text) list[list.length - 1] = `${text} ×${Number(m[2] ?? 1) + 1}`;
  else list.push(text);
}

/** "Ben places R3 as a passenger" -> "places R3 as a passenger" for the bot banner. */
function shortLog(text, name) {
  return text.startsWith(`${name} `) ? text.slice(name.length + 1) : text;
}
