"""The board as SVG: a pure function of a position (German: *Spielplan*).

:func:`render` returns one ``<svg>`` element as a string; the page writes it
into the document and styles it with CSS. Hooks and CSS classes:

- ``field`` (circle, ``data-field="x,y"``): a board field; ``start`` marks the
  red barricade start fields, ``rest`` the blue rest fields, ``goal`` the goal;
  ``target`` a legal destination or barricade place; ``trail`` the last route.
- ``pawn pawn-<colour>`` (group with a letter): a pawn; ``data-field="x,y"``
  on a field; ``movable`` when it may move, ``selected`` when chosen.
- ``house`` (group, ``data-house="<colour>"``) holds that colour's waiting pawns
  (``house-off`` greys out the houses of colours not in play); the house of
  the player to act also has the class ``turn`` and a ``turn-mark`` outline;
  ``forest`` (group, ``data-forest``) the fast board's forest and its pawns.
- ``barricade`` (group, ``data-field="x,y"``).
- ``hint``: the hard bot's suggestion (the pawn and its destination, or a barricade place).
- Every clickable element carries ``data-key``: ``"x,y"``, ``"house"`` (the
  current player's house) or ``"forest"``; the page passes it to
  :meth:`malefiz.core.session.Session.click` (through :mod:`.table`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from html import escape

from ...core.svg import CELL, COLOUR_FILL, TEXT_ON, px
from .board import COLOURS, FOREST, HOUSE, Board, Colour, Field, board, xy
from .rules import Action, Move, Place, State, new_game

__all__ = ["COLOUR_FILL", "board_svg", "render"]

_STYLE = (
    "<style>"
    ".malefiz .edge{stroke:#4a3b2a;stroke-width:5;stroke-linecap:round}"
    ".malefiz .field{fill:#fdfaf2;stroke:#2b2118;stroke-width:2}"
    ".malefiz .field.start{fill:#e4574f}"
    ".malefiz .field.rest{fill:#5aa0e6}"
    ".malefiz .field.goal{fill:#ffe27a;stroke-width:3}"
    ".malefiz .field.trail{stroke:#ff8c00;stroke-width:4}"
    ".malefiz .field.target{fill:#b8f5b0;stroke:#0b7a0b;stroke-width:4;cursor:pointer}"
    ".malefiz .goal-mark{font-size:20px;text-anchor:middle;fill:#8a5a00;pointer-events:none}"
    ".malefiz .village{fill:#f7e7a8;stroke:#d9c374;stroke-width:2}"
    ".malefiz .forest-area{fill:#8fc98a;stroke:#4f8f4a;stroke-width:2}"
    ".malefiz .house-box{fill:#fffdf7;stroke-width:3}"
    ".malefiz .turn-mark{fill:none;stroke-width:2.5;stroke-dasharray:6 4}"
    ".malefiz .house-off{fill:#e9e4da;fill-opacity:.85;stroke:none}"
    ".malefiz .barricade rect{fill:#f4f4f4;stroke:#222;stroke-width:2.5}"
    ".malefiz .barricade.target rect{stroke:#0b7a0b}"
    ".malefiz .pawn text{font:bold 12px system-ui,sans-serif;text-anchor:middle;pointer-events:none}"
    ".malefiz .pawn .halo{fill:none;stroke:none}"
    ".malefiz .pawn.movable{cursor:pointer}"
    ".malefiz .pawn.movable .halo{stroke:#ff8c00;stroke-width:3;stroke-dasharray:4 3}"
    ".malefiz .pawn.selected .halo{stroke:#111;stroke-width:4;stroke-dasharray:none}"
    ".malefiz .pawn.target .halo{stroke:#0b7a0b;stroke-width:4}"
    ".malefiz .field.hint{stroke:#c2188f;stroke-width:5}"
    ".malefiz .pawn.hint .halo{stroke:#c2188f;stroke-width:5;stroke-dasharray:none}"
    "</style>"
)
_FIELD_R = 13
_FOREST_WIDTH = 130
_FOREST_RY = CELL * 0.62
"""Room (centre to centre) for one row of pawns in the forest, between the lines either side of it."""
_PAWN_R = 11
_SMALL_R = 9
_HOUSE_DROP = 8
"""How far a house sits below its grid point (clear of the fields above it)."""
_SMALL_GAP = 2 * _SMALL_R + 7
"""Centre to centre of two small pawns side by side (their rings do not touch)."""


def _centre(f: Field) -> tuple[int, int]:
    x, y = xy(f)
    return x * CELL + CELL, y * CELL + CELL


def _house_slots(b: Board, colour: Colour) -> list[tuple[float, float]]:
    """Where the waiting pawns of ``colour`` stand, side by side in the house."""
    hx, hy = b.houses[colour]
    cx, cy = hx * CELL + CELL, hy * CELL + CELL + _HOUSE_DROP
    per_row = 3 if b.pawns_per_player > 4 else 2
    gap = _SMALL_GAP
    slots = []
    for i in range(b.pawns_per_player):
        row, col = divmod(i, per_row)
        in_row = min(per_row, b.pawns_per_player - row * per_row)
        slots.append((cx + (col - (in_row - 1) / 2) * gap, cy + (row - 0.5) * gap))
    return slots


def _house_box(b: Board, colour: Colour) -> tuple[float, float, float, float]:
    slots = _house_slots(b, colour)
    xs = [x for x, _ in slots]
    ys = [y for _, y in slots]
    pad = _SMALL_R + 5
    return min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad


def _forest_slots(b: Board, count: int) -> list[tuple[float, float]]:
    assert b.forest is not None
    fx, fy = b.forest
    cx, cy = fx * CELL + CELL, fy * CELL + CELL
    per_row = max(6, -(-count // 2))
    gap = min(_SMALL_GAP, _FOREST_WIDTH / (per_row - 1))
    rows = max(1, -(-count // per_row))
    slots = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        slots.append((cx + (col - (in_row - 1) / 2) * gap, cy + (row - (rows - 1) / 2) * gap))
    return slots


def _pawn(
    colour: Colour, x: float, y: float, r: float, classes: Iterable[str], key: str | None, field_attr: str | None
) -> str:
    cls = " ".join(["pawn", f"pawn-{colour}", *classes])
    attrs = f' class="{cls}"'
    if field_attr is not None:
        attrs += f' data-field="{field_attr}"'
    if key is not None:
        attrs += f' data-key="{key}"'
    letter = colour[0].upper()
    size = r * 1.15
    return (
        f'<g{attrs} transform="translate({px(x)} {px(y)})"><title>{colour} pawn</title>'
        f'<circle r="{px(r + 3 if r > _SMALL_R else r + 2)}" class="halo"/>'
        f'<circle r="{px(r)}" fill="{COLOUR_FILL[colour]}" stroke="#111" stroke-width="1.5"/>'
        f'<text y="{px(size * 0.36)}" font-size="{px(size)}" fill="{TEXT_ON[colour]}">{letter}</text></g>'
    )


@cache
def _static_layer(name: str) -> str:
    """What never changes during a game: backdrop, lines, fields, houses' outlines."""
    b = board(name)
    out: list[str] = []
    if b.village:
        ys = sorted({xy(f)[1] for f in b.village})
        xs = sorted({xy(f)[0] for f in b.village})
        x0, y0 = xs[0] * CELL + CELL - 24, ys[0] * CELL + CELL - 24
        w, h = (xs[-1] - xs[0]) * CELL + 48, (ys[-1] - ys[0]) * CELL + 48
        out.append(
            f'<rect class="village" x="{x0}" y="{y0}" width="{w}" height="{h}" rx="60"><title>village</title></rect>'
        )
    if b.forest is not None:
        fx, fy = b.forest
        out.append(
            f'<ellipse class="forest-area" cx="{fx * CELL + CELL}" cy="{fy * CELL + CELL}"'
            f' rx="{CELL * 1.9}" ry="{px(_FOREST_RY)}"><title>forest</title></ellipse>'
        )
    for a, c in sorted(b.edges):
        (x1, y1), (x2, y2) = _centre(a), _centre(c)
        out.append(f'<line class="edge" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    for colour in COLOURS:
        ex, ey = _centre(b.exits[colour])
        hx, hy, hw, hh = _house_box(b, colour)
        out.append(f'<line class="edge" x1="{ex}" y1="{ey}" x2="{ex}" y2="{px(hy)}"/>')
        out.append(
            f'<rect class="house-box house-{colour}" x="{px(hx)}" y="{px(hy)}" width="{px(hw)}" height="{px(hh)}"'
            f' rx="10" stroke="{COLOUR_FILL[colour]}"/>'
        )
    if b.forest is not None and b.forest_exit is not None:
        (x1, y1), (fx, fy) = _centre(b.forest_exit), b.forest
        top = px(fy * CELL + CELL - _FOREST_RY)
        out.append(f'<line class="edge" x1="{x1}" y1="{y1}" x2="{fx * CELL + CELL}" y2="{top}"/>')
    return "".join(out)


@cache
def _height(name: str) -> int:
    """The SVG's height: down to the houses and a margin."""
    b = board(name)
    return round(max(y + h for _, y, _, h in (_house_box(b, c) for c in COLOURS)) + 16)


def render(
    state: State,
    *,
    movable: frozenset[Field] = frozenset(),
    targets: frozenset[Field] = frozenset(),
    selected: Field | None = None,
    names: Mapping[Colour, str] | None = None,
    highlight: Sequence[Field] = (),
    hint: Action | None = None,
) -> str:
    """The SVG of ``state``.

    ``movable``: pawn locations of the current player to mark (fields, HOUSE,
    FOREST); ``targets``: fields to mark as destinations or barricade places;
    ``selected``: the chosen pawn's location; ``names``: seat names for the
    houses' titles; ``highlight``: fields of a route just walked; ``hint``: a
    suggested move or barricade place, marked with the class ``hint``.
    """
    b = state.board
    width = (b.width + 1) * CELL
    height = _height(b.name)
    current = state.current
    trail = set(highlight)
    hinted: set[Field] = set()
    if isinstance(hint, Move):
        hinted = {hint.start, hint.end}
    elif isinstance(hint, Place):
        hinted = {hint.field}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board malefiz board-{b.name}" viewBox="0 0 {width} {height}"'
        f' width="100%" height="100%" role="img" aria-label="Malefiz {b.name} board">',
        f"<title>Malefiz, {b.name} board: {escape(current)} to {state.phase.value}</title>",
        _STYLE,
        _static_layer(b.name),
    ]
    for f in b.ordered:
        x, y = xy(f)
        classes = ["field"]
        if f == b.goal:
            classes.append("goal")
        elif f in b.rest_fields:
            classes.append("rest")
        elif f in b.start_barricades:
            classes.append("start")
        if f in targets:
            classes.append("target")
        if f in trail:
            classes.append("trail")
        if f in hinted:
            classes.append("hint")
        cx, cy = _centre(f)
        radius = _FIELD_R + 4 if f == b.goal else _FIELD_R
        out.append(
            f'<circle class="{" ".join(classes)}" data-field="{x},{y}" data-key="{x},{y}"'
            f' cx="{cx}" cy="{cy}" r="{radius}"/>'
        )
    gx, gy = _centre(b.goal)
    out.append(f'<text class="goal-mark" x="{gx}" y="{gy + 6}">★</text>')
    for f in state.barricade_fields:
        x, y = xy(f)
        cx, cy = _centre(f)
        cls = "barricade target" if f in targets else "barricade"
        out.append(
            f'<g class="{cls}" data-field="{x},{y}" data-key="{x},{y}"><title>barricade</title>'
            f'<rect x="{cx - 9}" y="{cy - 9}" width="18" height="18" rx="3"/></g>'
        )
    for colour in COLOURS:
        if colour not in state.players:
            hx, hy, hw, hh = _house_box(b, colour)
            out.append(
                f'<rect class="house-off" x="{px(hx)}" y="{px(hy)}" width="{px(hw)}" height="{px(hh)}" rx="10">'
                f"<title>{colour}: not playing</title></rect>"
            )
    forest_pawns: list[tuple[Colour, bool]] = []
    for colour, pawns in zip(state.players, state.pawns, strict=True):
        is_current = colour == current and not state.is_over
        title = escape(names.get(colour, colour) if names else colour)
        out.append(
            f'<g class="{"house turn" if is_current else "house"}" data-house="{colour}"'
            + (' data-key="house"' if is_current else "")
            + ">"
        )
        out.append(f"<title>{title}: {pawns.count(HOUSE)} waiting</title>")
        if is_current:
            hx, hy, hw, hh = _house_box(b, colour)
            out.append(
                f'<rect class="turn-mark" x="{px(hx - 5)}" y="{px(hy - 5)}" width="{px(hw + 10)}"'
                f' height="{px(hh + 10)}" rx="14" stroke="{COLOUR_FILL[colour]}"/>'
            )
        slots = _house_slots(b, colour)
        for i in range(pawns.count(HOUSE)):
            classes = []
            if is_current and HOUSE in movable:
                classes.append("movable")
            if is_current and HOUSE in hinted and i == 0:
                classes.append("hint")
            if is_current and selected == HOUSE and i == 0:
                classes.append("selected")
            sx, sy = slots[i]
            out.append(_pawn(colour, sx, sy, _SMALL_R, classes, "house" if is_current else None, None))
        out.append("</g>")
        for p in pawns:
            if p == FOREST:
                forest_pawns.append((colour, is_current))
            elif p >= 0:
                x, y = xy(p)
                classes = []
                if is_current and p in movable:
                    classes.append("movable")
                if is_current and p == selected:
                    classes.append("selected")
                if p in targets:
                    classes.append("target")
                if p in hinted:
                    classes.append("hint")
                cx, cy = _centre(p)
                out.append(_pawn(colour, cx, cy, _PAWN_R, classes, f"{x},{y}", f"{x},{y}"))
    if b.forest is not None:
        out.append('<g class="forest" data-forest="">' + "<title>forest</title>")
        first_mine = next((i for i, (_, mine) in enumerate(forest_pawns) if mine), -1)
        slots = _forest_slots(b, len(forest_pawns))
        for i, ((colour, is_current), (sx, sy)) in enumerate(zip(forest_pawns, slots, strict=True)):
            classes = []
            if is_current and FOREST in movable:
                classes.append("movable")
            if i == first_mine and FOREST in hinted:
                classes.append("hint")
            if i == first_mine and selected == FOREST:
                classes.append("selected")
            out.append(_pawn(colour, sx, sy, _SMALL_R, classes, "forest" if is_current else None, None))
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def board_svg(board_name: str) -> str:
    """The start position of ``board_name`` with four players (for the first paint)."""
    return render(new_game(COLOURS, board_name))
