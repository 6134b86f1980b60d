"""Mensch ärgere Dich nicht's one-line notation, both ways: :func:`format_position` writes a position
(``str(state)`` too), :func:`parse_position` reads one, :func:`parse_action` reads an action (whose ``str``
writes it); :func:`build_state` checks what a reader found: a position no game reaches is refused.

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
"""

from __future__ import annotations

import re
from typing import Final

from ...core.actions import parse_shared
from ...core.document import quote
from ...core.errors import ColourName, InvalidPositionError, NotationError
from .board import BOARDS, COLOUR_LETTERS, LETTER_COLOURS, Board
from .check import check_pieces, check_position
from .state import Action, B, Options, Phase, State, board_term, colour_value, move, seating

__all__ = ["OPTION_TOKENS", "build_state", "format_position", "parse_action", "parse_position"]

OPTION_TOKENS: Final = {
    "back": "backward_capture",
    "three": "three_rolls",
    "nojump": "no_jump_in_goal",
    "barriers": "barriers",
    "forced": "forced_capture",
}
"""The notation's ``+token`` of each option, by token."""
_TOKEN_OF_OPTION: Final = {name: token for token, name in OPTION_TOKENS.items()}


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
