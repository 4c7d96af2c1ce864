"""The S-Bahn's shares in the game (seed 004, 12.1-12.5, 10.9; digest C-41..C-43, C-47,
C-48, C-51, A-42, A-50): offered from phase 2 in number order, the 30% cap, the float at
30% with its 1,680, the start depots placed at once by their holders, the chairman swap,
a seat sold to the pool, the sold-out rise, and tram companies trading S shares in their
train step."""

from __future__ import annotations

import pytest

from pygame_core import Game, IllegalAction, NotYourTurn
from pygame_core.g18xx.money import BANK
from pygame_core.g18xx.shares import IPO, POOL
from pygame_core.g1881.depots import Circle, circles, kind_of
from pygame_core.g1881.economy import PART_CAPITAL, SBAHN, pars, part_holder
from pygame_core.g1881.track import trasse

from .game_helpers import new, play_checked, world
from .positions import Position, gift, owner, phase, started
from .sbahn_helpers import floated
from .test_game_operating import in_step, play_until

BIDS = {0: 50, 1: 20, 2: 110, 3: 70}
PLACE = "place_start_depot"


def phase_2_stock_round(seed: int = 7) -> Game:
    """SR 1 of a 4-player game (P2 then P3, P0, P1 on turn) with phase 2 begun and every
    player given 1,000 more from the bank (money stays in the game)."""
    g = new(4, seed)
    for seat, amount in BIDS.items():
        g.apply({"type": "bid", "amount": amount}, seat)
    for seat, corp in ((2, "BESTAG"), (3, "SSC")):
        for _ in range(2):
            g.apply({"type": "buy", "company": corp}, seat)
        g.apply({"type": "pass"}, seat)
    g.apply({"type": "pass"}, 0)
    g.apply({"type": "pass"}, 1)
    g = started(g, phase("2"), *(gift(p, 1000) for p in g.players))
    w = world(g)
    assert g.acting == (2,) and w.round_entry.label == "SR 1"
    return g


def sbahn_trades_cleared(p: Position) -> None:
    """No tram company has traded S shares in this operating round (10.9)."""
    p["companies"]["sbahn_trades"] = {}


def buy_s(g: Game, seat: int, source: str = IPO) -> None:
    """`seat` buys one S-Bahn share and ends the turn."""
    g.apply({"type": "buy", "company": SBAHN, "source": source}, seat)
    if g.acting == (seat,):
        g.apply({"type": "end_turn"}, seat)


def holders(g: Game) -> list[str]:
    """The holder of each S certificate, in number order."""
    return [c["holder"] for c in g.view(None)["sbahn"]["certificates"]]


def place_first(g: Game) -> tuple[str, int]:
    """The acting seat places the pending start depot on the first place offered."""
    seat = g.active
    assert seat is not None
    legal = g.legal_actions(seat)
    assert legal and {a["type"] for a in legal} == {PLACE}
    g.apply(legal[0], seat)
    return str(legal[0]["hex"]), int(legal[0]["city"])


def test_c41_s_shares_from_phase_2_in_number_order_1881_12_1() -> None:
    """C-41 (12.1): from phase 2 the S-Bahn is offered; share 1, the chairman's 10%, goes
    first for 168 (2 x 84, A-40), then shares 2, 3, 4 (the seats) for 84 each."""
    g = phase_2_stock_round()
    w = world(g)
    assert {"type": "buy", "company": SBAHN, "source": IPO} in g.legal_actions(2)
    cash = w.eco.money.cash("P2")
    buy_s(g, 2)
    assert w.eco.money.cash("P2") == cash - 168
    assert w.eco.shares.director(SBAHN) == "P2" and SBAHN in w.eco.in_play
    cash = w.eco.money.cash("P3")
    buy_s(g, 3)
    assert w.eco.money.cash("P3") == cash - 84
    assert holders(g)[:3] == ["P2", "P3", IPO]
    certs = g.view(None)["sbahn"]["certificates"]
    assert [(c["number"], c["percent"], c["kind"], c["seat"]) for c in certs[:5]] == [
        (1, 10, "chairman", None),
        (2, 5, "seat", 1),
        (3, 5, "seat", 2),
        (4, 5, "seat", 3),
        (5, 5, "ordinary", None),
    ]


def _float_by_four(g: Game) -> None:
    """P2 chairman, P3 seat 1, P0 seat 2, P1 seat 3, P2 buys a tram share, then P3 buys
    share 5: 30% sold."""
    for seat in (2, 3, 0, 1):
        buy_s(g, seat)
    g.apply({"type": "buy", "company": "BESTAG", "source": IPO}, 2)
    g.apply({"type": "end_turn"}, 2)
    g.apply({"type": "buy", "company": SBAHN, "source": IPO}, 3)


def test_c43_the_float_at_30_percent_pays_1680_into_the_parts_1881_12_4() -> None:
    """C-43 (12.4): the fifth share (30%) floats the S-Bahn: 420 to the main network and
    420 to each sold seat's part, 1,680 from the bank."""
    g = phase_2_stock_round()
    w = world(g)
    bank = w.eco.money.cash(BANK)
    _float_by_four(g)
    assert SBAHN in w.eco.floated
    parts = [SBAHN, *(part_holder(s) for s in (1, 2, 3))]
    assert [w.eco.money.cash(p) for p in parts] == [PART_CAPITAL] * 4
    paid_in = 168 + 4 * 84 + pars()["BESTAG"]  # new shares are paid to the bank (12.4)
    assert w.eco.money.cash(BANK) == bank - 4 * PART_CAPITAL + paid_in


def test_a42_start_depots_chairman_first_then_seats_in_share_order_1881_12_5() -> None:
    """A-42 / C-43 (12.5): at the float the round stops: the chairman (P2) places the main
    network's start depot on a free S circle of a Trasse station, then the seats' holders
    P3, P0, P1 (share order), each in another station; then P3 goes on with his turn."""
    g = phase_2_stock_round()
    w = world(g)
    _float_by_four(g)
    placed = []
    for seat, part in ((2, SBAHN), (3, part_holder(1)), (0, part_holder(2)), (1, part_holder(3))):
        assert g.acting == (seat,)
        pending = g.view(seat)["start_depot"]
        assert pending["part"] == part and pending["token"] == part and pending["seat"] == seat
        assert all(h in trasse() for h, _ in pending["places"])
        placed.append(place_first(g))
        coord, city = placed[-1]
        slots = w.map.tokens_at(coord, city)
        kinds = circles(w.map.tile(coord)[0], city)
        assert kinds[slots.index(part)] is Circle.S and kind_of(part) is Circle.S
    assert len({h for h, _ in placed}) == 4  # one S-Bahn depot per station (7.4)
    assert g.view(None)["start_depot"] is None
    assert w.start_depots == [SBAHN, part_holder(1), part_holder(2), part_holder(3)]
    assert g.acting == (3,)  # the buyer's turn goes on
    assert {a["type"] for a in g.legal_actions(3)} <= {"sell", "end_turn"}
    parts = g.view(None)["sbahn"]["parts"]
    assert [p["depots"] for p in parts] == [[[h, c]] for h, c in placed]
    assert [p["holder"] for p in parts] == ["P2", "P3", "P0", "P1"]


def test_a_start_depot_is_refused_off_the_trasse_or_on_a_taken_circle_1881_12_5() -> None:
    """12.5: only the placer acts, only a free S circle of a Trasse station is taken;
    nothing else may happen first; a refusal changes nothing."""
    g = phase_2_stock_round()
    _float_by_four(g)
    coord, city = place_first(g)  # the main network's
    before = g.state_hash()
    with pytest.raises(NotYourTurn):
        g.apply({"type": "end_turn"}, 2)
    with pytest.raises(IllegalAction) as off:
        g.apply({"type": PLACE, "hex": "E7", "city": 0}, 3)
    assert off.value.rule == "1881 12.5"
    with pytest.raises(IllegalAction) as taken:
        g.apply({"type": PLACE, "hex": coord, "city": city}, 3)
    assert taken.value.rule == "1881 7.3"
    with pytest.raises(IllegalAction) as wait:
        g.apply({"type": "end_turn"}, 3)
    assert wait.value.rule == "1881 12.5"
    assert g.state_hash() == before


def test_c42_the_30_percent_cap_and_seats_held_by_the_chairman_1881_12_2_12_3() -> None:
    """C-42 (12.2): P2 buys the chairman's share and four 5% shares (30%); a sixth is
    neither offered nor accepted. The three seats are the chairman's, so they are merged at
    once (12.3, SS3): their 420 goes to the main network and P2 places all four start
    depots as main-network depots."""
    g = phase_2_stock_round()
    w = world(g)
    for _ in range(4):
        buy_s(g, 2)
        for seat in (3, 0, 1):
            g.apply({"type": "pass"}, seat)
    g.apply({"type": "buy", "company": SBAHN, "source": IPO}, 2)
    assert w.eco.shares.percent("P2", SBAHN) == 30
    assert sorted(w.eco.seats_merged) == [1, 2, 3]
    assert w.eco.money.cash(SBAHN) == 4 * PART_CAPITAL
    for _ in range(4):
        assert g.acting == (2,) and g.view(2)["start_depot"]["token"] == SBAHN
        place_first(g)
    assert len(w.map.corp_tokens(SBAHN)) == 4
    g.apply({"type": "end_turn"}, 2)
    for seat in (3, 0, 1):
        g.apply({"type": "pass"}, seat)
    assert not [a for a in g.legal_actions(2) if a.get("company") == SBAHN and a["type"] == "buy"]
    with pytest.raises(IllegalAction) as cap:
        g.apply({"type": "buy", "company": SBAHN, "source": IPO}, 2)
    assert cap.value.rule == "1881 12.2"


def test_c47_the_chairman_swap_merges_the_new_chairmans_seat_1881_12_3() -> None:
    """C-47 (12.3): P3 holds seat 1 and two more 5% (15%) against P2's 10%: P3 becomes
    chairman, handing two 5% shares (his highest numbers) to P2 for the 10% share; seat 1,
    now the chairman's, passes to the main network."""
    g = phase_2_stock_round()
    w = world(g)
    buy_s(g, 2)
    for _ in range(3):
        buy_s(g, 3)
        for seat in (0, 1, 2):
            if g.acting == (seat,):
                g.apply({"type": "pass"}, seat)
    assert w.eco.shares.director(SBAHN) == "P3"
    assert holders(g)[:4] == ["P3", "P3", "P2", "P2"]
    assert w.eco.seats_merged == [1]
    parts = {p["part"]: p for p in g.view(None)["sbahn"]["parts"]}
    assert parts[part_holder(1)]["status"] == "merged"
    assert parts[part_holder(2)]["holder"] == "P2"


def test_c48_a_seat_sold_to_the_pool_hands_its_part_to_the_main_network_1881_12_5() -> None:
    """C-48 (12.5): after the float P0 sells seat 2's share to the pool: the part's 420 and
    its start depot pass to the main network for good; bought back it is an ordinary
    share (A-44)."""
    g = phase_2_stock_round()
    w = world(g)
    _float_by_four(g)
    placed = [place_first(g) for _ in range(4)]
    g.apply({"type": "end_turn"}, 3)
    main = w.eco.money.cash(SBAHN)
    g.apply({"type": "sell", "company": SBAHN, "count": 1}, 0)
    assert w.eco.seats_merged == [2]
    assert w.eco.money.cash(part_holder(2)) == 0
    assert w.eco.money.cash(SBAHN) == main + PART_CAPITAL
    coord, city = placed[2]
    assert SBAHN in w.map.tokens_at(coord, city)
    assert not w.map.corp_tokens(part_holder(2))
    assert holders(g)[2] == POOL
    g.apply({"type": "end_turn"}, 0)
    buy_s(g, 1, POOL)
    assert holders(g)[2] == "P1"
    parts = {p["part"]: p for p in g.view(None)["sbahn"]["parts"]}
    assert parts[part_holder(2)]["status"] == "merged" and parts[part_holder(2)]["holder"] is None


def test_the_sold_out_s_bahn_rises_at_the_round_end_1881_4_16() -> None:
    """4.16 / A-9 for the S-Bahn: with no S share in the IPO or the pool at the end of the
    stock round, its marker moves one field right."""
    g = phase_2_stock_round()
    # test setup: every S share sold, so the S-Bahn floated (12.4) with its start depots
    # placed; 30% at most each and the chairman P2 among the largest holders
    buyers = ("P2", "P3", "P0", "P1", *("P2",) * 4, *("P3",) * 5, *("P0",) * 5, "P1")
    g = started(g, *floated(buyers))
    before = world(g).eco.market.price(SBAHN)
    for seat in (2, 3, 0, 1):
        g.apply({"type": "pass"}, seat)
    assert any(e["text"].startswith("S is sold out") for e in g.log_for(None))
    assert world(g).eco.market.price(SBAHN) > before


def _tram_trains_step() -> Game:
    """A bot game up to a tram company's train step, with 2,000 more in its treasury and
    a train in hand, in phase 2."""
    g = play_until(new(4, 4), in_step("trains"))
    op = world(g).op
    assert op is not None
    return started(g, gift(op.corp, 2000), phase("2"))


def test_c51_a_tram_company_buys_one_s_share_per_or_1881_10_9() -> None:
    """C-51 (10.9, A-50): in its train step the company buys one S share (its treasury
    pays the chairman's 168); a second in the same OR is neither offered nor accepted."""
    g = _tram_trains_step()
    w = world(g)
    assert w.op is not None
    corp, seat = w.op.corp, g.active
    assert seat is not None
    buy = {"type": "buy_sbahn", "company": corp, "source": IPO}
    if not w.trains.trains(corp):
        assert buy not in g.legal_actions(seat)  # SS5: the mandatory train first (10.8)
        train = next(a for a in g.legal_actions(seat) if a["type"] == "buy_train")
        g.apply(train, seat)
        assert g.active == seat and w.step == "trains"
    assert buy in g.legal_actions(seat)
    cash = w.eco.money.cash(corp)
    g.apply(buy, seat)
    assert w.eco.money.cash(corp) == cash - 168
    assert w.eco.shares.director(SBAHN) == corp
    assert g.view(None)["sbahn"]["runner"] == w.players[seat]
    assert not [a for a in g.legal_actions(seat) if a["type"] == "buy_sbahn"]
    with pytest.raises(IllegalAction) as again:
        g.apply(buy, seat)
    assert again.value.rule == "1881 10.9"
    other = next(c for c in ("GBS", "SSC", "BESTAG") if c != corp)
    with pytest.raises(IllegalAction) as wrong:
        g.apply({"type": "buy_sbahn", "company": other, "source": IPO}, seat)
    assert wrong.value.rule == "1881 10.9"


def test_a_tram_company_float_asks_its_director_to_place_1881_12_5_10_9() -> None:
    """12.5 / 10.9: a tram company buying the fifth share floats the S-Bahn in an
    operating round; as chairman its director places the main network's start depot at
    once, then the seats' holders, and the company's train step goes on."""
    g = _tram_trains_step()
    w = world(g)
    assert w.op is not None
    corp, seat = w.op.corp, g.active
    assert seat is not None
    if not w.trains.trains(corp):
        g.apply(next(a for a in g.legal_actions(seat) if a["type"] == "buy_train"), seat)
    g.apply({"type": "buy_sbahn", "company": corp, "source": IPO}, seat)
    # test setup: the seats and one more share with three players
    others = [p for p in w.players if p != w.players[seat]][:3]
    g = started(
        g, *(owner(f"{SBAHN}_{i}", h) for i, h in enumerate(others, 1)), sbahn_trades_cleared
    )
    w = world(g)
    g.apply({"type": "buy_sbahn", "company": corp, "source": IPO}, seat)
    assert SBAHN in w.eco.floated
    assert g.acting == (seat,) and g.view(seat)["start_depot"]["holder"] == corp
    place_first(g)
    for holder in others:
        assert g.acting == (w.players.index(holder),)
        place_first(g)
    assert g.acting == (seat,) and w.step == "trains"
    assert {"type": "done"} in g.legal_actions(seat)


def test_no_free_s_circle_means_no_start_depot_1881_12_5_SS4() -> None:
    """SS4 (12.5): when no Trasse station has a free S circle, the float asks for no start
    depot: each part goes without one and the log says so."""
    g = phase_2_stock_round()
    w = world(g)
    # test setup, on the world itself: no game fills ten S circles before the float, so a
    # position with them is refused (12.5, 12.10)
    for coord in sorted(trasse()):
        tile, _ = w.map.tile(coord)
        for stop in tile.stops:
            kinds = circles(tile, stop.part) if stop.slots else ()
            if Circle.S in kinds:
                w.map.place_token(coord, stop.part, SBAHN, kinds.index(Circle.S))
    w.map_version += 1
    _float_by_four(g)
    assert SBAHN in w.eco.floated
    assert g.view(None)["start_depot"] is None and g.acting == (3,)
    parts = [SBAHN, part_holder(1), part_holder(2), part_holder(3)]
    assert w.start_depots == parts and w.no_start_depot == parts
    assert any("no start depot" in e["text"] for e in g.log_for(None))


def test_an_upgrade_keeps_the_s_depot_on_its_s_circle_1881_7_3() -> None:
    """SS8 (7.3): a tile laid over a station moves an S depot to the new tile's S circle
    (G8: printed tram + S circle, then tile 26, as found by the conformance games)."""
    from pygame_core.g1881.board import initial_state, tiles

    state = initial_state()
    state.place_token("G8", 0, SBAHN, 1)
    state.lay("G8", tiles()["26"], 1)
    held = state.tokens_at("G8", 0)
    kinds = circles(state.tile("G8")[0], 0)
    assert held.count(SBAHN) == 1 and kinds[held.index(SBAHN)] is Circle.S


def test_normal_bots_join_the_s_bahn_and_place_its_depots_1881_12_4_12_5() -> None:
    """The normal bots buy S shares, float the S-Bahn (12.4), place every start depot on a
    Trasse station (12.5) and still finish the game with the invariants."""
    g, _, failures = play_checked(3, 0)
    w = world(g)
    assert failures == []
    assert SBAHN in w.eco.floated
    assert w.start_depots == [SBAHN, part_holder(1), part_holder(2), part_holder(3)]
    depots = [h for p in w.start_depots for h, _ in w.map.corp_tokens(p)]
    assert depots and all(h in trasse() for h in depots)
