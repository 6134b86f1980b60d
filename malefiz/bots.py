"""Computer players, from a beginner to a search over the dice.

A bot is any callable ``bot(state, actions, rng) -> action``: it gets the
state, its legal actions (never empty, never a die roll: the dice are not the
bot's to choose) and a seeded ``random.Random``, and returns one of the
actions. Bots never see the future rolls; the same state, actions and rng
state give the same decision. Writing one takes a few lines::

    from malefiz.rules import Move

    def eager(state, actions, rng):
        '''Always moves the pawn that ends nearest the goal; anything else at random.'''
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            return min(moves, key=lambda m: state.board.distance[m.end])
        return rng.choice(actions)

and ``python -m malefiz tournament --seats mymodule:eager,medium`` measures it.

The built-in levels (:data:`BOTS`): ``easy`` (sensible moves, with mistakes),
``medium`` (a one-move look-ahead on an evaluation that knows barricades and
captures), ``hard`` (an expectimax search over the next rolls, see
:class:`Search`), plus ``greedy`` and ``random`` as simple references.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from .board import FOREST, HOUSE, Board, Colour, Field
from .rules import ROLLS, Action, Move, Phase, Place, State, apply, legal_actions

__all__ = [
    "BOTS",
    "Bot",
    "Search",
    "easy",
    "evaluate",
    "greedy",
    "hard",
    "hint",
    "medium",
    "random_bot",
    "win_chances",
]

Bot = Callable[[State, Sequence[Action], random.Random], Action]
"""Picks one of the legal ``actions`` of ``state``; may use the seeded ``rng``."""

BARRICADE_COST: Final = 8
"""Steps a barricade on the way is worth: it must be hit exactly, which takes a few turns."""


def random_bot(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly at random."""
    return actions[rng.randrange(len(actions))]


def greedy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """A simple player: the move ending nearest the goal; a barricade just ahead of the leading opponent."""
    first = actions[0]
    b = state.board
    if isinstance(first, Move):

        def score(a: Action) -> tuple[int, int, float]:
            assert isinstance(a, Move)
            victim = state.occupant(a.end)
            captures = victim is not None and victim != state.current
            return (-b.distance[a.end], captures, rng.random())

        return max(actions, key=score)
    if isinstance(first, Place):
        me = state.turn
        leader = min(
            (p for i, pawns in enumerate(state.pawns) if i != me for p in pawns if p >= 0),
            key=lambda p: b.distance[p],
            default=None,
        )

        def place_score(a: Action) -> tuple[int, float]:
            assert isinstance(a, Place)
            d = b.distance[a.field]
            if leader is not None and d < b.distance[leader]:
                return (-(b.distance[leader] - d), rng.random())
            return (-100 - d, rng.random())

        return max(actions, key=place_score)
    return first


# -- evaluation ---------------------------------------------------------------

_DISTANCES: dict[tuple[str, int], dict[Field, int]] = {}


def barricade_distances(b: Board, barricades: int) -> dict[Field, int]:
    """Steps from every field to the goal, each barricade on the way counted as :data:`BARRICADE_COST` more."""
    key = (b.name, barricades)
    found = _DISTANCES.get(key)
    if found is not None:
        return found
    if len(_DISTANCES) > 20_000:
        _DISTANCES.clear()
    # Dial's algorithm: costs are small integers.
    dist: dict[Field, int] = {b.goal: 0}
    buckets: list[list[Field]] = [[b.goal]]
    d = 0
    while d < len(buckets):
        for f in buckets[d]:
            if dist[f] != d:
                continue
            # Leaving f towards the pawn: passing f costs extra when it holds a barricade.
            step = 1 + (BARRICADE_COST if barricades >> f & 1 and f != b.goal else 0)
            for n in b.neighbours[f]:
                nd = d + step
                if nd < dist.get(n, 1 << 30):
                    dist[n] = nd
                    while len(buckets) <= nd:
                        buckets.append([])
                    buckets[nd].append(n)
        d += 1
    _DISTANCES[key] = dist
    return dist


def pawn_distance(state: State, colour: Colour, location: Field, dist: dict[Field, int]) -> int:
    """How far a pawn is from the goal, barricades counted (house and forest included)."""
    b = state.board
    if location == HOUSE:
        return dist[b.exits[colour]] + 1
    if location == FOREST:
        assert b.forest_exit is not None
        return dist[b.forest_exit] + 1
    return dist[location]


def _scores(state: State) -> list[float]:
    """A race score per player (higher is better): the best pawns' distances to the goal."""
    dist = barricade_distances(state.board, state.barricades)
    scores = []
    for colour, pawns in zip(state.players, state.pawns, strict=True):
        ds = sorted(pawn_distance(state, colour, p, dist) for p in pawns)
        score = -(ds[0] + 0.3 * ds[1] + 0.05 * sum(ds[2:]))
        scores.append(score)
    return scores


def evaluate(state: State, colour: Colour) -> float:
    """How good ``state`` is for ``colour``: its race score less the best opponent's (a win is 1000)."""
    if state.is_over:
        return 1000.0 if state.winner == colour else -1000.0
    scores = _scores(state)
    me = state.players.index(colour)
    best_other = max(s for i, s in enumerate(scores) if i != me)
    return scores[me] - best_other


def win_chances(state: State) -> dict[Colour, float]:
    """An estimate of each player's chance to win, from the race scores (a soft-max)."""
    if state.is_over:
        return {c: 1.0 if c == state.winner else 0.0 for c in state.players}
    scores = _scores(state)
    # The player to move is about half a turn ahead of where the scores say.
    scores[state.turn] += 1.75
    top = max(scores)
    weights = [math.exp((s - top) / 5.0) for s in scores]
    total = sum(weights)
    return {c: w / total for c, w in zip(state.players, weights, strict=True)}


def _settle(state: State, action: Action) -> State:
    """The state after ``action``, with a taken barricade put where its taker's one-move look-ahead likes best."""
    after = apply(state, action)
    if after.phase is Phase.PLACE:
        mover = after.current
        return max((apply(after, p) for p in _place_candidates(after)), key=lambda s: evaluate(s, mover))
    return after


def _after(state: State, action: Action, colour: Colour) -> float:
    """The value for ``colour`` after ``action`` (and the barricade it may take, put back by its taker)."""
    return evaluate(_settle(state, action), colour)


def _place_candidates(state: State, limit: int = 12) -> list[Action]:
    """The barricade places worth considering: on or near the opponents' best routes, plus a few others."""
    places = legal_actions(state)
    b = state.board
    dist = barricade_distances(b, state.barricades)
    me = state.current
    fronts = [
        pawn_distance(state, c, min(pawns, key=lambda p: pawn_distance(state, c, p, dist)), dist)
        for c, pawns in zip(state.players, state.pawns, strict=True)
        if c != me
    ]
    lead = min(fronts) if fronts else 99

    def interest(a: Action) -> float:
        assert isinstance(a, Place)
        d = b.distance[a.field]
        return abs(lead - 3 - d) if d < lead else 50 + d

    ranked = sorted(places, key=interest)
    return ranked[:limit]


def medium(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """A one-move look-ahead: the action whose result evaluates best (ties broken at random)."""
    colour = state.current
    if isinstance(actions[0], Place):
        candidates: Sequence[Action] = _place_candidates(state, limit=40)
        return max(candidates, key=lambda a: (evaluate(apply(state, a), colour), rng.random()))
    return max(actions, key=lambda a: (_after(state, a, colour), rng.random()))


def easy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """A beginner: usually the move that gets furthest, sometimes any move at all."""
    if rng.random() < 0.35:
        return random_bot(state, actions, rng)
    return greedy(state, actions, rng)


# -- search ---------------------------------------------------------------------


class Search:
    """An expectimax search over the dice, runnable in slices (for the browser).

    For each candidate action of the player to move (the best few by a
    one-move look-ahead), every roll of the next player is considered and that
    player answers with its best one-move reply; then (``depth`` 2) every roll
    of the player after that, answered the same way; the result is evaluated
    from our side and the candidate with the best average wins. ``budget`` caps
    the number of positions evaluated, so the same search always gives the same
    answer (no clock involved).

    Use :meth:`step` repeatedly (each call does a small slice of work and
    returns False when done) or :meth:`run`; then read :attr:`best` and
    :attr:`values`.
    """

    def __init__(
        self, state: State, actions: Sequence[Action], budget: int = 20_000, width: int = 6, depth: int = 2
    ) -> None:
        self.state = state
        self.depth = depth
        self.colour = state.current
        self.budget = budget
        self.spent = 0
        first_look = {a: _after(state, a, self.colour) for a in actions}
        self.spent += len(first_look)
        ranked = sorted(actions, key=lambda a: -first_look[a])
        self.best: Action = ranked[0]
        self.values: dict[Action, float] = {a: first_look[a] for a in ranked}
        self._todo: list[Action] = ranked[:width] if isinstance(actions[0], Move) else []
        self._scored: dict[Action, float] = {}
        self._slices = self._work()

    def _reply(self, after: State, roll: Action, plies: int) -> float:
        """Our value once the next mover has rolled ``roll`` and played its best one-move reply, ``plies`` deep."""
        rolled = apply(after, roll)
        replies = legal_actions(rolled)
        mover = rolled.current
        self.spent += len(replies)
        chosen = max((_settle(rolled, a) for a in replies), key=lambda s: evaluate(s, mover))
        return self._value(chosen, plies - 1)

    def _value(self, after: State, plies: int) -> float:
        """Our value expected over the next ``plies`` turns' rolls, each mover playing its best one-move reply."""
        if after.is_over or plies == 0:
            return evaluate(after, self.colour)
        return sum(self._reply(after, roll, plies) for roll in ROLLS) / 6

    def _work(self) -> Iterator[None]:
        """The whole search, pausing after each roll of each candidate (a slice of a few milliseconds)."""
        for action in self._todo:
            if self.spent >= self.budget:
                return
            after = apply(self.state, action)
            starts = (
                [apply(after, p) for p in _place_candidates(after, limit=4)] if after.phase is Phase.PLACE else [after]
            )
            best = -math.inf
            for start in starts:
                if start.is_over:
                    best = max(best, evaluate(start, self.colour))
                    continue
                total = 0.0
                for roll in ROLLS:
                    total += self._reply(start, roll, self.depth)
                    yield
                best = max(best, total / 6)
            self._scored[action] = best
            self.values[action] = best
            self.best = max(self._scored, key=lambda a: self._scored[a])

    def step(self) -> bool:
        """Do one slice of the search; False once the search is finished."""
        return next(self._slices, False) is None

    def run(self) -> Action:
        """Search to the end of the budget and return the best action."""
        while self.step():
            pass
        return self.best


def hard(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The strongest level: :class:`Search` over the next rolls (barricades placed by look-ahead)."""
    if len(actions) == 1:
        return actions[0]
    if isinstance(actions[0], Place):
        return medium(state, actions, rng)
    return Search(state, actions).run()


def hint(state: State, rng: random.Random | None = None) -> tuple[Action | None, dict[Colour, float]]:
    """The hard bot's choice for the player to act and each player's estimated chance to win.

    The action is None while the die must be rolled or once the game is over.
    """
    chances = win_chances(state)
    if state.is_chance or state.is_over:
        return None, chances
    actions = legal_actions(state)
    return hard(state, actions, rng or random.Random(0)), chances


BOTS: Final[dict[str, Bot]] = {
    "easy": easy,
    "medium": medium,
    "hard": hard,
    "greedy": greedy,
    "random": random_bot,
}
"""The built-in bots by level name (the setup screen offers easy, medium and hard)."""
