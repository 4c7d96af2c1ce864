"""XI Spielende, XII Drei Spieler (the reduced board), XIII Zwei Spieler (the overlay).
Rulebook profile unless a test says otherwise."""

from __future__ import annotations

import pytest

from pygame_core import EngineError, Game, new_game
from pygame_core.g18xx.shares import POOL

from .helpers import NAMES, act, advance, cr_step, game, label, negative_game, world


def play_out(g: Game) -> None:
    advance(g, lambda g: g.active is None, limit=5000)


def test_the_game_ends_after_cr6_which_buys_nothing_and_auctions_nothing() -> None:
    # XI: "Das Spiel endet am Ende der CR6"; VIII.6: the Line auction "wird in der letzten
    # CR ... ausgelassen" (V26: no trams either); VIII.5.2: Stadtbahn payouts x10.
    g = game(2)
    play_out(g)
    w = world(g)
    assert g.active is None and w.over and label(g) == "End"
    assert [h["round"] for h in w.history][-3:] == ["LR 5b", "LR 5c", "CR 6"]
    start = max(i for i, e in enumerate(g.log) if e["text"] == "Company Round 6")
    cr6 = [e["text"] for e in g.log[start:]]
    assert not [t for t in cr6 if " buys " in t or "auction" in t]
    assert any(t.startswith("D runs") and "x10: pays 700" in t for t in cr6)
    assert cr6[-1] == "The game ends after Company Round 6"
    with pytest.raises(EngineError) as err:
        g.apply({"type": "pass"}, 0)
    assert err.value.kind == "game_over"
    assert g.legal_actions(0) == [] and g.legal_actions(1) == []


def test_final_value_is_cash_plus_shares_less_200_per_loan_without_privates() -> None:
    # XI: "Alle Spieler zählen ihr Bargeld und addieren den aktuellen Wert ihrer Aktien.
    # Für jeden Kredit werden 200 Gulden abgezogen"; "Gesellschaftsvermögen ... hat für den
    # Spielausgang keine Bedeutung" (V28: privates not counted; sell them first).
    loss = negative_game()  # Line 3 keeps its yellow tram: costly once pink is bought
    g = loss.g
    w = world(g)
    third = [m for m in w.majors if m != loss.major][-1]
    advance(g, lambda g: cr_step(g) == ("trams", third), loss.policy)
    act(g, {"type": "buy_tram", "tram": "Pi1"})
    play_out(g)
    result = g.result()
    assert result is not None
    assert w.loans.count(f"p{loss.director}") >= 1
    assert any(w.privates_of(f"p{s}") for s in range(3))  # privates still held: ignored
    for s in range(3):
        holder = f"p{s}"
        shares = sum(w.market.price(c) * w.shares.percent(holder, c) // 10 for c in w.companies())
        expected = w.money.cash(holder) + shares - 200 * w.loans.count(holder)
        assert result["scores"][s] == expected
        assert result["details"][s] == {
            "cash": w.money.cash(holder),
            "shares": shares,
            "privates": 0,
            "loans": w.loans.count(holder),
            "loan_penalty": 200 * w.loans.count(holder),
            "total": expected,
        }
    ranking = sorted(range(3), key=lambda s: (-result["scores"][s], s))
    assert result["ranking"] == ranking
    top = result["scores"][ranking[0]]
    if result["scores"].count(top) == 1:
        assert result["winner"] == ranking[0] and result["tied"] == []


def test_directors_certificate_counts_five_shares_at_the_end() -> None:
    # XI "den aktuellen Wert ihrer Aktien"; IV.1.2 "Die Direktoraktie entspricht immer 5
    # Anteilen".
    g = game(2)
    play_out(g)
    w = world(g)
    for s in range(2):
        major = w.major_of(s)
        assert major is not None
        assert w.shares.percent(f"p{s}", major) == 50
        assert w.share_value(s) == 5 * w.market.price(major)
    assert all(w.shares.percent(POOL, m) == 50 for m in w.majors)


@pytest.mark.parametrize(
    ("players", "small", "variant", "removed_lines", "privates", "stadtbahn"),
    [
        # XIII: "die Linienkarten 8, 9, 10, 11, 12, 13, 14, 16 und 17", "alle Aktien und
        # Marker der Stadtbahnlinie V", "die Privatpapiere ,Prater' and ,Schönbrunn'".
        (
            2,
            False,
            "two_player",
            {"8", "9", "10", "11", "12", "13", "14", "16", "17"},
            ["KK", "SB", "HB", "SD"],
            ["W", "G", "D"],
        ),
        # XII: "die Linienkarten 9, 10, 13, 14, 16 und 17", "alle Aktien und Marker der
        # Stadtbahnlinie V", "das Privatpapier ,Prater'".
        (
            3,
            True,
            "three_player_small",
            {"9", "10", "13", "14", "16", "17"},
            ["KK", "SB", "HB", "SD", "SSB"],
            ["W", "G", "D"],
        ),
        (3, False, "standard", set(), ["PR", "KK", "SB", "HB", "SD", "SSB"], ["W", "V", "G", "D"]),
    ],
)
def test_small_boards_remove_lines_privates_and_v(
    players: int,
    small: bool,
    variant: str,
    removed_lines: set[str],
    privates: list[str],
    stadtbahn: list[str],
) -> None:
    g = game(players, small=small)
    w = world(g)
    view = g.view(None)
    assert view["variant"] == variant
    assert set(w.lines) == {str(n) for n in range(1, 19)} - removed_lines
    assert list(view["privates"]) == privates
    assert list(view["stadtbahn"]) == stadtbahn
    assert ("V" in w.shares.certs) == ("V" in stadtbahn)
    assert len(w.map.corp_tokens("V")) == (6 if "V" in stadtbahn else 0)
    # Line cards revealed at the start (III.5): players + 1 of those in play, never Line 2.
    assert len(w.offer) == players + 1 and "2" not in w.offer
    assert not set(w.offer) & removed_lines and not set(w.deck.cards) & removed_lines
    assert len(w.offer) + len(w.deck.cards) == 18 - len(removed_lines)
    # Tabelle 1: trams by player count (the small board uses the 3-player column).
    counts = {t: len(ids) for t, ids in w.depot.stock.items()}
    assert counts == (
        {"Y1": 2, "O1": 3, "R1": 3, "Pi1": 3, "Pu1": 3}
        if players == 2
        else {"Y1": 4, "O1": 4, "R1": 4, "Pi1": 4, "Pu1": 4}
    )


def test_two_player_overlay_moves_ws_start_to_i11() -> None:
    # XIII (report (b)26): W's line is shortened; its start marker is on I11's second city.
    w = world(game(2))
    assert sorted(w.map.corp_tokens("W")) == [("F24", 1), ("I11", 1), ("I15", 0)]
    w3 = world(game(3))
    assert sorted(w3.map.corp_tokens("W")) == [("F24", 1), ("I1", 0), ("I15", 0), ("I9", 0)]


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_the_reduced_board_is_for_three_players_only(players: int) -> None:
    # XII: "empfehlen wir für 3 Spieler den reduzierten Spielplan".
    with pytest.raises(EngineError) as err:
        new_game("1840", list(NAMES[:players]), {"three_player_small": True}, 0)
    assert err.value.kind == "invalid" and err.value.rule == "1840 XII"


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    # II: "für 2 bis 6 Personen".
    with pytest.raises(EngineError) as err:
        new_game("1840", [f"P{i}" for i in range(players)], {}, 0)
    assert err.value.rule == "1840 II"
