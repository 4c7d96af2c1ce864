"""1881's operating rounds through the engine: an operating company's turn, the mandatory
train (10.8, digest C-37), phase changes during play (11.1, 10.4, 10.7; C-36), the end at
400 (13.1.2; C-40) and the "best_runs" query."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pygame_core import Game, IllegalAction
from pygame_core.g1881 import trains as tr
from pygame_core.g1881.economy import END

from .game_helpers import new, world
from .positions import gift, moved, phase, price, sold_out, started, trains_back


def play_until(g: Game, stop: Callable[[Game], bool], level: str = "normal") -> Game:
    """Bots play `g` until `stop` holds (fails if the game ends first)."""
    while g.active is not None:
        if stop(g):
            return g
        seat = g.active
        g.apply(g.bot_action(seat, level), seat)
    pytest.fail("the game ended first")


def in_step(step: str) -> Callable[[Game], bool]:
    """True once an operating company is in `step`."""
    return lambda g: world(g).step == step


def test_an_operating_turn_runs_pays_and_buys_1881_5_2() -> None:
    """5.2: a company runs its trains (8), its result is paid (9), then it buys trains
    (10); the dividend choices carry the engine's previews."""
    g = play_until(new(4, 5), lambda g: in_step("dividend")(g) and bool(world(g).trains.owned))
    seat = g.active
    assert seat is not None
    w = world(g)
    assert w.op is not None and w.op.runs is not None
    previews = g.view(seat)["previews"]["dividend"]
    assert set(previews) == {a["choice"] for a in g.legal_actions(seat)}
    corp = w.op.corp
    before = w.eco.market.price(corp)
    if "pay" in previews:
        assert previews["pay"]["paid_out"] == w.op.runs.total
        g.apply({"type": "dividend", "choice": "pay"}, seat)
        assert world(g).eco.market.price(corp) > before  # 9.9: paying raises the price
    else:
        g.apply({"type": "dividend", "choice": "withhold"}, seat)
    assert world(g).step in ("trains", "discard", "track", "depot", "run", "stock", "over")


def test_a_trainless_company_that_can_pay_must_buy_1881_10_8_C37() -> None:
    """C-37: in its train step a company without a train whose treasury pays the cheapest
    on offer may not end the step."""

    def trainless(g: Game) -> bool:
        w = world(g)
        if w.step != "trains" or w.op is None:
            return False
        corp = w.op.corp
        return not w.trains.trains(corp) and w.eco.money.cash(corp) >= min(
            tr.offer(w.trains, tr.TRAM).values()
        )

    g = play_until(new(4, 2), trainless)
    seat = g.active
    assert seat is not None
    assert {"type": "done"} not in g.legal_actions(seat)
    before = g.state_hash()
    with pytest.raises(IllegalAction) as refused:
        g.apply({"type": "done"}, seat)
    assert refused.value.rule == "1881 10.8"
    assert g.state_hash() == before


def _trains_step_with_cash(seed: int) -> Game:
    g = play_until(new(4, seed), in_step("trains"))
    op = world(g).op
    assert op is not None
    return started(g, gift(op.corp, 2000))  # a rich treasury


def test_the_first_3_starts_phase_2_now_the_or_count_next_set_1881_11_1_C36() -> None:
    """C-36 / 11.1: the first 3 bought starts phase 2 at once (green tiles); the operating
    rounds of the running set stay as they were (digest A-14)."""
    g = started(_trains_step_with_cash(4), sold_out("2"))
    w = world(g)
    of = w.round_entry.data.get("of")
    seat = g.active
    assert seat is not None
    g.apply({"type": "buy_train", "train": "3-0"}, seat)
    w = world(g)
    assert w.trains.phase == "2" and w.eco.phase == "2"
    assert "green" in g.view(None)["colours"]
    assert w.round_entry.data.get("of") == of


def test_the_first_4_rusts_every_2_and_drops_the_limit_1881_10_4_C36() -> None:
    """C-36 / 10.4, 10.7: the first 4 starts phase 3: every 2 leaves the game (the
    buyer's too), the limit is 3 and a company over it keeps 3 of its trains."""
    g = _trains_step_with_cash(4)
    w = world(g)
    assert w.op is not None
    corp = w.op.corp
    other = next(c for c in w.operating() if c != corp)
    g = started(
        g,
        phase("2"),
        trains_back(other),
        *(moved(t, other) for t in ("3-1", "3-2", "3-3", "3-4")),
        moved("2-8", corp),
        sold_out("2"),
        sold_out("3"),
    )
    seat = g.active
    assert seat is not None
    g.apply({"type": "buy_train", "train": "4-0"}, seat)
    w = world(g)
    assert w.trains.phase == "3"
    assert not any(t.startswith("2-") for ts in w.trains.owned.values() for t in ts)
    assert w.step == "discard" and w.discard == [other]
    keeper = w.director_seat(other)
    assert keeper is not None and g.acting == (keeper,)
    keep = ["3-1", "3-2", "3-3"]
    with pytest.raises(IllegalAction):
        g.apply({"type": "keep_trains", "keep": keep[:2]}, keeper)
    g.apply({"type": "keep_trains", "keep": keep}, keeper)
    w = world(g)
    assert sorted(w.trains.owned[other]) == keep
    assert w.step == "trains" and g.acting == (seat,)


def test_a_price_reaching_400_ends_the_game_at_once_1881_13_1_2_C40() -> None:
    """C-40: a company at 375 pays: its price reaches 400, the dividend is paid and the game
    ends; the companies still to operate do not."""

    def paying(g: Game) -> bool:
        w = world(g)
        legal = g.legal_actions(g.active) if g.active is not None else []
        return (
            w.step == "dividend"
            and {"type": "dividend", "choice": "pay"} in legal
            and len(w.operating()) > len(w.operated)
        )

    g = play_until(new(4, 6), paying)
    w = world(g)
    assert w.op is not None
    corp = w.op.corp
    end_row, end_col = next(iter(w.eco.market.grid.zones[END]))
    g = started(g, price(corp, end_row, end_col - 1))
    w = world(g)
    operated = list(w.operated)
    holder = w.eco.shares.director(corp)
    assert holder is not None
    cash = w.eco.money.cash(holder)
    seat = g.active
    assert seat is not None
    g.apply({"type": "dividend", "choice": "pay"}, seat)
    w = world(g)
    assert w.over and g.active is None and g.result() is not None
    assert w.end.reached_end_price == corp
    assert w.eco.money.cash(holder) > cash  # the dividend is paid first
    assert w.operated == operated


def test_best_runs_query_reports_the_optimum_1881_9_1() -> None:
    """The "best_runs" query gives a company's proven best runs on the map now."""
    g = play_until(new(4, 5), lambda g: bool(world(g).trains.owned) and world(g).step == "run")
    w = world(g)
    assert w.op is not None
    answer = g.state.query("best_runs", {"company": w.op.corp})
    assert answer["company"] == w.op.corp
    assert len(answer["trains"]) == len(w.trains.trains(w.op.corp))
    seat = g.active
    assert seat is not None
    g.apply({"type": "run"}, seat)
    w = world(g)
    assert w.op is not None and w.op.runs is not None
    assert w.op.runs.total == answer["total"] + w.op.periphery


def test_the_trains_table_names_the_next_phase_and_what_rusts_then_1881_11_1() -> None:
    """11.1: the first train of a new type starts the next phase, and 10.4 the trains that
    rust with it. In phase 2, with 3-trains still at the bank, the next phase is 3 (started
    by the first 4-train) and the 2-trains rust then; not phase 2 again, which the view
    once reported because the 3-trains' own phase was taken for the next one."""
    g = play_until(
        new(4, 5),
        lambda g: world(g).trains.phase == "2" and bool(world(g).trains.bank.stock.get("3")),
    )
    table = g.view(None)["trains"]
    assert table["phase"] == "2"
    assert table["next_phase"] == "3"
    assert table["rusts_next"] == ["2"]
