"""1881's conformance hooks: money is conserved (0: the bank's 10,320 include the start
money), every company's certificates sum to 100%, no tile type is used beyond the
manifest (Table 6, 6.17), every depot lies on a circle of its kind (7.3); and the one
secret, the sealed bids before they are opened (2.5)."""

from __future__ import annotations

import copy
from typing import Any

from pygame_core import Game
from pygame_core.core.game import TitleState
from pygame_core.core.rng import Rng
from pygame_core.g18xx.sealed import SealedBids
from pygame_core.g18xx.shares import Certificate
from pygame_core.g18xx.tiles import TileDef
from pygame_core.g1881.board import tile_counts
from pygame_core.g1881.depots import Circle, circles, kind_of
from pygame_core.g1881.economy import BANK_CASH, BID_RULES, SBAHN
from pygame_core.g1881.game import Berlin1881


def state_of(g: Game) -> Berlin1881:
    """The 1881 state of `g`."""
    state = g.state
    assert isinstance(state, Berlin1881)
    return state


def broken(g: Game) -> list[str]:
    """Every invariant the position breaks (empty: all hold)."""
    w = state_of(g).w
    out = []
    total = w.eco.money.total()
    if total != BANK_CASH:
        out.append(f"money: {total} in the game, not {BANK_CASH} (0 Spielmaterial)")
    for corp, certs in w.eco.shares.certs.items():
        percent = _percent(certs)
        if percent != 100:
            out.append(f"shares: {corp}'s certificates sum to {percent}%")
    for name, left in w.map.supply(tile_counts(w.edition)).items():
        if left < 0:
            out.append(f"tiles: tile {name} used {-left} times beyond the manifest (6.17)")
    for coord, cities in w.map.tokens.items():
        tile, _ = w.map.tile(coord)
        for part, slots in cities.items():
            kinds = _circles(tile, part)
            for i, holder in enumerate(slots):
                if holder is not None and kinds[i] is not kind_of(holder):
                    out.append(f"depots: {holder} on a {kinds[i]} circle in {coord} (7.3)")
    for corp in w.eco.closed:
        if w.map.corp_tokens(corp):
            out.append(f"depots: bankrupt {corp} still has depots (9.13)")
        if corp != SBAHN and w.eco.shares.held(corp, SBAHN):
            out.append(f"shares: bankrupt {corp} still holds S-Bahn shares (9.13, G14)")
    return out


# Certificates and tiles never change (frozen; a tile is compared by identity): what
# their sums and circles are is worked out once per tuple and per tile, not after every
# action of a fuzz run (each entry keeps its key alive, so an id is never reused).
_PERCENTS: dict[int, tuple[tuple[Certificate, ...], int]] = {}
_CIRCLES: dict[tuple[TileDef, int], tuple[Circle, ...]] = {}


def _percent(certs: tuple[Certificate, ...]) -> int:
    """The percent the certificates sum to."""
    known = _PERCENTS.get(id(certs))
    if known is None or known[0] is not certs:
        if len(_PERCENTS) > 1000:  # a long fuzz run: the games before are over
            _PERCENTS.clear()
        known = _PERCENTS[id(certs)] = (certs, sum(c.percent for c in certs))
    return known[1]


def _circles(tile: TileDef, part: int) -> tuple[Circle, ...]:
    """`depots.circles`, once per tile and station."""
    key = (tile, part)
    if key not in _CIRCLES:
        _CIRCLES[key] = circles(tile, part)
    return _CIRCLES[key]


def redeal(state: TitleState[Any], viewer: int | None, rng: Rng) -> TitleState[Any]:
    """The other seats' sealed bids changed (before the envelopes are opened)."""
    assert isinstance(state, Berlin1881)
    s = copy.deepcopy(state)
    bid = s.w.bid
    if bid is None or bid.sealed.revealed:
        return s
    data = bid.sealed.to_dict()
    for name in data["bids"]:
        if viewer is None or name != s.w.players[viewer]:
            most = s.w.eco.money.cash(name)
            data["bids"][name] = rng.choice(range(BID_RULES.minimum, most + 1, BID_RULES.step))
    bid.sealed = SealedBids.from_dict(BID_RULES, data)
    return s
