"""Statistics of a game, for every game: counts per player and a chart of the race to the goal.

Everything is read from a :class:`~malefiz.core.session.Session`'s record (each
entry's action and its :class:`~malefiz.core.effects.Effects`) and the face's
:meth:`~malefiz.core.face.Face.progress` (each seat's distance to the goal),
so nothing here knows one game from another:

- a *turn* is a run of actions of one colour of one seat (a 6 that rolls again
  stays in the turn); the chart has a point after each;
- a *roll* is a :class:`~malefiz.core.actions.Roll`, a *six* one showing 6;
- a *capture* is a move whose effects name a captured piece of another seat.
  Not counted: a seat capturing its own pieces (its own pawn in Malefiz, its
  other colour in Mensch ärgere Dich nicht), the neutral colour's pieces
  (nobody's), and a forced-capture penalty (the player's own piece);
- a *barricade moved* is an action whose effects put a barricade down;
- a *move* is any other action but a pass.

:func:`chart_svg` draws the distances as an accessible SVG line chart and
:func:`table_html` the counts as an HTML table; :func:`report_html` does both
for a session, and :func:`podium_html` shows its places at the end. Names are
user input: every text is escaped. The report's CSS classes all start with
``stats-``, the podium's with ``podium``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Final, Literal

from ..i18n import ENGLISH, Translator
from .actions import Pass, Roll
from .session import Session
from .setup import seat_label
from .svg import COLOUR_FILL, px, round_step, text_width

__all__ = ["Mark", "SeatStats", "Stats", "chart_svg", "game_stats", "podium_html", "report_html", "table_html"]

MarkKind = Literal["capture", "barricade"]


@dataclass(frozen=True)
class SeatStats:
    """One player's counts."""

    rolls: int = 0
    sixes: int = 0
    captures: int = 0
    """Pieces of other players this player sent back."""
    captured: int = 0
    """Pieces of this player sent back by others."""
    barricades: int = 0
    """Barricades taken and put elsewhere (Malefiz; 0 in games without)."""
    moves: int = 0
    """Pieces moved (passes and barricade placements not counted)."""


@dataclass(frozen=True)
class Mark:
    """Something worth marking on the chart: a capture or a barricade put elsewhere."""

    turn: int
    """The turn it happened in (1 for the first: the index of the point after it in :attr:`Stats.series`)."""
    seat: int
    """Who did it."""
    kind: MarkKind
    victim: int | None = None
    """For a capture: the seat whose piece was sent back."""


@dataclass(frozen=True)
class Stats:
    """A game's statistics (see the module docstring for what counts as what)."""

    seats: tuple[SeatStats, ...]
    """Per seat, in seat order."""
    series: tuple[tuple[float, ...], ...]
    """Per seat, its distance to the goal at the start and after each turn."""
    turns: tuple[int, ...]
    """The seat that played each turn (``turns[t - 1]`` played turn ``t``)."""
    marks: tuple[Mark, ...]
    """Captures and barricade placements, in the order they happened."""

    def turns_with(self, kind: MarkKind) -> list[int]:
        """The turns where a ``kind`` happened, in order (a turn with two is listed twice)."""
        return [m.turn for m in self.marks if m.kind == kind]


def game_stats(session: Session) -> Stats:
    """The statistics of ``session``'s game so far (the whole game once it is over)."""
    face = session.face
    record = session.record
    count = len(session.setup.seats)
    seat_of = {colour: seat for seat, colours in enumerate(record.start.seats) for colour in colours}
    counts = [dict.fromkeys(("rolls", "sixes", "captures", "captured", "barricades", "moves"), 0) for _ in range(count)]
    progress = face.progress(record.start)
    series: list[list[float]] = [[p] for p in progress]
    turns: list[int] = []
    marks: list[Mark] = []
    who: tuple[int, str] | None = None
    entries = record.entries
    for i, entry in enumerate(entries):
        before, action, effects = entry.before, entry.action, entry.effects
        seat = before.current_seat
        if (seat, before.current) != who:
            who = (seat, before.current)
            turns.append(seat)
        turn = len(turns)
        mine = counts[seat]
        if isinstance(action, Roll):
            mine["rolls"] += 1
            mine["sixes"] += action.value == 6
        elif not isinstance(action, Pass):
            if effects.barricade_placed is not None:
                mine["barricades"] += 1
                marks.append(Mark(turn, seat, "barricade"))
            else:
                mine["moves"] += 1
            victim = seat_of.get(effects.capture.colour) if effects.capture is not None else None
            if victim is not None and victim != seat:
                mine["captures"] += 1
                counts[victim]["captured"] += 1
                marks.append(Mark(turn, seat, "capture", victim))
            progress = face.progress(entry.after)
        following = entry.after
        if i + 1 == len(entries) or (following.current_seat, following.current) != who:
            for values, p in zip(series, progress, strict=True):
                values.append(p)
    return Stats(
        tuple(SeatStats(**c) for c in counts),
        tuple(tuple(values) for values in series),
        tuple(turns),
        tuple(marks),
    )


# -- the chart ---------------------------------------------------------------

WIDTH: Final = 360
"""The chart's width in SVG units (it scales with its box: the side panel, about 300 to 380 pixels, so its
12-unit text reads at 10 pixels or more)."""
PLOT_HEIGHT: Final = 180
LEFT: Final = 56
RIGHT: Final = 16
TOP: Final = 16
BOTTOM: Final = 44
"""Room under the plot for the turn ticks and the axis name."""
LEGEND_ROW: Final = 22
LEGEND_COLUMNS: Final = 2
"""Names to a line of the key, when each fits its share of the line (else a line each)."""
LEGEND_FONT: Final = 13
"""The key's font size; a name too long for a whole line is set smaller, down to :data:`LEGEND_SMALLEST`."""
LEGEND_SMALLEST: Final = 9
LEGEND_TEXT: Final = 36
"""Where a name starts, from its line's sample."""
LEGEND_GAP: Final = 8
"""The least room between a name and the next sample on its line."""
OTHER_FILL: Final = "#777777"
"""A line's colour for a colour the palette does not know."""
DASHES: Final = ("", "8 4", "2 3", "10 3 2 3", "5 5", "1 2")
"""Each seat's line pattern, in seat order (a second cue next to the colour)."""
MARK_KINDS: Final[tuple[MarkKind, ...]] = ("capture", "barricade")
"""The kinds of marks, in the key's order (the catalogue's ``stats.key_<kind>`` says what each means)."""
MARK_ROOM: Final = 12
"""SVG units of the plot's width a mark has at full size: with more marks than fit so (a game of six colours sends
back a hundred pieces) they are drawn smaller, down to half, so the lines still show between them."""
NOTE_LINE: Final = 16
NOTE_LETTERS: Final = 52
"""About how many letters of the 12-unit note fit a line of the chart."""


def _name_of(names: Sequence[str], seat: int, t: Translator) -> str:
    """Seat ``seat``'s name in the chart: from ``names``, or *Player n* past their end."""
    return names[seat] if seat < len(names) else t("stats.player", n=seat + 1)


@dataclass(frozen=True)
class KeyLayout:
    """How the chart's key sets its names: :attr:`columns` to a line, each name at its font size."""

    columns: int
    sizes: tuple[float, ...]


def _key_layout(names: Sequence[str]) -> KeyLayout:
    """Two names to a line when every one fits its half (with :data:`LEGEND_GAP` to spare), else a line each; a name
    wider than a whole line is set smaller, so that it fits (:func:`~malefiz.core.svg.text_width` estimates on
    the wide side: SVG text does not wrap, and would run into the next name or off the chart).

    >>> _key_layout(["Ann", "Bob", "Cid"])
    KeyLayout(columns=2, sizes=(13, 13, 13))
    >>> _key_layout(["Ann", "Maximilian-Alexander (yellow)"]).columns
    1
    """
    line = WIDTH - LEFT - RIGHT
    half = line / LEGEND_COLUMNS - LEGEND_TEXT - LEGEND_GAP
    if all(text_width(name, LEGEND_FONT) <= half for name in names):
        return KeyLayout(LEGEND_COLUMNS, tuple(LEGEND_FONT for _ in names))
    room = line - LEGEND_TEXT
    sizes = tuple(
        max(LEGEND_SMALLEST, math.floor(LEGEND_FONT * min(1.0, room / width) * 2) / 2)
        if (width := text_width(name, LEGEND_FONT))
        else LEGEND_FONT
        for name in names
    )
    return KeyLayout(1, sizes)


def _number(v: float) -> str:
    return str(round(v)) if float(v).is_integer() else f"{v:.1f}"


def chart_svg(
    stats: Stats,
    names: Sequence[str],
    colours: Sequence[str],
    t: Translator = ENGLISH,
    *,
    measure: str = "",
    piece: str = "",
) -> str:
    """The distance of each seat to the goal over the turns, as an SVG line chart.

    ``names`` and ``colours`` are per seat (a colour by name, as in
    :data:`~malefiz.core.svg.COLOUR_FILL`). x is the turn, y the distance
    (0 at the bottom: the goal reached, so lower is better and the winner's line
    ends lowest); each seat has a polyline in its colour
    and its own dash pattern, a circle marks a capture on the line of the
    seat that lost the piece, a square a barricade put elsewhere on the line of
    the seat that moved it, each with a ``<title>`` saying who did what.
    Below the plot the key: each seat's line and name, then each kind of mark
    the chart shows and what it means, then ``measure`` (what the distance
    counts, in words; left out when empty), so the chart reads without a pointer. ``piece``: what the game calls
    a piece, in ``t``'s language (a Malefiz pawn; "": Mensch ärgere Dich nicht's piece).

    CSS classes: ``stats-chart`` (the ``svg``), ``stats-axis``, ``stats-grid``,
    ``stats-tick``, ``stats-axis-name``, ``stats-line``, ``stats-capture``,
    ``stats-barricade``, ``stats-legend`` (the seats' key), ``stats-marks``
    (the marks' key, each entry ``stats-mark-key`` with ``data-kind``),
    ``stats-measure``.
    """
    series = stats.series
    seats = len(series)
    turns = max((len(values) - 1 for values in series), default=0)
    top = max((v for values in series for v in values), default=0.0)
    y_step = round_step(top)
    y_top = max(y_step, math.ceil(top / y_step) * y_step)
    x_step = round_step(turns, 8)
    x_top = max(1.0, float(turns))
    plot_width = WIDTH - LEFT - RIGHT
    key = _key_layout([_name_of(names, s, t) for s in range(seats)])
    legend_rows = -(-seats // key.columns)
    kinds = [kind for kind in MARK_KINDS if stats.turns_with(kind)]
    note = _wrap(measure, NOTE_LETTERS) if measure else []
    piece = piece or t("noun.maedn")
    bottom = TOP + PLOT_HEIGHT
    marks_top = bottom + BOTTOM + legend_rows * LEGEND_ROW
    note_top = marks_top + len(kinds) * LEGEND_ROW
    height = note_top + len(note) * NOTE_LINE + 12

    def x_of(turn: float) -> float:
        return round(LEFT + plot_width * turn / x_top, 1)

    def y_of(value: float) -> float:
        return round(bottom - PLOT_HEIGHT * value / y_top, 1)

    def fill(seat: int) -> str:
        return COLOUR_FILL.get(colours[seat], OTHER_FILL) if seat < len(colours) else OTHER_FILL

    def name(seat: int) -> str:
        return _name_of(names, seat, t)

    captures = len(stats.turns_with("capture"))
    barricades = len(stats.turns_with("barricade"))
    runs = ", ".join(
        t("stats.run", name=name(s), start=_number(v[0]), end=_number(v[-1])) for s, v in enumerate(series) if v
    )
    summary = t("stats.summary", turns=t.count("turns", turns), runs=runs)
    summary += "; " + t.count("captures", captures)
    if barricades:
        summary += ", " + t.count("barricades_moved", barricades)
    summary += "."
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" viewBox="0 0 {WIDTH} {height}"'
        ' font-family="sans-serif"'
        f' role="img" aria-label="{escape(summary)}">',
        f"<title>{escape(t('stats.title'))}</title>",
        f"<desc>{escape(summary)}</desc>",
    ]
    # Grid and ticks.
    out.append('<g class="stats-grid" stroke="#dddddd" stroke-width="1">')
    value = 0.0
    y_ticks: list[float] = []
    while value <= y_top + 1e-9:
        y_ticks.append(value)
        out.append(f'<line x1="{LEFT}" y1="{px(y_of(value))}" x2="{WIDTH - RIGHT}" y2="{px(y_of(value))}"/>')
        value += y_step
    out.append("</g>")
    out.append('<g class="stats-axis" stroke="#333333" stroke-width="1.5" fill="none">')
    out.append(f'<polyline points="{LEFT},{TOP} {LEFT},{bottom} {WIDTH - RIGHT},{bottom}"/>')
    out.append("</g>")
    out.append('<g class="stats-tick" font-size="12" fill="#333333">')
    for value in y_ticks:
        out.append(f'<text x="{LEFT - 6}" y="{px(y_of(value) + 4)}" text-anchor="end">{_number(value)}</text>')
    turn = 0.0
    while turn <= turns + 1e-9:
        out.append(f'<text x="{px(x_of(turn))}" y="{bottom + 16}" text-anchor="middle">{_number(turn)}</text>')
        turn += x_step
    out.append("</g>")
    out.append('<g class="stats-axis-name" font-size="12" fill="#333333">')
    out.append(
        f'<text x="{LEFT + plot_width / 2:g}" y="{bottom + 34}" text-anchor="middle">{escape(t("stats.turn"))}</text>'
    )
    out.append(
        f'<text x="14" y="{TOP + PLOT_HEIGHT / 2:g}" text-anchor="middle"'
        f' transform="rotate(-90 14 {TOP + PLOT_HEIGHT / 2:g})">{escape(t("stats.distance"))}</text>'
    )
    out.append("</g>")
    # One line a seat: a faint dark casing keeps light colours (yellow) visible on white. A long game (more turns
    # than the plot has units) draws thinner lines, so that six of them over a thousand turns stay apart.
    stroke, casing = (1.6, 3.0) if turns > plot_width else (2.5, 4.5)
    for seat, values in enumerate(series):
        points = " ".join(f"{px(x_of(t))},{px(y_of(v))}" for t, v in enumerate(values))
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<g class="stats-line" data-seat="{seat}" fill="none" stroke-linejoin="round">')
        out.append(f"<title>{escape(name(seat))}</title>")
        out.append(
            f'<polyline points="{points}" stroke="#000000" stroke-opacity="0.3" stroke-width="{casing}"{dash_attr}/>'
        )
        out.append(f'<polyline points="{points}" stroke="{escape(fill(seat))}" stroke-width="{stroke}"{dash_attr}/>')
        out.append("</g>")
    # Marks.
    size = _mark_size(len(stats.marks))
    for mark in stats.marks:
        on = mark.victim if mark.kind == "capture" and mark.victim is not None else mark.seat
        values = series[on]
        x, y = x_of(mark.turn), y_of(values[min(mark.turn, len(values) - 1)])
        if mark.kind == "capture":
            victim = name(mark.victim) if mark.victim is not None else t("stats.another")
            what = t("stats.capture_mark", turn=mark.turn, name=name(mark.seat), piece=piece, victim=victim)
        else:
            what = t("stats.barricade_mark", turn=mark.turn, name=name(mark.seat))
        shape = _mark_shape(mark.kind, x, y, fill(mark.seat), size)
        out.append(
            f'<g class="stats-{mark.kind}" data-seat="{mark.seat}" stroke-width="{px(2 * size)}">'
            f"<title>{escape(what)}</title>{shape}</g>"
        )
    # Legend.
    out.append(f'<g class="stats-legend" font-size="{LEGEND_FONT}" fill="#222222">')
    column_width = (WIDTH - LEFT - RIGHT) / key.columns
    for seat in range(seats):
        row, column = divmod(seat, key.columns)
        x = LEFT + column * column_width
        y = bottom + BOTTOM + row * LEGEND_ROW + 10
        dash = DASHES[seat % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        size = key.sizes[seat]
        size_attr = f' font-size="{px(size)}"' if size != LEGEND_FONT else ""
        out.append(
            f'<line x1="{px(x)}" y1="{px(y)}" x2="{px(x + 28)}" y2="{px(y)}" stroke="{escape(fill(seat))}"'
            f' stroke-width="3"{dash_attr}/>'
            f'<text x="{px(x + LEGEND_TEXT)}" y="{px(y + 4)}"{size_attr}>{escape(name(seat))}</text>'
        )
    out.append("</g>")
    if kinds:
        out.append('<g class="stats-marks" font-size="12" fill="#222222">')
        for i, kind in enumerate(kinds):
            y = marks_top + 10 + i * LEGEND_ROW
            shape = _mark_shape(kind, LEFT + 14, y, "#555555")
            said = escape(t(f"stats.key_{kind}", piece=piece))
            out.append(
                f'<g class="stats-mark-key" data-kind="{kind}" stroke-width="2">{shape}'
                f'<text x="{LEFT + 36}" y="{px(y + 4)}" stroke="none">{said}</text></g>'
            )
        out.append("</g>")
    if note:
        out.append('<g class="stats-measure" font-size="12" fill="#444444">')
        for i, line in enumerate(note):
            out.append(f'<text x="{LEFT}" y="{note_top + 12 + i * NOTE_LINE}">{escape(line)}</text>')
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _mark_size(marks: int) -> float:
    """How big the chart draws each of its ``marks`` (1: full size; see :data:`MARK_ROOM`).

    >>> _mark_size(10), _mark_size(96), _mark_size(1000)
    (1.0, 0.5, 0.5)
    """
    fit = (WIDTH - LEFT - RIGHT) / MARK_ROOM
    return 1.0 if marks <= fit else max(0.5, round(math.sqrt(fit / marks), 2))


def _mark_shape(kind: MarkKind, x: float, y: float, stroke: str, size: float = 1.0) -> str:
    """The mark of a ``kind`` at ``x, y``: a capture a white circle with a cross (ringed in ``stroke``, the
    capturer's colour), a barricade a dark square; ``size`` times its full size."""
    cx, cy = px(x), px(y)
    if kind == "capture":
        arm, line = px(3 * size), px(1.5 * size)
        return (
            f'<circle cx="{cx}" cy="{cy}" r="{px(5 * size)}" fill="#ffffff" stroke="{escape(stroke)}"/>'
            f'<path d="M{cx} {cy}m-{arm} -{arm}l{px(6 * size)} {px(6 * size)}m0 -{px(6 * size)}'
            f'l-{px(6 * size)} {px(6 * size)}" stroke="#222222" stroke-width="{line}" fill="none"/>'
        )
    half = 4.5 * size
    return (
        f'<rect x="{px(x - half)}" y="{px(y - half)}" width="{px(2 * half)}" height="{px(2 * half)}" fill="#222222"'
        f' stroke="#ffffff" stroke-width="{px(1.5 * size)}"/>'
    )


def _wrap(text: str, letters: int) -> list[str]:
    """``text`` in lines of at most about ``letters`` letters, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= letters:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


# -- the table ---------------------------------------------------------------

COUNTS: Final = ("rolls", "sixes", "captures", "captured", "barricades")
"""The counted rows: :class:`SeatStats` fields, each headed by the catalogue's ``stats.<field>``."""


UPRIGHT_PLAYERS: Final = 5
"""From this many players on, a phone writes the names upwards over the table of counts (:func:`upright`)."""

PHONE_ROOM: Final = 200.0
"""How wide the players' columns of the table of counts may be by :func:`names_width` on the smallest phone (320 px:
the end's panel of 268 px less the names of the counts). Measured in Chromium: four players "Anna (red)" to "Dora
(green)" (215) overflowed in German by a pixel, "Supercalifragilistic (red)" and "Ben (blue)" (196) fitted."""

PANEL_ROOM: Final = 300.0
"""The same in the end's panel of a larger screen (at least 420 px): "Maximilian (red)", "Alexander (blue)", "Cleo
(yellow)", "Dora (green)" (290) fitted, with "Christiane (yellow)" (306) they overflowed in German."""


def names_width(players: Sequence[str]) -> float:
    """About how wide the players' columns of the table of counts are with the names lying, on the wide side: each
    as wide as the longest word of its name in bold (12.5 px), or as three digits, and its padding."""
    words = [max((text_width(word, 12.5) for word in name.split()), default=0.0) for name in players]
    return sum(max(width * 1.1, 24.0) + 4.0 for width in words)


def upright(players: Sequence[str]) -> Literal["", "phone", "always"]:
    """Where the table of counts writes ``players``' names upwards: ``"always"`` when lying they would not fit the
    panel of a large screen (:data:`PANEL_ROOM`), ``"phone"`` on a phone only (below 480 px: with
    :data:`UPRIGHT_PLAYERS` or more, or past :data:`PHONE_ROOM`), ``""`` never. Lying, the table was wider than its
    panel (four players with names of 20 letters: 776 px) and scrolled sideways, its caption cut off.

    >>> upright(["Red", "Green", "Yellow", "Blue"]), upright(["Supercalifragilistic (red)", "Alexander (blue)"])
    ('', 'phone')
    """
    width = names_width(players)
    if width > PANEL_ROOM:
        return "always"
    return "phone" if len(players) >= UPRIGHT_PLAYERS or width > PHONE_ROOM else ""


def table_html(stats: Stats, names: Sequence[str], *, barricades: bool = True, t: Translator = ENGLISH) -> str:
    """The counts as an HTML table: a column a player, a row a count (rolls, sixes, captures, captured,
    barricades moved), so it fits a narrow side panel with any number of players.

    ``barricades`` False leaves the barricades row out (games without barricades).
    CSS classes: ``stats-table`` (the ``table``; with ``stats-upright`` or ``stats-upright-phone`` where the names
    are written upwards, see :func:`upright`), ``stats-player`` (each player's header cell), ``stats-number`` (each
    count).
    """
    counts = [key for key in COUNTS if barricades or key != "barricades"]
    players = [names[seat] if seat < len(names) else t("stats.player", n=seat + 1) for seat in range(len(stats.seats))]
    head = "".join(f'<th scope="col" class="stats-player">{escape(name)}</th>' for name in players)
    rows = []
    for key in counts:
        cells = "".join(f'<td class="stats-number">{getattr(seat, key)}</td>' for seat in stats.seats)
        rows.append(f'<tr><th scope="row">{escape(t(f"stats.{key}"))}</th>{cells}</tr>')
    caption = t("stats.caption" if barricades else "stats.caption_plain")
    where = upright(players)
    kind = {"": "stats-table", "phone": "stats-table stats-upright-phone", "always": "stats-table stats-upright"}[where]
    return (
        f'<table class="{kind}">\n<caption>{escape(caption)}</caption>\n'
        f"<thead><tr><td></td>{head}</tr></thead>\n"
        "<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>"
    )


def report_html(session: Session) -> str:
    """The chart and the table of ``session``'s game, in a ``<div class="stats-report">``.

    The seats' names are :meth:`Session.seat_name`, their colours their first
    colours; the barricades column is there when somebody moved a barricade. Below
    the chart, the catalogue's ``stats.measure_<game>`` says what the distance counts
    (:meth:`~malefiz.core.face.Face.progress`: Malefiz the leading pawn's steps, Mensch
    ärgere Dich nicht the fields all pieces still walk).
    """
    stats = game_stats(session)
    count = len(session.setup.seats)
    names = [session.seat_name(i) for i in range(count)]
    colours = [seat.colour for seat in session.setup.seats]
    moved = any(s.barricades for s in stats.seats)
    measure = session.t(f"stats.measure_{session.game.name}")
    return (
        '<div class="stats-report">\n'
        + chart_svg(stats, names, colours, session.t, measure=measure, piece=session.noun())
        + "\n"
        + table_html(stats, names, barricades=moved, t=session.t)
        + "\n</div>"
    )


CONFETTI: Final = 18
"""How many pieces of confetti fall over the podium (the page stills them when motion is off)."""


def podium_html(session: Session) -> str:
    """The places at the end as a podium: each place (tied seats share one) with its players' names and colours,
    the best first (the page's style puts the first three on steps, second to the left of first and third to its
    right, and lets the confetti fall); empty while the game goes on. Every name is escaped."""
    ranking = session.state.ranking
    if not session.state.is_over or not ranking:
        return ""
    t = session.t
    places, place = [], 1
    for tied in ranking:
        players = []
        for i in tied:
            colours = session.state.seats[i]
            swatches = "".join(f'<span class="swatch swatch-{escape(c)}"></span>' for c in colours)
            label = seat_label(session.setup.seats[i], colours, t)
            players.append(f'<span class="podium-who">{swatches} {escape(label)}</span>')
        step = min(place, 4)
        places.append(
            f'<li class="podium-place podium-{step}"><span class="podium-rank">{escape(t(f"podium.{min(place, 6)}"))}'
            f'</span>{"".join(players)}<span class="podium-step" aria-hidden="true">{place}</span></li>'
        )
        place += len(tied)
    confetti = "".join(
        f'<i style="--x:{(i * 37) % 100}%;--d:{(i * 7) % 10 / 10:.1f}s;--r:{(i * 53) % 360}deg"></i>'
        for i in range(CONFETTI)
    )
    return (
        f'<div class="podium"><span class="confetti" aria-hidden="true">{confetti}</span>'
        f'<ol class="podium-places" aria-label="{escape(t("podium.label"))}">{"".join(places)}</ol></div>'
    )
