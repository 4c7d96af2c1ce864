// The information panels only 1840 has (pure rendering of a view): the round track, the
// majors' and Stadtbahn companies' sheet, Line cards, the tram depot and the game's facts;
// the shared sheets (players, privates, tiles, log) are g18xx/sheets.js.

import { h, mount } from "../dom.js";
import { sheet } from "../g18xx/sheets.js";
import { companyBadge, lineBadge, money, PROFILE_NAMES, signed, tramChip, tramType, TRAM_INFO, VARIANT_NAMES } from "./format.js";

// ------------------------------------------------------------------ round track

/** Pre, SR 1, CR 1, LR 1a, ... End: where the game is. */
export function roundTrack(view, catalog) {
  const labels = view.round_track ?? [];
  const current = view.round?.label;
  const idx = labels.indexOf(current);
  const mult = {};
  for (const r of catalog?.round_track ?? []) if (r.type === "CR" && r.multiplier > 1) mult[`CR ${r.name}`] = r.multiplier;
  return h(
    "ol",
    { class: "g40-track", "data-testid": "round-track", "aria-label": "Round track" },
    labels.map((label, i) =>
      h(
        "li",
        {
          class: ["g40-track-item", `kind-${label.split(" ")[0].toLowerCase()}`, i === idx && "is-current", idx >= 0 && i < idx && "is-done"],
          "aria-current": i === idx ? "step" : null,
          "data-round": label,
          title: mult[label] ? `${label}: Stadtbahn companies pay ×${mult[label]}` : label,
        },
        label,
        mult[label] ? h("small", {}, `×${mult[label]}`) : null,
      ),
    ),
  );
}

// ------------------------------------------------------------------ spreadsheet

/** 1840's companies for the shared sheets: the majors, then the Stadtbahn companies. */
export function companiesOf(view) {
  return [
    ...Object.entries(view.majors ?? {}).map(([id, m]) => ({ id, name: m.name, pool: m.pool, director: m.director })),
    ...Object.entries(view.stadtbahn ?? {}).map(([id, c]) => ({ id, name: c.name, pool: c.pool, director: null })),
  ];
}

/** The tile manifest's groups: by colour, the framed Stadtbahn tiles apart. */
export const MANIFEST_GROUPS = {
  groupOf: (tile) => (tile.frame ? "stadtbahn" : tile.colour),
  order: ["yellow", "green", "brown", "gray", "red", "purple", "stadtbahn"],
  titles: { yellow: "Yellow", green: "Green", brown: "Brown", gray: "Gray", red: "Red (inner city)", purple: "Purple (stations)", stadtbahn: "Stadtbahn" },
};

/** Majors: director, price, treasury, income field, Lines, trams; Stadtbahn companies.
 * `compact` (a narrow column): Lines, trams and privates share one cell that wraps. */
export function companiesSheet(view, { compact = false } = {}) {
  const majors = Object.entries(view.majors ?? {});
  const linesOf = (sym, m) => (m.lines ?? []).map((l) => lineBadge(l, sym));
  const tramsOf = (m) => (m.trams ?? []).map((t) => tramChip(t.id, { label: t.line ? `L${t.line}` : "spare", title: `${TRAM_INFO[t.type]?.name ?? t.type} tram ${t.id}${t.line ? ` on Line ${t.line}` : " (no Line)"}` }));
  const privsOf = (m) => (m.privates ?? []).map((x) => h("span", { class: "priv-tag", title: view.privates?.[x]?.name ?? x }, x));
  const columns = [
    ["Major"],
    ...(compact ? [] : [["Director"]]),
    ["Price", { class: "num", title: "Share price (start price)" }],
    ["Treasury", { class: "num" }],
    ["Income", { class: "num", title: "Income field: what its Lines earned this cycle" }],
    ...(compact ? [["Lines, trams"]] : [["Lines"], ["Trams"], ["Privates"]]),
  ];
  const majorsTable = majors.length
    ? sheet(
        "majors-sheet",
        "Major companies",
        columns,
        majors.map(([sym, m]) =>
            h(
              "tr",
              { "data-testid": `major-row-${sym}`, "data-company": sym, class: [view.acting?.entity === sym && "is-active"] },
              h(
                "th",
                { scope: "row", class: "sticky-col" },
                companyBadge(sym, { title: m.name }),
                m.order ? h("span", { class: "order-tag", title: "Operating order in this Company Round" }, `#${m.order}`) : null,
                compact ? h("span", { class: "director-name", title: "Director" }, view.players[m.director]?.name ?? "–") : null,
              ),
              compact ? null : h("td", {}, view.players[m.director]?.name ?? "–"),
              h("td", { class: "num" }, h("strong", {}, money(m.price)), h("span", { class: "muted small" }, ` (${m.par})`)),
              h("td", { class: "num", "data-testid": `treasury-${sym}` }, money(m.treasury)),
              h("td", { class: "num" }, m.income ? money(m.income) : ""),
              compact
                ? h("td", { class: "trams-cell" }, linesOf(sym, m), tramsOf(m), privsOf(m))
                : [h("td", {}, linesOf(sym, m)), h("td", { class: "trams-cell" }, tramsOf(m)), h("td", { class: "privs" }, privsOf(m))],
            ),
          ),
        compact,
      )
    : h("p", { class: "muted small" }, "No major has been founded yet: each player founds one in Stock Round 1.");
  const sb = Object.entries(view.stadtbahn ?? {});
  const sbTable = sheet(
    "stadtbahn-sheet",
    "Stadtbahn companies",
    [
      ["Company"],
      ["Price", { class: "num" }],
      ["Bank", { class: "num", title: "Shares not held by players (bank and pool)" }],
      ["Markers", { class: "num", title: "Markers on the map" }],
      ["Last payout", { class: "num", title: "Last payout (all of it goes to the shareholders)" }],
    ],
    sb.map(([sym, c]) =>
        h(
          "tr",
          { "data-company": sym },
          h("th", { scope: "row", class: "sticky-col" }, companyBadge(sym), h("span", { class: "co-name" }, c.name)),
          h("td", { class: "num" }, h("strong", {}, money(c.price))),
          h("td", { class: "num" }, `${c.pool}%`),
          h("td", { class: "num" }, String(c.tokens)),
          h("td", { class: "num" }, c.revenue === null || c.revenue === undefined ? "–" : money(c.revenue)),
        ),
      ),
    compact,
  );
  return h("div", { class: "g18-table-wrap" }, majorsTable, sbTable);
}

// ------------------------------------------------------------------ Lines

/** One Line card: number, home, owner, tram, markers left and the next marker's cost. */
export function lineCard(view, id, opts = {}) {
  const ln = view.lines[id];
  const owner = ln.major;
  const last = ln.last_run;
  return h(
    "article",
    { class: ["line-card", `status-${ln.status}`, opts.class], "data-testid": `line-card-${id}`, "data-line": id },
    h(
      "header",
      { class: "line-card-head" },
      lineBadge(id, owner, { class: "big" }),
      h("div", { class: "line-card-title" }, h("strong", {}, `Line ${id}`), h("span", { class: "muted small" }, ` home ${ln.home}`)),
      owner ? companyBadge(owner) : h("span", { class: "muted small status-tag" }, ln.status === "offer" ? "on offer" : ln.status === "deck" ? "in the stack" : ln.status),
    ),
    h(
      "dl",
      { class: "line-card-facts" },
      h("dt", {}, "Tram"),
      h("dd", {}, ln.tram ? tramChip(ln.tram) : h("span", { class: "muted" }, "none")),
      h("dt", {}, "Markers"),
      h("dd", {}, `${ln.tokens_left} left`, ln.next_token_cost !== null && ln.next_token_cost !== undefined && ln.tokens_left ? h("span", { class: "muted" }, ` · next ${ln.next_token_cost ? money(ln.next_token_cost) : "free (home)"}`) : null),
      last ? h("dt", {}, "Last run") : null,
      last ? h("dd", {}, money(last.total ?? last.revenue)) : null,
    ),
    opts.footer ?? null,
  );
}

export function linesPanel(view) {
  const offer = view.line_offer ?? [];
  const owned = Object.entries(view.lines ?? {}).filter(([, l]) => l.status === "owned");
  return h(
    "div",
    { class: "g40-lines", "data-testid": "lines-panel" },
    h("h3", {}, "On offer ", h("span", { class: "muted small" }, `· ${view.deck_count ?? 0} Line cards in the stack`)),
    offer.length ? h("div", { class: "line-cards" }, offer.map((id) => lineCard(view, id))) : h("p", { class: "muted small" }, "No Line on offer."),
    h("h3", {}, "Owned Lines"),
    owned.length ? h("div", { class: "line-cards" }, owned.map(([id]) => lineCard(view, id))) : h("p", { class: "muted small" }, "No Line has been bought yet."),
  );
}

// ------------------------------------------------------------------ depot

/** The tram depot: the purchase fields (price, count), the stack, maintenance. */
export function depotPanel(view, catalog) {
  const t = view.trams ?? {};
  const fields = t.fields ?? [];
  const names = ["left", "middle", "right"];
  const maint = Object.entries(t.maintenance ?? {});
  return h(
    "div",
    { class: "g40-depot", "data-testid": "depot" },
    h("h3", {}, "Purchase fields"),
    fields.length
      ? h(
          "div",
          { class: "depot-fields" },
          fields.map((f, i) =>
            h(
              "div",
              { class: "depot-field", "data-tram-type": f.type, "data-testid": `depot-field-${f.type}` },
              h("span", { class: "muted small" }, `${names[i] ?? ""} field`),
              tramChip(f.type),
              h("strong", { class: "price" }, money(f.price)),
              h("span", { class: "count" }, `${f.count} left`),
            ),
          ),
        )
      : h("p", { class: "muted small" }, "Trams go on sale in the Company Rounds."),
    h("h3", {}, "Still to come"),
    h("div", { class: "depot-stack" }, (t.stack ?? []).map((st) => h("span", { class: "stack-item" }, tramChip(st.type), h("span", { class: "muted small" }, ` ×${st.count}`)))),
    h("h3", {}, "Maintenance per run"),
    h(
      "table",
      { class: "g18-mini" },
      h("tbody", {}, maint.map(([type, m]) => h("tr", {}, h("th", { scope: "row" }, tramChip(type)), h("td", { class: ["num", m < 0 && "neg", m > 0 && "pos"] }, signed(m))))),
    ),
    h("p", { class: "muted small" }, t.newest ? `Newest type sold: ${TRAM_INFO[tramType(t.newest)]?.name ?? t.newest}. The table follows it: a run pays (−) or earns (+) this much by its tram.` : "No tram sold yet."),
    catalog?.trams?.buyable_by_company_round ? purchaseSchedule(catalog) : null,
  );
}

function purchaseSchedule(catalog) {
  const sched = catalog.trams.buyable_by_company_round;
  return h(
    "details",
    { class: "g18-details" },
    h("summary", {}, "What is for sale in which Company Round"),
    h(
      "table",
      { class: "g18-mini" },
      h("tbody", {}, Object.entries(sched).map(([cr, list]) => h("tr", {}, h("th", { scope: "row" }, cr.replace("CR", "CR ")), h("td", {}, list.join(", "))))),
    ),
  );
}

// ------------------------------------------------------------------ game facts

/** Game facts for the overview: variant and profile. */
export function gameFacts(view) {
  return h(
    "p",
    { class: "muted small g18-facts", "data-testid": "game-facts" },
    `${VARIANT_NAMES[view.variant] ?? view.variant} · ${PROFILE_NAMES[view.profile] ?? view.profile}`,
  );
}

/** Replace a container's children only if it is given. */
export function fill(el, ...children) {
  if (el) mount(el, ...children);
}
