// One 1840 game on screen: owns the engine conversation, the map, the bot seats, the
// hotseat hand-over, undo, history, autosave, export and the end screen. What a player may
// do comes from the engine's `legal` list only; this file never decides a rule.
//
// session = {title: "1840", seats: [{kind: "human"} | {kind: "bot", level}], lastHuman}

import { h, mount, reveal, sleep, stuckHeight } from "../dom.js";
import { EngineGame } from "../engine-game.js";
import { companyStyle, lineOwnersFromView } from "../g18xx/colours.js";
import { createHexMap } from "../g18xx/hexmap.js";
import { createMarket } from "../g18xx/market.js";
import { settings, writeSettings } from "../store.js";
import { cachedCatalog, fetchCatalog } from "./catalog.js";
import { decisionPanel, lineModes } from "./decide.js";
import { endScreen } from "./endscreen.js";
import { companyBadge, money, seatName, SEAT_COLOURS } from "./format.js";
import { companiesSheet, depotPanel, gameFacts, linesPanel, logPanel, manifestPanel, phaseChip, playersCompact, playersSheet, privatesTable, roundTrack } from "./panels.js";

const TABS = [
  ["overview", "Overview"],
  ["lines", "Lines"],
  ["market", "Market"],
  ["trams", "Trams"],
  ["tiles", "Tiles"],
  ["log", "Log"],
];
const WIDE = typeof matchMedia === "function" ? matchMedia("(min-width: 1000px)") : { matches: true };
const SPEEDS = { slow: 1200, normal: 550, fast: 120, instant: 0 };

export class G1840Game extends EngineGame {
  /**
   * @param {HTMLElement} host
   * @param {object} opts { session, resp, viewer, covered, onMenu(), onRematch(session, players) }
   */
  constructor(host, opts) {
    super("1840", opts);
    this.host = host;
    this.drafts = {};
    this.liveUpdaters = {};
    this.ui = { mode: null, hex: null, tile: null, rotation: null, tokenHex: null };
    this.tab = "overview";
    this.settings = settings();
    this.paused = false;
    this.botNote = [];
    this.flash = null; // a route that just ran (shown until the next change)
    this.catalog = cachedCatalog(this.resp.view.variant);
    this.map = null;
    this.market = null;
    this.buildSkeleton();
    this.rerenderOn(WIDE);
  }

  destroy() {
    super.destroy();
    if (this.onWideKey) document.removeEventListener("keydown", this.onWideKey);
    this.map?.destroy();
    this.map = null;
  }

  // --- seats --------------------------------------------------------------------------------

  seatKind(seat) {
    return this.session.seats?.[seat]?.kind ?? "human";
  }

  isBot(seat) {
    return seat !== null && seat !== undefined && this.seatKind(seat) === "bot";
  }

  humanSeats() {
    return (this.session.seats ?? []).map((s, i) => (s.kind === "human" ? i : null)).filter((i) => i !== null);
  }

  botSeats() {
    return new Set((this.session.seats ?? []).map((s, i) => (s.kind === "bot" ? i : null)).filter((i) => i !== null));
  }

  // --- engine -------------------------------------------------------------------------------

  async ensureCatalog() {
    const variant = this.resp.view.variant;
    try {
      const { catalog, changed } = await fetchCatalog(this.engine, variant);
      if (changed || !this.catalog) {
        this.catalog = catalog;
        this.map?.destroy();
        this.map = null;
        this.mapKey = null;
      }
    } catch (err) {
      if (!this.catalog) this.error = `The map could not be loaded: ${err?.message ?? err}`;
    }
  }

  afterLoad() {
    return this.ensureCatalog();
  }

  /** A game just created (op "new", "load" or "import") in the engine. */
  async attachNew(engine) {
    this.engine = engine;
    this.loading = true;
    await this.ensureCatalog();
    this.loading = false;
    this.persist();
    this.render();
    this.continueAfterChange();
    this.runQueued();
  }

  continueAfterChange() {
    if (this.destroyed || this.history || this.loading) return; // attachSaved continues once loaded
    if (this.stale) {
      // the last response came from a bot move made while paused: a person may be next
      this.stale = false;
      const r = this.resp;
      if (!r.result && !this.isBot(r.active) && r.seat !== r.active) {
        this.accept(r);
        return;
      }
    }
    if (this.resp.result) {
      this.render();
      return;
    }
    if (this.isBot(this.resp.active)) this.runBots();
  }

  // --- state helpers ------------------------------------------------------------------------

  shown() {
    return this.history?.resp ?? this.resp;
  }

  interactive() {
    return super.interactive() && !this.isBot(this.viewer);
  }

  legal() {
    return this.interactive() ? this.resp.legal ?? [] : [];
  }

  /** Register what follows a range control's value without a re-render (decide.js). */
  live(key, fn) {
    (this.liveUpdaters[key] ??= []).push(fn);
  }

  updateLive(key, value) {
    for (const fn of this.liveUpdaters[key] ?? []) fn(value);
  }

  draft(key) {
    return this.drafts[key];
  }

  setDraft(key, value, rerender = true) {
    this.drafts[key] = value;
    if (rerender) this.render();
  }

  resetTurnUi() {
    this.ui = { mode: null, hex: null, tile: null, rotation: null, tokenHex: null };
    this.map?.clearPreview();
  }

  // --- Line turn: map selection ---------------------------------------------------------------

  lineMode(legal = this.legal()) {
    const modes = lineModes(legal);
    if (this.ui.mode && modes.includes(this.ui.mode)) return this.ui.mode;
    const lt = this.view.line_turn;
    if ((lt?.home_choice || lt?.bonus === "extra_station_token_free") && modes.includes("token")) return "token";
    return modes[0] ?? null;
  }

  setLineMode(mode) {
    this.resetTurnUi();
    this.ui.mode = mode;
    this.render();
  }

  layEntries() {
    return this.legal().filter((a) => a.type === "lay_tile");
  }

  rotationsFor(hex = this.ui.hex, tile = this.ui.tile) {
    return this.layEntries()
      .filter((a) => a.hex === hex && a.tile === tile)
      .map((a) => a.rotation);
  }

  pickHex(hex) {
    const here = this.layEntries().filter((a) => a.hex === hex);
    if (!here.length) return;
    this.ui = { ...this.ui, mode: "lay", hex, tile: null, rotation: null, tokenHex: null };
    this.map?.clearPreview();
    // small hexes (a phone, or zoomed out): bring the chosen one close for the preview
    const size = this.map?.hexElement(hex)?.getBoundingClientRect().width ?? 100;
    if (size < 56) this.map.focus(hex, { minHexPx: 84 });
    const tiles = [...new Set(here.map((a) => a.tile))];
    if (tiles.length === 1) this.pickTile(tiles[0]);
    else {
      this.render();
      // the tiles to choose from sit under the map on a phone
      reveal(this.regions.decide.querySelector(".tile-choices"), { top: stuckHeight(this.regions.top, "top") });
    }
  }

  pickTile(tile) {
    const rotations = this.rotationsFor(this.ui.hex, tile);
    if (!rotations.length) return;
    this.ui.tile = tile;
    this.ui.rotation = rotations[0];
    this.render();
    this.map?.setPreview({
      hex: this.ui.hex,
      tile,
      rotation: rotations[0],
      rotations,
      onRotate: (r) => {
        this.ui.rotation = r;
        this.renderDataset();
      },
      onConfirm: () => this.confirmLay(),
      onCancel: () => this.cancelLay(),
    });
    this.renderDataset();
  }

  rotate(step) {
    this.map?.rotatePreview(step);
  }

  confirmLay() {
    const { hex, tile, rotation } = this.ui;
    const entry = this.layEntries().find((a) => a.hex === hex && a.tile === tile && a.rotation === rotation);
    if (entry) this.act(entry);
  }

  cancelLay() {
    const mode = this.ui.mode;
    this.resetTurnUi();
    this.ui.mode = mode;
    this.render();
  }

  pickTokenHex(hex) {
    this.ui.tokenHex = hex;
    this.render();
  }

  tokenEntries(mode = this.lineMode()) {
    const type = mode === "remove" ? "remove_token" : "place_token";
    return this.legal().filter((a) => a.type === type);
  }

  onHexClick(coord, info) {
    if (!this.interactive()) return;
    const mode = this.lineMode();
    if (this.view.step !== "line_turn" || !mode) return;
    if (mode === "lay") {
      if (this.layEntries().some((a) => a.hex === coord)) this.pickHex(coord);
      return;
    }
    const here = this.tokenEntries(mode).filter((a) => a.hex === coord);
    if (!here.length) return;
    if (here.length === 1) return this.act(here[0]);
    const hit = info?.part !== null && info?.part !== undefined ? here.find((a) => a.city === info.part) : null;
    if (hit) return this.act(hit);
    this.pickTokenHex(coord);
  }

  // --- rendering ----------------------------------------------------------------------------

  buildSkeleton() {
    const r = {
      top: h("header", { class: "topbar g40-top", "data-testid": "topbar" }),
      bots: h("div", { class: "g40-bots" }),
      turnMain: h("div", { "aria-live": "polite" }),
      map: h("div", { class: "g40-map", "data-testid": "map-area" }),
      mapTools: h("div", { class: "g40-maptools" }),
      decide: h("section", { class: "g40-decide-wrap", "aria-label": "Your decision" }),
      tabs: h("nav", { class: "g40-tabs", role: "tablist", "aria-label": "Game information" }),
      panel: h("section", { class: "g40-panel", role: "tabpanel", "data-testid": "info-panel" }),
      overlay: h("div", { class: "overlay-root" }),
      wide: h("div", { class: "wide-root" }),
      toasts: h("div", { class: "toasts", "data-testid": "toasts", "aria-live": "polite" }),
    };
    this.regions = r;
    this.root = h(
      "div",
      { class: "g40", "data-testid": "table" },
      r.top,
      h("div", { class: "g40-body" }, h("div", { class: "g40-mapcol" }, r.map, r.mapTools), h("aside", { class: "g40-side" }, h("section", { class: "g40-turn", "data-testid": "turnbar" }, r.bots, r.turnMain), r.decide, h("div", { class: "g40-info" }, r.tabs, r.panel))),
      r.wide,
      r.overlay,
      r.toasts,
    );
    this.host.replaceChildren(this.root);
  }

  ensureMap(view) {
    if (!this.catalog) {
      if (!this.regions.map.querySelector(".map-loading")) mount(this.regions.map, h("p", { class: "map-loading muted", "data-testid": "map-loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), "Loading the map…"));
      return null;
    }
    if (this.map) return this.map;
    if (!performance.getEntriesByName("map-painted").length) performance.mark("map-painted");
    this.regions.map.replaceChildren();
    this.map = createHexMap(this.regions.map, {
      catalog: this.catalog,
      state: view.map,
      phaseColours: view.colours,
      lineOwners: lineOwnersFromView(view.lines),
      onHexClick: (coord, info) => this.onHexClick(coord, info),
      formatMoney: (v) => money(v),
      initialView: WIDE.matches ? "fit" : "fill",
      wheelZoom: true,
    });
    return this.map;
  }

  renderMap(resp) {
    const view = resp.view;
    const map = this.ensureMap(view);
    if (!map) return;
    map.update({ state: view.map, phaseColours: view.colours, lineOwners: lineOwnersFromView(view.lines) });
    const live = !this.history;
    const legal = live ? this.legal() : [];
    const hl = {};
    let stops = [];
    if (live && view.step === "line_turn" && legal.length) {
      const mode = this.lineMode(legal);
      if (mode === "lay") {
        for (const a of legal) if (a.type === "lay_tile") hl[a.hex] = "target";
        if (this.ui.hex) hl[this.ui.hex] = "selected";
      } else if (mode === "token" || mode === "remove") {
        const list = this.tokenEntries(mode);
        for (const a of list) hl[a.hex] = "token";
        stops = list.filter((a) => !this.ui.tokenHex || a.hex === this.ui.tokenHex).map((a) => `${a.hex}-${a.city}`);
        if (this.ui.tokenHex) hl[this.ui.tokenHex] = "selected";
      }
    }
    // the Line auction: where the Line on the block (or, while one is picked, each Line on
    // offer) would start
    const auc = view.auction;
    if (auc?.kind === "line" && auc.lot && view.lines?.[auc.lot]) hl[view.lines[auc.lot].home] ??= "home";
    else if (view.step === "pick") for (const id of view.line_offer ?? []) if (view.lines?.[id]) hl[view.lines[id].home] ??= "home";
    map.setHighlights(hl);
    map.setStopHighlights(stops);
    const routes = [];
    const lt = view.line_turn;
    if (this.showRuns) {
      for (const [id, ln] of Object.entries(view.lines ?? {})) {
        if (!ln.last_run?.stops?.length || lt?.line === id) continue;
        routes.push({ ...ln.last_run, label: `${id}: ${money(ln.last_run.total ?? ln.last_run.revenue)}`, colour: companyStyle(ln.major).fill });
      }
    }
    if (lt?.run) routes.push({ ...lt.run, label: money(lt.run.total), colour: "#d6246e" });
    else if (this.flash && live) routes.push(this.flash);
    map.setRoutes(routes);
    mount(
      this.regions.mapTools,
      h(
        "label",
        { class: "g40-maptool", title: "Draw the route each Line ran last" },
        h("input", { type: "checkbox", checked: Boolean(this.showRuns), "data-testid": "show-runs", onchange: (e) => { this.showRuns = e.target.checked; this.renderMap(this.shown()); } }),
        "Last runs",
      ),
    );
    if (!(live && this.ui.tile)) map.clearPreview();
  }

  render() {
    if (this.destroyed) return;
    const resp = this.shown();
    const view = resp.view;
    this.root.classList.toggle("is-history", Boolean(this.history));
    mount(this.regions.top, this.topbar(resp));
    this.scrollTrack();
    this.root.classList.toggle("needs-map", !this.history && view.step === "line_turn" && this.interactive());
    const bots = this.botControls();
    if (!bots) this.regions.bots.replaceChildren();
    else if (bots.parentNode !== this.regions.bots) this.regions.bots.replaceChildren(bots);
    mount(this.regions.turnMain, this.turnbar(resp));
    this.renderMap(resp);
    this.liveUpdaters = {};
    mount(this.regions.decide, this.history ? this.historyBar() : decisionPanel(this), this.undoBar());
    this.renderTabs(resp);
    this.renderOverlay();
    this.renderDataset();
    if (!this.painted) {
      this.painted = true;
      performance.mark("board-painted");
    }
  }

  /** Keep the current round of the round track in view (it scrolls sideways). */
  scrollTrack() {
    const wrap = this.regions.top.querySelector(".g40-trackwrap");
    const cur = wrap?.querySelector(".is-current");
    if (!wrap || !cur) return;
    wrap.scrollLeft = Math.max(0, cur.offsetLeft - (wrap.clientWidth - cur.offsetWidth) / 2);
  }

  renderDataset() {
    const resp = this.shown();
    Object.assign(this.root.dataset, {
      nActions: String(this.resp.n_actions ?? 0),
      active: String(this.resp.active ?? ""),
      viewer: String(this.viewer ?? ""),
      step: resp.view.step,
      round: resp.view.round?.label ?? "",
      engine: this.engine ? "ready" : "starting",
      busy: this.working ? "1" : "0",
      interactive: this.interactive() ? "1" : "0",
      mode: this.history ? "history" : "live",
      covered: this.covered ? "1" : "0",
      map: this.map ? "ready" : "loading",
      laying: this.ui.tile ? `${this.ui.hex}:${this.ui.tile}:${this.ui.rotation}` : "",
      over: this.resp.result ? "1" : "0",
    });
  }

  topbar(resp) {
    const view = resp.view;
    const buttons = [
      h("button", { type: "button", class: "btn ghost", "data-act": "history", "data-testid": "history-btn", disabled: !this.engine || this.covered || (this.resp.n_actions ?? 0) === 0 || Boolean(this.history), title: "Step through past states", onclick: () => this.enterHistory() }, "History"),
      h("button", { type: "button", class: "btn ghost", "data-testid": "export-btn", title: "Download this game as a file", onclick: () => this.exportSave() }, "Export"),
      h("button", { type: "button", class: "btn ghost", "data-testid": "menu-btn", title: "Back to the start page (the game is saved)", onclick: () => this.menu() }, "Menu"),
    ];
    return [
      h("div", { class: "brand" }, h("span", { class: "brand-mark g40-mark", "aria-hidden": "true" }, "W"), h("span", { class: "brand-name" }, "1840")),
      h("div", { class: "g40-trackwrap" }, roundTrack(view, this.catalog)),
      phaseChip(view),
      h("div", { class: "topbar-buttons" }, buttons),
    ];
  }

  turnbar(resp) {
    const view = resp.view;
    const active = resp.active ?? this.resp.active;
    const acting = view.acting ?? {};
    let whose;
    if (this.resp.result && !this.history) whose = "Game over";
    else if (active === null || active === undefined) whose = this.history ? "History" : "";
    else if (this.history) whose = `History · ${seatName(view, active)} to act`;
    else if (this.interactive() || (active === this.viewer && !this.isBot(active))) whose = this.humanSeats().length > 1 ? `${seatName(view, active)}, your turn` : "Your turn";
    else whose = `${seatName(view, active)}${this.isBot(active) ? " (bot)" : ""} to act`;
    const entity = acting.kind === "major" ? companyBadge(acting.entity) : acting.kind === "line" ? h("span", { class: "muted small" }, `Line ${acting.entity}`) : null;
    // A bot's move is answered with the prompt addressed to that bot ("You: ..."): while the
    // same bot goes on, the line above says who acts instead.
    const toBot = resp.seat !== null && resp.seat !== undefined && resp.seat !== this.viewer && resp.seat === active;
    return [
      h(
        "div",
        { class: "turn-head" },
        active !== null && active !== undefined && !this.resp.result ? h("span", { class: "seat-dot", style: { background: SEAT_COLOURS[active % SEAT_COLOURS.length] } }) : null,
        h("span", { class: "turn-whose", "data-testid": "turn-whose" }, whose),
        entity,
      ),
      h(
        "div",
        { class: "prompt-line" },
        resp.prompt && resp.prompt !== whose && !toBot ? h("p", { class: "prompt", "data-testid": "prompt" }, resp.prompt) : null,
        this.status ? h("p", { class: "status", "data-testid": "status" }, this.status) : null,
        this.error ? h("p", { class: "error", role: "alert", "data-testid": "error" }, this.error) : null,
        this.botNote.length && !this.history ? h("p", { class: "bot-note muted small", "data-testid": "bot-note" }, this.botNote.slice(-3).join(" · ")) : null,
      ),
    ];
  }

  undoBar() {
    if (this.history || !this.engine || this.resp.result) return null;
    const can = this.interactive() && this.resp.can_undo;
    if (!can && !this.humanSeats().length) return null;
    return h(
      "div",
      { class: "undo-bar" },
      h("button", { type: "button", class: "btn ghost", "data-testid": "undo", disabled: !can, title: "Undo your last action of this turn", onclick: () => this.undo() }, "↶ Undo"),
    );
  }

  /**
   * The bots' pause button and speed, one node kept for the whole game and updated in place:
   * it sits at the top of the turn bar, so it neither moves nor is rebuilt while bots play
   * several moves a second (a button that jumps or is replaced under the pointer can't be hit).
   */
  botControls() {
    if (!this.botSeats().size || this.resp.result || this.history) return null;
    if (!this.botBar) {
      const pause = h("button", { type: "button", class: "btn small-btn", "data-testid": "bot-pause", onclick: () => this.togglePause() });
      const speed = h(
        "select",
        {
          "data-testid": "bot-speed",
          "aria-label": "Bot speed",
          onchange: (e) => {
            this.settings.botDelay = SPEEDS[e.target.value] ?? 550;
            writeSettings({ botDelay: this.settings.botDelay });
          },
        },
        [...Object.keys(SPEEDS), "custom"].map((k) => h("option", { value: k }, k)),
      );
      const el = h("div", { class: "bot-controls", "data-testid": "bot-controls" }, h("span", { class: "muted small" }, "Bots"), pause, h("label", { class: "speed" }, speed));
      this.botBar = { el, pause, speed };
    }
    const { el, pause, speed } = this.botBar;
    pause.textContent = this.paused ? "▶ Resume bots" : "❚❚ Pause bots";
    pause.setAttribute("aria-pressed", this.paused ? "true" : "false");
    const current = Object.entries(SPEEDS).find(([, ms]) => ms === this.settings.botDelay)?.[0] ?? "custom";
    speed.lastElementChild.hidden = current !== "custom"; // only for a delay set by ?botdelay=
    speed.value = current;
    return el;
  }

  togglePause() {
    this.paused = !this.paused;
    if (this.paused) {
      this.botGen += 1;
      this.busy = false;
      this.status = null;
      this.render();
    } else {
      this.render();
      this.continueAfterChange();
    }
  }

  renderTabs(resp) {
    const view = resp.view;
    mount(
      this.regions.tabs,
      TABS.map(([key, label]) =>
        h(
          "button",
          {
            type: "button",
            role: "tab",
            class: ["g40-tab", this.tab === key && "is-on"],
            "aria-selected": this.tab === key ? "true" : "false",
            "data-testid": `tab-${key}`,
            onclick: () => {
              this.tab = key;
              this.renderTabs(this.shown());
            },
          },
          label,
          key === "log" ? h("span", { class: "count" }, String(resp.log?.length ?? 0)) : null,
        ),
      ),
    );
    const panel = this.regions.panel;
    panel.dataset.tab = this.tab;
    this.fillTab(panel, resp, { wide: false });
    // the spreadsheet and the market need more room than the side column has
    panel.prepend(h("div", { class: "g40-panel-tools" }, h("button", { type: "button", class: "g40-wide-btn", "data-testid": "wide-view-btn", title: "Open this tab full width", "aria-haspopup": "dialog", onclick: () => this.openWide() }, h("span", { "aria-hidden": "true" }, "⤢"), " Full width")));
    this.renderWide(resp);
  }

  /** One information tab's content into `panel`: the side column's (compact) or the wide view's. */
  fillTab(panel, resp, { wide }) {
    const view = resp.view;
    const who = { active: resp.active, botSeats: this.botSeats() };
    switch (this.tab) {
      case "overview":
        mount(panel, gameFacts(view), wide ? playersSheet(view, who) : playersCompact(view, who), companiesSheet(view, { compact: !wide }), privatesTable(view, { compact: !wide }));
        break;
      case "lines":
        mount(panel, linesPanel(view));
        break;
      case "market":
        this.renderMarket(view, panel, { wide });
        break;
      case "trams":
        mount(panel, depotPanel(view, this.catalog));
        break;
      case "tiles":
        mount(panel, manifestPanel(view, this.catalog));
        break;
      case "log": {
        const list = logPanel(resp);
        mount(panel, list);
        list.scrollTop = list.scrollHeight;
        if (wide) panel.scrollTop = panel.scrollHeight;
        break;
      }
      default:
        panel.replaceChildren();
    }
  }

  openWide() {
    this.wideOpen = true;
    // Escape closes it wherever the focus is (a re-render may have taken it away)
    this.onWideKey ??= (e) => {
      if (e.key === "Escape" && this.wideOpen) this.closeWide();
    };
    document.addEventListener("keydown", this.onWideKey);
    this.renderWide(this.shown());
    this.regions.wide.querySelector("[data-testid=wide-close]")?.focus();
  }

  closeWide() {
    this.wideOpen = false;
    document.removeEventListener("keydown", this.onWideKey);
    this.regions.wide.replaceChildren();
    this.regions.panel.querySelector("[data-testid=wide-view-btn]")?.focus();
  }

  /** The current information tab at the page's full width (a dialog over the game). */
  renderWide(resp) {
    const el = this.regions.wide;
    if (!this.wideOpen) {
      el.replaceChildren();
      return;
    }
    const focused = el.contains(document.activeElement) ? document.activeElement.dataset?.testid : null;
    const label = TABS.find(([key]) => key === this.tab)?.[1] ?? "";
    const body = h("div", { class: "g40-wide-body g40-panel", "data-tab": this.tab });
    const tabs = h(
      "nav",
      { class: "g40-wide-tabs", "aria-label": "Game information" },
      TABS.map(([key, text]) => h("button", { type: "button", class: ["g40-tab", this.tab === key && "is-on"], "aria-pressed": this.tab === key ? "true" : "false", "data-testid": `wide-tab-${key}`, onclick: () => { this.tab = key; this.renderTabs(this.shown()); } }, text)),
    );
    mount(
      el,
      h(
        "div",
        {
          class: "g40-wide",
          role: "dialog",
          "aria-modal": "true",
          "aria-label": `${label}, full width`,
          "data-testid": "wide-view",
        },
        h("header", { class: "g40-wide-head" }, tabs, h("button", { type: "button", class: "btn", "data-testid": "wide-close", onclick: () => this.closeWide() }, "Close")),
        body,
      ),
    );
    this.fillTab(body, resp, { wide: true });
    if (focused) el.querySelector(`[data-testid="${focused}"]`)?.focus();
  }

  renderMarket(view, panel, { wide = false } = {}) {
    if (!this.catalog) {
      mount(panel, h("p", { class: "muted" }, "Loading the market…"));
      return;
    }
    const stacks = {};
    for (const [r, c, list] of view.market_stacks ?? []) stacks[`${r},${c}`] = list;
    const companies = {};
    for (const [sym, m] of Object.entries(view.majors ?? {})) companies[sym] = { name: m.name };
    for (const [sym, m] of Object.entries(view.stadtbahn ?? {})) companies[sym] = { name: m.name };
    const opts = { market: this.catalog.market, positions: view.market, stacks, companies, active: view.acting?.kind === "major" ? view.acting.entity : null };
    mount(panel);
    // its text stays readable at the width it gets: the side column shows the columns where
    // the tokens are (and a little around them), the wide view all of it
    createMarket(panel, { ...opts, fitWidth: panel.clientWidth - 4, crop: !wide });
  }

  renderOverlay() {
    const el = this.regions.overlay;
    const view = this.view;
    if (this.covered && !this.resp.result && !this.history) {
      const name = seatName(view, this.viewer);
      mount(
        el,
        h(
          "div",
          { class: "cover g40-cover", "data-testid": "pass-screen", role: "dialog", "aria-modal": "true", "aria-label": `Pass to ${name}` },
          h(
            "div",
            { class: "cover-card" },
            h("div", { class: "cover-seat", style: { background: SEAT_COLOURS[this.viewer % SEAT_COLOURS.length] }, "aria-hidden": "true" }, name.slice(0, 1).toUpperCase()),
            h("h2", {}, `Pass to ${name}`),
            h("p", {}, this.resp.prompt ?? ""),
            h("p", { class: "muted" }, `${view.round.label} · ${view.players.map((p) => `${p.name} ${money(p.value)}`).join(" · ")}`),
            h("button", { type: "button", class: "btn primary big", "data-testid": "pass-ready", disabled: !this.engine, onclick: () => this.uncover() }, this.engine ? `${name}: ready` : "Starting the engine…"),
            // the top bar is under the cover: leave or save the game from here
            h(
              "div",
              { class: "cover-exits" },
              h("button", { type: "button", class: "btn ghost", "data-testid": "pass-export", title: "Download this game as a file", onclick: () => this.exportSave() }, "Export"),
              h("button", { type: "button", class: "btn ghost", "data-testid": "pass-menu", title: "Back to the start page (the game is saved)", onclick: () => this.menu() }, "Menu"),
            ),
          ),
        ),
      );
      el.querySelector("[data-testid=pass-ready]")?.focus?.();
      return;
    }
    if (this.resp.result && !this.endDismissed && !this.history) {
      // the last dividends are in the end screen's values: their toasts would cover the result
      this.regions.toasts.replaceChildren();
      if (el.querySelector("[data-testid=end-screen]")) return; // already shown (keeps focus)
      const humans = this.humanSeats();
      mount(
        el,
        endScreen(this.resp, {
          humanSeats: humans,
          buttons: [
            // pressed while the engine still starts (a reload), they wait and then act
            this.waitButton("rematch", "Play again", { class: "btn primary", "data-testid": "rematch" }, () => this.onRematch?.(this.session, this.resp.players, this.view)),
            h("button", { type: "button", class: "btn", "data-testid": "close-end", onclick: () => { this.endDismissed = true; this.render(); } }, "Look at the map"),
            this.waitButton("history", "Replay history", { class: "btn", "data-testid": "end-history" }, () => this.enterHistory()),
            h("button", { type: "button", class: "btn", "data-testid": "end-export", onclick: () => this.exportSave() }, "Export"),
            h("button", { type: "button", class: "btn ghost", "data-testid": "end-menu", onclick: () => this.menu() }, "Menu"),
          ],
        }),
      );
      el.querySelector("[data-testid=rematch]")?.focus?.();
      return;
    }
    el.replaceChildren();
  }

  uncover() {
    this.covered = false;
    this.persist();
    this.render();
  }

  historyBar() {
    const { at, total, resp, caption } = this.historyPlace();
    return h(
      "div",
      { class: "history-bar g40-history", "data-testid": "history-bar" },
      h("div", { class: "history-title" }, h("strong", {}, "History"), h("span", { "data-testid": "history-pos" }, ` ${at} / ${total}`), resp ? h("span", { class: "muted small" }, ` · ${resp.view.round.label}`) : null),
      h(
        "div",
        { class: "history-controls" },
        h("button", { type: "button", class: "btn", "data-testid": "history-start", disabled: at <= 0, "aria-label": "Start of the game", onclick: () => this.historyGo(0) }, "«"),
        h("button", { type: "button", class: "btn", "data-testid": "history-prev", disabled: at <= 0, "aria-label": "Previous action", onclick: () => this.historyGo(this.history.at - 1) }, "◀"),
        h("input", {
          type: "range",
          min: 0,
          max: total,
          value: at,
          step: 1,
          class: "history-slider",
          "data-testid": "history-slider",
          "aria-label": "Position in the game",
          oninput: (e) => {
            clearTimeout(this.sliderTimer);
            const v = Number(e.target.value);
            this.sliderTimer = setTimeout(() => this.historyGo(v), 60);
          },
        }),
        h("button", { type: "button", class: "btn", "data-testid": "history-next", disabled: at >= total, "aria-label": "Next action", onclick: () => this.historyGo(this.history.at + 1) }, "▶"),
        h("button", { type: "button", class: "btn", "data-testid": "history-end", disabled: at >= total, "aria-label": "Latest position", onclick: () => this.historyGo(total) }, "»"),
      ),
      h("p", { class: "history-caption", "data-testid": "history-caption" }, caption),
      h("button", { type: "button", class: "btn primary", "data-testid": "history-exit", onclick: () => this.exitHistory() }, "Back to the game"),
    );
  }

  toast(text, kind = "") {
    const el = h("div", { class: ["toast", kind && `toast-${kind}`] }, text);
    const box = this.regions.toasts;
    while (box.childElementCount >= 3) box.firstElementChild.remove();
    box.append(el);
    setTimeout(() => el.remove(), 3800);
  }

  showEvents(view) {
    for (const ev of view?.events ?? []) {
      if (ev.kind === "dividend") this.toast(`${ev.company} pays ${money(ev.amount)}${ev.kept ? `, keeps ${money(ev.kept)}` : ""}`, "scoring");
      else if (ev.kind === "line_sold") this.toast(`${ev.major} buys Line ${ev.line} for ${money(ev.price)}`);
      else if (ev.kind === "private_sold") {
        const id = ev.lot ?? ev.private; // the auction's event names its lot
        const name = view.privates?.[id]?.name;
        this.toast(`${name ? `${name} (${id})` : id ?? "A private"} sold${ev.price ? ` for ${money(ev.price)}` : ""}`);
      }
      else if (ev.kind === "run") {
        this.flash = ev.stops ? { stops: ev.stops, connections: ev.connections, label: money(ev.total), colour: "#0f8fa8" } : null;
      }
    }
  }

  // --- actions ------------------------------------------------------------------------------

  confirmThen(question, action) {
    // a native confirm() would block the page; a second click on the same button confirms
    if (this.pendingConfirm === JSON.stringify(action)) {
      this.pendingConfirm = null;
      this.act(action);
      return;
    }
    this.pendingConfirm = JSON.stringify(action);
    this.error = `${question} Click again to confirm.`;
    this.render();
  }

  beforeAct() {
    this.pendingConfirm = null;
    this.botNote = [];
    this.flash = null;
    this.renderDataset();
  }

  afterAct() {
    this.resetTurnUi();
    this.drafts = {};
  }

  beforeUndo() {
    this.renderDataset();
  }

  afterUndo() {
    this.resetTurnUi();
  }

  /** Take a fresh response; switch the viewer to the next human (cover the screen when the
   * device changes hands), or let the bots play. */
  async accept(r) {
    let resp = r;
    // the response carries `legal` for the seat that asked (a bot's, or the last person's)
    if (!r.result && r.active !== null && r.active !== undefined && !this.isBot(r.active) && r.seat !== r.active) {
      const st = await this.call({ op: "state", seat: r.active });
      if (st.ok) {
        const handover = this.viewer !== null && this.viewer !== r.active && this.humanSeats().length > 1;
        this.viewer = r.active;
        if (handover) this.covered = true;
        resp = st;
      } else {
        this.error = st.error.message;
      }
    }
    this.resp = resp;
    this.persist();
    this.render();
    this.continueAfterChange();
  }

  async runBots() {
    if (this.paused) return;
    const gen = ++this.botGen;
    this.busy = true;
    while (!this.destroyed && gen === this.botGen && !this.resp.result && this.isBot(this.resp.active)) {
      const seat = this.resp.active;
      const name = seatName(this.view, seat);
      this.status = `${name} (bot) is playing…`;
      this.render();
      const delay = this.settings.botDelay;
      await sleep(delay);
      if (gen !== this.botGen || this.destroyed) return;
      const before = this.resp.n_actions;
      const r = await this.call({ op: "bot", seat, level: this.session.seats[seat].level ?? "normal" });
      if (this.destroyed) return;
      if (gen !== this.botGen) {
        // paused or history meanwhile: keep what the engine did; continue from it later
        if (r.ok) {
          this.resp = r;
          this.stale = true;
          this.persist();
        }
        return;
      }
      if (!r.ok) {
        this.error = `The bot could not move: ${r.error.message}`;
        break;
      }
      for (const e of r.log) if (e.i >= before && e.seat === seat) this.botNote.push(e.text);
      if (this.botNote.length > 6) this.botNote = this.botNote.slice(-6);
      this.showEvents(r.view);
      if (!r.result && !this.isBot(r.active)) {
        this.busy = false;
        this.status = null;
        await this.accept(r);
        return;
      }
      this.resp = r;
      this.persist();
    }
    if (gen !== this.botGen) return;
    this.busy = false;
    this.status = null;
    this.render();
  }

  async enterHistory() {
    if (!this.engine) return;
    this.botGen += 1; // pause a running bot; resumed on exit
    this.busy = false;
    this.status = null;
    const total = this.resp.n_actions;
    this.history = { at: total, total, resp: null };
    this.resetTurnUi();
    await this.historyGo(total);
  }

  menu() {
    this.destroy();
    this.onMenu?.();
  }
}
