"""A learned evaluation of Malefiz: each player's chance to win, from a small network.

Two networks, one per *form* (a board and a number of players): ``classic2`` and ``fast2``, two players on either
board (``train/malefiz_td.py``, ``make train``). Each first learned the results of 3,000 games between the reference
(e) ``one_ply_front`` and *medium*; the fast board's then played itself 2,000 games with TD(λ), as TD-Gammon did.
(On the classic board the network at one ply plays far worse than (e), so its self-play games teach little: it
keeps what the references' games taught it. A network for four players on the classic board predicted worse than
the odds and is not shipped.)

Inputs (:func:`features`), sparse, read from the dice's view of the board (:func:`.odds.turns`: the turns a pawn
needs on average to reach the goal from its field, every barricade on its way counted as it must be hit exactly):
the players are taken in turn order from the one to act, and for each of them one input per rank of its pawns (the
pawn needing fewest turns first) and per band of turns, one for how many numbers of the die would win at once (0 to
6), and one for the band of the race: the steps all its pawns still walk, each barricade on the way counted as some
steps more (:func:`.value.race`). That is 14 active inputs with two players. A hidden layer of sigmoid units feeds
one output per player; their softmax is each player's chance to win.

The weights ship as generated modules of this package (``weights_classic.py``, ``weights_fast.py``) and are
read with the standard library on first use (:mod:`malefiz.core.network`). Forms without a network (three or four
players) have none: :func:`model_for` gives None, and :func:`win_chances` gives the odds'.

Both networks predict how games end better than the calibrated odds (log loss on *medium*'s games, tuning seeds,
``bench/calibration.py``: classic 0.453 against 0.461, fast 0.569 against 0.580), so the chances the page and the
review show come from them (:func:`win_chances`). *hard* does not search on them: as its search's model
(:class:`Learned`, one ply) it won fewer games than on its hand-made models (``bench/TRIES.md``).
"""

from __future__ import annotations

import bisect
from typing import Any, Final

from ....core.network import Model, load
from ..board import Board, Colour, Field
from ..bots import _front_place, _place_candidates
from ..odds import CACHED, NEVER, Pawn, Turns, turns
from ..rules import apply, legal_actions
from ..state import Action, Phase, State
from ..value import SEARCH_BARRICADE_COST, Race, race
from ..value import Model as SearchModel
from ..value import win_chances as odds_chances

__all__ = [
    "BANDS",
    "CALIBRATED",
    "FORMS",
    "Learned",
    "chances",
    "features",
    "form",
    "model_for",
    "places",
    "player_inputs",
    "stride_of",
    "table",
    "win_chances",
]

FORMS: Final = frozenset({"classic2", "fast2"})
"""The forms a network was trained for: the board's name and the number of players."""

BANDS: Final[tuple[float, ...]] = (
    *(k / 2 for k in range(1, 21)),  # half a turn apart up to 10 turns
    *range(11, 21),  # a turn apart up to 20
    *range(22, 41, 2),  # two turns apart up to 40
    45.0,
    50.0,
    60.0,
    80.0,
)
"""The upper ends of the bands of turns a pawn's input falls into (one band more above the last, one for
NEVER: a pawn that cannot reach the goal)."""

_BAND_COUNT: Final = len(BANDS) + 2
_WINS: Final = 7
"""Inputs per player for the numbers of the die that win at once: 0 to 6."""
RACE_STEP: Final = 6
"""The width of a band of the race: the steps all of a player's pawns still walk (:func:`.value.race`, each
barricade on the way counted as :data:`.value.SEARCH_BARRICADE_COST` steps more)."""
_RACE_BANDS: Final = 81


def stride_of(pawns: int) -> int:
    """Inputs per player when each has ``pawns`` pawns."""
    return pawns * _BAND_COUNT + _WINS + _RACE_BANDS


class Table:
    """Per location, a pawn's expected turns and winning rolls (:class:`.odds.Turns`) and its race distance."""

    __slots__ = ("_at", "race", "turns")

    def __init__(self, turns: Turns, race: Race) -> None:
        self.turns = turns
        self.race = race
        self._at: list[tuple[Pawn, int]] | None = None

    @property
    def at(self) -> list[tuple[Pawn, int]]:
        """By field, what :meth:`of` gives there (made when first asked for: :func:`features` reads only the pawns'
        fields, and the review makes a table for each of thousands of barricade settings)."""
        if self._at is None:
            self._at = list(zip(self.turns.at, self.race.dist, strict=True))
        return self._at

    def of(self, colour: Colour, location: Field) -> tuple[Pawn, int]:
        if location >= 0:
            return self.turns.at[location], self.race.dist[location]
        return self.turns.of(colour, location), self.race.of(colour, location)


_TABLES: dict[tuple[str, int], Table] = {}


def table(board: Board, barricades: int) -> Table:
    """The :class:`Table` of ``board`` with ``barricades`` (a bit mask), memoised."""
    key = (board.name, barricades)
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= CACHED:
            _TABLES.clear()
        found = _TABLES[key] = Table(turns(board, barricades), race(board, barricades, SEARCH_BARRICADE_COST))
    return found


def _band(t: float) -> int:
    return _BAND_COUNT - 1 if t >= NEVER else bisect.bisect_left(BANDS, t)


def player_inputs(pawns: list[tuple[Pawn, int]]) -> list[int]:
    """One player's active inputs (offsets within its stride) for its pawns' expected turns and winning rolls
    and race distances (:meth:`Table.of`)."""
    values = sorted(pawns)
    wins = 0
    steps = 0
    active = []
    for rank, ((t, w), d) in enumerate(values):
        wins |= w
        steps += d
        active.append(rank * _BAND_COUNT + _band(t))
    base = len(values) * _BAND_COUNT
    active.append(base + wins.bit_count())
    active.append(base + _WINS + min(_RACE_BANDS - 1, steps // RACE_STEP))
    return active


def features(state: State) -> list[int]:
    """The active inputs of ``state`` (before a roll): for each player ``k`` places after the one to act, its
    :func:`player_inputs` offset by ``k`` strides."""
    found = table(state.board, state.barricades)
    n = len(state.players)
    stride = stride_of(len(state.pawns[0]))
    active: list[int] = []
    for k in range(n):
        i = (state.turn + k) % n
        pawns = [found.of(state.players[i], p) for p in state.pawns[i]]
        active.extend(k * stride + a for a in player_inputs(pawns))
    return active


def form(state: State) -> str | None:
    """The name of the network for ``state``'s board and number of players, or None when none was trained."""
    name = f"{state.board.name}{len(state.players)}"
    return name if name in FORMS else None


def model_for(state: State) -> Model | None:
    """The network for ``state``'s form (read on first use), or None (see :func:`form`)."""
    name = form(state)
    if name is None:
        return None
    return load(__package__, state.board.name, name)


def chances(model: Model, state: State) -> list[float]:
    """Each player's chance to win in ``state`` (in the order of ``state.players``), by ``model``.

    Exact once the game is over; after a roll, the chances after the move the network likes best for the
    player to act, a barricade it takes put on the best of the fields *hard* considers (:data:`PLACES` of the
    most promising, and the one in front of the leading opponent).
    """
    n = len(state.players)
    if state.is_over:
        return [1.0 if c == state.winner else 0.0 for c in state.players]
    if state.phase is Phase.ROLL:
        rel = model.evaluate(features(state))
        return [rel[(i - state.turn) % n] for i in range(n)]
    me = state.turn
    best: list[float] | None = None
    for action in places(state) if state.phase is Phase.PLACE else legal_actions(state):
        values = chances(model, apply(state, action))
        if best is None or values[me] > best[me]:
            best = values
    assert best is not None
    return best


PLACES: Final = 12


def places(state: State) -> list[Action]:
    """The fields a taken barricade may go on that the network compares (see :func:`chances`)."""
    found = _place_candidates(state, PLACES)
    front = _front_place(state)
    return found if front is None or front in found else [*found, front]


CALIBRATED: Final = frozenset({"classic2", "fast2"})
"""The forms whose network :func:`win_chances` uses: those where its log loss beats the odds'
(``bench/calibration.py``)."""


def win_chances(state: State) -> dict[Colour, float]:
    """Each player's chance to win, the player to act moving first: from the network of the state's form where it is
    :data:`CALIBRATED`, else from the odds (:func:`.value.win_chances`)."""
    model = model_for(state) if form(state) in CALIBRATED else None
    if model is None or state.is_over:
        return odds_chances(state)
    return dict(zip(state.players, chances(model, state), strict=True))


class Learned(SearchModel):
    """The network as a model for *hard*'s search (:class:`.value.Model`): per field the odds' expected turns and
    winning rolls, a player's score its active inputs, the value the network's chance to win.

    A player's inputs add the same amounts to the hidden units wherever they recur (a search meets each
    player's few positions over and over): those sums are kept, :data:`KEPT` of them at most.
    """

    won, lost = 1.0, 0.0

    def __init__(self, model: Model) -> None:
        self.model = model
        self._sums: dict[tuple[tuple[int, ...], int], list[float]] = {}

    def table(self, state: State) -> Any:
        return table(state.board, state.barricades)

    def score(self, pawns: list[Any]) -> tuple[int, ...]:
        return tuple(player_inputs(pawns))

    def margin(self, scores: list[Any], me: int, mover: int | None = None) -> float:
        n = len(scores)
        first = (me + 1) % n if mover is None else mover
        model = self.model
        sums = self._sums
        h = list(model.b1)
        for i, inputs in enumerate(scores):
            k = (i - first) % n
            part = sums.get((inputs, k))
            if part is None:
                if len(sums) >= KEPT:
                    sums.clear()
                offset = k * model.stride
                part = [0.0] * model.hidden
                for a in inputs:
                    part = [x + w for x, w in zip(part, model.w1[offset + a], strict=True)]
                sums[inputs, k] = part
            h = [x + y for x, y in zip(h, part, strict=True)]
        return model.outputs(h)[(me - first) % n]


KEPT: Final = 50_000
"""How many players' input sums :class:`Learned` keeps (each a list of the hidden units' count of numbers)."""
