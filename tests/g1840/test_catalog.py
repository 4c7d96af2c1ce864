"""The static drawing data the page fetches once per map (`{"op": "catalog"}`)."""

from __future__ import annotations

import json

import pytest

from pygame_core.api import handle
from pygame_core.g1840 import board as g1840
from pygame_core.g1840.catalog import catalog


@pytest.mark.parametrize("variant", g1840.VARIANTS)
def test_catalog_describes_every_hex_and_tile(variant: str) -> None:
    data = catalog(variant)
    assert {h["coord"] for h in data["hexes"]} == set(g1840.board(variant).hexes)
    assert {n: t["count"] for n, t in data["tiles"].items()} == dict(g1840.manifest())
    homes = {line for h in data["hexes"] for line in h.get("homes", [])}
    assert homes == set(data["lines"])
    for h in data["hexes"]:
        assert (h["x"] + h["y"]) % 2 == 0
    orange = {h["coord"] for h in data["hexes"] if "stadtbahn" in h}
    assert orange == {c for seq in data["stadtbahn_sequences"].values() for c in seq} - {
        h["coord"] for h in data["hexes"] if h["colour"] != "white"
    }


def test_catalog_op_round_trips_and_refuses_unknowns() -> None:
    reply = json.loads(handle(json.dumps({"op": "catalog", "title": "1840"})))
    assert reply["ok"] and reply["catalog"]["variant"] == "standard"
    assert reply["catalog"]["tiles"]["57"]["stops"][0]["kind"] == "city"
    bad = json.loads(handle(json.dumps({"op": "catalog", "title": "1840", "variant": "moon"})))
    assert not bad["ok"] and "moon" in bad["error"]["message"]
    none = json.loads(handle(json.dumps({"op": "catalog", "title": "chess"})))
    assert not none["ok"]
