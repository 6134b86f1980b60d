"""Solve Mensch ärgere Dich nicht's endgame table (:mod:`malefiz.games.maedn.learned.endgame`) and write it.

Every position the table covers, seen from the colour to roll (yellow, against red on the opposite arm), is
played through the rules' own :func:`~malefiz.games.maedn.rules.apply` and
:func:`~malefiz.games.maedn.rules.legal_moves` for each roll: each move's position after it is another covered
position (the same colour rolls again after a 6, else the other colour rolls, seen from its side) or a win.
Value iteration then finds each position's chance with best play by both: the mean over the six rolls of the
best move's chance, until no chance moves by more than ``--tolerance``. Captures send pieces back, so the
positions form cycles and the iteration converges geometrically rather than in one backward pass.

Writes ``malefiz/games/maedn/learned/endgame_cross.bin`` and appends its figures to
``bench/results/maedn_endgame.txt``. Numpy (a development dependency) solves; the package reads the result with
the standard library.
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from malefiz.core.actions import ROLLS
from malefiz.games.maedn.learned.endgame import SCALE, SIZE, index, placing, possible
from malefiz.games.maedn.rules import apply, legal_moves, new_game
from malefiz.games.maedn.state import PASS, State

ROOT = Path(__file__).resolve().parent.parent
WIN = -1
"""A move's code when it brings the mover's last piece home."""
NEVER = -2
"""The code of a position that cannot occur (two pieces on one track field): it has no moves."""
MOVES = 2
"""At most two moves per roll: only the two lower pieces of the colour to move can move."""

Codes = npt.NDArray[np.int32]


def codes_for(i: int) -> Codes:
    """For the positions with yellow's placing ``i`` (against each of red's), per roll, each move's code:
    ``2 * index`` when yellow rolls again, ``2 * index + 1`` when red rolls next (the index from red's side),
    :data:`WIN`, or :data:`NEVER` for a position that cannot occur."""
    start = new_game("cross", 2)
    out = np.full((SIZE, 6, MOVES), NEVER, dtype=np.int32)
    mine = placing(i)
    for j in range(SIZE):
        theirs = placing(j)
        if not possible(mine, theirs):
            continue
        state: State = start._replace(pieces=(mine, theirs), turn=0)
        for r, roll in enumerate(ROLLS):
            rolled = apply(state, roll)
            moves = legal_moves(rolled) or (PASS,)
            assert len(moves) <= MOVES, (state, r, moves)
            for k in range(MOVES):
                after = apply(rolled, moves[min(k, len(moves) - 1)])
                if after.finished:
                    assert after.finished == (0,)
                    out[j, r, k] = WIN
                    continue
                if after.turn == 0:
                    at = index(after.pieces[0], after.pieces[1])
                else:
                    at = index(after.pieces[1], after.pieces[0])
                assert at is not None, (state, r, after)
                out[j, r, k] = 2 * at + (after.turn != 0)
    return out


def transitions(workers: int) -> Codes:
    with Pool(workers) as pool:
        return np.concatenate(pool.map(codes_for, range(SIZE), chunksize=8))


def solve(codes: Codes, tolerance: float, log: list[str]) -> npt.NDArray[np.float64]:
    """Value iteration: each position's chance for the colour to roll, with best play by both."""
    never = codes[:, 0, 0] == NEVER
    win = codes == WIN
    at = np.maximum(codes, 0) >> 1
    other = (codes & 1).astype(bool) & ~win
    values = np.full(len(codes), 0.5)
    values[never] = 0.0
    sweep = 0
    while True:
        sweep += 1
        nxt = values[at]
        nxt = np.where(other, 1.0 - nxt, nxt)
        nxt[win] = 1.0
        new: npt.NDArray[np.float64] = nxt.max(axis=2).mean(axis=1)
        new[never] = 0.0
        change = float(np.abs(new - values).max())
        values = new
        if sweep % 50 == 0 or change < tolerance:
            log.append(f"sweep {sweep}: largest change {change:.2e}")
            print(log[-1], flush=True)
        if change < tolerance:
            return values


def rounded(values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """The chances as stored: in steps of 1 / :data:`SCALE`, and never 0 or 1 (nobody is home yet in any of the
    positions: a chance shown as 0% or 100% would say the game is decided)."""
    return np.clip(np.rint(values * SCALE), 1, SCALE - 1) / SCALE


def stored(values: npt.NDArray[np.float64]) -> bytes:
    """The table as the package reads it: zlib of one byte per position, the chance times :data:`SCALE`."""
    return zlib.compress(np.rint(rounded(values) * SCALE).astype(np.uint8).tobytes(), 9)


def rounding_loss(codes: Codes, values: npt.NDArray[np.float64]) -> tuple[int, float, float]:
    """Over every decision between two different moves (position and roll): how many there are, and the mean
    and the largest chance lost by choosing by the stored chances (:func:`rounded`) instead of the exact ones."""

    def chances(v: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        nxt = v[np.maximum(codes, 0) >> 1]
        nxt = np.where((codes & 1).astype(bool), 1.0 - nxt, nxt)
        return np.where(codes == WIN, 1.0, nxt)

    exact = chances(values)
    stored = chances(rounded(values))
    choice = codes[:, :, 0] != codes[:, :, 1]
    picked = np.where(stored[:, :, 0] >= stored[:, :, 1], exact[:, :, 0], exact[:, :, 1])
    lost = (exact.max(axis=2) - picked)[choice]
    return int(choice.sum()), float(lost.mean()), float(lost.max())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tolerance", type=float, default=1e-7)
    parser.add_argument("--out", type=Path, default=ROOT / "malefiz/games/maedn/learned/endgame_cross.bin")
    parser.add_argument("--results", type=Path, default=ROOT / "bench" / "results" / "maedn_endgame.txt")
    args = parser.parse_args()
    log = [f"# train/maedn_endgame.py, {time.strftime('%Y-%m-%d')}: {SIZE} x {SIZE} positions"]
    began = time.perf_counter()
    codes = transitions(args.workers)
    log.append(f"moves of every position and roll by the rules: {time.perf_counter() - began:.0f} s")
    print(log[-1], flush=True)
    began = time.perf_counter()
    values = solve(codes, args.tolerance, log)
    log.append(f"solved in {time.perf_counter() - began:.0f} s")
    data = stored(values)
    args.out.write_bytes(data)
    log.append(f"{args.out.name}: {len(data):,} bytes")
    possible_count = int((codes[:, 0, 0] != NEVER).sum())
    log.append(f"positions that can occur: {possible_count:,}")
    start = index((-1, -1, 42, 43), (-1, -1, 42, 43))
    assert start is not None
    log.append(f"both colours with two pieces on B, to roll: {values[start]:.4f}")
    choices, mean, worst = rounding_loss(codes, values)
    log.append(
        f"choosing by the stored chances (1/{SCALE}) rather than the exact ones, over the {choices:,} decisions "
        f"between two moves: {100 * mean:.4f} points lost on average, {100 * worst:.2f} at most"
    )
    print("\n".join(log[-5:]))
    with args.results.open("a") as results:
        results.write("\n".join(log) + "\n")


if __name__ == "__main__":
    main()
