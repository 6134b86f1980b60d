"""The learned evaluation of Malefiz: its inputs, its weights, its chances, and the search model built on it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from malefiz.games.malefiz import learned
from malefiz.games.malefiz.board import FOREST, HOUSE
from malefiz.games.malefiz.bots import BOTS, Search
from malefiz.games.malefiz.bots import win_chances as odds_chances
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.learned import (
    BANDS,
    CALIBRATED,
    Learned,
    chances,
    features,
    form,
    model_for,
    player_inputs,
    stride_of,
    table,
    win_chances,
)
from malefiz.games.malefiz.odds import NEVER, turns
from malefiz.games.malefiz.rules import apply, legal_actions, new_game
from malefiz.games.malefiz.state import Move, Phase, State
from malefiz.games.malefiz.value import SEARCH_BARRICADE_COST, race

PACKAGE = Path(learned.__file__).resolve().parent
FORMS = {"classic2": ("classic", 2), "fast2": ("fast", 2)}


def positions(start: State, seed: int, every: int = 5) -> list[State]:
    """Positions before a roll of a game of *medium* against itself (random rolls), every ``every`` rolls."""
    rng = random.Random(seed)
    state = start
    found = []
    rolls = 0
    while not state.is_over:
        if state.is_chance:
            if rolls % every == 0:
                found.append(state)
            rolls += 1
            action = legal_actions(state)[rng.randrange(6)]
        else:
            action = BOTS["medium"](state, legal_actions(state), rng)
        state = apply(state, action)
    return [*found, state]


def test_a_pawn_falls_into_exactly_one_band_of_turns_and_a_player_into_one_band_of_the_race() -> None:
    bands = len(BANDS) + 2  # one more above the last upper end, and one for a pawn that cannot reach the goal
    near, far, never = ((1.0, 1 << 6), 3), ((12.5, 0), 30), ((NEVER, 0), 99)
    assert BANDS[1] == 1.0 and BANDS[21:23] == (12, 13)
    race = 3 * bands + 7  # the first input of the race's bands, after the numbers that win at once
    assert player_inputs([near, far, never]) == [1, bands + 22, 2 * bands + bands - 1, 3 * bands + 1, race + 132 // 6]
    assert player_inputs([far, never, near]) == player_inputs([near, far, never])  # ranked by turns, not by pawn
    assert player_inputs([((200.0, 0), 5)])[0] == bands - 2
    assert player_inputs([((1.0, 0b1110), 1), ((2.0, 0b0110), 2)])[-2] == 2 * bands + 3  # three numbers win at once
    assert player_inputs([((1.0, 0), 10_000)])[-1] == stride_of(1) - 1  # a race too long for the bands: the last


@pytest.mark.parametrize("name", sorted(FORMS))
def test_every_position_has_one_input_per_pawn_and_player_within_its_stride(name: str) -> None:
    board, players = FORMS[name]
    start = new_game(board, players)
    pawns = len(start.pawns[0])
    stride = stride_of(pawns)
    assert form(start) == name
    for state in positions(start, 3)[:-1]:
        active = features(state)
        assert len(active) == players * (pawns + 2)
        for k in range(players):
            mine = [a - k * stride for a in active[k * (pawns + 2) : (k + 1) * (pawns + 2)]]
            assert all(0 <= a < stride for a in mine)


@pytest.mark.parametrize("name", sorted(FORMS))
def test_a_table_gives_each_location_its_expected_turns_and_race_distance(name: str) -> None:
    board, players = FORMS[name]
    for state in positions(new_game(board, players), 4)[::7]:
        found = table(state.board, state.barricades)
        turns_there = turns(state.board, state.barricades)
        race_there = race(state.board, state.barricades, SEARCH_BARRICADE_COST)
        for colour in state.players:
            for location in (HOUSE, FOREST, *state.board.fields):
                expected = (turns_there.of(colour, location), race_there.of(colour, location))
                assert found.of(colour, location) == expected
        assert found.at == [(t, d) for t, d in zip(turns_there.at, race_there.dist, strict=True)]


def test_forms_without_a_network_have_none() -> None:
    for state in (new_game("classic", 3), new_game("classic", 4), new_game("fast", 3), new_game("fast", 4)):
        assert form(state) is None and model_for(state) is None


@pytest.mark.parametrize("name", sorted(FORMS))
def test_weights_load_with_their_shapes(name: str) -> None:
    board, players = FORMS[name]
    start = new_game(board, players)
    model = model_for(start)
    assert model is not None
    assert model.colours == players and model.stride == stride_of(len(start.pawns[0]))
    assert len(model.w1) == players * model.stride and all(len(row) == model.hidden for row in model.w1)
    assert len(model.w2) == players and len(model.b2) == players
    assert any(w != 0.0 for row in model.w1 for w in row)


@pytest.mark.parametrize("board", ["classic", "fast"])
def test_weights_modules_are_small(board: str) -> None:
    assert (PACKAGE / f"weights_{board}.py").stat().st_size < 100_000


@pytest.mark.parametrize("name", sorted(FORMS))
def test_chances_sum_to_one_and_are_exact_at_the_end(name: str) -> None:
    board, players = FORMS[name]
    model = model_for(new_game(board, players))
    assert model is not None
    found = positions(new_game(board, players), 11)
    for state in found[:-1]:
        values = chances(model, state)
        assert len(values) == players and abs(sum(values) - 1.0) < 1e-9
        assert all(0.0 < v < 1.0 for v in values)
    end = found[-1]
    assert end.is_over
    assert chances(model, end) == [1.0 if c == end.winner else 0.0 for c in end.players]


def test_a_pawn_nearer_the_goal_is_worth_more() -> None:
    start = new_game("classic", 2)
    model = model_for(start)
    assert model is not None
    rolled = apply(start, legal_actions(start)[5])  # a 6
    moves = [a for a in legal_actions(rolled) if isinstance(a, Move)]
    out = apply(rolled, moves[0])
    assert out.phase is Phase.ROLL
    assert chances(model, out)[0] > chances(model, start)[0]


def test_after_a_roll_the_chances_are_those_of_the_best_move() -> None:
    start = new_game("fast", 2)
    model = model_for(start)
    assert model is not None
    rolled = apply(start, legal_actions(start)[3])
    best = max(chances(model, apply(rolled, a))[0] for a in legal_actions(rolled))
    assert chances(model, rolled)[0] == best


@pytest.mark.parametrize("name", sorted(FORMS))
def test_the_search_model_values_a_position_as_the_network_does(name: str) -> None:
    board, players = FORMS[name]
    start = new_game(board, players)
    model = model_for(start)
    assert model is not None
    search_model = Learned(model)
    for state in positions(start, 5, every=9)[:-1]:
        for me, colour in enumerate(state.players):
            assert search_model.value(state, colour) == pytest.approx(chances(model, state)[me])
    rolled = apply(start, legal_actions(start)[4])
    assert Search(rolled, legal_actions(rolled), depth=1, model=search_model).run() in legal_actions(rolled)


def test_the_chances_shown_come_from_the_network_where_it_predicts_better_and_from_the_odds_elsewhere() -> None:
    assert {"classic2", "fast2"} == CALIBRATED
    for state in positions(new_game("fast", 2), 8, every=13)[:-1]:
        model = model_for(state)
        assert model is not None
        assert win_chances(state) == dict(zip(state.players, chances(model, state), strict=True))
        assert MALEFIZ.face.chances(state) == chances(model, state)
    for state in positions(new_game("classic", 3), 8, every=29)[:-1]:
        assert win_chances(state) == odds_chances(state)
        assert sum(win_chances(state).values()) == pytest.approx(1.0)
