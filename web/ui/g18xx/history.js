// The history bar of an 18xx screen: step through the game's past states (first, back, a
// slider, forward, latest) and go back to the game. `g` is the screen's controller; the
// stepping itself is EngineGame's (historyPlace, historyGo, exitHistory).

import { h } from "../dom.js";

export function historyBar(g) {
  const { at, total, resp, caption } = g.historyPlace();
  return h(
    "div",
    { class: "history-bar g18-history", "data-testid": "history-bar" },
    h("div", { class: "history-title" }, h("strong", {}, "History"), h("span", { "data-testid": "history-pos" }, ` ${at} / ${total}`), resp ? h("span", { class: "muted small" }, ` · ${resp.view.round.label}`) : null),
    h(
      "div",
      { class: "history-controls" },
      h("button", { type: "button", class: "btn", "data-testid": "history-start", disabled: at <= 0, "aria-label": "Start of the game", onclick: () => g.historyGo(0) }, "«"),
      h("button", { type: "button", class: "btn", "data-testid": "history-prev", disabled: at <= 0, "aria-label": "Previous action", onclick: () => g.historyGo(g.history.at - 1) }, "◀"),
      h("input", {
        type: "range",
        min: 0,
        max: total,
        value: at,
        step: 1,
        class: "history-slider",
        "data-testid": "history-slider",
        "aria-label": "Position in the game",
        oninput: (e) => {
          clearTimeout(g.sliderTimer);
          const v = Number(e.target.value);
          g.sliderTimer = setTimeout(() => g.historyGo(v), 60);
        },
      }),
      h("button", { type: "button", class: "btn", "data-testid": "history-next", disabled: at >= total, "aria-label": "Next action", onclick: () => g.historyGo(g.history.at + 1) }, "▶"),
      h("button", { type: "button", class: "btn", "data-testid": "history-end", disabled: at >= total, "aria-label": "Latest position", onclick: () => g.historyGo(total) }, "»"),
    ),
    h("p", { class: "history-caption", "data-testid": "history-caption" }, caption),
    h("button", { type: "button", class: "btn primary", "data-testid": "history-exit", onclick: () => g.exitHistory() }, "Back to the game"),
  );
}
