// The screen shell of an 18xx title: one game on screen. It owns the engine conversation
// (EngineGame), the map and its selection for laying tiles and placing markers, the bot seats
// (seats.js), the hotseat hand-over, undo, history (history.js), autosave, export, the
// information tabs with their full-width view, the toasts and the end screen
// (endscreen.js). What a player may do comes from the engine's `legal` list only; this file
// never decides a rule.
//
// A title extends G18xxGame and gives what is its own (g1840/controller.js is the example):
//   spec (constructor): {tabs: [[key, label]], money, brand: {mark, name}}
//   decisionPanel()              the decision area for the live response
//   fillTab(panel, resp, {wide}) one information tab's content
//   topbarTrack(view)            what sits between the brand and the buttons (round track)
//   mapTurn(view)                true while the map is where the player acts
//   preferredMode(modes)         the map mode to start in, among mapModes(legal)
//   mapExtras(view, hl)          more highlights (e.g. the home of a company for sale)
//   mapRoutes(view, live)        routes to draw
//   mapTools()                   controls over the map (e.g. "draw the last runs")
//   actingBadge(acting)          the acting entity beside the turn line
//   showEvents(view)             toasts for what the last action did
//   endOptions()                 {kicker, showPrivates} for the end screen

import { h, mount, reveal, stuckHeight } from "../dom.js";
import { EngineGame } from "../engine-game.js";
import { shareGame } from "../links.js";
import { settings } from "../store.js";
import { cachedCatalog, fetchCatalog } from "./catalog.js";
import { lineOwnersFromView } from "./colours.js";
import { endScreen } from "./endscreen.js";
import { seatColour, seatName } from "./format.js";
import { historyBar } from "./history.js";
import { createHexMap } from "./hexmap.js";
import { mapModes } from "./laying.js";
import { botControls, botSeats, humanSeats, nextSeat, runBots, seatKind } from "./seats.js";

/** The breakpoint of the two-column layout. */
export const WIDE = typeof matchMedia === "function" ? matchMedia("(min-width: 1000px)") : { matches: true };

export class G18xxGame extends EngineGame {
  /**
   * @param {string} title the engine's title id
   * @param {HTMLElement} host
   * @param {object} opts { session, resp, viewer, covered, onMenu(), onRematch(session, players) }
   * @param {object} spec { tabs, money, brand: {mark, name} }
   */
  constructor(title, host, opts, spec) {
    super(title, opts);
    this.host = host;
    this.tabs = spec.tabs;
    this.money = spec.money;
    this.brand = spec.brand;
    this.drafts = {};
    this.liveUpdaters = {};
    this.ui = { mode: null, hex: null, tile: null, rotation: null, tokenHex: null };
    this.tab = this.tabs[0][0];
    this.settings = settings();
    this.paused = false;
    this.botNote = [];
    this.flash = null; // a route that just ran (shown until the next change)
    this.catalog = cachedCatalog(title, this.resp.view.variant);
    this.map = null;
    this.buildSkeleton();
    this.rerenderOn(WIDE);
  }

  destroy() {
    super.destroy();
    if (this.onWideKey) document.removeEventListener("keydown", this.onWideKey);
    this.map?.destroy();
    this.map = null;
  }

  // --- what a title gives (defaults) ---------------------------------------------------------

  decisionPanel() {
    return null;
  }

  fillTab(panel) {
    panel.replaceChildren();
  }

  topbarTrack() {
    return null;
  }

  mapTurn() {
    return false;
  }

  preferredMode(modes) {
    return modes[0] ?? null;
  }

  mapExtras() {}

  mapRoutes() {
    return [];
  }

  mapTools() {
    return null;
  }

  actingBadge() {
    return null;
  }

  showEvents() {}

  endOptions() {
    return {};
  }

  // --- seats --------------------------------------------------------------------------------

  seatKind(seat) {
    return seatKind(this.session, seat);
  }

  isBot(seat) {
    return seat !== null && seat !== undefined && this.seatKind(seat) === "bot";
  }

  humanSeats() {
    return humanSeats(this.session);
  }

  botSeats() {
    return botSeats(this.session);
  }

  runBots() {
    return runBots(this);
  }

  // --- engine -------------------------------------------------------------------------------

  async ensureCatalog() {
    const variant = this.resp.view.variant;
    try {
      const { catalog, changed } = await fetchCatalog(this.engine, this.title, variant);
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
      const next = nextSeat(this, r);
      if (!r.result && !this.isBot(next) && r.seat !== next) {
        this.accept(r);
        return;
      }
    }
    if (this.resp.result) {
      this.render();
      return;
    }
    if (this.isBot(nextSeat(this, this.resp))) this.runBots();
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

  /** Register what follows a range control's value without a re-render (controls.js). */
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

  // --- the map: tile laying and markers --------------------------------------------------------

  mapMode(legal = this.legal()) {
    const modes = mapModes(legal);
    if (this.ui.mode && modes.includes(this.ui.mode)) return this.ui.mode;
    return this.preferredMode(modes);
  }

  setMapMode(mode) {
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

  tokenEntries(mode = this.mapMode()) {
    const type = mode === "remove" ? "remove_token" : "place_token";
    return this.legal().filter((a) => a.type === type);
  }

  onHexClick(coord, info) {
    if (!this.interactive()) return;
    const mode = this.mapMode();
    if (!this.mapTurn(this.view) || !mode) return;
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
      top: h("header", { class: "topbar g18-top", "data-testid": "topbar" }),
      bots: h("div", { class: "g18-bots" }),
      turnMain: h("div", { "aria-live": "polite" }),
      map: h("div", { class: "g18-maparea", "data-testid": "map-area" }),
      mapTools: h("div", { class: "g18-maptools" }),
      decide: h("section", { class: "g18-decide-wrap", "aria-label": "Your decision" }),
      tabs: h("nav", { class: "g18-tabs", role: "tablist", "aria-label": "Game information" }),
      panel: h("section", { class: "g18-panel", role: "tabpanel", "data-testid": "info-panel" }),
      overlay: h("div", { class: "overlay-root" }),
      wide: h("div", { class: "wide-root" }),
      toasts: h("div", { class: "toasts", "data-testid": "toasts", "aria-live": "polite" }),
    };
    this.regions = r;
    this.root = h(
      "div",
      { class: "g18-screen", "data-testid": "table" },
      r.top,
      h("div", { class: "g18-body" }, h("div", { class: "g18-mapcol" }, r.map, r.mapTools), h("aside", { class: "g18-side" }, h("section", { class: "g18-turn", "data-testid": "turnbar" }, r.bots, r.turnMain), r.decide, h("div", { class: "g18-info" }, r.tabs, r.panel))),
      r.wide,
      r.overlay,
      r.toasts,
    );
    this.host.replaceChildren(this.root);
  }

  /** Who owns each token on the map, for its colour (colours.js tokenStyle): 1840's Lines
   * their majors; a title may add its own. */
  tokenOwners(view) {
    return lineOwnersFromView(view.lines);
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
      lineOwners: this.tokenOwners(view),
      onHexClick: (coord, info) => this.onHexClick(coord, info),
      formatMoney: (v) => this.money(v),
      initialView: WIDE.matches ? "fit" : "fill",
      wheelZoom: true,
    });
    return this.map;
  }

  renderMap(resp) {
    const view = resp.view;
    const map = this.ensureMap(view);
    if (!map) return;
    map.update({ state: view.map, phaseColours: view.colours, lineOwners: this.tokenOwners(view) });
    const live = !this.history;
    const legal = live ? this.legal() : [];
    const hl = {};
    let stops = [];
    if (live && this.mapTurn(view) && legal.length) {
      const mode = this.mapMode(legal);
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
    this.mapExtras(view, hl);
    map.setHighlights(hl);
    map.setStopHighlights(stops);
    map.setRoutes(this.mapRoutes(view, live));
    mount(this.regions.mapTools, this.mapTools());
    if (!(live && this.ui.tile)) map.clearPreview();
  }

  render() {
    if (this.destroyed) return;
    const resp = this.shown();
    const view = resp.view;
    this.root.classList.toggle("is-history", Boolean(this.history));
    mount(this.regions.top, this.topbar(resp));
    this.scrollTrack();
    this.root.classList.toggle("needs-map", !this.history && this.mapTurn(view) && this.interactive());
    const bots = botControls(this);
    if (!bots) this.regions.bots.replaceChildren();
    else if (bots.parentNode !== this.regions.bots) this.regions.bots.replaceChildren(bots);
    mount(this.regions.turnMain, this.turnbar(resp));
    this.renderMap(resp);
    this.liveUpdaters = {};
    mount(this.regions.decide, this.history ? historyBar(this) : this.decisionPanel(), this.undoBar());
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
    const wrap = this.regions.top.querySelector(".g18-trackwrap");
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
      h("button", { type: "button", class: "btn ghost", "data-testid": "share-btn", title: "Share this game as a link", onclick: () => shareGame(this) }, "Share"),
      h("button", { type: "button", class: "btn ghost", "data-testid": "export-btn", title: "Download this game as a file", onclick: () => this.exportSave() }, "Export"),
      h("button", { type: "button", class: "btn ghost", "data-testid": "menu-btn", title: "Back to the start page (the game is saved)", onclick: () => this.menu() }, "Menu"),
    ];
    return [
      h("div", { class: "brand" }, h("span", { class: ["brand-mark", this.brand.markClass], "aria-hidden": "true" }, this.brand.mark), h("span", { class: "brand-name" }, this.brand.name)),
      this.topbarTrack(view),
      h("div", { class: "topbar-buttons" }, buttons),
    ];
  }

  turnbar(resp) {
    const view = resp.view;
    // of several seats acting at once (a sealed bid), the one the screen serves next
    const active = nextSeat(this, resp) ?? this.resp.active;
    const acting = view.acting ?? {};
    let whose;
    if (this.resp.result && !this.history) whose = "Game over";
    else if (active === null || active === undefined) whose = this.history ? "History" : "";
    else if (this.history) whose = `History · ${seatName(view, active)} to act`;
    else if (this.interactive() || (active === this.viewer && !this.isBot(active))) whose = this.humanSeats().length > 1 ? `${seatName(view, active)}, your turn` : "Your turn";
    else whose = `${seatName(view, active)}${this.isBot(active) ? " (bot)" : ""} to act`;
    // A bot's move is answered with the prompt addressed to that bot ("You: ..."): while the
    // same bot goes on, the line above says who acts instead.
    const toBot = resp.seat !== null && resp.seat !== undefined && resp.seat !== this.viewer && resp.seat === active;
    return [
      h(
        "div",
        { class: "turn-head" },
        active !== null && active !== undefined && !this.resp.result ? h("span", { class: "seat-dot", style: { background: seatColour(active) } }) : null,
        h("span", { class: "turn-whose", "data-testid": "turn-whose" }, whose),
        this.actingBadge(acting),
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

  // --- information tabs ---------------------------------------------------------------------

  renderTabs(resp) {
    mount(
      this.regions.tabs,
      this.tabs.map(([key, label]) =>
        h(
          "button",
          {
            type: "button",
            role: "tab",
            class: ["g18-tab", this.tab === key && "is-on"],
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
    panel.prepend(h("div", { class: "g18-panel-tools" }, h("button", { type: "button", class: "g18-wide-btn", "data-testid": "wide-view-btn", title: "Open this tab full width", "aria-haspopup": "dialog", onclick: () => this.openWide() }, h("span", { "aria-hidden": "true" }, "⤢"), " Full width")));
    this.renderWide(resp);
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
    const label = this.tabs.find(([key]) => key === this.tab)?.[1] ?? "";
    const body = h("div", { class: "g18-wide-body g18-panel", "data-tab": this.tab });
    const tabs = h(
      "nav",
      { class: "g18-wide-tabs", "aria-label": "Game information" },
      this.tabs.map(([key, text]) => h("button", { type: "button", class: ["g18-tab", this.tab === key && "is-on"], "aria-pressed": this.tab === key ? "true" : "false", "data-testid": `wide-tab-${key}`, onclick: () => { this.tab = key; this.renderTabs(this.shown()); } }, text)),
    );
    mount(
      el,
      h(
        "div",
        {
          class: "g18-wide",
          role: "dialog",
          "aria-modal": "true",
          "aria-label": `${label}, full width`,
          "data-testid": "wide-view",
        },
        h("header", { class: "g18-wide-head" }, tabs, h("button", { type: "button", class: "btn", "data-testid": "wide-close", onclick: () => this.closeWide() }, "Close")),
        body,
      ),
    );
    this.fillTab(body, resp, { wide: true });
    if (focused) el.querySelector(`[data-testid="${focused}"]`)?.focus();
  }

  // --- the pass screen and the end screen ---------------------------------------------------

  renderOverlay() {
    const el = this.regions.overlay;
    const view = this.view;
    const money = this.money;
    if (this.covered && !this.resp.result && !this.history) {
      const name = seatName(view, this.viewer);
      mount(
        el,
        h(
          "div",
          { class: "cover g18-cover", "data-testid": "pass-screen", role: "dialog", "aria-modal": "true", "aria-label": `Pass to ${name}` },
          h(
            "div",
            { class: "cover-card" },
            h("div", { class: "cover-seat", style: { background: seatColour(this.viewer) }, "aria-hidden": "true" }, name.slice(0, 1).toUpperCase()),
            h("h2", {}, `Pass to ${name}`),
            h("p", {}, this.resp.prompt ?? ""),
            h("p", { class: "muted" }, `${view.round.label} · ${view.players.map((p) => `${p.name} ${money(p.value)}`).join(" · ")}`),
            h("button", { type: "button", class: "btn primary big", "data-testid": "pass-ready", disabled: !this.engine, onclick: () => this.uncover() }, this.engine ? `${name}: ready` : "Starting the engine…"),
            // before the device changes hands, whoever just chose may still take it back
            this.handedFrom !== null && this.handedFrom !== undefined
              ? h("button", { type: "button", class: "btn ghost", "data-testid": "pass-take-back", disabled: !this.engine || this.busy, title: "Undo the choice just made, before passing the device on", onclick: () => this.takeBack() }, `${seatName(view, this.handedFrom)}: take back my choice`)
              : null,
            // the top bar is under the cover: leave or save the game from here
            h(
              "div",
              { class: "cover-exits" },
              h("button", { type: "button", class: "btn ghost", "data-testid": "pass-share", title: "Share this game as a link", onclick: () => shareGame(this) }, "Share"),
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
      mount(
        el,
        endScreen(this.resp, {
          ...this.endOptions(),
          money,
          humanSeats: this.humanSeats(),
          buttons: [
            // pressed while the engine still starts (a reload), they wait and then act
            this.waitButton("rematch", "Play again", { class: "btn primary", "data-testid": "rematch" }, () => this.onRematch?.(this.session, this.resp.players, this.view)),
            h("button", { type: "button", class: "btn", "data-testid": "close-end", onclick: () => { this.endDismissed = true; this.render(); } }, "Look at the map"),
            this.waitButton("history", "Replay history", { class: "btn", "data-testid": "end-history" }, () => this.enterHistory()),
            h("button", { type: "button", class: "btn", "data-testid": "end-export", onclick: () => this.exportSave() }, "Export"),
            h("button", { type: "button", class: "btn", "data-testid": "end-share", title: "Share the finished game as a link", onclick: () => shareGame(this) }, "Share"),
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
    this.handedFrom = null;
    this.persist();
    this.render();
  }

  toast(text, kind = "") {
    const el = h("div", { class: ["toast", kind && `toast-${kind}`] }, text);
    const box = this.regions.toasts;
    while (box.childElementCount >= 3) box.firstElementChild.remove();
    box.append(el);
    setTimeout(() => el.remove(), 3800);
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

  /** The pass screen's "take back": the person who just made a choice (a sealed bid too: the
   * engine lets a seat undo its own sealed choice before the reveal) undoes it and keeps the
   * device. */
  async takeBack() {
    const seat = this.handedFrom;
    if (seat === null || seat === undefined || !this.engine || this.busy) return;
    this.busy = true;
    this.beforeUndo();
    const r = await this.call({ op: "undo", seat });
    this.busy = false;
    this.handedFrom = null;
    this.afterUndo();
    if (!r.ok) {
      this.error = r.error.message;
    } else {
      this.viewer = seat;
      this.covered = false;
      this.resp = r;
    }
    this.persist();
    this.render();
  }

  /** Take a fresh response; switch the viewer to the next human (cover the screen when the
   * device changes hands: also between the seats of a sealed decision, so that none sees
   * another's choice), or let the bots play. */
  async accept(r) {
    let resp = r;
    const next = nextSeat(this, r);
    // the response carries `legal` for the seat that asked (a bot's, or the last person's)
    if (!r.result && next !== null && !this.isBot(next) && r.seat !== next) {
      const st = await this.call({ op: "state", seat: next });
      if (st.ok) {
        const handover = this.viewer !== null && this.viewer !== next && this.humanSeats().length > 1;
        // the choice just made may be taken back on the pass screen while the engine allows it
        this.handedFrom = handover && r.seat === this.viewer && r.can_undo ? this.viewer : null;
        this.viewer = next;
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
