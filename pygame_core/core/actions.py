"""Typed actions and the one codec that reads and writes their wire form for every title.

An action travels as a JSON object with a "type" (its wire name) and fields. A title declares
its actions as frozen dataclasses; `ActionCodec` turns a wire object into the typed record
(`decode`, refusing anything malformed with `InvalidAction` naming the field) and a record
back into its canonical wire object (`encode`, what saves store). Field types come from the
annotations, resolved once when the codec is built: `str`, `int` (a bool or a float is not
an int), `bool`, `Literal[...]` of those, `X | None`, `tuple[X, ...]` (a JSON list) and nested
frozen dataclasses (a JSON object with exactly their fields).

Two ways to declare (docs/engine-api.md, "Actions"):
- `ActionCodec(title, classes)`: one class per action type, its wire name in `WIRE`. A field
  with a default may be left out (it gets the default and is left out of the wire when it has
  it); `None` is accepted where the annotation allows it.
- `ActionCodec.tagged(title, record, tag, kinds)`: one record for every type; its `tag`
  field holds the wire name and `kinds` lists each type's fields in wire order, `"name?"` for
  one that may be left out or null (it gets the record's default, and is left out when it
  has it).

Per-class hooks: `__post_init__` does a type's own checks (raise `InvalidAction`); a
static `wire_defaults(data) -> dict` gives defaults that follow from other fields (a field
left out or null gets it, and `encode` leaves it out when it has it); a bool field
`has_<name>` records whether the wire had the optional field `<name>` at all, for wire forms
where a null differs from no field (`encode` writes it, null included, exactly when set).
"""

from __future__ import annotations

import dataclasses
import functools
import types
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from .errors import InvalidAction, quote

A = TypeVar("A")
R = TypeVar("R")

JsonDict = dict[str, Any]
# Reads one wire value into its typed form, or raises InvalidAction naming `path`.
Reader = Callable[[Any, str], Any]
# Writes one typed value as plain JSON data.
Writer = Callable[[Any], Any]
Derive = Callable[[Mapping[str, Any]], Mapping[str, Any]]

_NO_DEFAULT: Any = dataclasses.MISSING


@dataclass(frozen=True, slots=True)
class _Field:
    """One field of one action type, compiled from its annotation."""

    name: str
    read: Reader
    write: Writer | None  # None: the value is plain JSON already
    default: Any  # _NO_DEFAULT: the field must be present
    nullable: bool  # null is a value of the field (else a null counts as missing)
    what: str  # what the value is, in a refusal
    presence: str | None  # the record's `has_<name>` flag, if it has one


@dataclass(frozen=True, slots=True)
class _Kind(Generic[A]):
    """One action type: how to read its fields and build its record."""

    name: str
    make: Callable[..., A]
    fields: tuple[_Field, ...]
    keys: frozenset[str]  # the wire keys it takes, "type" included
    fixed: tuple[tuple[str, str], ...]  # constructor arguments it always gets (the tag)
    derive: Derive | None
    # The hot path's view of `fields`: (name, reader) and (presence flag, name) pairs.
    reads: tuple[tuple[str, Reader], ...] = ()
    flags: tuple[tuple[str, str], ...] = ()
    # False: the record takes the wire's fields positionally, in order (nothing else).
    keywords: bool = True
    position: Mapping[str, int] = dataclasses.field(default_factory=dict)  # name -> index

    def field(self, name: str) -> _Field:
        """The field called `name`."""
        return self.fields[self.position[name]]


class ActionCodec(Generic[A]):
    """One title's actions: wire object <-> typed record `A`. Built once per title."""

    def __init__(self, title: str, classes: Iterable[type[A]]) -> None:
        """`classes`: one frozen dataclass per action type, each naming its wire type in a
        `WIRE` class variable."""
        self.title = title
        self._tag: str | None = None
        self._kinds: dict[str, _Kind[A]] = {}
        self._by_class: dict[type[Any], _Kind[A]] = {}
        for cls in classes:
            wire = getattr(cls, "WIRE", None)
            if not isinstance(wire, str):
                raise TypeError(f"{cls.__name__} declares no WIRE name")
            declared = [f.name for f in dataclasses.fields(_dataclass(cls))]
            names = [n for n in declared if not _is_presence(n, declared)]
            kind = _compile(wire, cls, names, optional=(), fixed=(), tagged=False)
            self._add(kind)
            self._by_class[cls] = kind

    @classmethod
    def tagged(
        cls,
        title: str,
        record: type[R],
        tag: str,
        kinds: Mapping[str, Sequence[str]],
    ) -> ActionCodec[R]:
        """One `record` class for every action type: `tag` holds the wire name, `kinds` maps
        each wire name to its fields in wire order (`"name?"`: may be left out or null)."""
        codec: ActionCodec[R] = ActionCodec(title, ())
        codec._tag = tag
        for wire, spec in kinds.items():
            names = [s.rstrip("?") for s in spec]
            optional = tuple(s.rstrip("?") for s in spec if s.endswith("?"))
            kind = _compile(wire, record, names, optional, ((tag, wire),), tagged=True)
            codec._add(kind)
        return codec

    def _add(self, kind: _Kind[A]) -> None:
        if kind.name in self._kinds:
            raise TypeError(f"Two action types are called {kind.name!r}")
        self._kinds[kind.name] = kind

    @property
    def types(self) -> tuple[str, ...]:
        """The wire names, in declaration order."""
        return tuple(self._kinds)

    def fields(self, wire: str) -> tuple[tuple[str, bool], ...]:
        """The fields of action type `wire` in wire order: (name, may be left out)."""
        return tuple((f.name, f.default is not _NO_DEFAULT) for f in self._kinds[wire].fields)

    def decode(self, data: Mapping[str, Any]) -> A:
        """The typed record of a wire object. Raises InvalidAction naming what is wrong:
        an unknown type, an unknown, missing or mistyped field, or a type's own check."""
        if type(data) is not dict and not isinstance(data, Mapping):  # dict: the fast way
            raise InvalidAction("An action must be a JSON object with a 'type'")
        name = data.get("type")
        kind = self._kinds.get(name) if isinstance(name, str) else None
        if kind is None:
            raise InvalidAction(
                f"Unknown action type {quote(name)}; {self.title} knows {', '.join(self._kinds)}"
            )
        if not kind.keys.issuperset(data):
            extra = sorted(quote(k, 40) for k in data if k not in kind.keys)
            raise InvalidAction(f"Action {kind.name!r} has unknown fields: {', '.join(extra)}")
        if not kind.keywords:  # the record's fields are the wire's, in order: the fast way
            args: list[Any] = []
            for name, read in kind.reads:  # a loop: a comprehension costs a frame (3.11)
                value = data.get(name)
                args.append(_absent(kind, name, data) if value is None else read(value, name))
            return kind.make(*args)
        values: dict[str, Any] = dict(kind.fixed)
        for name, read in kind.reads:
            value = data.get(name)
            values[name] = _absent(kind, name, data) if value is None else read(value, name)
        for flag, name in kind.flags:
            if name in data:
                values[flag] = True
        return kind.make(**values)

    def encode(self, action: A) -> JsonDict:
        """The canonical wire object of a record (what a save stores)."""
        if self._tag is None:
            kind = self._by_class[type(action)]
        else:
            kind = self._kinds[getattr(action, self._tag)]
        out: JsonDict = {"type": kind.name}
        for f in kind.fields:
            value = getattr(action, f.name)
            if f.presence is not None:
                if not getattr(action, f.presence):
                    continue
            elif f.default is not _NO_DEFAULT and value == f.default:
                continue
            out[f.name] = value if f.write is None or value is None else f.write(value)
        if kind.derive is not None:
            for key, value in kind.derive(out).items():
                if out.get(key) == value:
                    del out[key]
        return out


def _absent(kind: _Kind[Any], name: str, data: Mapping[str, Any]) -> Any:
    """`decode` for a field left out or null: a default that follows from other fields, a
    null where the type allows one, the declared default, or a refusal."""
    f = kind.field(name)
    derived = kind.derive(data).get(name) if kind.derive is not None else None
    if derived is not None:
        return f.read(derived, name)
    if name in data and f.nullable:
        return None
    if f.default is _NO_DEFAULT:
        raise InvalidAction(f"The {kind.name} action needs a '{name}'")
    if name in data:  # a null where the type has none, in a field with a default
        raise InvalidAction(f"'{name}' must be {f.what}")
    return f.default


def _dataclass(cls: type[Any]) -> type[Any]:
    params = getattr(cls, "__dataclass_params__", None)
    if not dataclasses.is_dataclass(cls) or params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} must be a frozen dataclass")
    return cls


def _is_presence(name: str, declared: Iterable[str]) -> bool:
    """`has_<x>` beside a field `<x>`: a flag the codec keeps, not a wire field."""
    return name.startswith("has_") and name[4:] in declared


def _compile(
    wire: str,
    cls: type[R],
    names: Sequence[str],
    optional: Sequence[str],
    fixed: tuple[tuple[str, str], ...],
    *,
    tagged: bool,
) -> _Kind[R]:
    """`tagged` (one record for all types): whether a field may be null or left out is the
    kind's "?", not the annotation (the shared record types every field `X | None`)."""
    hints = _hints(cls)
    declared = {f.name: f for f in dataclasses.fields(_dataclass(cls))}
    fields: list[_Field] = []
    for name in names:
        if name not in declared:
            raise TypeError(f"{cls.__name__} has no field {name!r} (action {wire!r})")
        hint = hints[name]
        if tagged:
            hint = _strip_none(hint) if name not in optional else hint
            default = declared[name].default if name in optional else _NO_DEFAULT
        else:
            default = declared[name].default
            if default is _NO_DEFAULT and declared[name].default_factory is not _NO_DEFAULT:
                raise TypeError(f"{cls.__name__}.{name}: a default factory is not supported")
        presence = f"has_{name}" if f"has_{name}" in declared else None
        read, write = _converter(hint)
        nullable = _strip_none(hint) is not hint
        fields.append(_Field(name, read, write, default, nullable, _describe(hint), presence))
    derive = getattr(cls, "wire_defaults", None)
    return _Kind(
        name=wire,
        make=cls,
        fields=tuple(fields),
        keys=frozenset(["type", *names]),
        fixed=fixed,
        derive=derive,
        reads=tuple((f.name, f.read) for f in fields),
        flags=tuple((f.presence, f.name) for f in fields if f.presence is not None),
        keywords=[f.name for f in declared.values() if f.init] != list(names) or bool(fixed),
        position={f.name: i for i, f in enumerate(fields)},
    )


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """A class's resolved annotations (once per class: resolving is slow)."""
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def _strip_none(hint: Any) -> Any:
    """`X` for `X | None`, else `hint` itself."""
    args = get_args(hint)
    if get_origin(hint) in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return args[0] if args[1] is type(None) else args[1]
    return hint


@functools.cache
def _converter(hint: Any, what: str = "") -> tuple[Reader, Writer | None]:
    """The reader and writer of one annotation (cached: built once per type). `what` names
    the value in a refusal (default: what `hint` is)."""
    origin, args = get_origin(hint), get_args(hint)
    what = what or _describe(hint)
    if hint in (str, int, bool):
        return _scalar(hint, what), None
    if origin is Literal and all(type(a) in (str, int, bool) for a in args):
        return _literal(args, what), None
    inner = _strip_none(hint)
    if inner is not hint:
        read, write = _converter(inner, what)
        return _nullable(read), write
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple(args[0], what)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _record(_dataclass(hint), what)
    raise TypeError(f"Unsupported action field type {hint!r}")


_NOUNS: dict[Any, tuple[str, str]] = {
    str: ("a string", "strings"),
    int: ("a whole number", "whole numbers"),
    bool: ("true or false", "true or false values"),
}


def _describe(hint: Any, *, plural: bool = False) -> str:
    """What a value of `hint` is, in a refusal ("a string", or plural: "strings")."""
    if hint in _NOUNS:
        return _NOUNS[hint][plural]
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return ("each " if plural else "") + "one of " + ", ".join(quote(a) for a in args)
    if origin is tuple:
        return ("lists" if plural else "a list") + " of " + _describe(args[0], plural=True)
    inner = _strip_none(hint)
    if inner is not hint:
        return _describe(inner, plural=plural) + " or null"
    if not (isinstance(hint, type) and dataclasses.is_dataclass(hint)):
        return repr(hint)  # an unsupported type: _converter refuses it
    names = ", ".join(repr(f.name) for f in dataclasses.fields(hint))
    return ("objects" if plural else "an object") + f" with {names}"


def _scalar(kind: type[Any], what: str) -> Reader:
    def read(value: Any, path: str) -> Any:
        # A bool is not an int (True is not 1), nor is a float; bool itself has no subclasses.
        if type(value) is kind or (isinstance(value, kind) and not isinstance(value, bool)):
            return value
        raise InvalidAction(f"'{path}' must be {what}")

    return read


def _literal(choices: tuple[Any, ...], what: str) -> Reader:
    allowed = frozenset((type(c), c) for c in choices)

    def read(value: Any, path: str) -> Any:
        if type(value) in (str, int, bool) and (type(value), value) in allowed:
            return value
        raise InvalidAction(f"'{path}' must be {what}")

    return read


def _nullable(read: Reader) -> Reader:
    def read_or_none(value: Any, path: str) -> Any:
        return None if value is None else read(value, path)

    return read_or_none


def _tuple(item: Any, what: str) -> tuple[Reader, Writer]:
    read, write = _converter(item)

    def read_list(value: Any, path: str) -> Any:
        if isinstance(value, list):
            try:
                return tuple([read(v, path) for v in value])
            except InvalidAction:
                pass  # the list as a whole is named: its items have no names
        raise InvalidAction(f"'{path}' must be {what}")

    def write_list(value: Any) -> Any:
        return list(value) if write is None else [write(v) for v in value]

    return read_list, write_list


def _record(cls: type[Any], what: str) -> tuple[Reader, Writer]:
    hints = _hints(cls)
    parts = [(f.name, *_converter(hints[f.name])) for f in dataclasses.fields(cls)]
    keys = frozenset(name for name, _, _ in parts)

    def read(value: Any, path: str) -> Any:
        if not isinstance(value, Mapping) or not keys.issuperset(value) or len(value) != len(keys):
            raise InvalidAction(f"'{path}' must be {what}")
        return cls(**{name: part(value[name], f"{path}.{name}") for name, part, _ in parts})

    def write(value: Any) -> Any:
        return {
            name: getattr(value, name) if w is None else w(getattr(value, name))
            for name, _, w in parts
        }

    return read, write
