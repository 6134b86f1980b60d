"""The game loop shared by the command line, tournaments and tests: one loop for every game."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .dice import Dice
from .errors import MalefizError
from .game import Bot, Game, GameState

__all__ = ["Step", "play", "random_bot"]

S = TypeVar("S", bound=GameState)
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Step(Generic[S, A]):
    """One action of a game and the states around it."""

    before: S
    action: A
    after: S


def play(
    game: Game[S, Any],
    state: S,
    bots: Sequence[Bot],
    dice: Dice,
    rng: random.Random,
    max_turns: int | None = None,
) -> Iterator[Step[S, Any]]:
    """Play ``game`` from ``state`` until it is over, yielding every step.

    Die rolls come from ``dice``; each decision from the bot of the seat to
    act (``bots[state.current_seat]``), which gets ``rng``. Stops early after
    ``max_turns`` rolls when given.

    Raises:
        MalefizError: (at the first step) when ``bots`` has not one bot for each seat.
    """
    if len(bots) != len(state.seats):
        raise MalefizError(f"play: {len(state.seats)} seats want {len(state.seats)} bots, got {len(bots)}")
    turns = 0
    while not state.is_over:
        if state.is_chance:
            if max_turns is not None and turns >= max_turns:
                return
            turns += 1
            value, dice = dice.roll()
            action = game.roll(value)
        else:
            action = bots[state.current_seat](state, game.legal_actions(state), rng)
        after = game.apply(state, action)
        yield Step(state, action, after)
        state = after


def random_bot(state: object, actions: Sequence[A], rng: random.Random) -> A:
    """Any legal action, uniformly at random: the same for every game."""
    return actions[rng.randrange(len(actions))]
