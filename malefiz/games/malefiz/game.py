"""Malefiz as a :class:`~malefiz.core.game.Game` (what the play loop, the CLI, the tests and the page
call) and its :class:`~malefiz.core.face.Face` (keys, pictures and words for the page).

Keys are the board's ``data-key`` values (see :mod:`.view`): a location's name in the notation
(:func:`~.board.location_name`, read back by :func:`~.notation.parse_location`): ``"x.y"`` for a field
and for the pawn or barricade on it, ``"h"`` for the waiting pawns of the player to act and ``"f"``
for its pawns in the forest. So a pawn's key, ``-`` and its target's key is the move in notation
(``h-0.13``, ``2.13-2.9``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final, cast

from ...core.effects import NONE
from ...core.errors import MalefizError
from ...core.face import Marks, Search, WordsFace
from ...core.game import Bot, OptionsArg, RollingGame
from ...core.record import Entry
from ...core.svg import rank_labels
from ...i18n import ENGLISH, Translator
from . import view, words
from .board import BOARD_NAMES, COLOURS, FOREST, HOUSE, Colour, board, location_name
from .bots import BOTS
from .bots import Search as HardSearch
from .document import action_from_json, action_to_json, from_json, moves_document, to_json
from .learned import win_chances
from .notation import format_position, parse_action, parse_location, parse_position
from .rules import SEAT_COLOURS, apply, effects, legal_actions, new_game
from .state import Action, Move, Options, Pass, Place, Roll, State

__all__ = ["MALEFIZ", "Malefiz", "MalefizFace"]


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

    def colours(self, board: str) -> tuple[str, ...]:
        """Red, green, yellow and blue on both boards."""
        return COLOURS

    def seat_colours(self, board: str, players: int, options: Collection[str] = ()) -> tuple[str, ...]:
        """Opposite houses for two, then round the board (see :data:`~.rules.SEAT_COLOURS`).

        Raises:
            MalefizError: for other than 2 to 4 players.
        """
        if players not in SEAT_COLOURS:
            raise MalefizError.keyed("error.mf_players", got=players)
        return SEAT_COLOURS[players]

    def new_game(
        self, board: str, players: int | Sequence[str], options: OptionsArg = None, first: str | None = None
    ) -> State:
        """Pawns in their houses (see :func:`~.rules.new_game`); two players sit opposite (red and yellow),
        three leave blue out, unless ``players`` names the colours."""
        colours = players if isinstance(players, int) else cast(Sequence[Colour], players)
        return new_game(board, colours, Options.coerce(options), cast(Colour | None, first))

    def board_of(self, state: State) -> str:
        """The board's name."""
        return state.board.name

    effects = staticmethod(effects)

    @property
    def face(self) -> MalefizFace:
        """The game's keys, pictures and words."""
        return FACE

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

    def describe(self, before: State, action: Action, after: State, t: Translator = ENGLISH) -> str:
        """``rolls 4``, ``2.13-2.9 captures blue takes the barricade``, ``puts it on 8.7``, ``no move: passes`` (in
        ``t``'s language: ``würfelt 4``...; the notation is the same in every language)."""
        if isinstance(action, Roll):
            return t("tx.rolls", value=action.value)
        if isinstance(action, Pass):
            return t("tx.passes")
        done = effects(before, action)
        if done.barricade_placed is not None:
            return t("mf.tx.puts", field=done.barricade_placed)
        words = [str(action)]
        if done.capture is not None:
            own = done.capture.colour == before.current
            words.append(
                t("mf.tx.captures_own") if own else t("tx.captures", colour=t.colour_noun(done.capture.colour))
            )
        if done.barricade_taken is not None:
            words.append(t("mf.tx.takes"))
        return " ".join(words)


def _colours(names: Mapping[str, str]) -> Mapping[Colour, str]:
    return cast(Mapping[Colour, str], names)


class MalefizFace(WordsFace[State, Action]):
    """Malefiz's keys, pictures and words (see :class:`~malefiz.core.face.Face`)."""

    words = words
    """What it says: :mod:`.words`."""

    one_click: Final = False
    """A click on a pawn chooses it, even with one move: its targets are shown first."""
    plays_forced: Final = False
    """A move without a choice still waits for the person (a short game; ``forced=on`` plays it for them)."""
    default_level: Final = "medium"

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

    def frames(
        self, entry: Entry[State, Action], names: Mapping[str, str], t: Translator, facing: int | None = None
    ) -> list[str]:
        """The board with the moved pawn on each field of its route but the last. ``facing`` is ignored: every
        player starts at the bottom of a Malefiz board, so it never turns."""
        before, action = entry.before, entry.action
        if not isinstance(action, Move):
            return []
        steps = [parse_location(key) for key in entry.effects.route[1:]]
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
        marks: Marks[Action],
        names: Mapping[str, str],
        t: Translator,
        last: Entry[State, Action] | None = None,
    ) -> str:
        """See :func:`.view.render`; ``last`` (the entry just made) plays its motion: a pawn sent home, a
        barricade taken or put down. :attr:`~malefiz.core.face.Marks.facing` is ignored: every player starts
        at the bottom of a Malefiz board, so it never turns."""
        hint = marks.hint
        return view.render(
            state,
            movable=frozenset(parse_location(k) for k in marks.movable),
            targets=frozenset(parse_location(k) for k in marks.targets),
            selected=parse_location(marks.selected) if marks.selected is not None else None,
            names=_colours(names),
            highlight=[parse_location(k) for k in marks.trail],
            hint=hint if isinstance(hint, Move | Place) else None,
            ranks={parse_location(key): label for key, label in rank_labels(marks.ranked).items()},
            t=t,
            motion=last.effects if last is not None else NONE,
        )

    def board_svg(self, board: str, t: Translator) -> str:
        """See :func:`.view.board_svg`."""
        return view.board_svg(board, t)

    def chances(self, state: State) -> list[float]:
        """The learned network's estimate where it is calibrated, else the odds' (see :func:`.learned.win_chances`), in
        seat order."""
        found = win_chances(state)
        return [found[c] for c in state.players]

    def search(self, level: str, state: State, actions: Sequence[Action]) -> Search[Action] | None:
        """The hard level's move search, a candidate a slice (placements are quick)."""
        if level == "hard" and isinstance(actions[0], Move):
            return HardSearch(state, list(actions))
        return None

    def text(self, state: State, t: Translator) -> str:
        """See :func:`.view.text`."""
        return view.text(state, t)

    def progress(self, state: State) -> list[float]:
        """Each seat's distance to the goal, in seat order: the steps its leading pawn still walks.

        Malefiz is won by the first pawn in the goal, so the pawn nearest to it is the race:
        the winner ends at 0 and everyone else above (a sum over all pawns would not say who
        is ahead). A pawn on a field counts the board distance to the goal (barricades and
        pawns ignored), a pawn in the house its exit field's distance + 1, a pawn in the
        forest the forest exit's + 1; a pawn on the goal counts 0.
        """
        b = state.board
        distance = b.distance
        forest = distance[b.forest_exit] + 1 if b.forest_exit is not None else 0
        found: list[float] = []
        for colour, pawns in zip(state.players, state.pawns, strict=True):
            house = b.start_distance(colour)
            found.append(float(min(house if p == HOUSE else forest if p == FOREST else distance[p] for p in pawns)))
        return found


MALEFIZ: Final = Malefiz()
"""The Malefiz game object."""
FACE: Final = MalefizFace()
"""Its face."""
