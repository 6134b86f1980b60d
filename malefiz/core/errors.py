"""The errors the package raises; all are ``ValueError`` subclasses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import is_dataclass
from types import MappingProxyType
from typing import Self

from ..i18n import ColourName, Said, Term, Translator

__all__ = [
    "ColourName",
    "IllegalActionError",
    "InvalidPositionError",
    "MalefizError",
    "NotationError",
    "Said",
    "Term",
    "illegal",
    "illegal_at_end",
    "not_a_position",
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

    >>> from malefiz.core.actions import PASS
    >>> str(illegal("classic ... r?", PASS, "error.part.must_roll", colour="red"))
    'Illegal action pass: red must roll the die (d1 to d6) (position: classic ... r?)'

    Raises:
        TypeError: when ``action`` is no action at all (text, None): a mistake of the calling code, said as such.
    """
    if not is_dataclass(action) or isinstance(action, type):
        raise TypeError(
            f"apply: expected an action (Roll, Move, Pass...), got {type(action).__name__} {action!r:.40}; "
            "parse_action reads an action's notation"
        )
    if "colour" in values:
        values["colour"] = ColourName(str(values["colour"]))
    reason = MalefizError.keyed(why, **values)
    return IllegalActionError.keyed("error.illegal", action=str(action), why=reason, position=str(state))


def not_a_position(title: str, state: object) -> TypeError:
    """The error for a ``state`` given to the rules of the game called ``title`` that is not one of its positions
    (a position of the other game, say): a mistake of the calling code, said as such rather than answered."""
    kind = type(state)
    return TypeError(f"expected a {title} position, got {kind.__module__}.{kind.__qualname__}")


def illegal_at_end(state: object, action: object, over: bool, title: str) -> Exception:
    """The error for an ``action`` no phase of the rules of the game called ``title`` took: the game is ``over``
    (:func:`illegal`), or else ``state`` is no position of that game (:func:`not_a_position`)."""
    return illegal(state, action, "error.part.over") if over else not_a_position(title, state)
