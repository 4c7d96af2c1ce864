// The decision panel of the 1881 screen: every control is built from the engine's `legal`
// list for the seat to act and sends exactly one of those entries (a range entry with
// `field`/`min`/`max`/`step` is sent with the chosen number). Amounts beside a control are the
// entry's own preview fields (price, per_share, ...) or the view's; nothing here decides a
// rule or does the arithmetic.
//
// `g` is the controller (controller.js, on g18xx/controller.js).

import { h } from "../dom.js";
import { SBAHN, SBAHN_GROUPS, sbahnBuyLabel, sbahnPartHeader, trainLabel } from "./sbahn_decide.js";
import { actButton, byType, goButton, isRange, rangeControl } from "../g18xx/controls.js";
import { layControls, MODE_LABELS, tokenControls } from "../g18xx/laying.js";
import { companyBadge, money, seatName, trainChip } from "./format.js";
import { VOTE_GROUPS } from "./vote.js";

// the order of the groups in the panel; types not listed come last as plain buttons
const ORDER = ["accept_offer", "refuse_offer", "place_start_depot", "bid", "buy", "sell", "lay_tile", "place_depot", "offer_depot", "buy_depot", "run", "dividend", "buy_train", "buy_train_on_credit", "offer_train", "keep_trains", "buy_sbahn", "sell_sbahn", "take_commission", "vote", "veto"];
const DONE = ["pass", "end_turn", "done"];
const DONE_LABELS = { pass: "Pass", end_turn: "End my turn", done: "Done" };
const DIVIDEND_LABELS = { pay: "Pay out", withhold: "Withhold", "pay, keep boni": "Pay, keep the bonuses" };
const IPO = "ipo";

/** A test id part from an engine value ("pay, keep boni" -> "pay-keep-boni"). */
const slug = (v) => String(v).replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "");

/** The whole decision area for the live response. */
export function decisionPanel(g) {
  const legal = g.legal();
  if (!legal.length) return waitingPanel(g);
  const types = [...new Set(legal.map((a) => a.type))];
  types.sort((a, b) => rank(a) - rank(b));
  const groups = types.filter((t) => !DONE.includes(t)).map((t) => (GROUPS[t] ?? plainGroup)(g, byType(legal, t), t));
  const finish = DONE.filter((t) => types.includes(t)).flatMap((t) => byType(legal, t).map((a) => actButton(g, a, DONE_LABELS[t], { testid: `act-${t}`, class: "ghost" })));
  return h(
    "div",
    { class: "decide g81-decide", "data-testid": "decide", "data-step": g.view.step ?? "" },
    sbahnPartHeader(g.view),
    ...groups,
    finish.length ? h("div", { class: "decide-buttons g81-finish" }, finish) : null,
  );
}

const rank = (t) => {
  const i = ORDER.indexOf(t);
  return i < 0 ? ORDER.length : i;
};

function waitingPanel(g) {
  const view = g.view;
  if (g.resp.result) return h("div", { class: "decide idle", "data-testid": "decide" }, h("p", {}, "The game is over."));
  const active = g.resp.active;
  const name = seatName(view, active);
  const waiting = view.step === "bid" ? view.bid?.waiting : null;
  return h(
    "div",
    { class: "decide idle", "data-testid": "decide" },
    h("p", { class: "waiting" }, g.history ? "History view: nothing to decide here." : g.isBot(active) ? `${name} (bot) is playing…` : `Waiting for ${name}…`),
    Array.isArray(waiting) && waiting.length ? h("p", { class: "muted small", "data-testid": "bid-waiting" }, `Still to bid: ${waiting.map((s) => seatName(view, s)).join(", ")}`) : null,
    view.offer ? h("p", { class: "muted small", "data-testid": "offer-pending" }, offerText(view.offer), ` Waiting for ${seatName(view, view.offer.seat)}'s answer.`) : null,
  );
}

function section(testid, title, ...body) {
  return h("section", { class: "g81-group", "data-testid": testid }, title ? h("h3", { class: "g81-group-title" }, title) : null, ...body);
}


// ------------------------------------------------------------------ the opening bid (2.5-2.6)

function bidGroup(g, entries) {
  const range = entries.find(isRange);
  const note = h("p", { class: "muted small" }, "Sealed: the others see only that you have bid. The bids open when everyone has bid.");
  if (range) {
    const key = "bid";
    return section(
      "bid-step",
      "Your sealed bid",
      note,
      h("div", { class: "bid-row" }, rangeControl(g, key, range, { testid: "bid-amount", label: "Bid" }), goButton(g, key, range, { label: (v) => `Seal my bid of ${money(v)}`, testid: "bid-go" })),
    );
  }
  // a list of amounts: a chooser of them
  const amounts = entries.map((a) => a.amount);
  const chosen = g.draft("bid") ?? amounts[0];
  const entry = entries.find((a) => a.amount === chosen) ?? entries[0];
  return section(
    "bid-step",
    "Your sealed bid",
    note,
    h(
      "div",
      { class: "bid-row" },
      h(
        "select",
        { "data-testid": "bid-input", "aria-label": "Bid", onchange: (e) => g.setDraft("bid", Number(e.target.value)) },
        amounts.map((v) => h("option", { value: v, selected: v === chosen }, money(v))),
      ),
      actButton(g, entry, `Seal my bid of ${money(entry.amount)}`, { testid: "bid-go", primary: true }),
    ),
  );
}

// ------------------------------------------------------------------ shares (2.9, 4.x, 12.x)

function buyGroup(g, entries) {
  const view = g.view;
  const start = view.step === "start";
  return section(
    "buy-step",
    start ? "Start purchase: buy a tram share" : "Buy a share",
    start && view.bid?.bought !== undefined ? h("p", { class: "muted small" }, "Up to four shares each, in bid order; a company's first share is its director's share.") : null,
    h(
      "div",
      { class: "decide-buttons share-buttons" },
      entries.map((a) => {
        if (a.company === SBAHN) return actButton(g, a, sbahnBuyLabel(view, a), { testid: `buy-${a.company}${a.source ? `-${a.source}` : ""}` });
        const c = view.companies?.[a.company] ?? {};
        const first = !c.director && (a.source ?? IPO) === IPO;
        const what = first ? "director's share" : a.source && a.source !== IPO ? `from the ${a.source}` : "new share";
        // the share price per 10% (the par until the market has the company), as the view has it
        const price = c.price ?? c.par;
        return actButton(g, a, h("span", {}, companyBadge(a.company), ` ${what}${price ? ` · ${money(price)} per 10%` : ""}`), {
          testid: `buy-${a.company}${a.source ? `-${a.source}` : ""}`,
        });
      }),
    ),
  );
}

function sellGroup(g, entries) {
  return section(
    "sell-step",
    "Sell shares",
    h(
      "div",
      { class: "decide-buttons share-buttons" },
      entries.map((a) => actButton(g, a, h("span", {}, companyBadge(a.company), a.company === SBAHN ? ` sell ${a.count} S-Bahn share${a.count > 1 ? "s" : ""}` : ` sell ${a.count} × 10%`), { testid: `sell-${a.company}-${a.count}`, class: "ghost" })),
    ),
  );
}

// ------------------------------------------------------------------ track and depots (6.x, 7.x)

function layGroup(g, entries) {
  const legal = g.legal();
  const mode = g.mapMode(legal);
  const modes = ["lay", "token"].filter((m) => (m === "lay" ? entries.length : legal.some((a) => a.type === "place_depot")));
  const switcher =
    modes.length > 1
      ? h(
          "div",
          { class: "seg map-modes" },
          modes.map((m) => h("button", { type: "button", class: ["btn", "small-btn", mode === m ? "primary" : "ghost"], "data-testid": `mode-${m}`, onclick: () => g.setMapMode(m) }, m === "token" ? "Place a depot" : MODE_LABELS[m])),
        )
      : null;
  if (mode !== "lay") return switcher ? section("map-modes", null, switcher) : null;
  // the engine's cost of the first tile on each hex, and its build bonus (6.x)
  const lays = g.view.previews?.lays ?? {};
  const costs = Object.fromEntries(Object.entries(lays).map(([hx, p]) => [hx, p.cost]));
  const bonus = g.ui.hex ? lays[g.ui.hex]?.build_bonus : 0;
  return section(
    "lay-group",
    "Build track",
    switcher,
    layControls(g, legal, { layCosts: costs }),
    bonus ? h("p", { class: "muted small", "data-testid": "build-bonus" }, `Building here earns a bonus of ${money(bonus)}.`) : null,
  );
}

function depotGroup(g, entries) {
  const legal = g.legal();
  if (g.mapMode(legal) !== "token") return null;
  const cost = g.view.previews?.depot_cost ?? null;
  const switcher = legal.some((a) => a.type === "lay_tile")
    ? h("div", { class: "seg map-modes" }, h("button", { type: "button", class: "btn small-btn ghost", "data-testid": "mode-lay", onclick: () => g.setMapMode("lay") }, MODE_LABELS.lay))
    : null;
  return section("depot-group", "Place a depot", switcher, tokenControls(g, legal, "token", { type: "place_depot", marker: "depot", costs: { token: cost } }));
}

// ------------------------------------------------------------------ run, revenue, trains (8-11)

function runGroup(g, entries) {
  return section(
    "run-step",
    "Run the trains",
    h("p", { class: "muted small" }, "Each train runs its best route; the engine finds them and draws them on the map."),
    h("div", { class: "decide-buttons" }, entries.map((a) => actButton(g, a, "Run the trains", { testid: "act-run", primary: true }))),
  );
}

/** The result of the runs: per train, the bonuses and the total (the engine's). */
function runSummary(view) {
  const runs = view.operating?.runs;
  if (!runs) return null;
  return h(
    "p",
    { class: "g81-run-summary", "data-testid": "run-summary" },
    (runs.trains ?? []).map((r) => h("span", { class: "run-item" }, trainChip(r.train), ` ${money(r.revenue)}${r.ferry ? ` (ferry +${money(r.ferry)})` : ""} `)),
    runs.boni ? h("span", {}, ` · bonuses ${money(runs.boni)}`) : null,
    h("strong", {}, ` · total ${money(runs.total)}`),
  );
}

function dividendGroup(g, entries) {
  const pre = g.view.previews?.dividend ?? {};
  return section(
    "dividend-step",
    "Revenue: pay or withhold",
    runSummary(g.view),
    h(
      "div",
      { class: "decide-buttons" },
      entries.map((a) => {
        const p = pre[a.choice];
        const extra = p ? [p.per_share ? `${money(p.per_share)} per 10%` : null, p.to_treasury ? `${money(p.to_treasury)} to the treasury` : null].filter(Boolean).join(", ") : "";
        return actButton(g, a, `${DIVIDEND_LABELS[a.choice] ?? a.choice}${extra ? ` (${extra})` : ""}`, { testid: `dividend-${slug(a.choice)}`, primary: a.choice === "pay" });
      }),
    ),
  );
}

function trainGroup(g, entries) {
  const prices = g.view.previews?.trains ?? {};
  const limit = g.view.trains?.limit;
  return section(
    "train-step",
    "Buy a train",
    limit ? h("p", { class: "muted small" }, `Train limit ${limit}.`) : null,
    entries.some((a) => a.scrap) ? h("p", { class: "muted small", "data-testid": "scrap-note" }, "At the limit: a new S train comes only by scrapping one of this part's older S trains (it leaves the game).") : null,
    h(
      "div",
      { class: "decide-buttons" },
      entries.map((a) => actButton(g, a, trainLabel(a, prices[a.train]), { testid: `buy-train-${slug(a.train)}${a.scrap ? `-scrap-${slug(a.scrap)}` : ""}` })),
    ),
  );
}

function keepGroup(g, entries) {
  return section(
    "keep-step",
    "Too many trains: which to keep",
    h("div", { class: "decide-buttons" }, entries.map((a, i) => actButton(g, a, h("span", {}, "Keep ", (a.keep ?? []).map((t) => trainChip(t))), { testid: `keep-${i}` }))),
  );
}

// ------------------------------------------------------------------ offers between companies (10.5, 7.8)

/** What an entry or the pending offer is for: "SBV's 2 (2-1)" / "SBV's depot on F7". */
function offerWhat(a) {
  return a.train !== undefined && a.train !== null ? h("span", {}, companyBadge(a.seller), "'s ", trainChip(a.train), ` (${a.train})`) : h("span", {}, companyBadge(a.seller), `'s depot on ${a.hex}`);
}

/** The pending offer in words (view.offer: buyer, seller, what, price, bank_cost for a depot). */
function offerText(o) {
  const extra = o.kind === "depot" && o.bank_cost ? ` (and ${money(o.bank_cost)} for its chip to the bank)` : "";
  return h("span", { "data-testid": "offer-text" }, companyBadge(o.buyer), ` offers ${money(o.price)}${extra} for `, offerWhat(o), ".");
}

/** The offer form of one kind: which train or depot (a chooser of the legal templates), the
 * price within the template's bounds, and the button that sends the offer. */
function offerGroup(g, entries, type) {
  const train = type === "offer_train";
  const key = type;
  const index = Math.min(Number(g.draft(`${key}-which`) ?? 0), entries.length - 1);
  const entry = entries[index];
  const label = (a) => (train ? `${a.seller} · ${a.train}` : `${a.seller} · depot on ${a.hex}`);
  const chip = train ? null : g.view.companies?.[g.view.operating?.company]?.next_depot_cost;
  return section(
    `${key}-step`,
    train ? "Offer to buy a train from another company" : "Offer to buy another company's depot",
    h(
      "p",
      { class: "muted small" },
      train
        ? "The seller's director accepts or refuses; your treasury pays the agreed price."
        : `The seller gets the agreed amount (at least ${money(entry.min)}); your next chip's cost${chip ? ` (${money(chip)})` : ""} goes to the bank.`,
    ),
    h(
      "div",
      { class: "bid-row" },
      h(
        "select",
        { "data-testid": `${key}-choice`, "aria-label": train ? "Train" : "Depot", onchange: (e) => g.setDraft(`${key}-which`, Number(e.target.value)) },
        entries.map((a, i) => h("option", { value: i, selected: i === index }, label(a))),
      ),
      rangeControl(g, `${key}-price-${index}`, entry, { testid: `${key}-price`, label: "Price" }),
      goButton(g, `${key}-price-${index}`, entry, { label: (v) => `Offer ${money(v)}`, testid: `${key}-go`, primary: false }),
    ),
  );
}

/** The seller's director: accept or refuse the pending offer (both buttons in one group). */
function answerGroup(g, entries, type) {
  const legal = g.legal();
  const accept = byType(legal, "accept_offer")[0];
  if (type === "refuse_offer" && accept) return null; // drawn with accept_offer
  const refuse = byType(legal, "refuse_offer")[0];
  const offer = g.view.offer;
  return section(
    "answer-step",
    "An offer for your company",
    offer ? h("p", {}, offerText(offer)) : null,
    accept ? null : h("p", { class: "muted small" }, "The trade no longer holds: you can only refuse."),
    h(
      "div",
      { class: "decide-buttons" },
      accept ? actButton(g, accept, "Accept", { testid: "act-accept_offer", primary: true }) : null,
      refuse ? actButton(g, refuse, "Refuse", { testid: "act-refuse_offer", class: "ghost" }) : null,
    ),
  );
}

function plainGroup(g, entries, type) {
  const label = (a) => {
    const bits = [a.company, a.train, a.hex, a.choice].filter((x) => x !== undefined && x !== null);
    return `${type.replace(/_/g, " ")}${bits.length ? ` ${bits.join(" ")}` : ""}`;
  };
  const ranged = entries.filter(isRange);
  return section(
    `${type}-step`,
    null,
    h(
      "div",
      { class: "decide-buttons" },
      entries.filter((a) => !isRange(a)).map((a, i) => actButton(g, a, label(a), { testid: `act-${type}-${i}` })),
      ranged.map((a, i) => h("div", { class: "bid-row" }, rangeControl(g, `${type}-${i}`, a), goButton(g, `${type}-${i}`, a, { label: (v) => `${type.replace(/_/g, " ")} ${money(v)}`, testid: `act-${type}-range-${i}` }))),
    ),
  );
}

const GROUPS = {
  ...SBAHN_GROUPS, // 10.9, 12.1-12.13: the S-Bahn's own decisions (sbahn_decide.js)
  bid: bidGroup,
  buy: buyGroup,
  sell: sellGroup,
  lay_tile: layGroup,
  place_depot: depotGroup,
  run: runGroup,
  dividend: dividendGroup,
  buy_train: trainGroup,
  buy_train_on_credit: (g, entries) => section("credit-step", null, h("div", { class: "decide-buttons" }, entries.map((a) => actButton(g, a, "Take the cheapest train on credit", { testid: "act-credit" })))),
  keep_trains: keepGroup,
  offer_train: offerGroup,
  offer_depot: offerGroup,
  accept_offer: answerGroup,
  refuse_offer: answerGroup,
  ...VOTE_GROUPS, // 12.6: the S-Bahn board's allow/veto and vote (vote.js)
};
