"""The fast move generator against a brute-force one written straight from the rule text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from malefiz.games.malefiz.board import FOREST, HOUSE, Field
from malefiz.games.malefiz.rules import legal_actions
from malefiz.games.malefiz.state import Move, State
from tests.malefiz.helpers import rolled
from tests.malefiz.test_properties import positions


def reference_moves(state: State) -> set[tuple[Field, Field]]:
    """Walk every path of exactly ``roll`` steps, one field at a time (RULES.md 5-8)."""
    b = state.board
    assert state.roll is not None
    occupied = {f: c for c, pawns in zip(state.players, state.pawns, strict=True) for f in pawns if f >= 0}
    barricades = set(state.barricade_fields)
    found: set[tuple[Field, Field]] = set()

    def walk(start: Field, here: Field, left: int, visited: set[Field]) -> None:
        if left == 0:
            if here in b.rest_fields and here in occupied:
                return  # rest fields are safe and hold one pawn
            if state.options.protect_own_pawns and occupied.get(here) == state.current:
                return
            found.add((start, here))
            return
        if here in barricades and here != start:
            return  # a barricade may be ended on, never passed
        for n in b.neighbours[here]:
            if n not in visited:
                walk(start, n, left - 1, visited | {n})

    for start in set(state.pawns[state.turn]):
        if start == HOUSE:
            first = b.exits[state.current]
        elif start == FOREST:
            assert b.forest_exit is not None
            first = b.forest_exit
        else:
            walk(start, start, state.roll, {start})
            continue
        walk(start, first, state.roll - 1, {first})
    return found


@settings(max_examples=500, deadline=None)
@given(positions, st.integers(1, 6))
def test_generator_matches_the_brute_force_reading(state: State, roll: int) -> None:
    moving = rolled(state, roll)
    if moving is None:
        return
    state = moving
    fast = {(a.start, a.end) for a in legal_actions(state) if isinstance(a, Move)}
    assert fast == reference_moves(state)
