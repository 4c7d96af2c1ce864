// The Trambahn demo of embed.html: the recorded game on the Trambahn table
// (trambahn/table.js), read-only, with the caption bar over the turn bar. The engine loads
// the record (op "load") and shows the position after each step (op "history").

import { LINE_INFO, lineBadge } from "./trambahn/cards.js";
import { WIDE, createTableSkeleton, renderTable } from "./trambahn/table.js";
import { captionBar, demoSave, stepKeys } from "./embed-demo.js";
import { h } from "./dom.js";

const GAME = "demo";

/** Show `demo` (checked by checkDemo) in `host` at step `initial`; `fail(message)` reports. */
export async function showTrambahn(host, demo, engine, initial, fail) {
  await new DemoPlayer(host, demo, engine, fail).start(initial);
}

class DemoPlayer {
  constructor(host, demo, engine, fail) {
    this.demo = demo;
    this.fail = fail;
    this.engine = engine;
    this.viewer = demo.seat ?? null;
    this.index = 0;
    this.cache = new Map();
    this.resp = null;
    this.busy = false;
    const { root, regions } = createTableSkeleton();
    root.classList.add("is-demo");
    if (this.viewer === null) root.classList.add("no-hand");
    this.root = root;
    this.regions = { ...regions, root };
    stepKeys(() => this.index, (i) => this.go(i));
    WIDE.addEventListener?.("change", () => this.render());
    host.replaceChildren(root);
  }

  async start(initial) {
    const d = this.demo;
    const r = await this.engine.call({ op: "load", game_id: GAME, save: demoSave(d), seat: this.viewer });
    if (!r.ok) {
      this.fail(r.error.message);
      return;
    }
    await this.go(initial);
  }

  async history(index) {
    if (!this.cache.has(index)) {
      const at = this.demo.steps[index].actions;
      const r = await this.engine.call({ op: "history", game_id: GAME, seat: this.viewer, at });
      if (!r.ok) throw new Error(r.error.message);
      this.cache.set(index, r);
    }
    return this.cache.get(index);
  }

  async go(index) {
    const steps = this.demo.steps;
    if (this.busy || index < 0 || index >= steps.length || (this.resp && index === this.index)) return;
    this.busy = true;
    try {
      this.resp = await this.history(index);
      this.index = index;
    } catch (err) {
      this.fail(String(err?.message ?? err));
      return;
    } finally {
      this.busy = false;
    }
    this.render();
    // warm the next step so "Next" feels instant
    if (index + 1 < steps.length) this.history(index + 1).catch(() => {});
  }

  highlights(view) {
    const columns = new Map();
    const rows = new Set();
    let padN = null;
    for (const ev of view.events ?? []) {
      if (ev.kind === "scoring") {
        rows.add(ev.line);
        padN = ev.n;
        for (const c of ev.columns ?? []) columns.set(`${c.seat}:${c.id}`, c.points);
      } else if (ev.kind === "extra_tour") {
        columns.set(`${ev.seat}:${ev.column}`, ev.points);
      }
    }
    return { columns, rows, padN };
  }

  captionBar() {
    const view = this.resp.view;
    const events = (view.events ?? []).filter((e) => e.kind === "scoring" || e.kind === "extra_tour");
    const extra = events.length
      ? h(
          "p",
          { class: "demo-event", "data-testid": "demo-event" },
          events.map((ev) =>
            h(
              "span",
              {},
              lineBadge(ev.line, 14),
              ev.kind === "scoring"
                ? ` Fahrt ${ev.n}, ${LINE_INFO[ev.line]?.name ?? ev.line} line: ${view.players.map((n, s) => `${n} +${ev.points[s]}`).join(" · ")}`
                : ` Extra Tour: ${view.players[ev.seat]} +${ev.points}`,
            ),
          ),
        )
      : null;
    return captionBar(this.demo, this.index, (i) => this.go(i), extra);
  }

  render() {
    if (!this.resp) return;
    const ctx = {
      resp: this.resp,
      viewer: this.viewer,
      mode: "demo",
      engineReady: true,
      interactive: false,
      covered: false,
      busy: false,
      selection: null,
      selectable: { cards: new Set(), trams: new Set() },
      targets: new Map(),
      endTurn: null,
      canUndo: false,
      status: null,
      error: null,
      hint: null,
      highlights: this.highlights(this.resp.view),
      botSeat: null,
    };
    renderTable(this.regions, ctx);
    this.regions.turnbar.prepend(this.captionBar());
    this.root.dataset.step = String(this.index);
    this.root.dataset.nActions = String(this.resp.n_actions);
    if (!this.painted) {
      this.painted = true;
      performance.mark("board-painted");
    }
  }
}

