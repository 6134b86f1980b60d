"""Play seeded bot games of every game and print where each ends (run by CPython and by Pyodide to compare)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the package, when run as a script

from malefiz.core.dice import Dice, roll_value
from malefiz.core.errors import MalefizError
from malefiz.core.game import Game
from malefiz.core.play import play
from malefiz.games import GAMES
from malefiz.games.maedn.learned import endgame


def main() -> None:
    print(sys.version.split()[0])
    print("dice", [roll_value(2026, n) for n in range(20)])
    rng = random.Random(7)
    print("random", [rng.randrange(1000) for _ in range(5)])
    table = endgame.table()  # Mensch ärgere Dich nicht's endgame table, a data file of the package
    print("endgame", len(table), sum(table), [table[i] for i in range(0, len(table), len(table) // 7)])
    for name, game in GAMES.items():
        for seed, board in enumerate(game.boards * 2, start=1):
            counts = game.player_counts(board)
            players = counts[seed % len(counts)]
            state = game.new_game(board, players)
            last = state
            bots = [game.bots["greedy"]] * players
            for step in play(game, state, bots, Dice(seed), random.Random(seed)):
                last = step.after
            print(name, board, seed, "over" if last.is_over else "running", last.ranking, game.format_position(last))
        # and one game with every option the first board takes for two players at once
        board = game.boards[0]
        options = {o: True for o in game.option_names if _takes(game, board, {o: True})}
        state = game.new_game(board, 2, options)
        last = state
        for step in play(game, state, [game.bots["medium"]] * 2, Dice(99), random.Random(99)):
            last = step.after
        print(name, board, 99, "over" if last.is_over else "running", last.ranking, game.format_position(last))


def _takes(game: Game[Any, Any], board: str, options: dict[str, bool]) -> bool:
    try:
        game.new_game(board, 2, options)
    except MalefizError:
        return False
    return True


if __name__ == "__main__":
    main()
