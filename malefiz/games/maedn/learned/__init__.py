"""A learned evaluation of Mensch ärgere Dich nicht: each player's chance to win, from a small network.

The networks were trained by self-play with TD(λ), as TD-Gammon was (``train/maedn_td.py``, ``make train``),
one per *form*: the cross board with two players on opposite colours (``cross2``), three (``cross3``) or four
players (``cross4``), and the star board with two (``star2``), three (``star3``) or six players (``star6``); one
colour a player, no neutral colour.

Inputs (:func:`features`), sparse: the colours in play are taken clockwise from the colour to roll, and
for each of them one input per goal or track place (its own places, 0 for its A field) counting its
pieces there, and one input for how many pieces wait on B (1 to 4). A hidden layer of sigmoid units
feeds one output per colour; their softmax is each colour's chance to be the first one home.

The weights ship as generated modules of this package (``weights_cross.py``, ``weights_star.py``: base64 of
zlib of a byte a weight, :func:`malefiz.core.network.encode`) and are read with the standard library on first use.
(A package of its own, so that both games keep the same modules side by side: ``tests/test_layout.py``.)

With two players on the cross and the printed rules, an exact endgame table (:mod:`.endgame`: each colour with
two pieces on goal fields c and d) answers instead of the network wherever it covers a position.

Every other seating of one colour a player without the neutral colour (the star with four or five players; colours
not spread as the rules seat them, such as two neighbours on the cross) takes the network of its board with every
colour in play, ``cross4`` or ``star6``, each colour in play at its arm's slot counted from the colour to roll and
the absent colours' inputs left empty (:func:`slots`); its chances are those of the colours in play, rescaled to sum
to 1. Two colours a player and the neutral colour have none and fall back on
:func:`malefiz.games.maedn.odds.win_chances`.

Each network predicts better than the odds (log loss on *medium*'s positions, ``bench/maedn_learned.py
calibration``): the cross, two players 0.536 against 0.559, three 0.849 against 0.874, four 1.122 against 1.148; the
star, two players 0.539 against 0.558, three 0.906 against 0.949, six 1.372 against 1.390 since its network trained
25,000 games, where 5,000 gave 1.419. So does each one taken for another seating: the star, four players 1.036
against 1.068, five 1.301 against 1.350; two neighbours on the cross 0.573 against 0.581. Rule options use the
network of the form: it was trained on the printed rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from ....core.network import LEVELS, Model, decode, encode, load
from .. import odds
from ..rules import SEAT_COLOURS, apply, legal_moves
from ..state import PASS, Phase, Seating, State
from . import endgame

__all__ = [
    "CALIBRATED",
    "LEVELS",
    "NETWORKS",
    "Model",
    "chances_by_slot",
    "decode",
    "encode",
    "endgame",
    "features",
    "form",
    "model_for",
    "slots",
    "win_chances",
]

NETWORKS: Final = ("cross2", "cross3", "cross4", "star2", "star3", "star6")
"""The forms a network was trained for."""

CALIBRATED: Final = frozenset(NETWORKS)
"""The forms whose network :func:`win_chances` uses: those where its log loss beats the odds'."""

WAIT_INPUTS: Final = 4
"""Inputs per colour for its pieces on B: one for each count 1 to 4."""


def stride_of(length: int) -> int:
    """Inputs per colour on a board whose track has ``length`` fields: B counts, track places, goal fields, and
    the track places again for pieces within reach of another colour."""
    return WAIT_INPUTS + 2 * length + 4


def form(se: Seating) -> str | None:
    """The name of the network for a seating (one of :data:`NETWORKS`), or None for two colours a player or the
    neutral colour: the network trained for its form (one colour a player, the colours spread as the rules seat
    them, any rotation), else the network of its board with every colour in play, the absent colours' inputs left
    empty (:func:`slots`)."""
    if se.neutral is not None or any(len(seat) != 1 for seat in se.seats):
        return None
    board = se.board
    arms = len(board.colours)
    n = len(se.colours)
    first = board.colours.index(se.colours[0])
    offsets = tuple((board.colours.index(c) - first) % arms for c in se.colours)
    own = f"{board.name}{n}"
    if offsets == SEAT_COLOURS[board.name].get(n) and own in NETWORKS:
        return own
    full = f"{board.name}{arms}"
    return full if full in NETWORKS else None


@cache
def slots(se: Seating, width: int) -> tuple[tuple[int, ...], ...]:
    """``slots(se, width)[turn][k]``: the slot of a network with ``width`` colours that takes the ``k``-th colour in
    play clockwise from the colour in slot ``turn``: ``k`` itself where the network has a slot for each colour in
    play, else the colour's arm counted clockwise from the arm of ``turn`` (a network for every colour of the board,
    the absent colours left empty)."""
    n = len(se.colours)
    if width == n:
        return (tuple(range(n)),) * n
    arms = [se.board.colour_index(c) for c in se.colours]
    count = len(se.board.colours)
    return tuple(tuple((arms[(turn + k) % n] - arms[turn]) % count for k in range(n)) for turn in range(n))


def model_for(se: Seating) -> Model | None:
    """The network for a seating (read on first use), or None (see :func:`form`)."""
    name = form(se)
    if name is None:
        return None
    return load(__package__, se.board.name, name)


def features(state: State, places: Sequence[int] | None = None) -> list[int]:
    """The active inputs of ``state``: for each colour clockwise from ``state.turn`` (``k`` = 0, 1, ...; its
    network slot ``places[k]`` in place of ``k`` where given, :func:`slots`), the index ``k * stride + count - 1``
    for its ``count`` pieces on B, ``k * stride + 4 + place`` once for every piece on the track or in the goal, and
    ``k * stride + L + 8 + place`` for a track piece within reach of another colour: 1 to 6 fields in front of one of
    its track pieces that would not pass its goal entry to get there, or on its A field while it has pieces on B."""
    se = state.seating
    length = se.length
    stride = WAIT_INPUTS + 2 * length + 4
    reach = WAIT_INPUTS + length + 4
    n = len(se.colours)
    turn = state.turn
    pieces = state.pieces
    starts = se.starts
    hunters: list[tuple[int, int, int]] = []  # (slot, absolute field, fields it may still walk on the track)
    for slot in range(n):
        start = starts[slot]
        for p in pieces[slot]:
            if p < 0:
                hunters.append((slot, (start - 6) % length, 6))  # a 6 brings it onto its A field
            elif p < length:
                hunters.append((slot, (start + p) % length, length - 1 - p))
    active: list[int] = []
    for k in range(n):
        slot = (turn + k) % n
        start = starts[slot]
        base = (k if places is None else places[k]) * stride
        waiting = 0
        for p in pieces[slot]:
            if p < 0:
                waiting += 1
                continue
            active.append(base + WAIT_INPUTS + p)
            if p < length:
                field = (start + p) % length
                for owner, at, room in hunters:
                    d = (field - at) % length
                    if 0 < d <= 6 and d <= room and owner != slot:
                        active.append(base + reach + p)
                        break
        if waiting:
            active.append(base + waiting - 1)
    return active


def _chances_roll(model: Model, state: State) -> list[float]:
    """Per slot, the chance for a state in phase ROLL with no colour home yet: the endgame table's where it covers
    the state, else the network's."""
    exact = endgame.chance(state)
    if exact is not None:
        return [exact, 1.0 - exact] if state.turn == 0 else [1.0 - exact, exact]
    turn = state.turn
    places = slots(state.seating, model.colours)[turn]
    rel = model.evaluate(features(state, places))
    n = len(places)
    chances = [rel[places[(slot - turn) % n]] for slot in range(n)]
    if n == model.colours:
        return chances
    total = sum(chances)
    return [p / total for p in chances]


def chances_by_slot(model: Model, state: State) -> list[float]:
    """Per slot (colour in play), its chance to be home first in ``state`` (a network's form).

    Exact once a colour is home; in phase MOVE, the chances after the move the network likes best for the
    colour to move (or the pass).
    """
    n = len(state.seating.colours)
    if state.finished:
        return [1.0 if slot == state.finished[0] else 0.0 for slot in range(n)]
    if state.phase is Phase.ROLL:
        return _chances_roll(model, state)
    if state.phase is Phase.OVER:  # not reached: a game is over only once somebody is home
        return [1.0 / n] * n
    moves = legal_moves(state)
    if not moves:
        return chances_by_slot(model, apply(state, PASS))
    turn = state.turn
    best: list[float] | None = None
    for m in moves:
        values = chances_by_slot(model, apply(state, m))
        if best is None or values[turn] > best[turn]:
            best = values
    assert best is not None
    return best


def win_chances(state: State) -> list[float]:
    """Each seat's chance to be placed first, in seat order: they sum to 1, and are exact (1 and 0) once the
    first place is decided. From the network of the state's form where it is :data:`CALIBRATED`, else from
    :func:`malefiz.games.maedn.odds.win_chances`."""
    se = state.seating
    ranking = state.ranking
    if ranking:
        return [1.0 if seat in ranking[0] else 0.0 for seat in range(len(se.seats))]
    model = model_for(se) if form(se) in CALIBRATED else None
    if model is None:
        return odds.win_chances(state)
    by_slot = chances_by_slot(model, state)
    seats = [0.0] * len(se.seats)
    for slot, p in enumerate(by_slot):
        seats[se.seat_of[slot]] += p
    total = sum(seats)
    return [p / total for p in seats]
