"""The errors the package raises; all are ``ValueError`` subclasses."""

from __future__ import annotations

__all__ = ["IllegalActionError", "InvalidPositionError", "MalefizError", "NotationError"]


class MalefizError(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(MalefizError):
    """Text (a position, an action, an option) that cannot be read."""


class InvalidPositionError(MalefizError):
    """A position document or text that is well-formed but breaks the rules.

    The message says what is wrong and where (for example ``pawns.red[2]``).
    """


class IllegalActionError(MalefizError):
    """An action that is not legal in the position it was applied to.

    The message names the action and the position, in notation.
    """
