"""States, moves and seatings as Python values: short reprs that read back."""

from __future__ import annotations

import pytest

from malefiz.core.actions import ROLLS
from malefiz.games.maedn.board import board
from malefiz.games.maedn.rules import apply, legal_actions, new_game
from malefiz.games.maedn.state import Move, move, parse_action, parse_position, seating
from tests.maedn.test_document import POSITIONS

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
