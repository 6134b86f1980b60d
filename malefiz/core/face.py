"""How a game shows itself to people: keys, pictures and words (each game's ``game.face``).

The rules (:class:`~malefiz.core.game.Game`) say what may happen; the face says how it looks and
reads, for the session (:mod:`malefiz.core.session`) and the screen (:mod:`malefiz.core.screen`).
Keys are the ``data-key`` strings of the SVG, in the game's notation: a Malefiz field ``2.13``
(the pawn or barricade on it has the same key), the house ``h``, the forest ``f``; a Mensch ärgere
Dich nicht piece ``y:15`` (``y:B`` for any waiting piece of yellow) and a field by name (``t12``).
So ``"<piece key>-<field key>"`` read off the page is the move in notation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from ..i18n import Translator
from .effects import Effects
from .game import GameState
from .svg import piece_letter

if TYPE_CHECKING:
    from .record import Entry

__all__ = ["Face", "Marks", "Namer", "Search", "Words", "WordsFace", "ranked_fields", "text_grid", "text_pieces"]

S = TypeVar("S", bound=GameState)
A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
S_in = TypeVar("S_in", bound=GameState, contravariant=True)
A_in = TypeVar("A_in", contravariant=True)

Namer = Callable[[str], str]
"""A colour's player for messages: ``"Anna (red)"``."""


class Search(Protocol[A_co]):
    """A computer's thinking in slices: :meth:`step` does one and says whether more remain; then :attr:`best`."""

    def step(self) -> bool:
        """Think a little more; False once the choice is made."""
        ...

    @property
    def best(self) -> A_co:
        """The chosen action (valid once :meth:`step` returned False)."""
        ...


@dataclass(frozen=True)
class Marks(Generic[A]):
    """What the person to act sees marked on the board (keys as :meth:`Face.locate` and :meth:`Face.choice` give),
    and which way the board is turned."""

    movable: frozenset[str] = frozenset()
    """The pieces that may move."""
    selected: str | None = None
    """The chosen piece."""
    targets: frozenset[str] = frozenset()
    """Where the chosen piece (or a barricade) may go."""
    hint: A | None = None
    """The move a hint suggests."""
    ranked: tuple[str, ...] = ()
    """The target fields' keys of the hint's best actions, best first: the board numbers them as the hint's list
    does (:func:`malefiz.core.svg.rank_labels`)."""
    trail: tuple[str, ...] = ()
    """The fields the last move walked (and a barricade's new field), marked until the next move."""
    facing: int | None = None
    """The seat whose side of the board is drawn nearest the viewer (a device that plays one seat between
    devices, :attr:`malefiz.core.session.Session.facing`); None: as printed."""


class Words(Protocol[S_in, A_in]):
    """A game's ``words`` module: what its face says (the same four functions in every game)."""

    def event_words(self, before: S_in, action: A_in, after: S_in, effects: Effects, name: Namer, t: Translator) -> str:
        """What an action did."""
        ...

    def prompt_words(self, state: S_in, selected: bool, again: bool, t: Translator) -> str:
        """What the person to act does now."""
        ...

    def hint_words(self, state: S_in, action: A_in, t: Translator) -> str:
        """An action in a few words, for a hint."""
        ...

    def label_words(self, state: S_in, key: str, action: A_in | None, t: Translator) -> str:
        """The accessible name of a piece or a target."""
        ...

    def stuck_words(self, state: S_in, key: str, name: Namer, t: Translator, chosen: str | None = None) -> str:
        """Why a click on the piece or field ``key`` moves nothing, with the piece ``chosen`` picked (None: none)
        ("" when there is nothing to say)."""
        ...


class WordsFace(Generic[S, A]):
    """The word members of a :class:`Face`, told by the game's :class:`Words` module (:attr:`words`)."""

    words: Words[S, A]

    def event(self, entry: Entry[S, A], name: Namer, t: Translator) -> str:
        """See the words module's ``event_words`` (it reads the entry's effects)."""
        return self.words.event_words(entry.before, entry.action, entry.after, entry.effects, name, t)

    def prompt(self, state: S, selected: bool, again: bool, t: Translator) -> str:
        """See the words module's ``prompt_words``."""
        return self.words.prompt_words(state, selected, again, t)

    def hint_words(self, state: S, action: A, t: Translator) -> str:
        """See the words module's ``hint_words``."""
        return self.words.hint_words(state, action, t)

    def label(self, state: S, key: str, action: A | None, t: Translator) -> str:
        """See the words module's ``label_words``."""
        return self.words.label_words(state, key, action, t)

    def stuck(self, state: S, key: str, name: Namer, t: Translator, chosen: str | None = None) -> str:
        """See the words module's ``stuck_words``."""
        return self.words.stuck_words(state, key, name, t, chosen)


class Face(Protocol[S, A]):
    """One game's keys, pictures and words: what the shared session needs of it beyond the rules."""

    @property
    def one_click(self) -> bool:
        """True: a click on a piece with one move plays it; False: it only chooses the piece."""
        ...

    @property
    def plays_forced(self) -> bool:
        """Whether a person's only possible move is played for them unless the setup says otherwise
        (``forced=on`` or ``off``)."""
        ...

    @property
    def default_level(self) -> str:
        """The computer level a seat written as plain ``bot`` plays at."""
        ...

    def locate(self, state: S, key: str) -> tuple[str | None, str | None]:
        """What a clicked ``key`` can stand for: (the key of the acting player's piece, the key of a field).

        Raises:
            MalefizError: for a key that names nothing on the board.
        """
        ...

    def choice(self, state: S, action: A) -> tuple[str | None, str]:
        """The clicks that play ``action`` (a move or a placement): (its piece's key or None, its field's key)."""
        ...

    def event(self, entry: Entry[S, A], name: Namer, t: Translator) -> str:
        """What the action of ``entry`` did, in words (a roll is told by the session), read from its effects."""
        ...

    def prompt(self, state: S, selected: bool, again: bool, t: Translator) -> str:
        """What the person to act does now (after ``"Anna (red): "``); ``again``: the same colour acts again."""
        ...

    def hint_words(self, state: S, action: A, t: Translator) -> str:
        """An action in a few words, for a hint (``"move a pawn out of the house onto the field above it"``)."""
        ...

    def label(self, state: S, key: str, action: A | None, t: Translator) -> str:
        """The accessible name of the board element ``key``: a movable piece (``action`` None) or the target
        of ``action``."""
        ...

    def stuck(self, state: S, key: str, name: Namer, t: Translator, chosen: str | None = None) -> str:
        """Why a click on the board element ``key`` moves nothing, for the player to move (a roll to use): a piece
        of another colour, or theirs that the rules stop (the rule that does), or with the piece ``chosen`` picked
        a field it may not go to (the rule that says so, where the game tells one); "" for anything else (an
        empty field with no piece picked, told by the session from the choices; a piece that can move)."""
        ...

    def frames(
        self, entry: Entry[S, A], names: Mapping[str, str], t: Translator, facing: int | None = None
    ) -> list[str]:
        """The board as SVG with the moved piece on each field of its way but the last (for animation), drawn
        facing the seat ``facing`` as :meth:`render` draws it for :attr:`Marks.facing`."""
        ...

    def render(
        self,
        state: S,
        marks: Marks[A],
        names: Mapping[str, str],
        t: Translator,
        last: Entry[S, A] | None = None,
    ) -> str:
        """The board as SVG with ``marks``, its titles in ``t``'s language; with ``last`` (the entry just
        made) it plays that action's motion once (a piece sent home, a barricade lifted or put down)."""
        ...

    def board_svg(self, board: str, t: Translator) -> str:
        """The board with every colour at the start (the setup screen's picture)."""
        ...

    def chances(self, state: S) -> list[float]:
        """Each seat's estimated chance to win, in seat order."""
        ...

    def search(self, level: str, state: S, actions: Sequence[A]) -> Search[A] | None:
        """A sliced search for ``level``'s choice, or None to call the level's bot at once."""
        ...

    def progress(self, state: S) -> list[float]:
        """Each seat's distance to the goal (the steps or fields its pieces still walk), in seat order."""
        ...

    def text(self, state: S, t: Translator) -> str:
        """The board in letters for a terminal (:mod:`malefiz.terminal`): every field, each piece by its
        letter in ``t``'s language, and a line of its key."""
        ...


def ranked_fields(face: Face[S, A], state: S, actions: Sequence[A]) -> tuple[str, ...]:
    """The target fields' keys of ``actions`` (a hint's best, best first): :attr:`Marks.ranked`."""
    return tuple(face.choice(state, action)[1] for action in actions)


def text_grid(cells: Mapping[tuple[int, int], str], width: int, height: int, numbered: bool = False) -> list[str]:
    """A board on a grid in letters: the text of each ``(x, y)`` in ``cells`` (at most three characters) right
    in a column three wide, nothing elsewhere; ``numbered``: with each column's x above and each row's y at its
    left, as a Malefiz field is written (``x.y``).

    >>> text_grid({(0, 0): "o", (1, 0): "R", (1, 1): "Ge"}, 2, 2, numbered=True)
    ['     0  1', '  0  o  R', '  1    Ge']
    """
    lines = ["   " + "".join(f"{x:>3}" for x in range(width))] if numbered else []
    for y in range(height):
        row = "".join(f"{cells.get((x, y), ''):>3}" for x in range(width))
        lines.append(((f"{y:>3}" if numbered else "") + row).rstrip())
    return lines


def text_pieces(colours: Iterable[str], t: Translator) -> str:
    """The line under a board in letters that says whose each letter is (``Pieces: R red, Y yellow``).

    >>> text_pieces(("red", "yellow"), Translator("de"))
    'Figuren: R rot, Ge gelb'
    """
    return t("term.pieces", list=", ".join(f"{piece_letter(c, t)} {t.colour(c)}" for c in colours))
