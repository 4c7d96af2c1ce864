"""Every malformed or illegal action is refused and leaves the state untouched."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

from pygame_core import EngineError, new_game

json_values = st_.recursive(
    st_.none()
    | st_.booleans()
    | st_.integers(-5, 200)
    | st_.text(max_size=4)
    | st_.sampled_from(["B3", "C", "R10", "Y", "H", "S", "E", "B", "passenger", "station"]),
    lambda inner: (
        st_.lists(inner, max_size=3) | st_.dictionaries(st_.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
actions = st_.fixed_dictionaries(
    {},
    optional={
        "type": st_.sampled_from(["passenger", "station", "income", "buy", "end_turn", "x"])
        | json_values,
        "card": st_.sampled_from(["B1", "B10", "C", "R7", "G3", "Y9", "Z1", "B0", "B11"])
        | json_values,
        "row": st_.sampled_from(["B", "R", "G", "Y", "X"]) | json_values,
        "column": st_.integers(-2, 5) | st_.none() | json_values,
        "tram": st_.sampled_from(["H", "S", "E", "X"]) | json_values,
        "extra": json_values,
    },
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st_.integers(0, 50), prefix=st_.integers(0, 40), action=actions, seat=st_.integers(-1, 2)
)
def test_bad_actions_are_refused_without_change(
    seed: int, prefix: int, action: dict[str, Any], seat: int
) -> None:
    g = new_game("trambahn", ["A", "B"], {}, seed)
    for _ in range(prefix):  # reach some mid-game position deterministically
        if g.active is None:
            break
        g.apply(g.legal_actions(g.active)[0], g.active)
    legal = g.legal_actions(seat) if seat in (0, 1) else []
    before, log_len, n = g.state_hash(), len(g.log), len(g.actions)
    if action in legal:
        g.apply(action, seat)  # a legal one must go through
        assert len(g.actions) == n + 1
        return
    try:
        g.apply(action, seat)
    except EngineError as exc:
        assert exc.message and exc.kind in {"invalid", "illegal", "not_your_turn", "game_over"}
    else:
        raise AssertionError(f"accepted an action not in the legal list: {action}")
    assert g.state_hash() == before and len(g.log) == log_len and len(g.actions) == n


def test_legal_list_matches_check_exactly() -> None:
    """Everything legal is accepted; a broad set of near-miss actions is refused."""
    g = new_game("trambahn", ["A", "B"], {}, 4)
    for _ in range(120):
        if g.active is None:
            break
        seat = g.active
        legal = g.legal_actions(seat)
        cards = ["C"] + [f"{line}{v}" for line in "BRGY" for v in range(1, 11)]
        columns: list[int | None] = [None, 0, 1, 2, 3, 4, 5]
        probes: list[dict[str, Any]] = [{"type": "end_turn"}]
        probes += [{"type": "passenger", "card": c} for c in cards]
        probes += [{"type": "passenger", "card": "C", "row": r} for r in "BRGY"]
        probes += [{"type": "station", "card": c, "column": k} for c in cards for k in columns]
        probes += [{"type": "income", "card": c} for c in cards]
        probes += [{"type": "buy", "tram": t, "column": k} for t in "HSE" for k in range(6)]
        for probe in probes:
            h = g.state_hash()
            try:
                g.state.check(probe, seat)
                accepted = True
            except EngineError:
                accepted = False
            assert g.state_hash() == h
            assert accepted == (probe in legal), probe
        g.apply(legal[len(legal) // 2], seat)
