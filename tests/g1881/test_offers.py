"""Offers between companies through the engine: a train (1881 10.5; digest A-19) and a
depot (7.8; digest A-27, C-26) bought at a price the seller's director accepts, the
mandatory train (10.8; A-17) and the S-Bahn's parts as owners (12.9)."""

from __future__ import annotations

from typing import Any

import pytest

from pygame_core import Game, IllegalAction, InvalidAction, NotYourTurn
from pygame_core.g18xx.money import BANK
from pygame_core.g1881 import offers
from pygame_core.g1881 import trains as tr
from pygame_core.g1881.board import homes
from pygame_core.g1881.depots import MIN_PREMIUM
from pygame_core.g1881.economy import SBAHN, part_holder

from .game_helpers import new, play_checked, world
from .positions import cash, gift, on_credit, started, step, train, trains_back

Entry = dict[str, Any]
RANGE = ("field", "min", "max", "step")


def until_offer(players: int, seed: int, kind: str, *, same: bool) -> tuple[Game, int, Entry]:
    """Normal bots play until the active seat may make an offer of `kind` to a company it
    directs too (`same`) or to another director's; returns the game, seat and template."""
    g = new(players, seed)
    while g.active is not None:
        seat = g.active
        w = world(g)
        for e in g.legal_actions(seat):
            if e["type"] == kind and (w.director_seat(e["seller"]) == seat) == same:
                return g, seat, e
        g.apply(g.bot_action(seat, "normal"), seat)
    pytest.fail(f"no {kind} offer in the game")


def director(g: Game, corp: str) -> int:
    """The seat directing `corp`."""
    seat = world(g).director_seat(corp)
    assert seat is not None
    return seat


def refused_rule(g: Game, action: Entry, seat: int) -> str | None:
    """The rule the engine cites refusing `action`; the state stays as it was."""
    before = g.state_hash()
    with pytest.raises(IllegalAction) as refused:
        g.apply(action, seat)
    assert g.state_hash() == before
    return refused.value.rule


def filled(entry: Entry, price: int) -> Entry:
    """The template with its price."""
    out = {k: v for k, v in entry.items() if k not in RANGE}
    out["price"] = price
    return out


def test_a_train_offer_is_a_template_from_1_to_the_treasury_1881_10_5_A19() -> None:
    """10.5 "zu einem auszuhandelnden Preis" / A-19: at least 1, the treasury alone pays
    (the director's 25% is for the bank's trains only, A-18)."""
    g, seat, e = until_offer(4, 1, "offer_train", same=False)
    w = world(g)
    assert w.op is not None and w.step == "trains"
    assert (e["field"], e["min"], e["step"]) == ("price", 1, 1)
    assert e["max"] == w.eco.money.cash(w.op.corp)
    assert e["train"] in w.trains.trains(e["seller"])
    before = g.state_hash()
    with pytest.raises(InvalidAction):
        g.apply(filled(e, 0), seat)
    assert refused_rule(g, filled(e, e["max"] + 1), seat) == "1881 10.5"
    assert g.state_hash() == before


def test_the_sellers_director_answers_and_nothing_else_happens_1881_10_5() -> None:
    """10.5: the seller's director must agree; until he answers, the buyer cannot act and
    everyone sees the offer."""
    g, seat, e = until_offer(4, 1, "offer_train", same=False)
    w = world(g)
    buyer = w.op.corp if w.op is not None else ""
    seller_seat = director(g, e["seller"])
    g.apply(filled(e, 5), seat)
    assert g.active == seller_seat != seat
    assert g.legal_actions(seller_seat) == [{"type": "accept_offer"}, {"type": "refuse_offer"}]
    with pytest.raises(NotYourTurn):
        g.apply({"type": "done"}, seat)
    assert refused_rule(g, {"type": "done"}, seller_seat) == "1881 10.5"
    shown = g.view(None)["offer"]
    assert shown["buyer"] == buyer and shown["seller"] == e["seller"]
    assert (shown["kind"], shown["train"], shown["price"], shown["seat"]) == (
        "train",
        e["train"],
        5,
        seller_seat,
    )
    assert "accept or refuse" in g.prompt(seller_seat)


def test_an_accepted_train_changes_hands_without_a_phase_change_1881_10_5_A19() -> None:
    """A-19: the buyer pays the seller; a train bought from a company is not new, so it
    starts no phase and the bank's trains stay; the buyer's train step goes on."""
    g, seat, e = until_offer(4, 1, "offer_train", same=False)
    w = world(g)
    assert w.op is not None
    buyer, seller, train = w.op.corp, e["seller"], e["train"]
    cash = (w.eco.money.cash(buyer), w.eco.money.cash(seller))
    bank = (w.trains.phase, w.trains.bank.to_dict(), w.eco.money.cash(BANK))
    g.apply(filled(e, 7), seat)
    g.apply({"type": "accept_offer"}, director(g, seller))
    w = world(g)
    assert train in w.trains.trains(buyer) and train not in w.trains.trains(seller)
    assert (w.eco.money.cash(buyer), w.eco.money.cash(seller)) == (cash[0] - 7, cash[1] + 7)
    assert (w.trains.phase, w.trains.bank.to_dict(), w.eco.money.cash(BANK)) == bank
    assert g.active == seat and w.step == "trains" and g.view(None)["offer"] is None


def test_a_refused_offer_is_not_made_twice_in_a_turn_1881_10_5() -> None:
    """Decision O4: after a refusal the buyer's turn goes on in the same step, without the
    refused train among its offers; a second offer for it is refused."""
    g, seat, e = until_offer(4, 1, "offer_train", same=False)
    w = world(g)
    assert w.op is not None
    owned = {c: w.trains.trains(c) for c in (w.op.corp, e["seller"])}
    g.apply(filled(e, 3), seat)
    g.apply({"type": "refuse_offer"}, director(g, e["seller"]))
    w = world(g)
    assert g.active == seat and w.step == "trains"
    assert {c: w.trains.trains(c) for c in owned} == owned
    key = (e["seller"], e["train"])
    assert key not in {(a.get("seller"), a.get("train")) for a in g.legal_actions(seat)}
    assert refused_rule(g, filled(e, 50), seat) == "1881 10.5"


def test_one_director_of_both_agrees_at_once_1881_10_5_A19() -> None:
    """A-19: "automatically agreed if they are the same person" (logged all the same)."""
    g, seat, e = until_offer(4, 1, "offer_train", same=True)
    w = world(g)
    n = len(g.log)
    g.apply(filled(e, 1), seat)
    w = world(g)
    assert w.op is not None
    assert e["train"] in w.trains.trains(w.op.corp)
    assert g.active == seat and g.view(None)["offer"] is None
    text = " ".join(str(entry["text"]) for entry in g.log[n:])
    assert "offers" in text and "agrees at once" in text


def test_a_train_offer_only_in_the_train_step_1881_10_5() -> None:
    """10.5 is the train step's purchase: an offer in another step is refused."""
    g, seat, e = until_offer(4, 1, "offer_train", same=False)
    g = started(g, step("track"))
    assert refused_rule(g, filled(e, 5), seat) == "1881 10.5"


def test_a_credit_train_is_not_offered_for_1881_15_4() -> None:
    """15.4 / A-19: a train bought on credit cannot be sold."""
    g, seat, e = until_offer(4, 1, "offer_train", same=False)
    g = started(g, on_credit(e["seller"], e["train"]), options={"trains_on_credit": True})
    assert e["train"] not in {a.get("train") for a in g.legal_actions(seat)}
    assert refused_rule(g, filled(e, 5), seat) == "1881 15.4"


def test_a_trainless_company_without_a_bank_train_may_buy_from_another_1881_10_8_A17() -> None:
    """10.8 / A-17 (decision O7): a company without a train whose money does not reach
    the bank's trains may end its train step or buy from another company; no deadlock."""
    g, seat, _ = until_offer(4, 1, "offer_train", same=False)
    w = world(g)
    assert w.op is not None
    corp = w.op.corp
    g = started(g, trains_back(corp), cash(corp, 20))  # a poor company without a train
    w = world(g)
    legal = g.legal_actions(seat)
    assert {"type": "done"} in legal
    assert not [a for a in legal if a["type"] == "buy_train"]
    offer = next(
        a for a in legal if a["type"] == "offer_train" and w.director_seat(a["seller"]) != seat
    )
    assert offer["max"] == 20
    g.apply(filled(offer, 20), seat)
    g.apply({"type": "accept_offer"}, director(g, offer["seller"]))
    assert world(g).trains.trains(corp) == [offer["train"]]


def test_a_depot_offer_costs_the_chip_plus_at_least_40_1881_7_8_C26() -> None:
    """7.8 / C-26: the buyer's chip replaces the seller's; the chip's cost goes to the
    bank, the agreed amount (at least 40) to the seller; the seller's chip goes back to
    its most expensive free slot; it is the buyer's depot action (A-27)."""
    g, seat, e = until_offer(4, 1, "offer_depot", same=False)
    w = world(g)
    assert w.op is not None
    buyer, seller, where = w.op.corp, e["seller"], (e["hex"], e["city"])
    assert (e["field"], e["min"]) == ("price", MIN_PREMIUM)
    chip = w.charters[buyer].next_cost()
    assert chip is not None and e["max"] == w.eco.money.cash(buyer) - chip
    assert refused_rule(g, filled(e, MIN_PREMIUM - 1), seat) == "1881 7.8"
    cash = {o: w.eco.money.cash(o) for o in (buyer, seller, BANK)}
    out_before = w.charters[seller].out
    g.apply(filled(e, 45), seat)
    assert g.view(None)["offer"]["bank_cost"] == chip
    g.apply({"type": "accept_offer"}, director(g, seller))
    w = world(g)
    slots = w.map.tokens_at(*where)
    assert buyer in slots and seller not in slots
    assert w.eco.money.cash(buyer) == cash[buyer] - chip - 45
    assert w.eco.money.cash(seller) == cash[seller] + 45
    assert w.eco.money.cash(BANK) == cash[BANK] + chip
    last_out = max(i for i, o in enumerate(out_before) if o)
    assert not w.charters[seller].out[last_out]
    assert w.op is not None and w.op.depot_done and w.step == "run"
    assert not [a for a in g.legal_actions(seat) if a["type"] == "offer_depot"]


def test_a_start_depot_is_never_offered_for_1881_7_8() -> None:
    """7.8 "Das Startdepot einer Gesellschaft kann nie verkauft werden"."""
    g, seat, e = until_offer(5, 0, "offer_depot", same=False)
    starts = {c: (h.hex, h.part) for c, h in homes().items()}
    entries = [a for a in g.legal_actions(seat) if a["type"] == "offer_depot"]
    assert entries
    # The seller's own start depot; its other depots may stand in another's home city.
    assert all((a["hex"], a["city"]) != starts[a["seller"]] for a in entries)
    home = homes()[e["seller"]]
    at_home = filled({**e, "hex": home.hex, "city": home.part}, 50)
    assert refused_rule(g, at_home, seat) in ("1881 7.8", "1881 7.3")


def test_the_s_bahns_parts_offer_for_each_others_s_trains_1881_12_9() -> None:
    """12.9: chairman and board members buy trains from each other (10.5); an S-Bahn part
    may not buy trams (10.9). The offer rules take any two owners (offers.Parties)."""
    g, _, _ = until_offer(4, 1, "offer_train", same=False)
    main, seat = SBAHN, part_holder(1)
    s_train = next(t.name for t in tr.PHASES.trains if t.kind == tr.SBAHN)
    w = world(started(g, train(seat, s_train), gift(main, 100)))
    buyer = tr.Buyer(main, tr.SBAHN, group=(main, seat))
    tram_owner = next(c for c in w.operating() if w.trains.trains(c))
    parties = offers.Parties(buyer, (seat, tram_owner), lambda owner: 0)
    entries = offers.train_offers(w, parties)
    assert [(a["seller"], a["train"], a["max"]) for a in entries] == [(seat, f"{s_train}-0", 100)]


def test_bot_games_with_offers_end_1881_10_5() -> None:
    """Bots make offers (easy: any, normal: when the bank has no train for them) and answer
    them; the game ends with the invariants (money, shares, depots) after every action."""
    g, _, failures = play_checked(4, 0, levels=["easy", "normal", "easy", "normal"])
    assert failures == []
    kinds = [a["action"]["type"] for a in g.actions]
    assert kinds.count("offer_train") + kinds.count("offer_depot") > 0
    answered = kinds.count("accept_offer") + kinds.count("refuse_offer")
    assert answered > 0


def test_a_normal_bot_offers_without_a_bank_train_and_its_turn_ends_1881_10_5() -> None:
    """Decision O9: a trainless normal bot without money for a bank train offers for
    another company's train (its printed price or the treasury); refused offers are off
    the list (O4), so the turn ends after finitely many offers (10.8 / A-17: it may stay
    trainless)."""
    g, seat, _ = until_offer(4, 1, "offer_train", same=False)
    w = world(g)
    assert w.op is not None
    corp = w.op.corp
    g = started(g, trains_back(corp), cash(corp, 20))  # a poor company without a train
    first = g.bot_action(seat, "normal")
    assert first["type"] == "offer_train" and first["price"] == 20
    made = 0
    for _ in range(100):
        w = world(g)
        if w.op is None or w.op.corp != corp:
            break
        actor = g.active
        assert actor is not None
        action = g.bot_action(actor, "normal")
        made += action["type"] == "offer_train"
        g.apply(action, actor)
    else:
        pytest.fail("the bot's turn did not end")
    assert made >= 1
