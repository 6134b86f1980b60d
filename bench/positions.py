"""A strength measure without dice noise, as backgammon programs use (issue 27): positions from real games, every
candidate action valued by rollouts, and each bot's chance to win lost per decision (not part of `make test`).

    python bench/positions.py build [--game maedn|malefiz] [--positions 500] [--rollouts N] [--processes 1]
    python bench/positions.py run [--game maedn|malefiz] [--bots easy,medium,hard,...]

``build`` plays games between a mix of bots on every board, with 2 to 6 players and the rule variants
(:data:`FORMS`), and keeps decisions at random (only real choices: two legal actions or more). Each candidate
action of a kept position is valued by rollouts: the game played on from it, every seat by *medium* for the first
:data:`MEDIUM_DECISIONS` decisions and by *greedy* after that (a strong start, a cheap end), the acting player's
share of wins being the action's value. Malefiz rollouts stop after :data:`CUT` decisions and count the game's own
calibrated estimate of the chances there (truncated rollouts, as backgammon programs use). Every candidate of a
position meets the same dice and the same bots' random numbers in its ``r``-th rollout (common random numbers), so
the differences between candidates carry far less noise than the values themselves. Malefiz positions with many
candidates (a barricade's new field) value the best :data:`MAX_CANDIDATES` by :func:`malefiz.core.review.rate` and
every measured bot's choice. The positions and values are written to ``bench/positions/<game>.jsonl`` (committed).

``run`` asks every bot for its choice in every position and prints its average chance to win lost per decision
(the best candidate's value less its choice's, in points, with a 95% interval) and its share of decisions that
lose more than 5 points. A choice the data does not value (a Malefiz bot's field for a barricade outside the
valued candidates, or a bot written later) is valued then by the same rollouts (the position's own seed, so the
same dice as its other candidates) and counted in the column "valued now". Generation seeds start at 5,000,000
(apart from the tuning and the held-out match seeds); position ``i``'s rollouts use :func:`seed_of`.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import maedn_reference_bots
import reference_bots

from malefiz.core.dice import Dice
from malefiz.core.game import Bot, Game
from malefiz.core.play import play
from malefiz.core.review import rate
from malefiz.games import GAMES
from malefiz.games.maedn import odds as maedn_odds

ROOT = Path(__file__).resolve().parent.parent
SEED_BASE = 5_000_000
MEDIUM_DECISIONS = 12
"""Decisions of a rollout played by *medium* before *greedy* takes over."""
MAX_CANDIDATES = 8
"""The most candidates a Malefiz position values (the best by the chances, and every measured bot's choice)."""
ROLLOUTS = {"maedn": 128, "malefiz": 48}
CUT: dict[str, int | None] = {"maedn": MEDIUM_DECISIONS, "malefiz": MEDIUM_DECISIONS}
"""Decisions after which a rollout stops and counts an estimate of the chances there (:data:`ESTIMATES`) instead of
playing to the end (None: to the end): truncated rollouts, as backgammon programs use. Played to the end, a Malefiz
value carried some 7 points of noise with 48 rollouts, more than the bots differ by."""
ESTIMATES: dict[str, Callable[[Any], Sequence[float]]] = {
    "maedn": maedn_odds.win_chances,
    "malefiz": GAMES["malefiz"].face.chances,
}
"""Each game's calibrated estimate of every seat's chance where a rollout stops: one *hard* does not search on, so
that the values do not favour its choices (Mensch ärgere Dich nicht's *hard* searches on its learned network, so
its odds model counts; Malefiz's *hard* searches on the race and the odds, so its learned network counts)."""
DATA = ROOT / "bench" / "positions"

FORMS: dict[str, list[tuple[str, int, tuple[str, ...]]]] = {
    "malefiz": [
        ("classic", 2, ()),
        ("classic", 3, ()),
        ("classic", 4, ()),
        ("fast", 2, ()),
        ("fast", 3, ()),
        ("fast", 4, ()),
        ("classic", 2, ("extra_roll_on_six", "protect_own_pawns")),
        ("classic", 4, ("protect_two_rows",)),
    ],
    "maedn": [
        ("cross", 2, ()),
        ("cross", 3, ()),
        ("cross", 4, ()),
        ("cross", 2, ("two_colours",)),
        ("cross", 3, ("neutral",)),
        ("cross", 4, ("backward_capture", "three_rolls")),
        ("cross", 2, ("barriers", "forced_capture", "no_jump_in_goal")),
        ("star", 6, ()),
        ("star", 3, ()),
    ],
}
"""(board, players, options) of the games positions are taken from, in equal shares."""


def bots_of(game: str) -> dict[str, Bot]:
    """Every bot the benchmark knows for ``game``: the game's own levels and the reference opponents."""
    own = dict(GAMES[game].bots)
    extra = maedn_reference_bots.REFERENCE_BOTS if game == "maedn" else reference_bots.REFERENCE_BOTS
    return {**own, **extra}


MEASURED: dict[str, tuple[str, ...]] = {
    "maedn": ("random", "greedy", "easy", "medium", "hard", "first", "weighted", "expected_loss"),
    "malefiz": ("greedy", "easy", "medium", "hard", "felix", "one_ply_front", "two_ply_expectimax"),
}
"""The bots ``run`` measures by default (and whose choices a Malefiz position values)."""

PLAYERS: dict[str, tuple[str, ...]] = {
    "maedn": ("easy", "medium", "weighted", "expected_loss", "first"),
    "malefiz": ("easy", "medium", "greedy", "one_ply_front", "felix"),
}
"""The bots that play the games positions are taken from: the references and the levels that stay as they are (not
*hard*, which is being improved against these positions; nor Malefiz's slow searchers)."""


def _play(game: Game[Any, Any], state: Any, bots: list[Bot], seed: int, medium_for: int, cut: int | None) -> Any:
    """``state`` played on: every seat by ``bots[0]`` for ``medium_for`` decisions, then by ``bots[1]``; to the
    end, or with ``cut`` to the first roll after that many decisions."""
    decisions = itertools.count()
    made = 0

    def seat(state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
        nonlocal made
        made = next(decisions) + 1
        bot = bots[0] if made <= medium_for else bots[1]
        return bot(state, actions, rng) if len(actions) > 1 else actions[0]

    for step in play(game, state, [seat] * len(state.seats), Dice(seed), random.Random(seed)):
        state = step.after
        if cut is not None and made >= cut and state.is_chance:
            break
    return state


def _won(game_name: str, state: Any, seat: int) -> float:
    """``seat``'s share of a rollout: 1 or 0 once the game is over, else the estimate of its chance
    (:data:`ESTIMATES`)."""
    if state.is_over:
        return float(bool(state.ranking) and seat in state.ranking[0])
    return ESTIMATES[game_name](state)[seat]


def _choices(game: Game[Any, Any], state: Any, seats: list[Bot], dice: Dice, rng: random.Random) -> list[Any]:
    """The positions of a game played to the end by ``seats`` where the player to act had a real choice."""
    found = []

    def seat(state: Any, actions: Sequence[Any], rng: random.Random) -> Any:
        if len(actions) > 1:
            found.append(state)
        return seats[state.current_seat](state, actions, rng)

    for _ in play(game, state, [seat] * len(state.seats), dice, rng):
        pass
    return found


def sample(game_name: str, count: int, seed: int) -> Iterator[tuple[str, Any]]:
    """``count`` positions (form name, state) from games between :data:`PLAYERS`, spread over :data:`FORMS`."""
    game = GAMES[game_name]
    bots = bots_of(game_name)
    forms = FORMS[game_name]
    rng = random.Random(seed)
    for i in range(count):
        board, players, options = forms[i % len(forms)]
        form = f"{board} {players}p" + "".join(f" +{o}" for o in options)
        history: list[Any] = []
        while not history:
            state = game.new_game(board, players, options)
            seats = [bots[rng.choice(PLAYERS[game_name])] for _ in range(len(state.seats))]
            dice, play_rng = Dice(rng.randrange(2**31)), random.Random(rng.randrange(2**31))
            keep = rng.random() * 0.9  # how far into the game (its share of decisions) the position lies
            history = _choices(game, state, seats, dice, play_rng)
        yield form, history[min(len(history) - 1, int(keep * len(history)))]


def seed_of(index: int) -> int:
    """The seed of position ``index``'s rollouts: its ``r``-th rollout, for every candidate, plays dice ``seed + r``."""
    return SEED_BASE + 1000 * (index + 1)


def rollout_wins(game_name: str, state: Any, action: str, rollouts: int, seed: int) -> float:
    """The acting player's wins (a share of a win for a cut rollout) over ``rollouts`` rollouts after ``action``."""
    game = GAMES[game_name]
    seat = state.current_seat
    bots = [game.bots["medium"], game.bots["greedy"]]
    after = game.apply(state, game.parse_action(action))
    cut = CUT[game_name]
    ends = (_play(game, after, bots, seed + r, MEDIUM_DECISIONS, cut) for r in range(rollouts))
    return round(sum(_won(game_name, end, seat) for end in ends), 4)


def _value(job: tuple[str, str, str, list[str], int, int]) -> dict[str, Any]:
    """One position's candidates valued by ``rollouts`` rollouts each (common random numbers)."""
    game_name, form, position, candidates, rollouts, seed = job
    state = GAMES[game_name].parse_position(position)
    wins = [rollout_wins(game_name, state, text, rollouts, seed) for text in candidates]
    cut = CUT[game_name]
    found = {"form": form, "position": position, "candidates": candidates, "wins": wins, "rollouts": rollouts}
    return found if cut is None else {**found, "cut": cut}


def _candidates(game_name: str, state: Any, index: int) -> list[str]:
    """The actions a position values: every legal one, or for a Malefiz position with many the best
    :data:`MAX_CANDIDATES` by the chances and every measured bot's choice."""
    game = GAMES[game_name]
    actions = game.legal_actions(state)
    if len(actions) <= MAX_CANDIDATES:
        return [str(a) for a in actions]
    chosen = [r.action for r in rate(game, game.face, state)[:MAX_CANDIDATES]]
    bots = bots_of(game_name)
    for name in MEASURED[game_name]:
        pick = bots[name](state, actions, random.Random(index))
        if pick not in chosen:
            chosen.append(pick)
    return [str(a) for a in chosen]


class _Serial:
    """A pool of one: the work in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, work: Any, jobs: list[Any]) -> Iterator[Any]:
        return map(work, jobs)


def build(game_name: str, count: int, rollouts: int, processes: int, data: Path = DATA) -> Path:
    """Write ``bench/positions/<game>.jsonl``: ``count`` positions and their candidates' rollout wins."""
    game = GAMES[game_name]
    started = time.perf_counter()
    jobs = []
    for i, (form, state) in enumerate(sample(game_name, count, SEED_BASE)):
        candidates = _candidates(game_name, state, i)
        jobs.append((game_name, form, game.format_position(state), candidates, rollouts, seed_of(i)))
    print(f"{game_name}: {len(jobs)} positions sampled in {time.perf_counter() - started:.0f} s", flush=True)
    data.mkdir(parents=True, exist_ok=True)
    target = data / f"{game_name}.jsonl"
    done = []
    with Pool(processes) if processes > 1 else _Serial() as pool:
        for n, found in enumerate(pool.imap(_value, jobs), start=1):
            done.append(found)
            if n % 25 == 0:
                print(f"  {n}/{len(jobs)} valued ({time.perf_counter() - started:.0f} s)", flush=True)
    target.write_text("".join(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n" for d in done))
    print(f"wrote {target} ({len(done)} positions, {time.perf_counter() - started:.0f} s)")
    return target


def load(game_name: str, data: Path = DATA) -> list[dict[str, Any]]:
    """The committed positions of ``game_name``."""
    return [json.loads(line) for line in (data / f"{game_name}.jsonl").read_text().splitlines() if line]


def losses(game_name: str, bot_name: str, positions: list[dict[str, Any]]) -> tuple[list[float], int]:
    """``bot_name``'s loss in every position (points: the best candidate's value less its choice's, a choice the data
    does not value valued now by the position's own rollouts), and how many of its choices were valued now."""
    game = GAMES[game_name]
    bot = bots_of(game_name)[bot_name]
    found, unvalued = [], 0
    for i, p in enumerate(positions):
        state = game.parse_position(p["position"])
        values = [w / p["rollouts"] for w in p["wins"]]
        pick = str(bot(state, game.legal_actions(state), random.Random(i)))
        if pick in p["candidates"]:
            value = values[p["candidates"].index(pick)]
        else:
            unvalued += 1
            value = rollout_wins(game_name, state, pick, p["rollouts"], seed_of(i)) / p["rollouts"]
        found.append(100 * (max([*values, value]) - value))
    return found, unvalued


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) if n > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(n)


def run(game_name: str, bot_names: list[str], data: Path = DATA, base: str = "hard") -> None:
    """Print every bot's figures on ``game_name``'s positions, and its loss less ``base``'s, position by position
    (the paired difference: the positions' own noise cancels)."""
    positions = load(game_name, data)
    forms = sorted({p["form"] for p in positions})
    rollouts = sorted({p["rollouts"] for p in positions})
    cuts = sorted({p.get("cut", 0) for p in positions})
    how = "to the end" if cuts == [0] else f"cut after {cuts} decisions"
    print(
        f"{game_name}: {len(positions)} positions from {len(forms)} kinds of game, {rollouts} rollouts per candidate,"
    )
    print(f"each {how}")
    paired = f"less {base}, paired"
    print(f"{'bot':<20} {'loss per decision':>22} {'> 5 points':>11} {'valued now':>11} {paired:>24}")
    base_losses, _ = losses(game_name, base, positions)
    for name in bot_names:
        found, unvalued = losses(game_name, name, positions)
        mean, half = mean_interval(found)
        big = sum(x > 5 for x in found) / len(found)
        diff, diff_half = mean_interval([a - b for a, b in zip(found, base_losses, strict=True)])
        print(
            f"{name:<20} {mean:>7.2f} points ± {half:.2f} {big:>10.1%} {unvalued:>11}"
            f"   {diff:>+7.2f} points ± {diff_half:.2f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("build", "run"))
    parser.add_argument("--game", choices=("maedn", "malefiz", "both"), default="both")
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--rollouts", type=int, default=0, help="per candidate (default: 128 maedn, 48 malefiz)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bots", default="", help="comma-separated (default: every level and reference)")
    parser.add_argument("--data", type=Path, default=DATA, help="where the positions are (default: bench/positions)")
    args = parser.parse_args()
    for game_name in ("maedn", "malefiz") if args.game == "both" else (args.game,):
        if args.command == "build":
            build(game_name, args.positions, args.rollouts or ROLLOUTS[game_name], args.processes, args.data)
        else:
            run(game_name, args.bots.split(",") if args.bots else list(MEASURED[game_name]), args.data)


if __name__ == "__main__":
    main()
