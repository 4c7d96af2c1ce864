// The information panels only 1881 has (pure rendering of a view): the round chip, the
// companies' sheet (tram companies with their trains, depots and S-Bahn shares; the S-Bahn),
// the trains and phases with what rusts next, the S-Bahn's board and sub-networks and the
// game's facts. The shared sheets (players, tiles, log, market) are g18xx/sheets.js and
// g18xx/market.js. Every amount is the engine's.

import { h } from "../dom.js";
import { sheet } from "../g18xx/sheets.js";
import { seatColour } from "../g18xx/format.js";
import { companyBadge, money, OPTION_NAMES, seatName, trainChip } from "./format.js";

const list = (x) => (Array.isArray(x) ? x : x && typeof x === "object" ? Object.values(x) : []);

/** The round (SR 2, OR 2.1, the opening bid, ...) in the top bar. */
export function roundChip(view) {
  const label = view.round?.label ?? "";
  return h("span", { class: "g81-round", "data-testid": "round-chip", title: view.round?.title ?? label }, label);
}

/** The runs of a run record: its `runs`/`trains` list, or the record itself when it is one run. */
export function runsOf(x) {
  if (!x) return [];
  if (Array.isArray(x)) return x.filter((r) => r && (r.stops?.length ?? 0) > 0);
  if (Array.isArray(x.runs)) return runsOf(x.runs);
  if (Array.isArray(x.trains) && x.trains.some((r) => r?.stops)) return runsOf(x.trains);
  return x.stops?.length ? [x] : [];
}

/** The companies for the shared sheets: the tram companies, then the S-Bahn. */
export function companiesOf(view) {
  const out = Object.entries(view.companies ?? {}).map(([id, c]) => ({ ...c, id, name: c.name ?? id, pool: c.pool ?? 0, director: c.director ?? null }));
  const sb = view.sbahn;
  if (sb && !out.some((c) => c.id === (sb.id ?? "S"))) out.push({ ...sb, id: sb.id ?? "S", name: sb.name ?? "S-Bahn", pool: sb.pool ?? 0, director: sb.chairman ?? null });
  return out;
}

/** The tram companies: director, price, treasury, trains, depots, S-Bahn shares held. */
export function companiesSheet(view, { compact = false } = {}) {
  const cos = Object.entries(view.companies ?? {}).filter(([id]) => id !== (view.sbahn?.id ?? "S"));
  const trainsOf = (c) => list(c.trains).map((t) => trainChip(t));
  const columns = [
    ["Company"],
    ...(compact ? [] : [["Director"]]),
    ["Price", { class: "num", title: "Share price (par)" }],
    ["Treasury", { class: "num" }],
    ["Trains"],
    ["Depots", { class: "num", title: "Depots on the map / still to place" }],
    ["S-Bahn", { class: "num", title: "S-Bahn shares the company holds" }],
  ];
  if (!cos.length) return h("p", { class: "muted small" }, "No company has started yet.");
  const rows = cos.map(([id, c]) =>
    h(
      "tr",
      { "data-testid": `company-row-${id}`, "data-company": id, class: [view.acting?.entity === id && "is-active", c.closed && "is-closed"] },
      h(
        "th",
        { scope: "row", class: "sticky-col" },
        companyBadge(id, { title: c.name ?? id }),
        c.order ? h("span", { class: "order-tag", title: "Operating order" }, `#${c.order}`) : null,
        compact ? h("span", { class: "director-name", title: "Director" }, seatName(view, c.director) || "–") : null,
      ),
      compact ? null : h("td", {}, seatName(view, c.director) || "–"),
      h("td", { class: "num" }, c.price ? h("strong", {}, money(c.price)) : "–", c.par ? h("span", { class: "muted small" }, ` (${c.par})`) : null),
      h("td", { class: "num", "data-testid": `treasury-${id}` }, c.floated === false ? h("span", { class: "muted small" }, "not floated") : money(c.treasury ?? c.cash)),
      h("td", { class: "trains-cell" }, trainsOf(c)),
      h("td", { class: "num" }, depotText(c)),
      h("td", { class: "num", "data-testid": `sbahn-held-${id}` }, sbahnHeld(c)),
    ),
  );
  return h("div", { class: "g18-table-wrap" }, sheet("companies-sheet", "Tram companies", columns, rows, compact), sbahnSummary(view, compact));
}

function depotText(c) {
  const on = c.depots_placed ?? (Array.isArray(c.depots) ? c.depots.length : c.depots);
  const left = c.depots_left ?? c.depots_free;
  if (on === undefined && left === undefined) return "–";
  return `${on ?? 0}${left !== undefined ? ` / ${left}` : ""}`;
}

function sbahnHeld(c) {
  const s = c.sbahn_shares ?? c.sbahn;
  if (s === undefined || s === null) return "–";
  if (Array.isArray(s)) return s.length ? s.map((x) => (typeof x === "object" ? `${x.percent}%` : `#${x}`)).join(" ") : "–";
  return s ? `${s}%` : "–";
}

function sbahnSummary(view, compact) {
  const sb = view.sbahn;
  if (!sb) return null;
  return sheet(
    "sbahn-sheet",
    "S-Bahn",
    [["Company"], ["Price", { class: "num" }], ["Chairman"], ["Sold", { class: "num", title: "Shares sold to players and companies" }], ["Treasury", { class: "num" }]],
    [
      h(
        "tr",
        { "data-company": sb.id ?? "S" },
        h("th", { scope: "row", class: "sticky-col" }, companyBadge(sb.id ?? "S"), h("span", { class: "co-name" }, sb.name ?? "S-Bahn")),
        h("td", { class: "num" }, sb.price ? money(sb.price) : "–"),
        h("td", {}, seatName(view, sb.chairman) || "–"),
        h("td", { class: "num" }, sb.sold !== undefined ? `${sb.sold}%` : "–"),
        h("td", { class: "num" }, money(sb.treasury ?? sb.cash)),
      ),
    ],
    compact,
  );
}

/** The S-Bahn: availability, its board members with their sub-networks (in their colours),
 * the shares and who holds them. */
export function sbahnPanel(view) {
  const sb = view.sbahn;
  if (!sb) return h("p", { class: "muted small", "data-testid": "sbahn-panel" }, "The S-Bahn arrives in phase 2: then its shares are for sale to players and tram companies.");
  const members = list(sb.board ?? sb.members ?? sb.subnetworks);
  return h(
    "div",
    { class: "g81-sbahn", "data-testid": "sbahn-panel" },
    h("p", {}, companyBadge(sb.id ?? "S"), ` ${sb.name ?? "S-Bahn"}`, sb.floated ? " · operating" : sb.available ? " · shares on sale" : " · not yet on sale"),
    members.length
      ? h(
          "ul",
          { class: "g81-board" },
          members.map((m) => {
            const seat = m.seat ?? m.player ?? null;
            return h(
              "li",
              { "data-testid": `sbahn-member-${m.id ?? seat}` },
              h("span", { class: "seat-dot", style: { background: seat !== null ? seatColour(seat) : "#999" } }),
              ` ${m.holder ?? seatName(view, seat) ?? "–"}`,
              m.role ? h("span", { class: "muted small" }, ` · ${m.role}`) : null,
              m.depot ? h("span", { class: "muted small" }, ` · start depot ${m.depot}`) : null,
              m.connected ? h("span", { class: "muted small" }, " · joined the main network") : null,
            );
          }),
        )
      : null,
    list(sb.shares).length
      ? h(
          "ol",
          { class: "g81-sshares" },
          list(sb.shares).map((s) => h("li", {}, `${s.percent}% · ${s.holder === null || s.holder === undefined ? "for sale" : typeof s.holder === "number" ? seatName(view, s.holder) : s.holder}`)),
        )
      : null,
  );
}

/** The phase and train table: each train type with its price, range, how many are left, the
 * phase it starts and what it rusts; the next rust marked. */
export function trainsPanel(view, catalog) {
  const t = view.trains ?? view.train_table ?? {};
  const rows = list(t.table ?? t.types ?? t.rows ?? catalog?.trains);
  const next = t.rusts_next ?? t.next_rust ?? null;
  return h(
    "div",
    { class: "g81-trains", "data-testid": "trains-panel" },
    h("p", {}, `Phase ${view.phase ?? "–"}`, t.limit !== undefined ? ` · train limit ${t.limit}` : "", next ? h("strong", { "data-testid": "rusts-next" }, ` · next to rust: ${Array.isArray(next) ? next.join(", ") : next}`) : null),
    rows.length
      ? sheet(
          "trains-sheet",
          "Trains",
          [["Train"], ["Price", { class: "num" }], ["Left", { class: "num" }], ["Phase", { class: "num" }], ["Rusts"]],
          rows.map((r) =>
            h(
              "tr",
              { class: [r.available && "is-active"], "data-train": r.name ?? r.type },
              h("th", { scope: "row" }, trainChip(r.name ?? r.type)),
              h("td", { class: "num" }, money(r.price ?? r.cost)),
              h("td", { class: "num" }, String(r.left ?? r.count ?? r.remaining ?? "–")),
              h("td", { class: "num" }, String(r.phase ?? r.starts_phase ?? "")),
              h("td", {}, r.rusts ? (Array.isArray(r.rusts) ? r.rusts.join(", ") : String(r.rusts)) : r.rusts_on ? `on ${r.rusts_on}` : ""),
            ),
          ),
        )
      : null,
  );
}

/** The game's facts: bank, round, phase, variants. */
export function gameFacts(view) {
  const opts = Object.entries(view.options ?? {}).filter(([, on]) => on).map(([k]) => OPTION_NAMES[k] ?? k);
  return h(
    "p",
    { class: "g81-facts muted small", "data-testid": "game-facts" },
    `${view.round?.label ?? ""}`,
    view.bank !== undefined ? ` · bank ${money(view.bank)}` : "",
    view.phase !== undefined ? ` · phase ${view.phase}` : "",
    opts.length ? ` · ${opts.join(", ")}` : "",
  );
}
