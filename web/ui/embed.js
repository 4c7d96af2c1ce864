// embed.html: a read-only, captioned walk through a recorded game of any title.
//   embed.html?demo=NAME      the file web/demos/NAME.json (written by scripts/make_demos.py
//                             or downloaded from the demo editor)
//   embed.html#game=G&demo=D the whole demo in the fragment (the editor's snippet): G its
//                             game link (links.js), D the rest (embed-demo.js)
//   &step=N                   the step shown first (1-based)
// The demo is checked (embed-demo.js), then shown by its title's player: the Trambahn table
// (embed-trambahn.js) or the 18xx screen (embed-18xx.js). See docs/embedding.md.

import { h, mount } from "./dom.js";
import { DemoError, checkDemo, demoFromFragment } from "./embed-demo.js";

const host = document.getElementById("embed");
const params = new URLSearchParams(location.search);

function fail(message) {
  mount(host, h("div", { class: "embed-message", role: "alert", "data-testid": "embed-error" }, h("strong", {}, "This demo cannot be shown. "), message));
}

/** The demo named by the page's address: the fragment's, else the file's. */
async function readDemo() {
  const inline = await demoFromFragment(location.hash);
  if (inline) return inline;
  const name = params.get("demo") ?? "";
  if (!/^[a-z0-9-]{1,40}$/.test(name)) throw new DemoError(name ? `Unknown demo “${name}”.` : "No demo was named: use embed.html?demo=scoring.");
  const res = await fetch(`demos/${name}.json`);
  if (!res.ok) throw new DemoError(res.status === 404 ? `There is no demo called “${name}”.` : `HTTP ${res.status}`);
  return res.json();
}

async function boot() {
  mount(host, h("div", { class: "embed-message", "data-testid": "embed-loading" }, h("span", { class: "spinner", "aria-hidden": "true" }), " Loading the demo…"));
  let demo;
  let player;
  try {
    demo = checkDemo(await readDemo());
    if (demo.game === "trambahn") player = (await import("./embed-trambahn.js")).showTrambahn;
    else {
      const mod = await import("./embed-18xx.js");
      if (!mod.EMBED_18XX.includes(demo.game)) throw new DemoError(`This page cannot show a game of “${demo.game}”.`);
      player = mod.show18xx;
    }
  } catch (err) {
    fail(String(err?.message ?? err));
    return;
  }
  document.title = `${demo.title ?? "Demo"} · Tramways`;
  let engine;
  try {
    const { startEngine } = await import("./engine-client.js");
    // An embedded demo needs no offline cache of its own.
    engine = startEngine({ serviceWorker: false });
    await engine.ready;
  } catch (err) {
    fail(`The game engine could not start: ${err?.message ?? err}`);
    return;
  }
  const initial = Math.max(0, Math.min(demo.steps.length - 1, Number(params.get("step") ?? 1) - 1 || 0));
  try {
    await player(host, demo, engine, initial, fail);
  } catch (err) {
    fail(String(err?.message ?? err));
  }
}

boot();
