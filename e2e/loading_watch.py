"""Watch a game screen while the engine takes in the autosaved game after a (re)load.

Until the engine has answered the load, nothing may be sent to it: an action made meanwhile
would be overwritten by the load's answer (the page would show the position before it while
the engine holds the one after). `watch_loading` records, at every change of the page, whether
the table was interactive while the "Loading the saved game" status was shown, and which
endless animations ran on the table before it took input (`loading_animations`).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

_WATCH_JS = """
(() => {
  const seen = (window.__loadingWatch = []);
  const endless = (window.__loadingAnimations = []);
  const look = () => {
    const t = document.querySelector('[data-testid=table]');
    const status = document.querySelector('[data-testid=status]')?.textContent ?? '';
    if (status.includes('Loading the saved game')) {
      seen.push({ interactive: t?.dataset.interactive ?? null, busy: t?.dataset.busy ?? null });
    }
    // The first screen: the painted table until the engine has it and it takes input.
    if (!t || t.dataset.interactive === '1') return;
    endless.push(document.getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations === Infinity)
      .map((a) => ({
        name: a.animationName,
        target: String(a.effect.target?.className?.baseVal ?? a.effect.target?.className),
        easing: a.effect.getKeyframes()[0]?.easing ?? a.effect.getTiming().easing,
      })));
  };
  const all = { subtree: true, childList: true, attributes: true, characterData: true };
  new MutationObserver(look).observe(document, all);
})();
"""


def watch_loading(page: Page) -> None:
    """Start recording on every later navigation of `page` (call before `page.reload()`)."""
    page.add_init_script(_WATCH_JS)


def loading_animations(page: Page) -> list[list[dict[str, str]]]:
    """The endless animations running at each change of the painted table before it took
    input (the first screen, while the engine starts and loads the game), one per change."""
    snapshots: list[list[dict[str, str]]] = page.evaluate("window.__loadingAnimations ?? []")
    return snapshots


def assert_locked_while_loading(page: Page) -> None:
    """The load was seen at least once, and the table never took input during it."""
    states: list[dict[str, Any]] = page.evaluate("window.__loadingWatch ?? []")
    assert states, "the 'Loading the saved game' status was never shown"
    assert all(s["interactive"] == "0" and s["busy"] == "1" for s in states), states
