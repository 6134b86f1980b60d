"""How long the computer levels take per decision, in CPython and in Pyodide (Node), side by side.

    python bench/bot_speed.py [--decisions 300]

Plays games of every registered game on each board with the fewest and the most
players it takes (the decisions shared evenly among these forms), and times every
decision of each level (median, 95th percentile and maximum, in milliseconds). The
hard level must decide within 1 s in Pyodide; in the browser
Malefiz's also thinks in slices (see ``bench/frame_gaps.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


from malefiz.core.dice import Dice  # noqa: E402
from malefiz.games import GAMES  # noqa: E402


def measure(decisions: int) -> dict[str, list[float]]:
    """Per game and level: median, 95th percentile and maximum milliseconds per decision."""
    figures: dict[str, list[float]] = {}
    for name, game in GAMES.items():
        for level in ("easy", "medium", "hard"):
            bot = game.bots[level]
            times: list[float] = []
            forms = [(b, p) for b in game.boards for p in sorted({game.player_counts(b)[0], game.player_counts(b)[-1]})]
            for n, (board, players) in enumerate(forms, start=1):
                rng = random.Random(1)
                state = game.new_game(board, players)
                dice = Dice(5)
                goal = decisions * n // len(forms)
                while len(times) < goal:
                    if state.is_over:
                        state = game.new_game(board, players)
                    if state.is_chance:
                        value, dice = dice.roll()
                        state = game.apply(state, game.roll(value))
                        continue
                    actions = game.legal_actions(state)
                    begin = time.perf_counter()
                    action = bot(state, actions, rng)
                    times.append((time.perf_counter() - begin) * 1000)
                    state = game.apply(state, action)
            times.sort()
            figures[f"{name} {level}"] = [times[len(times) // 2], times[int(len(times) * 0.95)], times[-1]]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=300, help="decisions per level (default 300)")
    parser.add_argument("--json", action="store_true", help="print JSON only (used for Pyodide)")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure(args.decisions)))
        return
    cpython = measure(args.decisions)
    from in_pyodide import run_in_pyodide  # only outside Pyodide, which runs this file alone

    pyodide: dict[str, list[float]] = run_in_pyodide(__file__, "--json", "--decisions", str(args.decisions)) or {}
    print(f"{'ms per decision':<22}{'CPython median / p95 / max':>30}{'Pyodide median / p95 / max':>30}")
    for level, (median, p95, top) in cpython.items():
        other = pyodide.get(level)
        right = f"{other[0]:>10.1f}{other[1]:>10.1f}{other[2]:>10.1f}" if other else f"{'-':>30}"
        print(f"{level:<22}{median:>10.1f}{p95:>10.1f}{top:>10.1f}{right}")
    print("target: hard decides within 1000 ms in Pyodide")


if __name__ == "__main__":
    main()
