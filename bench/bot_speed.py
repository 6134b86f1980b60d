"""How long the computer levels take per decision, in CPython and in Pyodide (Node), side by side.

    python bench/bot_speed.py [--decisions 300]

Plays four-player games on both boards and times every decision of each level
(median, 95th percentile and maximum, in milliseconds). The hard level must
decide within 1 s in Pyodide; in the browser it also thinks in slices (see
``bench/frame_gaps.py``).
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
from malefiz.games.malefiz.board import COLOURS  # noqa: E402
from malefiz.games.malefiz.bots import BOTS  # noqa: E402
from malefiz.games.malefiz.rules import Roll, apply, legal_actions, new_game  # noqa: E402


def measure(decisions: int) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {}
    for level in ("easy", "medium", "hard"):
        bot = BOTS[level]
        times: list[float] = []
        for board_name in ("classic", "fast"):
            rng = random.Random(1)
            state = new_game(COLOURS, board_name)
            dice = Dice(5)
            goal = decisions // 2 if board_name == "classic" else decisions
            while len(times) < goal:
                if state.is_over:
                    state = new_game(COLOURS, board_name)
                if state.is_chance:
                    value, dice = dice.roll()
                    state = apply(state, Roll(value))
                    continue
                actions = legal_actions(state)
                begin = time.perf_counter()
                action = bot(state, actions, rng)
                times.append((time.perf_counter() - begin) * 1000)
                state = apply(state, action)
        times.sort()
        figures[level] = [times[len(times) // 2], times[int(len(times) * 0.95)], times[-1]]
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
    print(f"{'ms per decision':<18}{'CPython median / p95 / max':>30}{'Pyodide median / p95 / max':>30}")
    for level, (median, p95, top) in cpython.items():
        other = pyodide.get(level)
        right = f"{other[0]:>10.1f}{other[1]:>10.1f}{other[2]:>10.1f}" if other else f"{'-':>30}"
        print(f"{level:<18}{median:>10.1f}{p95:>10.1f}{top:>10.1f}{right}")
    print("target: hard decides within 1000 ms in Pyodide")


if __name__ == "__main__":
    main()
