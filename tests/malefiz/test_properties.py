"""Properties over random positions and thousands of seeded games."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from malefiz.core.dice import Dice
from malefiz.core.errors import IllegalActionError
from malefiz.core.play import play
from malefiz.games.malefiz.board import COLOURS, Colour
from malefiz.games.malefiz.bots import greedy, random_bot
from malefiz.games.malefiz.check import check_position
from malefiz.games.malefiz.document import from_json, to_json
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.notation import parse_action, parse_position
from malefiz.games.malefiz.rules import apply, legal_actions, new_game, route
from malefiz.games.malefiz.state import Action, Move, Options, Phase, Place, Roll, State

BOARDS = st.sampled_from(["classic", "fast"])
PLAYERS = st.integers(2, 4).flatmap(lambda n: st.permutations(COLOURS).map(lambda p: tuple(p[:n])))
OPTIONS = st.builds(Options, st.booleans(), st.booleans(), st.booleans(), st.booleans())


def check_invariants(state: State, pawn_count: int) -> None:
    """What must hold in every position of every game."""
    b = state.board
    check_position(state)  # counts, one pawn a field, barricade fields, roll/phase
    assert all(len(p) == pawn_count for p in state.pawns)
    on_fields = [f for pawns in state.pawns for f in pawns if f >= 0]
    assert len(on_fields) == len(set(on_fields))
    barricades = state.barricade_fields
    assert len(barricades) == b.barricade_count - (state.phase is Phase.PLACE)
    for f in barricades:
        assert f >> 5 != b.bottom_row and f != b.goal and f not in b.rest_fields and f not in on_fields


def random_state(seed: int, board_name: str, players: tuple[Colour, ...], options: Options, steps: int) -> State:
    """A position reached by ``steps`` uniformly random actions from the start."""
    rng = random.Random(seed)
    state = new_game(board_name, players, options)
    for _ in range(steps):
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
    return state


positions = st.builds(random_state, st.integers(0, 2**32), BOARDS, PLAYERS, OPTIONS, st.integers(0, 600))


@settings(max_examples=300, deadline=None)
@given(positions)
def test_notation_and_json_round_trip(state: State) -> None:
    assert parse_position(str(state)) == state
    assert from_json(json.loads(json.dumps(to_json(state)))) == state
    for action in legal_actions(state):
        assert parse_action(str(action)) == action


@settings(max_examples=300, deadline=None)
@given(positions)
def test_every_legal_action_applies_and_keeps_the_invariants(state: State) -> None:
    for action in legal_actions(state):
        after = apply(state, action)
        check_invariants(after, state.board.pawns_per_player)
        if isinstance(action, Move):
            steps = route(state, action)
            assert len(steps) == state.roll and steps[-1] == action.end and len(set(steps)) == len(steps)
            assert not any(state.barricades >> f & 1 for f in steps[:-1])


@settings(max_examples=200, deadline=None)
@given(positions)
def test_legal_moves_are_distinct_and_turn_order_holds(state: State) -> None:
    actions = legal_actions(state)
    assert len(actions) == len(set(actions))
    if state.phase is Phase.ROLL:
        assert actions == [Roll(v) for v in range(1, 7)]
    if state.phase is Phase.PLACE:
        assert all(isinstance(a, Place) for a in actions) and actions


def test_thousands_of_random_seeded_games_keep_the_invariants() -> None:
    # Uniformly random play hardly ever ends in Malefiz, so each game is cut after 150 rolls.
    for seed in range(2000):
        rng = random.Random(seed)
        board_name = ("classic", "fast")[seed % 2]
        players = COLOURS[: 2 + seed % 3]
        options = Options(*(rng.random() < 0.5 for _ in range(4)))
        state = new_game(board_name, players, options)
        bots = [random_bot] * len(players)
        for step in play(MALEFIZ, state, bots, Dice(seed), rng, max_turns=150):
            check_invariants(step.after, state.board.pawns_per_player)


def test_thousands_of_seeded_games_end() -> None:
    # A sensible player (greedy, with some random moves) always brings a game to its end.
    def sometimes_random(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
        return random_bot(state, actions, rng) if rng.random() < 0.2 else greedy(state, actions, rng)

    winners = set()
    for seed in range(1000):
        rng = random.Random(seed)
        board_name = ("classic", "fast")[seed % 2]
        players = COLOURS[: 2 + seed % 3]
        state = new_game(board_name, players)
        last = state
        for step in play(MALEFIZ, state, [sometimes_random] * len(players), Dice(seed), rng, max_turns=20_000):
            last = step.after
        assert last.is_over, f"seed {seed} did not end: {last}"
        assert last.winner is not None and last.board.goal in last.pawns_of(last.winner)
        winners.add(last.winner)
    assert winners == set(COLOURS)


def test_apply_accepts_exactly_the_listed_actions() -> None:
    # legal_actions and apply must agree on every candidate, not only on the listed ones: every pawn's start
    # with every field of the board as the end, every field for a barricade, and the die in the wrong phase.
    rng = random.Random(2026)
    checked = 0
    for seed in range(400):
        board_name = ("classic", "fast")[seed % 2]
        players = COLOURS[: 2 + seed % 3]
        options = Options(*(rng.random() < 0.5 for _ in range(4)))
        state = random_state(seed, board_name, players, options, rng.randrange(20, 400))
        if state.is_chance or state.is_over:
            continue
        listed = set(legal_actions(state))
        if state.phase is Phase.MOVE:
            starts = set(state.pawns[state.turn])
            candidates: list[object] = [Move(s, e) for s in starts for e in state.board.fields]
        else:
            candidates = [Place(f) for f in state.board.fields]
        candidates.append(Roll(3))
        for action in candidates:
            try:
                apply(state, action)  # type: ignore[arg-type]
                accepted = True
            except IllegalActionError:
                accepted = False
            assert accepted == (action in listed), f"{action} in {state}"
            checked += 1
    assert checked > 10_000
