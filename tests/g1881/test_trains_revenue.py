"""1881's revenue step (g1881/revenue.py) and the S-Bahn's network parts (g1881/subnetworks.py):
seed 004 sections 9.5-9.13, 12.3-12.5, 12.12, 12.13; digest cases C-32, C-33, C-34, C-45,
C-46, C-49, C-50. The market is board.json's (economy.market_grid): value(r, c) =
ladder[r + c], SBV's par 70 at (3, 6)."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction, InvalidAction
from pygame_core.g18xx.market import Move
from pygame_core.g18xx.money import BANK
from pygame_core.g18xx.shares import IPO, POOL
from pygame_core.g1881 import subnetworks as net
from pygame_core.g1881.companies import Economy, new_economy
from pygame_core.g1881.economy import SBAHN, part_holder
from pygame_core.g1881.end import EndState
from pygame_core.g1881.revenue import (
    Choice,
    Result,
    choices,
    go_bankrupt,
    pay_revenue,
    pay_sbahn,
    price_vote,
    sbahn_payouts,
)
from pygame_core.g1881.trains import TRAM, TrainState, offer

PLAYERS = ["P1", "P2", "P3", "P4"]


def economy() -> Economy:
    return new_economy(PLAYERS)


def hold(eco: Economy, corp: str, owners: list[str]) -> None:
    """Certificate i of `corp` to owners[i] (the rest stay unsold)."""
    for cert, owner in zip(eco.shares.certs[corp], owners, strict=False):
        eco.shares.move(cert, owner)


def sbv(eco: Economy, cell: tuple[int, int] = (3, 6)) -> None:
    """C-32's SBV: director P1, four 10 % shares with players, two in the pool, two unsold."""
    hold(eco, "SBV", ["P1", "P2", "P3", "P4", "P2", POOL, POOL])
    eco.market.place("SBV", cell)
    eco.in_play.append("SBV")
    eco.floated.append("SBV")


def test_c32_dividend_per_share_and_pool_to_the_treasury() -> None:
    """1881 9.7 (C-32): revenue 120: the director's 20 % gets 24, each 10 % 12, the two pool
    shares 24 to SBV's treasury, the unsold ones nothing; 9.9: the price rises a row."""
    eco = economy()
    sbv(eco)
    cash = {p: eco.money.cash(p) for p in PLAYERS}
    bank = eco.money.cash(BANK)
    paid = pay_revenue(eco, EndState(), "SBV", Result(120), Choice.PAY)
    assert dict(paid.payouts) == {"P1": 24, "P2": 24, "P3": 12, "P4": 12, "SBV": 24}
    assert {p: eco.money.cash(p) - cash[p] for p in PLAYERS} == {
        "P1": 24,
        "P2": 24,
        "P3": 12,
        "P4": 12,
    }
    assert eco.money.cash("SBV") == 24 and bank - eco.money.cash(BANK) == 96
    assert paid.cell == (4, 6) and eco.market.price("SBV") > 70 and not paid.bankrupt


def test_c32_withholding_fills_the_treasury_and_lowers_the_price() -> None:
    """1881 9.6 / 9.10 (C-32): withholding puts all 120 in the treasury; up a row."""
    eco = economy()
    sbv(eco)
    paid = pay_revenue(eco, EndState(), "SBV", Result(120), Choice.WITHHOLD)
    assert eco.money.cash("SBV") == 120 and paid.payouts == {} and paid.cell == (2, 6)


@pytest.mark.parametrize(
    ("start", "choice", "end"),
    [((7, 6), Choice.PAY, (7, 7)), ((0, 6), Choice.WITHHOLD, (0, 5))],
)
def test_c32_the_arrows_at_the_edges(
    start: tuple[int, int], choice: Choice, end: tuple[int, int]
) -> None:
    """1881 9.11 (C-32): a dividend in the bottom row moves right; withholding in the top
    row moves left."""
    eco = economy()
    sbv(eco, start)
    assert pay_revenue(eco, EndState(), "SBV", Result(60), choice).cell == end


def test_c33_pay_the_trains_keep_the_boni() -> None:
    """1881 9.8 (C-33): 90 from the trains and a 40 ferry bonus: "pay, keep boni" pays 90
    out, puts 40 in the treasury, and the price rises."""
    eco = economy()
    sbv(eco)
    paid = pay_revenue(eco, EndState(), "SBV", Result(90, boni=40), Choice.PAY_KEEP_BONI)
    assert paid.split.paid_out == 90 and paid.payouts["P1"] == 18
    assert eco.money.cash("SBV") == 40 + 18  # the boni, and the pool's 20 % of 90
    assert paid.cell == (4, 6)


def test_only_the_boni_can_be_kept_and_no_revenue_means_withhold() -> None:
    """1881 9.8: the trains' revenue cannot be split; A-35: without it only withholding;
    15.3: a company owing a credit train must withhold."""
    assert choices(Result(90)) == (Choice.PAY, Choice.WITHHOLD)
    assert choices(Result(0, boni=100)) == (Choice.WITHHOLD,)
    assert choices(Result(90, boni=40), on_credit=True) == (Choice.WITHHOLD,)
    eco = economy()
    sbv(eco)
    with pytest.raises(IllegalAction) as err:
        pay_revenue(eco, EndState(), "SBV", Result(90), Choice.PAY_KEEP_BONI)
    assert err.value.rule == "1881 9.8" and eco.market.cell("SBV") == (3, 6)
    with pytest.raises(IllegalAction) as err:
        pay_revenue(eco, EndState(), "SBV", Result(90), Choice.PAY, on_credit=True)
    assert err.value.rule == "1881 15.3"
    with pytest.raises(InvalidAction):
        Result(-10)


def test_c34_bankrupt_at_10() -> None:
    """1881 9.13 (C-34): a company at (1, 0) = 20 withholds -> (0, 0) = 10 -> bankrupt: its
    shares leave the players, treasury and trains go to the bank, its marker leaves the
    market; its trains are then sold at printed price (10.3)."""
    eco = economy()
    sbv(eco, (1, 0))
    eco.money.transfer(BANK, "SBV", 75, "treasury")
    trains = TrainState.new()
    trains.bank.stock["2"].remove("2-4")
    trains.owned["SBV"] = ["2-4"]
    paid = pay_revenue(eco, EndState(), "SBV", Result(0), Choice.WITHHOLD)
    assert paid.cell == (0, 0) and paid.bankrupt
    bank = eco.money.cash(BANK)
    gone = go_bankrupt(eco, trains, "SBV")
    assert dict(gone.certificates) == {"P1": 1, "P2": 2, "P3": 1, "P4": 1, POOL: 2}
    assert gone.treasuries == {"SBV": 75} and eco.money.cash(BANK) == bank + 75
    assert eco.shares.percent("P1", "SBV") == 0 and eco.shares.percent(IPO, "SBV") == 100
    assert "SBV" in eco.closed and "SBV" not in eco.in_play
    assert "SBV" not in eco.market.corporations()
    assert "2-4" in offer(trains, TRAM) and trains.trains("SBV") == []


def test_a_company_above_10_is_not_bankrupt() -> None:
    """1881 9.13: only a price of 10 reached by operating makes a company bankrupt."""
    eco = economy()
    sbv(eco, (2, 0))
    assert not pay_revenue(eco, EndState(), "SBV", Result(0), Choice.WITHHOLD).bankrupt
    with pytest.raises(IllegalAction) as err:
        go_bankrupt(eco, TrainState.new(), "SBV")
    assert err.value.rule == "1881 9.13"


# --- the S-Bahn ----------------------------------------------------------------------------

SEAT1, SEAT2, SEAT3 = (part_holder(s) for s in (1, 2, 3))


def sbahn(eco: Economy) -> None:
    """The chairman P1 (10 % + one 5 %), the seats with P2, P3 and GBS (a tram company),
    one 5 % share in the pool, the rest unsold; the marker on its par (84, (3, 9))."""
    hold(eco, SBAHN, ["P1", "P2", "P3", "GBS", "P1", POOL])
    eco.market.place(SBAHN, (3, 9))
    eco.in_play.append(SBAHN)
    eco.floated.append(SBAHN)


def test_s_bahn_parts_are_the_main_network_and_the_sold_seats() -> None:
    """1881 12.4 / 12.5: each sold board-member share runs its own sub-network."""
    eco = economy()
    sbahn(eco)
    assert net.parts(eco) == (SBAHN, SEAT1, SEAT2, SEAT3)
    assert net.operator(eco, SBAHN) == "P1" and net.operator(eco, SEAT3) == "GBS"
    assert net.buyer(eco, SEAT1).group == (SBAHN, SEAT1, SEAT2, SEAT3)
    with pytest.raises(InvalidAction):
        net.buyer(eco, "S/seat_9")


def test_c50_the_parts_payouts_are_summed_and_shared_per_5_percent() -> None:
    """1881 12.13 (C-50, A-36): parts pay 60 + 40 + 0 (withheld) + 30 = 130: each 5 % share
    floor(130 / 20) = 6, the chairman's 10 % 12; the pool's 6 and the rest of 130 - 20 x 6 =
    10 go to the main network; unsold shares get nothing; a tram company's part goes to its
    treasury (10.9). The withholding part keeps its result."""
    eco = economy()
    sbahn(eco)
    cash = {h: eco.money.cash(h) for h in (*PLAYERS, "GBS", SBAHN, SEAT2)}
    results = {SBAHN: Result(60), SEAT1: Result(40), SEAT2: Result(50), SEAT3: Result(30)}
    decisions = {SBAHN: Choice.PAY, SEAT1: Choice.PAY, SEAT2: Choice.WITHHOLD, SEAT3: Choice.PAY}
    paid = pay_sbahn(eco, EndState(), results, decisions)
    assert dict(paid.payouts) == {"P1": 18, "P2": 6, "P3": 6, "GBS": 6, SBAHN: 16}
    gained = {h: eco.money.cash(h) - c for h, c in cash.items()}
    assert gained == {"P1": 18, "P2": 6, "P3": 6, "P4": 0, "GBS": 6, SBAHN: 16, SEAT2: 50}
    assert paid.split.paid_out == 130 and paid.cell == (4, 9)  # 3 of 4 paid: up (12.12)


def test_sbahn_payouts_alone() -> None:
    """1881 12.13 (C-50): the chairman's share is paid twice the 5 % share, not 10 %."""
    eco = economy()
    hold(eco, SBAHN, ["P1", "P2"])
    assert sbahn_payouts(eco.shares, SBAHN, 130) == {"P1": 12, "P2": 6, SBAHN: 10}
    with pytest.raises(InvalidAction):
        sbahn_payouts(eco.shares, SBAHN, -1)


@pytest.mark.parametrize(
    ("votes", "move"),
    [
        ([True, True, True, False], Move.DOWN),
        ([True, True, False, False], None),
        ([True, False, False], Move.UP),
        ([False], Move.UP),
    ],
)
def test_c49_the_majority_of_the_parts_moves_the_price(
    votes: list[bool], move: Move | None
) -> None:
    """1881 12.12 (C-49): 3 pay, 1 withholds -> up (a row down); 2-2 -> no move; 1 pays, 2
    withhold -> down."""
    assert price_vote(votes) == move


def test_c49_a_tie_leaves_the_s_bahn_where_it_is() -> None:
    """1881 12.12 (C-49): "Bei Gleichheit bleibt der Kurs stehen"."""
    eco = economy()
    sbahn(eco)
    results = {SBAHN: Result(60), SEAT1: Result(40), SEAT2: Result(50), SEAT3: Result(30)}
    pays = {SBAHN: Choice.PAY, SEAT1: Choice.WITHHOLD, SEAT2: Choice.WITHHOLD, SEAT3: Choice.PAY}
    assert pay_sbahn(eco, EndState(), results, pays).cell == (3, 9)
    with pytest.raises(InvalidAction):
        pay_sbahn(eco, EndState(), {"GBS": Result(10)}, {"GBS": Choice.PAY})
    with pytest.raises(IllegalAction) as err:  # 15.3: a part owing a credit train withholds
        pay_sbahn(eco, EndState(), results, pays, on_credit={SEAT3})
    assert err.value.rule == "1881 15.3" and eco.market.cell(SBAHN) == (3, 9)


def test_c46_commission_for_an_unconnected_part_that_paid() -> None:
    """1881 12.5 (C-46): a seat whose part paid takes 20 from that part's treasury (also a
    tram company holding the seat, into its treasury); not the main network, not without
    a dividend, not with less than 20 in the treasury."""
    eco = economy()
    sbahn(eco)
    for part in (SEAT1, SEAT3, SBAHN):
        eco.money.transfer(BANK, part, 420, "capital")
    p2 = eco.money.cash("P2")
    assert net.take_commission(eco, SEAT1, paid=True) == 20
    assert eco.money.cash(SEAT1) == 400 and eco.money.cash("P2") == p2 + 20
    net.take_commission(eco, SEAT3, paid=True)
    assert eco.money.cash("GBS") == 20
    for part, paid in ((SBAHN, True), (SEAT1, False), (SEAT2, True)):
        with pytest.raises(IllegalAction) as err:
            net.check_commission(eco, part, paid=paid)
        assert err.value.rule == "1881 12.5"


def test_c45_a_sub_network_joined_by_s_track_merges() -> None:
    """1881 12.5 (C-45): S track links seat 1's depot (I4) with a main depot (G4): its
    depots, trains and treasury pass to the main network at once; no more commission.
    Two sub-networks linked only to each other stay apart (A-44)."""
    eco = economy()
    sbahn(eco)
    eco.money.transfer(BANK, SEAT1, 300, "capital")
    trains = TrainState.new()
    trains.owned = {SBAHN: ["4S-0"], SEAT1: ["4S-1"]}
    depots = {SBAHN: ["G4"], SEAT1: ["I4"], SEAT2: ["G8"], SEAT3: ["I11"]}
    linked = [{"G4", "I4", "K2"}, {"G8", "I11"}]

    def reach(hex_id: str) -> set[str]:
        return next((group for group in linked if hex_id in group), {hex_id})

    assert net.due_by_track(eco, depots, reach) == [1]
    merged = net.merge(eco, trains, depots, 1)
    assert (merged.depots, merged.trains, merged.cash) == (("I4",), ("4S-1",), 300)
    assert depots[SBAHN] == ["G4", "I4"] and SEAT1 not in depots
    assert trains.trains(SBAHN) == ["4S-0", "4S-1"] and eco.money.cash(SBAHN) == 300
    assert net.parts(eco) == (SBAHN, SEAT2, SEAT3) and 1 in eco.seats_merged
    with pytest.raises(InvalidAction):
        net.check_commission(eco, SEAT1, paid=True)
    assert net.due_by_track(eco, depots, reach) == []


def test_c48_a_seat_merged_by_its_share_hands_over_what_it_holds() -> None:
    """1881 12.5 / 12.3 (C-48, C-47): a seat the share side merged (sold to the pool, or held
    by the chairman) passes its trains and treasury to the main network."""
    eco = economy()
    sbahn(eco)
    eco.money.transfer(BANK, SEAT2, 120, "capital")
    trains = TrainState.new()
    trains.owned = {SEAT2: ["4S-2"]}
    depots = {SEAT2: ["G8"]}
    eco.seats_merged.append(2)
    merged = net.settle_merges(eco, trains, depots)
    assert [m.seat for m in merged] == [2] and eco.money.cash(SBAHN) == 120
    assert trains.trains(SBAHN) == ["4S-2"] and depots == {SBAHN: ["G8"]}
    assert net.settle_merges(eco, trains, depots) == []


def test_an_s_bahn_bankruptcy_takes_every_part() -> None:
    """1881 9.13 / 12.11: a bankrupt S-Bahn gives back the treasuries and trains of all its
    parts."""
    eco = economy()
    sbahn(eco)
    eco.market.remove(SBAHN)
    eco.market.place(SBAHN, (0, 0))
    eco.money.transfer(BANK, SEAT1, 50, "capital")
    trains = TrainState.new()
    trains.owned = {SBAHN: ["4S-0"], SEAT1: ["4S-1"]}
    gone = go_bankrupt(eco, trains, SBAHN)
    assert gone.trains == ("4S-0", "4S-1") and gone.treasuries[SEAT1] == 50
    assert eco.money.cash(SEAT1) == 0 and SBAHN in eco.closed
