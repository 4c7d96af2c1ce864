"""CPython and Pyodide run the same engine to the same state (docs/engine-api.md:
"Deterministic ... CPython and Pyodide produce the same state_hash()")."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from e2e.conftest import wait_engine
from pygame_core import new_game
from scripts.serve import SiteServer

# Plays a whole game inside the page: a fixed choice rule for seat 0, the normal bot for
# seat 1 (so the bots' determinism is covered too); returns the hash and the result.
PLAY = """async ({seed, gid}) => {
  const e = window.engine; await e.ready;
  let r = await e.call({op: "new", game_id: gid, title: "trambahn", players: ["A", "B"],
                        seed, seat: 0});
  while (r.active !== null) {
    if (r.active === 0) {
      const legal = (await e.call({op: "state", game_id: gid, seat: 0})).legal;
      const action = legal[(r.n_actions * 7) % legal.length];
      r = await e.call({op: "act", game_id: gid, seat: 0, action});
    } else {
      r = await e.call({op: "bot", game_id: gid, seat: 1, level: "normal"});
    }
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }
  const h = await e.call({op: "hash", game_id: gid});
  return {hash: h.hash, result: r.result, n: r.n_actions};
}"""


def play_in_cpython(seed: int) -> dict[str, Any]:
    g = new_game("trambahn", ["A", "B"], {}, seed)
    while (seat := g.active) is not None:
        if seat == 0:
            legal = g.legal_actions(0)
            g.apply(legal[(len(g.actions) * 7) % len(legal)], 0)
        else:
            g.apply(g.bot_action(1, "normal"), 1)
    return {"hash": g.state_hash(), "result": g.result(), "n": len(g.actions)}


def test_pyodide_and_cpython_agree_on_whole_games(page: Page, site_server: SiteServer) -> None:
    page.goto(f"{site_server.url}/platform-check.html")
    wait_engine(page)
    for seed in (1, 20261123):
        in_browser = page.evaluate(PLAY, {"seed": seed, "gid": f"parity{seed}"})
        assert in_browser == play_in_cpython(seed)
        assert in_browser["result"]["winner"] in (0, 1, None)
