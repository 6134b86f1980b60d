"""Board geometry: the facts the reference board pictures list."""

from __future__ import annotations

import pytest

from malefiz.core.errors import InvalidPositionError
from malefiz.games.malefiz.board import COLOURS, FOREST, HOUSE, board, field, location_name, xy


def test_classic_board_facts() -> None:
    b = board("classic")
    assert len(b.fields) == 112  # the goal included
    assert len(b.edges) == 121
    assert len(b.start_barricades) == 11
    assert sum(1 for f in b.fields if xy(f)[1] == 13) == 17
    assert all(b.distance[b.exits[c]] == 39 for c in COLOURS)
    assert b.goal == field(8, 0)
    assert b.pawns_per_player == 5


def test_classic_connections_are_grid_neighbours() -> None:
    b = board("classic")
    for a, c in b.edges:
        (ax, ay), (cx, cy) = xy(a), xy(c)
        assert abs(ax - cx) + abs(ay - cy) == 1


def test_classic_exits_are_above_the_houses_left_to_right() -> None:
    b = board("classic")
    assert [xy(b.exits[c]) for c in COLOURS] == [(2, 13), (6, 13), (10, 13), (14, 13)]


def test_fast_board_facts() -> None:
    b = board("fast")
    assert len(b.fields) == 60
    assert len(b.start_barricades) == 6
    assert b.pawns_per_player == 4
    assert all(b.start_distance(c) == 26 for c in COLOURS)
    assert b.forest_exit is not None and b.distance[b.forest_exit] + 1 == 20
    assert {xy(f) for f in b.rest_fields} == {
        (4, 2),
        (6, 2),
        (2, 4),
        (8, 4),
        (5, 5),
        (0, 7),
        (2, 7),
        (5, 7),
        (8, 7),
        (10, 7),
    }
    assert {xy(f)[1] for f in b.village} == {1, 2, 3}


def test_fast_board_is_not_the_grid() -> None:
    # (5,3) and (5,4) are grid neighbours but not connected on the printed board.
    b = board("fast")
    assert field(5, 4) not in b.neighbours[field(5, 3)]
    assert field(3, 7) in b.neighbours[field(3, 5)]  # a long connection past the forest row


def test_unknown_board_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="unknown board 'back'"):
        board("back")


def test_location_names() -> None:
    assert location_name(field(2, 13)) == "2.13"
    assert location_name(HOUSE) == "h"
    assert location_name(FOREST) == "f"


@pytest.mark.parametrize("name", ["classic", "fast"])
def test_every_field_reaches_the_goal(name: str) -> None:
    b = board(name)
    assert set(b.distance) == set(b.fields)


@pytest.mark.parametrize("name", ["classic", "fast"])
def test_routes_never_revisit_a_field(name: str) -> None:
    b = board(name)
    for start in b.fields:
        for steps in range(1, 7):
            for end, routes in b.reach(start, "red")[steps]:
                assert end != start
                for passed in routes:
                    assert not passed >> start & 1
                    assert not passed >> end & 1
                    assert bin(passed).count("1") == steps - 1
