"""Mensch ärgere Dich nicht as a :class:`~malefiz.core.game.Game`: what the play loop, the CLI and the tests call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ...core.actions import Pass, Roll
from ...core.errors import InvalidPositionError
from ...core.game import Bot, RollingGame
from .board import BOARD_NAMES, board, field_place
from .bots import BOTS
from .document import action_from_json, action_to_json, from_json, moves_document, to_json
from .rules import apply, effects, legal_actions, new_game
from .state import Action, Move, Options, State, format_position, parse_action, parse_position, place_name

__all__ = ["MAEDN", "SEAT_FORMS", "Maedn"]

SEAT_FORMS: Final = ("two_colours", "neutral")
"""The seat-form flags :meth:`Maedn.new_game` takes besides the rule options: two players on the cross
each playing two opposite colours; three players on the cross and the fourth colour neutral."""


class Maedn(RollingGame):
    """The rules of Mensch ärgere Dich nicht (cross and star board) behind the shared game protocol."""

    name: Final = "maedn"
    title: Final = "Mensch ärgere Dich nicht"
    boards: Final = BOARD_NAMES

    @property
    def option_names(self) -> tuple[str, ...]:
        """The five rule options (see :class:`~malefiz.games.maedn.state.Options`), then the two seat forms."""
        return Options.names() + SEAT_FORMS

    @property
    def bots(self) -> Mapping[str, Bot]:
        """easy, medium, hard, greedy and random (see :mod:`malefiz.games.maedn.bots`)."""
        return BOTS

    def player_counts(self, board_name: str) -> tuple[int, ...]:
        """2 to 4 players on the cross, 2 to 6 on the star.

        Raises:
            InvalidPositionError: for an unknown board.
        """
        return tuple(range(2, len(board(board_name).colours) + 1))

    def new_game(
        self, board: str, players: int, options: Mapping[str, bool] | None = None, first: str | None = None
    ) -> State:
        """The starting position for ``players`` seats on ``board`` with ``options`` (rule options and seat forms).

        Raises:
            InvalidPositionError: for an unknown board or option, a non-boolean option value, or a
                player count or seat form the board does not take.
        """
        values = dict(options or {})
        forms = {name: values.pop(name) for name in SEAT_FORMS if name in values}
        for name, value in forms.items():
            if not isinstance(value, bool):
                raise InvalidPositionError(f"options.{name}: expected true or false, got {value!r}")
        rules = Options.from_dict(values)
        two_colours = forms.get("two_colours", False)
        neutral = forms.get("neutral", False)
        return new_game(board, players, rules, first, two_colours=two_colours, neutral=neutral)

    def start_rollers(self, state: State) -> tuple[str, ...]:
        """Every colour in play but the neutral one: the highest roll starts (rule 2)."""
        return tuple(c for c in state.colours if c != state.neutral)

    legal_actions = staticmethod(legal_actions)

    apply = staticmethod(apply)

    parse_action = staticmethod(parse_action)

    parse_position = staticmethod(parse_position)

    format_position = staticmethod(format_position)

    to_json = staticmethod(to_json)

    from_json = staticmethod(from_json)

    def moves_document(self, state: State) -> dict[str, Any]:
        """See :func:`~malefiz.games.maedn.document.moves_document`."""
        return moves_document(state)

    def action_to_json(self, state: State, action: Action) -> object:
        """See :func:`~malefiz.games.maedn.document.action_to_json`."""
        return action_to_json(action)

    def action_from_json(self, state: State, value: object) -> Action:
        """See :func:`~malefiz.games.maedn.document.action_from_json`."""
        return action_from_json(state, value)

    def describe(self, before: State, action: Action, after: State) -> str:
        """One action in words for a transcript.

        ``rolls 6``; ``no move: passes`` (with ``, rolls again`` after a 6 or
        for another try under three rolls); ``y:B-0 enters``, ``y:15-18 captures
        red``, ``y:37-41 goal``, ``y:41-43 moves up in the goal``, followed by
        ``; penalty: yellow's piece on 12 goes back to B`` under forced capture,
        ``; yellow is home`` and ``; game over`` when they happen.
        """
        if isinstance(action, Roll):
            return f"rolls {action.value}"
        if isinstance(action, Pass):
            text = "no move: passes"
            if after.is_chance and after.turn == before.turn:
                if before.roll == 6:
                    text += ", rolls again after the 6"
                else:
                    text += f", rolls again (try {after.attempt} of 3)"
            return text
        assert isinstance(action, Move)
        done = effects(before, action)
        words = [str(action)]
        if action.start < 0:
            words.append("enters")
        if done.capture is not None:
            words.append(f"captures {done.capture.colour}")
        elif done.goal:
            words.append("goal")
        elif action.start >= before.seating.length:
            words.append("moves up in the goal")
        text = " ".join(words)
        if done.penalty is not None:
            colour, key = done.penalty
            place = place_name(field_place(before, colour, key))
            text += f"; penalty: {colour}'s piece on {place} goes back to B"
        if done.finished is not None:
            text += f"; {done.finished} is home"
        if after.is_over:
            text += "; game over"
        return text


MAEDN: Final = Maedn()
"""The Mensch ärgere Dich nicht game object."""
