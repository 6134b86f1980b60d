"""The reference bot ``felix`` (bench/reference_bots.py): legal, takes the goal, blocks the opponents."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent / "bench"))

from reference_bots import REFERENCE_BOTS, felix

from malefiz.games.malefiz.board import location_name
from malefiz.games.malefiz.rules import apply, legal_actions, new_game
from malefiz.games.malefiz.state import Move, Phase, Place, Roll
from tests.malefiz.helpers import CLASSIC_START, pos


def test_felix_is_listed() -> None:
    assert REFERENCE_BOTS["felix"] is felix


@pytest.mark.parametrize("board_name", ["classic", "fast"])
@pytest.mark.parametrize("players", [("red", "yellow"), ("red", "green", "yellow", "blue")])
def test_felix_plays_legal_actions_and_takes_the_goal(board_name: str, players: tuple[str, ...]) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        state = new_game(board_name, players)  # type: ignore[arg-type]
        for _ in range(3000):
            if state.is_over:
                break
            if state.phase is Phase.ROLL:
                state = apply(state, Roll(rng.randint(1, 6)))
                continue
            actions = legal_actions(state)
            action = felix(state, actions, rng)
            assert action in actions
            if any(isinstance(a, Move) and a.end == state.board.goal for a in actions):
                assert isinstance(action, Move) and action.end == state.board.goal
            state = apply(state, action)
        assert state.is_over


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Green's pawn on 6.11: the field in front of it, 6.10, scores 7 less a tenth of its distance.
        (f"classic r:8.11,h,h,h,h g:6.11,h,h,h,h x:{CLASSIC_START.replace('8.11,', '')} r!", "6.10"),
        # Green's pawn on 3.5 of the fast board: 4.5 is the next field towards the goal.
        ("fast r:5.3,h,h,h g:3.5,h,h,h x:5.1,5.2,4.3,3.4,7.4 r!", "4.5"),
    ],
)
def test_felix_puts_a_taken_barricade_in_front_of_an_opponent(text: str, expected: str) -> None:
    state = pos(text)
    for seed in range(10):
        action = felix(state, legal_actions(state), random.Random(seed))
        assert isinstance(action, Place)
        assert location_name(action.field) == expected
