"""The 1840 demos of scripts/make_demos.py, reached by play: the engine's bots play every seat
of a seeded 3-player game, and the first position that shows the example is kept.

    1840-run       a Line runs its best route (1840 IX.8): the route the engine previews
                   before the run, then the run drawn with its revenue, maintenance and total.
    1840-dividend  a major pays a dividend in a Company Round (1840 VIII.5.1) and its price
                   moves along the market by the dividend table (Tabelle 6, X.2); the step
                   before shows the runs of its Lines, which earned the money.
    1840-stadtbahn a Stadtbahn company pays all it earns times the round's multiplier
                   (1840 VIII.5.2), its stops marked on the map.

The rulebook's own examples start from a set position instead (a seeded game's position
at the example's moment, edited into the example's situation and checked by the engine):

    1840-lr3a      example "Linien-Runde 3a" (IX.7, IX.8): Line 18's yellow tram, a sight,
                   maintenance 50 (Tabelle 7).
    1840-lr2b      example "Linien-Runde 2b" (IX.7): every Line runs its optimal route.
    1840-token-removal  IX.6's example: a Stadtbahn marker removed for 40, the Line's own
                   marker placed there.
    1840-stadtbahn-d  VIII.5.2's example: Stadtbahn D runs three stops for 80.
    1840-sale      X.3: a sale, at the old price, then one cell down per share.
    1840-forced-purchase  VIII.5.3: a tramless major must buy; the director tops up with a
                   loan.
    1840-stadtbahn-tiles  IX.4's example: the Stadtbahn lines' first tiles (G: H12 or B16).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from typing import Any

from pygame_core import Game, new_game
from pygame_core.core.position import big_text

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


# --- the rulebook's own examples, from set positions (docs/embedding.md) -------------------

RULEBOOK_PLAYERS = ["Anna", "Ben", "Clara", "Dora"]
# A 4-player seeded game whose Line Rounds show the examples' situations: in LR 3a Line 18
# (SJE, a yellow tram) runs five stops, H24 - H22 - I23 - I21 - I19, as in example "LR 3a".
RULEBOOK_SEED = 3
JS_SAFE = 2**53


def position_at(seed: int, found: Callable[[Game], bool]) -> JsonDict:
    """The position of the 4-player bot game `seed` at the first moment `found` holds."""
    game = new_game("1840", RULEBOOK_PLAYERS, {}, seed)
    while not found(game):
        if game.result() is not None or len(game.actions) >= 2 * MAX_ACTIONS:
            raise NotReached(f"seed {seed}")
        seat = game.active if game.active is not None else game.acting[0]
        game.apply(game.bot_action(seat, "normal"), seat)
    body = {k: v for k, v in game.position().items() if k not in ("format", "title", "version")}
    # The Line stack's random state is a 64-bit number; JavaScript's JSON keeps whole
    # numbers exact only below 2**53, and the embed page sends the position through it.
    # A set position may choose its random state: this one keeps the low 53 bits.
    body["deck"]["rng"] = big_text(int(body["deck"]["rng"]) % JS_SAFE or 1)
    return body


def from_position(body: JsonDict) -> Game:
    """A game started from position `body` (the engine checks it: InvalidPosition if no
    game reaches it)."""
    position = {"format": "tramways-position", "title": "1840", "version": 1, **body}
    return new_game("1840", RULEBOOK_PLAYERS, {}, RULEBOOK_SEED, position=position)


def _label(game: Game) -> str:
    return str(game.view(None)["round"]["label"])


def market_step(caption: str, actions: int) -> JsonDict:
    """A step about a price move: the market tab open."""
    return {"caption": caption, "actions": actions, "highlight": {"tab": "market"}}


def _line_on_turn(line: str, label: str) -> Callable[[Game], bool]:
    def found(game: Game) -> bool:
        turn = game.view(None).get("line_turn")
        return _label(game) == label and isinstance(turn, dict) and turn.get("line") == line

    return found


def lr3a_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """Example "Linien-Runde 3a" (1840 IX.7, IX.8): Line 18 runs a yellow tram over five
    stops; a sight it owns adds 20; the yellow tram's maintenance is 50 once a red tram
    has been bought (Tabelle 7)."""
    body = position_at(RULEBOOK_SEED, _line_on_turn("18", "LR 3a"))
    major = str(body["lines"]["18"]["major"])
    # The example's situation: the major owns the sight on the route (Schloss Belvedere,
    # H22: +20, IX.8), and a red tram has been bought (it left the game with an export),
    # so the yellow tram costs 50 maintenance (Tabelle 7).
    body["privates"]["SB"] = major
    body["majors"][major]["privates"] = sorted({*body["majors"][major]["privates"], "SB"})
    red = body["depot"]["stock"]["R1"].pop(0)
    body["depot"]["exported"].append(red)
    body["depot"]["newest"] = "R1"
    game = from_position(body)
    preview = game.view(None)["line_turn"]["run"]
    seat = game.active
    assert seat is not None
    game.apply(next(a for a in game.legal_actions(seat) if a["type"] == "run"), seat)
    run = game.view(None)["lines"]["18"]["last_run"]
    assert run["stops"] == preview["stops"], "the preview is the run made"
    hexes = [str(s).rsplit("-", 1)[0] for s in run["stops"]]
    steps: list[JsonDict] = [
        {
            "caption": 'Rulebook example "Linien-Runde 3a" (1840 IX.7): Line 18 runs a yellow '
            "tram; its stops count 30, 20, 10, 40 (20 + 20 sight bonus) and 10 = 110, minus 50 "
            f"maintenance = 60. Set up here: {major}'s Line 18 in LR 3a, {major} owns the "
            "sight Schloss Belvedere on H22, and a red tram has been bought (Tabelle 7: a "
            f"yellow tram then costs 50). The engine's best route: {' - '.join(hexes)}.",
            "actions": 0,
            "highlight": {"hexes": hexes},
        },
        {
            "caption": f"Line 18 runs (1840 IX.8): revenue {run['revenue']} with the sight's "
            f"+20, maintenance {run['maintenance']}, together {run['total']} into {major}'s "
            'income field. "Das Einfahrergebnis muss das höchste sein, das erzielt werden '
            'kann."',
            "actions": 1,
            "highlight": {"runs": ["18"]},
        },
    ]
    return game, "Rulebook example: Line 18 in LR 3a (1840 IX.7, IX.8)", steps


def _round_over(label: str) -> Callable[[Game], bool]:
    return lambda game: _label(game) != label


def lr2b_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """Example "Linien-Runde 2b" (1840 IX.7): every Line has a tram and each runs its
    optimal route; the map shows all of them at once."""
    body = position_at(RULEBOOK_SEED, lambda g: _label(g) == "LR 2b")
    game = from_position(body)
    ran: list[str] = []
    while _label(game) == "LR 2b" and game.result() is None:
        seat = game.active if game.active is not None else game.acting[0]
        game.apply(game.bot_action(seat, "normal"), seat)
        ran += [str(e["line"]) for e in _events(game.view(None), "run")]
    n = len(game.actions)
    # the last action may open the next round: show the map right after the last run
    last = max(i for i in range(1, n + 1) if _ran_at(game, i))
    lines = game.at(last).view(None)["lines"]
    runs = {line: lines[line]["last_run"] for line in dict.fromkeys(ran)}
    told = "; ".join(
        f"Line {line} {'-'.join(str(s).rsplit('-', 1)[0] for s in r['stops'])} = {r['revenue']}"
        for line, r in runs.items()
    )
    steps: list[JsonDict] = [
        {
            "caption": 'Rulebook example "Linien-Runde 2b" (1840 IX.7, every Line has a '
            "tram): each tram runs the best route from its own stations; a city without the "
            'Line\'s station marker does not count ("I zählt nicht - kein Stationsmarker"). '
            "Here: LR 2b of a 4-player game, before the Lines run.",
            "actions": 0,
        },
        {
            "caption": f"All Lines have run (1840 IX.8); the engine's optimal routes: {told}.",
            "actions": last,
            "highlight": {"runs": list(runs)},
        },
    ]
    return game, "Rulebook example: every Line runs in LR 2b (1840 IX.7)", steps


def _ran_at(game: Game, n: int) -> bool:
    return bool(_events(game.at(n).view(None), "run"))


DEMOS_1840["1840-lr3a"] = lr3a_demo
DEMOS_1840["1840-lr2b"] = lr2b_demo


def _may_remove(game: Game) -> bool:
    seat = game.active
    turn = game.view(None).get("line_turn")
    if seat is None or not isinstance(turn, dict):
        return False
    return any(a["type"] == "remove_token" for a in game.legal_actions(seat))


def _cash(game: Game, holder: str) -> int:
    cash = game.position()["cash"][holder]
    assert isinstance(cash, int)
    return cash


def token_removal_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """Example "Linie 13 kann den Stationsmarker der Linie V für 40 Gulden entfernen"
    (1840 IX.6): a Line removes a Stadtbahn marker for 40, then places its own there."""
    game = from_position(position_at(RULEBOOK_SEED, _may_remove))
    turn = game.view(None)["line_turn"]
    line, major = str(turn["line"]), str(turn["major"])
    seat = game.active
    assert seat is not None
    removal = next(a for a in game.legal_actions(seat) if a["type"] == "remove_token")
    coord, city = str(removal["hex"]), int(removal["city"])
    before = _cash(game, major)
    gone = game.state.canonical()["map"]["tokens"][coord][str(city)]
    stadtbahn = next(t for t in gone if t is not None)
    game.apply(removal, seat)
    removed = before - _cash(game, major)
    place = next(
        a for a in game.legal_actions(seat) if a["type"] == "place_token" and a.get("hex") == coord
    )
    game.apply(place, seat)
    placed = before - removed - _cash(game, major)
    steps: list[JsonDict] = [
        {
            "caption": 'Rulebook example (1840 IX.6): "Linie 13 kann den Stationsmarker der '
            "Linie V für 40 Gulden entfernen. Dann kann sie einen eigenen Marker dort "
            f"hinsetzen.\" Set up here: Line {line} of {major} on turn; Stadtbahn {stadtbahn}'s "
            f"marker stands on {coord}.",
            "actions": 0,
            "highlight": {"hexes": [coord]},
        },
        {
            "caption": f"Line {line} removes {stadtbahn}'s marker from {coord}: {major} pays "
            f"{removed} to the bank; the marker leaves the game.",
            "actions": 1,
            "highlight": {"hexes": [coord]},
        },
        {
            "caption": f"Line {line} places its own station marker on {coord} for {placed} "
            "(the normal cost of its next marker).",
            "actions": 2,
            "highlight": {"hexes": [coord]},
        },
    ]
    return game, "Rulebook example: a Stadtbahn marker removed for 40 (1840 IX.6)", steps


DEMOS_1840["1840-token-removal"] = token_removal_demo


STADTBAHN_D_SEED = 1  # a 4-player game where Stadtbahn D runs three stops for 80 in CR 2


def _stadtbahn_payout_of(game: Game, company: str) -> dict[str, str] | None:
    for entry in game.log_for(None):
        m = STADTBAHN_LOG.match(str(entry["text"]))
        if entry["i"] == len(game.actions) - 1 and m and m["company"] == company:
            return m.groupdict()
    return None


def _before_payout_of(company: str, earned: str) -> Callable[[Game], bool]:
    """True at the last position before `company` pays `earned` (looked ahead on a copy)."""

    def found(game: Game) -> bool:
        if game.result() is not None or game.view(None)["round"]["label"][:2] != "CR":
            return False
        ahead = copy.deepcopy(game)
        seat = ahead.active if ahead.active is not None else ahead.acting[0]
        ahead.apply(ahead.bot_action(seat, "normal"), seat)
        pay = _stadtbahn_payout_of(ahead, company)
        return pay is not None and pay["earned"] == earned

    return found


def stadtbahn_d_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """Example "Stadtbahn-Gesellschaft D fährt 40+30+10 = 80" (1840 VIII.5.2)."""
    game = from_position(position_at(STADTBAHN_D_SEED, _before_payout_of("D", "80")))
    label = game.view(None)["round"]["label"]
    pay = None
    while pay is None and len(game.actions) < 5:
        seat = game.active if game.active is not None else game.acting[0]
        game.apply(game.bot_action(seat, "normal"), seat)
        pay = _stadtbahn_payout_of(game, "D")
    assert pay is not None, "D pays right after the position"
    hexes = list(dict.fromkeys(re.findall(r"[A-Z]\d+", pay["stops"])))
    factor = f" times {pay['factor']}" if pay["factor"] else " (no multiplier in this round)"
    steps: list[JsonDict] = [
        {
            "caption": 'Rulebook example (1840 VIII.5.2): "Stadtbahn-Gesellschaft D fährt '
            '40+30+10 = 80." A Stadtbahn company runs an imaginary tram from a start station '
            f"as far as it goes and always pays out. Set up here: {label}, the last dividend "
            "before the Stadtbahn companies pay.",
            "actions": 0,
        },
        {
            "caption": f"D runs {', '.join(hexes)} for {pay['earned']}{factor}: pays "
            f"{pay['payout']} to its shareholders; its price by Tabelle 6: {pay['before']} -> "
            f"{pay['after']}.",
            "actions": len(game.actions),
            "highlight": {"hexes": hexes, "tab": "overview"},
        },
    ]
    return game, "Rulebook example: Stadtbahn D earns 80 (1840 VIII.5.2)", steps


DEMOS_1840["1840-stadtbahn-d"] = stadtbahn_d_demo


def _major_sales(game: Game) -> list[JsonDict]:
    """The sales of a major's shares the seat on turn may make in a Player Round."""
    view = game.view(None)
    seat = game.active
    if seat is None or not str(view["round"]["label"]).startswith("SR"):
        return []
    majors = view["majors"]
    return [a for a in game.legal_actions(seat) if a["type"] == "sell" and a["company"] in majors]


def sale_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """VII.4 / X.3: "pro verkauften 10% um ein Feld nach unten" - the price falls one cell
    per share sold, after the sale (the seller gets the old price)."""
    game = from_position(position_at(RULEBOOK_SEED, lambda g: len(_major_sales(g)) > 0))
    sale = max(_major_sales(game), key=lambda a: int(a["count"]))
    company, count = str(sale["company"]), int(sale["count"])
    seat = game.active
    assert seat is not None
    player = game.players[seat]
    before = game.view(None)["majors"][company]
    cash = _cash(game, f"p{seat}")
    game.apply(sale, seat)
    after = game.view(None)["majors"][company]
    got = _cash(game, f"p{seat}") - cash
    steps: list[JsonDict] = [
        market_step(
            'Rulebook (1840 X.3): "Werden Aktien verkauft, wird der Kursmarker [...] '
            "pro verkauften 10% um ein Feld nach unten versetzt. Dies geschieht nach dem "
            f"Verkauf.\" Set up here: {player}'s turn in a Player Round; {company} stands at "
            f"{before['price']}.",
            0,
        ),
        market_step(
            f"{player} sells {count} share{'s' if count > 1 else ''} of {company} "
            f"for {got} (at the old price, {before['price']} each); then the price falls "
            f"{count} cell{'s' if count > 1 else ''}: {before['price']} -> {after['price']}.",
            1,
        ),
    ]
    return game, "Rulebook: a sale moves the price down (1840 VII.4, X.3)", steps


DEMOS_1840["1840-sale"] = sale_demo


def _tram_purchase(body: JsonDict) -> bool:
    cr = body["cr"]
    return bool(cr and cr["current"] and cr["current"][0] == "trams")


def forced_purchase_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """VIII.5.3 "Zwangs-Straßenbahnkauf": a major without a tram must buy one; the director
    adds what the treasury lacks, and takes a loan (100 now, -200 at the end) if he lacks
    it too."""
    body = position_at(RULEBOOK_SEED, lambda g: _tram_purchase(g.position()))
    major = str(body["cr"]["current"][1])
    director = f"p{body['majors'][major]['director']}"
    # The example's situation: the treasury and the director are nearly broke (their money
    # went to the bank: the total stays, III.5).
    keep = {major: 20, director: 30}
    for holder, left in keep.items():
        body["cash"]["bank"] += body["cash"][holder] - left
        body["cash"][holder] = left
    game = from_position(body)
    seat = game.active
    assert seat is not None
    buys = [a for a in game.legal_actions(seat) if a["type"] == "buy_tram"]
    assert buys and not any(a["type"] == "done" for a in game.legal_actions(seat)), "forced"
    game.apply(buys[0], seat)
    log = [e["text"] for e in game.log_for(None) if e["i"] == 0]
    bought = next(str(t) for t in log if "buys" in str(t))
    loans = game.position()["loans"].get(director, 0)
    steps: list[JsonDict] = [
        {
            "caption": 'Rulebook (1840 VIII.5.3, Zwangs-Straßenbahnkauf): "Sollte eine '
            "Gesellschaft [...] gar keine Straßenbahn besitzen, dann muss sie eine kaufen. "
            "[...] muss der Direktor aus seinem Privatkapital den Restbetrag zuschießen. "
            "Sollte der Direktor nicht über genügend Geld verfügen, dann muss er einen Kredit "
            f'aufnehmen." Set up here: {major} has no tram, {keep[major]} in its treasury; '
            f"its director {game.players[int(director[1:])]} has {keep[director]}.",
            "actions": 0,
            "highlight": {"tab": "trams"},
        },
        {
            "caption": f"{bought}. The director took {loans} loan(s) of 100 each (each costs "
            "200 at the game's end, XI).",
            "actions": 1,
            "highlight": {"tab": "trams"},
        },
    ]
    return game, "Rulebook: the forced tram purchase (1840 VIII.5.3)", steps


DEMOS_1840["1840-forced-purchase"] = forced_purchase_demo


def stadtbahn_lays(game: Game) -> dict[str, list[str]]:
    """Stadtbahn line -> the hexes where the Line on turn may lay its next Stadtbahn tile."""
    from pygame_core.g1840 import board

    seat = game.active
    assert seat is not None
    data = board.hex_data(game.state.canonical()["variant"])
    out: dict[str, list[str]] = {}
    for a in game.legal_actions(seat):
        track = (
            data.get(str(a.get("hex")), {}).get("stadtbahn") if a["type"] == "lay_tile" else None
        )
        if track and a["hex"] not in out.get(track["line"], []):
            out.setdefault(str(track["line"]), []).append(str(a["hex"]))
    return {line: sorted(hexes) for line, hexes in sorted(out.items())}


def stadtbahn_tiles_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """IX.4's example: each Stadtbahn line is built from one of its two start stations on;
    G's first tile goes on H12 or B16, W's on I3 or G23."""
    game = from_position(position_at(RULEBOOK_SEED, lambda g: bool(g.view(None).get("line_turn"))))
    lays = stadtbahn_lays(game)
    line = game.view(None)["line_turn"]["line"]
    seat = game.active
    assert seat is not None
    first_g = next(
        a for a in game.legal_actions(seat) if a["type"] == "lay_tile" and a["hex"] == "H12"
    )
    game.apply(first_g, seat)
    told = "; ".join(f"{s}: {' or '.join(h)}" for s, h in lays.items())
    steps: list[JsonDict] = [
        {
            "caption": 'Rulebook example (1840 IX.4): "Stadtbahnlinie G hat zwei '
            "Startstationen auf I11 und A17, das erste Plättchen ihrer Strecke darf also "
            "entweder auf H12 oder B16 gelegt werden. Das erste Plättchen der Linie W darf "
            'entweder auf I3 oder G23 gelegt werden." The first Line turn of the game: the '
            f"engine offers Line {line} the first Stadtbahn tiles {told}.",
            "actions": 0,
            "highlight": {"hexes": [h for hexes in lays.values() for h in hexes]},
        },
        {
            "caption": f"Line {line} lays G's first Stadtbahn tile on H12 for 20 and may take "
            "the bonus action printed there; G's next tile must join it.",
            "actions": 1,
            "highlight": {"hexes": ["H12"]},
        },
    ]
    return game, "Rulebook example: the Stadtbahn's first tiles (1840 IX.4)", steps


DEMOS_1840["1840-stadtbahn-tiles"] = stadtbahn_tiles_demo


# Tabelle 6 (X.2), as printed: the lowest dividend of each row -> cells the price moves right
# (-1: one cell left). The engine has its own table; the demo's test compares the two.
TABELLE_6: tuple[tuple[int, int, str], ...] = (
    (0, -1, "0: 1 Feld nach links"),
    (10, 0, "10 - 90: gar nicht"),
    (100, 1, "100 - 190: 1 Feld nach rechts"),
    (200, 2, "200 - 390: 2 Felder nach rechts"),
    (400, 3, "400 - 590: 3 Felder nach rechts"),
    (600, 4, "600 - 990: 4 Felder nach rechts"),
    (1000, 5, "1000 - 1490: 5 Felder nach rechts"),
    (1500, 6, "1500 - 2490: 6 Felder nach rechts"),
    (2500, 7, "2500 oder mehr: 7 Felder nach rechts"),
)
# The payouts the demo's majors choose, in their order: four rows of Tabelle 6. The first
# withholds its income (TABELLE_WITHHELD); the others pay all of it.
TABELLE_PAYOUTS = (0, 80, 250, 700)
TABELLE_WITHHELD = 100


def tabelle_6_row(amount: int) -> tuple[int, int, str]:
    """The row of Tabelle 6 a dividend of `amount` falls in."""
    return [row for row in TABELLE_6 if row[0] <= amount][-1]


def _first_dividend_of_a_cr(game: Game) -> bool:
    cr = game.position()["cr"]
    if not (cr and cr["current"] and cr["current"][0] == "dividend"):
        return False
    return sum(1 for kind, _ in cr["queue"] if kind == "dividend") == len(TABELLE_PAYOUTS) - 1


def _until_dividend(game: Game) -> int:
    """Let the bots play (a major's tram step) up to the next dividend decision; its seat."""
    while True:
        seat = game.active if game.active is not None else game.acting[0]
        if any(a["type"] == "dividend" for a in game.legal_actions(seat)):
            return seat
        game.apply(game.bot_action(seat, "normal"), seat)


def tabelle_6_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """VIII.5.1 / X.2, Tabelle 6: four majors of one Company Round pay 0, 80, 250 and 700;
    each payout moves the price by its row of the table."""
    body = position_at(RULEBOOK_SEED, _first_dividend_of_a_cr)
    cr = body["cr"]
    majors = [str(cr["current"][1]), *(str(m) for kind, m in cr["queue"] if kind == "dividend")]
    # The example's situation: each major's income field holds the payout it will choose
    # (the first keeps TABELLE_WITHHELD); the money comes from the bank (III.5: unlimited).
    for major, amount in zip(majors, TABELLE_PAYOUTS, strict=True):
        field = f"{major}/income"
        income = amount or TABELLE_WITHHELD
        body["cash"]["bank"] += body["cash"][field] - income
        body["cash"][field] = income
    game = from_position(body)
    label = _label(game)
    steps: list[JsonDict] = [
        market_step(
            'Rulebook (1840 VIII.5.1, X.2): "Der Direktor entscheidet, wieviel vom '
            'Einkommen ausgeschüttet wird. Der Kurs steigt entsprechend Tabelle 6." Set up '
            f"here: {label}, the income fields of {', '.join(majors)} hold "
            f"{', '.join(str(a or TABELLE_WITHHELD) for a in TABELLE_PAYOUTS)}; their "
            f"prices: {', '.join(str(game.view(None)['majors'][m]['price']) for m in majors)}.",
            0,
        )
    ]
    for major, amount in zip(majors, TABELLE_PAYOUTS, strict=True):
        seat = _until_dividend(game)
        before = game.view(None)["majors"][major]
        game.apply({"type": "dividend", "amount": amount}, seat)
        after = game.view(None)["majors"][major]
        moved = after["cell"][1] - before["cell"][1]
        way = "left" if moved < 0 else "right"
        cells = f"{abs(moved)} cell{'s' if abs(moved) != 1 else ''} {way}" if moved else "stays"
        paid = "withholds everything and pays 0" if amount == 0 else f"pays {amount}"
        steps.append(
            market_step(
                f'{major} {paid}. Tabelle 6, row "{tabelle_6_row(amount)[2]}": '
                f"its price marker {cells}, {before['price']} -> {after['price']}.",
                len(game.actions),
            )
        )
    return game, "Rulebook: the dividend table, Tabelle 6 (1840 VIII.5.1, X.2)", steps


DEMOS_1840["1840-tabelle-6"] = tabelle_6_demo


SOLD_OUT_ROUND = "SR 3"  # seed 3: its last decision; no company is sold out in play


def _last_decision_of(label: str) -> Callable[[Game], bool]:
    """True at the last position of round `label` (looked ahead on a copy)."""

    def found(game: Game) -> bool:
        if _label(game) != label or game.result() is not None:
            return False
        ahead = copy.deepcopy(game)
        seat = ahead.active if ahead.active is not None else ahead.acting[0]
        ahead.apply(ahead.bot_action(seat, "normal"), seat)
        return _label(ahead) != label

    return found


def sold_out_demo(max_seeds: int) -> tuple[Game, str, list[JsonDict]]:
    """VII.4 / X.3: "Wenn sich am Ende einer Aktienrunde alle verfügbaren Aktien einer
    Gesellschaft in Spielerhand befinden, dann steigt der Kursmarker um ein Feld nach
    oben." """
    body = position_at(RULEBOOK_SEED, _last_decision_of(SOLD_OUT_ROUND))
    owners = body["shares"]["owners"]
    # The example's situation: the first major's shares in the pool are in players' hands
    # (bought in earlier rounds; no player above 60 %, VII.3), so it is sold out.
    major = next(iter(body["majors"]))
    director = f"p{body['majors'][major]['director']}"
    others = [f"p{s}" for s in range(len(RULEBOOK_PLAYERS)) if f"p{s}" != director]
    free = [c for c, o in owners.items() if c.startswith(f"{major}_") and o in ("pool", "ipo")]
    for i, cert in enumerate(free):
        owners[cert] = others[i % len(others)]
    game = from_position(body)
    seat = game.active
    assert seat is not None
    before = game.view(None)["majors"]
    game.apply({"type": "pass"}, seat)
    assert _label(game) != SOLD_OUT_ROUND, "the pass ends the round"
    after = game.view(None)["majors"]
    rose = [m for m in after if after[m]["cell"] != before[m]["cell"]]
    assert rose == [major], f"only the sold-out major moves, not {rose}"
    holders = sorted({o for c, o in owners.items() if c.startswith(f"{major}_")})
    names = ", ".join(game.players[int(h[1:])] for h in holders)
    steps: list[JsonDict] = [
        market_step(
            'Rulebook (1840 X.3): "Wenn sich am Ende einer Aktienrunde alle '
            "verfügbaren Aktien einer Gesellschaft in Spielerhand befinden, dann steigt der "
            f'Kursmarker um ein Feld nach oben." Set up here: the end of {SOLD_OUT_ROUND}; '
            f"every share of {major} is held by players ({names}), none in the pool; "
            f"{major} stands at {before[major]['price']}. The others have passed; "
            f"{game.players[seat]} passes too.",
            0,
        ),
        market_step(
            f"All players have passed: {SOLD_OUT_ROUND} ends. {major} is sold out, "
            f"so its price marker rises one cell (X.3): {before[major]['price']} -> "
            f"{after[major]['price']}. The other majors have shares in the pool and stay.",
            1,
        ),
    ]
    return game, "Rulebook: a sold-out major rises at the round's end (1840 X.3)", steps


DEMOS_1840["1840-sold-out"] = sold_out_demo
