"""What people send each other during a game between devices (a part of :class:`malefiz.together.Together`): six
reactions, a tap each, and how often one device's are heard. A child who taps *Haha!* twenty times in a row sends
one: the next is sent once its device has been quiet for :data:`REACTION_PAUSE`, and each device drops what comes
faster than :data:`HEARD_PAUSE` from one sender (a changed page cannot flood the others' boards either)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .core.errors import MalefizError
from .invitation import MAX_PEERS

if TYPE_CHECKING:
    from .core.remote import Table
    from .invitation import Invitation
    from .together import Peer

__all__ = ["HEARD_PAUSE", "REACTIONS", "REACTION_PAUSE", "Reacting", "Reactions"]

REACTIONS: Final = ("nice", "wow", "oh_no", "haha", "luck", "well_played")
"""What a person can send the others during a game between devices, a tap each (a message ``{"t": "react", "r":
index, "by": device}``; the host passes it on): friends apart cheer a capture or groan at a barricade. Each device
says them in its own language (catalogue keys ``react.<name>``): words, not emoji, which some systems cannot
draw."""

REACTION_PAUSE: Final = 2.0
"""Seconds after a device's reaction before its next one is sent (taps in between send nothing: the first is
still over everyone's board)."""

HEARD_PAUSE: Final = 1.0
"""Seconds after a device's reaction was heard before the next from it is heard (shorter than
:data:`REACTION_PAUSE`: two sent that far apart may come closer together over the network)."""


class Reactions:
    """The reactions sent or received since the page last showed them, and when each device's last one was."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.heard: list[tuple[int, int]] = []
        """(device, index in :data:`REACTIONS`), oldest first (taken by :meth:`take`)."""
        self._last: dict[int, float] = {}

    def hear(self, device: int, index: int, pause: float) -> bool:
        """Reaction ``index`` by ``device``, heard unless that device's last one is less than ``pause`` seconds
        ago (then it is dropped: False)."""
        now = self.clock()
        last = self._last.get(device)
        if last is not None and 0 <= now - last < pause:
            return False
        self._last[device] = now
        self.heard.append((device, index))
        return True

    def take(self) -> list[tuple[int, int]]:
        """What was heard since the last call, once."""
        heard, self.heard = self.heard, []
        return heard


class Reacting:
    """What :class:`malefiz.together.Together` does with reactions: send, check, hear and pass them on, over the
    channels or, to a device that is not connected, with the next play link (a mixin: the state it reads is
    declared here for the type checker)."""

    role: str
    me: int | None
    invitation: Invitation | None
    table: Table | None
    peers: dict[int, Peer]
    commands: list[dict[str, Any]]
    reactions: Reactions
    said: int | None = None
    """This device's latest reaction when it could not reach every player (one not connected): the next play link
    carries it."""

    @property
    def sender(self) -> int | None:
        """This device's number among the devices: its seat's, or a watcher's from its invitation (None for a device
        that has neither, as a game opened from a play link alone)."""
        if self.me is not None:
            return self.me
        return self.invitation.device if self.invitation is not None else None

    def react(self, index: int) -> None:
        """This device's person sends reaction ``index`` of :data:`REACTIONS` to the others (and sees it here): a
        player or a watcher; one tap a :data:`REACTION_PAUSE`."""
        sender = self.sender
        if self.table is None or sender is None or not 0 <= index < len(REACTIONS):
            raise MalefizError.keyed("error.match_message")
        if self.reactions.hear(sender, index, REACTION_PAUSE):  # (a tap too soon after the last sends nothing)
            self._pass_reaction({"t": "react", "r": index, "by": sender})
            players = [p for p in self.peers.values() if p.seat is not None or p.device == 0]
            self.said = index if any(p.state != "open" for p in players) else None

    def reaction_for_link(self) -> tuple[int, int] | None:
        """``(device, index)``: the reaction the next play link carries (:attr:`said`), if any."""
        sender = self.sender
        return (sender, self.said) if self.said is not None and sender is not None else None

    def hear_from_link(self, said: tuple[int, int] | None) -> None:
        """The reaction a play link carried (its sender's, when this device was not connected): heard as one over
        a channel. The game moved on: this device's own :attr:`said` has had its turn."""
        self.said = None
        if said is not None and 0 <= said[1] < len(REACTIONS) and 0 <= said[0] < MAX_PEERS and said[0] != self.sender:
            self.reactions.hear(said[0], said[1], HEARD_PAUSE)

    def _take_reaction(self, device: int, message: dict[str, Any]) -> None:
        """A reaction from another device: checked (the host's from the device that sent it, a guest's from the
        host passing it on), heard, and passed on by the host (one a :data:`HEARD_PAUSE` from each device)."""
        index, by = message.get("r"), message.get("by")
        if type(index) is not int or not 0 <= index < len(REACTIONS) or type(by) is not int:
            raise MalefizError.keyed("error.match_message")
        from_sender = by == device if self.role == "host" else device == 0 and by != self.sender and 0 <= by < MAX_PEERS
        if not from_sender:
            raise MalefizError.keyed("error.match_message")
        if self.reactions.hear(by, index, HEARD_PAUSE) and self.role == "host":
            self._pass_reaction({"t": "react", "r": index, "by": by})

    def _pass_reaction(self, message: dict[str, Any]) -> None:
        """A reaction onto the channels: a guest's to the host, the host's to every other open one whose device said
        hello (:attr:`~malefiz.together.Peer.greeted`)."""
        text = json.dumps(message, separators=(",", ":"))
        for device, peer in self.peers.items():
            heard = peer.greeted if self.role == "host" else device == 0
            if heard and device != message["by"] and peer.state == "open":
                self.commands.append({"do": "send", "peer": device, "text": text})
