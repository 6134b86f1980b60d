"""The rules of Mensch ärgere Dich nicht (Schmidt Spiele), with its optional variants.

States are immutable; :func:`legal_actions` is the one source of legality and :func:`apply` acts only on
what it lists; :func:`effects` tells what an action did (for the words, the animation and the statistics);
whether a position can occur is :mod:`.check`'s. A turn is a sequence of steps, each an action:

1. ``Roll(n)``: the die (a chance step, recorded like any other action);
2. a :class:`~malefiz.games.maedn.state.Move`, or the single ``PASS`` when the roll allows none;
3. after a 6 (and under the three-rolls option after a missed try) the same
   colour rolls again, otherwise the next colour clockwise does.

The readings follow ``RULES.md`` ("how the open questions are read"):

- Duties of a colour, in this order: while own pieces wait on B, the piece on
  the A field must leave it with any roll whenever it can; then a 6 must bring
  a piece from B onto A (capturing an opponent there); then free choice. A duty
  that cannot be met lapses.
- A roll beyond goal field d cannot be used by that piece; goal pieces move up
  by exact count and never leave the goal; no colour enters another's goal.
- Every 6 gives another roll, even one that allowed no move, but not the 6 that
  brings the last piece of the colour whose turn it is home (then the turn
  passes), nor one after which that colour has nothing left to move.
- Forced capture changes no list of legal moves: a move that does not capture while a capture was
  among them sends the piece that could have captured back to B (:func:`penalty`).
- The neutral colour (three players on the cross): for each roll the player to
  act may move his own colour or the neutral one, each with its own duties; the
  moves of both are listed. A player whose colour is home keeps taking turns to
  move neutral pieces until they are home too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...core.actions import PASS, ROLLS, Roll
from ...core.effects import NONE, Effects, Sent
from ...core.errors import InvalidPositionError, illegal, illegal_at_end, not_a_position
from ...core.options import OptionsArg
from .board import PIECES, field_name, way
from .board import board as get_board
from .state import (
    DEFAULT_OPTIONS,
    Action,
    B,
    ColourMoves,
    Move,
    Options,
    Phase,
    Seating,
    State,
    seating,
)

__all__ = [
    "SEAT_COLOURS",
    "apply",
    "captures",
    "could_move",
    "effects",
    "legal_actions",
    "legal_moves",
    "may_roll_three_times",
    "new_game",
    "penalty",
    "seat_colours",
    "stopped",
]

SEAT_COLOURS: Final[dict[str, dict[int, tuple[int, ...]]]] = {
    "cross": {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)},
    "star": {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4), 6: (0, 1, 2, 3, 4, 5)},
}
"""Per board and number of players, the board indices of the colours they play (spread around the board)."""


def seat_colours(board_name: str, players: int) -> tuple[str, ...]:
    """The colours ``players`` players of one colour each play on ``board_name``, clockwise from yellow.

    Raises:
        InvalidPositionError: for an unknown board or a player count it does not take.
    """
    b = get_board(board_name)
    counts = SEAT_COLOURS[b.name]
    if players not in counts:
        raise InvalidPositionError(f"players: the {b.name} board takes 2 to {len(b.colours)} players, got {players}")
    return tuple(b.colours[i] for i in counts[players])


def new_game(
    board: str = "cross",
    players: int | Sequence[str] = 2,
    options: OptionsArg = DEFAULT_OPTIONS,
    first: str | None = None,
    *,
    two_colours: bool = False,
    neutral: bool = False,
) -> State:
    """The starting position: every colour in play has one piece on its A field and three on B.

    ``players``: how many, each then playing the usual colour (spread round the board,
    see :func:`seat_colours`), or the players' (first) colours in seat order.
    ``first`` (default: the first seat's first colour) rolls first (the rules'
    "highest roll starts" is decided before the game). ``two_colours``: two players
    on the cross, each playing two opposite colours (by default yellow and red
    against green and black; given colours play the colour opposite them too).
    ``neutral``: three players on the cross, and the colour nobody plays (by default
    black) neutral.

    Raises:
        InvalidPositionError: for an unknown board or colour, a player count or seat form the
            board does not take, or a ``first`` colour that nobody plays.
    """
    b = get_board(board)
    options = Options.coerce(options)
    if two_colours and neutral:
        raise InvalidPositionError.keyed("error.md_forms")
    if isinstance(players, str):
        raise InvalidPositionError(f"players: expected a number or a list of colours, got {players!r}")
    colours: tuple[str, ...] | None = None
    if isinstance(players, int):
        count = players
    else:
        colours = tuple(players)
        count = len(colours)
    arms = len(b.colours)
    if two_colours:
        if b.name != "cross" or count != 2:
            raise InvalidPositionError.keyed("error.md_two_colours_count")
        own = colours if colours is not None else ("yellow", "green")
        for c in own:
            b.colour_index(c)
        seats: tuple[tuple[str, ...], ...] = tuple((c, b.colours[(b.colour_index(c) + arms // 2) % arms]) for c in own)
        neutral_colour = None
    elif neutral:
        if b.name != "cross" or count != 3:
            raise InvalidPositionError.keyed("error.md_neutral_count")
        seats = tuple((c,) for c in (colours if colours is not None else ("yellow", "green", "red")))
        free = [c for c in b.colours if c not in {s[0] for s in seats}]
        neutral_colour = free[0] if len(free) == 1 else None
    else:
        seats = tuple((c,) for c in (colours if colours is not None else seat_colours(b.name, count)))
        neutral_colour = None
    se = seating(b, seats, neutral_colour)
    if first is None:
        first = seats[0][0]
    if first not in se.slot_of or first == neutral_colour:
        raise InvalidPositionError(f"first: {first!r} is not played by any seat")
    start = (B,) * (PIECES - 1) + (0,)
    return State(se, (start,) * len(se.colours), se.slot_of[first], Phase.ROLL, None, 1, (), options)


# ---------------------------------------------------------------------------------------------
# Legal moves


_ROLL: Final = Phase.ROLL
_MOVE: Final = Phase.MOVE
_OVER: Final = Phase.OVER


def _occupancy(se: Seating, pieces: tuple[tuple[int, ...], ...]) -> tuple[dict[int, int], set[int]]:
    """The slot of the piece(s) on each occupied track field (by track index), and the barrier fields."""
    length = se.length
    owner: dict[int, int] = {}
    barriers: set[int] = set()
    for slot, places in enumerate(pieces):
        fields = se.fields[slot]
        for p in places:
            if 0 <= p < length:
                f = fields[p]
                if f in owner:
                    barriers.add(f)
                else:
                    owner[f] = slot
    return owner, barriers


def _simple_moves(mine: tuple[int, ...], roll: int, moves: ColourMoves, length: int, no_jump: bool) -> tuple[Move, ...]:
    """A colour's moves when no option that looks at other colours is on: they depend on its own pieces alone."""
    steps = moves.forward[roll]
    if mine[0] < 0:  # pieces wait on B
        if mine[-1] < 0:  # all of them
            return (moves.entry,) if roll == 6 else ()
        if 0 in mine:  # the piece on A must leave A
            if roll not in mine:
                return (steps[0],)  # type: ignore[return-value]  # 0 + roll never passes goal field d
        elif roll == 6:
            return (moves.entry,)
    found: list[Move] = []
    for p in mine:  # without barriers no two pieces share a field; steps[B] is None (B is -1, the last place)
        m = steps[p]
        if m is not None:
            q = p + roll
            if q not in mine:
                if no_jump and q > length:
                    low = p + 1 if p >= length else length
                    if any(low <= g < q for g in mine):
                        continue
                found.append(m)
    return tuple(found)


def _full_moves(state: State, slot: int, roll: int, occupancy: tuple[dict[int, int], set[int]]) -> list[Move]:
    """A colour's moves under the options that look at other colours (barriers, backward capture)."""
    se = state.seating
    options = state.options
    length = se.length
    mine = state.pieces[slot]
    start = se.starts[slot]
    tables = se.moves[slot]
    owner, barriers = occupancy
    use_barriers = options.barriers
    no_jump = options.no_jump_in_goal

    fields = se.fields[slot]

    def passes_barrier(low: int, high: int) -> bool:
        """True if a barrier stands on a track place strictly between ``low`` and ``high``."""
        if not (use_barriers and barriers):
            return False
        return any(fields[p] in barriers for p in range(low + 1, min(high, length)))

    def forward(p: int) -> Move | None:
        """The forward move from place ``p``, if the goal, the barriers and the own pieces allow it."""
        m = tables.forward[roll][p]
        if m is None:
            return None
        q = p + roll
        if q >= length:
            if q in mine or passes_barrier(p, q):
                return None
            if no_jump:
                low = p + 1 if p >= length else length
                if any(low <= g < q for g in mine):
                    return None
            return m
        if use_barriers:
            if fields[q] in barriers or passes_barrier(p, q):
                return None
            return m  # an own piece there makes a barrier, another colour's is captured
        return None if q in mine else m

    waiting = mine[0] < 0
    if waiting and 0 in mine:  # the piece on A must leave A
        m = forward(0)
        if m is not None:
            return [m]
        if roll == 6:
            waiting = False  # A is taken by an own piece: nobody enters
    if roll == 6 and waiting and start not in barriers:
        return [tables.entry]
    found: list[Move] = []
    previous = B
    for p in mine:
        if p == previous:
            continue
        previous = p
        m = forward(p)
        if m is not None:
            found.append(m)
        if options.backward_capture and p < length:
            back = tables.backward[roll][p]
            if back is not None:
                f = fields[back.end]
                victim = owner.get(f)
                if victim is not None and victim != slot and f not in barriers and not passes_barrier(back.end, p):
                    found.append(back)
    return found


_last: tuple[State | None, tuple[Move, ...]] = (None, ())
"""The last state whose moves were generated, and its moves (so ``apply`` after ``legal_actions`` is cheap)."""


def legal_moves(state: State) -> tuple[Move, ...]:
    """The distinct moves of the player to act in phase MOVE (empty when he must pass, or in another phase).

    With a neutral colour, the moves of the player's own colour come first, then the neutral colour's.
    """
    last_state, last_moves = _last
    if state is last_state:
        return last_moves
    return _generate(state)


def _generate(state: State) -> tuple[Move, ...]:
    """The moves of :func:`legal_moves`, generated (and remembered as the last ones)."""
    global _last
    se, pieces, turn, phase, roll, _, _, options = state
    if phase is not _MOVE:
        return ()
    assert roll is not None
    if options.barriers or options.backward_capture:
        occupancy = _occupancy(se, pieces)
        moves = _full_moves(state, turn, roll, occupancy)
        if se.neutral_slot >= 0:
            moves += _full_moves(state, se.neutral_slot, roll, occupancy)
        found = tuple(moves)
    else:
        found = _simple_moves(pieces[turn], roll, se.moves[turn], se.length, options.no_jump_in_goal)
        n = se.neutral_slot
        if n >= 0:
            found += _simple_moves(pieces[n], roll, se.moves[n], se.length, options.no_jump_in_goal)
    _last = (state, found)
    return found


def stopped(state: State, colour: str, place: int) -> str:
    """Why ``colour``'s piece on ``place`` (:data:`B` or below for one waiting) has no move, ``colour`` being one the
    player to move moves now (phase MOVE): the first rule that stops it, ``house`` (a waiting piece leaves B only
    with a 6), ``clear_a`` (the piece on A must leave it while pieces wait on B), ``enter`` (with a 6 a waiting
    piece must come out), ``past`` (the roll goes past goal field d), ``own`` (an own piece stands where it would
    end), ``jump`` (it would jump over an own piece in the goal, an option), ``barrier`` (a barrier stands on its
    way or where it would end, an option), or ``other`` (none of these); ``""`` when it has a move.

    >>> from .notation import parse_position
    >>> waiting = parse_position("maedn cross y:0,B,B,B r:B,B,B,B y3")
    >>> stopped(waiting, "yellow", B), stopped(waiting, "yellow", 0)
    ('house', '')
    """
    moves = legal_moves(state)
    if state.phase is not _MOVE or any(
        m.colour == colour and (m.start == place or (m.start < 0 and place < 0)) for m in moves
    ):
        return ""
    slot = state.seating.slot_of[colour]
    mine = state.pieces[slot]
    roll = state.roll
    assert roll is not None
    waiting = mine[0] < 0
    own = [m for m in moves if m.colour == colour]
    if place < 0:
        return "house" if roll != 6 else "clear_a" if 0 in mine else "other"
    if waiting and any(m.start == 0 for m in own):
        return "clear_a"
    if waiting and any(m.start < 0 for m in own):
        return "enter"
    if state.seating.moves[slot].forward[roll][place] is None:
        return "past"
    end = place + roll
    if end in mine:
        return "own"
    length = state.seating.length
    if state.options.no_jump_in_goal and end > length and any(max(place + 1, length) <= g < end for g in mine):
        return "jump"
    return "barrier" if state.options.barriers else "other"


def legal_actions(state: State) -> list[Action]:
    """Every action that may be applied to ``state``: the one source of legality.

    Phase ROLL: the six faces of the die (the interned ``ROLLS``); MOVE: every
    distinct move, or ``[PASS]`` when there is none; OVER: nothing.
    """
    phase = state.phase
    if phase is _MOVE:
        last_state, moves = _last
        if state is not last_state:
            moves = _generate(state)
        return list(moves) if moves else [PASS]
    if phase is _ROLL:
        return list(ROLLS)
    if phase is not _OVER:
        raise not_a_position("Mensch ärgere Dich nicht", state)
    return []


# ---------------------------------------------------------------------------------------------
# Applying actions


_new = tuple.__new__  # builds a State without the named tuple's argument handling (hot path)


def apply(state: State, action: Action) -> State:
    """The state after ``action``.

    Raises:
        IllegalActionError: if ``action`` is not among ``legal_actions(state)``;
            the message names the action, the reason and the position.
    """
    phase = state.phase
    if phase is _ROLL:
        if type(action) is Roll:
            value = action.value
            if type(value) is int and 0 < value < 7:  # one of ROLLS
                se, pieces, turn, _, _, attempt, finished, options = state
                return _new(State, (se, pieces, turn, _MOVE, value, attempt, finished, options))
        raise illegal(state, action, "error.part.must_roll", colour=state.current)
    if phase is _MOVE:
        last_state, moves = _last
        if state is not last_state:
            moves = _generate(state)
        for m in moves:  # moves are interned: identity first, equality below
            if m is action:
                return _apply_move(state, m)
        if action in moves:
            assert isinstance(action, Move)
            return _apply_move(state, action)
        if action == PASS:
            if not moves:
                return _apply_pass(state)
            raise illegal(state, action, "error.part.may_not_pass", colour=state.current, roll=state.roll)
        if isinstance(action, Move):
            listed = " ".join(map(str, moves)) or "pass"
            raise illegal(state, action, "error.part.md_not_among", roll=state.roll, moves=listed)
        raise illegal(state, action, "error.part.md_must_move", colour=state.current, roll=state.roll)
    raise illegal_at_end(state, action, phase is _OVER, "Mensch ärgere Dich nicht")


def captures(state: State, m: Move) -> str | None:
    """The colour whose piece ``m`` captures in ``state`` (phase MOVE), or None.

    ``m`` is assumed legal; an own piece on its end forms a barrier and is not captured.
    """
    se = state.seating
    if m.end >= se.length:
        return None
    pieces = state.pieces
    for other, rel in se.probes[se.slot_of[m.colour]][m.end]:
        if rel in pieces[other]:
            return se.colours[other]
    return None


def penalty(state: State, m: Move) -> tuple[str, int] | None:
    """The piece the forced-capture option sends back to B when ``m`` is made in ``state``: (colour, place).

    None unless forced capture is on, ``m`` does not capture and a capture was
    among the legal moves. Of several pieces that could have captured, the one
    that has come furthest (highest place; on a tie, the player's own colour
    before the neutral one) goes back; if that is the piece that moved, it goes
    back from the place where it arrived (its twin on a barrier stays the one
    that could have captured and goes back instead). A piece that could have
    captured only by entering from B is already there: no penalty.

    Raises:
        IllegalActionError: if ``m`` is not a legal move in ``state``.
    """
    moves = legal_moves(state)
    if m not in moves:
        raise illegal(state, m, "error.part.not_legal")
    if not state.options.forced_capture or captures(state, m) is not None:
        return None
    best: Move | None = None
    for candidate in moves:
        if (best is None or candidate.start > best.start) and captures(state, candidate) is not None:
            best = candidate
    if best is None or best.start < 0:
        return None
    if best.colour == m.colour and best.start == m.start and state.pieces_of(m.colour).count(m.start) < 2:
        return m.colour, m.end
    return best.colour, best.start


def effects(before: State, action: Action) -> Effects:
    """What ``action`` does in ``before``, worked out once: for a move, the fields it walks (see
    :func:`~malefiz.games.maedn.board.way`), the piece it captures, the piece forced capture sends
    back (:func:`penalty`), whether it enters a goal field from the track, and the colour whose last
    piece it brings home; a roll or a pass does nothing of the kind (:data:`~malefiz.core.effects.NONE`).

    Raises:
        IllegalActionError: for a move that is not legal in ``before``.
    """
    if not isinstance(action, Move):
        return NONE
    colour, start, end = action.colour, action.start, action.end
    victim = captures(before, action)
    sent = penalty(before, action)
    mine = list(before.pieces_of(colour))
    mine[mine.index(start)] = end
    if sent is not None and sent[0] == colour:
        mine[mine.index(sent[1])] = B
    length = before.seating.length
    walked = way(before, action)
    punished = None if sent is None else Sent(sent[0], field_name(before, *sent))
    return Effects(
        route=walked,
        capture=None if victim is None else Sent(victim, field_name(before, colour, end)),
        penalty=punished,
        goal=0 <= start < length <= end,
        finished=colour if min(mine) >= length > min(before.pieces_of(colour)) else None,
        trail=walked if punished is None else (*walked, punished.key),
    )


def _replace(places: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    changed = list(places)
    changed[changed.index(old)] = new
    changed.sort()
    return tuple(changed)


def _apply_move(state: State, m: Move) -> State:
    se, old, turn, _, roll, _, finished, options = state
    length = se.length
    slot = se.slot_of[m.colour]
    end = m.end
    mine = list(old[slot])
    mine[mine.index(m.start)] = end
    mine.sort()
    pieces = list(old)
    pieces[slot] = tuple(mine)
    captured = False
    if end < length:
        for other, rel in se.probes[slot][end]:
            places = old[other]
            if rel in places:
                pieces[other] = _replace(places, rel, B)
                captured = True
                break
    if not captured and options.forced_capture:
        sent = penalty(state, m)
        if sent is not None:
            victim = se.slot_of[sent[0]]
            pieces[victim] = _replace(pieces[victim], sent[1], B)
    if pieces[slot][0] >= length:  # the colour's last piece came home
        again = roll == 6
        if slot == se.neutral_slot:  # placing order: the mover first (when home), then clockwise from him
            count = len(se.colours)
            finished = tuple(sorted(finished, key=lambda s: (s - turn) % count))
        else:
            finished = (*finished, slot)
            if slot == turn:
                again = False
        return _next(state, tuple(pieces), finished, again)
    if se.neutral_slot >= 0:
        return _next(state, tuple(pieces), finished, roll == 6)
    if roll == 6:
        return _new(State, (se, tuple(pieces), turn, _ROLL, None, 1, finished, options))
    following = se.following
    nxt = following[turn]
    while nxt in finished:
        nxt = following[nxt]
    return _new(State, (se, tuple(pieces), nxt, _ROLL, None, 1, finished, options))


def _apply_pass(state: State) -> State:
    se, pieces, turn, _, roll, attempt, finished, options = state
    if roll == 6:
        return _new(State, (se, pieces, turn, _ROLL, None, 1, finished, options))
    if attempt < 3 and options.three_rolls and may_roll_three_times(state):
        return _new(State, (se, pieces, turn, _ROLL, None, attempt + 1, finished, options))
    if se.neutral_slot >= 0:
        return _next(state, pieces, finished, False)
    following = se.following
    nxt = following[turn]
    while nxt in finished:
        nxt = following[nxt]
    return _new(State, (se, pieces, nxt, _ROLL, None, 1, finished, options))


def movers(state: State) -> frozenset[str]:
    """The colours whose pieces the player to act may move: their own, and the neutral one while it is in play.

    >>> from .notation import parse_position
    >>> sorted(movers(parse_position("maedn cross y:0,B,B,B r:B,B,B,B y3")))
    ['yellow']
    """
    se = state.seating
    if se.neutral is not None and neutral_in_play(se, state.pieces):
        return frozenset((state.current, se.neutral))
    return frozenset((state.current,))


def neutral_in_play(se: Seating, pieces: tuple[tuple[int, ...], ...]) -> bool:
    """Whether the neutral colour (three on the cross) still has a piece to bring home."""
    n = se.neutral_slot
    return n >= 0 and pieces[n][0] < se.length


def unplaced_seats(se: Seating, finished: tuple[int, ...], neutral_active: bool) -> int:
    """How many seats are not placed yet."""
    if neutral_active:
        return len(se.seats)
    return sum(1 for slots in se.seat_slots if not all(s in finished for s in slots))


def _next(state: State, pieces: tuple[tuple[int, ...], ...], finished: tuple[int, ...], again: bool) -> State:
    """The state after a move or pass: the same colour rolls again, the next colour rolls, or the game is over."""
    se = state.seating
    turn = state.turn
    n = se.neutral_slot
    neutral_active = neutral_in_play(se, pieces)
    if (finished is not state.finished or (n >= 0 and pieces[n] is not state.pieces[n])) and unplaced_seats(
        se, finished, neutral_active
    ) <= 1:
        return _new(State, (se, pieces, turn, _OVER, None, 1, finished, state.options))
    if again and (neutral_active or turn not in finished):
        return _new(State, (se, pieces, turn, _ROLL, None, 1, finished, state.options))
    following = se.following
    nxt = following[turn]
    if not neutral_active:
        while nxt in finished:
            nxt = following[nxt]
    return _new(State, (se, pieces, nxt, _ROLL, None, 1, finished, state.options))


# ---------------------------------------------------------------------------------------------
# Three rolls


def could_move(state: State, slot: int) -> bool:
    """True if the colour in ``slot`` has a piece on the track (A included) or a goal piece that could move up.

    A goal piece could move up if a goal field beyond it is free (under "no
    jumping in the goal": the next one). This decides the three-rolls option.
    """
    mine, length = state.pieces[slot], state.seating.length
    last = length + 3
    for p in mine:
        if 0 <= p < length:
            return True
        if p >= length:
            if state.options.no_jump_in_goal:
                if p < last and p + 1 not in mine:
                    return True
            elif any(g not in mine for g in range(p + 1, last + 1)):
                return True
    return False


def may_roll_three_times(state: State) -> bool:
    """True if the colour to act rolls up to three times for a 6 (the three-rolls option).

    It may when neither its own colour nor the neutral one (when there is one)
    could move (:func:`could_move`); positions do not change between the tries
    of a series, so this is the same before every try.
    """
    if not state.options.three_rolls:
        return False
    n = state.seating.neutral_slot
    return not could_move(state, state.turn) and (n < 0 or not could_move(state, n))
