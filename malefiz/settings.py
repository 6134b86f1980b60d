"""The page's settings (a part of :class:`malefiz.app.App`): language, sound, motion, the move list's notation and
rolling by shaking the device, each remembered in the browser's storage for every game and tab."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .i18n import LANGUAGES, Translator

if TYPE_CHECKING:
    from .core.screen import Screen
    from .core.session import Session
    from .shelf import Storage

__all__ = ["LANGUAGE_KEY", "MOTION_KEY", "NOTATION_KEY", "SHAKE_KEY", "SOUND_KEY", "Settings"]

LANGUAGE_KEY: Final = "malefiz.language"
SOUND_KEY: Final = "malefiz.sound"
NOTATION_KEY: Final = "malefiz.notation"
MOTION_KEY: Final = "malefiz.motion"
SHAKE_KEY: Final = "malefiz.shake"


class Settings:
    """What :class:`malefiz.app.App` remembers of how the page is used (a mixin: the app's own state is declared here
    for the type checker)."""

    storage: Storage
    session: Session | None
    t: Translator
    motion: bool
    _shown: int | None

    def screen(self, fresh: bool = False, keep: bool = True) -> Screen:
        raise NotImplementedError

    def refuse(self, text: str) -> Screen:
        raise NotImplementedError

    def _on(self, key: str) -> bool:
        return self.storage.get(key) == "on"

    def _set(self, key: str, on: bool) -> None:
        self.storage.set(key, "on" if on else "off")

    def motion_setting(self, reduced: bool) -> bool:
        """Motion as remembered, else on unless the system asks for reduced motion."""
        kept = self.storage.get(MOTION_KEY)
        self.motion = kept == "on" if kept in ("on", "off") else not reduced
        return self.motion

    def set_motion(self, on: bool, keep: bool = True) -> None:
        """Turn motion on or off, remembered with ``keep``."""
        self.motion = on
        if keep:
            self._set(MOTION_KEY, on)

    def sound_setting(self) -> bool:
        """Sound as remembered (off unless the player turned it on)."""
        return self._on(SOUND_KEY)

    def set_sound(self, on: bool) -> None:
        """Turn sound on or off, remembered."""
        self._set(SOUND_KEY, on)

    def shake_setting(self) -> bool:
        """Shaking the device rolls the die, as remembered (off unless the player turned it on: a phone carried
        about should not roll by itself)."""
        return self._on(SHAKE_KEY)

    def set_shake(self, on: bool, allowed: bool = True) -> Screen | None:
        """Turn rolling by shaking on or off, remembered; where the device did not ``allowed`` the page to read its
        motion (a phone asks its owner first), it stays off and the page says why (None: nothing more to show)."""
        if on and not allowed:
            self._set(SHAKE_KEY, False)
            return self.refuse(self.t("page.shake_refused"))
        self._set(SHAKE_KEY, on)
        return None

    def notation_shown(self) -> bool:
        """The move list shows the notation (off unless the player turned it on)."""
        return self._on(NOTATION_KEY)

    def notation(self) -> Screen | None:
        """*Notation*: show (or hide) each move in notation beside its words in the move list, remembered."""
        if self.session is None:
            return None
        self._set(NOTATION_KEY, not self.notation_shown())
        return self.screen()

    def language_elsewhere(self) -> str | None:
        """The language another tab chose and remembered, where it is not this page's (None: the same)."""
        kept = self.storage.get(LANGUAGE_KEY)
        return kept if kept in LANGUAGES and kept != self.t.language else None

    def set_language(self, language: str) -> Screen:
        """Speak ``language`` on the whole page at once (mid-game too), remembered."""
        self.t = Translator(language)
        self.storage.set(LANGUAGE_KEY, self.t.language)
        if self.session is None:
            return self.screen()  # the setup screen, or a game between devices before its first roll
        self.session.set_language(self.t.language)
        self._shown = None
        return self.screen()
