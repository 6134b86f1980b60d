"""Reference opponents for Mensch ärgere Dich nicht: the approaches public programs use (benchmarks only).

- (a) ``first``: always move the furthest-advanced piece that can move;
- (b) ``weighted``: a balanced weighted heuristic per move: capture, enter the goal,
  leave B, step out of reach of opponents 1 to 6 fields behind, avoid landing 1 to 6
  fields in front of one, progress;
- (c) ``expected_loss``: a one-ply choice by the player's progress after the move
  less the exact expected loss from every opponent's next roll, less the
  opponents' progress.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from malefiz.core.game import Bot
from malefiz.games.maedn.rules import apply, captures
from malefiz.games.maedn.state import Action, Move, State

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


def _loss(state: State, slots: Sequence[int]) -> float:
    """The expected progress ``slots`` lose to the next roll of every other colour (each colour a roll)."""
    length = state.seating.length
    total = 0.0
    for slot in slots:
        for p in state.pieces[slot]:
            if 0 <= p < length:
                safe = 1.0
                for rolls in _hit_rolls(state, slot, p):
                    safe *= 1.0 - len(rolls) / 6.0
                total += (1.0 - safe) * (p + 1 - WAITING)
    return total


WAITING: Final = -20
"""The progress (c) counts for a piece on B: bringing it in takes a 6, worth about this many steps."""


def _progress(state: State, slots: Sequence[int]) -> float:
    return float(sum(p + 1 if p >= 0 else WAITING for slot in slots for p in state.pieces[slot]))


def expected_loss(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """(c) One ply: the player's progress after the move less the exact expected loss from every opponent's
    next roll, less the opponents' progress (so a capture counts what the victim loses)."""
    moves = _moves(actions)
    if len(moves) <= 1:
        return moves[0] if moves else actions[0]
    se = state.seating
    mine = se.seat_slots[state.current_seat]
    others = [s for s in range(len(se.colours)) if s not in mine and s != se.neutral_slot]

    def value(m: Move) -> float:
        after = apply(state, m)
        return _progress(after, mine) - _loss(after, mine) - _progress(after, others)

    return max(moves, key=value)


REFERENCE_BOTS: Final[dict[str, Bot]] = {"first": first, "weighted": weighted, "expected_loss": expected_loss}
"""The reference opponents by name: (a), (b) and (c)."""
