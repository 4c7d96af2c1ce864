// The decision panel of the 1840 screen: every control is built from the engine's `legal`
// list for the seat to act; a control sends exactly one of those entries (an entry with
// `field`/`min`/`max`/`step` is sent with the chosen number in `field`). Nothing here
// decides a rule.
//
// `g` is the controller (controller.js, on g18xx/controller.js): g.view, g.legal(),
// g.act(action), g.draft(key), g.setDraft(key, value), g.ui (the Line turn's map selection)
// and its helpers. The shared controls (buttons, number choosers, tile laying, markers) are
// g18xx/controls.js and g18xx/laying.js.

import { h } from "../dom.js";
import { actButton, byType, current, goButton, isRange, rangeControl, withValue } from "../g18xx/controls.js";
import { layControls, mapModes, MODE_LABELS, tokenControls } from "../g18xx/laying.js";
import { BONUS_NAMES, companyBadge, lineBadge, money, seatName, signed, tramChip, tramType, TRAM_INFO } from "./format.js";
import { ownerText } from "../g18xx/sheets.js";
import { lineCard } from "./panels.js";

// ------------------------------------------------------------------ entry point

// The panel of each engine step (function declarations: hoisted, so usable here).
const PANELS = {
  private_auction: privateAuction,
  choose_order: chooseOrder,
  stock: stockRound,
  dividend,
  trams,
  rearrange: trams,
  pick: pickLine,
  bid: lineAuction,
  line_turn: lineTurn,
};

/** The whole decision area for the live response. */
export function decisionPanel(g) {
  const view = g.view;
  const legal = g.legal();
  if (!legal.length) return waitingPanel(g);
  const step = view.step;
  const body = (PANELS[step] ?? genericPanel)(g, legal);
  return h("div", { class: "decide", "data-testid": "decide", "data-step": step }, body, sellPrivates(g, legal));
}

function waitingPanel(g) {
  const view = g.view;
  const active = g.resp.active;
  if (g.resp.result) return h("div", { class: "decide idle", "data-testid": "decide" }, h("p", {}, "The game is over."));
  const name = seatName(view, active);
  const bot = g.isBot(active);
  return h(
    "div",
    { class: "decide idle", "data-testid": "decide" },
    h("p", { class: "waiting" }, bot ? `${name} (bot) is playing…` : g.history ? "History view: nothing to decide here." : `Waiting for ${name}…`),
    auctionSummary(view),
    lineTurnSummary(view),
  );
}

/** What an auction in progress looks like to the others (private or Line). */
export function auctionSummary(view) {
  const auc = view.auction;
  if (!auc || !auc.lot) return null;
  if (auc.kind === "private") {
    const p = view.privates?.[auc.lot];
    return h(
      "p",
      { class: "auction-summary", "data-testid": "auction-summary" },
      h("span", { class: "priv-tag" }, auc.lot),
      ` ${p?.name ?? ""}: high bid ${money(auc.price)} by ${seatName(view, auc.leader)}; still bidding ${(auc.bidders ?? []).map((s) => seatName(view, s)).join(", ") || "–"}`,
    );
  }
  return h(
    "p",
    { class: "auction-summary", "data-testid": "auction-summary" },
    lineBadge(auc.lot, null),
    ` Line ${auc.lot}: high bid ${money(auc.price)} by `,
    auc.leader ? companyBadge(auc.leader) : "nobody",
    `; still in ${(auc.bidders ?? []).join(", ") || "–"}`,
  );
}

function lineTurnSummary(view) {
  const lt = view.line_turn;
  if (!lt) return null;
  const ln = view.lines?.[lt.line];
  return h(
    "p",
    { class: "auction-summary" },
    lineBadge(lt.line, lt.major),
    ` Line ${lt.line} of `,
    companyBadge(lt.major),
    ln?.tram ? [" runs a ", tramChip(ln.tram)] : " has no tram",
    lt.run ? ` · best route ${money(lt.run.total)}` : "",
  );
}

function genericPanel(g, legal) {
  return h("div", { class: "decide-buttons" }, legal.filter((a) => !isRange(a) && a.type !== "sell_private" && a.type !== "end_game").map((a) => actButton(g, a, a.type.replace(/_/g, " "))));
}

/** Any-time sale of a private to the bank (IV.2), tucked away. */
function sellPrivates(g, legal) {
  const list = byType(legal, "sell_private");
  if (!list.length) return null;
  const view = g.view;
  return h(
    "details",
    { class: "g18-details sell-privates", "data-testid": "sell-privates" },
    h("summary", {}, "Sell a private to the bank"),
    h("p", { class: "muted small" }, "At face value; the private closes."),
    h(
      "div",
      { class: "decide-buttons" },
      list.map((a) => {
        const p = view.privates?.[a.private];
        return actButton(g, a, `Sell ${a.private} (${money(p?.face_value)})`, { testid: `sell-private-${a.private}`, title: p?.name });
      }),
    ),
  );
}

// ------------------------------------------------------------------ Pre

function privateAuction(g, legal) {
  const view = g.view;
  const auc = view.auction ?? {};
  const bids = byType(legal, "bid");
  const pass = legal.find((a) => a.type === "pass");
  const me = view.players[g.resp.active];
  const rows = Object.entries(view.privates).map(([sym, p]) => {
    const entry = bids.find((b) => b.private === sym);
    const onLot = auc.lot === sym;
    return h(
      "div",
      { class: ["priv-row", onLot && "on-lot", p.status !== "unsold" && "sold"], "data-testid": `private-${sym}` },
      h(
        "div",
        { class: "priv-info" },
        h("span", { class: "priv-tag" }, sym),
        h("strong", {}, p.name),
        h("span", { class: "muted small" }, ` · ${p.hex} · face ${money(p.face_value)} · pays ${money(p.revenue)}`),
        p.status !== "unsold" ? h("span", { class: "small owner" }, " · ", ownerText(view, p)) : null,
        onLot && auc.price ? h("div", { class: "lot-state" }, `High bid ${money(auc.price)} by ${seatName(view, auc.leader)}`) : null,
      ),
      entry
        ? h(
            "div",
            { class: "priv-bid" },
            rangeControl(g, `bid:${sym}`, entry, { testid: `bid-${sym}`, label: `Bid on ${p.name}`, slider: false, onEnter: () => g.act(withValue(entry, current(g, `bid:${sym}`, entry))) }),
            goButton(g, `bid:${sym}`, entry, { testid: `bid-${sym}-go`, label: (v) => `${auc.lot ? "Bid" : "Open at"} ${money(v)}` }),
          )
        : null,
    );
  });
  return [
    h("h3", { class: "decide-title" }, auc.lot ? `Auction: ${view.privates[auc.lot]?.name}` : "Private auction"),
    h("p", { class: "muted small" }, auc.lot ? `Raise the bid or pass. Still bidding: ${(auc.bidders ?? []).map((s) => seatName(view, s)).join(", ")}.` : `Pick a sight to auction (bid at least its face value), or pass. ${me?.name} has ${money(me?.cash)}.`),
    h("div", { class: "priv-list" }, rows),
    pass ? h("div", { class: "decide-buttons" }, actButton(g, pass, "Pass", { testid: "pass" })) : null,
  ];
}

function chooseOrder(g, legal) {
  const view = g.view;
  // view.pre.chosen: order card (position) -> the seat that took it
  const chosen = view.pre?.chosen ?? {};
  const free = new Map(byType(legal, "choose_order").map((a) => [a.position, a]));
  const cards = view.players.map((_, i) => {
    const pos = i + 1;
    const a = free.get(pos);
    const by = chosen[String(pos)];
    if (a) return actButton(g, a, h("span", { class: "order-card" }, h("small", {}, "Order"), h("strong", {}, String(pos)), h("small", {}, "free")), { testid: `order-${pos}` });
    const who = by === undefined ? null : seatName(view, by);
    return h(
      "div",
      { class: "order-card-taken", "data-testid": `order-taken-${pos}`, "aria-label": `Order card ${pos}${who ? `: taken by ${who}` : ""}` },
      h("span", { class: "order-card" }, h("small", {}, "Order"), h("strong", {}, String(pos)), h("small", {}, who ? `taken by ${who}` : "taken")),
    );
  });
  const still = (view.pre?.choosing ?? []).map((s) => seatName(view, s));
  return [
    h("h3", { class: "decide-title" }, "Choose an order card"),
    h("p", { class: "muted small" }, "The player with the least cash chooses first. The card sets the seating order of the Stock Rounds."),
    h("div", { class: "decide-buttons order-cards", "data-testid": "order-cards" }, cards),
    still.length ? h("p", { class: "muted small", "data-testid": "order-choosing" }, `Choosing: ${still.join(", ")}`) : null,
  ];
}

// ------------------------------------------------------------------ Stock Round

function stockRound(g, legal) {
  const view = g.view;
  const seat = g.resp.active;
  const me = view.players[seat];
  const pars = byType(legal, "par");
  const out = [h("p", { class: "decide-facts" }, h("span", {}, `Cash ${money(me.cash)}`), h("span", {}, `Certificates ${me.certs}/${me.cert_limit}`))];
  if (pars.length) {
    const majors = [...new Set(pars.map((a) => a.major))];
    const pick = majors.includes(g.draft("par:major")) ? g.draft("par:major") : null;
    out.unshift(h("h3", { class: "decide-title" }, "Found your major"));
    out.push(
      h("p", { class: "muted small" }, "Choose the company you will direct, then its start price: you become its director."),
      h(
        "div",
        { class: "major-pick", role: "radiogroup", "aria-label": "Major company" },
        majors.map((m) =>
          h(
            "button",
            {
              type: "button",
              role: "radio",
              "aria-checked": pick === m ? "true" : "false",
              class: ["major-option", pick === m && "is-picked"],
              "data-testid": `par-major-${m}`,
              onclick: () => g.setDraft("par:major", m),
            },
            companyBadge(m),
            h("span", { class: "major-name" }, g.catalog?.majors?.[m]?.name ?? m),
          ),
        ),
      ),
      foundingNote(view, seat),
      pick
        ? h(
            "div",
            { class: "decide-buttons par-prices" },
            pars
              .filter((a) => a.major === pick)
              .map((a) => actButton(g, a, parLabel(view, pick, a.price), { testid: `par-${a.price}`, primary: true, class: "par-btn" })),
          )
        : h("p", { class: "hint" }, "Pick a company first."),
    );
  } else {
    out.unshift(h("h3", { class: "decide-title" }, `${view.round.label}: buy and sell`));
  }
  const buys = byType(legal, "buy");
  const sells = byType(legal, "sell");
  const trades = view.sr?.trades ?? {};
  const companies = [...Object.keys(view.majors ?? {}), ...Object.keys(view.stadtbahn ?? {})];
  const rows = companies
    .filter((c) => buys.some((a) => a.company === c) || sells.some((a) => a.company === c) || (me.shares?.[c] ?? 0) > 0)
    .map((c) => {
      const m = view.majors?.[c];
      const sb = view.stadtbahn?.[c];
      const price = m?.price ?? sb?.price;
      const buy = buys.find((a) => a.company === c);
      const mySells = sells.filter((a) => a.company === c).sort((a, b) => a.count - b.count);
      const sale = (a) => trades.sell?.[c]?.find((t) => t.count === a.count);
      return h(
        "tr",
        { "data-testid": `sr-row-${c}` },
        h("th", { scope: "row" }, companyBadge(c, { title: m?.name ?? sb?.name }), h("span", { class: "co-name" }, m ? c : sb?.name ?? c)),
        h("td", { class: "num" }, money(price)),
        h("td", { class: "num" }, me.shares?.[c] ? `${me.shares[c]}%` : ""),
        h("td", { class: "actions" }, buy ? actButton(g, buy, `Buy ${money(trades.buy?.[c]?.cost)}`, { testid: `buy-${c}`, primary: true, title: tradeTitle(trades.buy?.[c]) }) : null, mySells.map((a) => actButton(g, a, `Sell ${a.count}`, { testid: `sell-${c}-${a.count}`, title: tradeTitle(sale(a)) }))),
      );
    });
  if (rows.length) {
    out.push(
      h(
        "table",
        { class: "g18-sheet sr-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Company"), h("th", { scope: "col", class: "num" }, "Price"), h("th", { scope: "col", class: "num" }, "You"), h("th", { scope: "col" }, ""))),
        h("tbody", {}, rows),
      ),
    );
  }
  const ends = legal.filter((a) => a.type === "pass" || a.type === "end_turn");
  if (ends.length) {
    out.push(
      h(
        "div",
        { class: "decide-buttons" },
        ends.map((a) => actButton(g, a, a.type === "pass" ? "Pass" : "End turn (no purchase)", { testid: a.type === "pass" ? "pass" : "end-turn" })),
      ),
    );
  }
  if (view.sr?.sold_this_turn) out.push(h("p", { class: "muted small" }, "You sold this turn: you may still buy one share, or end your turn."));
  return out;
}

/** A trade's money in words, from the engine's preview (view.sr.trades): a sale has a count. */
function tradeTitle(t) {
  if (!t) return null;
  if (t.count === undefined) return `Buy ${t.percent}% for ${money(t.cost)}`;
  return `Sell ${t.count} share${t.count > 1 ? "s" : ""} (${t.percent}%) for ${money(t.proceeds)}; the price falls to ${money(t.price_after)}`;
}

/** The engine's costs of founding at `price` for the player to act (view.sr.founding). */
function parCost(view, price) {
  return view.sr?.founding?.prices?.find((c) => c.price === price) ?? null;
}

/** "Start WT at ƒ100" and what it costs this player: the certificate, the right's part, the cash. */
function parLabel(view, major, price) {
  const c = parCost(view, price);
  const title = h("strong", {}, `Start ${major} at ${money(price)}`);
  if (!c) return title;
  const paid = c.voucher ? `${money(c.voucher)} right + ${money(c.cash)} cash` : `${money(c.cash)} cash`;
  return h("span", { class: "par-label" }, title, h("small", { "data-testid": `par-cost-${price}` }, `certificate ${money(c.certificate)} = ${paid}`));
}

/** What founding means for this player's money (V2: the right is a voucher of 350). */
function foundingNote(view, seat) {
  const f = view.sr?.founding;
  if (!f || f.seat !== seat) return null;
  const me = view.players[seat];
  const first = f.prices[0];
  return h(
    "p",
    { class: "founding-note small", "data-testid": "founding-note" },
    f.voucher
      ? `Your subscription right pays ${money(first.voucher)} of the director's certificate (50%); the rest comes from your cash (${money(me.cash)}). The major gets its capital from the bank (${money(first.capital)} at ${money(first.price)}).`
      : `The director's certificate (50%) is paid from your cash (${money(me.cash)}). The major gets its capital from the bank (${money(first.capital)} at ${money(first.price)}).`,
  );
}

// ------------------------------------------------------------------ Company Round

function actingMajor(view) {
  return view.cr?.current?.[1] || (view.acting?.kind === "major" ? view.acting.entity : null);
}

function dividend(g, legal) {
  const view = g.view;
  const entry = legal.find((a) => a.type === "dividend");
  const prev = view.cr?.dividend;
  const major = prev?.major ?? actingMajor(view);
  const m = view.majors[major];
  const income = prev?.income ?? m?.income ?? entry.max;
  const key = `div:${major}`;
  const amount = current(g, key, entry, entry.max);
  // the engine's figures for every amount it allows (view.cr.dividend.amounts)
  const rows = prev?.amounts ?? [];
  const byAmount = new Map(rows.map((r) => [r.amount, r]));
  const holders = view.players.map((p, s) => [p, s]).filter(([p]) => (p.shares?.[major] ?? 0) > 0);
  const send = () => g.act(withValue(entry, current(g, key, entry, entry.max)));
  const preview = (value) => {
    const row = byAmount.get(value);
    const newPrice = row?.price ?? m.price;
    const moveText = newPrice > m.price ? `rises ${money(m.price)} → ${money(newPrice)}` : newPrice < m.price ? `falls ${money(m.price)} → ${money(newPrice)}` : `stays at ${money(m.price)}`;
    return h(
      "dl",
      { class: "dividend-preview", "data-testid": "dividend-preview", "data-amount": value },
      h("dt", {}, `Per share (${prev?.share_percent ?? "–"}%)`),
      h("dd", { "data-testid": "dividend-per-share" }, money(row?.per_share)),
      h("dt", {}, "Treasury keeps"),
      h("dd", { "data-testid": "dividend-kept" }, money(row?.kept)),
      h("dt", {}, "Share price"),
      h("dd", { "data-testid": "dividend-price", class: newPrice > m.price ? "up" : newPrice < m.price ? "down" : "" }, moveText),
      holders.length ? h("dt", {}, "Shareholders get") : null,
      holders.length ? h("dd", { "data-testid": "dividend-holders" }, holders.map(([p, s]) => `${p.name} ${money(row?.payouts?.[s])}`).join(" · ")) : null,
      row?.bank ? h("dt", {}, "Bank (pool shares)") : null,
      row?.bank ? h("dd", { "data-testid": "dividend-bank" }, money(row.bank)) : null,
    );
  };
  let shown = preview(amount);
  g.live(key, (v) => {
    const next = preview(v);
    shown.replaceWith(next);
    shown = next;
  });
  // the middle one of the amounts the engine allows
  const half = rows[Math.floor((rows.length - 1) / 2)]?.amount ?? entry.min;
  const quick = [
    [entry.min, "Withhold all"],
    [half, "Half"],
    [entry.max, "Pay all"],
  ].filter(([v], i, list) => list.findIndex(([w]) => w === v) === i);
  return [
    h("h3", { class: "decide-title" }, companyBadge(major), ` ${major}: dividend`),
    h("p", { class: "muted small" }, `Its Lines earned ${money(income)} this cycle (income field). Pay any multiple of ${entry.step} up to that; the rest goes to the treasury (${money(m.treasury)}).`),
    rangeControl(g, key, entry, { testid: "dividend", label: "Dividend", initial: entry.max, onEnter: send }),
    h("div", { class: "decide-buttons quick" }, quick.map(([v, label]) => h("button", { type: "button", class: ["btn", "ghost", v === amount && "is-on"], onclick: () => g.setDraft(key, v) }, `${label} (${money(v)})`))),
    shown,
    h("div", { class: "decide-buttons" }, goButton(g, key, entry, { initial: entry.max, testid: "dividend-go", cls: "big", label: (v) => `Pay ${money(v)}` })),
  ];
}

function trams(g, legal) {
  const view = g.view;
  const major = actingMajor(view);
  const m = view.majors[major];
  const director = view.players[m.director];
  const forced = view.cr?.forced === major;
  const offer = view.cr?.offer ?? {};
  const buys = byType(legal, "buy_tram");
  const scraps = byType(legal, "scrap_tram");
  const assigns = byType(legal, "assign_tram");
  const done = legal.find((a) => a.type === "done");
  const counts = Object.fromEntries((view.trams?.fields ?? []).map((f) => [f.type, f.count]));
  const maint = view.trams?.maintenance ?? {};
  const out = [
    h("h3", { class: "decide-title" }, companyBadge(major), ` ${major}: ${view.step === "rearrange" ? "rearrange trams" : "trams"}`),
    h("p", { class: "decide-facts" }, h("span", {}, `Treasury ${money(m.treasury)}`), h("span", {}, `${m.trams.length} of ${view.cr?.trams?.limit ?? "?"} trams`), h("span", {}, `Director ${director?.name} ${money(director?.cash)}`)),
  ];
  if (forced) out.push(forcedNote(view, major, director));
  if (Object.keys(offer).length) {
    out.push(
      h("h4", {}, "Buy from the depot"),
      h(
        "div",
        { class: "depot-buy" },
        Object.entries(offer).map(([type, price]) => {
          const a = buys.find((b) => b.tram === type);
          return h(
            "div",
            { class: ["depot-offer", !a && "unavailable"] },
            tramChip(type),
            h("span", { class: "price" }, money(price)),
            h("span", { class: "muted small" }, `${counts[type] ?? "?"} left`),
            a ? actButton(g, a, "Buy", { testid: `buy-tram-${type}`, primary: true }) : refusedNote(view, type),
          );
        }),
      ),
    );
  }
  // the major's Lines and trams: reassign / scrap
  const lineRows = (m.lines ?? []).map((line) => {
    const tram = m.trams.find((t) => t.line === line);
    return h(
      "li",
      { class: "tram-line", "data-testid": `tram-line-${line}` },
      lineBadge(line, major),
      tram ? tramChip(tram.id) : h("span", { class: "muted small" }, "no tram"),
      tram && maint[tramType(tram.id)] ? h("span", { class: ["small", maint[tramType(tram.id)] < 0 ? "neg" : "pos"] }, ` per run ${signed(maint[tramType(tram.id)])}`) : null,
    );
  });
  const tramRows = m.trams.map((t) => {
    const moves = assigns.filter((a) => a.tram === t.id);
    const scrap = scraps.find((a) => a.tram === t.id);
    return h(
      "li",
      { class: "tram-row", "data-testid": `tram-${t.id}` },
      tramChip(t.id, { label: `${TRAM_INFO[t.type]?.name ?? t.type} ${t.id.split("-")[1] ?? ""}` }),
      h("span", { class: "muted small" }, t.line ? `on Line ${t.line}` : "spare"),
      moves.length
        ? h(
            "span",
            { class: "assign" },
            moves.map((a) => actButton(g, a, a.line ? `→ Line ${a.line}` : "Take off", { testid: `assign-${t.id}-${a.line ?? "none"}`, class: "small-btn" })),
          )
        : null,
      scrap ? h("button", { type: "button", class: "btn ghost small-btn danger", "data-testid": `scrap-${t.id}`, disabled: g.busy, onclick: () => g.confirmThen(`Scrap tram ${t.id}? It leaves the game.`, scrap) }, "Scrap") : null,
    );
  });
  out.push(h("h4", {}, "Lines"), h("ul", { class: "tram-lines" }, lineRows.length ? lineRows : h("li", { class: "muted" }, "No Line yet")));
  if (tramRows.length) out.push(h("h4", {}, "Trams"), h("ul", { class: "tram-rows" }, tramRows));
  if (done) {
    // VIII.5.3: only a major with no tram at all must buy; a Line without one just does not run
    const idle = view.cr?.trams?.tramless_lines ?? [];
    if (idle.length) {
      out.push(
        h(
          "p",
          { class: "tramless-note", role: "note", "data-testid": "tramless-note" },
          idle.length === 1 ? `Line ${idle[0]} has no tram: it will not run until it gets one.` : `Lines ${idle.join(", ")} have no tram: they will not run until they get one.`,
        ),
      );
    }
    out.push(h("div", { class: "decide-buttons" }, actButton(g, done, "Done with trams", { testid: "trams-done", primary: !buys.length || !forced })));
  }
  else if (forced) out.push(h("p", { class: "hint" }, "Buy a tram to continue."));
  return out;
}

/** A forced purchase (VIII.5.3): how the cheapest tram is paid, in the engine's numbers
 * (view.cr.trams.forced_payment, view.loan_terms). */
function forcedNote(view, major, director) {
  const pay = view.cr?.trams?.forced_payment;
  const terms = view.loan_terms ?? {};
  let how = "It can pay from its treasury.";
  if (pay?.director) {
    how = `Its treasury (${money(pay.treasury)}) is short of the cheapest (${money(pay.price)}): ${director?.name} pays the rest`;
    how += pay.loans
      ? `, taking ${pay.loans} loan${pay.loans > 1 ? "s" : ""} of ${money(terms.size)} for what their cash (${money(pay.director_cash)}) cannot cover (each loan costs ${money(terms.penalty)} at the end).`
      : ` (${money(pay.director)}) from their own cash.`;
  }
  return h("p", { class: "forced-note", role: "note", "data-testid": "forced-note" }, h("strong", {}, `${major} has no tram and must buy one. `), how);
}

/** Why a tram on offer cannot be bought: the engine's refusal (view.cr.trams.refused). */
function refusedNote(view, type) {
  const r = view.cr?.trams?.refused?.[type];
  return h("span", { class: "refused small", "data-testid": `tram-refused-${type}` }, r ? `${r.reason}${r.rule ? ` (${r.rule})` : ""}` : "not for sale now");
}

function pickLine(g, legal) {
  const view = g.view;
  const major = actingMajor(view);
  const m = view.majors[major];
  const picks = byType(legal, "select_line");
  const pass = legal.find((a) => a.type === "pass");
  return [
    h("h3", { class: "decide-title" }, companyBadge(major), ` ${major}: Line auction`),
    h("p", { class: "muted small" }, `Put a Line on offer up for auction with an opening bid, or pass. Treasury ${money(m.treasury)}.`),
    h(
      "div",
      { class: "line-cards" },
      picks.map((a) => {
        const key = `pick:${a.line}`;
        const go = () => g.act(withValue(a, current(g, key, a)));
        return lineCard(view, a.line, {
          class: "offer",
          footer: h(
            "div",
            { class: "line-card-bid" },
            rangeControl(g, key, a, { testid: `open-${a.line}`, label: `Opening bid for Line ${a.line}`, slider: false, onEnter: go }),
            goButton(g, key, a, { testid: `open-${a.line}-go`, label: (v) => `Open at ${money(v)}` }),
          ),
        });
      }),
    ),
    pass ? h("div", { class: "decide-buttons" }, actButton(g, pass, "Pass", { testid: "pass" })) : null,
  ];
}

function lineAuction(g, legal) {
  const view = g.view;
  const auc = view.auction ?? {};
  const major = view.acting?.entity ?? actingMajor(view);
  const m = view.majors[major];
  const bid = legal.find((a) => a.type === "bid");
  const pass = legal.find((a) => a.type === "pass");
  const key = `lbid:${auc.lot}`;
  const go = bid ? () => g.act(withValue(bid, current(g, key, bid))) : null;
  return [
    h("h3", { class: "decide-title" }, `Line ${auc.lot} auction`),
    h(
      "p",
      { class: "muted small" },
      companyBadge(major),
      ` ${major} (treasury ${money(m?.treasury)}) to bid. High bid ${money(auc.price)} by `,
      auc.leader ? companyBadge(auc.leader) : "nobody",
      `. Still in: ${(auc.bidders ?? []).join(", ") || "–"}.`,
    ),
    auc.lot ? lineCard(view, auc.lot, { class: "on-lot" }) : null,
    bid
      ? h(
          "div",
          { class: "line-card-bid" },
          rangeControl(g, key, bid, { testid: "line-bid", label: `Bid on Line ${auc.lot}`, slider: false, onEnter: go }),
          goButton(g, key, bid, { testid: "line-bid-go", label: (v) => `Bid ${money(v)}` }),
        )
      : null,
    pass ? h("div", { class: "decide-buttons" }, actButton(g, pass, "Pass", { testid: "pass" })) : null,
  ];
}

// ------------------------------------------------------------------ Line Round

function lineTurn(g, legal) {
  const view = g.view;
  const lt = view.line_turn;
  const ln = view.lines[lt.line];
  const m = view.majors[lt.major];
  const modes = mapModes(legal);
  const mode = g.mapMode(legal);
  const out = [
    h(
      "h3",
      { class: "decide-title" },
      lineBadge(lt.line, lt.major, { class: "big" }),
      ` Line ${lt.line} `,
      companyBadge(lt.major),
      ln.tram ? tramChip(ln.tram) : h("span", { class: "muted small" }, " no tram"),
    ),
    h(
      "p",
      { class: "decide-facts" },
      h("span", {}, `${lt.major} treasury ${money(m?.treasury)}`),
      h("span", {}, `Markers ${ln.tokens_left} left${ln.tokens_left ? ` · next ${ln.next_token_cost ? money(ln.next_token_cost) : "free"}` : ""}`),
    ),
    h(
      "ul",
      { class: "turn-checklist", "aria-label": "This turn" },
      [
        ["lay", "Tile"],
        ["stadtbahn", "Stadtbahn tile"],
        ["token", "Marker"],
      ].map(([k, label]) => h("li", { class: lt.done?.[k] ? "done" : "" }, h("span", { "aria-hidden": "true" }, lt.done?.[k] ? "✓" : "○"), ` ${label}`)),
    ),
  ];
  if (lt.home_choice) {
    out.push(h("p", { class: "bonus-banner" }, `Line ${lt.line} places its free home marker on ${ln.home}: choose the city (tap it on the map).`));
  }
  if (lt.bonus) {
    const pass = legal.find((a) => a.type === "pass_bonus");
    out.push(
      h(
        "div",
        { class: "bonus-banner", "data-testid": "bonus-banner", "data-bonus": lt.bonus },
        h("strong", {}, "Stadtbahn bonus: "),
        BONUS_NAMES[lt.bonus] ?? lt.bonus,
        lt.bonus === "extra_station_token_free" ? " (tap a highlighted city)" : " (tap a highlighted hex)",
        pass ? h("div", {}, actButton(g, pass, "Pass the bonus", { testid: "pass-bonus" })) : null,
      ),
    );
  }
  if (modes.length > 1) {
    out.push(
      h(
        "div",
        { class: "mode-tabs", role: "tablist", "aria-label": "What to do on the map" },
        modes.map((md) =>
          h(
            "button",
            { type: "button", role: "tab", "aria-selected": md === mode ? "true" : "false", class: ["mode-tab", md === mode && "is-on"], "data-testid": `mode-${md}`, onclick: () => g.setMapMode(md) },
            MODE_LABELS[md],
          ),
        ),
      ),
    );
  }
  if (mode === "lay") out.push(layControls(g, legal, { layCosts: lt.costs?.lays }));
  if (mode === "token" || mode === "remove") out.push(tokenControls(g, legal, mode, { costs: lt.costs, removable: "Stadtbahn marker" }));
  // buying privates (from LR 2a), scrapping trams
  const privs = byType(legal, "buy_private");
  if (privs.length) {
    out.push(
      h(
        "details",
        { class: "g18-details", "data-testid": "buy-private" },
        h("summary", {}, `Buy a private for ${lt.major}`),
        privs.map((a) => {
          const key = `bp:${a.private}`;
          const p = view.privates[a.private];
          const go = () => g.act(withValue(a, current(g, key, a, a.max)));
          return h(
            "div",
            { class: "priv-row" },
            h("div", { class: "priv-info" }, h("span", { class: "priv-tag" }, a.private), h("strong", {}, p?.name), h("span", { class: "muted small" }, ` from `, ownerText(view, p), ` · ${money(a.min)}–${money(a.max)}`)),
            h("div", { class: "priv-bid" }, rangeControl(g, key, a, { testid: `buy-private-${a.private}`, initial: a.max, slider: false, onEnter: go }), goButton(g, key, a, { initial: a.max, testid: `buy-private-${a.private}-go`, primary: false, label: (v) => `Buy ${money(v)}` })),
          );
        }),
      ),
    );
  }
  const scraps = byType(legal, "scrap_tram");
  if (scraps.length) {
    out.push(
      h(
        "details",
        { class: "g18-details" },
        h("summary", {}, `Scrap a tram of ${lt.major}`),
        h("p", { class: "muted small" }, "A scrapped tram leaves the game (e.g. to avoid a run that loses money)."),
        h("div", { class: "decide-buttons" }, scraps.map((a) => h("button", { type: "button", class: "btn ghost danger", "data-testid": `scrap-${a.tram}`, disabled: g.busy, onclick: () => g.confirmThen(`Scrap tram ${a.tram}? It leaves the game.`, a) }, tramChip(a.tram, { label: `Scrap ${a.tram}` })))),
      ),
    );
  }
  out.push(runBox(g, legal));
  return out;
}

function runBox(g, legal) {
  const view = g.view;
  const lt = view.line_turn;
  const run = legal.find((a) => a.type === "run");
  const end = legal.find((a) => a.type === "end_turn");
  const r = lt?.run;
  const sights = (r?.sights ?? []).map((p) => `${p} +${money(r.sight_bonuses?.[p])}`);
  const box = h(
    "div",
    { class: "run-box", "data-testid": "run-box" },
    r
      ? h(
          "dl",
          { class: "run-summary" },
          h("dt", {}, "Route"),
          h("dd", { "data-testid": "run-stops" }, `${r.stops.length} stops: ${r.hexes.join(" – ")}`),
          h("dt", {}, "Revenue"),
          h("dd", { "data-testid": "run-revenue" }, money(r.revenue)),
          sights.length ? h("dt", {}, "Sights") : null,
          sights.length ? h("dd", {}, sights.join(", ")) : null,
          h("dt", {}, "Maintenance"),
          h("dd", { class: r.maintenance < 0 ? "neg" : r.maintenance > 0 ? "pos" : "" }, signed(r.maintenance)),
          h("dt", { class: "total" }, "Total"),
          h("dd", { class: ["total", r.total < 0 && "neg"], "data-testid": "run-total" }, money(r.total)),
        )
      : lt && view.lines[lt.line]?.tram
        ? h("p", { class: "muted small" }, "No route yet: the Line needs track to another stop.")
        : h("p", { class: "muted small" }, "This Line has no tram: it does not run."),
    run && lt && Object.entries(lt.done ?? {}).some(([k, v]) => !v && legal.some((a) => (k === "token" ? a.type === "place_token" : a.type === "lay_tile")))
      ? h("p", { class: "hint", "data-testid": "run-hint" }, "The run ends the Line's turn: build first (tile, Stadtbahn tile, marker), the route follows.")
      : null,
    run || end
      ? h(
          "div",
          { class: "decide-buttons" },
          run ? actButton(g, run, r ? `Run for ${money(r.total)}` : "Run", { testid: "run", primary: true, title: "The tram runs the best route shown on the map; this ends the Line's turn" }) : null,
          end ? actButton(g, end, "End the Line's turn", { testid: "end-turn", primary: !run }) : null,
        )
      : null,
  );
  return box;
}
