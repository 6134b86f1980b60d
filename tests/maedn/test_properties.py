"""Properties over thousands of seeded random games, under every option combination and every seat form.

In every position: four pieces a colour, never two pieces on a field but a legal barrier,
never two on a goal field, a consistent turn, finished list and try (``check_position``).
In sampled positions: every legal action applies, the notation and the JSON document
round-trip, actions round-trip through their notation and JSON, and illegal actions are
refused and leave the position as it was. Every game ends, with every seat ranked.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from malefiz.core.actions import PASS, ROLLS
from malefiz.core.errors import IllegalActionError
from malefiz.games.maedn.check import check_position
from malefiz.games.maedn.document import action_from_json, action_to_json, from_json, to_json
from malefiz.games.maedn.game import MAEDN
from malefiz.games.maedn.notation import format_position, parse_action, parse_position
from malefiz.games.maedn.rules import apply, legal_actions
from malefiz.games.maedn.state import Move, State, move
from tests.maedn.helpers import check_effects

OPTION_NAMES = ("backward_capture", "three_rolls", "no_jump_in_goal", "barriers", "forced_capture")
OPTION_SETS = [
    {name: True for name, on in zip(OPTION_NAMES, bits, strict=True) if on}
    for bits in itertools.product((False, True), repeat=len(OPTION_NAMES))
]
FORMS: list[tuple[str, int, dict[str, bool], int]] = [
    # board, players, seat form, games per option combination (fewer where games are long)
    ("cross", 2, {}, 12),
    ("cross", 3, {}, 5),
    ("cross", 4, {}, 3),
    ("cross", 2, {"two_colours": True}, 3),
    ("cross", 3, {"neutral": True}, 4),
    ("star", 2, {}, 12),
    ("star", 3, {}, 5),
    ("star", 4, {}, 2),
    ("star", 5, {}, 2),
    ("star", 6, {}, 1),
]
MAX_STEPS = 200_000


def check_thoroughly(state: State) -> None:
    """The expensive properties: text forms, every legal action, illegal actions."""
    assert parse_position(format_position(state)) == state
    assert from_json(json.loads(json.dumps(to_json(state)))) == state
    kept = str(state)
    actions = legal_actions(state)
    assert len(set(actions)) == len(actions), "each distinct action once"
    for action in actions:
        assert parse_action(str(action)) == action
        assert action_from_json(state, json.loads(json.dumps(action_to_json(action)))) == action
        after = apply(state, action)
        check_position(after)
        check_effects(state, action, after)
    for bad in _illegal_actions(state, actions):
        with pytest.raises(IllegalActionError):
            apply(state, bad)
    assert str(state) == kept


def _illegal_actions(state: State, actions: list[Any]) -> list[Any]:
    if state.is_over:
        return [ROLLS[0], PASS]
    if state.is_chance:
        return [PASS, move(state.current, -1, 0)]
    bad: list[Any] = [ROLLS[5]]
    if actions != [PASS]:
        bad.append(PASS)
    for colour, places in zip(state.colours, state.pieces, strict=True):
        for p in places:
            for end in (p + 7, p + (state.roll or 0) + 1):
                candidate = move(colour, p, end)
                if candidate not in actions and end <= state.board.last_place:
                    bad.append(candidate)
    return bad


def play_game(seed: int, board: str, players: int, options: dict[str, bool]) -> State:
    """A seeded random game to its end, checking the invariants on the way."""
    rng = random.Random(seed)
    state = MAEDN.new_game(board, players, options)
    check_thoroughly(state)
    for step in range(MAX_STEPS):
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
        if step % 17 == 0:
            check_position(state)
        if step % 997 == 0:
            check_thoroughly(state)
    check_position(state)
    check_thoroughly(state)
    return state


def check_final_ranking(state: State) -> None:
    assert state.is_over and legal_actions(state) == []
    seats = len(state.seats)
    ranked = [seat for place in state.ranking for seat in place]
    assert sorted(ranked) == list(range(seats)) and all(len(place) == 1 for place in state.ranking)
    # the seats placed first are those whose colours came home first
    home = [seat for seat in ranked[:-1]]
    order = [state.seating.seat_of[state.seating.slot_of[c]] for c in state.finished_colours]
    assert home == list(dict.fromkeys(s for s in order if all(c in state.finished_colours for c in state.seats[s])))


@pytest.mark.parametrize(
    ("board", "players", "form", "games"), FORMS, ids=[f"{f[0]}-{f[1]}-{''.join(f[2])}" for f in FORMS]
)
def test_seeded_games_under_every_option_combination(
    board: str, players: int, form: dict[str, bool], games: int
) -> None:
    for number, options in enumerate(OPTION_SETS):
        for game in range(games):
            final = play_game(number * 100 + game, board, players, {**form, **options})
            check_final_ranking(final)


FORM_CHOICES = st.sampled_from([(f[0], f[1], f[2]) for f in FORMS])
OPTION_CHOICES = st.sampled_from(OPTION_SETS)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), form=FORM_CHOICES, options=OPTION_CHOICES, steps=st.integers(0, 3000))
def test_positions_reached_by_random_play(
    seed: int, form: tuple[str, int, dict[str, bool]], options: dict[str, bool], steps: int
) -> None:
    board, players, seat_form = form
    rng = random.Random(seed)
    state = MAEDN.new_game(board, players, {**seat_form, **options})
    for _ in range(steps):
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
    check_position(state)
    check_thoroughly(state)


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="maedn crosstaryg:kbp0123456789B,?*/+-", max_size=60))
def test_arbitrary_text_is_read_or_refused_cleanly(text: str) -> None:
    try:
        state = parse_position(text)
    except ValueError:
        return
    assert parse_position(str(state)) == state


def test_moves_are_interned() -> None:
    state = apply(MAEDN.new_game("cross", 4), ROLLS[2])
    (only,) = legal_actions(state)
    assert isinstance(only, Move) and only is move("yellow", 0, 3) and only is parse_action("y:0-3")
