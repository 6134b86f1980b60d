"""What a position is worth to a player: the hand-made evaluation the computer players of Mensch ärgere Dich
nicht decide by where no learned network plays (:mod:`malefiz.games.maedn.learned`).

Each piece counts its progress, less what it would lose by the chance that some opponent's next roll hits it
(:func:`threat`); a player's value is its colours' less the best opponent's (:func:`evaluate`).
"""

from __future__ import annotations

from typing import Final

from .state import State

__all__ = ["ENTERED", "HOME_BONUS", "evaluate", "opponent_slots", "threat"]

HOME_BONUS: Final = 12.0
"""Extra value of a piece in the goal: it can no longer be captured."""

ENTERED: Final = 8.0
"""Value of a piece on the track over one waiting on B (it took a 6 to bring it in)."""


def opponent_slots(state: State, seat: int) -> list[int]:
    """The slots of colours that may capture ``seat``'s pieces (every other colour, the neutral one included)."""
    se = state.seating
    return [s for s in range(len(se.colours)) if se.seat_of[s] != seat]


def threat(state: State, slot: int, place: int, hunters: list[int]) -> float:
    """The chance that a piece of ``slot`` on track place ``place`` is hit by the next roll of any of ``hunters``.

    For each hunting colour: the share of rolls (1..6) that bring one of its
    track pieces exactly onto the field without passing its own goal entry,
    and a 6 when the field is its A field and it has pieces waiting. The
    colours' chances combine as independent events.
    """
    se = state.seating
    length = se.length
    target = se.fields[slot][place]
    safe = 1.0
    for h in hunters:
        rolls = set()
        for p in state.pieces[h]:
            if 0 <= p < length:
                d = (target - (se.starts[h] + p)) % length
                if 1 <= d <= 6 and p + d < length:
                    rolls.add(d)
            elif p < 0 and se.starts[h] == target:
                rolls.add(6)
        safe *= 1.0 - len(rolls) / 6.0
    return 1.0 - safe


def _colour_value(state: State, slot: int, hunters: list[int]) -> float:
    length = state.seating.length
    value = 0.0
    for p in state.pieces[slot]:
        if p < 0:
            continue
        if p >= length:
            value += ENTERED + p + HOME_BONUS
        else:
            worth = ENTERED + p
            value += worth * (1.0 - threat(state, slot, p, hunters))
    return value


def evaluate(state: State, seat: int) -> float:
    """How good ``state`` is for the player in ``seat`` (higher is better).

    The player's colours' values (each piece's progress, less what it would
    lose by the chance of being captured before it moves again) minus the best
    opponent's. A player who is placed gets a large bonus by place.
    """
    se = state.seating
    ranking = [s for place in state.ranking for s in place]
    if seat in ranking:
        return 1000.0 - 100.0 * ranking.index(seat)
    mine = se.seat_slots[seat]
    hunters = opponent_slots(state, seat)
    own = sum(_colour_value(state, s, hunters) for s in mine)
    best_other = 0.0
    for other in range(len(se.seats)):
        if other == seat or other in ranking:
            continue
        other_hunters = opponent_slots(state, other)
        best_other = max(best_other, sum(_colour_value(state, s, other_hunters) for s in se.seat_slots[other]))
    return own - best_other
