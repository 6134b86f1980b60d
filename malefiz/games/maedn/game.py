"""Mensch ärgere Dich nicht as a :class:`~malefiz.core.game.Game` (what the play loop, the CLI, the tests and
the page call) and its :class:`~malefiz.core.face.Face` (keys, pictures and words for the page).

Keys are the board's ``data-key`` values (named in :mod:`.board`): a piece in notation (``y:15``,
``y:B`` for any waiting piece of yellow) and a field by name (``t12`` on the track, ``y:a`` in a
goal, ``y:B0`` on B). A click on a piece with a single move plays it; a piece with two (forward and
backward capture) shows both targets. The words are :mod:`.words`'s, the picture :mod:`.view`'s;
what a move did comes from :func:`.rules.effects`, once, in the session's record.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from ...core.actions import Pass, Roll
from ...core.errors import ColourName, InvalidPositionError, MalefizError
from ...core.face import Marks, Search, WordsFace
from ...core.game import Bot, OptionsArg, RollingGame
from ...core.options import option_flags
from ...core.record import Entry
from ...core.svg import rank_labels
from ...i18n import ENGLISH, Translator
from . import view, words
from .board import (
    BOARD_NAMES,
    BOARDS,
    board,
    field_name,
    field_place,
    field_point,
    is_field,
    piece_at,
    piece_key,
    pieces_on,
)
from .bots import BOTS
from .document import action_from_json, action_to_json, from_json, moves_document, to_json
from .learned import win_chances
from .notation import format_position, parse_action, parse_position
from .rules import apply, effects, legal_actions, movers, new_game, seat_colours
from .state import Action, Move, Options, State, place_name

__all__ = ["MAEDN", "SEAT_FORMS", "Maedn", "MaednFace"]

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

    def colours(self, board_name: str) -> tuple[str, ...]:
        """The board's colours, clockwise from yellow."""
        return board(board_name).colours

    def seat_colours(self, board_name: str, players: int, options: Collection[str] = ()) -> tuple[str, ...]:
        """Spread round the board; with two colours each yellow and green (red and black opposite them).

        Raises:
            MalefizError: for a player count the board does not take.
        """
        if "two_colours" in options and players == 2:
            return ("yellow", "green")
        return seat_colours(board_name, players)

    def new_game(
        self, board: str, players: int | Sequence[str], options: OptionsArg = None, first: str | None = None
    ) -> State:
        """The starting position for ``players`` seats (a count, or each seat's first colour) on ``board``
        with ``options`` (rule options and seat forms).

        Raises:
            InvalidPositionError: for an unknown board or option, a non-boolean option value, or a
                player count or seat form the board does not take.
            MalefizError: for two colours each that are not neighbours on the cross.
        """
        values = option_flags(options)
        forms = {name: values.pop(name) for name in SEAT_FORMS if name in values}
        for name, value in forms.items():
            if not isinstance(value, bool):
                raise InvalidPositionError(f"options.{name}: expected true or false, got {value!r}")
        rules = Options.from_dict(values, also=SEAT_FORMS)
        two_colours = forms.get("two_colours", False)
        if two_colours and not isinstance(players, int) and len(players) == 2 and board == "cross":
            arms = len(BOARDS[board].colours)
            a, b = (BOARDS[board].colour_index(c) for c in players)
            if (a - b) % arms == arms // 2:
                raise MalefizError.keyed(
                    "error.two_colours", first=ColourName(players[0]), second=ColourName(players[1])
                )
        neutral = forms.get("neutral", False)
        return new_game(board, players, rules, first, two_colours=two_colours, neutral=neutral)

    def board_of(self, state: State) -> str:
        """The board's name."""
        return state.board.name

    effects = staticmethod(effects)

    @property
    def face(self) -> MaednFace:
        """The game's keys, pictures and words."""
        return FACE

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

    def describe(self, before: State, action: Action, after: State, t: Translator = ENGLISH) -> str:
        """One action in words for a transcript, in ``t``'s language (the notation is the same in every language).

        ``rolls 6``; ``no move: passes`` (with ``, rolls again`` after a 6 or
        for another try under three rolls); ``y:B-0 enters``, ``y:15-18 captures
        red``, ``y:37-41 goal``, ``y:41-43 moves up in the goal``, followed by
        ``; penalty: yellow's piece on 12 goes back to B`` under forced capture,
        ``; yellow is home`` and ``; game over`` when they happen.
        """
        if isinstance(action, Roll):
            return t("tx.rolls", value=action.value)
        if isinstance(action, Pass):
            text = t("tx.passes")
            if after.is_chance and after.turn == before.turn:
                text += t("md.tx.again_six") if before.roll == 6 else t("md.tx.again_try", n=after.attempt)
            return text
        assert isinstance(action, Move)
        done = effects(before, action)
        words = [str(action)]
        if action.start < 0:
            words.append(t("md.tx.enters"))
        if done.capture is not None:
            words.append(t("tx.captures", colour=t.colour_noun(done.capture.colour)))
        elif done.goal:
            words.append(t("md.tx.goal"))
        elif action.start >= before.seating.length:
            words.append(t("md.tx.up"))
        text = " ".join(words)
        if done.penalty is not None:
            colour, key = done.penalty
            place = place_name(field_place(before, colour, key))
            text += t("md.tx.penalty", colour=t.colour_noun(colour), place=place)
        if done.finished is not None:
            text += t("md.tx.home", colour=t.colour_noun(done.finished))
        if after.is_over:
            text += t("md.tx.over")
        return text


class MaednFace(WordsFace[State, Action]):
    """Mensch ärgere Dich nicht's keys, pictures and words (see :class:`~malefiz.core.face.Face`)."""

    words = words
    """What it says: :mod:`.words`."""

    one_click: Final = True
    """A click on a piece with one move plays it."""
    plays_forced: Final = True
    """A move without a choice is played for the person (4- to 6-player games run past 1,000 events)."""
    default_level: Final = "medium"

    def locate(self, state: State, key: str) -> tuple[str | None, str | None]:
        """A piece's key (when it is a colour the player to act moves) and the field it stands on, or a field's name
        and the key of such a piece on it.

        Raises:
            MalefizError: for a key that names neither a piece nor a field.
        """
        mine = movers(state)
        piece = piece_at(state, key)
        if piece is not None:
            colour, place = piece
            return (key if colour in mine else None), (field_name(state, colour, place) if place >= 0 else None)
        on = pieces_on(state).get(key)
        if on is None and not is_field(state, key):
            raise MalefizError(f"no piece or field {key[:40]!r}")
        found = None if on is None else piece_at(state, on)
        return (on if found is not None and found[0] in mine else None), key

    def choice(self, state: State, action: Action) -> tuple[str | None, str]:
        """The piece's key and the name of the field it goes to."""
        assert isinstance(action, Move)
        return piece_key(action.colour, action.start), field_name(state, action.colour, action.end)

    def frames(
        self, entry: Entry[State, Action], names: Mapping[str, str], t: Translator, facing: int | None = None
    ) -> list[str]:
        """The board with the moved piece on each field of its way but the last (nothing for entering), turned
        towards seat ``facing`` as :meth:`render` turns it."""
        before, action = entry.before, entry.action
        if not isinstance(action, Move) or action.start < 0:
            return []
        slot = before.seating.slot_of[action.colour]
        mine = list(before.pieces[slot])
        index = mine.index(action.start)
        trail = list(entry.effects.trail)
        step = 1 if action.end >= action.start else -1
        frames = []
        colour = _facing_colour(before, facing)
        for here in range(action.start + step, action.end, step):
            mine[index] = here
            pieces = list(before.pieces)
            pieces[slot] = tuple(sorted(mine))
            moving = before._replace(pieces=tuple(pieces))
            frames.append(view.render(moving, trail=trail, names=names, t=t, facing=colour))
        return frames

    def render(
        self,
        state: State,
        marks: Marks[Action],
        names: Mapping[str, str],
        t: Translator,
        last: Entry[State, Action] | None = None,
    ) -> str:
        """See :func:`.view.render`; ``last`` (the entry just made) flies the pieces it sent back to B from
        where they were caught. With :attr:`~malefiz.core.face.Marks.facing`, the board is turned so that seat's
        (first) colour sits nearest the viewer."""
        sent = last.effects.captured if last is not None else ()
        sent_home = [(s.colour, field_point(state, s.key)) for s in sent]
        hint = marks.hint
        marked = self.choice(state, hint) if isinstance(hint, Move) else None
        return view.render(
            state,
            movable=marks.movable,
            selected=marks.selected,
            targets=marks.targets,
            hint=(marked[0] or "", marked[1]) if marked is not None else None,
            ranks=rank_labels(marks.ranked),
            trail=marks.trail,
            names=names,
            t=t,
            sent_home=sent_home,
            facing=_facing_colour(state, marks.facing),
        )

    def board_svg(self, board_name: str, t: Translator) -> str:
        """See :func:`.view.board_svg`."""
        return view.board_svg(board_name, t)

    def chances(self, state: State) -> list[float]:
        """See :func:`.learned.win_chances` (the learned network where it is calibrated, else the odds)."""
        return win_chances(state)

    def search(self, level: str, state: State, actions: Sequence[Action]) -> Search[Action] | None:
        """None: every level decides at once (hard within some tens of milliseconds in Pyodide)."""
        return None

    def text(self, state: State, t: Translator) -> str:
        """See :func:`.view.text`."""
        return view.text(state, t)

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


def _facing_colour(state: State, seat: int | None) -> str | None:
    """The first colour of seat ``seat`` (None for no seat or one the game does not have)."""
    seats = state.seating.seats
    return seats[seat][0] if seat is not None and 0 <= seat < len(seats) else None


MAEDN: Final = Maedn()
"""The Mensch ärgere Dich nicht game object."""
FACE: Final = MaednFace()
"""Its face."""
