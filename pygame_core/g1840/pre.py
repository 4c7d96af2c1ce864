"""VI: the Pre round: the private auction, then the players choose their order cards."""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import IllegalAction, NotYourTurn
from ..g18xx.auction import Auction, AuctionRules, Bid, Pass
from ..g18xx.money import BANK
from .actions import Action
from .entities import entities
from .world import World, player_holder

RULE: Final = "1840 VI"
JsonDict = dict[str, Any]


def auction_rules(w: World) -> AuctionRules:
    """VI: open at face value or more, raise in multiples of 5; if all pass before the
    first sale the cheapest private drops by 5 until the start player takes it at 0
    (18xx.games: raises of at least 5, and the drop also after sales, report (b)16/17; a
    bidder who cannot pay the next bid leaves when it is made, V32)."""
    return AuctionRules(
        increment=5,
        multiple=w.profile.bids_in_multiples,
        selection=True,
        price_drop=5,
        floor=0,
        drop_until_first_sale=w.profile.drop_until_first_sale,
        ref="1840",
        citations={"auction": "VI"},
        drop_short_bidders=w.profile.short_bidders_leave_at_once,
        picker_again_after_walkover=w.profile.short_bidders_leave_at_once,
    )


def face(private: str) -> int:
    return int(entities()["privates"][private]["face_value"])


def start(w: World) -> bool:
    """The start player (lowest order card) picks first (VI). The round waits for him."""
    w.step = "private_auction"
    w.auction = Auction(
        auction_rules(w),
        [player_holder(s) for s in w.order],
        {p: face(p) for p in w.setup.privates},
    )
    w.add_log("Pre round: the sights (privates) are auctioned")
    return False


def active(w: World) -> int | None:
    """The bidder or picker to act in the private auction."""
    assert w.auction is not None
    holder = w.auction.active
    return None if holder is None else w.seat_of(holder)


def choosing(w: World) -> int | None:
    """The seat to take an order card."""
    return w.choosing[0] if w.choosing else None


def _cash(w: World) -> dict[str, int]:
    return {player_holder(s): w.cash(s) for s in range(len(w.players))}


def order_legal(w: World, seat: int) -> list[JsonDict]:
    """The order cards still free."""
    taken = set(w.chosen)
    return [
        {"type": "choose_order", "position": p}
        for p in range(1, len(w.players) + 1)
        if p not in taken
    ]


def legal(w: World, seat: int) -> list[JsonDict]:
    assert w.auction is not None
    out: list[JsonDict] = []
    for r in w.auction.legal_bids(player_holder(seat), _cash(w)):
        out.append(
            {
                "type": "bid",
                "private": r.lot,
                "field": "price",
                "min": r.least,
                "max": r.most,
                "step": r.step,
            }
        )
    out.append({"type": "pass"})
    return out


def check_order(w: World, a: Action, seat: int) -> None:
    if a.type != "choose_order":
        raise IllegalAction("Choose an order card now", rule=RULE)
    assert a.position is not None
    if not 1 <= a.position <= len(w.players) or a.position in w.chosen:
        raise IllegalAction(f"Order card {a.position} is not free", rule=RULE)


def check(w: World, a: Action, seat: int) -> None:
    if a.type not in ("bid", "pass"):
        raise IllegalAction("The privates are being auctioned: bid or pass", rule=RULE)
    assert w.auction is not None
    holder = player_holder(seat)
    if a.type == "bid":
        if a.private is None:
            raise IllegalAction("Bid on a private (the Line auction comes later)", rule=RULE)
        assert a.price is not None
        w.auction.check(Bid(holder, a.private, a.price), _cash(w))
    else:
        if w.auction.active != holder:
            raise NotYourTurn("It is not your turn to bid", rule=RULE)


def execute_order(w: World, a: Action) -> bool:
    """Take an order card; returns True when the Pre round is over."""
    assert a.position is not None
    seat = w.choosing.pop(0)
    w.chosen[a.position] = seat
    w.add_log(f"{w.name(seat)} takes order card {a.position}", seat)
    if len(w.choosing) == 1:  # the last card is the only one left
        last = w.choosing.pop(0)
        free = next(p for p in range(1, len(w.players) + 1) if p not in w.chosen)
        w.chosen[free] = last
        w.add_log(f"{w.name(last)} takes order card {free}", last)
    if not w.choosing:
        w.order = [w.chosen[p] for p in sorted(w.chosen)]
        return True
    return False


def execute(w: World, a: Action) -> bool:
    """Apply a bid or pass; the auction never ends the Pre round (the order cards do)."""
    assert w.auction is not None
    bidder = w.auction.active
    assert bidder is not None
    seat = w.seat_of(bidder)
    if a.type == "bid":
        assert a.private is not None and a.price is not None
        opening = w.auction.lot is None
        events = w.auction.apply(Bid(bidder, a.private, a.price), _cash(w))
        name = entities()["privates"][a.private]["name"]
        verb = "opens the auction of" if opening else "bids on"
        w.add_log(f"{w.name(seat)} {verb} {name} with {a.price}", seat)
    else:
        lot = w.auction.lot
        events = w.auction.apply(Pass(bidder), _cash(w))
        w.add_log(f"{w.name(seat)} passes" + (f" on {lot}" if lot else ""), seat)
    _settle(w, events)
    _pass_short(w)
    return False


def _pass_short(w: World) -> None:
    """VI (V30, V31): a player whose only legal action is to pass passes by himself, with
    the reason in the log: a bidder who cannot pay the least next bid, and in the rulebook
    profile a player to pick who cannot pay any private's least bid (18xx.games waits for
    that pass). The game offers no sale of a private to the bank during VI; were one
    offered, the player would decide himself."""
    from .game import sellable_privates  # the title's dispatch imports this module

    while w.step == "private_auction" and w.auction is not None:
        auction = w.auction
        bidder = auction.active
        if bidder is None or not auction.is_short(_cash(w)):
            return
        if auction.lot is None and not w.profile.short_picker_passes:
            return
        if sellable_privates(w, w.seat_of(bidder)):
            return
        _settle(w, auction.pass_short(_cash(w)))


def _settle(w: World, events: list[dict[str, Any]]) -> None:
    done = False
    for ev in events:
        kind = ev["event"]
        if kind == "leaves":
            seat = w.seat_of(ev["bidder"])
            name = entities()["privates"][ev["lot"]]["name"]
            w.add_log(
                f"{w.name(seat)} cannot pay {ev['least']} for {name} and leaves its auction", seat
            )
        elif kind == "cannot_pick":
            seat = w.seat_of(ev["bidder"])
            w.add_log(
                f"{w.name(seat)} cannot pay the least bid for any private ({ev['least']}) "
                "and passes",
                seat,
            )
        elif kind == "sold":
            seat = w.seat_of(ev["winner"])
            w.pay(ev["winner"], BANK, ev["price"], f"buys {ev['lot']}", RULE)
            w.private_owner[ev["lot"]] = ev["winner"]
            name = entities()["privates"][ev["lot"]]["name"]
            w.add_log(f"{w.name(seat)} buys {name} for {ev['price']}", seat)
            w.events.append({"kind": "private_sold", **ev})
        elif kind == "price_drop":
            w.dropped_prices[ev["lot"]] = ev["price"]  # the face value (rulebook, V52)
            name = entities()["privates"][ev["lot"]]["name"]
            w.add_log(f"Everybody passed: {name} now costs {ev['price']}")
        elif kind == "all_passed":
            # VI: "zahlen alle bisher versteigerten Privatpapiere Dividende an ihre Besitzer"
            w.add_log("Everybody passed: the privates sold so far pay their income")
            pay_privates(w, RULE)
        elif kind == "done":
            done = True
    if done:
        start_choose(w)


def pay_privates(w: World, rule: str) -> None:
    """IV.2 / VIII.2: each owned private pays its income to its owner."""
    for private, owner in w.private_owner.items():
        if owner is None:
            continue
        amount = int(entities()["privates"][private]["revenue"])
        w.pay(BANK, owner, amount, f"income of {private}", rule)
        who = w.name(w.seat_of(owner)) if owner.startswith("p") else owner
        w.add_log(f"{entities()['privates'][private]['name']} pays {amount} to {who}")


def start_choose(w: World) -> None:
    """VI: least cash chooses an order card first; ties: the lower card before."""
    w.step = "choose_order"
    card = {seat: i for i, seat in enumerate(w.order)}
    w.choosing = sorted(range(len(w.players)), key=lambda s: (w.cash(s), card[s]))
    w.chosen = {}
    w.auction = None
    w.add_log("All privates are sold: least cash chooses an order card first")
