"""Scenarios through positions (docs/engine-api.md, "Positions"): a test takes a game's
position, edits the JSON and starts a new game from it, so the position's own checks
refuse an edit no game reaches (money conserved, one owner per certificate and train,
depots on circles of their kind) instead of a test building private state by hand."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pygame_core import Game
from pygame_core.g1881.depots import Circle, circles
from pygame_core.g1881.economy import (
    PART_CAPITAL,
    SBAHN,
    SBAHN_FLOAT_PERCENT,
    SBAHN_SHARES,
    SBAHN_UNIT,
    SEATS,
    TRAMS,
    par_cell,
    pars,
    part_holder,
)
from pygame_core.g1881.position import map_state
from pygame_core.g1881.source import FIRST
from pygame_core.g1881.trains import PHASES

Position = dict[str, Any]
Edit = Callable[[Position], None]


def started(g: Game, *edits: Edit, options: Mapping[str, Any] | None = None) -> Game:
    """A new game (same title, players, options and seed) from `g`'s position after
    `edits`, each a function changing the position's JSON in place; `options` are put
    over the game's (a variant's flag must then match the position's, e.g. `credit`)."""
    p = g.position()
    for edit in edits:
        edit(p)
    return Game(g.title, list(g.players), {**g.options, **(options or {})}, g.seed, position=p)


def cash(holder: str, amount: int) -> Edit:
    """`holder` has `amount`; the difference comes from (or goes to) the bank (2.2)."""

    def edit(p: Position) -> None:
        money = p["cash"]
        money["bank"] -= amount - money[holder]
        money[holder] = amount

    return edit


def gift(holder: str, amount: int) -> Edit:
    """The bank gives `holder` `amount` more."""

    def edit(p: Position) -> None:
        cash(holder, p["cash"][holder] + amount)(p)

    return edit


def owner(cert: str, holder: str) -> Edit:
    """The certificate `cert` (e.g. "S_1") belongs to `holder` (a player, a company,
    "ipo" or "pool")."""

    def edit(p: Position) -> None:
        assert cert in p["shares"]["owners"], cert
        p["shares"]["owners"][cert] = holder

    return edit


def train(holder: str, name: str = "4S") -> Edit:
    """`holder` gets the bank's first train of type `name`."""

    def edit(p: Position) -> None:
        got = p["trains"]["bank"][name].pop(0)
        p["trains"]["owned"].setdefault(holder, []).append(got)

    return edit


def sold_out(name: str) -> Edit:
    """The bank has no new train of type `name` left: they came back to it (discarded
    over the limit, 10.7), so they are on offer as used trains and the next type is new."""

    def edit(p: Position) -> None:
        p["trains"]["returned"] += p["trains"]["bank"][name]
        p["trains"]["bank"][name] = []

    return edit


def on_credit(holder: str, name: str) -> Edit:
    """`holder` bought its train `name` on credit (variant 2, 15.4: start the game with
    the option `trains_on_credit`)."""

    def edit(p: Position) -> None:
        p["credit"] = True
        p["trains"]["credit"][holder] = name

    return edit


def step(name: str) -> Edit:
    """The round is in step `name`."""

    def edit(p: Position) -> None:
        p["step"] = name

    return edit


def tile(coord: str, name: str, rotation: int) -> Edit:
    """Tile `name` lies on `coord` at `rotation` (Table 6 counts it)."""

    def edit(p: Position) -> None:
        p["map"]["tiles"][coord] = {"tile": name, "rotation": rotation}
        p["map_version"] += 1

    return edit


def moved(train_id: str, holder: str) -> Edit:
    """The train `train_id` (e.g. "3-1") leaves where it is (the bank's stock, its
    returned trains or an owner) for `holder`."""

    def edit(p: Position) -> None:
        t = p["trains"]
        places = [*t["bank"].values(), t["returned"], *t["owned"].values()]
        place = next(ids for ids in places if train_id in ids)
        place.remove(train_id)
        t["owned"].setdefault(holder, []).append(train_id)

    return edit


def trains_back(holder: str) -> Edit:
    """`holder`'s trains go back to the bank (its returned trains, 10.3)."""

    def edit(p: Position) -> None:
        p["trains"]["returned"] += p["trains"]["owned"].pop(holder, [])

    return edit


def phase(name: str) -> Edit:
    """The game is in phase `name` (the trains' and the companies' phase); a tram company
    over its train limit has discarded its oldest trains, which left the game (10.7)."""

    def edit(p: Position) -> None:
        p["trains"]["phase"] = p["companies"]["phase"] = name
        limit = PHASES.train_limit(name)
        for corp in TRAMS:
            held = p["trains"]["owned"].get(corp, [])
            if limit is not None and len(held) > limit:
                p["trains"]["owned"][corp] = held[len(held) - limit :]

    return edit


def price(corp: str, row: int, column: int) -> Edit:
    """`corp`'s marker moves to the stock market's cell (row, column), on top of any
    marker there."""

    def edit(p: Position) -> None:
        cells = [[r, c, [x for x in corps if x != corp]] for r, c, corps in p["market"]]
        cells = [cell for cell in cells if cell[2]]
        for cell in cells:
            if (cell[0], cell[1]) == (row, column):
                cell[2].append(corp)
                break
        else:
            cells.append([row, column, [corp]])
        p["market"] = sorted(cells)

    return edit


def s_depot(part: str, coord: str) -> Edit:
    """`part`'s depot on every S circle of the stations on `coord` (7.3; one circle on
    most)."""

    def edit(p: Position) -> None:
        tile, _ = map_state(p["map"]).tile(coord)
        for stop in tile.stops:
            kinds = circles(tile, stop.part) if stop.slots else ()
            cities = p["map"]["tokens"].setdefault(coord, {})
            slots = cities.setdefault(str(stop.part), [None] * len(kinds))
            for slot, kind in enumerate(kinds):
                if kind is Circle.S:
                    slots[slot] = part
        p["map_version"] += 1

    return edit


def sbahn_floated(buyers: tuple[str, ...]) -> Edit:
    """The S-Bahn's shares 1.. bought from the bank at par by `buyers` in order (share 1,
    the chairman's; 2-4, board seats 1-3), 30% or more so that it floats: its marker on
    its par (2.10), 420 for the main network and each seat sold (12.4). A board seat the
    chairman holds would pass to the main network (12.3); no scenario here needs that."""

    def edit(p: Position) -> None:
        chairman = buyers[0]
        assert chairman not in buyers[1:4], "a seat held by the chairman (12.3)"
        sold = 0
        for index, buyer in enumerate(buyers):
            cert, percent = f"{SBAHN}_{index}", SBAHN_SHARES[index]
            owner(cert, buyer)(p)
            par = pars(p.get("edition", FIRST))[SBAHN]
            cash(buyer, p["cash"][buyer] - par * percent // SBAHN_UNIT)(p)
            sold += percent
        assert sold >= SBAHN_FLOAT_PERCENT, "the S-Bahn floats at 30% (12.4)"
        companies = p["companies"]
        companies["in_play"].append(SBAHN)
        companies["floated"].append(SBAHN)
        seats = [SEATS[i] for i in SEATS if i < len(buyers)]
        companies["seats_paid"] = sorted(seats)
        for part in (SBAHN, *(part_holder(s) for s in seats)):
            gift(part, PART_CAPITAL)(p)
        price(SBAHN, *par_cell(SBAHN))(p)

    return edit
