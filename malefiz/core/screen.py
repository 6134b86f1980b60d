"""What the page shows, as one value: :class:`Screen`, made once after every change.

Nothing else crosses from Python to the page: the page writes a :class:`Screen` into the DOM,
plays its frames, sound and timers, and sends what a person did back (:class:`malefiz.app.App`).
Every decision about what is shown (the die's face, which buttons work, the words, the sound)
is made here, in plain Python, with unit tests.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from html import escape
from typing import Any, Final, Literal

from .actions import Roll
from .face import Marks
from .review import Decision, chart_svg
from .session import Session
from .setup import PACES, player_label
from .stats import podium_html, report_html
from .svg import COLOUR_FILL, COLOUR_TINT

__all__ = [
    "LOG_LINES",
    "SOUNDS",
    "LogLine",
    "NoticeTone",
    "Screen",
    "aim",
    "compare_html",
    "die_face",
    "hint_html",
    "labels",
    "log_changes",
    "log_note",
    "news",
    "play_screen",
    "players_html",
    "result",
    "review_html",
    "sound_of",
    "standings",
    "status",
    "undo_title",
]

LOG_LINES: Final = 300
"""How many of the latest lines the move list shows."""

Sound = Literal["roll", "shaken", "move", "capture", "barricade", "turn", "win", "reaction"]

NoticeTone = Literal["alert", "info"]

ROLL_NOTES: Final = (330.0,)
"""A roll's note, tapped or shaken."""

SOUNDS: Final[dict[str, tuple[float, ...]]] = {
    "roll": ROLL_NOTES,
    "shaken": ROLL_NOTES,
    "move": (440.0, 554.0),
    "capture": (659.0, 523.0, 392.0, 262.0),
    "barricade": (196.0, 294.0),
    "turn": (784.0, 988.0, 1175.0),
    "win": (523.0, 659.0, 784.0, 1047.0),
    "reaction": (1319.0, 1047.0),
}
"""The notes of each sound (Hz), played one after the other."""

BUZZ: Final = (90, 70, 90)
"""The vibration when the turn comes to this device from another one: two short pulses (milliseconds)."""

SHAKEN_BUZZ: Final = (40,)
"""The vibration of a roll by shaking the device (the die rattling in the hand): felt while the eyes are elsewhere."""

BUZZES: Final[dict[str, tuple[int, ...]]] = {"turn": BUZZ, "shaken": SHAKEN_BUZZ}
"""The sounds a phone also vibrates with (milliseconds on, off, on...): felt in a pocket, and with the sound off.
``shaken`` is a roll's sound when a shake rolled (:meth:`malefiz.app.App.shake`)."""


@dataclass(frozen=True)
class LogLine:
    """One line of the move list: its number (from 0), the words, and the action in notation ("" for none)."""

    index: int
    words: str
    notation: str = ""
    title: str = ""
    """The line's tooltip (what clicking it does)."""
    mistake: str = ""
    """The review's mark of a person's decision that cost :data:`~malefiz.core.review.MISTAKE` or more ("" for
    none): ``⚠ 12 points lost``."""
    chip: bool = False
    """The notation shows beside the words (the player turned *Notation* on); it is the line's
    ``data-notation`` anyway."""
    handed: tuple[str, ...] = ()
    """Who plays a seat changed before this line's action (:meth:`~malefiz.core.session.Session.handed_words`):
    said under it, as the list goes from the newest down."""

    @property
    def html(self) -> str:
        """The line as the move list's ``<li>`` (every text escaped).

        Its name for a screen reader is its number and words (the mistake's mark too, not the notation); the
        title (what Enter or a click does) is its tooltip and description.

        >>> LogLine(3, "Anna moves", "y:3-7", "Show", "⚠ 9 points lost", chip=True).html
        '<li value="4" data-index="3" data-notation="y:3-7" tabindex="-1" aria-label="4. Anna moves ⚠ 9 points lost" \
title="Show" class="mistake">Anna moves <code class="notation">y:3-7</code> <span class="mistake-mark">⚠ 9 points \
lost</span></li>'
        >>> LogLine(3, "Anna moves", "y:3-7").html
        '<li value="4" data-index="3" data-notation="y:3-7" tabindex="-1" aria-label="4. Anna moves" title="">Anna \
moves</li>'
        >>> LogLine(3, "Red rolls 5", handed=("Red: a person plays from here",)).html
        '<li value="4" data-index="3" tabindex="-1" aria-label="4. Red rolls 5 (Red: a person plays from here)" \
title="">Red rolls 5 <span class="handed">Red: a person plays from here</span></li>'
        """
        code = f' <code class="notation">{escape(self.notation)}</code>' if self.notation and self.chip else ""
        mark = f' <span class="mistake-mark">{escape(self.mistake)}</span>' if self.mistake else ""
        handed = "".join(f' <span class="handed">{escape(words)}</span>' for words in self.handed)
        marked = ' class="mistake"' if self.mistake else ""
        notation = f' data-notation="{escape(self.notation)}"' if self.notation else ""
        aside = f"({'; '.join(self.handed)})" if self.handed else ""
        name = " ".join(part for part in (f"{self.index + 1}.", self.words, self.mistake, aside) if part)
        return (
            f'<li value="{self.index + 1}" data-index="{self.index}"{notation} tabindex="-1" '
            f'aria-label="{escape(name)}" title="{escape(self.title)}"{marked}>'
            f"{escape(self.words)}{code}{mark}{handed}</li>"
        )


@dataclass(frozen=True)
class Screen:
    """Everything the page shows at one moment: the setup screen or a game."""

    view: Literal["setup", "play"]
    game: str
    """The game's name (``html[data-game]``, and the setup screen's chosen game)."""
    board: str
    """The board's name (``html[data-board]``, and the setup screen's chosen board)."""
    title: str
    """The page's title: the game's name for people."""
    board_svg: str
    """The board as SVG: the game now, or on the setup screen the chosen board's start."""
    tab_title: str = ""
    """The browser tab's title: the game's name, after "Your turn" while a person here is to act in a game between
    devices (a tab in the background shows it; :meth:`Session.turn_here`)."""
    language: str = "en"
    awake: bool = False
    """The screen is kept on (the platform's Screen Wake Lock, while the page is in sight): a game goes on or waits
    for the devices to join. A family's tablet went dark while the computers played or a child thought; the setup
    screen and a finished game let it sleep as usual."""
    rules_beside: bool = False
    """The rules open in a tab of their own, this page staying: a game between devices (a page that loads another
    closes its channels, and a guest then needs a new invitation). On one device they open in the game's tab."""
    error: str = ""
    """A message at the top of the setup screen (a link, an address or a kept game that cannot be read)."""
    form_error: str = ""
    """A message beside *Start game*: what does not fit in the setup the form describes."""
    latest: str = ""
    """The setup screen's *Continue* of the latest game in progress, as HTML (:func:`malefiz.shelf.latest_html`)."""
    form: tuple[tuple[str, str, str], ...] = ()
    """The changes of the setup form: the game and board chosen, and the form filled in with the last setup
    started of that game when the screen shows it for the first time since it was entered
    (:func:`malefiz.page.form_steps`); other fields stay as the person left them."""
    shelf: str = ""
    """The setup screen's list of games kept in the browser, as HTML (:func:`malefiz.shelf.shelf_html`)."""
    tally: str = ""
    """Who won how often on this device, as HTML below the setup form (:func:`malefiz.tally.tally_html`)."""
    notice: str = ""
    """A message above the game (a link or file that could not be read)."""
    notice_tone: NoticeTone = "alert"
    """How :attr:`notice` is shown: ``alert`` (something went wrong or changed: red) or ``info`` (what the person
    asked to know: blue)."""
    save_note: str = ""
    """Said when the browser does not let the page keep the game."""
    frames: tuple[str, ...] = ()
    """The board with the moved piece on each field of its way, shown in turn before :attr:`board_svg`."""
    frame_ms: int = 0
    """How long each frame stays."""
    status: str = ""
    """Whose turn it is and what to do (empty once over: :attr:`winner` says it)."""
    news: str = ""
    """What just happened."""
    hint: str = ""
    """*Hint*'s best three actions with their chances as HTML (:func:`hint_html`), until the person acts."""
    die: int | None = None
    """The face the die shows (None: blank, someone is to roll)."""
    die_label: str = ""
    die_aria: str = ""
    tumble: bool = False
    """The die was just rolled (or shows a new face): it tumbles."""
    turn_fill: str = ""
    """The colour to act as its pieces are drawn (empty once the game is over): the die waiting for its roll and a
    dot before the status line wear it, so that people sharing a device see whose turn it is by its colour (a child
    who cannot read yet too)."""
    turn_tint: str = ""
    """A light tint of that colour: the ground of the die waiting for its roll."""
    can_roll: bool = False
    can_hint: bool = False
    can_undo: bool = False
    undo_title: str = ""
    """Undo's tooltip: whose move it takes back when several people play at this device (not always the one who
    taps it)."""
    can_redo: bool = False
    undo_shown: bool = True
    """Undo and redo are there at all (``undo=off`` hides them)."""
    redo_shown: bool = True
    """Redo is there (as undo is; not between devices, where a move taken back is chosen anew)."""
    rematch_shown: bool = True
    """*Rematch with the same players* is offered at the end (not to a watcher between devices, nor while the host's
    rematch waits for the players' devices)."""
    chances: str = ""
    review: str = ""
    """The review as HTML (:func:`review_html`): shown once asked for with *Review*, and at the end."""
    reviewed: bool = False
    """The review is shown whole: the move list marks the mistakes (the page shows the whole list anew when this
    changes). False while a review shown waits for its decisions to be valued (:meth:`Session.review_so_far`)."""
    can_review: bool = False
    """*Review* can be pressed: the game goes on and has begun (at the end the review is shown anyway)."""
    pressed: tuple[tuple[str, bool], ...] = ()
    """The toggle buttons by action and whether each is pressed (shown so to a screen reader): ``review`` (the
    review was asked for while the game goes on) and ``notation`` (:attr:`notation`)."""
    notation: bool = False
    """The move list shows each move in notation beside its words (``y:3-7``, the command line's; the player's
    choice, kept, off at first: a family reads the words; the page shows the whole list anew when this changes)."""
    standings: str = ""
    log: tuple[LogLine, ...] = ()
    """The latest :data:`LOG_LINES` lines of the move list, oldest first."""
    log_note: str = ""
    """Said under the move list's heading while it has no line (:func:`log_note`)."""
    announce: str = ""
    """New turn events for a live region (said once; empty on a reload)."""
    sound: Sound | None = None
    """What the page sounds (:data:`SOUNDS`, with *Sound* on) and a phone feels (:data:`BUZZES`): what just
    happened (:func:`sound_of`), or a reaction from another device."""
    labels: tuple[tuple[str, str], ...] = ()
    """What can be acted on: (``data-key``, accessible name), in the order to visit them."""
    aim: tuple[str, ...] = ()
    """A choice of place (a chosen piece's targets, a taken barricade's fields): the piece that moves (or the field
    where the barricade was taken), then the candidates, as ``data-key``s; empty otherwise. On a small screen the
    page zooms the board round them (:func:`malefiz.core.spatial.zoom_to`)."""
    winner: str = ""
    """Who won, in words (empty while the game goes on; :attr:`podium` shows every place)."""
    report: str = ""
    """The end-of-game statistics as HTML (empty while the game goes on)."""
    podium: str = ""
    """The places at the end as a podium, in HTML (empty while the game goes on; :func:`podium_html`)."""
    position: str = ""
    """The position as the game's JSON document (for tests and tools)."""
    pace: str = "normal"
    bot_delay: int | None = None
    """Milliseconds until the computer's next step (or a person's forced move); None when no computer is to act."""
    bot_wait: str = ""
    """Which wait :attr:`bot_delay` is (empty: none): the next step at this point of this game, at this pace. A
    screen asking the wait the screen before it asked (a person pressed *Notation* meanwhile) keeps the time waited
    already: a child's clicks do not hold the computer back."""
    together: str = ""
    """The panel of a game between devices (:mod:`malefiz.together`): invitations, reply, who is connected."""
    reaction: str = ""
    """The reactions just sent or received in a game between devices (``Ben: Nice move!``), shown once over the board
    for a moment (:func:`malefiz.together_view.reactions_heard`)."""
    net: tuple[dict[str, Any], ...] = ()
    """What the page's peer-to-peer channels are to do (:meth:`malefiz.together.Together.take`): carried out as the
    reply comes, whether its screen is drawn or not (one answering a computer's move as a person acted is not)."""
    holds: str = ""
    """The storage key of the game this tab holds against the browser's other tabs (on the shelf, or a game between
    devices; "": none): the page holds the browser's lock of that name while the screen says so, and tells Python
    when another tab has it (:meth:`malefiz.one_tab.OneTab.held`). Like :attr:`net`, read from every reply."""
    channels_open: bool = False
    """This tab has a channel open to another device in the game it :attr:`holds` (or one being made): the page holds
    a second lock while so, by which a tab that finds the game held learns that taking it would cut the game's
    connections."""
    invite: str = ""
    """*Play with other devices* in a game on one device: the seats to offer to a person on another device."""
    players: str = ""
    """*Who plays* in a game on one device: who plays each colour, to change as the game goes on
    (:func:`players_html`)."""
    work: bool = False
    """The worker has work of its own (the review valuing the people's decisions): the page asks it to go on
    (:meth:`malefiz.app.App.work`) while the person thinks. It changes nothing shown, but for a review shown before
    its decisions were valued (a finished game opened from a link): its bar moves on, and the whole review comes with
    the screen of the slice that ends the wait (:meth:`malefiz.app.App.worked`)."""

    @property
    def buzz(self) -> tuple[int, ...]:
        """A phone's vibration with :attr:`sound` (:data:`BUZZES`: the turn's chime when the turn comes to this
        device from another one); empty otherwise."""
        return BUZZES.get(self.sound, ()) if self.sound is not None else ()

    @property
    def review_pressed(self) -> bool:
        """*Review* is pressed: the review was asked for while the game goes on (see :attr:`pressed`)."""
        return dict(self.pressed).get("review", False)


def status(session: Session) -> str:
    """Whose turn it is and what to do (the result once over)."""
    state = session.state
    if state.is_over:
        return result(session)
    who = session.name(state.current)
    if session.is_bot_turn():
        return session.t("thinking", who=who)
    last = session.record.last
    again = last is not None and not isinstance(last.action, Roll) and last.before.current == state.current
    prompt = session.face.prompt(state, session.selected is not None, again, session.t)
    return session.t("status", who=who, prompt=prompt)


def news(session: Session) -> str:
    """What just happened, for the message line (an undo back to the start, who plays a colour changed, why a
    click moved nothing); empty when the status line says it already (a roll waiting to be used) or nothing
    happened yet."""
    last = session.record.last
    if last is not None and isinstance(last.action, Roll) and session.message == last.words:
        return ""
    return session.message


def hint_html(session: Session) -> str:
    """The hint standing as HTML: a heading and the best actions as a numbered list, best first (every text
    escaped); ``""`` when none stands (:meth:`~.session.Session.hint_lines`)."""
    lines = session.hint_lines()
    if not lines:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<p class="hint-head">{escape(session.t("hint_head"))}</p><ol>{items}</ol>'


def standings(session: Session) -> str:
    """The places decided so far (``1. Anna (yellow), 2. Ben (red)``; ties share a place); empty when none."""
    parts = []
    place = 1
    for tied in session.state.ranking:
        parts.append(session.t("place", place=place, who=" = ".join(session.seat_name(i) for i in tied)))
        place += len(tied)
    return ", ".join(parts)


def result(session: Session, places: bool = True) -> str:
    """The end: who won (and, with more players and ``places``, the places of the others)."""
    ranking = session.state.ranking
    if not ranking:
        return ""
    t = session.t
    winners = t("joint").join(session.seat_name(i) for i in ranking[0])
    text = t("wins.one" if len(ranking[0]) == 1 else "wins.other", who=winners)
    if places and len(ranking) > 2:
        text += " " + standings(session)
    return text


def die_face(session: Session) -> int | None:
    """The roll being used; while someone is to roll, the last roll when it could not be used (a pass, a failed
    try for a 6), so that the die still shows it; otherwise None (blank)."""
    entries = session.record.entries
    if session.state.is_chance and (not entries or entries[-1].is_move):
        return None
    rolled = next((e.action.value for e in reversed(entries) if isinstance(e.action, Roll)), None)
    if rolled is None:  # a position opened with its roll made shows it, after its first move too
        first: int | None = (entries[0].before if entries else session.state).roll
        return first
    return rolled


def sound_of(session: Session) -> Sound:
    """The sound for what just happened: the end; in a game between devices, the turn come to a person here from
    another device (a bright rising chime: the person may be looking away); a roll, a piece sent back (a capture
    falls, the forced-capture penalty too), a Malefiz barricade taken (lifted), or a move."""
    last = session.record.last
    if session.state.is_over:
        return "win"
    if last is None:
        return "move"
    if session.turn_here() and not session.plays_here(last.before.current_seat):
        return "turn"
    if isinstance(last.action, Roll):
        return "roll"
    fx = last.effects
    if fx.capture is not None or fx.penalty is not None:
        return "capture"
    return "barricade" if fx.barricade_taken is not None else "move"


def undo_title(session: Session) -> str:
    """Undo's tooltip: ``Take back the last move of Anna (red), not the roll`` when more than one person plays at
    this device (Anna's move, whoever taps), else the person's own last move."""
    whose = session.undo_whose()
    people = sum(seat.kind == "human" for seat in session.setup.seats)
    if whose is None or people < 2:
        return session.t("page.undo_title")
    return session.t("page.undo_title_of", who=whose)


def log_lines(session: Session, most: int = LOG_LINES, chips: bool = False) -> tuple[LogLine, ...]:
    """The latest ``most`` lines of the move list, oldest first; with the review shown, each person's mistake
    marked; ``chips``: each shows its notation (:attr:`LogLine.chip`)."""
    record = session.record
    lines = record.lines(-most)
    t = session.t
    title = t("page.entry_title")
    mistakes = session.review_so_far().mistakes() if session.review_shown() else {}
    handed = session.handed_words() if session.handed else {}
    base = len(record.opening)
    found = []
    for line in lines:
        d = mistakes.get(line.index - base)
        said = handed.get(line.index - base, ()) if line.index >= base else ()
        if d is None:
            found.append(LogLine(line.index, line.words, line.notation, title, chip=chips, handed=said))
        else:
            mark = t("review.mark", loss=round(d.loss * 100))
            found.append(LogLine(line.index, line.words, line.notation, t("review.line_title"), mark, chips, said))
    return tuple(found)


def log_note(session: Session) -> str:
    """What the empty move list says: nothing yet, and where the game started when it was not the board's start
    (a game opened from a position has no roll for who starts); empty once there is a line."""
    if session.record.line_count:
        return ""
    opened = session.setup.position is not None and session.games == 0  # a rematch starts at the board's start
    return session.t("page.no_moves_position" if opened else "page.no_moves")


def mistakes_words(session: Session, count: int) -> str:
    """``no mistake``, ``1 mistake``, ``3 mistakes`` in the session's language."""
    t = session.t
    return t("review.mistakes.n", n=count) if count > 1 else t(f"review.mistakes.{count}")


def review_html(session: Session) -> str:
    """The review as HTML: every seat's chance to win turn by turn (:func:`~malefiz.core.review.chart_svg`), a line
    per seat (its colours, and for a person the chance lost per decision on average and the mistakes); empty while
    it is not shown."""
    if not session.review_shown():
        return ""
    t = session.t
    review = session.review_so_far()
    seats = session.state.seats
    names = [session.seat_name(i) for i in range(len(seats))]
    chart = chart_svg(
        review, [colours[0] for colours in seats], names, t("review.title"), t("review.turns"), t("review.desc")
    )
    title = escape(t("review.title"))
    if review.waiting is not None:  # the decisions are being valued (:meth:`Session.review_work`): a bar for now
        done, total = review.waiting
        return (
            f'<section class="review" aria-label="{title}" aria-busy="true"><h2>{title}</h2>{chart}'
            f'<p class="review-waiting"><label for="review-progress">{escape(t("review.waiting"))}</label> '
            f'<progress id="review-progress" max="{total}" value="{done}"></progress></p></section>'
        )
    lines = []
    people = session.people()
    for seat in range(len(seats)):
        colours = "".join(f'<span class="swatch swatch-{escape(c)}"></span>' for c in seats[seat])
        loss = review.average_loss(seat)
        if seat not in people:
            text = t("review.computer", who=names[seat])
        elif loss is None:
            text = t("review.undecided_end" if session.state.is_over else "review.undecided", who=names[seat])
        else:
            count = sum(d.is_mistake for d in review.of(seat))
            words = mistakes_words(session, count)
            text = t("review.player", who=names[seat], loss=t.decimal(loss * 100), mistakes=words)
        lines.append(f"<li>{colours} {escape(text)}</li>")
    players = f'<ul class="review-players">{"".join(lines)}</ul>' if lines else ""
    note = f'<p class="review-note">{escape(t("review.note"))}</p>' if review.mistakes() else ""
    return f'<section class="review" aria-label="{title}"><h2>{title}</h2>{chart}{players}{note}</section>'


def players_html(session: Session, shown: bool) -> str:
    """*Who plays* in a game on one device (none between devices, nor once it is over): a button, and with
    ``shown`` a choice per colour of a person or the computer at a level (:meth:`Session.hand_over`)."""
    if not session.can_hand_over():
        return ""
    t = session.t
    title = escape(t("players.title"))
    expanded = "true" if shown else "false"
    menu = f'<p><button type="button" data-action="players-menu" aria-expanded="{expanded}">{title}</button></p>'
    if not shown:
        return menu
    lines = []
    for seat, colours in enumerate(session.state.seats):
        swatches = "".join(f'<span class="swatch swatch-{escape(c)}"></span>' for c in colours)
        chosen = session.player_choice(seat)
        choices = session.player_choices()
        options = "".join(
            f'<option value="{escape(c)}"{" selected" if c == chosen else ""}>{escape(player_label(c, t))}</option>'
            for c in (choices if chosen in choices else (*choices, chosen))
        )
        label = escape(t("form.who_plays", colour=session.seat_name(seat)))
        lines.append(
            f'<li><label for="player-{seat}">{swatches} {escape(session.seat_name(seat))}</label>'
            f' <select id="player-{seat}" data-seat="{seat}" aria-label="{label}">{options}</select></li>'
        )
    note = escape(t("players.note"))
    section = f'<section class="players-menu" aria-label="{title}">'
    return f'{menu}{section}<p class="note">{note}</p><ul>{"".join(lines)}</ul></section>'


def compare_html(session: Session, decision: Decision) -> str:
    """A mistake beside the better move: the board after the move played (and the same player's further decisions
    of that turn) and the board after the best one, each with its way marked and its chance to win."""
    entries = session.record.entries
    entry = entries[decision.index]
    seat = entry.before.current_seat
    state, trail, last = entry.after, entry.effects.trail, decision.index
    while last + 1 < len(entries):
        following = entries[last + 1]
        if following.before.is_chance or following.before.current_seat != seat:
            break
        last += 1
        state, trail = following.after, trail + following.effects.trail
    played = session.reviewer.played(entry)
    better = decision.best
    better_trail = session.game.effects(entry.before, better.action).trail
    t = session.t
    sides = (
        ("played", t("review.played", words=session.rated_words(played, entry.before)), state, trail),
        ("better", t("review.better", words=session.rated_words(better, entry.before)), better.after, better_trail),
    )
    figures = "".join(
        f'<figure class="compare-{kind}"><figcaption>{escape(caption)}</figcaption>'
        f"{session.face.render(shown, Marks(trail=tuple(way), facing=session.facing), session.names, t)}</figure>"
        for kind, caption, shown, way in sides
    )
    return f'<div class="compare">{figures}</div>'


def log_changes(lines: tuple[LogLine, ...], shown: tuple[int, int]) -> tuple[bool, str, tuple[int, int]]:
    """How the move list on the page (newest first) becomes ``lines``: whether it is emptied first, the HTML of the
    lines to put on top (newest first), and the line numbers it shows then (``shown``: the first and last-plus-one
    it shows now; the page then drops lines from the bottom until it holds as many as ``lines``).

    >>> lines = tuple(LogLine(i, f"move {i}") for i in range(3, 6))
    >>> anew, added, shown = log_changes(lines, (2, 5))
    >>> anew, added.count("<li"), 'value="6"' in added, shown
    (False, 1, True, (3, 6))
    >>> log_changes(lines, (-1, -1))[1].index('value="6"') < log_changes(lines, (-1, -1))[1].index('value="4"')
    True
    >>> log_changes((), (3, 6))
    (True, '', (0, 0))
    """
    first, end = (lines[0].index, lines[-1].index + 1) if lines else (0, 0)
    shown_first, shown_end = shown
    anew = not lines or first < shown_first or end < shown_end or shown_end < first
    if anew:
        shown_end = first
    return anew, "".join(line.html for line in reversed(lines) if line.index >= shown_end), (first, end)


def labels(session: Session) -> dict[str, str]:
    """What a keyboard or screen reader user can act on now: each movable piece's and target's
    ``data-key`` with its accessible name, in the order to visit them (targets first once a piece is chosen)."""
    if not session.is_person_to_choose():
        return {}
    found: dict[str, str] = {}
    choices = session.choices()
    if session.selected is not None or all(c.piece is None for c in choices):
        for c in choices:
            if c.piece is None or c.piece == session.selected:
                found.setdefault(c.field, session.face.label(session.state, c.field, c.action, session.t))
    fixed = session.fixed_piece()
    for c in choices:
        if c.piece is not None and c.piece != fixed:
            found.setdefault(c.piece, session.face.label(session.state, c.piece, None, session.t))
    return found


def aim(session: Session) -> tuple[str, ...]:
    """The keys of a choice of place: the piece that moves (or where the barricade was taken), then the candidate
    fields (the targets the board marks); empty when no such choice is open (see :attr:`Screen.aim`). While a hint
    stands and no piece is chosen, the fields the hint numbers (best first): on a phone the board zooms round them,
    so that their numbers can be read."""
    if not session.is_person_to_choose():
        return ()
    marks = session.marks()
    anchor = marks.selected or (marks.trail[-1] if marks.trail else None)
    ranked = tuple(dict.fromkeys(marks.ranked)) if marks.selected is None else ()
    fields = ranked or tuple(sorted(marks.targets))
    return fields if not fields or anchor is None else (anchor, *fields)


def _unrepeated(lines: list[str]) -> list[str]:
    """``lines`` without one the next line repeats ("rolled a 2" before "rolled a 2 and cannot move"): said once."""
    return [line for line, after in zip(lines, [*lines[1:], ""], strict=True) if not after.startswith(line)]


def play_screen(
    session: Session,
    *,
    shown: int | None,
    face_before: int | None,
    fresh: bool,
    motion: bool,
    pace: str,
    notice: str = "",
    notice_tone: NoticeTone = "alert",
    saving: bool = True,
    notation: bool = False,
) -> Screen:
    """The screen of ``session``'s game.

    ``shown``: how many move-list lines the page showed before (None: none yet, as after a reload;
    nothing is announced then); ``face_before``: the die's face on the page before; ``fresh``: an
    action was just made by a person or the computer (its motion and walk play, with ``motion``
    on and a pace that is not instant); ``notation``: the move list shows the notation (:attr:`Screen.notation`).
    """
    state = session.state
    t = session.t
    over = state.is_over
    last = session.record.last
    can_roll = session.can_roll() and not session.is_bot_turn()
    face = die_face(session)
    rolled = fresh and last is not None and isinstance(last.action, Roll)
    moved = fresh and last is not None and last.is_move
    lines = log_lines(session, chips=notation)
    count = session.record.line_count
    fresh_lines = [line.words for line in lines if shown is not None and line.index >= shown]
    rest = session.people_placed()
    tempo = PACES["instant" if rest else pace]  # the computers' last places played out at once
    walk = moved and motion and tempo.step > 0
    label = t("page.roll_now") if can_roll else (t("page.rolled", value=face) if face else t("page.die"))
    standing = standings(session)
    news_here = shown is not None and count > shown  # lines this page has not shown yet (none after a reload)
    delay = (tempo.roll if state.is_chance else tempo.act) if session.acts_by_itself() else None
    position = json.dumps(session.game.to_json(state))
    return Screen(
        view="play",
        game=session.game.name,
        board=session.setup.board,
        title=session.game.title,
        tab_title=t("page.your_turn", game=session.game.title) if session.turn_here() else session.game.title,
        board_svg=session.svg(motion=moved and motion),
        language=t.language,
        awake=not over,
        notice=notice,
        notice_tone=notice_tone,
        save_note="" if saving else t("page.saving_off"),
        frames=tuple(session.walk_frames()) if walk else (),
        frame_ms=tempo.step,
        status="" if over else status(session),
        news="" if over else news(session),
        die=face,
        die_label=label,
        die_aria=t("page.roll_label") if can_roll else label,
        tumble=rolled or (face is not None and face != face_before),
        turn_fill="" if over else COLOUR_FILL[state.current],
        turn_tint="" if over else COLOUR_TINT[state.current],
        can_roll=can_roll,
        can_hint=session.can_hint(),
        can_undo=session.can_undo(),
        undo_title=undo_title(session),
        can_redo=session.can_redo(),
        undo_shown=session.setup.undo,
        redo_shown=session.setup.undo,
        hint="" if over else hint_html(session),
        chances=session.chances_shown(),
        review=review_html(session),
        reviewed=session.review_shown() and session.review_waiting() is None,
        can_review=not over and bool(session.record.entries),
        pressed=(("review", session.review_shown() and not over), ("notation", notation)),
        notation=notation,
        standings=t("page.places_rest" if rest else "page.places", list=standing) if standing and not over else "",
        log=lines,
        log_note=log_note(session),
        announce=" ".join(_unrepeated(fresh_lines)[-3:]) if news_here else "",
        sound=sound_of(session) if news_here else None,
        labels=tuple(labels(session).items()),
        aim=aim(session),
        winner=result(session, places=False) if over else "",  # the podium shows the places
        report=report_html(session) if over else "",
        podium=podium_html(session) if over else "",
        position=position,
        pace=pace,
        bot_delay=delay,
        bot_wait="" if delay is None else f"{len(session.record)} {pace} {zlib.crc32(position.encode()):08x}",
        work=session.review_due(),
    )
