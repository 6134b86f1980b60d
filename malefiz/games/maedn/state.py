"""Positions of Mensch ärgere Dich nicht, its actions and options, and the one-line notation both ways.

A piece's *place* counts from its own colour's A field: 0 is the A field,
``L - 1`` the last track field before its goal (``L`` = 40 on the cross, 48 on
the star), ``L .. L + 3`` its goal fields a..d; :data:`B` (-1) means waiting on
the B fields. So a place means the same to every colour, and ``y:15-18`` reads
without a board at hand.

One-line notation (for tests, links and error messages), tokens split by spaces::

    maedn cross y:0,17,B,B g:5,B,B,B r:B,B,B,B k:40,41,B,B g? +barriers

- ``maedn`` and the board (``cross`` or ``star``);
- one token per colour in play, clockwise from yellow: its letter (yellow ``y``,
  green ``g``, red ``r``, black ``k``, blue ``b``, purple ``p``), ``:`` and its
  four places in increasing order, ``B`` (waiting) last;
- ``seats:yr,gk``: the players in seat order with the letters of the colours each
  plays, written only when it is not the usual one colour per player in
  clockwise order from the first colour in play;
- ``neutral:k``: the neutral colour of the three-player variant, when there is one;
- ``finished:g,y``: the colours that came home, in order, when there are any;
- who acts and the phase: ``g?`` green must roll, ``g4`` green moves a 4,
  ``g*`` the game is over and green moved last; under the three-rolls option a
  later try of a series follows as ``/2`` or ``/3`` (``g?/2``: green rolls its
  second try);
- options, each ``+name``: ``+back`` backward capture, ``+three`` three rolls,
  ``+nojump`` no jumping in the goal, ``+barriers`` barriers, ``+forced`` forced capture.

Actions: ``d4`` (the die shows 4), ``y:B-0`` (yellow brings a piece onto its A
field), ``y:15-18`` (yellow moves the piece on 15 to 18), ``pass``.

:func:`format_position` writes a position and :func:`parse_position` reads one
(checked: a position no game reaches is refused); :func:`parse_action` reads an
action, whose ``str`` writes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple

from ...core.actions import PASS, ROLLS, Pass, Roll, parse_shared
from ...core.document import quote, shorten
from ...core.errors import ColourName, InvalidPositionError, NotationError, Term
from ...core.options import Flags
from .board import BOARDS, COLOUR_LETTERS, LETTER_COLOURS, Board

__all__ = [
    "DEFAULT_OPTIONS",
    "OPTION_TOKENS",
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
    "build_state",
    "colour_moves",
    "format_position",
    "move",
    "parse_action",
    "parse_position",
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

OPTION_TOKENS: Final = {
    "back": "backward_capture",
    "three": "three_rolls",
    "nojump": "no_jump_in_goal",
    "barriers": "barriers",
    "forced": "forced_capture",
}
"""The notation's ``+token`` of each option, by token."""
_TOKEN_OF_OPTION: Final = {name: token for token, name in OPTION_TOKENS.items()}


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
        return format_position(self)

    def __repr__(self) -> str:
        return f"parse_position({format_position(self)!r})"


def _pieces_text(pieces: tuple[int, ...]) -> str:
    on_board = [str(p) for p in pieces if p >= 0]
    return ",".join(on_board + ["B"] * (len(pieces) - len(on_board)))


def format_position(state: State) -> str:
    """The one-line notation of ``state`` (see the module docstring)."""
    se = state.seating
    parts = ["maedn", se.board.name]
    parts.extend(
        f"{COLOUR_LETTERS[c]}:{_pieces_text(pieces)}" for c, pieces in zip(se.colours, state.pieces, strict=True)
    )
    if not se.is_default:
        parts.append("seats:" + ",".join("".join(COLOUR_LETTERS[c] for c in seat) for seat in se.seats))
    if se.neutral is not None:
        parts.append(f"neutral:{COLOUR_LETTERS[se.neutral]}")
    if state.finished:
        parts.append("finished:" + ",".join(COLOUR_LETTERS[se.colours[s]] for s in state.finished))
    turn = COLOUR_LETTERS[state.current]
    if state.phase is Phase.ROLL:
        turn += "?"
    elif state.phase is Phase.MOVE:
        turn += str(state.roll)
    else:
        turn += "*"
    if state.attempt != 1:
        turn += f"/{state.attempt}"
    parts.append(turn)
    parts.extend(f"+{_TOKEN_OF_OPTION[name]}" for name in state.options.to_dict())
    return " ".join(parts)


# ASCII digits only: \d would take "٣" and int() read it as 3.
_MOVE_RE: Final = re.compile(r"([a-z]):(B|[0-9]{1,2})-([0-9]{1,2})")
_TURN_RE: Final = re.compile(r"([a-z])(\?|[1-6]|\*)(?:/([0-9]))?")
_PLACE_RE: Final = re.compile(r"B|[0-9]{1,2}")


def parse_action(text: str) -> Action:
    """An action from its notation: ``d4``, ``y:B-0``, ``y:15-18`` or ``pass``.

    Raises:
        NotationError: if ``text`` is not an action.
    """
    t = text.strip()
    shared = parse_shared(t)
    if shared is not None:
        return shared
    m = _MOVE_RE.fullmatch(t)
    if m is not None and m[1] in LETTER_COLOURS:
        return move(LETTER_COLOURS[m[1]], B if m[2] == "B" else int(m[2]), int(m[3]))
    raise NotationError.keyed("error.md_action", text=quote(text), letters=" ".join(LETTER_COLOURS))


def _parse_places(text: str, colour: str) -> list[int]:
    places: list[int] = []
    for item in text.split(","):
        if _PLACE_RE.fullmatch(item) is None:
            raise NotationError.keyed("error.md_places", colour=ColourName(colour), text=quote(text))
        places.append(B if item == "B" else int(item))
    return places


def _parse_letter(letter: str, token: str) -> str:
    """The colour of ``letter``, read in the notation's ``token`` (quoted in an error only: a token can be long)."""
    if letter not in LETTER_COLOURS:
        raise NotationError.keyed(
            "error.md_letter", text=quote(token), letter=quote(letter), letters=" ".join(LETTER_COLOURS)
        )
    return LETTER_COLOURS[letter]


def parse_position(text: str) -> State:
    """A position from its one-line notation (see the module docstring).

    Raises:
        NotationError: if the text cannot be read.
        InvalidPositionError: if it reads but describes an impossible position.
    """
    tokens = text.split()
    if len(tokens) < 4 or tokens[0] != "maedn":
        raise NotationError.keyed("error.md_parts", text=quote(text))
    if tokens[1] not in BOARDS:
        raise NotationError.keyed("error.position_board", got=quote(tokens[1]), known=tuple(BOARDS))
    b = BOARDS[tokens[1]]
    pieces: dict[str, list[int]] = {}
    i = 2
    while i < len(tokens) and len(tokens[i]) > 2 and tokens[i][1] == ":":
        colour = _parse_letter(tokens[i][0], tokens[i])
        if colour in pieces:
            raise NotationError.keyed("error.position_twice", colour=ColourName(colour))
        pieces[colour] = _parse_places(tokens[i][2:], colour)
        i += 1
    for colour in pieces:
        if colour not in b.colours:
            raise InvalidPositionError.keyed(
                "error.md_no_colour", board=board_term(b), colour=ColourName(colour), path=f"pieces.{colour}"
            )
    seats: tuple[tuple[str, ...], ...] | None = None
    neutral: str | None = None
    finished: list[str] = []
    while i < len(tokens) and ":" in tokens[i]:
        key, _, body = tokens[i].partition(":")
        if key == "seats" and seats is None and body:
            seats = tuple(tuple(_parse_letter(c, tokens[i]) for c in seat) for seat in body.split(","))
        elif key == "neutral" and neutral is None and len(body) == 1:
            neutral = _parse_letter(body, tokens[i])
        elif key == "finished" and not finished and body:
            finished = [_parse_letter(c, tokens[i]) for c in body.split(",")]
        else:
            raise NotationError.keyed("error.md_token", text=quote(tokens[i]))
        i += 1
    if i >= len(tokens):
        raise NotationError.keyed("error.md_turn_missing", text=quote(text))
    m = _TURN_RE.fullmatch(tokens[i])
    if m is None:
        raise NotationError.keyed("error.md_turn", text=quote(tokens[i]))
    turn = _parse_letter(m[1], tokens[i])
    phase = {"?": Phase.ROLL, "*": Phase.OVER}.get(m[2], Phase.MOVE)
    option_values: dict[str, bool] = {}
    for token in tokens[i + 1 :]:
        if not token.startswith("+") or token[1:] not in OPTION_TOKENS:
            raise NotationError.keyed(
                "error.position_option", text=quote(token), known=", ".join(f"+{k}" for k in OPTION_TOKENS)
            )
        option_values[OPTION_TOKENS[token[1:]]] = True
    if seats is None:
        seats = tuple((c,) for c in b.colours if c in pieces and c != neutral)
    return build_state(
        b,
        seats,
        neutral,
        pieces,
        turn,
        phase,
        int(m[2]) if phase is Phase.MOVE else None,
        int(m[3]) if m[3] else 1,
        finished,
        Options(**option_values),
    )


def build_state(
    b: Board,
    seats: tuple[tuple[str, ...], ...],
    neutral: str | None,
    pieces: dict[str, list[int]],
    turn: str,
    phase: Phase,
    roll: int | None,
    attempt: int,
    finished: list[str],
    options: Options,
) -> State:
    """The state these parts describe, checked: what the notation and the JSON document are read into.

    ``pieces``: each colour's places in any order; ``finished``: colours in placing order.

    Raises:
        InvalidPositionError: for anything a game cannot reach (see
            :func:`~malefiz.games.maedn.check.check_position`); the message says where.
    """
    from .check import check_pieces, check_position  # what can occur is asked of the rules, which import this module

    se = seating(b, seats, neutral)
    for colour in pieces:
        if colour not in se.slot_of:
            raise InvalidPositionError.keyed("error.md_unplayed", colour=colour_value(colour), path=f"pieces.{colour}")
    for colour in se.colours:
        if colour not in pieces:
            raise InvalidPositionError.keyed("error.md_no_pieces", colour=ColourName(colour))
    check_pieces(se, options, [pieces[c] for c in se.colours])
    if turn not in se.slot_of:
        raise InvalidPositionError.keyed(
            "error.position_turn", colour=colour_value(turn), players=tuple(ColourName(c) for c in se.colours)
        )
    slots: list[int] = []
    for i, colour in enumerate(finished):
        if colour not in se.slot_of:
            raise InvalidPositionError.keyed(
                "error.md_finished_unplayed", colour=colour_value(colour), path=f"finished[{i}]"
            )
        slots.append(se.slot_of[colour])
    state = State(
        se,
        tuple(tuple(sorted(pieces[c])) for c in se.colours),
        se.slot_of[turn],
        phase,
        roll,
        attempt,
        tuple(slots),
        options,
    )
    check_position(state)
    return state
