"""The normal bot's S track for a network part that earns nothing (12.5, 12.12, 9.10).

With no train revenue the engine offers the part "withhold" only (9.10 "oder hat
überhaupt nicht eingefahren", digest A-35), so its vote pulls the S-Bahn's price down
(12.12, A-47) whatever the bot wants. What the bot can do is end that: lay the S tile that
closes the Trasse towards a route for its train, or, for a sub-network that can get no
train, towards the main network, which it then joins (12.5) and stops voting."""

from __future__ import annotations

import pytest

from pygame_core import Game
from pygame_core.core.rng import Rng
from pygame_core.g1881 import sbahn_turn_bots
from pygame_core.g1881.economy import SBAHN, part_holder

from .game_helpers import world
from .positions import Edit, cash, started, train
from .sbahn_helpers import at, sbahn_game, until

SEAT1, SEAT3 = part_holder(1), part_holder(3)
SEEDS = range(12)  # the bot samples lays at random: every seed must choose alike


def _track_step(part: str, *edits: Edit) -> Game:
    """`part` at its track step in the S-Bahn's first turn (sbahn_helpers.STARTS: the
    main network on G3, seat 1 on G5, seat 3 on K2), after `edits`."""
    g = started(sbahn_game(), *edits)
    until(g, at(part, "track"))
    return g


def _chosen_hexes(g: Game) -> set[object]:
    w, legal = world(g), g.legal_actions(g.active or 0)
    return {sbahn_turn_bots.choose(w, list(legal), Rng(seed)).get("hex") for seed in SEEDS}


def test_a_sub_network_that_can_get_no_train_lays_towards_the_main_network_1881_12_5() -> None:
    """12.5 "bis sein Netzteil an das S-Bahn-Hauptnetz ... angeschlossen wird": seat 1
    (G5) has 50 and no train, the cheapest S train costs 300 (10.1: its holder may add
    25 %), so it never runs and withholds every turn (9.10, 12.12). G4, between it and
    the main network's depot on G3, costs all its 50: it lays there and no longer stands
    idle (before, it laid nothing: the cost weighed more than the link)."""
    g = _track_step(SEAT1, cash(SEAT1, 50))
    w = world(g)
    assert not w.trains.trains(SEAT1) and w.map.corp_tokens(SBAHN) == [("G3", 0)]
    assert {e["hex"] for e in g.legal_actions(g.active or 0) if e["type"] == "lay_tile"} == {
        "G4",
        "G6",
    }
    assert _chosen_hexes(g) == {"G4"}


@pytest.mark.parametrize("money", [0, 420], ids=["no money", "a 4S in reach"])
def test_a_part_with_a_train_and_no_route_lays_towards_a_station_1881_8_2_12_11(
    money: int,
) -> None:
    """8.2 by 12.11: a train runs between stations. Seat 3's 4S stands on Wannsee (K2),
    whose S track reaches no other station yet; the next is Grunewald (I4) over J2 and
    J3. Of K2 (free, no nearer) and J2 (50, one hex nearer) it lays J2 whenever it can
    pay it (before, the free K2: no lay makes a run this turn)."""
    g = _track_step(SEAT3, train(SEAT3), cash(SEAT3, money))
    lays = {e["hex"] for e in g.legal_actions(g.active or 0) if e["type"] == "lay_tile"}
    assert _chosen_hexes(g) == ({"J2"} if "J2" in lays else {"K2"})
    assert ("J2" in lays) == (money >= 50)
