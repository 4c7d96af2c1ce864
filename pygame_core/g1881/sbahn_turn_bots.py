"""The "normal" bot's play for an S-Bahn network part (12.4-12.13), chosen among the
engine's legal actions only: it lays the S tile (of a sample) that raises the part's
runs most, places the extra depot when the treasury can spare it, runs, pays out unless it
needs the money for its first train, takes its commission, and buys an S train while it
has none, or a longer one when scrapping an older one for it (12.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..core.rng import Rng
from . import track
from . import trains as tr
from .board import tiles
from .sbahn_turn import COMMISSION, part_runs
from .world import DEPOT, DIVIDEND, TRACK, TRAINS

if TYPE_CHECKING:
    from .world import World

JsonDict = dict[str, Any]
LAY_SAMPLE: Final = 4  # lays valued per turn (a run search each)


def _first(legal: list[JsonDict], kind: str) -> JsonDict | None:
    return next((e for e in legal if e["type"] == kind), None)


def _cheapest(w: World) -> int:
    prices = tr.offer(w.trains, tr.SBAHN).values()
    return min(prices) if prices else 0


def choose(w: World, legal: list[JsonDict], rng: Rng) -> JsonDict:
    """The normal bot's action for the S-Bahn part acting now."""
    assert w.sbahn is not None
    part = w.sbahn.part
    done = _first(legal, "done")
    step = w.step
    if step == TRACK:
        return _track(w, part, legal, rng) or done or legal[0]
    if step == DEPOT:
        place = _first(legal, "place_depot")
        spare = w.eco.money.cash(part) - 40 >= _cheapest(w) or w.trains.trains(part)
        return place if place is not None and spare else done or legal[0]
    if step == DIVIDEND:
        pay = next((e for e in legal if e["choice"] == "pay"), None)
        poor = not w.trains.trains(part) and w.eco.money.cash(part) < _cheapest(w)
        return pay if pay is not None and not poor else legal[0]
    if step == COMMISSION:
        return _first(legal, "take_commission") or legal[0]
    if step == TRAINS:
        return _trains(w, part, legal) or done or legal[0]
    return legal[0]


def _track(w: World, part: str, legal: list[JsonDict], rng: Rng) -> JsonDict | None:
    lays = [e for e in legal if e["type"] == "lay_tile"]
    if not lays:
        return None
    rng.shuffle(lays)
    has_trains = bool(w.trains.trains(part))
    base = part_runs(w, part).total if has_trains else 0

    def value(e: JsonDict) -> int:
        outcome = track.outcome(w.map, e["hex"])
        gain = outcome.build_bonus - outcome.cost
        if has_trains:
            trial = w.map.copy()
            trial.lay(e["hex"], tiles(w.edition)[e["tile"]], int(e["rotation"]))
            saved, w.map = w.map, trial
            try:
                gain += part_runs(w, part).total - base
            finally:
                w.map = saved
        return gain

    best_value, best = max(((value(e), e) for e in lays[:LAY_SAMPLE]), key=lambda p: p[0])
    if best_value < 0 and w.eco.money.cash(part) < 2 * _cheapest(w):
        return None
    return best


def _range(train: str) -> int:
    return int(tr.train_type(train).range or 0)


def _trains(w: World, part: str, legal: list[JsonDict]) -> JsonDict | None:
    buys = [e for e in legal if e["type"] == "buy_train"]
    if not buys:
        return None
    held = w.trains.trains(part)
    if not held or _first(legal, "done") is None:
        return min(buys, key=lambda e: (e.get("scrap") is not None, _range(e["train"])))
    better = [e for e in buys if "scrap" in e and _range(e["train"]) > _range(e["scrap"])]
    if better:
        return max(better, key=lambda e: _range(e["train"]) - _range(e["scrap"]))
    return None
