"""Which company the normal 1881 bot opens in its start purchase (2.9): the dearest it can
float alone, except on an edition whose pars no longer say which company is strongest
(bots.OPENING_ORDER, editions 3 on: the weaker homes are dearer there)."""

from __future__ import annotations

import pytest

from pygame_core.g1881.bots import OPENING_ORDER
from pygame_core.g1881.economy import pars
from pygame_core.g1881.source import editions
from scripts.playtest_1881 import Job, collect


@pytest.mark.parametrize("edition", sorted(OPENING_ORDER))
@pytest.mark.parametrize("seed", [0, 1])
def test_on_later_editions_the_normal_bots_open_by_the_opening_order_2_9(
    seed: int, edition: int
) -> None:
    f = collect(Job(3, seed, ("normal",) * 3, edition=edition))
    opened = [f.opened[s] for s in f.bid_order if s in f.opened]
    assert opened == list(OPENING_ORDER[edition][:3])  # each can float them alone at 3 players
    # The dearest rule would have opened SBV or SpS (par 100) first.
    assert max(pars(edition).values()) > pars(edition)[opened[0]]


def test_every_edition_with_edition_3s_pars_has_an_opening_order() -> None:
    """From edition 3 on the periphery is dearer, so "the dearest" would open it."""
    assert sorted(OPENING_ORDER) == list(editions()[2:])


def test_on_edition_2_the_normal_bots_still_open_the_dearest_2_9() -> None:
    f = collect(Job(3, 0, ("normal",) * 3, edition=2))
    opened = [f.opened[s] for s in f.bid_order if s in f.opened]
    assert pars(2)[opened[0]] == max(pars(2)[c] for c in OPENING_ORDER[3])
