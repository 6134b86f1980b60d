"""The contract every game in this package follows, for bots, sessions and tests.

A game is a set of pure functions over immutable states: ``legal_actions``
lists what may happen next (the die faces while a roll is due, otherwise the
player's choices, a single pass when there are none) and ``apply`` returns the
next state or raises :class:`~malefiz.errors.IllegalActionError`. Malefiz
implements it in :mod:`malefiz.rules`; Mensch ärgere Dich nicht will implement
the same protocol.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

__all__ = ["Game", "GameState"]

ActionT = TypeVar("ActionT", bound=Hashable)
StateT = TypeVar("StateT", bound="GameState")


class GameState(Protocol):
    """What every game state exposes, whatever the game."""

    @property
    def current(self) -> str:
        """The colour whose turn it is (the winner once the game is over)."""
        ...

    @property
    def is_chance(self) -> bool:
        """True while the die must be rolled: the legal actions are the faces."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    @property
    def winner(self) -> str | None:
        """The winning colour, once the game is over."""
        ...


class Game(Protocol[StateT, ActionT]):
    """A game's rules: the two functions bots and sessions need."""

    def legal_actions(self, state: StateT) -> Sequence[ActionT]:
        """Every action that may be applied to ``state``."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; raises IllegalActionError if it is not legal."""
        ...
