// What every game screen shares: the conversation with the engine about one game (act, undo,
// refresh, load), the autosave, history stepping and the export file. A title's controller
// extends EngineGame and adds its drawing, its seats and its hooks (beforeAct, afterAct,
// afterUndo, afterLoad). The engine decides every rule; this file only carries its answers.

import { h } from "./dom.js";
import { writeAutosave } from "./store.js";

const GAME = "main";

/** The seats that may act in a response: several during a simultaneous decision (a sealed
 * bid); a response saved before the engine sent `acting` has the one `active` seat. */
export function actingSeats(resp) {
  if (Array.isArray(resp?.acting)) return resp.acting;
  return resp?.active === null || resp?.active === undefined ? [] : [resp.active];
}

/** A button's look while the action it asked for waits for the engine. */
function showWaiting(btn, waiting) {
  btn.classList.toggle("is-waiting", waiting);
  btn.setAttribute("aria-busy", waiting ? "true" : "false");
  btn.querySelector(".wait-note")?.remove();
  if (waiting) btn.append(h("span", { class: "wait-note" }, h("span", { class: "spinner", "aria-hidden": "true" }), "waiting for the engine…"));
}

export class EngineGame {
  /**
   * @param {string} title the engine's title id ("trambahn", "1840"), also the autosave's
   * @param {object} opts { session, resp, viewer, covered, onMenu(), onRematch(...) }
   */
  constructor(title, { session, resp, viewer = null, covered = false, onMenu, onRematch }) {
    this.title = title;
    this.session = session;
    this.resp = resp;
    this.viewer = viewer;
    this.covered = covered;
    this.onMenu = onMenu;
    this.onRematch = onRematch;
    this.engine = null;
    this.busy = false;
    this.loading = false; // the engine is taking the game in: nothing may be sent meanwhile
    this.error = null;
    this.status = null;
    this.history = null;
    this.endDismissed = false;
    this.botGen = 0;
    this.queued = null; // a button pressed before the engine had the game: {key, fn}
  }

  /** Render again whenever `media` (a MediaQueryList: the layout's breakpoint) changes. */
  rerenderOn(media) {
    this.media = media;
    this.onMedia = () => this.render();
    media.addEventListener?.("change", this.onMedia);
  }

  /** The screen is leaving: stop listening and stop any running bot. */
  destroy() {
    this.media?.removeEventListener?.("change", this.onMedia);
    this.botGen += 1;
    this.destroyed = true;
  }

  // --- hooks (a title overrides what it needs) -----------------------------------------------

  /** Before an action is sent: clear the title's selection and show the busy state. */
  beforeAct() {
    this.render();
  }

  /** The engine accepted the action (before its events are shown). */
  afterAct() {}

  /** Before an undo is sent. */
  beforeUndo() {
    this.render();
  }

  /** The undo came back (accepted or not). */
  afterUndo() {}

  /** The engine has loaded the autosave (e.g. fetch what the drawing needs). */
  async afterLoad() {}

  // --- engine ----------------------------------------------------------------------------------

  async call(req) {
    try {
      return await this.engine.call({ game_id: GAME, ...req });
    } catch (err) {
      return { ok: false, error: { kind: "engine", message: `The engine failed: ${err?.message ?? err}` } };
    }
  }

  // --- waiting for the engine -------------------------------------------------------------------

  /** The engine has the game: nothing that needs it has to wait any more. */
  ready() {
    return Boolean(this.engine && !this.loading);
  }

  /**
   * Do `fn` now, or, while the engine is still starting or loading the game (a reload of a
   * finished game shows its end screen seconds before), keep it and do it once the engine
   * has the game: the button that asked says it is waiting (markWaiting).
   */
  whenReady(key, fn) {
    if (this.ready()) return fn();
    this.queued = { key, fn };
    this.markWaiting();
  }

  /** Carry out what was asked while the engine was starting (attachSaved / attachNew). */
  runQueued() {
    const q = this.queued;
    this.queued = null;
    if (q && !this.destroyed) q.fn();
    else this.markWaiting();
  }

  /** The buttons made by waitButton(): the one whose action is kept says so. */
  markWaiting(root = this.root) {
    for (const btn of root?.querySelectorAll?.("[data-wait-key]") ?? []) showWaiting(btn, this.queued?.key === btn.dataset.waitKey);
  }

  /** A button whose action needs the engine: pressed early, it waits (see whenReady). */
  waitButton(key, label, attrs, fn) {
    const btn = h("button", { type: "button", ...attrs, "data-wait-key": key, onclick: () => this.whenReady(key, fn) }, label);
    showWaiting(btn, this.queued?.key === key);
    return btn;
  }

  // --- state ---------------------------------------------------------------------------------

  /** The engine is working on something of this game (an action, an undo, the load). */
  get working() {
    return this.busy || this.loading;
  }

  /** A person at this screen may act now (a title adds its own conditions). */
  interactive() {
    return Boolean(this.engine && !this.working && !this.covered && !this.history && !this.resp.result && this.viewer !== null && actingSeats(this.resp).includes(this.viewer));
  }

  /** The engine is ready: load the autosaved game into it and continue. */
  async attachSaved(engine, save) {
    this.engine = engine;
    this.loading = true;
    this.status = "Loading the saved game…";
    this.render();
    const r = await this.call({ op: "load", save, seat: this.viewer });
    await this.afterLoad();
    this.loading = false;
    this.status = null;
    if (!r.ok) {
      this.queued = null;
      this.error = `The saved game could not be loaded: ${r.error.message}`;
      this.render();
      return false;
    }
    this.resp = r;
    this.persist();
    this.render();
    this.continueAfterChange();
    this.runQueued();
    return true;
  }

  get view() {
    return this.resp.view;
  }

  /** Autosave after every change: the engine's save and the last response (for painting the
   * screen before the engine is up), without a second copy of the save. */
  persist() {
    if (!this.resp?.save) return;
    const { save, ...response } = this.resp;
    writeAutosave({ title: this.title, session: this.session, save, response, viewer: this.viewer, covered: this.covered, screen: "game" });
  }

  // --- actions ---------------------------------------------------------------------------------

  async act(action) {
    if (!this.interactive()) return;
    this.busy = true;
    this.error = null;
    this.beforeAct();
    const r = await this.call({ op: "act", seat: this.viewer, action, n_actions: this.resp.n_actions });
    this.busy = false;
    if (!r.ok) {
      this.error = r.error.message;
      if (r.error.kind === "stale") await this.refresh();
      this.render();
      return;
    }
    this.afterAct();
    this.showEvents(r.view);
    await this.accept(r);
  }

  async refresh() {
    const st = await this.call({ op: "state", seat: this.viewer });
    if (st.ok) this.resp = st;
  }

  async undo() {
    if (!this.interactive() || !this.resp.can_undo) return;
    this.busy = true;
    this.error = null;
    this.beforeUndo();
    const r = await this.call({ op: "undo", seat: this.viewer });
    this.busy = false;
    this.afterUndo();
    if (!r.ok) this.error = r.error.message;
    else this.resp = r;
    this.persist();
    this.render();
  }

  // --- history ---------------------------------------------------------------------------------

  /** Where the history view stands: position, total, its response and a caption (the log
   * entries of the action just stepped to). */
  historyPlace() {
    const { at, total, resp } = this.history;
    const entries = (resp?.log ?? []).filter((e) => e.i === at - 1);
    const caption = at === 0 ? "Start of the game" : entries.map((e) => e.text).join(" · ") || `After action ${at}`;
    return { at, total, resp, caption };
  }

  async historyGo(at) {
    if (!this.history) return;
    const target = Math.max(0, Math.min(this.history.total, at));
    const r = await this.call({ op: "history", seat: this.viewer, at: target });
    if (!this.history) return;
    if (!r.ok) this.error = r.error.message;
    else this.history = { ...this.history, at: target, total: r.n_total ?? this.history.total, resp: r };
    this.render();
  }

  exitHistory() {
    this.history = null;
    this.busy = false;
    this.render();
    this.continueAfterChange();
  }

  // --- files -----------------------------------------------------------------------------------

  /** Download the save as `<title>-<players>-<date>.json`. */
  exportSave() {
    const save = this.resp.save;
    if (!save) return;
    const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, "-");
    const who = save.players.map((p) => p.replace(/[^\p{L}\p{N}_-]+/gu, "")).join(save.players.length === 2 ? "-vs-" : "-");
    const blob = new Blob([JSON.stringify(save, null, 1)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = h("a", { href: url, download: `${this.title}-${who}-${stamp}.json`, style: { display: "none" } });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
