"""Routes: validity, revenue, and the exact best route of one train of unlimited range.

A route is a sequence of distinct stops joined by links (graph.py). The rules most 18xx
titles share (a title sets the variable ones, and the rule citations of every refusal,
in `RouteRules`):

- at least `min_stops` stops, no stop twice, no piece of track (hexside) twice; with
  `hex_once`, no hex entered twice either (a title whose trains enter each hex once),
  and with `revisit_tiles`, a stop on those tiles may be visited twice (on other track),
  each visit counting;
- the company's own token on a city of the route;
- a city full of other companies' tokens, an offboard, or a stop reached by terminal
  track, only as the first or last stop;
- with `end_kinds`, the first and last stop of those kinds only (e.g. stations, not
  halts), unless the caller relaxes it (`relaxed_ends`);
- with a train range, at most that many stops of `range_kinds` (halts may be free);
- revenue: every stop at the phase's value, except cities without the company's own
  token when `city_needs_own_token`; a stop on a tile of `tile_multipliers` counts that
  many times (value and range); plus a bonus per hex (e.g. a sight or a ferry) once per
  route if a stop of the route is on that hex.

`best_route` finds the maximum for one train of unlimited range exactly. Longest path is
NP-hard in general, so it is a branch and bound with a memo; see docs/18xx-core.md for why
it is exact and how fast. Several trains, and ranges: runs.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..core.errors import IllegalAction
from .graph import Link, Node, TrackGraph
from .tiles import StopKind

NEG = -(1 << 40)  # "no valid route"; far below any real revenue


class IllegalRoute(IllegalAction):
    """A route that breaks a rule; `rule` names the rulebook section."""

    kind = "illegal_route"


@dataclass(frozen=True)
class RouteCitations:
    """The rulebook sections a title cites in route refusals, one per rule; an empty one
    falls back to `general` (and an empty `general` cites nothing)."""

    general: str = ""
    track: str = ""  # the same track twice, on one route or on two of a company's
    stop: str = ""  # the same stop twice
    blocked: str = ""  # passing a city full of other companies' tokens
    token: str = ""  # no own token on the route
    range: str = ""  # more stops that count than the train's range
    ends: str = ""  # a route starting or ending at a stop that may not end it
    hex: str = ""  # a hex entered twice (with `hex_once`)

    def of(self, rule: str) -> str | None:
        """The citation for `rule` (a field name), or None."""
        ref = getattr(self, rule) or self.general
        return str(ref) or None


STATIONS: frozenset[StopKind] = frozenset({StopKind.CITY, StopKind.OFFBOARD})


@dataclass(frozen=True)
class RouteRules:
    """Per-title route rules (the defaults: any stop may end a route, cities count only
    with the company's own token, no citations)."""

    city_needs_own_token: bool = True  # a city without the company's token is worth 0
    min_stops: int = 2
    cite: RouteCitations = RouteCitations()
    # Stops a train's range counts (towns/halts are free when left out).
    range_kinds: frozenset[StopKind] = STATIONS
    # Stops a route may start and end at; None: any stop.
    end_kinds: frozenset[StopKind] | None = None
    # Tile name -> how many times a stop on that tile counts, in value and in range.
    tile_multipliers: Mapping[str, int] = field(default_factory=dict, hash=False)
    # A route enters each hex at most once (not only each hexside), except the hexes of
    # stops on `revisit_tiles`, which it may pass twice.
    hex_once: bool = False
    # Tile names whose stop a route may visit twice (entering and leaving by other track
    # each time; not as both its ends); each visit scores and counts against the range.
    revisit_tiles: frozenset[str] = frozenset()

    def visits(self, node: Node) -> int:
        """How many times one route may visit `node`."""
        return 2 if self.revisit_tiles and node.tile in self.revisit_tiles else 1

    def multiplier(self, node: Node) -> int:
        """How many times `node` counts on a route."""
        return self.tile_multipliers.get(node.tile, 1) if self.tile_multipliers else 1

    def may_end(self, node: Node, relaxed: bool = False) -> bool:
        """True if a route may start or end at `node`."""
        return relaxed or self.end_kinds is None or node.kind in self.end_kinds


@dataclass(frozen=True)
class Route:
    """A route: stop names in order, the links between them, the hexes of each link (in
    route direction, as 18xx.games' `connections`), and its revenue."""

    stops: tuple[str, ...]
    links: tuple[int, ...]
    connections: tuple[tuple[str, ...], ...]
    revenue: int


def make_route(graph: TrackGraph, path: Sequence[int], links: Sequence[int], revenue: int) -> Route:
    """The Route of graph nodes `path` joined by `links`, worth `revenue`."""
    connections = []
    for i, li in enumerate(links):
        link = graph.links[li]
        connections.append(link.hexes if link.a == path[i] else tuple(reversed(link.hexes)))
    stops = tuple(graph.nodes[i].sig for i in path)
    return Route(stops, tuple(links), tuple(connections), revenue)


def stop_value(node: Node, corp: str, colours: Sequence[str], rules: RouteRules) -> int:
    """What this stop adds to a route of `corp` (before hex bonuses), its multiplier
    included."""
    if node.kind is StopKind.CITY and rules.city_needs_own_token and corp not in node.tokens:
        return 0
    return node.stop.revenue.at(colours) * rules.multiplier(node)


def range_count(node: Node, rules: RouteRules) -> int:
    """How much of a train's range a visit of `node` uses (0: a free halt)."""
    return rules.multiplier(node) if node.kind in rules.range_kinds else 0


def route_revenue(
    graph: TrackGraph,
    corp: str,
    stops: Sequence[str],
    links: Sequence[int],
    colours: Sequence[str],
    bonuses: Mapping[str, int] | None = None,
    rules: RouteRules | None = None,
    *,
    train_range: int | None = None,
    relaxed_ends: bool = False,
) -> int:
    """Check a route and return its revenue. Raises IllegalRoute naming the broken rule.

    `stops` are node names in order; `links[i]` joins stops i and i+1 (indices into
    `graph.links`; see `link_for` to find them from hexes). `train_range`: the most stops
    of `rules.range_kinds` it may touch (None: unlimited). `relaxed_ends`: any stop may
    end it (a title's exception to `rules.end_kinds`).
    """
    rules = rules or RouteRules()
    cite = rules.cite
    ref = cite.of("general")
    if len(stops) < rules.min_stops:
        raise IllegalRoute(f"A route needs at least {rules.min_stops} stops", rule=ref)
    if len(links) != len(stops) - 1:
        raise IllegalRoute("A route needs one connection between each pair of stops", rule=ref)
    try:
        nodes = [graph.node(s) for s in stops]
    except KeyError as exc:
        raise IllegalRoute(f"{exc.args[0]} is not a stop on this track", rule=ref) from None
    seen: dict[int, int] = {}
    for n in nodes:
        seen[n.index] = seen.get(n.index, 0) + 1
        if seen[n.index] > rules.visits(n):
            text = "the same stop twice" if rules.visits(n) == 1 else f"{n.sig} a third time"
            raise IllegalRoute(f"A route may not visit {text}", rule=cite.of("stop"))
    if nodes[0].index == nodes[-1].index:
        raise IllegalRoute("A route must end at another stop than it starts", rule=cite.of("stop"))
    sides: set[int] = set()
    for i, li in enumerate(links):
        if not 0 <= li < len(graph.links):
            raise IllegalRoute(f"Unknown connection {li}", rule=ref)
        link = graph.links[li]
        a, b = nodes[i].index, nodes[i + 1].index
        if {link.a, link.b} != {a, b}:
            raise IllegalRoute(f"No such track from {stops[i]} to {stops[i + 1]}", rule=ref)
        if sides & link.hexsides:
            raise IllegalRoute("A route may not use the same track twice", rule=cite.of("track"))
        sides |= link.hexsides
    if rules.hex_once:
        _check_hex_once(graph, nodes, links, rules)
    for i, node in enumerate(nodes):
        if not node.usable:
            raise IllegalRoute(f"{node.sig} is not a stop yet", rule=ref)
        if 0 < i < len(nodes) - 1:
            if node.kind is StopKind.OFFBOARD:
                raise IllegalRoute(f"A route must end at {node.sig}", rule=ref)
            if node.blocks(corp):
                raise IllegalRoute(
                    f"{node.sig} is full of other tokens: a route may only start or end there",
                    rule=cite.of("blocked"),
                )
            before, after = graph.links[links[i - 1]], graph.links[links[i]]
            if before.terminal_at(node.index) or after.terminal_at(node.index):
                raise IllegalRoute(f"A route must end at {node.sig}", rule=ref)
    if not any(corp in n.tokens for n in nodes):
        raise IllegalRoute("A route needs one of the company's own tokens", rule=cite.of("token"))
    for node in (nodes[0], nodes[-1]):
        if not rules.may_end(node, relaxed_ends):
            raise IllegalRoute(
                f"A route may not start or end at {node.sig} ({node.kind.value})",
                rule=cite.of("ends"),
            )
    if train_range is not None:
        used = sum(range_count(n, rules) for n in nodes)
        if used > train_range:
            raise IllegalRoute(
                f"A train of range {train_range} may not touch {used} stations",
                rule=cite.of("range"),
            )
    revenue = sum(stop_value(n, corp, colours, rules) for n in nodes)
    return revenue + sum((bonuses or {}).get(h, 0) for h in {n.hex for n in nodes})


def hex_runs(link: Link, start: int) -> list[str]:
    """The hexes `link` passes, leaving node `start`, with a hex repeated in a row (one
    path after another on the same hex) once: the hexes entered in turn."""
    order = link.hexes if start == link.a else tuple(reversed(link.hexes))
    return [h for i, h in enumerate(order) if i == 0 or order[i - 1] != h]


def _check_hex_once(
    graph: TrackGraph, nodes: Sequence[Node], links: Sequence[int], rules: RouteRules
) -> None:
    """Raise if the route enters a hex twice (a stop of `rules.revisit_tiles` aside)."""
    twice = {n.hex for n in nodes if rules.visits(n) > 1}
    entered: list[str] = []
    for i, li in enumerate(links):
        runs = hex_runs(graph.links[li], nodes[i].index)
        entered.extend(runs if i == 0 else runs[1:])
    for i, coord in enumerate(entered):
        if coord not in twice and coord in entered[:i]:
            raise IllegalRoute(
                f"A route may enter hex {coord} only once", rule=rules.cite.of("hex")
            )


def link_for(graph: TrackGraph, a: str, b: str, hexes: Sequence[str]) -> Link:
    """The link from stop `a` to stop `b` whose hexes are `hexes` (either direction).
    Raises KeyError if there is none."""
    ia, ib = graph.by_sig[a], graph.by_sig[b]
    want = tuple(hexes)
    for link in graph.links_between(ia, ib):
        path = link.hexes if link.a == ia else tuple(reversed(link.hexes))
        if path == want or tuple(reversed(path)) == want:
            return link
    raise KeyError(f"No track {a} -> {b} over {'-'.join(hexes)}")


def best_route(
    graph: TrackGraph,
    corp: str,
    colours: Sequence[str],
    bonuses: Mapping[str, int] | None = None,
    rules: RouteRules | None = None,
) -> Route | None:
    """The route of highest revenue for one train of unlimited range, or None if `corp`
    has no valid route. Rules with `end_kinds`, `hex_once` or `revisit_tiles` need
    `runs.best_runs` (ValueError).

    Exact. Among equal revenues the first one found is returned (deterministic).
    """
    rules = rules or RouteRules()
    if rules.end_kinds is not None or rules.hex_once or rules.revisit_tiles:
        raise ValueError("best_route knows no end kinds, hexes or revisits: use runs.best_runs")
    return _Solver(graph, corp, colours, bonuses or {}, rules).solve()


_Move = tuple[int, int, bool, int]  # next stop, shared-track mask, may go on, link
# upper bound, gain, move, avail, component, its bound, token seen, bonuses got
_Child = tuple[int, int, _Move, int, int, int, bool, int]


class _Solver:
    """Branch and bound over simple paths, with a memo on (tip, reachable rest).

    Nodes are bits of an int. The future of a partial route depends only on its tip, on
    the set of unvisited stops the tip can still reach (its *component*: nothing else can
    ever join the route), on whether the own token is already on it, and (rarely) on
    shared track and bonuses already used. That is the memo key, so the value of a
    state is computed once however the route got there. The upper bound comes with the
    component (see `component`). Values are stored as exact, or as an upper bound when
    the search of that state was cut off (fail-soft, as in alpha-beta with a
    transposition table). Children are searched best bound first.
    """

    def __init__(
        self,
        graph: TrackGraph,
        corp: str,
        colours: Sequence[str],
        bonuses: Mapping[str, int],
        rules: RouteRules,
    ) -> None:
        self.graph = graph
        nodes = [n for n in graph.nodes if n.usable]
        self.local = {n.index: i for i, n in enumerate(nodes)}
        self.global_ = [n.index for n in nodes]
        count = len(nodes)
        self.w = [stop_value(n, corp, colours, rules) for n in nodes]
        self.tokmask = sum(1 << i for i, n in enumerate(nodes) if corp in n.tokens)
        self.passable = sum(1 << i for i, n in enumerate(nodes) if n.passable(corp))
        # Hex bonuses: folded into the stop's value when its hex has one stop; else a group
        # whose bonus counts once.
        by_hex: dict[str, list[int]] = {}
        for i, n in enumerate(nodes):
            if bonuses.get(n.hex, 0):
                by_hex.setdefault(n.hex, []).append(i)
        self.group_of = [-1] * count
        self.group_bonus: list[int] = []
        self.group_mask: list[int] = []
        for hex_, members in sorted(by_hex.items()):
            if len(members) == 1:
                self.w[members[0]] += bonuses[hex_]
            else:
                for i in members:
                    self.group_of[i] = len(self.group_bonus)
                self.group_bonus.append(bonuses[hex_])
                self.group_mask.append(sum(1 << i for i in members))
        # Track (hexsides) shared by several links: only then must the search remember it.
        uses: dict[int, int] = {}
        links = [
            lk for lk in graph.links if lk.a in self.local and lk.b in self.local and lk.a != lk.b
        ]
        for lk in links:
            for s in lk.hexsides:
                uses[s] = uses.get(s, 0) + 1
        shared = {s: k for k, s in enumerate(sorted(s for s, c in uses.items() if c > 1))}
        # Moves: (next node, shared-track mask, may continue from there, link index).
        self.start_moves: list[list[_Move]] = [[] for _ in range(count)]
        self.moves: list[list[_Move]] = [[] for _ in range(count)]
        self.nbr = [0] * count
        for lk in links:
            a, b = self.local[lk.a], self.local[lk.b]
            smask = sum(1 << shared[s] for s in lk.hexsides if s in shared)
            for x, y, tx, ty in (
                (a, b, lk.terminal_a, lk.terminal_b),
                (b, a, lk.terminal_b, lk.terminal_a),
            ):
                self.nbr[x] |= 1 << y
                cont = not ty  # and y may pass: checked once `interior` is known
                move = (y, smask, cont, lk.index)
                _add_move(self.start_moves[x], move)
                if not tx:
                    _add_move(self.moves[x], move)
        # Stops a route may pass through: passable, with two links it may pass along.
        self.interior = sum(
            1 << i
            for i in range(count)
            if self.passable >> i & 1 and len({m[0] for m in self.moves[i]}) >= 2
        )
        # A move may go on from y only if y can be an inner stop.
        for moves in (*self.start_moves, *self.moves):
            for k, (y, smask, cont, li) in enumerate(moves):
                moves[k] = (y, smask, cont and bool(self.interior >> y & 1), li)
        self.wtab = []
        for base in range(0, count, 8):
            table = [0] * 256
            for v in range(1, 256):
                low = (v & -v).bit_length() - 1
                table[v] = table[v & (v - 1)] + (self.w[base + low] if base + low < count else 0)
            self.wtab.append(table)
        self.memo: dict[tuple[int, int, int, int, int], tuple[int, bool, int]] = {}
        self.all = (1 << count) - 1

    def component(self, tip: int, avail: int) -> tuple[int, int]:
        """Stops in `avail` the route may still reach from `tip` (passing only stops it
        may pass), and an upper bound on what the rest of the route can collect there.

        The rest of the route is a path from `tip`. Its inner stops must be able to pass
        and have two neighbours in the component (or the tip); every other stop can only
        be its last one. Bound = the inner candidates + the best single other stop.
        """
        nbr, w, icap = self.nbr, self.w, self.interior
        room = avail | 1 << tip
        seen = 0
        ends = 0
        frontier = nbr[tip] & avail
        while frontier:
            seen |= frontier
            ends |= frontier & ~icap
            nxt = 0
            f = frontier & icap
            while f:
                b = f & -f
                near = nbr[b.bit_length() - 1]
                nxt |= near
                # Its neighbours in `avail` are all in the component: count them now.
                if (near & room).bit_count() < 2:
                    ends |= b
                f ^= b
            frontier = nxt & avail & ~seen
        top = 0
        e = ends
        while e:
            b = e & -e
            v = w[b.bit_length() - 1]
            if v > top:
                top = v
            e ^= b
        return seen, self.weight(seen & ~ends) + top

    def weight(self, mask: int) -> int:
        """Sum of the stop values in `mask`, a byte at a time."""
        total = 0
        for table in self.wtab:
            if not mask:
                break
            total += table[mask & 255]
            mask >>= 8
        return total

    def group_gain(self, node: int, got: int) -> tuple[int, int]:
        g = self.group_of[node]
        if g < 0 or got >> g & 1:
            return 0, got
        return self.group_bonus[g], got | 1 << g

    def group_potential(self, comp: int, got: int) -> tuple[int, int]:
        """Bonus still collectable in `comp`, and the groups relevant to it (memo key)."""
        extra = relevant = 0
        for g, mask in enumerate(self.group_mask):
            if mask & comp:
                relevant |= 1 << g
                if not got >> g & 1:
                    extra += self.group_bonus[g]
        return extra, relevant

    def search(
        self,
        tip: int,
        avail: int,
        comp: int,
        bound: int,
        tok: bool,
        used: int,
        got: int,
        alpha: int,
    ) -> int:
        """Best revenue still to add from `tip` on (0: stop here), or, when that cannot
        exceed `alpha`, an upper bound on it that is <= alpha."""
        extra, relevant = self.group_potential(comp, got) if self.group_mask else (0, 0)
        key = (tip, comp, tok, used, got & relevant)
        memo = self.memo
        entry = memo.get(key)
        if entry is not None and (entry[1] or entry[0] <= alpha):
            return entry[0]
        if not tok and not comp & self.tokmask:
            memo[key] = (NEG, True, -1)
            return NEG
        bound += extra
        if bound <= alpha:
            memo[key] = (bound, False, -1)
            return bound
        w, tokmask = self.w, self.tokmask
        # Children with their bounds, most promising first: good routes early cut more.
        children: list[_Child] = []
        for move in self.moves[tip]:
            y, smask, cont, _ = move
            by = 1 << y
            if not comp & by or smask & used:
                continue
            gain, ngot = w[y], got
            if self.group_mask:
                g, ngot = self.group_gain(y, got)
                gain += g
            ntok = tok or bool(tokmask & by)
            if cont:
                navail = avail & ~by
                ncomp, nbound = self.component(y, navail)
                upper = gain + nbound
                if self.group_mask:
                    upper += self.group_potential(ncomp, ngot)[0]
                children.append((upper, gain, move, navail, ncomp, nbound, ntok, ngot))
            else:
                children.append((gain if ntok else NEG, gain, move, 0, 0, 0, ntok, ngot))
        children.sort(key=lambda child: child[0], reverse=True)
        best = 0 if tok else NEG
        move_id = -1
        skipped = NEG  # bound of children not searched (they could not beat best/alpha)
        for upper, gain, move, navail, ncomp, nbound, ntok, ngot in children:
            floor = alpha if alpha > best else best
            if upper <= floor:
                skipped = max(skipped, upper)
                continue
            if move[2]:
                value = gain + self.search(
                    move[0], navail, ncomp, nbound, ntok, used | move[1], ngot, floor - gain
                )
            else:
                value = upper
            if value > best:
                best = value
                move_id = move[3]
        exact = best > alpha
        if not exact:
            best = max(best, skipped)
        memo[key] = (best, exact, move_id if exact else -1)
        return best

    def solve(self) -> Route | None:
        """Try every start, best bound first; stop when no start can beat the best."""
        count = len(self.w)
        if count < 2 or not self.tokmask:
            return None
        # Only stops joined to a token can be on a route.
        useful = 0
        t = self.tokmask
        while t:
            b = t & -t
            i = b.bit_length() - 1
            useful |= b | self.component(i, self.all & ~b)[0]
            t ^= b
        starts = []
        for i in range(count):
            if useful >> i & 1:
                _, bound = self.component(i, self.all & ~(1 << i))
                starts.append((-(self.w[i] + bound), i))
        starts.sort()
        best = NEG
        best_first: tuple[int, _Move] | None = None
        for neg_bound, s in starts:
            if -neg_bound + sum(self.group_bonus) <= best:
                break
            bs = 1 << s
            got0 = 0
            gain0 = self.w[s]
            if self.group_mask:
                g, got0 = self.group_gain(s, 0)
                gain0 += g
            for move in self.start_moves[s]:
                y, smask, cont, _ = move
                by = 1 << y
                gain, got = gain0 + self.w[y], got0
                if self.group_mask:
                    g, got = self.group_gain(y, got0)
                    gain += g
                tok = bool(self.tokmask & (bs | by))
                if cont:
                    avail = self.all & ~bs & ~by
                    comp, bound = self.component(y, avail)
                    if gain + bound + sum(self.group_bonus) <= best:
                        continue
                    value = self.search(y, avail, comp, bound, tok, smask, got, best - gain)
                else:
                    value = 0 if tok else NEG
                if gain + value > best:
                    best = gain + value
                    best_first = (s, move)
        if best_first is None or best < 0:
            return None
        return self.rebuild(best_first, best)

    def rebuild(self, first: tuple[int, _Move], revenue: int) -> Route:
        """Follow the memo's best moves from the winning first step."""
        s, (y, smask, cont, li) = first
        path = [s, y]
        links = [li]
        avail = self.all & ~(1 << s) & ~(1 << y)
        tok = bool(self.tokmask & (1 << s | 1 << y))
        used = smask
        got = 0
        if self.group_mask:
            _, got = self.group_gain(s, 0)
            _, got = self.group_gain(y, got)
        while cont:
            tip = path[-1]
            comp, _ = self.component(tip, avail)
            relevant = self.group_potential(comp, got)[1] if self.group_mask else 0
            entry = self.memo.get((tip, comp, tok, used, got & relevant))
            if entry is None or entry[2] < 0:
                break
            move = next(m for m in self.moves[tip] if m[3] == entry[2])
            y, smask, cont, li = move
            path.append(y)
            links.append(li)
            avail &= ~(1 << y)
            tok = tok or bool(self.tokmask >> y & 1)
            used |= smask
            if self.group_mask:
                _, got = self.group_gain(y, got)
        return make_route(self.graph, [self.global_[i] for i in path], links, revenue)


def _add_move(moves: list[_Move], move: _Move) -> None:
    """Add a move, dropping duplicates: with no shared track, one link to a stop is as good
    as another, except that one we may continue from beats one we must stop at."""
    y, smask, cont, _ = move
    if smask:
        moves.append(move)
        return
    for k, (y2, s2, c2, _) in enumerate(moves):
        if y2 == y and not s2:
            if cont and not c2:
                moves[k] = move
            return
    moves.append(move)
