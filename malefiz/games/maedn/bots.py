"""Computer players for Mensch ärgere Dich nicht.

A bot is the same kind of callable as for every game in the package
(:data:`malefiz.core.game.Bot`): ``bot(state, actions, rng) -> action``, asked
only for decisions (never for a die roll), returning one of ``actions``. The
same state, actions and rng state give the same decision.

The levels (:data:`BOTS`):

- ``random``: any legal move;
- ``greedy``: captures when it can, else brings a piece home, else enters a
  piece, else moves the piece that ends furthest along;
- ``easy``: *medium*'s choice two times in three, a random move otherwise;
- ``medium``: a weighted heuristic per move (capture, goal, entering, leaving
  danger, landing out of reach, progress);
- ``hard``: an expectimax on the learned evaluation
  (:mod:`malefiz.games.maedn.learned`, trained by self-play): for each move,
  every roll of the colour that moves next and its best reply by the
  evaluation (after a 6, every roll of its own next move), and the move with
  the best mean chance to win; with two players the two best moves so found are
  searched a turn deeper (:data:`SEARCH_PLIES`), and once both have two pieces
  on goal fields c and d it plays exactly
  (:mod:`malefiz.games.maedn.learned.endgame`). Two colours without a network of their own
  (two neighbours, on either board) search on their board's network for every colour. In the other forms
  (the star with four or five players, two colours a player, the neutral colour) it
  takes *medium*'s score of each move plus a position value after it that
  counts every piece's progress less the chance that it is captured by the
  next roll of any opponent, for the player's own colours against the
  strongest opponent (:func:`classic_hard`).

Every bot handles every seat form (two colours each, the neutral colour) and
every option: it picks among the legal moves, and ``hard`` values the position
after the move, forced-capture penalties included.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ...core.game import Bot
from ...core.play import random_bot
from .learned import Model, chances_by_slot, endgame, model_for
from .rules import apply, captures, legal_moves
from .state import PASS, ROLLS, Action, Move, State
from .value import evaluate, opponent_slots, threat

__all__ = ["BOTS", "classic_hard", "easy", "evaluate", "greedy", "hard", "medium", "random_bot"]


def greedy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """Capture, else reach the goal, else enter, else the move that ends furthest along."""
    moves = [a for a in actions if isinstance(a, Move)]
    if not moves:
        return actions[0]
    length = state.seating.length

    def key(m: Move) -> tuple[bool, bool, bool, int]:
        return (captures(state, m) is not None, m.end >= length > m.start, m.start < 0, m.end)

    return max(moves, key=key)


CAPTURE: Final = 15.0
GOAL: Final = 4.0
ENTER: Final = 10.0
ESCAPE: Final = 8.0
LAND: Final = 20.0
ADVANCED: Final = 0.3
"""*medium*'s weights, measured against *greedy* on the cross board (400 games each; 58% with these)."""


def _move_score(state: State, m: Move) -> float:
    se = state.seating
    length = se.length
    slot = se.slot_of[m.colour]
    hunters = opponent_slots(state, state.current_seat)
    score = ADVANCED * m.end  # prefer the piece that has come furthest
    if captures(state, m) is not None:
        score += CAPTURE + 0.2 * m.end
    if m.end >= length:
        score += GOAL if m.start < length else 1.0
    elif m.start < 0:
        score += ENTER
    if 0 <= m.start < length and threat(state, slot, m.start, hunters) > 0:
        score += ESCAPE + 0.1 * m.start  # leaves danger
    if m.end < length:
        score -= LAND * threat(state, slot, m.end, hunters) * (1 + 0.05 * m.end)  # lands within reach
    if m.colour == se.neutral:
        score *= 0.5  # the neutral colour helps everybody
    return score


def medium(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The move with the best weighted score (capture, goal, entering, danger, progress)."""
    moves = [a for a in actions if isinstance(a, Move)]
    if len(moves) <= 1:
        return moves[0] if moves else actions[0]
    return max(moves, key=lambda m: _move_score(state, m))


def easy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """*medium*'s move two times in three, otherwise a random one."""
    if rng.random() < 1 / 3:
        return random_bot(state, actions, rng)
    return medium(state, actions, rng)


POSITION_WEIGHT: Final = 3.0
"""How much *hard* weighs the value of the position after a move against *medium*'s score of the move
(57.5% against *medium* over 400 cross-board games; 0.3 gave 51%, 1.0 52.5%)."""


def classic_hard(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The move with the best sum of *medium*'s score and :data:`POSITION_WEIGHT` times :func:`evaluate` after it
    (*hard* where there is no network)."""
    if len(actions) == 1:
        return actions[0]
    seat = state.current_seat
    best = actions[0]
    best_value = float("-inf")
    for action in actions:
        value = POSITION_WEIGHT * evaluate(apply(state, action), seat)
        if isinstance(action, Move):
            value += _move_score(state, action)
        if value > best_value:
            best, best_value = action, value
    return best


SEARCH_PLIES: Final = 3
"""How many colours' turns *hard* looks ahead with two colours: its own move, then each later turn as every roll
of the colour to move with its best move by the network (the last turn's positions are valued by the network).
Three plies for the :data:`DEEPER` best moves after two won 62.5% against (b) and 60.2% against (c) where two
plies won 60.7% and 56.8% (2,000 paired tuning games each; held out: ``bench/results/maedn_strength.txt``)."""

MORE_PLIES: Final = 2
"""The same with more than two colours: a third ply there gained nothing measurable and can take far longer
(``bench/TRIES.md``, session 18)."""

DEEPER: Final = 2
"""How many of the best moves after two plies *hard* searches to its full depth when that is more."""

SPREAD_COLOURS: Final = 2
"""How many colours in play a seating without a network of its own must have for *hard* to search on its board's
network for every colour (:func:`malefiz.games.maedn.learned.slots`). With two it beat :func:`classic_hard` against
(b) (two neighbours on the cross: 56.5% against 53.8% held out, 56.1% against 52.4% tuning; the star with two players,
before its own network: 57.2% against 55.1%, 57.5% against 51.1%); with four and five it did not measurably (-0.6
and +1.0 points over 5,000 and 3,000 games), so there *hard* keeps :func:`classic_hard` while the chances shown come
from that network, which predicts better than the odds (``bench/TRIES.md``, session 26)."""


def _after_roll(model: Model, state: State, slot: int, plies: int) -> float:
    """The chance of the colour in ``slot`` in ``state`` (phase MOVE, or over) once the colour to move has made
    the move the network likes best for it (or passed), looking ``plies`` - 1 more turns ahead after it."""
    if state.finished:
        return 1.0 if state.finished[0] == slot else 0.0
    moves = legal_moves(state)
    if not moves:
        after = apply(state, PASS)
        return _expected(model, after, slot, plies - 1) if plies > 1 else chances_by_slot(model, after)[slot]
    mover = state.turn
    best = -1.0
    value = 0.0
    chosen = state
    for m in moves:
        after = apply(state, m)
        chances = chances_by_slot(model, after)
        if chances[mover] > best:
            best, value, chosen = chances[mover], chances[slot], after
    return _expected(model, chosen, slot, plies - 1) if plies > 1 else value


def _expected(model: Model, state: State, slot: int, plies: int) -> float:
    """The chance of the colour in ``slot`` in ``state`` (phase ROLL, or decided), averaged over the six rolls of
    the colour to roll, each followed by its best move by the network, looking ``plies`` turns ahead (exact
    where the endgame table covers ``state``)."""
    if state.finished:
        return 1.0 if state.finished[0] == slot else 0.0
    exact = endgame.chance(state)
    if exact is not None:
        return exact if state.turn == slot else 1.0 - exact
    return sum(_after_roll(model, apply(state, roll), slot, plies) for roll in ROLLS) / 6.0


def hard(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The move with the best chance to win by an expectimax on the learned evaluation over
    :data:`SEARCH_PLIES` turns with two colours, :data:`MORE_PLIES` with more (every roll of the next colour to
    move, its best reply by the network); :func:`classic_hard` where there is no network it plays better on
    (:data:`SPREAD_COLOURS`)."""
    if len(actions) == 1:
        return actions[0]
    model = model_for(state.seating)
    colours = len(state.seating.colours)
    if model is None or (model.colours != colours and colours != SPREAD_COLOURS):
        return classic_hard(state, actions, rng)
    slot = state.turn
    afters = [apply(state, action) for action in actions]
    values = [_expected(model, after, slot, 1) for after in afters]
    order = sorted(range(len(actions)), key=lambda i: -values[i])
    plies = SEARCH_PLIES if colours == 2 else MORE_PLIES
    if plies > 2:
        deeper = order[:DEEPER]
        values = [_expected(model, afters[i], slot, plies - 1) if i in deeper else -1.0 for i in order]
        return actions[order[max(range(len(values)), key=lambda k: values[k])]]
    return actions[order[0]]


BOTS: Final[dict[str, Bot]] = {
    "easy": easy,
    "medium": medium,
    "hard": hard,
    "greedy": greedy,
    "random": random_bot,
}
"""The built-in bots by level name."""
