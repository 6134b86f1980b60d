"""The small networks the learned evaluations of both games use: sparse inputs, one hidden layer of sigmoid
units, a softmax over the players; weights stored as text and read with the standard library.

A game's learned evaluation (``malefiz.games.<game>.learned``) turns a position into the indices of its active
inputs (each active input is 1, or counts once per time it is listed) relative to the player to act, and reads
each player's chance to win from :meth:`Model.evaluate`. The weights ship as generated modules beside it
(``weights_*.py``: base64 of zlib of little-endian int16 with one scale per tensor, :func:`encode`), written by
the training scripts under ``train/`` and read by :func:`build`.
"""

from __future__ import annotations

import base64
import math
import sys
import zlib
from array import array
from dataclasses import dataclass
from importlib import import_module

__all__ = ["Entry", "Model", "build", "decode", "encode", "load"]

Entry = tuple[int, int, int, str, tuple[float, ...]]
"""A weights module's entry: outputs (players), inputs per player, hidden units, data (:func:`encode`), scales."""


@dataclass(frozen=True, slots=True)
class Model:
    """One network: ``inputs`` = ``colours`` * ``stride`` sparse inputs, ``hidden`` sigmoid units, ``colours``
    outputs (softmax)."""

    colours: int
    stride: int
    hidden: int
    w1: tuple[tuple[float, ...], ...]
    """Per input, its weights into the hidden units."""
    b1: tuple[float, ...]
    w2: tuple[tuple[float, ...], ...]
    """Per output, its weights from the hidden units."""
    b2: tuple[float, ...]

    def evaluate(self, active: list[int]) -> list[float]:
        """The outputs' softmax for the ``active`` inputs (an index once per piece), relative to the player to act."""
        w1 = self.w1
        h = list(self.b1)
        for i in active:
            h = [a + b for a, b in zip(h, w1[i], strict=True)]
        return self.outputs(h)

    def outputs(self, h: list[float]) -> list[float]:
        """The outputs' softmax for the hidden units' summed inputs ``h`` (biases included)."""
        exp = math.exp
        h = [1.0 / (1.0 + exp(-x)) if x > -30.0 else 0.0 for x in h]
        logits = [sum(w * x for w, x in zip(row, h, strict=True)) + b for row, b in zip(self.w2, self.b2, strict=True)]
        top = max(logits)
        e = [exp(z - top) for z in logits]
        total = sum(e)
        return [x / total for x in e]


def encode(values: list[float], scales: tuple[float, ...], shapes: tuple[int, ...]) -> str:
    """The text a weights module stores for the tensors ``values`` (concatenated) of sizes ``shapes``: int16 of
    ``value / scale`` per tensor, little-endian, zlib-compressed, base64 (the inverse of :func:`decode`)."""
    ints = array("h")
    start = 0
    for size, scale in zip(shapes, scales, strict=True):
        ints.extend(max(-32767, min(32767, round(v / scale))) for v in values[start : start + size])
        start += size
    if sys.byteorder == "big":
        ints.byteswap()
    return base64.b64encode(zlib.compress(ints.tobytes(), 9)).decode("ascii")


def decode(data: str, scales: tuple[float, ...], shapes: tuple[int, ...]) -> list[list[float]]:
    """The tensors (flat) a weights module stores (see :func:`encode`)."""
    ints = array("h")
    ints.frombytes(zlib.decompress(base64.b64decode(data)))
    if sys.byteorder == "big":
        ints.byteswap()
    if len(ints) != sum(shapes):
        raise ValueError(f"weights: expected {sum(shapes)} values, got {len(ints)}")
    tensors: list[list[float]] = []
    start = 0
    for size, scale in zip(shapes, scales, strict=True):
        tensors.append([v * scale for v in ints[start : start + size]])
        start += size
    return tensors


def build(colours: int, stride: int, hidden: int, data: str, scales: tuple[float, ...]) -> Model:
    """A :class:`Model` from a weights module's entry."""
    inputs = colours * stride
    w1, b1, w2, b2 = decode(data, scales, (inputs * hidden, hidden, colours * hidden, colours))
    return Model(
        colours,
        stride,
        hidden,
        tuple(tuple(w1[i * hidden : (i + 1) * hidden]) for i in range(inputs)),
        tuple(b1),
        tuple(tuple(w2[o * hidden : (o + 1) * hidden]) for o in range(colours)),
        tuple(b2),
    )


_LOADED: dict[tuple[str, str], Model | None] = {}


def load(package: str, board: str, form: str) -> Model | None:
    """The network ``form`` of the weights module ``<package>.weights_<board>``, built on first use and kept (None
    when the module has no such entry)."""
    key = (f"{package}.weights_{board}", form)
    if key not in _LOADED:
        entry = import_module(key[0]).MODELS.get(form)
        _LOADED[key] = None if entry is None else build(*entry)
    return _LOADED[key]
