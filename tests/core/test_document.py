"""The document envelope: a position text goes to the game it names, and bad text is a clear error."""

from __future__ import annotations

import json

import pytest

from malefiz.core.document import read_position
from malefiz.core.errors import MalefizError
from malefiz.games import DEFAULT_GAME, GAMES, get_game


def test_json_and_notation_are_read_by_the_game_they_name() -> None:
    for name, game in GAMES.items():
        state = game.new_game(game.boards[-1], game.player_counts(game.boards[-1])[0])
        found, read = read_position(json.dumps(game.to_json(state)), GAMES, DEFAULT_GAME)
        assert found is game and read == state
        found, read = read_position(game.format_position(state), GAMES, name)
        assert found is game and read == state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"game": "chess"}', "unknown game 'chess'"),
        ('{"game": 3}', "unknown game 3"),
        ("{", "not valid JSON"),
        ("[" * 100_000, "not valid JSON"),
        ("x" * 2_000_000, "too long"),
    ],
)
def test_bad_documents_are_refused(text: str, message: str) -> None:
    with pytest.raises(MalefizError, match=message):
        read_position(text, GAMES, DEFAULT_GAME)


def test_get_game_names_the_known_games() -> None:
    assert get_game("malefiz").name == "malefiz"
    with pytest.raises(MalefizError, match="expected one of malefiz"):
        get_game("ludo")
