"""1881 Berlin as a title of the engine: setup, who acts (every seat at once during the
sealed bid), and the dispatch of actions to the rounds (flow.py)."""

from __future__ import annotations

import copy
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Final, Self

from ..core.errors import GameIsOver, InvalidAction, NotYourTurn, quote
from ..core.game import Effects, JsonDict, TitleState, is_int, json_copy, register
from ..core.rng import Rng
from . import bid as bidding
from .actions import CODEC, Action
from .economy import START_CASH, TRAMS
from .end import totals
from .flow import BIDDING, FLOW, company_runs
from .source import FIRST, editions, latest
from .world import World, new_world

# Variant 1 (14, Doppelgleis), variant 2 (15, Bahnen auf Kredit) and the S-Bahn board's
# veto (12.6, digest A-49; sbahn_veto.py): off unless chosen. "edition": the design
# edition (source.py): a new game gets the latest (`new_game_options`), a game without
# it is edition 1 (saves, links and positions from before editions).
EDITION: Final = "edition"
OPTIONS: Final = ("double_track", "trains_on_credit", "s_veto", EDITION)


def _flag(options: Mapping[str, Any], name: str) -> bool:
    value = options.get(name, False)
    if not isinstance(value, bool):
        raise InvalidAction(f"{name!r} must be true or false, not {quote(value)}")
    return value


def edition_option(options: Mapping[str, Any]) -> int:
    """The design edition `options` name (1 if none); InvalidAction for one that does not
    exist."""
    value = options.get(EDITION, FIRST)
    if not is_int(value) or value not in editions():
        known = ", ".join(map(str, editions()))
        raise InvalidAction(f"1881 option {EDITION!r} must be one of {known}, not {quote(value)}")
    return int(value)


@register
class Berlin1881(TitleState[Action]):
    """1881 Berlin (German rulebook, seed 004; board and prices: the project's design)."""

    codec = CODEC
    TITLE: ClassVar[str] = "1881"
    NAME: ClassVar[str] = "1881 Berlin"
    MIN_PLAYERS: ClassVar[int] = min(START_CASH)
    MAX_PLAYERS: ClassVar[int] = max(START_CASH)
    BOT_LEVELS: ClassVar[tuple[str, ...]] = ("easy", "normal", "hard")

    def __init__(self, world: World) -> None:
        self.w = world
        self._legal: tuple[int, int, list[JsonDict]] | None = None
        self._version = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Berlin1881:
        return Berlin1881(copy.deepcopy(self.w, memo))

    @classmethod
    def create(cls, players: Sequence[str], options: Mapping[str, Any], rng: Rng) -> Self:
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise InvalidAction(f"Unknown 1881 options: {', '.join(sorted(map(str, unknown)))}")
        if not cls.MIN_PLAYERS <= len(players) <= cls.MAX_PLAYERS:
            raise InvalidAction("1881 is a game for 3 to 6 players", rule="1881 1")
        # 2.4: one player runs the bid; the seed draws him.
        w = new_world(
            list(players),
            rng.below(len(players)),
            double_track=_flag(options, "double_track"),
            credit=_flag(options, "trains_on_credit"),
            edition=edition_option(options),
        )
        w.s_veto = _flag(options, "s_veto")
        FLOW.begin(w)
        return cls(w)

    @classmethod
    def new_game_options(cls, options: Mapping[str, Any]) -> JsonDict:
        """A new game without an edition is played with the latest one, and its options
        (so its save, link and positions) say which."""
        return {**options} if EDITION in options else {**options, EDITION: latest()}

    # --- positions (position.py) -----------------------------------------------------------

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

    # --- who acts ------------------------------------------------------------------------

    @property
    def acting(self) -> tuple[int, ...]:
        w = self.w
        if w.over:
            return ()
        if w.step == BIDDING and w.bid is not None:
            return tuple(bidding.waiting(w.bid))
        seat = FLOW.active(w)
        return () if seat is None else (seat,)

    @property
    def active(self) -> int | None:
        acting = self.acting
        return acting[0] if acting else None

    def legal_actions(self, seat: int) -> list[JsonDict]:
        if self._legal is not None and self._legal[:2] == (self._version, seat):
            return json_copy(self._legal[2])
        if seat not in self.acting:
            return []
        out = FLOW.legal(self.w, seat)
        self._legal = (self._version, seat, out)
        return json_copy(out)

    def refresh(self) -> None:
        """Forget the cached legal actions (after the state was changed by hand: tests)."""
        self._legal = None
        self.w.cache.clear()

    # --- actions -------------------------------------------------------------------------

    def check(self, action: Mapping[str, Any], seat: int) -> Action:
        a = replace(CODEC.decode(action), seat=seat)
        w = self.w
        if w.over:
            raise GameIsOver("The game is over", rule="1881 13")
        if seat not in self.acting:
            names = " and ".join(w.players[s] for s in self.acting) or "nobody"
            raise NotYourTurn(f"Only {names} may act now", rule="1881 turn order")
        FLOW.check(w, a, seat)
        return a

    def execute(self, action: Action) -> Effects:
        w = self.w
        before = self.acting
        sealed = w.step == BIDDING
        w.log = []
        self._version += 1
        FLOW.execute(w, action)
        revealed = sealed and w.step != BIDDING
        return Effects(
            log=list(w.log),
            barrier=revealed or (not sealed and self.acting != before),
            sealed=sealed,
        )

    # --- what is seen --------------------------------------------------------------------

    def view(self, seat: int | None) -> JsonDict:
        from .view import view

        return view(self, seat)

    def prompt(self, seat: int | None) -> str:
        from .view import prompt

        return prompt(self, seat)

    def result(self) -> JsonDict | None:
        w = self.w
        if not w.over:
            return None
        eco = w.eco
        scores_by = totals(w.players, eco.money, eco.shares, eco.market, w.end)
        scores = [scores_by[p] for p in w.players]
        top = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == top]
        return {
            "winner": leaders[0] if len(leaders) == 1 else None,
            "tied": leaders if len(leaders) > 1 else [],
            "scores": scores,
            "ranking": sorted(range(len(scores)), key=lambda s: (-scores[s], s)),
        }

    def canonical(self) -> JsonDict:
        return self.w.canonical()

    def query(self, kind: str, args: Mapping[str, Any]) -> JsonDict:
        """ "best_runs": `{"company": "1"}` -> the company's proven best runs on the map
        now (routes, revenue per train, boni) and the time the search took."""
        if kind != "best_runs":
            return super().query(kind, args)
        corp = args.get("company")
        if not isinstance(corp, str) or corp not in TRAMS:
            raise InvalidAction(f"No tram company {quote(corp)}")
        start = time.perf_counter()
        runs = company_runs(self.w, corp)
        ms = (time.perf_counter() - start) * 1000
        return {
            "company": corp,
            "trains": [
                {
                    "train": t.train,
                    "stops": None if t.route is None else list(t.route.stops),
                    "revenue": t.revenue,
                    "shuttle": t.shuttle,
                }
                for t in runs.trains
            ],
            "total": runs.total,
            "ms": ms,
        }

    def choose_bot_action(self, seat: int, level: str, rng: Rng) -> JsonDict:
        from .bots import choose

        return choose(self, seat, level, rng)
