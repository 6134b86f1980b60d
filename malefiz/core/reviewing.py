"""The review of a game in progress (a part of :class:`malefiz.core.session.Session`): shown or not, the people's
decisions valued a position at a time while they think (:meth:`Reviewing.review_work`) or before a computer acts
(:meth:`Reviewing.review_last`), and the review as far as it can be shown without waiting; *Hint*'s best three
actions and everyone's chances, from the same values."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from .actions import PASS
from .review import Rated, Review, Reviewer, hint_digits, points

if TYPE_CHECKING:
    from ..i18n import Translator
    from .face import Face
    from .game import Game
    from .record import Entry, Record
    from .setup import Setup

__all__ = ["REVIEW_AT_ONCE", "Reviewing"]

REVIEW_AT_ONCE: Final = 3
"""The most decisions of people :meth:`Session.review_so_far` values on the spot (a person's move and a barricade
taken with it, during a game); with more left, the review follows once :meth:`Session.review_work` is done."""


class Reviewing:
    """What :class:`malefiz.core.session.Session` does for the review (a mixin: the session's own state is declared
    here for the type checker)."""

    reviewer: Reviewer
    record: Record[Any, Any]
    reviewing: bool
    game: Game[Any, Any]
    face: Face[Any, Any]
    setup: Setup
    t: Translator
    hinted: Any
    hint_asked: bool

    @property
    def state(self) -> Any:
        raise NotImplementedError

    def seat_name(self, index: int) -> str:
        raise NotImplementedError

    def _memo_of(self) -> dict[str, Any]:
        raise NotImplementedError

    def played_by_person(self, index: int, seat: int) -> bool:
        raise NotImplementedError

    def is_person_to_choose(self) -> bool:
        raise NotImplementedError

    def review_shown(self) -> bool:
        """True when the review is shown: asked for, or the game is over."""
        return self.reviewing or self.state.is_over

    def toggle_review(self) -> bool:
        """*Review*: show the review while the game goes on, or hide it again (it stays once the game is over)."""
        if self.state.is_over:
            return False
        self.reviewing = not self.reviewing
        return True

    def review(self) -> Review:
        """The review of the game so far: the chart's points and the people's decisions (worked out once per
        position)."""
        memo = self._memo_of()
        if "review" not in memo:
            memo["review"] = self.reviewer.review(self.record, chosen=self.played_by_person)
        found: Review = memo["review"]
        return found

    def review_waiting(self) -> tuple[int, int] | None:
        """While the review shown waits for :meth:`review_work` (:meth:`review_so_far`): how many of the people's
        decisions are valued, of how many; None when it is shown whole (or not shown)."""
        if not self.review_shown():
            return None
        moves = self._decided()
        left = sum(not self.reviewer.has_rated(e.before, e.action) for _, e in moves)
        return None if left <= REVIEW_AT_ONCE else (len(moves) - left, len(moves))

    def review_so_far(self) -> Review:
        """The review as far as it can be shown without waiting: :meth:`review` once at most
        :data:`REVIEW_AT_ONCE` of the people's decisions are left to value; else the chart's points alone (a
        chance per turn: quick), with how many decisions are valued (:attr:`~.review.Review.waiting`) while
        :meth:`review_work` values the rest. A finished long game opened from a link has hundreds to value
        (half a minute in the browser for a long game on the classic board): its end is shown at once, its review
        follows."""
        waiting = self.review_waiting()
        if waiting is None:
            return self.review()
        return Review(tuple(points(self.record, self.reviewer.chances)), (), waiting)

    def review_kept(self) -> list[list[Any]]:
        """The people's decisions valued so far, to keep with the game (:meth:`~.review.Reviewer.kept`)."""
        return self.reviewer.kept(self.record, (i for i, _ in self._decided()))

    def review_valued(self) -> int:
        """How many of the people's decisions are valued."""
        return sum(self.reviewer.has_rated(e.before, e.action) for _, e in self._decided())

    def restore_review(self, kept: object) -> int:
        """Take back the values :meth:`review_kept` gave (:meth:`~.review.Reviewer.restore`): how many."""
        return self.reviewer.restore(self.record, kept)

    def _decided(self) -> list[tuple[int, Entry[Any, Any]]]:
        """The entries where a person decided something (what the review values), each with its index."""
        return [
            (i, e)
            for i, e in enumerate(self.record.entries)
            if e.is_move and self.played_by_person(i, e.before.current_seat)
        ]

    def _unrated(self) -> int | None:
        """The index of the first entry where a person decided something the review has not valued yet."""
        return next((i for i, e in self._decided() if not self.reviewer.has_rated(e.before, e.action)), None)

    def _choosing(self) -> bool:
        """True when a person is to choose now and the review has not valued the choice yet."""
        return self.is_person_to_choose() and not self.reviewer.has_rated(self.state)

    def review_due(self) -> bool:
        """True while some decision of a person is not valued yet (:meth:`review_work` values it)."""
        return self._unrated() is not None or self._choosing()

    def review_work(self) -> Iterator[None]:
        """Value the people's decisions not valued yet, a position a step, so that the review is ready at once when
        it is shown (the page runs this while a person thinks; a computer's turn values the last ones first,
        :meth:`review_last`); then the decision a person is to make now, which the review values once it is made
        anyway: a *Hint* asked for meanwhile is there at once."""
        while True:
            if (index := self._unrated()) is not None:
                entry = self.record.entries[index]
                yield from self.reviewer.rating(entry.before, entry.action)
            elif self._choosing():
                yield from self.reviewer.rating(self.state)
            else:
                return

    def review_last(self) -> Iterator[None]:
        """Value the people's last decisions (the last :data:`REVIEW_AT_ONCE`) not valued yet, a position a step:
        what a computer's turn does before it decides, so that in a game with computers the review keeps up with
        the people. Older ones are left to :meth:`review_work`: a game opened again (a reload, a saved file, a link)
        has none valued, and the computer to act must not wait for them all (a long game on the classic board:
        seconds in the browser)."""
        for _, entry in self._decided()[-REVIEW_AT_ONCE:]:
            yield from self.reviewer.rating(entry.before, entry.action)

    # -- the hint and everyone's chances -------------------------------------

    def can_hint(self) -> bool:
        """True when a person is to choose and may ask the computer."""
        return self.is_person_to_choose()

    def hint(self) -> bool:
        """Show the best three actions of the person to act with their chances to win (:func:`~.review.rate`); the
        best one is marked on the board."""
        if not self.can_hint():
            return False
        best = self.rated()[:1]
        self.hinted = best[0].action if best else None
        self.hint_asked = True
        return True

    def _hint_best(self) -> list[Rated]:
        """The hint standing (:meth:`hint`, until the person acts): the best three actions; empty when none stands."""
        return [] if self.hinted is None or self.hinted == PASS else self.rated()[:3]

    def hint_lines(self) -> list[str]:
        """The hint standing in words: the best three actions with their chances (:meth:`rated_words`), in the
        language spoken now; empty when none stands. Everyone's chances are on a line of their own
        (:meth:`chances_shown`). Where whole percents would show two of them alike, each has a decimal (``50.3%``,
        ``50.1%``): the order is not a whim."""
        best = self._hint_best()
        digits = hint_digits([r.chance for r in best])
        return [self.rated_words(r, digits=digits) for r in best]

    def hint_text(self) -> str:
        """:meth:`hint_lines` in a sentence: ``Best moves: ... (35%); ... (27%).``; ``""`` when no hint stands."""
        lines = self.hint_lines()
        return self.t("hint", list=self.t("list_sep").join(lines)) if lines else ""

    def rated(self) -> list[Rated]:
        """Every legal action now with the acting player's chance to win after it, best first."""
        return self.reviewer.rated(self.state)

    def rated_words(self, rated: Rated, state: Any = None, digits: int = 0) -> str:
        """A rated action of ``state`` (default: now) in words with its chance (in whole percents, or with
        ``digits`` decimals), and the rest of the turn's decision it was valued with (:attr:`~.review.Rated.then`:
        where a taken barricade goes best): ``move the pawn on ... to ..., then put the barricade on ... (54%)``."""
        state = self.state if state is None else state
        words = self.face.hint_words(state, rated.action, self.t)
        previous = rated.action
        for action in rated.then:
            state = self.game.apply(state, previous)
            words = self.t("then", words=words, then=self.face.hint_words(state, action, self.t))
            previous = action
        chance = self.t.decimal(rated.chance * 100, digits) if digits else round(rated.chance * 100)
        return self.t("rated", words=words, chance=chance)

    def chances(self) -> list[float]:
        """Each seat's estimated chance to win, in seat order (worked out once per position)."""
        memo = self._memo_of()
        if "chances" not in memo:
            memo["chances"] = self.face.chances(self.state)
        found: list[float] = memo["chances"]
        return found

    def chances_text(self) -> str:
        """``Chances: Anna (red) 60%, Ben (yellow) 40%``, in seat order (an order that stays put from turn to
        turn)."""
        return self.t("chances", list=", ".join(f"{self.seat_name(i)} {p:.0%}" for i, p in enumerate(self.chances())))

    def chances_shown(self) -> str:
        """The chances for the page: from the start with ``chances=on``, else once a hint was asked for in this
        game; ``""`` otherwise (a family need not see who is likely to lose)."""
        return self.chances_text() if self.setup.chances or self.hint_asked else ""
