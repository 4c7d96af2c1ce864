"""Hidden information (rules digest §2): a view shows only what its viewer may see."""

import json

from pygame_core import new_game

from .helpers import act, game, rig_hand, st


def _text(view: object) -> str:
    return json.dumps(view)


def test_own_hand_visible_opponent_hand_hidden() -> None:
    g = game(3)
    s = st(g)
    mine, theirs = g.view(0)["seats"]
    assert sorted(mine["hand"]) == sorted(s.seats[0].hand)
    assert theirs["hand"] is None and theirs["hand_count"] == 6
    spectator = g.view(None)
    assert all(seat["hand"] is None for seat in spectator["seats"])


def test_money_faces_hidden_from_everyone_including_the_owner() -> None:
    # "Die Vorderseiten dürfen dabei nicht angesehen werden."
    g = game(3)
    for viewer in (0, 1, None):
        seats = g.view(viewer)["seats"]
        assert [seat["money_count"] for seat in seats] == [12, 15]
        assert all("money" not in seat for seat in seats)


def test_no_view_leaks_pile_order_rng_or_seed() -> None:
    g = game(3)
    s = st(g)
    for viewer in (0, 1, None):
        view = g.view(viewer)
        assert view["draw_count"] == len(s.draw)
        text = _text(view)
        assert (
            "rng" not in view
            and "seed" not in text
            and "draw" not in {k for k in view if k != "draw_count"}
        )
        # The opponent's hand, as a multiset, does not appear in the view's card lists.
        other = 1 - viewer if viewer is not None else 0
        assert view["seats"][other]["hand"] is None


def test_income_log_hides_the_card_from_the_opponent() -> None:
    g = game()
    rig_hand(g, 0, ["Y1", "B7", "B3", "G5", "R1", "R2"])
    act(g, 0, type="passenger", card="Y1")
    act(g, 0, type="income", card="B7")
    own = [e["text"] for e in g.log_for(0)]
    other = [e["text"] for e in g.log_for(1)]
    assert "Anna puts B7 on the money pile" in own
    assert not any("B7" in t for t in other)
    assert "Anna puts a card on the money pile" in other


def test_drawn_cards_are_logged_only_for_the_drawer() -> None:
    g = new_game("trambahn", ["Anna", "Ben"], {}, 11)
    hand = list(st(g).seats[0].hand)
    g.apply(
        {"type": "passenger", "card": hand[0], "row": "B"}
        if hand[0] == "C"
        else {"type": "passenger", "card": hand[0]},
        0,
    )
    g.apply({"type": "end_turn"}, 0)
    drawn = st(g).seats[0].hand[-1]
    assert any(f"draws {drawn}" in e["text"] for e in g.log_for(0))
    assert any("draws 1 cards" in e["text"] for e in g.log_for(1))
    assert not any(f"draws {drawn}" in e["text"] for e in g.log_for(1))
    assert not any(f"draws {drawn}" in e["text"] for e in g.log_for(None))
