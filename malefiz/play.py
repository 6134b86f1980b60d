"""The game loop shared by the command line, tournaments and tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from .board import Colour
from .bots import Bot
from .dice import Dice
from .rules import Action, Roll, State, apply, legal_actions

__all__ = ["Step", "play"]


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a game and the states around it."""

    before: State
    action: Action
    after: State


def play(
    state: State,
    bots: Mapping[Colour, Bot],
    dice: Dice,
    rng: random.Random,
    max_turns: int | None = None,
) -> Iterator[Step]:
    """Play from ``state`` until the game is over, yielding every step.

    Die rolls come from ``dice``; each colour's decisions from its bot, which
    gets ``rng``. Stops early after ``max_turns`` rolls when given.
    """
    turns = 0
    while not state.is_over:
        if state.is_chance:
            if max_turns is not None and turns >= max_turns:
                return
            turns += 1
            value, dice = dice.roll()
            action: Action = Roll(value)
        else:
            action = bots[state.current](state, legal_actions(state), rng)
        after = apply(state, action)
        yield Step(state, action, after)
        state = after
