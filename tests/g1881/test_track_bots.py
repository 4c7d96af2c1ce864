"""The normal bot builds towards the stops its network does not reach (track_bots.py) when
no lay raises its runs now. The position is a 6-player game of the normal bots of
2026-11-28 (seed 1), kept as a save (fixtures/walled_seed1_save.json) so that later bots
cannot move it: in operating round 5.1 SHG (two 2-trains, 400 TM) may lay only on D4,
where terrain costs 50 (6.15) and its runs gain nothing. Those bots laid nothing there
nor in any later round; the game ended in phase 1 with SHG running 50 a round."""

from __future__ import annotations

import pytest

from pygame_core import Game
from pygame_core.g1881 import bots, track, track_bots
from pygame_core.g1881 import trains as tr
from pygame_core.g1881.flow import company_runs
from pygame_core.g1881.runs import track_graph

from .game_helpers import kept_save, new, world
from .positions import cash, started

CORP = "SHG"


@pytest.fixture(scope="module")
def walled() -> Game:
    """The kept game at SHG's track step in operating round 5.1."""
    save = kept_save("walled_seed1_save.json")
    assert (len(save["players"]), save["seed"], save["options"]) == (6, 1, {"edition": 6})
    g = new(6, 1, {"edition": 6})
    for step in save["actions"]:
        g.apply(step["action"], step["seat"])
    w = world(g)
    assert (w.round_entry.label, w.step, w.op and w.op.corp) == ("OR 5.1", "track", CORP)
    return g


def _lays(g: Game) -> list[dict[str, object]]:
    assert g.active is not None
    return [e for e in g.legal_actions(g.active) if e["type"] == "lay_tile"]


def _reached(g: Game) -> int:
    w = world(g)
    return len(track_graph(w.map, CORP).reach(CORP).nodes)


def test_the_position_is_walled_in_1881_6_15(walled: Game) -> None:
    """Every lay costs terrain and none raises SHG's runs: the gain the bot weighed."""
    w = world(walled)
    lays = _lays(walled)
    assert lays
    assert all(track.outcome(w.map, str(e["hex"])).cost == 50 for e in lays)
    assert all(track.build_bonus(str(e["hex"]), w.edition) == 0 for e in lays)
    base = company_runs(w, CORP).total
    assert all(bots._value_after(w, CORP, e) == base for e in lays)
    assert all(p > 0 for p in track_bots.pulls(w, CORP, lays))


def test_a_walled_in_company_builds_towards_stops_1881_6_15(walled: Game) -> None:
    """It pays the 50 (6.15) while its treasury keeps the price of a train (10.x)."""
    seat = walled.active
    assert seat is not None
    action = walled.bot_action(seat, "normal")
    assert action["type"] == "lay_tile"
    assert action in _lays(walled)


def test_it_keeps_a_trains_price_1881_6_15_10_8(walled: Game) -> None:
    """With less than a train's price left after the lay it builds nothing."""
    w = world(walled)
    seat = walled.active
    assert seat is not None
    cheapest = min(tr.offer(w.trains, tr.TRAM).values())
    poor = started(walled, cash(CORP, cheapest + 50 - 10))
    assert poor.bot_action(seat, "normal")["type"] == "done"
    enough = started(walled, cash(CORP, cheapest + 50))
    assert enough.bot_action(seat, "normal")["type"] == "lay_tile"


def test_its_network_grows_1881_6_12(walled: Game) -> None:
    """Played on by the bots, SHG's network reaches more stops within three operating
    rounds (the bots of the kept game reached no new stop for the rest of it)."""
    g = started(walled)
    before = _reached(g)
    start = world(g).round_entry.label
    labels = {start}
    while g.active is not None and len(labels) <= 3:
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
        w = world(g)
        if w.round_entry.kind == "OR":
            labels.add(w.round_entry.label)
    assert _reached(g) > before
