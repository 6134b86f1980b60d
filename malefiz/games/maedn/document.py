"""The JSON position document, and actions as JSON for the command line.

(The one-line notation, both ways, is :mod:`malefiz.games.maedn.state`'s.) The JSON
position document::

    {"game": "maedn", "board": "cross",
     "seats": [["yellow", "red"], ["green", "black"]],
     "neutral": null,
     "pieces": {"yellow": [0, 17, "B", "B"], "green": [...], "red": [...], "black": [...]},
     "turn": "yellow", "phase": "roll", "roll": null, "attempt": 1,
     "finished": [],
     "options": {"backward_capture": true}}

- ``seats``: the players, each with the colours it plays; ``neutral``: the
  neutral colour of the three-player variant or null;
- ``pieces``: per colour in play (clockwise), ``"B"`` (waiting) or a place
  counted from the colour's own A field (0 the A field, L-1 the last track
  field, L..L+3 the goal fields a..d; L = 40 on the cross, 48 on the star);
- ``turn``: the colour to act (in phase ``over``: the colour that moved last);
  ``phase``: ``roll``, ``move`` or ``over``; ``roll``: the die in phase move, else
  null; ``attempt``: the try (1 to 3) under the three-rolls option, else 1;
- ``finished``: the colours that came home, in placing order (never the
  neutral colour; see :attr:`~malefiz.games.maedn.state.State.ranking`);
- ``options``: the rule options that are on (optional; absent means the printed rules).

Broken documents are refused with :class:`~malefiz.core.errors.InvalidPositionError`
saying what is wrong and where (``pieces.red[2]: ...``).

Action JSON (what ``python -m malefiz moves`` prints and ``apply`` reads): a
move ``{"colour": "yellow", "from": "B" | place, "to": place}``, a roll
``{"roll": 4}``, or ``"pass"``.
"""

from __future__ import annotations

from typing import Any, Final

from ...core.actions import PASS, ROLLS, Roll
from ...core.document import check_envelope, phase_and_roll, quote
from ...core.errors import InvalidPositionError, MalefizError
from .board import BOARD_NAMES, BOARDS, PIECES, Board
from .notation import build_state
from .rules import legal_actions
from .state import Action, B, Move, Options, Phase, State, move, seating

__all__ = [
    "action_from_json",
    "action_to_json",
    "from_json",
    "moves_document",
    "place_json",
    "to_json",
]


def place_json(place: int) -> int | str:
    """A place in JSON: ``"B"`` or its number."""
    return "B" if place < 0 else place


def to_json(state: State) -> dict[str, Any]:
    """The JSON position document of ``state`` (a dict ready for ``json.dumps``); ``options`` only when some are on."""
    se = state.seating
    doc: dict[str, Any] = {
        "game": "maedn",
        "board": se.board.name,
        "seats": [list(seat) for seat in se.seats],
        "neutral": se.neutral,
        "pieces": {
            colour: [p for p in places if p >= 0] + ["B"] * sum(1 for p in places if p < 0)
            for colour, places in zip(se.colours, state.pieces, strict=True)
        },
        "turn": state.current,
        "phase": state.phase.value,
        "roll": state.roll,
        "attempt": state.attempt,
        "finished": list(state.finished_colours),
    }
    options = state.options.to_dict()
    if options:
        doc["options"] = options
    return doc


_KEYS: Final = ("game", "board", "seats", "neutral", "pieces", "turn", "phase", "roll", "attempt", "finished")
_OPTIONAL_KEYS: Final = ("options",)


def _colour_name(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise InvalidPositionError(f"{where}: expected a colour name, got {quote(value)}")
    return value


def _json_places(value: object, where: str, b: Board) -> list[int]:
    if not isinstance(value, list):
        raise InvalidPositionError(f"{where}: expected a list of {PIECES} places, got {quote(value)}")
    if len(value) != PIECES:
        raise InvalidPositionError(f"{where}: expected {PIECES} pieces, got {len(value)}")
    places: list[int] = []
    for i, entry in enumerate(value):
        if entry == "B":
            places.append(B)
        elif type(entry) is int and 0 <= entry <= b.last_place:
            places.append(entry)
        else:
            raise InvalidPositionError(
                f'{where}[{i}]: expected "B" or a place 0 to {b.last_place} on the {b.name} board, got {quote(entry)}'
            )
    return places


def from_json(doc: object) -> State:
    """The position a JSON position document (already parsed) describes.

    Raises:
        InvalidPositionError: saying what is wrong and where (``pieces.red[2]: ...``,
            ``seats[1][0]: unknown colour ...``) for anything but a valid, possible position.
    """
    doc = check_envelope(doc, "maedn", _KEYS, _OPTIONAL_KEYS)
    if not isinstance(doc["board"], str) or doc["board"] not in BOARDS:
        raise InvalidPositionError(f"board: expected one of {', '.join(BOARD_NAMES)}, got {quote(doc['board'])}")
    b = BOARDS[doc["board"]]
    seat_doc = doc["seats"]
    if not isinstance(seat_doc, list):
        raise InvalidPositionError(f"seats: expected a list of players, each a list of colours, got {quote(seat_doc)}")
    seats: list[tuple[str, ...]] = []
    for i, seat in enumerate(seat_doc):
        if not isinstance(seat, list):
            raise InvalidPositionError(f"seats[{i}]: expected a list of colours, got {quote(seat)}")
        seats.append(tuple(_colour_name(c, f"seats[{i}][{j}]") for j, c in enumerate(seat)))
    neutral = doc["neutral"]
    if neutral is not None:
        neutral = _colour_name(neutral, "neutral")
    piece_doc = doc["pieces"]
    if not isinstance(piece_doc, dict):
        raise InvalidPositionError(f"pieces: expected an object with a list per colour, got {quote(piece_doc)}")
    se = seating(b, tuple(seats), neutral)
    pieces: dict[str, list[int]] = {}
    for colour, value in piece_doc.items():
        if colour not in se.slot_of:
            if colour not in b.colours:
                raise InvalidPositionError(
                    f"pieces: unknown colour {quote(colour)} on the {b.name} board; expected one of"
                    f" {', '.join(se.colours)}"
                )
            raise InvalidPositionError(f"pieces.{colour}: {colour} is not played by any seat and is not neutral")
        pieces[colour] = _json_places(value, f"pieces.{colour}", b)
    for colour in se.colours:
        if colour not in pieces:
            raise InvalidPositionError(f"pieces: {colour} is in play but has no pieces")
    turn = _colour_name(doc["turn"], "turn")
    phase, roll = phase_and_roll(doc, Phase, Phase.MOVE)
    attempt = doc["attempt"]
    if type(attempt) is not int:
        raise InvalidPositionError(f"attempt: expected a number 1 to 3, got {quote(attempt)}")
    finished_doc = doc["finished"]
    if not isinstance(finished_doc, list):
        raise InvalidPositionError(f"finished: expected a list of colours, got {quote(finished_doc)}")
    finished = [_colour_name(c, f"finished[{i}]") for i, c in enumerate(finished_doc)]
    options = Options.from_dict(doc.get("options", {}))
    return build_state(b, tuple(seats), neutral, pieces, turn, phase, roll, attempt, finished, options)


def moves_document(state: State) -> dict[str, Any]:
    """What ``python -m malefiz moves`` prints.

    Phase move: ``{"moves": [{"colour": .., "from": "B" | place, "to": place}, ...]}``
    (each distinct move once; empty when the colour must pass); phase roll:
    ``{"rolls": [1, 2, 3, 4, 5, 6]}``; phase over: ``{"moves": [], "ranking": [...]}``
    with the seats (each a list of its colours) best first.
    """
    actions = legal_actions(state)
    if state.phase is Phase.ROLL:
        return {"rolls": [a.value for a in actions if isinstance(a, Roll)]}
    document: dict[str, Any] = {"moves": [_move_json(a) for a in actions if isinstance(a, Move)]}
    if state.phase is Phase.OVER:
        document["ranking"] = [list(state.seats[seat]) for place in state.ranking for seat in place]
    return document


def _move_json(m: Move) -> dict[str, Any]:
    return {"colour": m.colour, "from": place_json(m.start), "to": m.end}


def action_to_json(action: Action) -> object:
    """``action`` as the CLI's ``apply`` reads it: a move as ``moves`` prints it, ``{"roll": n}`` or ``"pass"``."""
    if isinstance(action, Move):
        return _move_json(action)
    if isinstance(action, Roll):
        return {"roll": action.value}
    return "pass"


def _is_place(value: object, last: int) -> bool:
    return type(value) is int and 0 <= value <= last


def action_from_json(state: State, value: object) -> Action:
    """The action ``value`` (JSON, as :func:`action_to_json` writes it) stands for in ``state``.

    Whether it is legal is for :func:`~malefiz.games.maedn.rules.apply` to say.

    Raises:
        MalefizError: for anything that is not one of those forms, or a colour not in play.
    """
    if value == "pass":
        return PASS
    if isinstance(value, dict):
        if set(value) == {"roll"} and type(value["roll"]) is int and 1 <= value["roll"] <= 6:
            return ROLLS[value["roll"] - 1]
        last = state.board.last_place
        if set(value) == {"colour", "from", "to"}:
            colour, start, end = value["colour"], value["from"], value["to"]
            if not isinstance(colour, str) or colour not in state.seating.slot_of:
                raise MalefizError(
                    f"cannot read move {quote(value)}: colour must be one in play ({', '.join(state.colours)})"
                )
            if (start == "B" or _is_place(start, last)) and _is_place(end, last):
                assert isinstance(end, int)
                return move(colour, B if start == "B" else int(start), end)
            raise MalefizError(f'cannot read move {quote(value)}: "from" is "B" or a place, "to" a place, 0 to {last}')
    raise MalefizError(
        f'cannot read action {quote(value)}: expected {{"colour": .., "from": "B" | place, "to": place}},'
        ' {"roll": 1..6} or "pass"'
    )
