"""Legal-action entries as the conformance suite reads them, and their random mutations.

A legal entry is an action to send as is, or a range (docs/1840-api.md): an entry with
`"field"`, `"min"`, `"max"` and `"step"` stands for every action with `field` set to a value
of that range. Nothing here knows a title: fields are read from the entries themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pygame_core.core.game import JsonDict, is_int
from pygame_core.core.rng import Rng

RANGE_KEYS = ("field", "min", "max", "step")


def is_range(entry: Mapping[str, Any]) -> bool:
    """True for an entry that stands for a range of values of one field."""
    return all(k in entry for k in RANGE_KEYS)


def fill(entry: Mapping[str, Any], value: int) -> JsonDict:
    """The action of a range entry with its field set to `value`."""
    out = {k: v for k, v in entry.items() if k not in RANGE_KEYS}
    out[entry["field"]] = value
    return out


def range_values(entry: Mapping[str, Any]) -> list[int]:
    """How many values a range entry has is `len(range_values)`: min, min + step, ... max."""
    return list(range(entry["min"], entry["max"] + 1, entry["step"]))


def concrete(entry: Mapping[str, Any], rng: Rng) -> JsonDict:
    """One action of `entry`, chosen uniformly (a range: uniformly among its values)."""
    if not is_range(entry):
        return dict(entry)
    return fill(entry, rng.choice(range_values(entry)))


def samples(entry: Mapping[str, Any], rng: Rng) -> list[JsonDict]:
    """The actions of `entry` worth trying: all of it, or a range's ends and one between."""
    if not is_range(entry):
        return [dict(entry)]
    values = range_values(entry)
    picked = sorted({values[0], values[-1], rng.choice(values)})
    return [fill(entry, v) for v in picked]


def listed(action: Mapping[str, Any], legal: Sequence[Mapping[str, Any]]) -> bool:
    """True if `action` is one of the actions the legal entries stand for."""
    return any(_covers(entry, action) for entry in legal)


def same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """True if two actions are the same, a field set to null counting as one left out (an
    optional field's canonical form may drop it)."""
    return _set(a) == _set(b)


def _set(action: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in action.items() if v is not None}


def _covers(entry: Mapping[str, Any], action: Mapping[str, Any]) -> bool:
    if not is_range(entry):
        return same(entry, action)
    name = entry["field"]
    value = action.get(name)
    rest = {k: v for k, v in action.items() if k != name}
    return (
        is_int(value)
        and same(rest, {k: v for k, v in entry.items() if k not in RANGE_KEYS})
        and entry["min"] <= value <= entry["max"]
        and (value - entry["min"]) % entry["step"] == 0
    )


# Values of every JSON type (and a few a JSON decoder never makes) for "wrong type" mutations.
ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**70,
    "",
    "ZZ9",
    "x" * 3000,
    [],
    [1],
    {},
    {"type": "pass"},
    float("nan"),
)


def mutations(
    action: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], rng: Rng
) -> list[tuple[str, Any]]:
    """Every mutation of `action` this suite tries, as (label, mutated action): a field's
    value changed (to one another legal entry uses, a neighbour, an odd value of any type),
    a field dropped, a field added, the type changed, the whole action replaced by a non-
    object. Some may be legal after all (another card of the hand): the caller accepts those
    only if they are listed."""
    out: list[tuple[str, Any]] = []
    seen_values: dict[str, list[Any]] = {}
    for entry in legal:
        for key, value in entry.items():
            if key not in RANGE_KEYS:
                seen_values.setdefault(key, []).append(value)
        if is_range(entry):
            seen_values.setdefault(entry["field"], []).extend(
                [entry["min"] - 1, entry["max"] + entry["step"], entry["min"] + 1]
            )
    for key, value in action.items():
        candidates: list[Any] = [v for v in seen_values.get(key, []) if v != value]
        if is_int(value):
            candidates += [value + 1, value - 1, -value - 1, value * 1000 + 7]
        elif isinstance(value, str):
            candidates += [value + "x", value[:-1], value.lower(), value.upper() + "9"]
        candidates += list(ODD_VALUES)
        for new in candidates:
            if type(new) is not type(value) or new != value:
                out.append((f"{key}={new!r:.40}", {**action, key: new}))
        out.append((f"drop {key}", {k: v for k, v in action.items() if k != key}))
    for key in seen_values:
        if key not in action:
            value = rng.choice(seen_values[key])
            out.append((f"add {key}={value!r:.40}", {**action, key: value}))
    out.append(("add an unknown field", {**action, "zz_unknown": 1}))
    out.append(("a list, not an object", [dict(action)]))
    out.append(("a string, not an object", str(action.get("type"))))
    out.append(("null, not an object", None))
    return out
