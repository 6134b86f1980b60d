"""What every game's SVG view shares: the colours of the pieces, their letter colours, number formatting.

One palette for both games, so a red piece is the same red in Malefiz and in
Mensch ärgere Dich nicht, and each colour keeps a letter readable on it (the
second cue next to the colour itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["CELL", "COLOUR_FILL", "COLOUR_TINT", "TEXT_ON", "px"]

CELL: Final = 40
"""Pixels between neighbouring grid points (every view's own unit)."""

COLOUR_FILL: Final[Mapping[str, str]] = {
    "yellow": "#f4c20d",
    "green": "#157f3c",
    "red": "#d7263d",
    "black": "#333333",
    "blue": "#1f5fd1",
    "purple": "#7d3cb5",
}
"""The colour of each colour's pieces (black is dark grey, apart from the boards' lines)."""

COLOUR_TINT: Final[Mapping[str, str]] = {
    "yellow": "#fcefb4",
    "green": "#c4ead0",
    "red": "#f7c6cc",
    "black": "#cfcfcf",
    "blue": "#c7d7f6",
    "purple": "#e2cff2",
}
"""The light tint of each colour (areas that belong to it)."""

TEXT_ON: Final[Mapping[str, str]] = {
    "yellow": "#222",
    "green": "#fff",
    "red": "#fff",
    "black": "#fff",
    "blue": "#fff",
    "purple": "#fff",
}
"""The letter colour readable on each colour's fill."""


def px(v: float) -> str:
    """A number as SVG writes it: no trailing zeros (``12``, ``12.5``)."""
    return f"{v:g}"
