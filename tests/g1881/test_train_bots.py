"""The normal bot's train planning and share buying (pygame_core/g1881/train_bots.py,
bots.py): a director buys a bank train that pays for itself within five runs (10.1), or,
best placed, one near the end of its level or of a level the treasuries can finish
(11.1); tops up the first train of a stalled phase (10.1); withholds a dividend only for
such a train that the run makes affordable (9.10); and a player opens only a company he
can float alone unless nothing else is left (4.25)."""

from __future__ import annotations

from collections.abc import Callable

from pygame_core import Game
from pygame_core.g1881 import train_bots
from pygame_core.g1881 import trains as tr
from pygame_core.g1881.board import homes
from pygame_core.g1881.runs import best_company_runs
from pygame_core.g1881.world import World

from .game_helpers import new, world
from .positions import cash, started


def _until(g: Game, step: str, *, trains: int, wants: bool = False, limit: int = 3000) -> World:
    """Bots play until a tram company with `trains` trains reaches `step` (`wants`: and
    wants a bank train)."""
    while g.active is not None and len(g.actions) < limit:
        w = world(g)
        op = w.op
        tram = op is not None and w.sbahn is None and op.corp in w.charters
        found = w.step == step and tram and op and len(w.trains.trains(op.corp)) == trains
        if found and op and (not wants or train_bots.wanted(w, op.corp) is not None):
            return w
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    raise AssertionError(f"no company reached {step} with {trains} trains")


def _with_cash(g: Game, holder: str, amount: int) -> Game:
    """`g`'s position with `holder` at `amount` (the bank gives or takes the rest)."""
    return started(g, cash(holder, amount))


def _gain(w: World, corp: str, train: str) -> int:
    ranges = [int(tr.train_type(t).range or 0) for t in w.trains.trains(corp)]
    home = homes()[corp].hex
    before = best_company_runs(w.map, corp, ranges, home=home).total
    more = [*ranges, int(tr.train_type(train).range or 0)]
    return best_company_runs(w.map, corp, more, home=home).total - before


def test_a_train_that_pays_back_in_five_runs_is_wanted_1881_10_1() -> None:
    g = new(4, 1)
    w = _until(g, "trains", trains=2)
    corp = w.op.corp if w.op else ""
    train, price = min(tr.offer(w.trains, tr.TRAM).items(), key=lambda kv: (kv[1], kv[0]))
    gain = _gain(w, corp, train)
    want = train_bots.wanted(w, corp)
    if gain * train_bots.PAYBACK >= price:
        assert want == train_bots.Wanted(train, price, gain)
    else:
        assert want is None


def test_the_bot_buys_a_wanted_train_it_can_pay_and_not_otherwise_1881_10_1() -> None:
    g = new(4, 1)
    w = _until(g, "trains", trains=2, wants=True)
    corp = w.op.corp if w.op else ""
    want = train_bots.wanted(w, corp)
    assert want is not None
    seat = g.active
    assert seat is not None
    rich = _with_cash(g, corp, want.price)
    assert rich.bot_action(seat, "normal") == {"type": "buy_train", "train": want.train}
    poor = _with_cash(g, corp, want.price - 1)
    assert poor.bot_action(seat, "normal")["type"] != "buy_train"


def test_the_bot_withholds_only_when_the_run_pays_for_a_wanted_train_1881_9_10() -> None:
    g = new(4, 1)
    w = _until(g, "dividend", trains=2, wants=True)
    op = w.op
    assert op is not None and op.runs is not None
    corp, run = op.corp, op.runs.total
    want = train_bots.wanted(w, corp)
    assert want is not None and run > 0
    seat = g.active
    assert seat is not None
    withhold, pay = (
        {"type": "dividend", "choice": "withhold"},
        {"type": "dividend", "choice": "pay"},
    )
    # the run makes it affordable
    assert _with_cash(g, corp, want.price - run).bot_action(seat, "normal") == withhold
    # not even with the run
    assert _with_cash(g, corp, want.price - run - 1).bot_action(seat, "normal") == pay
    # affordable anyway: pay, then buy
    assert _with_cash(g, corp, want.price).bot_action(seat, "normal") == pay


def test_trains_the_purchase_rusts_do_not_count_1881_11() -> None:
    """A train whose purchase starts the phase that rusts the company's trains (11.x) is
    worth only what it runs alone, so the bot does not count the rusted ones."""
    g = new(4, 1)
    w = _until(g, "trains", trains=2)
    corp = w.op.corp if w.op else ""
    held = w.trains.trains(corp)
    # Pretend the offered train rusts what the company holds.
    four = next(t for t in tr.TYPES.values() if t.triggers and t.triggers == "3")
    assert all(tr.train_type(t).rusts_on == "3" for t in held)
    home = homes()[corp].hex
    alone = best_company_runs(w.map, corp, [int(four.range or 0)], home=home).total
    now = best_company_runs(
        w.map, corp, [int(tr.train_type(t).range or 0) for t in held], home=home
    ).total
    bank = w.trains.bank.stock
    first_four = bank[four.name][0]
    w.trains.bank.stock = {four.name: bank[four.name]}  # only 4-trains on offer
    try:
        want = train_bots.wanted(w, corp)
    finally:
        w.trains.bank.stock = bank
    expected = alone - now
    if expected * train_bots.PAYBACK >= four.price:
        assert want == train_bots.Wanted(first_four, four.price, expected)
    else:
        assert want is None


def test_six_players_float_four_companies_in_the_first_stock_round_1881_4_25() -> None:
    """With 420 each (Table 1) no player can float a 90-par company alone: the bots open
    the ones they can float and help each other's, so four float at once (before: two,
    while four more stayed at 40% for the whole game)."""
    g = new(6, 0)
    while g.active is not None:
        w = world(g)
        if w.round_entry.kind == "OR":
            break
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    w = world(g)
    assert len(w.eco.floated) >= 4
    unfloated = [c for c in w.eco.in_play if c not in w.eco.floated]
    assert unfloated == [], unfloated


def _offered(w: World) -> tuple[str, int, int]:
    """The cheapest tram train on offer, its price and how many of its level the bank
    holds."""
    train, price = min(tr.offer(w.trains, tr.TRAM).items(), key=lambda kv: (kv[1], kv[0]))
    return train, price, len(w.trains.bank.stock[tr.train_type(train).name])


def _at_train_step(g: Game, found: Callable[[World, str], bool], what: str) -> World:
    """Bots play until a tram company (no S-Bahn part) reaches its train step where
    found(world, company) holds."""
    while g.active is not None and len(g.actions) < 3000:
        w = world(g)
        op = w.op
        tram = op is not None and w.sbahn is None and op.corp in w.charters
        if w.step == "trains" and op and tram and found(w, op.corp):
            return w
        seat = g.active
        g.apply(g.bot_action(seat, "normal"), seat)
    raise AssertionError(f"no company reached its train step {what}")


def _until_short(g: Game, left: int) -> World:
    """Bots play until a tram company with two trains or more reaches its train step with
    `left` trains of the offered level in the bank, where the offered train's runs would
    pay back (left - 1)/left of its price within `PAYBACK` operating rounds, not all."""

    def short(w: World, corp: str) -> bool:
        if not tr.offer(w.trains, tr.TRAM) or len(w.trains.trains(corp)) < 2:
            return False
        train, price, n = _offered(w)
        five = _gain(w, corp, train) * train_bots.PAYBACK
        return n == left and five < price and five * left >= price * (left - 1)

    return _at_train_step(g, short, f"with {left} left")


def _richest(g: Game, corp: str, amount: int, rivals: int) -> Game:
    """`g`'s position with `corp` at `amount` and every other operating tram company at
    `rivals`."""
    others = [c for c in world(g).operating() if c != corp]
    return started(g, cash(corp, amount), *(cash(c, rivals) for c in others))


def _buys(g: Game) -> bool:
    seat = g.active
    assert seat is not None
    return bool(g.bot_action(seat, "normal")["type"] == "buy_train")


def test_the_last_train_of_a_level_goes_to_the_best_placed_company_1881_11_1() -> None:
    """The last train of a level opens the next, whose first sale starts a phase (11.1,
    Table 2). A company buys it, though its runs do not pay it back, only if no rival
    with room that operates after it in the round holds more cash, or it can then pay
    the next level's first train too. At 5 players the company that bought it with its
    whole treasury ran its 2-trains until they rusted while the next company bought the
    3-trains."""
    g = new(5, 0, {"edition": 6})
    w = _until_short(g, 1)
    corp = w.op.corp if w.op else ""
    _, price, _ = _offered(w)
    nxt = min(t.price for t in tr.TYPES.values() if t.kind == tr.TRAM and t.price > price)
    richest = _richest(g, corp, price + 10, price)
    poorer = _richest(g, corp, price + 10, price + 20)
    assert train_bots.wanted(world(richest), corp) is not None and _buys(richest)
    assert train_bots.wanted(world(poorer), corp) is None and not _buys(poorer)
    # Richer rivals that operated before it in this round had their turn.
    before = [c for c in w.operated if c != corp]
    assert before
    after = [c for c in w.operating() if c != corp and c not in before]
    late = started(
        g,
        cash(corp, price + 10),
        *(cash(c, price) for c in after),
        *(cash(c, price + 20) for c in before),
    )
    assert train_bots.wanted(world(late), corp) is not None and _buys(late)
    # Poorer than a rival, but it can pay the next level's first train after this one.
    both = _richest(g, corp, price + nxt, price + nxt + 10)
    assert train_bots.wanted(world(both), corp) is not None and _buys(both)
    short = _richest(g, corp, price + nxt - 10, price + nxt + 10)
    assert train_bots.wanted(world(short), corp) is None and not _buys(short)


def test_a_train_near_the_end_of_its_level_pays_back_less_1881_11_1() -> None:
    """With n trains of a level left, each is a step towards the next phase (11.1): the
    best-placed company buys one whose runs pay back (n - 1)/n of its price in five
    operating rounds, and no company one whose runs pay back less."""
    g = new(5, 0, {"edition": 6})
    left = 2
    w = _until_short(g, left)
    corp = w.op.corp if w.op else ""
    train, price, _ = _offered(w)
    gain = _gain(w, corp, train)
    rich = _richest(g, corp, price + 10, price)
    assert train_bots.wanted(world(rich), corp) == train_bots.Wanted(train, price, gain)
    assert _buys(rich)
    poorer = _richest(g, corp, price + 10, price + 20)
    assert train_bots.wanted(world(poorer), corp) is None
    # The same train, with as many of its level left as make (n - 1)/n more than it
    # pays back, is not worth its price even to the richest.
    rw = world(rich)
    stock = rw.trains.bank.stock
    level = tr.train_type(train).name
    more = price // max(1, price - gain * train_bots.PAYBACK) + 1
    rw.trains.bank.stock = {
        **stock,
        level: [*stock[level], *(f"{level}-x{i}" for i in range(more))],
    }
    try:
        assert train_bots.wanted(rw, corp) is None
    finally:
        rw.trains.bank.stock = stock


def _until_idle(g: Game) -> World:
    """Bots play until every operating tram company runs two trains or more and one
    reaches its train step with two or more trains of the offered level in the bank, none
    of which would pay back (left - 1)/left of its price in `PAYBACK` operating rounds."""

    def idle(w: World, corp: str) -> bool:
        running = [len(w.trains.trains(c)) >= 2 for c in w.operating()]
        if not tr.offer(w.trains, tr.TRAM) or not all(running):
            return False
        train, price, n = _offered(w)
        five = _gain(w, corp, train) * train_bots.PAYBACK
        return n >= 2 and five * n < price * (n - 1)

    return _at_train_step(g, idle, "with an idle level")


def test_a_level_the_treasuries_can_finish_is_bought_out_1881_11_1() -> None:
    """A level whose trains add nothing to any run still ends, and the next phase starts
    (11.1, Table 2), if the tram companies with room hold, together, the rest of the level
    and the next level's first train: then the best-placed company buys one. At 6 players
    three companies with two 2-trains each and networks that had stopped growing kept three
    2-trains in the bank, and 32 of 300 games ended in phase 1."""
    g = new(6, 7, {"edition": 6})
    w = _until_idle(g)
    corp = w.op.corp if w.op else ""
    _, price, left = _offered(w)
    nxt = min(t.price for t in tr.TYPES.values() if t.kind == tr.TRAM and t.price > price)
    rivals = [c for c in w.operating() if c != corp and w.trains.room(tr.Buyer(c, tr.TRAM)) > 0]
    assert rivals
    need = left * price + nxt
    each = price  # every rival holds a train's price; the company a little more
    mine = max(price + 10, need - each * len(rivals))
    enough = _richest(g, corp, mine, each)
    assert train_bots.wanted(world(enough), corp) is not None and _buys(enough)
    # One short of the level and the next train together: not worth it.
    short = _richest(g, corp, mine - (mine + each * len(rivals) - need) - 1, each)
    assert train_bots.wanted(world(short), corp) is None and not _buys(short)


def _until_next_level(g: Game) -> World:
    """Bots play until a tram company with two trains and room for more reaches its train
    step while the bank offers only the first train of a level whose purchase starts a
    phase."""

    def next_level(w: World, corp: str) -> bool:
        offer = tr.offer(w.trains, tr.TRAM)
        starts = [t for t in offer if tr.train_type(t).triggers not in (None, w.trains.phase)]
        room = w.trains.room(tr.Buyer(corp, tr.TRAM)) > 0
        return bool(offer) and starts == list(offer) and room and len(w.trains.trains(corp)) >= 2

    return _at_train_step(g, next_level, "before a new level")


def test_a_stalled_phase_takes_the_directors_top_up_1881_10_1() -> None:
    """When the first train of the next level starts a phase that rusts no train and no
    tram company with room holds its price, a company that can pay it with up to a
    quarter from its director (10.1) buys it. Without the top-up 6-player games stalled
    in phase 1: the 2-trains were sold and no treasury held the 3-train's 330."""
    g = new(6, 7, {"edition": 6})
    w = _until_next_level(g)
    corp = w.op.corp if w.op else ""
    train, price = min(tr.offer(w.trains, tr.TRAM).items(), key=lambda kv: (kv[1], kv[0]))
    assert not any(t.rusts_on == tr.train_type(train).triggers for t in tr.TYPES.values())
    director = w.eco.shares.director(corp)
    assert director is not None
    short = price - price // 4  # the most the director may make up (10.1)
    others = [c for c in w.operating() if c != corp]
    stalled = started(g, cash(corp, short), cash(director, price), *(cash(c, 0) for c in others))
    seat = stalled.active
    assert seat is not None
    assert stalled.bot_action(seat, "normal") == {"type": "buy_train", "train": train}
    # A rival's treasury pays it: no top-up; the train waits for the rival.
    rival = started(
        g,
        cash(corp, short),
        cash(director, price),
        *(cash(c, price if c == others[0] else 0) for c in others),
    )
    assert rival.bot_action(seat, "normal")["type"] != "buy_train"


def test_a_bankrupt_companys_train_is_no_step_towards_a_phase_1881_10_3() -> None:
    """A train a bankrupt company left in the bank (10.3, digest A-20) is sold beside the
    level on offer and starts no phase (11.1): it is worth its price only if its runs pay
    it back, even to the best-placed company (before: its level had no train left in
    stock, so it counted as the last of its level)."""
    g = new(5, 0, {"edition": 6})

    def idle_two(w: World, corp: str) -> bool:  # phase 2, room, a 2-train adds little
        room = w.trains.room(tr.Buyer(corp, tr.TRAM)) > 0
        return w.trains.phase == "2" and room and _gain(w, corp, "2-x") * train_bots.PAYBACK < 220

    w = _at_train_step(g, idle_two, "in phase 2 where a 2-train adds little")
    corp = w.op.corp if w.op else ""
    rich = world(_richest(g, corp, 2000, 0))  # best placed (_best_placed)
    rich.trains.returned = ["2-x"]
    assert _offered(rich)[:2] == ("2-x", 220)  # the cheapest on offer, its level sold out
    assert train_bots.wanted(rich, corp) is None
