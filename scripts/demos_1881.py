"""The 1881 demos of scripts/make_demos.py: the rulebook's worked examples (seed 004), each
from a set position (docs/embedding.md).

    1881-double-track  rule 14, "BEISPIEL für zweigleisiges Fahren": a 4-train over four
                   green stations earns 90 on a single run and 130 shuttling; here on the
                   design's route Breitscheidplatz - Schöneberg - Steglitz - Lichterfelde
                   (board.json variants.double_track.example_on_this_board), the shuttle
                   drawn.
    1881-chairman-swap  12.3 (digest C-47): a player with more S-Bahn shares than the
                   chairman takes the chairmanship, handing two 5 % shares over for the 10 %
                   share; his own board seat then counts as connected to the main network.

A position is taken from a seeded bot game (or from a few scripted moves after it) and, where
the example needs it, edited into the example's situation; the engine checks the edited
position like any other. The game's options travel unchanged from the source game into the
demo (a later option with a default keeps the demos valid). The demos are of design
edition 1 (`EDITION`), as shipped.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from pygame_core import Game, new_game
from pygame_core.g18xx.render import map_json
from pygame_core.g1881 import board
from pygame_core.g1881.economy import SBAHN, TRAMS
from pygame_core.g1881.position import map_state
from pygame_core.g1881.runs import best_company_runs
from pygame_core.g1881.source import FIRST, section

JsonDict = dict[str, Any]
PLAYERS = ["Anna", "Ben", "Clara"]
MAX_ACTIONS = 900
# The shipped demos were made on design edition 1; new games default to the latest.
EDITION: Final = FIRST


def edition_game(
    players: Sequence[str], options: Mapping[str, Any], seed: int, edition: int
) -> Game:
    """A new 1881 game of design `edition` from the setup. Edition 1 is a game without the
    option, as saves from before editions record it (`Game` keeps the options as given;
    `new_game` would add the latest edition), so the scripts that made the shipped demos
    and e2e saves (scripts/save_1881_*.py) write them again byte for byte."""
    if edition == FIRST:
        return Game("1881", players, options, seed)
    return new_game("1881", players, {**options, "edition": edition}, seed)


class NotReached(Exception):
    """The seeded game never showed the example's moment."""


def _seat(game: Game) -> int:
    return game.active if game.active is not None else game.acting[0]


def bot_game_until(options: JsonDict, seed: int, found: Callable[[Game], bool]) -> Game:
    """The 3-player bot game `seed` (options `options`), stopped where `found` first holds."""
    game = edition_game(PLAYERS, options, seed, EDITION)
    while not found(game):
        if game.result() is not None or len(game.actions) >= MAX_ACTIONS:
            raise NotReached(f"seed {seed}")
        seat = _seat(game)
        game.apply(game.bot_action(seat, "normal"), seat)
    return game


def first_seed(max_seeds: int, make: Callable[[int], Game], what: str) -> Game:
    """`make(seed)` for the first of seeds 1, 2, ... that reaches the example."""
    for seed in range(1, max_seeds + 1):
        try:
            return make(seed)
        except NotReached:
            continue
    raise SystemExit(f"no seed reached {what}; raise --max-seeds")


def body_of(game: Game) -> JsonDict:
    """The position of `game` without its envelope (to edit)."""
    return {k: v for k, v in game.position().items() if k not in ("format", "title", "version")}


def from_position(source: Game, body: JsonDict) -> Game:
    """A game of `source`'s players and options started from position `body` (checked by
    the engine: InvalidPosition if no game reaches it)."""
    position = {"format": "tramways-position", "title": "1881", "version": 1, **body}
    return new_game("1881", source.players, source.options, source.seed, position=position)


# --- rule 14: double track, 90 -> 130 ---------------------------------------------------------

EXAMPLE_TILES = {"H5": "33", "I6": "18", "J5": "20", "K5": "17"}  # the design's green tiles
EXAMPLE_COMPANY = "BESTAG"
EXAMPLE_TRAIN = "4"


def double_track_example() -> JsonDict:
    """board.json's variants.double_track.example_on_this_board (edition `EDITION`)."""
    example: JsonDict = section("variants", EDITION)["double_track"]["example_on_this_board"]
    return example


def _lays(route: list[str], base: Any) -> list[list[tuple[str, str, int]]]:
    """Per hex of `route`: each (hex, tile, rotation) of its example tile that joins its
    neighbours on the route."""
    out = []
    for i, coord in enumerate(route):
        edge = {h: e for e, h in base.board.neighbours(coord).items()}
        need = {edge[h] for h in route[max(i - 1, 0) : i + 2] if h != coord}
        tile = board.tiles(EDITION)[EXAMPLE_TILES[coord]]
        out.append([(coord, tile.name, r) for r in range(6) if need <= tile.exits(r)])
    return out


def example_map(body: JsonDict) -> JsonDict:
    """`body`'s map with the example's green tiles on its route, turned so that the engine's
    best double-track run of the 4-train is the example's shuttle (another track may not
    lead the shuttle elsewhere)."""
    example = double_track_example()
    route = list(example["route"])
    stops = tuple(f"{coord}-0" for coord in route)
    base = map_state(body["map"], EDITION)
    for lays in itertools.product(*_lays(route, base)):
        state = map_state(body["map"], EDITION)
        for coord, tile, rotation in lays:
            state.lay(coord, board.tiles(EDITION)[tile], rotation)
        best = best_company_runs(state, EXAMPLE_COMPANY, [4], double_track=True)
        run = best.trains[0]
        shuttle = run.route.stops if run.shuttle and run.route is not None else ()
        if best.total == example["double"] and shuttle in (stops, stops[::-1]):
            return map_json(state)
    raise NotReached("no turn of the example's tiles makes its shuttle the best run")


def _bestag_on_turn(game: Game) -> bool:
    op = game.position()["op"]
    return bool(op and op["corp"] == EXAMPLE_COMPANY)


TRAIN_LIMIT_3 = 3  # Table 2: phase 3


def double_track_position(seed: int) -> Game:
    """The first operating turn of BESTAG (home H5) in the 3-player bot game `seed` with the
    option double_track, edited into rule 14's example and started from that position."""
    source = bot_game_until({"double_track": True}, seed, _bestag_on_turn)
    body = body_of(source)
    # The example's situation: the route's four hexes carry green tiles; phase 3 has begun
    # with the first 4-train, BESTAG's (Table 2: the 2-trains rusted; the 3-trains, sold
    # before any 4, went to the other companies, three each at most).
    body["map"] = example_map(body)
    trains = body["trains"]
    trains["phase"] = body["companies"]["phase"] = "3"
    owned = {o: [t for t in ts if not t.startswith("2-")] for o, ts in trains["owned"].items()}
    trains["bank"]["2"] = []
    threes, trains["bank"]["3"] = list(trains["bank"]["3"]), []
    companies = body["companies"]
    for company in (c for c in companies["floated"] if c not in companies["closed"]):
        if company in TRAMS and company != EXAMPLE_COMPANY:
            room = TRAIN_LIMIT_3 - len(owned.get(company, []))
            owned[company] = owned.get(company, []) + threes[:room]
            threes = threes[room:]
    if threes:
        raise NotReached(f"seed {seed}: too few companies for the 3-trains")
    owned[EXAMPLE_COMPANY] = [trains["bank"][EXAMPLE_TRAIN].pop(0)]
    trains["owned"] = owned
    body["step"] = "run"
    return from_position(source, body)


def double_track_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """Rule 14's example: the 4-train's single run 90, shuttling 130 (double track)."""
    game = first_seed(max_seeds, double_track_position, "BESTAG's turn")
    seat = game.active
    assert seat is not None
    game.apply({"type": "run"}, seat)
    runs = game.view(None)["operating"]["runs"]
    (run,) = runs["trains"]
    assert run["shuttle"], "the best run shuttles"
    example = double_track_example()
    route = list(example["route"])
    names = dict(zip(route, example["names"], strict=True))
    told = " - ".join(f"{names[h]} {h}" for h in route)
    steps: list[JsonDict] = [
        {
            "caption": 'Rulebook, variant "zweigleisige Strecken" (1881 14.3-14.5): a route '
            "that is green, brown or gray from one such station to another may be run back "
            "and forth; the stations between its ends then count twice, but once against the "
            'range. The example: "Ein Spieler fährt mit einer 4er-Bahn von A über B & C nach '
            "D. Alle Plättchen sind grün. Er fährt bei einer einfachen Fahrt 90 TM ein. Fährt "
            'er zweigleisig, so bedient er B & C doppelt und fährt 130 TM ein." Set up here '
            f"(option double_track): {told}, all green; {EXAMPLE_COMPANY}'s 4-train runs.",
            "actions": 0,
            "highlight": {"hexes": route},
        },
        {
            "caption": f"{EXAMPLE_COMPANY}'s 4-train runs (1881 8, 14): the engine's best "
            f"route is the shuttle {' - '.join(s.rsplit('-', 1)[0] for s in run['stops'])} "
            f"for {run['revenue']} (30 + 2 x (20 + 20) + 20); once through it would earn "
            f"{example['single']} (30 + 20 + 20 + 20). The range used is still 4.",
            "actions": 1,
            "highlight": {"tab": "overview"},
        },
    ]
    return game, "Rulebook example: double track, 90 -> 130 (1881 14)", steps


# --- 12.3: the S-Bahn chairman swap -----------------------------------------------------------

SWAP_SHARES = 2  # the challenger's 5 % shares before the example: 10 %, a tie (4.22)


def _sbahn_on_offer(game: Game) -> bool:
    p = game.position()
    return bool(p["round"]["kind"] == "SR" and p["companies"]["phase"] != "1")


def _s_holders(game: Game) -> list[str | None]:
    return [c["holder"] for c in game.view(None)["sbahn"]["certificates"]]


def _buy_s(game: Game, seat: int) -> None:
    """`seat` buys the next S-Bahn share from the IPO and ends the turn."""
    buy = {"type": "buy", "company": SBAHN, "source": "ipo"}
    if buy not in game.legal_actions(seat):
        raise NotReached(f"{game.players[seat]} cannot buy an S-Bahn share")
    game.apply(buy, seat)
    if game.active == seat:
        game.apply({"type": "end_turn"}, seat)


def swap_position(seed: int) -> tuple[Game, str, str]:
    """The first Stock Round of phase 2 in the 3-player bot game `seed`; then the player on
    turn buys the chairman's 10 % (No. 1) and the richest other player two 5 % shares, the
    others passing in between (never all: the round goes on). Started from the position where the
    challenger is on turn again; with the chairman's and the challenger's names."""
    source = bot_game_until({}, seed, _sbahn_on_offer)
    chair = source.active
    assert chair is not None
    names = source.players
    cash = source.position()["cash"]
    # the challenger: the richest other player (three 5 % shares to buy)
    challenger = max((s for s in range(len(names)) if s != chair), key=lambda s: cash[names[s]])
    _buy_s(source, chair)
    while not (source.active == challenger and _s_holders(source).count(names[challenger]) == 2):
        seat = source.active
        if seat is None or not _sbahn_on_offer(source) or len(source.actions) >= MAX_ACTIONS:
            raise NotReached(f"seed {seed}: the Stock Round ended")
        if seat == challenger:
            _buy_s(source, seat)
        else:
            source.apply({"type": "pass"}, seat)
    return from_position(source, body_of(source)), names[chair], names[challenger]


def chairman_swap_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """12.3 (C-47): a player with two 5 % shares (10 %, a tie: no change) buys a third and
    takes the chairmanship: he hands the chairman his two highest 5 % shares for the 10 %
    share; his own board seat (No. 2) is now the chairman's and counts as connected."""
    made: dict[str, str] = {}

    def make(seed: int) -> Game:
        game, made["chair"], made["challenger"] = swap_position(seed)
        return game

    game = first_seed(max_seeds, make, "an S-Bahn chairman swap")
    chair, challenger = made["chair"], made["challenger"]
    before = _s_holders(game)
    _buy_s(game, game.players.index(challenger))
    after = _s_holders(game)
    merged = game.position()["companies"]["seats_merged"]

    def numbers(held: list[str | None], who: str) -> str:
        return ", ".join(f"No. {i + 1}" for i, h in enumerate(held) if h == who)

    steps: list[JsonDict] = [
        {
            "caption": 'Rulebook (1881 12.3): "Besitzt ein Spieler (Gesellschaft) mehr Aktien '
            "als derjenige, der den Vorsitzenden hält, so tauscht er zwei seiner 5%-Aktien "
            "gegen die des Vorsitzenden. Vorsitzender & Aufsichtsratmitglied können dadurch "
            "auch in einer Hand sein. In diesem Fall aber gilt das Teilnetz des "
            'Aufsichtsratmitglieds als an das Hauptnetz angeschlossen." Set up '
            f"here: {chair} is chairman ({numbers(before, chair)}, 10 %); {challenger} holds "
            f"{numbers(before, challenger)}, two 5 % board seats: 10 %, a tie, so nothing "
            f"changes yet. {challenger} is on turn.",
            "actions": 0,
            "highlight": {"tab": "sbahn"},
        },
        {
            "caption": f"{challenger} buys the next 5 % share: 15 % against {chair}'s 10 %, "
            f"and takes the chair, handing over two 5 % shares, the highest numbers: now "
            f"{challenger} holds {numbers(after, challenger)}, {chair} "
            f"{numbers(after, chair)}. Board seat {', '.join(map(str, merged))}, now held by "
            "the chairman, passes to the main network (12.3, A-44).",
            "actions": 1,
            "highlight": {"tab": "sbahn"},
        },
    ]
    return game, "Rulebook: the S-Bahn chairman swap (1881 12.3)", steps


DEMOS_1881: dict[str, Callable[[int], tuple[Game, str, list[JsonDict]]]] = {
    "1881-double-track": double_track_demo,
    "1881-chairman-swap": chairman_swap_demo,
}
