// The demo format shared by embed.html (the player) and editor.html (the writer): reading and
// checking a demo, the Tramways save inside it, the fragment encoding (`#demo=...`), the
// caption bar with its step controls, and the `<iframe>` snippet. See docs/embedding.md.
//
// A demo (format "tramways-demo", version 1):
//   {format, version, title, game, players, options, seed, actions, state_hash,
//    position?, save_version?, seat?, steps: [{actions, caption, highlight?}]}
// A file without `format`/`version` (the first Trambahn demos) is read as version 1.

import { h } from "./dom.js";
import { LinkError, decodeLink, encodeLink } from "./links.js";

export const DEMO_FORMAT = "tramways-demo";
export const DEMO_VERSION = 1;
/** The fragment keys: embed.html#game=<game link>&demo=<base64url of the deflated rest>. */
export const FRAGMENT_KEY = "demo";
const GAME_KEY = "game";

/** A demo the page cannot show: the message says why (shown to the reader). */
export class DemoError extends Error {}

const isCount = (v) => Number.isSafeInteger(v) && v >= 0;

/** Check a parsed demo and return it with its defaults filled in; throws DemoError. */
export function checkDemo(demo) {
  if (!demo || typeof demo !== "object" || Array.isArray(demo)) throw new DemoError("A demo must be a JSON object.");
  if (demo.format !== undefined && demo.format !== DEMO_FORMAT) throw new DemoError(`This is not a demo file (format “${demo.format}”).`);
  const version = demo.version ?? 1;
  if (!Number.isInteger(version) || version < 1) throw new DemoError(`Unknown demo version “${demo.version}”.`);
  if (version > DEMO_VERSION) throw new DemoError(`This demo was written by a newer Tramways (demo version ${version}; this page reads up to ${DEMO_VERSION}).`);
  if (typeof demo.game !== "string" || !demo.game) throw new DemoError("The demo does not name its game (field “game”).");
  if (!Array.isArray(demo.players) || !demo.players.length) throw new DemoError("The demo has no players.");
  if (!Array.isArray(demo.actions)) throw new DemoError("The demo has no action list.");
  if (!Array.isArray(demo.steps) || !demo.steps.length) throw new DemoError("The demo has no steps.");
  demo.steps.forEach((step, i) => {
    if (!isCount(step?.actions) || step.actions > demo.actions.length) throw new DemoError(`Step ${i + 1} names action count ${step?.actions}, but the demo has ${demo.actions.length} actions.`);
    if (typeof (step.caption ?? "") !== "string") throw new DemoError(`Step ${i + 1}: the caption must be text.`);
  });
  return { ...demo, format: DEMO_FORMAT, version, options: demo.options ?? {}, seat: demo.seat ?? null };
}

/** The Tramways save inside a demo (what the engine's `load` op replays). A set position,
 * when the demo has one, goes with it: the game starts from there. */
export function demoSave(demo) {
  const save = { format: "tramways-save", version: demo.save_version ?? 1, title: demo.game, players: demo.players, options: demo.options ?? {}, seed: demo.seed, actions: demo.actions };
  if (demo.state_hash) save.state_hash = demo.state_hash;
  if (demo.position !== undefined && demo.position !== null) save.position = demo.position;
  return save;
}

/** A demo made from a live game's save and the writer's steps. */
export function demoFromSave(save, { title, steps, seat = null }) {
  const demo = { format: DEMO_FORMAT, version: DEMO_VERSION, title, game: save.title, players: save.players, options: save.options ?? {}, seed: save.seed, seat, actions: save.actions, state_hash: save.state_hash, steps };
  if (save.position !== undefined && save.position !== null) demo.position = save.position;
  if (save.version !== 1) demo.save_version = save.version;
  return demo;
}

// --- the fragment ----------------------------------------------------------------------------

function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

const DEMO_ONLY = ["format", "version", "title", "seat", "steps"];

/**
 * The demo as a URL fragment (without "#"): `game=` the game link of its save (links.js,
 * docs/links.md: the same compact, versioned format a player shares), and `demo=` the rest
 * (format, version, title, seat, steps) as base64url of raw-deflated JSON.
 */
export async function encodeDemo(demo) {
  const rest = Object.fromEntries(DEMO_ONLY.filter((k) => demo[k] !== undefined).map((k) => [k, demo[k]]));
  const json = new TextEncoder().encode(JSON.stringify(rest));
  const packed = toBase64Url(await pipe(json, new CompressionStream("deflate-raw")));
  return `${GAME_KEY}=${await encodeLink(demoSave(demo))}&${FRAGMENT_KEY}=${packed}`;
}

/** The demo in a `#game=...&demo=...` fragment (or null when the fragment has no demo);
 * throws DemoError. */
export async function demoFromFragment(hash) {
  const params = new URLSearchParams(String(hash ?? "").replace(/^#/, ""));
  const data = params.get(FRAGMENT_KEY);
  if (data === null) return null;
  let rest;
  try {
    rest = JSON.parse(new TextDecoder().decode(await pipe(fromBase64Url(data), new DecompressionStream("deflate-raw"))));
  } catch {
    throw new DemoError("The demo in this link is damaged (it does not unpack); copy the whole link again.");
  }
  const link = params.get(GAME_KEY);
  if (link === null) throw new DemoError("The link has the demo's steps but not its game (no “game=”); copy the whole link again.");
  let save;
  try {
    save = await decodeLink(link);
  } catch (err) {
    throw new DemoError(err instanceof LinkError ? err.message : "The game in this link is damaged.");
  }
  const { format: _f, version: saveVersion, title: game, ...fields } = save;
  return { ...fields, game, ...(saveVersion !== 1 ? { save_version: saveVersion } : {}), ...rest };
}

/** The `<iframe>` that embeds `src` (embed.html with the demo's name or fragment). */
export function iframeSnippet(src, title, height = 680) {
  const esc = (t) => String(t).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${esc(src)}" title="${esc(title)}" width="100%" height="${height}" loading="lazy" style="border: 1px solid #cdbf9f; border-radius: 10px"></iframe>`;
}

// --- the caption bar ---------------------------------------------------------------------------

/**
 * The bar over a demo: its title, "Step i of n", the caption, what the step's events were
 * (`extra`), and back / dots / next. `go(index)` moves to a step.
 */
export function captionBar(demo, index, go, extra = null) {
  const steps = demo.steps;
  return h(
    "div",
    { class: "demo-bar", "data-testid": "demo-bar" },
    h("div", { class: "demo-head" }, h("strong", { class: "demo-title" }, demo.title ?? "Demo"), h("span", { class: "demo-pos", "data-testid": "demo-pos" }, `Step ${index + 1} of ${steps.length}`)),
    h("p", { class: "demo-caption", "data-testid": "demo-caption" }, steps[index].caption ?? ""),
    extra,
    h(
      "div",
      { class: "demo-controls" },
      h("button", { type: "button", class: "btn", "data-testid": "demo-prev", disabled: index === 0, onclick: () => go(index - 1) }, "◀ Back"),
      h(
        "div",
        { class: "demo-dots", role: "tablist", "aria-label": "Steps" },
        steps.map((_, k) => h("button", { type: "button", class: ["demo-dot", k === index && "is-current"], role: "tab", "aria-selected": k === index ? "true" : "false", "aria-label": `Step ${k + 1}`, onclick: () => go(k) })),
      ),
      h("button", { type: "button", class: "btn primary", "data-testid": "demo-next", disabled: index === steps.length - 1, onclick: () => go(index + 1) }, "Next ▶"),
    ),
  );
}

/** ← and → step through the demo (not while the focus is in a field or on the 18xx map,
 * whose arrows pan). */
export function stepKeys(getIndex, go) {
  document.addEventListener("keydown", (e) => {
    if (e.target?.closest?.("input, textarea, select, .g18-maparea")) return;
    if (e.key === "ArrowLeft") go(getIndex() - 1);
    if (e.key === "ArrowRight") go(getIndex() + 1);
  });
}
