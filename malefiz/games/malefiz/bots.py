"""Computer players, from a beginner to a search over the dice.

A bot is any callable ``bot(state, actions, rng) -> action``: it gets the
state, its legal actions (never empty, never a die roll: the dice are not the
bot's to choose) and a seeded ``random.Random``, and returns one of the
actions. Bots never see the future rolls; the same state, actions and rng
state give the same decision. Writing one takes a few lines::

    from malefiz.games.malefiz.state import Move

    def eager(state, actions, rng):
        '''Always moves the pawn that ends nearest the goal; anything else at random.'''
        moves = [a for a in actions if isinstance(a, Move)]
        if moves:
            return min(moves, key=lambda m: state.board.distance[m.end])
        return rng.choice(actions)

and ``python -m malefiz tournament --seats mymodule:eager,medium`` measures it.

The built-in levels (:data:`BOTS`): ``easy`` (sensible moves, with mistakes), ``medium`` (a one-move
look-ahead on an evaluation that knows barricades and captures), ``hard`` (an expectimax search over the
next two turns' rolls and replies, see :class:`Search`; a taken barricade goes right in front of the leading
opponent on the classic board, on the fast one where it hinders the opponents most and they cannot soon take
it back), plus ``greedy`` and ``random`` as simple references. ``hard`` values positions with the board's
:class:`Model`: race distances on the classic board; on the fast one the chances to win by the dice of
:mod:`malefiz.games.malefiz.odds`, blended with a share of the race.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from ...core.play import random_bot
from .board import FOREST, HOUSE, Colour, Field
from .rules import apply, legal_actions
from .state import PASS, ROLLS, Action, Move, Phase, Place, State
from .value import (
    BARRICADE_COST,
    SEARCH_BARRICADE_COST,
    Model,
    Value,
    evaluate,
    hard_model,
    race,
    win_chances,
    win_probability,
)

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
    "win_probability",
]

Bot = Callable[[State, Sequence[Action], random.Random], Action]
"""Picks one of the legal ``actions`` of ``state``; may use the seeded ``rng``."""

INNER_PLACES: Final = 6
"""Barricade places a searched reply considers (the top level considers more)."""


IN_FRONT: Final[dict[str, bool]] = {"classic": True, "fast": False}
"""Boards where hard puts a taken barricade right in front of the opponents' leading pawn (:func:`_front_place`)
rather than where its model likes best (:func:`_best_place`): with two players it searches that field beside the
ones its model likes best (:data:`PLACE_WIDTH`), with more it takes it (four players against three (e): 51.0%
over 400 held-out games, 42.0% where the race likes best)."""


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


def _settle(
    state: State, action: Action, places: int = 12, value: Value = evaluate, cost: int = BARRICADE_COST
) -> State:
    """The state after ``action``, with a taken barricade put where its taker's ``value`` likes best.

    The taker considers the ``places`` most promising fields (see :func:`_place_candidates`).
    """
    after = apply(state, action)
    if after.phase is Phase.PLACE:
        mover = after.current
        return max((apply(after, p) for p in _place_candidates(after, places, cost)), key=lambda s: value(s, mover))
    return after


def _after(state: State, action: Action, colour: Colour, value: Value = evaluate, cost: int = BARRICADE_COST) -> float:
    """The ``value`` for ``colour`` after ``action`` (and the barricade it may take, put back by its taker)."""
    return value(_settle(state, action, value=value, cost=cost), colour)


class _Outlook:
    """The scores of each move of one rolled position for every player, without building the positions.

    A move that takes no barricade changes only the mover's pawns (and a
    captured pawn's owner's), so the players' scores follow from the old ones.
    """

    __slots__ = ("base", "model", "occupied", "pawns", "state", "table")

    def __init__(self, state: State, model: Model) -> None:
        self.state = state
        self.model = model
        self.table = t = model.table(state)
        self.pawns = [[t.of(c, p) for p in pawns] for c, pawns in zip(state.players, state.pawns, strict=True)]
        self.base = [model.score(list(ps)) for ps in self.pawns]
        self.occupied = {p: i for i, pawns in enumerate(state.pawns) for p in pawns if p >= 0}

    def scores(self, move: Move) -> list[Any] | None:
        """Every player's score after ``move``; None when it ends the game or takes a barricade."""
        state = self.state
        b = state.board
        end = move.end
        if end == b.goal or state.barricades >> end & 1:
            return None
        me = state.turn
        score = self.model.score
        scores = list(self.base)
        victim = self.occupied.get(end)
        if victim is not None:  # a captured pawn (ours too, unless protected) goes home or to the forest
            theirs = list(self.pawns[victim])
            back = self.table.of(state.players[victim], FOREST if end in b.village else HOUSE)
            theirs[state.pawns[victim].index(end)] = back
            if victim != me:
                scores[victim] = score(theirs)
                mine = list(self.pawns[me])
            else:
                mine = theirs
        else:
            mine = list(self.pawns[me])
        mine[state.pawns[me].index(move.start)] = self.table.at[end]
        scores[me] = score(mine)
        return scores


def _place_candidates(state: State, limit: int = 12, cost: int = BARRICADE_COST) -> list[Action]:
    """The barricade places worth considering: on or near the opponents' best routes, plus a few others."""
    places = legal_actions(state)
    b = state.board
    r = race(b, state.barricades, cost)
    me = state.current
    fronts = [min(r.of(c, p) for p in pawns) for c, pawns in zip(state.players, state.pawns, strict=True) if c != me]
    lead = min(fronts) if fronts else 99
    distance = b.distance

    def interest(a: Action) -> float:
        assert isinstance(a, Place)
        d = distance[a.field]
        return abs(lead - 3 - d) if d < lead else 50 + d

    ranked = sorted(places, key=interest)
    return ranked[:limit]


def _best_place(state: State, value: Value) -> Action:
    """Where the hard bot puts a taken barricade: the place its taker's ``value`` likes best.

    Among places that hinder the opponents equally, the one nearest the goal
    wins: far from their pawns, they cannot soon take it and put it in our way.
    (On the fast board, against *medium*, searching the places over the next
    rolls picked ones right in front of an opponent's pawn instead, which won
    fewer games; the classic board puts them there, see :data:`IN_FRONT`.)
    """
    colour = state.current
    distance = state.board.distance

    def key(a: Action) -> tuple[float, int]:
        assert isinstance(a, Place)
        return round(value(apply(state, a), colour), 9), -distance[a.field]

    return max(legal_actions(state), key=key)


def _front_place(state: State, cost: int = SEARCH_BARRICADE_COST) -> Action | None:
    """The first field a barricade may go on along the shortest way of the opponents' leading pawn to the goal.

    Distances count each barricade on the way as ``cost`` steps more (:func:`race`); the way steps to the
    nearest neighbour (ties to the lower field). None when no such field is free.
    """
    b = state.board
    r = race(b, state.barricades, cost)
    legal = {a.field: a for a in legal_actions(state) if isinstance(a, Place)}
    starts: list[tuple[int, Field, bool]] = []  # (distance, field, whether that field itself may take it)
    for i, (colour, pawns) in enumerate(zip(state.players, state.pawns, strict=True)):
        if i == state.turn:
            continue
        for p in pawns:
            if p >= 0:
                starts.append((r.dist[p], p, False))
            elif p == HOUSE:
                starts.append((r.house[colour], b.exits[colour], True))
            elif b.forest_exit is not None:
                starts.append((r.forest, b.forest_exit, True))
    if not starts:
        return None
    _, here, own = min(starts)
    if own and here in legal:
        return legal[here]
    dist, neighbours = r.dist, b.neighbours
    while here != b.goal:
        here = min(neighbours[here], key=lambda n: (dist[n], n))
        if here in legal:
            return legal[here]
    return None


def _hard_place(state: State, model: Model) -> Action:
    """Where hard puts a taken barricade: in front of the leading opponent (:data:`IN_FRONT` boards) or where
    ``model`` likes best (:func:`_best_place`)."""
    if IN_FRONT.get(state.board.name, False):
        found = _front_place(state)
        if found is not None:
            return found
    return _best_place(state, model.value)


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

    For each candidate move of the player to act (the best few by a one-move
    look-ahead), every roll of the next player is considered and that player
    answers with its best one-move reply; then (``depth`` 2) every roll of the
    player after that, answered the same way; the candidate whose value is best
    on average wins. ``budget`` caps the number of replies looked at,
    so the same search always gives the same answer (no clock involved).
    Positions are valued by ``model`` (default: the board's, from
    :data:`MODELS`); a barricade taken on the way is put where :func:`hard`
    would put it.

    Use :meth:`step` repeatedly (each call does a small slice of work and
    returns False when done) or :meth:`run`; then read :attr:`best` and
    :attr:`values` (each candidate's value by the model).
    """

    def __init__(
        self,
        state: State,
        actions: Sequence[Action],
        budget: int = 20_000,
        width: int = 6,
        depth: int = 2,
        model: Model | None = None,
    ) -> None:
        self.state = state
        self.model = model = hard_model(state) if model is None else model
        self.depth = depth
        self.colour = state.current
        self.me = state.turn
        self.budget = budget
        self.spent = 0
        first_look = {a: _after(state, a, self.colour, model.value, SEARCH_BARRICADE_COST) for a in actions}
        self.spent += len(first_look)
        ranked = sorted(actions, key=lambda a: -first_look[a])
        self.best: Action = ranked[0]
        self.values: dict[Action, float] = {a: first_look[a] for a in ranked}
        self._todo: list[Action] = ranked[:width]
        self._scored: dict[Action, float] = {}
        self._slices = self._work()

    def _reply(self, after: State, roll: Action, plies: int) -> float:
        """Our value once the next mover has rolled ``roll`` and played its best one-move reply, ``plies`` deep."""
        rolled = apply(after, roll)
        replies = legal_actions(rolled)
        self.spent += len(replies)
        if replies[0] is PASS:
            return self._value(apply(rolled, PASS), plies - 1)
        mover = rolled.current
        them = rolled.turn
        after_them = them if rolled.moves_again else (them + 1) % len(rolled.players)  # who moves after the reply
        model = self.model
        outlook = _Outlook(rolled, model)
        best_value = -math.inf
        best: State | Move = rolled
        best_scores: list[Any] | None = None  # the scores after ``best`` when it is a plain move
        for move in replies:
            assert isinstance(move, Move)
            scores = outlook.scores(move)
            if scores is None:  # the game ends, or a barricade is taken and put back: build that position
                settled = _settle(rolled, move, INNER_PLACES, model.value, SEARCH_BARRICADE_COST)
                value = model.value(settled, mover)
                if value > best_value:
                    best_value, best, best_scores = value, settled, None
            else:
                value = model.margin(scores, them, after_them)
                if value > best_value:
                    best_value, best, best_scores = value, move, scores
        if plies == 1 and best_scores is not None:
            return model.margin(best_scores, self.me, after_them)
        return self._value(apply(rolled, best) if isinstance(best, Move) else best, plies - 1)

    def _value(self, after: State, plies: int) -> float:
        """Our value expected over the next ``plies`` turns' rolls, each mover playing its best one-move reply."""
        if after.is_over or plies == 0:
            return self._leaf(after)
        return sum(self._reply(after, roll, plies) for roll in ROLLS) / 6

    def _leaf(self, state: State) -> float:
        """Our value in a position the search looks no further into."""
        return self.model.value(state, self.colour)

    def _work(self) -> Iterator[None]:
        """The whole search, pausing after each roll of each candidate (a slice of a few milliseconds)."""
        for action in self._todo:
            if self.spent >= self.budget:
                return
            start = apply(self.state, action)
            if start.phase is Phase.PLACE:  # a taken barricade goes where hard() will put it
                start = apply(start, _hard_place(start, self.model))
            if start.is_over:
                value = self._leaf(start)
            else:
                total = 0.0
                for roll in ROLLS:
                    total += self._reply(start, roll, self.depth)
                    yield
                value = total / 6
            self._scored[action] = value
            self.values[action] = value
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
    """The strongest level: :class:`Search` over the next rolls for its moves, and on :data:`IN_FRONT` boards with
    two players for its barricades too (see :data:`PLACE_WIDTH`); else barricades by :func:`_hard_place`."""
    if len(actions) == 1:
        return actions[0]
    if isinstance(actions[0], Place):
        model = hard_model(state)
        if not IN_FRONT.get(state.board.name, False) or len(state.players) != 2:
            return _hard_place(state, model)
        colour = state.current
        places = sorted(actions, key=lambda a: -model.value(apply(state, a), colour))[:PLACE_WIDTH]
        front = _front_place(state)
        return Search(state, places if front is None or front in places else [*places, front]).run()
    return Search(state, actions).run()


PLACE_WIDTH: Final = 5
"""On :data:`IN_FRONT` boards with two players, hard searches where a barricade goes as it searches a move: among
the field in front of the leading opponent and the fields its model likes best at once, these many (against (e),
classic board, 100 paired tuning games: 95% searched, 79% always in front; ``bench/TRIES.md``)."""


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
