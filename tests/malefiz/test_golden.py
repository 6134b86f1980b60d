"""Golden counts ("perft"): the number of action sequences of a given length from fixed positions.

Each sequence counts die rolls (six faces) as actions. The numbers pin the move
generator: any change in the rules' reading shows up here first. They were
cross-checked by the brute-force generator in tests/test_reference.py.
"""

from __future__ import annotations

import pytest

from malefiz.games.malefiz.rules import apply, legal_actions
from malefiz.games.malefiz.state import State
from tests.malefiz.helpers import CLASSIC_START, FAST_START, pos


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(apply(state, a), depth - 1) for a in legal_actions(state))


@pytest.mark.parametrize(
    ("position", "counts"),
    [
        (f"classic r:h,h,h,h,h y:h,h,h,h,h x:{CLASSIC_START} r?", [6, 12, 226, 1146, 4922, 53324]),
        (f"fast r:h,h,h,h g:h,h,h,h y:h,h,h,h b:h,h,h,h x:{FAST_START} r?", [6, 20, 120, 454, 2724, 10324]),
        (
            "classic r:9.1,8.3,8.5,11.11,15.13 g:12.7,12.8,11.9,12.9,13.9 y:5.1,4.9,3.11,7.11,14.11"
            " b:1.1,6.7,5.11,13.11,12.13 x:2.1,3.3,6.6,11.7,10.9,14.9,14.10,2.11,4.11,6.11,12.12 r?",
            [6, 86, 1108, 6723, 112891],
        ),
        (
            "fast r:4.2,7.2,7.7,h g:4.1,5.1,6.1,7.1 b:1.1,5.2,7.3,h x:3.1,8.1,3.2,5.3,6.3,8.3 r?",
            [6, 74, 532, 2502, 22493, 146682],
        ),
    ],
)
def test_perft(position: str, counts: list[int]) -> None:
    state = pos(position)
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts
