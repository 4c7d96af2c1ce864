// embed.html?demo=NAME: a read-only, captioned walk through a recorded Trambahn game
// (web/demos/NAME.json, written by scripts/make_demos.py). The engine loads the record
// (op "load") and shows the position after each step (op "history"). See docs/embedding.md.

import { h, mount } from "./dom.js";
import { LINE_INFO, lineBadge } from "./trambahn/cards.js";
import { WIDE, createTableSkeleton, renderTable } from "./trambahn/table.js";

const host = document.getElementById("embed");
const params = new URLSearchParams(location.search);
const name = params.get("demo") ?? "";
const GAME = "demo";

function fail(message) {
  mount(host, h("div", { class: "embed-message", role: "alert", "data-testid": "embed-error" }, h("strong", {}, "This demo cannot be shown. "), message));
}

class DemoPlayer {
  constructor(demo, engine) {
    this.demo = demo;
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
    root.addEventListener("click", (e) => {
      const el = e.target.closest("[data-act]");
      if (!el || el.disabled) return;
      if (el.dataset.act === "demo-prev") this.go(this.index - 1);
      else if (el.dataset.act === "demo-next") this.go(this.index + 1);
      else if (el.dataset.act === "demo-step") this.go(Number(el.dataset.step));
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "ArrowLeft") this.go(this.index - 1);
      if (e.key === "ArrowRight") this.go(this.index + 1);
    });
    WIDE.addEventListener?.("change", () => this.render());
    host.replaceChildren(root);
  }

  async start(initial) {
    const d = this.demo;
    const save = { format: "tramways-save", version: 1, title: d.game ?? "trambahn", players: d.players, options: d.options ?? {}, seed: d.seed, actions: d.actions, state_hash: d.state_hash };
    const r = await this.engine.call({ op: "load", game_id: GAME, save, seat: this.viewer });
    if (!r.ok) {
      fail(r.error.message);
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
      fail(String(err?.message ?? err));
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
    const steps = this.demo.steps;
    const i = this.index;
    const view = this.resp.view;
    const events = (view.events ?? []).filter((e) => e.kind === "scoring" || e.kind === "extra_tour");
    return h(
      "div",
      { class: "demo-bar", "data-testid": "demo-bar" },
      h("div", { class: "demo-head" }, h("strong", { class: "demo-title" }, this.demo.title ?? "Demo"), h("span", { class: "demo-pos", "data-testid": "demo-pos" }, `Step ${i + 1} of ${steps.length}`)),
      h("p", { class: "demo-caption", "data-testid": "demo-caption" }, steps[i].caption),
      events.length
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
        : null,
      h(
        "div",
        { class: "demo-controls" },
        h("button", { type: "button", class: "btn", "data-act": "demo-prev", "data-testid": "demo-prev", disabled: i === 0 }, "◀ Back"),
        h(
          "div",
          { class: "demo-dots", role: "tablist", "aria-label": "Steps" },
          steps.map((_, k) => h("button", { type: "button", class: ["demo-dot", k === i && "is-current"], "data-act": "demo-step", "data-step": k, role: "tab", "aria-selected": k === i ? "true" : "false", "aria-label": `Step ${k + 1}` })),
        ),
        h("button", { type: "button", class: "btn primary", "data-act": "demo-next", "data-testid": "demo-next", disabled: i === steps.length - 1 }, "Next ▶"),
      ),
    );
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

async function boot() {
  if (!/^[a-z0-9-]{1,40}$/.test(name)) {
    fail(name ? `Unknown demo “${name}”.` : "No demo was named: use embed.html?demo=scoring.");
    return;
  }
  mount(host, h("div", { class: "embed-message", "data-testid": "embed-loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), " Loading the demo…"));
  let demo;
  try {
    const res = await fetch(`demos/${name}.json`);
    if (!res.ok) throw new Error(res.status === 404 ? `There is no demo called “${name}”.` : `HTTP ${res.status}`);
    demo = await res.json();
  } catch (err) {
    fail(String(err?.message ?? err));
    return;
  }
  if (!Array.isArray(demo.steps) || !demo.steps.length) {
    fail("The demo has no steps.");
    return;
  }
  document.title = `${demo.title ?? "Demo"} · Trambahn`;
  let engine;
  try {
    const { startEngine } = await import("./engine-client.js");
    // An embedded demo needs no offline cache of its own.
    engine = startEngine({ serviceWorker: false });
    await engine.ready;
  } catch (err) {
    fail(`The game engine could not start: ${err?.message ?? err}`);
    return;
  }
  const initial = Math.max(0, Math.min(demo.steps.length - 1, Number(params.get("step") ?? 1) - 1 || 0));
  await new DemoPlayer(demo, engine).start(initial);
}

boot();
