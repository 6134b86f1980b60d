"""Mensch ärgere Dich nicht at the table: what the shared session (:mod:`malefiz.core.session`) needs beyond the rules.

Keys are the board's ``data-key`` values (named in :mod:`.board`): a piece in
notation (``y:15``, ``y:B`` for any waiting piece of yellow) and a field by
name (``t12`` on the track, ``y:a`` in a goal, ``y:B0`` on B). A click on a
piece with a single move plays it; a piece with two (forward and backward
capture) shows both targets. The words are :mod:`.words`'s, the picture
:mod:`.view`'s; what a move did comes from :func:`.rules.effects`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from ...core.errors import MalefizError
from ...core.session import Namer, Search
from ...i18n import Translator
from . import view
from .board import board, field_name, field_point, is_field, piece_at, piece_key
from .bots import hard
from .game import MAEDN, SEAT_FORMS, Maedn
from .odds import win_chances
from .rules import effects, legal_actions, new_game, seat_colours
from .state import Action, Move, Options, State
from .words import event_words, hint_words, label_words, prompt_words

__all__ = ["TABLE", "MaednTable"]


class MaednTable:
    """Mensch ärgere Dich nicht's keys, pictures and words for :class:`malefiz.core.session.Session`."""

    game: Final[Maedn] = MAEDN
    one_click: Final = True
    """A click on a piece with one move plays it."""
    default_level: Final = "medium"

    def colours(self, board_name: str) -> tuple[str, ...]:
        """The board's colours, clockwise from yellow."""
        return board(board_name).colours

    def seat_colours(self, board_name: str, players: int, options: frozenset[str]) -> tuple[str, ...]:
        """Spread round the board; with two colours each yellow and green (red and black opposite them).

        Raises:
            MalefizError: for a player count the board does not take.
        """
        if "two_colours" in options and players == 2:
            return ("yellow", "green")
        return seat_colours(board_name, players)

    def new_state(self, board_name: str, colours: tuple[str, ...], options: frozenset[str], first: str | None) -> State:
        """See :func:`~.rules.new_game`; ``options`` may hold the seat forms ``two_colours`` and ``neutral``."""
        rules = Options.from_dict({n: True for n in options if n not in SEAT_FORMS}, where="options")
        if "two_colours" in options and len(colours) == 2 and board_name == "cross":
            arms = len(board(board_name).colours)
            a, b = (board(board_name).colour_index(c) for c in colours)
            if (a - b) % arms == arms // 2:
                raise MalefizError.keyed("error.two_colours", first=colours[0], second=colours[1])
        return new_game(
            board_name,
            colours,
            rules,
            first,
            two_colours="two_colours" in options,
            neutral="neutral" in options,
        )

    def board_of(self, state: State) -> str:
        """The board's name."""
        return state.board.name

    def locate(self, state: State, key: str) -> tuple[str | None, str | None]:
        """A piece's key and the field it stands on, or a field's name and the piece on it.

        Raises:
            MalefizError: for a key that names neither.
        """
        piece = piece_at(state, key)
        if piece is not None:
            colour, place = piece
            return key, (field_name(state, colour, place) if place >= 0 else None)
        on = self._pieces_on(state).get(key)
        if on is None and not is_field(state, key):
            raise MalefizError(f"no piece or field {key[:40]!r}")
        return on, key

    def _pieces_on(self, state: State) -> dict[str, str]:
        """The key of the piece on each occupied field (the upper one of a barrier), B fields included."""
        found: dict[str, str] = {}
        for colour, pieces in zip(state.seating.colours, state.pieces, strict=True):
            waiting = 0
            for p in pieces:
                found[field_name(state, colour, p, waiting)] = piece_key(colour, p)
                waiting += p < 0
        return found

    def choice(self, state: State, action: Action) -> tuple[str | None, str]:
        """The piece's key and the name of the field it goes to."""
        assert isinstance(action, Move)
        return piece_key(action.colour, action.start), field_name(state, action.colour, action.end)

    def event(self, before: State, action: Action, after: State, name: Namer, t: Translator) -> str:
        """See :func:`.words.event_words`."""
        return event_words(before, action, after, effects(before, action), name, t)

    def prompt(self, state: State, selected: str | None, again: bool, t: Translator) -> str:
        """See :func:`.words.prompt_words`."""
        return prompt_words(state, selected is not None, again, t)

    def words(self, state: State, action: Action, t: Translator) -> str:
        """See :func:`.words.hint_words`."""
        return hint_words(state, action, t)

    def label(self, state: State, key: str, action: Action | None, t: Translator) -> str:
        """See :func:`.words.label_words`."""
        return label_words(state, key, action, t)

    def way(self, before: State, action: Action) -> list[str]:
        """The fields the move walks (see :func:`.board.way`), and the field a penalised piece was sent from:
        the trail of its effects."""
        return list(effects(before, action).trail)

    def frames(self, before: State, action: Action, names: Mapping[str, str], t: Translator) -> list[str]:
        """The board with the moved piece on each field of its way but the last (nothing for entering)."""
        if not isinstance(action, Move) or action.start < 0:
            return []
        slot = before.seating.slot_of[action.colour]
        mine = list(before.pieces[slot])
        index = mine.index(action.start)
        trail = list(effects(before, action).trail)
        step = 1 if action.end >= action.start else -1
        frames = []
        for here in range(action.start + step, action.end, step):
            mine[index] = here
            pieces = list(before.pieces)
            pieces[slot] = tuple(sorted(mine))
            frames.append(view.render(before._replace(pieces=tuple(pieces)), trail=trail, names=names, t=t))
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
        flies the pieces it sent back to B from where they were caught."""
        sent = effects(*last).captured if last is not None else ()
        sent_home = [(s.colour, field_point(state, s.key)) for s in sent]
        marked = self.choice(state, hint) if isinstance(hint, Move) else None
        hint_mark = (marked[0] or "", marked[1]) if marked is not None else None
        return view.render(
            state,
            movable=movable,
            selected=selected,
            targets=targets,
            hint=hint_mark,
            trail=trail,
            names=names,
            t=t,
            sent_home=sent_home,
        )

    def board_svg(self, board_name: str, t: Translator) -> str:
        """See :func:`.view.board_svg`."""
        return view.board_svg(board_name, t)

    def chances(self, state: State) -> list[float]:
        """See :func:`.odds.win_chances`."""
        return win_chances(state)

    def hint(self, state: State, rng: random.Random) -> Action | None:
        """The hard bot's choice."""
        if state.is_chance or state.is_over:
            return None
        return hard(state, legal_actions(state), rng)

    def search(self, level: str, state: State, actions: Sequence[Action]) -> Search | None:
        """None: every level decides within a millisecond."""
        return None

    def progress(self, state: State) -> list[float]:
        """Each seat's distance to the goal, in seat order: the fields its colours' pieces still walk.

        The pip count of :func:`.odds.turns_left`: the piece furthest along goes to
        goal field d, the next to c, and so on; a piece on B counts the whole
        way, its step onto the A field included (so a capture always adds to
        it). A seat playing two colours counts both; the neutral colour is nobody's.
        """
        se = state.seating
        length = se.length
        per_slot: list[int] = []
        for pieces in state.pieces:
            goal = length + len(pieces) - 1
            total = 0
            for p in reversed(pieces):  # furthest first (B, -1, last)
                total += max(0, goal - p)
                goal -= 1
            per_slot.append(total)
        return [float(sum(per_slot[s] for s in slots)) for slots in se.seat_slots]


TABLE: Final = MaednTable()
"""Mensch ärgere Dich nicht's table."""
