"""1881's revenue step (seed 004, 9.5-9.13 Auszahlung, Änderung des Aktienkurses; 12.12 and
12.13 for the S-Bahn).

The bank pays the run's result (9.5): the director withholds it (to the treasury) or pays
it out as a dividend, 10 % per share and 20 % for the director's share, the pool's part to
the company (9.7, `Shares.dividend_payouts`); only the boni may be kept back while the
trains' revenue is paid (9.8). Paying moves the price a field down the market (up in value),
withholding or earning nothing a field up (9.9-9.11: the grid's "pay_withhold" rule). At
400 the game ends (9.12, g1881/end.py); at 10 the company is bankrupt (9.13, `go_bankrupt`).

The S-Bahn's network parts each decide for their own result; what they pay out is summed
and shared out per 5 % share, the rest to the main network (12.13; digest A-36), and the
price follows the majority of the parts (12.12). The bank pays through `end.bank_pays`, so
a broken bank writes down what it owes (13.2).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from ..core.errors import IllegalAction, InvalidAction
from ..g18xx.market import Cell, Move
from ..g18xx.money import BANK
from ..g18xx.shares import IPO, Shares
from . import source
from .companies import Economy, recheck_limits
from .economy import SBAHN
from .end import EndState, bank_pays, note_price
from .subnetworks import parts as network_parts
from .trains import TrainState, return_to_bank

# 9.13 "Sinkt der Kurs einer Gesellschaft hierbei auf 10 TM, so ist diese bankrott".
BANKRUPT_PRICE: Final = int(source.section("constants")["bankrupt_price"])


class Choice(StrEnum):
    """The director's decision on a result (9.6, 9.8; digest A-35)."""

    PAY = "pay"  # everything as a dividend
    WITHHOLD = "withhold"  # everything to the treasury
    PAY_KEEP_BONI = "pay, keep boni"  # the trains' revenue paid, the boni to the treasury


@dataclass(frozen=True)
class Result:
    """What a company's (or a network part's) trains earned this operating round: the
    stations' and halts' values (9.2) and the boni (ferry 9.3, periphery 9.4)."""

    trains: int
    boni: int = 0

    def __post_init__(self) -> None:
        for amount in (self.trains, self.boni):
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                raise InvalidAction(f"A result is whole and not negative, not {amount!r}")

    @property
    def total(self) -> int:
        """The whole result."""
        return self.trains + self.boni


def choices(result: Result, *, on_credit: bool = False) -> tuple[Choice, ...]:
    """The decisions open on `result`: with no trains' revenue only withholding (digest
    A-35); keeping the boni only when there are some; a company owing a credit train must
    withhold (15.3 "muß sie solange sparen")."""
    if result.trains == 0 or on_credit:
        return (Choice.WITHHOLD,)
    if result.boni == 0:
        return (Choice.PAY, Choice.WITHHOLD)
    return (Choice.PAY, Choice.WITHHOLD, Choice.PAY_KEEP_BONI)


@dataclass(frozen=True)
class Split:
    """A decision worked out: what goes to the treasury, what is paid out, and whether it
    counts as a dividend for the price (9.9 "ob mit oder ohne Bonus")."""

    to_treasury: int
    paid_out: int

    @property
    def pays(self) -> bool:
        """True if a dividend is paid (the price rises, 9.9)."""
        return self.paid_out > 0


def split(result: Result, choice: Choice, *, on_credit: bool = False) -> Split:
    """Check `choice` on `result` and split it (9.6, 9.8)."""
    if choice not in choices(result, on_credit=on_credit):
        rule = "1881 15.3" if on_credit else "1881 9.8"
        raise IllegalAction(f"{choice.value!r} is not open on this result", rule=rule)
    if choice == Choice.PAY:
        return Split(0, result.total)
    if choice == Choice.PAY_KEEP_BONI:
        return Split(result.boni, result.trains)
    return Split(result.total, 0)


@dataclass(frozen=True)
class Paid:
    """A revenue step done: the split, who was paid what (the company's pool part under
    its own name), the price cell after the move, and whether the company went bankrupt
    (9.13) or the game ends (9.12)."""

    corp: str
    split: Split
    payouts: Mapping[str, int]
    cell: Cell
    bankrupt: bool
    game_end: bool


def _settle(eco: Economy, end: EndState, payouts: Mapping[str, int], corp: str) -> None:
    for payee, amount in payouts.items():
        if payee != BANK:
            bank_pays(eco.money, end, payee, amount, f"{corp} dividend", rule="1881 9.7")


def pay_revenue(
    eco: Economy,
    end: EndState,
    corp: str,
    result: Result,
    choice: Choice,
    *,
    on_credit: bool = False,
) -> Paid:
    """A tram company's revenue step: the bank pays the treasury its part and every holder
    his dividend (pool shares to the company, unsold shares nobody: digest A-11), then the
    price moves (9.9-9.11). A company at 10 after the move is bankrupt (9.13; digest A-37,
    also one already on 10 that cannot fall further); `go_bankrupt` carries it out."""
    if corp == SBAHN:
        raise InvalidAction("The S-Bahn's parts are paid by pay_sbahn")
    parts = split(result, choice, on_credit=on_credit)
    payouts = eco.shares.dividend_payouts(corp, parts.paid_out) if parts.pays else {}
    eco.market.cell(corp)
    if parts.to_treasury:
        bank_pays(eco.money, end, corp, parts.to_treasury, f"{corp} withholds", rule="1881 9.6")
    _settle(eco, end, payouts, corp)
    cell = eco.market.pay_dividend(corp, parts.paid_out)
    bankrupt = not parts.pays and eco.market.grid.price(cell) <= BANKRUPT_PRICE
    paid = {k: v for k, v in payouts.items() if k != BANK}
    return Paid(corp, parts, paid, cell, bankrupt, note_price(end, eco.market, corp))


# --- the S-Bahn ----------------------------------------------------------------------------


def sbahn_payouts(shares: Shares, corp: str, total: int) -> dict[str, int]:
    """12.13: the parts' payouts summed and shared "wie bei der Tram": each 5 % share gets
    floor(total / 20), the 10 % chairman share twice that (digest A-36); pool shares' part
    and the rest left by rounding go to the main network (`corp`); unsold shares' part stays
    with the bank. A tram company holding S-Bahn shares is paid into its treasury (10.9)."""
    if total < 0:
        raise InvalidAction("A dividend is not negative")
    unit = shares.share_size(corp)
    per_unit = total * unit // 100
    # dividend_payouts of 100 gives each payee its percent (pool -> corp, unsold -> bank).
    percents = shares.dividend_payouts(corp, 100)
    out = {p: per_unit * pct // unit for p, pct in percents.items() if p != BANK}
    out[corp] = out.get(corp, 0) + total - per_unit * 100 // unit
    return {p: a for p, a in out.items() if a}


def price_vote(decisions: Sequence[bool]) -> Move | None:
    """12.12: the majority of the parts that operated pays -> the price rises; withholds ->
    it falls; a tie -> it stays (None). One vote per part (digest A-47)."""
    paying = sum(1 for d in decisions if d)
    withholding = len(decisions) - paying
    if paying == withholding:
        return None
    return Move.DOWN if paying > withholding else Move.UP


def pay_sbahn(
    eco: Economy,
    end: EndState,
    results: Mapping[str, Result],
    decisions: Mapping[str, Choice],
    *,
    on_credit: Collection[str] = (),
) -> Paid:
    """The S-Bahn's revenue step: each part that operated (the main network and the
    unconnected sub-networks, `subnetworks.parts`) keeps what its decision keeps (9.6,
    9.8, in its own treasury); the sum paid out is shared by `sbahn_payouts` (12.13); the
    price moves by `price_vote` (12.12). `on_credit`: parts owing a credit train (15.3)."""
    if set(results) != set(decisions) or not results:
        raise InvalidAction("Every operating part decides on its own result")
    unknown = set(results) - set(network_parts(eco))
    if unknown:
        raise InvalidAction(f"Not network parts of the S-Bahn: {', '.join(sorted(unknown))}")
    parts = {p: split(results[p], decisions[p], on_credit=p in on_credit) for p in results}
    total = sum(s.paid_out for s in parts.values())
    payouts = sbahn_payouts(eco.shares, SBAHN, total)
    eco.market.cell(SBAHN)
    for part, s in parts.items():
        if s.to_treasury:
            bank_pays(eco.money, end, part, s.to_treasury, f"{part} withholds", rule="1881 9.6")
    _settle(eco, end, payouts, SBAHN)
    move = price_vote([s.pays for s in parts.values()])
    if move is None:
        cell = eco.market.cell(SBAHN)
    else:
        cell = eco.market.pay_dividend(SBAHN, 1 if move == Move.DOWN else 0)
    overall = Split(sum(s.to_treasury for s in parts.values()), total)
    fell = move == Move.UP and eco.market.grid.price(cell) <= BANKRUPT_PRICE
    return Paid(SBAHN, overall, payouts, cell, fell, note_price(end, eco.market, SBAHN))


# --- bankruptcy ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Bankruptcy:
    """What a bankruptcy took away: the certificates (former holder -> count), the cash of
    each treasury, and the trains now at the bank. Its depots are the board's to remove
    (digest A-37)."""

    corp: str
    certificates: Mapping[str, int]
    treasuries: Mapping[str, int]
    trains: tuple[str, ...]


def go_bankrupt(eco: Economy, trains: TrainState, corp: str) -> Bankruptcy:
    """9.13 "Ihre Aktien sind wertlos und kommen aus dem Spiel, Gesellschaftsvermögen und
    Bahnen gehen zurück an die Bank": every certificate goes back to the bank without
    payment (the company is closed, so nobody buys them again), every treasury (the
    S-Bahn's parts too) is paid to the bank, its trains are the bank's to sell (10.3), its
    marker leaves the market and it never operates again."""
    price = eco.market.price(corp)
    if price > BANKRUPT_PRICE:
        raise IllegalAction(f"{corp} stands at {price}, not bankrupt", rule="1881 9.13")
    owners = network_parts(eco) if corp == SBAHN else (corp,)
    cash = {o: eco.money.cash(o) for o in owners}
    for owner, amount in cash.items():
        if amount:
            eco.money.transfer(owner, BANK, amount, f"{corp} is bankrupt", rule="1881 9.13")
    gone: list[str] = []
    for owner in owners:
        gone += return_to_bank(trains, owner)
    counts: dict[str, int] = {}
    for cert in eco.shares.certs[corp]:
        owner = eco.shares.owner(cert)
        if owner != IPO:
            counts[owner] = counts.get(owner, 0) + 1
            eco.shares.move(cert, IPO)
    eco.market.remove(corp)
    eco.in_play = [c for c in eco.in_play if c != corp]
    eco.floated = [c for c in eco.floated if c != corp]
    eco.closed.append(corp)
    recheck_limits(eco)  # its certificates no longer count (4.4)
    return Bankruptcy(corp, counts, cash, tuple(gone))
