"""What one player may see (rules digest §2): field by field, never the secret parts.

Hidden from everyone: draw-pile order and faces, money faces (the owner's too: "Die
Vorderseiten dürfen ... nicht angesehen werden"), discard faces, the RNG. Hidden from the
opponent: the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.game import JsonDict
from .data import COPIES, GAME_END_SCORINGS, LINES, TRAMS, VP
from .state import STEP_NAMES

if TYPE_CHECKING:
    from .rules import TrambahnState


def rule_data() -> JsonDict:
    """Card and tram data for rendering (the same for every viewer)."""
    cards: JsonDict = {
        f"{line}{value}": {"line": line, "value": value, "vp": VP[value]}
        for line in LINES
        for value in COPIES
    }
    cards["C"] = {"line": None, "value": None, "vp": 0}
    trams = {
        t.code: {"name": t.name, "multiplier": t.multiplier, "cost": t.cost, "count": t.count}
        for t in TRAMS.values()
    }
    return {"cards": cards, "trams": trams}


_RULE_DATA = rule_data()


def build_view(state: TrambahnState, viewer: int | None) -> JsonDict:
    """The view of `viewer` (None: a spectator, who sees no hand)."""
    totals = state.totals()
    return {
        "title": "trambahn",
        "viewer": viewer,
        "players": [s.name for s in state.seats],
        "start_player": state.start_player,
        "active": state.active,
        "turn": state.turn,
        "step": STEP_NAMES[state.step],
        "passengers_placed": state.passengers_placed,
        "rows": {line: list(cards) for line, cards in state.rows.items()},
        "draw_count": len(state.draw),
        "discard_count": len(state.discard),
        "supply": list(state.supply),
        "stack": list(state.stack),
        "scorings": len(state.scorings),
        "scorings_total": GAME_END_SCORINGS,
        "seats": [
            {
                "name": seat.name,
                "hand": sorted(seat.hand, key=_hand_key) if viewer == i else None,
                "hand_count": len(seat.hand),
                "money_count": len(seat.money),
                "columns": [c.to_dict() for c in seat.columns],
                "score": totals[i],
            }
            for i, seat in enumerate(state.seats)
        ],
        "pad": {
            "regular": [
                {"n": s["n"], "line": s["line"], "points": list(s["points"])}
                for s in state.scorings
            ],
            "extra": [dict(e) for e in state.extra_tours],
            "totals": totals,
        },
        "events": [dict(e) for e in state.events],
        "result": state.result(),
        **_RULE_DATA,
    }


def _hand_key(card: str) -> tuple[int, int]:
    if card == "C":
        return (len(LINES), 0)
    return (LINES.index(card[0]), int(card[1:]))
