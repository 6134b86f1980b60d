"""Reference opponents for Mensch ärgere Dich nicht: the approaches public programs use (benchmarks only).

- (a) ``first``: always move the furthest-advanced piece that can move;
- (b) ``weighted``: a balanced weighted heuristic per move: capture, enter the goal,
  leave B, step out of reach of opponents 1 to 6 fields behind, avoid landing 1 to 6
  fields in front of one, progress;
- (c) ``expected_loss``: a one-ply choice by the player's progress after the move less
  the opponents', less for each of its pieces the exact chance that some opponent's
  next turn captures it (with that colour's duties, worked out by the engine: clear A,
  enter with a 6 capturing on A, three tries, the roll after a 6) times what the piece
  would lose, plus its own exact chances to capture in its next turn. (Issue 27 found
  the first version wrong: it counted only single rolls that land, ignored the duties
  and the roll after a 6, and lost to (b) 39 to 61.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from malefiz.core.actions import PASS, ROLLS
from malefiz.core.game import Bot
from malefiz.games.maedn.rules import apply, captures, legal_moves
from malefiz.games.maedn.state import Action, Move, Phase, State

__all__ = ["REFERENCE_BOTS", "expected_loss", "first", "weighted"]


def _moves(actions: Sequence[Action]) -> list[Move]:
    return [a for a in actions if isinstance(a, Move)]


def first(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(a) The furthest-advanced piece that can move (a piece on B counts as least advanced)."""
    moves = _moves(actions)
    return max(moves, key=lambda m: m.start) if moves else actions[0]


def _hit_rolls(state: State, slot: int, place: int) -> list[set[int]]:
    """Per other colour, the rolls with which one of its pieces lands on ``slot``'s track ``place``."""
    se = state.seating
    length = se.length
    target = (se.starts[slot] + place) % length
    found: list[set[int]] = []
    for other, pieces in enumerate(state.pieces):
        if other == slot or (se.seat_of[other] == se.seat_of[slot] and se.seat_of[slot] >= 0):
            continue
        rolls: set[int] = set()
        for p in pieces:
            if 0 <= p < length:
                d = (target - se.starts[other] - p) % length
                if 1 <= d <= 6 and p + d < length:
                    rolls.add(d)
            elif p < 0 and se.starts[other] == target:
                rolls.add(6)
        found.append(rolls)
    return found


def _threatened(state: State, slot: int, place: int) -> bool:
    return any(_hit_rolls(state, slot, place))


def weighted(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(b) The balanced weighted heuristic."""
    moves = _moves(actions)
    if not moves:
        return actions[0]
    length = state.seating.length

    def score(m: Move) -> float:
        slot = state.seating.slot_of[m.colour]
        s = 0.0
        if captures(state, m) is not None:
            s += 50.0
        if m.end >= length > m.start:
            s += 40.0
        if m.start < 0:
            s += 35.0
        if 0 <= m.start < length and _threatened(state, slot, m.start):
            s += 20.0
        if m.end < length and _threatened(state, slot, m.end):
            s -= 25.0
        s += 10.0 * max(m.end, 0) / length
        return s

    return max(moves, key=score)


WAITING: Final = -20
"""The progress (c) counts for a piece on B: bringing it in takes a 6, worth about this many steps."""


def _progress(state: State, slots: Sequence[int]) -> float:
    return float(sum(p + 1 if p >= 0 else WAITING for slot in slots for p in state.pieces[slot]))


def _value(place: int) -> float:
    """What a piece at ``place`` loses when it is captured: its walk, and the 6 to bring it in again."""
    return float(place + 1 - WAITING)


def _turn_start(state: State, slot: int) -> State:
    """``state`` as the colour in ``slot`` begins its turn (its first roll)."""
    return state._replace(turn=slot, phase=Phase.ROLL, roll=None, attempt=1)


def _turn_hits(state: State, slot: int, targets: frozenset[int], again: int = 1) -> dict[int, float]:
    """For each field of ``targets`` (absolute track fields), the exact chance that the colour in ``slot``, whose
    turn begins in ``state`` (phase ROLL), captures the piece there during this turn, choosing its moves to do so.

    The engine decides what it may do, so every duty is the rules' own: the piece on A must leave it, a 6 must
    bring a piece in (capturing on A), up to three tries for a 6 with nothing on the track, and ``again`` more
    rolls after a 6 (the roll after the 6 is counted; the roll after a second 6 is not).
    """
    se = state.seating
    length = se.length
    start = se.starts[slot]
    chance = dict.fromkeys(targets, 0.0)
    for roll in ROLLS:
        rolled = apply(state, roll)
        moves = legal_moves(rolled)
        best = dict.fromkeys(targets, 0.0)
        if not moves:
            after = apply(rolled, PASS)
            if after.phase is Phase.ROLL and after.turn == slot and after.attempt > rolled.attempt:
                best = _turn_hits(after, slot, targets, again)  # another try of the three
            elif after.phase is Phase.ROLL and after.turn == slot and again > 0:
                best = _turn_hits(after, slot, targets, again - 1)
        for m in moves:
            hit = (start + m.end) % length if m.end < length and captures(rolled, m) is not None else None
            if hit in best:
                best[hit] = 1.0
            if rolled.roll == 6 and again > 0:
                after = apply(rolled, m)
                if after.phase is Phase.ROLL and after.turn == slot:
                    for field, p in _turn_hits(after, slot, targets, again - 1).items():
                        if p > best[field]:
                            best[field] = p
        for field in targets:
            chance[field] += best[field] / 6.0
    return chance


def _fields(state: State, slot: int) -> dict[int, float]:
    """The absolute track field of each piece of ``slot`` on the track, with what it loses if captured."""
    se = state.seating
    return {(se.starts[slot] + p) % se.length: _value(p) for p in state.pieces[slot] if 0 <= p < se.length}


def expected_loss(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(c) One ply: the player's progress after the move less the opponents' (so a capture counts what the victim
    loses); less, for each of its pieces, the exact chance that some opponent's next turn captures it times what
    it would lose; plus its own exact chances to capture in its next turn, times what the victims would lose."""
    moves = _moves(actions)
    if len(moves) <= 1:
        return moves[0] if moves else actions[0]
    se = state.seating
    mine = [s for s in se.seat_slots[state.current_seat] if s != se.neutral_slot]
    others = [s for s in range(len(se.colours)) if s not in mine and s != se.neutral_slot]

    def value(m: Move) -> float:
        after = apply(state, m)
        if after.phase is Phase.OVER:
            return float("inf") if state.current_seat in after.ranking[0] else float("-inf")
        score = _progress(after, mine) - _progress(after, others)
        own = {f: v for slot in mine for f, v in _fields(after, slot).items()}
        safe = dict.fromkeys(own, 1.0)
        for other in others:
            if other in after.finished:
                continue
            hits = _turn_hits(_turn_start(after, other), other, frozenset(own))
            for field, p in hits.items():
                safe[field] *= 1.0 - p
        score -= sum((1.0 - safe[f]) * v for f, v in own.items())
        theirs = {f: v for slot in others for f, v in _fields(after, slot).items()}
        for slot in mine:
            if slot in after.finished:
                continue
            hits = _turn_hits(_turn_start(after, slot), slot, frozenset(theirs))
            score += sum(p * theirs[f] for f, p in hits.items())
        return score

    return max(moves, key=value)


REFERENCE_BOTS: Final[dict[str, Bot]] = {"first": first, "weighted": weighted, "expected_loss": expected_loss}
"""The reference opponents by name: (a), (b) and (c)."""
