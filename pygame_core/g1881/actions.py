"""1881's actions: the wire form (JSON objects) and the typed record the rounds read.

One frozen `Action` carries every field an action type may have; `CODEC` (the core's
`ActionCodec.tagged`) lists each type's fields, "?" marking those that may be left out.
A sealed bid's seat is `off_wire`: the wire carries the amount only (several seats bid at
once; `check` fills the seat in), so nobody learns a bid from the record's shape.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.actions import ActionCodec, off_wire
from ..core.errors import InvalidAction


@dataclass(frozen=True, slots=True)
class Action:
    """A parsed action: `type` plus the fields of its `CODEC` entry (others None)."""

    type: str
    amount: int | None = None
    company: str | None = None
    source: str | None = None
    count: int | None = None
    hex: str | None = None
    tile: str | None = None
    rotation: int | None = None
    city: int | None = None
    choice: str | None = None
    train: str | None = None
    keep: tuple[str, ...] | None = None
    scrap: str | None = None
    seat: int = off_wire(-1)
    seller: str | None = None
    price: int | None = None

    def __post_init__(self) -> None:
        if self.rotation is not None and not 0 <= self.rotation <= 5:
            raise InvalidAction("'rotation' is 0 to 5 (edges turned clockwise)")


CODEC = ActionCodec.tagged(
    "1881",
    Action,
    "type",
    {
        # 2.5: a sealed bid (the amount only; the seat is off the wire).
        "bid": ("amount",),
        # 2.9 start purchases (company only) and 4.1 stock round buys (with the source).
        "buy": ("company", "source?"),
        "sell": ("company", "count"),
        "pass": (),
        "end_turn": (),
        # 6.x: one tile (two yellow in phase 1).
        "lay_tile": ("hex", "tile", "rotation"),
        # 7.1: one depot per operating round.
        "place_depot": ("hex", "city"),
        # 8.x: the trains run their proven best routes.
        "run": (),
        # 9.6/9.8: "pay", "withhold" or "pay, keep boni".
        "dividend": ("choice",),
        # 10.x: a train from the bank; 12.7: an S-Bahn part may scrap an older S train
        # for room. 15 (variant 2): the cheapest on credit.
        "buy_train": ("train", "scrap?"),
        "buy_train_on_credit": (),
        # 10.7: after a limit drop the director keeps the limit's number of trains.
        "keep_trains": ("keep",),
        # 12.5: an unconnected S-Bahn part that paid: its holder takes the 20 commission.
        "take_commission": (),
        # 10.5 / 7.8: an offer to another company's director at a price, and his answer.
        "offer_train": ("seller", "train", "price"),
        "offer_depot": ("seller", "hex", "city", "price"),
        "accept_offer": (),
        "refuse_offer": (),
        # ends the current operating step (no tile, no depot, no more trains).
        "done": (),
        # 12.5 / A-42: the pending S-Bahn start depot on a free S circle of the Trasse.
        "place_start_depot": ("hex", "city"),
        # 10.9: the operating tram company ("company") buys one S-Bahn share ("ipo" or
        # "pool") or sells some to the pool in its train step.
        "buy_sbahn": ("company", "source"),
        "sell_sbahn": ("company", "count"),
        # 12.6 (option s_veto): a board member's answer to the chairman's proposal, and
        # the vote after a veto ("yes" or "no" in `choice`).
        "allow": (),
        "veto": (),
        "vote": ("choice",),
    },
)
