"""Rule options: named on/off switches, all off by default (the printed rules).

Each game declares its options as a frozen dataclass of ``bool`` fields that
inherits :class:`Flags`; the JSON document, the CLI and the setup screen all go
through :meth:`Flags.from_dict` and :meth:`Flags.to_dict`, and a game's ``new_game`` takes
them in any form of :data:`OptionsArg` (:meth:`Flags.coerce`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import fields
from typing import Any, Self

from .document import quote
from .errors import InvalidPositionError

__all__ = ["Flags", "OptionsArg", "option_flags"]


class Flags:
    """Mixin for a frozen dataclass of boolean options.

    Raises:
        InvalidPositionError: from :meth:`from_dict` for unknown names or non-bool values.
    """

    __slots__ = ()

    def to_dict(self) -> dict[str, bool]:
        """The options that are on, by name, in declaration order."""
        return {f.name: True for f in fields(self) if getattr(self, f.name)}  # type: ignore[arg-type]

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The names of every option."""
        return tuple(f.name for f in fields(cls))  # type: ignore[arg-type]

    @classmethod
    def coerce(cls, options: object, where: str = "options") -> Self:
        """These options from any form of :data:`OptionsArg` (an instance of this class as it is).

        Raises:
            InvalidPositionError: for an unknown name, a value that is not a boolean, or another form.
        """
        if isinstance(options, cls):
            return options
        return cls.from_dict(option_flags(options, where), where)

    @classmethod
    def from_dict(cls, data: object, where: str = "options", also: tuple[str, ...] = ()) -> Self:
        """Options from a mapping of names to booleans (missing names are off); ``also``: names the caller takes
        besides these, listed among the known ones when a name is unknown."""
        if not isinstance(data, dict):
            raise InvalidPositionError(f"{where}: expected an object, got {quote(data)}")
        known = cls.names()
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                names = ", ".join(known + also)
                raise InvalidPositionError(f"{where}: unknown option {quote(key)}; known options: {names}")
            if not isinstance(value, bool):
                raise InvalidPositionError(f"{where}.{key}: expected true or false, got {quote(value)}")
            values[key] = value
        return cls(**values)


OptionsArg = Flags | Mapping[str, bool] | Collection[str] | None
"""Rule options as a game's ``new_game`` takes them: the game's options object, names to booleans, the names
switched on, or None for none."""


def option_flags(options: object, where: str = "options") -> dict[str, bool]:
    """``options`` (any form of :data:`OptionsArg`) as names to values, not yet checked against a game's names.

    >>> option_flags(["neutral"]), option_flags({"neutral": False}), option_flags(None)
    ({'neutral': True}, {'neutral': False}, {})

    Raises:
        InvalidPositionError: for anything else (a bare string among it: give a list of names).
    """
    if options is None:
        return {}
    if isinstance(options, Flags):
        return options.to_dict()
    if isinstance(options, Mapping):
        return dict(options)
    if isinstance(options, Collection) and not isinstance(options, str | bytes):
        names = list(options)
        if all(isinstance(n, str) for n in names):
            return dict.fromkeys(names, True)
    raise InvalidPositionError(
        f"{where}: expected a mapping of option names to true or false, a list of names or the game's Options, "
        f"got {quote(options)}"
    )
