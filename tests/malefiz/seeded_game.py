"""Play seeded bot games and print where each ends (run by CPython and by Pyodide to compare)."""

from __future__ import annotations

import random
import sys

from malefiz.core.dice import Dice, roll_value
from malefiz.core.play import play
from malefiz.games.malefiz.board import COLOURS
from malefiz.games.malefiz.bots import greedy
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.rules import new_game


def main() -> None:
    print(sys.version.split()[0])
    print("dice", [roll_value(2026, n) for n in range(20)])
    rng = random.Random(7)
    print("random", [rng.randrange(1000) for _ in range(5)])
    for seed, board_name in [(1, "classic"), (2, "fast"), (3, "classic")]:
        state = new_game(COLOURS[: 2 + seed % 3], board_name)
        last = state
        for step in play(MALEFIZ, state, [greedy] * len(state.players), Dice(seed), random.Random(seed)):
            last = step.after
        print(board_name, seed, last)


if __name__ == "__main__":
    main()
