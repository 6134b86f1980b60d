"""Pointing on the board: which element an arrow key goes to, and which one a tap that missed meant.

The page measures where each element a person can act on is drawn (its centre, in screen pixels:
so a zoomed, scrolled or turned board is measured as seen) and asks here; the choice is plain
Python with tests. ``Spots`` maps each element's ``data-key`` to its centre ``(x, y)``, with y
growing downwards as on a screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal

__all__ = [
    "DIRECTIONS",
    "FINGER_REACH",
    "MOST",
    "REACH",
    "SMALLEST",
    "Direction",
    "Spots",
    "Zoom",
    "meant",
    "nearest",
    "toward",
    "zoom_to",
]

Direction = Literal["up", "down", "left", "right"]
Spots = Mapping[str, tuple[float, float]]

DIRECTIONS: Final[dict[Direction, tuple[int, int]]] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
"""Each arrow's direction on the screen (y grows downwards)."""

REACH: Final = 16.0
"""Pixels from an element's centre within which a click that missed still reaches it (hit areas of 32 px)."""

FINGER_REACH: Final = 24.0
"""The same for a finger (a touch screen): hit areas of 48 px, the size touch guidelines ask for (44 pt, 48 dp),
however small the star's pieces are drawn on a phone."""

SIDEWAYS: Final = 2.0
"""How much a step sideways of the arrow's direction counts against a candidate, against a step along it."""


def toward(spots: Spots, current: str | None, direction: Direction) -> str | None:
    """The element an arrow key goes to from ``current``: the nearest one whose centre lies that way (within 45
    degrees either side; steps sideways count double), else the nearest one on that side at all; from no element
    (or one not among ``spots``), the first in ``spots``. None when there is nothing to go to; ``current`` itself
    when nothing lies that way.

    >>> spots = {"a": (0, 0), "b": (10, 0), "c": (0, 10), "d": (30, -3)}
    >>> toward(spots, "a", "right"), toward(spots, "a", "down"), toward(spots, "b", "left"), toward(spots, "a", "up")
    ('b', 'c', 'a', 'd')
    >>> toward(spots, "c", "down"), toward(spots, None, "up"), toward({}, None, "up")
    ('c', 'a', None)
    """
    if not spots:
        return None
    if current is None or current not in spots:
        return next(iter(spots))
    x, y = spots[current]
    dx, dy = DIRECTIONS[direction]
    within: list[tuple[float, str]] = []
    beside: list[tuple[float, str]] = []
    for key, (kx, ky) in spots.items():
        along = (kx - x) * dx + (ky - y) * dy
        across = abs((kx - x) * dy - (ky - y) * dx)
        if key == current or along <= 0:
            continue
        (within if across <= along else beside).append((along + SIDEWAYS * across, key))
    found = min(within) if within else min(beside) if beside else None
    return current if found is None else found[1]


def nearest(spots: Spots, x: float, y: float, finger: bool = False) -> str | None:
    """The element whose centre is nearest to a tap at ``(x, y)`` that missed every drawn one, within
    :data:`REACH` pixels (:data:`FINGER_REACH` for a ``finger``); None when none is that close (ties: the later
    one, as it is drawn on top).

    >>> nearest({"a": (0, 0), "b": (20, 0)}, 12, 3), nearest({"a": (0, 0)}, 30, 0), nearest({"a": (0, 0)}, 0, 16)
    ('b', None, 'a')
    >>> nearest({"a": (0, 0)}, 0, 20), nearest({"a": (0, 0)}, 0, 20, finger=True), nearest({"a": (0, 0)}, 0, 25, True)
    (None, 'a', None)
    """
    reach = FINGER_REACH if finger else REACH
    best, best_distance = None, reach * reach
    for key, (kx, ky) in spots.items():
        distance = (kx - x) ** 2 + (ky - y) ** 2
        if distance <= best_distance:
            best, best_distance = key, distance
    return best


def meant(
    spots: Spots, x: float, y: float, finger: bool = False, hit: tuple[str, float, float] | None = None
) -> str | None:
    """The element a tap at ``(x, y)`` meant: a choice among ``spots`` it hit; else the :func:`nearest` one within
    reach; else None. ``hit``: the element the tap landed on that is no choice but has something to tell (a piece
    that cannot move, another player's piece), with its centre: the tap means it when that centre is nearer to the
    tap than the nearest choice's (ties go to the choice), so that a tap right on a piece that cannot move is told
    why rather than moving its neighbour, while one that grazes it on the way to its neighbour still moves that.

    >>> spots = {"b": (20, 0)}  # a choice, 20 px right of a piece "a" that cannot move
    >>> meant(spots, 6, 0, hit=("a", 0, 0)), meant(spots, 6, 0), meant(spots, 14, 0, hit=("a", 0, 0))
    ('a', 'b', 'b')
    >>> meant(spots, 10, 0, hit=("a", 0, 0)), meant({}, 1, 1, hit=("a", 0, 0)), meant({}, 1, 1), meant(spots, 60, 0)
    ('b', 'a', None, None)
    """
    if hit is not None and hit[0] in spots:
        return hit[0]
    found = nearest(spots, x, y, finger)
    if hit is None:
        return found
    key, hx, hy = hit
    if found is None:
        return key
    fx, fy = spots[found]
    return key if (hx - x) ** 2 + (hy - y) ** 2 < (fx - x) ** 2 + (fy - y) ** 2 else found


SMALLEST: Final = 24.0
"""The smallest target a finger is asked to hit, in CSS pixels: smaller ones are zoomed to this size."""

MOST: Final = 4.0
"""The board is never zoomed more than this."""


Zoom = tuple[float, float, float]
"""A zoom of the board: its scale and the point of the unzoomed board (x, y, in its own pixels) at the centre."""


def zoom_to(
    targets: Sequence[tuple[float, float, float]],
    width: float,
    height: float,
    finger: bool = True,
    own: tuple[float, float, float, float] | None = None,
    top: float = 0.0,
    right: float | None = None,
) -> Zoom | None:
    """The zoom that makes every target at least :data:`SMALLEST` pixels across, round the targets, for a person
    who points with a ``finger`` (a touch screen: CSS's coarse pointer); a mouse hits small targets as they are.
    ``own``: the part of the board in sight (x0, y0, x1, y1, in the unzoomed board's pixels) when the person has
    zoomed it by hand (two fingers, Ctrl + wheel) since the page last did. Their zoom is left as it is (None) when
    there is nothing to zoom for, or when it already shows every target whole and big enough; it is not undone at
    every move. ``top`` and ``right``: the frame's pixels at its top, and from its right edge, that something covers
    while the board is zoomed (the *Whole board* button; ``right`` None: the whole width): no target is zoomed to lie
    under it. Where every zoom that shows all targets would put one under it, the board is zoomed less, or shown
    whole (unzoomed, the button is not shown).

    ``targets``: each candidate's centre and size (x, y, size) on the unzoomed board of ``width`` x ``height``
    pixels. The board is centred on the targets' box, zoomed as far as it fits in the frame. Targets big enough,
    or none: the whole board (scale 1, its centre).

    >>> zoom_to([(100, 100, 12), (140, 100, 12)], 390, 300, finger=False)
    (1.0, 195.0, 150.0)
    >>> zoom_to([], 390, 300)
    (1.0, 195.0, 150.0)
    >>> zoom_to([(100, 100, 12), (140, 100, 12)], 390, 300)
    (2.0, 120.0, 100.0)
    >>> zoom_to([(100, 100, 30), (140, 100, 24)], 390, 300)
    (1.0, 195.0, 150.0)
    >>> [round(v, 2) for v in zoom_to([(60, 40, 12), (380, 290, 12)], 390, 300)]  # far apart: all in sight, smaller
    [1.08, 209.44, 161.11]
    >>> zoom_to([(60, 150, 16), (300, 150, 16)], 390, 300)  # both in sight a little smaller (23 px), not one of them
    (1.4625, 180.0, 150.0)
    >>> mine = (0.0, 0.0, 195.0, 150.0)  # the person zoomed in twice on the top left quarter
    >>> zoom_to([], 390, 300, own=mine), zoom_to([(100, 100, 12), (140, 100, 12)], 390, 300, own=mine)
    (None, None)
    >>> zoom_to([(100, 100, 12), (300, 100, 12)], 390, 300, own=mine)  # a target out of sight: the page's zoom
    (1.755, 200.0, 100.0)
    >>> zoom_to([(100, 100, 12), (140, 100, 12)], 390, 300, top=50)  # below a button over the frame's top 50 px
    (2.0, 120.0, 87.5)
    >>> zoom_to([(100, 20, 12), (100, 280, 12)], 390, 300, top=50)  # tall: the span fits in the 250 px below it
    (1.0, 195.0, 150.0)
    >>> zoom_to([(100, 25, 12), (370, 280, 12)], 390, 300, top=50)  # the board cannot come down: whole
    (1.0, 195.0, 150.0)
    >>> [round(v, 2) for v in zoom_to([(290, 10, 10), (220, 40, 10)], 390, 300, top=50, right=120)]  # less: clear of it
    [1.86, 255.0, 80.85]
    """
    whole: Zoom | None = None if own is not None else (1.0, width / 2, height / 2)
    if not finger or not targets or width <= 0 or height <= 0:
        return whole
    smallest = min(size for _, _, size in targets)
    want = min(MOST, SMALLEST / smallest) if smallest > 0 else MOST
    if want <= 1.0:
        return whole
    if own is not None and own[2] > own[0]:  # the person's zoom, if it shows every target whole and big enough
        x0, y0, x1, y1 = own
        if width / (x1 - x0) >= want - 0.01 and all(
            x0 <= x - s / 2 and x + s / 2 <= x1 and y0 <= y - s / 2 and y + s / 2 <= y1 for x, y, s in targets
        ):
            return None
    xs, ys = [x for x, _, _ in targets], [y for _, y, _ in targets]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    free = max(height - top, height / 2)  # the frame's height below what covers its top
    fits = min(width * 0.9 / span_x if span_x else MOST, free * 0.9 / span_y if span_y else MOST)
    # Every target in sight: at the size wanted, or as big as they fit (zoomed round the moving piece alone, a 6 in
    # Malefiz left every target of a pawn in the middle of a row out of sight; a tap still reaches a small one).
    scale = max(1.0, min(want, fits))
    middle = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    # Kept covering its frame, the board cannot always come down far enough for the targets to clear what covers its
    # top (a barricade to place on Malefiz's classic board, on a phone: the top row lay under the Whole board button).
    while scale > LEAST:
        found = _centred(middle, scale, width, height, height - free)
        if not _covered(targets, found, width, height, top, width if right is None else right):
            return found
        scale /= STEP
    return whole or (1.0, width / 2, height / 2)


LEAST: Final = 1.05
"""A zoom less than this is not worth a button over the board: the whole board is shown instead."""

STEP: Final = 1.02
"""A zoom that puts a target under what covers the frame is tried again this much smaller."""


def _centred(middle: tuple[float, float], scale: float, width: float, height: float, covered: float) -> Zoom:
    """The zoom to ``scale`` round ``middle`` (a point of the unzoomed board) in the middle of the frame below its
    ``covered`` pixels at the top, the zoomed board still covering the frame: its centre no nearer an edge than half
    of what the frame shows."""
    x, y = middle[0], middle[1] - covered / (2 * scale)
    half_w, half_h = width / (2 * scale), height / (2 * scale)
    return scale, min(max(x, half_w), width - half_w), min(max(y, half_h), height - half_h)


def _covered(
    targets: Sequence[tuple[float, float, float]], zoom: Zoom, width: float, height: float, top: float, right: float
) -> bool:
    """Whether ``zoom`` draws any target partly in the frame's top right corner, ``top`` high and ``right`` wide."""
    scale, cx, cy = zoom
    if top <= 0 or right <= 0:
        return False
    for x, y, size in targets:
        half = size * scale / 2
        if (y - cy) * scale + height / 2 - half < top and (x - cx) * scale + width / 2 + half > width - right:
            return True
    return False
