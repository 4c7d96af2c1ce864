"""A deterministic player for the 1840 browser tests: at each decision it picks an action
that the engine lists as legal, preferring a kind of decision not yet clicked in the test
(so one scripted game reaches every kind), else the engine's normal bot's choice.
Pure Python on the engine: the test mirrors the page's game with it."""

from __future__ import annotations

from typing import Any

from pygame_core import Game

Action = dict[str, Any]

BONUS_KINDS = (
    "extra_yellow_tile",
    "upgrade_yellow_to_green",
    "red_inner_city_tile",
    "purple_station_tile",
    "extra_station_token_free",
)


def kind_of(game: Game, seat: int, action: Action) -> str:
    """The kind of decision an action is, e.g. "bid_private", "lay_rotated", "bonus:..."."""
    view = game.view(seat)
    t = action["type"]
    step = view["step"]
    lt = view.get("line_turn") or {}
    if lt.get("bonus") and t in ("lay_tile", "place_token"):
        return f"bonus:{lt['bonus']}"
    if t == "bid":
        return "bid_private" if action.get("private") else "bid_line"
    if t == "pass":
        return {
            "private_auction": "pass_private",
            "stock": "pass_sr",
            "pick": "pass_pick",
            "bid": "pass_line",
        }.get(step, "pass")
    if t == "lay_tile":
        rotations = [
            a["rotation"]
            for a in game.legal_actions(seat)
            if a["type"] == "lay_tile" and a["hex"] == action["hex"] and a["tile"] == action["tile"]
        ]
        return "lay_rotated" if rotations and action["rotation"] != rotations[0] else "lay_tile"
    if t == "place_token" and lt.get("home_choice"):
        return "home_city"
    if t == "dividend":
        cr = view.get("cr") or {}
        income = (cr.get("dividend") or {}).get("income")
        return (
            "dividend_partial" if income is not None and action["amount"] < income else "dividend"
        )
    if t == "end_turn":
        return "end_turn_sr" if step == "stock" else "end_turn"
    return str(t)


# decisions the scripted game wants clicked at least once, taken when legal and unclicked
WANTED = (
    "bid_private",
    "pass_private",
    "choose_order",
    "par",
    "buy",
    "sell",
    "pass_sr",
    "dividend",
    "dividend_partial",
    "buy_tram",
    "assign_tram",
    "done",
    "select_line",
    "bid_line",
    "pass_line",
    "lay_tile",
    "lay_rotated",
    "place_token",
    "remove_token",
    "pass_bonus",
    "run",
)


def concrete(entry: Action, value: int | None = None) -> Action:
    """A legal entry as the action to send (a range entry gets `value`, else its minimum)."""
    if "field" not in entry:
        return dict(entry)
    out = {k: v for k, v in entry.items() if k not in ("field", "min", "max", "step")}
    out[entry["field"]] = entry["min"] if value is None else value
    return out


def choose(game: Game, seat: int, clicked: set[str]) -> Action:
    """The action the scripted player takes now."""
    legal = game.legal_actions(seat)
    view = game.view(seat)
    lt = view.get("line_turn") or {}
    for entry in legal:
        action = concrete(entry)
        kind = kind_of(game, seat, action)
        if kind in clicked or kind not in WANTED:
            continue
        if kind == "pass_bonus" and f"bonus:{lt.get('bonus')}" not in clicked:
            continue  # take each bonus kind once before passing one
        if kind in ("lay_tile", "lay_rotated", "place_token", "dividend", "par", "buy_tram", "run"):
            continue  # these come from the bot's own choices (they shape the game)
        if kind == "dividend_partial":
            action = concrete(entry, max(entry["min"], entry["max"] - entry["step"]))
        return action
    bot = game.bot_action(seat, "normal")
    if bot["type"] == "dividend" and "dividend_partial" not in clicked:
        entry = next(a for a in legal if a["type"] == "dividend")
        if entry["max"] > entry["min"]:
            return concrete(entry, entry["max"] - entry["step"])
    return bot
