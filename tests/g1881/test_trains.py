"""1881's trains and phases (g1881/trains.py): seed 004 sections 10, 11, 12.7-12.9, 15 and
Tabelle 2 / 7, digest cases C-35 to C-38, C-44, C-52 and C-57 (prices as board.json has them:
220/330/440/550/660 and 300/600/900, digest part P)."""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction, InvalidAction
from pygame_core.g18xx.money import BANK, Money
from pygame_core.g1881 import trains as tr
from pygame_core.g1881.trains import SBAHN, TRAM, Buyer, TrainState

GBS = Buyer("GBS", TRAM)
SBV = Buyer("SBV", TRAM)
PARTS = ("S", "S1", "S2", "S3")


def part(name: str) -> Buyer:
    return Buyer(name, SBAHN, PARTS)


def money(**cash: int) -> Money:
    m = Money(10_000)
    for name, amount in cash.items():
        m.open(name, "player" if name.startswith("P") else "corporation")
        m.transfer(BANK, name, amount, "setup")
    return m


def sell_all(state: TrainState, name: str) -> None:
    """Empty the bank's stock of type `name` (as if sold to nobody in particular)."""
    state.bank.stock[name] = []


def own(state: TrainState, **owned: list[str]) -> None:
    """Give trains to owners, taking them out of the bank's stock."""
    for owner, trains in owned.items():
        for t in trains:
            stock = state.bank.stock[tr.train_type(t).name]
            if t in stock:
                stock.remove(t)
        state.owned[owner] = list(trains)


def at_phase(phase: str) -> TrainState:
    """A state in `phase` with the lower tram levels sold out."""
    state = TrainState.new()
    for name, upto in (("2", "2"), ("3", "3"), ("4", "4")):
        if phase >= upto:
            sell_all(state, name)
    if phase == "4":
        sell_all(state, "4S")  # rusted at the start of phase 4 (12.7)
    state.phase = phase
    return state


def test_tables_come_from_the_design_data() -> None:
    """Tabelle 7: 9/6/4/4/4 trams and 4/1/1 S trains, 33 cards; Tabelle 2: limits 4/4/3/2."""
    assert [(t.name, t.count, t.price) for t in tr.PHASES.trains] == [
        ("2", 9, 220),
        ("3", 6, 330),
        ("4", 4, 440),
        ("5", 4, 550),
        ("6", 4, 660),
        ("4S", 4, 300),
        ("7S", 1, 600),
        ("9S", 1, 900),
    ]
    assert sum(len(v) for v in TrainState.new().bank.stock.values()) == 33
    assert [tr.PHASES.train_limit(p) for p in "1234"] == [4, 4, 3, 2]


def test_c35_only_the_lowest_level_is_sold() -> None:
    """1881 10.3 (C-35): 3s are refused while 2s remain; the offer is one train of the level."""
    state = TrainState.new()
    assert tr.offer(state, TRAM) == {"2-0": 220}
    assert tr.offer(state, SBAHN) == {}
    with pytest.raises(IllegalAction) as err:
        tr.check_buy(state, GBS, "3-0", 1000)
    assert err.value.rule == "1881 10.3"


def test_c35_director_adds_at_most_a_quarter() -> None:
    """1881 10.1 (C-35): treasury 170 for a 220 -> the director adds 50 (cap 55); treasury
    160 -> 60 missing > 55 -> refused; nothing changes on a refusal."""
    state = TrainState.new()
    m = money(GBS=170, P1=100)
    plan, _ = tr.buy(state, m, GBS, "2-0", director="P1")
    assert (plan.from_treasury, plan.from_director) == (170, 50)
    assert m.cash("GBS") == 0 and m.cash("P1") == 50 and state.trains("GBS") == ["2-0"]
    m2 = money(SBV=160, P2=100)
    with pytest.raises(IllegalAction) as err:
        tr.buy(state, m2, SBV, "2-1", director="P2")
    assert (
        err.value.rule == "1881 10.1" and m2.cash("SBV") == 160 and "2-1" in state.bank.stock["2"]
    )
    assert tr.check_buy(state, SBV, "2-1", 165, director="P2", director_cash=55).from_director == 55


def test_director_without_the_cash_cannot_add() -> None:
    """1881 10.1: the director adds from his private cash: with too little, refused."""
    state = TrainState.new()
    with pytest.raises(IllegalAction):
        tr.check_buy(state, GBS, "2-0", 200, director="P1", director_cash=10)


def test_c36_first_3_starts_phase_2() -> None:
    """1881 11.1 (C-36): the first 3 bought starts phase 2 at once; 2 ORs from the next set
    (A-14); the S trains come on offer (10.3)."""
    state = at_phase("1")
    sell_all(state, "2")
    m = money(GBS=1000)
    plan, rusted = tr.buy(state, m, GBS, "3-0")
    assert plan.change is not None and state.phase == "2" and rusted == {}
    assert tr.operating_rounds("1") == 1 and tr.operating_rounds(state.phase) == 2
    assert tr.offer(state, SBAHN) == {"4S-0": 300}


def test_c36_first_4_rusts_the_2s_and_the_limit_drops() -> None:
    """1881 11.2 / Tabelle 2 (C-36): the first 4 scraps every 2, the buyer's too; limit 3;
    excess trains are chosen and leave the game (A-16)."""
    state = at_phase("2")
    own(state, GBS=["2-0", "3-0", "3-1"], SBV=["2-1", "3-2", "3-3", "3-4"])
    sell_all(state, "3")
    m = money(GBS=1000)
    _, rusted = tr.buy(state, m, GBS, "4-0")
    assert state.phase == "3" and rusted == {"GBS": ["2-0"], "SBV": ["2-1"]}
    assert state.trains("GBS") == ["3-0", "3-1", "4-0"]
    assert tr.excess(state, ["SBV"]) == 0 and tr.excess(state, ["GBS"]) == 0


def test_c36_first_5_rusts_3s_and_4s_and_excess_is_chosen() -> None:
    """1881 12.7 / Tabelle 2 (C-36): the first 5 scraps the 3s and the 4S, unsold ones too;
    limit 2: the director keeps two, the rest leave the game (A-16)."""
    state = at_phase("3")
    own(state, GBS=["3-0", "4-0"], SBV=["4-1", "4-2", "3-1"], S=["4S-0", "7S-0"])
    state.bank.stock["4"] = []
    state.bank.stock["4S"] = ["4S-1", "4S-2", "4S-3"]
    m = money(GBS=1000)
    _, rusted = tr.buy(state, m, GBS, "5-0")
    assert state.phase == "4"
    assert rusted["GBS"] == ["3-0"] and rusted["S"] == ["4S-0"] and "4S-1" in rusted[BANK]
    assert state.bank.stock["4S"] == [] and tr.PHASES.train_limit("4") == 2
    assert tr.excess(state, ["SBV"]) == 0
    state.owned["SBV"].append("4-3")
    assert tr.excess(state, ["SBV"]) == 1
    with pytest.raises(IllegalAction):
        tr.discard_excess(state, ["SBV"], ["4-1"])
    assert tr.discard_excess(state, ["SBV"], ["4-1", "4-3"]) == ["4-2"]
    assert state.trains("SBV") == ["4-1", "4-3"]


def test_the_chairman_chooses_the_s_bahns_excess_trains() -> None:
    """1881 10.7 / 12.7 (A-45): four parts with a 4S each; the first 4 starts phase 3 (limit
    3, counting every part): the chairman keeps three, from any parts; one leaves."""
    state = at_phase("2")
    own(state, S=["4S-0"], S1=["4S-1"], S2=["4S-2"], S3=["4S-3"])
    sell_all(state, "3")
    tr.buy(state, money(GBS=440), GBS, "4-0")
    assert state.phase == "3" and tr.excess(state, PARTS) == 1 and tr.excess(state, ["S"]) == 0
    with pytest.raises(IllegalAction):
        tr.discard_excess(state, PARTS, ["4S-0", "4S-1"])
    assert tr.discard_excess(state, PARTS, ["4S-0", "4S-1", "4S-3"]) == ["4S-2"]
    assert state.trains("S2") == [] and state.count(PARTS) == 3


def test_a_phase_change_must_start_from_the_current_phase() -> None:
    state = at_phase("2")
    with pytest.raises(InvalidAction):
        tr.apply_phase_change(state, tr.PHASES.change("3", "4"))
    assert state.phase == "2"


def test_c36_6s_only_after_all_5s() -> None:
    """1881 10.3 (C-36): the 6s come only when every 5 is sold; 7S/9S beside them."""
    state = at_phase("4")
    assert set(tr.offer(state, TRAM)) == {"5-0"}
    assert set(tr.offer(state, SBAHN)) == {"7S-0", "9S-0"}
    sell_all(state, "5")
    assert tr.offer(state, TRAM) == {"6-0": 660}


def test_tram_limit_and_no_scrapping() -> None:
    """1881 10.7 / 10.6: a full tram company cannot buy, and may not scrap to make room."""
    state = at_phase("1")
    own(state, GBS=["2-0", "2-1", "2-2", "2-3"])
    state.bank.stock["2"] = ["2-4"]
    with pytest.raises(IllegalAction) as err:
        tr.check_buy(state, GBS, "2-4", 1000)
    assert err.value.rule == "1881 10.7"
    with pytest.raises(IllegalAction) as err:
        tr.check_buy(state, GBS, "2-4", 1000, scrap="2-0")
    assert err.value.rule == "1881 10.6"


def test_c37_mandatory_train() -> None:
    """1881 10.8 (C-37, A-17): a trainless company whose treasury pays the cheapest train
    must buy; with less it may stay trainless; one with a train need not buy."""
    state = at_phase("2")
    assert tr.must_buy(state, GBS, 330)
    with pytest.raises(IllegalAction) as err:
        tr.check_done(state, GBS, 330)
    assert err.value.rule == "1881 10.8"
    tr.check_done(state, GBS, 329)
    own(state, GBS=["3-0"])
    tr.check_done(state, GBS, 5000)


def test_c38_train_from_another_company() -> None:
    """1881 10.5 (C-38, A-19): a sale between companies at 1 TM is legal, starts no phase;
    refused: price 0, no agreement, a credit train (15.4), a tram for the S-Bahn (12.9)."""
    state = at_phase("2")
    own(state, GBS=["3-0"], SBV=[])
    m = money(GBS=0, SBV=5, S=5)
    with pytest.raises(InvalidAction):
        tr.buy_from(state, m, SBV, "GBS", "3-0", 0, agreed=True)
    with pytest.raises(IllegalAction):
        tr.buy_from(state, m, SBV, "GBS", "3-0", 1, agreed=False)
    with pytest.raises(IllegalAction) as err:
        tr.buy_from(state, m, part("S"), "GBS", "3-0", 1, agreed=True)
    assert err.value.rule == "1881 12.9"
    tr.buy_from(state, m, SBV, "GBS", "3-0", 1, agreed=True)
    assert state.trains("SBV") == ["3-0"] and m.cash("GBS") == 1 and state.phase == "2"
    state.credit["SBV"] = "3-0"
    with pytest.raises(IllegalAction) as err:
        tr.check_buy_from(state, GBS, "SBV", "3-0", 1, 100, agreed=True)
    assert err.value.rule == "1881 15.4"


def test_c44_each_network_part_buys_a_4s() -> None:
    """1881 12.8 (C-44): each part without a train must buy a 4S; four parts take all four;
    the 7S comes only in phase 3 (12.7)."""
    state = at_phase("2")
    m = money(S=420, S1=420, S2=420, S3=420)
    for name in PARTS:
        assert tr.must_buy(state, part(name), 420)
        tr.buy(state, m, part(name), next(iter(tr.offer(state, SBAHN))))
        tr.check_done(state, part(name), m.cash(name))
    assert state.bank.stock["4S"] == [] and tr.offer(state, SBAHN) == {}
    assert "7S-0" in tr.offer(at_phase("3"), SBAHN)


def test_a_tram_company_cannot_buy_s_trains() -> None:
    """1881 10.9 (C-52): "Straßenbahn-Gesellschaften können keine S-Bahnen erwerben"."""
    with pytest.raises(IllegalAction) as err:
        tr.check_buy(at_phase("2"), GBS, "4S-0", 1000)
    assert err.value.rule == "1881 10.9"


def test_c52_s_bahn_scraps_an_older_train_at_the_limit() -> None:
    """1881 12.7 (C-52): in phase 3 (limit 3, all parts together, A-45) with three S trains,
    buying a 7S needs scrapping an older S train of the buying part."""
    state = at_phase("3")
    own(state, S=["4S-0", "4S-1"], S1=["4S-2"])
    m = money(S=700, S1=700)
    with pytest.raises(IllegalAction) as err:
        tr.check_buy(state, part("S"), "7S-0", 700)
    assert err.value.rule == "1881 10.7"
    with pytest.raises(IllegalAction):
        tr.check_buy(state, part("S"), "7S-0", 700, scrap="4S-2")  # not the buyer's
    tr.buy(state, m, part("S"), "7S-0", scrap="4S-0")
    assert state.trains("S") == ["4S-1", "7S-0"] and state.count(PARTS) == 3
    assert "4S-0" not in state.returned and "4S-0" not in state.bank.stock["4S"]


def test_scrapping_is_only_for_room_and_for_older_trains() -> None:
    """1881 12.7: "beim Erwerb einer neuen Bahn jedoch eine ältere verschrottet"."""
    state = at_phase("3")
    own(state, S=["7S-0"], S1=["4S-1"])
    state.bank.stock["4S"] = ["4S-0"]
    with pytest.raises(IllegalAction, match="under its limit"):
        tr.check_buy(state, part("S"), "4S-0", 700, scrap="7S-0")
    own(state, S2=["4S-2"])
    with pytest.raises(IllegalAction, match="older") as err:
        tr.check_buy(state, part("S"), "4S-0", 700, scrap="7S-0")
    assert err.value.rule == "1881 12.7"


def test_bankrupt_trains_go_back_to_the_bank_at_printed_price() -> None:
    """1881 9.13 / 10.3 (C-34, A-20): a bankrupt company's trains are at the bank, sold at
    their printed price beside the current level, and rust as usual."""
    state = at_phase("2")
    own(state, SSC=["2-3", "3-0"])
    assert tr.return_to_bank(state, "SSC") == ["2-3", "3-0"]
    assert tr.offer(state, TRAM) == {"3-1": 330, "2-3": 220, "3-0": 330}
    m = money(GBS=220)
    plan, _ = tr.buy(state, m, GBS, "2-3")
    assert plan.change is None and state.returned == ["3-0"]


def test_train_state_round_trips() -> None:
    state = at_phase("2")
    own(state, GBS=["3-0"])
    state.returned = ["2-1"]
    state.credit = {"GBS": "3-0"}
    assert TrainState.from_dict(state.to_dict()) == state


def test_c57_credit_train() -> None:
    """1881 15 (C-57, A-53): trainless with 100 in phase 2 (330; aid 82) takes a 3 on credit,
    owes 330, may not buy trains; pays when its treasury reaches 330; 5 clips at most."""
    state = at_phase("2")
    m = money(SSC=100)
    ssc = Buyer("SSC", TRAM)
    train, _ = tr.buy_on_credit(state, m, ssc)
    assert train == "3-0" and tr.debt(state, "SSC") == 330 and m.cash("SSC") == 100
    with pytest.raises(IllegalAction) as err:
        tr.check_buy(state, ssc, "3-1", 5000)
    assert err.value.rule == "1881 15.3"
    with pytest.raises(IllegalAction):
        tr.check_credit_free(state, "SSC", "depots")
    assert tr.repay_credit(state, m, "SSC") == 0
    m.transfer(BANK, "SSC", 230, "revenue")
    assert tr.repay_credit(state, m, "SSC") == 330 and state.credit == {}
    with pytest.raises(IllegalAction):
        tr.check_credit(state, ssc, 0)  # owns a train now
    with pytest.raises(IllegalAction):
        tr.check_credit(state, Buyer("SBV", TRAM), 250)  # 250 + 82 >= 330
    state.credit = {f"C{i}": "3-5" for i in range(5)}
    with pytest.raises(IllegalAction) as err:
        tr.check_credit(state, Buyer("SBV", TRAM), 0)
    assert err.value.rule == "1881 15.2"


def test_unknown_train_ids_are_refused() -> None:
    with pytest.raises(InvalidAction):
        tr.train_type("8-0")
    with pytest.raises(InvalidAction):
        Buyer("X", "ship")
