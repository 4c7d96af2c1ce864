"""A second reader's findings on seed 002 (German rulebook), helper C: the Stadtbahn start
stations through a tile change on F24 (IX.4, VIII.5.2) and every other place that names a
city by its part index, the tile count (I.), decisions V11, V17, V20, the reduced face
value of a private (VI, IV.2, XI), XII's removals, G11's printed Stadtbahn stop, and the
phases of brown and gray tiles (IX.5) and the marker costs (IX.6)."""

from __future__ import annotations

import pytest

from pygame_core import Game, new_game
from pygame_core.core.errors import IllegalAction
from pygame_core.g18xx.board import MapState
from pygame_core.g18xx.render import map_json
from pygame_core.g18xx.tiles import Gauge, StopKind
from pygame_core.g1840 import board as b
from pygame_core.g1840 import linerounds
from pygame_core.g1840 import stadtbahn as sb
from pygame_core.g1840.position_checks import tiles_errors
from pygame_core.g1840.world import World

from .helpers import (
    INCOME_PARS,
    LINES_POLICY,
    Policy,
    act,
    advance,
    after_pre,
    at_line,
    cash,
    choose,
    cr_step,
    game,
    income,
    label,
    lay,
    legal_types,
    lines_game,
    negative_game,
    refused,
    seat,
    to_round,
    world,
)

PROFILES = ("rulebook", "18xx.games")


def stadtbahn_tile(state: MapState, coord: str) -> None:
    """Lay the first legal yellow Stadtbahn tile on the orange hex `coord` (map only)."""
    tile, rotation = state.legal_lays(
        coord, b.tiles().values(), b.available_tiles(state), ("yellow",), b.UPGRADE_RULES
    )[0]
    state.lay(coord, b.tiles()[tile], rotation)


def narrow_exit(state: MapState, coord: str, part: int) -> set[int]:
    """The edges of a stop's Stadtbahn (narrow) track on the tile that is there now."""
    tile, rotation = state.tile(coord)
    return {e for e, g in tile.stop_edges(part, rotation) if g is Gauge.NARROW}


# --- IX.4 / VIII.5.2: the start stations follow their city onto L30b / L31b -------------

# IX.4: "Wird eines der zwei Teile auf F24 gelegt, kommen die beiden Stationsmarker der
# Stadtbahnlinien D und W auf das Plättchen. Sie bilden weiterhin die Startstationen der
# beiden Linien." W's dashed track leaves F24 by edge 0 (to G23), D's by edge 2 (to E23).
F24_EXIT = {"W": 0, "D": 2}


@pytest.mark.parametrize("variant", b.VARIANTS)
@pytest.mark.parametrize("tile", ["L30b", "L31b"])
@pytest.mark.parametrize("stops", [False, True], ids=["rulebook", "site"])
def test_ix4_f24_markers_and_start_stations_stay_with_their_track(
    variant: str, tile: str, stops: bool
) -> None:
    state = b.initial_state(variant, stops)
    state.lay("F24", b.tiles()[tile], 0)
    for company, edge in F24_EXIT.items():
        (part,) = [p for h, p in state.corp_tokens(company) if h == "F24"]
        assert narrow_exit(state, "F24", part) == {edge}, (company, tile)
        # The start station is the city holding the company's marker on F24.
        starts = sb.start_stops(state, variant, company)
        assert f"F24-{part}" in starts, (company, tile, starts)
        for sig in starts:
            coord, index = sig.rsplit("-", 1)
            assert company in state.tokens_at(coord, int(index)), sig


@pytest.mark.parametrize("variant", b.VARIANTS)
@pytest.mark.parametrize("tile", ["L30b", "L31b"])
@pytest.mark.parametrize("stops", [False, True], ids=["rulebook", "site"])
def test_viii52_w_runs_from_its_marker_on_f24_after_the_purple_tile(
    variant: str, tile: str, stops: bool
) -> None:
    # W's track is built from F24 only (G23): the run is F24-G23. Yellow values: L30b's
    # cities 30, L31b's 10; G23's stop 10. Before the fix W ran from D's city on L31b.
    state = b.initial_state(variant, stops)
    stadtbahn_tile(state, "G23")
    state.lay("F24", b.tiles()[tile], 0)
    (part,) = [p for h, p in state.corp_tokens("W") if h == "F24"]
    city = {"L30b": 30, "L31b": 10}[tile]
    assert sb.revenue(state, variant, "W", ("yellow",)) == (city + 10, [f"F24-{part}", "G23-0"])


@pytest.mark.parametrize("variant", b.VARIANTS)
@pytest.mark.parametrize(("tile", "phase"), [("L30b", "1"), ("L31b", "3")])
@pytest.mark.parametrize("stops", [False, True], ids=["rulebook", "site"])
def test_viii52_d_runs_from_its_marker_on_f24_after_the_purple_tile(
    variant: str, tile: str, phase: str, stops: bool
) -> None:
    # D's track is built from F24 up to C21 (B20 missing): from A17 D earns 70 (A17 40,
    # A19 30); from F24 its own city (30: L30b yellow, L31b brown) + E23 20 + D22 20 (its
    # markers) + C21 10 = 80, the better start (VIII.5.2 "nur die gerechnet, die mehr
    # einbringt"). Before the fix D's F24 start was L31b's tram town (no dashed track).
    state = b.initial_state(variant, stops)
    for coord in ("E23", "D22", "C21"):
        stadtbahn_tile(state, coord)
    state.lay("F24", b.tiles()[tile], 0)
    (part,) = [p for h, p in state.corp_tokens("D") if h == "F24"]
    earned, stops_run = sb.revenue(state, variant, "D", b.phase_colours(phase))
    assert earned == 80
    assert f"F24-{part}" in stops_run and "A17-2" not in stops_run


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("tile", ["L30b", "L31b"])
def test_viii52_w_pays_from_f24_in_a_game(profile: str, players: int, tile: str) -> None:
    # The reviewer's position: W's track G23 and a purple tile on F24 (laid on a copy of
    # the map during LR 1a, the game then started from that position, so its record keeps
    # them); in CR 2 W runs F24-G23 (yellow: 30 + 10 on L30b, 10 + 10 on L31b) and pays
    # it; before the fix it ran "nowhere" on L31b and its price fell.
    played = game(players, profile=profile)
    advance(played, lambda g: label(g) == "LR 1a")
    rigged = world(played).map.copy()
    stadtbahn_tile(rigged, "G23")
    rigged.lay("F24", b.tiles()[tile], 0)
    position = {**played.position(), "map": map_json(rigged)}
    g = new_game("1840", played.players, played.options, played.seed, position=position)
    w = world(g)
    start = len(g.log)
    advance(g, lambda g: bool(_runs(g, "W", start)))
    assert label(g) == "CR 2"
    expected = {"L30b": 40, "L31b": 20}[tile]
    assert w.stadtbahn_revenue["W"] == expected
    (part,) = [p for h, p in w.map.corp_tokens("W") if h == "F24"]
    assert _runs(g, "W", start)[0].startswith(f"W runs F24-{part}-G23-0 for {expected}:")


def _runs(g: Game, company: str, start: int) -> list[str]:
    """The log lines of `company`'s Stadtbahn runs since log entry `start`."""
    return [e["text"] for e in g.log[start:] if e["text"].startswith(f"{company} runs ")]


# --- every other place that names a city by its part index -------------------------------


@pytest.mark.parametrize("variant", b.VARIANTS)
def test_ix4_reserved_homes_follow_their_city_onto_every_first_tile(variant: str) -> None:
    # IX.4 "Liegen bereits Stationsmarker auf dem Spielplan, so werden diese in gleicher
    # Weise auf das gelbe Plättchen transferiert"; IX.6 keeps the last free slot of an
    # unopened Line's home: the reservation moves with the city like a marker, so the
    # Line's free home marker (IX.6) still finds its city, whatever tile came first.
    base = b.initial_state(variant)
    homes = {
        (h, p, corp)
        for h, cities in base.reserved.items()
        for p, cs in cities.items()
        for corp in cs
    }
    assert homes
    for coord, part, line in sorted(homes):
        before = {(e, g) for e, g in base.tile(coord)[0].stop_edges(part, 0)}
        for name, rotation in b.legal_lays(base, coord, ("yellow",)):
            state = base.copy()
            state.lay(coord, b.tiles()[name], rotation)
            (moved,) = [p for p, corps in state.reserved[coord].items() if line in corps]
            tile = b.tiles()[name]
            assert tile.stop(moved).kind is StopKind.CITY, (coord, name)
            assert before <= tile.stop_edges(moved, rotation), (coord, name, rotation)
            state.check_token(coord, moved, line)  # the home marker fits
            # ... and only there, if it was the last free slot.
            if state.tokens_at(coord, moved).count(None) == 1:
                with pytest.raises(IllegalAction):
                    state.check_token(coord, moved, "other")


def test_ix5_a_lines_last_run_follows_the_upgraded_city() -> None:
    # IX.5 "Lagen Stationsmarker auf dem Plättchen, so werden diese in gleicher Weise auf
    # das neue Plättchen gelegt": Line 3's marker on E17 (OO tile 235, city 0 towards E19)
    # moves to city 1 of the green 8858 laid in rotation 1. The route the Line ran last
    # (drawn on the map until it runs again) names the same city afterwards.
    loss = negative_game()
    g = loss.g
    w = world(g)
    assert w.lines["3"].last_run is not None
    assert w.lines["3"].last_run["stops"] == ["E17-0", "E19-0"]
    lay(g, "E17", "8858", 1)
    assert w.map.tokens_at("E17", 1) == ("3",) and w.map.tokens_at("E17", 0) == (None,)
    assert w.lines["3"].last_run["stops"] == ["E17-1", "E19-0"]
    assert w.lines["3"].last_run["hexes"] == ["E17", "E19"]


@pytest.mark.parametrize("variant", b.VARIANTS)
def test_ix5_stadtbahn_markers_stay_on_the_dashed_track_through_every_upgrade(
    variant: str,
) -> None:
    # III.5 puts the Stadtbahn markers on their stations, some on orange hexes (I15, E23,
    # D12, ...); IX.4/IX.5 move markers "in gleicher Weise" onto each new tile: through
    # yellow, green and brown the marker stays on the city of the dashed track.
    base = b.initial_state(variant)
    orange = {
        c: h["stadtbahn"]["exits"] for c, h in b.hex_data(variant).items() if "stadtbahn" in h
    }
    marked = [(c, p, t) for c in orange for p, s in base.tokens.get(c, {}).items() for t in s if t]
    assert marked
    for coord, _, company in marked:
        state = base.copy()
        for colour in ("yellow", "green", "brown"):
            lays = b.legal_lays(state, coord, (colour,))
            if not lays:  # e.g. D12: no green tile's tram track fits its neighbours
                assert colour != "yellow", coord
                break
            name, rotation = lays[0]
            state.lay(coord, b.tiles()[name], rotation)
            (part,) = [p for h, p in state.corp_tokens(company) if h == coord]
            assert narrow_exit(state, coord, part) == set(orange[coord]), (coord, name)


# --- I. Spielmaterial: 176 track tiles --------------------------------------------------


def physical_tiles(w: World) -> dict[tuple[str, bool], int]:
    """The game's tiles at the start by (colour, orange frame), L30a/L30b and L31a/L31b
    counted once where they are one physical tile (V16)."""
    supply = w.tile_supply()
    out: dict[tuple[str, bool], int] = {}
    for name, count in supply.items():
        if w.profile.shared_station_tiles and name in ("L30b", "L31b"):
            continue  # the other side of L30a / L31a
        tile = b.tiles()[name]
        key = (tile.colour, tile.frame == b.STADTBAHN_FRAME)
        out[key] = out.get(key, 0) + count
    return out


def test_i_the_rulebook_has_176_track_tiles_three_brown_stadtbahn_tiles() -> None:
    # I. Spielmaterial: "176 Gleisteile": 47 gelbe, 41 grüne, 23 braune, 4 graue, 4 rote,
    # 8 lila; "Stadtbahn-Gleisteile mit orangem Rand": 28 gelbe, 18 grüne, 3 braune.
    # 18xx.games has two brown Stadtbahn tiles (L15, L16, report (b)25): the rulebook
    # profile has a second L16 (the straight one: 5 of the 7 Stadtbahn city hexes are
    # straight, against 2 curved), the site profile keeps the site's manifest.
    w = world(game(4))
    tiles = physical_tiles(w)
    assert tiles == {
        ("yellow", False): 47,
        ("green", False): 41,
        ("brown", False): 23,
        ("gray", False): 4,
        ("red", False): 4,
        ("purple", False): 8,
        ("yellow", True): 28,
        ("green", True): 18,
        ("brown", True): 3,
    }
    assert sum(tiles.values()) == 176
    assert w.tile_supply()["L15"] == 1 and w.tile_supply()["L16"] == 2
    site = world(game(4, profile="18xx.games"))
    assert site.tile_supply()["L16"] == 1
    assert sum(site.tile_supply().values()) == 177  # L30a/b, L31a/b are four tiles there
    assert physical_tiles(site)[("brown", True)] == 2


# --- V11: no start station is protected in the rulebook ---------------------------------


def test_ix6_the_rulebooks_example_line_13_removes_vs_start_marker_at_g3() -> None:
    # IX.6: "Eine Linie kann einen Stadtbahn-Stationsmarker abreißen. Das kostet 40
    # Gulden"; the margin example: "Linie 13 kann den Stationsmarker der Linie V für 40
    # Gulden entfernen" - at G3, one of V's two start stations (VIII.5.2). G3 stays V's
    # start station; it only stops counting for V (VIII.5.2 "Beachte: ... dadurch wird das
    # Einfahrergebnis geschmälert").
    g = income_game_at_line_13()
    w = world(g)
    assert "G3-0" in sb.start_stops(w.map, w.setup.variant, "V")
    assert w.map.tokens_at("G3", 0) == ("13", "V")
    assert {"type": "remove_token", "hex": "G3", "city": 0} in g.legal_actions(seat(g))
    before = cash(g, "SJE")
    act(g, {"type": "remove_token", "hex": "G3", "city": 0})
    assert cash(g, "SJE") == before - 40 and w.map.tokens_at("G3", 0) == ("13", None)
    assert "G3-0" in sb.start_stops(w.map, w.setup.variant, "V")


def income_game_at_line_13() -> Game:
    """3 players, seed 1 (`helpers.income_game`'s start): SJE's Line 13 (home G3) is to
    act in LR 1a, its free home marker placed next to V's marker."""
    g = game(3, seed=1)
    at_line(g, "13", Policy(pars=INCOME_PARS))
    return g


@pytest.mark.parametrize("variant", b.VARIANTS)
def test_v11_only_the_track_keeps_lines_away_from_the_other_start_markers(variant: str) -> None:
    # V11 revised: IX.6 has no exception for start stations (the example above clears
    # G3). The markers at I1, A17, I11 and F24 stay because their cities have dashed track
    # only: no tram route reaches them (IX.7 "Die strichlierten Stadtbahnlinien dürfen
    # nicht benutzt werden"), and a Line removes a marker only where it reaches (V11). So
    # the rulebook needs no list of protected hexes; 18xx.games has one (report (b)13).
    for tile in (None, "L30b", "L31b"):
        state = b.initial_state(variant)
        if tile is not None:
            state.lay("F24", b.tiles()[tile], 0)
        trams = b.line_graph(state)
        for company in b.stadtbahn_sequences(variant):
            if company not in {c for cs in state.tokens.values() for s in cs.values() for c in s}:
                continue  # V is not on the small maps (XII, XIII)
            for sig in sb.start_stops(state, variant, company):
                if sig != "G3-0":
                    assert sig not in trams.by_sig, (company, sig, tile)


@pytest.mark.parametrize("profile", PROFILES)
def test_v11_the_refusal_names_the_rule_of_the_profile(profile: str) -> None:
    g = game(3, profile=profile, seed=6 if profile == "rulebook" else 5)
    advance(g, lambda g: _line_to_act(world(g)))
    err = refused(g, {"type": "remove_token", "hex": "A17", "city": 1})
    assert err.rule == "1840 IX.6"
    if profile == "rulebook":
        assert "start station" not in err.message and "reaches" in err.message
    else:
        assert "never at a start station" in err.message


def _line_to_act(w: World) -> bool:
    return w.turn is not None and not w.turn.home_choice


# --- V17: a tram without a route still has an Einfahrergebnis (0) -----------------------


def line9_in(round_name: str, *, purple: bool = False) -> Game:
    """3 players, seed 6 (`helpers.lines_game`): WT's Line 9 (home C7) never builds and
    has no route. WT buys a red tram in CR 2 (its yellow one now costs 50, Tabelle 7);
    or, with `purple`, Line 9 scraps its tram in LR 3b and WT buys the purple one in CR 4
    (800 of its 880).
    Line 9 is to act in `round_name`."""
    g = lines_game("9")
    if not purple:
        advance(g, lambda g: cr_step(g) == ("trams", "WT"), LINES_POLICY)
        act(g, {"type": "buy_tram", "tram": "R1"})
    else:
        at_line(g, "9", LINES_POLICY, round_name="LR 3b")
        for tram in world(g).major_trams("WT"):
            act(g, {"type": "scrap_tram", "tram": tram})
        advance(g, lambda g: cr_step(g) == ("trams", "WT"), LINES_POLICY)
        act(g, {"type": "buy_tram", "tram": "Pu1"})
    at_line(g, "9", LINES_POLICY, round_name=round_name)
    assert linerounds.best(world(g), "9") is None
    return g


def test_v17_ix8_a_tram_without_a_route_still_pays_its_maintenance() -> None:
    # IX.3 "2) Die Straßenbahn fahren lassen (verpflichtend)"; IX.8 "Von diesem
    # Einfahrergebnis werden eventuelle Instandhaltungskosten der Straßenbahn abgezogen";
    # "Beachte: Man kann Straßenbahnen auch jederzeit abgeben, z.B. bevor man ein
    # negatives Einfahrergebnis erzielt". A tram that finds no route runs for 0: its
    # maintenance is charged (V17 revised; 18xx.games: no run, nothing charged, report
    # (b)2, test_rules_profiles.py::test_b2).
    g = line9_in("LR 2a")
    w = world(g)
    tram = w.lines["9"].tram
    assert tram is not None and tram.startswith("Y1")
    before = (income(g, "WT"), cash(g, "WT"))
    act(g, {"type": "run"})
    assert (income(g, "WT"), cash(g, "WT")) == (before[0], before[1] - 50)
    run = w.lines["9"].last_run
    assert run is not None and (run["stops"], run["revenue"], run["total"]) == ([], 0, -50)


def test_v17_viii53_a_purple_tram_without_a_route_still_earns_200() -> None:
    # VIII.5.3 "Bei lila Straßenbahnen werden immer 200 Gulden zum Einfahrergebnis
    # dazugezählt" (IX.8 likewise): the purple tram's run for 0 earns 200.
    g = line9_in("LR 4a", purple=True)
    w = world(g)
    tram = w.lines["9"].tram
    assert tram is not None and tram.startswith("Pu1")
    before = income(g, "WT")
    act(g, {"type": "run"})
    assert income(g, "WT") == before + 200
    run = w.lines["9"].last_run
    assert run is not None and (run["revenue"], run["maintenance"], run["total"]) == (0, 200, 200)


# --- V20: what a forced tram purchase may choose ----------------------------------------


def forced_purchase(
    profile: str, d_shares: int, buys: list[str], *, line_for_all: bool = False
) -> tuple[Game, str]:
    """2 players: Ben (seat 1) founds a major at 70 (treasury 700), Anna one at 100; in
    SR 1 Ben buys `d_shares` shares of D (65 each, from his 270). In CR 1 Ben's major
    buys the trams `buys` and scraps them all: it has no tram and must buy one (VIII.5.3).
    Ben's cash then is 270 - 65 x d_shares + 40 (his sights SB and SD pay in CRa), and
    D's payout if it came first."""
    g = after_pre(2, profile=profile)
    w = world(g)
    ben, anna = w.open_majors[0], w.open_majors[-1]
    act(g, {"type": "par", "major": ben, "price": 70})
    act(g, {"type": "par", "major": anna, "price": 100})
    for _ in range(d_shares):
        act(g, {"type": "buy", "company": "D"})
        act(g, {"type": "pass"})
    while label(g) == "SR 1":
        act(g, {"type": "pass"})
    advance(g, lambda g: cr_step(g) == ("trams", ben))
    for kind in buys:
        act(g, {"type": "buy_tram", "tram": kind})
    if line_for_all:  # it spends the rest on a Line and buys trams right after (VIII.6)
        act(g, {"type": "done"})
        advance(g, lambda g: cr_step(g) == ("pick", ben))
        act(g, {"type": "select_line", "line": min(w.offer, key=int), "price": cash(g, ben)})
        advance(g, lambda g: cr_step(g) == ("trams", ben))
    for tram in list(w.major_trams(ben)):
        act(g, {"type": "scrap_tram", "tram": tram})
    # D has paid its 70 (7 a share) before the trams on 18xx.games (report (b)19), and
    # before the auction in both profiles.
    paid = 7 * d_shares if profile == "18xx.games" or line_for_all else 0
    assert cash(g, 1) == 270 - 65 * d_shares + 40 + paid
    return g, ben


def tram_offers(g: Game) -> list[str]:
    return [e["tram"] for e in g.legal_actions(seat(g)) if e["type"] == "buy_tram"]


@pytest.mark.parametrize("profile", PROFILES)
def test_v20_a_forced_purchase_may_take_a_dearer_tram_with_the_directors_cash(
    profile: str,
) -> None:
    # VIII.5.3 Zwangs-Straßenbahnkauf: "Sie kann aus dem Angebot in der Bank frei
    # wählen ... Der Direktor darf auch dann Geld zuschießen, falls die Gesellschaft sich
    # eine billige, aber nicht eine teurere Straßenbahn leisten könnte." Treasury 100 pays
    # a yellow tram (100); Ben's 245 top it up for the orange one (300).
    g, major = forced_purchase(profile, 1, ["O1", "O1"])
    assert cash(g, major) == 100 and tram_offers(g) == ["O1", "Y1"]
    ben = cash(g, 1)
    act(g, {"type": "buy_tram", "tram": "O1"})
    assert (cash(g, major), cash(g, 1), world(g).loans.count("p1")) == (0, ben - 200, 0)


@pytest.mark.parametrize("profile", PROFILES)
def test_v20_ix8_no_loan_for_a_dearer_tram_than_needed(profile: str) -> None:
    # IX.8 "Ein Spieler darf nicht mehr Kredite aufnehmen als notwendig"; VIII.5.3 "Sollte
    # der Direktor nicht über genügend Geld verfügen, dann muss er einen Kredit aufnehmen"
    # - for what he must pay. Treasury 100 pays the yellow tram; the orange one would need
    # Ben's 180 and a loan: the rulebook refuses it (V20 revised). 18xx.games lets the
    # major choose any tram, loans as needed (report data: emergency_buy
    # must_buy_cheapest false, can_take_player_loan true).
    g, major = forced_purchase(profile, 2, ["O1", "O1"])
    if profile == "rulebook":
        assert tram_offers(g) == ["Y1"]
        err = refused(g, {"type": "buy_tram", "tram": "O1"})
        assert err.rule == "1840 VIII.5.3/IX.8" and "loan" in err.message
        act(g, {"type": "buy_tram", "tram": "Y1"})
        assert (cash(g, major), cash(g, 1), world(g).loans.count("p1")) == (0, 180, 0)
    else:
        assert tram_offers(g) == ["O1", "Y1"]
        act(g, {"type": "buy_tram", "tram": "O1"})  # Ben's 194 + a loan of 100 - 200
        assert (cash(g, major), cash(g, 1), world(g).loans.count("p1")) == (0, 94, 1)


@pytest.mark.parametrize("profile", PROFILES)
def test_v20_ix8_loans_only_for_the_cheapest_tram(profile: str) -> None:
    # The major spent its last 100 on a Line (VIII.6: it may buy trams at once) and then
    # scraps its trams; Ben has 50 (78 on 18xx.games): the yellow tram (100) needs one
    # loan, the orange one (300) three. The rulebook allows the one that needs the fewest.
    g, major = forced_purchase(profile, 4, ["O1", "O1"], line_for_all=True)
    ben = cash(g, 1)
    assert cash(g, major) == 0 and ben < 100
    assert tram_offers(g) == (["Y1"] if profile == "rulebook" else ["O1", "Y1"])
    act(g, {"type": "buy_tram", "tram": "Y1"})
    assert (cash(g, 1), world(g).loans.count("p1")) == (ben, 1)


# --- VI / IV.2 / XI: a private whose price dropped keeps the dropped face value ----------


def prater_after_drops(profile: str, drops: int) -> Game:
    """3 players (full board): everybody passes `drops` times at the first pick, so
    Prater's price falls by 5 each time (VI); Anna (the start player) then takes it at
    the price left (at 0 she must), the others pass; the Pre round ends by the scripted
    players; SR 1 has begun."""
    g = game(3, profile=profile)
    for _ in range(drops):
        for _ in range(3):
            act(g, {"type": "pass"})
    w = world(g)
    if w.private_owner["PR"] is None:
        act(g, {"type": "bid", "private": "PR", "price": 10 - 5 * drops})
        act(g, {"type": "pass"})
        act(g, {"type": "pass"})
    assert w.private_owner["PR"] == "p0"
    to_round(g, "SR 1")
    return g


@pytest.mark.parametrize(("drops", "face"), [(1, 5), (2, 0)])
def test_vi_iv2_the_dropped_price_is_praters_face_value_when_sold_to_the_bank(
    drops: int, face: int
) -> None:
    # VI: "wird dessen Nennwert um 5 reduziert" - the face value itself; IV.2: "Sie können
    # jederzeit freiwillig an die Bank zurückgegeben werden. Der Nennwert wird dann an den
    # Besitzer ... ausbezahlt." Its income (5) is not the face value and stays.
    g = prater_after_drops("rulebook", drops)
    w = world(g)
    assert w.face_value("PR") == face
    assert g.view(None)["privates"]["PR"]["face_value"] == face
    while seat(g) != 0:
        act(g, {"type": "pass"} if "pass" in legal_types(g) else choose(g))
    before = cash(g, 0)
    act(g, {"type": "sell_private", "private": "PR"})
    assert cash(g, 0) == before + face


def test_iv2_a_major_buys_a_private_for_1_up_to_its_dropped_face_value() -> None:
    # IV.2: "Der Kaufpreis muss zwischen inklusive 1 Gulden und dem Nennwert liegen":
    # Prater taken at 5 sells to Anna's major for at most 5; at 0 it cannot be sold.
    for drops, most in ((1, 5), (2, None)):
        g = prater_after_drops("rulebook", drops)
        w = world(g)
        advance(g, lambda g: label(g) == "LR 2a" and _anna_line_to_act(g))
        offers = [e for e in g.legal_actions(0) if e["type"] == "buy_private"]
        assert [e["max"] for e in offers if e["private"] == "PR"] == (
            [] if most is None else [most]
        )
        if most is not None:
            err = refused(g, {"type": "buy_private", "private": "PR", "price": most + 5})
            assert err.rule == "1840 IV.2"
        assert w.private_owner["PR"] == "p0"


def _anna_line_to_act(g: Game) -> bool:
    w = world(g)
    return _line_to_act(w) and g.active == 0


def test_xi_site_keeps_praters_face_value_of_10() -> None:
    # 18xx.games lowers only the least bid (its "discount", report (b)16): Prater taken
    # for 0 still sells to the bank for 10 and counts 10 in the final score (XI on the
    # site: privates at face value, report (b)4).
    g = prater_after_drops("18xx.games", 2)
    w = world(g)
    assert w.face_value("PR") == 10 and w.private_value(0) >= 10
    sell = {"type": "sell_private", "private": "PR"}
    advance(g, lambda g: g.active == 0 and sell in g.legal_actions(0))  # not in a SR there
    before = cash(g, 0)
    act(g, {"type": "sell_private", "private": "PR"})
    assert cash(g, 0) == before + 10


# --- XII: the removals go with the reduced board ----------------------------------------

XII_LINES = {"9", "10", "13", "14", "16", "17"}
XIII_LINES = {"8", "9", "10", "11", "12", "13", "14", "16", "17"}


@pytest.mark.parametrize(
    ("variant", "lines", "privates"),
    [
        ("three_player_small", XII_LINES, {"PR"}),  # XII
        ("two_player", XIII_LINES, {"PR", "SSB"}),  # XIII
    ],
)
def test_xii_xiii_each_removal_is_what_the_smaller_board_has_no_place_for(
    variant: str, lines: set[str], privates: set[str]
) -> None:
    # XII: "Obwohl es möglich ist, eine 3-Spieler-Partie auf dem Hauptspielplan
    # durchzuführen, empfehlen wir für 3 Spieler den reduzierten Spielplan ... Es gelten
    # die Basis-Regeln. Eliminiere vor dem Spielstart: die Linienkarten 9, 10, 13, 14, 16
    # und 17; alle Aktien und Marker der Stadtbahnlinie V; das Privatpapier ,Prater'."
    # Every item removed has its place off the reduced board (the Lines' homes, V's dashed
    # line, Prater's hex D28), every item kept has its place on it, and the main board has
    # them all: the list describes the reduced board, and a 3-player game on the main
    # board keeps everything (V53; test_rules_end.py plays both).
    small, full = b.hex_data(variant), b.hex_data("standard")
    for line, data in b.lines().items():
        assert data["home"] in full
        assert (data["home"] in small) == (line not in lines), line
    sights = b._board_data()["privates"]
    for private, data in sights.items():
        assert data["hex"] in full
        assert (data["hex"] in small) == (private not in privates), private
    v_line = b.stadtbahn_sequences("standard")["V"]
    assert all(h in full for h in v_line) and not all(h in small for h in v_line)
    for company in ("W", "G", "D"):
        assert all(h in small for h in b.stadtbahn_sequences(variant)[company])
    g = world(game(3))
    assert set(g.lines) == {str(n) for n in range(1, 19)} and "V" in g.stadtbahn
    assert "PR" in g.private_owner


# --- G11: the printed Stadtbahn stop of the Westbahnhof ----------------------------------

G_LINE = ("B16", "B14", "C13", "D12", "E13", "F12", "H12")


@pytest.mark.parametrize("stops", [False, True], ids=["rulebook", "site"])
def test_viii52_ix4_g11s_printed_stadtbahn_stop_counts_before_and_after_its_tile(
    stops: bool,
) -> None:
    # VIII.5.2: the imaginary tram runs "entlang der bereits gebauten (vorgedruckt oder
    # mit Gleisteilen) strichlierten Stadtbahngleise" and adds "Die Werte aller
    # Haltestellen": G11 (Westbahnhof, a purple hex, not orange) has printed dashed track
    # with a stop of 10 (report (e) #5859, checked there against the physical map), so G's
    # line runs through it before any tile is laid there. IX.4 "Wird eines der beiden
    # Teile auf den Westbahnhof gelegt, wird die Stadtbahnstrecke als durchgängig
    # betrachtet": with L30a/L31a the line stays whole, through the tile's stop (V54).
    state = b.initial_state("standard", stops)
    for coord in G_LINE[:-1]:  # up to F12: G's line ends at G11's printed stop
        stadtbahn_tile(state, coord)
    earned, run = sb.revenue(state, "standard", "G", ("yellow",))
    assert "G11-1" in run and "I11-0" not in run
    # A17 40 + B16, B14, C13 10 each + D12 20 (G's marker) + E13, F12 10 each + G11 10
    assert earned == 40 + 30 + 20 + 20 + 10
    stadtbahn_tile(state, "H12")  # the whole line: on through G11 and H12 to I11 (30)
    earned, run = sb.revenue(state, "standard", "G", ("yellow",))
    assert {"G11-1", "H12-0", "I11-0"} <= set(run) and earned == 120 + 10 + 30
    for tile, value in (("L30a", 30), ("L31a", 10)):
        built = state.copy()
        built.lay("G11", b.tiles()[tile], 0)
        earned, run = sb.revenue(built, "standard", "G", ("yellow",))
        assert "G11-0" in run and {"A17-0", "I11-0"} <= set(run), tile
        assert earned == 160 - 10 + value, tile


# --- IX.5 brown and gray tiles, IX.6 marker costs (untested rules) ----------------------


def line3_lays(g: Game, coord: str, colour: str) -> list[tuple[str, int]]:
    """The lays of the acting Line on `coord` with tiles of `colour`."""
    return [
        (e["tile"], e["rotation"])
        for e in g.legal_actions(seat(g))
        if e["type"] == "lay_tile" and e["hex"] == coord and b.tiles()[e["tile"]].colour == colour
    ]


def test_ix5_brown_tiles_from_lr4a_and_gray_tiles_from_lr5a() -> None:
    # IX.5: "Grüne Plättchen stehen ab Linien-Runde 2a zur Verfügung. Braune Plättchen
    # stehen ab Linien-Runde 4a zur Verfügung. Graue Plättchen stehen ab Linien-Runde 5a
    # zur Verfügung." Line 3 (SJE, `helpers.lines_game`) builds its OO home E17: 235,
    # green 8858 in LR 2a, brown L17 from LR 4a only, gray L18 from LR 5a only.
    g = lines_game("3")
    lay(g, "E17", "235", 4)
    act(g, {"type": "place_token", "hex": "E17", "city": 0})
    at_line(g, "3", LINES_POLICY, round_name="LR 2a")
    lay(g, "E17", "8858", 1)
    for name in ("LR 2b", "LR 3a", "LR 3b"):
        at_line(g, "3", LINES_POLICY, round_name=name)
        assert line3_lays(g, "E17", "brown") == [], name
        assert not [e for e in g.legal_actions(seat(g)) if e.get("tile") == "L17"], name
        err = refused(g, {"type": "lay_tile", "hex": "E17", "tile": "L17", "rotation": 4})
        assert err.rule == "1840 IX.5" and "LR 4a" in err.message
    at_line(g, "3", LINES_POLICY, round_name="LR 4a")
    brown = line3_lays(g, "E17", "brown")
    assert brown and {t for t, _ in brown} == {"L17"}
    lay(g, "E17", *brown[0])
    at_line(g, "3", LINES_POLICY, round_name="LR 4b")
    assert line3_lays(g, "E17", "gray") == []
    err = refused(g, {"type": "lay_tile", "hex": "E17", "tile": "L18", "rotation": 0})
    assert err.rule == "1840 IX.5" and "LR 5a" in err.message
    at_line(g, "3", LINES_POLICY, round_name="LR 5a")
    gray = line3_lays(g, "E17", "gray")
    assert gray and {t for t, _ in gray} == {"L18"}
    lay(g, "E17", *gray[0])
    assert world(g).map.tile("E17")[0].name == "L18"


def test_ix6_station_markers_cost_0_20_40_60_80_100() -> None:
    # IX.6: "Die Kosten eines Stationsmarker ... betragen 0 (Startstation), 20, 40, 60, 80
    # und 100 Gulden"; "Jede Linie besitzt 6 Stationsmarker"; one marker a turn (the first
    # turn: the home marker and one more). Line 3 (SJE) builds E17 -> E15 -> F14, then
    # E17 green towards E19 (red bonus) -> F20 -> F22, one marker a turn.
    g = lines_game("3")
    w = world(g)
    paid: list[int] = []

    def marker(coord: str) -> None:
        before = cash(g, "SJE")
        act(g, {"type": "place_token", "hex": coord, "city": 0})
        paid.append(before - cash(g, "SJE"))

    lay(g, "E17", "235", 1)  # its city towards E15
    marker("E17")  # the home marker, chosen again on the first tile (V19)
    stadtbahn_tile_on(g, "B16")  # G's end: an extra yellow tile ...
    lay(g, "E15", "6", 4)  # ... E15, joined to E17
    marker("E15")
    act(g, {"type": "run"})
    at_line(g, "3", LINES_POLICY, round_name="LR 1b")
    lay(g, "F14", "57", 0)
    marker("F14")
    act(g, {"type": "run"})
    at_line(g, "3", LINES_POLICY, round_name="LR 2a")
    lay(g, "E17", "8859", 1)  # the Line's city now also faces E19
    stadtbahn_tile_on(g, "I3")  # W's end: a red inner-city tile
    lay(g, "E19", "L20", 2)
    marker("E19")
    act(g, {"type": "run"})
    at_line(g, "3", LINES_POLICY, round_name="LR 2b")
    lay(g, "F20", "6", 2)
    marker("F20")
    act(g, {"type": "run"})
    at_line(g, "3", LINES_POLICY, round_name="LR 3a")
    lay(g, "F22", "6", 1)
    marker("F22")
    assert paid == [0, 20, 40, 60, 80, 100]
    assert w.lines["3"].tokens_used == 6 == len(w.map.corp_tokens("3"))
    assert not [e for e in g.legal_actions(seat(g)) if e["type"] == "place_token"]


def stadtbahn_tile_on(g: Game, coord: str) -> None:
    """The acting Line lays the first legal yellow Stadtbahn tile on orange hex `coord`."""
    e = next(e for e in g.legal_actions(seat(g)) if e["type"] == "lay_tile" and e["hex"] == coord)
    lay(g, coord, e["tile"], e["rotation"])


@pytest.mark.parametrize("profile", PROFILES)
def test_i_two_l16_on_the_map_only_in_the_rulebook(profile: str) -> None:
    # The fuzzer's invariants count the tiles against the profile's component list.
    w = world(game(4, profile=profile))
    for coord in ("D22", "E23"):  # two straight Stadtbahn city hexes
        w.map.lay(coord, b.tiles()["L16"], 0)
    broken = tiles_errors(w)
    assert broken == ([] if profile == "rulebook" else ["tiles: 2 x L16 on the map, 1 exist"])
