"""Everything a game of 1840 holds, and the small queries the rounds share.

The state is plain mutable data; the rounds (pre.py, stock.py, company.py, linerounds.py)
check an action completely before they change anything, and flow.py moves the game along
the round track. Money only moves through `Money.transfer` (conserved by construction).

Holders of money: the bank, each player ("p0", "p1", ...), each founded major (its
treasury, "Betriebskapital") and each major's income field ("WT/income", "Einkommen",
III.5: "Auch das Geld auf den beiden Feldern ... darf nicht vermischt werden").
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.game import LogEntry
from ..g18xx.auction import Auction
from ..g18xx.board import MapState
from ..g18xx.loans import Loans
from ..g18xx.market import Market
from ..g18xx.money import Money
from ..g18xx.rounds import RoundEntry, Track
from ..g18xx.shares import IPO, POOL, Shares
from ..g18xx.steps.purchase import pay_with_director
from ..g18xx.steps.stock import StockTurn
from ..g18xx.tiles import TileDef
from . import board as b
from .entities import entities, round_track
from .profile import Profile
from .setup import LineDeck, Setup
from .trams import PHASES, Depot, tram_type

LINE_TOKEN_COSTS: Final = (0, 20, 40, 60, 80, 100)  # IX.6, printed on the company sheet
MAX_LINES: Final = 3  # IV.1.2 / VIII.6
SUBSCRIPTION: Final = 350  # III.3: "Bezugsrecht für eine Gesellschaft" worth 350


def track_label(entry: Mapping[str, Any]) -> str:
    """ "Pre", "SR 1", "CR 1", "LR 1a", ..., "End"."""
    if entry["type"] == "PRE":
        return "Pre"
    if entry["type"] == "End":
        return "End"
    return f"{entry['type']} {entry['name']}"


TRACK: Final = Track.of(round_track())


@functools.cache
def phase_at(round_index: int) -> str:
    """The phase once the round track has reached `round_index`."""
    return PHASES.at_rounds(r.label for r in TRACK.through(round_index))


def _moved(sig: str, coord: str, moved: Mapping[int, int]) -> str:
    """A stop's name ("E17-0") after a tile change on `coord` (`board.moved_stops`)."""
    where, part = sig.rsplit("-", 1)
    if where != coord or int(part) not in moved:
        return sig
    return f"{coord}-{moved[int(part)]}"


def player_holder(seat: int) -> str:
    """The money/share holder name of a seat."""
    return f"p{seat}"


def income_holder(major: str) -> str:
    """A major's income field ("Einkommen")."""
    return f"{major}/income"


@dataclass
class Major:
    """A founded tram company (Straßenbahn-Gesellschaft)."""

    sym: str
    director: int
    par: int
    lines: list[str] = field(default_factory=list)
    trams: list[str] = field(default_factory=list)  # trams not on a Line
    privates: list[str] = field(default_factory=list)


@dataclass
class LineCard:
    """A Line (1-18): where its card is, who owns it, its tram and markers."""

    sym: str
    home: str
    status: str = "deck"  # deck | offer | owned | closed
    major: str | None = None
    tram: str | None = None
    tokens_used: int = 0  # markers on the map (the home marker is the first)
    started: bool = False  # has had its first turn
    laid_tile: bool = False  # has laid a tile (IX.4's first-tile rule)
    last_run: dict[str, Any] | None = None


@dataclass
class LineTurn:
    """What a Line has done in its current turn (IX.3)."""

    line: str
    first: bool
    lay: bool = False  # the normal lay or upgrade
    stadtbahn: bool = False  # the Stadtbahn tile
    token: bool = False  # the turn's station marker
    bonus: str | None = None  # a Stadtbahn bonus still to take or pass
    home_choice: bool = False  # the home marker's city is still to choose (OO home)
    ran: bool = False  # 18xx.games profile: ran, may still buy a private, then end_turn
    laid: list[str] = field(default_factory=list)  # hexes that got a tile this turn


@dataclass
class CompanyRound:
    """The Company Round's bookkeeping (VIII)."""

    number: int
    order: list[str]  # CRc: the majors in operating order (fixed for the CR)
    queue: list[tuple[str, str]] = field(default_factory=list)  # (step, major) to come
    current: tuple[str, str] | None = None
    won: list[str] = field(default_factory=list)  # won a Line this CR
    out: list[str] = field(default_factory=list)  # passed when it was theirs to pick
    auction: Auction | None = None
    bought: list[str] = field(default_factory=list)  # bought a tram in this trams step
    dividends_done: bool = False


@dataclass
class World:
    """The full state of a game of 1840."""

    profile: Profile
    setup: Setup
    players: list[str]
    money: Money
    shares: Shares
    market: Market
    loans: Loans
    map: MapState
    depot: Depot
    deck: LineDeck
    order: list[int]  # seats in order-card order (VII.2)
    voucher: list[bool]  # still holds the subscription right (III.3)
    majors: dict[str, Major] = field(default_factory=dict)
    open_majors: list[str] = field(default_factory=list)  # may still be founded (SR1)
    private_owner: dict[str, str | None] = field(default_factory=dict)  # holder or None
    dropped_prices: dict[str, int] = field(default_factory=dict)  # VI: after all passed
    lines: dict[str, LineCard] = field(default_factory=dict)
    offer: list[str] = field(default_factory=list)  # Lines face up for auction (CRe)
    stadtbahn: list[str] = field(default_factory=list)
    stadtbahn_revenue: dict[str, int] = field(default_factory=dict)  # last payout
    round_index: int = 0
    step: str = ""
    auction: Auction | None = None  # the private auction (Pre round)
    choosing: list[int] = field(default_factory=list)  # Pre: seats still to pick a card
    chosen: dict[int, int] = field(default_factory=dict)  # Pre: position -> seat
    sr: StockTurn | None = None
    cr: CompanyRound | None = None
    lr_lines: list[str] = field(default_factory=list)  # Lines of this LR still to act
    turn: LineTurn | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    map_version: int = 0
    over: bool = False
    ended_by_hand: bool = False  # an 18xx.games game ended by its `end_game` (imports)
    # Derived data (track graphs, best routes) keyed by map version; never saved or hashed.
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # --- round track -----------------------------------------------------------------------

    @property
    def round(self) -> dict[str, Any]:
        """The round track entry the game is on."""
        return dict(round_track()[self.round_index])

    @property
    def round_entry(self) -> RoundEntry:
        """The round the game is on, as the rounds machinery sees it (g18xx.rounds)."""
        return TRACK.at(self.round_index)

    @round_entry.setter
    def round_entry(self, entry: RoundEntry) -> None:
        self.round_index = entry.index

    @property
    def round_label(self) -> str:
        return track_label(self.round)

    @property
    def company_round(self) -> int:
        """The number of the current or last Company Round (0 before CR1)."""
        n = 0
        for r in round_track()[: self.round_index + 1]:
            if r["type"] == "CR":
                n = int(r["name"])
        return n

    @property
    def phase(self) -> str:
        """IX.5: the round track starts the phases (`trams.PHASES`: green tiles from LR 2a,
        brown from LR 4a, gray from LR 5a); the phase also sets the red values (IX.8)."""
        return phase_at(self.round_index)

    @property
    def colours(self) -> tuple[str, ...]:
        return PHASES.tiles(self.phase)

    # --- who is who ------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.players[seat]

    def seat_of(self, holder: str) -> int:
        """The seat of a player holder "p3"."""
        return int(holder[1:])

    def cash(self, seat: int) -> int:
        return self.money.cash(player_holder(seat))

    def director(self, major: str) -> int:
        return self.majors[major].director

    def major_of(self, seat: int) -> str | None:
        return next((m.sym for m in self.majors.values() if m.director == seat), None)

    def owned_lines(self) -> list[str]:
        return sorted((s for s, ln in self.lines.items() if ln.status == "owned"), key=int)

    def major_trams(self, major: str) -> list[str]:
        """Every tram of a major: on its Lines and unassigned (VIII.5.3 limit counts all)."""
        m = self.majors[major]
        on_lines = [self.lines[ln].tram for ln in m.lines]
        return [t for t in on_lines if t is not None] + list(m.trams)

    def privates_of(self, holder: str) -> list[str]:
        return [p for p, o in self.private_owner.items() if o == holder]

    def certs(self, seat: int) -> int:
        """VII.3: certificates against the limit: shares (the director's counts one) and
        privates."""
        h = player_holder(seat)
        return self.shares.cert_count(h) + len(self.privates_of(h))

    def companies(self) -> list[str]:
        """Every company with a share price: founded majors, then Stadtbahn companies."""
        return [*self.majors, *self.stadtbahn]

    def sold_out(self, company: str) -> bool:
        """X.3: all of a company's shares in players' hands."""
        return self.shares.percent(POOL, company) == 0 and self.shares.percent(IPO, company) == 0

    # --- values ----------------------------------------------------------------------------

    def share_value(self, seat: int) -> int:
        h = player_holder(seat)
        return sum(self.market.price(c) * self.shares.percent(h, c) // 10 for c in self.companies())

    def face_value(self, private: str) -> int:
        """A private's face value ("Nennwert", IV.2): printed, or (rulebook) as VI lowered
        it when everybody passed ("wird dessen Nennwert um 5 reduziert")."""
        if self.profile.drop_lowers_face_value and private in self.dropped_prices:
            return self.dropped_prices[private]
        return int(entities()["privates"][private]["face_value"])

    def private_value(self, seat: int) -> int:
        return sum(self.face_value(p) for p in self.privates_of(player_holder(seat)))

    def value(self, seat: int) -> int:
        """XI: cash + shares at their price - 200 per loan (+ privates at face value in
        the 18xx.games profile, report (b)4)."""
        total = self.cash(seat) + self.share_value(seat) - self.loans.penalty(player_holder(seat))
        if self.profile.privates_in_score:
            total += self.private_value(seat)
        return total

    # --- money helpers ---------------------------------------------------------------------

    def pay(self, payer: str, payee: str, amount: int, reason: str, rule: str) -> None:
        if amount:
            self.money.transfer(payer, payee, amount, reason, rule=rule)

    def pay_with_director(self, major: str, amount: int, reason: str, rule: str) -> int:
        """The major pays `amount`: its treasury first, then its director, who takes the
        loans needed (VIII.5.3, IX.8). Returns the loans taken."""
        director = player_holder(self.director(major))
        return pay_with_director(self.money, self.loans, major, director, amount, reason, rule)

    def director_can_cover(self, major: str, amount: int) -> bool:
        return self.money.cash(major) >= amount

    def add_log(self, text: str, seat: int | None = None) -> None:
        self.log.append(LogEntry(seat, text))

    def touch_map(self) -> None:
        self.map_version += 1

    def lay_tile(self, coord: str, tile: TileDef, rotation: int) -> None:
        """Lay or upgrade a tile (checked by the caller). Markers and reserved homes move
        with their city (`MapState.lay`, IX.4/IX.5 "in gleicher Weise"); the Lines' last
        runs, drawn on the map until they run again, name their stops on the new tile."""
        old, old_rotation = self.map.tile(coord)
        self.map.lay(coord, tile, rotation)
        moved = b.moved_stops(old, old_rotation, tile, rotation % 6)
        for card in self.lines.values():
            run = card.last_run
            if run is not None and any(s.rsplit("-", 1)[0] == coord for s in run["stops"]):
                run["stops"] = [_moved(s, coord, moved) for s in run["stops"]]
        self.touch_map()

    # --- tiles -----------------------------------------------------------------------------

    def tile_manifest(self) -> Mapping[str, int]:
        """How many of each tile the game has: the rulebook's component list (I.: three
        brown Stadtbahn tiles) or 18xx.games' manifest."""
        if self.profile.three_brown_stadtbahn_tiles:
            return b.rulebook_manifest()
        return b.manifest()

    def tile_supply(self) -> dict[str, int]:
        """The tiles not on the map (replaced tiles come back, IX.5). Rulebook profile:
        L30 and L31 are one physical tile each, usable on G11 (side a) or F24 (side b)."""
        supply = b.available_tiles(self.map, self.tile_manifest())
        if self.profile.shared_station_tiles:
            for name in ("L30", "L31"):
                a, bb = f"{name}a", f"{name}b"
                if supply.get(a, 0) < b.manifest().get(a, 0) or supply.get(
                    bb, 0
                ) < b.manifest().get(bb, 0):
                    supply[a] = supply[bb] = 0
        return supply

    def held_trams(self) -> Iterable[str]:
        for m in self.majors.values():
            yield from self.major_trams(m.sym)

    def tram_type(self, tram: str) -> str:
        return tram_type(tram)
