"""Ascending auctions: 1840's private auction (VI) and one-lot Line auctions (VIII.6)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygame_core.core.errors import EngineError, IllegalAction, NotYourTurn
from pygame_core.g18xx.auction import Auction, AuctionRules, Bid, BidRange, Pass
from pygame_core.g1840.economy import LINE_AUCTION, LINE_MINIMUM, PRIVATE_AUCTION

PRIVATES = {"PR": 10, "KK": 20, "SB": 30, "HB": 40, "SD": 50, "SSB": 60}  # VI's table
CASH = {"A": 300, "B": 300, "C": 300}


def pre_round(rules: AuctionRules = PRIVATE_AUCTION) -> Auction:
    return Auction(rules, ["A", "B", "C"], PRIVATES)


def play(auction: Auction, *actions: Bid | Pass) -> list[dict[str, object]]:
    events = []
    for action in actions:
        events += auction.apply(action, CASH)
    return events


def test_private_auction_sequence() -> None:
    # VI: open at face value or more; others raise in multiples of 5 or pass and are out;
    # the highest bidder buys; the next player in order picks next.
    auction = pre_round()
    assert play(auction, Bid("A", "KK", 20), Bid("B", "KK", 25), Pass("C")) == []
    assert auction.active == "A"
    events = play(auction, Bid("A", "KK", 35), Pass("B"))
    assert events == [{"event": "sold", "lot": "KK", "winner": "A", "price": 35}]
    assert auction.active == "B" and "KK" not in auction.prices


def test_private_auction_refusals_change_nothing() -> None:
    auction = pre_round()
    play(auction, Bid("A", "SB", 30))
    before = auction.to_dict()
    bad = [
        (Bid("C", "SB", 40), NotYourTurn),  # B is next
        (Bid("B", "SB", 32), IllegalAction),  # VI: multiples of 5
        (Bid("B", "SB", 30), IllegalAction),  # must raise
        (Bid("B", "KK", 40), IllegalAction),  # SB is being auctioned
        (Bid("B", "SB", 305), IllegalAction),  # more than B's cash
    ]
    for action, error in bad:
        with pytest.raises(error) as err:
            auction.check(action, CASH)
        with pytest.raises(error):
            auction.apply(action, CASH)
        assert auction.to_dict() == before
    assert err.value.rule == "1840 VI"


def test_legal_bids() -> None:
    auction = pre_round()
    ranges = auction.legal_bids("A", {"A": 47})
    assert ranges == [
        BidRange("PR", 10, 45, 5),
        BidRange("KK", 20, 45, 5),
        BidRange("SB", 30, 45, 5),
        BidRange("HB", 40, 45, 5),
    ]
    assert auction.legal_bids("B", CASH) == [] and not auction.can_pass("B")
    play(auction, Bid("A", "HB", 40))
    assert auction.legal_bids("B", CASH) == [BidRange("HB", 45, 300, 5)]
    loose = Auction(replace(PRIVATE_AUCTION, multiple=False), ["A", "B"], {"HB": 40})
    assert loose.legal_bids("A", {"A": 47}) == [BidRange("HB", 40, 47, 1)]


def test_all_pass_before_the_first_sale_drops_the_price_to_zero() -> None:
    # VI: if all pass when the first private is to be picked, its price drops by 5 and a new
    # auction starts with the start player, until the start player must take it at 0.
    auction = pre_round()
    first = play(auction, Pass("A"), Pass("B"), Pass("C"))
    assert first == [{"event": "price_drop", "lot": "PR", "price": 5}]
    assert auction.active == "A" and auction.prices["PR"] == 5
    assert auction.legal_bids("A", CASH)[0] == BidRange("PR", 5, 300, 5)
    second = play(auction, Pass("A"), Pass("B"), Pass("C"))
    assert second == [
        {"event": "price_drop", "lot": "PR", "price": 0},
        {"event": "sold", "lot": "PR", "winner": "A", "price": 0},
    ]
    assert auction.active == "B"


def test_all_pass_after_a_sale_pays_out() -> None:
    # VI: all passing after a sale: the sold privates pay and a new pre-round begins with
    # the start player; prices stay. (18xx.games instead keeps dropping, report (b)16.)
    auction = pre_round()
    play(auction, Bid("A", "PR", 10), Pass("B"), Pass("C"))
    assert play(auction, Pass("B"), Pass("C"), Pass("A")) == [{"event": "all_passed"}]
    assert auction.active == "A" and auction.prices["KK"] == 20
    site = pre_round(replace(PRIVATE_AUCTION, drop_until_first_sale=False))
    play(site, Bid("A", "SSB", 60), Pass("B"), Pass("C"))
    assert play(site, Pass("B"), Pass("C"), Pass("A")) == [
        {"event": "price_drop", "lot": "PR", "price": 5}
    ]


def test_last_private_ends_the_auction() -> None:
    auction = Auction(PRIVATE_AUCTION, ["A", "B"], {"PR": 10})
    assert play(auction, Bid("A", "PR", 10), Pass("B"))[-1] == {"event": "done"}
    assert auction.done and auction.active is None
    with pytest.raises(IllegalAction):
        auction.check(Pass("A"), CASH)


def test_line_auction() -> None:
    # VIII.6: least bid 20, higher bids in multiples of 5; passing leaves this auction.
    cash = {"WT": 100, "SJE": 60, "BBG": 200}
    auction = Auction(LINE_AUCTION, ["WT", "SJE", "BBG"], {"7": LINE_MINIMUM})
    assert auction.legal_bids("WT", cash) == [BidRange("7", 20, 100, 5)]
    events: list[dict[str, object]] = []
    for action in (Bid("WT", "7", 20), Bid("SJE", "7", 25), Pass("BBG"), Pass("WT")):
        events += auction.apply(action, cash)
    assert events[0] == {"event": "sold", "lot": "7", "winner": "SJE", "price": 25}
    nobody = Auction(LINE_AUCTION, ["WT", "SJE"], {"7": 20}, first=1)
    assert nobody.apply(Pass("SJE"), cash) == []
    assert nobody.apply(Pass("WT"), cash) == [{"event": "unsold", "lot": "7"}]


@settings(max_examples=150, deadline=None)
@given(st.data(), st.booleans())
def test_random_auctions_end_and_round_trip(data: st.DataObject, selection: bool) -> None:
    rules = PRIVATE_AUCTION if selection else LINE_AUCTION
    lots = PRIVATES if selection else {"7": 20}
    cash = {"A": 120, "B": 60, "C": 0}
    auction = Auction(rules, ["A", "B", "C"], lots)
    for _ in range(400):
        if auction.done:
            break
        who = auction.active
        assert who is not None
        bids = [(r.lot, amount) for r in auction.legal_bids(who, cash) for amount in r.amounts()]
        choice = data.draw(st.sampled_from([None, *bids]))
        action: Bid | Pass = Pass(who) if choice is None else Bid(who, *choice)
        auction.apply(action, cash)
        again = Auction.from_dict(rules, json.loads(json.dumps(auction.to_dict())))
        assert again.to_dict() == auction.to_dict()
        with pytest.raises(EngineError):
            auction.check(Bid(who, "nothing", 5), cash)
    for lot, winner, price in auction.sold:
        assert price <= cash[winner] and price >= 0 and lot in lots
