// editor.html: the demo editor. The writer starts a game of any title (or opens a save, a
// demo or, for 1840, an 18xx.games file), plays it in the normal game screen (every seat a
// person, no pass screen; bots may play a few actions), marks positions as steps, types a
// caption for each, reorders or deletes them, previews the embed, and copies a ready
// <iframe> snippet (the demo in the fragment: embed.html#game=...&demo=...) or downloads the demo
// file (for web/demos/NAME.json: embed.html?demo=NAME). Nothing here decides a rule: the
// positions and the save come from the engine. See docs/embedding.md.

import { h, mount } from "./dom.js";
import { actingSeats } from "./engine-game.js";
import { DemoError, checkDemo, demoFromSave, demoSave, encodeDemo, iframeSnippet } from "./embed-demo.js";

const host = document.getElementById("editor");
const SCREENS = {
  trambahn: () => import("./trambahn/controller.js").then((m) => m.TrambahnGame),
  1840: () => import("./g1840/controller.js").then((m) => m.G1840Game),
  1881: () => import("./g1881/controller.js").then((m) => m.G1881Game),
};
const DEFAULT_PLAYERS = { trambahn: "Anna, Ben" };
const DEFAULT_OPTIONS = { trambahn: { start_player: 0 } };
const BOT_BATCH = 10;
// The demo being written (its game's save, steps and title): a reload resumes it.
const DRAFT_KEY = "tramways.demo-editor.v1";
// A link longer than this does not fit a chat message (it still works in an iframe).
const CHAT_LIMIT = 2000;

const editor = {
  engine: null,
  titles: [],
  screen: null,
  title: "",
  steps: [], // [{actions, caption}]
  note: null,
  snippet: "",
  previewSrc: "",
};

const regions = {
  panel: h("section", { class: "ed-panel", "aria-label": "Demo editor", "data-testid": "editor-panel" }),
  game: h("div", { class: "ed-game app-root", "data-testid": "editor-game" }),
};

// --- the draft ---------------------------------------------------------------------------------

function writeDraft() {
  const save = editor.screen?.resp?.save;
  if (!save) return;
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ save, steps: editor.steps, title: editor.title }));
  } catch {
    /* quota or private mode: the draft lives as long as the page */
  }
}

function readDraft() {
  try {
    const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "null");
    return draft?.save && Array.isArray(draft.steps) ? draft : null;
  } catch {
    return null;
  }
}

async function resumeDraft(draft) {
  const r = await editor.engine.call({ op: "load", game_id: "main", save: draft.save, seat: null });
  if (!r.ok) return fail(`The last demo could not be loaded: ${r.error.message}`);
  editor.steps = draft.steps.filter((st) => Number.isSafeInteger(st?.actions)).map((st) => ({ actions: st.actions, caption: String(st.caption ?? "") }));
  editor.title = String(draft.title ?? "");
  editor.note = null;
  await openScreen(r);
}

// --- the game ----------------------------------------------------------------------------------

/** The title's screen, for editing: never autosaved, never covered (no pass screen, no end
 * screen), and the panel follows it. */
async function editableScreen(title) {
  const Screen = await SCREENS[title]();
  return class extends Screen {
    persist() {}

    get covered() {
      return false;
    }

    set covered(_) {}

    /** No end screen over the board: the writer may mark the final position too. */
    get endDismissed() {
      return true;
    }

    set endDismissed(_) {}

    render() {
      super.render();
      renderPanel();
    }
  };
}

/** The position the screen shows: the history's, or the game's. */
function position() {
  const s = editor.screen;
  if (!s) return 0;
  return s.history ? s.history.at : s.resp.n_actions ?? 0;
}

/** Put the game of `resp` (the engine's "main" game) on screen, as the seat to act. */
async function openScreen(resp) {
  const title = resp.title;
  const Screen = await editableScreen(title);
  const seat = actingSeats(resp)[0] ?? 0;
  let shown = resp;
  if (resp.seat !== seat) {
    const st = await editor.engine.call({ op: "state", game_id: "main", seat });
    if (st.ok) shown = st;
  }
  editor.screen?.destroy();
  const session = title === "trambahn" ? { mode: "hotseat", botSeat: null, humanSeat: null, level: null } : { title, seats: resp.players.map(() => ({ kind: "human" })), names: resp.players, options: resp.save?.options ?? {} };
  editor.screen = new Screen(regions.game, { session, resp: shown, viewer: seat, covered: false, onMenu: showSetup });
  await editor.screen.attachNew(editor.engine);
  renderPanel();
}

/** The bots play up to BOT_BATCH actions from here (to reach a later position quickly). */
async function botsPlay() {
  const s = editor.screen;
  if (!s || s.history) return;
  let resp = s.resp;
  editor.note = "The bots are playing…";
  renderPanel();
  for (let i = 0; i < BOT_BATCH && !resp.result; i += 1) {
    const seat = actingSeats(resp)[0];
    if (seat === undefined) break;
    const r = await editor.engine.call({ op: "bot", game_id: "main", seat, level: "normal" });
    if (!r.ok) {
      editor.note = r.error.message;
      break;
    }
    resp = r;
    editor.note = null;
  }
  await openScreen(resp);
}

// --- the demo ----------------------------------------------------------------------------------

function markStep() {
  const at = position();
  editor.steps.push({ actions: at, caption: "" });
  editor.note = null;
  renderPanel();
  regions.panel.querySelector(`[data-testid=step-caption-${editor.steps.length - 1}]`)?.focus();
}

function moveStep(i, by) {
  const j = i + by;
  if (j < 0 || j >= editor.steps.length) return;
  [editor.steps[i], editor.steps[j]] = [editor.steps[j], editor.steps[i]];
  renderPanel();
}

function deleteStep(i) {
  editor.steps.splice(i, 1);
  renderPanel();
}

/** The demo as it stands (checked like embed.html checks it); throws DemoError. */
function currentDemo() {
  const save = editor.screen?.resp?.save;
  if (!save) throw new DemoError("Start or open a game first.");
  if (!editor.steps.length) throw new DemoError("Mark at least one step.");
  const steps = editor.steps.map((s) => ({ ...s, caption: s.caption.trim() }));
  return checkDemo(demoFromSave(save, { title: editor.title.trim() || "Demo", steps }));
}

/** Build the snippet and the preview (the demo in the fragment). */
async function makeSnippet() {
  try {
    const demo = currentDemo();
    const src = new URL(`embed.html#${await encodeDemo(demo)}`, location.href).href;
    editor.previewSrc = src;
    editor.snippet = iframeSnippet(src, demo.title);
    editor.note = src.length > CHAT_LIMIT ? `The link is ${src.length} characters: it works in an iframe or a browser, but is too long for most chat messages; the demo file is the other way.` : `The link is ${src.length} characters.`;
  } catch (err) {
    editor.snippet = "";
    editor.previewSrc = "";
    editor.note = String(err?.message ?? err);
  }
  renderPanel();
}

async function copySnippet() {
  await makeSnippet();
  if (!editor.snippet) return;
  const box = regions.panel.querySelector("[data-testid=snippet]");
  try {
    await navigator.clipboard.writeText(editor.snippet);
    editor.note = `Copied. ${editor.note ?? ""}`;
  } catch {
    // no clipboard permission: select the text so that Ctrl+C copies it
    box?.select();
    editor.note = "Select the snippet and copy it (Ctrl+C).";
  }
  renderPanel();
}

function downloadDemo() {
  let demo;
  try {
    demo = currentDemo();
  } catch (err) {
    editor.note = String(err?.message ?? err);
    renderPanel();
    return;
  }
  const name = (editor.title.trim() || "demo").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "demo";
  const url = URL.createObjectURL(new Blob([JSON.stringify(demo, null, 1)], { type: "application/json" }));
  const a = h("a", { href: url, download: `${name}.json`, style: { display: "none" } });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  editor.note = `Put ${name}.json into web/demos/ and embed it as embed.html?demo=${name}.`;
  renderPanel();
}

function renderPanel() {
  if (!editor.screen) return;
  writeDraft();
  const at = position();
  const total = editor.screen.resp.n_actions ?? 0;
  mount(
    regions.panel,
    h(
      "div",
      { class: "ed-row" },
      h("strong", { class: "ed-brand" }, "Demo editor"),
      h("label", { class: "ed-title" }, "Title ", h("input", { type: "text", value: editor.title, maxlength: 120, "data-testid": "demo-title", oninput: (e) => { editor.title = e.target.value; writeDraft(); } })),
      h("span", { class: "ed-pos", "data-testid": "editor-position" }, `Position: ${at} of ${total} actions`),
      h("button", { type: "button", class: "btn primary", "data-testid": "mark-step", onclick: markStep }, "+ Mark this position as a step"),
      h("button", { type: "button", class: "btn", "data-testid": "bots-play", disabled: Boolean(editor.screen.history || editor.screen.resp.result), title: "The bots play the next actions, for every seat", onclick: botsPlay }, `Bots play ${BOT_BATCH}`),
      h("button", { type: "button", class: "btn ghost", "data-testid": "editor-new", onclick: showSetup }, "New / open…"),
    ),
    h(
      "ol",
      { class: "ed-steps", "data-testid": "editor-steps" },
      editor.steps.map((s, i) =>
        h(
          "li",
          { class: ["ed-step", s.actions > total && "is-stale"], "data-testid": "editor-step", "data-actions": s.actions },
          h("span", { class: "ed-at" }, `after ${s.actions} actions`),
          h("textarea", { rows: 2, placeholder: "Caption for this step", "data-testid": `step-caption-${i}`, oninput: (e) => { s.caption = e.target.value; writeDraft(); } }, s.caption),
          h(
            "span",
            { class: "ed-step-tools" },
            h("button", { type: "button", class: "btn ghost", "aria-label": `Move step ${i + 1} up`, "data-testid": `step-up-${i}`, disabled: i === 0, onclick: () => moveStep(i, -1) }, "↑"),
            h("button", { type: "button", class: "btn ghost", "aria-label": `Move step ${i + 1} down`, "data-testid": `step-down-${i}`, disabled: i === editor.steps.length - 1, onclick: () => moveStep(i, 1) }, "↓"),
            h("button", { type: "button", class: "btn ghost", "aria-label": `Delete step ${i + 1}`, "data-testid": `step-delete-${i}`, onclick: () => deleteStep(i) }, "✕"),
          ),
        ),
      ),
    ),
    h(
      "div",
      { class: "ed-row" },
      h("button", { type: "button", class: "btn", "data-testid": "preview-demo", disabled: !editor.steps.length, onclick: makeSnippet }, "Preview"),
      h("button", { type: "button", class: "btn primary", "data-testid": "copy-snippet", disabled: !editor.steps.length, onclick: copySnippet }, "Copy <iframe> snippet"),
      h("button", { type: "button", class: "btn", "data-testid": "download-demo", disabled: !editor.steps.length, onclick: downloadDemo }, "Download demo file"),
      editor.note ? h("span", { class: "ed-note", role: "status", "data-testid": "editor-note" }, editor.note) : null,
    ),
    editor.snippet ? h("textarea", { class: "ed-snippet", readonly: true, rows: 3, "data-testid": "snippet" }, editor.snippet) : null,
    editor.previewSrc ? h("iframe", { class: "ed-preview", src: editor.previewSrc, title: "Preview of the demo", "data-testid": "preview-frame" }) : null,
  );
}

// --- setting up ----------------------------------------------------------------------------------

function fail(message) {
  editor.note = message;
  showSetup();
}

/** A file: a Tramways save, a demo (its steps come along) or, for 1840, an 18xx.games game. */
async function openFile(file) {
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return fail(`${file.name} is not a JSON file.`);
  }
  let r;
  let steps = [];
  if (data?.format === "tramways-save") r = await editor.engine.call({ op: "load", game_id: "main", save: data, seat: null });
  else if (data?.steps) {
    try {
      const demo = checkDemo(data);
      steps = demo.steps.map((s) => ({ actions: s.actions, caption: s.caption ?? "" }));
      editor.title = demo.title ?? "";
      r = await editor.engine.call({ op: "load", game_id: "main", save: demoSave(demo), seat: null });
    } catch (err) {
      return fail(String(err?.message ?? err));
    }
  } else r = await editor.engine.call({ op: "import", game_id: "main", title: "1840", data, seat: null });
  if (!r.ok) return fail(r.error.message);
  if (!SCREENS[r.title]) return fail(`The editor cannot show a game of “${r.title}”.`);
  editor.steps = steps;
  editor.note = null;
  await openScreen(r);
}

async function startGame(form) {
  const title = form.game.value;
  const players = form.players.value.split(",").map((p) => p.trim()).filter(Boolean);
  let options;
  try {
    options = JSON.parse(form.options.value || "{}");
  } catch {
    return fail("The options must be JSON, e.g. {} or {\"start_player\": 0}.");
  }
  const seed = form.seed.value === "" ? Math.floor(Math.random() * 2 ** 32) : Number(form.seed.value);
  const r = await editor.engine.call({ op: "new", game_id: "main", title, players, options, seed, seat: null });
  if (!r.ok) return fail(r.error.message);
  editor.steps = [];
  editor.note = null;
  await openScreen(r);
}

function showSetup() {
  editor.screen?.destroy();
  editor.screen = null;
  editor.snippet = "";
  editor.previewSrc = "";
  const titles = editor.titles.filter((t) => SCREENS[t.id]);
  const first = titles[0]?.id ?? "trambahn";
  const form = h(
    "form",
    {
      class: "ed-setup",
      "data-testid": "editor-setup",
      onsubmit: (e) => {
        e.preventDefault();
        startGame(e.target);
      },
    },
    h("h1", {}, "Make a rules demo"),
    h("p", { class: "muted" }, "Start a game, play it to the position you want to show, mark steps and caption them, then copy the snippet for your page. Every seat is played here; the bots can play a few actions for you."),
    h(
      "label",
      {},
      "Game ",
      h(
        "select",
        {
          name: "game",
          "data-testid": "editor-title-select",
          onchange: (e) => {
            form.players.value = DEFAULT_PLAYERS[e.target.value] ?? "Anna, Ben, Clara";
            form.options.value = JSON.stringify(DEFAULT_OPTIONS[e.target.value] ?? {});
          },
        },
        titles.map((t) => h("option", { value: t.id }, t.name ?? t.id)),
      ),
    ),
    h("label", {}, "Players (comma-separated) ", h("input", { name: "players", type: "text", value: DEFAULT_PLAYERS[first] ?? "Anna, Ben, Clara", "data-testid": "editor-players" })),
    h("label", {}, "Seed (empty: random) ", h("input", { name: "seed", type: "number", min: 0, step: 1, "data-testid": "editor-seed" })),
    h("label", {}, "Options (JSON) ", h("input", { name: "options", type: "text", value: JSON.stringify(DEFAULT_OPTIONS[first] ?? {}), "data-testid": "editor-options" })),
    h("button", { type: "submit", class: "btn primary", "data-testid": "editor-start" }, "Start the game"),
    h("label", { class: "ed-file" }, "…or open a save, a demo file or an 18xx.games 1840 game: ", h("input", { type: "file", accept: ".json,application/json", "data-testid": "editor-file", onchange: (e) => e.target.files[0] && openFile(e.target.files[0]) })),
    editor.note ? h("p", { class: "error", role: "alert", "data-testid": "editor-error" }, editor.note) : null,
  );
  const draft = readDraft();
  if (draft) form.querySelector("h1").after(h("p", {}, h("button", { type: "button", class: "btn", "data-testid": "editor-resume", onclick: () => resumeDraft(draft) }, `Resume “${draft.title || "the last demo"}” (${draft.save.title}, ${draft.steps.length} steps)`)));
  mount(regions.panel);
  mount(regions.game, form);
}

async function boot() {
  mount(host, regions.panel, regions.game);
  mount(regions.game, h("p", { class: "embed-message", "data-testid": "editor-loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), " Starting the game engine…"));
  try {
    const { startEngine } = await import("./engine-client.js");
    editor.engine = startEngine({ serviceWorker: false });
    const t = await editor.engine.ready;
    editor.titles = t.ok ? t.titles : [];
  } catch (err) {
    mount(regions.game, h("p", { class: "error", role: "alert" }, `The game engine could not start: ${err?.message ?? err}`));
    return;
  }
  showSetup();
}

boot();
