"""What every game's SVG view shares: the colours of the pieces, their letter colours, number formatting,
and the motion of a piece sent home or a barricade lifted and put down.

One palette for both games, so a red piece is the same red in Malefiz and in
Mensch ärgere Dich nicht, and each colour keeps a letter readable on it (the
second cue next to the colour itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["CELL", "COLOUR_FILL", "COLOUR_TINT", "KNOCK", "LIFT", "MOTION_STYLE", "TEXT_ON", "moving", "px"]

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


KNOCK: Final = 10
"""How far aside (right and up) a captured piece starts its flight home from the field it was caught on."""

LIFT: Final = 24
"""How high a lifted barricade floats above its pawn, in pixels."""

MOTION_STYLE: Final = (
    ".sent-home,.lifted,.landed{transform-box:fill-box;transform-origin:center}"
    "@keyframes sent-home{0%,20%{transform:translate(var(--dx),var(--dy)) scale(1.15)}"
    "100%{transform:translate(0,0)}}"
    ".sent-home{animation:sent-home .8s ease-in-out both}"
    "@keyframes lifted{from{transform:translate(0,var(--rise))}}"
    ".lifted{animation:lifted .4s ease-out both}"
    "@keyframes landed{from{transform:translate(0,var(--drop)) scale(1.25);opacity:.7}}"
    ".landed{animation:landed .4s cubic-bezier(.5,0,.8,1.4) both}"
)
"""The animations a board plays once, right after the move that caused them: a captured piece
flies from where it was caught to where it waits; a taken barricade rises from its field; a
barricade put down drops onto its field. Each runs on a wrapping group (the piece inside keeps its
own ``transform``), from an offset given by CSS variables to where the piece is drawn. The page
stills them with its motion setting (off by default under the system's ``prefers-reduced-motion``)."""


def moving(kind: str, inner: str, **offsets: float) -> str:
    """``inner`` wrapped in a group that plays animation ``kind`` (``sent-home``, ``lifted``, ``landed``)
    from the offsets given as CSS variables (``dx``, ``dy``, ``rise``, ``drop``: pixels)."""
    style = ";".join(f"--{name}:{px(round(value, 1))}px" for name, value in offsets.items())
    return f'<g class="{kind}" style="{style}">{inner}</g>'
