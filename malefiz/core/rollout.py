"""Truncated rollouts with common dice: which of several positions a player does best from.

A computer player may value each of its moves by playing the game on from the position after it a number
of times (every player choosing by a cheap policy, the dice drawn at random) for a few turns, and averaging
a position value where each continuation stops (Tesauro and Galperin's rollouts in backgammon). The same
dice sequences serve every candidate (common random numbers), so that the difference between two moves is
measured on the same luck and far fewer continuations tell them apart.

Game-neutral: the game says how one step goes on (:data:`Step`: a die roll or the policy's decision), when a
continuation stops and what its end is worth.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = ["Step", "best_by_rollouts", "rollout_values"]

S = TypeVar("S")

Step = Callable[[S, random.Random], S]
"""One event of a continuation: the next die roll, or the decision of the player to act, drawn with the
continuation's own random generator."""


def rollout_values(
    starts: Sequence[S],
    samples: int,
    rng: random.Random,
    step: Step[S],
    stop: Callable[[S], Callable[[S], bool]],
    value: Callable[[S], float],
) -> list[float]:
    """The mean value of each of ``starts`` over ``samples`` continuations, the i-th continuation of every
    start drawing the same random numbers (seeded from ``rng``: the same ``rng`` state, the same values).

    ``stop(start)`` makes, for one continuation from ``start``, the test of whether it ends at a state (it
    is asked of every state in turn, the start first, and may count them); every continuation must end, a
    finished game included. ``value(state)`` is what an end is worth to the player choosing.
    """
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    seeds = [rng.getrandbits(64) for _ in range(samples)]
    means: list[float] = []
    for start in starts:
        total = 0.0
        for seed in seeds:
            draw = random.Random(seed)
            state = start
            ends = stop(start)
            while not ends(state):
                state = step(state, draw)
            total += value(state)
        means.append(total / samples)
    return means


def best_by_rollouts(
    starts: Sequence[S],
    samples: int,
    rng: random.Random,
    step: Step[S],
    stop: Callable[[S], Callable[[S], bool]],
    value: Callable[[S], float],
) -> int:
    """The index of the start with the best mean value (:func:`rollout_values`; the first of equals)."""
    means = rollout_values(starts, samples, rng, step, stop, value)
    return max(range(len(means)), key=means.__getitem__)
