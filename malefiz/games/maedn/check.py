"""Whether a Mensch ärgere Dich nicht position can occur in a game: what the readers of the notation and the
JSON document (:func:`~.notation.build_state`) and the property tests ask of every position.

Each check raises :class:`~malefiz.core.errors.InvalidPositionError` naming the first thing that is wrong, in the
player's language, and where (``pieces.red[2]``, counting the places as they are written).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import ColourName, InvalidPositionError, Term
from .board import GOAL_LETTERS, PIECES
from .rules import may_roll_three_times, neutral_in_play, unplaced_seats
from .state import B, Options, Phase, Seating, State, board_term

__all__ = ["check_pieces", "check_position"]


def check_pieces(se: Seating, options: Options, pieces: Sequence[Sequence[int]]) -> None:
    """Check the places of every colour in play (per slot, in the order written; :data:`B` is -1).

    Raises:
        InvalidPositionError: (keyed) for a wrong number of pieces, a place off the board, two pieces on a goal
            field, two colours on one field, or two pieces of a colour that are not a legal barrier; the English
            says where, counting in the order given (``(pieces.red[2])``).
    """
    b = se.board
    length = se.length
    last = b.last_place
    if len(pieces) != len(se.colours):
        raise InvalidPositionError(f"pieces: expected the colours {', '.join(se.colours)}")
    taken: dict[int, tuple[str, int]] = {}
    for slot, (colour, places) in enumerate(zip(se.colours, pieces, strict=True)):
        name = ColourName(colour)
        if len(places) != PIECES:
            raise InvalidPositionError.keyed(
                "error.md_piece_count", n=PIECES, colour=name, got=len(places), path=f"pieces.{colour}"
            )
        for i, p in enumerate(places):
            at: dict[str, object] = {"colour": name, "place": p, "path": f"pieces.{colour}[{i}]"}
            if not B <= p <= last:
                raise InvalidPositionError.keyed("error.md_place_off", board=board_term(b), last=last, **at)
            if p < 0:
                continue
            if p >= length:
                if p in places[:i]:
                    raise InvalidPositionError.keyed("error.md_goal_twice", letter=GOAL_LETTERS[p - length], **at)
                continue
            f = (se.starts[slot] + p) % length
            if f in taken:
                other, other_place = taken[f]
                if other != colour:
                    raise InvalidPositionError.keyed(
                        "error.md_field_twice", other=ColourName(other), other_place=other_place, **at
                    )
                if not options.barriers:
                    raise InvalidPositionError.keyed("error.md_barrier_off", **at)
                if places[:i].count(p) > 1:
                    raise InvalidPositionError.keyed("error.md_barrier_third", **at)
                if p == 0:
                    raise InvalidPositionError.keyed("error.md_barrier_start", **at)
            taken[f] = (colour, p)


def check_position(state: State) -> None:
    """Check that ``state`` could occur in a game (its seating was checked when it was made).

    Raises:
        InvalidPositionError: (keyed) naming the first thing that is wrong, and where (``(pieces.red[2])``,
            counting the places as they are written: increasing, B last).
    """
    check_pieces(
        state.seating,
        state.options,
        [[p for p in places if p >= 0] + [B] * places.count(B) for places in state.pieces],
    )
    for colour, places in zip(state.seating.colours, state.pieces, strict=True):
        if list(places) != sorted(places):
            raise InvalidPositionError(f"pieces.{colour}: the places of a state are kept sorted")
    _check_turn(state)


def _check_end(state: State, neutral_active: bool) -> None:
    """An over position is one a move ended: one seat left, the last finisher's turn (or the neutral's mover's)."""
    se, finished, turn, neutral = state.seating, state.finished, state.turn, state.seating.neutral_slot >= 0
    if not neutral and unplaced_seats(se, finished, neutral_active) == 0:
        raise InvalidPositionError.keyed("error.md_finished_all")
    if turn not in ((finished[0], finished[-1]) if neutral else finished[-1:]) and (not neutral or turn in finished):
        raise InvalidPositionError.keyed("error.md_end_turn", colour=ColourName(state.current))


def _check_turn(state: State) -> None:
    se = state.seating
    length = se.length
    home = [slot for slot, places in enumerate(state.pieces) if places[0] >= length and slot != se.neutral_slot]
    if len(set(state.finished)) != len(state.finished):
        raise InvalidPositionError.keyed("error.md_finished_twice")
    for i, slot in enumerate(state.finished):
        if slot == se.neutral_slot:
            raise InvalidPositionError.keyed("error.md_finished_neutral", path=f"finished[{i}]")
        if slot not in home:
            raise InvalidPositionError.keyed(
                "error.md_finished_away", colour=ColourName(se.colours[slot]), path=f"finished[{i}]"
            )
    missing = [se.colours[s] for s in home if s not in state.finished]
    if missing:
        raise InvalidPositionError.keyed("error.md_finished_missing", colour=ColourName(missing[0]))
    if state.turn == se.neutral_slot:
        raise InvalidPositionError.keyed("error.md_neutral_turn")
    phase = state.phase
    if (state.roll is None) == (phase is Phase.MOVE) or (state.roll is not None and not 1 <= state.roll <= 6):
        raise InvalidPositionError(f"roll: must be 1 to 6 in phase move and null otherwise, got {state.roll}")
    neutral_active = neutral_in_play(se, state.pieces)
    over = unplaced_seats(se, state.finished, neutral_active) <= 1
    if over != (phase is Phase.OVER):
        if over:
            raise InvalidPositionError.keyed("error.md_over_needed", phase=Term(f"error.part.phase_{phase.value}"))
        raise InvalidPositionError.keyed("error.md_over_early")
    if over:
        _check_end(state, neutral_active)
    if phase is not Phase.OVER and state.turn in state.finished and not neutral_active:
        raise InvalidPositionError.keyed("error.md_home_turn", colour=ColourName(state.current))
    if not 1 <= state.attempt <= 3:
        raise InvalidPositionError.keyed("error.md_attempt", got=state.attempt)
    if state.attempt > 1:
        if not state.options.three_rolls:
            raise InvalidPositionError.keyed("error.md_attempt_option")
        if phase is Phase.OVER:
            raise InvalidPositionError.keyed("error.md_attempt_over")
        if not may_roll_three_times(state):
            raise InvalidPositionError.keyed("error.md_attempt_moves", colour=ColourName(state.current))
