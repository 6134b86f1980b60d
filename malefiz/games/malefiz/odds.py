"""Each player's chance to win, from how many turns its pawns need by the dice.

The hard bot's evaluation. A race by distance counts a step as a step; the dice
do not: the goal and every barricade must be hit with an exact roll, so a pawn
one step from the goal wins no sooner than one six steps away (both need one
particular number, a 1 in 6 chance each turn), and a barricade just ahead
costs about six turns, not a few steps. So:

1. :func:`turns` gives, for every field, the turns a lone pawn there needs on
   average to reach the goal when it may wait for a good roll (its player moves
   another pawn meanwhile): a stochastic shortest path, solved exactly, from the
   goal outwards, like Dijkstra's algorithm. Barricades on the way must be hit
   exactly before the pawn can go on.
2. :func:`rate` turns a player's pawns into a chance per turn of finishing:
   the distinct rolls that win at once, plus a share of ``1 / turns`` for the
   other pawns (the best counts most).
3. :func:`first_to_finish` is the chance that a player is the first to finish
   when each player in turn succeeds with its own chance.
4. :func:`chances` gives every player's chance to win for people to read:
   the same race with the rates raised to a power (:data:`SHARPNESS`) fitted
   to how games end. The plain race underrates a lead, because a pawn far
   behind cannot finish at all for several turns, while the race gives it its
   chance from the first turn on.
"""

from __future__ import annotations

import heapq
from typing import Final, NamedTuple

from ...core.race import chances, first_to_finish
from .board import FOREST, HOUSE, Board, Colour, Field

__all__ = ["SHARPNESS", "Turns", "chances", "first_to_finish", "forget", "rate", "turns"]

NEVER: Final = 1e9
"""The turns of a field from which the goal cannot be reached."""

LATER_PAWNS: Final = 0.7
"""The weight of each further pawn's chance, relative to the pawn before it."""

MOST_LIKELY: Final = 0.97
"""The highest chance per turn a player is given (no position wins with certainty)."""

SHARPNESS: Final[dict[str, tuple[float, float, float]]] = {"classic": (8.0, 5.0, 5.0), "fast": (4.0, 3.0, 3.0)}
"""By board, for 2, 3 and 4 players: the power of the rates that makes :func:`chances` match how games end.

Fitted by ``bench/calibration.py`` (the least log loss over the positions of
medium-against-medium games on tuning seeds). The hard bot's search keeps
the plain race: the calibrated one made it no stronger (67% against medium
on the fast board's tuning seeds, the plain race 69%).
"""

CACHED: Final = 1000
"""How many barricade settings' turns are kept (a search sees a few dozen; each takes about 14 kilobytes)."""

WHOLES_KEPT: Final = 16
"""How many settings solved whole keep what their fields' turns depend on (about 70 kilobytes each; the review
needs one at a time, a search a few)."""

Pawn = tuple[float, int]
"""A pawn's expected turns to the goal and the rolls that take it there at once (bit ``r`` for roll ``r``)."""


class Turns(NamedTuple):
    """The expected turns to the goal from everywhere, for one board and one set of barricades."""

    at: list[Pawn]
    """By field: the expected turns and the winning rolls of a pawn there."""
    house: dict[Colour, Pawn]
    """From each colour's house."""
    forest: Pawn
    """From the forest (boards without one: never)."""

    def of(self, colour: Colour, location: Field) -> Pawn:
        """A pawn of ``colour`` at ``location`` (a field, HOUSE or FOREST)."""
        if location >= 0:
            return self.at[location]
        return self.house[colour] if location == HOUSE else self.forest


_UNREACHABLE: Final[Pawn] = (NEVER, 0)
_Entry = tuple[Field, int, tuple[int, ...]]


class _Whole:
    """A barricade setting solved whole: every field's expected turns and winning rolls, and what they depend on."""

    __slots__ = ("_dependents", "depends", "value", "wins")

    def __init__(self, value: list[float], wins: list[int], depends: list[int]) -> None:
        self.value = value
        self.wins = wins
        self.depends = depends
        """By field: the fields a barricade on which may change its turns (a bit mask)."""
        self._dependents: dict[Field, list[Field]] | None = None

    def dependents(self, f: Field) -> list[Field]:
        """The fields whose turns a barricade on ``f`` may change (:attr:`depends` the other way round, made when
        first asked for)."""
        if self._dependents is None:
            self._dependents = {}
            for start, depends in enumerate(self.depends):
                while depends:
                    one = depends & -depends
                    self._dependents.setdefault(one.bit_length() - 1, []).append(start)
                    depends ^= one
        return self._dependents.get(f, [])


_INTO: dict[str, dict[Field, list[_Entry]]] = {}
_ENDS: dict[str, dict[Field, frozenset[Field]]] = {}
_TURNS: dict[tuple[str, int], Turns] = {}
_WHOLE: dict[tuple[str, int], _Whole] = {}
"""The barricade settings solved whole, with what their fields' turns depend on."""
_LAST: dict[str, int] = {}
"""By board: the barricade setting last solved."""


def _into(b: Board) -> dict[Field, list[_Entry]]:
    """For every end field: each start that reaches it, the roll (as a bit) and the masks of what its routes pass."""
    found = _INTO.get(b.name)
    if found is None:
        found = _INTO[b.name] = {}
        for start in b.ordered:
            if start == b.goal:
                continue
            by_steps = b.reach(start, "red")  # from a field the colour does not matter
            for steps in range(1, 7):
                for end, passed in by_steps[steps]:
                    found.setdefault(end, []).append((start, 1 << steps, passed))
    return found


def _ends(b: Board) -> dict[Field, frozenset[Field]]:
    """For every start field, the end fields it reaches (:func:`_into` the other way round)."""
    found = _ENDS.get(b.name)
    if found is None:
        reached: dict[Field, set[Field]] = {}
        for end, entries in _into(b).items():
            for start, _, _ in entries:
                reached.setdefault(start, set()).add(end)
        found = _ENDS[b.name] = {start: frozenset(ends) for start, ends in reached.items()}
    return found


def _wait_for(values: list[float]) -> float:
    """Expected turns when each roll leads to the given values (the others: wait): the best rolls are taken."""
    best, total = NEVER, 6.0
    for count, v in enumerate(sorted(values), 1):
        if v >= best:
            break
        total += v
        best = total / count
    return best


def turns(b: Board, barricades: int) -> Turns:
    """The :class:`Turns` of board ``b`` with ``barricades`` (a bit mask), memoised.

    A field's expected turns ``T`` satisfy ``T = 1 + sum(min(T, best[r]) for r
    in 1..6) / 6``, where ``best[r]`` is the least expected turns of a field a
    roll of ``r`` reaches (a barricade there taken, the goal zero): a pawn
    moves when the roll helps and waits otherwise. Fields are settled in
    order of their turns, as in Dijkstra's algorithm; each field's ends are
    settled in increasing order, so its ``T`` is a running mean.

    A setting with one barricade more than a setting solved whole is solved
    again only where that barricade may change the turns (:func:`_again`), to
    the same numbers. A taken barricade's free fields are valued one after
    another (the review, a search): when two settings in a row differ by one
    barricade moved, the setting they share is solved whole first, and every
    field after is one barricade more than it.
    """
    key = (b.name, barricades)
    found = _TURNS.get(key)
    if found is not None:
        return found
    if len(_TURNS) >= CACHED:
        _TURNS.clear()
    if len(_WHOLE) >= WHOLES_KEPT:
        _WHOLE.clear()
    parent = _parent(b.name, barricades)
    last, _LAST[b.name] = _LAST.get(b.name), barricades
    if parent is None and last is not None and _moved_one(last, barricades):
        parent = last & barricades
        if (b.name, parent) not in _WHOLE:
            _made(b, parent, *_solve_whole(b, parent))
    if parent is None:
        return _made(b, barricades, *_solve_whole(b, barricades))
    return _made(b, barricades, *_again(b, _WHOLE[(b.name, parent)], barricades ^ parent, barricades))


def forget() -> None:
    """Forget every setting's turns solved so far (for measuring: the numbers are the same either way)."""
    _TURNS.clear()
    _WHOLE.clear()
    _LAST.clear()


def _made(b: Board, barricades: int, value: list[float], wins: list[int]) -> Turns:
    """The :class:`Turns` of every field's expected turns ``value`` and winning rolls ``wins``, kept."""

    def entering(start: Field, colour: Colour) -> Pawn:
        by_steps = b.reach(start, colour)
        best = []
        for steps in range(1, 7):
            least = NEVER
            for e, routes in by_steps[steps]:
                if value[e] < least:
                    for passed in routes:
                        if not passed & barricades:
                            least = value[e]
                            break
            if least < NEVER:
                best.append(least)
        return _wait_for(best), 0

    at = [(v, w) if v < NEVER else _UNREACHABLE for v, w in zip(value, wins, strict=True)]
    house = {c: entering(HOUSE, c) for c in b.exits}
    forest = _UNREACHABLE if b.forest_exit is None else entering(FOREST, "red")
    found = _TURNS[(b.name, barricades)] = Turns(at, house, forest)
    return found


def _parent(name: str, barricades: int) -> int | None:
    """A setting solved whole that is ``barricades`` less one of them, if any."""
    rest = barricades
    while rest:
        one = rest & -rest
        if (name, barricades ^ one) in _WHOLE:
            return barricades ^ one
        rest ^= one
    return None


def _moved_one(before: int, after: int) -> bool:
    """Whether setting ``after`` is ``before`` with one barricade on another field."""
    return (before ^ after).bit_count() == 2 and before.bit_count() == after.bit_count()


def _solve_whole(b: Board, barricades: int) -> tuple[list[float], list[int]]:
    """Every field's expected turns and winning rolls with ``barricades``, solved whole (see :func:`turns`), kept
    in :data:`_WHOLE` with what each field's turns depend on.

    A field's turns depend on the fields that every free route of a roll it moves on passes (a barricade there
    closes that roll's way to its end) and on what that end's turns depend on. With one barricade more elsewhere,
    the same moves are still open, and turns can only grow, so they stay as they are.
    """
    into = _into(b)
    size = max(b.fields) + 1
    value = [NEVER] * size
    done = [False] * size
    seen = [0] * size  # the rolls whose best end is known
    total = [6.0] * size
    count = [0] * size
    wins = [0] * size
    depends = [0] * size
    goal = b.goal
    value[goal] = 0.0
    heap = [(0.0, goal)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        v, end = pop(heap)
        if done[end]:
            continue
        done[end] = True
        for start, roll, routes in into.get(end, ()):
            if done[start] or seen[start] & roll:
                continue
            for passed in routes:
                if not passed & barricades:
                    break
            else:
                continue  # every route passes a barricade
            seen[start] |= roll
            if end == goal:
                wins[start] |= roll
            if v < value[start]:  # a better roll lowers the mean; later ends are no better
                total[start] += v
                count[start] += 1
                value[start] = t = total[start] / count[start]
                push(heap, (t, start))
                for other in routes:  # what every free route passes
                    if not other & barricades:
                        passed &= other
                depends[start] |= passed | depends[end]
    _WHOLE[(b.name, barricades)] = _Whole(value[:], wins[:], depends)
    return value, wins


def _again(b: Board, parent: _Whole, added: int, barricades: int) -> tuple[list[float], list[int]]:
    """Every field's expected turns and winning rolls with ``barricades``: the setting ``parent`` solved whole and
    the barricade ``added`` (a bit). Only the fields that depend on that barricade are solved again, the others'
    turns are as they were. The fields solved again take the ends they reach (the others' and their own, once
    settled) in increasing order of turns, as :func:`_solve_whole` does: the same numbers, in the same order."""
    value, wins = parent.value[:], parent.wins[:]
    again = parent.dependents(added.bit_length() - 1)
    if not again:
        return value, wins
    size = len(value)
    open_ = [False] * size
    for start in again:
        open_[start] = True
        value[start] = NEVER
        wins[start] = 0
    into, ends = _into(b), _ends(b)
    heap = [(value[end], end) for end in set().union(*[ends[start] for start in again]) if not open_[end]]
    heapq.heapify(heap)
    done = [False] * size
    seen = [0] * size
    total = [6.0] * size
    count = [0] * size
    goal = b.goal
    left = len(again)
    pop, push = heapq.heappop, heapq.heappush
    while heap and left:
        v, end = pop(heap)
        if done[end]:
            continue
        done[end] = True
        if open_[end]:
            left -= 1  # once every field solved again is settled, the ends left can change none
        for start, roll, routes in into.get(end, ()):
            if not open_[start] or done[start] or seen[start] & roll:
                continue
            for passed in routes:
                if not passed & barricades:
                    break
            else:
                continue
            seen[start] |= roll
            if end == goal:
                wins[start] |= roll
            if v < value[start]:
                total[start] += v
                count[start] += 1
                value[start] = t = total[start] / count[start]
                push(heap, (t, start))
    return value, wins


def rate(pawns: list[Pawn]) -> float:
    """A player's chance per turn of finishing, from its pawns (see the module's description).

    The rolls that win at once count fully (each distinct roll one sixth); the
    other pawns count ``1 / turns``, the best fully (if nothing wins at once),
    each further one :data:`LATER_PAWNS` as much as the one before.
    """
    hits = 0
    others = []
    for t, w in pawns:
        if w:
            hits |= w
        else:
            others.append(t)
    chance = hits.bit_count() / 6
    weight = LATER_PAWNS if hits else 1.0
    for t in sorted(others):
        chance += weight / t
        weight *= LATER_PAWNS
    return min(chance, MOST_LIKELY)
