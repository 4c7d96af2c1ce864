"""The view's dividend preview (`cr.dividend`): for every legal amount, the price the page
shows before the decision is the price the major has after it."""

from __future__ import annotations

from typing import Any

from pygame_core import new_game
from pygame_core.core.game import Game


def _to_first_dividend(seed: int) -> Game:
    game = new_game("1840", ["A", "B", "C"], {}, seed)
    for _ in range(2000):
        seat = game.active
        assert seat is not None
        if game.view(seat)["step"] == "dividend":
            return game
        game.apply(game.bot_action(seat, "normal"), seat)
    raise AssertionError("no dividend decision reached")


def _preview_price(preview: dict[str, Any], amount: int) -> int:
    band = [m for m in preview["moves"] if m["from"] <= amount][-1]
    return int(band["price"])


def test_dividend_preview_matches_the_price_after_paying() -> None:
    game = _to_first_dividend(1)
    seat = game.active
    assert seat is not None
    view = game.view(seat)
    preview = view["cr"]["dividend"]
    major = preview["major"]
    assert view["cr"]["current"] == ["dividend", major]
    assert preview["income"] == view["majors"][major]["income"]
    assert preview["price"] == view["majors"][major]["price"]
    assert preview["moves"][0]["from"] == 0
    entry = next(a for a in game.legal_actions(seat) if a["type"] == "dividend")
    assert entry["max"] == preview["income"] > 0
    for amount in range(entry["min"], entry["max"] + 1, entry["step"]):
        trial = game.at(len(game.actions))
        trial.apply({"type": "dividend", "amount": amount}, seat)
        after = trial.view(None)["majors"][major]
        assert after["price"] == _preview_price(preview, amount), amount
        cell = [m for m in preview["moves"] if m["from"] <= amount][-1]["cell"]
        assert after["cell"] == cell, amount


def test_no_dividend_preview_outside_the_dividend_step() -> None:
    game = new_game("1840", ["A", "B"], {}, 3)
    assert game.view(0)["cr"] is None
