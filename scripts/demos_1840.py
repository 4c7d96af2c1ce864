"""The 1840 demos of scripts/make_demos.py, reached by play: the engine's bots play every seat
of a seeded 3-player game, and the first position that shows the example is kept.

    1840-run       a Line runs its best route (1840 IX.8): the route the engine previews
                   before the run, then the run drawn with its revenue, maintenance and total.
    1840-dividend  a major pays a dividend in a Company Round (1840 VIII.5.1) and its price
                   moves along the market by the dividend table (Tabelle 6, X.2); the step
                   before shows the runs of its Lines, which earned the money.
    1840-stadtbahn a Stadtbahn company pays all it earns times the round's multiplier
                   (1840 VIII.5.2), its stops marked on the map.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from pygame_core import Game, new_game

JsonDict = dict[str, Any]
PLAYERS = ["Anna", "Ben", "Clara"]
MAX_ACTIONS = 700


class NotReached(Exception):
    """This seed's game never showed the example."""


def bot_game(seed: int) -> Iterator[tuple[Game, JsonDict]]:
    """Play a 3-player 1840 game with the normal bots; yield the game and the view after each
    action (the game object is the live one: read it before the next step)."""
    game = new_game("1840", PLAYERS, {}, seed)
    while game.result() is None and len(game.actions) < MAX_ACTIONS:
        seat = game.active if game.active is not None else game.acting[0]
        game.apply(game.bot_action(seat, "normal"), seat)
        yield game, game.view(None)


def first(seed: int, found: Callable[[Game, JsonDict], JsonDict | None]) -> tuple[Game, JsonDict]:
    """Play `seed` until `found` names what it saw; the game is cut right there."""
    for game, view in bot_game(seed):
        hit = found(game, view)
        if hit is not None:
            return game, hit
    raise NotReached(f"seed {seed}")


def first_seed(
    max_seeds: int, found: Callable[[Game, JsonDict], JsonDict | None], what: str
) -> tuple[Game, JsonDict]:
    """The first of seeds 1, 2, ... whose game shows `what` (see `first`)."""
    for seed in range(1, max_seeds + 1):
        try:
            return first(seed, found)
        except NotReached:
            continue
    raise SystemExit(f"no seed reached {what}; raise --max-seeds")


def _events(view: JsonDict, kind: str) -> list[JsonDict]:
    events = view.get("events")
    assert isinstance(events, list)
    return [e for e in events if isinstance(e, dict) and e.get("kind") == kind]


def _long_run(min_stops: int) -> Callable[[Game, JsonDict], JsonDict | None]:
    def found(game: Game, view: JsonDict) -> JsonDict | None:
        for ev in _events(view, "run"):
            stops = ev.get("stops")
            if isinstance(stops, list) and len(stops) >= min_stops:
                return ev
        return None

    return found


def run_steps(game: Game, run: JsonDict) -> list[JsonDict]:
    """The steps of the run demo: the Line's turn begins, the preview, the run."""
    n = len(game.actions)
    line = str(run["line"])
    before = game.at(n - 1).view(None)
    turn = before["line_turn"]
    assert isinstance(turn, dict) and turn.get("line") == line, "the run is the Line's own turn"
    preview = turn.get("run")
    assert isinstance(preview, dict) and preview["stops"] == run["stops"], "preview = run made"
    start = n - 1
    while start > 0:
        lt = game.at(start - 1).view(None)["line_turn"]
        if not (isinstance(lt, dict) and lt.get("line") == line):
            break
        start -= 1
    major = turn.get("major") or before["lines"][line]["major"]
    stops = run["stops"]
    assert isinstance(stops, list)
    hexes = [str(s).rsplit("-", 1)[0] for s in stops]
    steps: list[JsonDict] = []
    if start < n - 1:
        steps.append(
            {
                "caption": f"Line {line} of {major} begins its turn (1840 IX): it may lay "
                "a tile and place a station marker before its tram runs.",
                "actions": start,
            }
        )
    steps += [
        {
            "caption": f"Before it runs, the map shows the best route the engine found for "
            f"Line {line}'s tram: {len(stops)} stops, {' - '.join(hexes)}.",
            "actions": n - 1,
            "highlight": {"hexes": hexes[:1] + hexes[-1:]},
        },
        {
            "caption": f"Line {line} runs (1840 IX.8): revenue {run['revenue']}, maintenance "
            f"{run['maintenance']}, together {run['total']} into {major}'s income field.",
            "actions": n,
            "highlight": {"runs": [line]},
        },
    ]
    return steps


def run_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """A Line's run over at least eight stops, with the route drawn."""
    game, run = first_seed(max_seeds, _long_run(8), "a long run")
    return game, "A Line runs its best route (1840 IX.8)", run_steps(game, run)


def _rising_dividend(game: Game, view: JsonDict) -> JsonDict | None:
    """A major's dividend in a Company Round that moves its price up two cells or more."""
    for ev in _events(view, "dividend"):
        major = str(ev["company"])
        before = game.at(len(game.actions) - 1).view(None)["majors"][major]
        after = view["majors"][major]
        if int(ev["amount"]) > 0 and after["cell"][1] - before["cell"][1] >= 2:
            return {**ev, "before": before, "after": after}
    return None


def dividend_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """A dividend that moves a major's price up the market."""
    game, ev = first_seed(max_seeds, _rising_dividend, "a rising dividend")
    n = len(game.actions)
    major = str(ev["company"])
    before, after = ev["before"], ev["after"]
    assert isinstance(before, dict) and isinstance(after, dict)
    lines = list(before["lines"])
    steps: list[JsonDict] = [
        {
            "caption": f"Company Round: {major}'s Lines ({', '.join(lines)}) have run; "
            f"their income is in its income field. The map shows their runs.",
            "actions": n - 1,
            "highlight": {"runs": lines},
        },
        {
            "caption": f"{major} stands at {before['price']} on the market before its "
            "director decides the dividend.",
            "actions": n - 1,
            "highlight": {"tab": "market"},
        },
        {
            "caption": f"{major} pays {ev['amount']} as dividend (1840 VIII.5.1) and keeps "
            f"{ev['kept']}; by the dividend table (Tabelle 6, X.2) its price rises from "
            f"{before['price']} to {after['price']}.",
            "actions": n,
            "highlight": {"tab": "market"},
        },
    ]
    return game, f"{major}'s dividend moves its price (1840 VIII.5.1, X.2)", steps


STADTBAHN_LOG = re.compile(
    r"^(?P<company>\w+) runs (?P<stops>\S+) for (?P<earned>\d+)(?: x(?P<factor>\d+))?: "
    r"pays (?P<payout>\d+); price (?P<before>\d+) -> (?P<after>\d+)$"
)


def _stadtbahn_payout(game: Game, view: JsonDict) -> JsonDict | None:
    """A Stadtbahn company's payout with a multiplier (from Company Round 4 on)."""
    for entry in game.log_for(None):
        if entry["i"] != len(game.actions) - 1:
            continue
        m = STADTBAHN_LOG.match(str(entry["text"]))
        if m and m["factor"] and int(m["earned"]) > 0:
            return m.groupdict()
    return None


def stadtbahn_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """A Stadtbahn company pays all it earns, times the Company Round's multiplier."""
    game, pay = first_seed(max_seeds, _stadtbahn_payout, "a Stadtbahn payout with a multiplier")
    n = len(game.actions)
    company = str(pay["company"])
    name = game.view(None)["stadtbahn"][company]["name"]
    hexes = list(dict.fromkeys(re.findall(r"[A-Z]\d+", str(pay["stops"]))))
    label = game.at(n - 1).view(None)["round"]["label"]
    steps: list[JsonDict] = [
        {
            "caption": f"{label}: the last major decides its dividend; right after it, "
            "the Stadtbahn companies pay (1840 VIII.5.2).",
            "actions": n - 1,
        },
        {
            "caption": f"{company} ({name}) runs an imaginary tram from a start station as "
            f"far as it goes, stopping at {', '.join(hexes)}, for {pay['earned']}; times "
            f"{pay['factor']} in this round = {pay['payout']}, all paid to the shareholders. "
            "Its price moves "
            f"by Tabelle 6: {pay['before']} -> {pay['after']}.",
            "actions": n,
            "highlight": {"hexes": hexes, "tab": "overview"},
        },
    ]
    return game, f"The Stadtbahn {company} pays out (1840 VIII.5.2)", steps


DEMOS_1840: dict[str, Callable[[int], tuple[Game, str, list[JsonDict]]]] = {
    "1840-run": run_demo,
    "1840-dividend": dividend_demo,
    "1840-stadtbahn": stadtbahn_demo,
}
