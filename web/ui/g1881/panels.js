// The information panels only 1881 has (pure rendering of a view): the round chip, the
// companies' sheet (tram companies with their trains, depots and S-Bahn shares; the S-Bahn),
// the trains and phases with what rusts next, the S-Bahn's board and sub-networks and the
// game's facts. The shared sheets (players, tiles, log, market) are g18xx/sheets.js and
// g18xx/market.js. Every amount is the engine's.

import { h, s } from "../dom.js";
import { sheet } from "../g18xx/sheets.js";
import { seatColour } from "../g18xx/format.js";
import { drawToken, SLOT_R } from "../g18xx/tiles.js";
import { tokenStyle } from "../g18xx/colours.js";
import { companyBadge, money, trainChip, trainType, variantNames } from "./format.js";

/** The round (SR 2, OR 2.1, the opening bid, ...) in the top bar. */
export function roundChip(view) {
  const label = view.round?.label ?? "";
  return h("span", { class: "g81-round", "data-testid": "round-chip", title: view.round?.title ?? label }, label);
}

/** The trains' runs of the operating view (`operating.runs.trains`), those with a route. */
export function runsOf(runs) {
  return (runs?.trains ?? []).filter((r) => (r?.stops?.length ?? 0) > 1);
}

/** A seat by a player's name (the view names directors and holders by name). */
export function seatOf(view, name) {
  const i = (view.players ?? []).findIndex((p) => p.name === name);
  return i < 0 ? null : i;
}

/** The companies for the shared sheets: the tram companies, then the S-Bahn; `director` as
 * a seat. */
export function companiesOf(view) {
  return Object.entries(view.companies ?? {})
    .filter(([, c]) => c.status !== "unopened" || c.kind === "sbahn")
    .map(([id, c]) => ({ ...c, id, name: NAMES[id] ?? id, pool: c.pool ?? 0, director: seatOf(view, c.director) }));
}

// the long names, from the catalog (set by the controller once it has it)
const NAMES = {};

/** Remember the companies' long names from the catalog. */
export function setNames(catalog) {
  for (const [id, c] of Object.entries(catalog?.companies ?? {})) NAMES[id] = c.name;
  if (catalog?.sbahn?.sym) NAMES[catalog.sbahn.sym] = catalog.sbahn.name;
}

const STATUS = { unopened: "not open yet", open: "open, not floated", floated: "operating", bankrupt: "bankrupt" };

/** The tram companies: director, price, treasury, trains, depots, the S-Bahn shares they
 * hold; then the S-Bahn. */
export function companiesSheet(view, { compact = false } = {}) {
  const all = Object.entries(view.companies ?? {});
  const trams = all.filter(([, c]) => c.kind === "tram" && c.status !== "unopened");
  const sbahn = all.filter(([, c]) => c.kind === "sbahn");
  const columns = [
    ["Company"],
    ...(compact ? [] : [["Director"]]),
    ["Price", { class: "num", title: "Share price (par)" }],
    ["Treasury", { class: "num" }],
    ["Trains"],
    ["Depots", { class: "num", title: "Depots on the map · still to buy (next price)" }],
    ["S-Bahn", { class: "num", title: "S-Bahn shares the company holds" }],
  ];
  const row = ([id, c]) =>
    h(
      "tr",
      { "data-testid": `company-row-${id}`, "data-company": id, class: [view.acting?.entity === id && "is-active", c.status === "bankrupt" && "is-closed"], title: STATUS[c.status] ?? c.status },
      h(
        "th",
        { scope: "row", class: "sticky-col" },
        companyBadge(id, { title: NAMES[id] ?? id }),
        compact ? h("span", { class: "director-name", title: "Director" }, c.director ?? "–") : null,
      ),
      compact ? null : h("td", {}, c.director ?? "–"),
      h("td", { class: "num" }, c.price ? h("strong", {}, money(c.price)) : "–", c.par ? h("span", { class: "muted small" }, ` (${c.par})`) : null),
      h("td", { class: "num", "data-testid": `treasury-${id}` }, c.status === "floated" ? money(c.treasury) : h("span", { class: "muted small" }, STATUS[c.status] ?? "")),
      h("td", { class: "trains-cell" }, (c.trains ?? []).map((t) => trainChip(t)), c.credit_train ? h("span", { class: "muted small", title: "Bought on credit (variant 2)" }, " credit") : null),
      h("td", { class: "num" }, c.kind === "tram" ? `${(c.depots ?? []).length}${c.depots_left ? ` · ${c.depots_left} (${money(c.next_depot_cost)})` : ""}` : String((c.depots ?? []).length)),
      h("td", { class: "num", "data-testid": `sbahn-held-${id}` }, c.sbahn_shares ? `${c.sbahn_shares}%` : ""),
    );
  if (!trams.length && !sbahn.length) return h("p", { class: "muted small" }, "No company has started yet.");
  return h(
    "div",
    { class: "g18-table-wrap" },
    trams.length ? sheet("companies-sheet", "Tram companies", columns, trams.map(row), compact) : h("p", { class: "muted small" }, "No tram company has a share sold yet."),
    sbahn.length && sbahn.some(([, c]) => c.status !== "unopened") ? sheet("sbahn-sheet", "S-Bahn", columns, sbahn.map(row), compact) : null,
  );
}

const wrap = (table) => h("div", { class: "g18-table-wrap" }, table);

const PART_STATUS = { main: "main network", apart: "not connected", merged: "merged into the main network" };

/** The map's key to the S-Bahn's depots (12.5): each running part's depot as the map draws
 * it (its operator's colour, the S-Bahn's ring, "S" / "S2") with who runs it. `owners` are
 * the map's token owners (format.js partOwners). */
function sbahnLegend(view, owners, who) {
  const running = (view.sbahn?.parts ?? []).filter((p) => p.status === "main" || p.status === "apart");
  if (!running.length) return null;
  const box = SLOT_R + 1;
  return h(
    "ul",
    { class: "g81-legend", "data-testid": "sbahn-legend", "aria-label": "S-Bahn depots on the map" },
    running.map((p) =>
      h(
        "li",
        { "data-testid": `sbahn-legend-${p.part}`, "data-colour": tokenStyle(p.part, owners).fill },
        s("svg", { viewBox: `${-box} ${-box} ${2 * box} ${2 * box}`, width: 24, height: 24, "aria-hidden": "true" }, drawToken(p.part, owners)),
        h("span", {}, p.seat ? `Sub-network of board seat ${p.seat}` : "Main network", p.holder ? h("span", {}, " · ", p.seat ? "" : "chairman ", who(p.holder)) : h("span", { class: "muted small" }, " · no chairman yet")),
      ),
    ),
  );
}

/** The S-Bahn (12.1-12.5): chairman, price, the certificates with their holders (players and
 * tram companies; the board seats marked), the key to its depots on the map, each part's
 * holder, treasury, trains, depots and whether it is connected; the current turn's pay-outs. */
export function sbahnPanel(view, owners = {}) {
  const entry = Object.entries(view.companies ?? {}).find(([, c]) => c.kind === "sbahn");
  if (!entry) return h("p", { class: "muted small", "data-testid": "sbahn-panel" }, "No S-Bahn in this game.");
  const [id, sb] = entry;
  const info = view.sbahn ?? {};
  const seats = Object.fromEntries((view.players ?? []).map((p) => [p.name, p.seat]));
  const who = (name) => (name in seats ? h("span", {}, h("span", { class: "seat-dot", style: { background: seatColour(seats[name]) } }), ` ${name}`) : view.companies?.[name] ? companyBadge(name) : name === "ipo" ? "new" : (name ?? "–"));
  const certs = (info.certificates ?? []).filter((c) => c.kind !== "ordinary" || c.holder !== "ipo");
  const turn = view.sbahn_turn ?? {};
  return h(
    "div",
    { class: "g81-sbahn", "data-testid": "sbahn-panel" },
    h("p", {}, companyBadge(id), ` ${NAMES[id] ?? "S-Bahn"} · ${STATUS[sb.status] ?? sb.status}`, sb.price ? ` · ${money(sb.price)} per 5%` : "", info.chairman ? ` · chairman ${info.chairman}` : ""),
    sb.status === "unopened" ? h("p", { class: "muted small" }, "Its shares go on sale in phase 2, to players and tram companies, 30% at most each.") : null,
    certs.length
      ? wrap(sheet(
          "sbahn-certificates",
          "Chairman and board",
          [["Share"], ["Holder"]],
          certs.map((c) =>
            h(
              "tr",
              { "data-testid": `sbahn-cert-${c.number}`, class: [c.kind !== "ordinary" && "is-seat"] },
              h("th", { scope: "row" }, c.kind === "chairman" ? `1 · chairman ${c.percent}%` : c.kind === "seat" ? `${c.number} · board seat ${c.seat} ${c.percent}%` : `${c.number} · ${c.percent}%`),
              h("td", {}, who(c.holder)),
            ),
          ),
          true,
        ))
      : null,
    Object.keys(info.holders ?? {}).length
      ? h(
          "ul",
          { class: "g81-board" },
          Object.entries(info.holders)
            .filter(([name]) => name !== "ipo")
            .map(([name, pct]) => h("li", { "data-testid": `sbahn-holder-${name}` }, who(name), `: ${pct}%`)),
        )
      : null,
    sbahnLegend(view, owners, who),
    (info.parts ?? []).length
      ? wrap(sheet(
          "sbahn-parts",
          "Network parts",
          [["Part"], ["Holder"], ["Treasury", { class: "num" }], ["Trains"], ["Depots"]],
          info.parts
            .filter((p) => p.status !== "merged" || p.holder)
            .map((p) =>
              h(
                "tr",
                { "data-testid": `sbahn-part-${p.part}`, "data-status": p.status, class: [turn.acting?.part === p.part && "is-active"] },
                h("th", { scope: "row" }, p.seat ? `Seat ${p.seat}` : "Main", h("span", { class: "muted small" }, ` ${PART_STATUS[p.status] ?? p.status}`)),
                h("td", {}, who(p.holder)),
                h("td", { class: "num" }, money(p.treasury)),
                h("td", { class: "trains-cell" }, (p.trains ?? []).map((t) => trainChip(t))),
                h("td", {}, (p.depots ?? []).map(([hx]) => hx).join(", ") || "–"),
              ),
            ),
          true,
        ))
      : null,
    Object.keys(turn.paid_out ?? {}).length ? h("p", { class: "muted small", "data-testid": "sbahn-paid" }, `This turn: ${Object.entries(turn.paid_out).map(([part, amount]) => `${part} ${turn.votes?.[part] ? "paid" : "withheld"} ${money(amount)}`).join(" · ")}`) : null,
    info.next_ipo ? h("p", { class: "muted small" }, `Next new share ${info.next_ipo.percent}% at ${money(info.next_ipo.price)} · new ${sb.ipo ?? 0}% · pool ${sb.pool ?? 0}%`) : h("p", { class: "muted small" }, `New shares ${sb.ipo ?? 0}% · pool ${sb.pool ?? 0}%`),
  );
}

/** The S-Bahn shares tram companies hold (10.9), under the market; null when none does. */
export function companySbahnShares(view) {
  const held = Object.entries(view.companies ?? {}).filter(([, c]) => c.kind === "tram" && c.sbahn_shares);
  if (!held.length) return null;
  return h(
    "p",
    { class: "muted small g81-company-sbahn", "data-testid": "company-sbahn-shares" },
    "S-Bahn shares held by tram companies: ",
    held.map(([id, c], i) => h("span", { "data-holder": id }, i ? " · " : "", companyBadge(id), ` ${c.sbahn_shares}%`)),
  );
}

/** The phase and train table: each train with its range, price, how many are left, the phase
 * it starts and when it rusts; the next phase and what rusts then. */
export function trainsPanel(view) {
  const t = view.trains ?? {};
  const rows = t.types ?? [];
  const next = t.rusts_next ?? [];
  const onOffer = new Set(Object.keys(t.on_offer ?? {}).map(trainType));
  return h(
    "div",
    { class: "g81-trains", "data-testid": "trains-panel" },
    h(
      "p",
      {},
      `Phase ${t.phase ?? view.phase ?? "–"}`,
      t.limit !== undefined && t.limit !== null ? ` · train limit ${t.limit}` : "",
      t.next_phase && t.next_phase !== t.phase ? ` · next: phase ${t.next_phase}` : "",
      next.length ? h("strong", { "data-testid": "rusts-next" }, ` · then rust: ${next.join(", ")}`) : null,
    ),
    rows.length
      ? sheet(
          "trains-sheet",
          "Trains",
          [["Train"], ["Range", { class: "num" }], ["Price", { class: "num" }], ["Left", { class: "num" }], ["Starts"], ["Rusts on"]],
          rows.map((r) =>
            h(
              "tr",
              { class: [onOffer.has(r.name) && "is-active", next.includes(r.name) && "rusts-next"], "data-train": r.name },
              h("th", { scope: "row" }, trainChip(r.name)),
              h("td", { class: "num" }, String(r.range ?? "")),
              h("td", { class: "num" }, money(r.price)),
              h("td", { class: "num" }, `${r.left}/${r.count}`),
              h("td", {}, r.triggers ? `phase ${r.triggers}` : ""),
              h("td", {}, r.rusts_on ? `phase ${r.rusts_on}` : ""),
            ),
          ),
        )
      : null,
  );
}

/** The game's facts: bank, round, phase, variants, and the design edition (docs/1881-design.md,
 * "Editions": the board, tiles, market and pars the game is played with). */
export function gameFacts(view) {
  const opts = variantNames(view.options);
  return h(
    "p",
    { class: "g81-facts muted small", "data-testid": "game-facts" },
    `${view.round?.label ?? ""}`,
    view.bank !== undefined ? ` · bank ${money(view.bank)}` : "",
    view.phase !== undefined ? ` · phase ${view.phase}` : "",
    opts.length ? ` · ${opts.join(", ")}` : "",
    view.edition !== undefined ? h("span", { "data-testid": "design-edition", title: "The edition of the board, tiles, market and pars this game is played with" }, ` · design edition ${view.edition}`) : "",
  );
}
