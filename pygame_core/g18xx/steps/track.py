"""The track step, shared by the titles: what a tile costs, which of the legal lays a
company may still make this turn, and the refusal of a lay that is not among them.

Which tiles fit where is the map's business (`MapState.legal_lays`, g18xx.laying for a
company's network); the title lists the lays and says how many a turn allows. A hex's
printed cost (terrain, a bridge) is paid for its first tile only; an upgrade costs
nothing. A tile laid this turn is not upgraded in the same turn unless the title says so.
A refused lay is explained by the first thing that is wrong with it: the hex, the tile,
the supply, the phase's colours, the rotation, the fit, and last the company's reach.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NoReturn

from ...core.errors import IllegalAction, quote
from ..board import MapState
from ..laying import Lay
from ..tiles import TileDef
from ..trains import PhaseTable

COUNT_WORDS = ("no", "one", "two", "three", "four")


@dataclass(frozen=True)
class TrackRules:
    """A title's track step settings and the rules its refusals cite: `cite_lay` where a
    tile goes, its rotation and cost; `cite_upgrade` the supply, the phase's colours and
    upgrades; `cite_fit` a tile that does not suit a hex it may build on; `cite_count`
    the lays a turn allows. `reach` names, in refusals, where the company's track must
    come from; `fresh_note` is appended to the refusal to upgrade a tile laid this turn."""

    lays_per_turn: int = 1
    cite_lay: str | None = None
    cite_upgrade: str | None = None
    cite_fit: str | None = None
    cite_count: str | None = None
    reach: str = "one of its tokens on its track"
    fresh_note: str = ""


def lay_cost(map_state: MapState, coord: str) -> int:
    """What laying a tile on `coord` costs now."""
    return map_state.board.hexes[coord].tile.lay_cost if map_state.is_printed(coord) else 0


def affordable(map_state: MapState, lays: Iterable[Lay], cash: int) -> list[Lay]:
    """The lays whose cost `cash` pays."""
    return [lay for lay in lays if lay_cost(map_state, lay[0]) <= cash]


def lay_actions(lays: Iterable[Lay]) -> list[dict[str, str | int]]:
    """The legal actions for `lays`: one "lay_tile" per hex, tile and rotation."""
    return [{"type": "lay_tile", "hex": h, "tile": t, "rotation": r} for h, t, r in lays]


def not_fresh(lays: Iterable[Lay], laid: Collection[str]) -> list[Lay]:
    """The lays on hexes that got no tile this turn (`laid`)."""
    return [lay for lay in lays if lay[0] not in laid]


def check_not_fresh(rules: TrackRules, laid: Collection[str], coord: str | None) -> None:
    """Refuse to build again on a hex that got its tile this turn."""
    if coord in laid:
        raise IllegalAction(
            "A tile laid this turn cannot be upgraded in the same turn" + rules.fresh_note,
            rule=rules.cite_upgrade,
        )


def check_count(rules: TrackRules, made: int, who: str) -> None:
    """Refuse a lay beyond the turn's `lays_per_turn` (`made`: the lays so far)."""
    if made >= rules.lays_per_turn:
        n = rules.lays_per_turn
        words = COUNT_WORDS[n] if n < len(COUNT_WORDS) else str(n)
        raise IllegalAction(
            f"{who} lays or upgrades {words} tile{'' if n == 1 else 's'} per turn",
            rule=rules.cite_count,
        )


def check_cost(rules: TrackRules, map_state: MapState, coord: str, cash: int, payer: str) -> None:
    """Refuse a legal lay on `coord` that `payer`, holding `cash`, cannot pay for."""
    cost = lay_cost(map_state, coord)
    if cost > cash:
        raise IllegalAction(
            f"Laying on {coord} costs {cost}; {payer} has {cash}", rule=rules.cite_lay
        )


@dataclass(frozen=True)
class LayContext:
    """What a refused lay is explained against: the tiles of the game, the supply left,
    the phase table and the colours on offer now, and the company's name in refusals."""

    tiles: Mapping[str, TileDef]
    supply: Mapping[str, int]
    phases: PhaseTable
    colours: Sequence[str]
    who: str


def refuse(
    rules: TrackRules,
    map_state: MapState,
    lays: Sequence[Lay],
    lay: Lay,
    ctx: LayContext,
    what: str = "",
) -> NoReturn:
    """Refuse `lay`, which is not one of the legal `lays`, naming the first thing wrong
    with it. `what` says, in the message, as what it is laid (e.g. a bonus)."""
    coord, tile, _ = lay
    if coord not in map_state.board.hexes:
        raise IllegalAction(f"{quote(coord)} is not on the map", rule=rules.cite_lay)
    if tile not in ctx.tiles:
        raise IllegalAction(f"There is no tile {quote(tile)}", rule=rules.cite_lay)
    if ctx.supply.get(tile, 0) <= 0:
        raise IllegalAction(f"No tile {tile} is left", rule=rules.cite_upgrade)
    colour = ctx.tiles[tile].colour
    first = ctx.phases.first_with(colour)
    if first is not None and colour not in ctx.colours:
        when = first.starts_on or f"phase {first.name}"
        raise IllegalAction(
            f"{colour.capitalize()} tiles are available from {when}", rule=rules.cite_upgrade
        )
    on_hex = [r for h, n, r in lays if h == coord and n == tile]
    if on_hex:
        raise IllegalAction(
            f"Tile {tile} on {coord} fits only in rotations {sorted(on_hex)}", rule=rules.cite_lay
        )
    where = f"{coord} {what}".rstrip()
    if any(h == coord for h, _, _ in lays):
        raise IllegalAction(
            f"Tile {tile} cannot go on {where}: it must keep all track and stops and suit the "
            "hex and the phase",
            rule=rules.cite_fit,
        )
    raise IllegalAction(
        f"{ctx.who} cannot lay on {where}: the hex must be reachable from {rules.reach} and "
        "take a tile of this phase's colours",
        rule=rules.cite_lay,
    )
