"""Shared helpers for the Mensch ärgere Dich nicht tests: positions and actions written in notation."""

from __future__ import annotations

from malefiz.core.effects import NONE
from malefiz.games.maedn.board import field_name
from malefiz.games.maedn.notation import parse_action, parse_position
from malefiz.games.maedn.rules import apply, effects, legal_actions
from malefiz.games.maedn.state import Action, Move, State


def pos(text: str) -> State:
    """A position from one-line notation."""
    return parse_position(text)


def actions(state: State) -> set[str]:
    """The legal actions of ``state`` in notation."""
    return {str(a) for a in legal_actions(state)}


def play(state: State, *texts: str) -> State:
    """``state`` after the actions written in ``texts``, each applied in turn."""
    for text in texts:
        state = apply(state, parse_action(text))
    return state


def check_effects(before: State, action: Action, after: State) -> None:
    """The effects of ``action`` agree with what :func:`apply` made of ``before``."""
    found = effects(before, action)
    if not isinstance(action, Move):
        assert found is NONE
        return
    length = before.seating.length
    for colour in before.colours:
        waiting = before.pieces_of(colour).count(-1) - (action.colour == colour and action.start < 0)
        sent = sum(s.colour == colour for s in found.captured)
        assert after.pieces_of(colour).count(-1) - waiting == sent, (str(before), str(action), found)
    start = action.start if action.start >= 0 else 0
    assert found.route[0] == field_name(before, action.colour, start)
    assert found.route[-1] == field_name(before, action.colour, action.end)
    assert found.goal == (0 <= action.start < length <= action.end)
    home = min(after.pieces_of(action.colour)) >= length > min(before.pieces_of(action.colour))
    assert found.finished == (action.colour if home else None)
