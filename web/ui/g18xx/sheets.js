// The information panels every 18xx screen shares (pure rendering of a view): the phase,
// the players' spreadsheet (compact for a narrow column, full for the wide view), a
// spreadsheet table, the privates, the tile manifest and the log. A title passes its
// companies (`{id, name, pool, director}`), its money formatter and its captions.

import { h, mount } from "../dom.js";
import { companyBadge, seatColour } from "./format.js";
import { tileSvg } from "./tiles.js";

const COLOUR_ORDER = ["yellow", "green", "brown", "gray", "red", "purple"];
const COLOUR_TITLES = { yellow: "Yellow", green: "Green", brown: "Brown", gray: "Gray", red: "Red", purple: "Purple" };

/** The phase and the tile colours it allows. */
export function phaseChip(view) {
  const colours = view.colours ?? [];
  return h(
    "span",
    { class: "g18-phase", "data-testid": "phase", title: `Phase ${view.phase}: tiles of ${colours.join(", ")} may be laid` },
    h("span", { class: "g18-phase-label" }, "Phase"),
    h("strong", {}, String(view.phase)),
    h("span", { class: "g18-phase-swatches", "aria-hidden": "true" }, colours.map((c) => h("span", { class: `sw sw-${c}` }))),
  );
}

// ------------------------------------------------------------------ spreadsheets

/** The players' sheet for a narrow column (the side panel, a phone): one row per player
 * with the shares as chips that wrap, so that nothing is cut off; the wide view has the
 * spreadsheet (playersSheet). */
export function playersCompact(view, { active = null, botSeats = new Set(), companies = [], money } = {}) {
  const cos = companies.map((c) => c.id);
  const co = Object.fromEntries(companies.map((c) => [c.id, c]));
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
          h("span", { class: "seat-dot", style: { background: seatColour(seat) } }),
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
            const director = co[c].director === seat;
            return h("span", { class: ["share-chip", director && "director"], title: director ? `${p.name} directs ${c}` : null }, companyBadge(c), ` ${p.shares[c]}%${director ? "*" : ""}`);
          }),
      ),
      h("td", { class: "num strong", "data-testid": `value-${seat}` }, money(p.value)),
    ),
  );
  const pool = cos.filter((c) => (co[c].pool ?? 0) > 0);
  return h(
    "div",
    { class: "g18-table-wrap" },
    h(
      "table",
      { class: "g18-sheet compact", "data-testid": "players-sheet" },
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
              h("td", { class: "share-chips", colspan: 4 }, pool.map((c) => h("span", { class: "share-chip" }, companyBadge(c), ` ${co[c].pool}%`))),
            )
          : null,
      ),
    ),
  );
}

/** Players (rows) × companies (share columns), cash, certificates, privates, loans, value. */
export function playersSheet(view, { active = null, botSeats = new Set(), companies = [], money } = {}) {
  const cos = companies.map((c) => c.id);
  const co = Object.fromEntries(companies.map((c) => [c.id, c]));
  const head = h(
    "tr",
    {},
    h("th", { scope: "col", class: "sticky-col" }, "Player"),
    h("th", { scope: "col", class: "num" }, "Cash"),
    h("th", { scope: "col", class: "num", title: "Certificates / limit" }, "Certs"),
    cos.map((c) => h("th", { scope: "col", class: "num co-col" }, companyBadge(c, { title: co[c].name ?? c }))),
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
        h("span", { class: "seat-dot", style: { background: seatColour(seat) } }),
        h("span", { class: "pname" }, p.name),
        botSeats.has(seat) ? h("span", { class: "bot-tag" }, "bot") : null,
        p.order ? h("span", { class: "order-tag", title: "Order card (seating order of the Stock Round)" }, `#${p.order}`) : null,
      ),
      h("td", { class: "num", "data-testid": `cash-${seat}` }, money(p.cash)),
      h("td", { class: ["num", p.certs > p.cert_limit && "over"], title: "Certificates held / limit" }, `${p.certs}/${p.cert_limit}`),
      cos.map((c) => {
        const pct = p.shares?.[c] ?? 0;
        const director = co[c].director === seat;
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
      const pct = co[c].pool ?? 0;
      return h("td", { class: "num share" }, pct ? `${pct}%` : "");
    }),
    h("td", {}),
    h("td", {}),
    h("td", {}),
  );
  return h(
    "div",
    { class: "g18-table-wrap" },
    h("table", { class: "g18-sheet", "data-testid": "players-sheet" }, h("caption", {}, "Players"), h("thead", {}, head), h("tbody", {}, rows, pool)),
  );
}

/** A spreadsheet table: caption, one header row of [label, th attributes] (the first column
 * stays in view when the table scrolls sideways), the body rows. */
export function sheet(testid, caption, columns, rows, compact = false) {
  const head = columns.map(([label, attrs = {}], i) => h("th", { scope: "col", ...attrs, class: [i === 0 && "sticky-col", attrs.class] }, label));
  return h("table", { class: ["g18-sheet", compact && "compact"], "data-testid": testid }, h("caption", {}, caption), h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows));
}

/** The privates: owner, face value, revenue, their hex. */
export function privatesTable(view, { compact = false, caption = "Privates", money } = {}) {
  const list = Object.entries(view.privates ?? {});
  return h(
    "div",
    { class: "g18-table-wrap" },
    sheet(
      "privates-sheet",
      caption,
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

// ------------------------------------------------------------------ tiles

/** Every tile type: supply left vs. the manifest total, as small tiles. */
export function manifestPanel(view, catalog, { groupOf = (tile) => tile.colour, order = COLOUR_ORDER, titles = COLOUR_TITLES } = {}) {
  if (!catalog) return h("p", { class: "muted" }, "Loading the tiles…");
  const supply = view.tile_supply ?? {};
  const groups = new Map();
  for (const [name, tile] of Object.entries(catalog.tiles)) {
    const key = groupOf(tile);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push([name, tile]);
  }
  const keys = [...groups.keys()].sort((a, b) => (order.indexOf(a) + 99) % 99 - (order.indexOf(b) + 99) % 99);
  return h(
    "div",
    { class: "g18-manifest", "data-testid": "manifest" },
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

/** The game's log, each entry edged in its seat's colour. */
export function logPanel(resp) {
  const log = resp.log ?? [];
  const list = h(
    "ol",
    { class: "g18-log", "data-testid": "log" },
    log.map((e) =>
      h(
        "li",
        {
          class: ["log-entry", e.seat !== null && e.seat !== undefined && "by-seat", /pays a dividend|runs|wins|ends/i.test(e.text) && "log-strong"],
          style: e.seat !== null && e.seat !== undefined ? { "border-left-color": seatColour(e.seat) } : null,
          "data-i": e.i,
        },
        e.text,
      ),
    ),
  );
  return list;
}

/** The log tab: the log in `panel`, scrolled to its latest line. */
export function logTab(panel, resp, wide) {
  const list = logPanel(resp);
  mount(panel, list);
  list.scrollTop = list.scrollHeight;
  if (wide) panel.scrollTop = panel.scrollHeight;
}
