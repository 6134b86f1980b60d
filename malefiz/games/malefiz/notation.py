"""Text forms of positions and actions: one-line notation and the JSON document.

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
(put the barricade), ``pass``.

The JSON position document is described in the README; :func:`to_json` and
:func:`from_json` convert it, refusing broken documents with a message that
says what is wrong and where.
"""

from __future__ import annotations

import re
from typing import Any, Final

from ...core.document import check_envelope, phase_and_roll, quote
from ...core.errors import InvalidPositionError, NotationError
from .board import (
    BOARD_NAMES,
    COLOURS,
    FOREST,
    HOUSE,
    Board,
    Colour,
    Field,
    board,
    field,
    location_name,
    xy,
)
from .rules import (
    OPTION_TOKENS,
    PASS,
    Action,
    Move,
    Options,
    Phase,
    Place,
    Roll,
    State,
    check_pawns,
    check_position,
    display_order,
    format_position,
)

__all__ = [
    "format_position",
    "from_json",
    "location_json",
    "parse_action",
    "parse_location",
    "parse_position",
    "to_json",
]

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
        raise NotationError(f"cannot read location {quote(text)}: expected x.y (like 2.13), h or f")
    x, y = int(m[1]), int(m[2])
    if x >= _WIDTH or y >= _HEIGHT:  # field() packs x and y in one number: 34.12 would be 2.13
        raise NotationError(
            f"cannot read location {quote(text)}: no board has a field there (x is 0 to {_WIDTH - 1},"
            f" y 0 to {_HEIGHT - 1})"
        )
    return field(x, y)


def parse_action(text: str) -> Action:
    """An action from its notation (``d4``, ``h-2.13``, ``2.13-2.9``, ``@8.7``, ``pass``).

    Raises:
        NotationError: if ``text`` is not an action.
    """
    t = text.strip()
    if t == "pass":
        return PASS
    if re.fullmatch(r"d[1-6]", t):
        return Roll(int(t[1]))
    if t.startswith("@"):
        return Place(parse_location(t[1:]))
    if t.count("-") == 1:
        start, end = t.split("-")
        return Move(parse_location(start), parse_location(end))
    raise NotationError(
        f"cannot read action {quote(text)}: expected d1..d6, a move like h-2.13 or 2.13-2.9, @x.y or pass"
    )


def parse_position(text: str) -> State:
    """A position from its one-line notation.

    Raises:
        NotationError: if the text cannot be read.
        InvalidPositionError: if it reads but describes an impossible position.
    """
    tokens = text.split()
    if len(tokens) < 4:
        raise NotationError(
            f"cannot read position {quote(text)}: expected board, players' pawns, x:barricades and turn"
        )
    name = tokens[0]
    if name not in BOARD_NAMES:
        raise NotationError(f"cannot read position: unknown board {quote(name)}; expected classic or fast")
    b = board(name)
    players: list[Colour] = []
    pawns: list[list[Field]] = []
    i = 1
    while i < len(tokens) and len(tokens[i]) > 2 and tokens[i][1] == ":" and tokens[i][0] in _LETTERS:
        colour = _LETTERS[tokens[i][0]]
        if colour in players:
            raise NotationError(f"cannot read position: colour {colour} is listed twice")
        players.append(colour)
        pawns.append([parse_location(p) for p in tokens[i][2:].split(",")])
        i += 1
    if i >= len(tokens) or not tokens[i].startswith("x:"):
        raise NotationError(f"cannot read position {quote(text)}: expected x:<barricades> after the pawns")
    body = tokens[i][2:]
    barricades = [] if body == "-" else [parse_location(f) for f in body.split(",")]
    i += 1
    if i >= len(tokens):
        raise NotationError(f"cannot read position {quote(text)}: missing the turn (like r? or r4)")
    m = re.fullmatch(r"([rgyb])(\?|[1-6]|!6?|\*)", tokens[i])
    if m is None:
        raise NotationError(
            f"cannot read turn {quote(tokens[i])}: expected like r? (roll), r4 (move), r! (place) or r* (won)"
        )
    turn = _LETTERS[m[1]]
    mark = m[2]
    phase = {"?": Phase.ROLL, "!": Phase.PLACE, "!6": Phase.PLACE, "*": Phase.OVER}.get(mark, Phase.MOVE)
    option_values: dict[str, bool] = {}
    for token in tokens[i + 1 :]:
        if not token.startswith("+") or token[1:] not in OPTION_TOKENS:
            raise NotationError(
                f"cannot read option {quote(token)}: expected one of " + ", ".join(f"+{k}" for k in OPTION_TOKENS)
            )
        option_values[OPTION_TOKENS[token[1:]]] = True
    return _build(
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


def _build(
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
    if not 2 <= len(players) <= 4:
        raise InvalidPositionError(f"players: Malefiz is for 2 to 4 players, got {len(players)}")
    if turn not in players:
        raise InvalidPositionError(f"turn: {turn} is not one of the players {players}")
    mask = 0
    for i, f in enumerate(barricades):
        if f not in b.fields:
            raise InvalidPositionError(f"barricades[{i}]: {location_name(f)} is not a field of the {b.name} board")
        if mask >> f & 1:
            raise InvalidPositionError(f"barricades[{i}]: {location_name(f)} is listed twice")
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
        _check_taker(state)
    return state


def _check_taker(state: State) -> None:
    """In phase place the player to act has just moved onto a barricade and taken it (rule: whoever takes a
    barricade puts it again), so one of its pawns stands where a barricade can stand: on a field, not the
    goal, a rest field or a protected row (the bottom row; the lowest two under ``protect_two_rows``)."""
    b = state.board
    protected = b.protected_rows(state.options.protect_two_rows)
    pawns = state.pawns[state.turn]
    if not any(f >= 0 and f != b.goal and f not in b.rest_fields and f >> 5 not in protected for f in pawns):
        rows = " or ".join(str(r) for r in sorted(protected))
        raise InvalidPositionError(
            f"phase place: {state.current} must have just taken a barricade, so one of its pawns must stand where"
            f" a barricade can stand (a field off row {rows}, not the goal or a rest field);"
            f" its pawns are on {', '.join(location_name(f) for f in display_order(pawns))}"
        )


def location_json(location: Field) -> list[int] | str:
    """The JSON form of a location: ``[x, y]``, ``"house"`` or ``"forest"``."""
    if location == HOUSE:
        return "house"
    if location == FOREST:
        return "forest"
    x, y = xy(location)
    return [x, y]


def to_json(state: State) -> dict[str, Any]:
    """The JSON position document of ``state`` (a dict ready for ``json.dumps``)."""
    doc: dict[str, Any] = {
        "game": "malefiz",
        "board": state.board.name,
        "players": list(state.players),
        "pawns": {
            colour: [location_json(p) for p in display_order(pawns)]
            for colour, pawns in zip(state.players, state.pawns, strict=True)
        },
        "barricades": [location_json(f) for f in state.barricade_fields],
        "turn": state.current,
        "roll": state.roll,
        "phase": state.phase.value,
    }
    if state.roll_again:
        doc["roll_again"] = True
    options = state.options.to_dict()
    if options:
        doc["options"] = options
    return doc


_KEYS: Final = ("game", "board", "players", "pawns", "barricades", "turn", "roll", "phase")
_OPTIONAL_KEYS: Final = ("options", "roll_again")


def _json_location(value: object, where: str, b: Board) -> Field:
    if value == "house":
        return HOUSE
    if value == "forest":
        if b.forest is None:
            raise InvalidPositionError(f"{where}: the {b.name} board has no forest")
        return FOREST
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        x, y = value
        if 0 <= x < b.width and 0 <= y < b.height and field(x, y) in b.fields:
            return field(x, y)
        raise InvalidPositionError(f"{where}: [{x}, {y}] is not a field of the {b.name} board")
    raise InvalidPositionError(f'{where}: expected [x, y], "house" or "forest", got {quote(value)}')


def from_json(doc: object) -> State:
    """The position described by a JSON position document (already parsed).

    Raises:
        InvalidPositionError: saying what is wrong and where (a key path like
            ``pawns.red[2]``) for anything but a valid, possible position.
    """
    doc = check_envelope(doc, "malefiz", _KEYS, _OPTIONAL_KEYS)
    if doc["board"] not in BOARD_NAMES:
        raise InvalidPositionError(f'board: expected "classic" or "fast", got {quote(doc["board"])}')
    b = board(doc["board"])
    players = doc["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise InvalidPositionError(f"players: expected a list of colours, got {quote(players)}")
    for i, p in enumerate(players):
        if p not in COLOURS:
            raise InvalidPositionError(f"players[{i}]: unknown colour {quote(p)}; expected red, green, yellow or blue")
        if players.index(p) != i:
            raise InvalidPositionError(f"players[{i}]: {p} is listed twice")
    pawn_doc = doc["pawns"]
    if not isinstance(pawn_doc, dict):
        raise InvalidPositionError(f"pawns: expected an object with a list per player, got {quote(pawn_doc)}")
    if set(pawn_doc) != set(players):
        raise InvalidPositionError(
            f"pawns: expected exactly the players {players} as keys, got {quote(sorted(pawn_doc))}"
        )
    pawns: list[list[Field]] = []
    for colour in players:
        entries = pawn_doc[colour]
        if not isinstance(entries, list):
            raise InvalidPositionError(f"pawns.{colour}: expected a list, got {quote(entries)}")
        pawns.append([_json_location(e, f"pawns.{colour}[{i}]", b) for i, e in enumerate(entries)])
    barricade_doc = doc["barricades"]
    if not isinstance(barricade_doc, list):
        raise InvalidPositionError(f"barricades: expected a list of [x, y], got {quote(barricade_doc)}")
    barricades = []
    for i, value in enumerate(barricade_doc):
        f = _json_location(value, f"barricades[{i}]", b)
        if f < 0:
            raise InvalidPositionError(f"barricades[{i}]: a barricade must stand on a field, got {quote(value)}")
        barricades.append(f)
    phase, roll = phase_and_roll(doc, Phase, Phase.MOVE)
    options = Options.from_dict(doc.get("options", {}))
    roll_again = doc.get("roll_again", False)
    if not isinstance(roll_again, bool):
        raise InvalidPositionError(f"roll_again: expected true or false, got {quote(roll_again)}")
    turn = doc["turn"]
    if turn not in players:
        raise InvalidPositionError(f"turn: expected one of the players {players}, got {quote(turn)}")
    return _build(b, players, pawns, barricades, turn, phase, roll, options, roll_again)
