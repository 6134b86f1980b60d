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

from ...i18n import Translator
from .board import FOREST, HOUSE, Board, Colour, Field, board, xy
from .state import Move, Place, State

__all__ = ["ahead_words", "blocking", "field_words", "move_words", "place_words"]

ENGLISH: Final = Translator("en")

REACH: Final = 6
"""How far ahead of a pawn a barricade still counts as put in front of it (one roll)."""


def field_words(b: Board, f: Field, t: Translator = ENGLISH) -> str:
    """Where field ``f`` is, as a player sees it."""
    if f == b.goal:
        return t("mf.goal")
    owner = next((c for c, exit_field in b.exits.items() if exit_field == f), None)
    if owner is not None:
        return t("mf.start_field", colour=t.colour(owner))
    distance = b.distance.get(f)
    if distance == 1:
        return t("mf.below_goal")
    x, y = xy(f)
    gx, _ = xy(b.goal)
    kind = t("mf.kind.rest" if f in b.rest_fields else "mf.kind.village" if f in b.village else "mf.kind.field")
    if distance is not None and distance <= 3 and x == gx:
        return t("mf.below_goal_n", kind=kind, n=distance)
    side = t("mf.left" if x < gx else "mf.right" if x > gx else "mf.middle")
    rows = _rows(b.name)
    if y in rows:
        return t("mf.on_row", kind=kind, row=rows.index(y) + 1, side=side)
    below = sum(1 for r in rows if r > y)
    return t("mf.between_rows", kind=kind, below=below, above=below + 1, side=side)


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


def move_words(before: State, m: Move, after: State, name: Callable[[Colour], str], t: Translator = ENGLISH) -> str:
    """``Anna (red) moves a pawn 5 steps to a field on row 3, on the left and takes the barricade there``."""
    b = before.board
    who = name(before.current)
    if after.is_over:
        return t("mf.win", who=who)
    key = {HOUSE: "mf.move_house", FOREST: "mf.move_forest"}.get(m.start, "mf.move")
    roll = before.roll or 0
    text = t(key, who=who, steps=t.count("steps", roll), where=field_words(b, m.end, t))
    victim = before.occupant(m.end)
    if victim is not None:
        to_forest = after.pawns_of(victim).count(FOREST) > before.pawns_of(victim).count(FOREST)
        place = t("mf.to_forest" if to_forest else "mf.to_house")
        if victim == before.current:
            text += t("mf.sends_own", place=place)
        else:
            text += t("mf.sends", name=name(victim), place=place)
    if m.end in before.barricade_fields:
        text += t("mf.takes")
    return text


def ahead_words(steps: int, t: Translator = ENGLISH) -> str:
    """``right in front``, ``3 steps ahead``."""
    return t("mf.right_in_front") if steps == 1 else t("mf.n_ahead", steps=t.count("steps", steps))


def place_words(before: State, p: Place, name: Callable[[Colour], str], t: Translator = ENGLISH) -> str:
    """``Anna (red) puts the barricade in front of Ben (yellow)'s pawn (right in front of it)``."""
    who = name(before.current)
    stops = blocking(before, p.field, before.current)
    if stops is None:
        return t("mf.place_on", who=who, where=field_words(before.board, p.field, t))
    colour, steps = stops
    ahead = ahead_words(steps, t)
    if colour == before.current:
        return t("mf.place_front_own", who=who, ahead=ahead)
    return t("mf.place_front", who=who, name=name(colour), ahead=ahead)
