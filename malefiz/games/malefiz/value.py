"""What a position is worth to a player: the evaluations the computer players of Malefiz decide by.

Two kinds of :class:`Model`: the race (each pawn's steps to the goal, each barricade on its way counted as a few
steps more, :func:`race`) and the odds (the turns the dice will take, from :mod:`malefiz.games.malefiz.odds`);
:data:`MODELS` says which one *hard* searches with on each board, :func:`evaluate` is *medium*'s race and
:func:`win_chances` the calibrated chances the page shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, NamedTuple, Protocol

from .board import HOUSE, Board, Colour, Field
from .odds import CACHED, SHARPNESS, chances, first_to_finish, rate, turns
from .state import State

__all__ = [
    "BARRICADE_COST",
    "BLEND",
    "FULL_RACE",
    "MODELS",
    "MORE_MODELS",
    "ODDS",
    "RACE",
    "SEARCH_BARRICADE_COST",
    "WIN",
    "Model",
    "Race",
    "Value",
    "evaluate",
    "hard_model",
    "race",
    "win_chances",
    "win_probability",
]

BARRICADE_COST: Final = 8
"""Steps a barricade on the way is worth: it must be hit exactly, which takes a few turns."""

SEARCH_BARRICADE_COST: Final = 5
"""The same for the hard bot's race model: its search sees the next two turns' exact rolls at barricades itself."""


WIN: Final = 1000.0
"""The value of a won game for :func:`evaluate` (a lost one is minus this)."""

Value = Callable[[State, Colour], float]
"""How good a position is for a colour (higher is better): :func:`evaluate`, or a :class:`Model`'s value."""


class Race(NamedTuple):
    """Steps to the goal from everywhere, for one board and one set of barricades."""

    dist: list[int]
    """By field: the steps to the goal, each barricade on the way counted as the race's ``cost`` more."""
    house: dict[Colour, int]
    """From each colour's house (its exit step included)."""
    forest: int
    """From the forest (boards without one: a large number)."""

    @property
    def at(self) -> list[int]:
        """The same as :attr:`dist` (the name :class:`Model` tables share)."""
        return self.dist

    def of(self, colour: Colour, location: Field) -> int:
        """The distance of a pawn of ``colour`` at ``location`` (a field, HOUSE or FOREST)."""
        if location >= 0:
            return self.dist[location]
        return self.house[colour] if location == HOUSE else self.forest


_RACES: dict[tuple[str, int], dict[int, Race]] = {}
_FAR: Final = 1 << 20


def race(b: Board, barricades: int, cost: int = BARRICADE_COST) -> Race:
    """The :class:`Race` distances of board ``b`` with ``barricades`` (a bit mask), memoised.

    Each barricade on a pawn's way counts as ``cost`` steps more.
    """
    cache = _RACES.get((b.name, cost))
    if cache is None:
        cache = _RACES[b.name, cost] = {}
    found = cache.get(barricades)
    if found is not None:
        return found
    if len(cache) > 5_000:  # each takes a few kilobytes
        cache.clear()
    # Dial's algorithm (costs are small integers), the barricade fields' neighbours reached last.
    neighbours = b.neighbours
    dist = [_FAR] * (max(b.fields) + 1)
    goal = b.goal
    dist[goal] = 0
    buckets: dict[int, list[Field]] = {0: [goal]}
    d = 0
    while buckets:
        for f in buckets.pop(d, ()):
            if dist[f] != d:
                continue
            nd = d + 1 if f == goal or not barricades >> f & 1 else d + 1 + cost
            for n in neighbours[f]:
                if nd < dist[n]:
                    dist[n] = nd
                    later = buckets.get(nd)
                    if later is None:
                        buckets[nd] = [n]
                    else:
                        later.append(n)
        d += 1
    house = {c: dist[exit_field] + 1 for c, exit_field in b.exits.items()}
    forest = _FAR if b.forest_exit is None else dist[b.forest_exit] + 1
    found = cache[barricades] = Race(dist, house, forest)
    return found


def _race_score(distances: list[int]) -> float:
    """A player's race score from its pawns' distances (higher is better): the best pawns count most."""
    distances.sort()
    return -(distances[0] + 0.3 * distances[1] + 0.05 * sum(distances[2:]))


def _margin(scores: list[float], me: int) -> float:
    """Player ``me``'s score less the best opponent's."""
    return scores[me] - max(s for i, s in enumerate(scores) if i != me)


class _Table(Protocol):
    """What a model knows of every location: a value per pawn (a distance, or expected turns and winning rolls)."""

    @property
    def at(self) -> list[Any]: ...

    def of(self, colour: Colour, location: Field) -> Any: ...


class Model:
    """How the hard bot's search values positions: per-pawn values, a player's score, and who is ahead.

    Two kinds exist: race models (distances, each barricade on the way counted
    as some steps; the score is :func:`_race_score`, the value a margin in
    steps; :data:`RACE` counts :data:`SEARCH_BARRICADE_COST`, medium's
    :func:`evaluate` :data:`BARRICADE_COST`) and :data:`ODDS` (expected
    turns by the dice from :mod:`malefiz.games.malefiz.odds`; the score is a chance per turn,
    the value a chance to win); :data:`BLEND` mixes the two (the score is both,
    the value the odds' chance with a share of the race's margin on a logistic
    curve). :data:`MODELS` says which one each board uses.
    """

    won: float
    lost: float

    def table(self, state: State) -> _Table:
        """The per-pawn values of ``state``'s board and barricades."""
        raise NotImplementedError

    def score(self, pawns: list[Any]) -> Any:
        """A player's score from its pawns' values (higher is better; a number, or a tuple of them)."""
        raise NotImplementedError

    def margin(self, scores: list[Any], me: int, mover: int | None = None) -> float:
        """How good the ``scores`` are for player ``me`` when player ``mover`` moves next (default: the one after)."""
        raise NotImplementedError

    def scores(self, state: State) -> list[Any]:
        """Every player's score in ``state``."""
        t = self.table(state)
        return [self.score([t.of(c, p) for p in pawns]) for c, pawns in zip(state.players, state.pawns, strict=True)]

    def value(self, state: State, colour: Colour) -> float:
        """How good ``state`` is for ``colour``, the player whose turn it is moving next."""
        if state.is_over:
            return self.won if state.winner == colour else self.lost
        return self.margin(self.scores(state), state.players.index(colour), state.turn)


class _RaceModel(Model):
    """Race distances; a player's score is :func:`_race_score`, or with ``others`` the minus sum of its pawns'
    distances, the leading pawn's counted once and every other pawn's ``others`` times."""

    won, lost = WIN, -WIN

    def __init__(self, cost: int, others: float | None = None) -> None:
        self.cost = cost
        self.others = others

    def table(self, state: State) -> _Table:
        return race(state.board, state.barricades, self.cost)

    def score(self, pawns: list[Any]) -> float:
        if self.others is None:
            return _race_score(pawns)
        lead: float = min(pawns)
        return -(lead + self.others * (float(sum(pawns)) - lead))

    def margin(self, scores: list[float], me: int, mover: int | None = None) -> float:
        return _margin(scores, me)


class _OddsModel(Model):
    won, lost = 1.0, 0.0

    def table(self, state: State) -> _Table:
        return turns(state.board, state.barricades)

    def score(self, pawns: list[Any]) -> float:
        return rate(pawns)

    def margin(self, scores: list[float], me: int, mover: int | None = None) -> float:
        return first_to_finish(scores, me, mover)


class _Pair(NamedTuple):
    """Two models' per-location values side by side: each location's value is a pair ``(first's, second's)``."""

    at: list[tuple[Any, Any]]
    first: _Table
    second: _Table

    def of(self, colour: Colour, location: Field) -> tuple[Any, Any]:
        if location >= 0:
            return self.at[location]
        return self.first.of(colour, location), self.second.of(colour, location)


class _BlendModel(Model):
    """An ``odds`` model's chance to win, with a share of a ``race`` model: ``(1 - share) * odds + share * race``.

    The race part is the race's margin in steps on a logistic curve,
    ``1 / (1 + exp(-margin / scale))``. The two models err differently: the odds
    see exact rolls and waiting, the race every step of progress and every
    pawn, not only the best ones. With more than two players the race part
    is the lead over the best opponent, as in :func:`evaluate`.
    """

    won, lost = 1.0, 0.0

    def __init__(self, odds: Model, race: Model, share: float, scale: float) -> None:
        self.odds = odds
        self.race = race
        self.share = share
        self.scale = scale
        self._tables: dict[tuple[str, int], _Pair] = {}

    def table(self, state: State) -> _Table:
        key = (state.board.name, state.barricades)
        found = self._tables.get(key)
        if found is None:
            if len(self._tables) >= CACHED:
                self._tables.clear()
            first, second = self.odds.table(state), self.race.table(state)
            found = self._tables[key] = _Pair(list(zip(first.at, second.at, strict=True)), first, second)
        return found

    def score(self, pawns: list[Any]) -> tuple[Any, Any]:
        return self.odds.score([p for p, _ in pawns]), self.race.score([p for _, p in pawns])

    def margin(self, scores: list[Any], me: int, mover: int | None = None) -> float:
        odds = self.odds.margin([s for s, _ in scores], me, mover)
        steps = self.race.margin([s for _, s in scores], me, mover)
        return (1.0 - self.share) * odds + self.share / (1.0 + math.exp(-steps / self.scale))


RACE: Final[Model] = _RaceModel(SEARCH_BARRICADE_COST)
FULL_RACE: Final[Model] = _RaceModel(SEARCH_BARRICADE_COST, others=1.0)
"""The race with every pawn counted alike: the sum of a player's pawns' distances (the classic board's model)."""
ODDS: Final[Model] = _OddsModel()
BLEND: Final[Model] = _BlendModel(ODDS, RACE, share=0.3, scale=8.0)
MODELS: Final[dict[str, Model]] = {"classic": FULL_RACE, "fast": BLEND}
"""The model the hard bot uses on each board: on the classic board every pawn counts alike (:data:`FULL_RACE`);
on the fast board the odds blended with 30% of the race (70.8% against *medium* over 1600 held-out games; the
figures of both and what else was tried: ``bench/results/malefiz_hard.txt``, ``bench/TRIES.md``)."""

MORE_MODELS: Final[dict[str, Model]] = {"classic": RACE, "fast": BLEND}
"""With more than two players the race of the leading pawns: four on the classic board won 16% against three (e) on
:data:`FULL_RACE`, 41.5% on :data:`RACE` (200 tuning games; ``bench/TRIES.md``, session 23)."""


def hard_model(state: State) -> Model:
    """The model the hard bot values ``state``'s positions by: :data:`MODELS`, :data:`MORE_MODELS` with more
    than two players."""
    models = MODELS if len(state.players) == 2 else MORE_MODELS
    return models.get(state.board.name, RACE)


_MEDIUM: Final[Model] = _RaceModel(BARRICADE_COST)


def evaluate(state: State, colour: Colour) -> float:
    """How good ``state`` is for ``colour``: its race score less the best opponent's (a win is 1000).

    Each barricade on a pawn's way counts as :data:`BARRICADE_COST` steps more.
    """
    return _MEDIUM.value(state, colour)


def win_probability(state: State, colour: Colour) -> float:
    """``colour``'s chance to win by :data:`ODDS`, the player whose turn it is moving next (see :mod:`.odds`)."""
    return ODDS.value(state, colour)


def win_chances(state: State) -> dict[Colour, float]:
    """An estimate of each player's chance to win, the player to act moving first.

    From the odds model's rates, calibrated on real games (:func:`malefiz.games.malefiz.odds.chances`).
    """
    if state.is_over:
        return {c: 1.0 if c == state.winner else 0.0 for c in state.players}
    power = SHARPNESS[state.board.name][len(state.players) - 2]
    found = chances(ODDS.scores(state), state.turn, power)
    return dict(zip(state.players, found, strict=True))
