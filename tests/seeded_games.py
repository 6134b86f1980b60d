"""Play seeded bot games of every game and print where each ends (run by CPython and by Pyodide to compare)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the package, when run as a script

from malefiz.core.dice import Dice, roll_value
from malefiz.core.play import play
from malefiz.games import GAMES


def main() -> None:
    print(sys.version.split()[0])
    print("dice", [roll_value(2026, n) for n in range(20)])
    rng = random.Random(7)
    print("random", [rng.randrange(1000) for _ in range(5)])
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


if __name__ == "__main__":
    main()
