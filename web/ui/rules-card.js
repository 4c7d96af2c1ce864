// The folded "How to play" card of a title on the start page: numbered steps, then a note.

import { h } from "./dom.js";

/**
 * @param {string} summary the card's always-visible line
 * @param {Array<[string, string]>} steps (heading, text) per step, in playing order
 * @param {string} note a closing line in small print
 * @param {string|null} cls the card's class
 */
export function rulesCard(summary, steps, note, cls = null) {
  return h(
    "details",
    { class: cls },
    h("summary", {}, summary),
    h("ol", { class: "rules-steps" }, ...steps.map(([head, text]) => h("li", {}, h("strong", {}, `${head} `), text))),
    h("p", { class: "muted small" }, note),
  );
}
