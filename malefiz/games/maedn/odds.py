"""Each player's chance to win, estimated from how many turns its colours still need.

A colour's remaining work is its pip count (the fields its pieces still walk
to the deepest goal fields they can reach) plus a turn for every piece still
waiting on B (it needs a 6). At about :data:`PIPS_PER_TURN` fields a turn (a 6
rolls again) that gives the turns a colour needs; a player with two colours
needs both. The players then race with a chance of finishing per turn of one
over their turns (:func:`malefiz.core.race.chances`), the rates raised to
:data:`SHARPNESS` because, as in Malefiz, the plain race underrates a lead.
"""

from __future__ import annotations

from typing import Final

from ...core.race import chances
from .state import State

__all__ = ["PIPS_PER_TURN", "SHARPNESS", "turns_left", "win_chances"]

PIPS_PER_TURN: Final = 4.2
"""Fields a colour covers per turn on average: 3.5 a roll, and a 6 rolls again."""

WAIT_TURNS: Final = 1.0
"""Turns a piece on B costs besides its walk: waiting for a 6."""

END_TURNS: Final = 1.5
"""Turns lost at the end to exact rolls in the goal."""

SHARPNESS: Final[dict[str, float]] = {"cross": 2.0, "star": 3.0}
"""The power of the rates, by board: the best log-loss over positions from *medium* self-play (every
sixth decision until the first colour is home; 150 two-player and 80 four-player cross games, 80
six-player star games): cross 0.575 (2 players) and 1.111 (4) against 0.693 and 1.386 for even
chances; star 1.306 against 1.792. Powers 1.0 and 4.0 did worse on every count."""


def turns_left(state: State, slot: int) -> float:
    """The turns the colour in ``slot`` needs on average to bring every piece home (0 once home)."""
    se = state.seating
    length = se.length
    pieces = state.pieces[slot]
    if pieces[0] >= length:
        return 0.0
    pips = 0
    waiting = 0
    goal = length + len(pieces) - 1
    for p in sorted(pieces, reverse=True):
        if p < 0:
            waiting += 1
            pips += goal
        else:
            pips += max(0, goal - p)
        goal -= 1
    return pips / PIPS_PER_TURN + waiting * WAIT_TURNS + END_TURNS


def win_chances(state: State) -> list[float]:
    """Each seat's estimated chance to be placed first, in seat order (exact once the first place is decided)."""
    se = state.seating
    seats = len(se.seats)
    ranking = state.ranking
    if ranking:
        return [1.0 if i in ranking[0] else 0.0 for i in range(seats)]
    rates = []
    for slots in se.seat_slots:
        needs = sorted((turns_left(state, s) for s in slots), reverse=True)
        total = needs[0] + 0.3 * sum(needs[1:])
        rates.append(min(0.97, 1.0 / max(total, 1.0)))
    return chances(rates, state.current_seat, SHARPNESS.get(state.board.name, 2.0))
