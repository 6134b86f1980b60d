"""What the training scripts of both games share: the network being trained (numpy, Adam, cross-entropy of a
softmax over the players), the TD(λ) targets of a game's positions, the self-play loop with its learning curve,
and the generated weights modules the package reads with :func:`malefiz.core.network.build`."""

from __future__ import annotations

import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from malefiz.core.game import Bot, Game
from malefiz.core.network import LEVELS, Entry, build, encode, shapes
from malefiz.core.tournament import play_game, winner_of

__all__ = [
    "Array",
    "Curve",
    "Entry",
    "Net",
    "against",
    "append_results",
    "calibrated",
    "dense",
    "export",
    "lambda_targets",
    "read_models",
    "self_play_curve",
    "td_step",
    "weights_module",
    "write_form",
]

Array = npt.NDArray[np.float64]


@dataclass
class Net:
    """The network being trained, with Adam's moments."""

    w1: Array
    b1: Array
    w2: Array
    b2: Array
    moments: list[tuple[Array, Array]] = field(default_factory=list)
    steps: int = 0

    @classmethod
    def of(cls, w1: Array, b1: Array, w2: Array, b2: Array) -> Net:
        """A network with these weights, Adam's moments at zero."""
        net = cls(w1, b1, w2, b2)
        net.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in net.params()]
        return net

    @classmethod
    def fresh(cls, rng: np.random.Generator, inputs: int, hidden: int, outputs: int) -> Net:
        return cls.of(
            rng.normal(0.0, 0.1, (inputs, hidden)),
            np.zeros(hidden),
            rng.normal(0.0, 0.1, (outputs, hidden)),
            np.zeros(outputs),
        )

    @classmethod
    def shipped(cls, entry: Entry, temperature: float = 1.0) -> Net:
        """The network a weights module's ``entry`` holds, the ``temperature`` it was exported with undone."""
        colours, stride, hidden, data, scales = entry
        m = build(colours, stride, hidden, data, calibrated(scales, 1.0 / temperature))
        return cls.of(np.array(m.w1), np.array(m.b1), np.array(m.w2), np.array(m.b2))

    def params(self) -> list[Array]:
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: Array) -> tuple[Array, Array]:
        """Hidden units and softmax outputs for dense inputs ``x`` (rows)."""
        h = 1.0 / (1.0 + np.exp(-(x @ self.w1 + self.b1)))
        z = h @ self.w2.T + self.b2
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return h, e / e.sum(axis=1, keepdims=True)

    def step(self, x: Array, target: Array, rate: float) -> None:
        """One Adam step of the mean cross-entropy of the outputs for ``x`` against ``target`` (rows)."""
        h, p = self.forward(x)
        d = (p - target) / len(x)
        dh = (d @ self.w2) * h * (1.0 - h)
        grads = [x.T @ dh, dh.sum(axis=0), d.T @ h, d.sum(axis=0)]
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for param, grad, (m, v) in zip(self.params(), grads, self.moments, strict=True):
            m *= b1
            m += (1 - b1) * grad
            v *= b2
            v += (1 - b2) * grad * grad
            mh = m / (1 - b1**self.steps)
            vh = v / (1 - b2**self.steps)
            param -= rate * mh / (np.sqrt(vh) + 1e-8)


def dense(rows: list[list[int]], inputs: int) -> Array:
    x = np.zeros((len(rows), inputs))
    for r, active in enumerate(rows):
        for i in active:
            x[r, i] += 1.0
    return x


def lambda_targets(absolute: Array, winner: int, lam: float) -> Array:
    """Per position (rows, each player's chance by the network in absolute player order), its λ-return: the
    network's own later values and the game's result (1 for ``winner``), offline, forward view."""
    colours = absolute.shape[1]
    target = np.zeros_like(absolute)
    g = np.zeros(colours)
    g[winner] = 1.0
    for t in range(len(absolute) - 1, -1, -1):
        target[t] = g
        g = (1 - lam) * absolute[t] + lam * g
    return target


def td_step(net: Net, x: Array, turns: list[int], winner: int, players: int, rate: float, lam: float) -> float:
    """Move every position of a game (dense inputs ``x``, each relative to the player ``turns[i]`` to act) towards
    its λ-return; the positions' log loss against the result (``winner`` won)."""
    _, p = net.forward(x)
    idx = (np.arange(players)[None, :] + np.array(turns)[:, None]) % players  # absolute player of relative output
    absolute = np.zeros_like(p)
    np.put_along_axis(absolute, idx, p, axis=1)
    target = np.take_along_axis(lambda_targets(absolute, winner, lam), idx, axis=1)
    loss = float(-np.log(np.clip(absolute[:, winner], 1e-9, 1.0)).mean())
    net.step(x, target, rate)
    return loss


def against(game: Game[Any, Any], bot: Bot, opponent: Bot, board: str, players: int, seeds: range) -> float:
    """``bot``'s win rate against ``players - 1`` copies of ``opponent``: every seed once in every seat."""
    wins = games = 0
    for seed in seeds:
        for seat in range(players):
            bots = [opponent] * players
            bots[seat] = bot
            wins += int(winner_of(play_game(game, bots, seed, board)) == seat)
            games += 1
    return wins / games


def weights_module(what: str, script: str, models: dict[str, Entry]) -> str:
    """The text of a generated weights module holding ``models`` (``what``: whose networks, for its docstring)."""
    lines = [
        f'"""The learned evaluation\'s networks {what} (generated by {script}: do not edit).',
        "",
        "Per form: players, inputs per player, hidden units, the weights (base64 of zlib of bytes: network.encode) and",
        "one scale per tensor (first layer, its biases, output layer, its biases); read by",
        ":func:`malefiz.core.network.build`.",
        '"""',
        "",
        "from typing import Final",
        "",
        "MODELS: Final[dict[str, tuple[int, int, int, str, tuple[float, ...]]]] = {",
    ]
    for name, (colours, stride, hidden, data, scales) in models.items():
        lines.append(f'    "{name}": (')
        lines.append(f"        {colours},")
        lines.append(f"        {stride},")
        lines.append(f"        {hidden},")
        lines.append("        (")
        lines.extend(f'            "{chunk}"' for chunk in textwrap.wrap(data, 100))
        lines.append("        ),")
        lines.append(f"        ({', '.join(repr(s) for s in scales)}),")
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def export(net: Net, colours: int, stride: int, temperature: float = 1.0) -> Entry:
    """A weights module's entry for ``net`` (one scale per tensor: its largest value is :data:`LEVELS`), its
    outputs' logits divided by ``temperature`` (below 1: surer chances; the integers stay, the output layer's
    scales are divided)."""
    tensors = [net.w1.ravel(), net.b1, net.w2.ravel(), net.b2]
    scales = tuple(max(float(np.abs(t).max()), 1e-6) / LEVELS for t in tensors)
    values = [float(v) for t in tensors for v in t]
    data = encode(values, scales, shapes(colours, stride, net.w1.shape[1]))
    return colours, stride, net.w1.shape[1], data, calibrated(scales, temperature)


def calibrated(scales: tuple[float, ...], temperature: float) -> tuple[float, ...]:
    """A network's scales with its output layer's (the last two) divided by ``temperature``."""
    return (*scales[:2], *(s / temperature for s in scales[2:]))


class Curve:
    """A training run's learning curve: each line printed at once and kept in ``log`` for ``bench/results``."""

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.begin = time.perf_counter()

    def say(self, text: str) -> None:
        print(text, flush=True)
        self.log.append(text)

    def header(self, opponent: str) -> None:
        self.say(f"{'games':>8}{'log loss':>10}{'vs ' + opponent:>9}{'n':>6}{'minutes':>9}")

    def point(self, games: int | str, loss: float | str, won: float, played: int) -> None:
        """A line of the curve: games learned from (or a label), their mean log loss, the measured win rate."""
        minutes = (time.perf_counter() - self.begin) / 60
        shown = f"{loss:>10.3f}" if isinstance(loss, float) else f"{loss:>10}"
        self.say(f"{games:>8}{shown}{won:>9.1%}{played:>6}{minutes:>9.1f}")


def self_play_curve(
    games: int,
    every: int,
    learn: Callable[[int], float | None],
    measure: Callable[[], tuple[float, int]],
    curve: Curve,
) -> Iterator[float]:
    """Learn from ``games`` games (``learn(g)`` plays and learns from game ``g``: its log loss, or None when it
    was not learned from); after every ``every`` games and the last, ``measure`` the network (win rate, games)
    and put a point on ``curve``; yield each measured win rate."""
    losses: list[float] = []
    for g in range(1, games + 1):
        loss = learn(g)
        if loss is not None:
            losses.append(loss)
        if g % every == 0 or g == games:
            won, played = measure()
            curve.point(g, float(np.mean(losses)) if losses else float("nan"), won, played)
            losses.clear()
            yield won


def read_models(module: Path) -> dict[str, Entry]:
    """The networks a generated weights ``module`` holds by form (none when there is no such file)."""
    scope: dict[str, Any] = {}
    if module.exists():
        exec(module.read_text(), scope)
    return dict(scope.get("MODELS", {}))


def write_form(module: Path, what: str, script: str, name: str, entry: Entry) -> None:
    """Put ``entry`` as the network of form ``name`` into the generated weights ``module`` (read again first: its
    other forms stay as they are, whoever wrote them meanwhile)."""
    entries = read_models(module)
    entries[name] = entry
    module.write_text(weights_module(what, script, entries))


def append_results(path: Path, log: list[str]) -> None:
    """Append ``log``'s lines to the results file ``path`` and empty it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as results:
        results.write("\n".join(log) + "\n")
    log.clear()
