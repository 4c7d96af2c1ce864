"""1881 12.4-12.13: the S-Bahn's turn in the operating round, through the engine (digest
A-43..A-48; part C cases 44-46, 49, 50, 52, 53)."""

from __future__ import annotations

import pytest

from pygame_core import IllegalAction
from pygame_core.g18xx.tiles import Gauge
from pygame_core.g1881 import subnetworks, track
from pygame_core.g1881.economy import SBAHN, part_holder

from .game_helpers import world
from .positions import gift, phase, price, sold_out, started, tile, train
from .sbahn_helpers import STARTS, act, at, pay_as, plain, sbahn_game, until

SEAT1, SEAT2, SEAT3 = (part_holder(s) for s in (1, 2, 3))
GAUGE = Gauge.NARROW
G4_LAY = {"type": "lay_tile", "hex": "G4", "tile": "29", "rotation": 4}


def test_it_ranks_by_its_marker_among_the_trams_1881_5_1_12_4() -> None:
    """12.4, 5.1 (ST1): the floated S-Bahn operates in the next operating round, by its
    marker's place on the market: every tram still to go ranks below it."""
    g = sbahn_game()
    w = world(g)
    assert w.operated[-1] == SBAHN and w.sbahn is not None
    later = [c for c in w.operating() if c not in w.operated]
    assert later, "the set-up should leave a tram to go after the S-Bahn"
    for corp in later:
        assert w.eco.market.operating_order([corp, SBAHN])[0] == SBAHN


def test_parts_act_in_seat_order_each_buying_its_4s_1881_12_8_C44() -> None:
    """A-43: the main network (the chairman), then seats 1-3 (their holders); 12.8 (C-44):
    each part without a train must buy one; four parts take all four 4S, and no 7S is on
    offer in phase 2."""
    g = sbahn_game()
    seen: list[tuple[str, int | None]] = []
    while world(g).sbahn is not None:
        w = world(g)
        assert w.sbahn is not None
        if not seen or seen[-1][0] != w.sbahn.part:
            seen.append((w.sbahn.part, g.active))
        if w.step == "trains" and not w.trains.trains(w.sbahn.part):
            assert {"type": "done"} not in g.legal_actions(g.active or 0)
            assert all(a["train"].startswith("4S") for a in g.legal_actions(g.active or 0))
        act(g, plain(g))
    assert seen == [(SBAHN, 0), (SEAT1, 1), (SEAT2, 2), (SEAT3, 3)]
    w = world(g)
    assert w.trains.bank.stock["4S"] == []
    assert [len(w.trains.trains(p)) for p in (SBAHN, SEAT1, SEAT2, SEAT3)] == [1, 1, 1, 1]


def test_a_trainless_part_may_not_end_its_purchase_1881_12_8() -> None:
    """12.8: "muß für sein Teilnetz ... eine Bahn erwerben": refused, nothing changes."""
    g = sbahn_game()
    until(g, at(SBAHN, "trains"))
    before = g.state_hash()
    with pytest.raises(IllegalAction) as refused:
        act(g, {"type": "done"})
    assert refused.value.rule == "1881 12.8"
    assert g.state_hash() == before


def test_an_s_tile_linking_a_sub_network_merges_it_at_once_1881_12_5_C45() -> None:
    """12.5, A-44 (C-45): the main network's S tile on G4 links seat 1's depot (G5) to its
    own (G3): seat 1's depot, train and treasury pass to the main network at once, and
    seat 1 neither operates nor takes a commission this round."""
    g = started(sbahn_game(), train(SEAT1))
    w = world(g)
    [given] = w.trains.trains(SEAT1)
    assert G4_LAY in g.legal_actions(0)
    cost = track.outcome(w.map, "G4")
    main, seat = w.eco.money.cash(SBAHN), w.eco.money.cash(SEAT1)
    act(g, G4_LAY)
    w = world(g)
    assert 1 in w.eco.seats_merged and SEAT1 not in subnetworks.parts(w.eco)
    assert SBAHN in w.map.tokens_at("G5", 0) and not w.map.corp_tokens(SEAT1)
    assert w.trains.trains(SBAHN) == [given] and not w.trains.trains(SEAT1)
    assert w.eco.money.cash(SEAT1) == 0
    assert w.eco.money.cash(SBAHN) == main + seat - cost.cost + cost.build_bonus
    parts = set()
    while world(g).sbahn is not None:
        sb = world(g).sbahn
        assert sb is not None
        parts.add(sb.part)
        assert {"type": "take_commission"} not in g.legal_actions(g.active or 0)
        act(g, plain(g))
    assert parts == {SBAHN, SEAT2, SEAT3}


def test_a_part_that_links_itself_ends_its_turn_1881_12_5() -> None:
    """12.5, A-44 (ST5): seat 1 lays the tile that links it to the main network: it merges
    at once and its turn is over; seat 2 acts next."""
    g = sbahn_game()
    until(g, at(SEAT1, "track"))
    assert G4_LAY in g.legal_actions(1)
    act(g, G4_LAY)
    w = world(g)
    assert w.sbahn is not None and w.sbahn.part == SEAT2
    assert SEAT1 in w.sbahn.done and 1 in w.eco.seats_merged
    assert g.active == 2


def test_one_extra_depot_for_40_for_the_whole_s_bahn_1881_12_10_C53() -> None:
    """12.10 (C-53): the main network places the one extra depot on G4 for 40; no part may
    place another."""
    g = sbahn_game()
    act(g, G4_LAY)
    w = world(g)
    assert w.step == "depot"
    cash = w.eco.money.cash(SBAHN)
    assert g.legal_actions(0) == [
        {"type": "place_depot", "hex": "G4", "city": 0},
        {"type": "done"},
    ]
    act(g, {"type": "place_depot", "hex": "G4", "city": 0})
    w = world(g)
    assert w.eco.money.cash(SBAHN) == cash - 40
    assert SBAHN in w.map.tokens_at("G4", 0)
    assert w.charters[SBAHN].next_cost() is None
    while world(g).sbahn is not None:
        assert all(a["type"] != "place_depot" for a in g.legal_actions(g.active or 0))
        act(g, plain(g))


def test_a_route_touches_a_depot_of_its_part_on_any_s_track_1881_A43() -> None:
    """A-43, 8.2: each part runs its own trains; a route must touch a depot of that part,
    and may use S track any part laid. With G3-G4-G5 laid: the main network (G3) and seat
    1 (G5) run on it; seat 2 (J11) has no depot there and runs nothing on it."""
    from pygame_core.g1881.sbahn_turn import part_runs

    g = started(sbahn_game(), tile("G4", "29", 4), *(train(p) for p in (SBAHN, SEAT1, SEAT2)))
    w = world(g)
    main, seat1, seat2 = (part_runs(w, p) for p in (SBAHN, SEAT1, SEAT2))
    assert main.total > 0 and seat1.total == main.total
    route = main.trains[0].route
    assert route is not None and {s.split("-")[0] for s in route.stops} >= {"G3", "G5"}
    assert all(
        t.route is None or not {s.split("-")[0] for s in t.route.stops} & {"G3", "G4", "G5"}
        for t in seat2.trains
    )


def test_the_commission_of_a_part_that_paid_1881_12_5_C46() -> None:
    """12.5, A-48 (C-46): seat 1's part pays: its holder may take 20 from its treasury
    (a decision: he may also decline)."""
    g = sbahn_game()
    pay_as(g, SBAHN, 40, "pay")
    assert world(g).step == "trains"  # the main network: no commission
    pay_as(g, SEAT1, 40, "pay")
    w = world(g)
    assert w.step == "commission"
    assert g.legal_actions(1) == [{"type": "take_commission"}, {"type": "done"}]
    holder, part = w.eco.money.cash("P1"), w.eco.money.cash(SEAT1)
    act(g, {"type": "take_commission"})
    w = world(g)
    assert w.eco.money.cash("P1") == holder + 20 and w.eco.money.cash(SEAT1) == part - 20
    assert w.step == "trains"


def test_a_part_that_withholds_takes_no_commission_1881_12_5() -> None:
    """12.5: the commission only "in der er für sein Netzteil Dividenden ausschüttet"."""
    g = sbahn_game()
    pay_as(g, SEAT1, 40, "withhold")
    w = world(g)
    assert w.step == "trains"
    with pytest.raises(IllegalAction):
        act(g, {"type": "take_commission"})


def test_payouts_are_pooled_per_5_percent_share_1881_12_13_C50() -> None:
    """12.13 (C-50): the parts pay 60 + 40 + 0 (withheld 50) + 30 = 130: 6 per 5 % share,
    the rest (10) to the main network; each part keeps what it withheld; 12.12: three of
    four paid, the price rises."""
    g = sbahn_game()
    w = world(g)
    cash = {p: w.eco.money.cash(p) for p in w.players}
    held = g.view(None)["sbahn"]["holders"]
    price = w.eco.market.price(SBAHN)
    pay_as(g, SBAHN, 60, "pay")
    pay_as(g, SEAT1, 40, "pay")
    pay_as(g, SEAT2, 50, "withhold")
    pay_as(g, SEAT3, 30, "pay")
    until(g, lambda w: w.sbahn is None)
    w = world(g)
    # 6 per 5 % a player holds (P0: chairman 10 % + a 5 % share, so at least 18; the bots
    # may have bought more before this round); commissions were declined.
    assert held["P0"] >= 15
    assert {p: w.eco.money.cash(p) - cash[p] for p in w.players} == {
        p: 6 * (held.get(p, 0) // 5) for p in w.players
    }
    # Each part bought its 4S (300) from 420; seat 2 kept its 50, the main network the 10.
    assert w.eco.money.cash(SBAHN) == 420 - 300 + 10
    assert w.eco.money.cash(SEAT2) == 420 - 300 + 50
    assert w.eco.market.price(SBAHN) > price


@pytest.mark.parametrize(
    ("choices", "move"),
    [
        (("pay", "pay", "withhold", "withhold"), 0),
        (("pay", "withhold", "withhold", "pay"), 0),
        (("pay", "withhold", "withhold", "withhold"), -1),
        (("pay", "pay", "pay", "withhold"), 1),
    ],
)
def test_the_price_follows_the_parts_majority_1881_12_12_C49(
    choices: tuple[str, ...], move: int
) -> None:
    """12.12, A-47 (C-49): a majority of parts paying raises the price, withholding lowers
    it, a tie leaves it."""
    g = sbahn_game()
    price = world(g).eco.market.price(SBAHN)
    for part, choice in zip((SBAHN, SEAT1, SEAT2, SEAT3), choices, strict=True):
        pay_as(g, part, 40, choice)
    until(g, lambda w: w.sbahn is None)
    after = world(g).eco.market.price(SBAHN)
    assert (after > price) - (after < price) == move


def test_buying_at_the_limit_scraps_an_older_s_train_1881_12_7_C52() -> None:
    """12.7, A-45 (C-52): phase 3, limit 3 over all parts: with three S trains the main
    network buys the 7S only by scrapping its own older 4S; seat 3, trainless at the
    limit, may end its purchase (the duty lapses)."""
    parts = (SBAHN, SEAT1, SEAT2)
    g = started(sbahn_game(), phase("3"), *(train(p) for p in parts), gift(SBAHN, 300))
    [old] = world(g).trains.trains(SBAHN)
    until(g, at(SBAHN, "trains"))
    assert g.legal_actions(0) == [
        {"type": "buy_train", "train": "7S-0", "scrap": old},
        {"type": "done"},
    ]
    with pytest.raises(IllegalAction):
        act(g, {"type": "buy_train", "train": "7S-0"})
    act(g, {"type": "buy_train", "train": "7S-0", "scrap": old})
    w = world(g)
    assert w.trains.trains(SBAHN) == ["7S-0"]
    assert old not in w.trains.bank.stock["4S"] and old not in w.trains.returned
    until(g, at(SEAT3, "trains"))
    assert g.legal_actions(3) == [{"type": "done"}]


def test_a_limit_drop_lets_the_chairman_keep_s_trains_1881_A45() -> None:
    """10.7, A-45: the first 4-train (phase 3, limit 3) leaves the four parts with four
    4S: the chairman keeps three of them, from any part."""
    g = sbahn_game()
    until(g, lambda w: w.sbahn is None)  # every part bought its 4S
    w = world(g)
    tram = w.op.corp if w.op is not None else None
    assert tram is not None, "a tram should operate after the S-Bahn"
    g = started(g, sold_out("3"), gift(tram, 1000))  # the 3s sold out: the 4s are on offer
    while world(g).step != "trains":
        act(g, plain(g))
    act(g, {"type": "buy_train", "train": "4-0"})
    w = world(g)
    assert w.step == "discard" and w.discard == [SBAHN] and g.active == 0
    keeps = g.legal_actions(0)
    assert len(keeps) == 4 and all(len(k["keep"]) == 3 for k in keeps)
    act(g, keeps[0])
    w = world(g)
    assert w.trains.count(subnetworks.parts(w.eco)) == 3 and w.step == "trains"


def test_phase_4_scraps_every_part_s_4s_1881_12_7() -> None:
    """12.7 "Die 4er-S-Bahnen werden in Phase 4 verschrottet": every part's 4S leaves."""
    from pygame_core.g1881 import trains as tr

    w = world(started(sbahn_game(), *(train(p) for p in (SBAHN, SEAT1, SEAT2)), phase("3")))
    change = tr.PHASES.after_purchase("3", "5")
    assert change is not None
    rusted = tr.apply_phase_change(w.trains, change)
    assert set(rusted) >= {SBAHN, SEAT1, SEAT2}
    assert w.trains.count((SBAHN, SEAT1, SEAT2)) == 0


def test_the_s_bahn_at_10_is_bankrupt_with_all_its_parts_1881_9_13() -> None:
    """9.13 (A-37): the parts withhold (no runs), the price falls to 10: the S-Bahn is
    bankrupt, every part's depots leave the map, treasuries and trains go to the bank."""
    g = started(sbahn_game(), price(SBAHN, 1, 0))  # 20 (C-34)
    until(g, lambda w: w.sbahn is None)
    w = world(g)
    assert SBAHN in w.eco.closed
    for part in STARTS:
        assert not w.map.corp_tokens(part) and w.eco.money.cash(part) == 0
        assert not w.trains.trains(part)
    assert w.sbahn is None and SBAHN not in w.eco.market.corporations()


def test_the_view_shows_the_parts_and_the_acting_parts_runs_1881_12_5() -> None:
    """The screen's "sbahn" key: every part (id, holder, seat, treasury, trains, depots);
    the acting part with its runs in the trams' shape plus the part id."""
    g = sbahn_game()
    until(g, at(SEAT1, "dividend"))
    view = g.view(1)
    sb = view["sbahn_turn"]
    assert [p["part"] for p in sb["parts"]] == [SBAHN, SEAT1, SEAT2, SEAT3]
    assert [p["holder"] for p in sb["parts"]] == ["P0", "P1", "P2", "P3"]
    assert sb["parts"][1]["depots"] == [["G5", 0]]
    acting = sb["acting"]
    assert acting["part"] == SEAT1 and acting["seat"] == 1
    assert acting["runs"]["part"] == SEAT1
    assert set(acting["runs"]) - {"part"} == set(view["operating"]["runs"])
    assert view["operating"]["part"] == SEAT1
    assert SBAHN in sb["votes"] and sb["extra_depot_cost"] == 40
    assert SBAHN in view["order"]
    assert g.prompt(1).startswith(SEAT1)


def test_actions_out_of_step_are_refused_before_anything_changes_1881_12_11() -> None:
    """12.11 (5.2's order for each part): a run in the track step is refused, citing the
    rule; nothing changes."""
    g = sbahn_game()
    before = g.state_hash()
    with pytest.raises(IllegalAction) as refused:
        act(g, {"type": "run"})
    assert refused.value.rule == "1881 12.11"
    with pytest.raises(IllegalAction):
        g.apply({"type": "done"}, 1)
    assert g.state_hash() == before


def test_an_upgrade_keeps_s_depots_on_s_circles_1881_7_3() -> None:
    """7.3 "Stationen mit einem S im Kreis können nur von der S-Bahn genutzt werden": seat
    3's depot on Grünau (K2, tram + S circle) stays on the S circle of the upgraded tile,
    whose S circle is its third."""
    from pygame_core.g1881.depots import Circle, circles

    w = world(sbahn_game())
    lay = next(
        (h, t, r)
        for h, t, r in track.legal_lays(w.map, track.Builder(SEAT3, "3", 1000, network=GAUGE))
        if h == "K2"
    )
    track.lay(w.map, track.Builder(SEAT3, "3", 1000, network=GAUGE), lay)
    tile, _ = w.map.tile("K2")
    slots = w.map.tokens_at("K2", 0)
    assert len(circles(tile, 0)) == 3
    assert circles(tile, 0)[slots.index(SEAT3)] is Circle.S


def test_a_tram_company_holding_a_seat_acts_through_its_director_1881_12_5_A50() -> None:
    """12.5 "auch als ... Straßenbahn-Gesellschaft", A-50: GBS holds seat 1: GBS's director
    runs the part, and the commission goes to GBS's treasury."""
    g = sbahn_game(buyers=("P0", "GBS", "P2", "P3", "P0"))
    w = world(g)
    director = w.director_seat("GBS")
    assert director is not None
    pay_as(g, SEAT1, 40, "pay")
    w = world(g)
    assert w.step == "commission" and g.active == director
    treasury = w.eco.money.cash("GBS")
    act(g, {"type": "take_commission"})
    assert world(g).eco.money.cash("GBS") == treasury + 20
