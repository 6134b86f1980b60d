"""A person's seat at the terminal: ``python -m malefiz play --seats human,hard``.

A :class:`Person` is a bot as :func:`malefiz.core.play.play` calls one (``(state, actions, rng) -> action``) that
asks instead: it prints the board in letters (:meth:`Face.text <malefiz.core.face.Face.text>`), what the roll
allows with each move's number, notation and words, and reads a line. The same for both games: everything a game
adds is its face's picture and words.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final, TextIO

from .core.actions import PASS
from .core.document import quote
from .core.errors import MalefizError
from .core.game import Bot, Game
from .core.review import rate
from .core.tournament import check_seats
from .i18n import Translator

__all__ = ["HUMAN", "Left", "Person", "read_line", "seat_bots", "seat_names"]

HUMAN: Final = "human"
"""A person's seat in ``--seats``, as the page's address writes one."""
LISTED: Final = 20
"""Up to this many choices are listed one a line with their words; more (a Malefiz barricade's free fields) are
listed by their notation, several a line."""
QUIT: Final = frozenset({"q", "quit", "exit"})
HINT: Final = frozenset({"?", "hint", "tipp"})


class Left(Exception):
    """The person left the game (``q``, Ctrl-C at the question, or the input ended)."""


class Person:
    """A seat a person plays at the terminal (see the module)."""

    def __init__(
        self, game: Game[Any, Any], t: Translator, read: Callable[[], str], out: TextIO, echo: bool = False
    ) -> None:
        """``read`` gives the person's next line (raising :class:`EOFError` once the input ends); ``echo``: each
        line read is written out too (input from a file or a pipe, which no terminal shows)."""
        self.game, self.t, self.read, self.out, self.echo = game, t, read, out, echo

    def __call__(self, state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
        t, face = self.t, self.game.face
        who = t.colour(state.current, capital=True)
        if len(actions) == 1 and (actions[0] == PASS or face.plays_forced):  # nothing to choose: not asked
            if actions[0] != PASS:  # a move played for the person is said (a pass only in the transcript)
                self._say(t("term.only", who=who, move=face.hint_words(state, actions[0], t)))
            return actions[0]
        self._say(
            "", face.text(state, t), f"{who}: {face.prompt(state, False, False, t)}", *self._choices(state, actions)
        )
        while True:
            self.out.write(t("term.ask", n=len(actions), example=str(actions[0])) + " ")
            self.out.flush()
            try:
                text = self.read().strip()
            except (EOFError, KeyboardInterrupt):  # the input ended, or Ctrl-C at the question: leaving too
                self._say("")
                raise Left from None
            if self.echo:
                self._say(text)
            if text.lower() in QUIT:
                raise Left
            if text.lower() in HINT:
                self._say(*self._hint(state))
                continue
            if not text:  # Enter alone: the list had scrolled away, most likely
                self._say(*self._choices(state, actions))
                continue
            try:
                return self._chosen(text, actions)
            except MalefizError as exc:
                self._say(t.error(exc))

    def _say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)

    def _choices(self, state: Any, actions: Sequence[Any]) -> list[str]:
        """The moves numbered from 1: one a line with their words, or (many) their notation in columns."""
        width = len(str(len(actions)))
        if len(actions) <= LISTED:
            notation = max(len(str(a)) for a in actions)
            return [
                f"  {i:>{width}}  {a!s:<{notation}}  {self.game.face.hint_words(state, a, self.t)}"
                for i, a in enumerate(actions, 1)
            ]
        cells = [f"{i:>{width}} {a!s:<7}" for i, a in enumerate(actions, 1)]
        return ["  " + "  ".join(cells[i : i + 6]).rstrip() for i in range(0, len(cells), 6)]

    def _chosen(self, text: str, actions: Sequence[Any]) -> Any:
        """The action ``text`` names: its number in the list or its notation.

        Raises:
            MalefizError: for anything else, saying what is asked.
        """
        if text.isdigit() and 1 <= int(text) <= len(actions):
            return actions[int(text) - 1]
        for action in actions:
            if str(action) == text:
                return action
        raise MalefizError.keyed("term.error.choice", got=quote(text), n=len(actions))

    def _hint(self, state: Any) -> list[str]:
        """The best three moves with the chance to win after each, as the page's hint says them."""
        t, face = self.t, self.game.face
        best = rate(self.game, face, state)[:3]
        return [t("term.hint")] + [
            f"  {r.chance:4.0%}  {r.action}  {face.hint_words(state, r.action, t)}" for r in best
        ]


def seat_names(text: str, game: Game[Any, Any]) -> list[str]:
    """``--seats`` as ``play`` and ``tournament`` read it: comma-separated seats, blanks (a trailing comma) left out.

    A seat may be written as the page's address writes a computer too: ``bot:hard`` is ``hard`` and ``bot`` the
    game's default level.
    """

    def read(name: str) -> str:
        level = name.removeprefix("bot:")
        return game.face.default_level if name == "bot" else level if level in game.bots else name

    return [read(n.strip()) for n in text.split(",") if n.strip()]


def read_line() -> str:
    """The next line of the standard input.

    Raises:
        EOFError: once it has ended.
    """
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line


def seat_bots(
    game: Game[Any, Any],
    names: Sequence[str],
    board: str,
    t: Translator,
    out: TextIO,
    read: Callable[[], str] = read_line,
    echo: bool = False,
) -> list[Bot]:
    """The bots of ``--seats`` with each ``human`` a :class:`Person` reading ``read``'s lines (``echo``: and
    writing them out) and writing to ``out``.

    Raises:
        MalefizError: as :func:`~malefiz.core.tournament.check_seats` for the count and the other seats' bots.
    """
    bots = check_seats(game, [game.face.default_level if n == HUMAN else n for n in names], board)
    return [Person(game, t, read, out, echo) if n == HUMAN else bot for n, bot in zip(names, bots, strict=True)]
