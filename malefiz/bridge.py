"""The page's boundary in the worker: one JSON message in (an action and its arguments), one JSON reply out.

The browser runs Python in a Web Worker (``web/worker.js``), off the page's thread: the page
(``web/page.js``) only turns DOM events into messages and draws the :class:`~malefiz.core.screen.Screen`
each reply carries. A message is ``{"call": name, "args": [...]}``; the reply is::

    {"value": <what the call returns>, "screen": <a Screen as a dict, or null>, "address": {"how", "url"} | null,
     "writes": [[area, key, value or null], ...], "asks": bool, "thinking": bool}

- ``screen``: what to draw; its ``log`` is given as the change of the move list the page shows
  (``log_anew``, ``log_added``: :func:`~malefiz.core.screen.log_changes`) with ``log_count`` lines, and
  ``enabled`` pairs each tool button's action with whether it can be pressed (``can_hint`` ...);
- ``address``: the history entry to push or replace (the app's :class:`~malefiz.app.Address`);
- ``writes``: what the page keeps in ``localStorage`` (area ``local``) and ``sessionStorage`` (``tab``): the
  worker has no storage of its own, so it reads a copy the page gave it at the start (:class:`MirrorStorage`)
  and the page makes each write;
- ``asks``: whether closing the tab now should ask first (the page answers ``beforeunload`` at once);
- ``thinking``: a computer's thinking is under way (the page calls ``think`` again).

A message the bridge does not know, or arguments of the wrong kind, raise :class:`ValueError`: the page
only ever sends what :data:`CALLS` lists.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

from malefiz.app import KEYS, SHAKE_FORCE, WITH_CTRL, App, key_command
from malefiz.core.screen import SOUNDS, Screen, log_changes
from malefiz.core.spatial import Direction, meant, toward, zoom_to
from malefiz.i18n import Translator

__all__ = ["CALLS", "THINK_SLICE", "Bridge", "MirrorStorage", "key_table", "reseed", "start"]

THINK_SLICE: Final = 0.1
"""Seconds a computer thinks on per ``think`` call before the worker reads the page's next message (a person's
click waits at most this long; the page's own thread never waits)."""


def reseed() -> None:
    """Seed every random source anew from the system (after a memory snapshot is restored, every visitor would
    otherwise roll the same dice: the snapshot holds the generator's state)."""
    random.seed()


class MirrorStorage:
    """A copy of the browser's storage area that the page handed over, whose writes go back to the page.

    >>> kept = MirrorStorage("local", {"a": "1"})
    >>> kept.set("b", "2"), kept.get("a"), sorted(kept.all_keys())
    (True, '1', ['a', 'b'])
    >>> kept.remove("a"); kept.taken()
    [['local', 'b', '2'], ['local', 'a', None]]
    >>> MirrorStorage("tab", {}, writable=False).set("x", "1")
    False
    """

    def __init__(self, area: str, items: Mapping[str, str], writable: bool = True) -> None:
        self.area = area
        self.items = dict(items)
        self.writable = writable
        self.writes: list[list[str | None]] = []

    def get(self, key: str) -> str | None:
        """The text kept under ``key``, or None."""
        return self.items.get(key)

    def set(self, key: str, value: str) -> bool:
        """Keep ``value`` (the page writes it); False when the browser refuses to keep anything."""
        if not self.writable:
            return False
        self.items[key] = value
        self.writes.append([self.area, key, value])
        return True

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        if self.items.pop(key, None) is not None:
            self.writes.append([self.area, key, None])

    def all_keys(self) -> list[str]:
        """Every key kept."""
        return list(self.items)

    def changed(self, key: str | None, value: str | None) -> None:
        """Another tab changed the area: ``key`` now holds ``value`` (None: removed; key None: all cleared)."""
        if key is None:
            self.items.clear()
        elif value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value

    def taken(self) -> list[list[str | None]]:
        """The writes since the last call, for the page to make."""
        writes, self.writes = self.writes, []
        return writes


def key_table() -> dict[str, list[str | None]]:
    """What each key does on the game screen, without a modifier, with Ctrl (or Cmd) and with Alt, as
    :func:`malefiz.app.key_command` says: the page looks a key up at once (it must stop the browser's own use of
    the key before the worker could answer).

    >>> key_table()["r"], key_table()["ArrowUp"], key_table()["z"]
    (['roll', None, None], ['up', 'up', 'up'], [None, 'undo', None])
    """
    keys = {**KEYS, **WITH_CTRL}
    return {key: [key_command(key), key_command(key, ctrl=True), key_command(key, alt=True)] for key in keys}


def screen_dict(screen: Screen, shown: tuple[int, int]) -> tuple[dict[str, Any], tuple[int, int]]:
    """``screen`` as plain data, its move list as the change from the lines the page shows (``shown``); with the
    lines shown then."""
    data = dataclasses.asdict(screen)
    anew, added, shown = log_changes(screen.log, shown)
    data["log"] = None
    data.update(log_anew=anew, log_added=added, log_count=len(screen.log))
    data["notes"] = list(SOUNDS[screen.sound]) if screen.sound is not None else None
    data["buzz"] = list(screen.buzz)
    data["enabled"] = [[name, getattr(screen, f"can_{name}")] for name in ("hint", "undo", "redo", "review")]
    return data, shown


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    return value


def _number_int(value: object, least: int = 0) -> int:
    if not isinstance(value, int | float) or isinstance(value, bool) or value != int(value) or not least <= value < 64:
        raise ValueError(f"expected a small whole number, got {value!r}")
    return int(value)


def _seat_or_watcher(value: object) -> int:
    """A seat's index, or -1 for nobody's seat (*Invite someone to watch*)."""
    return _number_int(value, least=-1)


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"expected a number, got {value!r}")
    return float(value)


def _point(value: object) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError(f"expected a point [x, y], got {value!r}")
    return _number(value[0]), _number(value[1])


def _spots(value: object) -> dict[str, tuple[float, float]]:
    if not isinstance(value, dict):
        raise ValueError(f"expected places, got {value!r}")
    return {_text(k): _point(v) for k, v in value.items()}


def _fields(value: object) -> list[tuple[str, str]]:
    if not isinstance(value, list):
        raise ValueError(f"expected form fields, got {value!r}")
    return [(_text(name), _text(text)) for name, text in value]


class Bridge:
    """One page's app in the worker, with the copy of the page's storage and the move list the page shows."""

    def __init__(self, start: Mapping[str, Any], clock: Callable[[], float] = time.time) -> None:
        """``start``: what the page knows as it opens: ``local`` and ``tab`` (its storage areas' items),
        ``writable`` (whether the browser keeps anything), ``languages`` (the browser's)."""
        writable = bool(start.get("writable", True))
        self.local = MirrorStorage("local", start.get("local") or {}, writable)
        self.tab = MirrorStorage("tab", start.get("tab") or {}, writable)
        self.app = App(self.local, [str(x) for x in start.get("languages") or ()], tab=self.tab, clock=clock)
        self.shown: tuple[int, int] = (0, 0)
        """The first and last-plus-one line numbers of the move list the page shows."""
        self.look = (False, False)
        """Whether the move list the page shows marks the mistakes and shows the notation (see
        :attr:`Screen.reviewed`, :attr:`Screen.notation`)."""
        self.clock = clock
        self.calm = False
        """Whether the system asks for reduced motion (the page says so as it opens)."""

    def handle(self, message: str) -> str:
        """Answer one message from the page (see the module's description)."""
        data = json.loads(message)
        if not isinstance(data, dict) or data.get("call") not in CALLS:
            raise ValueError(f"no such call: {message[:80]!r}")
        args = data.get("args", [])
        if not isinstance(args, list):
            raise ValueError(f"arguments must be a list: {message[:80]!r}")
        value = CALLS[data["call"]](self, *args)
        screen = None
        if isinstance(value, dict) and isinstance(value.get("screen", False), Screen | None):  # with a screen, or none
            value, shown = dict(value), value["screen"]
            del value["screen"]
        else:
            value, shown = (None, value) if isinstance(value, Screen) else (value, None)
        if shown is not None:
            look = (shown.reviewed, shown.notation)  # the mistakes' marks or the notation come or go: anew
            if shown.view == "play" and look != self.look:
                self.shown, self.look = (-1, -1), look
            screen, self.shown = screen_dict(shown, self.shown)
        address = self.app.address
        self.app.address = None
        reply = {
            "value": value,
            "screen": screen,
            "address": None if address is None else {"how": address.how, "url": address.query},
            "writes": self.local.taken() + self.tab.taken(),
            "asks": self.app.leaving_asks(),
            "thinking": self.app.thinking(),
        }
        return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))

    # The calls (each one a page event; see CALLS).

    def open_page(self, query: object, fragment: object, calm: object, form: object, elements: object) -> Any:
        """The page has opened at ``query`` and ``fragment``: the settings (sound, motion: ``calm`` when the
        system asks for reduced motion), the key table, and the first screen. ``form``: the setup form's fields
        when the person filled it in already while Python started (the setup screen then shows the game and board
        they chose, and keeps the form as they left it); ``elements``: the page's fixed texts (see :meth:`texts`)."""
        self.calm = bool(calm)
        screen = self.app.arrive(_text(query), _text(fragment))
        if form is not None and screen.view == "setup":
            chosen = dict(_fields(form))
            game = chosen.get("game", screen.game)
            if game in self.app.games:
                self.app.keep_form(game)
                screen = self.app.setup_screen(screen.error, game, chosen.get("board") or None)
                screen = dataclasses.replace(screen, form=())
        texts = self.texts(elements)
        return {
            **self.settings(),
            "keys": key_table(),
            "texts": texts,
            "screen": screen,
        }

    def settings(self) -> dict[str, Any]:
        """The settings the page's switches show and its sound, motion and shaking follow (``motion``: as kept,
        else off where the system asks for reduced motion)."""
        return {
            "sound": self.app.sound_setting(),
            "shake": {"on": self.app.shake_setting(), "force": SHAKE_FORCE},
            "motion": self.app.motion_setting(self.calm),
        }

    def texts(self, elements: object) -> dict[str, Any]:
        """The page's fixed texts in the current language: for each element, ``[key, attributes]`` (its
        ``data-i18n`` key and its attributes, which may carry placeholder values), the text."""
        if not isinstance(elements, list):
            raise ValueError(f"expected elements, got {elements!r}")
        t: Translator = self.app.t
        return {
            "language": t.language,
            "texts": [
                t(_text(key), **t.attribute_values((_text(a), _text(b)) for a, b in attrs)) for key, attrs in elements
            ],
        }

    def set_language(self, language: object, elements: object) -> dict[str, Any]:
        """Speak ``language``: the page's fixed texts in it (see :meth:`texts`), and its screen (the whole move list
        sent anew)."""
        self.shown = (-1, -1)
        screen = self.app.set_language(_text(language))
        return {**self.texts(elements), "screen": screen}

    def set_pace(self, pace: object, walking: object) -> Screen | None:
        """A new pace; the screen only when nothing is walking or thinking (that finishes at the new pace)."""
        busy = bool(walking) or self.app.thinking()
        screen = self.app.set_pace(_text(pace))
        return None if busy else screen

    def think(self) -> Screen | None:
        """The computer thinks on for up to :data:`THINK_SLICE`: its screen once it has acted, else None."""
        until = self.clock() + THINK_SLICE
        while True:
            screen = self.app.think()
            if screen is not None or not self.app.thinking() or self.clock() >= until:
                return screen

    def work(self) -> dict[str, Any]:
        """The worker's own work for up to :data:`THINK_SLICE` (:meth:`App.work`): ``more`` while some is left,
        ``progress`` the review's (decisions valued, of how many) while the review shown waits for it, and the
        screen once it no longer does (:meth:`App.worked`: the page then asks again while ``work`` says so)."""
        until = self.clock() + THINK_SLICE
        more = False
        while self.app.work():
            if self.clock() >= until:
                more = True
                break
        s = self.app.session
        waiting = None if s is None else s.review_waiting()
        return {
            "more": more,
            "progress": None if waiting is None else list(waiting),
            "screen": self.app.worked(),
        }

    def storage_changed(self, area: object, key: object, value: object) -> dict[str, Any]:
        """Another tab changed what is kept: the copy follows, then the app catches up; the settings as they are
        now (:meth:`settings`: a switch turned in another tab turns here too), and ``language``: the language
        another tab chose, for the page to speak it too (:meth:`set_language`; None: the same)."""
        kept = self.local if area == "local" else self.tab
        kept.changed(None if key is None else _text(key), None if value is None else _text(value))
        screen = self.app.changed(None if key is None else _text(key)) if area == "local" else None
        return {**self.settings(), "language": self.app.language_elsewhere(), "screen": screen}

    def refused(self) -> None:
        """The browser refused a write: nothing more is kept (the app says so)."""
        self.local.writable = self.tab.writable = False

    def load_file(self, text: object, size: object) -> Screen:
        """A chosen file's text (None: too big to read) and its size in bytes."""
        return self.app.load_file(None if text is None else _text(text), int(_number(size)))

    def line(self, index: object) -> list[str] | None:
        """The board after a line of the move list, and the words that say so."""
        shown = self.app.line(int(_number(index)))
        return None if shown is None else list(shown)

    def zoom(
        self,
        targets: object,
        width: object,
        height: object,
        finger: object,
        own: object = None,
        top: object = 0,
        right: object = None,
    ) -> list[float] | None:
        """Where to zoom the board (:func:`~malefiz.core.spatial.zoom_to`; ``own``: the part in sight when the person
        zoomed it, else None; ``top`` and ``right``: the frame's pixels the *Whole board* button covers from its top
        and from its right edge); None: leave it as the person zoomed it."""
        if not isinstance(targets, list):
            raise ValueError(f"expected targets, got {targets!r}")
        if own is not None and not (isinstance(own, list) and len(own) == 4):
            raise ValueError(f"expected the part of the board in sight, got {own!r}")
        at = [(_number(x), _number(y), _number(size)) for x, y, size in targets]
        sight = None if own is None else (_number(own[0]), _number(own[1]), _number(own[2]), _number(own[3]))
        wide = None if right is None else _number(right)
        found = zoom_to(at, _number(width), _number(height), bool(finger), sight, _number(top), wide)
        return None if found is None else list(found)

    def toward(self, spots: object, current: object, direction: object) -> str | None:
        """The element to focus next for an arrow key (:func:`~malefiz.core.spatial.toward`)."""
        if direction not in ("up", "down", "left", "right"):
            raise ValueError(f"no such direction: {direction!r}")
        way: Direction = direction
        return toward(_spots(spots), None if current is None else _text(current), way)

    def tap(
        self, spots: object, x: object, y: object, finger: object = False, key: object = None, centre: object = None
    ) -> str | None:
        """The element a tap at ``x, y`` on the board meant (:func:`~malefiz.core.spatial.meant`; ``finger``: a touch
        screen), to click: ``key`` is the board element it landed on that is no choice (None: none), drawn with its
        middle at ``centre`` ``[x, y]``; it counts when a click on it would be told why it does nothing. An empty field
        (where one of the player's pieces may go, or none) never holds a tap back from a choice within a finger's
        reach: it is clicked only when no choice is near. A tap that meant nothing where nobody in this tab plays the
        turn clicks the board's ground (``""``): it is told why (:meth:`~malefiz.app.App.not_here`)."""
        if key is None:
            found = meant(_spots(spots), _number(x), _number(y), bool(finger))
            return "" if found is None and self.app.not_here() else found
        name, (kx, ky) = _text(key), _point(centre)
        hit = (name, kx, ky) if self.app.why_not(name, empty=False) else None
        found = meant(_spots(spots), _number(x), _number(y), bool(finger), hit)
        return name if found is None else found

    def file(self, game_id: object) -> list[str] | None:
        """The file to save: the game shown (``game_id`` empty) or one kept on the shelf."""
        found = self.app.save_file() if not game_id else self.app.kept_file(_text(game_id))
        return None if found is None else list(found)


def _shared(app: App, page: str) -> tuple[str, str] | None:
    """*Share link*: the link, and what a share sheet says with it (:meth:`~malefiz.app.App.link_said`)."""
    link = app.link(page)
    return None if link is None else (link, app.link_said())


def _app_call(name: str, *kinds: Callable[[object], object]) -> Callable[..., Any]:
    """A call straight to the app's method ``name``, its arguments checked by ``kinds``."""

    def call(bridge: Bridge, *args: object) -> Any:
        if len(args) != len(kinds):
            raise ValueError(f"{name} takes {len(kinds)} arguments, not {len(args)}")
        return getattr(bridge.app, name)(*(kind(arg) for kind, arg in zip(kinds, args, strict=True)))

    return call


CALLS: Final[dict[str, Callable[..., Any]]] = {
    "open_page": Bridge.open_page,
    "texts": Bridge.texts,
    "set_language": Bridge.set_language,
    "set_pace": Bridge.set_pace,
    "think": Bridge.think,
    "work": Bridge.work,
    "storage_changed": Bridge.storage_changed,
    "refused": Bridge.refused,
    "load_file": Bridge.load_file,
    "line": Bridge.line,
    "zoom": Bridge.zoom,
    "toward": Bridge.toward,
    "tap": Bridge.tap,
    "file": Bridge.file,
    "open": lambda bridge, query, fragment="": bridge.app.open(_text(query), _text(fragment)),
    "click": _app_call("click", _text),
    "roll": _app_call("roll"),
    "hint": _app_call("hint"),
    "review": _app_call("review"),
    "notation": _app_call("notation"),
    "undo": _app_call("undo"),
    "redo": _app_call("redo"),
    "cancel": _app_call("cancel"),
    "close_notice": _app_call("close_notice"),
    "about": _app_call("about", _text),
    "screen": lambda bridge: bridge.app.screen(keep=False),
    "start_game": lambda bridge, fields: bridge.app.start_from_form(_fields(fields)),
    "seat_notes": lambda bridge, fields: bridge.app.seat_notes(_fields(fields)),
    "form_board": lambda bridge, fields: bridge.app.form_board(_fields(fields)),
    "preview": _app_call("preview", _text, _text, bool),
    "question": _app_call("question", _text),
    "leave": _app_call("leave", _text, _text, _text),
    "continue": _app_call("continue_game", _text),
    "link": lambda bridge, page: _shared(bridge.app, _text(page)),
    "net": _app_call("net", _number_int, _text, _text),
    "reply": _app_call("reply", _number_int, _text),
    "join": _app_call("join", _text),
    "watch": _app_call("watch"),
    "react": _app_call("react", _number_int),
    "across": _app_call("across"),
    "handover": _app_call("handover", _number_int),
    "invite_menu": _app_call("invite_menu"),
    "players_menu": _app_call("players_menu"),
    "hand_over": _app_call("hand_over", _number_int, _text),
    "invite": _app_call("invite", _seat_or_watcher),
    "relayed": _app_call("relayed", _text),
    "reply_from_tab": _app_call("reply_from_tab", _text),
    "held": _app_call("held", _text, _text),
    "play_here": _app_call("play_here"),
    "set_motion": _app_call("set_motion", bool),
    "set_sound": _app_call("set_sound", bool),
    "set_shake": _app_call("set_shake", bool, bool),
    "shake": _app_call("shake", _number),
}
"""Every message the page may send, by name."""


def start(page: str) -> Bridge:
    """The bridge for a page that has just opened (``page``: the JSON of :class:`Bridge`'s ``start``), every
    random source seeded anew first."""
    reseed()
    data = json.loads(page)
    if not isinstance(data, dict):
        raise ValueError("the page's start must be an object")
    return Bridge(data)
