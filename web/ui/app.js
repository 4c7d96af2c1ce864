// Entry point of index.html. Paints first (the autosaved table or the start page) with plain
// JS, and only then loads and starts the engine worker; interaction is enabled once it answers.

import { h, mount } from "./dom.js";
import { HomeScreen, UI_TITLES } from "./home.js";
import { loadAutosave, loadTitles, setAutosaveScreen, writeTitles } from "./store.js";
import { TrambahnGame } from "./trambahn/controller.js";

const host = document.getElementById("app");
let engine = null;
let titles = loadTitles();
let game = null;
let home = null;

function showHome() {
  game?.destroy();
  game = null;
  setAutosaveScreen("home");
  document.title = "Tramways";
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

function mountGame(opts) {
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
function resumeGame() {
  const saved = loadAutosave();
  if (!saved) return showHome();
  const g = mountGame({ session: saved.session, resp: saved.response, viewer: saved.viewer, covered: saved.covered });
  g.status = engine ? null : "Starting the game engine…";
  g.render();
  setAutosaveScreen("game");
  if (engine) g.attachSaved(engine, saved.save);
  return g;
}

async function startNewGame(setup) {
  if (!engine) return;
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
  const g = mountGame({ session, resp, viewer, covered: hotseat });
  setAutosaveScreen("game");
  g.attachNew(engine);
}

async function importGame(save, choice) {
  if (!engine) return;
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
  const g = mountGame({ session, resp, viewer, covered: hotseat && !resp.result });
  setAutosaveScreen("game");
  g.attachNew(engine);
}

let engineFailure = null;

async function boot() {
  // Start fetching the engine client at once: the import is asynchronous, and the client
  // itself defers PyScript's page-side work until after the first paint.
  const client = import("./engine-client.js");
  const saved = loadAutosave();
  if (saved && saved.screen === "game" && UI_TITLES[saved.title]) resumeGame();
  else showHome();

  try {
    const { startEngine } = await client;
    const e = startEngine();
    await e.ready;
    const t = await e.call({ op: "titles" });
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
