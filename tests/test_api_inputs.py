"""The Python API as a developer calls it, wrong calls included: options in every form docs/api.md shows, a position
of the other game, an action given as text, a bot missing for a seat. A wrong call fails at once with a message that
says what was expected, never later with an AttributeError or with a wrong answer."""

from __future__ import annotations

import random
from typing import Any

import pytest

import malefiz
from malefiz import InvalidPositionError, MalefizError, get_game
from malefiz.core.dice import Dice
from malefiz.core.play import play, random_bot
from malefiz.games.maedn import rules as maedn_rules
from malefiz.games.maedn.state import Options as MaednOptions
from malefiz.games.malefiz import rules as malefiz_rules

MALEFIZ = get_game("malefiz")
MAEDN = get_game("maedn")


@pytest.mark.parametrize(
    "options",
    [
        malefiz.Options(extra_roll_on_six=True),
        {"extra_roll_on_six": True},
        {"extra_roll_on_six": True, "roll_for_start": False},
        ["extra_roll_on_six"],
        ("extra_roll_on_six",),
    ],
    ids=["Options", "dict", "dict with an option off", "list", "tuple"],
)
def test_malefiz_new_game_takes_options_in_every_form(options: Any) -> None:
    expected = malefiz.new_game("classic", 2, malefiz.Options(extra_roll_on_six=True))
    assert malefiz.new_game("classic", 2, options) == expected
    assert MALEFIZ.new_game("classic", 2, options) == expected
    assert expected.options == malefiz.Options(extra_roll_on_six=True)
    repr(expected), str(expected)  # a state made from any form prints (a dict kept inside did not)


@pytest.mark.parametrize(
    "options",
    [MaednOptions(barriers=True), {"barriers": True}, ["barriers"]],
    ids=["Options", "dict", "list"],
)
def test_maedn_new_game_takes_options_in_every_form(options: Any) -> None:
    expected = maedn_rules.new_game("cross", 2, MaednOptions(barriers=True))
    assert maedn_rules.new_game("cross", 2, options) == expected
    assert MAEDN.new_game("cross", 2, options) == expected
    assert expected.options == MaednOptions(barriers=True)


@pytest.mark.parametrize("make", [malefiz.new_game, MALEFIZ.new_game], ids=["module", "game"])
def test_an_unknown_malefiz_option_is_refused_at_once_naming_the_known_ones(make: Any) -> None:
    with pytest.raises(InvalidPositionError, match=r"unknown option 'foo'.*extra_roll_on_six"):
        make("classic", 2, {"foo": True})
    with pytest.raises(InvalidPositionError, match="extra_roll_on_six: expected true or false"):
        make("classic", 2, {"extra_roll_on_six": "yes"})


def test_an_unknown_maedn_option_is_refused_naming_all_seven_including_the_seat_forms() -> None:
    with pytest.raises(InvalidPositionError, match="unknown option 'foo'") as caught:
        MAEDN.new_game("cross", 2, {"foo": True})
    for name in MAEDN.option_names:
        assert name in str(caught.value)


@pytest.mark.parametrize("game", [MALEFIZ, MAEDN], ids=["malefiz", "maedn"])
@pytest.mark.parametrize("options", ["extra_roll_on_six", 3], ids=["a bare string", "a number"])
def test_options_that_are_neither_names_nor_a_mapping_are_refused(game: Any, options: Any) -> None:
    with pytest.raises(InvalidPositionError, match="options: expected"):
        game.new_game(game.boards[0], 2, options)


@pytest.mark.parametrize(
    "make", [malefiz.new_game, MALEFIZ.new_game, maedn_rules.new_game, MAEDN.new_game], ids=lambda f: f.__module__
)
def test_players_given_as_text_are_refused(make: Any) -> None:
    board = "classic" if make in (malefiz.new_game, MALEFIZ.new_game) else "cross"
    with pytest.raises(InvalidPositionError, match="players: expected a number or a list of colours, got '2'"):
        make(board, "2")


def test_an_unknown_board_is_the_package_s_own_error() -> None:
    with pytest.raises(InvalidPositionError, match="unknown board 'x'"):
        malefiz.board("x")


OTHER = [
    (malefiz_rules, MAEDN.new_game("cross", 2), "Malefiz"),
    (maedn_rules, MALEFIZ.new_game("classic", 2), "Mensch ärgere Dich nicht"),
]


@pytest.mark.parametrize(("rules", "state", "title"), OTHER, ids=["malefiz rules", "maedn rules"])
def test_a_position_of_the_other_game_is_refused_not_answered(rules: Any, state: Any, title: str) -> None:
    with pytest.raises(TypeError, match=f"expected a {title} position"):
        rules.legal_actions(state)
    with pytest.raises(TypeError, match=f"expected a {title} position"):
        rules.apply(state, malefiz.Roll(3))


@pytest.mark.parametrize("game", [MALEFIZ, MAEDN], ids=["malefiz", "maedn"])
def test_a_position_of_the_other_game_is_refused_through_the_game_object(game: Any) -> None:
    other = (MAEDN if game is MALEFIZ else MALEFIZ).new_game((MAEDN if game is MALEFIZ else MALEFIZ).boards[0], 2)
    with pytest.raises(TypeError, match=f"expected a {game.title} position"):
        game.legal_actions(other)
    with pytest.raises(TypeError, match=f"expected a {game.title} position"):
        game.apply(other, game.roll(3))


@pytest.mark.parametrize("game", [MALEFIZ, MAEDN], ids=["malefiz", "maedn"])
def test_a_finished_game_still_has_no_actions_and_refuses_one(game: Any) -> None:
    state = game.new_game(game.boards[0], 2)
    for step in play(game, state, [random_bot, random_bot], Dice(3), random.Random(3)):
        state = step.after
    assert state.is_over and list(game.legal_actions(state)) == []
    with pytest.raises(malefiz.IllegalActionError, match="over"):
        game.apply(state, game.roll(3))


@pytest.mark.parametrize("game", [MALEFIZ, MAEDN], ids=["malefiz", "maedn"])
@pytest.mark.parametrize("action", ["d3", None], ids=["notation", "None"])
def test_an_action_given_as_anything_but_an_action_says_what_is_expected(game: Any, action: Any) -> None:
    state = game.new_game(game.boards[0], 2)
    with pytest.raises(TypeError, match=r"expected an action.*parse_action"):
        game.apply(state, action)


@pytest.mark.parametrize("game", [MALEFIZ, MAEDN], ids=["malefiz", "maedn"])
@pytest.mark.parametrize("count", [1, 3])
def test_play_wants_one_bot_a_seat(game: Any, count: int) -> None:
    state = game.new_game(game.boards[0], 2)
    with pytest.raises(MalefizError, match=f"2 seats want 2 bots, got {count}"):
        next(play(game, state, [random_bot] * count, Dice(1), random.Random(1)))
