"""The two boards of Mensch ärgere Dich nicht as data (German: *Spielplan*).

A board is a closed track of ``arms * arm_length`` fields (the white fields,
German *Laufbahn*), walked clockwise on screen, and for each colour an A field
on the track (its start field, *Anfangsfeld A*), four B fields where pieces
wait (*B-Felder*) and four goal fields a..d (*Zielfelder*). Colour ``i`` starts
on track index ``i * arm_length`` and leaves the track after the field just
before its A field into its goal.

Every coordinate is kept (grid ``x`` to the right, ``y`` downwards), so a view
can draw the board; the rules only need :attr:`Board.track_length` and
:attr:`Board.starts`. The engine is parametric in the number of arms and the
fields per arm: a corrected layout is a change of the data below, nothing else.

Fields and pieces have names (the keys of the page, the places an effect names):
a field is ``t<track index>`` on the track (0 is yellow's A field), ``y:a`` ..
``y:d`` in a goal, ``y:B0`` .. ``y:B3`` on B (see :func:`field_name`); a piece is
its colour's letter and its place, ``y:15`` or ``y:B`` (see :func:`piece_key`).

>>> board("cross").track_length, board("star").track_length
(40, 48)
>>> board("star").colours
('yellow', 'black', 'blue', 'red', 'green', 'purple')
>>> cross = board("cross")
>>> field_name(cross, "green", 0), field_name(cross, "green", 41), field_name(cross, "red", -1)
('t10', 'g:b', 'r:B0')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Final

from ...core.errors import InvalidPositionError

if TYPE_CHECKING:  # for annotations only: state builds on this module
    from .state import Move, Seating, State

__all__ = [
    "BOARDS",
    "BOARD_NAMES",
    "COLOUR_LETTERS",
    "GOAL_FIELDS",
    "GOAL_LETTERS",
    "LETTER_COLOURS",
    "PIECES",
    "Board",
    "Point",
    "board",
    "facing_steps",
    "field_name",
    "field_place",
    "field_point",
    "is_field",
    "piece_at",
    "piece_key",
    "way",
]

Point = tuple[int, int]
"""Grid coordinates ``(x, y)`` of a field: x to the right, y downwards."""

PIECES: Final = 4
"""Pieces per colour (German: *Spielfiguren*)."""

GOAL_FIELDS: Final = 4
"""Goal fields per colour, a..d."""

COLOUR_LETTERS: Final[dict[str, str]] = {
    "yellow": "y",
    "green": "g",
    "red": "r",
    "black": "k",
    "blue": "b",
    "purple": "p",
}
"""The one-letter name of every colour, as used in notation (black is ``k``, blue is ``b``)."""

LETTER_COLOURS: Final[dict[str, str]] = {letter: colour for colour, letter in COLOUR_LETTERS.items()}
"""The colour of every notation letter."""

GOAL_LETTERS: Final = "abcd"
"""The names of the goal fields, from the first one entered."""


@dataclass(frozen=True, slots=True)
class Board:
    """One side of the printed board: the track, and each colour's A, B and goal fields.

    Boards are shared values: get one with :func:`board`.
    """

    name: str
    """``cross`` (4 colours, 40 track fields) or ``star`` (6 colours, 48 track fields)."""
    colours: tuple[str, ...]
    """The colours in clockwise order; colour ``i`` starts on track index ``i * arm_length``."""
    arm_length: int
    """Track fields per arm (one arm per colour)."""
    width: int
    height: int
    track: tuple[Point, ...]
    """The track fields in walking order; index 0 is the first colour's A field."""
    goals: tuple[tuple[Point, ...], ...]
    """Per colour (as in :attr:`colours`), its goal fields a, b, c, d."""
    b_fields: tuple[tuple[Point, ...], ...]
    """Per colour, its four B fields, where pieces wait."""

    @property
    def track_length(self) -> int:
        """The number of track fields (L): 40 on the cross, 48 on the star."""
        return len(self.track)

    @property
    def starts(self) -> tuple[int, ...]:
        """Per colour, the track index of its A field."""
        return tuple(i * self.arm_length for i in range(len(self.colours)))

    @property
    def last_place(self) -> int:
        """The place of goal field d, counted from the A field (L + 3)."""
        return len(self.track) + GOAL_FIELDS - 1

    def colour_index(self, colour: str) -> int:
        """The index of ``colour`` in :attr:`colours`.

        Raises:
            InvalidPositionError: if the board has no such colour.
        """
        if colour not in self.colours:
            raise InvalidPositionError(
                f"unknown colour {colour!r} on the {self.name} board; expected one of {', '.join(self.colours)}"
            )
        return self.colours.index(colour)

    def track_index(self, colour: str, place: int) -> int:
        """The track index of ``place`` (0 .. L-1, counted from ``colour``'s A field).

        Raises:
            InvalidPositionError: for an unknown colour or a place off the track.
        """
        if not 0 <= place < len(self.track):
            raise InvalidPositionError(f"place {place} is not on the track (0 to {len(self.track) - 1})")
        return (self.starts[self.colour_index(colour)] + place) % len(self.track)

    def point(self, colour: str, place: int, waiting: int = 0) -> Point:
        """The coordinates of ``colour``'s ``place``: a track or goal field; a negative place is B field ``waiting``.

        Raises:
            InvalidPositionError: for an unknown colour or a place beyond goal field d.
        """
        i = self.colour_index(colour)
        if place < 0:
            return self.b_fields[i][waiting]
        if place < len(self.track):
            return self.track[self.track_index(colour, place)]
        if place <= self.last_place:
            return self.goals[i][place - len(self.track)]
        raise InvalidPositionError(f"place {place} is beyond goal field d ({self.last_place})")

    def path(self, colour: str) -> tuple[Point, ...]:
        """Every field ``colour``'s piece walks, from its A field to goal field d (L + 4 fields).

        Raises:
            InvalidPositionError: for an unknown colour.
        """
        return tuple(self.point(colour, place) for place in range(self.last_place + 1))

    def turned(self, steps: int) -> Board:
        """The same board drawn turned by ``steps`` arms clockwise: colour ``i`` where colour ``i - steps`` is
        printed (its A field, the track from there, its goal and B fields).

        The fields of the picture stay where they are; only which colour (and which track index) sits on
        them moves on by ``steps`` arms. With the colours in clockwise order and each arm drawn alike, that is
        the picture turned: a view draws a colour's side nearest the viewer so (see :func:`facing_steps`).
        Names never change (``t0`` is still yellow's A field), only coordinates. Shared values, like
        :func:`board`'s.

        >>> cross = board("cross")
        >>> cross.turned(1).track[0] == cross.track[30], cross.turned(1).b_fields[0] == cross.b_fields[3]
        (True, True)
        >>> cross.turned(4) is cross.turned(0) is cross
        True
        """
        return _turned(self, steps % len(self.colours))


@cache
def _turned(b: Board, steps: int) -> Board:
    """:meth:`Board.turned` by ``steps`` (0 .. arms - 1) arms."""
    if steps == 0:
        return b
    n, shift = len(b.colours), steps * b.arm_length
    return Board(
        name=b.name,
        colours=b.colours,
        arm_length=b.arm_length,
        width=b.width,
        height=b.height,
        track=tuple(b.track[(j - shift) % len(b.track)] for j in range(len(b.track))),
        goals=tuple(b.goals[(i - steps) % n] for i in range(n)),
        b_fields=tuple(b.b_fields[(i - steps) % n] for i in range(n)),
    )


def facing_steps(b: Board, colour: str) -> int:
    """The arms to turn ``b`` by (:meth:`Board.turned`) so that ``colour`` sits nearest the viewer: where the
    printed board has the B fields lowest on the screen (the left ones of two as low).

    Raises:
        InvalidPositionError: if the board has no such colour.

    >>> cross, star = board("cross"), board("star")
    >>> cross.colours[_nearest(cross)], star.colours[_nearest(star)]
    ('black', 'yellow')
    >>> facing_steps(cross, "black"), facing_steps(cross, "yellow"), facing_steps(star, "red")
    (0, 1, 3)
    """
    return (b.colour_index(colour) - _nearest(b)) % len(b.colours)


def _nearest(b: Board) -> int:
    """The colour whose B fields' middle is lowest on the screen (largest y), the leftmost of those."""

    def place(i: int) -> tuple[float, float]:
        fields = b.b_fields[i]
        return -sum(y for _, y in fields) / len(fields), sum(x for x, _ in fields) / len(fields)

    return min(range(len(b.colours)), key=place)


def _points(text: str) -> tuple[Point, ...]:
    """Points written ``x,y x,y ...``."""
    points: list[Point] = []
    for pair in text.split():
        x, y = pair.split(",")
        points.append((int(x), int(y)))
    return tuple(points)


def _board(
    name: str, colours: tuple[str, ...], size: Point, track: str, goals: tuple[str, ...], b_fields: tuple[str, ...]
) -> Board:
    points = _points(track)
    assert len(points) % len(colours) == 0, f"{name}: the track must split into one arm per colour"
    return Board(
        name=name,
        colours=colours,
        arm_length=len(points) // len(colours),
        width=size[0],
        height=size[1],
        track=points,
        goals=tuple(_points(g) for g in goals),
        b_fields=tuple(_points(b) for b in b_fields),
    )


# The 4-player side (grid 11 x 11): 4 arms of 10 track fields.
CROSS: Final = _board(
    "cross",
    ("yellow", "green", "red", "black"),
    (11, 11),
    track="""
        0,4 1,4 2,4 3,4 4,4 4,3 4,2 4,1 4,0 5,0
        6,0 6,1 6,2 6,3 6,4 7,4 8,4 9,4 10,4 10,5
        10,6 9,6 8,6 7,6 6,6 6,7 6,8 6,9 6,10 5,10
        4,10 4,9 4,8 4,7 4,6 3,6 2,6 1,6 0,6 0,5
    """,
    goals=("1,5 2,5 3,5 4,5", "5,1 5,2 5,3 5,4", "9,5 8,5 7,5 6,5", "5,9 5,8 5,7 5,6"),
    b_fields=("0,0 1,0 1,1 0,1", "9,0 10,0 10,1 9,1", "9,10 10,10 10,9 9,9", "0,10 1,10 1,9 0,9"),
)
"""The 4-player side: a cross of 40 track fields."""

# The 6-player side (grid 20 x 16): a six-armed star, 6 arms of 8 track fields. Only one public
# source gives this geometry (a course template); it is not checked against a printed board.
STAR: Final = _board(
    "star",
    ("yellow", "black", "blue", "red", "green", "purple"),
    (20, 16),
    track="""
        8,15 8,14 8,13 7,12 6,11 5,12 4,13 3,12
        2,11 3,10 4,9 4,7 4,6 3,5 2,4 3,3
        4,2 5,3 6,4 7,3 8,2 8,1 8,0 9,0
        11,0 11,1 11,2 12,3 13,4 14,3 15,2 16,3
        17,4 16,5 15,6 15,7 15,9 16,10 17,11 16,12
        15,13 14,12 13,11 12,12 11,13 11,14 11,15 9,15
    """,
    goals=(
        "9,14 9,13 9,12 9,11",
        "4,11 5,10 6,9 7,8",
        "4,4 5,5 6,6 7,7",
        "9,1 9,2 9,3 9,4",
        "15,4 14,5 13,6 12,7",
        "15,11 14,10 13,9 12,8",
    ),
    b_fields=(
        "0,14 1,14 0,15 1,15",
        "0,7 1,7 0,8 1,8",
        "0,0 1,0 0,1 1,1",
        "18,0 19,0 18,1 19,1",
        "18,7 19,7 18,8 19,8",
        "18,14 19,14 18,15 19,15",
    ),
)
"""The 6-player side: a six-armed star of 48 track fields (four neighbours are two grid units apart, where
the arms meet: track 10-11, 23-24, 35-36 and 46-47)."""

BOARDS: Final[dict[str, Board]] = {CROSS.name: CROSS, STAR.name: STAR}
"""Every board by name."""

BOARD_NAMES: Final = tuple(BOARDS)
"""``("cross", "star")``: the first is the default."""


def board(name: str) -> Board:
    """The board called ``name``.

    Raises:
        InvalidPositionError: for a name no board has.
    """
    found = BOARDS.get(name)
    if found is None:
        raise InvalidPositionError(f"board: unknown board {name!r}; expected cross or star")
    return found


# ---------------------------------------------------------------------------------------------
# Names of fields and pieces


def _board_of(where: Board | State | Seating) -> Board:
    return where if isinstance(where, Board) else where.board


def field_name(where: Board | State | Seating, colour: str, place: int, waiting: int = 0) -> str:
    """The name of the field ``colour``'s ``place`` is on (its ``data-field`` on the page).

    Track places (0 .. L-1, counted from the colour's A field) give ``t<track index>``
    (absolute, 0 is yellow's A field); goal places (L .. L+3) give ``<letter>:a`` ..
    ``<letter>:d``; :data:`~malefiz.games.maedn.state.B` (any negative place) gives the
    B field ``<letter>:B<waiting>``. ``where``: a state, a seating or a board.

    Raises:
        InvalidPositionError: for a colour the board does not have, a place beyond goal field d,
            or a B field other than 0 to 3.
    """
    b = _board_of(where)
    letter = COLOUR_LETTERS.get(colour, "?")
    if place < 0:
        b.colour_index(colour)
        if not 0 <= waiting < len(b.b_fields[0]):
            raise InvalidPositionError(f"B field {waiting} does not exist (0 to {len(b.b_fields[0]) - 1})")
        return f"{letter}:B{waiting}"
    length = b.track_length
    if place < length:
        return f"t{b.track_index(colour, place)}"
    b.colour_index(colour)
    if place <= b.last_place:
        return f"{letter}:{GOAL_LETTERS[place - length]}"
    raise InvalidPositionError(f"place {place} is beyond goal field d ({b.last_place})")


def is_field(where: Board | State | Seating, name: str) -> bool:
    """True when ``name`` is the name of a field of the board (see :func:`field_name`)."""
    return name in _field_points(_board_of(where).name)


def field_point(where: Board | State | Seating, name: str) -> Point:
    """The coordinates of the field called ``name`` (see :func:`field_name`).

    Raises:
        InvalidPositionError: for a name that is no field of the board.
    """
    b = _board_of(where)
    found = _field_points(b.name).get(name)
    if found is None:
        raise InvalidPositionError(f"no field {name[:40]!r} on the {b.name} board")
    return found


def field_place(where: Board | State | Seating, colour: str, name: str) -> int:
    """The place the field called ``name`` is for ``colour`` (-1, B, for its B fields): :func:`field_name` undone.

    Raises:
        InvalidPositionError: for an unknown colour, or a name that is no field on ``colour``'s way
            (another colour's goal or B field, or no field at all).
    """
    b = _board_of(where)
    i = b.colour_index(colour)
    if is_field(b, name):
        if name[0] == "t":
            return (int(name[1:]) - b.starts[i]) % b.track_length
        letter, _, rest = name.partition(":")
        if letter == COLOUR_LETTERS[colour]:
            return -1 if rest[0] == "B" else b.track_length + GOAL_LETTERS.index(rest)
    raise InvalidPositionError(f"{name[:40]!r} is no field on {colour}'s way")


@cache
def _field_points(board_name: str) -> dict[str, Point]:
    """Every field of the board by name, with its coordinates."""
    b = board(board_name)
    points = {f"t{i}": point for i, point in enumerate(b.track)}
    for i, colour in enumerate(b.colours):
        letter = COLOUR_LETTERS[colour]
        points.update((f"{letter}:{g}", point) for g, point in zip(GOAL_LETTERS, b.goals[i], strict=True))
        points.update((f"{letter}:B{n}", point) for n, point in enumerate(b.b_fields[i]))
    return points


def piece_key(colour: str, place: int) -> str:
    """A piece in notation, as in its ``data-key``: ``y:15``, ``y:B`` (waiting), ``y:41``."""
    return f"{COLOUR_LETTERS[colour]}:{'B' if place < 0 else place}"


_PIECE_KEY: Final = re.compile(r"([a-z]):(B|\d{1,2})")


def pieces_on(state: State) -> dict[str, str]:
    """The key of the piece on each occupied field (the upper one of a barrier), B fields included.

    >>> from .notation import parse_position
    >>> on = pieces_on(parse_position("maedn cross y:0,B,B,B r:B,B,B,41 y3"))
    >>> on["t0"], on["r:b"], on["r:B2"], "t1" in on
    ('y:0', 'r:41', 'r:B', False)
    """
    found: dict[str, str] = {}
    for colour, pieces in zip(state.seating.colours, state.pieces, strict=True):
        waiting = 0
        for p in pieces:
            found[field_name(state, colour, p, waiting)] = piece_key(colour, p)
            waiting += p < 0
    return found


def piece_at(state: State, key: str) -> tuple[str, int] | None:
    """The colour and place of the piece ``key`` names (see :func:`piece_key`), when one of that colour
    stands there in ``state`` (any place below 0 for a waiting piece); else None."""
    found = _PIECE_KEY.fullmatch(key)
    if found is None:
        return None
    colour = LETTER_COLOURS.get(found.group(1))
    if colour is None or colour not in state.seating.slot_of:
        return None
    place = -1 if found.group(2) == "B" else int(found.group(2))
    pieces = state.pieces_of(colour)
    there = min(pieces) < 0 if place < 0 else place in pieces
    return (colour, place) if there else None


def way(where: Board | State | Seating, m: Move) -> tuple[str, ...]:
    """The names of the fields move ``m`` walks, start and end included (the route of its effects).

    A move from B walks only its A field (which B field it left is not known from the move).
    Backward moves (the backward-capture option) walk backwards.
    """
    if m.start < 0:
        return (field_name(where, m.colour, 0),)
    step = 1 if m.end >= m.start else -1
    return tuple(field_name(where, m.colour, p) for p in range(m.start, m.end + step, step))
