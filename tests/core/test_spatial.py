"""The board's zoom for a finger (malefiz.core.spatial.zoom_to): every target in sight and none under the *Whole
board* button, which shows over the frame's top right corner whenever the board is zoomed at all; and what a tap
meant (malefiz.core.spatial.meant)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from malefiz.core.spatial import FINGER_REACH, REACH, SMALLEST, Zoom, meant, nearest, zoom_to

SHOWN = 1.01
"""web/zoom.js shows the *Whole board* button from this scale on."""


def on_screen(zoom: Zoom, target: tuple[float, float, float], width: float, height: float) -> tuple[float, ...]:
    """Where ``target`` (x, y, size on the unzoomed board) is drawn in the frame: left, top, right, bottom."""
    scale, cx, cy = zoom
    x, y, size = target
    sx, sy, half = (x - cx) * scale + width / 2, (y - cy) * scale + height / 2, size * scale / 2
    return sx - half, sy - half, sx + half, sy + half


def under_button(
    zoom: Zoom, targets: list[tuple[float, float, float]], width: float, height: float, top: float, right: float
) -> list[tuple[float, float, float]]:
    """The targets the button (``top`` pixels high, ``right`` pixels wide, in the frame's top right corner) covers."""
    if zoom[0] <= SHOWN or top <= 0 or right <= 0:
        return []  # not zoomed: the button is hidden (or there is none)
    found = []
    for target in targets:
        _, y0, x1, _ = on_screen(zoom, target, width, height)
        if y0 < top and x1 > width - right:
            found.append(target)
    return found


def placement_targets() -> list[tuple[float, float, float]]:
    """A barricade to place on the classic board as a 390 px phone measured it: nearly every field a target of
    13.6 px, rows from 42 px below the board's top (the goal above them is none) to 272 px, on a 377 x 340 board."""
    rows = [42.0, 65.0, 88.0, 111.0, 134.0, 157.0, 180.0, 203.0, 226.0, 249.0, 272.0]
    return [(12.0 + 21.9 * column, y, 13.6) for y in rows for column in range(17)]


def test_a_barricade_placement_on_a_phone_puts_no_target_under_the_whole_board_button() -> None:
    # The button is 50 px high and 125 px wide. The span barely fits: zoomed 1.01, the board was kept covering its
    # frame, so the targets' middle could not come down below the button and six of the top row lay under it.
    targets, width, height = placement_targets(), 377.0, 340.0
    zoom = zoom_to(targets, width, height, top=50.0, right=125.0)
    assert zoom is not None
    assert under_button(zoom, targets, width, height, 50.0, 125.0) == []
    for target in targets:
        left, top, right, bottom = on_screen(zoom, target, width, height)
        assert left >= 0 and right <= width and top >= 0 and bottom <= height  # every target in sight


def test_a_zoom_the_button_leaves_clear_is_kept() -> None:
    # Two small targets in the frame's lower left: zoomed to a finger's size, as before.
    targets = [(100.0, 200.0, 12.0), (140.0, 200.0, 12.0)]
    assert zoom_to(targets, 390, 300, top=50, right=125) == (2.0, 120.0, 187.5)  # their middle 25 px lower


def test_targets_right_under_the_button_but_not_across_the_frame_are_shown_below_it() -> None:
    # A pawn's two targets in the board's top right corner: zoomed less than a finger's size would need if it must,
    # but never under the button.
    targets = [(350.0, 20.0, 12.0), (370.0, 20.0, 12.0)]
    zoom = zoom_to(targets, 390, 300, top=50, right=125)
    assert zoom is not None
    assert under_button(zoom, targets, 390, 300, 50, 125) == []


target = st.tuples(st.floats(0, 390), st.floats(0, 300), st.floats(4, 40))


@settings(max_examples=400, deadline=None)
@given(st.lists(target, min_size=1, max_size=40), st.floats(0, 80), st.floats(0, 200))
def test_no_zoom_puts_a_target_under_the_button(
    targets: list[tuple[float, float, float]], top: float, right: float
) -> None:
    zoom = zoom_to(targets, 390, 300, top=top, right=right)
    assert zoom is not None
    assert under_button(zoom, targets, 390, 300, top, right) == []
    scale, cx, cy = zoom
    assert scale >= 1 and (scale == 1 or min(s for _, _, s in targets) * scale <= SMALLEST + 1e-9)
    # The zoomed board still covers its frame.
    assert cx - 195 / scale >= -1e-9 and cx + 195 / scale <= 390 + 1e-9
    assert cy - 150 / scale >= -1e-9 and cy + 150 / scale <= 300 + 1e-9


POINT = st.tuples(st.floats(-100, 100), st.floats(-100, 100))


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(st.sampled_from("abcdef"), POINT, max_size=5),
    POINT,
    st.booleans(),
    st.one_of(st.none(), st.tuples(st.sampled_from("ghij"), st.floats(-100, 100), st.floats(-100, 100))),
)
def test_a_tap_means_a_choice_within_reach_or_the_piece_it_landed_on_whichever_is_nearer(
    spots: dict[str, tuple[float, float]],
    tap: tuple[float, float],
    finger: bool,
    hit: tuple[str, float, float] | None,
) -> None:
    x, y = tap
    found = meant(spots, x, y, finger, hit)
    near = nearest(spots, x, y, finger)
    if hit is None:
        assert found == near
        return
    key, hx, hy = hit
    if near is None:  # no choice within reach: the piece landed on
        assert found == key
        return
    reach = FINGER_REACH if finger else REACH
    to_hit, to_near = (hx - x) ** 2 + (hy - y) ** 2, (spots[near][0] - x) ** 2 + (spots[near][1] - y) ** 2
    assert to_near <= reach**2
    assert found == (key if to_hit < to_near else near)
