"""Track graphs per gauge, and what a company reaches from its tokens (1840 IX.2, IX.4)."""

from __future__ import annotations

from pygame_core.g18xx.graph import TrackGraph
from pygame_core.g18xx.tiles import Gauge

from .helpers import board

# A row of hexes C3 - C5 - C7 - C9 (edge 4 east, edge 1 west).
ROW = {
    "C3": "town=revenue:10;path=a:4,b:_0",
    "C5": "city=revenue:20,slots:1;path=a:1,b:_0;path=a:_0,b:4",
    "C7": "town=revenue:10;path=a:1,b:_0;path=a:_0,b:4;path=a:5,b:_0,track:narrow",
    "C9": "city=revenue:30,slots:2;path=a:1,b:_0;path=a:_0,b:4",
}


def sigs(graph: TrackGraph, nodes: frozenset[int]) -> set[str]:
    return {graph.nodes[i].sig for i in nodes}


def test_links_join_neighbouring_stops_once() -> None:
    graph = TrackGraph(board(ROW))
    assert [n.sig for n in graph.nodes] == ["C3-0", "C5-0", "C7-0", "C9-0"]
    pairs = {(graph.nodes[lk.a].sig, graph.nodes[lk.b].sig, lk.hexes) for lk in graph.links}
    assert pairs == {
        ("C3-0", "C5-0", ("C3", "C5")),
        ("C5-0", "C7-0", ("C5", "C7")),
        ("C7-0", "C9-0", ("C7", "C9")),
    }
    # C9's track east and C7's narrow stub end in nothing: open ends only if a hex is there.
    assert graph.stubs == []


def test_gauges_are_separate_graphs() -> None:
    # 1840 IX.7: "Die strichlierten Stadtbahnlinien dürfen nicht benutzt werden".
    state = board({**ROW, "D8": "town=revenue:10;path=a:2,b:_0,track:narrow"})
    broad, narrow = TrackGraph(state, Gauge.BROAD), TrackGraph(state, Gauge.NARROW)
    assert "D8-0" not in broad.by_sig
    assert {n.sig for n in narrow.nodes} == {"C7-0", "D8-0"} and len(narrow.links) == 1


def test_track_through_stopless_hexes_is_one_link() -> None:
    # Like 1840's K11: printed track from edge to edge, here branching at edge 1.
    state = board(
        {
            "C3": "town=revenue:10;path=a:4,b:_0",
            "C5": ("red", "path=a:1,b:4;path=a:1,b:5"),
            "C7": "town=revenue:10;path=a:1,b:_0",
            "D6": "town=revenue:10;path=a:2,b:_0",
        }
    )
    graph = TrackGraph(state)
    links = {(graph.nodes[lk.a].sig, graph.nodes[lk.b].sig): lk for lk in graph.links}
    assert set(links) == {("C3-0", "C7-0"), ("C3-0", "D6-0")}
    a, b = links[("C3-0", "C7-0")], links[("C3-0", "D6-0")]
    assert a.hexes == ("C3", "C5", "C7") and b.hexes == ("C3", "C5", "D6")
    assert a.hexsides & b.hexsides  # both cross the C3|C5 hexside


def test_lanes_meet_mirrored() -> None:
    # 1840's K9/K11: two lanes share a hexside; lane i meets lane n-1-i across it
    # (validation.md item 9). Here K9's lane 0 ends in a city and lane 1 in a town.
    state = board(
        {
            "K9": (
                "red",
                "city=revenue:30;town=revenue:10;path=a:4,b:_0,a_lane:2.0;path=a:4,b:_1,a_lane:2.1",
            ),
            "K11": ("red", "path=a:1,b:2,a_lane:2.0;path=a:1,b:3,a_lane:2.1"),
            "J10": "town=revenue:10;path=a:5,b:_0",
            "J12": "town=revenue:10;path=a:0,b:_0",
        }
    )
    graph = TrackGraph(state)
    pairs = {(graph.nodes[lk.a].sig, graph.nodes[lk.b].sig) for lk in graph.links}
    assert pairs == {("K9-0", "J12-0"), ("K9-1", "J10-0")}
    first, second = graph.links
    assert not first.hexsides & second.hexsides  # different lanes: different track


def test_parallel_lanes_into_a_terminal_city() -> None:
    state = board(
        {
            "K9": ("red", "city=slots:2,revenue:30;path=a:4,b:_0,lanes:2,terminal:1"),
            "K11": ("red", "path=a:1,b:2,a_lane:2.0;path=a:1,b:3,a_lane:2.1"),
            "J10": "town=revenue:10;path=a:5,b:_0",
            "J12": "town=revenue:10;path=a:0,b:_0",
        }
    )
    graph = TrackGraph(state)
    assert sorted(lk.hexes for lk in graph.links) == [("K9", "K11", "J10"), ("K9", "K11", "J12")]
    assert all(lk.terminal_at(graph.by_sig["K9-0"]) for lk in graph.links)


def test_reach_stops_at_blocked_cities_and_terminals() -> None:
    # IX.4/IX.6: what a Line reaches may not pass a city full of other tokens.
    state = board({**ROW, "C11": "town=revenue:10;path=a:1,b:_0"})
    state.place_token("C5", 0, "A")  # full: blocks B
    state.place_token("C9", 0, "B")
    graph = TrackGraph(state)
    reach_b = graph.reach("B")
    assert sigs(graph, reach_b.nodes) == {"C9-0", "C11-0", "C7-0", "C5-0"}
    assert "C3" not in reach_b.hexes
    reach_a = graph.reach("A")
    assert sigs(graph, reach_a.nodes) == {"C3-0", "C5-0", "C7-0", "C9-0", "C11-0"}
    # A token in a blocked city is still a start: the company leaves it in any direction.
    state.place_token("C9", 0, "C")
    graph = TrackGraph(state)
    assert sigs(graph, graph.reach("B").nodes) >= {"C7-0", "C11-0"}


def test_open_ends_are_where_new_track_can_join() -> None:
    state = board({"C5": "city=revenue:20;path=a:1,b:_0;path=a:_0,b:4", "C3": "", "C7": ""})
    state.place_token("C5", 0, "A")
    graph = TrackGraph(state)
    assert graph.reach("A").open_ends == {("C5", 1), ("C5", 4)}


def test_unbuilt_stops_are_not_route_stops() -> None:
    from pygame_core.g18xx.board import Board, HexSpec, MapState
    from pygame_core.g18xx.tiles import parse_tile

    from .helpers import GRID

    d20 = parse_tile("D20", "offboard=revenue:yellow_0;path=a:1,b:_0", "red")
    d18 = parse_tile("D18", "city=revenue:20;path=a:4,b:_0", "white")
    state = MapState(
        Board(GRID, [HexSpec("D20", "red", d20, printed_stops=False), HexSpec("D18", "white", d18)])
    )
    graph = TrackGraph(state)
    assert not graph.node("D20-0").usable and graph.node("D18-0").usable


def test_a_new_graph_sees_the_tokens_and_tiles_placed_since() -> None:
    # Graphs of the same tiles share their track (a cache); each reads the tokens anew,
    # and a lay makes other track.
    from pygame_core.g18xx.tiles import parse_tile

    state = board({**ROW, "C11": ""})
    first = TrackGraph(state)
    state.place_token("C5", 0, "A")
    again = TrackGraph(state)
    assert first.node("C5-0").tokens == (None,) and again.node("C5-0").tokens == ("A",)
    assert again.links == first.links and "C11-0" not in again.by_sig
    state.lay("C11", parse_tile("T", "town=revenue:10;path=a:1,b:_0", "yellow"), 0)
    laid = TrackGraph(state)
    assert laid.node("C5-0").tokens == ("A",)
    assert ("C9", "C11") in {lk.hexes for lk in laid.links}
    assert "C11-0" not in first.by_sig and len(first.links) == 3
