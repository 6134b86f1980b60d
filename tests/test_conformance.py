"""Every registered game honours the shared protocols (malefiz.core.game and its face, malefiz.core.face),
checked by random seeded play.

For each game, board and player count: every legal action of every visited
position applies; the notation and the JSON document round-trip; actions
round-trip through their notation and their CLI JSON form; an action that is
not legal raises IllegalActionError; games played by the game's own sensible
bot end with a full ranking. The same loop (malefiz.core.play) drives them all.
"""

from __future__ import annotations

import itertools
import json
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from malefiz.core.dice import Dice
from malefiz.core.errors import IllegalActionError
from malefiz.core.game import Game
from malefiz.core.play import play, random_bot
from malefiz.core.screen import labels, play_screen
from malefiz.core.session import Session
from malefiz.games import GAMES

CASES = [
    (name, board, players)
    for name, game in GAMES.items()
    for board in game.boards
    for players in game.player_counts(board)
]


def _check_position(game: Game[Any, Any], state: Any) -> None:
    assert game.parse_position(game.format_position(state)) == state
    doc = game.to_json(state)
    assert doc["game"] == game.name
    assert game.from_json(json.loads(json.dumps(doc))) == state
    json.dumps(game.moves_document(state))
    seats = state.seats
    assert 0 <= state.current_seat < len(seats)
    placed = [seat for place in state.ranking for seat in place]
    assert len(placed) == len(set(placed)) and set(placed) <= set(range(len(seats)))
    if state.is_over:
        assert sorted(placed) == list(range(len(seats))), "a finished game ranks every seat"


def _check_actions(game: Game[Any, Any], state: Any) -> None:
    actions = list(game.legal_actions(state))
    if state.is_over:
        assert actions == []
        return
    assert actions, "a game in progress always has an action (a single pass when there is no move)"
    assert len(set(actions)) == len(actions), "each distinct action once"
    for action in actions:
        assert game.parse_action(str(action)) == action
        assert game.action_from_json(state, json.loads(json.dumps(game.action_to_json(state, action)))) == action
        game.apply(state, action)  # every legal action applies
    if state.is_chance:
        assert actions == [game.roll(v) for v in range(1, 7)]
    else:
        with pytest.raises(IllegalActionError):
            game.apply(state, game.roll(3))  # a roll is never a choice


@pytest.mark.parametrize(("name", "board", "players"), CASES)
def test_random_seeded_games_follow_the_protocol(name: str, board: str, players: int) -> None:
    game = GAMES[name]
    options = game.option_names
    for seed in range(6):
        rng = random.Random(seed)
        chosen = {o: True for o in options if rng.random() < 0.3}
        try:
            state = game.new_game(board, players, chosen)
        except ValueError:  # a seat form that this board or player count does not take
            state = game.new_game(board, players)
        _check_position(game, state)
        for step in play(game, state, [random_bot] * players, Dice(seed), rng, max_turns=120):
            _check_actions(game, step.before)
            _check_position(game, step.after)


@pytest.mark.parametrize(("name", "board", "players"), CASES)
def test_games_between_sensible_bots_end_with_a_full_ranking(name: str, board: str, players: int) -> None:
    game = GAMES[name]
    for seed in range(3):
        state = game.new_game(board, players)
        last = state
        for step in play(game, state, [game.bots["greedy"]] * players, Dice(seed), random.Random(seed)):
            last = step.after
        assert last.is_over
        assert sorted(itertools.chain.from_iterable(last.ranking)) == list(range(players))
        _check_position(game, last)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_describes_itself(name: str) -> None:
    game = GAMES[name]
    assert game.name == name and game.title and game.boards
    assert {"easy", "medium", "hard", "greedy", "random"} <= set(game.bots)
    for board in game.boards:
        counts = game.player_counts(board)
        assert counts[0] == 2
        state = game.new_game(board, counts[-1])
        assert state.is_chance and not state.is_over and state.ranking == ()
        assert len(state.seats) == counts[-1]
        assert state.current == state.seats[0][0]
        for colour in game.start_rollers(state):
            assert game.new_game(board, counts[-1], first=colour).current == colour


# -- the presentation: the face, through the session and the screen -------------------------


def _check_face(session: Session) -> None:
    """What the page reads of a game now: keys that name what they stand for, words, pictures, the screen."""
    game, face, state = session.game, session.face, session.state
    assert len(repr(state)) <= 300 and game.format_position(state) in repr(state)
    choices = session.choices()
    for choice in choices:
        assert face.choice(state, choice.action) == (choice.piece, choice.field)
        assert face.locate(state, choice.field)[1] == choice.field
        if choice.piece is not None:
            assert face.locate(state, choice.piece)[0] == choice.piece
        assert face.label(state, choice.field, choice.action, session.t)
    named = labels(session)
    assert set(named) == set(session.marks().movable) | set(session.marks().targets)
    svg = session.svg(motion=True)
    root = ET.fromstring(svg)
    keys = {e.get("data-key") for e in root.iter()}
    assert set(named) <= keys, "every element a person can act on is drawn with its key"
    chances = face.chances(state)
    assert len(chances) == len(state.seats) and abs(sum(chances) - 1) < 1e-6
    assert len(face.progress(state)) == len(state.seats) and min(face.progress(state)) >= 0
    screen = play_screen(session, shown=0, face_before=None, fresh=True, motion=True, pace="normal")
    assert screen.board_svg.startswith("<svg") and screen.labels == tuple(named.items())
    assert (screen.status == "") == state.is_over and (screen.winner != "") == state.is_over
    last = session.record.last
    if last is not None:
        assert last.words and "{" not in last.words
        if last.is_move:
            assert game.effects(last.before, last.action) == last.effects
        for frame in screen.frames:
            ET.fromstring(frame)


@pytest.mark.parametrize(("name", "board", "players"), CASES)
def test_random_seeded_sessions_follow_the_presentation_protocol(name: str, board: str, players: int) -> None:
    """People click what the page offers (a random one), the computer plays its seats; at every step the
    face, the session and the screen agree."""
    for seed in range(2):
        rng = random.Random(seed)
        kinds = ["human"] + ["bot:easy" if rng.random() < 0.5 else "human" for _ in range(players - 1)]
        s = Session.from_address(
            f"?game={name}&board={board}&seats={','.join(kinds)}&seed={seed}", GAMES, language=rng.choice(["en", "de"])
        )
        for _ in range(150):
            _check_face(s)
            if s.state.is_over:
                break
            if s.is_bot_turn():
                s.bot_step()
            elif s.state.is_chance:
                assert s.roll()
            else:
                assert s.click(rng.choice(sorted(labels(s))))
