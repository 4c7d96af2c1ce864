// Renders the Trambahn table from an engine response. Pure rendering: what is clickable is
// decided by the caller from the response's `legal` list and passed in `ctx`:
//   ctx = { resp, viewer, mode: "live"|"history"|"demo", interactive, covered,
//           selection: {kind: "card"|"tram", code} | null,
//           selectable: {cards: Set, trams: Set}, targets: Map(key -> action),
//           endTurn: action|null, canUndo, busy, status, error, hint, highlights, names, botSeat }
// Clicks are delegated: elements carry data-act="card|tram|target|end-turn|undo|..." and the
// controller listens on the table root.

import { h, mount } from "../dom.js";
import { LINES, LINE_INFO, lineBadge, moneyBack, stationCard, terminalCard, tramBack, tramCard } from "./cards.js";
import { scorePad } from "./pad.js";

export const STEPS = [
  { key: "passengers", n: 1, label: "Passengers" },
  { key: "stations", n: 2, label: "Stations" },
  { key: "income", n: 3, label: "Income" },
  { key: "buy", n: 4, label: "Buy trams" },
  { key: "draw", n: 5, label: "Draw" },
];

/** Build the persistent skeleton once; regions are re-rendered in place (keeps scroll). */
export function createTableSkeleton() {
  const regions = {
    topbar: h("header", { class: "topbar", "data-testid": "topbar" }),
    turnbar: h("section", { class: "turnbar", "data-testid": "turnbar", "aria-live": "polite" }),
    opponent: h("section", { class: "seat-area seat-top", "data-testid": "seat-top" }),
    center: h("section", { class: "center-area", "data-testid": "center" }),
    self: h("section", { class: "seat-area seat-bottom", "data-testid": "seat-bottom" }),
    side: h("aside", { class: "side-area", "data-testid": "side" }),
    handbar: h("footer", { class: "handbar", "data-testid": "handbar" }),
    overlay: h("div", { class: "overlay-root" }),
    toasts: h("div", { class: "toasts", "data-testid": "toasts", "aria-live": "polite" }),
  };
  const root = h(
    "div",
    { class: "game trambahn", "data-testid": "table" },
    regions.topbar,
    regions.turnbar,
    h("main", { class: "board" }, regions.opponent, regions.center, regions.self),
    regions.side,
    regions.handbar,
    regions.overlay,
    regions.toasts,
  );
  return { root, regions };
}

/** Wide screens show the tram market in the sidebar, narrow ones between the rows and you. */
export const WIDE = typeof matchMedia === "function" ? matchMedia("(min-width: 1100px)") : { matches: true };

/** Seats in display order: [top, bottom]. The viewer sits at the bottom. */
export function seatOrder(view, viewer) {
  const bottom = viewer ?? 0;
  return [1 - bottom, bottom];
}

export function renderTable(regions, ctx) {
  const view = ctx.resp.view;
  const [top, bottom] = seatOrder(view, ctx.viewer);
  regions.root?.classList?.toggle("is-history", ctx.mode === "history");
  mount(regions.topbar, topbar(ctx));
  mount(regions.turnbar, turnbar(ctx));
  mount(regions.opponent, seatArea(ctx, top, false));
  const market = marketArea(ctx);
  mount(regions.center, rowsArea(ctx), WIDE.matches ? null : market);
  mount(regions.self, seatArea(ctx, bottom, ctx.viewer !== null && ctx.viewer !== undefined));
  renderSide(regions.side, ctx, WIDE.matches ? market : null);
  mount(regions.handbar, handbar(ctx, bottom));
}

function topbar(ctx) {
  const view = ctx.resp.view;
  const names = view.players;
  const chips = names.map((name, seat) =>
    h(
      "div",
      { class: ["player-chip", `p${seat}`, view.active === seat && "is-active"], "data-testid": `player-chip-${seat}` },
      h("span", { class: "chip-name" }, name, ctx.botSeat === seat ? h("span", { class: "bot-tag" }, "bot") : null),
      h("span", { class: "chip-score", "data-testid": `score-${seat}` }, String(view.pad?.totals?.[seat] ?? view.seats[seat].score ?? 0)),
    ),
  );
  const buttons = [];
  if (ctx.mode !== "demo") {
    buttons.push(
      h("button", { type: "button", class: "btn ghost", "data-act": "history", "data-testid": "history-btn", disabled: !ctx.engineReady || ctx.busy || ctx.covered || (ctx.resp.n_actions ?? 0) === 0, title: "Step through past states" }, "History"),
      h("button", { type: "button", class: "btn ghost", "data-act": "share", "data-testid": "share-btn", title: "Share this game as a link" }, "Share"),
      h("button", { type: "button", class: "btn ghost", "data-act": "export", "data-testid": "export-btn", title: "Download this game as a file" }, "Export"),
      h("button", { type: "button", class: "btn ghost", "data-act": "menu", "data-testid": "menu-btn", title: "Back to the start page (the game is saved)" }, "Menu"),
    );
  }
  return [
    h("div", { class: "brand" }, h("span", { class: "brand-mark", "aria-hidden": "true" }, "H"), h("span", { class: "brand-name" }, "Trambahn")),
    h(
      "div",
      { class: "fahrt-counter", "data-testid": "scoring-counter", title: "Regular scorings so far" },
      h("span", { class: "fahrt-label" }, "Fahrt"),
      h("strong", {}, `${view.scorings}`),
      h("span", {}, ` / ${view.scorings_total}`),
    ),
    h("div", { class: "player-chips" }, chips),
    h("div", { class: "topbar-buttons" }, buttons),
  ];
}

function currentStepKey(view) {
  return view.step === "over" ? null : view.step;
}

function turnbar(ctx) {
  const view = ctx.resp.view;
  // a tram picked from the supply is step 4 (buy trams), even while the engine's step is earlier
  const cur = ctx.selection?.kind === "tram" && view.step !== "over" ? "buy" : currentStepKey(view);
  const idx = STEPS.findIndex((st) => st.key === cur);
  const steps = h(
    "ol",
    { class: "steps", "data-testid": "steps", "aria-label": "Turn steps" },
    STEPS.map((st, i) =>
      h(
        "li",
        {
          class: ["step", i === idx && "is-current", idx >= 0 && i < idx && "is-done"],
          "data-testid": `step-${st.n}`,
          "data-step": st.key,
          "aria-current": i === idx ? "step" : null,
        },
        h("span", { class: "step-n" }, String(st.n)),
        h("span", { class: "step-label" }, st.label),
      ),
    ),
  );
  const activeName = view.active !== null && view.active !== undefined ? view.players[view.active] : null;
  const whose =
    view.step === "over"
      ? "Game over"
      : ctx.mode === "history"
        ? `History · ${activeName}'s turn`
        : ctx.viewer === view.active
          ? "Your turn"
          : `${activeName}'s turn`;
  return [
    h(
      "div",
      { class: "turn-head" },
      h("span", { class: "turn-whose", "data-testid": "turn-whose" }, whose, view.turn ? h("span", { class: "turn-no" }, ` · turn ${view.turn}`) : null),
      steps,
    ),
    h(
      "div",
      { class: "prompt-line" },
      h("p", { class: "prompt", "data-testid": "prompt" }, ctx.resp.prompt ?? ""),
      ctx.hint ? h("p", { class: "hint", "data-testid": "hint" }, ctx.hint) : null,
      ctx.status ? h("p", { class: "status", "data-testid": "status" }, ctx.status) : null,
      ctx.error ? h("p", { class: "error", role: "alert", "data-testid": "error" }, ctx.error) : null,
    ),
  ];
}

function targetAttrs(ctx, key) {
  const on = ctx.targets?.has(key);
  return on ? { "data-act": "target", "data-target": key, "data-legal": "1", role: "button", tabindex: "0" } : {};
}

function column(ctx, seat, col) {
  const view = ctx.resp.view;
  const key = `col:${col.id}`;
  const isSelf = seat === ctx.viewer;
  const hi = ctx.highlights?.columns?.get(`${seat}:${col.id}`);
  const isTarget = isSelf && ctx.targets?.has(key);
  return h(
    "div",
    {
      class: ["column", `line-${col.line}`, isTarget && "is-target", hi !== undefined && "is-scored", !col.tram && "no-tram"],
      "data-testid": "column",
      "data-seat": seat,
      "data-column": col.id,
      "data-line": col.line,
      "aria-label": `${LINE_INFO[col.line]?.name ?? ""} column: ${col.cards.join(", ")}${col.tram ? `, tram ${col.tram}` : ", no tram"}`,
      ...(isSelf ? targetAttrs(ctx, key) : {}),
    },
    h("div", { class: "column-cards" }, col.cards.map((code, i) => h("div", { class: ["stacked", ctx.fresh?.has(`col:${seat}:${col.id}:${i}`) && "is-new"], "data-card": code }, stationCard(code, view.cards?.[code])))),
    h(
      "div",
      { class: ["column-tram", ctx.fresh?.has(`tram:${seat}:${col.id}`) && "is-new"] },
      col.tram
        ? tramCard(col.tram, view.trams?.[col.tram])
        : h("div", { class: "tram-slot", title: "No tram: at the end of the turn this column goes to the money pile" }, h("span", {}, "no tram")),
    ),
    h(
      "div",
      { class: "column-flags" },
      h("span", { class: "flag count", title: "Cards in this column (the 8th scores an Extra Tour)" }, col.cards.length < 8 ? `${col.cards.length}/8` : `${col.cards.length} cards`),
      col.complete ? h("span", { class: "flag complete", "data-testid": "flag-complete", title: "Complete: ends with a 10" }, "10 ✓") : null,
      col.extra_tour ? h("span", { class: "flag extra", "data-testid": "flag-extra", title: "Extra Tour used" }, "★ Extra") : null,
    ),
    hi !== undefined ? h("div", { class: "points-badge", "data-testid": "points-badge" }, `+${hi}`) : null,
  );
}

function moneyPile(ctx, seat, count) {
  const isSelf = seat === ctx.viewer;
  const isTarget = isSelf && ctx.targets?.has("money");
  const layers = Math.min(3, Math.max(1, Math.ceil(count / 6)));
  return h(
    "div",
    {
      class: ["money-pile", isTarget && "is-target", count === 0 && "empty"],
      "data-testid": `money-pile-${seat}`,
      title: "Money pile: face down, nobody may look at the faces",
      ...(isTarget ? targetAttrs(ctx, "money") : {}),
    },
    h("div", { class: "pile-stack" }, count > 0 ? Array.from({ length: layers }, () => moneyBack()) : h("div", { class: "pile-empty" })),
    h("div", { class: "pile-label" }, h("strong", { "data-testid": `money-count-${seat}` }, String(count)), h("span", { class: "unit" }, " × 1000 M")),
  );
}

function seatArea(ctx, seat, isSelf) {
  const view = ctx.resp.view;
  const st = view.seats[seat];
  const active = view.active === seat;
  const columns = st.columns.map((col) => column(ctx, seat, col));
  if (isSelf && ctx.targets?.has("col:new")) {
    columns.push(
      h(
        "div",
        { class: "column new-column is-target", "data-testid": "new-column", ...targetAttrs(ctx, "col:new") },
        h("div", { class: "new-column-slot" }, h("span", { class: "plus" }, "+"), h("span", {}, "new column")),
      ),
    );
  }
  const handInfo = isSelf
    ? null
    : h(
        "div",
        { class: "opp-hand", "data-testid": `hand-backs-${seat}`, title: `${st.name} holds ${st.hand_count} cards` },
        Array.from({ length: st.hand_count }, () => h("div", { class: "mini-back" }, moneyBack())),
        h("span", { class: "opp-hand-count" }, `${st.hand_count} in hand`),
      );
  return [
    h(
      "div",
      { class: ["seat-head", `p${seat}`, active && "is-active"] },
      h(
        "div",
        { class: "seat-name" },
        active && view.step !== "over" ? h("span", { class: "active-dot", title: "to move" }) : null,
        h("span", { "data-testid": `seat-name-${seat}` }, st.name),
        ctx.botSeat === seat ? h("span", { class: "bot-tag" }, "bot") : null,
        h("span", { class: "seat-score", title: "Total points" }, `${view.pad?.totals?.[seat] ?? st.score} pts`),
      ),
      handInfo,
      moneyPile(ctx, seat, st.money_count),
    ),
    h(
      "div",
      { class: "columns", "data-testid": `columns-${seat}` },
      columns.length ? columns : h("p", { class: "no-columns" }, isSelf ? "No columns yet: play stations in step 2." : "No columns yet."),
    ),
  ];
}

function rowsArea(ctx) {
  const view = ctx.resp.view;
  const rows = LINES.map((line) => {
    const cards = view.rows[line] ?? [];
    const key = `row:${line}`;
    const isTarget = ctx.targets?.has(key);
    const slots = [];
    for (let i = 0; i < 3; i += 1) {
      slots.push(
        cards[i]
          ? h("div", { class: ["passenger", ctx.fresh?.has(`row:${line}:${i}`) && "is-new"], "data-card": cards[i] }, stationCard(cards[i], view.cards?.[cards[i]]))
          : h("div", { class: "slot" }, h("span", {}, String(i + 1))),
      );
    }
    for (let i = 3; i < cards.length; i += 1) {
      slots.push(h("div", { class: "passenger", "data-card": cards[i] }, stationCard(cards[i], view.cards?.[cards[i]])));
    }
    slots.push(h("div", { class: "slot slot-4", title: "The 4th passenger triggers a scoring of this line" }, h("span", {}, "4"), h("small", {}, "Fahrt")));
    return h(
      "div",
      {
        class: ["passenger-row", `line-${line}`, isTarget && "is-target", ctx.highlights?.rows?.has(line) && "is-scored"],
        "data-testid": `row-${line}`,
        "data-line": line,
        "data-count": cards.length,
        "aria-label": `${LINE_INFO[line].name} row: ${cards.length} passengers`,
        ...targetAttrs(ctx, key),
      },
      h("div", { class: "terminal" }, terminalCard(line)),
      h("div", { class: "row-slots" }, slots),
    );
  });
  return h("div", { class: "rows", "data-testid": "rows" }, rows);
}

function marketArea(ctx) {
  const view = ctx.resp.view;
  const supply = view.supply.map((code, i) => {
    const selectable = ctx.selectable?.trams?.has(code);
    const selected = ctx.selection?.kind === "tram" && ctx.selection.code === code;
    return h(
      "button",
      {
        type: "button",
        class: ["supply-tram", selectable && "is-selectable", selected && "is-selected"],
        "data-testid": "supply-tram",
        "data-tram": code,
        "data-index": i,
        "data-act": selectable ? "tram" : null,
        "data-legal": selectable ? "1" : null,
        disabled: !selectable,
        "aria-pressed": selected ? "true" : "false",
      },
      tramCard(code, view.trams?.[code]),
    );
  });
  const stack = h(
    "div",
    { class: "tram-stack", "data-testid": "stack", title: "Face-down tram stack (its order is public)" },
    h("div", { class: "pile-stack" }, view.stack.length ? tramBack(view.stack[0]) : h("div", { class: "pile-empty" })),
    h("div", { class: "pile-label" }, h("strong", { "data-testid": "stack-count" }, String(view.stack.length)), " in stack"),
  );
  const order = view.stack.length
    ? h("div", { class: "stack-order", "data-testid": "stack-order", title: "Order of the tram stack, top first" }, h("span", { class: "order-label" }, "Next:"), view.stack.map((c) => h("span", { class: `chip tram-chip tram-${c}` }, c)))
    : null;
  const piles = h(
    "div",
    { class: "piles" },
    h(
      "div",
      { class: "pile", "data-testid": "draw-pile", title: "Draw pile" },
      h("div", { class: "pile-stack" }, view.draw_count ? moneyBack() : h("div", { class: "pile-empty" })),
      h("div", { class: "pile-label" }, h("strong", { "data-testid": "draw-count" }, String(view.draw_count)), " draw"),
    ),
    h(
      "div",
      { class: "pile", "data-testid": "discard-pile", title: "Discard pile (face down)" },
      h("div", { class: "pile-stack" }, view.discard_count ? moneyBack("discard") : h("div", { class: "pile-empty" })),
      h("div", { class: "pile-label" }, h("strong", { "data-testid": "discard-count" }, String(view.discard_count)), " discard"),
    ),
  );
  return h(
    "div",
    { class: "market", "data-testid": "market" },
    h("div", { class: "market-title" }, "Tram supply"),
    h("div", { class: "supply", "data-testid": "supply" }, supply.length ? supply : h("p", { class: "muted" }, "Supply empty")),
    stack,
    order,
    piles,
  );
}

function renderSide(el, ctx, market) {
  const view = ctx.resp.view;
  const log = ctx.resp.log ?? [];
  const logList = h(
    "ol",
    { class: "log", "data-testid": "log" },
    log.map((entry) =>
      h(
        "li",
        { class: ["log-entry", entry.seat !== null && entry.seat !== undefined && `p${entry.seat}`, /scor|Extra Tour|Fahrt/i.test(entry.text) && "log-scoring"], "data-i": entry.i },
        entry.text,
      ),
    ),
  );
  mount(
    el,
    market ? h("div", { class: "side-panel market-panel" }, market) : null,
    h("details", { class: "side-panel pad-panel", open: true }, h("summary", {}, "Score pad"), scorePad(view, { highlightN: ctx.highlights?.padN ?? null })),
    h("details", { class: "side-panel log-panel", open: true }, h("summary", {}, `Game log (${log.length})`), logList),
  );
  // Newest entries at the bottom: keep the log scrolled to the end. Before the next paint, not
  // now: reading scrollHeight here would lay out the page while the table is half rebuilt
  // (and again once it is complete).
  requestAnimationFrame(() => {
    logList.scrollTop = logList.scrollHeight;
  });
}

function handbar(ctx, seat) {
  const view = ctx.resp.view;
  const st = view.seats[seat];
  const hand = ctx.covered ? null : st.hand;
  const buttons = [];
  if (ctx.mode === "live") {
    buttons.push(
      h(
        "button",
        { type: "button", class: "btn", "data-act": "undo", "data-testid": "undo", disabled: !ctx.canUndo || !ctx.interactive, title: "Undo your last action of this turn" },
        "↶ Undo",
      ),
      h(
        "button",
        { type: "button", class: ["btn primary", ctx.endTurn && "pulse"], "data-act": "end-turn", "data-testid": "end-turn", disabled: !ctx.endTurn || !ctx.interactive },
        "End turn",
      ),
    );
  }
  let cards;
  if (hand) {
    cards = hand.map((code, i) => {
      const selectable = ctx.selectable?.cards?.has(code);
      const selected = ctx.selection?.kind === "card" && ctx.selection.code === code && ctx.selection.index === i;
      return h(
        "button",
        {
          type: "button",
          class: ["hand-card", selectable && "is-selectable", selected && "is-selected"],
          "data-testid": "hand-card",
          "data-card": code,
          "data-index": i,
          "data-act": selectable ? "card" : null,
          "data-legal": selectable ? "1" : null,
          disabled: !selectable,
          "aria-pressed": selected ? "true" : "false",
        },
        stationCard(code, view.cards?.[code]),
      );
    });
  } else {
    cards = Array.from({ length: st.hand_count }, () => h("div", { class: "hand-card back" }, moneyBack()));
  }
  const chips = ctx.targets?.size
    ? h(
        "div",
        { class: "target-chips", "data-testid": "target-chips", role: "group", "aria-label": "Where it can go" },
        [...ctx.targets.keys()].map((key) =>
          h("button", { type: "button", class: "target-chip", "data-act": "target", "data-target": key, "data-testid": "target-chip" }, targetLabel(view, seat, key, ctx.selection)),
        ),
      )
    : null;
  return [
    chips,
    h("div", { class: "hand-label" }, hand ? `Your hand · ${hand.length}` : `${st.name}'s hand · ${st.hand_count}`),
    h("div", { class: ["hand", !hand && "hidden-hand", ctx.interactive && "is-interactive"], "data-testid": "hand" }, cards),
    h("div", { class: "hand-actions" }, buttons),
  ];
}

/** Words for a target key: "Green row", "new column", "Yellow column 2-6-7", "money pile". */
function targetLabel(view, seat, key, selection) {
  if (key.startsWith("row:")) return `Passenger → ${LINE_INFO[key.slice(4)]?.name ?? ""} row`;
  if (key === "col:new") return "Station → new column";
  if (key === "money") return "Income → money pile";
  const id = Number(key.slice(4));
  const col = view.seats[seat].columns.find((c) => c.id === id);
  const name = col ? `${LINE_INFO[col.line]?.name ?? ""} column ${col.cards.map((c) => (c === "C" ? "C" : c.slice(1))).join("-")}` : `column ${id}`;
  return selection?.kind === "tram" ? `Tram → ${name}` : `Station → ${name}`;
}

/** A toast element for an engine event (scoring, Extra Tour, reshuffle, columns cleared). */
export function eventToast(view, ev) {
  const names = view.players;
  if (ev.kind === "scoring") {
    const L = LINE_INFO[ev.line];
    return h(
      "div",
      { class: "toast toast-scoring", "data-testid": "toast", "data-kind": "scoring" },
      lineBadge(ev.line, 22),
      h(
        "div",
        {},
        h("strong", {}, `Fahrt ${ev.n}: ${L?.name ?? ev.line} line scores`),
        h("div", {}, names.map((n, i) => `${n} +${ev.points?.[i] ?? 0}`).join(" · ")),
      ),
    );
  }
  if (ev.kind === "extra_tour") {
    const L = LINE_INFO[ev.line];
    return h(
      "div",
      { class: "toast toast-extra", "data-testid": "toast", "data-kind": "extra_tour" },
      lineBadge(ev.line, 22),
      h("div", {}, h("strong", {}, "Extra Tour!"), h("div", {}, `${names[ev.seat] ?? ""}: ${L?.name ?? ""} column scores +${ev.points}`)),
    );
  }
  if (ev.kind === "reshuffle") {
    return h("div", { class: "toast", "data-testid": "toast", "data-kind": "reshuffle" }, h("div", {}, h("strong", {}, "Draw pile reshuffled"), h("div", {}, ev.text ?? "Each player gave up half of their money pile.")));
  }
  if (ev.kind === "columns_cleared" || ev.kind === "cleared") {
    const n = ev.count ?? ev.columns?.length ?? "";
    return h("div", { class: "toast", "data-testid": "toast", "data-kind": ev.kind }, h("div", {}, h("strong", {}, "Columns without a tram cleared"), h("div", {}, `${names[ev.seat] ?? ""}: ${n} column(s) went to the money pile`)));
  }
  return null;
}
