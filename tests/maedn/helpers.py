"""Shared helpers for the Mensch ärgere Dich nicht tests: positions and actions written in notation."""

from __future__ import annotations

from malefiz.games.maedn.rules import apply, legal_actions
from malefiz.games.maedn.state import State, parse_action, parse_position


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
