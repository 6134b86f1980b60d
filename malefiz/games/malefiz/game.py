"""Malefiz as a :class:`~malefiz.core.game.Game`: what the play loop, the CLI and the tests call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...core.actions import ROLLS
from ...core.document import quote
from ...core.errors import MalefizError
from ...core.game import Bot, RollingGame
from .board import BOARD_NAMES, Colour, board
from .bots import BOTS
from .notation import from_json, location_json, to_json
from .rules import SEAT_COLOURS, apply, legal_actions, new_game
from .state import (
    PASS,
    Action,
    Move,
    Options,
    Pass,
    Phase,
    Place,
    Roll,
    State,
    format_position,
    parse_action,
    parse_location,
    parse_position,
)

__all__ = ["MALEFIZ", "Malefiz"]


def _location_from_json(value: object, where: str) -> int:
    if value in ("house", "forest"):
        return parse_location(str(value))
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int and 0 <= v < 32 for v in value):
        return parse_location(f"{value[0]}.{value[1]}")
    raise MalefizError(f'{where}: expected [x, y], "house" or "forest", got {quote(value)}')


class Malefiz(RollingGame):
    """The Malefiz rules (classic and fast board) behind the shared game protocol."""

    name: Final = "malefiz"
    title: Final = "Malefiz"
    boards: Final = BOARD_NAMES

    @property
    def option_names(self) -> tuple[str, ...]:
        """Every rule option (see :class:`~malefiz.games.malefiz.state.Options`)."""
        return Options.names()

    @property
    def bots(self) -> Mapping[str, Bot]:
        """easy, medium, hard, greedy and random."""
        return BOTS

    def player_counts(self, board_name: str) -> tuple[int, ...]:
        """Both boards take 2 to 4 players."""
        board(board_name)
        return (2, 3, 4)

    def new_game(
        self, board: str, players: int, options: Mapping[str, bool] | None = None, first: str | None = None
    ) -> State:
        """Pawns in their houses; two players sit opposite (red and yellow), three leave blue out."""
        if players not in SEAT_COLOURS:
            raise MalefizError(f"players: Malefiz is for 2 to 4 players, got {players}")
        colours = SEAT_COLOURS[players]
        if first is not None and first not in colours:
            raise MalefizError(f"first: {quote(first)} is not one of the players {list(colours)}")
        return new_game(colours, board, Options.from_dict(dict(options or {})), first)

    def start_rollers(self, state: State) -> tuple[str, ...]:
        """Every player under the ``roll_for_start`` option; otherwise the setup order decides."""
        return state.players if state.options.roll_for_start else ()

    legal_actions = staticmethod(legal_actions)

    apply = staticmethod(apply)

    parse_action = staticmethod(parse_action)

    parse_position = staticmethod(parse_position)

    format_position = staticmethod(format_position)

    to_json = staticmethod(to_json)

    from_json = staticmethod(from_json)

    def moves_document(self, state: State) -> dict[str, Any]:
        """Moves (``from``/``to``), barricade places or die faces, and the winner once over."""
        actions = legal_actions(state)
        if state.phase is Phase.PLACE:
            return {"places": [location_json(a.field) for a in actions if isinstance(a, Place)]}
        if state.phase is Phase.ROLL:
            return {"rolls": [a.value for a in actions if isinstance(a, Roll)]}
        document: dict[str, Any] = {
            "moves": [
                {"from": location_json(a.start), "to": location_json(a.end)} for a in actions if isinstance(a, Move)
            ]
        }
        if state.winner is not None:
            document["winner"] = state.winner
        return document

    def action_to_json(self, state: State, action: Action) -> object:
        """``{"from": .., "to": ..}``, ``{"place": [x, y]}``, ``{"roll": n}`` or ``"pass"``."""
        if isinstance(action, Move):
            return {"from": location_json(action.start), "to": location_json(action.end)}
        if isinstance(action, Place):
            return {"place": location_json(action.field)}
        if isinstance(action, Roll):
            return {"roll": action.value}
        return "pass"

    def action_from_json(self, state: State, value: object) -> Action:
        """The inverse of :meth:`action_to_json`.

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

    def describe(self, before: State, action: Action, after: State) -> str:
        """``rolls 4``, ``2.13-2.9 captures blue takes the barricade``, ``puts it on 8.7``, ``no move: passes``."""
        if isinstance(action, Roll):
            return f"rolls {action.value}"
        if isinstance(action, Pass):
            return "no move: passes"
        if isinstance(action, Place):
            return f"puts it on {str(action)[1:]}"
        text = str(action)
        victim: Colour | None = before.occupant(action.end)
        if victim is not None:
            text += f" captures {'own pawn' if victim == before.current else victim}"
        if after.phase is Phase.PLACE:
            text += " takes the barricade"
        return text


MALEFIZ: Final = Malefiz()
"""The Malefiz game object."""
