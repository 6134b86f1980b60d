"""The JSON position document (described in the README).

:func:`to_json` and :func:`from_json` convert it, refusing broken documents
with a message that says what is wrong and where. The one-line notation is
in :mod:`.state`.
"""

from __future__ import annotations

from typing import Any, Final

from ...core.document import check_envelope, phase_and_roll, quote
from ...core.errors import InvalidPositionError
from .board import BOARD_NAMES, COLOURS, FOREST, HOUSE, Board, Field, board, field, xy
from .state import Options, Phase, State, build_position, display_order

__all__ = ["from_json", "location_json", "to_json"]


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
    return build_position(b, players, pawns, barricades, turn, phase, roll, options, roll_again)
