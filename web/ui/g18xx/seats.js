// Seats and bots of an 18xx screen: who plays each seat (a person or a bot of a level), the
// bots' moves one after the other at the chosen speed, and their pause button and speed
// selector. `g` is the screen's controller (g18xx/controller.js).
//
// session = {title, seats: [{kind: "human"} | {kind: "bot", level}], lastHuman}

import { h, sleep } from "../dom.js";
import { actingSeats } from "../engine-game.js";
import { writeSettings } from "../store.js";
import { seatName } from "./format.js";

/** The bots' delays (ms) by speed. */
export const SPEEDS = { slow: 1200, normal: 550, fast: 120, instant: 0 };

/** "human" or "bot" for a seat of the session. */
export function seatKind(session, seat) {
  return session.seats?.[seat]?.kind ?? "human";
}

/** The seats people play, in seat order. */
export function humanSeats(session) {
  return (session.seats ?? []).map((s, i) => (s.kind === "human" ? i : null)).filter((i) => i !== null);
}

/** The seats bots play. */
export function botSeats(session) {
  return new Set((session.seats ?? []).map((s, i) => (s.kind === "bot" ? i : null)).filter((i) => i !== null));
}

/**
 * The seat the screen serves next among those acting in `r`: a bot first (bots act by
 * themselves), else the person at the screen while still to act, else the next person in
 * seat order (behind the pass cover in hotseat). With one seat acting, that seat.
 */
export function nextSeat(g, r) {
  const acting = actingSeats(r);
  return acting.find((s) => g.isBot(s)) ?? (acting.includes(g.viewer) ? g.viewer : acting[0]) ?? null;
}

/** Let the bots play while a bot is to act (stops on a pause, history or a person's turn). */
export async function runBots(g) {
  if (g.paused) return;
  const gen = ++g.botGen;
  g.busy = true;
  while (!g.destroyed && gen === g.botGen && !g.resp.result && g.isBot(nextSeat(g, g.resp))) {
    const seat = nextSeat(g, g.resp);
    const name = seatName(g.view, seat);
    g.status = `${name} (bot) is playing…`;
    g.render();
    await sleep(g.settings.botDelay);
    if (gen !== g.botGen || g.destroyed) return;
    const before = g.resp.n_actions;
    const r = await g.call({ op: "bot", seat, level: g.session.seats[seat].level ?? "normal" });
    if (g.destroyed) return;
    if (gen !== g.botGen) {
      // paused or history meanwhile: keep what the engine did; continue from it later
      if (r.ok) {
        g.resp = r;
        g.stale = true;
        g.persist();
      }
      return;
    }
    if (!r.ok) {
      g.error = `The bot could not move: ${r.error.message}`;
      break;
    }
    // only what every seat may read: a bot's sealed choice is not for the next person
    for (const e of r.log) if (e.i >= before && e.seat === seat && !e.private) g.botNote.push(e.text);
    if (g.botNote.length > 6) g.botNote = g.botNote.slice(-6);
    g.showEvents(r.view);
    if (!r.result && !g.isBot(nextSeat(g, r))) {
      g.busy = false;
      g.status = null;
      await g.accept(r);
      return;
    }
    g.resp = r;
    g.persist();
  }
  if (gen !== g.botGen) return;
  g.busy = false;
  g.status = null;
  g.render();
}

/** Pause the bots, or let them go on. */
export function togglePause(g) {
  g.paused = !g.paused;
  if (g.paused) {
    g.botGen += 1;
    g.busy = false;
    g.status = null;
    g.render();
  } else {
    g.render();
    g.continueAfterChange();
  }
}

/**
 * The bots' pause button and speed, one node kept for the whole game and updated in place:
 * it sits at the top of the turn bar, so it neither moves nor is rebuilt while bots play
 * several moves a second (a button that jumps or is replaced under the pointer can't be hit).
 */
export function botControls(g) {
  if (!botSeats(g.session).size || g.resp.result || g.history) return null;
  if (!g.botBar) {
    const pause = h("button", { type: "button", class: "btn small-btn", "data-testid": "bot-pause", onclick: () => togglePause(g) });
    const speed = h(
      "select",
      {
        "data-testid": "bot-speed",
        "aria-label": "Bot speed",
        onchange: (e) => {
          g.settings.botDelay = SPEEDS[e.target.value] ?? 550;
          writeSettings({ botDelay: g.settings.botDelay });
        },
      },
      [...Object.keys(SPEEDS), "custom"].map((k) => h("option", { value: k }, k)),
    );
    const el = h("div", { class: "bot-controls", "data-testid": "bot-controls" }, h("span", { class: "muted small" }, "Bots"), pause, h("label", { class: "speed" }, speed));
    g.botBar = { el, pause, speed };
  }
  const { el, pause, speed } = g.botBar;
  pause.textContent = g.paused ? "▶ Resume bots" : "❚❚ Pause bots";
  pause.setAttribute("aria-pressed", g.paused ? "true" : "false");
  const current = Object.entries(SPEEDS).find(([, ms]) => ms === g.settings.botDelay)?.[0] ?? "custom";
  speed.lastElementChild.hidden = current !== "custom"; // only for a delay set by ?botdelay=
  speed.value = current;
  return el;
}
