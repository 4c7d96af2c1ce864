"""The shipped embed demos (web/demos/*.json, scripts/make_demos.py): each is a versioned demo
whose save replays with its hash, whose steps are positions inside it, and whose 1840
captions and highlights state what the engine computes at those positions."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pygame_core import Game

DEMOS = Path(__file__).resolve().parents[2] / "web" / "demos"
NAMES = sorted(p.stem for p in DEMOS.glob("*.json"))


def load(name: str) -> dict[str, Any]:
    demo: dict[str, Any] = json.loads((DEMOS / f"{name}.json").read_text())
    return demo


def replay(demo: dict[str, Any]) -> Game:
    keys = ("players", "options", "seed", "actions", "state_hash")
    save = {k: demo[k] for k in keys}
    return Game.from_json({"format": "tramways-save", "version": 1, "title": demo["game"], **save})


def test_every_title_with_a_screen_has_a_demo() -> None:
    assert {load(n)["game"] for n in NAMES} >= {"trambahn", "1840"}


@pytest.mark.parametrize("name", NAMES)
def test_demo_is_versioned_and_replays(name: str) -> None:
    demo = load(name)
    assert (demo["format"], demo["version"]) == ("tramways-demo", 1)
    game = replay(demo)  # raises on an illegal action or a hash mismatch
    assert demo["steps"], name
    for step in demo["steps"]:
        assert 0 <= step["actions"] <= len(game.actions)
        assert step["caption"].strip()


def test_1840_run_draws_the_run_the_engine_made() -> None:
    """1840 IX.8: the run step's Line ran the route the engine previewed a step before."""
    demo = load("1840-run")
    game = replay(demo)
    run_step = demo["steps"][-1]
    (line,) = run_step["highlight"]["runs"]
    run = game.at(run_step["actions"]).view(None)["lines"][line]["last_run"]
    preview = game.at(demo["steps"][-2]["actions"]).view(None)["line_turn"]["run"]
    assert run["stops"] == preview["stops"] and len(run["stops"]) >= 8
    assert run["total"] == run["revenue"] + run["maintenance"]
    assert f"together {run['total']}" in run_step["caption"]


def test_1840_dividend_caption_names_the_engines_price_move() -> None:
    """1840 VIII.5.1 / X.2 (Tabelle 6): the dividend moves the price up the market."""
    demo = load("1840-dividend")
    game = replay(demo)
    first, last = demo["steps"][0], demo["steps"][-1]
    ev = next(e for e in game.at(last["actions"]).view(None)["events"] if e["kind"] == "dividend")
    major = ev["company"]
    before = game.at(first["actions"]).view(None)["majors"][major]["price"]
    after = game.at(last["actions"]).view(None)["majors"][major]["price"]
    assert after > before
    assert f"pays {ev['amount']}" in last["caption"]
    assert f"from {before} to {after}" in last["caption"]
    assert last["highlight"]["tab"] == "market"


def test_1840_stadtbahn_payout_is_the_multiplied_revenue() -> None:
    """1840 VIII.5.2: a Stadtbahn company pays all it earns times the round's multiplier."""
    demo = load("1840-stadtbahn")
    game = replay(demo)
    step = demo["steps"][-1]
    found = re.search(r"for (\d+); times (\d+) in this round = (\d+)", step["caption"])
    assert found
    earned, factor, payout = map(int, found.groups())
    assert earned * factor == payout and factor > 1
    company = step["caption"].split(" ", 1)[0]
    view = game.at(step["actions"]).view(None)
    assert {"kind": "stadtbahn", "company": company, "amount": payout} in view["events"]
