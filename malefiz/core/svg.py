"""What every game's SVG view shares: the colours of the pieces, their letters, how a piece is drawn,
number formatting, and the motion of a piece sent home or a barricade lifted and put down.

One palette for both games, so a red piece is the same red in Malefiz and in
Mensch ärgere Dich nicht, and each colour keeps a letter readable on it (the
second cue next to the colour itself), in the player's language (:func:`piece_letter`).

A piece and a field never look alike: a piece (:func:`piece`) is a solid disc in its
colour with a dark rim, a shadow below it and a light glint on its upper rim, so it
stands up from the board; a field is flat, a ring around a pale fill, and where a
field belongs to a colour (an A field, a barricade's start field) it says so with a
coloured ring and a small mark, never with a solid fill.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from ..i18n import Translator

__all__ = [
    "CELL",
    "COLOUR_FILL",
    "COLOUR_TINT",
    "KNOCK",
    "LIFT",
    "MOTION_STYLE",
    "TARGET_STYLE",
    "TEXT_ON",
    "description",
    "moving",
    "owner",
    "piece",
    "piece_letter",
    "px",
    "rank_badge",
    "rank_labels",
    "round_step",
    "text_width",
]

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


_EM_NARROW: Final = frozenset("iljI.,:;'!|")
_EM_SEMI: Final = frozenset("frt()[]{}- ")
_EM_WIDE: Final = frozenset("mwMW@%&+#=<>~")


def _em(letter: str) -> float:
    """About how many em one letter takes (see :func:`text_width`)."""
    if unicodedata.category(letter) in ("Mn", "Me", "Cf"):
        return 0.0  # a mark on the letter before it, a joiner, a variation selector
    if unicodedata.east_asian_width(letter) in ("W", "F"):
        return 1.0
    base = unicodedata.normalize("NFD", letter)[0]
    if base in _EM_NARROW:
        return 0.32
    if base in _EM_SEMI:
        return 0.42
    if base in _EM_WIDE:
        return 1.0
    return 0.8 if base.isupper() else 0.65


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is set at ``size`` px in a sans-serif font, on the wide side: at least as wide as
    DejaVu Sans (the widest of the fonts a browser takes for sans-serif) sets it, so that what is laid out by it
    (a chart's key) has room in any of them, with 2% to spare. SVG text does not wrap, and Python cannot measure it.

    >>> text_width("Anna (red)", 13) < text_width("Maximilian (yellow)", 13)
    True
    """
    return sum(_em(letter) for letter in text) * size * 1.02


def round_step(top: float, ticks: int = 5) -> float:
    """A round step for a chart's axis (1, 2 or 5 times a power of ten, at least 1) giving at most about ``ticks``
    intervals up to ``top``.

    >>> round_step(30), round_step(120, 6), round_step(7, 8), round_step(0)
    (10.0, 20.0, 1.0, 1.0)
    """
    if top <= 0:
        return 1.0
    raw = top / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    factor = next(f for f in (1, 2, 5, 10) if f * power >= raw)
    return max(1.0, factor * power)


def piece_letter(colour: str, t: Translator) -> str:
    """The letter a piece of ``colour`` carries (for players who cannot tell the colours apart), in ``t``'s language.

    The first letter of the colour's name in that language, so it names what the players
    say at the table. English: Y yellow, G green, R red, K black (B is blue), B blue, P purple.
    German: *Ge* gelb and *Gr* grün (two letters, as both begin with G), R rot, S schwarz,
    B blau, L lila. The letters are the catalogue's ``letter.<colour>``.

    >>> from malefiz.i18n import Translator
    >>> [piece_letter(c, Translator("de")) for c in ("yellow", "green", "red", "black", "blue", "purple")]
    ['Ge', 'Gr', 'R', 'S', 'B', 'L']
    """
    return t(f"letter.{colour}")


def piece(colour: str, r: float, letter: str) -> str:
    """The drawing of a piece of ``colour`` with radius ``r`` around the origin (the caller places it).

    A shadow (class ``shadow``) below and a little lower, the disc (``body``: the colour, a dark rim),
    a light glint along its upper left rim (``glint``) and its ``letter`` (``letter``; two letters are
    set smaller to fit). Nothing of it catches the pointer but the disc.
    """
    size = r * (1.1 if len(letter) < 2 else 0.88)
    rim = r * 0.68
    (a1, b1), (a2, b2) = ((rim * math.cos(math.radians(a)), rim * math.sin(math.radians(a))) for a in (196, 262))
    x1, y1, x2, y2, arc = (px(round(v, 2)) for v in (a1, b1, a2, b2, rim))
    glint = f"M{x1} {y1}A{arc} {arc} 0 0 1 {x2} {y2}"
    return (
        f'<circle class="shadow" cy="{px(round(r * 0.22, 2))}" r="{px(r + 0.5)}" fill="#000" fill-opacity=".35"'
        ' pointer-events="none"/>'
        f'<circle class="body" r="{px(r)}" fill="{COLOUR_FILL[colour]}" stroke="#111" stroke-width="1.5"/>'
        f'<path class="glint" d="{glint}" fill="none" stroke="#fff" stroke-opacity=".55"'
        f' stroke-width="{px(round(r * 0.16, 2))}" stroke-linecap="round" pointer-events="none"/>'
        f'<text class="letter" y="{px(round(size * 0.36, 2))}" fill="{TEXT_ON[colour]}"'
        f' style="font:bold {px(round(size, 1))}px system-ui,sans-serif">{letter}</text>'
    )


def rank_labels(keys: Sequence[str]) -> dict[str, str]:
    """The hint's ranks by field: each target field's key of the best actions (best first) with its rank, several
    where more than one of them ends there, apart by a space (a comma read as a German decimal point: ``1,2``).

    >>> rank_labels(["t7", "t9", "t7"])
    {'t7': '1 3', 't9': '2'}
    """
    found: dict[str, list[str]] = {}
    for rank, key in enumerate(keys, 1):
        found.setdefault(key, []).append(str(rank))
    return {key: " ".join(ranks) for key, ranks in found.items()}


def rank_badge(cx: float, cy: float, r: float, label: str) -> str:
    """A hint's rank (``1``; ``1 3``) on the upper right of the field of radius ``r`` at (``cx``, ``cy``), so that
    the hint's numbered list points at the board. The views draw it above the pieces; it catches no pointer and
    is hidden from screen readers (the list says it)."""
    high = round(r * 1.3, 1)
    size = round(r, 1)
    wide = round(high + 0.6 * size * (len(label) - 1), 1)
    return (
        f'<g class="rank" aria-hidden="true" pointer-events="none"'
        f' transform="translate({px(round(cx + r * 0.8, 1))} {px(round(cy - r * 0.8, 1))})">'
        f'<rect x="{px(-wide / 2)}" y="{px(-high / 2)}" width="{px(wide)}" height="{px(high)}" rx="{px(high / 2)}"'
        ' fill="#c2188f" stroke="#fff" stroke-width="1.5"/>'
        f'<text y="{px(round(size * 0.36, 1))}" fill="#fff" text-anchor="middle"'
        f' style="font:bold {px(size)}px system-ui,sans-serif">{label}</text></g>'
    )


TARGET_STYLE: Final = "fill:#b8f5b0;stroke:#0b7a0b;stroke-width:4;stroke-dasharray:7 3.5;cursor:pointer"
"""A field a chosen piece can go to, in both games: light green in a dashed dark green ring (dashed, as a piece
that can move is ringed: something to click; a player's own green fields have a solid ring)."""

KNOCK: Final = 10
"""How far aside (right and up) a captured piece starts its flight home from the field it was caught on."""

LIFT: Final = 24
"""How far a barricade falls as it is put down, in pixels."""

MOTION_STYLE: Final = (
    ".sent-home,.lifted,.landed{transform-box:fill-box;transform-origin:center}"
    "@keyframes sent-home{0%,20%{transform:translate(var(--dx),var(--dy)) scale(1.15)}"
    "100%{transform:translate(0,0)}}"
    ".sent-home{animation:sent-home .8s ease-in-out both}"
    "@keyframes lifted{from{transform:translate(var(--dx,0px),var(--rise))}}"
    ".lifted{animation:lifted .4s ease-out both}"
    "@keyframes landed{from{transform:translate(0,var(--drop)) scale(1.25);opacity:.7}}"
    ".landed{animation:landed .4s cubic-bezier(.5,0,.8,1.4) both}"
)
"""The animations a board plays once, right after the move that caused them: a captured piece
flies from where it was caught to where it waits; a taken barricade rises from its field; a
barricade put down drops onto its field. Each runs on a wrapping group (the piece inside keeps its
own ``transform``), from an offset given by CSS variables to where the piece is drawn. The page
stills them with its motion setting (off by default under the system's ``prefers-reduced-motion``)."""


def description(players: Iterable[tuple[str, Sequence[str]]], t: Translator, *more: str) -> str:
    """The board's ``<desc>``: where everything stands, in words, for a screen reader (the picture alone names only
    what can be acted on): a sentence per player (its name and where its pieces are), then ``more`` sentences."""
    said = [t("view.desc_player", name=name, where="; ".join(parts)) for name, parts in players if parts]
    return f"<desc>{escape(' '.join([*said, *(m for m in more if m)]))}</desc>"


def owner(colour: str, name: str, t: Translator) -> str:
    """Whose pieces a colour's are, for :func:`description`: ``Anna (yellow)``, or the colour alone (``Yellow``)
    when its player has no name of their own (none, or the colour's own: a seat's default)."""
    if not name or name in (colour.capitalize(), t.colour(colour, capital=True)):
        return t.colour(colour, capital=True)
    return t("name.colours", name=name, colours=t.colour(colour))


def moving(kind: str, inner: str, **offsets: float) -> str:
    """``inner`` wrapped in a group that plays animation ``kind`` (``sent-home``, ``lifted``, ``landed``)
    from the offsets given as CSS variables (``dx``, ``dy``, ``rise``, ``drop``: pixels)."""
    style = ";".join(f"--{name}:{px(round(value, 1))}px" for name, value in offsets.items())
    return f'<g class="{kind}" style="{style}">{inner}</g>'
