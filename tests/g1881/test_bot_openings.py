"""Which company the normal 1881 bot opens in its start purchase (2.9): the dearest it can
float alone, except on an edition whose pars no longer say which company is strongest
(bots.OPENING_ORDER, editions 3 on: the weaker homes are dearer there), and on an edition
with an opening table (opening_bots, editions 4 on) one that scores near the best given
what is open."""

from __future__ import annotations

import pytest

from pygame_core import Game
from pygame_core.g1881 import opening_bots
from pygame_core.g1881.bots import FLOAT_UNITS, OPENING_ORDER
from pygame_core.g1881.companies import ipo_price
from pygame_core.g1881.economy import TRAMS, pars
from pygame_core.g1881.opening_bots import OpeningTable, Ratios
from pygame_core.g1881.source import editions
from scripts.playtest_1881 import Job, collect

from .game_helpers import new, world

TABLED = [e for e in editions() if opening_bots.table(e) is not None]


@pytest.mark.parametrize("edition", sorted(set(OPENING_ORDER) - set(TABLED)))
@pytest.mark.parametrize("seed", [0, 1])
def test_on_later_editions_the_normal_bots_open_by_the_opening_order_2_9(
    seed: int, edition: int
) -> None:
    f = collect(Job(3, seed, ("normal",) * 3, edition=edition))
    opened = [f.opened[s] for s in f.bid_order if s in f.opened]
    assert opened == list(OPENING_ORDER[edition][:3])  # each can float them alone at 3 players
    # The dearest rule would have opened SBV or SpS (par 100) first.
    assert max(pars(edition).values()) > pars(edition)[opened[0]]


def test_edition_3_keeps_its_opening_order() -> None:
    """Edition 3 has no opening table: its bot games must not change."""
    assert 3 not in TABLED and OPENING_ORDER[3][0] == "GBS"


def test_every_edition_with_edition_3s_pars_has_an_opening_order() -> None:
    """From edition 3 on the periphery is dearer, so "the dearest" would open it."""
    assert sorted(OPENING_ORDER) == list(editions()[2:])


def test_on_edition_2_the_normal_bots_still_open_the_dearest_2_9() -> None:
    f = collect(Job(3, 0, ("normal",) * 3, edition=2))
    opened = [f.opened[s] for s in f.bid_order if s in f.opened]
    assert pars(2)[opened[0]] == max(pars(2)[c] for c in OPENING_ORDER[3])


def _openings(g: Game) -> list[tuple[str, set[str]]]:
    """Play `g`'s start purchase (2.9) with normal bots: per opening, the company opened
    and those the seat can float alone (4.25) that score near the opening table's best
    (opening_bots.NEAR)."""
    w = world(g)
    ratios = opening_bots.ratios_for(w.edition, len(w.players))
    assert ratios is not None
    out = []
    while g.active is not None and w.step in ("bid", "start"):
        seat = g.active
        action = g.bot_action(seat, "normal")
        corp = action.get("company")
        if w.step == "start" and action["type"] == "buy" and corp not in w.eco.in_play:
            cash = w.eco.money.cash(w.players[seat])
            open_ = [c for c in w.eco.in_play if c in TRAMS]
            new_ = [
                e["company"]
                for e in g.legal_actions(seat)
                if e["type"] == "buy" and e["company"] in TRAMS and e["company"] not in open_
            ]
            alone = [c for c in new_ if cash >= FLOAT_UNITS * ipo_price(w.eco, c)] or new_
            scores = {c: opening_bots.score(ratios, c, open_) for c in alone}
            near = {c for c in alone if scores[c] >= opening_bots.NEAR * max(scores.values())}
            out.append((str(corp), near))
        g.apply(action, seat)
        w = world(g)
    return out


@pytest.mark.parametrize("edition", TABLED)
@pytest.mark.parametrize(("players", "seed"), [(3, 0), (4, 1), (5, 2), (6, 3)])
def test_on_an_edition_with_a_table_the_bots_open_a_near_best_score_2_9(
    edition: int, players: int, seed: int
) -> None:
    found = _openings(new(players, seed, {"edition": edition}))
    assert len(found) >= 2
    assert all(opened in near for opened, near in found), found


def _favouring(corp: str) -> OpeningTable:
    """A table for edition 4 under which `corp` scores best whatever is open."""
    ratios = Ratios({c: 3.0 if c == corp else 1.0 for c in TRAMS}, {})
    return OpeningTable(4, {n: ratios for n in (3, 4, 5, 6)})


@pytest.mark.parametrize("edition", [3, 4])
def test_the_bot_opens_by_the_table_only_where_its_edition_has_one_2_9(
    monkeypatch: pytest.MonkeyPatch, edition: int
) -> None:
    """A table naming BChSt (fifth in edition 3's order, third in 4's) for edition 4 only:
    the first opener on edition 4 opens it; on edition 3 the order's first, GBS."""
    monkeypatch.setattr(opening_bots, "table", lambda e: _favouring("BChSt") if e == 4 else None)
    f = collect(Job(3, 0, ("normal",) * 3, edition=edition))
    first = f.opened[next(s for s in f.bid_order if s in f.opened)]
    assert first == ("BChSt" if edition == 4 else OPENING_ORDER[3][0])
