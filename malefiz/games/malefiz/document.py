"""Malefiz in JSON: the position document, and the actions and legal moves the command line prints and reads.

The JSON position document (described in docs/cli.md)::

    {"game": "malefiz", "board": "classic", "players": ["red", "yellow"],
     "pawns": {"red": [[2, 13], "house", "house", "house", "house"], "yellow": [...]},
     "barricades": [[8, 1], [8, 3], ...], "turn": "yellow", "roll": 3, "phase": "move"}

:func:`to_json` and :func:`from_json` convert it, refusing broken documents
with a message that says what is wrong and where. A location is ``[x, y]``,
``"house"`` or ``"forest"`` (:func:`location_json`).

Action JSON (what ``python -m malefiz moves`` prints and ``apply`` reads):
a move ``{"from": "house" | [x, y] | "forest", "to": [x, y]}``, a barricade put
down ``{"place": [x, y]}``, a roll ``{"roll": 4}``, or ``"pass"``
(:func:`action_to_json`, :func:`action_from_json`, :func:`moves_document`).

The one-line notation is in :mod:`.state`.
"""

from __future__ import annotations

from typing import Any, Final

from ...core.actions import PASS, ROLLS, Roll
from ...core.document import check_envelope, phase_and_roll, quote
from ...core.errors import InvalidPositionError, MalefizError
from .board import BOARD_NAMES, COLOURS, FOREST, HOUSE, Board, Field, board, field, xy
from .notation import build_position, parse_location
from .rules import legal_actions
from .state import Action, Move, Options, Phase, Place, State, display_order

__all__ = [
    "action_from_json",
    "action_to_json",
    "from_json",
    "location_json",
    "moves_document",
    "to_json",
]


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
        return FOREST  # on a board without one, check_pawns says so as for the notation
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


def moves_document(state: State) -> dict[str, Any]:
    """What ``python -m malefiz moves`` prints: the legal moves (``from``/``to``), barricade places or
    die faces, and the winner once over."""
    actions = legal_actions(state)
    if state.phase is Phase.PLACE:
        return {"places": [location_json(a.field) for a in actions if isinstance(a, Place)]}
    if state.phase is Phase.ROLL:
        return {"rolls": [a.value for a in actions if isinstance(a, Roll)]}
    document: dict[str, Any] = {
        "moves": [{"from": location_json(a.start), "to": location_json(a.end)} for a in actions if isinstance(a, Move)]
    }
    if state.winner is not None:
        document["winner"] = state.winner
    return document


def action_to_json(state: State, action: Action) -> object:
    """``{"from": .., "to": ..}``, ``{"place": [x, y]}``, ``{"roll": n}`` or ``"pass"`` (``state``: the
    position the action is played in; a Malefiz action reads the same in every position)."""
    if isinstance(action, Move):
        return {"from": location_json(action.start), "to": location_json(action.end)}
    if isinstance(action, Place):
        return {"place": location_json(action.field)}
    if isinstance(action, Roll):
        return {"roll": action.value}
    return "pass"


def _location_from_json(value: object, where: str) -> int:
    if value in ("house", "forest"):
        return parse_location(str(value))
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int and 0 <= v < 32 for v in value):
        return parse_location(f"{value[0]}.{value[1]}")
    raise MalefizError(f'{where}: expected [x, y], "house" or "forest", got {quote(value)}')


def action_from_json(state: State, value: object) -> Action:
    """The inverse of :func:`action_to_json` (whether the action is legal in ``state`` is for
    :func:`~.rules.apply` to say).

    Raises:
        MalefizError: for anything that is not one of those forms.
    """
    if value == "pass":
        return PASS
    if isinstance(value, dict):
        if set(value) == {"roll"} and type(value["roll"]) is int and 1 <= value["roll"] <= 6:
            return ROLLS[value["roll"] - 1]
        if set(value) == {"from", "to"}:
            return Move(_location_from_json(value["from"], "from"), _location_from_json(value["to"], "to"))
        if set(value) == {"place"}:
            return Place(_location_from_json(value["place"], "place"))
    raise MalefizError(
        f'cannot read action {quote(value)}: expected {{"from": .., "to": ..}}, {{"place": [x, y]}},'
        ' {"roll": 1..6} or "pass"'
    )
