"""Position building for the 1840 rules tests: every position is reached by playing legal
actions through the public API (`Game.apply`), from a seeded new game.

`Policy` is a small deterministic player: it opens the cheapest sight at face value and
lets the others pass, founds the majors it is told to, never buys shares after SR1, pays
out or keeps its income as told, buys the cheapest tram on offer for a Line without one,
picks the Lines it is told to at the least bid, lays no tiles, and runs. `advance` plays
it until a condition holds; the tests then play the actions they check by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from pygame_core import EngineError, Game, new_game
from pygame_core.g18xx.auction import Auction
from pygame_core.g1840.company import offer
from pygame_core.g1840.entities import round_track
from pygame_core.g1840.game import Vienna1840
from pygame_core.g1840.world import World, income_holder, player_holder, track_label

JsonDict = dict[str, Any]
NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Finn")


def game(
    players: int = 2, *, profile: str = "rulebook", seed: int = 0, small: bool = False
) -> Game:
    """A new seeded game of 1840 (seats in the order of NAMES)."""
    options: JsonDict = {"profile": profile}
    if small:
        options["three_player_small"] = True
    return new_game("1840", list(NAMES[:players]), options, seed)


def world(g: Game) -> World:
    """The rules state behind a game (read only in the tests)."""
    state = g.state
    assert isinstance(state, Vienna1840)
    return state.w


def seat(g: Game) -> int:
    active = g.active
    assert active is not None, "the game is over"
    return active


def act(g: Game, action: Mapping[str, Any]) -> None:
    """Play `action` for the seat to act."""
    g.apply(dict(action), seat(g))


def refused(g: Game, action: Mapping[str, Any], *, kind: str = "illegal") -> EngineError:
    """Play `action` for the seat to act, expect a refusal of `kind`, and check that the
    state did not change; returns the error (for its message and rule)."""
    before, n = g.state_hash(), len(g.actions)
    with pytest.raises(EngineError) as info:
        act(g, action)
    assert info.value.kind == kind, info.value.to_dict()
    assert g.state_hash() == before and len(g.actions) == n
    return info.value


def legal_types(g: Game) -> set[str]:
    """The kinds of move the rules offer now (18xx.games' end by hand, V40, is always there
    in that profile and is left out)."""
    return {e["type"] for e in g.legal_actions(seat(g))} - {"end_game"}


def cash(g: Game, who: int | str) -> int:
    """A seat's cash, or a holder's ("WT", "WT/income", "bank")."""
    w = world(g)
    return w.money.cash(player_holder(who) if isinstance(who, int) else who)


def income(g: Game, major: str) -> int:
    return world(g).money.cash(income_holder(major))


def label(g: Game) -> str:
    """The round the game is on ("Pre", "SR 1", "CR 2", "LR 1a", ..., "End")."""
    return world(g).round_label


def private_auction(g: Game) -> Auction:
    """The private auction of the Pre round (VI)."""
    auction = world(g).auction
    assert auction is not None
    return auction


def cr_kind(g: Game) -> str | None:
    """The kind of the Company Round decision open now ("dividend", "trams", "pick", ...)."""
    step = cr_step(g)
    return None if step is None else step[0]


def cr_step(g: Game) -> tuple[str, str] | None:
    """The Company Round decision open now: (kind, major)."""
    cr = world(g).cr
    return None if cr is None else cr.current


# --- the deterministic player -----------------------------------------------------------


@dataclass
class Policy:
    """What the scripted players do (see the module doc)."""

    # Seat -> (major, par price) founded in SR1; default: the first open major at 100
    # (or the highest price the seat can pay).
    pars: Mapping[int, tuple[str, int]] = field(default_factory=dict)
    # Major -> Lines it picks in its turn at the Line auction (the first one on offer);
    # a major not listed picks the lowest-numbered Line on offer; [] passes.
    lines: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # Major -> its bid when it picks ("select_line" price); default the least bid.
    line_price: Mapping[str, int] = field(default_factory=dict)
    # "all": pay out the whole income (rounded down to 10); "none": keep it.
    dividend: str = "all"
    # Buy the cheapest tram on offer for a Line without one.
    buy_trams: bool = True


def choose(g: Game, policy: Policy | None = None) -> JsonDict:
    """The scripted player's action for the seat to act."""
    p = policy or Policy()
    w = world(g)
    s = seat(g)
    legal = [e for e in g.legal_actions(s) if e["type"] != "end_game"]  # it plays to the end
    types = {e["type"] for e in legal}
    if w.step == "private_auction":
        assert w.auction is not None
        bids = [e for e in legal if e["type"] == "bid"]
        if w.auction.lot is None and bids:
            e = min(bids, key=lambda e: (e["min"], e["private"]))
            return {"type": "bid", "private": e["private"], "price": e["min"]}
        return {"type": "pass"}
    if w.step == "choose_order":
        return dict(min(legal, key=lambda e: e["position"]))
    if w.step == "stock":
        if "par" in types:
            if s in p.pars:
                major, price = p.pars[s]
                return {"type": "par", "major": major, "price": price}
            pars = [e for e in legal if e["type"] == "par"]
            first = pars[0]["major"]
            best = max(e["price"] for e in pars if e["major"] == first)
            return {"type": "par", "major": first, "price": best}
        return {"type": "end_turn"} if "end_turn" in types else {"type": "pass"}
    if w.step == "company":
        cr = w.cr
        assert cr is not None and cr.current is not None
        kind, major = cr.current
        if kind == "dividend":
            e = legal[0]
            return {"type": "dividend", "amount": e["max"] if p.dividend == "all" else 0}
        if kind in ("trams", "rearrange"):
            loose = set(w.majors[major].trams)
            for e in legal:
                if (
                    e["type"] == "assign_tram"
                    and e["tram"] in loose
                    and e["line"] is not None
                    and w.lines[e["line"]].tram is None
                ):
                    return dict(e)
            buys = [e for e in legal if e["type"] == "buy_tram"]
            lacking = any(w.lines[ln].tram is None for ln in w.majors[major].lines)
            if buys and ("done" not in types or (p.buy_trams and lacking)):
                prices = offer(w)
                e = min(buys, key=lambda e: (prices[e["tram"]], e["tram"]))
                return {"type": "buy_tram", "tram": e["tram"]}
            return {"type": "done"}
        if kind == "pick":
            picks = {e["line"]: e for e in legal if e["type"] == "select_line"}
            wanted = p.lines.get(major)
            order = list(wanted) if wanted is not None else sorted(picks, key=int)
            for line in order:
                if line in picks:
                    price = p.line_price.get(major, picks[line]["min"])
                    return {"type": "select_line", "line": line, "price": price}
            return {"type": "pass"}
        return {"type": "pass"}  # bidding: the picker gets its Line at its price
    # A Line's turn.
    t = w.turn
    assert t is not None
    if t.home_choice:
        return dict(legal[0])
    if t.bonus is not None:
        return {"type": "pass_bonus"}
    return {"type": "run"} if "run" in types else {"type": "end_turn"}


def advance(
    g: Game,
    until: Callable[[Game], bool],
    policy: Policy | None = None,
    *,
    limit: int = 3000,
) -> None:
    """Play the scripted player until `until(g)` holds (checked before each action)."""
    for _ in range(limit):
        if until(g):
            return
        assert g.active is not None, "the game ended before the position was reached"
        act(g, choose(g, policy))
    raise AssertionError("position not reached")


def to_round(g: Game, name: str, policy: Policy | None = None) -> None:
    """Play on until round `name` ("SR 1", "CR 1", "LR 1a", ...) has started (and waits
    for a decision: a round that runs by itself is an error here)."""
    target = [track_label(r) for r in round_track()].index(name)
    advance(g, lambda g: g.active is None or world(g).round_index >= target, policy)
    assert label(g) == name, f"{name} passed without a decision (now {label(g)})"


def at_line(
    g: Game, line: str, policy: Policy | None = None, *, round_name: str | None = None
) -> None:
    """Play on until Line `line` is to act (in round `round_name`, if given)."""

    def there(g: Game) -> bool:
        w = world(g)
        return (
            w.step == "line_turn"
            and w.turn is not None
            and w.turn.line == line
            and not w.turn.home_choice
            and (round_name is None or w.round_label == round_name)
        )

    advance(g, there, policy)


def after_pre(players: int = 2, **kw: Any) -> Game:
    """A game at the start of SR 1 (the scripted private auction played)."""
    g = game(players, **kw)
    to_round(g, "SR 1")
    return g


def lay(g: Game, coord: str, tile: str, rotation: int) -> None:
    act(g, {"type": "lay_tile", "hex": coord, "tile": tile, "rotation": rotation})


# --- ready-made positions ---------------------------------------------------------------

# 3 players, seed 1 (rulebook): Lines 13, 11, 15 and 4 are face up at the start. Cleo (order
# card 1) founds WT, Ben DT K&C, Anna SJE, all at 70; in CR 1 the scripted majors pick the
# lowest Line on offer: WT Line 4 (home H28), DT K&C Line 11 (B12), SJE Line 13 (G3).
INCOME_PARS = {2: ("WT", 70), 1: ("DT K&C", 70), 0: ("SJE", 70)}


def income_game() -> Game:
    """3 players at the first dividend of CR 2 (WT's): in SR 1 Cleo and Ben each bought a
    10% share of SJE; in LR 1a/1b Line 4 laid tile 5 on H28 (H28-H30: 30 a run) and Line
    13 tile 3 on F4 (F2-F4-G3: 50 a run). Incomes: WT 60, DT K&C 0, SJE 100."""
    g = game(3, seed=1)
    policy = Policy(pars=INCOME_PARS)
    advance(g, lambda g: label(g) == "SR 1" and not world(g).open_majors, policy)
    act(g, {"type": "buy", "company": "SJE"})  # Cleo
    act(g, {"type": "buy", "company": "SJE"})  # Ben
    for _ in range(3):
        act(g, {"type": "pass"})
    at_line(g, "4", policy)
    lay(g, "H28", "5", 3)
    at_line(g, "13", policy)
    lay(g, "F4", "3", 0)
    advance(g, lambda g: cr_step(g) == ("dividend", "WT"), policy)
    return g


# 3 players, seed 6 (rulebook): Lines 6, 9, 7, 3 face up. The scripted players found WT
# (Cleo), DT K&C (Ben) and SJE (Anna) at 100 (880 left after the forced yellow tram and a
# Line for 20); WT takes Line 9 (home C7, gray), DT K&C Line 6 (K27, red, two slots), SJE
# Line 3 (E17, an OO hex). Anna holds Prater and Hofburg, Ben Karlskirche and Stephansdom.
LINES_POLICY = Policy(lines={"WT": ["9"], "DT K&C": ["6"], "SJE": ["3"]})


def lines_game(line: str = "3", round_name: str = "LR 1a") -> Game:
    """The game above when Line `line` is to act in `round_name`."""
    g = game(3, seed=6)
    at_line(g, line, LINES_POLICY, round_name=round_name)
    return g


def route(stops: Sequence[str], connections: Sequence[Sequence[str]]) -> JsonDict:
    """A "run" action with an explicit route (18xx.games' form)."""
    return {
        "type": "run",
        "route": {"stops": list(stops), "connections": [list(c) for c in connections]},
    }


def stadtbahn_tile(g: Game, coord: str) -> None:
    """Lay the first legal yellow Stadtbahn tile on the orange hex `coord`."""
    e = next(e for e in g.legal_actions(seat(g)) if e["type"] == "lay_tile" and e["hex"] == coord)
    lay(g, coord, e["tile"], e["rotation"])


@dataclass
class LossGame:
    """`negative_game`'s position and who is who."""

    g: Game
    major: str  # owns Line 3 (a yellow tram) and Line 6 (an orange one)
    director: int
    policy: Policy


def negative_game(profile: str = "rulebook") -> LossGame:
    """3 players (rulebook seed 6, 18xx.games seed 5: Lines 3 and 6 face up at the start),
    at LR 2a when Line 3 is to act. The second major founded ("the major") owns Line 3
    (E17-E19: 30 a run, a yellow tram) since CR 1 and Line 6 (K27, an orange tram) since
    CR 2; it paid its whole treasury for Line 6, and the first major bought the first red
    tram in CR 2, so a yellow tram now costs 50 a run (Tabelle 7): Line 3 earns -20."""
    g = game(3, profile=profile, seed=6 if profile == "rulebook" else 5)
    w = world(g)
    to_round(g, "CR 1")
    first, second, third = list(w.majors)
    others = [s for s in w.offer if s not in ("3", "6")]
    policy = Policy(
        lines={first: [min(others, key=int)], second: ["3"], third: [max(others, key=int)]}
    )
    at_line(g, "3", policy)
    lay(g, "E17", "235", 4)
    act(g, {"type": "place_token", "hex": "E17", "city": 0})
    stadtbahn_tile(g, "I3")
    lay(g, "E19", "L20", 2)
    advance(g, lambda g: cr_step(g) == ("trams", first), policy)
    act(g, {"type": "buy_tram", "tram": "R1"})
    advance(g, lambda g: cr_step(g) == ("trams", second), policy)
    act(g, {"type": "buy_tram", "tram": "O1"})
    act(g, {"type": "done"})
    policy = Policy(lines={first: [], second: ["6"], third: []})
    advance(g, lambda g: cr_step(g) == ("pick", second), policy)
    act(g, {"type": "select_line", "line": "6", "price": w.money.cash(second)})
    at_line(g, "3", policy, round_name="LR 2a")
    assert w.lines["6"].major == second and w.majors[second].lines == ["3", "6"]
    assert w.money.cash(second) == 0
    return LossGame(g, second, w.director(second), policy)
