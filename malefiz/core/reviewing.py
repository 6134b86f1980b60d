"""The review of a game in progress (a part of :class:`malefiz.core.session.Session`): shown or not, the people's
decisions valued a position at a time while they think (:meth:`Reviewing.review_work`) or before a computer acts
(:meth:`Reviewing.review_last`), and the review as far as it can be shown without waiting."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from .review import Review, Reviewer, points

if TYPE_CHECKING:
    from .record import Record

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

    @property
    def state(self) -> Any:
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
        left = sum(not self.reviewer.has_rated(state) for _, state in moves)
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
        return sum(self.reviewer.has_rated(state) for _, state in self._decided())

    def restore_review(self, kept: object) -> int:
        """Take back the values :meth:`review_kept` gave (:meth:`~.review.Reviewer.restore`): how many."""
        return self.reviewer.restore(self.record, kept)

    def _decided(self) -> list[tuple[int, Any]]:
        """The entries where a person decided something (what the review values): each index and position."""
        return [
            (i, e.before)
            for i, e in enumerate(self.record.entries)
            if e.is_move and self.played_by_person(i, e.before.current_seat)
        ]

    def _unrated(self) -> int | None:
        """The index of the first entry where a person decided something the review has not valued yet."""
        return next((i for i, state in self._decided() if not self.reviewer.has_rated(state)), None)

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
                yield from self.reviewer.rating(self.record.entries[index].before)
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
        for _, state in self._decided()[-REVIEW_AT_ONCE:]:
            yield from self.reviewer.rating(state)
