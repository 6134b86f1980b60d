"""A game's record: every action since the start, each with the states around it, its effects and its words.

The record is one immutable value. Playing on is :meth:`Record.then` (a new record one entry
longer); undo is keeping a prefix (:meth:`Record.upto`). The move list the page shows
(:meth:`Record.lines`) is the roll for who starts, then one line per entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

from .actions import Pass, Roll
from .effects import Effects
from .game import GameState

__all__ = ["Entry", "Line", "Record"]

S = TypeVar("S", bound=GameState)
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Entry(Generic[S, A]):
    """One action of the game: the state before, the action, the state after, what it did and its words."""

    before: S
    action: A
    after: S
    effects: Effects
    words: str = ""
    """The action told in the session's language (the move list's line)."""
    text: str = field(init=False, repr=False, compare=False)
    """The action as written (``str(action)``: the save file's, the link's and the move list's notation), written
    once when the entry is made: a long game's record is saved after every action."""
    is_move: bool = field(init=False, repr=False, compare=False)
    """True for an action a player chose (not a roll, not a pass)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", str(self.action))
        object.__setattr__(self, "is_move", not isinstance(self.action, Roll | Pass))

    @property
    def notation(self) -> str:
        """The action in notation for the move list (empty for a roll, whose words say it all)."""
        return "" if isinstance(self.action, Roll) else self.text


@dataclass(frozen=True, slots=True)
class Line(Generic[S]):
    """One line of the move list: its number (from 0), its words, its notation and the position after it."""

    index: int
    words: str
    notation: str
    state: S


@dataclass(frozen=True, slots=True)
class Record(Generic[S, A]):
    """The game so far: where it started, the roll for who starts (in words), and the entries."""

    start: S
    opening: tuple[str, ...] = ()
    """The roll for who starts, one line a round and the line that names the starter (empty: no roll)."""
    entries: tuple[Entry[S, A], ...] = ()
    moves: int = field(default=-1, compare=False)
    """How many entries are moves (:attr:`Entry.is_move`): counted when the record is made, one more by
    :meth:`then` (the shelf and the setup screen say it after every action)."""

    def __post_init__(self) -> None:
        if self.moves < 0:
            object.__setattr__(self, "moves", sum(e.is_move for e in self.entries))

    @property
    def state(self) -> S:
        """The position now."""
        return self.entries[-1].after if self.entries else self.start

    @property
    def last(self) -> Entry[S, A] | None:
        """The latest entry, or None at the start."""
        return self.entries[-1] if self.entries else None

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry[S, A]]:
        return iter(self.entries)

    def then(self, entry: Entry[S, A]) -> Record[S, A]:
        """The record with ``entry`` added."""
        return replace(self, entries=(*self.entries, entry), moves=self.moves + entry.is_move)

    def upto(self, length: int) -> Record[S, A]:
        """The record of the first ``length`` entries (undo)."""
        return replace(self, entries=self.entries[:length], moves=-1)

    def undo_point(self, is_person: Callable[[int], bool]) -> int | None:
        """The length undo cuts the record back to: just after the last roll of a person who has since
        decided something (a computer's actions after it go with it; a die roll is never undone), or the start
        when a person decided on a roll the start's position gave. None when no person has decided anything
        since a roll of theirs. ``is_person(seat)`` tells people from computers.
        """
        decided = False
        for i in range(len(self.entries) - 1, -1, -1):
            entry = self.entries[i]
            person = is_person(entry.before.current_seat)
            if isinstance(entry.action, Roll):
                if person:
                    return i + 1 if decided else None
                continue
            if person and not isinstance(entry.action, Pass):
                decided = True
        if decided and is_person(self.start.current_seat):  # the start's roll was given with its position
            return 0
        return None

    def actions(self) -> list[A]:
        """Every action in order."""
        return [e.action for e in self.entries]

    def texts(self) -> list[str]:
        """Every action as written (:attr:`Entry.text`), in order."""
        return [e.text for e in self.entries]

    def lines(self, first: int = 0) -> list[Line[S]]:
        """The move list from line ``first`` on (a negative ``first`` counts from the end): the opening's
        lines, then one per entry."""
        count = self.line_count
        first = max(0, count + first if first < 0 else first)
        base = len(self.opening)
        found = [Line(i, self.opening[i], "", self.start) for i in range(first, base)]
        found.extend(
            Line(base + i, e.words, e.notation, e.after)
            for i, e in enumerate(self.entries[max(0, first - base) :], start=max(0, first - base))
        )
        return found

    @property
    def line_count(self) -> int:
        """How many lines :meth:`lines` gives (without making them)."""
        return len(self.opening) + len(self.entries)
