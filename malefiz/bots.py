"""Computer players.

A bot is any callable ``bot(state, actions, rng) -> action`` that gets the
state, its legal actions (never empty, never a die roll) and a seeded
``random.Random``, and returns one of the actions. :data:`BOTS` names the
built-in ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from .board import HOUSE, Field
from .rules import Action, Move, Place, State

__all__ = ["BOTS", "Bot", "greedy", "random_bot"]

Bot = Callable[[State, Sequence[Action], random.Random], Action]
"""Picks one of the legal ``actions`` of ``state``; may use the seeded ``rng``."""


def random_bot(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly at random."""
    return actions[rng.randrange(len(actions))]


def _distance(state: State, f: Field) -> int:
    b = state.board
    if f < 0:
        return b.start_distance(state.current) if f == HOUSE else b.distance[b.forest_exit or b.goal] + 1
    return b.distance[f]


def greedy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """A simple, sensible player.

    Moves the pawn that ends nearest the goal (winning first, capturing an
    opponent as a tie-break); puts a captured barricade on the free field
    nearest the goal along the path of the opponent closest to winning.
    """
    first = actions[0]
    if isinstance(first, Move):

        def score(a: Action) -> tuple[int, int, float]:
            assert isinstance(a, Move)
            victim = state.occupant(a.end)
            captures = victim is not None and victim != state.current
            return (-state.board.distance[a.end], captures, rng.random())

        return max(actions, key=score)
    if isinstance(first, Place):
        b = state.board
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
                # Just ahead of the leading opponent is best.
                return (-(b.distance[leader] - d), rng.random())
            return (-100 - d, rng.random())

        return max(actions, key=place_score)
    return first


BOTS: Final[dict[str, Bot]] = {"random": random_bot, "greedy": greedy}
