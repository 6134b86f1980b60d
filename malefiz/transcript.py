"""A game written at the terminal, as ``play`` and ``review`` print it: a turn a line (its number, whose turn, what
happened), the first line (the game, board, seed and seats) and the last (the ranking, the winner or who is to play),
in the language of a :class:`~malefiz.i18n.Translator`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .core.game import Game
from .core.setup import LEVELS
from .core.svg import COLOUR_FILL
from .i18n import Translator
from .terminal import HUMAN

__all__ = ["colour_width", "colours", "ending", "header", "level", "turn_line", "turns"]


def level(bot: str, t: Translator) -> str:
    """A seat in a transcript: a person or page's level in ``t``'s language (``schwer``), any other bot as named."""
    return t(f"cli.level.{bot}") if bot in (*LEVELS, HUMAN) else bot


def turns(steps: Iterable[Any], kept: list[Any] | None = None) -> Iterator[list[Any]]:
    """A game's steps (anything with ``before``, ``action`` and ``after``) in turns as the transcripts print
    them: a turn begins with each roll of the die. Each step is put in ``kept`` as it comes."""
    turn: list[Any] = []
    for step in steps:
        if kept is not None:
            kept.append(step)
        if step.before.is_chance and turn:
            yield turn
            turn = []
        turn.append(step)
    if turn:
        yield turn


def colours(seat: Sequence[str], t: Translator) -> str:
    """A seat's colours in a transcript: ``yellow+red`` (``Gelb+Rot`` in German, where a colour standing for a
    player is a noun)."""
    return "+".join(t.colour_noun(c) for c in seat)


def turn_line(number: int, colour: str, t: Translator, *columns: str) -> str:
    """A transcript's line for one turn: its number, whose turn (its colour, in a column as wide as the longest
    colour's name) and the columns after them."""
    return "  ".join((f"{number:5}", f"{t.colour_noun(colour):<{colour_width(t)}}", *columns))


def colour_width(t: Translator) -> int:
    """The width of a transcript's column of colours: the longest colour's name in ``t``'s language."""
    return max(len(t.colour_noun(c)) for c in COLOUR_FILL)


def ending(seats: Sequence[Sequence[str]], last: Any, count: int, t: Translator) -> list[str]:
    """The transcript's last lines: the ranking (with more than two places to give) and the winner, or who is to
    play in a game that goes on (after ``count`` turns)."""
    if not last.is_over:
        return [t("cli.to_play", who=t.colour_noun(last.current), turns=t.count("cli.turns", count))]
    places = ["/".join(colours(seats[s], t) for s in place) for place in last.ranking]
    lines = []
    if len(seats) > 2 or any(len(c) > 1 for c in seats):
        lines.append(t("cli.ranking", list=", ".join(f"{i}. {p}" for i, p in enumerate(places, 1))))
    lines.append(t("cli.winner", who=places[0] if places else t("cli.nobody"), turns=t.count("cli.turns", count)))
    return lines


def header(game: Game[Any, Any], board: str, seed: object, seats: str, t: Translator) -> str:
    """A transcript's first line: the game, its board, its seed and its seats."""
    return t("cli.header", title=game.title, board=t(f"view.board.{board}"), seed=seed, seats=seats)
