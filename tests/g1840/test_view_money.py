"""1840's view: the money a player meets at a decision, as numbers from the engine, so that
the page does no rule arithmetic (docs/1840-api.md, view `sr.founding` and `cr.trams`).

- SR1 founding (VII.5, V2): what each start price costs, the subscription right's part
  (a voucher worth 350) and the cash; the log says what was paid how.
- The tram step (VIII.5.3): why a tram on offer cannot be bought (the engine's own refusal
  and its rule) and which Lines have no tram ("done" is legal: such a Line does not run).
"""

from __future__ import annotations

from typing import Any

from pygame_core import Game
from pygame_core.g1840.company import offer
from pygame_core.g1840.trams import LIMIT

from .helpers import Policy, act, advance, after_pre, cash, cr_step, game, seat, world

JsonDict = dict[str, Any]


def _view(g: Game) -> JsonDict:
    v: JsonDict = g.view(None)
    return v


def test_founding_costs_split_between_the_right_and_cash() -> None:
    g = after_pre(2)
    s = seat(g)
    founding = _view(g)["sr"]["founding"]
    assert founding["seat"] == s and founding["voucher"] is True
    prices = {c["price"]: c for c in founding["prices"]}
    at_100 = prices[100]
    assert at_100 == {
        "price": 100,
        "certificate": 500,
        "voucher": 350,
        "cash": 150,
        "capital": 1000,
        "affordable": at_100["affordable"],
    }
    # affordable exactly where the engine offers the price
    legal = {(e["major"], e["price"]) for e in g.legal_actions(s) if e["type"] == "par"}
    major = sorted(legal)[0][0]
    assert {p for p, c in prices.items() if c["affordable"]} == {p for m, p in legal if m == major}
    before = cash(g, s)
    act(g, {"type": "par", "major": major, "price": 100})
    # the player's cash falls by the cash part only, and the log says so
    assert cash(g, s) == before - 150
    assert "costs 500, paid 350 by the subscription right and 150 in cash" in g.log[-1]["text"]
    # the next founder sees his own costs; nobody sees any once all have founded
    nxt = _view(g)["sr"]["founding"]
    assert nxt is not None and nxt["seat"] == seat(g) != s


def test_no_founding_costs_after_sr1() -> None:
    g = after_pre(2)
    advance(g, lambda g: world(g).step != "stock")
    v = _view(g)
    assert v["sr"] is None or v["sr"]["founding"] is None


def _trams_step(g: Game, *, where: str = "trams") -> str:
    advance(g, lambda g: (cr_step(g) or ("", ""))[0] == where, Policy(buy_trams=False))
    step = cr_step(g)
    assert step is not None
    return step[1]


def test_tram_step_names_the_lines_without_a_tram_and_done_is_legal() -> None:
    g = game(2)
    major = _trams_step(g)
    w = world(g)
    trams = _view(g)["cr"]["trams"]
    lacking = sorted((ln for ln in w.majors[major].lines if w.lines[ln].tram is None), key=int)
    assert trams["tramless_lines"] == lacking
    # VIII.5.3: only a major with no tram at all must buy; with one, "done" is legal even
    # while a Line has none
    types = {e["type"] for e in g.legal_actions(seat(g))}
    if w.major_trams(major):
        assert "done" in types
    else:
        assert "done" not in types and _view(g)["cr"]["forced"] == major


def test_tram_step_says_why_a_tram_cannot_be_bought() -> None:
    g = game(2)
    major = _trams_step(g)
    s = seat(g)
    w = world(g)
    buyable = {e["tram"] for e in g.legal_actions(s) if e["type"] == "buy_tram"}
    refused = _view(g)["cr"]["trams"]["refused"]
    # every tram on offer is either buyable or has the engine's reason
    assert set(offer(w)) == buyable | set(refused)
    assert not buyable & set(refused)
    for reason in refused.values():
        assert reason["reason"] and reason["rule"].startswith("1840")
    # a major at its limit of three: every tram is refused for that reason
    while len(w.major_trams(major)) < LIMIT and any(
        e["type"] == "buy_tram" for e in g.legal_actions(s)
    ):
        tram = min(
            (e["tram"] for e in g.legal_actions(s) if e["type"] == "buy_tram"),
            key=lambda t: offer(w)[t],
        )
        act(g, {"type": "buy_tram", "tram": tram})
        if cr_step(g) != ("trams", major):
            return  # the step ended (no tram left to buy): nothing more to check here
    refused = _view(g)["cr"]["trams"]["refused"]
    if len(w.major_trams(major)) >= LIMIT:
        assert refused and all(f"at most {LIMIT}" in r["reason"] for r in refused.values())
    else:
        # too dear: the treasury's cash is named
        treasury = w.money.cash(major)
        assert all(str(treasury) in r["reason"] for r in refused.values())
