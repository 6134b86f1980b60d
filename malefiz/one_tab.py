"""One tab of a browser plays a game: the app's part in the browser's other tabs showing the same game.

Every screen of a game names the key it is kept under (:attr:`Screen.holds`: on the shelf, or a game between
devices); the page holds the browser's lock of that name against its other tabs (Web Locks, ``web/together.js``)
and tells :meth:`OneTab.held` what the browser says of it. A game on this device alone, opened in a second tab, is
taken by the newest tab (nothing is lost: each action is kept the moment it is made); the tab that had it follows
it there, each move walked on its board as it is kept, and neither plays, runs the computer's turn nor keeps
anything until it has the game again (*Play here instead*, or once the other tab closes or leaves it). Without
such a lock (an old browser) both tabs play, and the one behind catches up with the other's moves
(:meth:`OneTab.catch_up`). A game between devices follows the same lock its own way
(:meth:`malefiz.between.BetweenDevices.held_between`)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from .core.errors import MalefizError
from .core.setup import PACES
from .settings import NOTATION_KEY
from .shelf import GAME_PREFIX
from .tally import TALLY_KEY
from .together import TOGETHER_PREFIX
from .together_view import follower_html

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .core.screen import NoticeTone, Screen
    from .core.session import Session
    from .i18n import Translator
    from .shelf import Shelf
    from .together import Together

__all__ = ["OneTab"]


class OneTab:
    """What :class:`malefiz.app.App` does about the browser's other tabs (a mixin: the app's own state is declared
    here for the type checker)."""

    session: Session | None
    together: Together | None
    game_id: str | None
    shelf: Shelf
    t: Translator
    motion: bool
    pace: str
    notice: str
    notice_tone: NoticeTone
    _revision: int
    _shown: int | None
    _thinking: Iterator[None] | None
    following_game: str = ""
    """The identity of the game on this device this tab follows while another tab of the browser plays it ("":
    none; :meth:`held`)."""
    _to_page: tuple[dict[str, Any], ...] = ()
    """What the page is to do with the browser's lock of the game shown, with the next screen."""

    def screen(self, fresh: bool = False, keep: bool = True) -> Screen:
        raise NotImplementedError

    def setup_screen(self, error: str = "") -> Screen:
        raise NotImplementedError

    def resume(
        self,
        session: Session,
        game_id: str,
        revision: int,
        notice: str = "",
        keep_now: bool = False,
        tone: NoticeTone = "alert",
    ) -> Screen:
        raise NotImplementedError

    def held_between(self, key: str, how: str) -> Screen | None:
        raise NotImplementedError

    def play_here_between(self) -> Screen | None:
        raise NotImplementedError

    def together_changed(self, key: str | None) -> Screen | None:
        raise NotImplementedError

    @property
    def elsewhere(self) -> bool:
        """True while the game on this device shown is played in another tab of this browser (this tab follows it)."""
        return bool(self.following_game) and self.following_game == self.game_id and self.together is None

    @property
    def played(self) -> Session | None:
        """The game shown, to play in this tab: None on the setup screen, and while another tab plays it."""
        return None if self.elsewhere else self.session

    def not_here(self) -> str:
        """What a tap on the board of the game shown is told where nobody in this tab plays the turn: that another
        tab of this browser plays the game (*Play here instead* is beside), that it is another device's turn, or
        that this device only watches; "" otherwise (a person's turn here, the computer's, a game over)."""
        s = self.session
        if s is None or s.state.is_over:
            return ""
        if self.elsewhere or (self.together is not None and self.together.following):
            return self.t("tabs.tapped")
        if self.together is None or s.plays_here():
            return ""
        return self.t("together.tapped_watching" if self.together.role == "watcher" else "together.tapped")

    def held(self, name: str, how: str) -> Screen | None:
        """What the browser says of its lock ``name`` (:attr:`Screen.holds`): ``elsewhere``, another tab held it
        when this one asked (``connected``: with a channel open to another device); ``stolen``, another tab took it;
        ``here``, this tab has it now (the tab that held it closed, or left the game). None when that is not the
        game shown (any more), or nothing changes.

        A game on this device alone is taken from the tab that held it (nothing is lost there: it follows the game
        from then on); taken from this tab, this tab follows it."""
        if name.startswith(TOGETHER_PREFIX):
            return self.held_between(name.removeprefix(TOGETHER_PREFIX), how)
        s = self.session
        if s is None or self.together is not None or self.game_id is None or name != GAME_PREFIX + self.game_id:
            return None
        if how == "here":
            return self._play_on_here() if self.elsewhere else None
        if self.elsewhere or how not in ("connected", "elsewhere", "stolen"):
            return None
        if how != "stolen":  # the newest tab plays the game
            self._to_page += ({"do": "steal", "key": name},)
            return self.screen(keep=False)
        self.following_game, self._thinking = self.game_id, None
        s.play_elsewhere()
        self._to_page += ({"do": "wait", "key": name},)
        return dataclasses.replace(self.screen(keep=False), announce=self.t("together.elsewhere"))  # (shown beside)

    def play_here(self) -> Screen | None:
        """*Play here instead* on a tab that follows a game another tab plays: this tab takes it (the other tab
        follows it then). None when this tab follows no game."""
        if self.together is not None:
            return self.play_here_between()
        if not self.elsewhere:
            return None
        self._to_page += ({"do": "steal", "key": GAME_PREFIX + self.following_game},)
        return self._play_on_here()

    def _play_on_here(self) -> Screen:
        """This tab plays the game it followed, as the other tab kept it (a game not kept yet, nothing played in it:
        as its address starts it, the game this tab shows); said so, unless a warning stands that the player may
        not have read yet (a file or link refused meanwhile)."""
        game_id, s = self.following_game, self.session
        warned = self.notice and self.notice_tone == "alert"
        self.following_game = ""
        try:
            found = self.shelf.load(game_id)
        except MalefizError as error:
            return self.setup_screen(self.t("shelf.unreadable", error=self.t.error(error)))
        if found is None and self._revision == 0 and s is not None and self.game_id == game_id:
            found = s, 0  # never kept (this tab saw nothing kept of it, so no tab deleted it): its start
        if found is None:
            return self.setup_screen(self.t("shelf.gone"))
        if warned:
            return self.resume(found[0], game_id, found[1], notice=self.notice)
        return self.resume(found[0], game_id, found[1], notice=self.t("together.here_now"), tone="info")

    def tab_fields(self) -> dict[str, Any]:
        """What a screen of the game on this device shown says of this tab: the lock it holds and what the page is
        to do with it; while another tab plays the game, where it is played, with nothing to play here (the move
        list, the review and the rules stay) and silent (the tab that plays sounds each move)."""
        s = self.session
        assert s is not None and self.game_id is not None
        fields: dict[str, Any] = {"holds": GAME_PREFIX + self.game_id, "net": self._to_page}
        self._to_page = ()
        if not self.elsewhere:
            return fields
        fields.update(together=follower_html(self.t, between=False), sound=None, invite="", players="", can_undo=False)
        fields.update(undo_shown=False, redo_shown=False, rematch_shown=False, can_hint=False, bot_delay=None)
        if not s.state.is_over:
            seat = s.state.current_seat
            said = "together.computer_elsewhere" if s.setup.seats[seat].kind == "bot" else "together.waiting_elsewhere"
            fields["status"] = self.t(said, name=s.seat_name(seat))
        return fields

    # -- what another tab kept -----------------------------------------------------

    def changed(self, key: str | None) -> Screen | None:
        """Another tab changed what is kept (the browser's storage event; ``key`` None: everything was cleared):
        the setup screen lists the shelf anew; the game shown catches up when it went on there, and its move list
        shows the notation as it was turned there."""
        if key == NOTATION_KEY:
            return None if self.session is None else self.screen(keep=False)
        if self.together is not None:  # a game between devices: caught up when another tab took it further
            return self.together_changed(key)
        if key == TALLY_KEY and self.session is None:
            return self.setup_screen()  # a game finished in another tab
        if key is not None and not key.startswith(GAME_PREFIX):
            return None
        if self.session is None:
            return self.setup_screen()
        if self.game_id is None or key not in (None, GAME_PREFIX + self.game_id):
            return None
        stored = self.shelf.get(self.game_id)
        if stored is None or stored.revision <= self._revision:
            return None
        return self.catch_up()

    def catch_up(self) -> Screen:
        """The game shown as another tab has kept it since (this tab's own newer action, if any, is dropped); in a
        tab that follows the game there, what happened since walked on the board, untold."""
        game_id, before = self.game_id, self.session
        assert game_id is not None and before is not None
        try:
            found = self.shelf.load(game_id)
        except MalefizError as error:
            self.notice = self.t("shelf.unreadable", error=self.t.error(error))
            return self.screen(keep=False)
        if found is None:
            return self.screen(keep=False)
        if not self.elsewhere:
            return self.resume(found[0], game_id, found[1], notice=self.t("shelf.behind"), tone="info")
        s, seen, shown = found[0], len(before.record), self._shown
        s.reviewing, s.hint_asked = before.reviewing, before.hint_asked  # (this tab's view of it stays)
        self.resume(s, game_id, found[1], notice=self.notice, tone=self.notice_tone)  # still followed
        went_on = len(s.record) > seen and s.record.actions()[:seen] == before.record.actions()
        self._shown = shown if went_on else None
        screen = self.screen(fresh=went_on, keep=False)
        if went_on and self.motion and PACES[self.pace].step > 0:
            screen = dataclasses.replace(screen, frames=tuple(s.walk_frames(seen)))
        return screen
