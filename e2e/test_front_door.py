"""The README's pictures of each game in play, made here so they never go stale (docs/*.png)."""

from __future__ import annotations

import random
from pathlib import Path
from urllib.parse import urlencode

import pytest
from site_page import GamePage

from malefiz.core.dice import Dice
from malefiz.core.play import play
from malefiz.games import GAMES

DOCS = Path(__file__).resolve().parent.parent / "docs"


def position_after(game_name: str, board: str, players: int, rolls: int, seed: int) -> str:
    """A position in the middle of a seeded game between medium bots, in one-line notation, a person to roll."""
    game = GAMES[game_name]
    state = game.new_game(board, players)
    bots = [game.bots["medium"]] * players
    last = state
    for step in play(game, state, bots, Dice(seed), random.Random(seed), max_turns=rolls):
        if step.after.is_chance and not step.after.is_over:
            last = step.after
    return game.format_position(last)


@pytest.mark.parametrize(
    ("game_name", "board", "players", "seats", "picture"),
    [
        ("malefiz", "classic", 4, "human,human,human,human", "malefiz.png"),
        ("maedn", "cross", 4, "human,human,human,human", "maedn.png"),
    ],
)
def test_a_picture_of_each_game_in_play(
    game: GamePage, game_name: str, board: str, players: int, seats: str, picture: str
) -> None:
    position = position_after(game_name, board, players, 60, 7)
    colours = ",".join(colour for colour in _colours(game_name, position))
    query = {"game": game_name, "board": board, "seats": seats, "colours": colours, "position": position, "seed": 7}
    query["names"] = "Anna,Ben,Cleo,Dora"
    game.page.set_viewport_size({"width": 1100, "height": 760})
    game.open("?" + urlencode(query))
    DOCS.mkdir(exist_ok=True)
    game.page.screenshot(path=str(DOCS / picture), animations="disabled")  # (as the page settles)
    assert (DOCS / picture).stat().st_size > 20_000
    game.watch.assert_clean()


def _colours(game_name: str, position: str) -> list[str]:
    state = GAMES[game_name].parse_position(position)
    return [seat[0] for seat in state.seats]
