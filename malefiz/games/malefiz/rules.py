"""The rules of Malefiz, classic and fast board (German: *Spielregeln*).

States are immutable; :func:`legal_actions` and :func:`apply` are the whole
contract. A turn is three kinds of step, each an action of its own:

1. ``Roll(n)``: the die (a chance step, recorded like any other action, so a
   test or a replay can force any roll);
2. ``Move(start, end)`` or the single ``Pass`` when the roll allows no move;
3. ``Place(field)``: only after a move ended on a barricade, to put it back.

The readings of the rules follow ``RULES.md``; :class:`Options` holds the
variants a player can choose before a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from ...core.actions import PASS, ROLLS, Pass, Roll
from ...core.document import quote
from ...core.errors import IllegalActionError, InvalidPositionError
from ...core.options import Flags
from .board import COLOURS, FOREST, HOUSE, Board, Colour, Field, board, location_name

__all__ = [
    "PASS",
    "ROLLS",
    "SEAT_COLOURS",
    "Action",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "Place",
    "Roll",
    "State",
    "apply",
    "display_order",
    "format_position",
    "legal_actions",
    "new_game",
    "route",
]


class Phase(StrEnum):
    """What the game waits for."""

    ROLL = "roll"
    """The player to move must roll the die."""
    MOVE = "move"
    """The die shows ``State.roll``: a pawn must move (or the player passes)."""
    PLACE = "place"
    """A barricade was taken: the same player must put it on a free field."""
    OVER = "over"
    """A pawn reached the goal; ``State.current`` is the winner."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Options(Flags):
    """Rule variants, all off by default (the printed rules).

    Raises:
        InvalidPositionError: from :meth:`from_dict` for unknown names or non-bool values.
    """

    extra_roll_on_six: bool = False
    """A 6 gives another roll after the turn (a common house rule)."""
    roll_for_start: bool = False
    """The highest roll starts (ties roll again) instead of the setup order."""
    protect_own_pawns: bool = False
    """A pawn may not end on a pawn of its own colour (no capturing oneself)."""
    protect_two_rows: bool = False
    """No barricade may be put on the bottom two rows (instead of the bottom row)."""


DEFAULT_OPTIONS: Final = Options()


@dataclass(frozen=True, slots=True)
class Move:
    """A pawn moves from ``start`` (a field, HOUSE or FOREST) to field ``end``.

    Notation: ``2.13-2.9``; ``h-2.13`` from the house, ``f-5.5`` from the forest.
    Which route the pawn takes does not matter to the rules, only where it ends.
    """

    start: Field
    end: Field

    def __str__(self) -> str:
        return f"{location_name(self.start)}-{location_name(self.end)}"


@dataclass(frozen=True, slots=True)
class Place:
    """The captured barricade is put on ``field``. Notation: ``@8.7``."""

    field: Field

    def __str__(self) -> str:
        return f"@{location_name(self.field)}"


Action = Roll | Move | Place | Pass
"""Anything that can happen in a game."""


class State(NamedTuple):
    """A position: everything that decides what can happen next.

    Build one with :func:`new_game` or read one with
    :func:`malefiz.games.malefiz.notation.from_json` / :func:`malefiz.games.malefiz.notation.parse_position`.
    It is immutable: every step returns a new state. (A named tuple rather than
    a frozen dataclass: it is built several times per turn, and a frozen
    dataclass costs five times as much to build, which search bots feel.)
    """

    board: Board
    players: tuple[Colour, ...]
    """Colours in play, in turn order."""
    pawns: tuple[tuple[Field, ...], ...]
    """Each player's pawns (same order as ``players``), sorted."""
    barricades: int
    """Bit mask of the fields holding a barricade (bit ``f`` for field ``f``)."""
    turn: int
    """Index in ``players`` of the player to act (the winner once over)."""
    phase: Phase
    roll: int | None = None
    """The die value, in phase MOVE only."""
    options: Options = DEFAULT_OPTIONS
    roll_again: bool = False
    """In phase PLACE: the move was made with a 6 and ``extra_roll_on_six`` is on."""

    @property
    def current(self) -> Colour:
        """The colour to act (the winner once the game is over)."""
        return self.players[self.turn]

    @property
    def seats(self) -> tuple[tuple[Colour, ...], ...]:
        """The players in turn order, each playing its one colour."""
        return tuple((c,) for c in self.players)

    @property
    def current_seat(self) -> int:
        """The index of the player to act (the winner's once over)."""
        return self.turn

    @property
    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Once over: the winner's seat, then every other seat sharing second place; before: ``()``."""
        if self.phase is not Phase.OVER:
            return ()
        return ((self.turn,), tuple(i for i in range(len(self.players)) if i != self.turn))

    @property
    def moves_again(self) -> bool:
        """True when the player to act rolls again once its turn ends (a 6 with ``extra_roll_on_six``)."""
        return self.roll_again or (self.roll == 6 and self.options.extra_roll_on_six)

    @property
    def is_chance(self) -> bool:
        """True while the die must be rolled."""
        return self.phase is Phase.ROLL

    @property
    def is_over(self) -> bool:
        """True once a pawn has reached the goal."""
        return self.phase is Phase.OVER

    @property
    def winner(self) -> Colour | None:
        """The colour whose pawn reached the goal, or None while the game goes on."""
        return self.players[self.turn] if self.phase is Phase.OVER else None

    @property
    def barricade_fields(self) -> tuple[Field, ...]:
        """The fields holding a barricade, in board order (top row first)."""
        mask = self.barricades
        return tuple(f for f in self.board.ordered if mask >> f & 1)

    def pawns_of(self, colour: Colour) -> tuple[Field, ...]:
        """The pawns of ``colour`` (which must be in play)."""
        return self.pawns[self.players.index(colour)]

    def occupant(self, f: Field) -> Colour | None:
        """The colour of the pawn on field ``f``, or None."""
        for colour, pawns in zip(self.players, self.pawns, strict=True):
            if f in pawns:
                return colour
        return None

    def __str__(self) -> str:
        return format_position(self)


OPTION_TOKENS: Final = {
    "six": "extra_roll_on_six",
    "start": "roll_for_start",
    "own": "protect_own_pawns",
    "rows2": "protect_two_rows",
}
_TOKEN_OF_OPTION: Final = {v: k for k, v in OPTION_TOKENS.items()}


def format_position(state: State) -> str:
    """The one-line notation of ``state``."""
    parts = [state.board.name]
    for colour, pawns in zip(state.players, state.pawns, strict=True):
        parts.append(f"{colour[0]}:" + ",".join(location_name(p) for p in display_order(pawns)))
    parts.append("x:" + (",".join(location_name(f) for f in state.barricade_fields) or "-"))
    letter = state.current[0]
    if state.phase is Phase.ROLL:
        parts.append(f"{letter}?")
    elif state.phase is Phase.MOVE:
        parts.append(f"{letter}{state.roll}")
    elif state.phase is Phase.PLACE:
        parts.append(f"{letter}!6" if state.roll_again else f"{letter}!")
    else:
        parts.append(f"{letter}*")
    parts.extend(f"+{_TOKEN_OF_OPTION[name]}" for name in state.options.to_dict())
    return " ".join(parts)


def display_order(pawns: tuple[Field, ...]) -> list[Field]:
    """Pawns on fields first (top to bottom), then the forest, then the house."""
    return sorted(pawns, key=lambda p: (p < 0, -p if p < 0 else p))


SEAT_COLOURS: Final[dict[int, tuple[Colour, ...]]] = {
    2: ("red", "yellow"),
    3: ("red", "green", "yellow"),
    4: COLOURS,
}
"""The colours in play by number of seats (two players sit opposite)."""


def new_game(
    players: tuple[Colour, ...] | list[Colour] = ("red", "yellow"),
    board_name: str = "classic",
    options: Options = DEFAULT_OPTIONS,
    first: Colour | None = None,
) -> State:
    """The starting position: pawns in their houses, barricades on their fields.

    ``players`` are the colours in turn order; ``first`` (default: the first of
    them) makes the first move.

    Raises:
        InvalidPositionError: for fewer than 2 or more than 4 players, an unknown
            or repeated colour, an unknown board, or a ``first`` not in play.
    """
    try:
        b = board(board_name)
    except ValueError as exc:
        raise InvalidPositionError(str(exc)) from None
    seats = tuple(players)
    if not 2 <= len(seats) <= 4:
        raise InvalidPositionError(f"players: Malefiz is for 2 to 4 players, got {len(seats)}")
    for colour in seats:
        if colour not in b.exits:
            raise InvalidPositionError(f"players: unknown colour {quote(colour)}; expected red, green, yellow or blue")
    if len(set(seats)) != len(seats):
        raise InvalidPositionError(f"players: a colour is listed twice in {list(seats)}")
    if first is not None and first not in seats:
        raise InvalidPositionError(f"first: {quote(first)} is not one of the players {list(seats)}")
    barricades = 0
    for f in b.start_barricades:
        barricades |= 1 << f
    return State(
        board=b,
        players=seats,
        pawns=tuple((HOUSE,) * b.pawns_per_player for _ in seats),
        barricades=barricades,
        turn=0 if first is None else seats.index(first),
        phase=Phase.ROLL,
        options=options,
    )


# Interned actions: legal move generation hands out shared objects.
_MOVES: dict[int, Move] = {}
_PLACES: dict[Field, Place] = {}


def _move(start: Field, end: Field) -> Move:
    key = (start + 2) << 16 | end
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(start, end)
    return move


def _place(f: Field) -> Place:
    place = _PLACES.get(f)
    if place is None:
        place = _PLACES[f] = Place(f)
    return place


def _blocked(state: State, end: Field) -> bool:
    """True if no move may end on ``end``: an occupied rest field, or an own pawn when protected."""
    if end in state.board.rest_fields and any(end in pawns for pawns in state.pawns):
        return True
    return state.options.protect_own_pawns and end in state.pawns[state.turn]


class _Reach:
    """The moves from one start by one number of steps, memoised by the barricades in the way."""

    __slots__ = ("entries", "memo", "relevant")

    def __init__(self, entries: tuple[tuple[Field, tuple[int, ...], Move], ...]) -> None:
        self.entries = entries
        self.relevant = 0
        for _, routes, _ in entries:
            for passed in routes:
                self.relevant |= passed
        self.memo: dict[int, tuple[tuple[Move, ...], frozenset[Field]]] = {}

    def moves(self, barricades: int) -> tuple[tuple[Move, ...], frozenset[Field]]:
        """The moves some route makes without passing a barricade, and their ends."""
        hit = barricades & self.relevant
        found = self.memo.get(hit)
        if found is None:
            if len(self.memo) > 4096:  # bound the memory of very long random games
                self.memo.clear()
            moves = tuple(move for _, routes, move in self.entries if any(not passed & hit for passed in routes))
            found = self.memo[hit] = (moves, frozenset(m.end for m in moves))
        return found


_TABLES: dict[tuple[str, Colour], dict[Field, tuple[_Reach, ...]]] = {}


def _tables(b: Board, colour: Colour) -> dict[Field, tuple[_Reach, ...]]:
    """For every start (field, HOUSE, FOREST) the moves of ``colour``, by number of steps."""
    key = (b.name, colour)
    tables = _TABLES.get(key)
    if tables is None:
        starts = [*b.fields, HOUSE] + ([FOREST] if b.forest_exit is not None else [])
        tables = _TABLES[key] = {
            start: tuple(
                _Reach(tuple((end, routes, _move(start, end)) for end, routes in by_steps))
                for by_steps in b.reach(start, colour)
            )
            for start in starts
        }
    return tables


def _moves(state: State) -> list[Move]:
    roll = state.roll
    assert roll is not None
    b = state.board
    barricades = state.barricades
    tables = _tables(b, state.players[state.turn])
    result: list[Move] = []
    previous = None
    for start in state.pawns[state.turn]:  # sorted: pawns sharing the house or forest are adjacent
        if start != previous:
            reach = tables[start][roll]
            found = reach.memo.get(barricades & reach.relevant)
            result.extend((found or reach.moves(barricades))[0])
            previous = start
    if state.options.protect_own_pawns:
        mine = state.pawns[state.turn]
        result = [m for m in result if m.end not in mine]
    rest = b.rest_fields
    if rest:
        taken = [f for pawns in state.pawns for f in pawns if f in rest]
        if taken:
            result = [m for m in result if m.end not in taken]
    return result


def _is_legal_move(state: State, move: Move) -> bool:
    roll = state.roll
    assert roll is not None
    if move.start not in state.pawns[state.turn]:
        return False
    reach = _tables(state.board, state.players[state.turn])[move.start][roll]
    found = reach.memo.get(state.barricades & reach.relevant) or reach.moves(state.barricades)
    return move.end in found[1] and not _blocked(state, move.end)


class _Candidates(NamedTuple):
    """The fields that may ever take a barricade on a board, under one reading of the rules."""

    places: tuple[tuple[Field, Place], ...]
    """Each field with its interned Place action, in board order."""
    fields: frozenset[Field]


_CANDIDATES: dict[tuple[str, bool], _Candidates] = {}


def _place_candidates(b: Board, two_rows: bool) -> _Candidates:
    key = (b.name, two_rows)
    found = _CANDIDATES.get(key)
    if found is None:
        protected = b.protected_rows(two_rows)
        fields = [f for f in b.ordered if f != b.goal and f not in b.rest_fields and f >> 5 not in protected]
        found = _CANDIDATES[key] = _Candidates(tuple((f, _place(f)) for f in fields), frozenset(fields))
    return found


def _places(state: State) -> list[Place]:
    taken = state.barricades
    for pawns in state.pawns:
        for f in pawns:
            if f >= 0:
                taken |= 1 << f
    candidates = _place_candidates(state.board, state.options.protect_two_rows).places
    return [place for f, place in candidates if not taken >> f & 1]


def _is_legal_place(state: State, f: Field) -> bool:
    return (
        type(f) is int
        and f in _place_candidates(state.board, state.options.protect_two_rows).fields
        and not state.barricades >> f & 1
        and all(f not in pawns for pawns in state.pawns)
    )


def legal_actions(state: State) -> list[Action]:
    """Every action that may be applied to ``state``.

    Phase ROLL: the six faces of the die; MOVE: every distinct move, or
    ``[PASS]`` when there is none; PLACE: every field the barricade may go on;
    OVER: nothing.
    """
    phase = state.phase
    if phase is Phase.MOVE:
        moves: list[Action] = _moves(state)  # type: ignore[assignment]  # a fresh list the caller may keep
        return moves or [PASS]
    if phase is Phase.ROLL:
        return list(ROLLS)
    if phase is Phase.PLACE:
        return list(_places(state))
    return []


_new = tuple.__new__  # builds a State without the named tuple's argument handling (hot path)


def _end_of_turn(state: State, pawns: tuple[tuple[Field, ...], ...], barricades: int, again: bool) -> State:
    turn = state.turn if again else (state.turn + 1) % len(state.players)
    return _new(State, (state.board, state.players, pawns, barricades, turn, Phase.ROLL, None, state.options, False))


def _illegal(state: State, action: object, why: str) -> IllegalActionError:
    return IllegalActionError(f"illegal action {action}: {why} (position: {state})")


def apply(state: State, action: Action) -> State:
    """The state after ``action``.

    Raises:
        IllegalActionError: if ``action`` is not among ``legal_actions(state)``;
            the message names the action, the reason and the position.
    """
    phase = state.phase
    if phase is Phase.MOVE:
        if isinstance(action, Move):
            if not _is_legal_move(state, action):
                raise _illegal(state, action, f"no pawn of {state.current} can make this move with a {state.roll}")
            return _apply_move(state, action)
        if isinstance(action, Pass):
            if _moves(state):
                raise _illegal(
                    state, action, f"{state.current} has a legal move with the {state.roll} and may not pass"
                )
            return _end_of_turn(state, state.pawns, state.barricades, state.moves_again)
        raise _illegal(state, action, f"{state.current} must move a pawn by {state.roll}")
    if phase is Phase.ROLL:
        if isinstance(action, Roll) and type(action.value) is int and 1 <= action.value <= 6:
            return _new(
                State,
                (
                    state.board,
                    state.players,
                    state.pawns,
                    state.barricades,
                    state.turn,
                    Phase.MOVE,
                    action.value,
                    state.options,
                    False,
                ),
            )
        raise _illegal(state, action, f"{state.current} must roll the die (d1 to d6)")
    if phase is Phase.PLACE:
        if isinstance(action, Place):
            if not _is_legal_place(state, action.field):
                raise _illegal(
                    state,
                    action,
                    "a barricade may only go on an empty field, not on the goal, a rest field or a protected row",
                )
            return _end_of_turn(state, state.pawns, state.barricades | 1 << action.field, state.moves_again)
        raise _illegal(state, action, f"{state.current} must put the captured barricade on a field")
    raise _illegal(state, action, "the game is over")


def _apply_move(state: State, move: Move) -> State:
    b = state.board
    end = move.end
    me = state.turn
    pawns = list(state.pawns)
    for i, theirs in enumerate(pawns):
        if end in theirs:  # a capture: that pawn goes home (or to the forest from the village)
            victims = list(theirs)
            victims[victims.index(end)] = FOREST if end in b.village else HOUSE
            victims.sort()
            pawns[i] = tuple(victims)
            break
    mine = list(pawns[me])
    mine[mine.index(move.start)] = end
    mine.sort()
    pawns[me] = tuple(mine)
    new_pawns = tuple(pawns)
    if end == b.goal:
        return State(b, state.players, new_pawns, state.barricades, me, Phase.OVER, None, state.options)
    bit = 1 << end
    if state.barricades & bit:
        return State(
            b,
            state.players,
            new_pawns,
            state.barricades & ~bit,
            me,
            Phase.PLACE,
            None,
            state.options,
            state.moves_again,
        )
    return _end_of_turn(state, new_pawns, state.barricades, state.moves_again)


def check_pawns(b: Board, players: Sequence[Colour], pawns: Sequence[Sequence[Field]], barricades: int) -> None:
    """The checks of :func:`check_position` that name a pawn, in the order ``pawns`` lists them
    (a reader passes its input's order, so a message names the input's own index).

    Raises:
        InvalidPositionError: for a wrong number of pawns, a forest the board lacks, a location that is
            not a field, two pawns on one field, or a pawn on a barricade.
    """
    seen: dict[Field, str] = {}
    for colour, own in zip(players, pawns, strict=True):
        if len(own) != b.pawns_per_player:
            raise InvalidPositionError(
                f"pawns.{colour}: the {b.name} board has {b.pawns_per_player} pawns per player, got {len(own)}"
            )
        for i, f in enumerate(own):
            where = f"pawns.{colour}[{i}]"
            if f == FOREST and b.forest is None:
                raise InvalidPositionError(f"{where}: the {b.name} board has no forest")
            if f < 0:
                continue
            if f not in b.fields:
                raise InvalidPositionError(f"{where}: {location_name(f)} is not a field of the {b.name} board")
            if f in seen:
                raise InvalidPositionError(f"{where}: field {location_name(f)} already holds a pawn ({seen[f]})")
            seen[f] = where
            if barricades >> f & 1:
                raise InvalidPositionError(f"{where}: field {location_name(f)} holds a barricade")


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
            raise InvalidPositionError(f"turn: in phase over, the winner {state.current} must have a pawn on the goal")
    elif at_goal:
        raise InvalidPositionError(f"pawns.{at_goal[0]}: a pawn on the goal ends the game (phase must be over)")
    expected = b.barricade_count - (state.phase is Phase.PLACE)
    count = bin(state.barricades).count("1")
    if count != expected:
        raise InvalidPositionError(
            f"barricades: expected {expected} on the {b.name} board in phase {state.phase}, got {count}"
        )
    protected = b.protected_rows(state.options.protect_two_rows)
    for f in state.barricade_fields:
        if f == b.goal or f in b.rest_fields or f >> 5 in protected:
            raise InvalidPositionError(f"barricades: no barricade may stand on {location_name(f)}")
    if (state.roll is None) == (state.phase is Phase.MOVE):
        raise InvalidPositionError(f"roll: must be a number 1 to 6 in phase move and null otherwise, got {state.roll}")
    if state.roll_again and (state.phase is not Phase.PLACE or not state.options.extra_roll_on_six):
        raise InvalidPositionError("roll_again: only in phase place with the extra_roll_on_six option")


def route(state: State, move: Move) -> list[Field]:
    """The fields a legal ``move`` steps on, in order, its end included (for animation).

    When several routes are legal, the first in board order is given.

    Raises:
        IllegalActionError: if ``move`` is not legal in ``state``.
    """
    if state.phase is not Phase.MOVE or not _is_legal_move(state, move):
        raise _illegal(state, move, "not a legal move here")
    b = state.board
    roll = state.roll
    assert roll is not None
    if move.start == HOUSE:
        first = b.exits[state.current]
    elif move.start == FOREST:
        assert b.forest_exit is not None
        first = b.forest_exit
    else:
        first = -1
    barricades = state.barricades

    def walk(path: list[Field]) -> list[Field] | None:
        here = path[-1]
        if len(path) == roll + (first < 0):
            return path if here == move.end else None
        if barricades >> here & 1 and len(path) > (first < 0):
            return None
        for n in b.neighbours[here]:
            if n not in path:
                found = walk([*path, n])
                if found:
                    return found
        return None

    if first >= 0:
        found = None if roll > 1 and barricades >> first & 1 else walk([first])
        if roll == 1:
            found = [first] if first == move.end else None
    else:
        found = walk([move.start])
        found = found[1:] if found else None
    assert found is not None, "a legal move has a route"
    return found
