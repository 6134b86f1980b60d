"""The small networks the learned evaluations of both games use: sparse inputs, one hidden layer of sigmoid
units, a softmax over the players; weights stored as text and read with the standard library.

A game's learned evaluation (``malefiz.games.<game>.learned``) turns a position into the indices of its active
inputs (each active input is 1, or counts once per time it is listed) relative to the player to act, and reads
each player's chance to win from :meth:`Model.evaluate`. The weights ship as generated modules beside it
(``weights_*.py``: base64 of zlib of a signed byte a weight, with a scale per tensor and one per row,
:func:`encode`), written by the training scripts under ``train/`` and read by :func:`build`. They take some 55% of
the room two bytes a weight took, and *hard* chooses as it did with those in 98 to 99 decisions of 100
(``bench/TRIES.md``, session 26).
"""

from __future__ import annotations

import base64
import math
import struct
import zlib
from array import array
from dataclasses import dataclass
from importlib import import_module

__all__ = ["LEVELS", "Entry", "Model", "build", "decode", "encode", "load", "shapes"]

LEVELS = 127
"""The largest value a weight is stored as: a row's largest weight is this many steps of the row."""

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


def shapes(colours: int, stride: int, hidden: int) -> tuple[tuple[int, int], ...]:
    """The tensors of a network, each as rows and values a row: the first layer (a row per input), its biases, the
    output layer (a row per output) and its biases."""
    return ((colours * stride, hidden), (1, hidden), (colours, hidden), (1, colours))


def _half(value: float) -> float:
    """``value`` rounded to half precision, as :func:`encode` stores it."""
    half: float = struct.unpack("<e", struct.pack("<e", value))[0]
    return half


def encode(values: list[float], scales: tuple[float, ...], layout: tuple[tuple[int, int], ...]) -> str:
    """The text a weights module stores for the tensors ``values`` (concatenated, row by row) of ``layout`` (rows,
    values a row), whose largest values are ``scales`` times :data:`LEVELS`: first each row's largest value as a
    share of its tensor's (a half-precision float), then each value as a signed byte, in :data:`LEVELS` ths of its
    row's largest; zlib-compressed, base64 (the inverse of :func:`decode`). A scale per row keeps the inputs that
    move the hidden units little as precise as the rest; decoded and encoded again the text is the same."""
    shares: list[float] = []
    ints = array("b")
    start = 0
    for (rows, width), scale in zip(layout, scales, strict=True):
        for _ in range(rows):
            row = values[start : start + width]
            start += width
            share = _half(max((abs(v) for v in row), default=0.0) / (scale * LEVELS))
            shares.append(share)
            step = scale * share
            ints.extend(max(-LEVELS, min(LEVELS, round(v / step))) if step > 0 else 0 for v in row)
    head = struct.pack(f"<{len(shares)}e", *shares)
    return base64.b64encode(zlib.compress(head + ints.tobytes(), 9)).decode("ascii")


def decode(data: str, scales: tuple[float, ...], layout: tuple[tuple[int, int], ...]) -> list[list[float]]:
    """The tensors (flat, row by row) a weights module stores (see :func:`encode`)."""
    blob = zlib.decompress(base64.b64decode(data))
    rows = sum(r for r, _ in layout)
    size = 2 * rows + sum(r * w for r, w in layout)
    if len(blob) != size:
        raise ValueError(f"weights: expected {size} bytes, got {len(blob)}")
    shares = struct.unpack(f"<{rows}e", blob[: 2 * rows])
    ints = array("b", blob[2 * rows :])
    tensors: list[list[float]] = []
    row = start = 0
    for (count, width), scale in zip(layout, scales, strict=True):
        tensor: list[float] = []
        for _ in range(count):
            step = scale * shares[row]
            tensor.extend(v * step for v in ints[start : start + width])
            row += 1
            start += width
        tensors.append(tensor)
    return tensors


def build(colours: int, stride: int, hidden: int, data: str, scales: tuple[float, ...]) -> Model:
    """A :class:`Model` from a weights module's entry."""
    inputs = colours * stride
    w1, b1, w2, b2 = decode(data, scales, shapes(colours, stride, hidden))
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
