"""1881 12.6 / digest A-49 (option `s_veto`): the S-Bahn board's veto and vote.

Seed 004, 12.6: "Die anderen Aufsichtsratmitglieder können gegen einzelne Aktionen ein Veto
einlegen (nicht beim Betrieb der Bahnen). Wird ein Veto eingelegt muss über die Aktion
abgestimmt werden. Bei Stimmengleichheit entscheidet der Vorsitzende." Digest C-55: a
member vetoes the chairman's action, the board votes, a tie goes to the chairman; a veto on
the run is refused. Positions: a 4-player game of the normal bots (seed 1, kept as a save)
with the option on, at the main network's track, run and dividend steps.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pygame_core import Game
from pygame_core.core.errors import IllegalAction, InvalidAction, NotYourTurn
from pygame_core.g1881 import sbahn_turn, sbahn_veto
from pygame_core.g1881.companies import live_seats
from pygame_core.g1881.economy import SBAHN
from pygame_core.g1881.world import DIVIDEND, RUN, TRACK, World
from tests.g1881.game_helpers import kept_save, new, play_checked, world

PLAYERS, SEED = 4, 1
JsonDict = dict[str, object]


def _main_acts(step: str) -> Callable[[World], bool]:
    """The chairman acts for the main network in `step`, nothing before the board, three
    persons on the board; a dividend with a choice."""

    def at(w: World) -> bool:
        turn = w.sbahn
        main = turn is not None and turn.part == SBAHN and w.step == step
        if not main or sbahn_veto.pending(w) or len(sbahn_veto.members(w)) < 3:
            return False
        return step != DIVIDEND or len(sbahn_turn.dividend_choices(w)) >= 2

    return at


def _replay_to(g: Game, steps: Iterator[Any], at: Callable[[World], bool]) -> Game:
    """Apply the recorded `steps` until the position `at` holds."""
    while not at(world(g)):
        step = next(steps, None)
        assert step is not None, "the recorded game ended before the position"
        g.apply(step["action"], step["seat"])
    return g


@pytest.fixture(scope="module")
def positions() -> dict[str, Game]:
    """Deep copies of one game at the main network's track, run and dividend steps. The
    game is the normal bots' (seed 1) kept as a save (fixtures/veto_seed1_save.json,
    written by the bots of 2026-11-28 before their S-Bahn joining changed), so that later
    bots cannot move the positions."""
    save = kept_save("veto_seed1_save.json")
    assert (len(save["players"]), save["seed"], save["options"]) == (
        PLAYERS,
        SEED,
        {"s_veto": True},
    )
    g = new(PLAYERS, SEED, {"s_veto": True})
    steps = iter(save["actions"])
    out = {}
    for step in (TRACK, RUN, DIVIDEND):
        g = _replay_to(g, steps, _main_acts(step))
        out[step] = copy.deepcopy(g)
    return out


@pytest.fixture
def at_track(positions: dict[str, Game]) -> Game:
    return copy.deepcopy(positions[TRACK])


def _propose(g: Game, kind: str) -> tuple[int, JsonDict]:
    chairman = g.active
    assert chairman is not None
    entry = next(a for a in g.legal_actions(chairman) if a["type"] == kind)
    g.apply(entry, chairman)
    return chairman, entry


def _answer(g: Game, kind: str, choice: str | None = None) -> int:
    seat = g.active
    assert seat is not None
    action: JsonDict = {"type": kind} if choice is None else {"type": kind, "choice": choice}
    g.apply(action, seat)
    return seat


def _laid(w: World, entry: JsonDict) -> bool:
    tile, rotation = w.map.tile(str(entry["hex"]))
    return (tile.name, rotation) == (entry["tile"], entry["rotation"])


def test_option_is_off_by_default_and_a_flag() -> None:
    """A-49: `s_veto` is an option, off unless chosen; it must be true or false."""
    assert world(new(3, 0)).s_veto is False
    assert world(new(3, 0, {"s_veto": True})).s_veto is True
    with pytest.raises(InvalidAction, match="s_veto"):
        new(3, 0, {"s_veto": "yes"})


def test_12_6_board_members_one_vote_per_seat(at_track: Game) -> None:
    """12.1/12.6: the chair and each live board seat give one vote to the person acting
    for its holder (a tram company's director)."""
    w = world(at_track)
    votes = sbahn_veto.members(w)
    assert sum(votes.values()) == 1 + len(live_seats(w.eco))
    assert w.director_seat(SBAHN) in votes


def test_12_6_a_lay_is_a_proposal_not_carried_out_before_the_board(at_track: Game) -> None:
    """12.6: the chairman's tile goes to the other members first; nothing is laid yet,
    the members answer in seat order after the chairman, the chairman cannot act."""
    w = world(at_track)
    tiles_before = w.map_version
    chairman, entry = _propose(at_track, "lay_tile")
    board = w.board
    assert board is not None and board.proposal is not None
    assert w.map_version == tiles_before
    assert chairman not in board.asked and board.asked
    assert at_track.active == board.asked[0]
    assert at_track.legal_actions(board.asked[0]) == [{"type": "allow"}, {"type": "veto"}]
    assert at_track.legal_actions(chairman) == []
    with pytest.raises(NotYourTurn):
        at_track.apply({"type": "done"}, chairman)
    view = at_track.view(board.asked[0])["board"]
    assert view["proposal"] == entry and view["asked"] == board.asked
    assert "veto" in at_track.prompt(board.asked[0]).lower()


def test_12_6_all_members_allow_the_lay_is_carried_out(at_track: Game) -> None:
    """12.6: no veto, the chairman's action is carried out."""
    w = world(at_track)
    _, entry = _propose(at_track, "lay_tile")
    while sbahn_veto.pending(w):
        _answer(at_track, "allow")
    assert _laid(w, entry)


def test_12_6_veto_then_majority_against_rejects_and_forbids_it_in_the_step(
    at_track: Game,
) -> None:
    """12.6 / C-55: a veto, then the vote: the chairman for, the vetoing member against,
    the last member against: 1:2, rejected; the chairman chooses again without it."""
    w = world(at_track)
    version = w.map_version
    chairman, entry = _propose(at_track, "lay_tile")
    vetoer = _answer(at_track, "veto")
    board = w.board
    assert board is not None and board.vetoer == vetoer
    assert board.votes == {chairman: True, vetoer: False}
    voter = at_track.active
    assert voter is not None and voter not in (chairman, vetoer)
    assert at_track.legal_actions(voter) == [
        {"type": "vote", "choice": "yes"},
        {"type": "vote", "choice": "no"},
    ]
    _answer(at_track, "vote", "no")
    assert not sbahn_veto.pending(w) and w.map_version == version and not _laid(w, entry)
    assert at_track.active == chairman and w.step == TRACK
    assert entry not in at_track.legal_actions(chairman)
    with pytest.raises(IllegalAction, match="voted this action down") as refused:
        at_track.apply(entry, chairman)
    assert refused.value.rule == "1881 12.6"
    last = at_track.view(chairman)["board"]["last"]
    assert last["tally"] == [1, 2] and last["carried"] is False


def test_12_6_veto_then_majority_for_carries_it(at_track: Game) -> None:
    """12.6: after a veto a majority for the proposal carries it (2:1)."""
    w = world(at_track)
    _, entry = _propose(at_track, "lay_tile")
    _answer(at_track, "veto")
    _answer(at_track, "vote", "yes")
    assert not sbahn_veto.pending(w)
    assert _laid(w, entry)


def test_12_6_c55_tie_goes_to_the_chairman(at_track: Game) -> None:
    """12.6 "Bei Stimmengleichheit entscheidet der Vorsitzende" (C-55, 2:2): the vetoing
    member holds two votes (set by hand), the last member votes for: carried."""
    w = world(at_track)
    _, entry = _propose(at_track, "lay_tile")
    vetoer = _answer(at_track, "veto")
    board = w.board
    assert board is not None
    board.weights[vetoer] = 2
    _answer(at_track, "vote", "yes")
    assert sbahn_veto.tally(board) == (2, 2)
    assert _laid(w, entry)


def test_12_6_the_run_is_not_put_to_the_board(positions: dict[str, Game]) -> None:
    """12.6 "nicht beim Betrieb der Bahnen" (C-55): the run is carried out at once; a
    veto then is refused."""
    g = copy.deepcopy(positions[RUN])
    w = world(g)
    chairman = g.active
    assert chairman is not None
    other = next(s for s in sbahn_veto.members(w) if s != chairman)
    with pytest.raises(NotYourTurn):
        g.apply({"type": "veto"}, other)
    with pytest.raises(IllegalAction, match="not allowed now"):
        g.apply({"type": "veto"}, chairman)
    g.apply({"type": "run"}, chairman)
    assert not sbahn_veto.pending(w) and w.step == DIVIDEND


def test_12_6_a_withheld_dividend_is_vetoed_by_the_bots(positions: dict[str, Game]) -> None:
    """12.6 / A-49: the bots veto a dividend kept back from the members and vote against
    it; the chairman then has only the payout left."""
    g = copy.deepcopy(positions[DIVIDEND])
    w = world(g)
    chairman = g.active
    assert chairman is not None
    choices = [a["choice"] for a in g.legal_actions(chairman)]
    assert "withhold" in choices and "pay" in choices
    g.apply({"type": "dividend", "choice": "withhold"}, chairman)
    while sbahn_veto.pending(w):
        seat = g.active
        assert seat is not None
        g.apply(g.bot_action(seat, "easy"), seat)
    assert w.step == DIVIDEND
    left = [a["choice"] for a in g.legal_actions(chairman)]
    assert "withhold" not in left and "pay" in left


def test_12_6_the_last_choice_is_not_put_to_the_board(positions: dict[str, Game]) -> None:
    """12.6: the step must end: with one choice left the chairman's action is carried out
    at once (V4)."""
    g = copy.deepcopy(positions[DIVIDEND])
    w = world(g)
    chairman = g.active
    assert chairman is not None
    choices = [a["choice"] for a in g.legal_actions(chairman)]
    for choice in choices[1:]:
        g.apply({"type": "dividend", "choice": choice}, chairman)
        _answer(g, "veto")
        while sbahn_veto.pending(w):
            _answer(g, "vote", "no")
    assert [a["choice"] for a in g.legal_actions(chairman)] == choices[:1]
    g.apply({"type": "dividend", "choice": choices[0]}, chairman)
    assert not sbahn_veto.pending(w) and w.step != DIVIDEND


def test_12_6_a_wrong_answer_names_the_rule(at_track: Game) -> None:
    """12.6: while the board is asked only allow/veto; a vote needs yes or no."""
    _propose(at_track, "lay_tile")
    seat = at_track.active
    assert seat is not None
    with pytest.raises(IllegalAction, match="proposal is before the board") as wrong:
        at_track.apply({"type": "vote", "choice": "yes"}, seat)
    assert wrong.value.rule == "1881 12.6"
    _answer(at_track, "veto")
    seat = at_track.active
    assert seat is not None
    with pytest.raises(InvalidAction, match="yes"):
        at_track.apply({"type": "vote", "choice": "maybe"}, seat)


def test_12_6_a_save_with_a_pending_proposal_loads_to_the_same_state(at_track: Game) -> None:
    """A save taken while the board is asked replays to the same state (canonical)."""
    _propose(at_track, "lay_tile")
    again = Game.from_json(at_track.to_json())
    assert again.state_hash() == at_track.state_hash()
    assert world(again).board is not None


@pytest.mark.parametrize(
    ("levels", "seed"), [(("normal",) * 4, 7), (("normal", "easy", "normal", "easy"), 10)]
)
def test_a49_bot_games_with_the_veto_end(levels: tuple[str, ...], seed: int) -> None:
    """A-49: bots answer every proposal (easy and normal); a game with `s_veto` on ends.
    The seeds are ones whose chairman makes a proposal (the bots' trains and bids moved them)."""
    g, n, failures = play_checked(PLAYERS, seed, levels=levels, options={"s_veto": True}, every=25)
    assert failures == []
    assert g.result() is not None and n > 0
    assert any(r["action"]["type"] == "allow" for r in g.actions)
