// One 1881 game on screen: the 18xx screen shell (g18xx/controller.js: engine, map, seats and
// bots, hotseat with the pass screen between the sealed bids, undo, history, tabs, end screen)
// with what is 1881's: the phase in the top bar, the decision panels (decide.js), the tabs'
// contents (the tram companies and the S-Bahn, the trains and phases, the market), depots on
// the map and the trains' runs drawn one by one with their revenue and bonuses. What a player
// may do comes from the engine's `legal` list only; this file never decides a rule.

import { mount } from "../dom.js";
import { runsToggle } from "../g18xx/controls.js";
import { G18xxGame } from "../g18xx/controller.js";
import { mapModes } from "../g18xx/laying.js";
import { marketTab } from "../g18xx/market.js";
import { logTab, manifestPanel, phaseChip, playersCompact, playersSheet } from "../g18xx/sheets.js";
import { decisionPanel } from "./decide.js";
import { companyBadge, money, partOwners, registerColours, registerPartColours, trainType } from "./format.js";
import { companiesOf, companiesSheet, companySbahnShares, gameFacts, roundChip, runsOf, sbahnPanel, setNames, trainsPanel } from "./panels.js";

const TABS = [
  ["overview", "Overview"],
  ["market", "Market"],
  ["trains", "Trains"],
  ["sbahn", "S-Bahn"],
  ["tiles", "Tiles"],
  ["log", "Log"],
];

// a depot is 1881's station marker: the shared map's "token" mode places it (a company's
// depot, the S-Bahn part's extra depot, and a board member's start depot on the Trasse, 12.5)
const DEPOTS = ["place_depot", "place_start_depot"];
const isDepot = (a) => DEPOTS.includes(a.type);

// one colour per train of a company's run
const RUN_COLOURS = ["#d6246e", "#0f8fa8", "#6b3fa0", "#2f7a45", "#c25e00"];

export class G1881Game extends G18xxGame {
  /**
   * @param {HTMLElement} host
   * @param {object} opts { session, resp, viewer, covered, onMenu(), onRematch(session, players) }
   */
  constructor(host, opts) {
    super("1881", host, opts, { tabs: TABS, money, brand: { mark: "B", markClass: "g81-mark", name: "1881" } });
  }

  decisionPanel() {
    return decisionPanel(this);
  }

  topbarTrack(view) {
    return [roundChip(view), phaseChip(view)];
  }

  render() {
    // the companies' printed colours and names come with the catalog
    if (this.catalog && this.namedFrom !== this.catalog) {
      registerColours(this.catalog.companies);
      setNames(this.catalog);
      this.namedFrom = this.catalog;
    }
    registerPartColours(this.view);
    super.render();
  }

  // --- the map: tiles and depots ------------------------------------------------------------

  /** The S-Bahn's depots in their operators' colours (12.5), on top of the shared owners. */
  tokenOwners(view) {
    return { ...super.tokenOwners(view), ...partOwners(view) };
  }

  mapTurn() {
    const legal = this.legal();
    return legal.some((a) => a.type === "lay_tile" || isDepot(a));
  }

  mapMode(legal = this.legal()) {
    const modes = mapModes(legal);
    if (legal.some(isDepot)) modes.push("token");
    if (this.ui.mode && modes.includes(this.ui.mode)) return this.ui.mode;
    return this.preferredMode(modes);
  }

  tokenEntries(mode = this.mapMode()) {
    return mode === "token" ? this.legal().filter(isDepot) : super.tokenEntries(mode);
  }

  /** The runs to draw: the operating company's trains (one colour each, labelled with the
   * train's revenue and ferry bonus), and every company's last runs when asked for. */
  mapRoutes(view) {
    const routes = [];
    const op = view.operating;
    if (this.showRuns) {
      for (const [id, runs] of Object.entries(this.lastRuns ?? {})) if (id !== runner(op)) runs.forEach((r, i) => routes.push(routeOf(r, i)));
    }
    runsOf(op?.runs).forEach((r, i) => routes.push(routeOf(r, i)));
    return routes;
  }

  /** Keep each company's last runs (for "Last runs") as the operating view shows them. */
  afterResponse(view) {
    const op = view?.operating;
    if (op?.runs) (this.lastRuns ??= {})[runner(op)] = runsOf(op.runs);
  }

  mapTools() {
    return runsToggle(this, "Draw the runs each company made last");
  }

  actingBadge(acting) {
    if (acting?.entity && acting.kind !== "player") return companyBadge(acting.entity, { title: this.view.companies?.[acting.entity]?.name ?? acting.entity });
    return null;
  }

  // --- information tabs ---------------------------------------------------------------------

  fillTab(panel, resp, { wide }) {
    const view = resp.view;
    const who = { active: resp.active, botSeats: this.botSeats(), companies: companiesOf(view), money };
    switch (this.tab) {
      case "overview":
        mount(panel, gameFacts(view), wide ? playersSheet(view, who) : playersCompact(view, who), companiesSheet(view, { compact: !wide }));
        break;
      case "market": {
        const names = Object.fromEntries(companiesOf(view).map((c) => [c.id, { name: c.name }]));
        marketTab(panel, { market: this.catalog?.market, view, names, active: view.acting?.entity ?? null, wide });
        const held = companySbahnShares(view);
        if (held) panel.append(held);
        break;
      }
      case "trains":
        mount(panel, trainsPanel(view, this.catalog));
        break;
      case "sbahn":
        mount(panel, sbahnPanel(view, partOwners(view)));
        break;
      case "tiles":
        mount(panel, manifestPanel(view, this.catalog));
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
    this.afterResponse(view);
  }

  endOptions() {
    const view = this.view;
    return { kicker: view.end_reason ? `Game over: ${view.end_reason}` : "Game over" };
  }
}

/** Who ran: the company, or the S-Bahn's part ("S", "S/seat_2": each part runs apart, 12.5). */
const runner = (op) => op?.part ?? op?.company;

/** One train's run as the shared map draws it: its stops, a colour and a label with its
 * revenue and ferry bonus (the engine's amounts). */
function routeOf(run, i) {
  const label = `${trainType(run.train)}-train: ${money(run.revenue)}${run.ferry ? ` (ferry +${money(run.ferry)})` : ""}${run.shuttle ? " shuttle" : ""}`;
  return { ...run, label, colour: RUN_COLOURS[i % RUN_COLOURS.length] };
}
