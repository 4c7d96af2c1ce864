"""The S-Bahn board's veto and vote (seed 004, 12.6; digest A-49; option `s_veto`).

12.6: "Der Vorsitzende führt in Funktion eines Direktors alle anstehenden Aktionen für das
S-Bahn-Hauptnetz aus. Die anderen Aufsichtsratmitglieder können gegen einzelne Aktionen ein
Veto einlegen (nicht beim Betrieb der Bahnen). Wird ein Veto eingelegt, muss über die Aktion
abgestimmt werden. Bei Stimmengleichheit entscheidet der Vorsitzende."

With the option on, the chairman's lay, extra depot, train purchase (with its scrap) and
dividend choice for the main network is a proposal (docs/rules-decisions.md V1-V6). The
other board members (the holders of the live seats, each acting through its person, the
chairman's own person skipped) answer openly one after the other, `allow` or `veto`. No
veto: the proposal is carried out. A veto: the board votes (`vote` yes/no), one vote per
board seat, the chair's included; the chairman votes for his proposal and the vetoing
member against it, the others choose; a tie carries (the chairman decides). A rejected
proposal may not be made again in the same step; a proposal is only put to the board while
the chairman has another choice left, so the step always ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ..core.errors import IllegalAction, InvalidAction, quote
from .actions import CODEC, Action
from .companies import live_seats
from .economy import SBAHN, TRAMS

if TYPE_CHECKING:
    from collections.abc import Callable

    from .world import World

JsonDict = dict[str, Any]

RULE: Final = "1881 12.6"
ALLOW: Final = "allow"
VETO: Final = "veto"
VOTE: Final = "vote"
TYPES: Final = (ALLOW, VETO, VOTE)
YES: Final = "yes"
NO: Final = "no"
# V2: what the chairman proposes; not the run (12.6), not passing a step, not the
# commission (a sub-network's only).
PROPOSED: Final = ("lay_tile", "place_depot", "buy_train", "dividend")


@dataclass
class Board:
    """The board's business: the proposal pending (None: none), the seat proposing, the
    seats still to answer it, who vetoed, the votes cast (seat -> for) with each seat's
    number of votes, the proposals rejected in this step (`step`: its key) and the last
    vote's outcome."""

    proposal: Action | None = None
    chairman: int = -1
    asked: list[int] = field(default_factory=list)
    vetoer: int | None = None
    votes: dict[int, bool] = field(default_factory=dict)
    weights: dict[int, int] = field(default_factory=dict)
    refused: list[JsonDict] = field(default_factory=list)
    step: list[Any] = field(default_factory=list)
    last: JsonDict | None = None

    def to_dict(self) -> JsonDict:
        """Plain data (World.canonical)."""
        return {
            "proposal": None if self.proposal is None else CODEC.encode(self.proposal),
            "chairman": self.chairman,
            "asked": list(self.asked),
            "vetoer": self.vetoer,
            "votes": {str(s): v for s, v in self.votes.items()},
            "weights": {str(s): n for s, n in self.weights.items()},
            "refused": [dict(r) for r in self.refused],
            "step": list(self.step),
            "last": None if self.last is None else dict(self.last),
        }


def _board(w: World) -> Board:
    if w.board is None:
        w.board = Board()
    return w.board


def _step_key(w: World) -> list[Any]:
    part = w.sbahn.part if w.sbahn is not None else ""
    return [w.round_entry.index, part, w.step]


def _person(w: World, holder: str) -> int | None:
    """The seat acting for a board member: a player, or a tram company's director."""
    if holder in w.players:
        return w.players.index(holder)
    return w.director_seat(holder) if holder in TRAMS else None


def members(w: World) -> dict[int, int]:
    """Acting seat -> its votes on the board: one for the chair, one per live board seat
    (12.1: the chairman's 10 % share and the three 5 % seat shares)."""
    out: dict[int, int] = {}
    holders = [w.eco.shares.director(SBAHN), *live_seats(w.eco).values()]
    for holder in holders:
        seat = None if holder is None else _person(w, holder)
        if seat is not None:
            out[seat] = out.get(seat, 0) + 1
    return out


def _in_order(w: World, seats: list[int], first: int) -> list[int]:
    n = len(w.players)
    return sorted(seats, key=lambda s: (s - first) % n)


# --- the chairman's side -------------------------------------------------------------------


def refused(w: World) -> list[JsonDict]:
    """The proposals rejected in this step (may not be made again, 12.6)."""
    board = w.board
    if board is None or board.step != _step_key(w):
        return []
    return board.refused


def open_choices(w: World, legal: list[JsonDict]) -> list[JsonDict]:
    """`legal` without the proposals the board rejected in this step."""
    gone = refused(w)
    return [e for e in legal if e not in gone] if gone else legal


def check_open(w: World, a: Action) -> None:
    """Refuse a proposal the board rejected in this step."""
    if a.type in PROPOSED and CODEC.encode(a) in refused(w):
        raise IllegalAction(
            "The board voted this action down in this step; choose another", rule=RULE
        )


def proposes(w: World, a: Action, legal: Callable[[], list[JsonDict]]) -> bool:
    """Whether the chairman's checked action `a` goes to the board first: the option is
    on, the main network acts, `a` is a proposal's kind, another member can answer, and the
    chairman has another choice if it falls (`legal`: his open choices now)."""
    if not w.s_veto or w.sbahn is None or w.sbahn.part != SBAHN or a.type not in PROPOSED:
        return False
    if len(members(w)) < 2:
        return False
    wire = CODEC.encode(a)
    return any(e != wire for e in legal())


def propose(w: World, a: Action, chairman: int) -> None:
    """Put the chairman's action to the board (nothing of it is carried out yet)."""
    board = _board(w)
    if board.step != _step_key(w):
        board.step, board.refused, board.last = _step_key(w), [], None
    weights = members(w)
    others = [s for s in weights if s != chairman]
    board.proposal = a
    board.chairman = chairman
    board.asked = _in_order(w, others, chairman)
    board.vetoer = None
    board.votes = {}
    board.weights = weights
    w.say(f"{w.players[chairman]} proposes for {SBAHN}: {describe(a)} (12.6)")


# --- the board's side ----------------------------------------------------------------------


def pending(w: World) -> bool:
    """Whether a proposal waits for the board."""
    return w.board is not None and w.board.proposal is not None


def _voters(board: Board) -> list[int]:
    return [s for s in board.weights if s not in board.votes]


def active(w: World) -> int | None:
    """The seat to answer now: the next member asked, or the next to vote."""
    board = _board(w)
    if board.vetoer is None:
        return board.asked[0] if board.asked else None
    left = _in_order(w, _voters(board), board.chairman)
    return left[0] if left else None


def legal(w: World, seat: int) -> list[JsonDict]:
    """allow/veto while the members are asked, vote yes/no after a veto."""
    if active(w) != seat:
        return []
    if _board(w).vetoer is None:
        return [{"type": ALLOW}, {"type": VETO}]
    return [{"type": VOTE, "choice": YES}, {"type": VOTE, "choice": NO}]


def check(w: World, a: Action, seat: int) -> None:
    """Refuse anything but the answer the board owes now (nothing changes)."""
    board = _board(w)
    asking = board.vetoer is None
    if active(w) != seat:
        raise IllegalAction("Another board member answers the proposal now", rule=RULE)
    expected = (ALLOW, VETO) if asking else (VOTE,)
    if a.type not in expected:
        what = "allow it or veto it" if asking else "vote yes or no"
        raise IllegalAction(
            f"{quote(a.type)} is not allowed now: the chairman's proposal is before the "
            f"board; {what}",
            rule=RULE,
        )
    if a.type == VOTE and a.choice not in (YES, NO):
        raise InvalidAction(f"A vote is {YES!r} or {NO!r}, not {quote(a.choice)}")


def answer(w: World, a: Action) -> Action | None:
    """Record a checked answer; the proposal to carry out once it passes, else None (still
    open, or rejected: the chairman chooses again)."""
    board = _board(w)
    proposal = board.proposal
    assert proposal is not None
    seat = a.seat
    name = w.players[seat] if 0 <= seat < len(w.players) else "?"
    if a.type == ALLOW:
        board.asked.pop(0)
        w.say(f"{name} allows it")
        return _close(board, proposal) if not board.asked else None
    if a.type == VETO:
        board.asked = []
        board.vetoer = seat
        board.votes = {board.chairman: True, seat: False}
        w.say(f"{name} vetoes; the board votes (12.6)")
    else:
        board.votes[seat] = a.choice == YES
        w.say(f"{name} votes {a.choice}")
    if _voters(board):
        return None
    yes, no = tally(board)
    carried = yes >= no  # a tie: the chairman decides, for his own proposal
    w.say(f"The board votes {yes}:{no}: {'carried' if carried else 'rejected'} (12.6)")
    board.last = {"text": describe(proposal), "tally": [yes, no], "carried": carried}
    if carried:
        return _close(board, proposal)
    board.refused.append(CODEC.encode(proposal))
    _close(board, proposal)
    return None


def tally(board: Board) -> tuple[int, int]:
    """(votes for, votes against) cast so far."""
    yes = sum(board.weights[s] for s, v in board.votes.items() if v)
    no = sum(board.weights[s] for s, v in board.votes.items() if not v)
    return yes, no


def _close(board: Board, proposal: Action) -> Action:
    board.proposal = None
    board.asked = []
    return proposal


def describe(a: Action) -> str:
    """A proposal in words."""
    if a.type == "lay_tile":
        return f"tile {a.tile} on {a.hex} (rotation {a.rotation})"
    if a.type == "place_depot":
        return f"the extra depot on {a.hex}"
    if a.type == "buy_train":
        scrap = f", scrapping its {a.scrap}" if a.scrap is not None else ""
        return f"buy a {a.train} train{scrap}"
    return f"dividend: {a.choice}"


# --- what the screen sees ------------------------------------------------------------------


def view(w: World) -> JsonDict | None:
    """The proposal before the board (None: none): the action, the chairman's seat, who is
    still asked, who vetoed, the votes cast (open, 12.6 names no secret ballot), the tally,
    each seat's number of votes; the proposals rejected and the last vote in this step."""
    board = w.board
    same_step = board is not None and board.step == _step_key(w)
    if board is None or (board.proposal is None and not same_step):
        return None
    yes, no = tally(board)
    return {
        "proposal": None if board.proposal is None else CODEC.encode(board.proposal),
        "text": None if board.proposal is None else describe(board.proposal),
        "chairman": board.chairman,
        "asked": list(board.asked),
        "vetoer": board.vetoer,
        "votes": {str(s): v for s, v in board.votes.items()},
        "weights": {str(s): n for s, n in board.weights.items()},
        "tally": [yes, no],
        "refused": [dict(r) for r in refused(w)],
        "last": board.last if same_step else None,
    }


def prompt(w: World, seat: int | None) -> str | None:
    """The line for the board's decision (None: no proposal pending)."""
    board = w.board
    if board is None or board.proposal is None:
        return None
    what = describe(board.proposal)
    me = seat is not None and active(w) == seat
    if board.vetoer is None:
        return f"Allow or veto the chairman's proposal: {what}" if me else f"The board: {what}"
    return f"Vote on the vetoed proposal: {what}" if me else f"The board votes on: {what}"
