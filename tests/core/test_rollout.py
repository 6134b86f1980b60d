"""Truncated rollouts with common dice (malefiz.core.rollout), on a toy race: a counter that each step adds a
die roll to, stopping after a number of steps."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from malefiz.core.rollout import best_by_rollouts, rollout_values


def step(state: int, draw: random.Random) -> int:
    return state + draw.randint(1, 6)


def after(steps: int) -> Callable[[int], Callable[[int], bool]]:
    def stop(start: int) -> Callable[[int], bool]:
        seen = -1

        def ends(state: int) -> bool:
            nonlocal seen
            seen += 1
            return seen >= steps

        return ends

    return stop


def value(state: int) -> float:
    return float(state)


def test_every_start_meets_the_same_dice() -> None:
    a, b, c = rollout_values([0, 0, 5], 20, random.Random(1), step, after(3), value)
    assert a == b  # the same start over the same dice: exactly the same mean
    assert c == a + 5  # a head start of 5 keeps exactly its 5 over the same rolls
    assert 3.0 <= a <= 18.0


def test_the_same_rng_state_gives_the_same_values() -> None:
    first = rollout_values([0, 3], 50, random.Random(42), step, after(4), value)
    assert rollout_values([0, 3], 50, random.Random(42), step, after(4), value) == first
    assert rollout_values([0, 3], 50, random.Random(43), step, after(4), value) != first


def test_the_mean_approaches_the_expectation() -> None:
    (mean,) = rollout_values([0], 4000, random.Random(7), step, after(2), value)
    assert mean == pytest.approx(7.0, abs=0.2)  # two rolls of a die: 3.5 each


def test_best_is_the_start_ahead_and_the_first_of_equals() -> None:
    assert best_by_rollouts([2, 9, 4], 6, random.Random(0), step, after(5), value) == 1
    assert best_by_rollouts([4, 4], 6, random.Random(0), step, after(5), value) == 0


def test_a_start_that_ends_at_once_is_valued_as_it_is() -> None:
    assert rollout_values([11], 3, random.Random(0), step, after(0), value) == [11.0]


def test_at_least_one_sample() -> None:
    with pytest.raises(ValueError, match="samples"):
        rollout_values([0], 0, random.Random(0), step, after(1), value)
