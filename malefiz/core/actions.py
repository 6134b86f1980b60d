"""The actions every game shares: the die roll (a chance step) and the pass.

A die roll is an action like any other, recorded in a game's history, so a
test or a replay can force any roll (the OpenSpiel way). A player whose roll
allows no move gets exactly one :data:`PASS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["PASS", "ROLLS", "Pass", "Roll", "parse_shared"]


@dataclass(frozen=True, slots=True)
class Roll:
    """The die shows ``value`` (1 to 6). Notation: ``d4``."""

    value: int

    def __str__(self) -> str:
        return f"d{self.value}"


@dataclass(frozen=True, slots=True)
class Pass:
    """The roll allows no move: the turn passes. Notation: ``pass``."""

    def __str__(self) -> str:
        return "pass"


PASS: Final = Pass()
ROLLS: Final = tuple(Roll(v) for v in range(1, 7))
"""The six faces, interned: ``ROLLS[v - 1] == Roll(v)``."""


def parse_shared(text: str) -> Roll | Pass | None:
    """The shared action ``text`` (already stripped) names: a roll ``d1`` to ``d6`` or ``pass``; None for
    anything else (a game's own move, to be read by the game).

    >>> parse_shared("d4"), parse_shared("pass"), parse_shared("d7"), parse_shared("h-2.13")
    (Roll(value=4), Pass(), None, None)
    """
    if text == "pass":
        return PASS
    if len(text) == 2 and text[0] == "d" and text[1] in "123456":
        return ROLLS[int(text[1]) - 1]
    return None
