"""The rules pages' pictures: positions drawn by the games' own views, cropped to what matters.

Every picture is a real position in the games' notation, drawn by
:func:`malefiz.games.malefiz.view.render` or :func:`malefiz.games.maedn.view.render`
with the marks the game page uses (the pawn that may move, its targets, the way
it walks), in the page's language (the pieces' letters, the fast board's key).
:func:`still` turns such a board into a picture: no hooks for clicks or tests, a
window (``viewBox``) around the fields that matter, and a title.

>>> import xml.etree.ElementTree as ET
>>> svg = still(malefiz_board("classic"), "The board", (0, 0, 720, 640))
>>> ET.fromstring(svg).get("viewBox"), ET.fromstring(svg).get("aria-label")
('0 0 720 640', 'The board')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from html import escape
from typing import Final

from ..core.svg import CELL
from ..games.maedn import rules as maedn_rules
from ..games.maedn import view as maedn_view
from ..games.maedn.board import field_name as maedn_field
from ..games.maedn.board import piece_key as maedn_piece
from ..games.maedn.board import way as maedn_way
from ..games.maedn.notation import parse_position as maedn_position
from ..games.maedn.state import Move as MaednMove
from ..games.maedn.state import State as MaednState
from ..games.malefiz import notation as malefiz_notation
from ..games.malefiz import rules as malefiz_rules
from ..games.malefiz import state as malefiz_state
from ..games.malefiz import view as malefiz_view
from ..games.malefiz.board import FOREST, Field, field
from ..games.malefiz.state import Move, Place
from ..i18n import ENGLISH, Translator

__all__ = ["PICTURES", "Box", "malefiz_board", "picture", "still"]

Box = tuple[float, float, float, float]
"""A window of an SVG: x, y, width, height."""


_HOOKS: Final = re.compile(r' (?:data-(?:key|field|on|house|forest|colour)|tabindex)="[^"]*"')
_ROOT: Final = re.compile(r"<svg (?P<attributes>[^>]*)>")
_TITLES: Final = re.compile(r"<title>[^<]*</title>")
"""The board's own names (English) go: a picture is one image, named by its caption in the page's language."""


def still(svg: str, title: str, box: Box | None = None) -> str:
    """A rendered board as a picture: without hooks, pointer cursors or inner titles, titled, cropped to ``box``.

    The picture's width and height are its window's, in CSS pixels (the page scales it down
    to fit); its first ``<title>`` and its ``aria-label`` both say ``title``.
    """
    svg = _TITLES.sub("", _HOOKS.sub("", svg)).replace("cursor:pointer", "cursor:default")
    match = _ROOT.match(svg)
    if match is None:
        raise ValueError("not an SVG rendered by a board view")
    attributes = match["attributes"]
    if box is None:
        found = re.search(r'viewBox="([^"]*)"', attributes)
        assert found is not None
        x, y, w, h = (float(v) for v in found[1].split())
    else:
        x, y, w, h = box
    attributes = re.sub(r' ?(?:viewBox|width|height|aria-label)="[^"]*"', "", attributes)
    label = escape(title, quote=True)
    head = (
        f'<svg {attributes} viewBox="{x:g} {y:g} {w:g} {h:g}" width="{w:g}" height="{h:g}" aria-label="{label}">'
        f"<title>{escape(title, quote=False)}</title>"
    )
    return head + svg[match.end() :]


def _around(points: Iterable[tuple[float, float]], pad: float = CELL * 0.75) -> Box:
    """The window around pixel ``points`` with ``pad`` to spare on every side."""
    xs, ys = zip(*points, strict=True)
    return min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad


def _grid(x0: float, y0: float, x1: float, y1: float) -> Box:
    """The window over grid points ``(x0, y0)`` to ``(x1, y1)``.

    Both views put grid point ``(x, y)`` at pixel ``(x + 1, y + 1) * CELL``; a Malefiz
    house is drawn at the row below the bottom row (y 14 on the classic board, 9 on the fast one).
    """
    return _around([(x0 * CELL + CELL, y0 * CELL + CELL), (x1 * CELL + CELL, y1 * CELL + CELL)])


# Malefiz


def malefiz_board(name: str, t: Translator = ENGLISH) -> str:
    """A Malefiz board at the start of a game of four (the view's own first paint)."""
    return malefiz_view.board_svg(name, t)


def _f(text: str) -> Field:
    return malefiz_notation.parse_location(text)


def _moving(position: str, start: str) -> tuple[malefiz_state.State, Field, frozenset[Field]]:
    """A Malefiz position in phase move, the pawn at ``start`` and where it can go."""
    state = malefiz_notation.parse_position(position)
    here = _f(start)
    ends = frozenset(a.end for a in malefiz_rules.legal_actions(state) if isinstance(a, Move) and a.start == here)
    return state, here, ends


def _malefiz_move(t: Translator, position: str, start: str, end: str | None = None) -> str:
    """Red's (or whoever's) pawn at ``start`` selected, its targets marked, the way to ``end`` walked."""
    state, here, ends = _moving(position, start)
    way: list[Field] = []
    if end is not None:
        way = malefiz_rules.route(state, Move(here, _f(end)))
    return malefiz_view.render(state, movable=frozenset({here}), selected=here, targets=ends, highlight=way, t=t)


_CLASSIC_X: Final = "x:8.1,8.3,8.4,8.5,6.7,10.7,0.11,4.11,8.11,12.11,16.11"


def _m_board(t: Translator) -> str:
    state = malefiz_notation.parse_position(f"classic r:h,h,h,h,h y:9.9,h,h,h,h {_CLASSIC_X} r?")
    return still(malefiz_view.render(state, t=t), "")


def _m_move(t: Translator) -> str:
    svg = _malefiz_move(t, f"classic r:6.10,h,h,h,h y:h,h,h,h,h {_CLASSIC_X} r5", "6.10", "4.7")
    return still(svg, "", _grid(1, 6.5, 11, 14))


def _m_take(t: Translator) -> str:
    svg = _malefiz_move(t, f"classic r:4.13,h,h,h,h y:10.10,h,h,h,h {_CLASSIC_X} r2", "4.13", "4.11")
    return still(svg, "", _grid(0, 8.6, 12, 14))


def _m_put(t: Translator) -> str:
    x = _CLASSIC_X.replace("4.11,", "")
    state = malefiz_notation.parse_position(f"classic r:4.11,h,h,h,h y:10.10,h,h,h,h {x} r!")
    after = malefiz_rules.apply(state, Place(field(10, 9)))
    svg = malefiz_view.render(after, highlight=[field(4, 12), field(4, 11)], hint=Place(field(10, 9)), t=t)
    return still(svg, "", _grid(0, 8.6, 12, 14))


def _m_capture(t: Translator) -> str:
    svg = _malefiz_move(t, f"classic r:2.10,h,h,h,h y:5.9,h,h,h,h {_CLASSIC_X} r4", "2.10", "5.9")
    return still(svg, "", _grid(1, 8.6, 11, 14))


def _m_goal(t: Translator) -> str:
    x = _CLASSIC_X.replace("8.1,", "12.1,")
    svg = _malefiz_move(t, f"classic r:5.1,h,h,h,h y:11.3,h,h,h,h {x} r4", "5.1", "8.0")
    return still(svg, "", _grid(0.6, 0, 12, 3.4))


def _f_board(t: Translator) -> str:
    return still(malefiz_board("fast", t), "")


def _f_rest(t: Translator) -> str:
    svg = _malefiz_move(t, "fast r:0.8,h,h,h y:2.7,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r3", "0.8", None)
    return still(svg, "", _grid(0, 6.2, 5.6, 9.3))


def _f_village(t: Translator) -> str:
    before = "fast r:3.3,h,h,h y:2.4,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 y2"
    state, here, _ = _moving(before, "2.4")
    way = malefiz_rules.route(state, Move(here, _f("3.3")))
    after = malefiz_rules.apply(state, Move(here, _f("3.3")))
    svg = malefiz_view.render(after, highlight=way, t=t)
    return still(svg, "", _grid(-0.2, 0, 10.2, 7.4))  # the whole width: the key at the top


def _f_forest(t: Translator) -> str:
    state, here, ends = _moving("fast r:f,h,h,h y:5.3,h,h,h x:5.1,5.2,4.3,6.3,3.4,7.4 r3", "f")
    del here
    svg = malefiz_view.render(state, movable=frozenset({FOREST}), selected=FOREST, targets=ends, t=t)
    return still(svg, "", _grid(1, 2.4, 9, 7.4))


# Mensch ärgere Dich nicht


def _d_state(position: str) -> MaednState:
    return maedn_position(position)


def _d_moves(t: Translator, position: str, marked: str | None = None, walked: MaednMove | None = None) -> str:
    """A position in phase move: every piece that can move marked, ``marked``'s targets shown, ``walked``'s way."""
    state = _d_state(position)
    moves = maedn_rules.legal_moves(state)
    keys = {maedn_piece(m.colour, m.start) for m in moves}
    targets = [
        maedn_field(state, m.colour, m.end) for m in moves if marked is None or maedn_piece(m.colour, m.start) == marked
    ]
    trail = maedn_way(state, walked) if walked is not None else ()
    return maedn_view.render(state, movable=keys, selected=marked, targets=targets, trail=trail, t=t)


def _d_board(t: Translator) -> str:
    return still(maedn_view.board_svg("cross", t), "")


def _d_star(t: Translator) -> str:
    return still(maedn_view.board_svg("star", t), "")


def _d_enter(t: Translator) -> str:
    svg = _d_moves(t, "maedn cross y:7,B,B,B r:B,B,B,B y6", "y:B")
    return still(svg, "", _grid(0, 0, 4.4, 4.4))


def _d_capture(t: Translator) -> str:
    position = "maedn cross y:4,B,B,B r:29,B,B,B y5"
    svg = _d_moves(t, position, "y:4", MaednMove("yellow", 4, 9))
    return still(svg, "", _grid(0, -0.1, 6.4, 4.4))


def _d_goal(t: Translator) -> str:
    svg = _d_moves(t, "maedn cross y:36,40,B,B r:B,B,B,B y5", "y:36", MaednMove("yellow", 36, 41))
    return still(svg, "", _grid(0, 3.6, 5, 7))


def _d_barrier(t: Translator) -> str:
    svg = _d_moves(t, "maedn cross y:5,B,B,B r:28,28,B,B y4 +barriers", "y:5")
    return still(svg, "", _grid(0, -0.3, 6.4, 4.4))


def _d_backward(t: Translator) -> str:
    svg = _d_moves(t, "maedn cross y:15,B,B,B r:32,B,B,B y3 +back", "y:15")
    return still(svg, "", _grid(4.6, 1, 10.3, 5.4))


def _d_nojump(t: Translator) -> str:
    svg = _d_moves(t, "maedn cross y:38,41,B,B r:B,B,B,B y5 +nojump", "y:38")
    return still(svg, "", _grid(0, 3.6, 5, 7))


def _d_neutral(t: Translator) -> str:
    state = _d_state("maedn cross y:0,B,B,B g:0,B,B,B r:0,B,B,B k:6,B,B,B neutral:k y?")
    return still(maedn_view.render(state, t=t), "")


PICTURES: Final[Mapping[str, Callable[[Translator], str]]] = {
    "malefiz-board": _m_board,
    "malefiz-move": _m_move,
    "malefiz-take": _m_take,
    "malefiz-put": _m_put,
    "malefiz-capture": _m_capture,
    "malefiz-goal": _m_goal,
    "fast-board": _f_board,
    "fast-rest": _f_rest,
    "fast-village": _f_village,
    "fast-forest": _f_forest,
    "maedn-board": _d_board,
    "maedn-star": _d_star,
    "maedn-enter": _d_enter,
    "maedn-capture": _d_capture,
    "maedn-goal": _d_goal,
    "maedn-barrier": _d_barrier,
    "maedn-backward": _d_backward,
    "maedn-nojump": _d_nojump,
    "maedn-neutral": _d_neutral,
}
"""Every picture by name: a function drawing it in a language (untitled; :func:`picture` titles it)."""


@cache
def _drawn(name: str, language: str) -> str:
    return PICTURES[name](Translator(language))


def picture(name: str, title: str, language: str = "en") -> str:
    """The picture called ``name`` in ``language`` (``en``, ``de``: the pieces' letters, the fast board's key)
    with ``title`` as its ``<title>`` and ``aria-label``."""
    return still(_drawn(name, language), title)
