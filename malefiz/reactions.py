"""What people send each other during a game between devices (a part of :class:`malefiz.together.Together`): six
reactions, a tap each, and how often one device's are heard. A child who taps *Haha!* twenty times in a row sends
one: the next is sent once its device has been quiet for :data:`REACTION_PAUSE`, and each device drops what comes
faster than :data:`HEARD_PAUSE` from one sender (a changed page cannot flood the others' boards either)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

__all__ = ["HEARD_PAUSE", "REACTIONS", "REACTION_PAUSE", "Reactions"]

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
