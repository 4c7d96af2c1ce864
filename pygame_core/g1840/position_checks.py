"""What holds in every position of a game of 1840: `broken_world` lists what does not.

A position is checked with these before a game starts from it (position.py); the tests
check every position of their bot games with them too (tests/g1840/invariants.py). Each
check names the rule it stands for.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from ..g18xx.tiles import StopKind
from .economy import CERT_LIMIT
from .trams import LIMIT, TYPES
from .world import LINE_TOKEN_COSTS, MAX_LINES, World, player_holder

STADTBAHN: Final = frozenset({"W", "V", "G", "D"})


def broken_world(w: World) -> list[str]:
    """Every invariant the world breaks (empty: all hold)."""
    out: list[str] = []
    out += money_errors(w)
    out += shares_errors(w)
    out += tiles_errors(w)
    out += tokens_errors(w)
    out += companies_errors(w)
    out += trams_errors(w)
    return out


def money_errors(w: World) -> list[str]:
    """III.5: the bank is unlimited (it starts at 0 and may go negative); money only moves
    between holders, so the sum over all holders stays 0. Nobody else is ever negative."""
    out = []
    if w.money.total() != 0:
        out.append(f"money: holders sum to {w.money.total()}, not 0")
    for holder in w.money.holders():
        if holder != "bank" and w.money.cash(holder) < 0:
            out.append(f"money: {holder} has {w.money.cash(holder)}")
    for s in range(len(w.players)):
        if w.loans.count(player_holder(s)) < 0:
            out.append(f"loans: seat {s} has a negative count")
    return out


def shares_errors(w: World) -> list[str]:
    """IV.1: each company's certificates sum to 100%; VII.3: no player above 60% of one
    company or above the certificate limit (privates count, the director's one)."""
    out = [f"shares: {e}" for e in w.shares.invariant_errors()]
    n = len(w.players)
    papers = Counter(o for o in w.private_owner.values() if o is not None)
    for corp, certs in w.shares.certs.items():
        held: Counter[str] = Counter()
        for cert in certs:
            owner = w.shares.owner(cert)
            held[owner] += cert.percent
            papers[owner] += 1
        if sum(held.values()) != 100:
            out.append(f"shares: {corp} sums to {sum(held.values())}%")
        for s in range(n):
            if held[player_holder(s)] > 60:
                out.append(f"shares: seat {s} holds more than 60% of {corp}")
    for s in range(n):
        if papers[player_holder(s)] > CERT_LIMIT[n]:
            out.append(f"shares: seat {s} holds {papers[player_holder(s)]} papers")
        if papers[player_holder(s)] != w.certs(s):
            out.append(f"shares: seat {s} is counted {w.certs(s)} papers")
    for major in w.majors:
        if w.shares.director(major) != player_holder(w.director(major)):
            out.append(f"shares: {major}'s director certificate is not with its director")
    return out


def tiles_errors(w: World) -> list[str]:
    """I. Spielmaterial: no more tiles on the map than the manifest; rulebook: L30 and L31
    are one physical tile each (side a for G11, side b for F24)."""
    out = []
    on_map = Counter(tile.name for tile, _ in w.map.tiles.values())
    manifest = w.tile_manifest()  # the profile's (V25: a third brown Stadtbahn tile)
    for name, count in on_map.items():
        if count > manifest.get(name, 0):
            out.append(f"tiles: {count} x {name} on the map, {manifest.get(name, 0)} exist")
    if w.profile.shared_station_tiles:
        for name in ("L30", "L31"):
            if on_map[f"{name}a"] + on_map[f"{name}b"] > 1:
                out.append(f"tiles: both sides of {name} are on the map")
    for coord, (tile, _) in w.map.tiles.items():
        if coord not in w.map.board.hexes:
            out.append(f"tiles: a tile on {coord}, which is not on the map")
        elif tile.only_on is not None and coord not in tile.only_on:
            out.append(f"tiles: {tile.name} on {coord}")
    return out


def tokens_errors(w: World) -> list[str]:
    """IX.6: every marker sits in a slot of a city that exists; one marker per Line per
    hex; at most 6 per Line (its placed count); Stadtbahn markers only their company's."""
    out = []
    per_line_hex: Counter[tuple[str, str]] = Counter()
    per_corp: Counter[str] = Counter()
    for coord, cities in w.map.tokens.items():
        if coord not in w.map.board.hexes:
            out.append(f"tokens: markers on {coord}, which is not on the map")
            continue
        tile, _ = w.map.tile(coord)
        stops = {s.part: s for s in tile.stops}
        for part, slots in cities.items():
            stop = stops.get(part)
            taken = [t for t in slots if t is not None]
            if stop is None or stop.kind is not StopKind.CITY:
                if taken:
                    out.append(f"tokens: {taken} on {coord}-{part}, not a city")
                continue
            if len(slots) > stop.slots and any(t is not None for t in slots[stop.slots :]):
                out.append(f"tokens: {coord}-{part} has {len(slots)} slots in use of {stop.slots}")
            for corp in taken:
                per_corp[corp] += 1
                if corp not in STADTBAHN:
                    per_line_hex[(corp, coord)] += 1
                if corp not in STADTBAHN and corp not in w.lines:
                    out.append(f"tokens: unknown marker {corp!r} on {coord}")
    for (line, coord), count in per_line_hex.items():
        if count > 1:
            out.append(f"tokens: Line {line} has {count} markers on {coord}")
    for line, card in w.lines.items():
        placed = per_corp[line]
        if placed > len(LINE_TOKEN_COSTS):
            out.append(f"tokens: Line {line} has {placed} markers")
        if placed != card.tokens_used:
            out.append(f"tokens: Line {line} has {placed} markers, counted {card.tokens_used}")
        if placed and card.status != "owned":
            out.append(f"tokens: Line {line} ({card.status}) has markers")
    for corp in STADTBAHN:
        limit = {"W": 4, "V": 6, "G": 3, "D": 4}[corp]
        if per_corp[corp] > limit:
            out.append(f"tokens: {corp} has {per_corp[corp]} markers")
    return out


def companies_errors(w: World) -> list[str]:
    """IV.1.2 / VIII.6: at most 3 Lines per major, each Line with one owner; IV.2: each
    private with at most one owner, a major's list matching."""
    out = []
    for sym, m in w.majors.items():
        if len(m.lines) > MAX_LINES:
            out.append(f"majors: {sym} has {len(m.lines)} Lines")
        if len(set(m.lines)) != len(m.lines):
            out.append(f"majors: {sym} lists a Line twice")
        for line in m.lines:
            card = w.lines[line]
            if card.major != sym or card.status != "owned":
                out.append(f"majors: {sym} lists Line {line} ({card.status}, {card.major})")
        owned = sorted(p for p, o in w.private_owner.items() if o == sym)
        if sorted(m.privates) != owned:
            out.append(f"majors: {sym} lists privates {m.privates}, owns {owned}")
    for line, card in w.lines.items():
        if card.status == "owned" and (
            card.major is None or line not in w.majors[card.major].lines
        ):
            out.append(f"lines: Line {line} is owned but not on its major's sheet")
        if card.status != "owned" and (card.major is not None or card.tram is not None):
            out.append(f"lines: Line {line} ({card.status}) has a major or a tram")
    if len(set(w.offer)) != len(w.offer) or any(w.lines[s].status != "offer" for s in w.offer):
        out.append(f"lines: the offer {w.offer} is not the Lines marked 'offer'")
    if set(w.offer) & set(w.deck.cards):
        out.append("lines: a Line is both on offer and in the stack")
    return out


def trams_errors(w: World) -> list[str]:
    """VIII.5.3: at most 3 trams per major, one per Line; every tram in exactly one place:
    the bank, a major's sheet, a Line, exported (VIII.3) or scrapped."""
    out = []
    places: Counter[str] = Counter()
    for ids in w.depot.stock.values():
        places.update(ids)
    places.update(w.depot.exported)
    places.update(w.depot.scrapped)
    for sym, m in w.majors.items():
        trams = w.major_trams(sym)
        if len(trams) > LIMIT:
            out.append(f"trams: {sym} has {len(trams)} trams")
        places.update(m.trams)
    for card in w.lines.values():
        if card.tram is not None:
            places[card.tram] += 1
    expected = {f"{t}-{i}" for t in TYPES for i in range(int(w.setup.trams[t]))}
    for tram, count in places.items():
        if count != 1:
            out.append(f"trams: {tram} is in {count} places")
    if set(places) != expected:
        missing, extra = expected - set(places), set(places) - expected
        out.append(f"trams: missing {sorted(missing)}, unknown {sorted(extra)}")
    return out
