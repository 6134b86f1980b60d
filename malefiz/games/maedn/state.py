"""Positions of Mensch ärgere Dich nicht, its actions and options (:mod:`.notation` writes and reads them as
one line of text).

A piece's *place* counts from its own colour's A field: 0 is the A field,
``L - 1`` the last track field before its goal (``L`` = 40 on the cross, 48 on
the star), ``L .. L + 3`` its goal fields a..d; :data:`B` (-1) means waiting on
the B fields. So a place means the same to every colour, and ``y:15-18`` reads
without a board at hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from ...core.actions import PASS, ROLLS, Pass, Roll
from ...core.document import shorten
from ...core.errors import ColourName, InvalidPositionError, Term
from ...core.options import Flags
from .board import COLOUR_LETTERS, Board

__all__ = [
    "DEFAULT_OPTIONS",
    "PASS",
    "ROLLS",
    "Action",
    "B",
    "ColourMoves",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "Roll",
    "Seating",
    "State",
    "colour_moves",
    "move",
    "place_name",
    "seating",
]

B: Final = -1
"""The place of a piece waiting on its B fields (German: *B-Felder*)."""


class Phase(StrEnum):
    """What the game waits for."""

    ROLL = "roll"
    """The colour to act must roll the die."""
    MOVE = "move"
    """The die shows ``State.roll``: a piece must move, or the colour passes when none can."""
    OVER = "over"
    """All places are decided; ``State.current`` is the colour that moved last."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Options(Flags):
    """Rule variants (seed 003, *Spielvarianten*), all off by default (the printed rules), freely combinable.

    Raises:
        InvalidPositionError: from :meth:`from_dict` for unknown names or non-bool values.
    """

    backward_capture: bool = False
    """*Rückwärtsschlagen*: a track piece may move backwards to capture a lone opponent, ending on place 1 or later."""
    three_rolls: bool = False
    """*Dreimal würfeln*: a colour with no piece on the track and no goal piece that could move up rolls up to
    three times for a 6."""
    no_jump_in_goal: bool = False
    """*Überspringen im Ziel verboten*: no occupied goal field may be passed."""
    barriers: bool = False
    """*Barrieren*: two pieces of one colour may share a track field; nothing passes or captures them."""
    forced_capture: bool = False
    """*Schlagzwang*: a move that does not capture while a capture was legal sends the piece that could have
    captured back to B."""


_ROLL: Final = Phase.ROLL  # an enum member read from a module constant is ten times faster (hot path)
_OVER: Final = Phase.OVER

DEFAULT_OPTIONS: Final = Options()
"""The printed rules: every option off."""


def place_name(place: int) -> str:
    """A place in notation: ``B`` (waiting) or its number."""
    return "B" if place < 0 else str(place)


@dataclass(frozen=True, slots=True)
class Move:
    """A piece of ``colour`` moves from place ``start`` (:data:`B` for the B fields) to place ``end``.

    Places count from ``colour``'s own A field. Notation: ``y:B-0``, ``y:15-18``
    (``str``; the ``repr`` reads it back: ``parse_action('y:B-0')``).
    Get one with :func:`move` (moves are interned); pieces of one colour on one
    field (two on B, a barrier) make one move.
    """

    colour: str
    start: int
    end: int

    def __str__(self) -> str:
        return f"{COLOUR_LETTERS[self.colour]}:{place_name(self.start)}-{self.end}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


_MOVES: dict[tuple[str, int, int], Move] = {}


def move(colour: str, start: int, end: int) -> Move:
    """The interned ``Move(colour, start, end)``: the same object every time."""
    key = (colour, start, end)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Move(colour, start, end)
    return found


class ColourMoves(NamedTuple):
    """Every move of one colour on one board, interned, by number of steps and then start place (built once)."""

    entry: Move
    """From B onto the A field."""
    forward: tuple[tuple[Move | None, ...], ...]
    """``forward[steps][place]``: from a place forwards (None beyond goal field d)."""
    backward: tuple[tuple[Move | None, ...], ...]
    """``backward[steps][place]``: from a track place backwards (None onto or over the A field, or in the goal)."""


_COLOUR_MOVES: dict[tuple[str, str], ColourMoves] = {}


def colour_moves(board: Board, colour: str) -> ColourMoves:
    """The interned moves of ``colour`` on ``board``."""
    key = (board.name, colour)
    found = _COLOUR_MOVES.get(key)
    if found is None:
        length = board.track_length
        places = range(board.last_place + 1)
        found = _COLOUR_MOVES[key] = ColourMoves(
            move(colour, B, 0),
            tuple(tuple(move(colour, p, p + r) if p + r in places else None for p in places) for r in range(7)),
            tuple(
                tuple(move(colour, p, p - r) if p < length and p - r >= 1 else None for p in places) for r in range(7)
            ),
        )
    return found


Action = Roll | Move | Pass
"""Anything that can happen in a game: a die roll, a move, or a pass."""


@dataclass(frozen=True, slots=True, eq=False)
class Seating:
    """Who sits at the table: the board, the players (seats) with the colours each plays, the neutral colour.

    Colours in play get *slots*, in clockwise order; a state's pieces, turn and
    finished list are indexed by slot. Get one with :func:`seating` (shared
    values, compared by board, seats and neutral colour; the ``repr`` is that call,
    without the tables built from them).
    """

    board: Board
    seats: tuple[tuple[str, ...], ...]
    """The players in seat order, each with the colours it plays."""
    neutral: str | None
    """The neutral colour (three players on the cross), moved by whoever is to act; or None."""
    colours: tuple[str, ...]
    """Every colour in play, the neutral one included, in clockwise order: the slots."""
    starts: tuple[int, ...]
    """Per slot, the track index of the colour's A field."""
    slot_of: dict[str, int]
    """The slot of each colour in play."""
    seat_of: tuple[int, ...]
    """Per slot, the seat playing it (-1 for the neutral colour)."""
    seat_slots: tuple[tuple[int, ...], ...]
    """Per seat, the slots of its colours."""
    neutral_slot: int
    """The neutral colour's slot, or -1."""
    length: int
    """The track length L."""
    fields: tuple[tuple[int, ...], ...]
    """``fields[slot][place]``: the track index of a track place (0 .. L-1) of the colour in ``slot``."""
    places: tuple[tuple[int, ...], ...]
    """``places[slot][index]``: the place of track index ``index`` for the colour in ``slot`` (the inverse)."""
    probes: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """``probes[slot][place]``: for a track place of the colour in ``slot``, every other slot with the place
    that field has for it (where to look for a piece a move to that place captures)."""
    following: tuple[int, ...]
    """``following[slot]``: the next slot clockwise that takes turns (the neutral colour skipped)."""
    moves: tuple[ColourMoves, ...]
    """Per slot, the colour's interned moves."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Seating):
            return NotImplemented
        return (self.board.name, self.seats, self.neutral) == (other.board.name, other.seats, other.neutral)

    def __hash__(self) -> int:
        return hash((self.board.name, self.seats, self.neutral))

    def __repr__(self) -> str:
        neutral = f", {self.neutral!r}" if self.neutral is not None else ""
        return f"seating(board({self.board.name!r}), {self.seats!r}{neutral})"

    @property
    def is_default(self) -> bool:
        """True for one colour per seat, seats in clockwise order (the neutral colour aside)."""
        return self.seats == tuple((c,) for c in self.colours if c != self.neutral)


_SEATINGS: dict[tuple[str, tuple[tuple[str, ...], ...], str | None], Seating] = {}


def seating(board: Board, seats: tuple[tuple[str, ...], ...], neutral: str | None = None) -> Seating:
    """The seating of ``seats`` (players, each with its colours) and ``neutral`` on ``board``.

    Every seat form of the rules: 2 to 4 players of one colour each on the
    cross (2 to 6 on the star); two players each playing two opposite colours
    on the cross; three players of one colour each and the fourth colour neutral
    on the cross.

    Raises:
        InvalidPositionError: for an unknown or repeated colour, or a seat form the rules do not have;
            the message says where (``seats[1][0]: ...``).
    """
    key = (board.name, seats, neutral)
    found = _SEATINGS.get(key)
    if found is not None:
        return found
    _check_seats(board, seats, neutral)
    in_play = {c for seat in seats for c in seat} | ({neutral} if neutral else set())
    colours = tuple(c for c in board.colours if c in in_play)
    slot_of = {c: i for i, c in enumerate(colours)}
    starts = tuple(board.starts[board.colours.index(c)] for c in colours)
    length = board.track_length
    seat_of = [-1] * len(colours)
    for s, seat in enumerate(seats):
        for c in seat:
            seat_of[slot_of[c]] = s
    found = _SEATINGS[key] = Seating(
        board=board,
        seats=seats,
        neutral=neutral,
        colours=colours,
        starts=starts,
        slot_of=slot_of,
        seat_of=tuple(seat_of),
        seat_slots=tuple(tuple(slot_of[c] for c in seat) for seat in seats),
        neutral_slot=slot_of[neutral] if neutral else -1,
        length=length,
        fields=tuple(tuple((start + p) % length for p in range(length)) for start in starts),
        places=tuple(tuple((f - start) % length for f in range(length)) for start in starts),
        probes=tuple(
            tuple(
                tuple((o, (start + p - starts[o]) % length) for o in range(len(colours)) if o != slot)
                for p in range(length)
            )
            for slot, start in enumerate(starts)
        ),
        following=tuple(
            next(
                (slot + k) % len(colours)
                for k in range(1, len(colours) + 1)
                if colours[(slot + k) % len(colours)] != neutral
            )
            for slot in range(len(colours))
        ),
        moves=tuple(colour_moves(board, c) for c in colours),
    )
    return found


def colour_value(colour: str) -> object:
    """A colour among an error's values: a known colour told in the player's language, anything else
    (from a document) as it was written."""
    return ColourName(colour) if colour in COLOUR_LETTERS else shorten(colour)


def board_term(board: Board) -> Term:
    """A board's name among an error's values, in the player's language (``cross``, ``Kreuz``)."""
    return Term(f"view.board.{board.name}")


def _check_seats(board: Board, seats: tuple[tuple[str, ...], ...], neutral: str | None) -> None:
    seen: dict[str, str] = {}
    known = tuple(ColourName(c) for c in board.colours)
    for i, seat in enumerate(seats):
        if not seat:
            raise InvalidPositionError.keyed("error.md_seat_empty", path=f"seats[{i}]")
        for j, colour in enumerate(seat):
            where = f"seats[{i}][{j}]"
            if colour not in board.colours:
                raise InvalidPositionError.keyed(
                    "error.md_seat_colour",
                    board=board_term(board),
                    colour=colour_value(colour),
                    known=known,
                    path=where,
                )
            if colour in seen:
                raise InvalidPositionError.keyed(
                    "error.md_seat_twice", colour=ColourName(colour), other_path=seen[colour], path=where
                )
            seen[colour] = where
    if neutral is not None:
        if neutral not in board.colours:
            raise InvalidPositionError.keyed(
                "error.md_neutral_colour", board=board_term(board), colour=colour_value(neutral), known=known
            )
        if neutral in seen:
            raise InvalidPositionError.keyed("error.md_neutral_played", colour=ColourName(neutral), path=seen[neutral])
    arms = len(board.colours)
    if any(len(seat) > 1 for seat in seats):
        if board.name != "cross" or len(seats) != 2 or neutral is not None:
            raise InvalidPositionError.keyed("error.md_pairs_form")
        for i, seat in enumerate(seats):
            if len(seat) != 2:
                raise InvalidPositionError.keyed("error.md_pairs", path=f"seats[{i}]")
            a, b = (board.colours.index(c) for c in seat)
            if (a - b) % arms != arms // 2:
                raise InvalidPositionError.keyed("error.md_pairs_opposite", path=f"seats[{i}]")
        return
    if neutral is not None and (board.name != "cross" or len(seats) != 3):
        raise InvalidPositionError.keyed("error.md_neutral_form")
    if not 2 <= len(seats) <= arms:
        raise InvalidPositionError.keyed("error.md_seat_count", board=board_term(board), most=arms, got=len(seats))


class State(NamedTuple):
    """A position: everything that decides what can happen next.

    Build one with :func:`~malefiz.games.maedn.rules.new_game` or read one with
    :func:`parse_position` / :func:`~malefiz.games.maedn.document.from_json`. Immutable: every step
    returns a new state. (A named tuple: it is built several times per turn, and
    a frozen dataclass costs several times as much to build.) ``str`` gives the
    notation, ``repr`` the call that reads it: ``parse_position('maedn cross ...')``.
    """

    seating: Seating
    pieces: tuple[tuple[int, ...], ...]
    """Per slot (colour in play, clockwise), its four places in increasing order (:data:`B` first)."""
    turn: int
    """The slot of the colour whose turn it is (never the neutral colour; once over: the colour that moved last)."""
    phase: Phase
    roll: int | None = None
    """The die, in phase MOVE only."""
    attempt: int = 1
    """The try of a three-rolls series (1 to 3); always 1 without that option."""
    finished: tuple[int, ...] = ()
    """The slots of the colours that came home, in placing order (never the neutral colour)."""
    options: Options = DEFAULT_OPTIONS

    @property
    def board(self) -> Board:
        """The board played on."""
        return self.seating.board

    @property
    def seats(self) -> tuple[tuple[str, ...], ...]:
        """The players in seat order, each with the colours it plays."""
        return self.seating.seats

    @property
    def neutral(self) -> str | None:
        """The neutral colour, or None."""
        return self.seating.neutral

    @property
    def colours(self) -> tuple[str, ...]:
        """Every colour in play (the neutral one included), clockwise."""
        return self.seating.colours

    @property
    def current(self) -> str:
        """The colour whose turn it is (once over: the colour that moved last)."""
        return self.seating.colours[self.turn]

    @property
    def current_seat(self) -> int:
        """The seat of the player to act (once over: of the one who moved last)."""
        return self.seating.seat_of[self.turn]

    @property
    def is_chance(self) -> bool:
        """True while the die must be rolled."""
        return self.phase is _ROLL

    @property
    def is_over(self) -> bool:
        """True once every place is decided."""
        return self.phase is _OVER

    @property
    def finished_colours(self) -> tuple[str, ...]:
        """The colours that came home, in placing order."""
        return tuple(self.seating.colours[s] for s in self.finished)

    @property
    def neutral_home(self) -> bool:
        """True when there is no neutral colour or all its pieces are in its goal."""
        n = self.seating.neutral_slot
        return n < 0 or self.pieces[n][0] >= self.seating.length

    @property
    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The seats placed so far, best first, one a place; once over every seat is in it.

        A seat is placed when all its colours are home, in the order of
        :attr:`finished`. With a neutral colour nobody is placed before the
        neutral pieces are home too; the move that brings the last of them home
        rewrites :attr:`finished` into placing order (the player who made it
        first when he is home, then the others clockwise from him), so the
        document carries the order. Once over, the last seat comes last.
        """
        se = self.seating
        placed: list[int] = []
        if self.neutral_home:
            done: set[int] = set()
            for slot in self.finished:
                done.add(slot)
                seat = se.seat_of[slot]
                if all(s in done for s in se.seat_slots[seat]):
                    placed.append(seat)
        if self.phase is Phase.OVER:
            placed.extend(seat for seat in range(len(se.seats)) if seat not in placed)
        return tuple((seat,) for seat in placed)

    def pieces_of(self, colour: str) -> tuple[int, ...]:
        """The places of ``colour``'s pieces, in increasing order (:data:`B` first).

        Raises:
            KeyError: if ``colour`` is not in play.
        """
        return self.pieces[self.seating.slot_of[colour]]

    def __str__(self) -> str:
        from .notation import format_position  # the notation reads positions into this class

        return format_position(self)

    def __repr__(self) -> str:
        return f"parse_position({str(self)!r})"
