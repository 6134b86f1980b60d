"""Malefiz at the table: what the shared session (:mod:`malefiz.core.session`) needs beyond the rules.

Keys are the board's ``data-key`` values (see :mod:`.view`): a location's name in
the notation (:func:`~.board.location_name`, read back by :func:`~.state.parse_location`):
``"x.y"`` for a field and for the pawn or barricade on it, ``"h"`` for the waiting
pawns of the player to act and ``"f"`` for its pawns in the forest. So a pawn's key,
``-`` and its target's key is the move in notation (``h-0.13``, ``2.13-2.9``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final, cast

from ...core.effects import NONE
from ...core.errors import MalefizError
from ...core.session import Namer, Search
from ...i18n import Translator
from . import view
from .board import COLOURS, FOREST, HOUSE, Colour, location_name
from .bots import Search as HardSearch
from .bots import hint, win_chances
from .game import MALEFIZ, Malefiz
from .rules import SEAT_COLOURS, effects, new_game
from .state import Action, Move, Options, Place, State, parse_location
from .words import event_words, hint_words, label_words, prompt_words

__all__ = ["TABLE", "MalefizTable"]


def _colours(names: Mapping[str, str]) -> Mapping[Colour, str]:
    return cast(Mapping[Colour, str], names)


class MalefizTable:
    """Malefiz's keys, pictures and words for :class:`malefiz.core.session.Session`."""

    game: Final[Malefiz] = MALEFIZ
    one_click: Final = False
    """A click on a pawn chooses it, even with one move: its targets are shown first."""
    default_level: Final = "greedy"

    def colours(self, board: str) -> tuple[str, ...]:
        """Red, green, yellow and blue on both boards."""
        return COLOURS

    def seat_colours(self, board: str, players: int, options: frozenset[str]) -> tuple[str, ...]:
        """Opposite houses for two, then round the board (see :data:`~.rules.SEAT_COLOURS`).

        Raises:
            MalefizError: for other than 2 to 4 players.
        """
        if players not in SEAT_COLOURS:
            raise MalefizError.keyed("error.mf_players", got=players)
        return SEAT_COLOURS[players]

    def new_state(self, board: str, colours: tuple[str, ...], options: frozenset[str], first: str | None) -> State:
        """See :func:`~.rules.new_game`."""
        flags = Options.from_dict(dict.fromkeys(options, True), where="options")
        return new_game(board, cast(tuple[Colour, ...], colours), flags, cast(Colour | None, first))

    def board_of(self, state: State) -> str:
        """The board's name."""
        return state.board.name

    def locate(self, state: State, key: str) -> tuple[str | None, str | None]:
        """``h`` and ``f`` are pawns; ``x.y`` is a field and the acting player's pawn on it, if any.

        Raises:
            MalefizError: for a key that names no location.
        """
        location = parse_location(key)
        name = location_name(location)
        if location in (HOUSE, FOREST):
            return name, None
        return (name if location in state.pawns_of(state.current) else None), name

    def choice(self, state: State, action: Action) -> tuple[str | None, str]:
        """A move: its pawn's location and its end; a placement: its field alone."""
        if isinstance(action, Move):
            return location_name(action.start), location_name(action.end)
        assert isinstance(action, Place)
        return None, location_name(action.field)

    def event(self, before: State, action: Action, after: State, name: Namer, t: Translator) -> str:
        """See :func:`.words.event_words` (with the action's :func:`~.rules.effects`)."""
        return event_words(before, action, after, effects(before, action), name, t)

    def prompt(self, state: State, selected: str | None, again: bool, t: Translator) -> str:
        """See :func:`.words.prompt_words` (``selected``: the chosen pawn's key, if any)."""
        return prompt_words(state, selected is not None, again, t)

    def words(self, state: State, action: Action, t: Translator) -> str:
        """See :func:`.words.hint_words`."""
        return hint_words(state, action, t)

    def label(self, state: State, key: str, action: Action | None, t: Translator) -> str:
        """See :func:`.words.label_words`."""
        return label_words(state, key, action, t)

    def way(self, before: State, action: Action) -> list[str]:
        """The fields a move steps on, its end included (its effects' route without the start it left); for a
        placement the barricade's new field (so it stays marked until the next move)."""
        found = effects(before, action)
        if found.route:
            return list(found.route[1:])
        return [found.barricade_placed] if found.barricade_placed is not None else []

    def frames(self, before: State, action: Action, names: Mapping[str, str], t: Translator) -> list[str]:
        """The board with the moved pawn on each field of its route but the last."""
        if not isinstance(action, Move):
            return []
        steps = [parse_location(key) for key in effects(before, action).route[1:]]
        frames = []
        mine = list(before.pawns[before.turn])
        index = mine.index(action.start)
        for here in steps[:-1]:
            mine[index] = here
            pawns = list(before.pawns)
            pawns[before.turn] = tuple(mine)
            frames.append(view.render(before._replace(pawns=tuple(pawns)), names=_colours(names), highlight=steps, t=t))
        return frames

    def render(
        self,
        state: State,
        *,
        movable: frozenset[str],
        selected: str | None,
        targets: frozenset[str],
        hint: object,
        trail: Sequence[str],
        names: Mapping[str, str],
        t: Translator,
        last: tuple[State, Action] | None = None,
    ) -> str:
        """See :func:`.view.render`; ``last`` (the position before the last action, and that action)
        plays its motion (its :func:`~.rules.effects`): a pawn sent home, a barricade taken or put down."""
        return view.render(
            state,
            movable=frozenset(parse_location(k) for k in movable),
            targets=frozenset(parse_location(k) for k in targets),
            selected=parse_location(selected) if selected is not None else None,
            names=_colours(names),
            highlight=[parse_location(k) for k in trail],
            hint=hint if isinstance(hint, Move | Place) else None,
            t=t,
            motion=effects(*last) if last is not None else NONE,
        )

    def board_svg(self, board: str, t: Translator) -> str:
        """See :func:`.view.board_svg`."""
        return view.board_svg(board, t)

    def chances(self, state: State) -> list[float]:
        """The hard bot's estimate (see :func:`~.bots.win_chances`), in seat order."""
        found = win_chances(state)
        return [found[c] for c in state.players]

    def hint(self, state: State, rng: random.Random) -> Action | None:
        """The hard bot's choice."""
        return hint(state, rng)[0]

    def search(self, level: str, state: State, actions: Sequence[Action]) -> Search | None:
        """The hard level's move search, a candidate a slice (placements are quick)."""
        if level == "hard" and isinstance(actions[0], Move):
            return HardSearch(state, list(actions))
        return None

    def progress(self, state: State) -> list[float]:
        """Each seat's distance to the goal, in seat order: the steps its pawns still walk, summed.

        A pawn on a field counts the board distance to the goal (barricades and
        pawns ignored), a pawn in the house its exit field's distance + 1, a pawn
        in the forest the forest exit's + 1; a pawn on the goal counts 0.
        """
        b = state.board
        distance = b.distance
        forest = distance[b.forest_exit] + 1 if b.forest_exit is not None else 0
        found: list[float] = []
        for colour, pawns in zip(state.players, state.pawns, strict=True):
            house = b.start_distance(colour)
            found.append(float(sum(house if p == HOUSE else forest if p == FOREST else distance[p] for p in pawns)))
        return found


TABLE: Final = MalefizTable()
"""Malefiz's table."""
