"""Malefiz moves in words a person can follow on the board, not in grid coordinates.

A field is told by what a player sees: the goal, the fields just below it, its
row (counted from the houses up) and side, a rest field, a start field; a
barricade put down is told by the pawn it stops (``in front of Yellow's pawn``).

>>> from .board import field
>>> b = board("classic")
>>> field_words(b, b.goal), field_words(b, field(8, 1)), field_words(b, field(2, 13))
('the goal', 'the field below the goal', "red's start field")
>>> field_words(b, field(0, 11))
'a field on row 2, on the left'
>>> field_words(b, field(0, 12))
'a field between rows 1 and 2, on the left'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

from .board import FOREST, HOUSE, Board, Colour, Field, board, xy
from .rules import Move, Place, State

__all__ = ["blocking", "field_words", "move_words", "place_words"]

REACH: Final = 6
"""How far ahead of a pawn a barricade still counts as put in front of it (one roll)."""


def field_words(b: Board, f: Field) -> str:
    """Where field ``f`` is, as a player sees it."""
    if f == b.goal:
        return "the goal"
    owner = next((c for c, exit_field in b.exits.items() if exit_field == f), None)
    if owner is not None:
        return f"{owner}'s start field"
    distance = b.distance.get(f)
    if distance == 1:
        return "the field below the goal"
    x, y = xy(f)
    gx, _ = xy(b.goal)
    kind = "rest field" if f in b.rest_fields else "village field" if f in b.village else "field"
    if distance is not None and distance <= 3 and x == gx:
        return f"the {kind} {distance} steps below the goal"
    side = "on the left" if x < gx else "on the right" if x > gx else "in the middle"
    article = "an" if kind[0] in "aeiou" else "a"
    rows = _rows(b.name)
    if y in rows:
        return f"{article} {kind} on row {rows.index(y) + 1}, {side}"
    below = sum(1 for r in rows if r > y)
    return f"{article} {kind} between rows {below} and {below + 1}, {side}"


@cache
def _rows(board_name: str) -> list[int]:
    """The rows a player counts, from the houses up: grid rows where fields are joined side by side."""
    b = board(board_name)
    return sorted({xy(f)[1] for f in b.fields if any(xy(n)[1] == xy(f)[1] for n in b.neighbours[f])}, reverse=True)


def _steps_ahead(b: Board, start: Field, target: Field) -> int | None:
    """How many steps ``target`` lies ahead of ``start`` on a shortest way to the goal (within :data:`REACH`)."""
    d_start, d_target = b.distance.get(start), b.distance.get(target)
    if d_start is None or d_target is None or not 0 < d_start - d_target <= REACH:
        return None
    frontier = {start}
    for step in range(1, d_start - d_target + 1):
        frontier = {n for f in frontier for n in b.neighbours[f] if b.distance.get(n) == d_start - step}
    return d_start - d_target if target in frontier else None


def blocking(state: State, f: Field, mover: Colour) -> tuple[Colour, int] | None:
    """The pawn a barricade on ``f`` stands in front of: its colour and how many steps ahead, nearest first.

    Opponents' pawns count before the mover's own; pawns waiting in a house count from their start field.
    """
    b = state.board
    found: list[tuple[bool, int, int, Colour]] = []
    for order, (colour, pawns) in enumerate(zip(state.players, state.pawns, strict=True)):
        for p in set(pawns):
            if p == FOREST:
                continue
            start = b.exits[colour] if p == HOUSE else p
            steps = 0 if start == f else _steps_ahead(b, start, f)
            if steps is None or (steps == 0 and p != HOUSE):
                continue
            steps += p == HOUSE
            found.append((colour == mover, steps, order, colour))
    if not found:
        return None
    _, steps, _, colour = min(found)
    return colour, steps


def move_words(before: State, m: Move, after: State, name: Callable[[Colour], str]) -> str:
    """``Anna (red) moves a pawn 5 steps to a field 9 steps from the goal, on the left, and takes the barricade``."""
    b = before.board
    who = name(before.current)
    if after.is_over:
        return f"{who} reaches the goal and wins!"
    start = {HOUSE: " out of the house", FOREST: " out of the forest"}.get(m.start, "")
    text = f"{who} moves a pawn{start} {before.roll} step{'s' if before.roll != 1 else ''} to {field_words(b, m.end)}"
    victim = before.occupant(m.end)
    if victim is not None:
        to_forest = after.pawns_of(victim).count(FOREST) > before.pawns_of(victim).count(FOREST)
        owner = "its own pawn" if victim == before.current else f"{name(victim)}'s pawn"
        text += f" and sends {owner} back to {'the forest' if to_forest else 'its house'}"
    if m.end in before.barricade_fields:
        text += " and takes the barricade there"
    return text


def place_words(before: State, p: Place, name: Callable[[Colour], str]) -> str:
    """``Anna (red) puts the barricade in front of Ben (yellow)'s pawn (2 steps ahead of it)``."""
    who = name(before.current)
    stops = blocking(before, p.field, before.current)
    if stops is None:
        return f"{who} puts the barricade on {field_words(before.board, p.field)}"
    colour, steps = stops
    owner = "its own pawn" if colour == before.current else f"{name(colour)}'s pawn"
    ahead = "right in front" if steps == 1 else f"{steps} steps ahead"
    return f"{who} puts the barricade in front of {owner} ({ahead} of it)"
