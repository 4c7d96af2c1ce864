// The information panels of the 1840 screen (pure rendering of a view): the round track,
// the players' and companies' spreadsheet, Line cards, privates, the tram depot, the tile
// manifest and the log. Nothing here is clickable except the tabs' own controls.

import { h, mount } from "../dom.js";
import { tileSvg } from "../g18xx/tiles.js";
import { companyBadge, lineBadge, money, PROFILE_NAMES, SEAT_COLOURS, signed, tramChip, tramType, TRAM_INFO, VARIANT_NAMES } from "./format.js";

// ------------------------------------------------------------------ round track + phase

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

export function phaseChip(view) {
  const colours = view.colours ?? [];
  return h(
    "span",
    { class: "g40-phase", "data-testid": "phase", title: `Phase ${view.phase}: tiles of ${colours.join(", ")} may be laid` },
    h("span", { class: "g40-phase-label" }, "Phase"),
    h("strong", {}, String(view.phase)),
    h("span", { class: "g40-phase-swatches", "aria-hidden": "true" }, colours.map((c) => h("span", { class: `sw sw-${c}` }))),
  );
}

// ------------------------------------------------------------------ spreadsheet

function companiesOf(view) {
  return [...Object.keys(view.majors ?? {}), ...Object.keys(view.stadtbahn ?? {})];
}

/** The players' sheet for a narrow column (the side panel, a phone): one row per player
 * with the shares as chips that wrap, so that nothing is cut off; the wide view has the
 * spreadsheet (playersSheet). */
export function playersCompact(view, { active = null, botSeats = new Set() } = {}) {
  const cos = companiesOf(view);
  const rows = view.players.map((p, seat) =>
    h(
      "tr",
      { class: [seat === active && "is-active"], "data-testid": `player-row-${seat}`, "data-seat": seat },
      h(
        "th",
        { scope: "row", class: "player-cell-wrap" },
        h(
          "span",
          { class: "player-cell" },
          h("span", { class: "seat-dot", style: { background: SEAT_COLOURS[seat % SEAT_COLOURS.length] } }),
          h("span", { class: "pname" }, p.name),
          botSeats.has(seat) ? h("span", { class: "bot-tag" }, "bot") : null,
          p.order ? h("span", { class: "order-tag", title: "Order card (seating order of the Stock Round)" }, `#${p.order}`) : null,
        ),
        (p.privates ?? []).length || p.loans
          ? h(
              "span",
              { class: "player-extras" },
              (p.privates ?? []).map((x) => h("span", { class: "priv-tag", title: view.privates?.[x]?.name ?? x }, x)),
              p.loans ? h("span", { class: "neg small", title: `Loans (each costs ${money(view.loan_terms?.penalty)} at the end)` }, `${p.loans} loan${p.loans > 1 ? "s" : ""}`) : null,
            )
          : null,
      ),
      h("td", { class: "num", "data-testid": `cash-${seat}` }, money(p.cash)),
      h("td", { class: ["num", p.certs > p.cert_limit && "over"], title: "Certificates held / limit" }, `${p.certs}/${p.cert_limit}`),
      h(
        "td",
        { class: "share-chips" },
        cos
          .filter((c) => p.shares?.[c])
          .map((c) => {
            const director = view.majors?.[c]?.director === seat;
            return h("span", { class: ["share-chip", director && "director"], title: director ? `${p.name} directs ${c}` : null }, companyBadge(c), ` ${p.shares[c]}%${director ? "*" : ""}`);
          }),
      ),
      h("td", { class: "num strong", "data-testid": `value-${seat}` }, money(p.value)),
    ),
  );
  const pool = cos.filter((c) => (view.majors?.[c]?.pool ?? view.stadtbahn?.[c]?.pool ?? 0) > 0);
  return h(
    "div",
    { class: "g40-table-wrap" },
    h(
      "table",
      { class: "g40-sheet compact", "data-testid": "players-sheet" },
      h("caption", {}, "Players"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, "Cash"), h("th", { scope: "col", class: "num", title: "Certificates / limit" }, "Certs"), h("th", { scope: "col" }, "Shares"), h("th", { scope: "col", class: "num" }, "Value"))),
      h(
        "tbody",
        {},
        rows,
        pool.length
          ? h(
              "tr",
              { class: "pool-row" },
              h("th", { scope: "row" }, "Pool / bank"),
              h("td", { class: "share-chips", colspan: 4 }, pool.map((c) => h("span", { class: "share-chip" }, companyBadge(c), ` ${view.majors?.[c]?.pool ?? view.stadtbahn?.[c]?.pool}%`))),
            )
          : null,
      ),
    ),
  );
}

/** Players (rows) × companies (share columns), cash, certificates, privates, loans, value. */
export function playersSheet(view, { active = null, botSeats = new Set() } = {}) {
  const cos = companiesOf(view);
  const head = h(
    "tr",
    {},
    h("th", { scope: "col", class: "sticky-col" }, "Player"),
    h("th", { scope: "col", class: "num" }, "Cash"),
    h("th", { scope: "col", class: "num", title: "Certificates / limit" }, "Certs"),
    cos.map((c) => h("th", { scope: "col", class: "num co-col" }, companyBadge(c, { title: view.majors?.[c]?.name ?? view.stadtbahn?.[c]?.name ?? c }))),
    h("th", { scope: "col" }, "Privates"),
    h("th", { scope: "col", class: "num" }, "Loans"),
    h("th", { scope: "col", class: "num" }, "Value"),
  );
  const rows = view.players.map((p, seat) =>
    h(
      "tr",
      { class: [seat === active && "is-active"], "data-testid": `player-row-${seat}`, "data-seat": seat },
      h(
        "th",
        { scope: "row", class: "sticky-col player-cell" },
        h("span", { class: "seat-dot", style: { background: SEAT_COLOURS[seat % SEAT_COLOURS.length] } }),
        h("span", { class: "pname" }, p.name),
        botSeats.has(seat) ? h("span", { class: "bot-tag" }, "bot") : null,
        p.order ? h("span", { class: "order-tag", title: "Order card (seating order of the Stock Round)" }, `#${p.order}`) : null,
      ),
      h("td", { class: "num", "data-testid": `cash-${seat}` }, money(p.cash)),
      h("td", { class: ["num", p.certs > p.cert_limit && "over"], title: "Certificates held / limit" }, `${p.certs}/${p.cert_limit}`),
      cos.map((c) => {
        const pct = p.shares?.[c] ?? 0;
        const director = view.majors?.[c]?.director === seat;
        return h("td", { class: ["num", "share", pct && "has", director && "director"], title: director ? `${p.name} directs ${c}` : null }, pct ? `${pct}%${director ? "*" : ""}` : "");
      }),
      h("td", { class: "privs" }, (p.privates ?? []).map((x) => h("span", { class: "priv-tag", title: view.privates?.[x]?.name ?? x }, x))),
      h("td", { class: ["num", p.loans && "neg"] }, p.loans ? String(p.loans) : ""),
      h("td", { class: "num strong", "data-testid": `value-${seat}` }, money(p.value)),
    ),
  );
  // the bank's pool and the unsold (IPO) shares
  const pool = h(
    "tr",
    { class: "pool-row" },
    h("th", { scope: "row", class: "sticky-col" }, "Pool / bank"),
    h("td", {}),
    h("td", {}),
    cos.map((c) => {
      const pct = view.majors?.[c]?.pool ?? view.stadtbahn?.[c]?.pool ?? 0;
      return h("td", { class: "num share" }, pct ? `${pct}%` : "");
    }),
    h("td", {}),
    h("td", {}),
    h("td", {}),
  );
  return h(
    "div",
    { class: "g40-table-wrap" },
    h("table", { class: "g40-sheet", "data-testid": "players-sheet" }, h("caption", {}, "Players"), h("thead", {}, head), h("tbody", {}, rows, pool)),
  );
}

/** A spreadsheet table: caption, one header row of [label, th attributes] (the first column
 * stays in view when the table scrolls sideways), the body rows. */
function sheet(testid, caption, columns, rows, compact = false) {
  const head = columns.map(([label, attrs = {}], i) => h("th", { scope: "col", ...attrs, class: [i === 0 && "sticky-col", attrs.class] }, label));
  return h("table", { class: ["g40-sheet", compact && "compact"], "data-testid": testid }, h("caption", {}, caption), h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows));
}

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
  return h("div", { class: "g40-table-wrap" }, majorsTable, sbTable);
}

/** The six sights (privates): owner, face value, revenue, their hex. */
export function privatesTable(view, { compact = false } = {}) {
  const list = Object.entries(view.privates ?? {});
  return h(
    "div",
    { class: "g40-table-wrap" },
    sheet(
      "privates-sheet",
      "Sights (privates)",
      [["Private"], ["Hex"], ["Face", { class: "num" }], ["Revenue", { class: "num" }], ["Owner"]],
      list.map(([sym, p]) =>
          h(
            "tr",
            { "data-private": sym, class: [p.status === "closed" && "closed"] },
            h("th", { scope: "row", class: "sticky-col" }, h("span", { class: "priv-tag" }, sym), " ", h("span", { class: "co-name" }, p.name)),
            h("td", {}, p.hex),
            h("td", { class: "num" }, money(p.face_value)),
            h("td", { class: "num" }, money(p.revenue)),
            h("td", {}, ownerText(view, p)),
          ),
        ),
      compact,
    ),
  );
}

export function ownerText(view, p) {
  if (p.status === "closed") return "closed";
  if (!p.owner) return "unsold";
  if (p.owner.kind === "major") return companyBadge(p.owner.major);
  return view.players[p.owner.seat]?.name ?? "?";
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
      { class: "g40-mini" },
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
    { class: "g40-details" },
    h("summary", {}, "What is for sale in which Company Round"),
    h(
      "table",
      { class: "g40-mini" },
      h("tbody", {}, Object.entries(sched).map(([cr, list]) => h("tr", {}, h("th", { scope: "row" }, cr.replace("CR", "CR ")), h("td", {}, list.join(", "))))),
    ),
  );
}

// ------------------------------------------------------------------ tiles

/** Every tile type: supply left vs. the manifest total, as small tiles. */
export function manifestPanel(view, catalog) {
  if (!catalog) return h("p", { class: "muted" }, "Loading the tiles…");
  const supply = view.tile_supply ?? {};
  const groups = new Map();
  for (const [name, tile] of Object.entries(catalog.tiles)) {
    const key = tile.frame ? "stadtbahn" : tile.colour;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([name, tile]);
  }
  const order = ["yellow", "green", "brown", "gray", "red", "purple", "stadtbahn"];
  const titles = { yellow: "Yellow", green: "Green", brown: "Brown", gray: "Gray", red: "Red (inner city)", purple: "Purple (stations)", stadtbahn: "Stadtbahn" };
  const keys = [...groups.keys()].sort((a, b) => (order.indexOf(a) + 99) % 99 - (order.indexOf(b) + 99) % 99);
  return h(
    "div",
    { class: "g40-manifest", "data-testid": "manifest" },
    keys.map((key) =>
      h(
        "section",
        {},
        h("h3", {}, titles[key] ?? key),
        h(
          "div",
          { class: "tile-grid" },
          groups.get(key).map(([name, tile]) => {
            const left = supply[name] ?? 0;
            return h(
              "figure",
              { class: ["tile-fig", left === 0 && "gone"], "data-tile": name, "data-left": left },
              tileSvg(tile, { size: 52, phaseColours: view.colours, showTileName: false, title: `Tile ${name}` }),
              h("figcaption", {}, h("span", { class: "tname" }, name), h("span", { class: "tcount", title: `${left} of ${tile.count} left` }, `${left} of ${tile.count}`)),
            );
          }),
        ),
      ),
    ),
  );
}

// ------------------------------------------------------------------ log

export function logPanel(resp) {
  const log = resp.log ?? [];
  const list = h(
    "ol",
    { class: "g40-log", "data-testid": "log" },
    log.map((e) =>
      h(
        "li",
        {
          class: ["log-entry", e.seat !== null && e.seat !== undefined && "by-seat", /pays a dividend|runs|wins|ends/i.test(e.text) && "log-strong"],
          style: e.seat !== null && e.seat !== undefined ? { "border-left-color": SEAT_COLOURS[e.seat % SEAT_COLOURS.length] } : null,
          "data-i": e.i,
        },
        e.text,
      ),
    ),
  );
  return list;
}

/** Game facts for the overview: variant and profile. */
export function gameFacts(view) {
  return h(
    "p",
    { class: "muted small g40-facts", "data-testid": "game-facts" },
    `${VARIANT_NAMES[view.variant] ?? view.variant} · ${PROFILE_NAMES[view.profile] ?? view.profile}`,
  );
}

/** Replace a container's children only if it is given. */
export function fill(el, ...children) {
  if (el) mount(el, ...children);
}
