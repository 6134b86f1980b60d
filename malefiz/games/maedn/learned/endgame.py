"""An exact endgame table of Mensch ärgere Dich nicht: two players on the cross, the printed rules.

Its positions (:func:`covered`): each colour has two pieces on goal fields c and d (places 42 and 43), and
its other two pieces anywhere (on B, the track, or goal fields a and b), with the colour to roll. That is
904 placings of a colour's other two pieces, 904 x 904 positions seen from the colour to roll (those where two
pieces would share a track field are never reached); from any of them every move leads to another. The
table holds, for each, the chance of the colour to roll to be home first when both colours play their best,
solved by value iteration over the rules' own moves (``train/maedn_endgame.py``, ``make endgame``) and shipped
as a data file of the package (``endgame_cross.bin``: zlib of one byte per position, the chance times 255,
rounded, and kept from 0 and 1: nobody is home yet), read on first use (:func:`malefiz.core.data.read`: beside
the modules, or fetched by the web page only when a game first needs it). Where it cannot be had at all, the table
covers nothing and the network decides.

:func:`malefiz.games.maedn.learned.chances_by_slot` answers from the table wherever it covers a position, so
*hard*'s search, the hint and the review are exact there.
"""

from __future__ import annotations

import zlib
from typing import Final

from ....core import data
from ..rules import apply
from ..state import DEFAULT_OPTIONS, Action, B, Phase, State

__all__ = [
    "FILE",
    "LOWER",
    "SCALE",
    "SIZE",
    "chance",
    "chance_after",
    "covered",
    "index",
    "lower_index",
    "placing",
    "possible",
    "table",
]

TOP: Final = (42, 43)
"""The two goal places (c and d) a colour's pieces must hold for the table to cover it."""

LOWER: Final[tuple[tuple[int, int], ...]] = ((B, B), *((a, b) for b in range(42) for a in [B, *range(b)]))
"""The placings of a colour's other two pieces, in the table's order: (place, place), increasing, B first."""

SIZE: Final = len(LOWER)
"""How many placings there are (904)."""

SCALE: Final = 255
"""A chance ``p`` is stored as ``round(p * SCALE)``."""

_LOWER_INDEX: Final = {pair: i for i, pair in enumerate(LOWER)}
_LENGTH: Final = 40
_table: list[bytes] = []


def placing(i: int) -> tuple[int, int, int, int]:
    """A colour's four places (increasing, B first) for the table's placing ``i``."""
    a, b = LOWER[i]
    return (a, b, *TOP)


def possible(mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """Whether a position of the table can occur: neither colour home, and no track field holding pieces of both
    (the other colour's A field is 20 fields on)."""
    if mine[0] >= _LENGTH or theirs[0] >= _LENGTH:
        return False
    own = {p for p in mine if 0 <= p < _LENGTH}
    return not any(0 <= p < _LENGTH and (p + _LENGTH // 2) % _LENGTH in own for p in theirs)


def lower_index(pieces: tuple[int, ...]) -> int | None:
    """The placing index of a colour's four places (increasing, B first) or None when its two highest pieces are
    not on goal fields c and d."""
    if pieces[2:] != TOP:
        return None
    return _LOWER_INDEX[pieces[0], pieces[1]]


def index(mine: tuple[int, ...], theirs: tuple[int, ...]) -> int | None:
    """The table's index of the position where the colour with places ``mine`` rolls against ``theirs``."""
    i = lower_index(mine)
    if i is None:
        return None
    j = lower_index(theirs)
    return None if j is None else i * SIZE + j


def covered(state: State) -> int | None:
    """The table's index of ``state`` (phase ROLL, two colours on opposite arms of the cross, the printed rules,
    nobody home yet), or None when the table does not cover it."""
    pieces = state.pieces
    if len(pieces) != 2 or pieces[0][2:] != TOP or pieces[1][2:] != TOP:  # first: the cheap test most fail
        return None
    if state.phase is not Phase.ROLL or state.finished or state.options != DEFAULT_OPTIONS:
        return None
    se = state.seating
    if se.length != _LENGTH or se.neutral is not None or len(se.seats) != 2:
        return None
    if (se.starts[1] - se.starts[0]) % _LENGTH != _LENGTH // 2:
        return None
    turn = state.turn
    return index(pieces[turn], pieces[1 - turn])


FILE: Final = "endgame_cross.bin"
"""The table's data file in this package."""


def table() -> bytes:
    """The table's bytes (one per position), read on first use; empty when the data file cannot be had (read once:
    a game without it asks no more)."""
    if not _table:
        packed = data.read(__package__, FILE)
        _table.append(zlib.decompress(packed) if packed is not None else b"")
    return _table[0]


def chance(state: State) -> float | None:
    """The chance of the colour to roll in ``state`` to be home first with best play by both, or None when the
    table does not cover ``state``."""
    at = covered(state)
    if at is None or not (exact := table()):
        return None
    return exact[at] / SCALE


def chance_after(state: State, action: Action) -> float | None:
    """The chance of the colour to move in ``state`` (phase MOVE) once it has played ``action``: 1 or 0 when that
    decides the game, else the table's (None when the table does not cover the position after it)."""
    after = apply(state, action)
    if after.finished:
        return 1.0 if after.finished[0] == state.turn else 0.0
    value = chance(after)
    if value is None:
        return None
    return value if after.turn == state.turn else 1.0 - value
