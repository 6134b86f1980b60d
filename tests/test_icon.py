"""The app's icon (web/icon.py): one list of shapes, drawn as SVG and as PNG pictures that a browser can read."""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

import icon  # noqa: E402


def decode(data: bytes) -> tuple[int, int, list[list[tuple[int, int, int]]]]:
    """A PNG picture as written by icon.png (8-bit RGB, no filter), read back chunk by chunk, each chunk's CRC
    checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, chunks = 8, {}
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        chunks[kind] = body
        at += 12 + length
    assert list(chunks) == [b"IHDR", b"IDAT", b"IEND"]
    width, height, depth, colour, _, _, _ = struct.unpack(">IIBBBBB", chunks[b"IHDR"])
    assert (depth, colour) == (8, 2)
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + 3 * width
    assert len(raw) == stride * height
    rows = []
    for y in range(height):
        line = raw[y * stride : (y + 1) * stride]
        assert line[0] == 0  # no filter
        rows.append([tuple(line[1 + 3 * x : 4 + 3 * x]) for x in range(width)])
    return width, height, rows  # type: ignore[return-value]


@pytest.mark.parametrize("size", icon.PNG_SIZES)
def test_each_png_is_the_die_at_its_size(size: int) -> None:
    width, height, rows = decode(icon.png(size))
    assert width == height == size

    def at(x: float, y: float) -> tuple[int, int, int]:  # a point of the 512-unit drawing
        return rows[int(y * size / 512)][int(x * size / 512)]

    brown, face, pip = (0x3B, 0x2B, 0x1C), (0xFF, 0xFA, 0xF1), (0xD3, 0x3A, 0x2C)
    assert at(2, 2) == at(509, 509) == brown  # the tile fills the square, corners too (a home screen rounds them)
    assert at(256, 130) == at(130, 256) == face
    assert all(at(x, y) == pip for x, y in icon.PIPS)
    edge = {at(x + 0.5, 176) for x in range(176 + 30, 176 + 40)}  # across a pip's edge: smooth, not jagged
    assert edge - {face, pip}


def test_the_svg_draws_the_same_shapes() -> None:
    drawing = ET.fromstring(icon.svg())
    shapes = list(drawing)
    assert [s.tag.rsplit("}", 1)[-1] for s in shapes] == ["rect", "rect"] + ["circle"] * 5
    assert [s.get("fill") for s in shapes] == [shape.fill for shape in icon.SHAPES]
    assert [(float(s.get("cx", 0)), float(s.get("cy", 0))) for s in shapes[2:]] == [
        (float(x), float(y)) for x, y in icon.PIPS
    ]
    assert drawing.get("viewBox") == "0 0 512 512"


def test_the_die_stays_within_a_maskable_icons_safe_circle() -> None:
    # A maskable icon may be cut to a circle of 40% of its size round the middle: the die's face must stay inside.
    face = icon.SHAPES[1]
    corner = face.size / 2 - face.radius  # the centre of a rounded corner, from the middle, on each axis
    assert (2 * corner**2) ** 0.5 + face.radius <= 0.4 * 512
