"""The one-line notation both ways (positions and actions), and short reprs that read back."""

from __future__ import annotations

import pytest

from malefiz.core.actions import PASS, ROLLS
from malefiz.core.errors import InvalidPositionError, NotationError
from malefiz.games.maedn.board import board
from malefiz.games.maedn.notation import format_position, parse_action, parse_position
from malefiz.games.maedn.rules import apply, legal_actions, new_game
from malefiz.games.maedn.state import Move, move, seating

POSITIONS = [
    "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B y?",
    "maedn cross y:0,17,B,B r:25,B,B,B r4",
    "maedn star y:3,20,B,B k:47,B,B,B y4 +forced",
    "maedn cross y:15,B,B,B g:B,B,B,B r:38,B,B,B k:B,B,B,B seats:yr,gk y3",
    "maedn cross y:5,B,B,B g:B,B,B,B r:B,B,B,B k:0,B,B,B neutral:k y3",
    "maedn cross y:B,B,B,B r:5,B,B,B y?/2 +three",
    "maedn cross y:40,41,42,43 g:40,41,42,43 r:5,B,B,B finished:y,g g*",
    "maedn cross y:7,10,10,B r:B,B,B,B y5 +back +three +nojump +barriers +forced",
    "maedn star y:0,B,B,B b:0,B,B,B g:0,B,B,B seats:b,g,y b?",
]


@pytest.mark.parametrize("text", POSITIONS)
def test_notation_round_trips(text: str) -> None:
    s = parse_position(text)
    assert format_position(s) == str(s) == text
    assert parse_position(str(s)) == s


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected maedn"),
        ("cross y:0,B,B,B r:0,B,B,B y?", "expected maedn"),
        ("maedn hex y:0,B,B,B r:0,B,B,B y?", "unknown board 'hex'"),
        ("maedn cross x:0,B,B,B r:0,B,B,B y?", "'x' is no colour letter"),
        ("maedn cross y:0,Q,B,B r:0,B,B,B y?", "Cannot read yellow's pieces"),
        ("maedn cross y:0,B,B,B y:0,B,B,B y?", "given twice"),
        ("maedn cross y:0,B,B,B r:0,B,B,B", "Cannot read turn 'r:0,B,B,B'|missing the turn"),
        ("maedn cross y:0,B,B,B r:0,B,B,B y7", "Cannot read turn 'y7'"),
        ("maedn cross y:0,B,B,B r:0,B,B,B y? +six", "Cannot read option '\\+six'"),
        ("maedn cross y:0,B,B,B r:0,B,B,B who:y y?", "Cannot read 'who:y'"),
        ("maedn cross y:0,B,B,B r:0,B,B,B seats:yx y?", "'x' is no colour letter"),
    ],
)
def test_unreadable_notation(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_position(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("maedn cross y:0,B,B r:0,B,B,B y?", r"Every colour has 4 pieces, yellow has 3 \(pieces.yellow\)"),
        ("maedn cross y:0,B,B,B r:0,B,B,B g?", "Turn: green is not one of the players yellow, red"),
        ("maedn cross y:0,B,B,B b:0,B,B,B y?", r"The cross board has no blue \(pieces.blue\)"),
        ("maedn cross y:0,B,B,B r:0,B,B,B y?/4 +three", "Attempt: expected 1 to 3"),
        (
            "maedn cross y:0,B,B,B r:20,B,B,B y?",
            "A red piece on place 20 stands on the field of a yellow piece on place 0 \\(pieces.red\\[0\\]\\)",
        ),
        ("maedn cross y:44,B,B,B r:0,B,B,B y?", "A yellow piece stands on place 44, which is off the cross board"),
        ("maedn star y:0,B,B,B k:0,B,B,B seats:yk y?", "two colours per player only"),
    ],
)
def test_impossible_positions_in_notation(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        parse_position(text)


def test_actions_in_notation() -> None:
    assert parse_action("d4") is ROLLS[3]
    assert parse_action("pass") is PASS
    assert parse_action("y:B-0") is move("yellow", -1, 0)
    assert parse_action(" k:15-18 ") == Move("black", 15, 18)
    for a in [ROLLS[0], PASS, move("purple", 47, 51), move("blue", -1, 0), move("green", 12, 9)]:
        assert parse_action(str(a)) == a
    for bad in ["d7", "d0", "x:1-2", "y:1", "y:B-B", "y:1-2-3", "", "roll"]:
        with pytest.raises(NotationError, match="Cannot read action"):
            parse_action(bad)


# Hardened input (issue 16, point 7).


@pytest.mark.parametrize(
    "text",
    [
        "maedn cross y:\u0660,B,B,B r:B,B,B,B y?",
        "maedn cross y:0,B,B,B r:B,B,B,B y\u0663",
        "maedn cross y:B,B,B,B r:5,B,B,B y?/\u0662 +three",
        "maedn cross y:\uff10,B,B,B r:B,B,B,B y?",
    ],
)
def test_notation_takes_ascii_digits_only(text: str) -> None:
    with pytest.raises(NotationError):
        parse_position(text)


@pytest.mark.parametrize("text", ["y:B-\u0660", "y:\u0661\u0665-\u0661\u0668", "y:15-1\uff18"])
def test_actions_take_ascii_digits_only(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


# Python values


SCOPE = {"parse_position": parse_position, "parse_action": parse_action, "seating": seating, "board": board}


def test_the_repr_of_a_start_state_is_short_and_shows_the_notation() -> None:
    for state in (new_game("cross", 4), new_game("star", 6), new_game("cross", 2, two_colours=True)):
        text = repr(state)
        assert len(text) < 300 and str(state) in text
        assert text == f"parse_position({str(state)!r})"
        assert eval(text, SCOPE) == state
    assert repr(new_game("cross", 2)) == "parse_position('maedn cross y:0,B,B,B r:0,B,B,B y?')"


@pytest.mark.parametrize("text", POSITIONS)
def test_reprs_read_back(text: str) -> None:
    state = parse_position(text)
    assert eval(repr(state), SCOPE) == state
    assert eval(repr(state.seating), SCOPE) == state.seating
    for action in legal_actions(state):
        if isinstance(action, Move):
            assert eval(repr(action), SCOPE) == action


def test_the_repr_of_a_move_and_a_seating() -> None:
    assert repr(move("yellow", -1, 0)) == "parse_action('y:B-0')"
    assert repr(legal_actions(apply(new_game("cross", 2), ROLLS[2]))) == "[parse_action('y:0-3')]"
    neutral = new_game("cross", 3, neutral=True).seating
    assert repr(neutral) == "seating(board('cross'), (('yellow',), ('green',), ('red',)), 'black')"
    assert eval(repr(neutral), SCOPE) == neutral
