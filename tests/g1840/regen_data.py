"""Regenerate 1840's engine data and the test oracles from the reference extraction.

Not a test. Run from the repository root:

    .venv/bin/python -m tests.g1840.regen_data /work/shared/reference/1840

Reads `data.json`, `fixture_2player.json` and `fixture_2player_runs.json` (an extraction of
tobymao/18xx at commit 111f7f698005a057d68877682486da3f1705e551, see its report.md) and
writes:

- pygame_core/g1840/data/tiles.json, board.json: what the engine needs (compact);
- pygame_core/g1840/data/entities.json, trams.json, rounds.json: companies, Lines, sights,
  trams and the round track, for the setup and the rounds;
- tests/g1840/data/reference.json: values derived by the 18xx.games engine (upgrade lists,
  first tiles, neighbours, part indices, setup draws) that the tests compare our rules with;
- tests/g1840/data/fixture_2player.json: the public 2-player fixture game (verbatim);
- tests/g1840/data/runs_2player.json: its Line runs (route, revenue, best found).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_DATA = ROOT / "pygame_core" / "g1840" / "data"
TEST_DATA = ROOT / "tests" / "g1840" / "data"

SOURCE = (
    "18xx.games (tobymao/18xx) commit 111f7f698005a057d68877682486da3f1705e551 "
    "(2026-08-02), lib/engine/game/g_1840/{map,entities,game}.rb and "
    "lib/engine/config/tile.rb, via the extraction in shared/reference/1840/data.json "
    "(validated in its validation.md). Data only."
)

# F8/F10 lack a ";" before their last "border=edge:N" in the source; 18xx.games drops
# that border (data.json tile_dsl.known_source_glitch), and so do we.
GLITCH = re.compile(r"(b:_[0-9]+)border=edge:[0-9]$")


def _code(code: str) -> str:
    return GLITCH.sub(r"\1", code)


def _hex(h: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"colour": h["color"], "code": _code(h["code"])}
    if h.get("location_name"):
        out["name"] = h["location_name"]
    out["tile_id"] = h["preprinted_tile_id"]
    tokens = {
        str(n["part_index"]): n["initial_tokens"]
        for n in h.get("nodes", [])
        if any(t is not None for t in n.get("initial_tokens") or [])
    }
    if tokens:
        out["tokens"] = tokens
    reserved = {
        str(n["part_index"]): n["initial_reservations"]
        for n in h.get("nodes", [])
        if n.get("initial_reservations")
    }
    if reserved:
        out["reserved"] = reserved
    if h.get("tile_level_reservations"):
        out["reserved_tile"] = h["tile_level_reservations"]
    if "stadtbahn_line" in h:
        out["stadtbahn"] = {
            "line": h["stadtbahn_line"],
            "index": h["stadtbahn_sequence_index"],
            "exits": h["stadtbahn_required_exits"],
            "bonus": h["stadtbahn_bonus"],
        }
    if h.get("inner_city_red_hex"):
        out["inner_city"] = True
    if h.get("station_purple_hex"):
        out["station"] = True
    if h.get("stadtbahn_tokens_not_removable"):
        out["fixed_tokens"] = True
    return out


def build(ref: Path) -> None:
    data = json.loads((ref / "data.json").read_text())
    tiles: dict[str, Any] = {}
    for name, t in data["tiles"]["definitions"].items():
        entry: dict[str, Any] = {"colour": t["color"], "count": t["count"], "code": t["code"]}
        if "only_on_hexes" in t:
            entry["only_on"] = t["only_on_hexes"]
        if "only_on_hex" in t:
            entry["only_on"] = [t["only_on_hex"]]
        if "fixed_rotation" in t:
            entry["rotations"] = [t["fixed_rotation"]]
        tiles[name] = entry
    maps: dict[str, Any] = {}
    for variant, m in data["maps"].items():
        maps[variant] = {
            "hexes": {c: _hex(h) for c, h in sorted(m["hexes"].items())},
            "stadtbahn_sequences": data["city_corporations_stadtbahn"]["track_hex_sequences"].get(
                variant, data["city_corporations_stadtbahn"]["track_hex_sequences"]["standard"]
            ),
        }
    board = {
        "_source": SOURCE,
        "layout": data["coordinate_system"]["layout"],
        "phases": [{"name": p["name"], "colours": p["tiles"]} for p in data["phases"]["list"]],
        "privates": {
            c["sym"]: {
                "name": c["name"],
                "hex": c["bonus_hex"],
                "bonus": c["bonus_amount"],
                "removed_in": c["removed_in"],
            }
            for c in data["private_companies"]
        },
        "lines": {
            ln["sym"]: {"home": ln["home_hex"], "removed_in": ln["removed_in"]}
            for ln in data["lines_minor_corporations"]["list"]
        },
        "maps": maps,
    }
    PACKAGE_DATA.mkdir(parents=True, exist_ok=True)
    _write(PACKAGE_DATA / "tiles.json", {"_source": SOURCE, "tiles": tiles})
    _write(PACKAGE_DATA / "board.json", board)
    _write(PACKAGE_DATA / "entities.json", _entities(data))
    _write(PACKAGE_DATA / "trams.json", _trams(data))
    _write(PACKAGE_DATA / "rounds.json", _rounds(data))

    reference = {
        "_source": SOURCE + " Derived values computed there with the 18xx.games engine.",
        "upgrades_to": {
            n: {u["tile"]: u["rotations"] for u in t["upgrades_to"]}
            for n, t in data["tiles"]["definitions"].items()
        },
        "first_tiles_standard": {
            c: {f["tile"]: f["legal_rotations"] for f in h["first_tiles"]}
            for c, h in data["maps"]["standard"]["hexes"].items()
            if "first_tiles" in h
        },
        "neighbors": {
            v: {c: h["neighbors"] for c, h in m["hexes"].items()} for v, m in data["maps"].items()
        },
        "stop_parts": {
            v: {
                c: [[n["part_index"], n["type"]] for n in h.get("nodes", [])]
                for c, h in m["hexes"].items()
            }
            for v, m in data["maps"].items()
        },
        # Setup draws the report's author got from the Ruby engine for the two fixture seeds
        # (data.json rng.verified): majors sorted by name, first restock by number.
        "setup_draws": data["rng"]["verified"],
        # The stock market grid's prices and par cells, to check market.json against
        # (test_economy), so that no test needs shared/ beside the checkout.
        "stock_market": {
            "prices": [[c["price"] for c in row] for row in data["stock_market"]["cells"]],
            "par_cells": data["stock_market"]["par_cells"],
        },
        "tile_stop_parts": {
            n: [[x["part_index"], x["type"]] for x in t["nodes"]]
            for n, t in data["tiles"]["definitions"].items()
        },
    }
    TEST_DATA.mkdir(parents=True, exist_ok=True)
    _write(TEST_DATA / "reference.json", reference)
    shutil.copyfile(ref / "fixture_2player.json", TEST_DATA / "fixture_2player.json")
    runs = json.loads((ref / "fixture_2player_runs.json").read_text())
    fixture = runs["fixtures"]["2player.json"]
    lines = [
        {
            "action_id": r["action_id"],
            "label": r["label"],
            "phase": r["phase"],
            "line": r["entity"],
            "major": r["owning_major"],
            "companies": r["major_companies"],
            "routes": [
                {
                    "revenue": rt["recorded_revenue"],
                    "nodes": rt["nodes"],
                    "hexes": rt["hexes"],
                    "connections": rt["connections"],
                    "own_token": {s["sig"]: s["own_token"] for s in rt["stops"]},
                }
                for rt in r["routes"]
            ],
            "autorouter_best": r["autorouter_best"],
        }
        for r in fixture["runs"]
        if r["entity_type"] == "minor"
    ]
    _write(
        TEST_DATA / "runs_2player.json",
        {
            "_source": "fixture_2player_runs.json (shared/reference/1840): the Ruby engine's "
            "re-evaluation of every run_routes of the public 18xx.games fixture "
            "public/fixtures/1840/2player.json. Line runs only.",
            "runs": lines,
        },
    )


def _entities(data: dict[str, Any]) -> dict[str, Any]:
    """Companies, Lines and sights as the setup and the rounds need them."""
    city = data["city_corporations_stadtbahn"]
    lines = data["lines_minor_corporations"]
    stadtbahn: dict[str, Any] = {}
    for c in city["list"]:
        tokens: dict[str, Any] = {}
        for variant, by_corp in city["initial_tokens_resolved"].items():
            if c["sym"] in by_corp:
                # [hex, part index]: the part index is the last field of the city id
                # ("F24-0-2"), as board.json keys its tokens; a null entry is a token
                # 18xx.games leaves unplaced (2 players, W).
                tokens[variant] = [
                    [t["hex"], int(t["city_id"].rsplit("-", 1)[1])] for t in by_corp[c["sym"]] if t
                ]
        stadtbahn[c["sym"]] = {
            "name": c["name"],
            "par": c["par"],
            "token_count": c["token_count"],
            "tokens": tokens,
        }
    return {
        "_source": SOURCE,
        "majors": {m["sym"]: {"name": m["name"]} for m in data["major_corporations"]["list"]},
        "major_par_prices": data["major_corporations"]["par_prices"],
        "major_max_lines": data["major_corporations"]["max_lines"],
        "stadtbahn": stadtbahn,
        "lines": {
            ln["sym"]: {"name": ln["name"], "home": ln["home_hex"], "removed_in": ln["removed_in"]}
            for ln in lines["list"]
        },
        # III.5: Line card 2 is set aside for the first reveal (18xx.games: the same).
        "line_set_aside": "2",
        "line_token_costs": lines["token_costs"],
        "line_minimum_bid": lines["auction"]["starting_bid"],
        "privates": {
            c["sym"]: {
                "name": c["name"],
                "face_value": c["face_value"],
                "revenue": c["revenue"],
                "removed_in": c["removed_in"],
            }
            for c in data["private_companies"]
        },
        "starting_cash": data["constants"]["starting_cash"],
    }


def _trams(data: dict[str, Any]) -> dict[str, Any]:
    """Trams: price per purchase field, counts per player count, what each CR offers,
    maintenance by the newest type bought."""
    trains = data["trains"]
    return {
        "_source": SOURCE,
        "types": {
            t["sym"]: {
                "colour": t["color"],
                "prices": {p["variant"]: p["price"] for p in t["price_tiers"]},
            }
            for t in trains["types"]
        },
        "counts": trains["counts_by_player_count"],
        "buyable_by_company_round": trains["buyable_variants_by_company_round"],
        "exported_at_company_round": {
            cr: text.split()[-1]
            for cr, text in trains["depot_clearing_at_start_of_company_round"].items()
        },
        "maintenance": trains["maintenance_by_newest_type_bought"],
        "limit": trains["train_limit"],
    }


def _rounds(data: dict[str, Any]) -> dict[str, Any]:
    """The round track in order; Company Rounds carry the Stadtbahn multiplier."""
    track = []
    for r in data["round_schedule"]["progress_track"]:
        entry: dict[str, Any] = {"type": r["type"]}
        if "name" in r:
            entry["name"] = r["name"]
        if "value" in r:
            entry["multiplier"] = int(r["value"].rstrip("x"))
        track.append(entry)
    return {"_source": SOURCE, "track": track}


def _write(path: Path, obj: Any) -> None:
    path.write_text(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "/work/shared/reference/1840"))
