"""The game review, for every game: each player's chance to win turn by turn, and what each decision cost.

A decision's cost is the chance to win its player gave up: the chance after the best legal action
less the chance after the one played, both as the game's face estimates them
(:meth:`~malefiz.core.face.Face.chances`). :func:`rate` values every legal action so; the hint shows
its best three, the review marks each decision of a person that cost :data:`MISTAKE` or more.

An action after which the same player decides again at once (a Malefiz barricade taken, to be put
down) is valued with that decision made as well as the chances see it, so a move and the
barricade's new field are each valued on their own.

Everything is worked out once per position and entry (:class:`Reviewer` keeps it), and the chart
is SVG drawn here (:func:`chart_svg`), so the page only shows it.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Final

from .actions import Pass, Roll
from .errors import MalefizError
from .face import Face
from .game import Game
from .record import Entry, Record
from .svg import COLOUR_FILL, round_step, text_width

__all__ = [
    "AXIS_FONT",
    "MISTAKE",
    "Decision",
    "Rated",
    "Review",
    "Reviewer",
    "chart_svg",
    "finish",
    "points",
    "rate",
    "rating",
]

MISTAKE: Final = 0.05
"""A decision that gives up this much chance to win (5 points) or more is marked as a mistake."""


@dataclass(frozen=True, slots=True)
class Rated:
    """One legal action with the acting player's chance to win after it (and the position it leads to)."""

    action: Any
    chance: float
    after: Any
    """The position after the action (and the player's further decisions of the same turn, made best)."""
    then: tuple[Any, ...] = ()
    """Those further decisions, in order (a taken Malefiz barricade's best field); empty when the turn's decision
    ends with the action."""


Steps = Generator[None, None, Any]
"""Work done a step at a time (each ``next()`` values one position with :meth:`Face.chances`); its value is the
result (see :func:`rating`)."""


def _settled(game: Game[Any, Any], face: Face[Any, Any], state: Any, seat: int) -> Steps:
    """``state`` once ``seat``'s further decisions of the same turn are made as :meth:`Face.chances` likes best;
    with ``seat``'s chance there and those decisions (a step per position valued)."""
    if state.is_over or state.is_chance or state.current_seat != seat:
        chance = face.chances(state)[seat]
        yield
        return state, chance, ()
    best: tuple[Any, float, tuple[Any, ...]] | None = None
    for action in game.legal_actions(state):
        after, chance, then = yield from _settled(game, face, game.apply(state, action), seat)
        if best is None or chance > best[1]:
            best = after, chance, (action, *then)
    assert best is not None  # a decision always has an action (a pass at least)
    return best


def rating(game: Game[Any, Any], face: Face[Any, Any], state: Any) -> Steps:
    """:func:`rate` a step at a time: each ``next()`` values one position (a few milliseconds), so that a page can
    answer a click in between; the generator's value is the list :func:`rate` returns."""
    if state.is_over or state.is_chance:
        return []
    seat = state.current_seat
    found = []
    for action in game.legal_actions(state):
        after, chance, then = yield from _settled(game, face, game.apply(state, action), seat)
        found.append(Rated(action, chance, after, then))
    found.sort(key=lambda r: -r.chance)
    return found


def finish(steps: Steps) -> Any:
    """The value of work done a step at a time, all steps done now."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def rate(game: Game[Any, Any], face: Face[Any, Any], state: Any) -> list[Rated]:
    """Every legal action of the player to act, with that player's chance to win after it, best first (ties in
    the rules' order); empty while a roll is due or once the game is over."""
    found: list[Rated] = finish(rating(game, face, state))
    return found


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of the game: an entry where the player had more than one legal action."""

    index: int
    """The entry's index in the record."""
    seat: int
    chance: float
    """The player's chance to win after the action played."""
    best: Rated
    """The best action by the chances (the one played, when it was the best)."""

    @property
    def loss(self) -> float:
        """The chance to win the action played gave up (0 for the best one)."""
        return max(0.0, self.best.chance - self.chance)

    @property
    def is_mistake(self) -> bool:
        """True when the action played gave up :data:`MISTAKE` or more."""
        return self.loss >= MISTAKE - 1e-9


def hint_digits(chances: Sequence[float]) -> int:
    """How many decimals the hint gives its chances: none, or one where whole percents would show two alike (``55%,
    55%`` hid why one is first).

    >>> hint_digits([0.5464, 0.5453, 0.5453]), hint_digits([0.5608, 0.5464, 0.5376])
    (1, 0)
    """
    return 1 if len({round(c * 100) for c in chances}) < len(chances) else 0


def points(record: Record[Any, Any], chances: Callable[[Any], Sequence[float]]) -> list[tuple[int, list[float]]]:
    """The chart's points: every seat's chance at the start of each turn and at the end, each with the number of
    entries played before it."""
    found = [(0, list(chances(record.start)))]
    for i, entry in enumerate(record.entries, start=1):
        after = entry.after
        if after.is_over or (after.is_chance and after.current != entry.before.current):
            found.append((i, list(chances(after))))
    return found


class Reviewer:
    """One game's review worked out as far as asked and kept (keyed by the entries and positions themselves, so
    an undo or a new game never reads a stale value)."""

    def __init__(self, game: Game[Any, Any], face: Face[Any, Any]) -> None:
        self.game = game
        self.face = face
        self._rated: dict[int, tuple[Any, list[Rated]]] = {}
        self._part: dict[int, tuple[Any, list[Rated]]] = {}
        """Decisions as :meth:`restore` took them back: the best two actions and the one played, no more (each
        decision valued whole in :attr:`_rated` once a person plays otherwise there, or asks for a hint)."""
        self._chances: dict[int, tuple[Any, list[float]]] = {}
        self._rows: dict[int, tuple[Any, Any, list[list[Any]]]] = {}
        """What :meth:`kept` gives of each decision, written once (a long game is kept after every move)."""

    def rated(self, state: Any) -> list[Rated]:
        """:func:`rate` of ``state``, worked out once: every legal action."""
        for _ in self.rating(state):
            pass
        return self._rated[id(state)][1]

    def rating(self, state: Any, played: Any = None) -> Iterator[None]:
        """Work :meth:`rated` of ``state`` out a step at a time (:func:`rating`); nothing to do when it is known
        (with ``played``, the action played there: known as far as the review reads it, :meth:`has_rated`)."""
        if self.has_rated(state, played):
            return
        found = yield from rating(self.game, self.face, state)
        if len(self._rated) > 4096:
            self._rated.clear()
        self._rated[id(state)] = (state, found)

    def has_rated(self, state: Any, played: Any = None) -> bool:
        """True when :meth:`rated` of ``state`` is worked out already; with ``played``, the action played there,
        also when what the review reads of that decision came back with the game (:meth:`restore`: its best two
        actions and ``played``)."""
        kept = self._rated.get(id(state))
        if kept is not None and kept[0] is state:
            return True
        return played is not None and any(r.action == played for r in self._valued(state))

    def played(self, entry: Entry[Any, Any]) -> Rated:
        """The action ``entry`` played, valued (worked out now when it is not yet, :meth:`rating`)."""
        for _ in self.rating(entry.before, entry.action):
            pass
        return next(r for r in self._valued(entry.before) if r.action == entry.action)

    def _valued(self, state: Any) -> list[Rated]:
        """The actions of ``state`` valued so far, best first: all of them, or those :meth:`restore` took back."""
        for found in (self._rated, self._part):
            kept = found.get(id(state))
            if kept is not None and kept[0] is state:
                return kept[1]
        return []

    def kept(self, record: Record[Any, Any], indices: Iterable[int]) -> list[list[Any]]:
        """What is worked out of the decisions at ``indices`` of ``record``, to keep with the game (a reload, a game
        opened again from the shelf, shows its review at once): ``[index, [[action, chance, [then...]], ...]]`` for
        each one worked out, its best two actions and the one played (what the review reads), best first, in
        notation (:meth:`restore` takes it back)."""
        found: list[list[Any]] = []
        for index in indices:
            entry = record.entries[index]
            if not self.has_rated(entry.before, entry.action):
                continue
            rows = self._rows.get(id(entry.before))
            if rows is None or rows[0] is not entry.before or rows[1] is not entry.action:
                rated = self._valued(entry.before)
                shown = rated[:2] + [r for r in rated[2:] if r.action == entry.action]
                rows = self._rows[id(entry.before)] = (
                    entry.before,
                    entry.action,
                    [[str(r.action), r.chance, [str(a) for a in r.then]] for r in shown],
                )
            found.append([index, rows[2]])
        if len(self._rows) > 4096:
            self._rows.clear()
        return found

    def restore(self, record: Record[Any, Any], kept: object) -> int:
        """Take back what :meth:`kept` gave for ``record``: how many decisions it holds. Every action is checked
        against the rules, and the decision with the fewest actions is worked out again, which must agree (values
        of another version of the computer are not shown as this one's); anything that does not fit takes back
        nothing (it is worked out again)."""
        found: dict[int, tuple[Any, list[Rated]]] = {}
        try:
            if not isinstance(kept, list) or len(kept) > len(record.entries):
                return 0
            for index, rows in kept:
                if not isinstance(index, int) or isinstance(index, bool) or index in found:
                    return 0
                entry = record.entries[index]
                if index < 0 or not entry.is_move or not rows or len(rows) > 3:
                    return 0
                rated = [self._rated_again(entry.before, *row) for row in rows]
                found[index] = (entry.before, rated)
                actions, chances = [r.action for r in rated], [r.chance for r in rated]
                if entry.action not in actions or len(set(actions)) < len(actions) or chances != sorted(chances)[::-1]:
                    return 0
        except (ValueError, TypeError, LookupError, MalefizError):
            return 0
        if not found:
            return 0
        check = min(found, key=lambda i: len(self.game.legal_actions(found[i][0])))
        state, rated = found[check]
        fresh = rate(self.game, self.face, state)
        fresh_of = {r.action: r.chance for r in fresh}
        if [r.action for r in fresh[:2]] != [r.action for r in rated[:2]] or any(
            abs(fresh_of[r.action] - r.chance) > 1e-9 for r in rated
        ):
            return 0
        if len(self._part) > 4096:
            self._part.clear()
        for state, rated in found.values():
            self._part[id(state)] = (state, rated)
        return len(found)

    def _rated_again(self, state: Any, text: object, chance: object, then: object) -> Rated:
        """One action of a decision kept (:meth:`kept`), checked against the rules and played out.

        Raises:
            ValueError: for anything that does not fit.
        """
        if not isinstance(text, str) or not isinstance(then, list) or len(then) > 4:
            raise ValueError("not a kept action")
        if not isinstance(chance, int | float) or isinstance(chance, bool) or not 0 <= chance <= 1:
            raise ValueError("not a chance")
        seat = state.current_seat
        after, played = state, []
        for step in [text, *then]:
            action = self.game.parse_action(str(step))
            if after.is_chance or after.is_over or after.current_seat != seat:
                raise ValueError("not the same turn")
            if action not in self.game.legal_actions(after):
                raise ValueError("not a legal action")
            after = self.game.apply(after, action)
            played.append(action)
        if not (after.is_over or after.is_chance or after.current_seat != seat):
            raise ValueError("the turn's decisions not all there")
        return Rated(played[0], float(chance), after, tuple(played[1:]))

    def chances(self, state: Any) -> list[float]:
        """Every seat's chance to win in ``state``, worked out once."""
        kept = self._chances.get(id(state))
        if kept is None or kept[0] is not state:
            if len(self._chances) > 8192:
                self._chances.clear()
            kept = self._chances[id(state)] = (state, list(self.face.chances(state)))
        return kept[1]

    def decision(self, index: int, entry: Entry[Any, Any]) -> Decision | None:
        """Entry ``index``'s decision, or None when it was a roll, a pass or the only legal action."""
        if isinstance(entry.action, Roll | Pass):
            return None
        played = self.played(entry)
        rated = self._valued(entry.before)
        if len(rated) < 2:
            return None
        return Decision(index, entry.before.current_seat, played.chance, rated[0])

    def review(
        self,
        record: Record[Any, Any],
        seats: Sequence[int] | None = None,
        chosen: Callable[[int, int], bool] | None = None,
    ) -> Review:
        """The review of ``record``: its chart's points and the decisions of ``seats`` (default: every seat), those
        at entries where ``chosen(index, seat)`` holds (default: all of them)."""
        wanted = None if seats is None else set(seats)
        decisions = []
        for i, entry in enumerate(record.entries):
            seat = entry.before.current_seat
            if (wanted is not None and seat not in wanted) or (chosen is not None and not chosen(i, seat)):
                continue
            found = self.decision(i, entry)
            if found is not None:
                decisions.append(found)
        return Review(tuple(points(record, self.chances)), tuple(decisions))


@dataclass(frozen=True, slots=True)
class Review:
    """A game's review: every seat's chance turn by turn, and the decisions reviewed."""

    points: tuple[tuple[int, list[float]], ...]
    """The chart's points: (entries played before it, every seat's chance to win)."""
    decisions: tuple[Decision, ...]
    waiting: tuple[int, int] | None = None
    """While the decisions are still being valued: how many of how many are (``decisions`` is empty then, and the
    chart marks no mistake yet); None once the review is whole."""

    def of(self, seat: int) -> list[Decision]:
        """Seat ``seat``'s decisions."""
        return [d for d in self.decisions if d.seat == seat]

    def average_loss(self, seat: int) -> float | None:
        """The chance to win seat ``seat`` gave up per decision on average (None: it decided nothing yet)."""
        mine = self.of(seat)
        return sum(d.loss for d in mine) / len(mine) if mine else None

    def mistakes(self) -> dict[int, Decision]:
        """The decisions that were mistakes, by entry index."""
        return {d.index: d for d in self.decisions if d.is_mistake}


CHART_WIDTH: Final = 400
CHART_HEIGHT: Final = 204
AXIS_FONT: Final = 16
"""The size of the axes' numbers and name (px of the chart's own units: the page's style sets them so)."""
_LEFT, _RIGHT, _TOP, _BOTTOM = 58, 14, 10, 52
_DASHES: Final = ("", "8 4", "2 4", "12 4 2 4", "4 4", "1 3")
"""Each seat's line pattern, the second cue beside its colour."""
_INK: Final = {"yellow": "#b08800"}
"""Line colours darker than the pieces' where the piece colour is too pale on white."""


def chart_svg(
    review: Review,
    colours: Sequence[str],
    names: Sequence[str],
    title: str,
    turn_word: str,
    description: str = "",
) -> str:
    """Every seat's chance to win over the game as an SVG line chart (seat ``i`` in ``colours[i]``, named
    ``names[i]``), with each mistake marked on its player's line; ``title`` and ``description`` are read out,
    ``turn_word`` labels the horizontal axis, whose numbers are the move list's lines (a point at ``n`` is the
    chance after line ``n``). Every text is escaped."""
    pts = review.points
    last = max(pts[-1][0], 1) if pts else 1
    inner_w = CHART_WIDTH - _LEFT - _RIGHT
    inner_h = CHART_HEIGHT - _TOP - _BOTTOM

    def x(entries: int) -> float:
        return _LEFT + inner_w * entries / last

    def y(chance: float) -> float:
        return _TOP + inner_h * (1.0 - chance)

    out = [
        f'<svg class="chart" viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" aria-labelledby="chart-title '
        f'chart-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="chart-title">{escape(title)}</title><desc id="chart-desc">{escape(description)}</desc>',
    ]
    for share in (0.0, 0.25, 0.5, 0.75, 1.0):
        gy = y(share)
        out.append(
            f'<line class="grid" x1="{_LEFT}" y1="{gy:.1f}" x2="{CHART_WIDTH - _RIGHT}" y2="{gy:.1f}"/>'
            f'<text class="axis" x="{_LEFT - 6}" y="{gy + 5:.1f}" text-anchor="end">{share:.0%}</text>'
        )
    step = round_step(last, 6)
    bottom = _TOP + inner_h
    for tick in range(0, last + 1, int(step)):
        middle = min(x(tick), CHART_WIDTH - 1 - text_width(str(tick), AXIS_FONT) / 2)  # the last within the chart
        out.append(
            f'<line class="grid tick" x1="{x(tick):.1f}" y1="{bottom}" x2="{x(tick):.1f}" y2="{bottom + 5}"/>'
            f'<text class="axis tick" x="{middle:.1f}" y="{bottom + 22}" text-anchor="middle">{tick}</text>'
        )
    out.append(
        f'<text class="axis" x="{_LEFT + inner_w / 2:.1f}" y="{CHART_HEIGHT - 6}" text-anchor="middle">'
        f"{escape(turn_word)}</text>"
    )
    mistakes = review.mistakes()
    for seat, colour in enumerate(colours):
        line = " ".join(f"{x(n):.1f},{y(chances[seat]):.1f}" for n, chances in pts)
        ink = _INK.get(colour, COLOUR_FILL.get(colour, "#333333"))
        dash = _DASHES[seat % len(_DASHES)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        label = escape(names[seat]) if seat < len(names) else ""
        out.append(
            f'<polyline class="chance" data-seat="{seat}" points="{line}" stroke="{ink}"{dashes}>'
            f"<title>{label}</title></polyline>"
        )
        for index, d in sorted(mistakes.items()):
            if d.seat != seat:
                continue
            before = [p for p in pts if p[0] <= index]
            at = before[-1] if before else pts[0]
            out.append(
                f'<circle class="mistake-dot" cx="{x(index):.1f}" cy="{y(at[1][seat]):.1f}" r="5" stroke="{ink}">'
                f"<title>{label}: -{d.loss * 100:.0f}</title></circle>"
            )
    out.append("</svg>")
    return "".join(out)
