"""The normal bot saves for a train rather than place a depot (bots.py `_depot`): a company
that operated early in the first operating round (5.1) bought the last 2-trains while the
later ones bought the 3-trains; it then spent its treasury on depots (7.2) and ran its two
2-trains until they rusted. Now, when the depot would leave less than the train it wants
(train_bots.wanted) and this turn's run withheld (9.10) would pay for it, it places none."""

from __future__ import annotations

from pygame_core import Game
from pygame_core.g1881 import train_bots
from pygame_core.g1881 import trains as tr
from pygame_core.g1881.flow import company_runs
from pygame_core.g1881.world import World

from .game_helpers import new, world
from .positions import cash, started


def _behind(w: World) -> bool:
    """A tram company at its depot step, holding trains all shorter than the train it
    wants, which starts no phase, with a depot it may place."""
    op = w.op
    if w.step != "depot" or op is None or w.sbahn is not None or op.corp not in w.charters:
        return False
    held = w.trains.trains(op.corp)
    want = train_bots.wanted(w, op.corp) if held else None
    if want is None or tr.train_type(want.train).triggers not in (None, w.trains.phase):
        return False
    return max(tr.ranges(held)) < int(tr.train_type(want.train).range or 0)


def _until_behind(g: Game, limit: int = 3000) -> World:
    while g.active is not None and len(g.actions) < limit:
        w = world(g)
        if _behind(w) and any(e["type"] == "place_depot" for e in g.legal_actions(g.active)):
            return w
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    raise AssertionError("no company behind on trains reached its depot step")


def test_the_bot_saves_for_the_train_it_wants_instead_of_a_depot_1881_7_2_9_10() -> None:
    g = new(5, 0, {"edition": 5})
    w = _until_behind(g)
    op = w.op
    assert op is not None
    corp, seat = op.corp, g.active
    assert seat is not None
    want = train_bots.wanted(w, corp)
    cost = w.charters[corp].next_cost()
    run = company_runs(w, corp).total
    assert want is not None and cost is not None and run > 0
    saving = want.price - run  # the run withheld buys the train; the depot would not
    assert saving >= cost
    action = started(g, cash(corp, saving)).bot_action(seat, "normal")
    assert action["type"] != "place_depot"
    # The train is affordable after the depot too: it places the depot.
    rich = started(g, cash(corp, want.price + cost)).bot_action(seat, "normal")
    assert rich["type"] == "place_depot"
    # Not even the run withheld pays for the train: nothing to save for.
    poor = started(g, cash(corp, saving - 1)).bot_action(seat, "normal")
    assert poor["type"] == "place_depot"
