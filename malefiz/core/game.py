"""The contract every game in this package follows, for the play loop, bots, the CLI and tests.

A game is a set of pure functions over immutable states. ``legal_actions``
lists what may happen next: the die faces while a roll is due (a chance step,
:attr:`GameState.is_chance`), otherwise the choices of the colour to act, a
single :data:`~malefiz.core.actions.PASS` when there are none; ``apply`` returns
the next state or raises :class:`~malefiz.core.errors.IllegalActionError`.

Seats and colours are separate ideas: a *seat* is a player at the table (a
person or a bot), a *colour* is a set of pieces on the board. A seat may play
two colours (Mensch ärgere Dich nicht with two players), and a colour may be
neutral (moved by whoever is to act). The loop asks the seat whose turn it is.

Every game registers one :class:`Game` object in :data:`malefiz.games.GAMES`;
the conformance test runs each of them through this protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..i18n import ENGLISH, Translator
from .actions import ROLLS, Roll
from .effects import Effects
from .options import OptionsArg, option_flags

if TYPE_CHECKING:
    from .face import Face

__all__ = ["Bot", "Game", "GameState", "OptionsArg", "RollingGame", "option_flags"]

ActionT = TypeVar("ActionT", bound=Hashable)
StateT = TypeVar("StateT", bound="GameState")

Bot = Callable[[Any, Sequence[Any], Any], Any]
"""A computer player: ``bot(state, legal_actions, rng) -> action`` (rng: a ``random.Random``).

It is only asked when a decision is due (never for a die roll), gets the legal
actions already listed, and must return one of them.
"""


class GameState(Protocol):
    """What every game state exposes, whatever the game."""

    @property
    def seats(self) -> tuple[tuple[str, ...], ...]:
        """The players in seat order, each with the colours it plays."""
        ...

    @property
    def current(self) -> str:
        """The colour whose turn it is (once over: the colour that moved last)."""
        ...

    @property
    def current_seat(self) -> int:
        """The index in :attr:`seats` of the player to act."""
        ...

    @property
    def is_chance(self) -> bool:
        """True while the die must be rolled: the legal actions are the faces."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        ...

    @property
    def roll(self) -> int | None:
        """The roll the player to act uses (None while the die is to be rolled, and when no roll is in use)."""
        ...

    @property
    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The places decided so far, best first: each a tuple of seat indices (ties share a place).

        Once the game is over every seat is in it.
        """
        ...


class Game(Protocol[StateT, ActionT]):
    """A game's rules and text forms: everything the play loop, the CLI and the tests need."""

    @property
    def name(self) -> str:
        """The short name, as in the JSON ``"game"`` field and ``--game``."""
        ...

    @property
    def title(self) -> str:
        """The game's name for people."""
        ...

    @property
    def boards(self) -> tuple[str, ...]:
        """The board names; the first is the default."""
        ...

    @property
    def option_names(self) -> tuple[str, ...]:
        """Every rule option's name (all off by default)."""
        ...

    @property
    def bots(self) -> Mapping[str, Bot]:
        """The game's computer players by level name."""
        ...

    def player_counts(self, board: str) -> tuple[int, ...]:
        """The numbers of players ``board`` takes."""
        ...

    def colours(self, board: str) -> tuple[str, ...]:
        """Every colour a seat may take on ``board``, in the board's order."""
        ...

    def seat_colours(self, board: str, players: int, options: Collection[str] = ()) -> tuple[str, ...]:
        """The (first) colour of each of ``players`` seats when the setup names none.

        Raises:
            MalefizError: for a player count the board does not take.
        """
        ...

    def new_game(
        self, board: str, players: int | Sequence[str], options: OptionsArg = None, first: str | None = None
    ) -> StateT:
        """The starting position on ``board`` for ``players`` seats (a count, or each seat's first colour)
        with ``options`` (names to booleans, or the names switched on).

        ``first`` is the colour that starts (default: the first seat's).

        Raises:
            MalefizError: for an unknown board or option, a player count it does not take, colours
                that do not fit, or a ``first`` colour nobody plays.
        """
        ...

    def board_of(self, state: StateT) -> str:
        """The name of ``state``'s board."""
        ...

    def start_rollers(self, state: StateT) -> tuple[str, ...]:
        """The colours that roll for who starts a new game ``state`` (highest roll), or ``()`` when the
        setup order decides."""
        ...

    def legal_actions(self, state: StateT) -> Sequence[ActionT]:
        """Every action that may be applied to ``state``: the one source of legality."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after ``action``; raises IllegalActionError if it is not legal."""
        ...

    def effects(self, before: StateT, action: ActionT) -> Effects:
        """What ``action`` does in ``before``: route, capture, barricade, penalty, goal (see
        :class:`~malefiz.core.effects.Effects`). ``action`` must be legal."""
        ...

    @property
    def face(self) -> Face[StateT, ActionT]:
        """How the game shows itself to people (keys, pictures, words)."""
        ...

    def roll(self, value: int) -> ActionT:
        """The chance action of the die showing ``value``."""
        ...

    def parse_action(self, text: str) -> ActionT:
        """An action from its notation, the inverse of ``str(action)``; raises NotationError."""
        ...

    def parse_position(self, text: str) -> StateT:
        """A position from its one-line notation, the inverse of :meth:`format_position`."""
        ...

    def format_position(self, state: StateT) -> str:
        """The one-line notation of ``state``."""
        ...

    def to_json(self, state: StateT) -> dict[str, Any]:
        """The JSON position document of ``state``."""
        ...

    def from_json(self, doc: object) -> StateT:
        """A position from its JSON document; raises InvalidPositionError naming what is wrong and where."""
        ...

    def moves_document(self, state: StateT) -> dict[str, Any]:
        """What ``python -m malefiz moves`` prints for ``state``."""
        ...

    def action_to_json(self, state: StateT, action: ActionT) -> object:
        """``action`` as the CLI's ``apply`` reads it (a move exactly as ``moves`` prints it)."""
        ...

    def action_from_json(self, state: StateT, value: object) -> ActionT:
        """The action ``value`` (JSON) stands for in ``state``; raises a MalefizError when it is none."""
        ...

    def describe(self, before: StateT, action: ActionT, after: StateT, t: Translator = ENGLISH) -> str:
        """One action in words for a transcript (``"rolls 6"``, ``"B-0 captures red"``...), in ``t``'s language."""
        ...


class RollingGame:
    """Base of the games' :class:`Game` objects: what every game with one six-sided die shares."""

    __slots__ = ()

    def roll(self, value: int) -> Roll:
        """The interned ``Roll(value)`` (a value outside 1..6 gives an action no state accepts)."""
        return ROLLS[value - 1] if 1 <= value <= 6 else Roll(value)
