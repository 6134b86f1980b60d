"""The app's icon, a die showing five in the page's colours: one list of shapes drawn as SVG (the manifest's icon
for any size, the tab's icon) and as PNG pictures (the home screen's icon on iPhones and iPads, which take no SVG,
and the manifest's maskable icons, which fill the whole square).

The PNG pictures are drawn here with the standard library (``zlib`` and ``struct``), as the rest of the build is:
each pixel takes each shape's colour by how much of the pixel the shape covers (its signed distance), so the edges
are smooth at every size.
"""

from __future__ import annotations

import math
import struct
import zlib
from dataclasses import dataclass
from typing import Final

__all__ = ["PNG_SIZES", "SHAPES", "Shape", "png", "svg"]

VIEW: Final = 512
"""The icon's drawing is 512 units square."""


@dataclass(frozen=True)
class Shape:
    """A rounded square (``radius``: its corners) or, with ``size`` 0, a circle of ``radius`` round (x, y); the
    square's (x, y) is its top left corner."""

    x: float
    y: float
    size: float
    radius: float
    fill: str

    def near(self, px: float, py: float, margin: float) -> bool:
        """Whether the point (px, py) lies within ``margin`` of the shape's bounding box."""
        if self.size == 0:
            return abs(px - self.x) <= self.radius + margin and abs(py - self.y) <= self.radius + margin
        low, high = -margin, self.size + margin
        return low <= px - self.x <= high and low <= py - self.y <= high

    def distance(self, px: float, py: float) -> float:
        """How far the point (px, py) is outside the shape (negative inside), in the drawing's units."""
        if self.size == 0:
            return math.hypot(px - self.x, py - self.y) - self.radius
        half = self.size / 2
        qx = abs(px - self.x - half) - half + self.radius
        qy = abs(py - self.y - half) - half + self.radius
        outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
        return outside + min(max(qx, qy), 0.0) - self.radius


BROWN: Final = "#3b2b1c"
PIPS: Final = ((176, 176), (336, 176), (256, 256), (176, 336), (336, 336))
SHAPES: Final = (
    Shape(0, 0, VIEW, 96, BROWN),
    Shape(96, 96, 320, 56, "#fffaf1"),
    *(Shape(x, y, 0, 34, "#d33a2c") for x, y in PIPS),
)
"""The icon, back to front: the brown tile, the die's face, its five pips."""

PNG_SIZES: Final = (180, 192, 512)
"""The PNG pictures made: 180 px for iPhones and iPads, 192 and 512 px for the manifest."""


def svg() -> str:
    """The icon as SVG (its tile's corners rounded)."""
    parts = []
    for s in SHAPES:
        if s.size == 0:
            parts.append(f'<circle cx="{s.x:g}" cy="{s.y:g}" r="{s.radius:g}" fill="{s.fill}"/>')
        else:
            xy = "" if s.x == s.y == 0 else f' x="{s.x:g}" y="{s.y:g}"'
            parts.append(f'<rect{xy} width="{s.size:g}" height="{s.size:g}" rx="{s.radius:g}" fill="{s.fill}"/>')
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {VIEW}">{"".join(parts)}</svg>\n'


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def png(size: int) -> bytes:
    """The icon as a ``size`` x ``size`` PNG picture, its tile filling the whole square (no transparent corners:
    a home screen rounds them itself, and a maskable icon's die stays within the middle circle it keeps)."""
    scale = VIEW / size
    back = _rgb(BROWN)
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # no filter
        y = (j + 0.5) * scale
        for i in range(size):
            x = (i + 0.5) * scale
            r, g, b = (float(c) for c in back)  # the tile fills the square
            for shape in SHAPES[1:]:
                if not shape.near(x, y, scale):
                    continue
                cover = min(max(0.5 - shape.distance(x, y) / scale, 0.0), 1.0)  # the part of the pixel it covers
                if cover:
                    sr, sg, sb = _rgb(shape.fill)
                    r, g, b = r + (sr - r) * cover, g + (sg - g) * cover, b + (sb - b) * cover
            rows += bytes((round(r), round(g), round(b)))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + _chunk(b"IEND", b"")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
