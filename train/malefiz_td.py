"""Malefiz: train the learned evaluation, first on the references' games, then by self-play with TD(λ) (issue 27).

    python train/malefiz_td.py [--seed 27] [--forms fast2,classic2] [--games 1.0] [--self-play N]

For each form (a board and a number of players) a network of :mod:`malefiz.games.malefiz.learned` (its sparse
inputs read from the dice's view of the board and from the race, a hidden layer of sigmoid units, one softmax
output per player: the chance to win) first learns the results of games between the reference (e)
``one_ply_front`` and *medium* (a network of random weights plays self-play games that hardly ever end). Then it
plays itself: each player takes the move whose position after it the network likes best for it (a barricade
taken on the way counted where (e) would put it), a barricade it takes goes where the network likes it best
among the places *hard* would consider (:func:`.learned.places`), and a few moves are random. After each game
every position before a roll is moved towards its TD(λ) target, the λ-return of the network's own later values
and the game's result (offline, forward view; cross-entropy; Adam: ``train/td.py``, shared with
``train/maedn_td.py``).

Every ``--every`` games it prints its learning curve: the log loss of the last games' positions against their
results, and the win rate of the network (one ply) against (e) over a fixed set of tuning seeds (< 10,000; two
players paired with seats swapped, four rotating the network round the seats). The network kept is the one that
scored best there. The figures are appended to ``bench/results/train_malefiz.txt``.

Reproducible: numpy's generator and Python's ``random`` are seeded from ``--seed``; one process (``--forms`` one
at a time in several processes to use several cores). Writes ``weights_classic.py`` and ``weights_fast.py``
(generated: do not edit) into ``--out`` (``malefiz/games/malefiz/learned/``), keeping the forms not trained.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from reference_bots import one_ply_front
from td import Array, Curve, Entry, Net, against, append_results, dense, export, self_play_curve, td_step, write_form

from malefiz.core.actions import ROLLS
from malefiz.games.malefiz.bots import _front_place, _place_candidates, medium
from malefiz.games.malefiz.game import MALEFIZ
from malefiz.games.malefiz.learned import features, places, stride_of
from malefiz.games.malefiz.rules import apply, legal_actions, new_game
from malefiz.games.malefiz.state import Action, Move, Phase, Place, State

ROOT = Path(__file__).resolve().parent.parent

FORMS: dict[str, tuple[str, int, int, int, int]] = {
    "classic2": ("classic", 2, 3_000, 600, 32),
    "fast2": ("fast", 2, 3_000, 2_000, 32),
}
"""Per form: board, players, games of the references first learned from, self-play games (both before
``--games`` scales them), hidden units."""

LAMBDA = 0.7
RATE = 0.003
SELF_PLAY_RATE = 0.0003
"""Adam's step size in self-play, after the references' games (a tenth of theirs: self-play only refines)."""
EXPLORE = 0.02
LONGEST = 3000
"""Rolls after which a self-play game is cut off (and not learned from)."""
WARM_EPOCHS = 4
"""Passes over the references' games (see :func:`warm_start`)."""
TUNING_SEEDS = range(2000, 2050)
"""Seeds of the curve's games against (e): below 10,000, never the held-out ones."""


def values(net: Net, states: list[State], me: int, inputs: int) -> Array:
    """For each state (phase ROLL, or over), the chance the network gives player ``me`` (exact once over)."""
    out = np.zeros(len(states))
    live = [i for i, s in enumerate(states) if not s.is_over]
    for i, s in enumerate(states):
        if s.is_over:
            out[i] = 1.0 if s.turn == me else 0.0
    if live:
        _, p = net.forward(dense([features(states[i]) for i in live], inputs))
        n = p.shape[1]
        for row, i in enumerate(live):
            out[i] = p[row, (me - states[i].turn) % n]
    return out


def settle(after: State) -> State:
    """``after`` with a taken barricade put right in front of the opponents' leading pawn (as *hard* does on the
    classic board with two players), or where the first of the most promising places is."""
    if after.phase is not Phase.PLACE:
        return after
    front = _front_place(after)
    return apply(after, front if front is not None else _place_candidates(after, 1)[0])


def choose(net: Net, state: State, actions: list[Action], inputs: int) -> Action:
    """The action whose position after it (its barricade put back) the network likes best for the mover."""
    if len(actions) == 1:
        return actions[0]
    me = state.turn
    if isinstance(actions[0], Place):
        afters = [apply(state, a) for a in actions]
    else:
        afters = [settle(apply(state, a)) for a in actions]
    return actions[int(np.argmax(values(net, afters, me, inputs)))]


def self_play(net: Net, board: str, players: int, rng: random.Random, inputs: int) -> tuple[list[State], int | None]:
    """One game of the network against itself: the states before each roll, and the winner's index (None: the
    game was cut off after :data:`LONGEST` rolls)."""
    state = new_game(board, players)
    state = state._replace(turn=rng.randrange(players))
    seen: list[State] = []
    while not state.is_over:
        if len(seen) >= LONGEST:
            return seen, None
        if state.phase is Phase.ROLL:
            seen.append(state)
            state = apply(state, ROLLS[rng.randrange(6)])
            continue
        actions = legal_actions(state)
        if state.phase is Phase.PLACE:
            actions = places(state)
        if len(actions) > 1 and rng.random() < EXPLORE and isinstance(actions[0], Move):
            action = actions[rng.randrange(len(actions))]
        else:
            action = choose(net, state, actions, inputs)
        state = apply(state, action)
    return seen, state.turn


def warm_start(
    net: Net, board: str, players: int, games: int, rng: random.Random, inputs: int, seen_inputs: Array
) -> float:
    """Teach the fresh network the results of ``games`` games of the references (e) and *medium* (each seat
    either): a network of random weights plays self-play games that hardly ever end. The log loss of the last
    pass (on a sample of the positions)."""
    bots = [one_ply_front, medium]
    xs: list[list[int]] = []
    targets: list[list[float]] = []
    for _ in range(games):
        seated = [rng.choice(bots) for _ in range(players)]
        state = new_game(board, players)._replace(turn=rng.randrange(players))
        seen: list[State] = []
        while not state.is_over:
            if state.phase is Phase.ROLL:
                seen.append(state)
                state = apply(state, ROLLS[rng.randrange(6)])
                continue
            actions = legal_actions(state)
            state = apply(state, seated[state.turn](state, actions, rng))
        for s in seen:
            xs.append(features(s))
            targets.append([1.0 if (s.turn + k) % players == state.turn else 0.0 for k in range(players)])
    y = np.array(targets)
    for active in xs:
        seen_inputs[active] = 1.0
    sample = rng.sample(range(len(xs)), min(len(xs), 20_000))
    loss = 0.0
    for _ in range(WARM_EPOCHS):
        order = rng.sample(range(len(xs)), len(xs))
        for start in range(0, len(order), 256):
            batch = order[start : start + 256]
            net.step(dense([xs[i] for i in batch], inputs), y[batch], RATE)
        _, p = net.forward(dense([xs[i] for i in sample], inputs))
        loss = float(-np.log(np.clip((p * y[sample]).sum(axis=1), 1e-9, 1.0)).mean())
    return loss


def net_bot(net: Net, inputs: int) -> Any:
    def bot(state: State, actions: Any, rng: random.Random) -> Any:
        options = places(state) if isinstance(actions[0], Place) else list(actions)
        return choose(net, state, options, inputs)

    return bot


def against_front(net: Net, board: str, players: int, inputs: int) -> tuple[float, int]:
    """The network's win rate (one ply) against (e) over the tuning seeds: paired or rotated through the seats."""
    seeds = TUNING_SEEDS if players == 2 else range(TUNING_SEEDS.start, TUNING_SEEDS.start + 60 // players)
    return against(MALEFIZ, net_bot(net, inputs), one_ply_front, board, players, seeds), len(seeds) * players


def train(name: str, seed: int, scale: float, every: int, log: list[str], self_play_games: int | None = None) -> Entry:
    board, players, warm_games, games, hidden = FORMS[name]
    warm_games = max(1, round(warm_games * scale))
    games = max(1, round(games * scale)) if self_play_games is None else self_play_games
    every = every or max(1, games // 6)
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    stride = stride_of(len(new_game(board, players).pawns[0]))
    inputs = players * stride
    net = Net.fresh(nrng, inputs, hidden, players)
    curve = Curve(log)
    curve.say(f"{name}: {board} board, {players} players, {inputs} inputs, {hidden} hidden, seed {seed}")
    curve.say(f"first {warm_games} games of (e) and medium, then {games} self-play games")
    curve.header("(e)")
    seen_inputs = np.zeros(inputs)  # 1 for every input some training position had active
    warm = warm_start(net, board, players, warm_games, rng, inputs, seen_inputs)
    rate0, played = against_front(net, board, players, inputs)
    curve.point("first", warm, rate0, played)
    best, kept = rate0, copy.deepcopy(net)
    cut = 0

    def learn(g: int) -> float | None:
        nonlocal cut
        seen, winner = self_play(net, board, players, rng, inputs)
        if winner is None:
            cut += 1
            return None
        x = dense([features(s) for s in seen], inputs)
        seen_inputs[x.any(axis=0)] = 1.0
        return td_step(net, x, [s.turn for s in seen], winner, players, SELF_PLAY_RATE, LAMBDA)

    for won in self_play_curve(games, every, learn, lambda: against_front(net, board, players, inputs), curve):
        if won > best:
            best, kept = won, copy.deepcopy(net)
    if cut:
        curve.say(f"({cut} self-play games cut off after {LONGEST} rolls, not learned from)")
    curve.say(f"(parity against (e): {1 / players:.1%}; log loss of even chances: {np.log(players):.3f})")
    curve.say(f"kept: the network that scored best against (e) on the curve, {best:.1%}")
    net = kept
    net.w1[seen_inputs == 0.0] = 0.0  # inputs never seen keep no random weights (they would not compress)
    return export(net, players, stride)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--forms", default="fast2,classic2")
    parser.add_argument("--games", type=float, default=1.0, help="multiply every form's game count")
    parser.add_argument("--self-play", type=int, default=None, help="self-play games (default: the form's, scaled)")
    parser.add_argument("--every", type=int, default=0, help="games between two points of the curve (0: a sixth)")
    parser.add_argument("--out", type=Path, default=ROOT / "malefiz" / "games" / "malefiz" / "learned")
    parser.add_argument("--results", type=Path, default=ROOT / "bench" / "results" / "train_malefiz.txt")
    args = parser.parse_args()
    log = [
        f"# train/malefiz_td.py --seed {args.seed} --forms {args.forms} --games {args.games} --every {args.every}"
        f" --self-play {args.self_play}"
    ]
    for name in args.forms.split(","):
        entry = train(name, args.seed, args.games, args.every, log, args.self_play)
        board = FORMS[name][0]
        module = args.out / f"weights_{board}.py"
        write_form(module, f"for Malefiz's {board} board", "train/malefiz_td.py", name, entry)
        append_results(args.results, log)


if __name__ == "__main__":
    main()
