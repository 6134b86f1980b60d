"""The errors the package raises; all are ``ValueError`` subclasses."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Self

from ..i18n import ColourName, Term, Translator

__all__ = [
    "ColourName",
    "IllegalActionError",
    "InvalidPositionError",
    "MalefizError",
    "NotationError",
    "Term",
    "illegal",
]


class MalefizError(ValueError):
    """Base class of every error this package raises on bad input.

    An error a player can meet on the page (a broken link, file or address) is made with
    :meth:`keyed`: its message is the English text of a catalogue key, and
    :meth:`malefiz.i18n.Translator.error` tells it in the page's language.
    """

    kind: str = "other"
    """What went wrong, for a message without a key (:meth:`~malefiz.i18n.Translator.error` says it per kind)."""
    key: str = ""
    """The catalogue key of the message ("" for a message in English only)."""
    values: Mapping[str, object] = MappingProxyType({})
    """The key's placeholders (an error among them is told in the same language)."""

    @classmethod
    def keyed(cls, key: str, /, **values: object) -> Self:
        """The error whose message is the English text of catalogue ``key`` with ``values``."""
        english = Translator("en")
        error = cls(english(key, **{name: str(english.value(v)) for name, v in values.items()}))
        error.key = key
        error.values = MappingProxyType(dict(values))
        return error


class NotationError(MalefizError):
    """Text (a position, an action, an option) that cannot be read."""

    kind = "notation"


class InvalidPositionError(MalefizError):
    """A position document or text that is well-formed but breaks the rules.

    The message says what is wrong and where (for example ``pawns.red[2]``).
    """

    kind = "position"


class IllegalActionError(MalefizError):
    """An action that is not legal in the position it was applied to.

    The message names the action and the position, in notation.
    """

    kind = "action"


def illegal(state: object, action: object, why: str, **values: object) -> IllegalActionError:
    """The error for ``action`` in ``state`` (both in notation): ``why`` is the catalogue key of the reason,
    with ``values`` (a ``colour`` among them is told as the player's colour).

    >>> str(illegal("classic ... r?", "h-2.13", "error.part.must_roll", colour="red"))
    'Illegal action h-2.13: red must roll the die (d1 to d6) (position: classic ... r?)'
    """
    if "colour" in values:
        values["colour"] = ColourName(str(values["colour"]))
    reason = MalefizError.keyed(why, **values)
    return IllegalActionError.keyed("error.illegal", action=str(action), why=reason, position=str(state))
