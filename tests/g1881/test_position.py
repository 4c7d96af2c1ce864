"""1881 positions (docs/engine-api.md, "Positions"): a game starts from any position a game
reaches (inside the sealed bid and the S-Bahn's turn too), and each check of a position
refuses what no game reaches, naming it."""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import Any, Final

import pytest

from pygame_core import Game, new_game
from pygame_core.core.position import InvalidPosition

from ..core.test_position import play_bots
from .sbahn_helpers import act, plain, sbahn_game
from .test_position_properties import without_ledger

Position = dict[str, Any]
PLAYERS = ["Ada", "Bo", "Cy"]


# The seeded games below were chosen on design edition 1 (a new game's default is the
# latest); positions are about the rules, not the design's values.
ED1: Final = {"edition": 1}


def _start(g: Game, position: Any) -> Game:
    return new_game("1881", g.players, g.options, 0, position=position)


def _same(a: Game, b: Game) -> None:
    assert b.position() == a.position()
    assert without_ledger(b.state.canonical()) == without_ledger(a.state.canonical())
    assert b.acting == a.acting
    for seat in a.acting:
        assert b.legal_actions(seat) == a.legal_actions(seat)


@functools.cache
def _dividend() -> Game:
    """3 players, seed 0: OR 3.1, SHG's dividend step (its runs searched)."""
    g = new_game("1881", PLAYERS, ED1, 0)
    play_bots(g, 150)
    assert (g.state.canonical()["round"][1], g.state.canonical()["step"]) == ("3.1", "dividend")
    return g


def test_a_position_inside_the_sealed_bid_keeps_the_bids_placed() -> None:
    # 2.4-2.5: every player bids sealed; a position is the whole state, so the bids
    # placed so far come along and the seats still to bid are the same.
    g = new_game("1881", PLAYERS, ED1, 4)
    first = g.acting[0]
    g.apply(g.bot_action(first, "easy"), first)
    started = _start(g, g.position())
    _same(g, started)
    assert first not in started.acting
    for record in play_bots(copy.deepcopy(g), 60):
        g.apply(record["action"], record["seat"])
        started.apply(record["action"], record["seat"])
    _same(g, started)


def test_a_float_during_the_start_purchases_has_no_start_depot_yet_1881_2_9_4_26() -> None:
    # 2.9 / 4.26: a company that floats in the start purchases puts its start depot down
    # when they end, so a position taken between the two is legal and plays on the same.
    g = new_game("1881", [*PLAYERS, "D", "E"], ED1, 0)
    while g.position()["step"] in ("bid", "start") and not _floated(g):
        play_bots(g, 1)
    assert g.position()["step"] == "start" and _floated(g)
    started = _start(g, g.position())
    _same(g, started)
    for record in play_bots(copy.deepcopy(g), 30):
        g.apply(record["action"], record["seat"])
        started.apply(record["action"], record["seat"])
    _same(g, started)


def _floated(g: Game) -> bool:
    return bool(g.position()["companies"]["floated"])


def test_the_s_bahns_turn_plays_on_the_same_from_its_position() -> None:
    # 12.5-12.13: the part acting, the parts done and their votes are in the position.
    g = sbahn_game()
    started = _start(g, g.position())
    _same(g, started)
    for _ in range(12):
        if g.state.canonical().get("sbahn") is None or g.active is None:
            break
        action = plain(g)
        act(g, action)
        act(started, action)
        _same(g, started)


def test_the_runs_of_a_dividend_step_come_back_with_their_routes() -> None:
    g = _dividend()
    started = _start(g, g.position())
    _same(g, started)
    assert started.view(0)["operating"]["runs"] == g.view(0)["operating"]["runs"]


def _bank_plus(p: Position) -> None:
    p["cash"]["bank"] += 5


def _unknown_owner(p: Position) -> None:
    p["shares"]["owners"]["GBS_3"] = "nobody"


def _tiles_over_table_6(p: Position) -> None:
    free = ["A4", "A5", "A6", "A9", "A10", "B3", "B4", "B5", "B6", "B7"]
    for coord in free[:9]:  # Table 6: eight tiles #1
        p["map"]["tiles"][coord] = {"tile": "1", "rotation": 0}


def _tram_depot_on_s_circle(p: Position) -> None:
    p["map"]["tokens"]["J11"]["0"] = [None, None, "SSC"]


def _charter_slot(p: Position) -> None:
    p["charters"]["SSC"][0] = not p["charters"]["SSC"][0]


def _train_twice(p: Position) -> None:
    owned = p["trains"]["owned"]
    p["trains"]["bank"]["2"].append(next(iter(owned.values()))[0])


def _stock_step_in_an_or(p: Position) -> None:
    p["step"] = "stock"


def _over_mid_game(p: Position) -> None:
    p["over"] = True


def _option(p: Position) -> None:
    p["double_track"] = True


def _better_runs(p: Position) -> None:
    # SHG has no train yet: its best runs earn nothing (8.1)
    run = {"train": 2, "route": None, "stops": 10, "ferry": 0, "shuttle": False}
    p["op"]["runs"].append(run)


def _round_name(p: Position) -> None:
    p["round"]["name"] = "3"


def _unknown_field(p: Position) -> None:
    p["veto"] = []


def _over_the_train_limit(p: Position) -> None:
    bank = p["trains"]["bank"]
    level = next(k for k, ids in bank.items() if len(ids) >= 5 and not k.endswith("S"))
    p["trains"]["owned"]["GBS"] = p["trains"]["owned"].get("GBS", []) + bank[level][:5]
    bank[level] = bank[level][5:]


def _credit_without_the_variant(p: Position) -> None:
    owner, trains = next((o, t) for o, t in p["trains"]["owned"].items() if t)
    p["trains"]["credit"] = {owner: trains[0]}


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (_bank_plus, "adds up to 10325"),
        (_unknown_owner, "unknown owner 'nobody'"),
        (_tiles_over_table_6, "9 tiles 1 on the map; Table 6 has 8"),
        (_tram_depot_on_s_circle, "not of its kind"),
        (_charter_slot, "SSC has 1 depots on the map"),
        (_train_twice, "in two places"),
        (_stock_step_in_an_or, "'step' must be one of"),
        (_over_mid_game, "'over' is true exactly in step 'over'"),
        (_option, "'double_track' differs"),
        (_better_runs, "the best runs earn"),
        (_round_name, "is not a OR round's name"),
        (_unknown_field, "has no field 'veto'"),
        (_over_the_train_limit, r"GBS holds \d+ trains; phase \d allows \d \(10.7\)"),
        (_credit_without_the_variant, "variant 2 is off"),
    ],
)
def test_a_position_no_game_reaches_is_refused_by_name(
    edit: Callable[[Position], None], match: str
) -> None:
    g = _dividend()
    bad: Position = json.loads(json.dumps(g.position()))
    edit(bad)
    with pytest.raises(InvalidPosition, match=match):
        _start(g, bad)


def test_an_edited_position_that_a_game_reaches_is_accepted() -> None:
    # Money moved between holders keeps the total (2.2): a set position, not a refusal.
    g = _dividend()
    edited: Position = json.loads(json.dumps(g.position()))
    edited["cash"]["bank"] -= 100
    edited["cash"]["Ada"] += 100
    started = _start(g, edited)
    assert started.position()["cash"]["Ada"] == g.position()["cash"]["Ada"] + 100
    assert started.acting == g.acting


# --- the S-Bahn's depots (12.5, 12.10, SS4) --------------------------------------------------


def _s_position() -> Position:
    """The position of the S-Bahn's first turn: its four start depots placed, no extra."""
    p: Position = json.loads(json.dumps(sbahn_game().position()))
    assert p["charters"]["S"] == [False] and len(p["start_depots"]) == 4
    return p


def _without_depot(p: Position, part: str) -> None:
    """Takes `part`'s depots off the map (a part that found no place for one, SS4)."""
    for cities in p["map"]["tokens"].values():
        for slots in cities.values():
            slots[:] = [None if t == part else t for t in slots]


def test_an_extra_s_depot_on_the_charter_and_not_on_the_map_is_refused_1881_12_10() -> None:
    """12.10: the S-Bahn's one extra depot is on the map once its charter says so (a
    hypothesis run found this position accepted)."""
    bad = _s_position()
    bad["charters"]["S"] = [True]
    with pytest.raises(InvalidPosition, match=r"the S-Bahn has 4 depots on the map; .* say 5"):
        _start(sbahn_game(), bad)


def test_a_part_without_a_start_depot_is_kept_by_its_position_1881_12_5_SS4() -> None:
    """SS4: a part settled without a start depot is written as such and read back; a
    position that says nothing of it has a start depot too few (12.5)."""
    p = _s_position()
    _without_depot(p, "S/seat_3")
    p["no_start_depot"] = ["S/seat_3"]
    started = _start(sbahn_game(), p)
    assert started.position()["no_start_depot"] == ["S/seat_3"]
    assert "no_start_depot" not in sbahn_game().position()
    del p["no_start_depot"]
    with pytest.raises(InvalidPosition, match=r"the S-Bahn has 3 depots on the map; .* say 4"):
        _start(sbahn_game(), p)


# --- the S-Bahn veto option (12.6, A-49): the board's business is part of a position --------


@functools.cache
def _veto_stages() -> dict[str, Game]:
    """4 players, seed 1, option s_veto: the bots play until the chairman's first proposal
    is before the board ("asked"); then a member vetoes ("voting"), and the rest vote
    against, which rejects it ("rejected": the refusal and the last votes stay)."""
    g = new_game("1881", ["Ada", "Bo", "Cy", "Di"], {**ED1, "s_veto": True}, 1)
    while g.view(None)["board"] is None or g.view(None)["board"]["proposal"] is None:
        seat = g.active
        assert seat is not None, "the bots' game ended before a proposal"
        g.apply(g.bot_action(seat, "normal"), seat)
    stages = {"asked": copy.deepcopy(g)}
    g.apply({"type": "veto"}, g.acting[0])
    stages["voting"] = copy.deepcopy(g)
    while g.view(None)["board"]["proposal"] is not None:
        g.apply({"type": "vote", "choice": "no"}, g.acting[0])
    assert g.view(None)["board"]["refused"], "the proposal was rejected"
    stages["rejected"] = g
    return stages


@pytest.mark.parametrize("stage", ["asked", "voting", "rejected"])
def test_a_position_with_the_veto_option_keeps_the_boards_business(stage: str) -> None:
    # 12.6: the proposal pending, the members asked, the veto and the votes, the refusals
    g = copy.deepcopy(_veto_stages()[stage])
    position = g.position()
    assert position["board"] is not None
    started = _start(g, json.loads(json.dumps(position)))
    _same(g, started)
    assert started.view(None)["board"] == g.view(None)["board"]
    for record in play_bots(copy.deepcopy(g), 30):
        g.apply(record["action"], record["seat"])
        started.apply(record["action"], record["seat"])
    _same(g, started)


def test_a_game_with_the_veto_option_writes_board_and_one_without_does_not() -> None:
    veto = new_game("1881", PLAYERS, {**ED1, "s_veto": True}, 0)
    assert veto.position()["board"] is None
    _same(veto, _start(veto, veto.position()))
    plain_game = new_game("1881", PLAYERS, ED1, 0)
    assert "board" not in plain_game.position()
    with pytest.raises(InvalidPosition, match="belongs to games with the option 's_veto'"):
        _start(plain_game, {**plain_game.position(), "board": None})
    without = {k: v for k, v in veto.position().items() if k != "board"}
    with pytest.raises(InvalidPosition, match="needs the position's 'board'") as err:
        _start(veto, without)
    assert err.value.rule == "1881 12.6"


def _proposal_run(b: Position) -> None:
    b["proposal"] = {"type": "run"}


def _proposal_bad_tile(b: Position) -> None:
    b["proposal"]["rotation"] = 9


def _weights(b: Position) -> None:
    b["weights"] = {k: 2 for k in b["weights"]}


def _chairman_asked(b: Position) -> None:
    b["asked"].append(b["chairman"])


def _chairman_against(b: Position) -> None:
    b["votes"][str(b["chairman"])] = False


def _asked_after_veto(b: Position) -> None:
    b["asked"] = [int(k) for k in b["weights"] if int(k) != b["chairman"]][:1]


def _wrong_step(b: Position) -> None:
    b["step"] = [b["step"][0] - 1, *b["step"][1:]]


def _step_shape(b: Position) -> None:
    b["step"] = ["S", "track"]


def _vote_key(b: Position) -> None:
    b["votes"]["chair"] = True


def _extra_field(b: Position) -> None:
    b["secret"] = True


def _refused_action(b: Position) -> None:
    b["refused"] = [{"type": "pass"}]


@pytest.mark.parametrize(
    ("stage", "edit", "match"),
    [
        ("asked", _proposal_run, "a proposal's 'type' must be one of"),
        ("asked", _proposal_bad_tile, "'rotation' is 0 to 5"),
        ("asked", _weights, "'weights' are not its members' votes now"),
        ("asked", _chairman_asked, "asks only its other members"),
        ("asked", _wrong_step, "'step' is not the step the proposal is made in"),
        ("asked", _step_shape, r"'step' is \[\] or \[round index"),
        ("asked", _extra_field, "has no field 'secret'"),
        ("asked", _refused_action, "a proposal's 'type' must be one of"),
        ("voting", _chairman_against, "the chairman votes for, the vetoer against"),
        ("voting", _asked_after_veto, "nobody is asked any more"),
        ("voting", _vote_key, "keyed by seat"),
    ],
)
def test_a_board_no_game_reaches_is_refused_by_name(
    stage: str, edit: Callable[[Position], None], match: str
) -> None:
    g = _veto_stages()[stage]
    bad: Position = json.loads(json.dumps(g.position()))
    edit(bad["board"])
    with pytest.raises(InvalidPosition, match=match):
        _start(g, bad)
