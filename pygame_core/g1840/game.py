"""1840 Vienna Tramways as a title of the engine: setup, whose turn it is, the round track,
and the dispatch of actions to the rounds (pre.py, stock.py, company.py, linerounds.py).
"""

from __future__ import annotations

import copy
import time
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Self

from ..core.errors import IllegalAction, InvalidAction, NotYourTurn, quote
from ..core.game import Effects, JsonDict, TitleState, json_copy, register
from ..core.rng import Rng
from ..g18xx.loans import Loans
from ..g18xx.market import Market
from ..g18xx.money import BANK, Money
from ..g18xx.shares import POOL, Shares
from . import board as b
from . import linerounds
from .actions import CODEC, Action
from .economy import LOAN_RULES, MAJOR_SHARES, STADTBAHN_SHARES, market_grid, share_rules
from .entities import PLAYERS, entities
from .flow import FLOW, record
from .profile import profile as get_profile
from .setup import SITE, lines_in_play, setup_draw
from .trams import Depot
from .world import LineCard, World, player_holder

OPTIONS: Final = ("profile", "three_player_small")


def new_world(players: Sequence[str], options: Mapping[str, Any], seed: int) -> World:
    """III: set up a game (the seed draws the Lines, and on 18xx.games the majors)."""
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise InvalidAction(f"Unknown 1840 options: {', '.join(sorted(unknown))}")
    n = len(players)
    if n not in PLAYERS:
        raise InvalidAction("1840 is a game for 2 to 6 players", rule="1840 II")
    name = options.get("profile")
    if name is not None and not isinstance(name, str):
        raise InvalidAction('\'profile\' must be "rulebook" or "18xx.games"')
    prof = get_profile(name or "rulebook")
    small = options.get("three_player_small", False)
    if not isinstance(small, bool):
        raise InvalidAction("'three_player_small' must be true or false")
    if small and n != 3:
        raise InvalidAction("The reduced board is for 3 players", rule="1840 XII")
    setup = setup_draw(seed, n, prof.name, three_player_small=small)
    money = Money(None)  # III.5: "Bankkapital: unlimitiert"
    holders = [player_holder(s) for s in range(n)]
    for h in holders:
        money.open(h, "player")
        money.transfer(BANK, h, setup.starting_cash, "starting capital (III.3)")
    shares = Shares(holders, share_rules(n))
    for major in setup.majors:
        shares.add_corporation(major, MAJOR_SHARES, director=True)
        for cert in shares.certs[major][1:]:
            shares.move(cert, POOL)  # III.5: the shares lie in the share pool
    market = Market(market_grid())
    for sym, spec in setup.stadtbahn.items():
        shares.add_corporation(sym, STADTBAHN_SHARES, director=False)
        for cert in shares.certs[sym]:
            shares.move(cert, POOL)
        market.par(sym, "stadtbahn", spec.par)  # III.5: their markers on the marked cells
    state = b.initial_state(setup.variant, prof.unbuilt_stations_are_stops)
    in_play = lines_in_play(setup.variant)
    for line in b.lines():
        if line not in in_play:
            state.release(line)
    w = World(
        profile=prof,
        setup=setup,
        players=list(players),
        money=money,
        shares=shares,
        market=market,
        loans=Loans(LOAN_RULES),
        map=state,
        depot=Depot.for_players(setup.trams),
        deck=setup.deck,
        order=list(range(n)),
        voucher=[True] * n,
        open_majors=list(setup.majors),
        private_owner={p: None for p in setup.privates},
        lines={s: LineCard(s, b.lines()[s]["home"]) for s in in_play},
        offer=list(setup.lines_revealed),
        stadtbahn=list(setup.stadtbahn),
    )
    for line in setup.lines_revealed:
        w.lines[line].status = "offer"
    FLOW.begin(w)
    return w


# --- the round track (flow.py: the rounds and steps as data) ----------------------------


def active_seat(w: World) -> int | None:
    """The seat to act now (None once the game is over)."""
    if w.over:
        return None
    return FLOW.active(w)


def acting_entity(w: World) -> tuple[str | None, str]:
    """(entity, kind): the major or Line acting now, or the player."""
    acting = FLOW.acting(w)
    if acting is not None:
        return acting
    seat = active_seat(w)
    return (None if seat is None else player_holder(seat)), "player"


# --- privates sold to the bank (IV.2, "jederzeit") --------------------------------------


def private_sellers(w: World, seat: int) -> list[str]:
    """Holders whose privates `seat` may sell to the bank now: its own; and the acting
    major's (or the acting Line's major's) if `seat` directs it."""
    out = [player_holder(seat)]
    major = FLOW.corporation(w)
    if major is not None and w.director(major) == seat:
        out.append(major)
    return out


def sellable_privates(w: World, seat: int) -> list[str]:
    """The privates `seat` may sell to the bank now (IV.2): none while they are being sold
    (VI), nor in a Stock Round on 18xx.games (its Stock Round has no such step, V34)."""
    if w.round_entry.kind == "PRE":
        return []  # the privates are still being sold (VI)
    if w.step == "stock" and not w.profile.privates_to_bank_in_stock_round:
        return []
    holders = private_sellers(w, seat)
    return [p for p, o in sorted(w.private_owner.items()) if o in holders]


def _sell_private(w: World, private: str) -> None:
    owner = w.private_owner[private]
    assert owner is not None
    price = w.face_value(private)
    w.pay(BANK, owner, price, f"{private} sold to the bank", "1840 IV.2")
    w.private_owner[private] = None
    del w.private_owner[private]
    if owner in w.majors:
        w.majors[owner].privates.remove(private)
        w.touch_map()  # its sight bonus is gone from the routes
    who = owner if owner in w.majors else w.name(w.seat_of(owner))
    name = entities()["privates"][private]["name"]
    w.add_log(f"{who} sells {name} to the bank for {price}")


def _end_by_hand(w: World) -> None:
    """18xx.games' `end_game`: the game stops here and is scored as it stands (its
    `result` is the players' values at that moment, report.md (c))."""
    record(w)
    w.over = True
    w.ended_by_hand = True
    w.step = "over"
    w.add_log("The game was ended by hand on 18xx.games; the players' values now are final")


# --- the title ---------------------------------------------------------------------------


@register
class Vienna1840(TitleState[Action]):
    """1840 Vienna Tramways (German rulebook, seed 002; or the 18xx.games profile)."""

    codec = CODEC
    TITLE: ClassVar[str] = "1840"
    NAME: ClassVar[str] = "1840 Vienna Tramways"
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    BOT_LEVELS: ClassVar[tuple[str, ...]] = ("easy", "normal")

    def __init__(self, world: World) -> None:
        self.w = world
        self._legal: tuple[int, int, list[JsonDict]] | None = None
        self._version = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Vienna1840:
        cache, self.w.cache = self.w.cache, {}  # derived data: not copied
        try:
            return Vienna1840(copy.deepcopy(self.w, memo))
        finally:
            self.w.cache = cache

    @classmethod
    def create(cls, players: Sequence[str], options: Mapping[str, Any], rng: Rng) -> Self:
        return cls(new_world(players, options, rng.state))

    # --- positions (position.py) -------------------------------------------------------------

    POSITION_VERSION = 1

    @classmethod
    def from_position(
        cls, players: Sequence[str], options: Mapping[str, Any], rng: Rng, body: Mapping[str, Any]
    ) -> Self:
        from .position import read

        return read(cls, players, options, body)

    def position(self) -> JsonDict:
        from .position import write

        return write(self.w)

    @property
    def active(self) -> int | None:
        return active_seat(self.w)

    def legal_actions(self, seat: int) -> list[JsonDict]:
        if self._legal is not None and self._legal[:2] == (self._version, seat):
            return json_copy(self._legal[2])  # the caller's own: the cache stays as is
        w = self.w
        if w.over or active_seat(w) != seat:
            return []
        out = FLOW.legal(w, seat)
        out += [{"type": "sell_private", "private": p} for p in sellable_privates(w, seat)]
        if w.profile.name == SITE:
            out.append({"type": "end_game"})  # the site's end by hand (V40); bots never take it
        self._legal = (self._version, seat, out)
        return json_copy(out)

    def check(self, action: Mapping[str, Any], seat: int) -> Action:
        a = CODEC.decode(action)
        w = self.w
        if w.over:
            raise IllegalAction("The game is over", rule="1840 XI")
        if active_seat(w) != seat:
            raise NotYourTurn(f"It is {w.name(active_seat(w) or 0)}'s turn", rule="1840 turn order")
        if a.type == "end_game":
            if w.profile.name != SITE:
                # XI: "Das Spiel endet am Ende der CR6"; only 18xx.games ends one by hand.
                raise IllegalAction(
                    "Only a game recorded on 18xx.games can be ended by hand (its end_game)",
                    rule="1840 XI",
                )
            return a
        if a.type == "sell_private":
            if w.step == "stock" and not w.profile.privates_to_bank_in_stock_round:
                raise IllegalAction(
                    "On 18xx.games no private goes back to the bank in a Stock Round",
                    rule="1840 IV.2 (18xx.games)",
                )
            if a.private not in sellable_privates(w, seat):
                raise IllegalAction(
                    "You may sell your own privates (or those of the major you are acting "
                    "for) to the bank at face value",
                    rule="1840 IV.2",
                )
            return a
        FLOW.check(w, a, seat)
        return a

    def execute(self, action: Action) -> Effects:
        w = self.w
        before = active_seat(w)
        w.log = []
        w.events = []
        self._version += 1
        if action.type == "end_game":
            _end_by_hand(w)
        elif action.type == "sell_private":
            assert action.private is not None
            _sell_private(w, action.private)
        else:
            FLOW.execute(w, action)
        revealed = any(e.get("kind") == "reveal" for e in w.events)
        return Effects(log=list(w.log), barrier=revealed or active_seat(w) != before)

    def view(self, seat: int | None) -> JsonDict:
        from .view import view

        return view(self.w, seat)

    def prompt(self, seat: int | None) -> str:
        from .view import prompt

        return prompt(self.w, seat)

    def result(self) -> JsonDict | None:
        w = self.w
        if not w.over:
            return None
        n = len(w.players)
        scores = [w.value(s) for s in range(n)]
        top = max(scores)
        leaders = [s for s in range(n) if scores[s] == top]
        details = []
        for s in range(n):
            h = player_holder(s)
            details.append(
                {
                    "cash": w.cash(s),
                    "shares": w.share_value(s),
                    "privates": w.private_value(s) if w.profile.privates_in_score else 0,
                    "loans": w.loans.count(h),
                    "loan_penalty": w.loans.penalty(h),
                    "total": scores[s],
                }
            )
        return {
            "winner": leaders[0] if len(leaders) == 1 else None,
            "tied": leaders if len(leaders) > 1 else [],
            "scores": scores,
            "details": details,
            "ranking": sorted(range(n), key=lambda s: (-scores[s], s)),
        }

    def canonical(self) -> JsonDict:
        from .view import canonical

        return canonical(self.w)

    def query(self, kind: str, args: Mapping[str, Any]) -> JsonDict:
        """ "route": `{"line": "4"}` -> the Line's best route on the current map (what its
        tram would earn if it ran now) and the time the exact search took."""
        if kind != "route":
            return super().query(kind, args)
        line = args.get("line")
        w = self.w
        if not isinstance(line, str) or line not in w.lines or w.lines[line].major is None:
            raise InvalidAction(f"No owned Line {quote(line)}")
        start = time.perf_counter()
        w.cache.pop(
            next((k for k in w.cache if k.startswith(f"route:{w.map_version}:{line}:")), ""), None
        )
        route = linerounds.best(w, line)
        ms = (time.perf_counter() - start) * 1000
        summary = linerounds.run_summary(w, line, route)
        if summary is None and route is not None:
            summary = {"stops": list(route.stops), "revenue": route.revenue}
        return {"line": line, "route": summary, "ms": ms}

    def choose_bot_action(self, seat: int, level: str, rng: Rng) -> JsonDict:
        from .bots import choose

        return choose(self, seat, level, rng)
