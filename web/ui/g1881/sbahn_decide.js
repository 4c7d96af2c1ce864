// The S-Bahn's decisions on the 1881 screen (rulebook 10.9, 12.1-12.13): the S share a player
// buys (the chairman's 10% or a 5% share, a board seat marked), a tram company's S trades in
// its train step, the start depots on the Trasse, the part whose turn it is, the commission
// and a train bought with one to scrap. Every control sends one entry of the engine's `legal`
// list; every amount is the view's. The veto and the vote are vote.js's.

import { h } from "../dom.js";
import { actButton } from "../g18xx/controls.js";
import { tokenControls } from "../g18xx/laying.js";
import { companyBadge, money, trainChip } from "./format.js";

/** The S-Bahn's symbol in the engine's views (economy.SBAHN). */
export const SBAHN = "S";

const section = (testid, title, ...body) => h("section", { class: "g81-group", "data-testid": testid }, title ? h("h3", { class: "g81-group-title" }, title) : null, ...body);

/** "main network" or "seat 2's sub-network" for a part id ("S", "S/seat_2"). */
export function partName(part) {
  const m = /seat_(\d+)$/.exec(String(part ?? ""));
  return m ? `board seat ${m[1]}'s sub-network` : "main network";
}

/** The certificate a buy from `source` takes (the view's `sbahn.certificates`: the lowest
 * number the source holds, 12.1), or null. */
export function nextCertificate(view, source) {
  const holder = source ?? "ipo";
  return (view.sbahn?.certificates ?? []).filter((c) => c.holder === holder).sort((a, b) => a.number - b.number)[0] ?? null;
}

/** A certificate in words: "chairman's 10% share", "5% share · board seat 2", "5% share". */
export function certificateText(c) {
  if (!c) return "5% share";
  if (c.kind === "chairman") return `chairman's ${c.percent}% share`;
  return `${c.percent}% share${c.kind === "seat" ? ` · board seat ${c.seat}` : ""}`;
}

/** The price of the certificate a buy takes: the view's next new share or the pool price. */
function certificatePrice(view, source) {
  const sb = view.sbahn ?? {};
  return source && source !== "ipo" ? sb.pool_price : sb.next_ipo?.price;
}

/** The button text of a player's buy of an S share (stock round, 12.1). */
export function sbahnBuyLabel(view, a) {
  const c = nextCertificate(view, a.source);
  const price = certificatePrice(view, a.source);
  const from = a.source && a.source !== "ipo" ? ` from the ${a.source}` : "";
  return h("span", { "data-certificate": c?.kind ?? "" }, companyBadge(SBAHN), ` ${certificateText(c)}${from}${price ? ` · ${money(price)}` : ""}`, c?.kind === "seat" ? h("strong", { class: "g81-seat-mark" }, " ★ board member") : null);
}

/** A tram company's S-Bahn trades in its train step (10.9 / A-50). */
function tradeGroup(g, entries, type) {
  const buy = type === "buy_sbahn";
  const company = g.view.acting?.entity;
  return section(
    `${type}-step`,
    buy ? "S-Bahn shares for the company" : "Sell the company's S-Bahn shares",
    h("p", { class: "muted small" }, buy ? "One S-Bahn share per operating round; the treasury pays." : "The treasury gets the pool price."),
    h(
      "div",
      { class: "decide-buttons share-buttons" },
      entries.map((a) =>
        buy
          ? actButton(g, a, h("span", {}, companyBadge(a.company ?? company), " buys ", sbahnBuyLabel(g.view, a)), { testid: `buy-sbahn-${a.source ?? "ipo"}` })
          : actButton(g, a, h("span", {}, companyBadge(a.company ?? company), ` sells ${a.count} S-Bahn share${a.count > 1 ? "s" : ""}`), { testid: `sell-sbahn-${a.count}`, class: "ghost" }),
      ),
    ),
  );
}

/** The pending start depot (12.5 / A-42): who places it for which part, on the map's S circles. */
function startDepotGroup(g) {
  const legal = g.legal();
  const sd = g.view.start_depot;
  return section(
    "start-depot-step",
    "Place a start depot on the Trasse",
    sd ? h("p", { "data-testid": "start-depot-part" }, companyBadge(sd.token ?? sd.part), ` ${sd.holder}: the start depot of the S-Bahn's ${partName(sd.part)}.`) : null,
    tokenControls(g, legal, "token", { type: "place_start_depot", marker: "start depot", place: "Start depot on" }),
  );
}

/** The commission of an unconnected part that paid (12.5 / A-48). */
function commissionGroup(g, entries) {
  const part = g.view.sbahn_turn?.acting;
  return section(
    "commission-step",
    "Commission",
    h("p", { class: "muted small" }, `The ${partName(part?.part)} paid out: its holder may take a commission from its treasury${part ? ` (${money(part.treasury)})` : ""}.`),
    h("div", { class: "decide-buttons" }, entries.map((a) => actButton(g, a, "Take the commission", { testid: "act-take_commission", primary: true }))),
  );
}

/** The S-Bahn part whose turn it is (12.5): holder, treasury, trains, depots. */
export function sbahnPartHeader(view) {
  const part = view.sbahn_turn?.acting;
  if (!part || view.acting?.entity !== SBAHN) return null;
  return h(
    "p",
    { class: "g81-part", "data-testid": "sbahn-part", "data-part": part.part },
    companyBadge(SBAHN),
    h("strong", {}, ` S-Bahn ${partName(part.part)}`),
    ` · ${part.holder} · treasury ${money(part.treasury)} · `,
    (part.trains ?? []).length ? part.trains.map((t) => trainChip(t)) : "no train",
    ` · depots ${(part.depots ?? []).map(([hx]) => hx).join(", ") || "none"}`,
  );
}

/** A train button's label: the train, its price and the older S train it scraps (12.7). */
export function trainLabel(a, price) {
  return h("span", {}, trainChip(a.train), price !== undefined ? ` ${money(price)}` : "", a.scrap ? h("span", { class: "muted small" }, " scrapping ", trainChip(a.scrap)) : null);
}

/** The groups of this file, by action type. */
export const SBAHN_GROUPS = {
  buy_sbahn: tradeGroup,
  sell_sbahn: tradeGroup,
  place_start_depot: startDepotGroup,
  take_commission: commissionGroup,
};
