"""Seeded dice: the same seed gives the same rolls on every Python, Pyodide included.

The rolls come from SplitMix64 (integer arithmetic only), so they do not depend
on the ``random`` module's implementation. A die is a value: ``(seed, count)``
says exactly which roll comes next, which is all a save file needs to store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

__all__ = ["Dice", "roll_for_start", "roll_value"]

C = TypeVar("C", bound=str)

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


def roll_value(seed: int, n: int) -> int:
    """The ``n``-th roll (counting from 0) of the die seeded with ``seed``: 1 to 6."""
    k = 0
    while True:
        value = _mix((seed + (n * 64 + k + 1) * _GOLDEN) & _MASK)
        # Reject the top sliver of the range so every face is equally likely.
        if value < _MASK - (_MASK + 1) % 6:
            return value % 6 + 1
        k += 1


@dataclass(frozen=True, slots=True)
class Dice:
    """A seeded die at a point in its sequence of rolls.

    >>> d = Dice(42)
    >>> first, d = d.roll()
    >>> second, d = d.roll()
    >>> (first, second) == (Dice(42).peek(), Dice(42, 1).peek())
    True
    """

    seed: int
    count: int = 0
    """How many rolls were taken already."""

    def peek(self) -> int:
        """The next roll, without taking it."""
        return roll_value(self.seed, self.count)

    def roll(self) -> tuple[int, Dice]:
        """The next roll and the die after it."""
        return roll_value(self.seed, self.count), Dice(self.seed, self.count + 1)


def roll_for_start(contenders: Sequence[C], dice: Dice) -> tuple[C, list[list[tuple[C, int]]], Dice]:
    """Who starts when the highest roll starts: each contender rolls, ties roll again.

    Returns the starting colour, every round of rolls (so a page can show them)
    and the die after the last roll.
    """
    remaining = list(contenders)
    rounds: list[list[tuple[C, int]]] = []
    while True:
        rolls: list[tuple[C, int]] = []
        for colour in remaining:
            value, dice = dice.roll()
            rolls.append((colour, value))
        rounds.append(rolls)
        best = max(v for _, v in rolls)
        remaining = [c for c, v in rolls if v == best]
        if len(remaining) == 1:
            return remaining[0], rounds, dice
