"""Rules engine speed, in CPython and in Pyodide (Node), side by side.

    python bench/rules_speed.py [--seconds 2]

Prints, for every registered game and board with the most players it takes,
random turns per second (a turn is a roll and the actions it allows, uniformly
random) and whole games per second between greedy bots, both through the
game's Game object and the shared play loop; Malefiz's legal-move generations
per second; and Mensch ärgere Dich nicht's random turns with every option on.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from malefiz.core.dice import Dice  # noqa: E402
from malefiz.core.game import Game  # noqa: E402
from malefiz.core.play import play  # noqa: E402
from malefiz.games import GAMES  # noqa: E402
from malefiz.games.malefiz.board import COLOURS  # noqa: E402
from malefiz.games.malefiz.rules import apply, legal_actions, new_game  # noqa: E402
from malefiz.games.malefiz.state import State  # noqa: E402


def generations(board_name: str, seconds: float) -> float:
    rng = random.Random(2)
    states: list[State] = []
    state = new_game(board_name, COLOURS)
    while len(states) < 2000:
        if state.is_over:
            state = new_game(board_name, COLOURS)
        actions = legal_actions(state)
        state = apply(state, actions[int(rng.random() * len(actions))])
        if not state.is_chance:
            states.append(state)
    count = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        for s in states:
            legal_actions(s)
        count += len(states)
    return count / (time.perf_counter() - begin)


def random_turns(
    game: Game[Any, Any], board: str, players: int, seconds: float, options: dict[str, bool] | None = None
) -> float:
    """Random turns per second of any game, through its Game object (a turn: a roll and what it allows)."""
    rng = random.Random(1)
    start = game.new_game(board, players, options)
    legal, apply_, roll = game.legal_actions, game.apply, game.roll
    faces = [roll(v) for v in range(1, 7)]
    state = start
    turns = 0
    begin = time.perf_counter()
    deadline = begin + seconds
    while True:
        for _ in range(1000):
            if state.is_over:
                state = start
            state = apply_(state, faces[int(rng.random() * 6)])
            turns += 1
            while not state.is_chance and not state.is_over:
                actions = legal(state)
                state = apply_(state, actions[int(rng.random() * len(actions))])
        now = time.perf_counter()
        if now > deadline:
            return turns / (now - begin)


def greedy_games(game: Game[Any, Any], board: str, players: int, seconds: float) -> float:
    """Whole games per second between the game's greedy bots, through the shared play loop."""
    games = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds or games == 0:
        state = game.new_game(board, players)
        for _ in play(game, state, [game.bots["greedy"]] * players, Dice(games), random.Random(games)):
            pass
        games += 1
    return games / (time.perf_counter() - begin)


def measure(seconds: float) -> dict[str, float]:
    figures: dict[str, float] = {}
    for board_name in ("classic", "fast"):
        figures[f"malefiz {board_name}: legal-move generations/s"] = generations(board_name, seconds)
    for name, game in GAMES.items():
        for board in game.boards:
            players = game.player_counts(board)[-1]
            figures[f"{name} {board}: random turns/s ({players} pl.)"] = random_turns(game, board, players, seconds)
            figures[f"{name} {board}: greedy {players}-player games/s"] = greedy_games(game, board, players, seconds)
        if name == "maedn":
            every_option = {o: True for o in game.option_names if o not in ("two_colours", "neutral")}
            figures[f"{name} cross: random turns/s, every option"] = random_turns(
                game, "cross", 4, seconds, every_option
            )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON only (used for Pyodide)")
    parser.add_argument("--no-pyodide", action="store_true", help="measure CPython only")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.seconds)))
        return
    cpython = measure(args.seconds)
    pyodide: dict[str, float] = {}
    if not args.no_pyodide:
        from in_pyodide import run_in_pyodide  # only outside Pyodide, which runs this file alone

        pyodide = run_in_pyodide(__file__, "--json", "--seconds", str(args.seconds)) or {}
    print(f"{'figure':<48}{'CPython ' + sys.version.split()[0]:>18}{'Pyodide (Node)':>18}{'ratio':>8}")
    for name, value in cpython.items():
        other = pyodide.get(name)
        tail = f"{other:>18,.0f}{value / other:>7.1f}x" if other else f"{'-':>18}"
        print(f"{name:<48}{value:>18,.0f}{tail}")
    print("target: at least 100,000 random Mensch ärgere Dich nicht turns/s in CPython (printed rules)")


if __name__ == "__main__":
    main()
