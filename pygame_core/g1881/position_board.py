"""The S-Bahn board's business in a 1881 position (option `s_veto`, 12.6; sbahn_veto.Board).

A game with the option carries the field `board` (null until the first proposal): the
proposal pending (an action of the kinds the chairman proposes, in wire form), the chairman's
seat, the members still asked, who vetoed, the votes cast (seat -> for), each member's votes,
the proposals rejected in the step named by `step` (`[round index, S-Bahn part, step]`) and
the last vote's outcome. A game without the option has no `board` field.

Reading checks the shape of each part; then, while a proposal is pending, that it is the
main network's turn in the step the board names, that the members and their votes are the
board's now (12.1: one vote for the chair, one per live seat), and that the asking or the
vote stands where the game leaves it: members still asked and no votes before a veto; after
a veto nobody asked, the chairman for, the vetoer against, and somebody still to vote.
After a vote the game keeps the last votes cast; a position keeps them too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from ..core.errors import InvalidAction
from ..core.game import JsonDict
from ..core.position import (
    InvalidPosition,
    array,
    fields,
    flag,
    is_int,
    obj,
    one_of,
    reading,
    whole,
)
from .actions import CODEC, Action
from .economy import SBAHN
from .runs import SBAHN_PARTS
from .sbahn_veto import PROPOSED, Board, members
from .world import World

RULE: Final = "1881 12.6"
FIELD: Final = "board"
BOARD_FIELDS: Final = (
    "proposal",
    "chairman",
    "asked",
    "vetoer",
    "votes",
    "weights",
    "refused",
    "step",
    "last",
)


def write(w: World) -> JsonDict:
    """The position's extra field for a game with the option (none without it)."""
    if not w.s_veto:
        return {}
    return {FIELD: None if w.board is None else w.board.to_dict()}


def option(options: Mapping[str, Any], body: Mapping[str, Any]) -> bool:
    """Whether the game has the option; the position has `board` exactly then."""
    veto = options.get("s_veto", False)
    if not isinstance(veto, bool):
        raise InvalidPosition(f"the option 's_veto' must be true or false, not {veto!r}")
    if veto and FIELD not in body:
        raise InvalidPosition(
            "a game with the S-Bahn veto option ('s_veto') needs the position's 'board' "
            "(null: nothing before the board yet)",
            rule=RULE,
        )
    if not veto and FIELD in body:
        raise InvalidPosition(
            "'board' (the S-Bahn board's veto) belongs to games with the option 's_veto'",
            rule=RULE,
        )
    return veto


def read(value: Any, seats: int) -> Board | None:
    """The board of a position's `board` field, its shape checked (`seats`: the players)."""
    if value is None:
        return None
    b = obj(value, "'board'")
    fields(b, "'board'", BOARD_FIELDS)
    top = seats - 1
    chairman = whole(b["chairman"], "the board's 'chairman'", -1, top)
    with reading("the board's 'proposal'"):
        proposal = None if b["proposal"] is None else _proposal(b["proposal"], chairman)
    vetoer = b["vetoer"]
    return Board(
        proposal=proposal,
        chairman=chairman,
        asked=[whole(s, "a seat the board asks", 0, top) for s in array(b["asked"], "'asked'")],
        vetoer=None if vetoer is None else whole(vetoer, "the board's 'vetoer'", 0, top),
        votes={
            _seat(k, top, "'votes'"): flag(v, "a board member's vote")
            for k, v in obj(b["votes"], "the board's 'votes'").items()
        },
        weights={
            _seat(k, top, "'weights'"): whole(v, "a board member's votes", 1, 4)
            for k, v in obj(b["weights"], "the board's 'weights'").items()
        },
        refused=[_refused(r) for r in array(b["refused"], "the board's 'refused'")],
        step=_step(b["step"]),
        last=_last(b["last"]),
    )


def _seat(key: str, top: int, where: str) -> int:
    if not key.isdigit() or int(key) > top:
        raise InvalidPosition(f"the board's {where} are keyed by seat 0..{top}, not {key!r}")
    return int(key)


def _proposal(value: Any, chairman: int) -> Action:
    """A proposal in wire form: an action of a kind the chairman proposes (12.6)."""
    data = obj(value, "a proposal")
    kind = one_of(data.get("type"), "a proposal's 'type'", PROPOSED)
    try:
        action = CODEC.decode(data)
    except InvalidAction as exc:
        raise InvalidPosition(f"the {kind} proposed is no action ({exc.message})") from exc
    # the chairman's own action, as the game keeps it (its seat is not on the wire)
    return dataclasses.replace(action, seat=chairman)


def _refused(value: Any) -> JsonDict:
    with reading("a proposal in 'refused'"):
        return CODEC.encode(_proposal(value, -1))


def _step(value: Any) -> list[Any]:
    """The step the refusals belong to: [] (none yet) or [round index, part, step]."""
    step = array(value, "the board's 'step'")
    if not step:
        return []
    parts = ("", *SBAHN_PARTS)
    if (
        len(step) != 3
        or not is_int(step[0])
        or step[1] not in parts
        or not isinstance(step[2], str)
    ):
        raise InvalidPosition(
            f"the board's 'step' is [] or [round index, S-Bahn part, step], not {step!r}"
        )
    return [whole(step[0], "the board's round index"), step[1], step[2]]


def _last(value: Any) -> JsonDict | None:
    if value is None:
        return None
    last = obj(value, "the board's 'last'")
    fields(last, "the board's 'last'", ("text", "tally", "carried"))
    tally = array(last["tally"], "the last vote's 'tally'")
    if len(tally) != 2:
        raise InvalidPosition("the last vote's 'tally' is [for, against]")
    if not isinstance(last["text"], str):
        raise InvalidPosition("the last vote's 'text' must be a string")
    return {
        "text": last["text"],
        "tally": [whole(t, "a vote count") for t in tally],
        "carried": flag(last["carried"], "the last vote's 'carried'"),
    }


def errors(w: World) -> list[str]:
    """What no game reaches in the board of `w` (empty: nothing)."""
    board = w.board
    if board is None or board.proposal is None:
        return []
    turn = w.sbahn
    if turn is None or turn.part != SBAHN:
        return ["a proposal is before the board only in the main network's turn (12.6)"]
    out = []
    if board.step != [w.round_entry.index, turn.part, w.step]:
        out.append("the board's 'step' is not the step the proposal is made in (12.6)")
    now = members(w)
    if board.weights != now:
        out.append(f"the board's 'weights' are not its members' votes now ({now}, 12.1)")
    if board.chairman not in now:
        out.append("the board's 'chairman' is not a member of the board (12.6)")
    others = [s for s in now if s != board.chairman]
    if board.vetoer is None:
        if not board.asked or board.votes:
            out.append("before a veto the board has members still to ask and no votes (12.6)")
        if len(set(board.asked)) != len(board.asked) or not set(board.asked) <= set(others):
            out.append("the board asks only its other members, each once (12.6)")
    else:
        voted_for = board.votes.get(board.chairman)
        if board.asked or board.vetoer not in others:
            out.append("after a veto by another member nobody is asked any more (12.6)")
        if voted_for is not True or board.votes.get(board.vetoer) is not False:
            out.append("after a veto the chairman votes for, the vetoer against (12.6)")
        if not set(board.votes) < set(now):
            out.append("the votes are the members' and somebody is still to vote (12.6)")
    return out
