"""The Mensch ärgere Dich nicht board as SVG: a pure function of a position (German: *Spielplan*).

:func:`render` returns one ``<svg>`` element as a string; the page writes it
into the document. Its ``<style>`` rules are all scoped under the root class
``maedn``, so they neither leak into nor suffer from another board on the page.

Fields (circles, class ``field``; ``data-field`` holds the field's name, see
:func:`~malefiz.games.maedn.board.field_name`):

- ``track``: the white track fields, ``t0`` .. ``t<L-1>`` (track index, 0 is yellow's A field);
  an A field also has ``a-field a-<colour>`` (plus ``turn`` for the colour to act, ``off`` when not in play);
- ``goal-field goal-<colour>``: goal fields ``y:a`` .. ``y:d``, in a group
  ``goal-area`` (``data-colour``; ``home`` once the colour came home, ``off`` when not in play);
- ``b-field b-<colour>``: B fields ``y:B0`` .. ``y:B3``, in a group ``b-area``
  (``data-colour``; ``turn``, ``off`` or ``neutral``);
- ``target``: a legal destination; ``trail``: the way of the last move; ``hint``: the suggested destination.

An A field is drawn as a field, never as a piece: a pale fill in its colour's tint, a ring in
its colour and a small "A" (its goal fields carry a to d and its B fields "B", as on the printed board: the words
say "back to B"); a piece is a solid disc with a shadow.

Pieces (groups, class ``piece piece-<colour>``, a disc with the colour's letter in the player's
language, :func:`~malefiz.core.svg.piece_letter`: Y G R K B P, in German Ge Gr R S B L):
``data-key`` is the piece in notation (``y:15``, ``y:B``, ``y:41``), the start of
a move (``y:15-18``); ``data-on`` names the field it stands on. Classes ``movable``,
``selected``, ``target`` (it stands on a destination: a capture), ``hint``,
``neutral`` (the neutral colour's, with an N badge) and ``barrier`` (two of one colour
on one field, drawn offset with a 2 badge). Every field and piece has a ``<title>``
(the piece's from :func:`~malefiz.games.maedn.words.place_words`).

Options of :func:`render`: the marks (``movable``, ``selected``, ``targets``, ``hint``,
``trail``), the players' ``names``, the language ``t``, the pieces just ``sent_home`` (they fly
back to B once), and ``facing``: a colour whose side is drawn nearest the viewer, the board
turned by whole arms (:meth:`~malefiz.games.maedn.board.Board.turned`; a device that plays one
seat between devices). Turning moves coordinates only: names and keys stay.

>>> svg = render(new_game("cross", 4))
>>> svg.count('class="piece '), svg.count('data-field="t')
(16, 40)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from html import escape
from typing import Final, NamedTuple

from ...core.face import text_grid, text_pieces
from ...core.svg import (
    CELL,
    COLOUR_FILL,
    COLOUR_TINT,
    KNOCK,
    MOTION_STYLE,
    TARGET_STYLE,
    description,
    moving,
    owner,
    piece,
    piece_letter,
    px,
    rank_badge,
)
from ...i18n import ENGLISH, Translator
from .board import COLOUR_LETTERS, GOAL_LETTERS, Board, Point, board, facing_steps, field_name, piece_key
from .rules import new_game
from .state import Phase, State
from .words import place_words, where_words

__all__ = [
    "CELL",
    "COLOUR_FILL",
    "COLOUR_TINT",
    "board_svg",
    "render",
]

_GOAL_TEXT: Final[Mapping[str, str]] = {"yellow": "#8a6a00"}
_OFF_LINE: Final = "#b5b0a5"
"""The ring, line and arrow of a colour not in play (its fields greyed)."""
"""The goal letters' colour where the colour itself is too light on its tint."""

_MARGIN: Final = CELL
"""From the SVG's edge to the centre of the outermost fields."""
_INSET: Final = 6
"""From the SVG's edge to the board's backdrop (around the B areas and their turn marks)."""
_FIELD_R: Final = 16
_PIECE_R: Final = 13
_BARRIER_SHIFT: Final = 6
"""How far each of the two pieces of a barrier stands off its field's centre (diagonally)."""


def _centre(p: Point) -> tuple[int, int]:
    x, y = p
    return x * CELL + _MARGIN, y * CELL + _MARGIN


def _style(colours: Sequence[str]) -> str:
    rules = [
        ".maedn .backdrop{fill:#fbf4df;stroke:#d9c9a0;stroke-width:2}",
        ".maedn .edge{fill:none;stroke:#4a3b2a;stroke-width:4;stroke-linejoin:round}",
        ".maedn .goal-line{fill:none;stroke-width:4;stroke-linecap:round}",
        ".maedn .arrow{stroke:#4a3b2a;stroke-width:1}",
        ".maedn .field{fill:#fffdf7;stroke:#2b2118;stroke-width:2}",
        ".maedn .b-box{stroke:none}",
        ".maedn .turn-mark{fill:none;stroke:none;stroke-width:3;stroke-dasharray:7 4}",
        ".maedn .b-area.turn .turn-mark{stroke:#222}",
        ".maedn .field.a-field.turn{stroke:#111;stroke-width:4}",
        ".maedn .b-area.off .b-box,.maedn .goal-area.off .field{fill:#eeebe4}",
        f".maedn .b-area.off .field,.maedn .field.a-field.off{{fill:#e4e1da;stroke:{_OFF_LINE}}}",
        f".maedn .goal-area.off .field{{stroke:{_OFF_LINE}}}",
        ".maedn .b-area.neutral .b-box{stroke:#555;stroke-width:2;stroke-dasharray:5 4}",
        ".maedn .goal-area.home .field{stroke:#111;stroke-width:3.5}",
        ".maedn .label{font:bold 12px system-ui,sans-serif;text-anchor:middle;pointer-events:none}",
        # A B field's letter is a faint mark, never read as a piece (Blue's pieces carry a B in English).
        ".maedn .label.b-mark{font-weight:normal;fill-opacity:.6}",
        ".maedn .badge circle{fill:#fff;stroke:#222;stroke-width:1.2}",
        ".maedn .badge text{font:bold 10px system-ui,sans-serif;text-anchor:middle;fill:#222}",
        ".maedn .field.trail{stroke:#ff8c00;stroke-width:4}",
        f".maedn .field.target{{{TARGET_STYLE}}}",
        ".maedn .field.hint{stroke:#c2188f;stroke-width:5}",
        ".maedn .piece .letter{text-anchor:middle;pointer-events:none}",
        ".maedn .piece .body{stroke:#111;stroke-width:1.5}",
        ".maedn .piece.neutral .body{stroke:#fff;stroke-width:2;stroke-dasharray:3 2.5}",
        ".maedn .piece .halo{fill:none;stroke:none}",
        ".maedn .piece.movable{cursor:pointer}",
        ".maedn .piece.movable .halo{stroke:#ff8c00;stroke-width:3;stroke-dasharray:4 3}",
        ".maedn .piece.selected .halo{stroke:#111;stroke-width:4;stroke-dasharray:none}",
        ".maedn .piece.target .halo{stroke:#0b7a0b;stroke-width:4;stroke-dasharray:none}",
        ".maedn .piece.hint .halo{stroke:#c2188f;stroke-width:5;stroke-dasharray:none}",
    ]
    for c in colours:
        fill, tint = COLOUR_FILL[c], COLOUR_TINT[c]
        rules.append(f".maedn .field.a-{c}{{fill:{tint};stroke:{fill};stroke-width:4}}")
        rules.append(f".maedn .field.goal-{c},.maedn .b-{c}{{fill:{tint};stroke:{fill};stroke-width:3}}")
        rules.append(f".maedn .b-box-{c}{{fill:{tint};fill-opacity:.55}}")
        rules.append(f".maedn .goal-line-{c}{{stroke:{fill}}}")
    # After the colours: a target on an A field or a goal field must show as a target.
    rules.append(f".maedn .field.target{{{TARGET_STYLE}}}")
    rules.append(MOTION_STYLE)
    return "<style>" + "".join(rules) + "</style>"


def _b_box(b: Board, i: int) -> tuple[float, float, float, float]:
    """The rectangle behind colour ``i``'s B fields: x, y, width, height."""
    xs = [_centre(p)[0] for p in b.b_fields[i]]
    ys = [_centre(p)[1] for p in b.b_fields[i]]
    pad = _FIELD_R + 5
    return min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad


def _towards_centre(b: Board, i: int) -> tuple[float, float]:
    """The corner of colour ``i``'s B box that faces the middle of the board (for its badge)."""
    x, y, w, h = _b_box(b, i)
    mx, my = (b.width - 1) / 2 * CELL + _MARGIN, (b.height - 1) / 2 * CELL + _MARGIN
    return (x + w if x + w / 2 < mx else x), (y + h if y + h / 2 < my else y)


def _arrow(b: Board, start: int, colour: str) -> str:
    """A small arrowhead between an A field and the next track field: the direction of play."""
    (x1, y1), (x2, y2) = _centre(b.track[start]), _centre(b.track[(start + 1) % b.track_length])
    dx, dy = x2 - x1, y2 - y1
    dist = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / dist, dy / dist
    tip = _FIELD_R + 9
    tx, ty = x1 + ux * tip, y1 + uy * tip
    bx, by = tx - ux * 9, ty - uy * 9
    nx, ny = -uy * 6, ux * 6
    points = f"{px(tx)},{px(ty)} {px(bx + nx)},{px(by + ny)} {px(bx - nx)},{px(by - ny)}"
    return f'<polygon class="arrow arrow-{colour}" points="{points}" fill="{COLOUR_FILL[colour]}"/>'


@cache
def _backdrop(name: str, steps: int = 0) -> str:
    """What never changes: the board, the lines of the track and the goals, the B boxes and the arrows (the board
    turned by ``steps`` arms, see :meth:`.board.Board.turned`)."""
    b = board(name).turned(steps)
    w, h = _size(name)
    out = [
        _style(b.colours),
        f'<rect class="backdrop" x="{_INSET}" y="{_INSET}" width="{w - 2 * _INSET}" height="{h - 2 * _INSET}"'
        ' rx="24"/>',
    ]
    for i, colour in enumerate(b.colours):
        x, y, bw, bh = _b_box(b, i)
        out.append(
            f'<rect class="b-box-{colour}" x="{px(x)}" y="{px(y)}" width="{px(bw)}" height="{px(bh)}"'
            f' rx="12" fill="{COLOUR_TINT[colour]}"/>'
        )
    points = " ".join(f"{x},{y}" for x, y in map(_centre, b.track))
    out.append(f'<polygon class="edge" points="{points}"/>')
    for i, (colour, start) in enumerate(zip(b.colours, b.starts, strict=True)):
        before = b.track[(start - 1) % b.track_length]
        points = " ".join(f"{x},{y}" for x, y in map(_centre, (before, *b.goals[i])))
        out.append(f'<polyline class="goal-line goal-line-{colour}" points="{points}"/>')
    for colour, start in zip(b.colours, b.starts, strict=True):
        out.append(_arrow(b, start, colour))
    return "".join(out)


@cache
def _turning(name: str, steps: int) -> dict[Point, Point]:
    """Where each field of the printed board is drawn on the board turned by ``steps`` arms."""
    printed, turned = board(name), board(name).turned(steps)
    moved = dict(zip(printed.track, turned.track, strict=True))
    for before, after in zip(printed.goals + printed.b_fields, turned.goals + turned.b_fields, strict=True):
        moved.update(zip(before, after, strict=True))
    return moved


@cache
def _size(name: str) -> tuple[int, int]:
    b = board(name)
    return (b.width - 1) * CELL + 2 * _MARGIN, (b.height - 1) * CELL + 2 * _MARGIN


def _ink(colour: str, playing: bool) -> str:
    """The colour of the letters on a colour's fields (A, B, a to d): its own (yellow's darker, to read on its
    tint), or grey with its fields when the colour is not in play."""
    return _GOAL_TEXT.get(colour, COLOUR_FILL[colour]) if playing else "#9a958a"


def _label(x: float, y: float, text: str, fill: str, size: int = 12, mark: str = "") -> str:
    return (
        f'<text class="label{mark}" x="{px(x)}" y="{px(y + size * 0.36)}" fill="{fill}"'
        f' style="font-size:{size}px">{escape(text)}</text>'
    )


def _badge(x: float, y: float, text: str) -> str:
    return (
        f'<g class="badge" transform="translate({px(x)} {px(y)})"><circle r="7"/>'
        f'<text y="3.5">{escape(text)}</text></g>'
    )


def _piece(
    colour: str,
    x: float,
    y: float,
    key: str,
    on: str,
    classes: Iterable[str],
    title: str,
    badges: Sequence[str],
    t: Translator,
) -> str:
    cls = " ".join(["piece", f"piece-{colour}", *classes])
    out = [
        f'<g class="{cls}" data-key="{escape(key)}" data-on="{escape(on)}"'
        f' transform="translate({px(x)} {px(y)})"><title>{escape(title)}</title>',
        f'<circle class="halo" r="{_PIECE_R + 3}"/>',
        piece(colour, _PIECE_R, piece_letter(colour, t)),
    ]
    corners = ((_PIECE_R - 2, -_PIECE_R + 2), (-_PIECE_R + 2, -_PIECE_R + 2))
    for text, (bx, by) in zip(badges, corners, strict=False):
        out.append(_badge(bx, by, text))
    out.append("</g>")
    return "".join(out)


def _caption(state: State, board_name: str, names: Mapping[str, str] | None, t: Translator) -> str:
    """The board's title: which board, and who is to do what."""
    if state.phase is Phase.OVER:
        return t("view.caption_over", board=board_name)
    who = (names.get(state.current, "") if names else "") or t.colour(state.current, capital=True)
    return t("view.caption_roll" if state.phase is Phase.ROLL else "view.caption_move", board=board_name, who=who)


@cache
def _field_titles(board_name: str, language: str) -> dict[str, str]:
    """Every field's name in words by its ``data-field`` name, escaped for a ``<title>``."""
    b = board(board_name)
    t = Translator(language)
    titles: dict[str, str] = {}
    for start, colour in zip(b.starts, b.colours, strict=True):  # a track field counts from the start behind it
        name = t.colour(colour, capital=True)
        titles[f"t{start}"] = t("md.field_start", colour=name)
        n = 1
        while (index := (start + n) % len(b.track)) not in b.starts:
            titles[f"t{index}"] = t("md.field_track", n=n, colour=name)
            n += 1
    for i, colour in enumerate(b.colours):
        letter = COLOUR_LETTERS[colour]
        for g in range(len(b.goals[i])):
            titles[f"{letter}:{GOAL_LETTERS[g]}"] = t(
                "md.field_goal", colour=t.colour(colour, capital=True), letter=GOAL_LETTERS[g]
            )
        for n in range(len(b.b_fields[i])):
            titles[f"{letter}:B{n}"] = t("md.field_b", colour=t.colour(colour, capital=True))
    return {name: escape(title) for name, title in titles.items()}


def render(
    state: State,
    *,
    movable: Iterable[str] = (),
    selected: str | None = None,
    targets: Iterable[str] = (),
    hint: tuple[str, str] | None = None,
    ranks: Mapping[str, str] | None = None,
    trail: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
    t: Translator = ENGLISH,
    sent_home: Sequence[tuple[str, Point]] = (),
    facing: str | None = None,
) -> str:
    """The SVG of ``state``, its names and titles in ``t``'s language.

    ``movable``: keys of the pieces that may move (``y:15``, ``y:B``; see :func:`.board.piece_key`);
    ``selected``: the key of the chosen piece; ``targets``: names of the fields that are
    legal destinations (see :func:`.board.field_name`; a piece standing there is marked too);
    ``hint``: the key of the suggested piece and the name of its destination;
    ``trail``: the names of the fields the last move walked (see :func:`.board.way`);
    ``names``: player names by colour, for the B areas' titles.
    Where several pieces share a key (waiting on B, a barrier), ``selected`` and
    ``hint`` mark one of them, ``movable`` all.
    ``sent_home``: pieces just sent back to B (their colour and the point they were
    caught on, as the printed board has it): the newest piece on that colour's B fields flies there from
    the point, once. ``facing``: the colour whose side of the board is drawn nearest the viewer (see
    :func:`.board.facing_steps`); None draws the board as printed. Only the coordinates turn: every
    field's and piece's name and key stay.
    Every field and piece has a ``<title>`` in words, in ``t``'s language.
    """
    steps = facing_steps(state.board, facing) if facing is not None else 0
    b = state.board.turned(steps)
    if steps:
        moved = _turning(b.name, steps)
        sent_home = [(colour, moved.get(point, point)) for colour, point in sent_home]
    width, height = _size(b.name)
    hint_key, hint_field = hint if hint is not None else (None, None)
    marks = _Marks(
        frozenset(movable), selected, frozenset(targets), hint_key, hint_field, frozenset(trail), dict(ranks or {})
    )
    fields, badges = _fields(state, b, marks, names, t)
    board_name = t("view.md_board", board=t(f"view.board.{b.name}"))
    return "".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="board maedn board-{b.name}"'
            f' viewBox="0 0 {width} {height}" width="100%" height="100%" role="img"'
            f' aria-label="{escape(board_name)}">',
            f"<title>{escape(_caption(state, board_name, names, t))}</title>",
            _description(state, names, t),
            _backdrop(b.name, steps),
            _greyed(b.colours, state.seating.slot_of),
            *fields,
            *_pieces(state, b, marks, t, sent_home),
            *badges,  # the hint's ranks, above the pieces
            "</svg>",
        ]
    )


def _greyed(colours: Iterable[str], playing: Iterable[str]) -> str:
    """The goal lines and arrows of the colours not in play, greyed as their fields are (the backdrop is the same
    for every game on a board)."""
    off = [c for c in colours if c not in set(playing)]
    rules = "".join(f".maedn .goal-line-{c}{{stroke:{_OFF_LINE}}}.maedn .arrow-{c}{{fill:{_OFF_LINE}}}" for c in off)
    return f"<style>{rules}</style>" if rules else ""


class _Marks(NamedTuple):
    """The options of :func:`render`, ready for lookups."""

    movable: frozenset[str]
    selected: str | None
    targets: frozenset[str]
    hint_key: str | None
    hint_field: str | None
    trail: frozenset[str]
    ranks: dict[str, str]

    def of_field(self, name: str) -> str:
        """The extra classes of the field called ``name``, each after a space."""
        extra = ""
        if name in self.targets:
            extra += " target"
        if name in self.trail:
            extra += " trail"
        if name == self.hint_field:
            extra += " hint"
        return extra


def _fields(
    state: State, b: Board, marks: _Marks, names: Mapping[str, str] | None, t: Translator
) -> tuple[list[str], list[str]]:
    """Every field (track, goals, B areas) with its classes, and the letters on them (drawn as on ``b``, the state's
    board as turned); and apart, the hint's ranks on their fields (:func:`~malefiz.core.svg.rank_badge`), for the
    caller to draw above the pieces."""
    se = state.seating
    acting = None if state.is_over else state.current
    home = set(state.finished_colours)
    if se.neutral is not None and state.neutral_home:
        home.add(se.neutral)
    out: list[str] = []
    starts = dict(zip(b.starts, b.colours, strict=True))
    titles = _field_titles(b.name, t.language)
    labels: list[str] = []
    badges: list[str] = []
    for index, point in enumerate(b.track):
        name = f"t{index}"
        cx, cy = _centre(point)
        classes = "field track"
        owner = starts.get(index)
        if owner is not None:
            classes += f" a-field a-{owner}"
            if owner not in se.slot_of:
                classes += " off"
            elif owner == acting:
                classes += " turn"
        out.append(
            f'<circle class="{classes}{marks.of_field(name)}" data-field="{name}" data-key="{name}"'
            f' cx="{cx}" cy="{cy}" r="{_FIELD_R}"><title>{titles[name]}</title></circle>'
        )
        if name in marks.ranks:
            badges.append(rank_badge(cx, cy, _FIELD_R, marks.ranks[name]))
        if owner is not None:
            labels.append(_label(cx, cy, "A", _ink(owner, owner in se.slot_of), 13))
    for i, colour in enumerate(b.colours):
        letter = COLOUR_LETTERS[colour]
        area = "goal-area"
        if colour not in se.slot_of:
            area += " off"
        elif colour in home:
            area += " home"
        goal_title = escape(t("md.goal_title", colour=t.colour(colour, capital=True)))
        out.append(f'<g class="{area}" data-colour="{colour}"><title>{goal_title}</title>')
        for g, point in enumerate(b.goals[i]):
            name = f"{letter}:{GOAL_LETTERS[g]}"
            cx, cy = _centre(point)
            out.append(
                f'<circle class="field goal-field goal-{colour}{marks.of_field(name)}" data-field="{name}"'
                f' data-key="{name}" cx="{cx}" cy="{cy}" r="{_FIELD_R}"><title>{titles[name]}</title></circle>'
            )
            if name in marks.ranks:
                badges.append(rank_badge(cx, cy, _FIELD_R, marks.ranks[name]))
            labels.append(_label(cx, cy, GOAL_LETTERS[g], _ink(colour, colour in se.slot_of)))
        out.append("</g>")
        out.extend(_b_area(state, b, i, acting, marks, names, t))
    out.extend(labels)
    return out, badges


def _b_area(
    state: State,
    b: Board,
    i: int,
    acting: str | None,
    marks: _Marks,
    names: Mapping[str, str] | None,
    t: Translator,
) -> list[str]:
    """The B area of the board's ``i``-th colour: its box, turn mark, B fields and neutral badge (as on ``b``)."""
    se = state.seating
    colour = b.colours[i]
    letter = COLOUR_LETTERS[colour]
    area = "b-area"
    if colour not in se.slot_of:
        area += " off"
        title = t("view.not_playing", colour=t.colour(colour, capital=True))
    elif colour == se.neutral:
        area += " neutral"
        title = t("md.neutral_title", colour=t.colour(colour, capital=True))
    else:
        title = (names.get(colour, "") if names else "") or t.colour(colour, capital=True)
    if colour == acting:
        area += " turn"
    x, y, w, h = _b_box(b, i)
    titles = _field_titles(b.name, t.language)
    out = [
        f'<g class="{area}" data-colour="{colour}"><title>{escape(title)}</title>',
        f'<rect class="b-box" x="{px(x)}" y="{px(y)}" width="{px(w)}" height="{px(h)}" rx="12" fill="none"/>',
        f'<rect class="turn-mark" x="{px(x - 5)}" y="{px(y - 5)}" width="{px(w + 10)}" height="{px(h + 10)}" rx="16"/>',
    ]
    ink = _ink(colour, colour in se.slot_of)
    for n, point in enumerate(b.b_fields[i]):
        name = f"{letter}:B{n}"
        cx, cy = _centre(point)
        out.append(
            f'<circle class="field b-field b-{colour}{marks.of_field(name)}" data-field="{name}" data-key="{name}"'
            f' cx="{cx}" cy="{cy}" r="{_FIELD_R}"><title>{titles[name]}</title></circle>'
        )
        out.append(_label(cx, cy, "B", ink, 11, " b-mark"))
    if colour == se.neutral:
        out.append(_badge(*_towards_centre(b, i), "N"))
    out.append("</g>")
    return out


def _description(state: State, names: Mapping[str, str] | None, t: Translator) -> str:
    """Where every piece stands, in words (the board's ``<desc>``), colour by colour."""
    players = []
    for colour, pieces in zip(state.seating.colours, state.pieces, strict=True):
        waiting = pieces.count(-1)
        parts = [t.count("md.desc_b", waiting)] if waiting else []
        parts += [where_words(state, p, t) for p in sorted(pieces, reverse=True) if p >= 0]
        name = owner(colour, names.get(colour, "") if names else "", t)
        players.append((t("md.neutral_title", colour=name) if colour == state.seating.neutral else name, parts))
    return description(players, t)


def _pieces(state: State, b: Board, marks: _Marks, t: Translator, sent_home: Sequence[tuple[str, Point]]) -> list[str]:
    """Every piece on its field (as on ``b``); the two of a barrier offset, the upper one with a 2 badge."""
    se = state.seating
    out: list[str] = []
    flying: list[str] = []
    for colour, pieces in zip(se.colours, state.pieces, strict=True):
        neutral = colour == se.neutral
        counts = Counter(pieces)
        seen: Counter[int] = Counter()
        for p in pieces:
            key = piece_key(colour, p)
            nth = seen[p]
            seen[p] += 1
            on = field_name(b, colour, p, nth)
            cx, cy = _centre(b.point(colour, p, nth))
            x, y = float(cx), float(cy)
            stacked = p >= 0 and counts[p] > 1
            lead = nth == 0 if p < 0 else nth == counts[p] - 1
            classes: list[str] = []
            if stacked:
                shift = _BARRIER_SHIFT if nth else -_BARRIER_SHIFT
                x, y = cx + shift, cy - shift
                classes.append("barrier")
            if neutral:
                classes.append("neutral")
            if key in marks.movable:
                classes.append("movable")
            if lead and key == marks.selected:
                classes.append("selected")
            if on in marks.targets:
                classes.append("target")
            if lead and key == marks.hint_key:
                classes.append("hint")
            badges = (["2"] if stacked and lead else []) + (["N"] if neutral else [])
            title = place_words(state, colour, p, t)
            drawn = _piece(colour, x, y, key, on, classes, title, badges, t)
            flown = [point for sent, point in sent_home if sent == colour]
            if p < 0 and counts[p] - nth <= len(flown):
                cx, cy = _centre(flown[counts[p] - nth - 1])
                flying.append(moving("sent-home", drawn, dx=cx + KNOCK - x, dy=cy - KNOCK - y))
            else:
                out.append(drawn)
    return out + flying  # a piece flying home passes over the others


def text(state: State, t: Translator = ENGLISH) -> str:
    """The board in letters for a terminal (:meth:`Face.text <malefiz.core.face.Face.text>`): each track field
    ``o`` and each goal and B field ``-`` where the board draws it, a colour's start field (A) by its small
    letter, a piece by its letter (``2`` after it: a barrier); below, the key.

    >>> print(text(new_game("cross", ("yellow", "red"))).splitlines()[2])
                  o  -  o
    """
    b = state.board
    cells = {p: "o" for p in b.track} | {p: "-" for fields in (*b.goals, *b.b_fields) for p in fields}
    se = state.seating
    cells.update((b.point(c, 0), piece_letter(c, t).lower()) for c in se.colours)  # the start fields (A)
    for colour, pieces in zip(se.colours, state.pieces, strict=True):
        counts = Counter(pieces)
        waiting = 0
        for place in sorted(counts):
            for _ in range(counts[place] if place < 0 else 1):
                point = b.point(colour, place, waiting)
                waiting += place < 0
                cells[point] = piece_letter(colour, t) + ("2" if place >= 0 and counts[place] > 1 else "")
    lines = text_grid(cells, b.width, b.height)
    return "\n".join([*lines, t("term.key.maedn"), text_pieces(se.colours, t)])


def board_svg(board_name: str, t: Translator = ENGLISH) -> str:
    """The start position of ``board_name`` with every colour in play (for the first paint).

    Raises:
        InvalidPositionError: for an unknown board.
    """
    return render(new_game(board_name, len(board(board_name).colours)), t=t)
