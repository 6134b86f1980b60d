"""Who plays each seat, changed during a game (a part of :class:`malefiz.core.session.Session`): a child who leaves
the table hands their colour to the computer, a parent takes one over, a computer that wins too easily plays
easier. The changes are kept (:class:`Handover`) so that the review keeps each decision with whoever made it and the
move list says where each holds from."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, NamedTuple

from .errors import MalefizError
from .setup import LEVELS, Seat, Setup, player_label

if TYPE_CHECKING:
    from ..i18n import Translator
    from .game import Game
    from .record import Record

__all__ = ["Handover", "WhoPlays"]


class Handover(NamedTuple):
    """One change of who plays a seat during a game (:meth:`Session.hand_over`); who plays it before and after, as
    :meth:`Session.player_choices` names them (``human`` or a computer's level)."""

    played: int
    """How many entries the record had when it was made: it holds from the next one on."""
    seat: int
    was: str
    """Who played the seat until then (``bot``: a computer whose level a saved game does not say)."""
    choice: str
    """Who plays it from then on (``bot`` as in :attr:`was`)."""

    @property
    def person(self) -> bool:
        """A person played the seat until then."""
        return self.was == "human"


class WhoPlays:
    """What :class:`malefiz.core.session.Session` does for who plays each seat (a mixin: the session's own state is
    declared here for the type checker)."""

    setup: Setup
    game: Game[Any, Any]
    record: Record[Any, Any]
    t: Translator
    mine: frozenset[int] | None
    handed: list[Handover]
    hinted: Any
    redo_stack: list[list[Any]]
    selected: str | None
    pointed: tuple[Any, Any, frozenset[str]] | None
    message: str
    _memo: tuple[Any, dict[str, Any]]

    @property
    def state(self) -> Any:
        raise NotImplementedError

    def seat_name(self, index: int) -> str:
        raise NotImplementedError

    def choose_the_only_piece(self) -> None:
        raise NotImplementedError

    def play_elsewhere(self) -> None:
        """Another tab of this browser plays every seat from now on (:mod:`malefiz.one_tab`): none is played here;
        the piece chosen, the pieces marked and the hint go, and the message line says what happened last (not why a
        click here moved nothing)."""
        self.mine = frozenset()
        self.selected = self.pointed = self.hinted = None
        lines = self.record.lines()
        self.message = lines[-1].words if lines else ""

    def player_choices(self) -> tuple[str, ...]:
        """Who may play a seat during a game (:meth:`hand_over`): ``human``, then the computer's levels."""
        return ("human", *(level for level in LEVELS if level in self.game.bots))

    def player_choice(self, seat: int) -> str:
        """Who plays seat ``seat`` as :meth:`player_choices` names it: ``human``, or the computer's level."""
        found = self.setup.seats[seat]
        return "human" if found.kind == "human" else found.level

    def can_hand_over(self) -> bool:
        """True when who plays a seat may change now: a game in progress at this one device (between devices each
        plays its own seats)."""
        local = self.mine is None and all(seat.kind != "remote" for seat in self.setup.seats)
        return local and not self.state.is_over

    def hand_over(self, seat: int, choice: str) -> bool:
        """Let ``choice`` (``human`` or a computer's level, :meth:`player_choices`) play seat ``seat`` from now on:
        a child who leaves the table hands their colour to the computer, a parent takes one over, a computer
        that wins too easily plays easier. The game goes on as it stands; the review keeps each decision with
        whoever made it (:meth:`played_by_person`). False when nothing changed (the same choice, or no change
        allowed now: :meth:`can_hand_over`).

        Raises:
            MalefizError: for a seat or a choice that is not one (a message from a page can say anything).
        """
        choices = self.player_choices()
        if not 0 <= seat < len(self.setup.seats) or choice not in choices:
            raise MalefizError.keyed("error.hand_over", choices=", ".join(choices))
        before = self.setup.seats[seat]
        after = _played_by(before, choice)
        if after == before or not self.can_hand_over():
            return False
        self.handed.append(Handover(len(self.record), seat, self.player_choice(seat), choice))
        seats = (*self.setup.seats[:seat], after, *self.setup.seats[seat + 1 :])
        self.setup = dataclasses.replace(self.setup, seats=seats)
        self.hinted = None
        self.redo_stack = []
        self.selected = None
        self._memo = (None, {})
        key = "handed.person" if choice == "human" else "handed.computer"
        self.message = self.t(key, who=self.seat_name(seat), level=player_label(choice, self.t))
        self.choose_the_only_piece()
        return True

    def played_by_person(self, index: int, seat: int) -> bool:
        """True when a person played seat ``seat`` at entry ``index`` of the record (who plays a seat may have
        changed since, :meth:`hand_over`)."""
        for handed in self.handed:
            if handed.seat == seat and handed.played > index:
                return handed.person
        return self.setup.seats[seat].kind == "human"

    def players_of(self, seat: int) -> list[Seat]:
        """Who played seat ``seat`` in this game, each once, in order: everyone who made at least one of its moves
        (:meth:`hand_over`: a child who went to bed as well as the computer that played on for them); who plays
        it now when nobody did yet. A computer whose level a saved game does not say is left out."""
        now = self.setup.seats[seat]
        spans, start = [], 0
        for handed in self.handed:
            if handed.seat == seat:
                spans.append((start, handed.played, handed.was))
                start = handed.played
        spans.append((start, len(self.record), self.player_choice(seat)))
        entries, choices = self.record.entries, self.player_choices()
        found: list[Seat] = []
        for first, end, who in spans:
            if who in choices and any(e.is_move and e.before.current_seat == seat for e in entries[first:end]):
                player = _played_by(now, who)
                if player not in found:
                    found.append(player)
        return found or [now]

    def handed_words(self) -> dict[int, tuple[str, ...]]:
        """The changes of who plays a seat as the move list tells them, by the entry they hold from (for one made
        just now, the entry the record has next): ``Yellow: Computer (easy) plays from here``. Changes at one entry
        (an undo brings them together) say who plays from there, and nothing when that is who played before."""
        found: dict[int, dict[int, tuple[str, str]]] = {}
        for played, seat, was, choice in self.handed:
            at = found.setdefault(played, {})
            at[seat] = (at.get(seat, (was, ""))[0], choice)
        return {
            played: lines
            for played, seats in found.items()
            if (lines := tuple(self._handed_line(s, choice) for s, (was, choice) in seats.items() if was != choice))
        }

    def _handed_line(self, seat: int, choice: str) -> str:
        if choice == "human":
            return self.t("handed.log_person", who=self.seat_name(seat))
        level = player_label(choice, self.t) if choice != "bot" else self.t("handed.a_computer")
        return self.t("handed.log_computer", who=self.seat_name(seat), level=level)

    def people(self) -> list[int]:
        """The seats people play, or played in this game (:meth:`hand_over`)."""
        handed = {h.seat for h in self.handed if h.person}
        return [i for i, seat in enumerate(self.setup.seats) if seat.kind == "human" or i in handed]


def _played_by(seat: Seat, choice: str) -> Seat:
    """Seat ``seat`` played by ``choice`` (``human`` or a computer's level), its colour and name kept."""
    return Seat(seat.colour, seat.name, "human") if choice == "human" else Seat(seat.colour, seat.name, "bot", choice)
