// Entry point of index.html. Paints first (the autosaved table or the start page) with plain
// JS, and only then starts the engine worker; interaction is enabled once it answers.

import { h, mount } from "./dom.js";
import { loadAutosave, loadTitles, setAutosaveScreen, writeTitles } from "./store.js";
import { TrambahnGame } from "./trambahn/controller.js";
import { prefetchEngine, startEngine } from "./engine-client.js";
import { actingSeats } from "./engine-game.js";
import { clearLinkFragment, linkInFragment, loadLink, showLinkError } from "./links.js";

// The start page and the 1840 screen (with the 18xx map code: two thirds of the UI's modules)
// load when first needed, so that an autosaved Trambahn game paints without them; both are
// fetched in the background once the engine is up.
let homeModule = null;
let g1840Module = null;
let g1881Module = null;
const loadHome = () => (homeModule ??= import("./home.js"));
const load1840 = () => (g1840Module ??= import("./g1840/controller.js"));
const load1881 = () => (g1881Module ??= import("./g1881/controller.js"));
// The 18xx titles' screens: each seat a person or a bot, several people behind the pass screen.
const SCREENS = { 1840: { load: load1840, name: "G1840Game" }, 1881: { load: load1881, name: "G1881Game" } };

const host = document.getElementById("app");
let engine = null;
let titles = loadTitles();
let game = null;
let home = null;

async function showHome() {
  game?.destroy();
  game = null;
  setAutosaveScreen("home");
  document.title = "Tramways";
  const { HomeScreen } = await loadHome();
  if (game) return; // a game was opened meanwhile
  home = new HomeScreen(host, {
    autosave: loadAutosave(),
    titles: engine ? titles : titles ?? null,
    engine,
    onStart: startNewGame,
    onResume: resumeGame,
    onImport: importGame,
  });
  if (!engine && engineFailure) home.setEngineError(engineFailure);
}

async function mountGame(opts) {
  const g = await createGame(opts);
  // a game opens at its top (its prompt), not at the start page's scroll position
  window.scrollTo(0, 0);
  return g;
}

async function createGame(opts) {
  const screen = SCREENS[opts.title];
  if (screen) {
    const Screen = (await screen.load())[screen.name];
    home = null;
    game?.destroy();
    document.title = `${opts.title} · Tramways`;
    game = new Screen(host, {
      ...opts,
      onMenu: showHome,
      onRematch: (session) => startNewGame({ title: opts.title, names: session.names, seats: session.seats, options: rematchOptions(session.options) }),
    });
    return game;
  }
  home = null;
  game?.destroy();
  document.title = "Trambahn · Tramways";
  game = new TrambahnGame(host, {
    ...opts,
    onMenu: showHome,
    onRematch: (session, players) => startNewGame({ title: "trambahn", mode: session.mode, names: players, level: session.level, start: "random", session }),
  });
  return game;
}

/** Resume the autosave: paint it now; hand it to the engine when (or if already) ready. */
async function resumeGame() {
  const saved = loadAutosave();
  if (!saved) return showHome();
  const g = await mountGame({ title: saved.title, session: saved.session, resp: saved.response, viewer: saved.viewer, covered: saved.covered });
  g.status = engine ? null : "Starting the game engine…";
  g.render();
  setAutosaveScreen("game");
  if (engine) g.attachSaved(engine, saved.save);
  return g;
}

/** A rematch is a new game: the same options, except the design edition, which a new game
 * takes from the engine (the latest; docs/engine-api.md, "edition"). */
function rematchOptions(options) {
  const { edition: _edition, ...rest } = options ?? {};
  return rest;
}

async function startNewGame(setup) {
  if (!engine) return;
  if (SCREENS[setup.title]) return start18xx(setup);
  const hotseat = setup.mode === "hotseat";
  const start = setup.start === "random" ? null : Number(setup.start);
  // Seat 0 is the first name: in a bot game the human, seat 1 the bot.
  const session = hotseat ? { mode: "hotseat", botSeat: null, humanSeat: null, level: null } : { mode: "bot", botSeat: 1, humanSeat: 0, level: setup.level };
  if (setup.session?.mode === "bot") Object.assign(session, { botSeat: setup.session.botSeat, humanSeat: setup.session.humanSeat });
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  const seed = hi * 2 ** 20 + (lo >>> 12); // < 2**52: the engine takes 0 .. 2**53 - 1
  const seat = hotseat ? (start ?? 0) : session.humanSeat;
  let resp = await engine.call({ op: "new", game_id: "main", title: setup.title, players: setup.names, options: { start_player: start }, seed, seat });
  if (!resp.ok) {
    home?.setEngineError(resp.error.message);
    return;
  }
  let viewer = seat;
  if (hotseat && resp.active !== seat) {
    viewer = resp.active;
    resp = await engine.call({ op: "state", game_id: "main", seat: viewer });
  }
  const g = await mountGame({ title: setup.title, session, resp, viewer, covered: hotseat });
  setAutosaveScreen("game");
  g.attachNew(engine);
}

/** A new 18xx game (1840, 1881): seats are people or bots; the first person to act gets the screen. */
async function start18xx(setup) {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  // `?seed=N` fixes the seed (reproducible games for tests and bug reports)
  const fixed = Number(new URLSearchParams(location.search).get("seed") ?? NaN);
  const seed = Number.isSafeInteger(fixed) && fixed >= 0 ? fixed : hi * 2 ** 20 + (lo >>> 12);
  const title = setup.title;
  const session = { title, seats: setup.seats, names: setup.names, options: setup.options };
  let resp = await engine.call({ op: "new", game_id: "main", title, players: setup.names, options: setup.options, seed, seat: null });
  if (!resp.ok) {
    home?.setEngineError(resp.error.message);
    return;
  }
  const humans = setup.seats.map((s, i) => (s.kind === "human" ? i : null)).filter((i) => i !== null);
  let viewer = humans[0] ?? null;
  if (resp.active !== null && setup.seats[resp.active]?.kind === "human") viewer = resp.active;
  if (viewer !== null) resp = await engine.call({ op: "state", game_id: "main", seat: viewer });
  const g = await mountGame({ title, session, resp, viewer, covered: humans.length > 1 });
  setAutosaveScreen("game");
  g.attachNew(engine);
}

/** Open a validated 18xx file (our save, or for 1840 an 18xx.games import) with the chosen seats. */
async function import18xx(save, choice) {
  const probe = await engine.call({ op: "load", game_id: "main", save, seat: null });
  if (!probe.ok) {
    home?.setEngineError(probe.error.message);
    return;
  }
  const seats = choice.seats;
  const humans = seats.map((s, i) => (s.kind === "human" ? i : null)).filter((i) => i !== null);
  const active = probe.active;
  const viewer = active !== null && active !== undefined && seats[active]?.kind === "human" ? active : humans[0] ?? null;
  const resp = viewer === null ? probe : await engine.call({ op: "state", game_id: "main", seat: viewer });
  const title = choice.title;
  const session = { title, seats, names: probe.players, options: save.options ?? {} };
  const g = await mountGame({ title, session, resp, viewer, covered: humans.length > 1 && !resp.result });
  setAutosaveScreen("game");
  g.attachNew(engine);
}

async function importGame(save, choice) {
  if (!engine) return;
  if (SCREENS[choice.title]) return import18xx(save, choice);
  const hotseat = choice.mode === "hotseat";
  const session = hotseat ? { mode: "hotseat", botSeat: null, humanSeat: null, level: null } : { mode: "bot", humanSeat: choice.humanSeat, botSeat: 1 - choice.humanSeat, level: choice.level ?? "normal" };
  // Ask for the active seat's view in hotseat (or seat 0 when the game is over).
  const probe = await engine.call({ op: "load", game_id: "main", save, seat: null });
  if (!probe.ok) {
    home?.setEngineError(probe.error.message);
    return;
  }
  const viewer = hotseat ? (probe.active ?? 0) : session.humanSeat;
  const resp = await engine.call({ op: "state", game_id: "main", seat: viewer });
  const g = await mountGame({ title: "trambahn", session, resp, viewer, covered: hotseat && !resp.result });
  setAutosaveScreen("game");
  g.attachNew(engine);
}

/** Open a game link (links.js): the engine replays it; every seat is a person at this screen,
 * the one to act first; with `action`, the history opens at that action. */
async function openLink(link) {
  let opened = null;
  try {
    opened = await loadLink(engine, link);
  } catch (err) {
    showLinkError(err?.message ?? String(err));
  }
  clearLinkFragment();
  if (!opened) return false;
  const { save, probe } = opened;
  const title = save.title;
  const session = SCREENS[title]
    ? { title, seats: probe.players.map(() => ({ kind: "human" })), names: probe.players, options: save.options ?? {} }
    : { mode: "hotseat", botSeat: null, humanSeat: null, level: null };
  const viewer = actingSeats(probe)[0] ?? 0;
  const resp = await engine.call({ op: "state", game_id: "main", seat: viewer });
  const g = await mountGame({ title, session, resp, viewer, covered: false });
  setAutosaveScreen("game");
  await g.attachNew(engine);
  if (link.action !== null) {
    await g.enterHistory();
    await g.historyGo(link.action);
  }
  return true;
}

let engineFailure = null;

async function boot() {
  // The engine's files are read (and its wasm compiled) while the first screen renders.
  prefetchEngine();
  const saved = loadAutosave();
  const link = linkInFragment(location.hash);
  const resume = !link && saved?.screen === "game" && (saved.title === "trambahn" || (await loadHome()).UI_TITLES[saved.title]);
  if (resume) await resumeGame();
  else await showHome();
  // The engine's worker is created once this first render is painted: started earlier, its
  // main-thread part (PyScript) delays the board and the worker still waits for the render
  // (docs/architecture.md, "Start-up").
  const starting = startEngine();

  try {
    const e = starting;
    const t = await e.ready; // the engine's answer to {op: "titles"}
    engine = e;
    if (t.ok) {
      titles = t.titles;
      writeTitles(titles);
    }
  } catch (err) {
    engineFailure = String(err?.message ?? err);
    console.warn(`[app] engine failed to start: ${engineFailure}`);
    if (home) home.setEngineError(engineFailure);
    if (game) {
      game.error = `The game engine could not start: ${engineFailure}. Reload the page to try again.`;
      game.status = null;
      game.render();
    }
    return;
  }
  // The screens not loaded yet, for later (the menu, a new game).
  loadHome().catch(() => {});
  load1840().catch(() => {});
  if (titles?.some?.((t) => t.id === "1881")) load1881().catch(() => {});
  window.addEventListener("hashchange", () => {
    const pasted = linkInFragment(location.hash);
    if (pasted) openLink(pasted);
  });
  if (link && (await openLink(link))) return;
  if (game) {
    const rec = loadAutosave();
    game.status = null;
    if (rec) game.attachSaved(engine, rec.save);
    else game.attachNew(engine);
  } else if (home) {
    home.setEngine(engine, titles);
  }
}

window.addEventListener("error", (e) => {
  const msg = e?.message ?? "unknown error";
  if (host && !host.childElementCount) mount(host, h("p", { class: "error banner" }, `Something went wrong: ${msg}`));
});

boot();
