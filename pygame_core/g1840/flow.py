"""1840's rounds as data: the printed round track (data/rounds.json) and, for each kind of
round on it, how it starts and its steps (`g18xx.rounds`).

PRE (VI): the private auction, then the order cards. SR (VII): the Stock Round. CR (VIII):
the Company Round, a queue of its directors' decisions. LR (IX): the Lines' turns. End
(XI): the game is over after Company Round 6.
"""

from __future__ import annotations

from typing import Final

from ..g18xx.rounds import RoundDef, Rounds, Step
from . import company, linerounds, pre, stock
from .actions import Action
from .world import TRACK, World


def record(w: World) -> None:
    """Values and prices at the end of a round, for the end screen's chart."""
    w.history.append(
        {
            "round": w.round_label,
            "values": [w.value(s) for s in range(len(w.players))],
            "prices": {c: w.market.price(c) for c in w.companies()},
        }
    )


def _start_company_round(w: World) -> bool:
    company.start(w)
    return company.advance(w)


def _end(w: World) -> bool:
    """XI: "Das Spiel endet am Ende der CR6"."""
    w.over = True
    w.step = "over"
    w.add_log("The game ends after Company Round 6")
    return False


def _company_acting(w: World) -> tuple[str | None, str]:
    return company.acting_major(w), "major"


def _line_acting(w: World) -> tuple[str | None, str] | None:
    return None if w.turn is None else (w.turn.line, "line")


FLOW: Final = Rounds[World, Action](
    TRACK,
    (
        RoundDef(
            "PRE",
            pre.start,
            (
                Step.of("private_auction", pre),
                Step(
                    "choose_order",
                    pre.choosing,
                    pre.order_legal,
                    pre.check_order,
                    pre.execute_order,
                ),
            ),
        ),
        RoundDef("SR", stock.start, (Step.of("stock", stock),)),
        RoundDef(
            "CR",
            _start_company_round,
            (
                Step.of(
                    "company", company, acting=_company_acting, corporation=company.acting_major
                ),
            ),
        ),
        RoundDef(
            "LR",
            linerounds.start,
            (
                Step.of(
                    "line_turn",
                    linerounds,
                    acting=_line_acting,
                    corporation=linerounds.acting_major,
                ),
            ),
        ),
        RoundDef("End", _end),
    ),
    on_end=record,
)
