"""Game links: a whole game in a URL fragment (docs/links.md; issue 16, "Play by link").

The browser writes and reads links in `web/ui/links.js`; this module is the same format in
Python, for the bench (`bench/bench_links.py`), the tests, and links made outside a page.

A link is `index.html#game=<version>.<payload>` with an optional `&action=N` (open the
history at N actions). Format version 1's payload is base64url (no padding) of raw deflate
of one JSON object:

    {"t": title, "p": [players], "o": {options}, "s": seed, "v": save version,
     "k": [[type, key, ...], ...], "a": [[seat, kind, value, ...], ...], "x": {more}}

`k` lists each action shape once (its type and its other keys in wire order); each row of `a`
is one action: its seat, its shape's index in `k`, then its values in that order. `x` (left
out when empty) keeps any other field of the save as it is. A link has no checksum: every
action is validated when it is replayed, and anyone could recompute a checksum anyway.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Mapping
from typing import Any, Final

from .core.errors import CorruptSave, quote
from .core.game import SAVE_FORMAT, is_int

JsonDict = dict[str, Any]

LINK_VERSION: Final = 1
# The fragment's parameter names.
GAME_PARAM: Final = "game"
ACTION_PARAM: Final = "action"
# The save's fields the compact object carries itself; any other goes to "x" unchanged.
_OWN_FIELDS: Final = frozenset(
    {"format", "version", "title", "players", "options", "seed", "actions", "state_hash"}
)
# base64url without padding: anything else in a payload was altered on the way.
_ALPHABET: Final = re.compile(r"[A-Za-z0-9_-]*")
# About what a chat message or a mail client keeps of one link (the page says so above it).
CHAT_LIMIT: Final = 2000
# A link inflates to at most this (a real 1840 game is ~150 kB): a bomb is refused early.
MAX_INFLATED: Final = 16 * 1024 * 1024


def compact(save: Mapping[str, Any]) -> JsonDict:
    """A save as format 1's compact object (shapes table + rows)."""
    kinds: list[list[str]] = []
    index: dict[tuple[str, ...], int] = {}
    rows: list[list[Any]] = []
    for record in save["actions"]:
        action = record["action"]
        # the type's value is part of the shape: two types may have the same keys
        shape = (str(action["type"]), *(k for k in action if k != "type"))
        if shape not in index:
            index[shape] = len(kinds)
            kinds.append(list(shape))
        values = (v for k, v in action.items() if k != "type")
        rows.append([record["seat"], index[shape], *values])
    obj: JsonDict = {
        "t": save["title"],
        "p": list(save["players"]),
        "o": dict(save.get("options", {})),
        "s": save["seed"],
        "v": save["version"],
        "k": kinds,
        "a": rows,
    }
    extra = {k: v for k, v in save.items() if k not in _OWN_FIELDS}
    if extra:
        obj["x"] = extra
    return obj


def expand(obj: Any) -> JsonDict:
    """Format 1's compact object back to a save (shapes checked here; the rules are the
    engine's when the save is loaded). Raises CorruptSave naming the damaged part."""
    if not isinstance(obj, dict):
        raise CorruptSave("The game link is damaged: its content is not an object")
    kinds, rows, extra = obj.get("k"), obj.get("a"), obj.get("x", {})
    if not isinstance(kinds, list) or not all(_is_kind(k) for k in kinds):
        raise CorruptSave("The game link is damaged: its table of action types is not valid")
    if not isinstance(rows, list):
        raise CorruptSave("The game link is damaged: its action list is not valid")
    if not isinstance(extra, dict):
        raise CorruptSave("The game link is damaged: its extra fields are not an object")
    actions = [_action(i, row, kinds) for i, row in enumerate(rows)]
    return {
        **extra,
        "format": SAVE_FORMAT,
        "version": obj.get("v"),
        "title": obj.get("t"),
        "players": obj.get("p"),
        "options": obj.get("o", {}),
        "seed": obj.get("s"),
        "actions": actions,
    }


def _is_kind(kind: Any) -> bool:
    return isinstance(kind, list) and bool(kind) and all(isinstance(k, str) for k in kind)


def _action(i: int, row: Any, kinds: list[list[str]]) -> JsonDict:
    """Row `i` (counted from 0; messages count from 1, as the history view does)."""
    if not isinstance(row, list) or len(row) < 2 or not is_int(row[0]) or not is_int(row[1]):
        raise CorruptSave(f"Action {i + 1} in the link is damaged")
    seat, kind = row[0], row[1]
    if not 0 <= kind < len(kinds) or len(row) != len(kinds[kind]) + 1:
        raise CorruptSave(f"Action {i + 1} in the link is damaged (its type is unknown)")
    keys = kinds[kind]
    return {"seat": seat, "action": {"type": keys[0], **dict(zip(keys[1:], row[2:], strict=True))}}


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def deflate(text: str) -> bytes:
    """Raw deflate (what `CompressionStream("deflate-raw")` writes), zlib level 9."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(text.encode()) + packer.flush()


def encode(save: Mapping[str, Any]) -> str:
    """The `game` parameter's value for a save: `1.<payload>`."""
    text = json.dumps(compact(save), separators=(",", ":"), ensure_ascii=False)
    return f"{LINK_VERSION}.{_b64(deflate(text))}"


def fragment(save: Mapping[str, Any], action: int | None = None) -> str:
    """The URL fragment (without '#') for a save, opening at `action` actions if given."""
    tail = "" if action is None else f"&{ACTION_PARAM}={action}"
    return f"{GAME_PARAM}={encode(save)}{tail}"


def decode(value: str) -> JsonDict:
    """The save a `game` parameter's value carries. Raises CorruptSave for a damaged link or
    one of an unknown or newer format version."""
    head, dot, payload = value.partition(".")
    if not dot or not head.isdigit():
        raise CorruptSave("This is not a Tramways game link (no format version)")
    version = int(head)
    if version > LINK_VERSION:
        raise CorruptSave(
            f"The game link was made by a newer version (link format {version}; this one "
            f"reads up to {LINK_VERSION}): reload the page to update"
        )
    if version != 1:
        raise CorruptSave(f"Unknown game link format {quote(head)}")
    return expand(_inflate_json(payload))


def _inflate_json(payload: str) -> Any:
    if not _ALPHABET.fullmatch(payload):
        raise CorruptSave(
            "The game link is damaged: it has characters a link never has (copy the whole link)"
        )
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj(-15)
        text = unpacker.decompress(data, MAX_INFLATED + 1)
        if len(text) > MAX_INFLATED:
            raise CorruptSave("The game link is too large once unpacked")
        if not unpacker.eof:
            raise CorruptSave("The game link is cut short (copy the whole link)")
        if unpacker.unused_data:  # the browser refuses these too
            raise CorruptSave("The game link is damaged: it has more after its end")
        return json.loads(text.decode())
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise CorruptSave(f"The game link is damaged and cannot be unpacked ({exc})") from exc


def parse_fragment(text: str) -> tuple[JsonDict, int | None]:
    """A fragment (with or without '#') -> (save, action or None)."""
    params: dict[str, str] = {}
    for part in text.removeprefix("#").split("&"):
        key, _, value = part.partition("=")
        params[key] = value
    if GAME_PARAM not in params:
        raise CorruptSave("This is not a Tramways game link (no 'game=' in it)")
    at = params.get(ACTION_PARAM)
    if at is not None and not at.isdigit():
        raise CorruptSave(f"The link's action number {quote(at)} is not a whole number")
    return decode(params[GAME_PARAM]), None if at is None else int(at)
