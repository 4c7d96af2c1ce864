"""1840's setup data and draw (German rulebook, seed 002: III.5 Aufbau, IV.1.2, IV.1.3,
VII.5, VIII.7, XII, XIII), and the 18xx.games profile against the recorded 2-player game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pygame_core.g1840 import board as g1840
from pygame_core.g1840.entities import (
    entities,
    round_track,
    stadtbahn_multiplier,
    tram_counts,
    trams,
    variant_for,
)
from pygame_core.g1840.setup import PROFILES, RULEBOOK, SITE, LineDeck, lines_in_play, setup_draw
from pygame_core.g1840.site_rng import SiteRng

from .fixture import effective_actions

DATA = Path(__file__).parent / "data"
REF: dict[str, Any] = json.loads((DATA / "reference.json").read_text())
SIX_MAJORS = ("WT", "DT K&C", "SJE", "BBG", "WKB", "GWStStB")
CASES = [(p, small) for p in range(2, 7) for small in (False, True) if not small or p == 3]


# --- data ------------------------------------------------------------------------------


def test_sources_are_noted() -> None:
    for name in ("entities.json", "trams.json", "rounds.json"):
        text = (Path(g1840.__file__).parent / "data" / name).read_text()
        assert "111f7f698005a057d68877682486da3f1705e551" in json.loads(text)["_source"]


def test_companies_lines_and_sights() -> None:
    data = entities()
    # IV.1.2 Tabelle 2: six tram companies; IV.1.3 Tabelle 3: W 95, V 85, G 75, D 65.
    assert tuple(data["majors"]) == SIX_MAJORS
    assert data["major_par_prices"] == [70, 80, 90, 100]  # IV.1.2 "70, 80, 90, 100"
    assert {s: c["par"] for s, c in data["stadtbahn"].items()} == {
        "W": 95,
        "V": 85,
        "G": 75,
        "D": 65,
    }
    # III.5: "3 Marker für Linie G, 4 für D und W, 6 Marker für V".
    counts = {s: c["token_count"] for s, c in data["stadtbahn"].items()}
    assert counts == {"W": 4, "V": 6, "G": 3, "D": 4}
    for sym, c in data["stadtbahn"].items():
        assert len(c["tokens"]["standard"]) == counts[sym]
    # IV.3: Lines numbered 1 to 18; six station markers 0/20/40/60/80/100 (IX.6).
    assert list(data["lines"]) == [str(i) for i in range(1, 19)]
    assert data["line_token_costs"] == [0, 20, 40, 60, 80, 100]
    # IV.2: six sights, face values 10..60, revenue half the face value.
    assert [c["face_value"] for c in data["privates"].values()] == [10, 20, 30, 40, 50, 60]
    assert all(c["revenue"] * 2 == c["face_value"] for c in data["privates"].values())
    # III.3 Startkapital: 350 / 300 / 260 / 230 / 200.
    assert [data["starting_cash"][str(p)] for p in range(2, 7)] == [350, 300, 260, 230, 200]


def test_trams_per_player_count_and_purchase_field() -> None:
    # III.5 Tabelle 1: yellow 2/4/6/8/10, every other colour 3/4/5/6/7.
    for players, yellow in zip(range(2, 7), (2, 4, 6, 8, 10), strict=True):
        assert tram_counts(players) == {
            "Y1": yellow,
            "O1": players + 1,
            "R1": players + 1,
            "Pi1": players + 1,
            "Pu1": players + 1,
        }
    # The purchase fields ("Leiste oberhalb", VIII.5.3): the price falls by field.
    prices = {t: list(v["prices"].values()) for t, v in trams()["types"].items()}
    assert prices == {
        "Y1": [100, 50],
        "O1": [300, 200, 100],
        "R1": [500, 400, 300],
        "Pi1": [600, 500, 400],
        "Pu1": [800, 600],
    }
    offered = trams()["buyable_by_company_round"]
    assert [len(offered[f"CR{n}"]) for n in range(1, 7)] == [2, 3, 3, 3, 2, 0]
    with pytest.raises(ValueError):
        tram_counts(7)


def test_round_track_order_and_multipliers() -> None:
    # V and the round track on the board: Pre, SR1, CR1, LR1a/b, then CR, SR, LRs; five
    # sets, the last with three LRs; CR6 ends the game. Stadtbahn payouts x1 x1 x1 x2 x3 x10.
    names = [r["type"] + r.get("name", "") for r in round_track()]
    assert names == [
        "PRE",
        "SR1",
        "CR1",
        "LR1a",
        "LR1b",
        "CR2",
        "SR2",
        "LR2a",
        "LR2b",
        "CR3",
        "SR3",
        "LR3a",
        "LR3b",
        "CR4",
        "SR4",
        "LR4a",
        "LR4b",
        "CR5",
        "SR5",
        "LR5a",
        "LR5b",
        "LR5c",
        "CR6",
        "End",
    ]
    assert [stadtbahn_multiplier(n) for n in range(1, 7)] == [1, 1, 1, 2, 3, 10]
    with pytest.raises(KeyError):
        stadtbahn_multiplier(7)


# --- setup draw, both profiles ---------------------------------------------------------


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("players", "small"), CASES)
def test_setup_for_every_player_count(profile: str, players: int, small: bool) -> None:
    for seed in (1, 133875, 2124318788, 2**40 + 7):
        s = setup_draw(seed, players, profile, three_player_small=small)
        assert s.variant == variant_for(players, small)
        # III.5: card 2 set aside, players + 1 revealed, then 2 goes into the stack.
        assert len(s.lines_revealed) == players + 1 == len(set(s.lines_revealed))
        assert "2" not in s.lines_revealed and "2" in s.deck.cards
        assert sorted(s.lines_revealed + s.deck.cards, key=int) == list(lines_in_play(s.variant))
        # IV.1.2 "nur so viele Straßenbahngesellschaften wie Spieler": 18xx.games draws
        # them; by the rulebook all six are offered and the players choose (VII.5).
        if profile == SITE:
            assert len(s.majors) == players == len(set(s.majors))
            assert set(s.majors) <= set(SIX_MAJORS)
        else:
            assert s.majors == SIX_MAJORS
        assert s.trams == tram_counts(players)
        assert s.starting_cash == entities()["starting_cash"][str(players)]


@pytest.mark.parametrize(("players", "small", "lines", "privates", "companies"), [
    (2, False, 9, 4, "WGD"),  # XIII: Lines 8-14, 16, 17, V, Prater and Schönbrunn out
    (3, True, 12, 5, "WGD"),  # XII: Lines 9, 10, 13, 14, 16, 17, V, Prater out
    (3, False, 18, 6, "WVGD"),
    (6, False, 18, 6, "WVGD"),
])  # fmt: skip
def test_small_maps_eliminate_cards(
    players: int, small: bool, lines: int, privates: int, companies: str
) -> None:
    s = setup_draw(5, players, three_player_small=small)
    assert len(s.lines_revealed) + len(s.deck.cards) == lines
    assert len(s.privates) == privates
    assert "".join(s.stadtbahn) == companies


@pytest.mark.parametrize(("players", "small"), CASES)
def test_stadtbahn_tokens_are_the_maps_printed_tokens(players: int, small: bool) -> None:
    # III.5: par markers on the marked cells, tokens on the marked stations; the board's
    # initial state (from the printed hexes) must hold exactly these tokens.
    s = setup_draw(1, players, three_player_small=small)
    state = g1840.initial_state(s.variant)
    on_map = sorted(
        (corp, coord, int(part))
        for coord, h in g1840.hex_data(s.variant).items()
        for part, slots in h.get("tokens", {}).items()
        for corp in slots
        if corp is not None
    )
    ours = sorted((c, h, p) for c, sb in s.stadtbahn.items() for h, p in sb.tokens)
    assert ours == on_map
    for corp, coord, part in ours:
        assert corp in state.slots(coord, part)


def test_two_player_stadtbahn_tokens() -> None:
    # XIII / report (a): in 2-player games W starts on I11 (city 1) instead of I1 and I9.
    s = setup_draw(1, 2)
    assert s.stadtbahn["W"].tokens == (("I11", 1), ("I15", 0), ("F24", 1))
    assert s.stadtbahn["G"].tokens == (("A17", 0), ("D12", 0), ("I11", 0))
    assert "V" not in s.stadtbahn
    standard = setup_draw(1, 4).stadtbahn["W"].tokens
    assert standard == (("I1", 0), ("I9", 0), ("I15", 0), ("F24", 1))


def test_draw_is_reproducible_and_depends_on_the_seed() -> None:
    for profile in PROFILES:
        assert setup_draw(42, 4, profile) == setup_draw(42, 4, profile)
        draws = {setup_draw(seed, 4, profile).lines_revealed for seed in range(30)}
        assert len(draws) > 10


def test_rulebook_deck_reveals_from_the_top() -> None:
    # VIII.7: "ein Kärtchen mehr als Spieleranzahl aufgedeckt", from the stack.
    deck = setup_draw(3, 4).deck
    shown, rest = deck.reveal(5)
    assert shown == deck.cards[:5] and rest.cards == deck.cards[5:]
    shown, rest = LineDeck(RULEBOOK, ("7",), 0).reveal(5)
    assert shown == ("7",) and rest.cards == ()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError):
        setup_draw(1, 1)
    with pytest.raises(ValueError):
        setup_draw(1, 4, three_player_small=True)
    with pytest.raises(ValueError):
        setup_draw(1, 4, "tobymao")


# --- 18xx.games profile against the site ------------------------------------------------


def test_site_rng_is_the_documented_lcg() -> None:
    rng = SiteRng(2**31 + 5)  # state = seed mod 2^31
    assert rng.state == 5
    assert rng.rand() == (1103515245 * 5 + 12345) % 2**31
    assert SiteRng(0).rand() == 12345


@pytest.mark.parametrize("case", sorted(REF["setup_draws"]))
def test_site_profile_equals_the_engines_draws(case: str) -> None:
    # data.json rng.verified: the Ruby engine's draws for the seeds of both fixtures.
    seed, players = int(case.split()[1].rstrip(",")), int(case.split()[2])
    expected = REF["setup_draws"][case]
    s = setup_draw(seed, players, SITE)
    assert list(s.lines_revealed) == expected["initial_lines"]
    assert sorted(s.majors) == expected["majors"]
    restock, _ = s.deck.reveal(players + 1)
    assert sorted(restock, key=int) == sorted(expected["first_restock"], key=int)


def test_site_profile_sets_up_the_recorded_2_player_game() -> None:
    game = json.loads((DATA / "fixture_2player.json").read_text())
    players = len(game["players"])
    s = setup_draw(game["settings"]["seed"], players, SITE)
    actions = effective_actions(game["actions"])
    # VII.5: every player pars a major first; 18xx.games offers only the drawn ones.
    parred = {a["corporation"] for a in actions if a["type"] == "par"}
    assert parred == set(s.majors) == {"GWStStB", "WT"}
    # VIII.6: CR1's Line auctions (before the first tile lay) offer the revealed Lines.
    first_lay = next(i for i, a in enumerate(actions) if a["type"] == "lay_tile")
    cr1 = [a["corporation"] for a in actions[:first_lay] if a["type"] == "merge"]
    assert cr1 == ["4", "5"] and set(cr1) <= set(s.lines_revealed)
    # VIII.7: after CR1 players + 1 more are revealed; CR2 (up to SR2's first share
    # action) sold 18, left from the first reveal, and 2, from the second.
    sr2 = next(
        i
        for i, a in enumerate(actions)
        if i > first_lay and a["type"] == "buy_shares" and a["entity_type"] == "player"
    )
    cr2 = [a["corporation"] for a in actions[first_lay:sr2] if a["type"] == "merge"]
    restock1, deck = s.deck.reveal(players + 1)
    assert cr2 == ["18", "2"] and "2" in restock1
    assert set(cr2) <= set(s.lines_revealed) | set(restock1) - set(cr1)
    restock2, _ = deck.reveal(players + 1)
    merged = {a["corporation"] for a in actions if a["type"] == "merge"}
    assert merged <= set(s.lines_revealed) | set(restock1) | set(restock2)
