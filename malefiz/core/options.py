"""Rule options: named on/off switches, all off by default (the printed rules).

Each game declares its options as a frozen dataclass of ``bool`` fields that
inherits :class:`Flags`; the JSON document, the CLI and the setup screen all go
through :meth:`Flags.from_dict` and :meth:`Flags.to_dict`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Self

from .document import quote
from .errors import InvalidPositionError

__all__ = ["Flags"]


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
    def from_dict(cls, data: object, where: str = "options") -> Self:
        """Options from a mapping of names to booleans (missing names are off)."""
        if not isinstance(data, dict):
            raise InvalidPositionError(f"{where}: expected an object, got {quote(data)}")
        known = cls.names()
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise InvalidPositionError(f"{where}: unknown option {quote(key)}; known options: {', '.join(known)}")
            if not isinstance(value, bool):
                raise InvalidPositionError(f"{where}.{key}: expected true or false, got {quote(value)}")
            values[key] = value
        return cls(**values)
