"""The board as SVG: a pure function of a position (German: *Spielplan*).

:func:`render` returns one ``<svg>`` element as a string; the page writes it
into the document and styles it with CSS. Hooks and CSS classes:

- ``field`` (circle, ``data-field="x.y"``, its name in the notation): a board
  field; ``start`` marks the barricades' start fields (a red ring around a pale
  fill, with the dashed outline of a barricade, ``start-mark``: flat, so an empty
  one is never taken for a red pawn), ``rest`` the rest fields (a ring with a dot,
  ``rest-mark``, in no player's colour), ``goal`` the goal; ``target`` a legal
  destination or barricade place; ``trail`` the last route.
- ``row-number`` (text): each row's number, 1 at the houses, at the row's left end (the words name fields
  by their row: ``the 2nd field from the left on row 3``).
- ``key`` (group, ``key-village``, ``key-forest``, ``key-rest``): the fast board's
  key in the top row, naming its village, forest and rest fields in the player's
  language (each with a ``<title>`` saying what it does); no key on the classic board.
- ``pawn pawn-<colour>`` (group: a solid disc with a shadow and the colour's letter in the
  player's language, see :func:`~malefiz.core.svg.piece`): a pawn; ``data-field="x.y"``
  on a field; ``movable`` when it may move, ``selected`` when chosen.
- ``house`` (group, ``data-house="<colour>"``) holds that colour's waiting pawns
  (``house-off`` greys out the houses of colours not in play); the house of
  the player to act also has the class ``turn`` and a ``turn-mark`` outline;
  ``forest`` (group, ``data-forest``) the fast board's forest and its pawns.
- ``barricade`` (group, ``data-field="x.y"``).
- ``hint``: the hard bot's suggestion (the pawn and its destination, or a barricade place).
- Every clickable element carries ``data-key``, the name of its location in the
  notation (:func:`~.board.location_name`): ``"x.y"`` for a field and the pawn or
  barricade on it, ``"h"`` for the current player's house and its pawns, ``"f"``
  for its pawns in the forest. So ``"<pawn key>-<target key>"`` is the move in
  notation (``h-0.13``, ``2.13-2.9``); the page passes a key to
  :meth:`malefiz.core.session.Session.click`, which asks the game's face what it names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from html import escape
from typing import cast

from ...core.effects import NONE, Effects
from ...core.face import text_grid, text_pieces
from ...core.svg import (
    CELL,
    COLOUR_FILL,
    COLOUR_TINT,
    KNOCK,
    LIFT,
    MOTION_STYLE,
    TARGET_STYLE,
    description,
    moving,
    owner,
    piece,
    piece_letter,
    px,
    rank_badge,
    text_width,
)
from ...i18n import ENGLISH, Translator
from .board import COLOURS, FOREST, HOUSE, Board, Colour, Field, board, counted_rows, location_name, row_columns, xy
from .notation import parse_location
from .rules import new_game
from .state import Action, Move, Phase, Place, State
from .words import field_words, pawn_words

__all__ = ["COLOUR_FILL", "board_svg", "render"]

_KEY_FONT = 15
"""The font size of the board's key (the village, the forest, a rest field)."""

_STYLE = (
    "<style>"
    ".malefiz .edge{stroke:#4a3b2a;stroke-width:5;stroke-linecap:round}"
    ".malefiz .field{fill:#fdfaf2;stroke:#2b2118;stroke-width:2}"
    f".malefiz .field.start{{fill:{COLOUR_TINT['red']};stroke:{COLOUR_FILL['red']};stroke-width:3}}"
    ".malefiz .start-mark{fill:none;stroke:#b01e31;stroke-width:1.5;stroke-dasharray:3 2;pointer-events:none}"
    ".malefiz .rest-mark{fill:none;stroke:#2b2118;stroke-width:2;pointer-events:none}"
    ".malefiz .rest-dot{fill:#2b2118;pointer-events:none}"
    ".malefiz .field.goal{fill:#ffe27a;stroke-width:3}"
    ".malefiz .field.trail{stroke:#ff8c00;stroke-width:4}"
    f".malefiz .field.target{{{TARGET_STYLE}}}"
    f".malefiz .key text{{font:{_KEY_FONT}px system-ui,sans-serif;fill:#2b2118}}"
    ".malefiz .key-field{fill:#fdfaf2;stroke:#2b2118;stroke-width:2}"
    ".malefiz .row-number{font:600 17px system-ui,sans-serif;fill:#7a6a55;text-anchor:middle;pointer-events:none}"
    ".malefiz .goal-mark{font-size:20px;text-anchor:middle;fill:#8a5a00;pointer-events:none}"
    ".malefiz .village{fill:#f7e7a8;stroke:#d9c374;stroke-width:2}"
    ".malefiz .forest-area{fill:#8fc98a;stroke:#4f8f4a;stroke-width:2}"
    ".malefiz .house-box{fill:#fffdf7;stroke-width:3}"
    ".malefiz .turn-mark{fill:none;stroke-width:2.5;stroke-dasharray:6 4}"
    ".malefiz .house-off{fill:#e9e4da;fill-opacity:.85;stroke:none}"
    ".malefiz .barricade rect{fill:#f4f4f4;stroke:#222;stroke-width:2.5}"
    ".malefiz .barricade.target rect{stroke:#0b7a0b}"
    ".malefiz .barricade.trail rect{stroke:#ff8c00;stroke-width:4}"
    ".malefiz .held rect{fill:#f4f4f4;stroke:#222;stroke-width:2.5;filter:drop-shadow(0 3px 2px #0006)}"
    ".malefiz .pawn text{text-anchor:middle;pointer-events:none}"
    ".malefiz .pawn .halo{fill:none;stroke:none}"
    ".malefiz .pawn.movable{cursor:pointer}"
    ".malefiz .pawn.movable .halo{stroke:#ff8c00;stroke-width:3;stroke-dasharray:4 3}"
    ".malefiz .pawn.selected .halo{stroke:#111;stroke-width:4;stroke-dasharray:none}"
    ".malefiz .pawn.target .halo{stroke:#0b7a0b;stroke-width:4}"
    ".malefiz .field.hint{stroke:#c2188f;stroke-width:5}"
    ".malefiz .pawn.hint .halo{stroke:#c2188f;stroke-width:5;stroke-dasharray:none}"
    f"{MOTION_STYLE}</style>"
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
_HOUSE_KEY = location_name(HOUSE)
_FOREST_KEY = location_name(FOREST)


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


def _description(state: State, names: Mapping[Colour, str] | None, t: Translator) -> str:
    """Where every pawn and barricade stands, in words (the board's ``<desc>``)."""
    b = state.board
    players = []
    for colour, pawns in zip(state.players, state.pawns, strict=True):
        parts = [
            t.count(key, n)
            for key, n in (("mf.desc_house", pawns.count(HOUSE)), ("mf.desc_forest", pawns.count(FOREST)))
            if n
        ]
        on = [field_words(b, p, t) for p in pawns if p >= 0]
        if on:
            parts.append(t("mf.desc_on", where="; ".join(on)))  # a field's words may hold a comma
        players.append((owner(colour, names.get(colour, "") if names else "", t), parts))
    stones = "; ".join(field_words(b, f, t) for f in state.barricade_fields)
    return description(players, t, t("mf.desc_barricades", where=stones) if stones else "")


def _pawn(
    colour: Colour,
    x: float,
    y: float,
    r: float,
    classes: Iterable[str],
    key: str | None,
    field_attr: str | None,
    title: str,
    t: Translator,
) -> str:
    cls = " ".join(["pawn", f"pawn-{colour}", *classes])
    attrs = f' class="{cls}"'
    if field_attr is not None:
        attrs += f' data-field="{field_attr}"'
    if key is not None:
        attrs += f' data-key="{key}"'
    return (
        f'<g{attrs} transform="translate({px(x)} {px(y)})"><title>{escape(title)}</title>'
        f'<circle r="{px(r + 3 if r > _SMALL_R else r + 2)}" class="halo"/>'
        f"{piece(colour, r, piece_letter(colour, t))}</g>"
    )


@cache
def _static_layer(name: str, language: str) -> str:
    """What never changes during a game: backdrop, lines, houses' outlines (named in ``language``)."""
    b = board(name)
    t = Translator(language)
    out: list[str] = []
    if b.village:
        ys = sorted({xy(f)[1] for f in b.village})
        xs = sorted({xy(f)[0] for f in b.village})
        x0, y0 = xs[0] * CELL + CELL - 24, ys[0] * CELL + CELL - 24
        w, h = (xs[-1] - xs[0]) * CELL + 48, (ys[-1] - ys[0]) * CELL + 48
        out.append(
            f'<rect class="village" x="{x0}" y="{y0}" width="{w}" height="{h}" rx="60">'
            f"<title>{escape(t('mf.village'))}</title></rect>"
        )
    if b.forest is not None:
        fx, fy = b.forest
        out.append(
            f'<ellipse class="forest-area" cx="{fx * CELL + CELL}" cy="{fy * CELL + CELL}"'
            f' rx="{CELL * 1.9}" ry="{px(_FOREST_RY)}"><title>{escape(t("mf.forest"))}</title></ellipse>'
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
    for number, y in enumerate(counted_rows(name), start=1):
        x = row_columns(name, y)[0] * CELL + CELL - _FIELD_R - 11
        out.append(f'<text class="row-number" x="{x}" y="{y * CELL + CELL + 6}">{number}</text>')
    out.append(_key(b, t))
    return "".join(out)


_KEY_Y = 26
"""The middle of the key's row: in the top row, beside the goal, above the village."""


def _key(b: Board, t: Translator) -> str:
    """The key of the areas and fields a board has beyond the plain ones (village, forest, rest fields), in
    ``t``'s language: in the top row, the areas left of the goal and the rest field right of it; each says
    more in its ``<title>`` (a mouse's hover) and, tapped, above the game (``data-about``: :meth:`App.about
    <malefiz.app.App.about>`). Empty for the classic board."""
    y = _KEY_Y
    left: list[str] = []
    x = 8.0
    if b.village:
        left.append(
            f'<g class="key key-village" data-about="village"><title>{escape(t("key.village_about"))}</title>'
            f'<rect class="village" x="{px(x)}" y="{y - 8}" width="26" height="16" rx="8"/>'
            f'<text x="{px(x + 32)}" y="{y + 5}">{escape(t("key.village"))}</text></g>'
        )
        x += 32 + text_width(t("key.village"), _KEY_FONT) + 14
    if b.forest is not None:
        left.append(
            f'<g class="key key-forest" data-about="forest"><title>{escape(t("key.forest_about"))}</title>'
            f'<ellipse class="forest-area" cx="{px(x + 13)}" cy="{y}" rx="13" ry="8"/>'
            f'<text x="{px(x + 32)}" y="{y + 5}">{escape(t("key.forest"))}</text></g>'
        )
    right = ""
    if b.rest_fields:
        gx, _ = _centre(b.goal)
        x = gx + _FIELD_R + 4 + 30
        right = (
            f'<g class="key key-rest" data-about="rest"><title>{escape(t("key.rest_about"))}</title>'
            f'<circle class="key-field" cx="{px(x)}" cy="{y}" r="{_FIELD_R - 2}"/>{_rest_mark(x, y)}'
            f'<text x="{px(x + _FIELD_R + 4)}" y="{y + 5}">{escape(t("key.rest"))}</text></g>'
        )
    return "".join(left) + right


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
    ranks: Mapping[Field, str] | None = None,
    t: Translator = ENGLISH,
    motion: Effects = NONE,
) -> str:
    """The SVG of ``state``, its names and titles in ``t``'s language.

    ``movable``: pawn locations of the current player to mark (fields, HOUSE,
    FOREST); ``targets``: fields to mark as destinations or barricade places;
    ``selected``: the chosen pawn's location; ``names``: seat names for the
    houses' titles; ``highlight``: fields of a route just walked; ``hint``: a
    suggested move or barricade place, marked with the class ``hint``; ``ranks``: the hint's ranks by target
    field, drawn on top (:func:`~malefiz.core.svg.rank_badge`).
    While a taken barricade waits to be put down (phase PLACE), it is drawn
    floating beside the end of ``highlight`` (the pawn that took it), over no other field; with no
    ``highlight`` (a position opened in that phase) beside the house of the player who holds it.

    ``motion``: the effects of the last action (see :func:`~.rules.effects`), played
    once right after it: a pawn it sent back (its ``capture``) flies that colour's
    newest pawn in its house or the forest from the field it was caught on; a
    barricade it took (``barricade_taken``) rises from its field; a barricade it
    put down (``barricade_placed``) drops on that field into place.

    Every field, pawn, barricade and house has a ``<title>`` in words
    (``red pawn on the field below the goal``), so a pointer's tooltip and a
    screen reader name it.
    """
    b = state.board
    width = (b.width + 1) * CELL
    height = _height(b.name)
    current = state.current
    caught = motion.capture
    sent_home = (cast(Colour, caught.colour), parse_location(caught.key)) if caught is not None else None
    landed = parse_location(motion.barricade_placed) if motion.barricade_placed is not None else None
    lift = motion.barricade_taken is not None
    trail = set(highlight)
    hinted: set[Field] = set()
    if isinstance(hint, Move):
        hinted = {hint.start, hint.end}
    elif isinstance(hint, Place):
        hinted = {hint.field}
    board_name = t("view.mf_board", board=t(f"view.board.{b.name}"))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board malefiz board-{b.name}" viewBox="0 0 {width} {height}"'
        f' width="100%" height="100%" role="img" aria-label="{escape(board_name)}">',
        f"<title>{escape(_caption(state, board_name, names, t))}</title>",
        _description(state, names, t),
        _STYLE,
        _static_layer(b.name, t.language),
    ]
    badges: list[str] = []
    for f in b.ordered:
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
        name = location_name(f)
        out.append(
            f'<circle class="{" ".join(classes)}" data-field="{name}" data-key="{name}"'
            f' cx="{cx}" cy="{cy}" r="{radius}"><title>{_field_title(b.name, f, t.language)}</title></circle>'
        )
        if ranks and f in ranks:
            badges.append(rank_badge(cx, cy, radius, ranks[f]))
    out.append(_marks(b.name))
    gx, gy = _centre(b.goal)
    out.append(f'<text class="goal-mark" x="{gx}" y="{gy + 6}">★</text>')
    for f in state.barricade_fields:
        name = location_name(f)
        cx, cy = _centre(f)
        cls = "barricade target" if f in targets else "barricade trail" if f in trail else "barricade"
        stone = (
            f'<g class="{cls}" data-field="{name}" data-key="{name}">'
            f"<title>{escape(t('mf.barricade_on', where=field_words(b, f, t)))}</title>"
            f'<rect x="{cx - 9}" y="{cy - 9}" width="18" height="18" rx="3"/></g>'
        )
        out.append(moving("landed", stone, drop=-LIFT) if f == landed else stone)
    for colour in COLOURS:
        if colour not in state.players:
            hx, hy, hw, hh = _house_box(b, colour)
            out.append(
                f'<rect class="house-off" x="{px(hx)}" y="{px(hy)}" width="{px(hw)}" height="{px(hh)}" rx="10">'
                f"<title>{escape(t('view.not_playing', colour=t.colour(colour, capital=True)))}</title></rect>"
            )
    forest_pawns: list[tuple[Colour, bool]] = []
    flying: list[str] = []  # drawn last: over every other piece on its way
    for colour, pawns in zip(state.players, state.pawns, strict=True):
        is_current = colour == current and not state.is_over
        name = names.get(colour, t.colour(colour, capital=True)) if names else t.colour(colour, capital=True)
        waiting = pawns.count(HOUSE)
        out.append(
            f'<g class="{"house turn" if is_current else "house"}" data-house="{colour}"'
            + (f' data-key="{_HOUSE_KEY}"' if is_current else "")
            + ">"
        )
        out.append(f"<title>{escape(t('mf.house_title', name=name, pawns=t.count('pawns', waiting)))}</title>")
        if is_current:
            hx, hy, hw, hh = _house_box(b, colour)
            out.append(
                f'<rect class="turn-mark" x="{px(hx - 5)}" y="{px(hy - 5)}" width="{px(hw + 10)}"'
                f' height="{px(hh + 10)}" rx="14" stroke="{COLOUR_FILL[colour]}"/>'
            )
        slots = _house_slots(b, colour)
        waiting_now = pawns.count(HOUSE)
        for i in range(waiting_now):
            classes = []
            if is_current and HOUSE in movable:
                classes.append("movable")
            if is_current and HOUSE in hinted and i == 0:
                classes.append("hint")
            if is_current and selected == HOUSE and i == 0:
                classes.append("selected")
            sx, sy = slots[i]
            title = pawn_words(b, colour, HOUSE, t)
            pawn = _pawn(colour, sx, sy, _SMALL_R, classes, _HOUSE_KEY if is_current else None, None, title, t)
            if (
                sent_home is not None
                and sent_home[0] == colour
                and i == waiting_now - 1
                and sent_home[1] not in b.village
            ):
                flying.append(_flying(pawn, sent_home[1], sx, sy))
            else:
                out.append(pawn)
        out.append("</g>")
        for p in pawns:
            if p == FOREST:
                forest_pawns.append((colour, is_current))
            elif p >= 0:
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
                title = pawn_words(b, colour, p, t)
                name = location_name(p)
                out.append(_pawn(colour, cx, cy, _PAWN_R, classes, name, name, title, t))
    if b.forest is not None:
        out.append(f'<g class="forest" data-forest=""><title>{escape(t("mf.forest"))}</title>')
        first_mine = next((i for i, (_, mine) in enumerate(forest_pawns) if mine), -1)
        newest = {colour: i for i, (colour, _) in enumerate(forest_pawns)}
        slots = _forest_slots(b, len(forest_pawns))
        for i, ((colour, is_current), (sx, sy)) in enumerate(zip(forest_pawns, slots, strict=True)):
            classes = []
            if is_current and FOREST in movable:
                classes.append("movable")
            if i == first_mine and FOREST in hinted:
                classes.append("hint")
            if i == first_mine and selected == FOREST:
                classes.append("selected")
            title = pawn_words(b, colour, FOREST, t)
            pawn = _pawn(colour, sx, sy, _SMALL_R, classes, _FOREST_KEY if is_current else None, None, title, t)
            if sent_home is not None and newest.get(sent_home[0]) == i and sent_home[1] in b.village:
                flying.append(_flying(pawn, sent_home[1], sx, sy))
            else:
                out.append(pawn)
        out.append("</g>")
    out.extend(flying)
    if state.phase is Phase.PLACE:
        out.append(_held(highlight[-1] if highlight else None, lift, b.name, current))
    out.extend(badges)
    out.append("</svg>")
    return "".join(out)


def _rest_mark(x: float, y: float) -> str:
    """What tells a rest field: an inner ring and a dot (no colour: no player's)."""
    at = f'cx="{px(x)}" cy="{px(y)}"'
    return f'<circle class="rest-mark" {at} r="7"/><circle class="rest-dot" {at} r="2"/>'


@cache
def _marks(name: str) -> str:
    """The marks inside the fields that are more than a field: a barricade's start field shows the outline
    of the barricade that starts there (dashed), a rest field its ring and dot."""
    b = board(name)
    out = []
    for f in sorted(b.start_barricades - b.rest_fields):
        cx, cy = _centre(f)
        out.append(f'<rect class="start-mark" x="{cx - 6}" y="{cy - 6}" width="12" height="12" rx="2"/>')
    for f in sorted(b.rest_fields):
        out.append(_rest_mark(*_centre(f)))
    return "".join(out)


def _flying(pawn: str, caught: Field, x: float, y: float) -> str:
    """``pawn`` (drawn at ``x, y``) flying there from the field it was caught on (knocked half aside)."""
    cx, cy = _centre(caught)
    return moving("sent-home", pawn, dx=cx + KNOCK - x, dy=cy - KNOCK - y)


_HELD = 18
"""The side of a held barricade's square."""


@cache
def _clear(name: str) -> Callable[[float, float], bool]:
    """Whether a held barricade's square centred at (x, y) on board ``name`` lies on the board over no field (nor
    its halo), goal, house or forest."""
    b = board(name)
    half = _HELD / 2
    width, height = (b.width + 1) * CELL, _height(name)
    circles = [(*_centre(g), (_FIELD_R + 4 if g == b.goal else _FIELD_R + 1)) for g in b.fields]  # a halo included
    boxes = [_house_box(b, colour) for colour in COLOURS]
    forest = (b.forest[0] * CELL + CELL, b.forest[1] * CELL + CELL, CELL * 1.9, _FOREST_RY) if b.forest else None

    def clear(x: float, y: float) -> bool:
        x0, y0, x1, y1 = x - half, y - half, x + half, y + half
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
            return False
        for gx, gy, r in circles:
            nx, ny = min(max(gx, x0), x1), min(max(gy, y0), y1)
            if (nx - gx) ** 2 + (ny - gy) ** 2 <= r * r:
                return False
        if any(not (x1 < bx or bx + bw < x0 or y1 < by or by + bh < y0) for bx, by, bw, bh in boxes):
            return False
        if forest is not None:
            ex, ey, rx, ry = forest
            nx, ny = min(max(ex, x0), x1), min(max(ey, y0), y1)
            if ((nx - ex) / rx) ** 2 + ((ny - ey) / ry) ** 2 <= 1:
                return False
        return True

    return clear


@cache
def _held_centre(name: str, f: Field) -> tuple[float, float]:
    """Where the barricade taken on field ``f`` floats: in the first free corner beside the pawn (above right, above
    left, below right, below left: half a cell each way, where no field, goal, house or forest is), straight above it
    on a board without one."""
    cx, cy = _centre(f)
    corners = [(cx + dx * CELL / 2, cy + dy * CELL / 2) for dx, dy in ((1, -1), (-1, -1), (1, 1), (-1, 1))]
    return next((c for c in corners if _clear(name)(*c)), (cx, cy - _PAWN_R - LIFT + _HELD / 2))


@cache
def _held_by_house(name: str, colour: Colour) -> tuple[float, float]:
    """Where the barricade ``colour`` holds floats when no pawn is known to have taken it (a position opened while
    it waits for its field): beside that colour's house (right, left, below), clear of everything else."""
    b = board(name)
    bx, by, bw, bh = _house_box(b, colour)
    gap = _HELD / 2 + 3
    spots = [(bx + bw + gap, by + bh / 2), (bx - gap, by + bh / 2), (bx + bw / 2, by + bh + gap)]
    return next((c for c in spots if _clear(name)(*c)), spots[0])


def _held(f: Field | None, lift: bool, name: str, colour: Colour) -> str:
    """The barricade taken on field ``f`` of board ``name``, floating beside the pawn that took it (rising from
    that pawn's middle when ``lift``); ``f`` None: beside the house of ``colour``, who holds it."""
    x, y = _held_centre(name, f) if f is not None else _held_by_house(name, colour)
    half = _HELD / 2
    stone = (
        f'<g class="held" pointer-events="none"><rect x="{px(x - half)}" y="{px(y - half)}" width="{_HELD}"'
        f' height="{_HELD}" rx="3"/></g>'
    )
    if not lift or f is None:
        return stone
    cx, cy = _centre(f)
    return moving("lifted", stone, dx=cx - x, rise=cy - y)


def board_svg(board_name: str, t: Translator = ENGLISH) -> str:
    """The start position of ``board_name`` with four players (for the first paint)."""
    return render(new_game(board_name, COLOURS), t=t)


def text(state: State, t: Translator = ENGLISH) -> str:
    """The board in letters for a terminal (:meth:`Face.text <malefiz.core.face.Face.text>`): each field where
    its grid puts it, numbered as the notation writes it (``x.y``), with the rows as the words count them at the
    right; a pawn by its letter, a barricade ``#``; below, the pawns in the houses (and the forest) and the key.

    >>> print(text(new_game("fast", ("red", "yellow"))).splitlines()[1])
      0                 *
    """
    b = state.board
    cells = {
        xy(f): "*" if f == b.goal else "@" if f in b.rest_fields else "~" if f in b.village else "o" for f in b.fields
    }
    cells.update((xy(f), "#") for f in state.barricade_fields)
    if b.forest is not None:
        cells[b.forest] = "%"
    for colour, pawns in zip(state.players, state.pawns, strict=True):
        cells.update((xy(p), piece_letter(colour, t)) for p in pawns if p not in (HOUSE, FOREST))
    lines = text_grid(cells, b.width, b.bottom_row + 1, numbered=True)
    for n, y in enumerate(counted_rows(b.name), 1):  # the rows as the words count them, from the houses up
        lines[1 + y] = f"{lines[1 + y]:<{3 + 3 * b.width}}   {t('term.row', n=n)}"
    counts = [
        (piece_letter(c, t), pawns.count(HOUSE), pawns.count(FOREST))
        for c, pawns in zip(state.players, state.pawns, strict=True)
    ]
    lines.append(t("term.houses", list=", ".join(f"{letter} {house}" for letter, house, _ in counts)))
    if any(forest for *_, forest in counts):
        lines.append(t("term.forest", list=", ".join(f"{letter} {forest}" for letter, _, forest in counts if forest)))
    key = t("term.key.fast" if b.rest_fields else "term.key.malefiz")
    return "\n".join([*lines, key, text_pieces(state.players, t)])


@cache
def _field_title(board_name: str, f: Field, language: str) -> str:
    """A field's name in words (``the field below the goal``), escaped for a ``<title>``."""
    return escape(field_words(board(board_name), f, Translator(language)))


def _caption(state: State, board_name: str, names: Mapping[Colour, str] | None, t: Translator) -> str:
    """The board's title: which board, and who is to do what."""
    if state.is_over:
        return t("view.caption_over", board=board_name)
    who = names.get(state.current, "") if names else ""
    who = who or t.colour(state.current, capital=True)
    if state.is_chance:
        return t("view.caption_roll", board=board_name, who=who)
    if state.phase is Phase.PLACE:
        return t("view.caption_place", board=board_name, who=who)
    return t("view.caption_move", board=board_name, who=who)
