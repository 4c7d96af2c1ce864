"""The bots' answers to the S-Bahn chairman's proposals (12.6, option `s_veto`; both
levels): a board member vetoes rarely, only a dividend decision that keeps money back when
paying out was open (what the members' shares earn, 12.13), and votes by the same interest:
against such a proposal, for anything else."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import sbahn_veto as veto
from .revenue import Choice

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, Any]


def against(w: World) -> bool:
    """Whether the pending proposal goes against a board member's interest: a dividend
    that is not paid out in full."""
    board = w.board
    proposal = None if board is None else board.proposal
    if proposal is None or proposal.type != "dividend":
        return False
    return proposal.choice != Choice.PAY.value


def choose(w: World, legal: list[JsonDict]) -> JsonDict:
    """The bot's answer among `legal` (allow/veto or vote yes/no)."""
    no = against(w)
    if legal[0]["type"] == veto.VOTE:
        want = veto.NO if no else veto.YES
        return next(e for e in legal if e.get("choice") == want)
    want = veto.VETO if no else veto.ALLOW
    return next(e for e in legal if e["type"] == want)
