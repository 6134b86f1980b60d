"""Mensch ärgere Dich nicht: train the learned evaluation by self-play with TD(λ), as TD-Gammon was (issue 27).

    python train/maedn_td.py [--seed 27] [--forms cross2,cross3,cross4,star3,star6] [--games 1.0] [--every N]
                             [--hidden N] [--resume] [--snapshots] [--mix P]
                             [--out malefiz/games/maedn/learned] [--results bench/results/train_maedn.txt]

For each form (``cross2``: two players on opposite colours of the cross, ``cross3``: three, ``cross4``: four,
``star2``, ``star3``, ``star6``: two, three and six on the star; ``--forms star2`` trains the one the defaults leave
out) a network of :mod:`malefiz.games.maedn.learned` (its sparse inputs, a hidden layer of sigmoid units, one
softmax output per colour: the chance to be home first) plays itself: each colour takes the move whose position
after it the network likes best for it (a few random moves early on). After each game every position before a roll
is moved towards its TD(λ) target, the λ-return of the network's own later values and the game's result (offline,
forward view; cross-entropy; Adam).

Every ``--every`` games it prints its learning curve: the log loss of the last games' positions against
their results, and the win rate of the network (one ply, the colour's best position after its move) against
reference (b) ``weighted`` over a fixed set of tuning seeds (< 10,000; cross2 paired with seats swapped,
the others rotating the network round the seats). The figures are appended to ``bench/results/train_maedn.txt``.

``--mix P`` lets reference (b) play each colour of a game with chance P instead of the network (its positions are
learned from all the same): a network of the positions such opponents bring about (session 25 tried it for four
colours: no stronger against three (b), ``bench/TRIES.md``).

``--snapshots`` also writes the network at every point of the curve, as ``snapshots/weights_<board>_<form>_<games>.py``
in ``--out`` (each a weights module with that form only: ``bench/maedn_learned.py --weights`` measures it).
``--hidden`` trains networks of that many hidden units instead of each form's own; ``--resume`` goes on from the
networks the weights modules in ``--out`` hold (for ``--games`` times the form's games, at the lower learning rate
of a fresh run's second half; use another ``--seed``, or the dice repeat those of the first run).

Reproducible: numpy's generator and Python's ``random`` are seeded from ``--seed``; one process.
Writes ``weights_cross.py`` and ``weights_star.py`` (generated: do not edit) into ``--out``
(``malefiz/games/maedn/learned/``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from maedn_reference_bots import weighted
from td import (
    Array,
    Curve,
    Entry,
    Net,
    against,
    append_results,
    dense,
    export,
    read_models,
    self_play_curve,
    td_step,
    write_form,
)

from malefiz.core.actions import ROLLS
from malefiz.games.maedn.learned import features, stride_of
from malefiz.games.maedn.rules import apply, legal_moves, new_game
from malefiz.games.maedn.state import PASS, Move, Phase, State

ROOT = Path(__file__).resolve().parent.parent

FORMS: dict[str, tuple[str, int, int, int]] = {
    "cross2": ("cross", 2, 500_000, 32),
    "cross3": ("cross", 3, 200_000, 32),
    "cross4": ("cross", 4, 12_000, 32),
    "star2": ("star", 2, 150_000, 24),
    "star3": ("star", 3, 100_000, 32),
    "star6": ("star", 6, 5_000, 32),
}
"""Per form: board, colours, games (before ``--games`` scales them), hidden units. Two colours: 500,000 games
(session 21: against (b) and (c) some 2 points more than after 20,000, ``bench/TRIES.md``). Three colours (session
25): 200,000 games on the cross, some 27 minutes; 100,000 on the star, some 25. Two on the star (session 26, ``--seed
31``): 150,000 games, 24 hidden units so that the star's weights stay under 100 KB, some 24 minutes."""

TEMPERATURE: dict[str, float] = {"cross2": 0.8}
"""Per form, what the shipped network's output logits are divided by (:func:`td.export`): fitted on the log loss of
*medium*'s games (1,500 games from seed 3,000,000: 0.5458 at 1, 0.5413 at 0.8, 0.5417 at 0.7, 0.5430 at 0.9); the
long-trained network's chances were too timid. 1 where not given."""

LAMBDA = 0.7
RATE = 0.003
EXPLORE = 0.02
TUNING_SEEDS = range(1000, 1200)
"""Seeds of the curve's games against (b): below 10,000, never the held-out ones."""


def relative_chance(net: Net, states: list[State], slot: int, inputs: int) -> Array:
    """For each state (phase ROLL, nobody home), the chance the network gives the colour in ``slot``."""
    x = dense([features(s) for s in states], inputs)
    _, p = net.forward(x)
    n = p.shape[1]
    return np.array([p[i, (slot - s.turn) % n] for i, s in enumerate(states)])


def choose(net: Net, state: State, inputs: int) -> Move | None:
    """The move whose position after it the network likes best for the colour to move (None: pass)."""
    moves = legal_moves(state)
    if len(moves) <= 1:
        return moves[0] if moves else None
    slot = state.turn
    afters = [apply(state, m) for m in moves]
    for m, a in zip(moves, afters, strict=True):
        if a.finished:
            return m  # home first: the game is won
    return moves[int(np.argmax(relative_chance(net, afters, slot, inputs)))]


def self_play(
    net: Net, board: str, colours: int, rng: random.Random, inputs: int, mix: float = 0.0
) -> tuple[list[State], int]:
    """One game of the network against itself until a colour is home: the states before each roll, the winner.
    With ``mix`` each colour is played by reference (b) ``weighted`` instead, with that chance (drawn per game)."""
    start = new_game(board, colours)
    state = start._replace(turn=rng.randrange(colours))
    seen: list[State] = []
    by_b = [mix > 0 and rng.random() < mix for _ in range(colours)]
    while not state.finished:
        if state.phase is Phase.ROLL:
            seen.append(state)
            state = apply(state, ROLLS[rng.randrange(6)])
            continue
        moves = legal_moves(state)
        if not moves:
            state = apply(state, PASS)
        elif len(moves) > 1 and rng.random() < EXPLORE:
            state = apply(state, moves[rng.randrange(len(moves))])
        elif by_b[state.turn]:
            state = apply(state, weighted(state, moves, rng))
        else:
            chosen = choose(net, state, inputs)
            state = apply(state, chosen if chosen is not None else PASS)
    return seen, state.finished[0]


def net_bot(net: Net, inputs: int) -> Any:
    def bot(state: State, actions: Any, rng: random.Random) -> Any:
        if state.neutral is not None:
            raise AssertionError("no neutral colour in training")
        moves = [a for a in actions if isinstance(a, Move)]
        if not moves:
            return actions[0]
        chosen = choose(net, state, inputs)
        return chosen if chosen is not None else actions[0]

    return bot


def against_weighted(net: Net, board: str, colours: int, inputs: int) -> tuple[float, int]:
    """The network's win rate (one ply) against (b) over the tuning seeds: paired or rotated through the seats."""
    from malefiz.games.maedn.game import MAEDN

    seeds = TUNING_SEEDS if colours == 2 else range(TUNING_SEEDS.start, TUNING_SEEDS.start + 120 // colours)
    return against(MAEDN, net_bot(net, inputs), weighted, board, colours, seeds), len(seeds) * colours


def train(
    name: str,
    seed: int,
    scale: float,
    every: int,
    log: list[str],
    hidden: int = 0,
    resume: Path | None = None,
    keep: Callable[[int, Entry], None] | None = None,
    mix: float = 0.0,
) -> Entry:
    """Train form ``name`` (``hidden`` units, 0: the form's own; ``resume``: go on from the network that weights
    module holds, at the second half's learning rate) and return its weights module entry; ``keep`` is given the
    games so far and the entry at every point of the curve."""
    board, colours, games, own_hidden = FORMS[name]
    hidden = hidden or own_hidden
    games = max(1, round(games * scale))
    every = every or max(1, games // 8)
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    sample = new_game(board, colours)
    stride = stride_of(sample.seating.length)
    inputs = colours * stride
    temperature = TEMPERATURE.get(name, 1.0)
    if resume is None:
        net = Net.fresh(nrng, inputs, hidden, colours)
    else:  # Adam starts afresh
        net = Net.shipped(read_models(resume)[name], temperature)
    hidden = net.w1.shape[1]
    curve = Curve(log)
    start = "" if resume is None else f", going on from {resume.name}"
    shape = f"{board} board, {colours} colours, {inputs} inputs, {hidden} hidden"
    curve.say(f"{name}: {shape}, {games} games, seed {seed}{start}")
    curve.header("(b)")
    curve.point(0, "", *against_weighted(net, board, colours, inputs))

    def learn(g: int) -> float:
        rate = RATE if g < games // 2 and resume is None else RATE / 3
        seen, winner = self_play(net, board, colours, rng, inputs, mix)
        x = dense([features(s) for s in seen], inputs)
        return td_step(net, x, [s.turn for s in seen], winner, colours, rate, LAMBDA)

    def measure() -> tuple[float, int]:
        return against_weighted(net, board, colours, inputs)

    for point, _ in enumerate(self_play_curve(games, every, learn, measure, curve), 1):
        if keep is not None:
            keep(min(point * every, games), export(net, colours, stride, temperature))
    curve.say(f"(parity against (b): {1 / colours:.1%}; log loss of even chances: {np.log(colours):.3f})")
    return export(net, colours, stride, temperature)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--forms", default="cross2,cross3,cross4,star3,star6")
    parser.add_argument("--games", type=float, default=1.0, help="multiply every form's game count")
    parser.add_argument("--every", type=int, default=0, help="games between two points of the curve (0: an eighth)")
    parser.add_argument("--hidden", type=int, default=0, help="hidden units (0: each form's own)")
    parser.add_argument("--resume", action="store_true", help="go on from the networks in --out")
    parser.add_argument("--mix", type=float, default=0.0, help="chance that a colour is played by (b) in a game")
    parser.add_argument("--snapshots", action="store_true", help="keep the network at every point of the curve")
    parser.add_argument("--out", type=Path, default=ROOT / "malefiz" / "games" / "maedn" / "learned")
    parser.add_argument("--results", type=Path, default=ROOT / "bench" / "results" / "train_maedn.txt")
    args = parser.parse_args()
    log = [
        f"# train/maedn_td.py --seed {args.seed} --forms {args.forms} --games {args.games} --every {args.every}"
        + (f" --hidden {args.hidden}" if args.hidden else "")
        + (" --resume" if args.resume else "")
        + (" --snapshots" if args.snapshots else "")
        + (f" --mix {args.mix}" if args.mix else "")
    ]
    for name in args.forms.split(","):  # the forms not trained now keep their networks (each form has its own seeds)
        board = FORMS[name][0]
        module = args.out / f"weights_{board}.py"
        resume = module if args.resume else None

        def keep(games: int, entry: Entry, name: str = name, board: str = board) -> None:
            snapshot = args.out / "snapshots" / f"weights_{board}_{name}_{games}.py"
            snapshot.parent.mkdir(parents=True, exist_ok=True)
            write_form(snapshot, f"for the {board} board", "train/maedn_td.py", name, entry)

        entry = train(
            name,
            args.seed,
            args.games,
            args.every,
            log,
            args.hidden,
            resume,
            keep if args.snapshots else None,
            args.mix,
        )
        write_form(module, f"for the {board} board", "train/maedn_td.py", name, entry)
        append_results(args.results, log)  # after every form: a long run keeps what it has


if __name__ == "__main__":
    main()
