"""The rules of Malefiz, classic and fast board (German: *Spielregeln*).

States are immutable; :func:`legal_actions` and :func:`apply` are the whole
contract. A turn is three kinds of step, each an action of its own:

1. ``Roll(n)``: the die (a chance step, recorded like any other action, so a
   test or a replay can force any roll);
2. ``Move(start, end)`` or the single ``Pass`` when the roll allows no move;
3. ``Place(field)``: only after a move ended on a barricade, to put it back.

The readings of the rules follow ``RULES.md``; the positions, actions and
options (:class:`~.state.Options`: the variants a player can choose before a
game) are in :mod:`.state`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ...core.actions import PASS, ROLLS, Pass, Roll
from ...core.document import quote
from ...core.effects import NONE, Effects, Sent
from ...core.errors import InvalidPositionError, illegal_at_end, not_a_position
from ...core.errors import illegal as _illegal
from ...core.options import OptionsArg
from .board import COLOURS, FOREST, HOUSE, Board, Colour, Field, location_name
from .board import board as board_named
from .state import DEFAULT_OPTIONS, Action, Move, Options, Phase, Place, State

__all__ = [
    "SEAT_COLOURS",
    "apply",
    "effects",
    "legal_actions",
    "new_game",
    "route",
    "stopped",
    "unplaceable",
    "unreachable",
]


SEAT_COLOURS: Final[dict[int, tuple[Colour, ...]]] = {
    2: ("red", "yellow"),
    3: ("red", "green", "yellow"),
    4: COLOURS,
}
"""The colours in play by number of seats (two players sit opposite)."""


def new_game(
    board: str = "classic",
    players: int | Sequence[Colour] = 2,
    options: OptionsArg = DEFAULT_OPTIONS,
    first: Colour | None = None,
) -> State:
    """The starting position: pawns in their houses, barricades on their fields.

    ``players`` is the number of players (their colours from :data:`SEAT_COLOURS`)
    or the colours in turn order; ``first`` (default: the first of them) makes
    the first move. ``options``: an :class:`~.state.Options`, or the names of
    those on (a list, or a mapping to true and false).

    >>> new_game("fast", 3).players
    ('red', 'green', 'yellow')
    >>> new_game("classic", ["blue", "red"], first="red").current
    'red'

    Raises:
        InvalidPositionError: for fewer than 2 or more than 4 players, an unknown
            or repeated colour, an unknown board or option, or a ``first`` not in play.
    """
    b = board_named(board)
    options = Options.coerce(options)
    if isinstance(players, str):
        raise InvalidPositionError(f"players: expected a number or a list of colours, got {players!r}")
    if isinstance(players, int):
        if players not in SEAT_COLOURS:
            raise InvalidPositionError(f"players: Malefiz is for 2 to 4 players, got {players}")
        seats = SEAT_COLOURS[players]
    else:
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
    if phase is not Phase.OVER:
        raise not_a_position("Malefiz", state)
    return []


def stopped(state: State, start: Field) -> str:
    """Why the player to move (phase MOVE) has no move from ``start``, where a pawn of theirs stands: ``barricade``
    (barricades stand on every way of the roll's steps) or ``taken`` (every field the roll reaches holds a pawn of
    their own that is protected, or is a rest field with a pawn on it); ``""`` when it has a move, or no pawn of
    theirs is there.

    >>> from .notation import parse_location, parse_position
    >>> closed = parse_position("fast r:2.4,3.7,h,h y:7.4,7.7,7.8,h x:5.1,5.2,4.3,6.3,8.3,4.4 r6")
    >>> stopped(closed, parse_location("2.4")), stopped(closed, parse_location("3.7"))
    ('barricade', '')
    >>> rests = "fast r:7.2,5.5,2.7,f y:5.4,9.7,h,h x:5.1,2.3,3.3,6.3,7.3,8.3 r"
    >>> stopped(parse_position(rests + "1"), FOREST), stopped(parse_position(rests + "3"), FOREST)
    ('taken', '')
    """
    if state.phase is not Phase.MOVE or start not in state.pawns[state.turn]:
        return ""
    assert state.roll is not None
    reach = _tables(state.board, state.players[state.turn])[start][state.roll]
    ends = reach.moves(state.barricades)[1]
    if any(not _blocked(state, end) for end in ends):
        return ""
    if ends:
        return "taken"
    return "barricade" if reach.moves(0)[0] else ""


def unreachable(state: State, start: Field, f: Field) -> str:
    """Why the pawn of the player to move (phase MOVE) on ``start`` may not go to field ``f`` with the roll:
    ``own`` (a way of the roll's steps ends there, on an own pawn that is protected), ``rest`` (on a rest field with
    a pawn on it), ``barricade`` (such a way is there only over a barricade) or ``steps`` (no way of exactly that
    many steps ends there); ``""`` when it may, or no pawn of theirs is on ``start``, or ``f`` is no field.

    >>> from .notation import parse_location as at, parse_position
    >>> closed = parse_position("fast r:2.4,3.7,h,h y:7.4,7.7,7.8,h x:5.1,5.2,4.3,6.3,8.3,4.4 r6")
    >>> [unreachable(closed, at(a), at(b)) for a, b in (("2.4", "4.2"), ("2.4", "3.3"), ("3.7", "7.4"))]
    ['barricade', 'steps', '']
    >>> rests = parse_position("fast r:7.2,5.5,2.7,f y:5.4,9.7,h,h x:5.1,2.3,3.3,6.3,7.3,8.3 r1")
    >>> own = parse_position("fast r:7.1,6.1,2.7,f y:5.4,9.7,h,h x:5.1,2.3,3.3,6.3,7.3,8.3 r1 +own")
    >>> unreachable(rests, FOREST, at("5.5")), unreachable(own, at("7.1"), at("6.1"))
    ('rest', 'own')
    """
    b = state.board
    if state.phase is not Phase.MOVE or start not in state.pawns[state.turn] or f not in b.fields:
        return ""
    assert state.roll is not None
    reach = _tables(b, state.players[state.turn])[start][state.roll]
    if f in reach.moves(state.barricades)[1]:
        if not _blocked(state, f):
            return ""
        return "rest" if f in b.rest_fields else "own"
    return "barricade" if f in reach.moves(0)[1] else "steps"


def unplaceable(state: State, f: Field) -> str:
    """Why the barricade taken (phase PLACE) may not go on field ``f``: ``goal``, ``rest`` (a rest field), ``row``
    (the bottom row, or ``rows``: the bottom two with the option), ``barricade`` or ``pawn`` (one stands there);
    ``""`` when it may, or ``f`` is no field.

    >>> from .notation import parse_location, parse_position
    >>> s = parse_position("fast r:4.3,h,h,h y:h,h,h,h x:5.1,5.2,6.3,3.4,7.4 r!")
    >>> [unplaceable(s, parse_location(name)) for name in ("5.0", "2.4", "9.8", "4.3", "5.1", "3.3")]
    ['goal', 'rest', 'row', 'pawn', 'barricade', '']
    """
    b = state.board
    if state.phase is not Phase.PLACE or f not in b.fields or _is_legal_place(state, f):
        return ""
    if f == b.goal:
        return "goal"
    if f in b.rest_fields:
        return "rest"
    if f >> 5 in b.protected_rows(state.options.protect_two_rows):
        return "rows" if state.options.protect_two_rows else "row"
    return "barricade" if state.barricades >> f & 1 else "pawn"


_new = tuple.__new__  # builds a State without the named tuple's argument handling (hot path)


def _end_of_turn(state: State, pawns: tuple[tuple[Field, ...], ...], barricades: int, again: bool) -> State:
    turn = state.turn if again else (state.turn + 1) % len(state.players)
    return _new(State, (state.board, state.players, pawns, barricades, turn, Phase.ROLL, None, state.options, False))


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
                raise _illegal(state, action, "error.part.mf_no_pawn", colour=state.current, roll=state.roll)
            return _apply_move(state, action)
        if isinstance(action, Pass):
            if _moves(state):
                raise _illegal(state, action, "error.part.may_not_pass", colour=state.current, roll=state.roll)
            return _end_of_turn(state, state.pawns, state.barricades, state.moves_again)
        raise _illegal(state, action, "error.part.mf_must_move", colour=state.current, roll=state.roll)
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
        raise _illegal(state, action, "error.part.must_roll", colour=state.current)
    if phase is Phase.PLACE:
        if isinstance(action, Place):
            if not _is_legal_place(state, action.field):
                raise _illegal(state, action, "error.part.mf_bad_place")
            return _end_of_turn(state, state.pawns, state.barricades | 1 << action.field, state.moves_again)
        raise _illegal(state, action, "error.part.mf_must_place", colour=state.current)
    raise illegal_at_end(state, action, phase is Phase.OVER, "Malefiz")


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


def effects(before: State, action: Action) -> Effects:
    """What ``action`` does in ``before`` (see :mod:`malefiz.core.effects`), places named by their page keys
    (a location's name in the notation: ``2.13``, ``h``, ``f``).

    A move: its ``route`` (its start, then every field it steps on; see :func:`route`), the pawn it sends
    back (``capture``: its colour and the end field; one's own pawn too, as the rules allow), the barricade
    it takes (``barricade_taken``: the end field), and whether it reaches the goal (``goal``, and the mover
    as ``finished``: the winner). A placement: the field it puts the barricade on (``barricade_placed``).
    A roll or a pass: :data:`~malefiz.core.effects.NONE`.

    >>> from .notation import parse_action, parse_position
    >>> x = "8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11"
    >>> before = parse_position(f"classic r:h,h,h,h,h y:4.13,h,h,h,h x:{x} r3")
    >>> found = effects(before, parse_action("h-4.13"))
    >>> found.route, found.capture, found.barricade_taken
    (('h', '2.13', '3.13', '4.13'), Sent(colour='yellow', key='4.13'), None)

    ``action`` must be legal in ``before``: legality is decided once, by the click that chose it from
    :func:`legal_actions` and by :func:`apply`; this does not look again.
    """
    if isinstance(action, Move):
        end = action.end
        victim = before.occupant(end)
        name = location_name(end)
        goal = end == before.board.goal
        steps = tuple(location_name(f) for f in _route(before, action))
        return Effects(
            route=(location_name(action.start), *steps),
            trail=steps,
            capture=Sent(victim, name) if victim is not None else None,
            barricade_taken=name if before.barricades >> end & 1 else None,
            goal=goal,
            finished=before.current if goal else None,
        )
    if isinstance(action, Place):
        return Effects(barricade_placed=location_name(action.field), trail=(location_name(action.field),))
    return NONE


def route(state: State, move: Move) -> list[Field]:
    """The fields a legal ``move`` steps on, in order, its end included (for animation).

    When several routes are legal, the first in board order is given.

    Raises:
        IllegalActionError: if ``move`` is not legal in ``state``.
    """
    if state.phase is not Phase.MOVE or not _is_legal_move(state, move):
        raise _illegal(state, move, "error.part.not_legal")
    return _route(state, move)


def _route(state: State, move: Move) -> list[Field]:
    """:func:`route` of a move known to be legal (no second look at its legality)."""
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
