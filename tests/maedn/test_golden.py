"""Golden counts ("perft"): the number of action sequences of each length from fixed positions.

Die rolls count as actions (six faces), a pass as one. The numbers pin the move
generator and the turn order: any change in the reading of the rules shows up
here first. Every number was cross-checked with the brute-force second reading in
tests/maedn/reference.py to the full depth; the test repeats that check to the
depths the slow reference manages in a moment.
"""

from __future__ import annotations

import pytest

from malefiz.games.maedn.document import to_json
from malefiz.games.maedn.game import MAEDN
from malefiz.games.maedn.rules import apply, legal_actions
from malefiz.games.maedn.state import State
from tests.maedn import reference
from tests.maedn.helpers import pos

START_TWO = [6, 6, 36, 36, 216, 216, 1296, 1296, 7776, 7981, 47886]
START_MANY = [6, 6, 36, 36, 216, 216, 1296, 1296, 7776, 7781, 46686]

CASES = [
    ("maedn cross y:0,B,B,B r:0,B,B,B y?", START_TWO),
    ("maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B y?", START_MANY),
    ("maedn star y:0,B,B,B r:0,B,B,B y?", START_TWO),
    ("maedn star y:0,B,B,B k:0,B,B,B b:0,B,B,B r:0,B,B,B g:0,B,B,B p:0,B,B,B y?", START_MANY),
    ("maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B seats:yr,gk y?", START_MANY),
    (
        "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B neutral:k y?",
        [6, 12, 72, 144, 864, 1723, 10338, 20566, 123396],
    ),
    (
        "maedn cross y:3,10,20,B g:2,8,B,B r:25,36,B,B k:0,14,B,B y?",
        [6, 16, 96, 183, 1098, 1878, 11268, 13169, 79014],
    ),
    (
        "maedn cross y:3,10,20,B g:2,8,8,B r:25,36,B,B k:0,14,B,B y? +back +three +nojump +barriers +forced",
        [6, 17, 102, 216, 1296, 2494, 14964, 18424, 110544],
    ),
    (
        "maedn star y:5,12,B,B k:3,20,B,B b:B,B,B,B r:30,44,B,B g:0,B,B,B p:38,49,50,B y?",
        [6, 11, 66, 117, 702, 751, 4506, 6931, 41586, 46567],
    ),
    (
        "maedn cross y:37,40,42,B g:15,15,B,B r:B,B,B,B k:0,6,B,B neutral:k y? +back +barriers",
        [6, 14, 84, 202, 1212, 2328, 13968, 33912],
    ),
]


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(apply(state, a), depth - 1) for a in legal_actions(state))


@pytest.mark.parametrize(("position", "counts"), CASES, ids=[c[0] for c in CASES])
def test_perft(position: str, counts: list[int]) -> None:
    state = pos(position)
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(("position", "counts"), CASES, ids=[c[0] for c in CASES])
def test_perft_agrees_with_the_reference(position: str, counts: list[int]) -> None:
    doc = to_json(pos(position))
    depth = max(d for d in range(1, len(counts) + 1) if counts[d - 1] <= 1300)
    assert reference.perft(doc, depth) == counts[depth - 1]


def test_the_start_positions_are_those_of_new_game() -> None:
    starts = [
        MAEDN.new_game("cross", 2),
        MAEDN.new_game("cross", 4),
        MAEDN.new_game("star", 2),
        MAEDN.new_game("star", 6),
        MAEDN.new_game("cross", 2, {"two_colours": True}),
        MAEDN.new_game("cross", 3, {"neutral": True}),
    ]
    assert [str(s) for s in starts] == [c[0] for c in CASES[:6]]
