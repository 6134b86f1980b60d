"""The app's part in a game between devices (:mod:`malefiz.together`): its screens before the first roll and while
playing, and the events of the page's peer-to-peer channels."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal
from urllib.parse import parse_qs

from .core.errors import MalefizError
from .core.face import Marks
from .core.match import Match
from .core.remote import Table
from .core.remote_link import link_anchors
from .core.screen import NoticeTone, Screen, play_screen
from .core.setup import PACES, Setup
from .reactions import REACTIONS
from .tally import TALLY_KEY, players_line, read_tally
from .together import JOIN, PLAY, TOGETHER_PREFIX, Invitation, Together, anchor_key
from .together_keep import keep, restore
from .together_view import (
    device_name,
    follower_html,
    join_html,
    kept_html,
    panel_html,
    person,
    reactions_heard,
    waiting_text,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from .core.session import Session
    from .core.setup import Games
    from .i18n import Translator
    from .shelf import Storage

__all__ = ["Address", "BetweenDevices"]

MAX_NEWS: Final = 12
"""The most actions told by name when a play link brings what happened since this device's last turn."""


@dataclass(frozen=True)
class Address:
    """A change of the page address: ``push`` adds a history entry (Back returns), ``replace`` does not.

    ``query`` is the whole ``?...`` part; ``""`` is the bare page.
    """

    how: Literal["push", "replace"]
    query: str


class BetweenDevices:
    """What :class:`malefiz.app.App` does in a game between devices (a mixin: the app's own state is declared here
    for the type checker)."""

    together: Together | None
    session: Session | None
    storage: Storage
    games: Games
    address: Address | None
    t: Translator
    pace: str
    motion: bool
    notice: str
    notice_tone: NoticeTone
    game_id: str | None
    inviting: bool
    followed: str = ""
    """The key of this browser's part in the game between devices this tab follows while another tab holds it
    (:meth:`held_between`; "": none)."""
    stun_server: str
    clock: Callable[[], float]
    _shown: int | None
    _face: int | None
    _review_waits: bool
    _thinking: Iterator[None] | None

    def screen(self, fresh: bool = False, keep: bool = True) -> Screen:
        raise NotImplementedError

    def keep(self) -> bool:
        raise NotImplementedError

    def notation_shown(self) -> bool:
        raise NotImplementedError

    def count_win(self, game_id: str | None) -> None:
        raise NotImplementedError

    def setup_screen(
        self,
        error: str = "",
        game: str | None = None,
        board: str | None = None,
        form_error: str = "",
        filled: Setup | None = None,
    ) -> Screen:
        raise NotImplementedError

    def together_screen(self, notice: str = "", tone: NoticeTone = "alert") -> Screen:
        """A game between devices before its first roll: the start position, and the invitations (host) or the
        invitation to join (guest)."""
        together = self.together
        assert together is not None
        setup, t = together.setup, self.t
        game = setup.game  # a game handed over in progress starts from its position (checked when it was read)
        state = setup.start_position() or game.new_game(setup.board, setup.colours, setup.options, setup.first)
        names = {seat.colour: seat.name for seat in setup.seats}
        return Screen(
            view="play",
            game=game.name,
            board=setup.board,
            title=game.title,
            board_svg=game.face.render(state, Marks(facing=together.facing), names, t),
            language=t.language,
            awake=True,  # while the friends scan the invitation and send their replies
            notice=notice or (t.error(together.problem) if together.problem is not None else ""),
            notice_tone=tone if notice else "alert",
            status=waiting_text(together, t),
            together=self._panel(together),
            net=tuple(together.take()),
            pace=self.pace,
            **_tab_fields(together),
        )

    def open_together(self, query: str, fragment: str) -> Screen:
        """A page address of a game between devices: an invitation (``#join=``), a play link (``#play=``), or the
        game this browser keeps (``?together=<code>``, after a reload)."""
        shown = self.together
        self.address = Address("replace", "")
        self.session = None
        try:
            if fragment.startswith(JOIN):
                invitation, _ = Invitation.read(fragment, self.games)
                joined = self._joined_with(invitation)
                if joined is not None:  # an invitation used already: the game it led to, not a second one
                    self.together = joined
                    return self._together_now(
                        self.t("together.joined_already", host=person(joined, invitation.host, self.t)), tone="info"
                    )
                self.together = Together.guest(fragment, self.games, self._kept_together(invitation.code))
            elif fragment.startswith(PLAY):
                anchors = tuple(link_anchors(fragment.removeprefix(PLAY)))
                # The game this tab shows (opened in the same tab): taken into it as it is, its connections (and a
                # take-back it asked for) with it, not into a copy of what the browser keeps, whose channels are
                # closed and which would not send on the ones still open.
                same = (
                    shown is not None
                    and not shown.following  # (a tab that follows the game: the part the browser keeps takes it)
                    and shown.table is not None
                    and shown.table.match.ledger.anchors == anchors
                )
                kept = (
                    shown
                    if same
                    else next((k for k in map(self._kept_together, map(anchor_key, anchors)) if k is not None), None)
                )
                if kept is None:
                    self.together = Together.watching(fragment, self.games)
                    return self._together_now(self.t("together.only_shown"), tone="info")
                self.together = kept
                seen = len(kept.table.match.actions) if kept.table is not None else None
                try:
                    kept.take_link(fragment)
                except MalefizError as error:  # the game as this browser keeps it, and what was wrong
                    return self._together_now(self.t.error(error))
                return self._together_now(since=seen)
            else:
                code = parse_qs(query.lstrip("?")).get("together", [""])[0]
                self.together = self._kept_together(code)
                if self.together is None:
                    return self.setup_screen(self.t("together.not_kept"))
        except MalefizError as error:
            if shown is not None:  # the game shown stays, and says what was wrong
                self.together = shown
                return self._together_now(self.t.error(error))
            self.together = None
            return self.setup_screen(self.t.error(error))
        return self._together_now()

    def _kept_together(self, code: str) -> Together | None:
        """This browser's part in the game ``code`` (None when it keeps none)."""
        text = self.storage.get(TOGETHER_PREFIX + code) if code else None
        if text is None:
            return None
        try:
            return restore(json.loads(text), self.games)
        except (ValueError, RecursionError):
            return None

    def _joined_with(self, invitation: Invitation) -> Together | None:
        """This browser's part in the game it joined with ``invitation`` once that game began (None otherwise: before,
        the invitation's offer still waits for an answer, so joining again makes a new reply)."""
        link = invitation.link()
        for key in self.storage.all_keys():
            text = self.storage.get(key) if key.startswith(TOGETHER_PREFIX) else None
            try:
                doc = json.loads(text) if text is not None else None
            except (ValueError, RecursionError):
                continue
            if isinstance(doc, dict) and doc.get("match") and link in (doc.get("joined"), doc.get("invitation")):
                return self._kept_together(key.removeprefix(TOGETHER_PREFIX))
        return None

    def together_changed(self, key: str | None) -> Screen | None:
        """Another tab of this browser kept this game between devices further (a play link opened there): this tab
        shows it as it is now instead of playing on from where it was (None: nothing to catch up with)."""
        together = self.together
        if together is not None and together.following:
            return self._follow_on(key)
        if together is None or together.table is None or key != TOGETHER_PREFIX + together.key:
            return None
        kept = self._kept_together(together.key)
        if kept is None or kept.table is None or kept.table.match == together.table.match:
            return None  # (a die's part given there counts too: the game is as far, the roll is not)
        try:
            together.take_match(kept.table.match.to_json())
        except MalefizError:
            return None  # not this game gone further: this tab's stays
        return self._together_now(self.t("shelf.behind"), tone="info")

    def _keep_together(self) -> None:
        """Keep this device's part of the game in the browser, and the game's code in the address (a reload
        resumes it)."""
        together = self.together
        if together is None or together.following or not together.keeps():
            return  # (a tab that follows the game: the one that holds it keeps it)
        doc = keep(together)
        s = together.session
        if s is not None:  # what the setup screen shows of it (Back to the game) without replaying it
            position, over = s.game.to_json(s.state), s.state.is_over
            doc["seen"] = {"when": self.clock(), "position": position, "over": over, "moves": s.record.moves}
        self.storage.set(TOGETHER_PREFIX + together.key, json.dumps(doc, separators=(",", ":")))
        self.address = Address("replace", f"?together={together.key}")

    def kept_between_html(self, now: float) -> str:
        """The latest game between devices this browser plays a part in, not over, with *Back to the game* (for the
        top of the setup screen: a person who left it finds the way back); "" when there is none."""
        found: list[tuple[float, str, dict[str, Any]]] = []
        for key in self.storage.all_keys():
            text = self.storage.get(key) if key.startswith(TOGETHER_PREFIX) else None
            try:
                doc = json.loads(text) if text is not None else None
                seen = doc.get("seen") if isinstance(doc, dict) and doc.get("role") != "watcher" else None
                if isinstance(doc, dict) and isinstance(seen, dict) and not seen.get("over") and seen.get("when"):
                    found.append((float(seen["when"]), key.removeprefix(TOGETHER_PREFIX), doc))
            except (ValueError, TypeError, RecursionError):
                continue
        return kept_html(*max(found, key=lambda f: f[:2])[1:], self.games, self.t, now) if found else ""

    def invite_menu(self) -> Screen:
        """*Play with other devices* in a game on this device: the choices (a seat for a person on another device,
        someone to watch) shown or hidden."""
        self.inviting = not self.inviting
        return self.screen(keep=False)

    def invite(self, seat: int) -> Screen:
        """The game on this device goes on between devices from where it is: seat ``seat`` is offered to a person
        on another device (-1: nobody's seat, someone is invited to watch). The game so far stays on the shelf."""
        s = self.session
        self.inviting = False
        if s is None or self.together is not None or s.state.is_over or not -1 <= seat < len(s.setup.seats):
            return self.screen(keep=False)
        if s.mine is not None:  # not every seat is played here: another tab of this browser plays the game
            return self.screen(keep=False)
        self.keep()
        seats = tuple(dataclasses.replace(x, kind="remote") if i == seat else x for i, x in enumerate(s.setup.seats))
        position = s.game.format_position(s.state)
        setup = dataclasses.replace(s.setup, seats=seats, position=position, seed=None, first=None)
        self.together = Together.host(setup, self.games, self.stun_server)
        self.game_id = None
        if seat < 0:
            self.together.watch()
        return self._together_now()

    def handover(self, peer: int) -> Screen:
        """The host lets the computer play the seats of device ``peer``."""
        if self.together is not None:
            self.together.handover(peer)
        return self._together_now()  # no action on the board: the last one is not walked or rolled again

    def across(self) -> Screen:
        """The host chooses to play across networks (asking the STUN server the page names)."""
        if self.together is not None:
            self.together.across()
        return self._together_now()

    def react(self, index: int) -> Screen | None:
        """This device's person (a player or a watcher) sends reaction ``index`` (:data:`~malefiz.reactions.REACTIONS`)
        to the others."""
        together = self.together
        if together is None or together.table is None or together.sender is None or not 0 <= index < len(REACTIONS):
            return None
        together.react(index)
        return self._together_now()

    def watch(self) -> Screen:
        """The host invites a device to watch."""
        if self.together is not None:
            self.together.watch()
        return self._together_now()

    def net(self, peer: int, kind: str, text: str) -> Screen | None:
        """An event of the page's channel to device ``peer``: ``offer`` or ``answer`` made (``text`` its
        description), ``failed`` (none could be made: ``text`` the browser's reason), ``open``, ``message``
        (``text``), ``close``. None when nothing shown changes."""
        together = self.together
        if together is None:
            return None
        if together.following:  # a channel asked for before this tab found the game held by another: closed
            if kind not in ("offer", "answer", "open"):
                return None
            together.commands.append({"do": "close", "peer": peer})
            return self._together_now()
        if kind == "failed":  # no network (the browser found no address to offer): said; the game goes by links
            together.failed(peer)
            return self._together_now(self.t("together.no_network"))
        if kind == "offer":
            together.offered(peer, text)
        elif kind == "answer":
            together.answered(text)
        elif kind == "open":
            together.opened(peer)
        elif kind == "close":
            together.closed(peer)
        elif kind == "message":
            backs = together.table.backs if together.table is not None else 0
            if not together.received(peer, text):
                return self._together_now(self.t.error(together.problem) if together.problem is not None else "")
            if together.table is not None and together.table.backs != backs:
                self._thinking = None  # a move taken back: the computer's turn under way is thought anew
            return self._together_now(fresh=True)
        return self._together_now()

    def take_back(self) -> Screen | None:
        """Undo between devices: this device's person takes their last move back (a guest's counts once the host
        passes it on); None when there is none to take back."""
        if self.together is None or not self.together.take_back():
            return None
        self._thinking = None
        screen = self._together_now(fresh=True)
        return dataclasses.replace(screen, announce=screen.news)

    def _together_now(
        self,
        notice: str = "",
        fresh: bool = False,
        since: int | None = None,
        tone: NoticeTone = "alert",
        quiet: bool = False,
    ) -> Screen:
        """The screen of the game between devices now, ``notice`` told in ``tone``; ``since``: the actions this
        device had before a play link brought the rest (what happened since is told, as news, and walked on the
        board; ``quiet``: walked, not told)."""
        together = self.together
        assert together is not None
        if not together.following and together.key == self.followed:  # opened again here (a play link, Back)
            self._keep_together()  # what it brought reaches the tab that holds the game
            together = self._let_go(together)
        elif not together.following:
            self.followed = ""
        if together.session is not self.session:  # the first roll, or the game as another device has it
            self.session = together.session
            if self.session is not None:
                self.session.set_language(self.t.language)
            self._shown = self._face = None
        self._keep_together()
        s = self.session
        if s is None:
            return self.together_screen(notice, tone)
        news = list(s.record)[since:] if since is not None else []
        if news:
            self._shown = len(s.record.opening) + len(s.record) - len(news)
            words = [e.words for e in news[-MAX_NEWS:]]
            if not notice and not quiet:
                notice, tone = self.t("together.since", moves="; ".join(["…"] * (len(news) > MAX_NEWS) + words)), "info"
        if notice:
            self.notice, self.notice_tone = notice, tone
        found = self.screen(fresh=fresh, keep=False)
        if news and self.motion and PACES[self.pace].step > 0:
            found = dataclasses.replace(found, frames=tuple(s.walk_frames(len(s.record) - len(news))))
        return found

    def _play_screen(self, s: Session, fresh: bool, saving: bool) -> Screen:
        """The game's screen of ``s`` now, the page's drawing state noted (``fresh``: an action was just made)."""
        if fresh:
            self.notice = ""  # a message about a file, a link or another tab is said until the game goes on
        found = play_screen(
            s,
            shown=self._shown,
            face_before=self._face,
            fresh=fresh,
            motion=self.motion,
            pace=self.pace,
            notice=self.notice,
            notice_tone=self.notice_tone,
            saving=saving,
            notation=self.notation_shown(),
        )
        self._shown = s.record.line_count
        self._face = found.die
        self._review_waits = s.review_shown() and not found.reviewed  # App.worked shows it whole once worked out
        if s.state.is_over:  # counted already (keep, or a game between devices): the players' wins so far
            line = players_line(read_tally(self.storage.get(TALLY_KEY)), s, self.t)
            found = dataclasses.replace(found, podium=found.podium + line)
        return found

    def _between_devices(self, fresh: bool) -> Screen:
        """The game's screen in a game between devices: this device's new actions sent first; what it waits for
        from the others in the status line; the devices' panel beside."""
        together, s = self.together, self.session
        assert together is not None and s is not None
        together.sync()
        self._keep_together()
        table = together.table
        if together.role != "watcher":  # each player's device counts the game in its own table, once it is over
            self.count_win(f"together-{together.key}")
        found = self._play_screen(s, fresh, saving=True)
        waiting = waiting_text(together, self.t)
        changes: dict[str, Any] = {"together": self._panel(together), "net": tuple(together.take())}
        changes.update(_tab_fields(together))
        changes["reaction"], others = reactions_heard(together, self.t)
        if others and found.sound is None:  # a reaction from another device: a short ding (a move's sound first)
            changes["sound"] = "reaction"
        changes["rematch_shown"] = together.role != "watcher" and not together.rematching
        if waiting:
            changes["status"] = waiting
        changes["undo_shown"] = together.role != "watcher" and table is not None and table.takebacks
        changes["can_undo"], changes["redo_shown"] = together.can_take_back(), False  # a move taken back is chosen anew
        if table is not None and table.late:  # its take-back reached the host after another device's action
            changes["notice"], changes["notice_tone"] = self.t("together.back_late"), "info"
        if together.following:  # silent: the tab that plays sounds each move (twice would be an echo)
            changes["sound"] = None
        return dataclasses.replace(found, **changes)

    def _panel(self, together: Together) -> str:
        """The devices' panel (:attr:`Screen.together`): the invitation to join, the devices, or where a tab that
        follows the game finds it."""
        if together.following:
            return follower_html(self.t)
        return join_html(together, self.t) or panel_html(together, self.t)

    # -- the tabs of this browser ------------------------------------------------------

    def held_between(self, key: str, how: str) -> Screen | None:
        """What the browser says of its lock on the game between devices ``key`` (:meth:`malefiz.one_tab.OneTab.held`
        passes it on): ``elsewhere``, another tab held it when this one asked (``connected``: with a channel open to
        another device, :attr:`Screen.channels_open`); ``stolen``, another tab took it; ``here``, this tab has it now
        (the tab that held it closed, or left the game). None when that is not this tab's game (any more), or
        nothing changes.

        A tab that finds the game held elsewhere takes it when that tab had no channel open (nothing is lost there:
        it follows the game from then on); else it follows the game there, the board as that tab keeps it, until it
        has the game (:meth:`play_here_between`, or ``here``). One tab plays a game: two would make two sets of
        channels and invitations, and say the other's devices had lost their connection."""
        together = self.together
        if together is None:
            return None
        if how == "here":
            return self._here(key) if together.following == key else None
        if how not in ("connected", "elsewhere", "stolen") or together.following or together.key != key:
            return None
        if how == "elsewhere":  # no channel open there: nothing is lost
            together.commands.append({"do": "steal", "key": TOGETHER_PREFIX + key})
            return self._together_now()
        self._let_go(together)
        return dataclasses.replace(self._together_now(), announce=self.t("together.elsewhere"))  # (shown beside)

    def play_here_between(self) -> Screen | None:
        """*Play here* on a tab that follows a game another tab holds: this tab takes it, and the other tab's
        channels close (the other devices connect to this one anew). None when this tab follows no game."""
        together = self.together
        if together is None or not together.following:
            return None
        return self._take_part(together.following, steal=True)

    def _let_go(self, part: Together) -> Together:
        """This tab follows the game of ``part``, held by another tab: what it had asked of its channels is dropped
        and every channel it made is closed unheard (an invitation being made too); the page waits for the game
        (:meth:`held_between`). Returns the tab's :class:`Together` now."""
        part.take()
        kept = self._kept_together(part.key) or part  # the game as far as the tab that holds it kept it
        return self._follow(kept, [{"do": "drop"}, {"do": "wait", "key": TOGETHER_PREFIX + part.key}])

    def _follow(self, part: Together, commands: list[dict[str, Any]]) -> Together:
        """This tab shows the game of ``part`` as :func:`_follower` does, ``commands`` for the page next."""
        follower = _follower(part)
        follower.commands = commands
        self.together, self.followed, self._thinking = follower, part.key, None
        return follower

    def _follow_on(self, key: str | None) -> Screen | None:
        """The tab that holds the game this tab follows kept it further: shown as far as it is now, what happened
        since walked on the board (None: nothing new)."""
        together = self.together
        assert together is not None
        text = self.storage.get(key) if key == TOGETHER_PREFIX + together.following else None
        if text is None:
            return None
        try:  # (kept again as often as that tab's screen changes: the game replayed only once it went on)
            if together.table is not None and Match.from_json(json.loads(text)["match"]) == together.table.match:
                return None
        except (ValueError, RecursionError, MalefizError, KeyError, TypeError):
            return None
        kept = self._kept_together(together.following)
        if kept is None:
            return None
        seen = len(together.table.match.actions) if together.table is not None else None
        self._follow(kept, together.commands)
        return self._together_now(fresh=True, since=seen, quiet=True)  # as a watcher sees each move come

    def _here(self, key: str) -> Screen:
        """The tab that held the game ``key`` let go of it: this tab has it now, unless that game went on as a
        rematch kept under a key of its own (the tab that let go holds that one now): this tab follows the rematch."""
        kept = self._kept_together(key)
        after = anchor_key(kept.next[1].anchor) if kept is not None and kept.next is not None else ""
        rematch = self._kept_together(after) if after else None
        if rematch is None or rematch.table is None:
            return self._take_part(key, steal=False)
        self._follow(rematch, [{"do": "wait", "key": TOGETHER_PREFIX + after}])
        return self._together_now()

    def _take_part(self, key: str, steal: bool) -> Screen:
        """This tab has the game ``key`` now (``steal``: taken from the tab that held it): the part as the browser
        keeps it; a host makes a new invitation for each device, a guest waits for one."""
        kept = self._kept_together(key)
        self.followed = ""
        if kept is None:  # (deleted meanwhile)
            return self.setup_screen(self.t("together.not_kept"))
        if steal:
            kept.commands.insert(0, {"do": "steal", "key": TOGETHER_PREFIX + key})
        self.together = kept
        return self._together_now(self.t("together.here_now"), tone="info")

    def reply(self, peer: int, text: str) -> Screen:
        """The host pasted the reply of device ``peer``."""
        together = self.together
        if together is None:
            return self.screen()
        try:
            together.reply(peer, text)
        except MalefizError as error:
            return self._together_now(self.t.error(error))
        return self._together_now()

    def relay(self, fragment: str) -> Screen:
        """A reply link opened in a tab of its own (the host tapped the link the guest sent): the page passes it to
        the tabs of this browser; the one hosting that game takes it (:meth:`relayed` says how it went)."""
        screen = self.setup_screen(self.t("together.relaying"))  # the address keeps the reply, to copy by hand
        return dataclasses.replace(screen, net=({"do": "relay", "text": fragment},))

    def relayed(self, name: str) -> Screen:
        """How the relay of a reply link went: taken by the tab hosting the game (``name``: whose reply), or by no
        tab (empty: the reply is to be pasted into the host's page by hand)."""
        if name:
            return self.setup_screen(self.t("together.relayed", name=name))
        return self.setup_screen(self.t("together.not_relayed"))

    def reply_from_tab(self, text: str) -> Screen | None:
        """Another tab of this browser passes on a reply link: taken when this tab hosts the game it answers (and
        the other tab is told whose reply it was); None otherwise (another tab may host it)."""
        together = self.together
        device = together.reply_device(text) if together is not None else None
        if together is None or device is None:
            return None
        try:
            together.reply(device, text)
        except MalefizError:
            return None
        name = device_name(together, device, together.peers[device].name, self.t)
        together.commands.append({"do": "relayed", "name": name})
        return self._together_now()

    def join(self, name: str) -> Screen:
        """The guest joins the game it was invited to, as ``name``."""
        if self.together is None:
            return self.screen()
        self.together.join(name)
        return self._together_now()


def _tab_fields(together: Together) -> dict[str, Any]:
    """What every screen of a game between devices says of this tab: the game it holds against the browser's other
    tabs, whether a channel is open in it (or being made: an invitation or a reply out, which another tab taking the
    game would spoil), and that the rules open in a tab of their own (the page must stay)."""
    channels_open = any(
        peer.state == "open" or (peer.state == "offered" and not peer.unreachable) for peer in together.peers.values()
    )
    held = TOGETHER_PREFIX + (together.following or together.key)
    return {"holds": held, "channels_open": channels_open, "rules_beside": True}


def _follower(part: Together) -> Together:
    """``part`` as a tab of this browser shows it while another tab holds it (:meth:`BetweenDevices.held_between`):
    the game as far as ``part`` has it, checked, to watch. The tab neither plays, connects nor keeps anything until it
    has the part again.

    Raises:
        MalefizError: for a game that does not check out (``part`` checked it already).
    """
    together = Together("watcher", part.setup, part.name, part.games)
    together.me, together.following = None, part.key
    if part.table is not None:
        together.table = Table.replay(part.table.match, part.games, None, None, part.table.language)
        if together.table.session is not None and part.me is not None:  # drawn from the part's side, as there
            together.table.session.seen_from = part.table.seats_of(part.me)
    return together
