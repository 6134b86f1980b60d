"""Shared helpers for the tests: positions and actions written in notation."""

from __future__ import annotations

from malefiz.games.malefiz.notation import parse_action, parse_position
from malefiz.games.malefiz.rules import apply, legal_actions
from malefiz.games.malefiz.state import Phase, Roll, State

CLASSIC_START = "8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11"
"""The barricades of the classic board at the start, in notation."""

FAST_START = "5.1,5.2,4.3,6.3,3.4,7.4"
"""The barricades of the fast board at the start, in notation."""


def pos(text: str) -> State:
    """A position from one-line notation."""
    return parse_position(text)


def actions(state: State, start: str | None = None) -> set[str]:
    """The legal actions of ``state`` in notation; only moves from ``start`` when given."""
    found = {str(a) for a in legal_actions(state)}
    if start is not None:
        found = {a for a in found if a.startswith(start + "-")}
    return found


def play(state: State, *texts: str) -> State:
    """``state`` after the actions written in ``texts`` (each applied in turn)."""
    for text in texts:
        state = apply(state, parse_action(text))
    return state


def rolled(state: State, roll: int) -> State | None:
    """``state`` with the die showing ``roll`` if it waited for one; None unless a pawn must then move."""
    if state.phase is Phase.ROLL:
        state = apply(state, Roll(roll))
    return state if state.phase is Phase.MOVE else None
