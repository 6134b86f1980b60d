"""Whether a Malefiz position can occur in a game: what the readers of the notation and the JSON document
(:func:`~.notation.build_position`) and the property tests ask of every position.

Each check raises :class:`~malefiz.core.errors.InvalidPositionError` naming the first thing that is wrong, in the
player's language, and where (``pawns.red[2]``, counting the pawns as the input lists them).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import ColourName, InvalidPositionError, Term
from .board import FOREST, Board, Colour, Field, location_name
from .state import Phase, State, board_term, display_order

__all__ = ["check_pawns", "check_position", "check_taker"]


def check_taker(state: State) -> None:
    """In phase place the player to act has just moved onto a barricade and taken it (rule: whoever takes a
    barricade puts it again), so one of its pawns stands where a barricade can stand: on a field, not the
    goal, a rest field or a protected row (the bottom row; the lowest two under ``protect_two_rows``)."""
    b = state.board
    protected = b.protected_rows(state.options.protect_two_rows)
    pawns = state.pawns[state.turn]
    if not any(f >= 0 and f != b.goal and f not in b.rest_fields and f >> 5 not in protected for f in pawns):
        raise InvalidPositionError.keyed(
            "error.mf_taker",
            colour=ColourName(state.current),
            rows=Term("error.part.bottom_rows" if len(protected) > 1 else "error.part.bottom_row"),
            fields=", ".join(location_name(f) for f in display_order(pawns)),
        )


def check_pawns(b: Board, players: Sequence[Colour], pawns: Sequence[Sequence[Field]], barricades: int) -> None:
    """The checks of :func:`check_position` that name a pawn, in the order ``pawns`` lists them
    (a reader passes its input's order, so a message names the input's own index).

    Raises:
        InvalidPositionError: for a wrong number of pawns, a forest the board lacks, a location that is
            not a field, two pawns on one field, or a pawn on a barricade.
    """
    seen: dict[Field, tuple[Colour, str]] = {}
    for colour, own in zip(players, pawns, strict=True):
        name = ColourName(colour)
        if len(own) != b.pawns_per_player:
            raise InvalidPositionError.keyed(
                "error.mf_pawn_count",
                n=b.pawns_per_player,
                board=board_term(b),
                colour=name,
                got=len(own),
                path=f"pawns.{colour}",
            )
        for i, f in enumerate(own):
            where = f"pawns.{colour}[{i}]"
            if f == FOREST and b.forest is None:
                raise InvalidPositionError.keyed("error.mf_no_forest", colour=name, board=board_term(b), path=where)
            if f < 0:
                continue
            field_name = location_name(f)
            if f not in b.fields:
                raise InvalidPositionError.keyed(
                    "error.mf_pawn_off", colour=name, field=field_name, board=board_term(b), path=where
                )
            if f in seen:
                other, other_path = seen[f]
                raise InvalidPositionError.keyed(
                    "error.mf_pawn_twice",
                    field=field_name,
                    other=ColourName(other),
                    colour=name,
                    other_path=other_path,
                    path=where,
                )
            seen[f] = (colour, where)
            if barricades >> f & 1:
                raise InvalidPositionError.keyed("error.mf_pawn_barricade", colour=name, field=field_name, path=where)


def check_position(state: State) -> None:
    """Check that ``state`` could occur in a game.

    Raises:
        InvalidPositionError: naming the first thing that is wrong.
    """
    b = state.board
    check_pawns(b, state.players, state.pawns, state.barricades)
    at_goal = [c for c, pawns in zip(state.players, state.pawns, strict=True) if b.goal in pawns]
    if state.phase is Phase.OVER:
        if at_goal != [state.current]:
            raise InvalidPositionError.keyed("error.mf_over", colour=ColourName(state.current))
    elif at_goal:
        raise InvalidPositionError.keyed("error.mf_goal", colour=ColourName(at_goal[0]), path=f"pawns.{at_goal[0]}")
    expected = b.barricade_count - (state.phase is Phase.PLACE)
    count = bin(state.barricades).count("1")
    if count != expected:
        raise InvalidPositionError.keyed(
            "error.mf_barricade_count",
            n=expected,
            board=board_term(b),
            phase=Term(f"error.part.phase_{state.phase.value}"),
            got=count,
        )
    protected = b.protected_rows(state.options.protect_two_rows)
    for f in state.barricade_fields:
        if f == b.goal or f in b.rest_fields or f >> 5 in protected:
            raise InvalidPositionError.keyed("error.mf_barricade_banned", field=location_name(f))
    if (state.roll is None) == (state.phase is Phase.MOVE):
        raise InvalidPositionError(f"roll: must be a number 1 to 6 in phase move and null otherwise, got {state.roll}")
    if state.roll_again and (state.phase is not Phase.PLACE or not state.options.extra_roll_on_six):
        raise InvalidPositionError.keyed("error.mf_roll_again")
