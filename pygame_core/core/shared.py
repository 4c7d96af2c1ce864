"""Values a deep copy of a game state may share instead of copying."""

from __future__ import annotations

from typing import Any, Self


class Shared:
    """A value nobody changes once made (a frozen record of immutable fields, or a
    title's constant rules): `copy.deepcopy` of a state keeps it as is, as it keeps a
    tile or the printed map. Copies of a state are made for snapshots and for trials on a
    copy, and copying such records was most of their cost."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self
