// One 1840 game on screen: the 18xx screen shell (g18xx/controller.js: engine, map, seats and
// bots, hotseat, undo, history, tabs, end screen) with what is 1840's: the round track and
// phase in the top bar, the decision panels (decide.js), the tabs' contents (Lines, the
// majors and Stadtbahn companies, the tram depot), the Line turn on the map (its modes, the
// Line auction's home hexes, the Lines' routes) and 1840's toasts. What a player may do comes
// from the engine's `legal` list only; this file never decides a rule.

import { h, mount } from "../dom.js";
import { companyStyle } from "../g18xx/colours.js";
import { runsToggle } from "../g18xx/controls.js";
import { G18xxGame } from "../g18xx/controller.js";
import { marketTab } from "../g18xx/market.js";
import { logTab, manifestPanel, phaseChip, playersCompact, playersSheet, privatesTable } from "../g18xx/sheets.js";
import { decisionPanel } from "./decide.js";
import { companyBadge, money } from "./format.js";
import { companiesOf, companiesSheet, depotPanel, gameFacts, linesPanel, MANIFEST_GROUPS, roundTrack } from "./panels.js";

const TABS = [
  ["overview", "Overview"],
  ["lines", "Lines"],
  ["market", "Market"],
  ["trams", "Trams"],
  ["tiles", "Tiles"],
  ["log", "Log"],
];

export class G1840Game extends G18xxGame {
  /**
   * @param {HTMLElement} host
   * @param {object} opts { session, resp, viewer, covered, onMenu(), onRematch(session, players) }
   */
  constructor(host, opts) {
    super("1840", host, opts, { tabs: TABS, money, brand: { mark: "W", markClass: "g40-mark", name: "1840" } });
  }

  decisionPanel() {
    return decisionPanel(this);
  }

  topbarTrack(view) {
    return [h("div", { class: "g18-trackwrap" }, roundTrack(view, this.catalog)), phaseChip(view)];
  }

  // --- the Line turn on the map --------------------------------------------------------------

  mapTurn(view) {
    return view.step === "line_turn";
  }

  /** A Line's free home marker and the Stadtbahn bonus marker are placed first. */
  preferredMode(modes) {
    const lt = this.view.line_turn;
    if ((lt?.home_choice || lt?.bonus === "extra_station_token_free") && modes.includes("token")) return "token";
    return modes[0] ?? null;
  }

  /** The Line auction: where the Line on the block (or, while one is picked, each Line on
   * offer) would start. */
  mapExtras(view, hl) {
    const auc = view.auction;
    if (auc?.kind === "line" && auc.lot && view.lines?.[auc.lot]) hl[view.lines[auc.lot].home] ??= "home";
    else if (view.step === "pick") for (const id of view.line_offer ?? []) if (view.lines?.[id]) hl[view.lines[id].home] ??= "home";
  }

  /** The Lines' last runs (if asked for), the acting Line's best route, or the run just made. */
  mapRoutes(view, live) {
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
    return routes;
  }

  mapTools() {
    return runsToggle(this, "Draw the route each Line ran last");
  }

  actingBadge(acting) {
    if (acting.kind === "major") return companyBadge(acting.entity);
    if (acting.kind === "line") return h("span", { class: "muted small" }, `Line ${acting.entity}`);
    return null;
  }

  // --- information tabs ---------------------------------------------------------------------

  /** One information tab's content into `panel`: the side column's (compact) or the wide view's. */
  fillTab(panel, resp, { wide }) {
    const view = resp.view;
    const who = { active: resp.active, botSeats: this.botSeats(), companies: companiesOf(view), money };
    switch (this.tab) {
      case "overview":
        mount(panel, gameFacts(view), wide ? playersSheet(view, who) : playersCompact(view, who), companiesSheet(view, { compact: !wide }), privatesTable(view, { compact: !wide, caption: "Sights (privates)", money }));
        break;
      case "lines":
        mount(panel, linesPanel(view));
        break;
      case "market": {
        const names = Object.fromEntries(companiesOf(view).map((c) => [c.id, { name: c.name }]));
        marketTab(panel, { market: this.catalog?.market, view, names, active: view.acting?.kind === "major" ? view.acting.entity : null, wide });
        break;
      }
      case "trams":
        mount(panel, depotPanel(view, this.catalog));
        break;
      case "tiles":
        mount(panel, manifestPanel(view, this.catalog, MANIFEST_GROUPS));
        break;
      case "log":
        logTab(panel, resp, wide);
        break;
      default:
        panel.replaceChildren();
    }
  }

  // --- what happened, the end -----------------------------------------------------------------

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

  endOptions() {
    const view = this.view;
    return {
      kicker: view.ended_by_hand ? `Ended by hand on 18xx.games in ${view.round.label}: the values at that moment` : "Game over after Company Round 6",
      showPrivates: view.profile === "18xx.games",
    };
  }
}
