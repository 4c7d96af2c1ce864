"""1881 through the engine: the sealed bid (2.4-2.8) with hidden views, the start
purchases (2.9), the first stock round's end (4.6/4.7, digest C-7) and the order of an
operating company's steps (5.2, digest C-19)."""

from __future__ import annotations

import pytest

from pygame_core import Game, IllegalAction, NotYourTurn
from pygame_core.g1881.economy import SBAHN, START_CASH

from .game_helpers import new, world
from .positions import Position, cash, started

BIDS = {0: 50, 1: 20, 2: 110, 3: 70}


def sealed(g: Game) -> Game:
    """All four seats bid (BIDS), in seat order."""
    for seat, amount in BIDS.items():
        g.apply({"type": "bid", "amount": amount}, seat)
    return g


def test_every_seat_bids_at_once_1881_2_5() -> None:
    """2.5: every player seals a bid; all four act at once, in any order."""
    g = new(4, 7)
    assert g.acting == (0, 1, 2, 3)
    g.apply({"type": "bid", "amount": 30}, 2)
    assert list(g.acting) == [0, 1, 3]
    assert g.legal_actions(2) == []


def test_a_sealed_bid_is_hidden_until_all_are_in_1881_2_5() -> None:
    """2.5: nobody sees another's amount until every envelope is in; the wire form of a
    bid carries no seat."""
    g = new(4, 7)
    g.apply({"type": "bid", "amount": 110}, 2)
    mine = g.view(2)["bid"]["sealed"]
    theirs = g.view(0)["bid"]["sealed"]
    assert mine["own"] == 110
    assert theirs["own"] is None and theirs["bids"] is None
    assert g.view(None)["bid"]["sealed"]["has_bid"] == ["P2"]
    assert "seat" not in g.save()["actions"][0].get("action", {})
    assert all("110" not in e["text"] for e in g.log_for(0))


def test_reveal_swaps_envelopes_and_orders_the_purchases_1881_2_7() -> None:
    """2.7: the highest bidder swaps with the lowest (110 <-> 20: P2 pays 90 to P1), the
    second with the third (70 <-> 50: P3 pays 20 to P0); the highest takes the Tram and
    the start purchases go in bid order (2.9)."""
    g = sealed(new(4, 7))
    w = world(g)
    cash = START_CASH[4]
    assert [w.eco.money.cash(p) for p in w.players] == [cash + 20, cash + 90, cash - 90, cash - 20]
    assert w.bid is not None and w.bid.order == [2, 3, 0, 1]
    assert g.view(0)["bid"]["sealed"]["bids"] == {f"P{s}": a for s, a in BIDS.items()}
    assert g.acting == (2,)
    assert w.step == "start"


def test_start_purchases_up_to_four_then_the_next_1881_2_9() -> None:
    """2.9: each player in bid order buys up to four tram shares; pass ends his turn."""
    g = sealed(new(4, 7))
    corp = "BESTAG"
    for _ in range(4):
        g.apply({"type": "buy", "company": corp}, 2)
    assert g.acting == (3,)
    assert world(g).eco.shares.percent("P2", corp) == 50
    with pytest.raises(NotYourTurn):
        g.apply({"type": "buy", "company": corp}, 2)
    with pytest.raises(IllegalAction):
        g.apply({"type": "sell", "company": corp, "count": 1}, 3)
    for seat in (3, 0, 1):
        g.apply({"type": "pass"}, seat)
    w = world(g)
    assert w.round_entry.label == "SR 1"
    assert g.acting == (2,)  # 2.7: the Tram's holder starts the stock round


def _to_first_stock_round(seed: int) -> Game:
    g = sealed(new(4, seed))
    for _ in range(2):
        g.apply({"type": "buy", "company": "BESTAG"}, 2)
    g.apply({"type": "pass"}, 2)
    for _ in range(2):
        g.apply({"type": "buy", "company": "SSC"}, 3)
    g.apply({"type": "pass"}, 3)
    g.apply({"type": "pass"}, 0)
    g.apply({"type": "pass"}, 1)
    return g


def test_stock_round_ends_when_all_decline_in_a_row_1881_4_6_C7() -> None:
    """C-7 (4.6, 4.7): P2 buys, P3 only sells, P0 and P1 pass, P2 passes: the round ends
    and the Tram goes to P3, left of the last buyer."""
    g = _to_first_stock_round(7)
    g.apply({"type": "buy", "company": "BESTAG", "source": "ipo"}, 2)
    g.apply({"type": "end_turn"}, 2)
    g.apply({"type": "sell", "company": "SSC", "count": 1}, 3)
    g.apply({"type": "end_turn"}, 3)
    g.apply({"type": "pass"}, 0)
    g.apply({"type": "pass"}, 1)
    assert world(g).round_entry.kind == "SR"
    g.apply({"type": "pass"}, 2)
    w = world(g)
    assert w.priority == 3
    assert w.round_entry.kind in ("OR", "SR")
    assert w.round_entry.label != "SR 1"


def _to_track_step() -> Game:
    """A bot game up to a company in its track step with a lay and a depot place on offer."""
    g = new(4, 3)
    while g.active is not None:
        w = world(g)
        seat = g.active
        if w.step == "track":
            kinds = {a["type"] for a in g.legal_actions(seat)}
            if "lay_tile" in kinds:
                return g
        g.apply(g.bot_action(seat, "normal"), seat)
    pytest.fail("no track step in the game")


def test_operating_steps_go_in_order_1881_5_2_C19() -> None:
    """C-19: lay track -> depot -> run -> revenue -> trains: a depot, a run or a dividend
    before the tile step is over is refused, and nothing changes."""
    g = _to_track_step()
    seat = g.active
    assert seat is not None
    before = g.state_hash()
    w = world(g)
    assert w.op is not None
    home = w.map.corp_tokens(w.op.corp)[0]
    for action in (
        {"type": "place_depot", "hex": home[0], "city": home[1]},
        {"type": "run"},
        {"type": "dividend", "choice": "pay"},
    ):
        with pytest.raises(IllegalAction) as refused:
            g.apply(action, seat)
        assert refused.value.rule == "1881 5.2"
    assert g.state_hash() == before
    g.apply({"type": "done"}, seat)
    assert world(g).step in ("depot", "run")


def test_s_bahn_shares_wait_for_phase_2_1881_12_1() -> None:
    """12.1: in phase 1 S-Bahn shares are not offered, and a buy is refused naming 12.1
    (from phase 2 on: tests/g1881/test_sbahn_shares_game.py)."""
    g = _to_first_stock_round(7)
    seat = g.active
    assert seat is not None and world(g).eco.phase == "1"
    assert all(a.get("company") != SBAHN for a in g.legal_actions(seat))
    with pytest.raises(IllegalAction) as refused:
        g.apply({"type": "buy", "company": SBAHN, "source": "ipo"}, seat)
    assert refused.value.rule == "1881 12.1"


def _bank_nearly_empty(p: Position) -> None:
    """The bank's money but 5 with P1."""
    cash("P1", p["cash"]["P1"] + p["cash"]["bank"] - 5)(p)


def test_a_trade_the_bank_cannot_pay_is_not_offered_1881_13_1_1() -> None:
    """Decision G5: with the bank nearly empty a sale it cannot pay is neither listed nor
    accepted (13.1.1: the bank breaks; it never pays money it does not have)."""
    g = started(_to_first_stock_round(7), _bank_nearly_empty)
    assert not [a for a in g.legal_actions(2) if a["type"] == "sell"]
    with pytest.raises(IllegalAction) as refused:
        g.apply({"type": "sell", "company": "BESTAG", "count": 1}, 2)
    assert refused.value.rule == "1881 13.1.1"
