"""1881's track building (6.x) and the periphery bonus (9.4): g1881/track.py.

Digest part-C cases 20-24 and 31, adapted to our map (docs/1881-design.md): digest side
numbers (0 = E) are our edges - 2 (edge = side + 4 mod 6); K5 Lichterfelde carries terrain
as well as its (+50); Lichtenrade is no periphery station on our map, so the double bonus
uses Marienfelde and Rudow.
"""

from __future__ import annotations

import random

import pytest

from pygame_core.core.errors import IllegalAction, InvalidAction
from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.laying import Lay
from pygame_core.g18xx.tiles import Gauge
from pygame_core.g1881 import board as b
from pygame_core.g1881 import track as t

TILES = b.tiles()


def force(state: MapState, coord: str, tile: str, rotation: int) -> None:
    """Put a tile on the map without the rules (to set up a position)."""
    state.lay(coord, TILES[tile], rotation)


def who(
    phase: str = "2", *, corp: str = "T", cash: int = 1000, turn: t.TrackTurn = t.NO_BUILDS
) -> t.Builder:
    """A builder: company T in phase 2 with 1000 TM unless told otherwise."""
    return t.Builder(corp, phase, cash, turn)


def refused(rule: str, state: MapState, lay: Lay, builder: t.Builder | None = None) -> None:
    """`check_lay` refuses `lay` citing `rule`, and `legal_lays` does not list it."""
    builder = builder or who()
    with pytest.raises(IllegalAction) as err:
        t.check_lay(state, builder, lay)
    assert err.value.rule == rule, err.value.message
    assert lay not in t.legal_lays(state, builder, hexes=[lay[0]])


def accepted(state: MapState, lay: Lay, builder: t.Builder | None = None) -> t.LayOutcome:
    """`check_lay` accepts `lay` and `legal_lays` lists it."""
    builder = builder or who()
    assert lay in t.legal_lays(state, builder, hexes=[lay[0]])
    return t.check_lay(state, builder, lay)


def lichterfelde() -> MapState:
    """Company T with a depot on K5 (Lichterfelde, tile 9 joining K4 and K6)."""
    state = b.initial_state()
    force(state, "K5", "9", 1)  # exits 1 (K4) and 4 (K6)
    state.place_token("K5", 0, "T")
    return state


# --- 6.1 / 6.2 / 6.6: how many, which colours (digest C-20) -------------------------------


def test_phase_1_lays_two_yellow_tiles_the_second_off_the_first() -> None:
    """1881 6.1: "in Phase 1 können auch zwei gelegt werden" (digest A-24: different hexes,
    the second may extend the first); a third is refused."""
    state = lichterfelde()
    first = ("K6", "1", 1)  # straight K5 -> K7
    accepted(state, first, who("1"))
    assert not t.legal_lays(state, t.Builder("T", "1", 1000), hexes=["K7"])
    t.lay(state, t.Builder("T", "1", 1000), first)
    turn = t.NO_BUILDS.after("K6", upgrade=False)
    second = ("K7", "4", 1)  # the halt beyond the first tile
    accepted(state, second, who("1", turn=turn))
    t.lay(state, t.Builder("T", "1", 1000, turn), second)
    refused("1881 6.1", state, ("K4", "4", 1), who("1", turn=turn.after("K7", upgrade=False)))
    assert not t.legal_lays(state, t.Builder("T", "1", 1000, turn.after("K7", upgrade=False)))


def test_from_phase_2_one_lay_or_one_upgrade() -> None:
    """1881 6.1: one tile per OR, or instead one upgrade (digest C-20)."""
    state = lichterfelde()
    turn = t.NO_BUILDS.after("K6", upgrade=False)
    refused("1881 6.1", state, ("K4", "4", 1), who("2", turn=turn))
    refused("1881 6.1", state, ("K6", "1", 1), who("1", turn=turn))  # not twice on a hex
    force(state, "K6", "2", 1)
    refused("1881 6.1", state, ("K6", "14", 1), who("1", turn=turn))


def test_colours_by_phase() -> None:
    """1881 6.2 (Table 2): green is refused in phase 1, brown in phase 2 (digest C-20)."""
    state = lichterfelde()
    force(state, "K6", "2", 1)
    refused("1881 6.2", state, ("K6", "14", 1), who("1"))
    accepted(state, ("K6", "14", 1), who("2"))
    force(state, "K6", "11", 1)
    refused("1881 6.2", state, ("K6", "37", 1), who("2"))


def test_56_and_58_come_with_the_gray_tiles_and_replace_green() -> None:
    """1881 6.6: "Ausnahme sind die Plättchen Nr. 56 & 58. Sie werden als braune Plättchen
    gelegt, sind aber erst mit den grauen Plättchen (in Phase 4) verfügbar": refused in
    phase 3, laid on green 15/16/20 in phase 4 (digest C-20, A-25)."""
    state = lichterfelde()
    force(state, "K4", "15", 4)
    fits = [r for name, r in t.map_lays(state, "K4", "4") if name == "56"]
    assert fits
    refused("1881 6.6", state, ("K4", "56", fits[0]), who("3"))
    accepted(state, ("K4", "56", fits[0]), who("4"))
    x = b.initial_state()
    force(x, "J5", "20", 0)
    x.place_token("J5", 0, "T")
    assert {name for name, _ in t.map_lays(x, "J5", "4")} == {"58"}
    assert not t.map_lays(x, "J5", "3")


# --- 6.3-6.10, Table 6: which tile on which (digest C-21) ---------------------------------


def test_upgrades_follow_table_6() -> None:
    """1881 6.7 / Table 6: 2 -> 14 is listed (and fits), 3 -> 14 is not (digest C-21)."""
    state = lichterfelde()
    force(state, "K6", "2", 1)  # gentle 1-3
    assert accepted(state, ("K6", "14", 1)).upgrade
    force(state, "K6", "3", 1)  # sharp 1-2
    refused("1881 6.7", state, ("K6", "14", 1))


def test_a_halt_is_followed_by_a_halt() -> None:
    """1881 6.9: "Auf eine Haltestelle folgt immer eine Haltestelle, auf eine Station immer
    eine Station": halt tile -> station tile refused (digest C-21)."""
    state = lichterfelde()
    force(state, "K4", "4", 1)
    refused("1881 6.9", state, ("K4", "17", 1))
    refused("1881 6.9", state, ("K5", "15", 1))


def test_plain_fields_take_plain_tiles() -> None:
    """1881 6.8: fields and track without halts or stations take only such tiles."""
    state = lichterfelde()
    refused("1881 6.8", state, ("K6", "4", 1), who("1"))


def test_an_upgrade_keeps_every_track() -> None:
    """1881 6.10: "Bestehende Streckenführungen dürfen nie durch den Austausch unterbrochen
    werden" (digest C-21)."""
    state = lichterfelde()
    force(state, "K6", "2", 1)  # 1-3
    refused("1881 6.10", state, ("K6", "14", 0))  # 0-2, 0-4: no 1-3
    accepted(state, ("K6", "14", 3))  # 3-5, 3-1


def test_beige_fields_take_yellow_only() -> None:
    """1881 6.3/6.6: green tiles never go straight onto beige fields."""
    state = lichterfelde()
    refused("1881 6.3", state, ("K6", "11", 1))


def test_special_hexes_take_only_their_labelled_tiles() -> None:
    """1881 6.14 / Table 5: Breitscheidplatz (H5) takes only 33, then 53; X fields only X
    tiles; tile 61 fits A and Z (digest C-21)."""
    state = b.initial_state()
    state.place_token("H5", 0, "BESTAG")
    green = {name for name, _ in t.map_lays(state, "H5", "2")}
    assert green == {"33"}
    refused("1881 6.14", state, ("H5", "23", 1), who(corp="BESTAG"))  # a centre tile, unlabelled
    accepted(state, ("H5", "33", 1), who(corp="BESTAG"))
    force(state, "H5", "33", 1)
    assert {name for name, _ in t.map_lays(state, "H5", "3")} == {"53"}
    refused("1881 6.14", state, ("H5", "51", 1), who("3", corp="BESTAG"))  # Moabit's M
    refused("1881 6.14", lichterfelde(), ("J5", "9", 0), who("1"))  # X takes 10 only
    for coord, old in (("G7", "54"), ("G5", "55")):
        s = b.initial_state()
        force(s, coord, old, 1)
        assert {name for name, _ in t.map_lays(s, coord, "4")} == {"61"}


def test_first_tiles_match_the_design() -> None:
    """1881 6.3-6.14: what our rules allow on every printed field equals the design's own
    independent reading (board.json first_tiles, from check.py), up to symmetric
    rotations (the same track laid two ways)."""

    def shapes(coord: str, lays: set[tuple[str, int]]) -> set[tuple[str, frozenset[object]]]:
        return {
            (n, frozenset((frozenset((p.a, p.b)), p.gauge) for p in TILES[n].paths_at(r)))
            for n, r in lays
        }

    state = b.initial_state()
    for coord, h in b.hex_data().items():
        ours = set(t.map_lays(state, coord, "4"))
        design = {(f["tile"], r) for f in h.get("first_tiles", []) for r in f["legal_rotations"]}
        assert shapes(coord, ours) == shapes(coord, design), coord


def test_unknown_hex_tile_or_rotation_is_invalid() -> None:
    """Malformed lays are InvalidAction, not a rule refusal."""
    state = lichterfelde()
    for lay in (("Z9", "1", 0), ("K6", "99", 0), ("K6", "1", 6)):
        with pytest.raises(InvalidAction):
            t.check_lay(state, t.Builder("T", "1", 1000), lay)


def test_no_tile_left() -> None:
    """1881 6.17 / Table 6: a tile whose copies are all on the map cannot be laid; one
    upgraded away is available again."""
    state = lichterfelde()
    supply = dict(state.supply(b.tile_counts()))
    supply["1"] = 0
    with pytest.raises(IllegalAction) as err:
        t.check_lay(state, t.Builder("T", "1", 1000), ("K6", "1", 1), supply=supply)
    assert err.value.rule == "1881 6.17"
    assert state.supply(b.tile_counts())["9"] == b.tile_counts()["9"] - 1


# --- 6.15 / 6.16: terrain cost and build bonus (digest C-22) -------------------------------


def test_terrain_costs_50_on_the_first_build_only() -> None:
    """1881 6.15: "Das erste Bebauen von Feldern, die teilweise von Wald, Fluß, Kanal oder See
    bedeckt sind verursacht Kosten von 50 TM je Feld ... Beim Austauschen von Plättchen
    entstehen keine neuerlichen Kosten" (digest C-22: J12)."""
    state = b.initial_state()
    state.place_token("J11", 0, "SSC")
    lay = ("J12", "4", 1)
    assert accepted(state, lay, who("1", corp="SSC")) == t.LayOutcome(50, 0, upgrade=False)
    refused("1881 6.15", state, lay, who("1", corp="SSC", cash=40))
    t.lay(state, t.Builder("SSC", "1", 50), lay)
    up = next(r for name, r in t.map_lays(state, "J12", "2") if name == "15")
    assert accepted(state, ("J12", "15", up), who(corp="SSC", cash=0)).cost == 0


def test_every_terrain_field_costs_the_rulebook_figure() -> None:
    """1881 6.15 (digest A-21): 50 TM, printed on each partly covered field."""
    costs = {h.tile.lay_cost for h in b.board().hexes.values()}
    assert costs == {0, t.TERRAIN_COST} and t.TERRAIN_COST == 50


def test_build_bonus_once_and_not_towards_the_cost() -> None:
    """1881 6.16: the (+N) goes to the company that builds the field; "muß sie die vollen
    Baukosten vorweisen können, bevor sie den Bonus erhält" (digest C-22: K5 +50 once;
    M13: 30 TM is not enough for terrain 50 even with the +50)."""
    state = b.initial_state()
    force(state, "L6", "9", 1)  # Marienfelde: 1 (L5) - 4 (L7)
    force(state, "L5", "2", 2)  # 2 (K5) - 4 (L6)
    state.place_token("L6", 0, "SBV")
    first = ("K5", "9", 2)
    assert accepted(state, first, who("1", corp="SBV", cash=50)) == t.LayOutcome(50, 50, False)
    refused("1881 6.16", state, first, who("1", corp="SBV", cash=49))
    t.lay(state, t.Builder("SBV", "1", 50), first)
    state.place_token("K5", 0, "T")
    up = next(("K5", n, r) for n, r in t.map_lays(state, "K5", "2") if n in {"17", "18", "19"})
    assert accepted(state, up, who(corp="T", cash=0)) == t.LayOutcome(0, 0, upgrade=True)


def test_m13_needs_the_full_cost_before_the_bonus() -> None:
    """1881 6.16 (digest C-22): a company with 30 TM cannot build M13 (terrain 50, +50)."""
    state = b.initial_state()
    force(state, "L13", "7", 0)  # Müggelheim, exits 0 (M13), 2, 4
    state.place_token("L13", 0, "T")
    lay = next((("M13", n, r) for n, r in t.map_lays(state, "M13", "1")), None)
    assert lay is not None
    refused("1881 6.16", state, lay, who("1", cash=30))
    assert accepted(state, lay, who("1", cash=50)) == t.LayOutcome(50, 50, upgrade=False)


# --- 6.5 / 6.11: board edge, unplayable fields, the lake (digest C-23) ---------------------


def test_no_track_end_off_the_board_or_into_unplayable_fields() -> None:
    """1881 6.11: "Streckenplättchen dürfen nicht so gelegt werden, daß sie mit einem
    Gleisende vom Spielfeldrand oder in nicht bebaubare Wald- oder Wasserfelder weisen"
    (digest C-23: D2 facing W or NW; E4 facing E5)."""
    state = b.initial_state()
    refused("1881 6.11", state, ("D2", "1", 1))  # edge 1 (W): off the board
    refused("1881 6.11", state, ("D2", "1", 2))  # edge 2 (NW): off the board
    refused("1881 6.11", state, ("E4", "1", 1))  # edge 4 (E): E5, Schießplatz Tegel
    assert all(4 not in TILES[n].exits(r) for n, r in t.map_lays(state, "E4", "1"))


def test_the_lake_on_d3_is_not_crossed() -> None:
    """1881 6.5: "Der See auf dem Feld D3 darf nicht durch ein Streckenstück überquert
    werden": no tile on D3 uses its E or SE side (digest sides 0/1 = our edges 4/5)."""
    state = b.initial_state()
    refused("1881 6.5", state, ("D3", "1", 1))  # 1-4
    refused("1881 6.5", state, ("D3", "3", 4))  # 4-5
    assert t.map_lays(state, "D3", "1")
    assert all(not {4, 5} & TILES[n].exits(r) for n, r in t.map_lays(state, "D3", "1"))


def test_unplayable_fields_take_nothing() -> None:
    """1881 6.5: "Braune und graue Felder, sowie Felder, die vollständig von Wasser und/oder
    Wald bedeckt sind, können nicht bebaut werden"."""
    state = b.initial_state()
    refused("1881 6.5", state, ("E5", "1", 0))
    assert t.map_lays(state, "K13", "1") == []


# --- 6.13: the S-Bahn Trasse --------------------------------------------------------------


def test_the_trasse_takes_s_tiles_only_and_they_go_nowhere_else() -> None:
    """1881 6.13: "Auf der S-Bahntrasse dürfen nur S-Bahnplättchen gelegt werden, welche
    auch nirgendwo anders gelegt werden können. Die Plättchen müssen so platziert werden,
    daß die S-Bahn-Gleisstücke auf der vorgezeichneten Trasse entlangführen"."""
    state = lichterfelde()
    force(state, "K6", "1", 1)
    refused("1881 6.13", state, ("K6", "21", 1))  # an S tile off the Trasse
    trasse = b.initial_state()
    refused("1881 6.13", trasse, ("G9", "11", 1))  # a tram tile on the Trasse
    lays = t.map_lays(trasse, "G9", "2")
    assert lays and {n for n, _ in lays} == {"21", "22"}
    assert all(TILES[n].exits(r, Gauge.NARROW) == {1, 5} for n, r in lays)  # the Trasse
    refused("1881 6.13", trasse, ("G9", "21", 0))  # S track 0-2 off the Trasse 1-5


# --- 6.12: reachability (digest C-24) -----------------------------------------------------


def test_a_tile_must_extend_the_companys_track() -> None:
    """1881 6.12: "Jedes neue Plättchen muß eine Verlängerung einer Strecke sein, die von
    der bauenden Gesellschaft theoretisch befahren werden kann" (digest C-24)."""
    state = lichterfelde()
    refused("1881 6.12", state, ("K8", "1", 1), who("1"))  # not reached
    refused("1881 6.12", state, ("K6", "1", 0), who("1"))  # reached, but 0-3 misses K5
    accepted(state, ("K6", "1", 1), who("1"))


def _through_breitscheidplatz() -> MapState:
    state = b.initial_state()
    force(state, "I6", "8", 1)  # Schöneberg: 1 (I5) - 2 (H5)
    state.place_token("I6", 0, "T")
    return state


def test_a_station_full_of_foreign_depots_blocks() -> None:
    """1881 6.12 / 7.6: reachable only through Breitscheidplatz with both circles taken by
    other companies' depots: refused (digest C-24)."""
    state = _through_breitscheidplatz()
    lay = next(("H6", n, r) for n, r in t.map_lays(state, "H6", "2"))
    accepted(state, lay)
    state.place_token("H5", 0, "BESTAG")
    accepted(state, lay)
    state.place_token("H5", 0, "BChSt")
    refused("1881 6.12", state, lay)


def test_an_empty_s_circle_keeps_a_station_open_for_trams() -> None:
    """1881 7.7: "Sollte aber eine Station mit Straßenbahn- und S-Bahndepots voll belegt
    sein, so werden alle anderen Gesellschaften blockiert": Alexanderplatz with both tram
    circles taken and its S circle empty does not block (digest C-24, A-29); with the S
    circle taken too, it does."""
    state = b.initial_state()
    force(state, "F8", "10", 1)  # Weißensee 1 (F7) - 4
    state.place_token("F8", 0, "NBSN")  # F8 - F7 - G7 is the only way on
    state.place_token("G7", 0, "GBS")
    state.place_token("G7", 0, "BChSt")
    lay = next(("H7", n, r) for n, r in t.map_lays(state, "H7", "2"))
    accepted(state, lay, who(corp="NBSN"))
    state.place_token("G7", 0, "SB", slot=2)
    refused("1881 6.12", state, lay, who(corp="NBSN"))


def test_legal_lays_are_exactly_the_accepted_ones() -> None:
    """Every lay `legal_lays` lists passes `check_lay`; every other lay the map allows on a
    hex within reach is refused (6.1-6.17)."""
    state = lichterfelde()
    force(state, "K6", "2", 1)
    force(state, "K4", "4", 1)
    for phase, cash in [(p, c) for p in ("1", "2", "3", "4") for c in (40, 1000)]:
        legal = set(t.legal_lays(state, t.Builder("T", phase, cash)))
        assert legal or cash < t.TERRAIN_COST
        for coord in ("K4", "K5", "K6", "J4", "L4", "J5", "L5", "K7", "J6", "L6"):
            for name, rotation in t.map_lays(state, coord, phase):
                lay = (coord, name, rotation)
                if lay in legal:
                    t.check_lay(state, t.Builder("T", phase, cash), lay)
                else:
                    with pytest.raises(IllegalAction):
                        t.check_lay(state, t.Builder("T", phase, cash), lay)


# --- 9.4: the periphery bonus (digest C-31) -----------------------------------------------


def _to_rudow(state: MapState) -> None:
    """Tram track centre (H7) - H8 - I9 (printed) - J9 - K10, and Rudow L9 beyond K10's
    empty side 0 (the last lay, K10, is left to the test)."""
    force(state, "J9", "9", 2)  # 2 (I9) - 5 (K10)
    force(state, "L9", "8", 2)  # 2 (K9) - 3 (K10)


def test_the_lay_that_first_connects_a_periphery_station_earns_100() -> None:
    """1881 9.4: "+100 TM" to the company that connects a periphery station with the centre
    by its lay, foreign depots ignored (digest C-31: Rudow; a full H7 does not matter)."""
    state = b.initial_state()
    _to_rudow(state)
    state.place_token("H7", 0, "X")  # H7's one circle taken by another company
    assert t.connected_to_centre(state) == frozenset()
    before = state.copy()
    force(state, "K10", "2", 0)  # 0 (L9) - 2 (J9)
    assert t.periphery_bonus(before, state) == t.PeripheryBonus(100, ("L9",))


def test_a_second_path_earns_nothing() -> None:
    """1881 9.4 (digest A-34, C-31): once per periphery station: a later lay making a
    second connection to Rudow gives nothing."""
    state = b.initial_state()
    _to_rudow(state)
    force(state, "K10", "2", 0)
    force(state, "J9", "18", 5)  # 5, 0 (K9), 2
    before = state.copy()
    force(state, "K9", "2", 3)  # 3 (J9) - 5 (L9)
    assert t.connected_to_centre(before) == {"L9"}
    assert t.periphery_bonus(before, state) == t.PeripheryBonus(0, ())


def test_one_lay_connecting_two_periphery_stations_earns_200() -> None:
    """1881 9.4 (digest A-34, C-31 adapted: Marienfelde L6 and Rudow L9 on one line): one
    lay completing both connections earns +100 each."""
    state = b.initial_state()
    force(state, "J9", "9", 2)  # 2 (I9) - 5 (K10)
    force(state, "L9", "9", 1)  # Rudow 1 (L8) - 4
    force(state, "L8", "1", 1)
    force(state, "L7", "9", 1)
    force(state, "L6", "8", 3)  # Marienfelde 3 (K7) - 4 (L7)
    force(state, "K7", "6", 4)  # halt 0 (L6) - 4 (K8)
    force(state, "K8", "1", 1)
    force(state, "K9", "1", 1)
    before = state.copy()
    force(state, "K10", "3", 1)  # 1 (K9) - 2 (J9)
    bonus = t.periphery_bonus(before, state)
    assert bonus == t.PeripheryBonus(200, ("L6", "L9"))


def test_no_periphery_station_is_connected_at_the_start() -> None:
    """9.4: the printed horse-tram network reaches no periphery station."""
    assert t.connected_to_centre(b.initial_state()) == frozenset()
    assert t.periphery_stations() == frozenset(b.map_data()["periphery_stations"])
    assert {"G5", "H5"} <= t.centre_stations()


def test_random_games_of_legal_lays_keep_the_map_sound() -> None:
    """Seeded walks of legal lays by all eight tram companies through the four phases: every
    lay listed is accepted; afterwards no track end faces a closed side (6.5, 6.11), S tiles
    lie only on the Trasse along it (6.13), no tile is used beyond its count (6.17), and no
    company's reach or periphery connection is ever lost (6.10)."""
    for seed in range(3):
        rng = random.Random(seed)
        state = b.initial_state()
        for home in b.homes().values():
            state.place_token(home.hex, home.part, home.corp)
        for step in range(60):
            phase = str(1 + step * 4 // 60)
            corp = rng.choice(sorted(b.homes()))
            options = t.legal_lays(state, t.Builder(corp, phase, rng.choice([0, 1000])))
            if not options:
                continue
            choice = rng.choice(options)
            before = state.copy()
            reach = TrackGraph(before).reach(corp).hexes
            t.lay(state, t.Builder(corp, phase, 1000), choice)
            assert reach <= TrackGraph(state).reach(corp).hexes
            assert t.connected_to_centre(before) <= t.connected_to_centre(state)
            assert min(state.supply(b.tile_counts()).values()) >= 0
        for coord, (tile, rotation) in state.tiles.items():
            assert tile.exits(rotation) <= state.board.open_edges(coord), coord
            narrow = tile.exits(rotation, Gauge.NARROW)
            assert bool(narrow) == (coord in t.trasse()), coord
            future = state.board.hexes[coord].tile.future
            if future:
                assert narrow == {e for p in future for e in p.edges}, coord
        assert len(state.tiles) > 20


def test_the_s_bahn_builds_along_the_trasse_on_s_track() -> None:
    """1881 6.13 / 12.11 (digest A-51): the S-Bahn builds like a tram company but on its own
    track kind: from its depot in Grunewald's "S" circle it reaches only the Trasse, and
    lays only S tiles along it."""
    state = b.initial_state()
    force(state, "I4", "26", 0)  # S track 0 (J3) - 3 (H4), the printed Trasse
    state.place_token("I4", 0, "SB", slot=1)
    sbahn = t.Builder("SB", "2", 1000, network=Gauge.NARROW)
    lays = t.legal_lays(state, sbahn)
    assert {coord for coord, _, _ in lays} == {"H4", "J3"}  # not I5 / H3 (tram exits 4, 2)
    assert all(TILES[name].exits(r, Gauge.NARROW) for _, name, r in lays)
