"""The money a decision would move, worked out by the engine for the page (docs/1840-api.md),
so that the page shows numbers and does no rule arithmetic of its own.

Each preview is read-only and follows the rule the action itself applies: the dividend's
payouts and price move (VIII.5.1, X.2), a share sale's proceeds and price fall (X.3), a
forced tram purchase's top-up and loans (VIII.5.3, IX.8), a Line's marker, removal and
lay costs (IX.4, IX.6), the sights' bonuses on a run (IX.8) and the loans' terms (XI).
`tests/g1840/test_view_previews.py` plays each action and checks the numbers.
"""

from __future__ import annotations

from typing import Any

from ..g18xx.market import Move
from ..g18xx.money import BANK
from ..g18xx.shares import POOL
from ..g18xx.steps.dividend import payouts
from . import board as b
from . import company, linerounds, stock
from .world import World, income_holder, player_holder

JsonDict = dict[str, Any]


def loan_terms(w: World) -> JsonDict:
    """XI / IX.8: the cash a loan brings and the value it costs at the end."""
    return {"size": w.loans.rules.size, "penalty": w.loans.rules.penalty}


def _shift(w: World, cell: tuple[int, int], move: Move, steps: int) -> tuple[int, int]:
    for _ in range(steps):
        cell = w.market.grid.step(cell, move)
    return cell


def dividend(w: World, major: str) -> JsonDict:
    """VIII.5.1 / X.2: for every amount the director may pay, what one share, each player
    and the bank (the pool's and unsold shares) get, what the treasury keeps, and the cell
    and price the major's token reaches. `moves` keeps the bands of the dividend table."""
    grid = w.market.grid
    income = w.money.cash(income_holder(major))
    start = w.market.cell(major)
    seats = range(len(w.players))
    percents = company.dividend_percents(w, major)
    size = w.shares.share_size(major)

    def reached(amount: int) -> tuple[int, int]:
        steps = grid.dividend_steps(amount)
        return _shift(w, start, Move.RIGHT if steps > 0 else Move.LEFT, abs(steps))

    moves = []
    for least, _ in grid.dividend_moves:
        if least > income:
            break
        cell = reached(least)
        moves.append({"from": least, "cell": list(cell), "price": grid.price(cell)})
    entry = next(e for e in company.legal(w, w.director(major)) if e["type"] == "dividend")
    amounts = []
    for amount in range(entry["min"], entry["max"] + 1, entry["step"]):
        # The split company.py pays with (g18xx.steps.dividend), seat by seat and the bank.
        parts = payouts(amount, percents)
        paid = [parts.get(player_holder(s), 0) for s in seats]
        bank = parts.get(BANK, 0)
        cell = reached(amount)
        amounts.append(
            {
                "amount": amount,
                "per_share": amount * size // 100,
                "payouts": paid,
                "bank": bank,
                "kept": income - sum(paid) - bank,
                "cell": list(cell),
                "price": grid.price(cell),
            }
        )
    return {
        "major": major,
        "income": income,
        "price": grid.price(start),
        "share_percent": size,
        "moves": moves,
        "amounts": amounts,
    }


def trades(w: World, seat: int) -> JsonDict:
    """VII.4 / X.3: for the seat to act in a Stock Round, each sale it may make (percent,
    what the bank pays at today's price, the price after falling one row per share) and
    each purchase (percent and cost)."""
    sells: dict[str, list[JsonDict]] = {}
    buys: dict[str, JsonDict] = {}
    h = player_holder(seat)
    for entry in stock.legal(w, seat):
        corp = entry.get("company")
        if not isinstance(corp, str):
            continue
        size = w.shares.share_size(corp)
        price = w.market.price(corp)
        if entry["type"] == "sell":
            n = int(entry["count"])
            after = _shift(w, w.market.cell(corp), Move.DOWN, n)
            sells.setdefault(corp, []).append(
                {
                    "count": n,
                    "percent": n * size,
                    "proceeds": w.shares.sale_value(corp, n, price),
                    "price_after": w.market.grid.price(after),
                }
            )
        elif entry["type"] == "buy":
            cert, _, cost = w.shares.check_buy(h, corp, POOL, price, w.money)
            buys[corp] = {"percent": cert.percent, "cost": cost}
    return {"sell": sells, "buy": buys}


def forced_payment(w: World, major: str) -> JsonDict | None:
    """VIII.5.3 / IX.8: when a major without a tram must buy one, how the cheapest tram on
    offer is paid: the treasury first, the rest by the director, with the loans his cash
    needs. None when the major need not buy."""
    if not company._forced(w, major):
        return None
    offer = company.offer(w)
    tram = min(offer, key=lambda t: (offer[t], t))
    price = offer[tram]
    from_treasury = min(w.money.cash(major), price)
    rest = price - from_treasury
    director = player_holder(w.director(major))
    return {
        "tram": tram,
        "price": price,
        "treasury": from_treasury,
        "director": rest,
        "director_cash": w.money.cash(director),
        "loans": w.loans.needed(w.money, director, rest),
    }


def line_costs(w: World) -> JsonDict:
    """IX.4 / IX.6: what the acting Line pays now for its station marker (None: it may
    place none), for removing a Stadtbahn marker, and for a first tile on each hex with a
    printed cost (upgrades cost nothing)."""
    t = w.turn
    assert t is not None
    if t.home_choice:
        token: int | None = 0
    else:
        bonus = t.bonus == linerounds.TOKEN_BONUS
        options = linerounds.token_options(w, bonus=bonus) if bonus or not t.token else []
        token = options[0][2] if options else None
    costs = ((coord, linerounds.lay_cost(w, coord)) for coord in sorted(w.map.board.hexes))
    lays = {coord: cost for coord, cost in costs if cost}
    return {"token": token, "remove": linerounds.REMOVE_COST, "lays": lays}


def sight_bonuses(sights: list[str]) -> dict[str, int]:
    """IV.2 / IX.8: the bonus each sight on a route adds."""
    privates = b._board_data()["privates"]
    return {p: int(privates[p]["bonus"]) for p in sights}
