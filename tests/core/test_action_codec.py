"""The one action codec (core/actions.py): every action type of both titles round trips to
the same wire bytes, every malformed action is refused with InvalidAction naming the field
and the game unchanged, and no JSON makes it raise anything else."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygame_core import Game, new_game
from pygame_core.core.actions import ActionCodec
from pygame_core.core.errors import InvalidAction
from pygame_core.g1840.actions import CODEC as CODEC_1840
from pygame_core.g1840.actions import Action, Route
from pygame_core.trambahn.actions import CODEC as CODEC_TRAMBAHN
from pygame_core.trambahn.actions import Buy, Passenger, Station

ROUTE = {"stops": ["F18-0", "G19-0"], "connections": [["F18", "G19"]]}

# One canonical wire object (or more) per action type: what saves hold today.
WIRE_TRAMBAHN: list[dict[str, Any]] = [
    {"type": "passenger", "card": "B7"},
    {"type": "passenger", "card": "C", "row": "G"},
    {"type": "station", "card": "R3", "column": 2},
    {"type": "station", "card": "C", "column": None},
    {"type": "income", "card": "Y10"},
    {"type": "buy", "tram": "E", "column": 0},
    {"type": "end_turn"},
]
WIRE_1840: list[dict[str, Any]] = [
    {"type": "bid", "private": "P1", "price": 30},
    {"type": "bid", "line": "4", "price": 55},
    {"type": "pass"},
    {"type": "choose_order", "position": 2},
    {"type": "par", "major": "WT", "price": 100},
    {"type": "sell", "company": "SJE", "count": 2},
    {"type": "buy", "company": "DT K&C"},
    {"type": "end_turn"},
    {"type": "sell_private", "private": "P3"},
    {"type": "dividend", "amount": -20},
    {"type": "buy_tram", "tram": "yellow-1"},
    {"type": "scrap_tram", "tram": "red-2"},
    {"type": "assign_tram", "tram": "red-2", "line": "9"},
    {"type": "assign_tram", "tram": "red-2"},
    {"type": "done"},
    {"type": "select_line", "line": "6", "price": 20},
    {"type": "lay_tile", "hex": "J26", "tile": "5", "rotation": 5},
    {"type": "place_token", "hex": "K27", "city": 0, "slot": 1},
    {"type": "place_token", "hex": "K27", "city": 1},
    {"type": "remove_token", "hex": "E17", "city": 0},
    {"type": "pass_bonus"},
    {"type": "buy_private", "private": "P2", "price": 1},
    {"type": "run"},
    {"type": "run", "route": None},
    {"type": "run", "route": ROUTE},
    {"type": "end_game"},
]
CODECS: list[tuple[ActionCodec[Any], list[dict[str, Any]]]] = [
    (CODEC_TRAMBAHN, WIRE_TRAMBAHN),
    (CODEC_1840, WIRE_1840),
]


def same_bytes(a: Any, b: Any) -> bool:
    return json.dumps(a, separators=(",", ":")) == json.dumps(b, separators=(",", ":"))


@pytest.mark.parametrize(("codec", "wires"), CODECS, ids=["trambahn", "1840"])
def test_every_action_type_round_trips_to_the_same_bytes(
    codec: ActionCodec[Any], wires: list[dict[str, Any]]
) -> None:
    assert {w["type"] for w in wires} == set(codec.types)
    for wire in wires:
        record = codec.decode(wire)
        assert same_bytes(codec.encode(record), wire), wire
        assert codec.decode(codec.encode(record)) == record


def test_typed_records() -> None:
    """The records the rules read: per type in Trambahn, one tagged record in 1840."""
    assert CODEC_TRAMBAHN.decode({"type": "buy", "tram": "H", "column": 3}) == Buy("H", 3)
    # A line card joins its own row ("Trambahn, Spielablauf 1) Fahrgäste auslegen"): the
    # canonical form leaves the row out.
    given_row = CODEC_TRAMBAHN.decode({"type": "passenger", "card": "B7", "row": "B"})
    assert given_row == Passenger("B7", "B")
    assert CODEC_TRAMBAHN.encode(given_row) == {"type": "passenger", "card": "B7"}
    assert CODEC_TRAMBAHN.decode({"type": "station", "card": "B7", "column": None}) == Station(
        "B7", None
    )
    run = CODEC_1840.decode({"type": "run", "route": ROUTE})
    assert run == Action(
        type="run", route=Route(("F18-0", "G19-0"), (("F18", "G19"),)), has_route=True
    )
    # No route: the best one; a null route: the Line does not run (has_route tells them apart).
    assert CODEC_1840.decode({"type": "run"}) == Action(type="run")
    assert CODEC_1840.decode({"type": "run", "route": None}) == Action(type="run", has_route=True)
    # An optional field given as null is the same as left out.
    assert CODEC_1840.decode({"type": "place_token", "hex": "K27", "city": 0, "slot": None}) == (
        Action(type="place_token", hex="K27", city=0)
    )
    assert CODEC_1840.fields("bid") == (("private", True), ("line", True), ("price", False))


# --- refusals ----------------------------------------------------------------------------

REFUSED_TRAMBAHN: list[tuple[Any, str]] = [
    ({"card": "B7"}, "Unknown action type None"),
    ({"type": "merge"}, "Unknown action type 'merge'; Trambahn knows passenger"),
    ({"type": 7}, "Unknown action type 7"),
    ({"type": "end_turn", "card": "B7"}, "unknown fields: 'card'"),
    ({"type": "income"}, "needs a 'card'"),
    ({"type": "income", "card": None}, "needs a 'card'"),
    ({"type": "income", "card": 7}, "'card' must be a string"),
    ({"type": "income", "card": "Z1"}, "Unknown card 'Z1'"),
    ({"type": "station", "card": "B7"}, "needs a 'column'"),
    ({"type": "station", "card": "B7", "column": True}, "'column' must be a whole number or null"),
    ({"type": "station", "card": "B7", "column": 1.0}, "'column' must be a whole number"),
    ({"type": "station", "card": "B7", "column": -1}, "'column'"),
    ({"type": "buy", "tram": "X", "column": 0}, "Unknown tram 'X'"),
    ({"type": "buy", "tram": "H", "column": None}, "needs a 'column'"),
    ({"type": "passenger", "card": "C"}, "needs a 'row'"),
    ({"type": "passenger", "card": "C", "row": "X"}, "Unknown row 'X'"),
    ({"type": "passenger", "card": "Q9"}, "Unknown card 'Q9'"),
]
REFUSED_1840: list[tuple[Any, str]] = [
    ({"type": "undo"}, "Unknown action type 'undo'; 1840 knows bid, pass"),
    ({"type": "pass", "extra": 1, "more": 2}, "unknown fields: 'extra', 'more'"),
    ({"type": "par", "major": "WT"}, "needs a 'price'"),
    ({"type": "par", "major": "WT", "price": None}, "needs a 'price'"),
    ({"type": "par", "major": "WT", "price": "100"}, "'price' must be a whole number"),
    ({"type": "par", "major": "WT", "price": False}, "'price' must be a whole number"),
    ({"type": "par", "major": 3, "price": 100}, "'major' must be a string"),
    ({"type": "bid", "price": 10}, "A bid names either a 'private' or a 'line'"),
    ({"type": "bid", "private": "P1", "line": "4", "price": 10}, "either a 'private' or"),
    ({"type": "lay_tile", "hex": "J26", "tile": "5", "rotation": 6}, "'rotation' is 0 to 5"),
    ({"type": "run", "route": []}, "'route' must be an object with 'stops', 'connections'"),
    ({"type": "run", "route": {"stops": []}}, "'route' must be an object"),
    ({"type": "run", "route": {**ROUTE, "x": 1}}, "'route' must be an object"),
    ({"type": "run", "route": {**ROUTE, "stops": [1]}}, "'route.stops' must be a list of strings"),
    (
        {"type": "run", "route": {**ROUTE, "connections": ["F18"]}},
        "'route.connections' must be a list of lists of strings",
    ),
    ("pass", "An action must be a JSON object"),
]


def refused(game: Game, action: Any, seat: int) -> InvalidAction:
    """Applies `action`, which must be refused as malformed, and checks nothing changed."""
    before, n, log = game.state_hash(), len(game.actions), len(game.log)
    with pytest.raises(InvalidAction) as err:
        game.apply(action, seat)
    assert err.value.kind == "invalid"
    assert (game.state_hash(), len(game.actions), len(game.log)) == (before, n, log)
    return err.value


@pytest.mark.parametrize(("action", "message"), REFUSED_TRAMBAHN)
def test_trambahn_refusals_name_the_field_and_change_nothing(action: Any, message: str) -> None:
    g = new_game("trambahn", ["A", "B"], {}, 3)
    assert g.active is not None
    assert message in refused(g, action, g.active).message


@pytest.mark.parametrize(("action", "message"), REFUSED_1840)
def test_1840_refusals_name_the_field_and_change_nothing(action: Any, message: str) -> None:
    g = new_game("1840", ["A", "B", "C"], {}, 3)
    assert g.active is not None
    if not isinstance(action, dict):  # Game refuses a non-object itself; so does the codec
        with pytest.raises(InvalidAction, match=message):
            CODEC_1840.decode(action)
        return
    assert message in refused(g, action, g.active).message


# --- the codec's own machinery (a toy title) -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Point:
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Move:
    WIRE: ClassVar[str] = "move"
    to: Point
    path: tuple[Point, ...]
    speed: Literal["slow", "fast"] = "slow"
    rush: bool = False
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Wait:
    WIRE: ClassVar[str] = "wait"
    turns: int = 1


TOY: ActionCodec[Move | Wait] = ActionCodec("Toy", (Move, Wait))


def test_defaults_are_left_out_and_literals_checked() -> None:
    move = TOY.decode({"type": "move", "to": {"x": 1, "y": 2}, "path": [], "speed": "fast"})
    assert move == Move(Point(1, 2), (), "fast")
    assert TOY.encode(move) == {"type": "move", "to": {"x": 1, "y": 2}, "path": [], "speed": "fast"}
    assert TOY.encode(Wait()) == {"type": "wait"} and TOY.decode({"type": "wait"}) == Wait()
    assert TOY.decode({"type": "move", "to": {"x": 0, "y": 0}, "path": [], "note": None}) == Move(
        Point(0, 0), ()
    )
    for bad, message in (
        ({"speed": "warp"}, "'speed' must be one of 'slow', 'fast'"),
        ({"speed": None}, "'speed' must be one of"),
        ({"rush": 1}, "'rush' must be true or false"),
        ({"path": [{"x": 1}]}, "'path' must be a list of objects with 'x', 'y'"),
        ({"to": {"x": 1, "y": True}}, "'to.y' must be a whole number"),
    ):
        wire = {"type": "move", "to": {"x": 0, "y": 0}, "path": [], **bad}
        with pytest.raises(InvalidAction, match=message):
            TOY.decode(wire)


def test_declaration_errors_are_found_when_the_codec_is_built() -> None:
    @dataclass(slots=True)
    class Loose:
        WIRE: ClassVar[str] = "loose"

    @dataclass(frozen=True)
    class Nameless:
        pass

    @dataclass(frozen=True)
    class Floaty:
        WIRE: ClassVar[str] = "floaty"
        speed: float

    for cls, message in ((Loose, "frozen"), (Nameless, "WIRE"), (Floaty, "Unsupported")):
        with pytest.raises(TypeError, match=message):
            ActionCodec[Any]("Bad", (cls,))
    with pytest.raises(TypeError, match="Two action types"):
        ActionCodec[Any]("Bad", (Wait, Wait))
    with pytest.raises(TypeError, match="no field 'speed'"):
        ActionCodec.tagged("Bad", Action, "type", {"go": ("speed",)})


# --- properties ----------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 10)
    | st.floats(allow_nan=False)
    | st.sampled_from(["B7", "C", "B", "H", "WT", "P1", "4", "J26", "F18-0", "5", "yellow-1"])
    | st.text(max_size=3),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELD_NAMES = sorted(
    {f for c, _ in CODECS for t in c.types for f, _ in c.fields(t)} | {"stops", "connections"}
)
wire_like = st.fixed_dictionaries(
    {"type": st.sampled_from([*CODEC_1840.types, *CODEC_TRAMBAHN.types]) | json_values},
    optional={name: json_values for name in [*FIELD_NAMES, "extra"]},
)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=wire_like | json_values, which=st.sampled_from([0, 1]))
def test_any_json_is_decoded_or_refused(data: Any, which: int) -> None:
    codec = CODECS[which][0]
    try:
        record = codec.decode(data)
    except InvalidAction as exc:
        assert exc.message
        return
    wire = codec.encode(record)
    assert codec.decode(wire) == record and codec.encode(codec.decode(wire)) == wire


names = st.sampled_from(["B", "J26", "WT", "P1", "4", "F18-0", "yellow-1", ""])
values_1840: dict[str, st.SearchStrategy[Any]] = {
    "route": st.none()
    | st.fixed_dictionaries(
        {"stops": st.lists(names, max_size=4), "connections": st.lists(st.lists(names), max_size=3)}
    ),
    "rotation": st.integers(0, 5),
}
int_fields = {"price", "position", "count", "amount", "city", "slot"}


@st.composite
def records_1840(draw: st.DrawFn) -> Action:
    """A well-formed 1840 action of any type (valid values for every field it takes)."""
    kind = draw(st.sampled_from(CODEC_1840.types))
    wire: dict[str, Any] = {"type": kind}
    for name, optional in CODEC_1840.fields(kind):
        if optional and draw(st.booleans()):
            continue
        default = st.integers(-100, 1000) if name in int_fields else names
        wire[name] = draw(values_1840.get(name, default))
    if kind == "bid":  # names a private or a Line, not both
        wire = {"type": "bid", draw(st.sampled_from(["private", "line"])): draw(names), "price": 5}
    return CODEC_1840.decode(wire)


cards = st.sampled_from(["C", *(f"{line}{v}" for line in "BRGY" for v in range(1, 11))])
records_trambahn = st.one_of(
    st.builds(Passenger, cards, st.sampled_from("BRGY")).filter(
        lambda p: p.card == "C" or p.card[0] == p.row
    ),
    st.builds(Station, cards, st.none() | st.integers(0, 50)),
    st.builds(Buy, st.sampled_from("HSE"), st.integers(0, 50)),
)


@settings(max_examples=400, deadline=None)
@given(records_1840())
def test_1840_decode_encode_is_the_identity(record: Action) -> None:
    wire = CODEC_1840.encode(record)
    assert CODEC_1840.decode(json.loads(json.dumps(wire))) == record


@settings(max_examples=300, deadline=None)
@given(records_trambahn)
def test_trambahn_decode_encode_is_the_identity(record: Any) -> None:
    wire = CODEC_TRAMBAHN.encode(record)
    assert CODEC_TRAMBAHN.decode(json.loads(json.dumps(wire))) == record


@pytest.mark.parametrize(
    ("title", "players", "codec"),
    [("trambahn", ["A", "B"], CODEC_TRAMBAHN), ("1840", ["A", "B", "C"], CODEC_1840)],
)
def test_legal_actions_decode(title: str, players: list[str], codec: ActionCodec[Any]) -> None:
    """Everything a title lists as legal decodes, and its canonical form decodes to the same
    record (a listed action may spell out an optional null, as 1840's `"line": null`)."""
    g = new_game(title, players, {}, 5)
    seen: set[str] = set()
    for _ in range(150):
        if g.active is None:
            break
        for action in g.legal_actions(g.active):
            if "field" not in action:  # 1840's ranges ("field", "min", "max") are no action
                record = codec.decode(action)
                assert codec.decode(codec.encode(record)) == record
                seen.add(action["type"])
        g.apply(g.bot_action(g.active, "easy"), g.active)
    assert len(seen) >= 4, seen
