"""Playing together from several devices: invitations, the live connection's messages, and the table they feed.

The page's part is the browser's own peer-to-peer channel (``web/net.js``: WebRTC data channels, set up by
handing an offer and an answer over by link, QR code or paste, so no server is needed). Everything else is
here, in plain Python: who is invited to which seat, what each message means, what to send, what the players
are told. :class:`Together` gives the page *commands* for the channel (make an offer, answer one, take an
answer, send a text) and takes its *events* (an offer or answer made, a channel open, a text, a channel
closed).

How a game between devices starts:

1. The host chooses "a person on another device" for a seat. For each such seat the page makes an offer; the
   host sends the seat's invitation link (it holds the offer and the setup) to that person.
2. The guest opens it, gives a name and joins: the page answers the offer; the guest sends the reply link (or
   its text) back, and the host pastes it.
3. The channel opens; the guest sends its dice anchor (:mod:`malefiz.core.fair`). Once every guest's anchor is
   in, the host makes the match and sends it to everyone; from then on every device plays its own seats
   (:class:`malefiz.core.remote.Table`), and the host passes every message on.
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import zlib
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from .core.errors import MalefizError
from .core.fair import PART_BYTES, Chain, Ledger
from .core.remote import Match, Table
from .core.session import Session
from .core.setup import MAX_NAME, Games, Seat, Setup, seat_label
from .core.signal import pack, unpack
from .i18n import Translator

__all__ = ["JOIN", "REPLY", "Invitation", "Together"]

JOIN: Final = "#join="
"""The fragment of an invitation link."""
REPLY: Final = "#reply="
"""The fragment of a reply link."""
MAX_LINK: Final = 20_000


def _encode(doc: dict[str, Any]) -> str:
    data = json.dumps(doc, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


def _decode(text: str, error: str) -> dict[str, Any]:
    """The document an :func:`_encode` text holds, or ``MalefizError`` ``error``."""
    if len(text) > MAX_LINK:
        raise MalefizError.keyed(error)
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        decompressor = zlib.decompressobj()
        data = decompressor.decompress(packed, MAX_LINK * 4)
        if decompressor.unconsumed_tail or decompressor.unused_data or not decompressor.eof:
            raise ValueError("incomplete")
        doc = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError, zlib.error, binascii.Error):
        raise MalefizError.keyed(error) from None
    if not isinstance(doc, dict):
        raise MalefizError.keyed(error)
    return doc


def _fragment(text: str, mark: str) -> str:
    """The code in a pasted link or text: what follows ``mark``, else the text itself (spaces dropped)."""
    text = "".join(text.split())
    return text.split(mark, 1)[1] if mark in text else text


@dataclass(frozen=True, slots=True)
class Invitation:
    """What an invitation link holds: the setup, the seat and device offered, the host's name, the offer."""

    setup: str
    seat: int
    device: int
    host: str
    offer: str
    """The offer's code (:func:`malefiz.core.signal.pack`)."""

    def link(self) -> str:
        """The invitation's fragment (``#join=...``)."""
        doc = {"v": 1, "setup": self.setup, "seat": self.seat, "device": self.device, "host": self.host}
        return JOIN + _encode({**doc, "offer": self.offer})

    @classmethod
    def read(cls, text: str, games: Games) -> tuple[Invitation, Setup]:
        """The invitation in a link (or its text) and its setup.

        Raises:
            MalefizError: for a text that is not a whole invitation of this site.
        """
        doc = _decode(_fragment(text, JOIN), "error.invite")
        try:
            found = cls(doc["setup"], doc["seat"], doc["device"], str(doc["host"])[:MAX_NAME], doc["offer"])
            if doc.get("v") != 1 or not isinstance(found.setup, str) or not isinstance(found.offer, str):
                raise ValueError("form")
            setup = Setup.from_query(found.setup, games)
            if setup is None or not isinstance(found.seat, int) or not 0 <= found.seat < len(setup.seats):
                raise ValueError("seat")
            if not isinstance(found.device, int) or not 1 <= found.device < len(setup.seats):
                raise ValueError("device")
        except (KeyError, TypeError, ValueError):
            raise MalefizError.keyed("error.invite") from None
        return found, setup


@dataclass
class Peer:
    """A channel to another device, as this device sees it."""

    device: int
    seat: int | None = None
    """The seat the host invited the device to (the host's side)."""
    link: str = ""
    """The invitation (host) or the reply (guest) to hand over, once the page made its offer or answer."""
    state: Literal["new", "offered", "open", "closed"] = "new"
    name: str = ""
    anchor: bytes = b""


class Together:
    """This device's part in a game between devices (see the module's description)."""

    def __init__(self, role: Literal["host", "guest"], setup: Setup, name: str, games: Games) -> None:
        self.role = role
        self.setup = setup
        self.name = name[:MAX_NAME]
        self.games = games
        self.secret, self.chain = Chain.new()
        self.peers: dict[int, Peer] = {}
        self.table: Table | None = None
        self.commands: list[dict[str, Any]] = []
        """What the page's channel is to do next (taken with :meth:`take`)."""
        self.problem: Any = None
        """The last message refused, as an error (told by the page in the player's language)."""
        self.invitation: Invitation | None = None

    # -- the host -----------------------------------------------------------------------

    @classmethod
    def host(cls, setup: Setup, games: Games) -> Together:
        """The host of a game whose remote seats (:meth:`remote_seats`) are to be invited; asks for one offer each."""
        mine = next((s.name for s in setup.seats if s.kind == "human"), "")
        together = cls("host", setup, mine, games)
        for device, seat in enumerate(cls.remote_seats(setup), start=1):
            together.peers[device] = Peer(device, seat, name=setup.seats[seat].name)
            together.commands.append({"do": "offer", "peer": device})
        return together

    @staticmethod
    def remote_seats(setup: Setup) -> list[int]:
        """The seats played on other devices."""
        return [i for i, seat in enumerate(setup.seats) if seat.kind == "remote"]

    def owners(self) -> tuple[int, ...]:
        """Each seat's device: the invited seats their guests', every other seat the host's."""
        found = [0] * len(self.setup.seats)
        for peer in self.peers.values():
            if peer.seat is not None:
                found[peer.seat] = peer.device
        return tuple(found)

    def offered(self, device: int, sdp: str) -> None:
        """The page made the offer for ``device``: its invitation link is ready."""
        peer = self.peers.get(device)
        if self.role != "host" or peer is None or peer.seat is None:
            return
        invitation = Invitation(self.setup.to_query(), peer.seat, device, self.name, pack(sdp))
        peer.link, peer.state = invitation.link(), "offered"

    def reply(self, device: int, text: str) -> None:
        """The host pasted ``device``'s reply: the page takes its answer.

        Raises:
            MalefizError: for a text that is not a reply to this invitation.
        """
        peer = self.peers.get(device)
        doc = _decode(_fragment(text, REPLY), "error.reply")
        if peer is None or doc.get("device") != device or not isinstance(doc.get("answer"), str):
            raise MalefizError.keyed("error.reply")
        kind, sdp = unpack(doc["answer"])
        if kind != "answer":
            raise MalefizError.keyed("error.reply")
        self.commands.append({"do": "accept", "peer": device, "sdp": sdp})

    # -- the guest ------------------------------------------------------------------------

    @classmethod
    def guest(cls, text: str, games: Games) -> Together:
        """The guest of the invitation in ``text`` (a link or its fragment), before joining.

        Raises:
            MalefizError: for a text that is not a whole invitation.
        """
        invitation, setup = Invitation.read(text, games)
        together = cls("guest", setup, setup.seats[invitation.seat].name, games)
        together.invitation = invitation
        together.peers[0] = Peer(0, name=invitation.host)
        return together

    def join(self, name: str) -> None:
        """The guest joins as ``name``: the page answers the host's offer."""
        invitation = self.invitation
        if self.role != "guest" or invitation is None:
            return
        self.name = " ".join(name.split())[:MAX_NAME] or self.name
        _, sdp = unpack(invitation.offer)
        self.commands.append({"do": "answer", "peer": 0, "sdp": sdp})

    def answered(self, sdp: str) -> None:
        """The page made the guest's answer: the reply link is ready."""
        invitation = self.invitation
        if invitation is None:
            return
        self.peers[0].link = REPLY + _encode({"device": invitation.device, "answer": pack(sdp)})
        self.peers[0].state = "offered"

    # -- the channel's events ----------------------------------------------------------------

    def opened(self, device: int) -> None:
        """The channel to ``device`` is open: a guest sends the host its name and dice anchor."""
        peer = self.peers.get(device)
        if peer is None:
            return
        peer.state = "open"
        if self.role == "guest" and self.invitation is not None:
            hello = {"t": "hello", "name": self.name, "anchor": _b64(self.chain.anchor)}
            self.commands.append({"do": "send", "peer": 0, "text": json.dumps(hello)})

    def closed(self, device: int) -> None:
        """The channel to ``device`` closed."""
        peer = self.peers.get(device)
        if peer is not None:
            peer.state = "closed"

    def received(self, device: int, text: str) -> bool:
        """A text from ``device``; True when the game changed. A message that does not fit is refused
        (:attr:`problem` says why) and changes nothing."""
        self.problem = None
        try:
            if len(text) > 2_000_000:
                raise MalefizError.keyed("error.match_message")
            message = json.loads(text)
            if not isinstance(message, dict):
                raise MalefizError.keyed("error.match_message")
            kind = message.get("t")
            if kind == "hello" and self.role == "host" and self.table is None:
                return self._hello(device, message)
            if kind == "match" and self.role == "guest" and device == 0:
                return self._match(message.get("match"))
            if self.table is None or kind not in ("act", "part"):
                raise MalefizError.keyed("error.match_message")
            if self.role == "host" and message.get("by") != device:
                raise MalefizError.keyed("error.match_message")
            self.table.receive(message)
        except (ValueError, RecursionError) as error:
            self.problem = error if isinstance(error, MalefizError) else MalefizError.keyed("error.match_message")
            return False
        self._send_outbox()
        return True

    def _hello(self, device: int, message: dict[str, Any]) -> bool:
        peer = self.peers.get(device)
        try:
            anchor = _unb64(message.get("anchor"))
        except (ValueError, binascii.Error):
            raise MalefizError.keyed("error.match_message") from None
        if peer is None or len(anchor) != PART_BYTES:
            raise MalefizError.keyed("error.match_message")
        name = message.get("name")
        peer.name = " ".join(name.split())[:MAX_NAME] if isinstance(name, str) and name.strip() else peer.name
        peer.anchor = anchor
        if all(p.anchor for p in self.peers.values()):
            self._start()
        return True

    def _start(self) -> None:
        """Every guest is in: the host makes the match (every anchor committed) and sends it."""
        devices = len(self.peers) + 1
        seats = list(self.setup.seats)
        for peer in self.peers.values():
            assert peer.seat is not None
            seats[peer.seat] = replace(seats[peer.seat], kind="human", name=peer.name or seats[peer.seat].name)
        setup = replace(self.setup, seats=tuple(seats))
        names = (self.name, *(self.peers[d].name for d in range(1, devices)))
        anchors = (self.chain.anchor, *(self.peers[d].anchor for d in range(1, devices)))
        match = Match(setup.to_query(), names, self.owners(), Ledger(anchors))
        text = json.dumps({"t": "match", "match": match.to_json()})
        for device in range(1, devices):
            self.commands.append({"do": "send", "peer": device, "text": text})
        self.table = Table(match, self.games, 0, self.chain)
        self._send_outbox()

    def _match(self, doc: object) -> bool:
        """The guest gets the match from the host: it checks it (its own anchor among the devices) and plays."""
        match = Match.from_json(doc)
        invitation = self.invitation
        assert invitation is not None
        anchors = match.ledger.anchors
        if invitation.device >= len(anchors) or anchors[invitation.device] != self.chain.anchor:
            raise MalefizError.keyed("error.match_chain")
        self.table = Table.replay(match, self.games, invitation.device, self.chain)
        self._send_outbox()
        return True

    # -- what goes out -------------------------------------------------------------------------

    def sync(self) -> None:
        """Take this device's new actions into the match and send them."""
        if self.table is not None:
            self.table.sync()
            self._send_outbox()

    def _send_outbox(self) -> None:
        """The table's messages onto the channels: a guest's to the host, the host's to every guest but the one
        a passed-on message came from."""
        table = self.table
        if table is None:
            return
        for message in table.outbox:
            text = json.dumps(message, separators=(",", ":"))
            if self.role == "guest":
                self.commands.append({"do": "send", "peer": 0, "text": text})
                continue
            for device in self.peers:
                if device != message.get("by"):
                    self.commands.append({"do": "send", "peer": device, "text": text})
        table.outbox.clear()

    def take(self) -> list[dict[str, Any]]:
        """The commands for the page's channel, once."""
        found, self.commands = self.commands, []
        return found

    @property
    def session(self) -> Session | None:
        return self.table.session if self.table is not None else None

    # -- what the players see ------------------------------------------------------------------

    def waiting_text(self, t: Translator) -> str:
        """What this device waits for (empty: nothing, it is this device's turn or the game is over)."""
        table = self.table
        if table is None:
            return t("together.waiting_start")
        wait = table.waiting()
        if wait.parts:
            return t("together.waiting_die", name=table.match.names[wait.parts[0]])
        if wait.device is not None:
            session = table.session
            assert session is not None
            return t("together.waiting_move", name=session.seat_name(session.state.current_seat))
        return ""

    def panel_html(self, t: Translator) -> str:
        """The panel of the devices: each peer's state, and before the game the invitations or the reply."""
        rows: list[str] = []
        for device, peer in sorted(self.peers.items()):
            who = html.escape(peer.name or t("together.device", n=device))
            state = t(f"together.state_{peer.state}")
            row = f'<li data-peer="{device}"><b>{who}</b> <span class="peer-state">{html.escape(state)}</span>'
            if self.table is None and peer.link and peer.state == "offered":
                row += self._handover_html(device, peer, t)
            rows.append(row + "</li>")
        title = html.escape(t("together.title"))
        return f'<section class="together"><h2>{title}</h2><ul>{"".join(rows)}</ul></section>'

    def _handover_html(self, device: int, peer: Peer, t: Translator) -> str:
        """What to hand over: the host's invitation (and where to paste the reply), or the guest's reply."""
        link = html.escape(peer.link)
        send = t("together.send_invite" if self.role == "host" else "together.send_reply", name=peer.name)
        parts = [
            f'<p>{html.escape(send)}</p><p class="handover"><input readonly value="{link}" data-link-text'
            f' aria-label="{html.escape(send)}"> <button type="button" data-action="copy" data-id="{device}">'
            f'{html.escape(t("together.copy"))}</button></p><div class="qr" data-qr="{link}"></div>'
        ]
        if self.role == "host":
            paste = html.escape(t("together.paste_reply", name=peer.name))
            parts.append(
                f'<p><label>{paste}<br><input name="reply-{device}" autocomplete="off" spellcheck="false"></label>'
                f' <button type="button" data-action="reply" data-id="{device}">'
                f"{html.escape(t('together.connect'))}</button></p>"
            )
        return "".join(parts)

    def join_html(self, t: Translator) -> str:
        """The guest's first view: who invites them to what, their name, *Join*."""
        invitation = self.invitation
        if invitation is None or self.peers[0].state != "new":
            return ""
        seat: Seat = self.setup.seats[invitation.seat]
        what = t(
            "together.invited",
            host=invitation.host,
            game=self.setup.game.title,
            seat=seat_label(seat, (seat.colour,), t),
        )
        return (
            f'<section class="together"><p>{html.escape(what)}</p><p><label>{html.escape(t("together.your_name"))}'
            f' <input name="join-name" value="{html.escape(self.name)}" maxlength="{MAX_NAME}"></label>'
            f' <button type="button" data-action="join">{html.escape(t("together.join"))}</button></p></section>'
        )


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: object) -> bytes:
    if not isinstance(text, str) or len(text) > 64:
        raise ValueError("not base64")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
