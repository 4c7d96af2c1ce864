// The controls of an 18xx decision panel, each built from one entry of the engine's `legal`
// list: a button that sends an entry, and for an entry with `field`/`min`/`max`/`step` a
// number chooser (− / number / + and, for wide ranges, a slider) whose value is sent in
// `field`. Nothing here decides a rule.
//
// `g` is the screen's controller (g18xx/controller.js): g.act(action), g.busy,
// g.draft(key), g.setDraft(key, value, rerender), g.live(key, fn), g.updateLive(key, value).

import { h } from "../dom.js";

/** The entries of one type. */
export const byType = (legal, type) => legal.filter((a) => a.type === type);

/** An entry with a number to choose. */
export const isRange = (a) => a && a.field && a.min !== undefined && a.max !== undefined;

/** The action to send for a range entry and a value. */
export function withValue(entry, value) {
  const { field, min, max, step, ...rest } = entry;
  return { ...rest, [field]: value };
}

/** Clamp and snap `v` into the entry's range. */
export function snap(entry, v) {
  const step = entry.step || 1;
  let n = Math.round((Number(v) - entry.min) / step) * step + entry.min;
  if (!Number.isFinite(n)) n = entry.min;
  return Math.min(entry.max, Math.max(entry.min, n));
}

/** The value a range control shows now (its draft, else `initial`, else the minimum). */
export function current(g, key, entry, initial) {
  return snap(entry, g.draft(key) ?? initial ?? entry.min);
}

/**
 * A number chooser for a range entry: − [number] + and, for wide ranges, a slider.
 * The value lives in g's drafts under `key`. Typing or sliding does not re-render the panel
 * (a click on the button next to it must not lose its target); what depends on the value
 * follows through g.live(key, fn) updaters.
 */
export function rangeControl(g, key, entry, opts = {}) {
  const value = current(g, key, entry, opts.initial);
  const step = entry.step || 1;
  const less = h("button", { type: "button", class: "btn step-btn", "aria-label": `Less (−${step})`, title: `−${step}`, disabled: value <= entry.min, onclick: () => set(current(g, key, entry, opts.initial) - step) }, "−");
  const more = h("button", { type: "button", class: "btn step-btn", "aria-label": `More (+${step})`, title: `+${step}`, disabled: value >= entry.max, onclick: () => set(current(g, key, entry, opts.initial) + step) }, "+");
  const input = h("input", {
    type: "number",
    inputmode: "numeric",
    min: entry.min,
    max: entry.max,
    step,
    value,
    class: "range-input",
    "data-testid": opts.testid ? `${opts.testid}-input` : null,
    "aria-label": opts.label ?? "Amount",
    oninput: (e) => {
      if (e.target.value !== "" && Number.isFinite(Number(e.target.value))) set(e.target.value, { keepInput: true });
    },
    onchange: (e) => set(e.target.value),
    onkeydown: (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        set(e.target.value);
        opts.onEnter?.();
      }
    },
  });
  const wide = entry.max - entry.min >= 4 * step;
  const slider =
    wide && opts.slider !== false
      ? h("input", {
          type: "range",
          min: entry.min,
          max: entry.max,
          step,
          value,
          class: "range-slider",
          "aria-label": opts.label ?? "Amount",
          "data-testid": opts.testid ? `${opts.testid}-slider` : null,
          oninput: (e) => set(e.target.value),
        })
      : null;
  function set(v, { keepInput = false } = {}) {
    const n = snap(entry, v);
    g.setDraft(key, n, false);
    if (!keepInput) input.value = String(n);
    if (slider) slider.value = String(n);
    less.disabled = n <= entry.min;
    more.disabled = n >= entry.max;
    g.updateLive(key, n);
  }
  return h(
    "div",
    { class: ["range-control", opts.class], "data-testid": opts.testid ?? null, "data-min": entry.min, "data-max": entry.max, "data-step": step },
    less,
    opts.prefix ? h("span", { class: "range-prefix" }, opts.prefix) : null,
    input,
    more,
    slider,
  );
}

/** The button that sends a range entry with the control's current value; its label follows. */
export function goButton(g, key, entry, { initial, label, testid, primary = true, cls = null }) {
  const btn = h(
    "button",
    { type: "button", class: ["btn", primary && "primary", cls], "data-testid": testid, disabled: g.busy, onclick: () => g.act(withValue(entry, current(g, key, entry, initial))) },
    label(current(g, key, entry, initial)),
  );
  g.live(key, (v) => {
    btn.textContent = label(v);
  });
  return btn;
}

/** A button that sends one legal entry. */
export function actButton(g, action, label, opts = {}) {
  return h(
    "button",
    {
      type: "button",
      class: ["btn", opts.primary && "primary", opts.class],
      "data-testid": opts.testid ?? null,
      "data-action": action.type,
      disabled: opts.disabled || g.busy,
      title: opts.title ?? null,
      onclick: () => g.act(action),
    },
    label,
  );
}

/** The map tool that draws the runs made last (`g.showRuns`); `title` says whose. */
export function runsToggle(g, title) {
  return h(
    "label",
    { class: "g18-maptool", title },
    h("input", { type: "checkbox", checked: Boolean(g.showRuns), "data-testid": "show-runs", onchange: (e) => { g.showRuns = e.target.checked; g.renderMap(g.shown()); } }),
    "Last runs",
  );
}
