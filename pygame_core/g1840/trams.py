"""Trams: the bank's depot on the three purchase fields, prices and maintenance.

III.5 / Tabelle 1: how many trams of each colour are in the game; VIII.3 (CRb): at each
Company Round the stacks move one field to the right, the right field's trams leave the
game and the next colour comes onto the left field; VIII.5.3: prices are printed above the
fields; Tabelle 7: maintenance by the newest colour ever bought. The numbers are data
(data/trams.json, from 18xx.games): which variants (type at a field's price) each Company
Round offers, which type is exported at its start, and the maintenance table.

Tram ids are 18xx.games' "<type>-<n>": "Y1-0" .. "Y1-9", "O1-0", ... Types in age order:
Y1 (gelb), O1 (orange), R1 (rot), Pi1 (rosa), Pu1 (lila).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from ..g18xx.trains import Phase, PhaseTable, TrainBank, TrainType
from . import board as b
from .entities import trams

TYPES: Final = ("Y1", "O1", "R1", "Pi1", "Pu1")
NAMES: Final = {"Y1": "yellow", "O1": "orange", "R1": "red", "Pi1": "pink", "Pu1": "purple"}
LIMIT: Final = 3  # VIII.5.3: "bis zu drei Straßenbahnen" per major
# IX.5: "Grüne Plättchen stehen ab Linien-Runde 2a zur Verfügung", brown from 4a, gray 5a:
# the round track, not a purchase, changes 1840's phase.
PHASE_STARTS: Final = {"2": "LR 2a", "3": "LR 4a", "4": "LR 5a"}


def _phase_table() -> PhaseTable:
    """1840's trams and phases as data: a tram runs one route of any length (IX.7), the
    colours of each phase come from the board data, the limit of three trams holds in
    every phase (VIII.5.3), the round track fixes the rounds, no tram rusts (old trams
    cost maintenance instead, Tabelle 7, and the bank's leave the game, VIII.3)."""
    types = tuple(
        TrainType(t, int(spec["prices"][t]), kind="tram") for t, spec in trams()["types"].items()
    )
    phases = tuple(
        Phase(
            str(p["name"]),
            tuple(p["colours"]),
            LIMIT,
            starts_on=PHASE_STARTS.get(str(p["name"])),
        )
        for p in b._board_data()["phases"]
    )
    return PhaseTable(phases, types, cite="1840 VIII.5.3")


PHASES: Final = _phase_table()


def tram_type(tram_id: str) -> str:
    """ "O1-3" -> "O1"."""
    return tram_id.rsplit("-", 1)[0]


def _variant_types() -> dict[str, tuple[str, int]]:
    """Variant ("O2") -> (type, price)."""
    out: dict[str, tuple[str, int]] = {}
    for t, spec in trams()["types"].items():
        for variant, price in spec["prices"].items():
            out[variant] = (t, int(price))
    return out


def offer_in(company_round: int) -> dict[str, int]:
    """Type -> price of what Company Round `company_round` offers (VIII.5.3), newest
    colour (the left field) first."""
    variants = trams()["buyable_by_company_round"].get(f"CR{company_round}", [])
    by_variant = _variant_types()
    out = dict(by_variant[v] for v in variants)
    return dict(sorted(out.items(), key=lambda kv: -TYPES.index(kv[0])))


def exported_at(company_round: int) -> str | None:
    """The type whose remaining trams leave the game at the start of CR `company_round`
    (VIII.3: the right field's trams)."""
    value = trams()["exported_at_company_round"].get(f"CR{company_round}")
    return str(value) if value else None


def maintenance(tram: str, newest: str | None) -> int:
    """Tabelle 7: what a tram of type `tram` adds to its run (negative: maintenance; the
    purple tram's +200), once the newest type ever bought is `newest`."""
    if newest is None:
        return 0
    table: Mapping[str, Mapping[str, int]] = trams()["maintenance"]
    return int(table.get(newest, {}).get(tram, 0))


@dataclass
class Depot(TrainBank):
    """The bank's trams (a `TrainBank` over `PHASES`): ids not yet bought, per type, the
    newest type ever bought (for maintenance) and the trams that left the game."""

    newest: str | None = None
    exported: list[str] = field(default_factory=list)
    scrapped: list[str] = field(default_factory=list)

    @classmethod
    def for_players(cls, counts: Mapping[str, int]) -> Depot:
        """III.5 Tabelle 1: the trams for this player count."""
        return cls(TrainBank.of(PHASES, counts).stock)

    def available(self, company_round: int) -> dict[str, int]:
        """Type -> price of the trams that can be bought in CR `company_round`: the
        Company Round's fields (VIII.5.3), not the lowest type, decide the offer."""
        return {t: p for t, p in offer_in(company_round).items() if self.stock.get(t)}

    def sell(self, tram: str, phase: str) -> str:
        """Remove the next tram of `tram` (a type) from the depot; return its id. A
        purchase never changes 1840's phase (the round track does, IX.5)."""
        tram_id, change = self.take(PHASES, phase, tram)
        assert change is None
        if self.newest is None or TYPES.index(tram) > TYPES.index(self.newest):
            self.newest = tram
        return tram_id

    def export(self, tram: str) -> list[str]:
        """VIII.3: the trams of `tram` left in the bank leave the game."""
        gone = self.withdraw(tram)
        self.exported.extend(gone)
        return gone

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready state."""
        return {
            "stock": super().to_dict(),
            "newest": self.newest,
            "exported": list(self.exported),
            "scrapped": list(self.scrapped),
        }
