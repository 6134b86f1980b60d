"""The page's glue: DOM events in, :class:`malefiz.app.App` calls, :class:`~malefiz.core.screen.Screen` out.

Runs only in PyScript (main thread). Every decision is the app's (plain Python with unit tests);
this module wires one delegated click, change and key listener, writes each screen into the
page, plays its frames and sound, and runs the computer's timer. It knows no game.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js
from pyscript import document
from pyscript.ffi import is_none

from malefiz.app import App, key_command
from malefiz.core.screen import SOUNDS, Screen, log_changes
from malefiz.core.spatial import nearest, toward, zoom_to


def _element(selector: str) -> Any:
    return document.querySelector(selector)


def _all(selector: str) -> list[Any]:
    return list(document.querySelectorAll(selector))


def _say(selector: str, text: str, html: bool = False) -> None:
    """Write ``text`` (with ``html``: HTML) into the element; hide it while there is nothing to say."""
    element = _element(selector)
    setattr(element, "innerHTML" if html else "textContent", text)
    element.hidden = not text


class LocalStorage:
    """The browser's ``localStorage`` (or the tab's own ``sessionStorage``) as the app's
    :class:`~malefiz.app.Storage` (storage off: nothing kept)."""

    def __init__(self, area: str = "localStorage") -> None:
        self.area = area

    def call(self, method: str, *args: str) -> Any:
        """The storage's ``method`` called with ``args``: its result, or False when the browser refuses."""
        with contextlib.suppress(JsException):
            return getattr(getattr(js, self.area), method)(*args)
        return False

    def get(self, key: str) -> str | None:
        """The text kept under ``key``, or None."""
        value = self.call("getItem", key)
        return None if value is False or is_none(value) else str(value)

    def set(self, key: str, value: str) -> bool:
        """Keep ``value``; False when the browser refuses."""
        return self.call("setItem", key, value) is not False

    def remove(self, key: str) -> None:
        """Forget ``key``."""
        self.call("removeItem", key)

    def all_keys(self) -> list[str]:
        """Every key kept."""
        with contextlib.suppress(JsException):
            return [str(key) for key in js.Object.keys(getattr(js, self.area))]
        return []


class Page:
    """The running page: the app, the timer of the next computer step, the frames of a walk."""

    def __init__(self) -> None:
        self.app = App(LocalStorage(), list(map(str, js.navigator.languages)), tab=LocalStorage("sessionStorage"))
        self.timer: Any = None
        self.frames: list[str] = []
        self.after_walk: Screen | None = None
        self.focus_keys: list[str] = []
        self.pending: Callable[[], None] | None = None
        self.by_keys: bool | None = None
        """The last input was a key (True) or a pointer (False): the focus box is drawn only after keys."""
        self.logged: tuple[int, int] = (0, 0)
        """The first and last-plus-one line numbers the move list shows."""
        self.board = _element("#board")
        self.log = _element("[data-log]")
        self.die = _element('[data-action="roll"]')
        self.viewing = _element("[data-viewing]")
        self.sound = _element("[data-sound]")
        self.motion = _element("[data-motion-switch]")
        self._tick = create_proxy(self.tick)

    # Drawing

    def show(self, screen: Screen | None) -> None:
        """Write ``screen`` into the page (nothing for None), apply the address it asks for, start its timers."""
        if screen is None:
            return
        self.show_address()
        self.stop_timer()
        root = document.documentElement
        root.dataset.game, root.dataset.board = screen.game, screen.board
        _element("[data-title]").textContent = document.title = screen.title
        _element("[data-pace]").value = screen.pace
        playing = screen.view == "play"
        _element("#setup").hidden = _element("[data-top]").hidden = playing
        _element("#play").hidden = not playing
        _element('header [data-action="setup"]').hidden = not playing
        (self.draw_game if playing else self.draw_setup)(screen)

    def draw_setup(self, screen: Screen) -> None:
        """The setup screen: only the chosen game's and board's fields count; that board's start beside them;
        the latest game and any message at the top; a message about the form beside *Start game*, in view."""
        _say("[data-setup-error]", screen.error)
        _say("[data-latest]", screen.latest, html=True)
        _say("[data-shelf]", screen.shelf, html=True)
        _say("[data-form-error]", screen.form_error)
        for block in _all("#setup [data-game]"):
            same = str(block.dataset.game) == screen.game and (
                not block.hasAttribute("data-board") or str(block.dataset.board) == screen.board
            )
            block.disabled = block.hidden = not same
        self.board.innerHTML = screen.board_svg
        self.zoom(())
        self.change_form(screen.form)
        self.change_form(self.app.seat_notes(self.form_fields()))
        if screen.form_error:
            _element("[data-form-error]").focus()

    def change_form(self, steps: tuple[tuple[str, str, str], ...]) -> None:
        """Change the chosen game's and board's fields of the setup form as the app says."""
        for selector, name, value in steps:
            for element in _all(f"#setup fieldset:not(:disabled) {selector}"):
                setattr(element, name, bool(value) if name == "checked" else value)

    def form_fields(self) -> list[tuple[str, str]]:
        """The setup form's fields that count (those of the chosen game and board), as ``FormData`` lists them."""
        return [(str(e[0]), str(e[1])) for e in js.FormData.new(_element("#setup")).entries()]

    def draw_game(self, screen: Screen) -> None:
        """The game: walk the moved piece first (when the screen has frames), then the whole screen."""
        self.viewing.hidden = True
        self.frames, self.after_walk = list(screen.frames), screen
        self.walk()

    def walk(self) -> None:
        """The moved piece's next step on its way; the whole screen once it has arrived."""
        self.timer = None
        screen = self.after_walk
        if self.frames and screen is not None:
            self.board.innerHTML = self.frames.pop(0)
            self.timer = js.setTimeout(create_once_callable(self.walk), screen.frame_ms)
            return
        self.after_walk = None
        if screen is not None:
            self.draw(screen)

    def draw(self, screen: Screen) -> None:
        """Every part of the game's screen, then the computer's timer."""
        self.board.innerHTML = screen.board_svg
        _say("[data-notice]", screen.notice)
        _say("[data-save-note]", screen.save_note)
        die = self.die
        die.disabled = not screen.can_roll
        if screen.tumble:
            die.classList.remove("rolling")
            _ = die.offsetWidth  # restart the tumble
            die.classList.add("rolling")
        die.dataset.face = "" if screen.die is None else str(screen.die)
        _element("[data-die-label]").textContent = screen.die_label
        die.setAttribute("aria-label", screen.die_aria)
        _element("[data-message]").textContent = screen.news
        _element("[data-now]").textContent = screen.status
        for name, enabled in (("hint", screen.can_hint), ("undo", screen.can_undo), ("redo", screen.can_redo)):
            _element(f'[data-action="{name}"]').disabled = not enabled
        _element('[data-action="undo"]').hidden = _element('[data-action="redo"]').hidden = not screen.undo_shown
        _element("[data-chances]").textContent = screen.chances
        _element("[data-ranking]").textContent = screen.standings
        _element("[data-position]").textContent = screen.position
        self.draw_log(screen)
        if screen.announce:
            _element("[data-announce]").textContent = screen.announce
        if screen.sound is not None:
            js.playNotes(to_js(SOUNDS[screen.sound]))  # web/sound.js
        _element("[data-winner]").hidden = not screen.winner
        _element("[data-winner-text]").textContent = screen.winner
        _element("[data-stats]").innerHTML = screen.report
        _element("[data-podium]").innerHTML = screen.podium
        self.mark_for_keyboard(screen)
        self.zoom(screen.aim)
        if screen.bot_delay is not None:
            self.timer = js.setTimeout(self._tick, screen.bot_delay)

    def draw_log(self, screen: Screen) -> None:
        """The move list, newest first: lines added since the last screen are put on top."""
        anew, added, self.logged = log_changes(screen.log, self.logged)
        if anew:
            self.log.innerHTML = ""
        self.log.insertAdjacentHTML("afterbegin", added)
        if added:  # the newest lines (on top) in sight, wherever the list was scrolled to
            self.log.scrollTop = 0
        while self.log.childElementCount > len(screen.log):
            self.log.lastElementChild.remove()

    def zoom(self, aim: tuple[str, ...]) -> None:
        """Zoom round a choice of place whose targets are too small (:func:`~malefiz.core.spatial.zoom_to`)."""
        s, box = float(js.boardZoom.scale()), self.board.getBoundingClientRect()
        boxes = [e.getBoundingClientRect() for e in map(self.keyed, aim) if not is_none(e)]
        at = [((b.x - box.x + b.width / 2) / s, (b.y - box.y + b.height / 2) / s, b.width / s) for b in boxes]
        js.boardZoom.to(*zoom_to(at, box.width / s, box.height / s, bool(js.boardZoom.finger)))

    def apply_language(self) -> None:
        """Every text of the page marked ``data-i18n`` (and the attributes marked ``data-i18n-<attribute>``)
        in the current language; the page's ``lang`` follows."""
        t = self.app.t
        document.documentElement.lang = t.language
        _element("[data-language]").value = t.language
        for element in _all("[data-i18n]"):
            element.textContent = t(str(element.getAttribute("data-i18n")), **self.values(element))
        for attribute in ("aria-label", "title", "placeholder"):
            for element in _all(f"[data-i18n-{attribute}]"):
                key = str(element.getAttribute(f"data-i18n-{attribute}"))
                element.setAttribute(attribute, t(key, **self.values(element)))

    def values(self, element: Any) -> dict[str, str]:
        """The placeholder values ``element`` carries (see :meth:`malefiz.i18n.Translator.attribute_values`)."""
        return self.app.t.attribute_values((str(a.name), str(a.value)) for a in element.attributes)

    # Keyboard

    def keyed(self, key: str) -> Any:
        """The board element with ``data-key`` ``key`` drawn on top (a pawn or barricade over its field; a
        house rather than the pawns in it), or None."""
        found = self.board.querySelectorAll(f'[data-key="{key}"]')
        for index in range(found.length - 1, -1, -1):
            element = found.item(index)
            if is_none(element.parentElement.closest(f'[data-key="{key}"]')):  # a house, not a pawn inside it
                return element
        return None

    def mark_for_keyboard(self, screen: Screen) -> None:
        """Make what can be acted on focusable and named, then put the focus where the next action is
        (the die to roll, else the first target or movable piece), when the player is at the game."""
        self.focus_keys = []
        board = self.board.querySelector("svg")
        if not is_none(board):  # a picture while there is nothing to do; a group of buttons while there is
            board.setAttribute("role", "group" if screen.labels else "img")
        for key, label in screen.labels:
            element = self.keyed(key)
            if is_none(element):
                continue
            element.setAttribute("tabindex", "0")
            element.setAttribute("role", "button")
            element.setAttribute("aria-label", label)
            self.focus_keys.append(key)
        active = document.activeElement
        if not (is_none(active) or active == document.body or not is_none(active.closest("#board, .turn, [hidden]"))):
            return
        if screen.can_roll or self.focus_keys:
            (self.die if screen.can_roll else self.keyed(self.focus_keys[0])).focus(self.focus_options())

    def on_key(self, event: Any) -> None:
        """Keys on the game screen (see :func:`malefiz.app.key_command`)."""
        target, self.by_keys = event.target, True
        if not is_none(target.closest("input, select, textarea, dialog")) or self.app.session is None:
            return
        if _element("#play").hidden or not self.viewing.hidden:
            return
        command = key_command(str(event.key), bool(event.ctrlKey), bool(event.metaKey), bool(event.altKey))
        if command is None:
            return
        if command == "cancel":
            self.show(self.app.cancel())
            return
        current = target.closest("#board [data-key]")
        if command == "act" and is_none(current):
            return
        event.preventDefault()
        if command == "roll":
            self.act("roll")
        elif command == "act":
            if not self.busy():
                self.show(self.app.click(str(current.dataset.key)))
        elif (to := toward(self.spots(), None if is_none(current) else str(current.dataset.key), command)) is not None:
            self.keyed(to).focus(self.focus_options())

    def focus_options(self) -> Any:
        """``focus()``'s options: a box round the focus only when keys were used last (not after a tap)."""
        options = {} if self.by_keys is None else {"focusVisible": self.by_keys}
        return to_js(options, dict_converter=js.Object.fromEntries)

    # Events

    def busy(self) -> bool:
        """True while a piece walks or an earlier position is shown: the board is not for playing then."""
        return bool(self.frames) or not self.viewing.hidden

    def on_click(self, event: Any) -> None:
        """The one click listener: buttons by ``data-action``, move-list lines, board elements by ``data-key``."""
        target, self.by_keys = event.target, bool(event.detail == 0)  # detail 0: Enter or Space on a button
        action = target.closest("[data-action]")
        if not is_none(action):
            self.act(str(action.dataset.action), str(action.getAttribute("data-id") or ""))
            return
        entry = target.closest("[data-log] li[data-index]")
        if not is_none(entry):
            shown = self.app.line(int(entry.dataset.index))
            if shown is not None:
                self.stop_timer()
                self.board.innerHTML, text = shown
                _element("[data-viewing-text]").textContent = text
                self.viewing.hidden = False
                for line in self.log.children:  # the line shown is marked (styled while the board shows it)
                    line.toggleAttribute("aria-current", line == entry)
            return
        if self.busy() or is_none(target.closest("#board")):
            return
        keyed = target.closest("#board [data-key]")
        key = None if is_none(keyed) else str(keyed.dataset.key)
        if key not in self.focus_keys:
            key = nearest(self.spots(), float(event.clientX), float(event.clientY))
        if key is not None:
            self.show(self.app.click(key))

    def spots(self) -> dict[str, tuple[float, float]]:
        """Where each element to act on is drawn: its centre on the screen, by ``data-key``."""
        boxes = {key: self.keyed(key) for key in self.focus_keys}
        return {
            k: (b.x + b.width / 2, b.y + b.height / 2)
            for k, e in boxes.items()
            if not is_none(e)
            for b in [e.getBoundingClientRect()]
        }

    def act(self, action: str, key: str = "") -> None:
        """A button by its ``data-action`` (``key``: its ``data-id``, the game on the shelf it is for)."""
        app = self.app
        if action == "roll":
            self.show(app.roll())
        elif action == "start":
            self.show(app.start_from_form(self.form_fields()))
        elif action in ("hint", "undo", "redo"):
            self.show(getattr(app, action)())
        elif action == "close-error":
            _element("[data-setup-error]").hidden = True
        elif action in ("rematch", "setup", "delete"):  # asked first when the app has a question
            question = app.question(action)
            self.pending = lambda: self.show(app.leave(action, key, str(js.location.search)))
            if question is None:
                self.act("confirm-yes")
            else:
                _element("[data-confirm-text]").textContent = question
                _element("[data-confirm]").showModal()
        elif action == "continue":
            self.show(app.continue_game(key))
        elif action in ("confirm-yes", "confirm-no"):
            _element("[data-confirm]").close()
            then_do, self.pending = self.pending, None
            if action == "confirm-yes" and then_do is not None:
                then_do()
        elif action in ("download", "download-kept"):
            self.download(app.save_file() if action == "download" else app.kept_file(key))
        elif action == "link":
            self.share()
        elif action == "back-to-game":
            self.show(app.screen(keep=False))

    def on_change(self, event: Any) -> None:
        """The pace, language, motion and sound settings, the setup screen's game and board, a chosen file."""
        target = event.target
        app = self.app
        if target.matches("[data-pace]"):
            walking = bool(self.frames) or app.thinking()
            screen = app.set_pace(str(target.value))
            if screen is not None and not walking:  # a computer walking or thinking finishes at the new pace
                self.show(screen)
            elif app.address is not None:
                self.show_address()
        elif target.matches('#setup input[name="game"], #setup input[name="board"]'):
            checked = _element('#setup input[name="board"]:checked:not(:disabled)')
            board = "" if is_none(checked) else str(checked.value)
            self.show(
                app.preview(str(_element('#setup input[name="game"]:checked').value), board, target.name == "game")
            )
        elif not is_none(target.closest("#setup .seats, #setup .form")):
            self.change_form(app.seat_notes(self.form_fields()))
        elif target.matches("[data-load-file]"):
            files = target.files
            if is_none(files) or files.length == 0:
                return
            chosen = files.item(0)
            target.value = ""
            if chosen.size > 5_000_000:
                self.show(app.load_file(None, int(chosen.size)))
                return
            chosen.text().then(create_once_callable(lambda text: self.show(app.load_file(str(text), len(str(text))))))
        elif target.matches("[data-language]"):
            self.logged = (-1, -1)  # the whole move list anew, in the new language
            screen = app.set_language(str(target.value))
            self.apply_language()
            self.show(screen)
        elif target.matches("[data-motion-switch]"):
            self.set_motion(bool(target.checked))
        elif target.matches("[data-sound]"):
            app.set_sound(bool(target.checked))

    def show_address(self) -> None:
        """Apply the address change the app asked for."""
        address, self.app.address = self.app.address, None
        if address is not None:
            url = address.query or str(js.location.pathname)
            (js.history.pushState if address.how == "push" else js.history.replaceState)(None, "", url)

    def set_motion(self, on: bool, keep: bool = True) -> None:
        """Motion on or off (``html[data-motion]`` stills the page's CSS animations), remembered with ``keep``."""
        self.app.set_motion(on, keep)
        self.motion.checked = on
        document.documentElement.dataset.motion = "on" if on else "off"

    def download(self, found: tuple[str, str] | None) -> None:
        """Save a file: its name and text (nothing for None)."""
        if found is None:
            return
        name, text = found
        blob = js.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries))
        url = js.URL.createObjectURL(blob)
        anchor = document.createElement("a")
        anchor.href = url
        anchor.download = name
        anchor.click()
        js.URL.revokeObjectURL(url)

    def share(self) -> None:
        """Show (and copy, where the browser allows) a link that holds the whole game."""
        url = self.app.link(f"{js.location.origin}{js.location.pathname}")
        if url is None:
            return
        box = _element("[data-link]")
        box.value = url
        box.hidden = False
        box.focus()
        box.select()
        with contextlib.suppress(JsException, AttributeError):  # no clipboard here: the link is shown
            js.navigator.clipboard.writeText(url).catch(create_once_callable(lambda _error: None))

    # Computer turns

    def tick(self) -> None:
        """A slice of the computer's turn: the next slice after a paint, or its screen once it has acted."""
        self.timer = None
        screen = self.app.think()
        if screen is None and self.app.thinking():
            self.timer = js.setTimeout(self._tick, 0)
            return
        self.show(screen)

    def stop_timer(self) -> None:
        """Cancel a pending computer step (and a walk under way)."""
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        self.frames = []
        self.after_walk = None

    def on_popstate(self, event: Any) -> None:
        """Back and forward between the setup screen and a game."""
        self.show(self.app.open(str(js.location.search)))

    def on_storage(self, event: Any) -> None:
        """Another tab changed what is kept: the list of games, or the game shown, catches up."""
        self.show(self.app.changed(None if is_none(event.key) else str(event.key)))

    def on_before_unload(self, event: Any) -> None:
        """Closing the tab asks first only when the game could not be kept (otherwise it resumes on return)."""
        if self.app.leaving_asks():
            event.preventDefault()
            event.returnValue = ""


def main() -> None:
    """Wire the listeners, show the game or the setup screen, mark the page ready."""
    page = Page()
    app = _element("#app")
    app.addEventListener("click", create_proxy(page.on_click))
    app.addEventListener("change", create_proxy(page.on_change))
    js.addEventListener("popstate", create_proxy(page.on_popstate))
    js.addEventListener("beforeunload", create_proxy(page.on_before_unload))
    js.addEventListener("storage", create_proxy(page.on_storage))
    document.addEventListener("keydown", create_proxy(page.on_key))
    page.apply_language()
    with contextlib.suppress(JsException):
        page.sound.checked = page.app.sound_setting()
    calm = bool(js.matchMedia("(prefers-reduced-motion: reduce)").matches)
    page.set_motion(page.app.motion_setting(calm), keep=False)
    page.show(page.app.arrive(str(js.location.search), str(js.location.hash)))
    document.documentElement.dataset.ready = "true"


main()
