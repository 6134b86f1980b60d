"""The board data: the facts of the shared board files, pinned; and the names of its fields and pieces."""

from __future__ import annotations

import itertools

import pytest

from malefiz.core.errors import InvalidPositionError
from malefiz.games.maedn.board import (
    BOARD_NAMES,
    BOARDS,
    GOAL_FIELDS,
    Board,
    board,
    facing_steps,
    field_name,
    field_place,
    field_point,
    is_field,
    piece_at,
    piece_key,
    way,
)
from malefiz.games.maedn.notation import parse_position
from malefiz.games.maedn.rules import new_game
from malefiz.games.maedn.state import B, move


def test_board_names_and_colours() -> None:
    assert BOARD_NAMES == ("cross", "star")
    assert board("cross").colours == ("yellow", "green", "red", "black")
    assert board("star").colours == ("yellow", "black", "blue", "red", "green", "purple")
    with pytest.raises(InvalidPositionError, match="unknown board 'hex'"):
        board("hex")


@pytest.mark.parametrize(("name", "length", "arm"), [("cross", 40, 10), ("star", 48, 8)])
def test_track_length_and_a_fields(name: str, length: int, arm: int) -> None:
    b = board(name)
    assert b.track_length == length and b.arm_length == arm
    assert b.starts == tuple(range(0, length, arm))
    assert b.last_place == length + 3


def test_cross_neighbours_are_orthogonal() -> None:
    b = board("cross")
    track = b.track
    for i, (x, y) in enumerate(track):
        nx, ny = track[(i + 1) % len(track)]
        assert abs(nx - x) + abs(ny - y) == 1, f"track {i} {(x, y)} -> {(nx, ny)}"


def test_star_neighbours_are_at_most_one_step_apart_but_for_four_bridges() -> None:
    # The shared file's star has four places where consecutive track fields are two grid units apart
    # in a straight line (where the drawing's arms meet); everywhere else at most one step in x and y.
    b = board("star")
    track = b.track
    bridges = []
    for i, (x, y) in enumerate(track):
        nx, ny = track[(i + 1) % len(track)]
        step = max(abs(nx - x), abs(ny - y))
        assert step >= 1
        if step > 1:
            assert step == 2 and (nx == x or ny == y)
            bridges.append(i)
    assert bridges == [10, 23, 35, 46]


@pytest.mark.parametrize("b", BOARDS.values(), ids=BOARD_NAMES)
def test_every_coordinate_is_distinct_and_on_the_grid(b: Board) -> None:
    points = list(b.track) + [p for g in b.goals for p in g] + [p for w in b.b_fields for p in w]
    assert len(points) == len(set(points)) == b.track_length + len(b.colours) * 8
    assert all(0 <= x < b.width and 0 <= y < b.height for x, y in points)
    assert all(len(g) == GOAL_FIELDS for g in b.goals) and all(len(w) == 4 for w in b.b_fields)


@pytest.mark.parametrize(("b", "steps"), [(board("cross"), 43), (board("star"), 51)], ids=BOARD_NAMES)
def test_a_field_to_the_deepest_goal_field(b: Board, steps: int) -> None:
    for colour in b.colours:
        path = b.path(colour)
        assert len(path) - 1 == steps
        assert path[0] == b.track[b.starts[b.colour_index(colour)]]
        assert path[-1] == b.goals[b.colour_index(colour)][-1]
        # the goal joins the track: the last track field, a, b, c, d are neighbours in turn
        tail = path[b.track_length - 1 :]
        for (x, y), (nx, ny) in itertools.pairwise(tail):
            assert max(abs(nx - x), abs(ny - y)) == 1
        if b.name == "cross":
            for (x, y), (nx, ny) in itertools.pairwise(tail):
                assert abs(nx - x) + abs(ny - y) == 1


def test_points_of_places() -> None:
    b = board("cross")
    assert b.point("green", 0) == (6, 0)  # green's A field is track index 10
    assert b.point("green", 30) == b.track[0]
    assert b.point("green", 40) == (5, 1)  # goal a
    assert b.point("green", -1, 2) == (10, 1)  # third B field
    assert b.track_index("red", 25) == 5
    with pytest.raises(InvalidPositionError):
        b.point("green", 44)
    with pytest.raises(InvalidPositionError):
        b.track_index("blue", 0)


def test_piece_at_reads_a_piece_key_back_when_such_a_piece_stands_there() -> None:
    s = parse_position("maedn cross y:15,40,B,B r:0,B,B,B y?")
    assert piece_at(s, piece_key("yellow", 15)) == ("yellow", 15)
    assert piece_at(s, "y:40") == ("yellow", 40)
    assert piece_at(s, "y:B") == ("yellow", -1)
    assert piece_at(s, "r:B") == ("red", -1)
    for key in ("y:16", "g:0", "x:1", "y:b", "t15", "r:40"):
        assert piece_at(s, key) is None
    assert piece_at(parse_position("maedn cross y:0,1,2,3 r:0,B,B,B y?"), "y:B") is None


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_field_place_and_field_point_undo_field_name(name: str) -> None:
    b = board(name)
    for colour in b.colours:
        for place in range(-1, b.last_place + 1):
            key = field_name(b, colour, place)
            assert is_field(b, key)
            assert field_place(b, colour, key) == place
            assert field_point(b, key) == b.point(colour, place)
    assert field_point(b, field_name(b, "red", -1, 3)) == b.point("red", -1, 3)


def test_field_place_refuses_a_field_off_the_colours_way() -> None:
    cross = board("cross")
    for key in ("g:a", "g:B0", "t40", "x", ""):
        with pytest.raises(InvalidPositionError):
            field_place(cross, "yellow", key)
    with pytest.raises(InvalidPositionError):
        field_point(cross, "t40")


def test_field_name_scheme_and_errors() -> None:
    cross = board("cross")
    state = new_game("cross", 4)
    assert field_name(cross, "yellow", 0) == field_name(state, "yellow", 0) == "t0"
    assert field_name(state.seating, "green", 0) == "t10"
    assert field_name(cross, "green", 39) == "t9"  # the field before green's A field
    assert [field_name(cross, "black", p) for p in range(40, 44)] == ["k:a", "k:b", "k:c", "k:d"]
    assert field_name(cross, "red", B) == "r:B0" and field_name(cross, "red", B, 3) == "r:B3"
    assert field_name(board("star"), "purple", 1) == "t41"
    with pytest.raises(InvalidPositionError, match="beyond goal field d"):
        field_name(cross, "yellow", 44)
    with pytest.raises(InvalidPositionError, match="unknown colour 'blue'"):
        field_name(cross, "blue", 3)
    with pytest.raises(InvalidPositionError, match="B field 4"):
        field_name(cross, "red", B, 4)


def test_way_of_a_move() -> None:
    cross = board("cross")
    assert way(cross, move("green", 38, 41)) == ("t8", "t9", "g:a", "g:b")
    assert way(cross, move("yellow", B, 0)) == ("t0",)
    assert way(cross, move("red", 5, 2)) == ("t25", "t24", "t23", "t22")


def nearest_colour(b: Board) -> str:
    """The colour whose B fields' middle is lowest on the screen, the leftmost of those (worked out here anew)."""

    def middle(fields: tuple[tuple[int, int], ...]) -> tuple[float, float]:
        return sum(x for x, _ in fields) / len(fields), sum(y for _, y in fields) / len(fields)

    lowest = max(middle(f)[1] for f in b.b_fields)
    low = [i for i, f in enumerate(b.b_fields) if middle(f)[1] == lowest]
    return b.colours[min(low, key=lambda i: middle(b.b_fields[i])[0])]


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_turned_by_no_arm_or_all_arms_is_the_board(name: str) -> None:
    b = board(name)
    n = len(b.colours)
    assert b.turned(0) is b and b.turned(n) is b and b.turned(-n) is b
    assert b.turned(1) is b.turned(n + 1) and b.turned(-1) is b.turned(n - 1)  # shared values
    assert b.turned(1) != b and hash(b.turned(1)) == hash(b.turned(n + 1))
    assert b.turned(1).turned(n - 1) == b


@pytest.mark.parametrize("name", BOARD_NAMES)
@pytest.mark.parametrize("steps", range(1, 6))
def test_turned_moves_each_colour_onto_another_colours_fields(name: str, steps: int) -> None:
    b = board(name)
    turned = b.turned(steps)
    n = len(b.colours)
    assert (turned.name, turned.colours, turned.arm_length, turned.width, turned.height) == (
        b.name,
        b.colours,
        b.arm_length,
        b.width,
        b.height,
    )
    assert set(turned.track) == set(b.track)  # the same fields; only which colour sits on them moves
    for i, colour in enumerate(b.colours):
        other = b.colours[(i - steps) % n]
        assert turned.path(colour) == b.path(other)  # its A field, the track from there and its goal
        assert turned.b_fields[i] == b.b_fields[(i - steps) % n]


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_turned_keeps_the_neighbours_along_the_track(name: str) -> None:
    b = board(name)
    length = b.track_length

    def distances(track: tuple[tuple[int, int], ...]) -> list[int]:
        return [max(abs(x - u), abs(y - v)) for (x, y), (u, v) in zip(track, track[1:] + track[:1], strict=True)]

    for steps in range(len(b.colours)):
        turned = distances(b.turned(steps).track)
        shift = steps * b.arm_length
        assert turned == [distances(b.track)[(j - shift) % length] for j in range(length)]
        assert sorted(turned) == sorted(distances(b.track))


def test_the_nearest_seat_is_black_on_the_cross_and_yellow_on_the_star() -> None:
    assert nearest_colour(board("cross")) == "black" and nearest_colour(board("star")) == "yellow"


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_facing_steps_put_each_colour_on_the_nearest_seat(name: str) -> None:
    b = board(name)
    nearest = b.colour_index(nearest_colour(b))
    for i, colour in enumerate(b.colours):
        steps = facing_steps(b, colour)
        assert 0 <= steps < len(b.colours)
        turned = b.turned(steps)
        assert nearest_colour(turned) == colour
        assert turned.b_fields[i] == b.b_fields[nearest] and turned.goals[i] == b.goals[nearest]
        assert turned.track[b.starts[i]] == b.track[b.starts[nearest]]
    assert facing_steps(b, b.colours[nearest]) == 0
    with pytest.raises(InvalidPositionError, match="unknown colour"):
        facing_steps(b, "white")
