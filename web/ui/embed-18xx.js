// The 18xx demo of embed.html (1840, 1881): the title's own game screen (g18xx/controller.js
// with the title's panels and map) made read-only. Nothing is played, saved or autosaved;
// the decision area holds the caption bar; each step shows the engine's position after its
// action count (op "history"), with the routes and hexes the step names drawn on the map.

import { companyStyle } from "./g18xx/colours.js";
import { captionBar, demoSave, stepKeys } from "./embed-demo.js";

/** The screen of each 18xx title: its module and class (as app.js opens them). */
const SCREENS = {
  1840: () => import("./g1840/controller.js").then((m) => m.G1840Game),
  1881: () => import("./g1881/controller.js").then((m) => m.G1881Game),
};
const ROUTE_COLOURS = ["#d6246e", "#0f8fa8", "#6a3fc4", "#e07b00"];

/** The 18xx titles embed.html can show. */
export const EMBED_18XX = Object.keys(SCREENS);

/** The routes a step names: `highlight.runs` is a list of Lines (1840) whose last run is drawn. */
export function stepRoutes(view, highlight, money = (v) => String(v)) {
  const routes = [];
  for (const [i, id] of (highlight?.runs ?? []).entries()) {
    const run = view.lines?.[id]?.last_run;
    if (!run?.stops?.length) continue;
    const major = view.lines[id].major;
    const colour = major ? companyStyle(major).fill : ROUTE_COLOURS[i % ROUTE_COLOURS.length];
    routes.push({ ...run, label: `${id}: ${money(run.total ?? run.revenue)}`, colour });
  }
  return routes;
}

/** Show `demo` (checked by checkDemo, game 1840 or 1881) in `host` at step `initial`. */
export async function show18xx(host, demo, engine, initial, fail) {
  const Screen = await SCREENS[demo.game]();
  const viewer = demo.seat ?? null;
  const loaded = await engine.call({ op: "load", game_id: "main", save: demoSave(demo), seat: viewer });
  if (!loaded.ok) return fail(loaded.error.message);
  const first = await engine.call({ op: "history", game_id: "main", seat: viewer, at: demo.steps[initial].actions });
  if (!first.ok) return fail(first.error.message);

  class DemoScreen extends Screen {
    /** Nobody acts here: the screen only shows. */
    interactive() {
      return false;
    }

    persist() {}

    continueAfterChange() {}

    showEvents() {}

    undoBar() {
      return null;
    }

    renderOverlay() {
      this.regions.overlay.replaceChildren();
    }

    topbar(resp) {
      return super.topbar(resp).slice(0, 2);
    }

    decisionPanel() {
      return captionBar(demo, this.index, (i) => this.go(i));
    }

    mapExtras(view, hl) {
      super.mapExtras(view, hl);
      for (const hex of this.step().highlight?.hexes ?? []) hl[hex] = "selected";
    }

    /** The runs the step names, alone; else what the screen draws (a Line's route preview). */
    mapRoutes(view, live) {
      const highlight = this.step().highlight;
      return highlight?.runs ? stepRoutes(view, highlight, this.money) : super.mapRoutes(view, live);
    }

    step() {
      return demo.steps[this.index ?? initial];
    }

    renderDataset() {
      super.renderDataset();
      this.root.dataset.demoStep = String(this.index);
      this.root.dataset.routes = String(this.map ? this.mapRoutes(this.resp.view, true).length : 0);
    }

    async go(index) {
      if (this.moving || index < 0 || index >= demo.steps.length || index === this.index) return;
      this.moving = true;
      const r = await this.call({ op: "history", seat: viewer, at: demo.steps[index].actions });
      this.moving = false;
      if (!r.ok) return fail(r.error.message);
      this.index = index;
      this.resp = r;
      const tab = demo.steps[index].highlight?.tab;
      if (tab && this.tabs.some(([key]) => key === tab)) this.tab = tab;
      this.render();
    }
  }

  const seats = demo.players.map(() => ({ kind: "human" }));
  const screen = new DemoScreen(host, { session: { title: demo.game, seats, names: demo.players, options: demo.options }, resp: first, viewer, covered: false });
  screen.root.classList.add("is-demo");
  screen.index = initial;
  const tab = demo.steps[initial].highlight?.tab;
  if (tab && screen.tabs.some(([key]) => key === tab)) screen.tab = tab;
  stepKeys(() => screen.index, (i) => screen.go(i));
  await screen.attachNew(engine);
  return screen;
}
