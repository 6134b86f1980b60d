"""Malefiz's one-line notation, both ways: :func:`format_position` writes a position (``str(state)`` too),
:func:`parse_position` reads one, :func:`parse_action` and :func:`parse_location` read an action and a
location; :func:`build_position` checks what a reader found.

One-line notation (for links, tests and error messages), tokens split by spaces::

    classic r:2.13,h,h,h,h y:h,h,h,h,h x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11 r4 +six

- the board (``classic`` or ``fast``);
- one token per player in turn order: colour letter (``r g y b``), ``:`` and its
  pawns (``x.y`` a field, ``h`` the house, ``f`` the forest);
- ``x:`` and the barricade fields (``x:-`` for none);
- who acts and the phase: ``r?`` red must roll, ``r4`` red moves a 4, ``r!``
  red puts a barricade (``r!6`` after a 6 with the extra-roll option), ``r*``
  red has won;
- options, each ``+name``: ``+six`` extra roll on 6, ``+start`` roll for start,
  ``+own`` own pawns protected, ``+rows2`` bottom two rows protected.

Actions: ``d4`` (roll), ``2.13-2.9`` / ``h-2.13`` / ``f-5.5`` (move), ``@8.7``
(put the barricade), ``pass``. A location's name (:func:`~.board.location_name`)
is also its key on the page (see :mod:`.view`), so ``"<pawn key>-<target key>"``
is a move.

The ``repr`` of a position, a move or a placement is the call that reads it back:

>>> parse_action("h-7.13")
parse_action('h-7.13')
>>> parse_position("fast r:h,h,h,h y:h,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r?")
parse_position('fast r:h,h,h,h y:h,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r?')

A position that reads but cannot occur in a game is refused by :func:`.check.check_position`
(which :func:`build_position` calls for the readers here and in :mod:`.document`).
"""

from __future__ import annotations

import re
from typing import Final

from ...core.actions import parse_shared
from ...core.document import quote
from ...core.errors import ColourName, InvalidPositionError, NotationError
from .board import BOARD_NAMES, COLOURS, FOREST, HOUSE, Board, Colour, Field, board, field, location_name
from .check import check_pawns, check_position, check_taker
from .state import Action, Move, Options, Phase, Place, State, board_term, display_order

__all__ = ["OPTION_TOKENS", "build_position", "format_position", "parse_action", "parse_location", "parse_position"]

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


_LETTERS: Final[dict[str, Colour]] = {c[0]: c for c in COLOURS}
_FIELD_RE: Final = re.compile(r"([0-9]{1,2})\.([0-9]{1,2})")  # ASCII digits only: "٢.١٣" is no field
_WIDTH: Final = max(board(n).width for n in BOARD_NAMES)
_HEIGHT: Final = max(board(n).height for n in BOARD_NAMES)


def parse_location(text: str) -> Field:
    """A location from ``x.y``, ``h`` (house) or ``f`` (forest).

    Raises:
        NotationError: if ``text`` is none of these.
    """
    if text in ("h", "house"):
        return HOUSE
    if text in ("f", "forest"):
        return FOREST
    m = _FIELD_RE.fullmatch(text)
    if m is None:
        raise NotationError.keyed("error.location", text=quote(text))
    x, y = int(m[1]), int(m[2])
    if x >= _WIDTH or y >= _HEIGHT:  # field() packs x and y in one number: 34.12 would be 2.13
        raise NotationError.keyed("error.location_off", text=quote(text), x=_WIDTH - 1, y=_HEIGHT - 1)
    return field(x, y)


def parse_action(text: str) -> Action:
    """An action from its notation (``d4``, ``h-2.13``, ``2.13-2.9``, ``@8.7``, ``pass``).

    Raises:
        NotationError: if ``text`` is not an action.
    """
    t = text.strip()
    shared = parse_shared(t)
    if shared is not None:
        return shared
    if t.startswith("@"):
        return Place(parse_location(t[1:]))
    if t.count("-") == 1:
        start, end = t.split("-")
        return Move(parse_location(start), parse_location(end))
    raise NotationError.keyed("error.mf_action", text=quote(text))


def parse_position(text: str) -> State:
    """A position from its one-line notation.

    Raises:
        NotationError: if the text cannot be read.
        InvalidPositionError: if it reads but describes an impossible position.
    """
    tokens = text.split()
    if len(tokens) < 4:
        raise NotationError.keyed("error.mf_parts", text=quote(text))
    name = tokens[0]
    if name not in BOARD_NAMES:
        raise NotationError.keyed("error.position_board", got=quote(name), known=BOARD_NAMES)
    b = board(name)
    players: list[Colour] = []
    pawns: list[list[Field]] = []
    i = 1
    while i < len(tokens) and len(tokens[i]) > 2 and tokens[i][1] == ":" and tokens[i][0] in _LETTERS:
        colour = _LETTERS[tokens[i][0]]
        if colour in players:
            raise NotationError.keyed("error.position_twice", colour=ColourName(colour))
        players.append(colour)
        pawns.append([parse_location(p) for p in tokens[i][2:].split(",")])
        i += 1
    if i >= len(tokens) or not tokens[i].startswith("x:"):
        raise NotationError.keyed("error.mf_no_barricades", text=quote(text))
    body = tokens[i][2:]
    barricades = [] if body == "-" else [parse_location(f) for f in body.split(",")]
    i += 1
    if i >= len(tokens):
        raise NotationError.keyed("error.mf_turn_missing", text=quote(text))
    m = re.fullmatch(r"([rgyb])(\?|[1-6]|!6?|\*)", tokens[i])
    if m is None:
        raise NotationError.keyed("error.mf_turn", text=quote(tokens[i]))
    turn = _LETTERS[m[1]]
    mark = m[2]
    phase = {"?": Phase.ROLL, "!": Phase.PLACE, "!6": Phase.PLACE, "*": Phase.OVER}.get(mark, Phase.MOVE)
    option_values: dict[str, bool] = {}
    for token in tokens[i + 1 :]:
        if not token.startswith("+") or token[1:] not in OPTION_TOKENS:
            raise NotationError.keyed(
                "error.position_option", text=quote(token), known=", ".join(f"+{k}" for k in OPTION_TOKENS)
            )
        option_values[OPTION_TOKENS[token[1:]]] = True
    return build_position(
        b,
        players,
        pawns,
        barricades,
        turn,
        phase,
        int(mark) if phase is Phase.MOVE else None,
        Options(**option_values),
        mark == "!6",
    )


def build_position(
    b: Board,
    players: list[Colour],
    pawns: list[list[Field]],
    barricades: list[Field],
    turn: Colour,
    phase: Phase,
    roll: int | None,
    options: Options,
    roll_again: bool = False,
) -> State:
    """The position a reader found (:func:`parse_position`, :func:`~malefiz.games.malefiz.document.from_json`),
    checked: pawns and barricades as the input lists them (a message names the input's own index),
    sorted into the state only once they pass.

    Raises:
        InvalidPositionError: naming the first thing that is wrong.
    """
    if not 2 <= len(players) <= 4:
        raise InvalidPositionError.keyed("error.mf_position_players", got=len(players))
    if turn not in players:
        raise InvalidPositionError.keyed(
            "error.position_turn", colour=ColourName(turn), players=tuple(ColourName(p) for p in players)
        )
    mask = 0
    for i, f in enumerate(barricades):
        if f not in b.fields:
            raise InvalidPositionError.keyed(
                "error.mf_barricade_off", field=location_name(f), board=board_term(b), path=f"barricades[{i}]"
            )
        if mask >> f & 1:
            raise InvalidPositionError.keyed(
                "error.mf_barricade_twice", field=location_name(f), path=f"barricades[{i}]"
            )
        mask |= 1 << f
    check_pawns(b, players, pawns, mask)  # in the input's order, before the state sorts them
    state = State(
        board=b,
        players=tuple(players),
        pawns=tuple(tuple(sorted(p)) for p in pawns),
        barricades=mask,
        turn=players.index(turn),
        phase=phase,
        roll=roll,
        options=options,
        roll_again=roll_again,
    )
    check_position(state)
    if phase is Phase.PLACE:
        check_taker(state)
    return state
