// Game links (docs/links.md): a whole game in the URL fragment, `#game=<version>.<payload>`,
// and `&action=N` to open the history at N actions. Format 1's payload is base64url of raw
// deflate (CompressionStream "deflate-raw") of the compact JSON object that
// pygame_core/links.py also writes and reads:
//   {t: title, p: players, o: options, s: seed, v: save version,
//    k: [[type, key, ...], ...], a: [[seat, kind, value, ...], ...], x: {other save fields}}
// Nothing here checks a rule: an opened link is a save that the engine replays ("load"), so
// every action is validated and a tampered one is refused with its number.

import { h } from "./dom.js";

/** The newest link format this page writes; DECODERS keeps a reader for every one shipped. */
export const LINK_VERSION = 1;
/** About what a chat message or a mail client keeps of one link. */
export const CHAT_LIMIT = 2000;
/** Firefox's practical limit for a URL (Chromium takes about 2 MB). */
export const FIREFOX_LIMIT = 65_000;
const GAME_PARAM = "game";
const ACTION_PARAM = "action";
// The save's fields the compact object carries itself; any other travels in `x` unchanged.
const OWN_FIELDS = new Set(["format", "version", "title", "players", "options", "seed", "actions", "state_hash"]);
// A real 1840 game inflates to ~150 kB: more than this is refused before it fills memory.
const MAX_INFLATED = 16 * 1024 * 1024;

/** A link that cannot be opened; the message says why (shown to the person as it is). */
export class LinkError extends Error {}

// --- bytes ---------------------------------------------------------------------------------------

function toBase64Url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError("The game link is damaged: it has characters a link never has (copy the whole link)");
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    throw new LinkError("The game link is damaged: it is cut short or altered (copy the whole link)");
  }
}

async function deflate(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function inflate(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_INFLATED) {
        reader.cancel().catch(() => {});
        throw new LinkError("The game link is too large once unpacked");
      }
      parts.push(value);
    }
  } catch (err) {
    if (err instanceof LinkError) throw err;
    throw new LinkError("The game link is damaged and cannot be unpacked (it is cut short or altered)");
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(parts).arrayBuffer());
}

// --- format 1 ------------------------------------------------------------------------------------

/** A save as format 1's compact object: each action shape (type + keys) once, rows of values. */
export function compact(save) {
  const kinds = [];
  const index = new Map();
  const rows = save.actions.map(({ seat, action }) => {
    const shape = [String(action.type), ...Object.keys(action).filter((k) => k !== "type")];
    const key = JSON.stringify(shape); // the type is part of it: two types may share keys
    if (!index.has(key)) {
      index.set(key, kinds.length);
      kinds.push(shape);
    }
    return [seat, index.get(key), ...shape.slice(1).map((k) => action[k])];
  });
  const obj = { t: save.title, p: save.players, o: save.options ?? {}, s: save.seed, v: save.version, k: kinds, a: rows };
  const extra = Object.fromEntries(Object.entries(save).filter(([k]) => !OWN_FIELDS.has(k)));
  if (Object.keys(extra).length) obj.x = extra;
  return obj;
}

const isInt = (v) => Number.isSafeInteger(v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Format 1's compact object back to a save: shapes checked here, rules by the engine. */
function expand(obj) {
  if (!isObject(obj)) throw new LinkError("The game link is damaged: its content is not an object");
  const { k: kinds, a: rows, x: extra = {} } = obj;
  if (!Array.isArray(kinds) || !kinds.every((k) => Array.isArray(k) && k.length && k.every((s) => typeof s === "string"))) {
    throw new LinkError("The game link is damaged: its table of action types is not valid");
  }
  if (!Array.isArray(rows)) throw new LinkError("The game link is damaged: its action list is not valid");
  if (!isObject(extra)) throw new LinkError("The game link is damaged: its extra fields are not an object");
  const actions = rows.map((row, i) => {
    if (!Array.isArray(row) || row.length < 2 || !isInt(row[0]) || !isInt(row[1])) throw new LinkError(`Action ${i + 1} in the link is damaged`);
    const keys = kinds[row[1]];
    if (!keys || row.length !== keys.length + 1) throw new LinkError(`Action ${i + 1} in the link is damaged (its type is unknown)`);
    const action = { type: keys[0] };
    keys.slice(1).forEach((key, j) => {
      action[key] = row[j + 2];
    });
    return { seat: row[0], action };
  });
  return { ...extra, format: "tramways-save", version: obj.v, title: obj.t, players: obj.p, options: obj.o ?? {}, seed: obj.s, actions };
}

async function decodeV1(payload) {
  const text = await inflate(fromBase64Url(payload));
  let obj;
  try {
    obj = JSON.parse(text);
  } catch {
    throw new LinkError("The game link is damaged: its content is not valid JSON");
  }
  return expand(obj);
}

// One reader per link format ever shipped: an old link must keep opening after an update.
const DECODERS = { 1: decodeV1 };

/** The `game` parameter's value for a save: `1.<payload>`. */
export async function encodeLink(save) {
  return `${LINK_VERSION}.${toBase64Url(await deflate(JSON.stringify(compact(save))))}`;
}

/** The save a `game` parameter's value carries (throws LinkError for a damaged link, or one
 * of a newer or unknown format version). */
export async function decodeLink(value) {
  const m = /^(\d+)\.(.*)$/s.exec(value);
  if (!m) throw new LinkError("This is not a Tramways game link (no format version)");
  const version = Number(m[1]);
  if (version > LINK_VERSION) throw new LinkError(`The game link was made by a newer version (link format ${version}; this one reads up to ${LINK_VERSION}): reload the page to update`);
  const decoder = DECODERS[version];
  if (!decoder) throw new LinkError(`Unknown game link format ${m[1]}`);
  return decoder(m[2]);
}

/** The link in a URL fragment: {value, action} (action: a count, or null), or null when the
 * fragment holds no game. */
export function linkInFragment(hash) {
  const params = new URLSearchParams(String(hash ?? "").replace(/^#/, ""));
  const value = params.get(GAME_PARAM);
  if (value === null) return null;
  const at = params.get(ACTION_PARAM);
  return { value, action: at !== null && /^\d+$/.test(at) ? Number(at) : null, badAction: at !== null && !/^\d+$/.test(at) ? at : null };
}

/** The full URL of a save's link (the game page next to this one, no query), opening at
 * `action` if given. Always index.html: a link shared from the demo editor opens a game too. */
export async function linkUrl(save, action = null) {
  const page = new URL("index.html", location.href);
  const base = `${page.origin}${page.pathname}`;
  return `${base}#${GAME_PARAM}=${await encodeLink(save)}${action === null ? "" : `&${ACTION_PARAM}=${action}`}`;
}

/** Forget the link in the address bar: a reload then resumes the autosave, with the moves made
 * since, instead of opening the link again. */
export function clearLinkFragment() {
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
}

/**
 * Decode a link and let the engine replay it (op "load", game "main"): every action is
 * validated. Returns {save, probe} (probe: the engine's reply, no seat); throws LinkError
 * naming the action that fails (counted from 1, as in the history view).
 */
export async function loadLink(engine, link) {
  if (link.badAction !== null) throw new LinkError(`The link's action number "${link.badAction}" is not a whole number`);
  const save = await decodeLink(link.value);
  const probe = await engine.call({ op: "load", game_id: "main", save, seat: null });
  if (!probe.ok) {
    const message = probe.error.message
      .replace(/^Action (\d+) in the save/, (_, i) => `Action ${Number(i) + 1} of ${save.actions.length} in the link`)
      // a game started from a position carries it: a position the engine refuses is named as such
      .replace(/^The save cannot be set up: Invalid position: /, "The start position in the link is not valid: ");
    throw new LinkError(message.replace(/\b([Tt])he save\b/g, "$1he link"));
  }
  return { save, probe };
}

// --- what the page shows -------------------------------------------------------------------------

/** A message at the top of the page that a link could not be opened. */
export function showLinkError(message) {
  document.querySelector("[data-testid=link-error]")?.remove();
  const banner = h(
    "div",
    { class: "error banner link-error", role: "alert", "data-testid": "link-error" },
    h("span", {}, `This game link cannot be opened: ${message}`),
    h("button", { type: "button", class: "btn ghost", "aria-label": "Close", onclick: () => banner.remove() }, "×"),
  );
  document.body.prepend(banner);
}

// A sealed decision under way (1881's bid) whose choices the link would carry: a view's
// `sealed` part with bids made but not yet revealed.
function sealedPending(view) {
  const parts = [view, ...Object.values(view ?? {}).filter(isObject)];
  return parts.some((p) => isObject(p?.sealed) && p.sealed.has_bid?.length > 0 && !p.sealed.bids);
}

/** What a link of this game would show that a player may not see now, or null. */
export function hiddenWarning(g) {
  const resp = g.resp;
  if (resp.result) return null;
  if (g.title === "trambahn") {
    return "A Trambahn link shows everything: it carries the game's seed, so whoever opens it can see every hand and the order of the deck. Share it only with people who may see all the cards (to look at a game together, or once it is over).";
  }
  if (sealedPending(resp.view)) return "A sealed decision is under way: the link carries the choices already made, so whoever opens it can see them. Share it once everyone has chosen.";
  return null;
}

function copyButton(field) {
  const note = h("span", { class: "muted small", "data-testid": "link-copied", "aria-live": "polite" });
  const btn = h("button", {
    type: "button",
    class: "btn primary",
    "data-testid": "link-copy",
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(field.value);
        note.textContent = "Copied";
      } catch {
        field.select(); // no clipboard access: the link is selected for Ctrl+C
        note.textContent = "Press Ctrl+C (or ⌘C) to copy";
      }
    },
  }, "Copy link");
  return [btn, note];
}

function lengthNotes(g, url) {
  const n = url.length;
  const notes = [h("p", { class: "muted small", "data-testid": "link-length", "data-length": n }, `${n.toLocaleString("en")} characters`)];
  if (n > CHAT_LIMIT) {
    notes.push(
      h(
        "p",
        { class: "link-long", "data-testid": "link-long" },
        `This link is longer than about ${CHAT_LIMIT.toLocaleString("en")} characters: many chat apps and mail programs cut such links short. Paste it where long links survive, or send the game as a file (it opens with "Open a file" on the start page).`,
        n > FIREFOX_LIMIT ? ` Firefox does not open links of more than about ${FIREFOX_LIMIT.toLocaleString("en")} characters.` : "",
      ),
      h("button", { type: "button", class: "btn", "data-testid": "link-file", onclick: () => g.exportSave() }, "Download the game file"),
    );
  }
  return notes;
}

async function linkBody(g) {
  const at = g.history ? g.history.at : null;
  const url = await linkUrl(g.resp.save, at);
  const field = h("textarea", { class: "link-text", readonly: true, rows: 4, "data-testid": "link-text", "aria-label": "The game link", onfocus: (e) => e.target.select() }, url);
  const n = g.resp.n_actions ?? 0;
  const what = at === null ? `the game after its ${n} actions${g.resp.result ? " (it is over)" : ", ready for the next move"}` : `the game at action ${at} of ${n}, in the history view`;
  return [h("p", {}, `Whoever opens this link gets ${what}. Every action is checked as it is replayed.`), field, h("div", { class: "link-buttons" }, copyButton(field)), lengthNotes(g, url)];
}

/** The Share dialog of a game screen `g` (an EngineGame): the link, a copy button, its length,
 * the file for long links, and a warning first when the link would show hidden information. */
export async function shareGame(g) {
  if (!g.resp?.save) {
    // painted from the autosave while the engine starts: share once it has the game
    if (!g.ready()) g.whenReady("share", () => shareGame(g));
    return;
  }
  document.querySelector("dialog.share-dialog")?.remove();
  const body = h("div", { class: "share-body" });
  const dialog = h(
    "dialog",
    { class: "share-dialog", "data-testid": "share-dialog", "aria-label": "Share this game" },
    h("h2", {}, "Share this game"),
    body,
    h("div", { class: "link-buttons" }, h("button", { type: "button", class: "btn ghost", "data-testid": "share-close", onclick: () => dialog.close() }, "Close")),
  );
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  const show = async () => body.replaceChildren(...(await linkBody(g)).flat());
  const warning = hiddenWarning(g);
  if (!warning) return show();
  body.append(
    h("p", { class: "link-warning", "data-testid": "link-warning" }, warning),
    h("button", { type: "button", class: "btn", "data-testid": "link-anyway", onclick: show }, "Make the link anyway"),
  );
}
