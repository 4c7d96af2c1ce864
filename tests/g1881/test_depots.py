"""1881 depots (7.1-7.8) and the S-Bahn's extra depot (12.10) on our map: the digest's
cases 25, 26, 53 and 54 (depot side).

Adapted to our map (docs/1881-design.md): GBS starts at Alexanderplatz (G7, two tram
circles and an S circle) and reaches Gesundbrunnen F6, Hallesches Tor H7 and Potsdamer
Platz H6 over printed track; digest 26's SBV/BESTAG deal is played by BChSt (starting
from H6 here) buying GBS's depot at F6.
"""

from __future__ import annotations

import pytest

from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.board import MapState
from pygame_core.g1881 import board as b
from pygame_core.g1881.depots import (
    Charter,
    DepotOffer,
    DepotOrder,
    buy_depot,
    check_buy_depot,
    check_depot,
    depot_places,
    place_depot,
)

TILES = b.tiles()


def alexanderplatz() -> MapState:
    """GBS floated: its start depot at G7."""
    state = b.initial_state()
    state.place_token("G7", 0, "GBS", 0)
    return state


def refused(
    rule: str,
    match: str,
    state: MapState,
    corp: str,
    where: tuple[str, Charter, int],
    *,
    done: bool = False,
) -> None:
    """`check_depot` refuses `corp`'s depot on `where` (hex, charter, cash) citing `rule`,
    and the map is unchanged."""
    coord, charter, cash = where
    before = state.copy()
    with pytest.raises(IllegalAction, match=match) as err:
        check_depot(state, DepotOrder(corp, coord, 0, charter, cash, done))
    assert err.value.rule == rule
    assert state.tokens == before.tokens


def test_c25_7_2_depots_cost_40_80_120_and_then_the_chips_are_gone() -> None:
    """7.2 "Das erste neue Depot ... kostet 40 TM ... das zweite Depot kostet 80 TM das
    dritte 120 TM"; Table 3: GBS has three chips for new depots."""
    state = alexanderplatz()
    charter = Charter.of("GBS")
    paid = []
    for coord in ("F6", "H7", "H6"):
        charter, cost = place_depot(state, DepotOrder("GBS", coord, 0, charter, 500))
        paid.append(cost)
    assert paid == [40, 80, 120]
    assert state.corp_tokens("GBS") == [("G7", 0), ("F6", 0), ("H7", 0), ("H6", 0)]
    refused("1881 7.1", "no depot chip left", state, "GBS", ("H5", charter, 500))


def test_c25_7_1_one_new_depot_per_operating_round() -> None:
    """7.1 "Jede Gesellschaft kann als zweite Aktion in der Betriebsrunde ein neues Depot
    errichten"."""
    state = alexanderplatz()
    assert check_depot(state, DepotOrder("GBS", "F6", 0, Charter.of("GBS"), 40)) == (0, 40)
    refused(
        "1881 7.1", "per operating round", state, "GBS", ("F6", Charter.of("GBS"), 40), done=True
    )
    refused("1881 7.2", "costs 40", state, "GBS", ("F6", Charter.of("GBS"), 39))


def test_c25_7_4_one_depot_per_company_in_a_station() -> None:
    """7.4 "darf jede Gesellschaft nur ein Depot besitzen": G7 has a free tram circle, but
    GBS has its start depot there."""
    state = alexanderplatz()
    assert state.tokens_at("G7", 0).count(None) == 2
    refused("1881 7.4", "already", state, "GBS", ("G7", Charter.of("GBS"), 500))


def test_c25_7_5_an_unstarted_companys_start_field_stays_free() -> None:
    """7.5 "darf dieser nicht blockiert werden": Weißensee's one circle is NBSN's until it
    floats; then the station is NBSN's and full."""
    state = alexanderplatz()
    state.lay("F8", TILES["10"], 1)  # joins the printed halt F7
    assert ("F8", 0) not in depot_places(state, "GBS", Charter.of("GBS"), 500)
    refused("1881 7.5", "NBSN's start field", state, "GBS", ("F8", Charter.of("GBS"), 500))
    state.place_token("F8", 0, "NBSN")
    refused("1881 7.6", "full", state, "GBS", ("F8", Charter.of("GBS"), 500))


def test_c25_7_3_a_depot_needs_reach_and_tram_companies_no_s_circles() -> None:
    """7.3 "nur in einer Station ..., die von einem anderen Depot der bauenden
    Gesellschaft erreicht werden kann ... Stationen mit einem „S" im Kreis können nur
    von der S-Bahn genutzt werden"."""
    state = alexanderplatz()
    refused("1881 7.3", "reaches", state, "GBS", ("L6", Charter.of("GBS"), 500))
    refused("1881 7.3", "no station", state, "GBS", ("F7", Charter.of("GBS"), 500))
    state.place_token("G7", 0, "BESTAG", 1)  # both tram circles taken, the S circle free
    state.place_token("H6", 0, "BChSt")
    refused("1881 7.3", "S circle", state, "BChSt", ("G7", Charter.of("BChSt"), 500))


def test_c54_7_7_a_station_full_of_both_kinds_blocks_every_other_company() -> None:
    """7.7: with its S circle free G7 is not full and BChSt reaches H7 through it; once the
    S-Bahn takes that circle, G7 is full and mixed and blocks BChSt (digest 54)."""
    state = alexanderplatz()
    state.place_token("G7", 0, "BESTAG", 1)
    state.place_token("H6", 0, "BChSt")
    assert ("H7", 0) in depot_places(state, "BChSt", Charter.of("BChSt"), 500)
    state.place_token("G7", 0, "S", 2)
    assert ("H7", 0) not in depot_places(state, "BChSt", Charter.of("BChSt"), 500)
    refused("1881 7.3", "reaches", state, "BChSt", ("H7", Charter.of("BChSt"), 500))
    assert ("H7", 0) in depot_places(state, "GBS", Charter.of("GBS"), 500)  # its own


def test_c53_12_10_the_s_bahn_builds_one_extra_depot_for_40() -> None:
    """12.10 "Die S-Bahn-Gesellschaft kann nur ein zusätzliches Depot bauen. Dieses kostet
    sie 40 TM", in an S circle it reaches on S track."""
    state = alexanderplatz()
    state.place_token("G7", 0, "S", 2)
    state.lay("G8", TILES["26"], 1)  # S track on the Trasse G7 - G8
    charter, cost = place_depot(state, DepotOrder("S", "G8", 0, Charter.of("S"), 500))
    assert cost == 40 and state.tokens_at("G8", 0) == (None, "S")
    refused("1881 12.10", "only one extra depot", state, "S", ("G8", charter, 500))


def _deal() -> tuple[MapState, Charter, Charter]:
    """GBS has depots at F6 (its 40 slot) and H7 (80); BChSt, at H6, has used its 40."""
    state = alexanderplatz()
    gbs = Charter.of("GBS")
    for coord in ("F6", "H7"):
        gbs, _ = place_depot(state, DepotOrder("GBS", coord, 0, gbs, 500))
    state.place_token("H6", 0, "BChSt")
    return state, Charter.of("BChSt").take(), gbs


def test_c26_7_8_buying_a_foreign_depot() -> None:
    """7.8: BChSt (next slot 80) buys GBS's depot at F6 for 80 to the bank and 45 to GBS;
    GBS's chip returns to its most expensive empty slot, so its next depot costs 80."""
    state, bchst, gbs = _deal()
    assert gbs.next_cost() == 120
    deal = buy_depot(state, DepotOffer("BChSt", "GBS", "F6", 0, (bchst, gbs), 45, 200))
    assert (deal.bank, deal.seller_gets) == (80, 45)
    assert state.tokens_at("F6", 0) == ("BChSt",)
    assert deal.buyer.next_cost() == 120
    assert deal.seller.out == (True, False, False) and deal.seller.next_cost() == 80


@pytest.mark.parametrize(
    ("seller", "coord", "premium", "cash", "match"),
    [
        ("GBS", "G7", 45, 500, "start depot"),  # "Das Startdepot ... nie verkauft"
        ("GBS", "F6", 39, 500, "at least 40"),  # "mindestens jedoch 40 TM"
        ("GBS", "F6", 45, 124, "has 124"),
        ("BESTAG", "F6", 45, 500, "no depot"),
    ],
)
def test_c26_7_8_refused_purchases(
    seller: str, coord: str, premium: int, cash: int, match: str
) -> None:
    """7.8's conditions, each refused with the rule and nothing changed."""
    state, bchst, gbs = _deal()
    before = state.copy()
    with pytest.raises(IllegalAction, match=match) as err:
        check_buy_depot(state, DepotOffer("BChSt", seller, coord, 0, (bchst, gbs), premium, cash))
    assert err.value.rule == "1881 7.8"
    assert state.tokens == before.tokens


def test_c26_7_8_no_purchase_without_a_free_chip_or_out_of_reach() -> None:
    """7.8 "falls diese noch einen freien Chip zum Auswechseln hat ... Es kann nur ein
    Depot erworben werden, das von einem Depot des Käufers erreichbar ist"."""
    state, bchst, gbs = _deal()
    spent = Charter(bchst.costs, (True, True, True))
    with pytest.raises(IllegalAction, match="no free chip") as err:
        check_buy_depot(state, DepotOffer("BChSt", "GBS", "F6", 0, (spent, gbs), 45, 500))
    assert err.value.rule == "1881 7.8"
    far = alexanderplatz()
    far.place_token("L6", 0, "SBV")
    far_gbs, _ = place_depot(far, DepotOrder("GBS", "F6", 0, Charter.of("GBS"), 500))
    with pytest.raises(IllegalAction, match="reaches") as err:
        offer = DepotOffer("SBV", "GBS", "F6", 0, (Charter.of("SBV"), far_gbs), 45, 500)
        check_buy_depot(far, offer)
    assert err.value.rule == "1881 7.8"
