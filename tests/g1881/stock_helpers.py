"""Shared set-ups for the 1881 bid and stock tests."""

from __future__ import annotations

from pygame_core.g18xx.market import Cell
from pygame_core.g18xx.shares import IPO, POOL
from pygame_core.g1881.companies import Economy, buy, new_economy

NAMES = ("P1", "P2", "P3", "P4", "P5", "P6")


def economy(players: int = 4) -> Economy:
    """A new game's share side for `players` players (P1, P2, ... in seat order)."""
    return new_economy(list(NAMES[:players]))


def hold(eco: Economy, corp: str, *owners: str) -> None:
    """Each owner buys one new share of `corp`, in order (the first: the director's),
    opened without an opening right, as in the start purchases."""
    for owner in owners:
        buy(eco, owner, corp, IPO, opening_free=True)


def put(eco: Economy, corp: str, cell: Cell) -> None:
    """Move `corp`'s marker to `cell` (a position for a test)."""
    eco.market.remove(corp)
    eco.market.place(corp, cell)


def papers(eco: Economy, corp: str) -> dict[str, list[int]]:
    """Owner -> the share numbers (1-based) held, for every owner but the IPO."""
    out: dict[str, list[int]] = {}
    for cert in eco.shares.certs[corp]:
        owner = eco.shares.owner(cert)
        if owner != IPO:
            out.setdefault(owner, []).append(cert.index + 1)
    return out


__all__ = ["IPO", "NAMES", "POOL", "economy", "hold", "papers", "put"]
