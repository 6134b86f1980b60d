"""The shared play loop and tournament, over every registered game."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import pytest

from malefiz.core.dice import Dice
from malefiz.core.play import play, random_bot
from malefiz.core.tournament import TURN_LIMIT, play_game, tournament, winner_of
from malefiz.games import GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_loop_asks_the_seat_to_act_and_takes_rolls_from_the_dice(name: str) -> None:
    game = GAMES[name]
    asked: list[int] = []

    def recording(seat: int) -> Any:
        def bot(state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
            assert state.current_seat == seat and list(actions) == list(game.legal_actions(state))
            asked.append(seat)
            return random_bot(state, actions, rng)

        return bot

    state = game.new_game(game.boards[0], 2)
    dice = Dice(11)
    steps = list(play(game, state, [recording(0), recording(1)], dice, random.Random(0), max_turns=30))
    rolls = [s.action for s in steps if s.before.is_chance]
    assert len(rolls) == 30
    assert rolls == [game.roll(Dice(11, n).peek()) for n in range(30)]
    assert set(asked) == {0, 1}
    for before, after in itertools.pairwise(steps):
        assert before.after is after.before


def test_winner_of_a_ranking() -> None:
    assert winner_of(((1,), (0,))) == 1
    assert winner_of(((0,), (1, 2))) == 0
    assert winner_of(()) is None
    assert winner_of(((0, 1),)) is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_tournaments_are_reproducible_and_count_every_game(name: str) -> None:
    game = GAMES[name]
    a = tournament(game, ["greedy", "random"], 6, seed=3)
    b = tournament(game, ["greedy", "random"], 6, seed=3)
    assert [s.wins for s in a.seats] == [s.wins for s in b.seats]
    assert sum(s.wins for s in a.seats) <= 6 and all(s.games == 6 for s in a.seats)
    ranking = play_game(game, [game.bots["greedy"]] * 2, seed=5)
    assert sorted(seat for place in ranking for seat in place) == [0, 1]
    assert TURN_LIMIT > 1000
