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
   (:class:`malefiz.core.remote.Table`), and the host passes every message on. On every channel that opens (a
   reconnection too) the guest first says hello with the game as it has it; the host sends that device the game's
   messages only from then on: the match it sends in answer carries what came before.

No channel is needed: the reply holds the guest's dice anchor, so the game starts once the host has it, and a play
link (the whole game) carries each turn to the next device when no channel is open. A browser that can make no
offer or answer at all (no network) sends its invitation or reply without one; the two then play by links (or
their QR codes) alone.
"""

from __future__ import annotations

import binascii
import json
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final, Literal

from .core.errors import MalefizError
from .core.fair import PART_BYTES, Chain, Ledger
from .core.remote import Match, Table, relayed_to
from .core.session import Session
from .core.setup import MAX_NAME, Games, Setup
from .core.signal import pack, unpack
from .invitation import (
    JOIN,
    MAX_LINK,
    MAX_PEERS,
    PLAY,
    REPLY,
    STUN,
    STUN_HOST,
    Invitation,
    anchor_key,
    b64,
    decode,
    encode,
    fragment,
    unb64,
)
from .reactions import Reacting, Reactions

__all__ = ["JOIN", "PLAY", "REPLY", "STUN", "TOGETHER_PREFIX", "Invitation", "Together", "anchor_key"]

TOGETHER_PREFIX: Final = "malefiz.together."
"""The browser keeps each game between devices under this prefix and the game's code
(:func:`malefiz.together_keep.keep`)."""
WATCHERS: Final = 8
"""The first device number of a watcher (players are 1 to 5)."""

Role = Literal["host", "guest", "watcher"]


@dataclass
class Peer:
    """Another device, as this device sees it: its seat, its channel's state, what to hand over to it."""

    device: int
    seat: int | None = None
    """The seat the host invited the device to (None: it watches)."""
    link: str = ""
    """The invitation (host) or the reply (guest) to hand over, once the page made its offer or answer."""
    state: Literal["new", "offered", "open", "closed"] = "new"
    name: str = ""
    anchor: bytes = b""
    accepted: str = ""
    """The answer the host's page took for the invitation now offered (a reply taken twice is taken once)."""
    unreachable: bool = False
    """No connection can be made with the device (one of the two browsers made no offer or answer: no network):
    its invitation or reply went without one, and the game goes by play links alone."""
    greeted: bool = False
    """(The host's) the device said hello on its open channel, with the game as it has it: the game's messages go to
    it from then on. Before, it could not place them (after a reload it may lack the last ones): the match sent in
    answer to its hello carries them."""


class Together(Reacting):
    """This device's part in a game between devices (see the module's description)."""

    def __init__(self, role: Role, setup: Setup, name: str, games: Games, secret: bytes | None = None) -> None:
        self.role = role
        self.setup = setup
        self.name = name[:MAX_NAME]
        self.games = games
        self.secret, self.chain = Chain.new() if secret is None else (secret, Chain.from_secret(secret))
        self.peers: dict[int, Peer] = {}
        self.table: Table | None = None
        self.commands: list[dict[str, Any]] = []
        """What the page's channels are to do next (taken with :meth:`take`)."""
        self.problem: Any = None
        """The last message refused, as an error (told by the page in the player's language)."""
        self.invitation: Invitation | None = None
        self.me: int | None = 0 if role == "host" else None
        self.next: tuple[bytes, Chain] | None = None
        """This device's secret and chain for the rematch (until the new game starts; the key, and what the browser
        keeps under it, stays the last game's until then)."""
        self.stun = ""
        """The STUN server (``host:port``) the host chose to play across networks with ("": the same network)."""
        self.stun_server = STUN
        """The STUN server the page names, asked once the host chooses to play across networks."""
        self.roster: tuple[Peer, ...] = ()
        """A guest's or watcher's view of the other devices, as the host last told it (the host's own is
        :attr:`peers`)."""
        self.joined = ""
        """The invitation a guest or watcher first joined with (opened again, it shows this game)."""
        self.asking: int | None = None
        """The connected device the host pressed *Let the computer play for …* for: asked whether it is sure."""
        self._told: str = ""
        """The roster the host last sent."""
        self.reactions = Reactions()
        """Reactions sent or received since the page last showed them (:mod:`malefiz.reactions`)."""
        self.following = ""
        """The key of this browser's part in the game shown while another tab holds it ("": a part of its own)."""

    # -- the host -----------------------------------------------------------------------

    @classmethod
    def host(cls, setup: Setup, games: Games, stun: str = STUN) -> Together:
        """The host of a game whose remote seats (:meth:`remote_seats`) are to be invited; asks for one offer each.
        ``stun``: the STUN server the page names, asked only if the host chooses to play across networks."""
        mine = next((s.name for s in setup.seats if s.kind == "human"), "")
        together = cls("host", setup, mine, games)
        together.stun_server = stun if STUN_HOST.fullmatch(stun) else STUN
        for device, seat in enumerate(cls.remote_seats(setup), start=1):
            together.peers[device] = Peer(device, seat, name=setup.seats[seat].name)
            together.offer(device)
        if not together.peers:  # only watchers are to come: the game goes on at once
            together._start()
        return together

    @staticmethod
    def remote_seats(setup: Setup) -> list[int]:
        """The seats played on other devices."""
        return [i for i, seat in enumerate(setup.seats) if seat.kind == "remote"]

    def players(self) -> list[Peer]:
        """The other devices that play (not those that watch), by device number."""
        return [self.peers[d] for d in sorted(self.peers) if self.peers[d].seat is not None]

    def owners(self) -> tuple[int, ...]:
        """Each seat's device: the invited seats their guests', every other seat the host's."""
        found = [0] * len(self.setup.seats)
        for peer in self.players():
            assert peer.seat is not None
            found[peer.seat] = peer.device
        return tuple(found)

    @property
    def facing(self) -> int | None:
        """Before the match, the seat whose side of the board this device draws nearest the viewer, as
        :attr:`malefiz.core.session.Session.facing` does once the game runs: a guest's invited seat; the host's
        seat when it plays only one, or one person's beside its computers; None for a watcher."""
        if self.role == "host":
            return self.setup.facing(seat for seat, device in enumerate(self.owners()) if device == 0)
        invitation = self.invitation
        return invitation.seat if self.role == "guest" and invitation is not None else None

    def watch(self) -> None:
        """The host invites one more device to watch."""
        if self.role == "host" and len(self.peers) < MAX_PEERS - 1:
            device = max([WATCHERS - 1, *self.peers]) + 1
            self.peers[device] = Peer(device)
            self.offer(device)

    def offer(self, device: int) -> None:
        """Ask the page for an offer for ``device`` (through the STUN server when the host chose one)."""
        self.commands.append({"do": "offer", "peer": device, "stun": f"stun:{self.stun}" if self.stun else ""})

    def across(self) -> None:
        """The host chose to play across networks: the invitations not yet taken are made anew, asking the STUN
        server the page names (:attr:`stun_server`) for each device's address on the internet."""
        if self.role != "host" or self.stun:
            return
        self.stun = self.stun_server
        for device, peer in self.peers.items():
            if peer.state != "open":
                self.offer(device)

    def failed(self, device: int) -> None:
        """The page could make no offer for ``device`` (host) or no answer (guest): this browser finds no network.
        The invitation or reply goes without one: the two play by links (a QR code needs no network)."""
        peer = self.peers.get(device)
        if peer is None or peer.state == "open":
            return
        peer.unreachable = True
        if self.role == "host":
            self.offered(device, "")
        elif device == 0 and peer.state == "offered":
            self.answered("")

    def offered(self, device: int, sdp: str) -> None:
        """The page made the offer for ``device`` (""; none could be made): its invitation link is ready."""
        peer = self.peers.get(device)
        if self.role != "host" or peer is None:
            return
        anchors = self.table.match.ledger.anchors if self.table is not None else ()
        anchor = anchors[device] if device < len(anchors) and peer.seat is not None else peer.anchor
        code = anchor_key(anchor) if anchor else ""  # the key the guest keeps its part under (a rematch's: the last)
        offer = pack(sdp) if sdp else ""
        peer.unreachable = not sdp
        invitation = Invitation(self.setup.to_query(), peer.seat, device, self.name, offer, code, self.stun)
        peer.link, peer.accepted = invitation.link(), ""
        peer.state = "offered" if peer.state == "new" else peer.state  # a lost connection stays told as lost

    def reply_device(self, text: str) -> int | None:
        """The device whose reply ``text`` is, when it is a reply this host still waits for (None otherwise)."""
        if self.role != "host":
            return None
        try:
            device = decode(fragment(text, REPLY), "error.reply").get("device")
        except MalefizError:
            return None
        peer = self.peers.get(device) if isinstance(device, int) else None
        return device if peer is not None and peer.state != "open" and peer.link and not peer.accepted else None

    def reply(self, device: int, text: str) -> None:
        """The host pasted ``device``'s reply: the page takes its answer; the guest's name and dice anchor are noted
        (the game starts once every player's is in).

        Raises:
            MalefizError: for a text that is not a reply to this invitation.
        """
        peer = self.peers.get(device)
        doc = decode(fragment(text, REPLY), "error.reply")
        answer, name = doc.get("answer"), doc.get("name")
        try:
            anchor = unb64(doc.get("anchor"))
        except (ValueError, binascii.Error):
            raise MalefizError.keyed("error.reply") from None
        if peer is None or doc.get("device") != device or not isinstance(answer, str) or not isinstance(name, str):
            raise MalefizError.keyed("error.reply")
        if peer.seat is not None and len(anchor) != PART_BYTES:
            raise MalefizError.keyed("error.reply")
        if peer.seat is not None and peer.anchor and anchor != peer.anchor and not self.rematching:
            raise MalefizError.keyed("error.reply")  # another device's reply (in a rematch the anchor is new)
        kind, sdp = unpack(answer) if answer else ("answer", "")  # none: the guest's browser could make none
        if kind != "answer":
            raise MalefizError.keyed("error.reply")
        if not sdp or peer.unreachable:
            peer.unreachable = True  # (an answer to an invitation without an offer is no use either)
        elif sdp != peer.accepted:  # the same reply entered again: the page took it already
            self.commands.append({"do": "accept", "peer": device, "sdp": sdp})
            peer.accepted = sdp
        peer.name = " ".join(name.split())[:MAX_NAME] or peer.name
        if peer.seat is None:  # one who watches: its part is kept under it (a new invitation names it)
            peer.anchor = anchor if len(anchor) == PART_BYTES else b""
        elif self.table is None:  # the anchor of the game to come (once it runs, each device's is in the match)
            peer.anchor = anchor
        if self.table is None and all(p.anchor for p in self.players()):
            self._start()

    def _start(self) -> None:
        """Every player's anchor is in: the host makes the match (the dice committed) and sends it."""
        if self.next is not None:  # the rematch: this device's new secret is in it
            (self.secret, self.chain), self.next = self.next, None
        seats = list(self.setup.seats)
        for peer in self.players():
            assert peer.seat is not None
            seats[peer.seat] = replace(seats[peer.seat], kind="human", name=peer.name or seats[peer.seat].name)
        setup = replace(self.setup, seats=tuple(seats))
        players = self.players()
        names = (self.name, *(p.name for p in players))
        anchors = (self.chain.anchor, *(p.anchor for p in players))
        match = Match(setup.to_query(), names, self.owners(), Ledger(anchors))
        self.table = Table(match, self.games, 0, self.chain)
        self._send_match(self._open())
        self.table.outbox.clear()  # the match just sent holds this device's part for who starts

    def _open(self) -> list[int]:
        """The devices whose channel is open."""
        return [d for d, p in self.peers.items() if p.state == "open"]

    def _send_match(self, devices: Iterable[int]) -> None:
        assert self.table is not None
        text = json.dumps({"t": "match", "match": self.table.match.to_json()}, separators=(",", ":"))
        for device in devices:
            self.commands.append({"do": "send", "peer": device, "text": text})

    # -- the guest ------------------------------------------------------------------------

    @classmethod
    def guest(cls, text: str, games: Games, kept: Together | None = None) -> Together:
        """The guest of the invitation in ``text`` (a link or its fragment), before joining; ``kept``: this
        device's part in that game as kept in the browser (an invitation to reconnect).

        Raises:
            MalefizError: for a text that is not a whole invitation.
        """
        invitation, setup = Invitation.read(text, games)
        was = kept.invitation if kept is not None else None  # one who watches has no seat: found by its device
        watching = kept is not None and kept.me is None and was is not None and was.device == invitation.device
        if kept is not None and (kept.me == invitation.device or (watching and invitation.seat is None)):
            kept.invitation = invitation
            kept.peers = {0: Peer(0, name=invitation.host)}
            kept.join(kept.name)
            return kept
        role: Role = "guest" if invitation.seat is not None else "watcher"
        seat = setup.seats[invitation.seat] if invitation.seat is not None else None
        together = cls(role, setup, seat.name if seat is not None and seat.named else "", games)
        together.invitation = invitation
        together.joined = invitation.link()
        together.me = invitation.device if invitation.seat is not None else None
        together.peers[0] = Peer(0, name=invitation.host)
        return together

    def join(self, name: str) -> None:
        """The guest joins as ``name``: the page answers the host's offer."""
        invitation = self.invitation
        if self.role == "host" or invitation is None or self.peers[0].state != "new":
            return  # pressed again: the answer is being made already
        self.name = " ".join(name.split())[:MAX_NAME] or self.name
        self.peers[0].state = "offered"
        if not invitation.offer:  # the host's browser could make no offer: the reply goes without an answer
            self.peers[0].unreachable = True
            self.answered("")
            return
        _, sdp = unpack(invitation.offer)
        stun = f"stun:{invitation.stun}" if invitation.stun else ""
        self.commands.append({"do": "answer", "peer": 0, "sdp": sdp, "stun": stun})

    def answered(self, sdp: str) -> None:
        """The page made the guest's answer: the reply link (the answer, the name, the dice anchor) is ready."""
        invitation = self.invitation
        if invitation is None:
            return
        anchor = b64(self.chain.anchor)  # a player's dice; one who watches is found by it on reconnecting
        doc = {"device": invitation.device, "answer": pack(sdp) if sdp else "", "name": self.name, "anchor": anchor}
        self.peers[0].link = REPLY + encode(doc)

    # -- the channels' events ----------------------------------------------------------------

    def opened(self, device: int) -> None:
        """The channel to ``device`` is open: a guest sends the host the game as it has it (None before the first
        roll); the host sends the game to a device it reconnects."""
        peer = self.peers.get(device)
        if peer is None:
            return
        peer.state, peer.link, peer.greeted = "open", "", False
        if self.role != "host":
            match = self.table.match.to_json() if self.table is not None else None
            hello = {"t": "hello", "match": match}
            self.commands.append({"do": "send", "peer": 0, "text": json.dumps(hello, separators=(",", ":"))})

    def closed(self, device: int) -> None:
        """The channel to ``device`` closed: the host gets a new invitation ready for it (to reconnect)."""
        peer = self.peers.get(device)
        if peer is None or peer.state == "closed":
            return
        peer.state = "closed"
        if self.role == "host":
            self.offer(device)

    def received(self, device: int, text: str) -> bool:
        """A text from ``device``; True when it was taken. A message that does not fit is refused (:attr:`problem`
        says why) and changes nothing."""
        self.problem = None
        try:
            if len(text) > MAX_LINK * 100:
                raise MalefizError.keyed("error.match_message")
            try:
                message = json.loads(text)
            except (ValueError, RecursionError):
                raise MalefizError.keyed("error.match_message") from None
            if not isinstance(message, dict):
                raise MalefizError.keyed("error.match_message")
            self._take(device, message)
        except MalefizError as error:
            self.problem = error
            return False
        self._send_outbox()
        return True

    def _take(self, device: int, message: dict[str, Any]) -> None:
        kind = message.get("t")
        if kind == "hello" and self.role == "host" and device in self.peers:
            if message.get("match") is not None and self.table is not None:
                self._adopt(message["match"], from_host=False)
            self.peers[device].greeted = True
            if self.table is not None:
                self._send_match([device])
            if self.rematching and self.peers[device].seat is not None and not self.peers[device].anchor:
                self.commands.append({"do": "send", "peer": device, "text": '{"t":"rematch"}'})  # asked while away
            return
        if kind == "roster" and self.role != "host" and device == 0:
            self._take_roster(message.get("peers"))
            return
        if kind == "match" and self.role != "host" and device == 0:
            self._adopt(message.get("match"), from_host=True)
            return
        if kind == "rematch" and self.role == "host" and self._over() and self.peers[device].seat is not None:
            if not self.rematching:
                self._rematch()
            return
        if kind == "rematch" and self.role == "guest" and device == 0 and self._over():
            if self.next is None:  # a new secret for the new game, committed by its anchor at once (asked again:
                self.next = Chain.new()  # the same)
            reply = {"t": "anchor", "anchor": b64(self.next[1].anchor)}
            self.commands.append({"do": "send", "peer": 0, "text": json.dumps(reply, separators=(",", ":"))})
            return
        if kind == "anchor" and self.role == "host" and self.rematching and self.peers[device].seat is not None:
            try:
                anchor = unb64(message.get("anchor"))
            except (ValueError, binascii.Error):
                raise MalefizError.keyed("error.match_message") from None
            if len(anchor) != PART_BYTES:
                raise MalefizError.keyed("error.match_message")
            self.peers[device].anchor = anchor
            if all(p.anchor for p in self.players()):
                self._start()
            return
        if kind == "react" and self.table is not None:
            self._take_reaction(device, message)
            return
        if self.table is None or kind not in ("act", "part", "leave"):
            raise MalefizError.keyed("error.match_message")
        if self.role == "host" and (message.get("by") != device or self.peers[device].seat is None):
            raise MalefizError.keyed("error.match_message")
        if self.role == "host" and device in self.table.gone:
            return  # sent before it learnt that the computer plays for it: nothing of it counts any more
        self.table.receive(message)

    def _adopt(self, doc: object, from_host: bool, hearsay: bool = False) -> None:
        """The game as another device has it: taken when it is this one's game gone further (checked by replaying
        every action and roll), left when it is this one's game not as far; refused otherwise. ``hearsay``: it
        came by a play link or another tab (perhaps from a guest, with actions the host never took)."""
        match = Match.from_json(doc)
        own = self.table.match if self.table is not None else None
        table: Table | None = None
        if own is not None and self._over() and match.ledger.anchors != own.ledger.anchors:
            if self.next is not None:  # the rematch: this device's new secret is in it
                (self.secret, self.chain), self.next = self.next, None
            own, self.table = None, None
        if own is None:
            if self.me is not None and (
                self.me >= len(match.names) or match.ledger.anchors[self.me] != self.chain.anchor
            ):
                raise MalefizError.keyed("error.match_chain")
        elif not own.continues(match):  # the host's order wins over a race with its take-back:
            assert self.table is not None
            # A departure one lacks, their actions one game: both, if that replays. Else older than a take-back or
            # departure here (the host's: kept; sent back by a host) or taken, if it costs only own latest actions.
            table = self.table.merge(match)
            if table is None:
                if own.taken_back_at(match) is not None or own.departed_at(match) is not None:
                    return
                lost = next((n for n in (match.taken_back_at(own), match.departed_at(own)) if n is not None), None)
                if not (from_host and self.table.may_lose(lost)):
                    raise MalefizError.keyed("error.match_fork")
        elif len(match.actions) < len(own.actions) or (
            len(match.actions) == len(own.actions) and own.left == match.left
        ):
            assert self.table is not None  # this device is as far already, save perhaps a die's part
            known = self.table.match.ledger
            self.table.learn(match.ledger)
            if not from_host and self.table.match.ledger != known:  # the host passes a part it learnt so on
                self._send_match(self._open())
            return
        table = table or self._replay(match)
        if hearsay:  # what it added may be lost to the host's take-back yet
            table.firm = min(table.firm, self.table.firm if self.table is not None else 0)
        if self.table is not None and table.match.actions == self.table.match.actions:  # a departure more: a
            table.asked = self.table.asked  # take-back asked for stays asked
        # Only this device's new part goes out; the host sends it inside the match instead (a part that came after
        # the match showed it would be one not due any more).
        table.outbox = [m for m in table.outbox if m.get("t") == "part" and from_host]
        self.table = table
        if not from_host:
            self._send_match(self._open())

    def _replay(self, match: Match) -> Table:
        """``match`` replayed as this device's (a :class:`MalefizError` when it does not check out)."""
        return Table.replay(match, self.games, self.me, self.chain if self.me is not None else None)

    def handover(self, device: int) -> None:
        """The host lets the computer play the seats of ``device`` (gone, or keeping the game waiting) for the rest
        of the game. A device still connected (its person may be thinking) is asked about first: the first press
        asks (:attr:`asking`), the second does it; 0 (the host itself: *No*) takes the question back."""
        peer = self.peers.get(device)
        if self.role != "host" or self.table is None or peer is None or peer.seat is None:
            self.asking = None
            return
        wait = self.table.waiting()
        if peer.state == "open" and not (device in wait.parts or wait.device == device):
            self.asking = None  # it played meanwhile: the game no longer waits for it
            return
        if peer.state == "open" and self.asking != device:
            self.asking = device
            return
        self.asking = None
        self.table.leave(device)
        self._send_outbox()

    # -- taking a move back ---------------------------------------------------------------------

    def can_take_back(self) -> bool:
        """True when this device's person may take their last move back now (:meth:`Table.take_back`): only while
        every device that plays is connected (a device that plays by links alone could not hear of it in time)."""
        table = self.table
        if table is None or self.role == "watcher":
            return False
        peers = [self.peers[0]] if self.role == "guest" else [p for p in self.players() if p.device not in table.gone]
        return all(p.state == "open" for p in peers) and table.can_take_back()

    def take_back(self) -> bool:
        """This device's person takes their last move back; False when there is none."""
        if self.table is None or not self.can_take_back() or not self.table.take_back():
            return False
        self._send_outbox()
        return True

    # -- a rematch ---------------------------------------------------------------------------

    def _over(self) -> bool:
        return self.session is not None and self.session.state.is_over

    def rematch(self) -> bool:
        """*Rematch with the same players*, once the game is over: the host asks every player's device for a new
        dice anchor and starts the new game with the same seats once all are in; a guest asks the host. False
        when there is nothing to do.

        Raises:
            MalefizError: for a guest whose host is not connected (the host's new invitation brings it back).
        """
        if not self._over() or self.role == "watcher":
            return False
        if self.role == "guest" and self.peers[0].state != "open":
            raise MalefizError.keyed("together.rematch_offline", host=self.setup.spoken(self.peers[0].name))
        if self.role == "guest":
            self.commands.append({"do": "send", "peer": 0, "text": '{"t":"rematch"}'})
        elif not self.rematching:
            self._rematch()
        return True

    @property
    def rematching(self) -> bool:
        """The host asked for a rematch and waits for every player's new anchor (a player away is asked once its
        device is back)."""
        return self.role == "host" and self.next is not None

    def rematch_waits(self) -> list[str]:
        """The players whose new anchor the host's rematch still waits for."""
        return [p.name for p in self.players() if not p.anchor] if self.rematching else []

    def _rematch(self) -> None:
        self.next = Chain.new()
        self.setup = self.setup.rematch()  # from the start (a game handed over in progress too), the next seat first
        for peer in self.players():
            peer.anchor = b""
            if peer.state == "open":
                self.commands.append({"do": "send", "peer": peer.device, "text": '{"t":"rematch"}'})
        if not self.players():
            self._start()

    # -- play by link -------------------------------------------------------------------------

    def play_link(self) -> str:
        """The whole game as a link's fragment (``#play=...``): the next player opens it and plays on."""
        return PLAY + self.table.link(self.reaction_for_link()) if self.table is not None else ""

    @classmethod
    def watching(cls, text: str, games: Games) -> Together:
        """A device that keeps no part in the game a play link holds: it shows the game, checked, and cannot play.

        Raises:
            MalefizError: for a link that is not a whole play link, or does not check out.
        """
        table = Table.from_link(fragment(text, PLAY), games, None, None)
        setup = Setup.from_query(table.match.setup, games)
        assert setup is not None  # the table read it already
        together = cls("watcher", setup, "", games)
        together.me, together.table = None, table
        together.peers = {0: Peer(0, name=table.match.names[0])}  # never connected: no row for the host
        together.hear_from_link(table.reaction)
        return together

    def take_link(self, text: str) -> None:
        """The game a play link holds, when it is this game gone further (see :meth:`_adopt`).

        Raises:
            MalefizError: for a link that is not this game's, or does not check out.
        """
        chain = self.chain if self.me is not None else None
        table = Table.from_link(fragment(text, PLAY), self.games, self.me, chain)
        self.take_match(table.match.to_json())
        self.hear_from_link(table.reaction)

    def take_match(self, doc: object) -> None:
        """The game as another place has it (a play link, another tab of this browser), when it is this game gone
        further (see :meth:`_adopt`); a host passes it on to the devices connected.

        Raises:
            MalefizError: for a game that is not this one, or does not check out.
        """
        self._adopt(doc, from_host=self.role != "host", hearsay=True)  # the host passes it on; a guest sends it
        if self.role == "guest" and self.table is not None:  # as its hello: the host learns it too
            hello = {"t": "hello", "match": self.table.match.to_json()}
            self.commands.append({"do": "send", "peer": 0, "text": json.dumps(hello, separators=(",", ":"))})
        self._send_outbox()

    # -- what goes out -------------------------------------------------------------------------

    def sync(self) -> None:
        """Take this device's new actions into the match and send them."""
        if self.table is not None:
            self.table.sync()
            self._send_outbox()

    def _send_outbox(self) -> None:
        """The table's messages onto the channels: a guest's to the host, the host's to every other device but the
        one a passed-on message came from."""
        table = self.table
        if table is None:
            return
        for message in table.outbox:
            text = json.dumps(message, separators=(",", ":"))
            if self.role != "host":
                self.commands.append({"do": "send", "peer": 0, "text": text})
                continue
            for device, peer in self.peers.items():
                if relayed_to(message, device) and peer.state == "open" and peer.greeted:
                    self.commands.append({"do": "send", "peer": device, "text": text})
        table.outbox.clear()

    def hang_up(self) -> list[dict[str, Any]]:
        """This device leaves the game (its person went to the setup screen): the commands that close its channels,
        so the other devices see the connection gone (the host can then let the computer play for a guest). What
        the browser keeps stays: Back, or a new invitation, brings the game back."""
        return [{"do": "close", "peer": d} for d, p in sorted(self.peers.items()) if p.state in ("offered", "open")]

    def take(self) -> list[dict[str, Any]]:
        """The commands for the page's channels, once (the host's first: who is connected, when that changed)."""
        if self.role == "host":
            self._tell_roster()
        found, self.commands = self.commands, []
        return found

    def _tell_roster(self) -> None:
        """The host tells every connected device the others' names and states (each device shows them)."""
        rows = [[0, self.name, "open", 0]]
        rows += [[d, p.name, p.state, int(p.seat is not None)] for d, p in sorted(self.peers.items())]
        text = json.dumps({"t": "roster", "peers": rows}, separators=(",", ":"))
        if text == self._told:
            return
        self._told = text
        for device, peer in self.peers.items():
            if peer.state == "open":
                self.commands.append({"do": "send", "peer": device, "text": text})

    def _take_roster(self, rows: object) -> None:
        """The host's roster: every device with its name and its connection to the host."""
        if not isinstance(rows, list) or len(rows) > MAX_PEERS:
            raise MalefizError.keyed("error.match_message")
        found: list[Peer] = []
        for row in rows:
            if not (isinstance(row, list) and len(row) == 4):
                raise MalefizError.keyed("error.match_message")
            device, name, state, plays = row
            if not (isinstance(device, int) and 0 <= device < MAX_PEERS and isinstance(name, str)):
                raise MalefizError.keyed("error.match_message")
            if state not in ("new", "offered", "open", "closed") or plays not in (0, 1):
                raise MalefizError.keyed("error.match_message")
            found.append(Peer(device, 0 if plays else None, state=state, name=" ".join(name.split())[:MAX_NAME]))
        self.roster = tuple(found)

    @property
    def session(self) -> Session | None:
        return self.table.session if self.table is not None else None

    # -- kept in the browser -------------------------------------------------------------------

    @property
    def key(self) -> str:
        """This device's part's key in the browser's storage: its dice anchor's (a link names every device's)."""
        return anchor_key(self.chain.anchor)

    def keeps(self) -> bool:
        """True once there is something to keep: the game, or a guest's reply (its dice are committed)."""
        return self.table is not None or (self.role == "guest" and bool(self.peers[0].link))
