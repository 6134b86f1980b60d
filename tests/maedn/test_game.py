"""The game object: the shared protocol (checked by mypy through typed assignments), setup and transcript words."""

from __future__ import annotations

import random

import pytest

from malefiz.core.actions import PASS, ROLLS, Roll
from malefiz.core.dice import Dice
from malefiz.core.errors import InvalidPositionError
from malefiz.core.game import Game, GameState
from malefiz.core.play import play as play_loop
from malefiz.core.play import random_bot
from malefiz.games.maedn import MAEDN
from malefiz.games.maedn.state import Action, State, move
from malefiz.i18n import Translator
from tests.maedn.helpers import play, pos


def test_the_game_object_follows_the_protocol() -> None:
    game: Game[State, Action] = MAEDN
    state: GameState = game.new_game("cross", 4)
    assert state.is_chance and not state.is_over and state.ranking == ()
    assert game.name == "maedn" and game.title == "Mensch ärgere Dich nicht"
    assert game.boards == ("cross", "star")
    assert game.player_counts("cross") == (2, 3, 4)
    assert game.player_counts("star") == (2, 3, 4, 5, 6)
    assert game.option_names == (
        "backward_capture",
        "three_rolls",
        "no_jump_in_goal",
        "barriers",
        "forced_capture",
        "two_colours",
        "neutral",
    )
    assert all(callable(bot) for bot in game.bots.values())
    assert game.roll(4) is ROLLS[3] and game.roll(9) == Roll(9)
    with pytest.raises(InvalidPositionError):
        game.player_counts("hex")


def test_new_game_takes_rule_options_and_seat_forms() -> None:
    s = MAEDN.new_game("cross", 2, {"two_colours": True, "barriers": True})
    assert str(s) == "maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:0,B,B,B seats:yr,gk y? +barriers"
    s = MAEDN.new_game("cross", 3, {"neutral": True, "three_rolls": False})
    assert s.neutral == "black" and s.seats == (("yellow",), ("green",), ("red",))
    cases: list[tuple[int, dict[str, object], str]] = [
        (2, {"neutral": True}, r"\(neutral\): only with 3 players"),
        (3, {"two_colours": True}, r"\(two_colours\): only with 2 players"),
        (4, {"shortcut": True}, "options: unknown option 'shortcut'"),
        (4, {"barriers": "yes"}, "options.barriers: expected true or false"),
        (7, {}, "players: the cross board takes 2 to 4 players"),
    ]
    for players, options, message in cases:
        with pytest.raises(InvalidPositionError, match=message):
            MAEDN.new_game("cross", players, options)
    with pytest.raises(InvalidPositionError, match="unknown board"):
        MAEDN.new_game("hex", 2)


@pytest.mark.parametrize(
    ("position", "action", "words"),
    [
        ("maedn cross y:12,B,B,B r:5,B,B,B y?", "d6", "rolls 6"),
        ("maedn cross y:12,B,B,B r:5,B,B,B y6", "y:B-0", "y:B-0 enters"),
        ("maedn cross y:12,B,B,B r:20,B,B,B y6", "y:B-0", "y:B-0 enters captures red"),
        ("maedn cross y:10,B,B,B g:2,B,B,B y2", "y:10-12", "y:10-12 captures green"),
        ("maedn cross y:37,B,B,B r:5,B,B,B y4", "y:37-41", "y:37-41 goal"),
        ("maedn cross y:40,B,B,B r:5,B,B,B y2", "y:40-42", "y:40-42 moves up in the goal"),
        ("maedn cross y:B,B,B,B r:5,B,B,B y3", "pass", "no move: passes"),
        ("maedn cross y:37,41,42,43 r:5,B,B,B y6", "pass", "no move: passes, rolls again after the 6"),
        ("maedn cross y:B,B,B,B r:5,B,B,B y3 +three", "pass", "no move: passes, rolls again (try 2 of 3)"),
        (
            "maedn star y:3,20,B,B k:47,B,B,B y4 +forced",
            "y:20-24",
            "y:20-24; penalty: the yellow piece on 3 goes back to B",
        ),
        (
            "maedn cross y:37,40,41,42 g:5,B,B,B r:5,B,B,B y6",
            "y:37-43",
            "y:37-43 goal; yellow is home",
        ),
        (
            "maedn cross y:40,41,42,43 g:39,41,42,43 r:5,B,B,B finished:y g1",
            "g:39-40",
            "g:39-40 goal; green is home; game over",
        ),
    ],
)
def test_describe(position: str, action: str, words: str) -> None:
    before = pos(position)
    a = MAEDN.parse_action(action)
    assert MAEDN.describe(before, a, MAEDN.apply(before, a)) == words


@pytest.mark.parametrize(
    ("position", "action", "words"),
    [
        ("maedn cross y:12,B,B,B r:5,B,B,B y?", "d6", "würfelt 6"),
        ("maedn cross y:12,B,B,B r:20,B,B,B y6", "y:B-0", "y:B-0 kommt heraus schlägt Rot"),
        ("maedn cross y:37,B,B,B r:5,B,B,B y4", "y:37-41", "y:37-41 ins Ziel"),
        ("maedn cross y:40,B,B,B r:5,B,B,B y2", "y:40-42", "y:40-42 rückt im Ziel vor"),
        ("maedn cross y:37,41,42,43 r:5,B,B,B y6", "pass", "kein Zug: setzt aus, würfelt nach der 6 noch einmal"),
        (
            "maedn cross y:B,B,B,B r:5,B,B,B y3 +three",
            "pass",
            "kein Zug: setzt aus, würfelt noch einmal (2. von 3 Versuchen)",
        ),
        (
            "maedn star y:3,20,B,B k:47,B,B,B y4 +forced",
            "y:20-24",
            "y:20-24; Schlagzwang verletzt: die Figur von Gelb auf 3 muss zurück auf B",
        ),
        (
            "maedn cross y:40,41,42,43 g:39,41,42,43 r:5,B,B,B finished:y g1",
            "g:39-40",
            "g:39-40 ins Ziel; Grün ist fertig; Spielende",
        ),
    ],
)
def test_describe_in_german_keeps_the_notation(position: str, action: str, words: str) -> None:
    # The command line's transcript in German (play --lang de, review --lang de): the same notation, German words.
    before = pos(position)
    a = MAEDN.parse_action(action)
    assert MAEDN.describe(before, a, MAEDN.apply(before, a), Translator("de")) == words


def test_the_shared_play_loop_runs_a_game_to_the_end() -> None:
    forms: list[tuple[str, int, dict[str, bool]]] = [
        ("cross", 2, {"two_colours": True}),
        ("star", 5, {}),
        ("cross", 3, {"neutral": True}),
    ]
    for board, players, options in forms:
        state = MAEDN.new_game(board, players, options)
        last = state
        for step in play_loop(MAEDN, state, [random_bot] * players, Dice(3), random.Random(3)):
            last = step.after
        assert last.is_over
        assert sorted(seat for place in last.ranking for seat in place) == list(range(players))


def test_game_methods_are_the_module_functions() -> None:
    s = pos("maedn cross y:12,B,B,B r:20,B,B,B y6")
    assert MAEDN.legal_actions(s) == [move("yellow", -1, 0)]
    assert MAEDN.format_position(s) == str(s)
    assert MAEDN.parse_position(str(s)) == s
    assert MAEDN.from_json(MAEDN.to_json(s)) == s
    assert MAEDN.moves_document(s) == {"moves": [{"colour": "yellow", "from": "B", "to": 0}]}
    assert MAEDN.action_to_json(s, PASS) == "pass"
    assert MAEDN.action_from_json(s, {"roll": 2}) is ROLLS[1]
    assert play(s, "y:B-0").is_chance
