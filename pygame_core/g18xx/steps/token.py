"""The token step's shared rules: a company's next token costs by how many it has placed,
and goes on a free slot of a city its track reaches from one of its tokens, unblocked by
other companies' tokens, one per hex (the map's own checks included). Its home token goes
on a city of its home hex, reserved for it or free."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from ...core.errors import IllegalAction
from ..board import MapState
from ..graph import TrackGraph
from ..tiles import StopKind


def next_cost(costs: Sequence[int], placed: int) -> int | None:
    """The cost of the next token after `placed` (the printed costs by count); None when
    all are placed."""
    return costs[placed] if placed < len(costs) else None


def options(
    map_state: MapState,
    graph: TrackGraph,
    corporation: str,
    costs: Sequence[int],
    placed: int,
    cash: int,
    *,
    free: bool = False,
) -> list[tuple[str, int, int]]:
    """(hex, city part, cost) for `corporation`'s next token (`free`: a token that costs
    nothing, e.g. a bonus): none once all are placed or when `cash` cannot pay it."""
    cost = next_cost(costs, placed)
    if cost is None:
        return []
    if free:
        cost = 0
    if cost > cash:
        return []
    return [(h, part, cost) for h, part in open_cities(map_state, graph, corporation)]


def open_cities(map_state: MapState, graph: TrackGraph, corporation: str) -> list[tuple[str, int]]:
    """(hex, city part) where `corporation` may place its next token: reached from its
    tokens, a free slot, not a hex where it already has one, and allowed by the map
    (reserved homes and the like). In the graph's node order."""
    own = {h for h, _ in map_state.corp_tokens(corporation)}
    out = []
    for index in sorted(graph.reach(corporation).nodes):
        node = graph.nodes[index]
        if node.kind is not StopKind.CITY or node.hex in own or None not in node.tokens:
            continue
        try:
            map_state.check_token(node.hex, node.part, corporation)
        except IllegalAction:
            continue
        out.append((node.hex, node.part))
    return out


def home_cities(map_state: MapState, home: str, corporation: str) -> list[int]:
    """The city parts of `home` where `corporation`'s home token may go: those reserved
    for it, else every city the map allows; on a hex still without track its cities are
    not told apart (the first tile places the token again), so the first only."""
    reserved = [p for p, corps in map_state.reserved.get(home, {}).items() if corporation in corps]
    if reserved:
        return reserved
    tile = map_state.tile(home)[0]
    fits = []
    for stop in tile.stops:
        if stop.kind is not StopKind.CITY:
            continue
        try:
            map_state.check_token(home, stop.part, corporation)
        except IllegalAction:
            continue
        fits.append(stop.part)
    if map_state.is_printed(home):
        return fits[:1]
    return fits


@dataclass(frozen=True)
class TokenRules:
    """The rule a title's token refusals cite, its word for a token and the most tokens a
    company places (the printed costs' count)."""

    cite: str | None = None
    token_word: str = "token"


def free_slots(map_state: MapState, coord: str, part: int) -> list[int]:
    """The empty token slots of a city."""
    return [i for i, s in enumerate(map_state.tokens_at(coord, part)) if s is None]


def check_place(
    rules: TokenRules,
    map_state: MapState,
    corporation: str,
    options: Collection[tuple[str, int]],
    place: tuple[str, int, int | None],
    *,
    placed: int,
    most: int,
    who: str,
) -> None:
    """Refuse `corporation`'s token on (hex, city part, slot) unless the city is one of
    `options` (`open_cities`, affordable) and the slot, if named, is free; `placed` of its
    `most` tokens are on the map; `who` names it in refusals. The refusal names the first
    thing wrong."""
    coord, part, slot = place
    word = rules.token_word
    if (coord, part) in options:
        if slot is not None and slot not in free_slots(map_state, coord, part):
            raise IllegalAction(f"Slot {slot} of {coord}-{part} is not free", rule=rules.cite)
        return
    if placed >= most:
        raise IllegalAction(f"{who} has placed all {most} {word}s", rule=rules.cite)
    if coord in {h for h, _ in map_state.corp_tokens(corporation)}:
        raise IllegalAction(f"{who} already has a {word} on {coord}: one per hex", rule=rules.cite)
    if coord in map_state.board.hexes:
        try:
            map_state.check_token(coord, part, corporation)
        except (IllegalAction, KeyError, IndexError) as exc:
            raise IllegalAction(
                f"No {word} of {who} can go on {coord}-{part}: {exc}", rule=rules.cite
            ) from None
    raise IllegalAction(
        f"{who} cannot place a {word} on {coord}-{part}: it must be a city connected to one "
        f"of its {word}s by a route not blocked by other {word}s, and affordable",
        rule=rules.cite,
    )
