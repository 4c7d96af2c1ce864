"""1881's settings for the shared 18xx economy: money, shares, the market, pars.

The rulebook's numbers (seed 004) are frozen tables here, each with its German quote; the
market and the pars are the project's design (board.json `stock_market`, digest B-3/B-4,
flagged invented there), read once per design edition through `source.section`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from ..g18xx.market import Cell, MarketGrid
from ..g18xx.money import BANK, Money
from ..g18xx.sealed import SealedRules
from ..g18xx.shares import ShareRules
from .source import FIRST, per_edition, section

REF: Final = "1881"


def _table1() -> Mapping[int, Mapping[str, Any]]:
    return {int(n): row for n, row in section("players")["table1"].items()}


# Table 1: "Startkapital | 720 | 620 | 520 | 420" and "Papierlimit | 21 | 18 | 15 | 12".
START_CASH: Final = MappingProxyType({n: int(r["start_cash"]) for n, r in _table1().items()})
CERT_LIMIT: Final = MappingProxyType({n: int(r["cert_limit"]) for n, r in _table1().items()})

# 0 Spielmaterial: "30 Scheine zu 1, 3, 10, 30 und 100 TM, 20 Scheine zu 300 TM" = 10,320.
BANK_CASH: Final = int(section("constants")["bank_cash"])

# Table 3: the eight tram companies in number order (start field n = company n).
TRAMS: Final = tuple(str(c["sym"]) for c in section("tram_corporations")["list"])
HOME_FIELD: Final = MappingProxyType(
    {str(c["sym"]): str(c["home_hex"]) for c in section("tram_corporations")["list"]}
)
# "je 8 x 10% + 1 x 20% Direktoraktie": the director's share first.
TRAM_SHARES: Final = (20,) + (10,) * 8

# 12.1: "15 Aktien mit jeweils 5% ..., drei Aufsichtsratmitglied-Aktien zu 5% und eine
# 10%-Aktie mit dem Amt des Aufsichtsratvorsitzenden"; numbered 1-19 (A-41: 2-4 the seats).
SBAHN: Final = str(section("sbahn_corporation")["sym"])
_SBAHN_CERTS: Final = section("sbahn_corporation")["shares"]
SBAHN_SHARES: Final = tuple(int(s["percent"]) for s in _SBAHN_CERTS)
# Certificate index (share number - 1) -> board seat 1..3.
SEATS: Final = MappingProxyType(
    {int(s["number"]) - 1: int(s["seat"]) for s in _SBAHN_CERTS if "seat" in s}
)
SBAHN_UNIT: Final = 5  # the marker is the price of one 5% share

# 4.5: "Kein Spieler darf von einer Gesellschaft mehr als 60 % der Aktien besitzen."
MAX_PERCENT: Final = int(section("constants")["max_percent_per_player"])
# 12.2: "Kein Spieler oder Straßenbahn-Gesellschaft darf mehr als 30% der S-Bahn-Aktien".
SBAHN_CAP: Final = int(section("constants")["sbahn_max_percent"])
# 4.25: "missen von dieser 60% der Neuaktien verkauft worden sein ... Bankpool zählen mit".
FLOAT_PERCENT: Final = int(section("constants")["float_percent"])
# 12.4: "Sind 30% der S-Bahn-Aktien verkauft worden, geht die Gesellschaft ... in Betrieb".
SBAHN_FLOAT_PERCENT: Final = int(section("constants")["sbahn_float_percent"])
# 12.4: "Betriebskapital ... 1680 TM. Der Vorsitzende startet ... mit 25% (420 TM)";
# "Für jede verkaufte Aufsichtsratmitglied-Aktie werden weitere 25% an diese ausgezahlt."
SBAHN_CAPITAL: Final = int(section("constants")["sbahn_capital"])
PART_CAPITAL: Final = int(section("constants")["sbahn_part_capital"])
# 4.26: "den Gesamtwert aller ihrer Aktien (also das Zehnfache ihres Ausgabekurses)".
CAPITAL_TIMES_PAR: Final = 10
# 12.1: "Mit der 2. Spielphase kommen die S-Bahn-Aktien ... Erst jetzt können S-Bahn-Aktien
# gekauft werden."
SBAHN_PHASE: Final = str(section("sbahn_corporation")["available_from_phase"])


# B-4 (invented): the printed par of each company; the S-Bahn's per 5% share.
# `stock_market.par_values` is the one source (tram_corporations' `par_price` is not read).
@per_edition
def pars(edition: int) -> Mapping[str, int]:
    """Each company's par (new shares' price per 10%, the S-Bahn's per 5%) in `edition`."""
    values = section("stock_market", edition)["par_values"]
    return MappingProxyType({str(k): int(v) for k, v in values.items()})


@per_edition
def par_cells(edition: int) -> Mapping[str, Cell]:
    """Each company's par field (row, column) on the market of `edition`."""
    cells = section("stock_market", edition)["par_cells"]
    return MappingProxyType({str(k): (int(v[0]), int(v[1])) for k, v in cells.items()})


# 2.6: "Das Mindestgebot beträgt 20 TM. Es wird in Stufen von 10 TM geboten."
_BID: Final = section("players")["initial_bid"]
BID_RULES: Final = SealedRules(
    minimum=int(_BID["min"]),
    step=int(_BID["step"]),
    ref=REF,
    citations={
        "least bid": "2.6",
        "bid steps": "2.6",
        "bid within cash": "2.5",
        "one sealed bid": "2.5",
    },
)
# 2.9: "jeder Spieler bis zu vier Straßenbahn-Aktien kaufen".
START_PURCHASES: Final = int(section("players")["start_purchases"]["max_tram_shares"])

# Market zones (names in board.json's raw cells: y yellow, c bankrupt, e end, p par).
YELLOW: Final = "yellow"  # 4.4: shares priced here do not count towards the limit
BANKRUPT: Final = "bankrupt"  # 9.13: 10 reached by an operating move
END: Final = "end"  # 4.17 / 9.12: 400 ends the game
_ZONE_FLAGS: Final = {"y": YELLOW, "c": BANKRUPT, "e": END}
PAR_FLAG: Final = "p"  # B-4: a field a company may start on

SHARE_CITATIONS: Final = {
    "corporations buying shares": "4.3",
    "certificate limit": "4.4",
    "holding limit": "4.5",
    "buying back what was sold": "4.8",
    "par before buying": "4.21",
    "director's certificate": "4.24",
    "director change": "4.22",
    "buying needs the cash": "4.3",
}


def share_rules(players: int) -> ShareRules:
    """The share rules for `players` players: Table 1's limit (the yellow zone is outside
    it: the caller passes `uncounted`), 4.5's 60% (the S-Bahn's 30% is its own cap), 4.9
    sales go to the pool, which has no limit (A-12); 4.24 / A-7 the director's share
    changes hands only by a swap, also on a sale; 4.26 / 12.4 new shares are paid to the
    bank (the company gets its whole capital at the float); 4.3 / 10.9 tram companies
    may buy S-Bahn shares; 9.7 pool dividends go to the company, A-11 unsold ones to
    nobody; 12.3 a new chairman hands over his highest-numbered 5% shares (the low
    numbers are board seats, which 12.3 lets him keep). The stock round keeps its own
    record of what was sold (4.8), an OR's record is the company's (A-50)."""
    if players not in CERT_LIMIT:
        raise ValueError(f"1881 is for {min(CERT_LIMIT)} to {max(CERT_LIMIT)} players")
    return ShareRules(
        cert_limit=CERT_LIMIT[players],
        max_percent=MAX_PERCENT,
        pool_limit=100,
        director_sale="swap",
        ipo_payee="bank",
        rebuy_after_sale=True,
        corporate_buyable=frozenset({SBAHN}),
        pool_dividends="corporation",
        ipo_dividends="bank",
        swap_hands_over_last=True,
        ref=REF,
        citations=SHARE_CITATIONS,
    )


def _cell(raw: str) -> tuple[int, str]:
    """ "45y" -> (45, "y")."""
    digits = raw.rstrip("abcdefghijklmnopqrstuvwxyz")
    return int(digits), raw[len(digits) :]


def market_data(edition: int = FIRST) -> dict[str, Any]:
    """board.json's market as `MarketGrid.from_data` reads it: 4.14 a sale one field left
    per selling action (A-5), 4.16 sold out one field right, 4.18 neither past the side
    edge; 9.9 a dividend one field down (price up), 9.10 withholding one field up, 9.11 at
    the bottom / top edge the arrow leads right / left; zones yellow (4.4), bankrupt
    (9.13) and end (4.17); par cells per company kind (B-4). ValueError if a company's
    par field is not marked "p" or does not show its par (`check_pars`)."""
    sm = section("stock_market", edition)
    rows: list[list[int]] = []
    zones: dict[str, list[list[int]]] = {name: [] for name in _ZONE_FLAGS.values()}
    marked: set[Cell] = set()
    for r, raw_row in enumerate(sm["raw_rows"]):
        row = []
        for c, raw in enumerate(raw_row):
            price, flags = _cell(str(raw))
            row.append(price)
            if PAR_FLAG in flags:
                marked.add((r, c))
            for flag, name in _ZONE_FLAGS.items():
                if flag in flags:
                    zones[name].append([r, c])
        rows.append(row)
    cells = par_cells(edition)
    check_pars(rows, marked, cells, pars(edition))
    trams = sorted({cells[c] for c in TRAMS})
    return {
        "rows": rows,
        "par": {"tram": [list(c) for c in trams], "sbahn": [list(cells[SBAHN])]},
        "dividend_rule": "pay_withhold",
        "pay_move": "down",
        "withhold_move": "up",
        "down_edge": "right",
        "up_edge": "left",
        "right_edge": "stay",
        "left_edge": "stay",
        "sale_move": "left",
        "sale_steps": "sale",
        "sold_out_move": "right",
        "trade_stops_at_edge": True,
        "zones": zones,
        "ref": REF,
        "citations": {"par": "4.10"},
    }


def check_pars(
    rows: list[list[int]], marked: set[Cell], cells: Mapping[str, Cell], values: Mapping[str, int]
) -> None:
    """Raise ValueError unless every company has a par field marked "p" on the market that
    shows its par (the design's pars and par fields are three lists that must agree)."""
    for corp in (*TRAMS, SBAHN):
        if corp not in cells or corp not in values:
            raise ValueError(f"1881 market: {corp} needs a par value and a par cell")
        r, c = cells[corp]
        if (r, c) not in marked:
            raise ValueError(f"1881 market: {corp}'s par cell {[r, c]} is not marked 'p'")
        if rows[r][c] != values[corp]:
            raise ValueError(
                f"1881 market: {corp}'s par is {values[corp]}, its cell {[r, c]} shows {rows[r][c]}"
            )


@per_edition
def market_grid(edition: int) -> MarketGrid:
    """1881's stock market of design `edition` (digest B-3): 8 rows, 10 to 400 (edition 1:
    25 columns)."""
    return MarketGrid.from_data(market_data(edition))


def par_kind(corp: str) -> str:
    """The market's par kind of a company: "sbahn" or "tram"."""
    return "sbahn" if corp == SBAHN else "tram"


def par_cell(corp: str, edition: int = FIRST) -> Cell:
    """Where `corp`'s marker starts (2.10: "auf das Ausgangskursfeld")."""
    return par_cells(edition)[corp]


def part_holder(seat: int) -> str:
    """The money holder of the S-Bahn sub-network of board seat `seat` (1-3); the main
    network's treasury is the S-Bahn's own, `SBAHN`."""
    if seat not in SEATS.values():
        raise ValueError(f"The S-Bahn has board seats {sorted(SEATS.values())}, not {seat}")
    return f"{SBAHN}/seat_{seat}"


def new_money(players: list[str]) -> Money:
    """The bank with 10,320 (0), every player paid Table 1's start money (2.2), and a
    treasury for each company and S-Bahn network part (3.5: kept strictly apart)."""
    n = len(players)
    if n not in START_CASH:
        raise ValueError(f"1881 is for {min(START_CASH)} to {max(START_CASH)} players")
    money = Money(BANK_CASH)
    for p in players:
        money.open(p, "player")
        money.transfer(BANK, p, START_CASH[n], "start money (2.2)")
    for corp in (*TRAMS, SBAHN, *(part_holder(s) for s in sorted(SEATS.values()))):
        money.open(corp, "corporation")
    return money
