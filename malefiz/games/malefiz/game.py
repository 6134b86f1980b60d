"""Malefiz as a :class:`~malefiz.core.game.Game`: what the play loop, the CLI and the tests call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...core.document import quote
from ...core.errors import MalefizError
from ...core.game import Bot, RollingGame
from .board import BOARD_NAMES, Colour, board
from .bots import BOTS
from .document import action_from_json, action_to_json, from_json, moves_document, to_json
from .rules import SEAT_COLOURS, apply, legal_actions, new_game
from .state import (
    Action,
    Options,
    Pass,
    Phase,
    Place,
    Roll,
    State,
    format_position,
    parse_action,
    parse_position,
)

__all__ = ["MALEFIZ", "Malefiz"]


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
        return new_game(board, colours, Options.from_dict(dict(options or {})), first)

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
        """See :func:`~malefiz.games.malefiz.document.moves_document`."""
        return moves_document(state)

    def action_to_json(self, state: State, action: Action) -> object:
        """See :func:`~malefiz.games.malefiz.document.action_to_json`."""
        return action_to_json(state, action)

    def action_from_json(self, state: State, value: object) -> Action:
        """See :func:`~malefiz.games.malefiz.document.action_from_json`."""
        return action_from_json(state, value)

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
