"""Pointing on the board: which element an arrow key goes to, and which one a tap that missed meant.

The page measures where each element a person can act on is drawn (its centre, in screen pixels:
so a zoomed, scrolled or turned board is measured as seen) and asks here; the choice is plain
Python with tests. ``Spots`` maps each element's ``data-key`` to its centre ``(x, y)``, with y
growing downwards as on a screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

__all__ = ["DIRECTIONS", "REACH", "Direction", "Spots", "nearest", "toward"]

Direction = Literal["up", "down", "left", "right"]
Spots = Mapping[str, tuple[float, float]]

DIRECTIONS: Final[dict[Direction, tuple[int, int]]] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
"""Each arrow's direction on the screen (y grows downwards)."""

REACH: Final = 16.0
"""Pixels from an element's centre within which a tap still reaches it (hit areas of 32 px)."""

SIDEWAYS: Final = 2.0
"""How much a step sideways of the arrow's direction counts against a candidate, against a step along it."""


def toward(spots: Spots, current: str | None, direction: Direction) -> str | None:
    """The element an arrow key goes to from ``current``: the nearest one whose centre lies that way (within 45
    degrees either side; steps sideways count double), else the nearest one on that side at all; from no element
    (or one not among ``spots``), the first in ``spots``. None when there is nothing to go to; ``current`` itself
    when nothing lies that way.

    >>> spots = {"a": (0, 0), "b": (10, 0), "c": (0, 10), "d": (30, -3)}
    >>> toward(spots, "a", "right"), toward(spots, "a", "down"), toward(spots, "b", "left"), toward(spots, "a", "up")
    ('b', 'c', 'a', 'd')
    >>> toward(spots, "c", "down"), toward(spots, None, "up"), toward({}, None, "up")
    ('c', 'a', None)
    """
    if not spots:
        return None
    if current is None or current not in spots:
        return next(iter(spots))
    x, y = spots[current]
    dx, dy = DIRECTIONS[direction]
    within: list[tuple[float, str]] = []
    beside: list[tuple[float, str]] = []
    for key, (kx, ky) in spots.items():
        along = (kx - x) * dx + (ky - y) * dy
        across = abs((kx - x) * dy - (ky - y) * dx)
        if key == current or along <= 0:
            continue
        (within if across <= along else beside).append((along + SIDEWAYS * across, key))
    found = min(within) if within else min(beside) if beside else None
    return current if found is None else found[1]


def nearest(spots: Spots, x: float, y: float, reach: float = REACH) -> str | None:
    """The element whose centre is nearest to a tap at ``(x, y)`` that missed every drawn one, within ``reach``
    pixels; None when none is that close (ties: the later one, as it is drawn on top).

    >>> nearest({"a": (0, 0), "b": (20, 0)}, 12, 3), nearest({"a": (0, 0)}, 30, 0), nearest({"a": (0, 0)}, 0, 16)
    ('b', None, 'a')
    """
    best, best_distance = None, reach * reach
    for key, (kx, ky) in spots.items():
        distance = (kx - x) ** 2 + (ky - y) ** 2
        if distance <= best_distance:
            best, best_distance = key, distance
    return best
