"""The whole state of one 1881 game: the parts' states side by side, and what the rounds
keep between actions (whose company operates, which step, what it built this round).

The parts own their rules (companies, bid, stock, track, depots, runs, revenue, trains,
end); `World` only holds them together with the round track (`round_entry`, `step`) so
`flow.FLOW` can dispatch. Saves are the game's actions (the core replays them);
`canonical` is the full state as plain data for the state hash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ..core.game import LogEntry
from ..g18xx.board import MapState
from ..g18xx.money import BANK
from ..g18xx.render import map_json
from ..g18xx.rounds import RoundEntry
from .bid import BidState
from .board import homes, initial_state
from .companies import Economy, new_economy
from .depots import Charter
from .economy import TRAMS
from .end import EndState
from .offers import Offer
from .runs import CompanyRuns
from .source import FIRST
from .stock import StockState
from .track import NO_BUILDS, Builder, TrackTurn, legal_lays
from .trains import TrainState

if TYPE_CHECKING:
    from .sbahn_turn import SbahnTurn
    from .sbahn_veto import Board

JsonDict = dict[str, Any]
OVER: Final = "over"

# The operating round's steps (the round track's `step`: flow.py, sbahn_turn.py).
TRACK: Final = "track"
DEPOT: Final = "depot"
RUN: Final = "run"
DIVIDEND: Final = "dividend"
TRAINS: Final = "trains"
DISCARD: Final = "discard"


@dataclass
class Operating:
    """The operating company's turn: the company, what it built (6.1), whether it placed
    a depot (7.1), its runs (8.x) once run, and the boni its lays earned (9.4, 6.16 is
    paid at once)."""

    corp: str
    built: TrackTurn = NO_BUILDS
    depot_done: bool = False
    runs: CompanyRuns | None = None
    periphery: int = 0
    offer: Offer | None = None  # waiting for the seller's answer (10.5, 7.8)
    refused: tuple[str, ...] = ()  # items offered for and refused this turn (offers.py)


@dataclass
class World:
    """One game: players, options, the parts' states, the round track and the log."""

    players: list[str]
    double_track: bool  # variant 1 (14)
    credit: bool  # variant 2 (15)
    eco: Economy
    trains: TrainState
    map: MapState
    end: EndState
    charters: dict[str, Charter]
    auctioneer: int
    round_entry: RoundEntry = field(default_factory=lambda: RoundEntry("BID"))
    step: str = ""
    bid: BidState | None = None
    sr: StockState | None = None
    priority: int = 0
    operated: list[str] = field(default_factory=list)
    op: Operating | None = None
    discard: list[str] = field(default_factory=list)
    over: bool = False
    log: list[LogEntry] = field(default_factory=list)
    history: list[JsonDict] = field(default_factory=list)
    map_version: int = 0  # counts changes of the map (tiles, depots): the caches' key
    cache: dict[tuple[object, ...], Any] = field(default_factory=dict)
    # 12.5: the S-Bahn network parts whose start depot is settled (start_depots.py).
    start_depots: list[str] = field(default_factory=list)
    # SS4: those of them settled without a depot (no free S circle, or nobody to place it):
    # the S-Bahn's depots on the map are the others' plus its charter's (position checks).
    no_start_depot: list[str] = field(default_factory=list)
    sbahn: SbahnTurn | None = None  # the S-Bahn's turn while it operates (sbahn_turn.py)
    sbahn_ready: bool = False  # 12.4: floated before an operating round began
    s_veto: bool = False  # option: the board's veto and vote (12.6, A-49; sbahn_veto.py)
    board: Board | None = None  # the board's proposal and refusals (sbahn_veto.py)

    @property
    def edition(self) -> int:
        """The design edition the game is played with (source.py); the economy keeps it
        (its pars and market are the edition's), the map's tables follow its board."""
        return self.eco.edition

    def director_seat(self, corp: str) -> int | None:
        """The seat directing `corp` (None: nobody); a tram company holding the S-Bahn's
        chair acts through its own director (10.9, digest A-50)."""
        holder = self.eco.shares.director(corp)
        if holder in self.players:
            return self.players.index(holder)
        if holder in TRAMS and holder != corp:
            return self.director_seat(holder)
        return None

    def operating(self) -> list[str]:
        """The tram companies that operate: floated, not bankrupt (4.27, 9.13)."""
        return [c for c in self.eco.floated if c in TRAMS and c not in self.eco.closed]

    def legal_lays(self, builder: Builder) -> list[tuple[str, str, int]]:
        """`track.legal_lays` for `builder` on the map now, kept until the map changes."""
        key = ("lays", self.map_version, builder)
        if key not in self.cache:
            self.cache.clear()
            self.cache[key] = legal_lays(self.map, builder)
        found: list[tuple[str, str, int]] = self.cache[key]
        return list(found)

    def say(self, text: str, seat: int | None = None) -> None:
        """A log line everyone may read."""
        self.log.append(LogEntry(seat, text))

    def _options(self) -> JsonDict:
        out: JsonDict = {"double_track": self.double_track, "credit": self.credit}
        if self.edition != FIRST:  # only past edition 1: older games keep their state hash
            out["edition"] = self.edition
        return out

    def canonical(self) -> JsonDict:
        """The full state (secrets included) as plain data (fields added later appear
        once set, so older games keep their state hash)."""
        out: JsonDict = {
            "players": list(self.players),
            "options": self._options(),
            "eco": self.eco.to_dict(),
            "trains": self.trains.to_dict(),
            "map": map_json(self.map),
            "end": self.end.to_dict(),
            "charters": {c: list(ch.out) for c, ch in sorted(self.charters.items())},
            "round": [self.round_entry.kind, self.round_entry.name, self.round_entry.index],
            "step": self.step,
            "bid": None if self.bid is None else self.bid.to_dict(),
            "sr": None if self.sr is None else self.sr.to_dict(),
            "priority": self.priority,
            "operated": list(self.operated),
            "op": None if self.op is None else _op_json(self.op),
            "discard": list(self.discard),
            "over": self.over,
        }
        if self.start_depots:
            out["start_depots"] = list(self.start_depots)
        if self.no_start_depot:  # only once it happens: older games keep their state hash
            out["no_start_depot"] = list(self.no_start_depot)
        if self.sbahn_ready:  # only once the S-Bahn operates: older saves keep their hash
            out["sbahn"] = None if self.sbahn is None else self.sbahn.to_dict()
            out["sbahn_ready"] = self.sbahn_ready
        if self.s_veto:  # only with the option: older games keep their state hash
            out["s_veto"] = True
            out["board"] = None if self.board is None else self.board.to_dict()
        return out


def _op_json(op: Operating) -> JsonDict:
    out: JsonDict = {
        "corp": op.corp,
        "built": list(op.built.built),
        "upgraded": op.built.upgraded,
        "depot_done": op.depot_done,
        "revenue": None if op.runs is None else [op.runs.train_revenue, op.runs.bonuses],
        "periphery": op.periphery,
    }
    # Only when set: the states (and old saves' checksums) of games without offers stay as
    # they were.
    if op.offer is not None:
        out["offer"] = op.offer.to_dict()
    if op.refused:
        out["refused"] = list(op.refused)
    return out


def new_world(
    players: list[str],
    auctioneer: int,
    *,
    double_track: bool,
    credit: bool,
    edition: int = FIRST,
) -> World:
    """A new game of design `edition`: start money paid (2.2), all shares new, an empty map
    with every home reserved (7.5), all trains at the bank (2.1)."""
    eco = new_economy(players, edition)
    return World(
        players=players,
        double_track=double_track,
        credit=credit,
        eco=eco,
        trains=TrainState.new(),
        map=initial_state(edition),
        end=EndState(),
        charters={c: Charter.of(c) for c in TRAMS},
        auctioneer=auctioneer,
    )


def place_homes(w: World) -> None:
    """4.26: a floated company's start depot goes on its start field."""
    for corp in w.eco.floated:
        if corp not in TRAMS or corp in w.eco.closed or w.map.corp_tokens(corp):
            continue
        home = homes(w.edition)[corp]
        w.map.place_token(home.hex, home.part, corp)
        w.map_version += 1
        w.say(f"{corp} places its start depot on {home.hex}")


def bank_cash(w: World) -> int:
    """What the bank still holds."""
    return w.eco.money.cash(BANK)
