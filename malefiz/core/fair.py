"""Dice nobody can bend or foresee, for a game played on several devices: hash chains, committed before and
revealed when due.

Each device of the game draws a secret and makes a chain of parts from it: ``x[L] = H(secret)``, then
``x[i - 1] = H(x[i])`` down to ``x[0]``, its *anchor*. Every device sends its anchor before any die is
rolled: that is its commitment. The rolls then come in *draws*: draw ``k`` is the die seeded with
``H(game, k, x_D[k + 1] for each device D taking part)``, rolled as often as the game asks until the next
decision.

- **Committed before.** A part is checked against what is known of its chain, down to the anchor, by
  hashing it forward: nobody can change a part once the anchor is out, and nobody can find the part
  from the anchor or from the parts before it.
- **Revealed when due.** A device sends its part for draw ``k`` only when draw ``k`` is due on its own
  copy of the game (a roll is needed and every decision before it is made). Until then nobody, the
  roller included, can know any roll of that draw.
- **A draw per decision.** A new draw starts with the first roll after a decision (an action chosen among
  several). The rolls between two decisions (three tries, a forced move, a pass, the next player's roll)
  come from one draw: nobody decides anything between them, so knowing one a moment early helps nobody.
- **Who takes part** (:func:`takers`): the roller's device, and the device that made the latest decision
  among the others (it sends its part with that decision). Draw 0, the roll for who starts, and a draw with
  no such decision, take every device's part. So by link a game between two devices needs no extra
  trip, except when a player decides and then rolls again (a six in Mensch ärgere Dich nicht): that roll
  needs the other device's part, sent after the decision.

What this guarantees, and what not: a roll depends on a secret of someone other than its roller, fixed
before and shown only after the roller's last decision before it; every device checks every part and
every roll. A device can refuse to send its part: then the game waits (the others see whose part it is),
and after a deadline the others may hand that device's seats to the computer. It cannot change a roll.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from .dice import Dice
from .errors import MalefizError

__all__ = ["CHAIN_LENGTH", "PART_BYTES", "Chain", "Ledger", "draw_seed", "game_code", "takers"]

PART_BYTES: Final = 16
"""The length of a part (128 bits: nobody finds one from the part after it)."""

CHAIN_LENGTH: Final = 4096
"""The most draws a game can have (one per decision: a long game has a few hundred)."""


def _step(part: bytes) -> bytes:
    """The part before ``part`` in its chain."""
    return hashlib.sha256(b"malefiz chain\0" + part).digest()[:PART_BYTES]


@functools.lru_cache(maxsize=4)
def _links(secret: bytes, length: int) -> tuple[bytes, ...]:
    """A chain's parts, anchor first (4,097 hashes: made once per secret, though a device's part of a game is
    read again at every reload, link and reconnection)."""
    links = [_step(secret)]
    for _ in range(length):
        links.append(_step(links[-1]))
    links.reverse()
    return tuple(links)


_BEFORE: dict[bytes, tuple[bytes, ...]] = {}
"""For a part revealed, the parts of its chain up to it: ``x[1]`` to ``x[draw + 1]`` (:func:`_parts_to`)."""


def _parts_to(part: bytes, draw: int) -> tuple[bytes, ...]:
    """Every part of a chain up to ``part``, the part for ``draw``: those for draws 0 to ``draw``. Hashed back once
    per part revealed (a replayed game asks for each draw's part again and again: hashing back from the latest
    each time took a long game's replay into millions of hashes)."""
    found = _BEFORE.get(part)
    if found is None or len(found) != draw + 1:
        back = [part]
        for _ in range(draw):
            back.append(_step(back[-1]))
        back.reverse()
        found = tuple(back)
        if len(_BEFORE) >= 64:
            _BEFORE.clear()
        _BEFORE[part] = found
    return found


@dataclass(frozen=True, slots=True)
class Chain:
    """A device's own chain: its secret never leaves the device; :attr:`anchor` is sent first, then each
    draw's :meth:`part` when that draw is due.

    >>> chain = Chain.from_secret(bytes(16))
    >>> Ledger((chain.anchor,)).reveal(0, 5, chain.part(5)).part(0, 2) == chain.part(2)
    True
    """

    links: tuple[bytes, ...] = field(repr=False)
    """``x[0]`` (the anchor) to ``x[L]``."""

    @classmethod
    def from_secret(cls, secret: bytes, length: int = CHAIN_LENGTH) -> Chain:
        """The chain of ``secret`` (kept on the device, for instance to resume after a reload)."""
        if len(secret) != PART_BYTES:
            raise ValueError(f"a chain's secret has {PART_BYTES} bytes")
        return cls(_links(secret, length))

    @classmethod
    def new(cls) -> tuple[bytes, Chain]:
        """A fresh secret and its chain."""
        secret = secrets.token_bytes(PART_BYTES)
        return secret, cls.from_secret(secret)

    @property
    def anchor(self) -> bytes:
        """``x[0]``: the commitment, sent before any die is rolled."""
        return self.links[0]

    def part(self, draw: int) -> bytes:
        """The part for draw ``draw``: ``x[draw + 1]``."""
        if not 0 <= draw < len(self.links) - 1:
            raise MalefizError.keyed("error.fair_long", most=len(self.links) - 1)
        return self.links[draw + 1]


def game_code(setup: str, anchors: Sequence[bytes]) -> bytes:
    """What names one game in every draw's seed: its setup and every device's anchor, in order."""
    digest = hashlib.sha256(b"malefiz game\0" + setup.encode())
    for anchor in anchors:
        digest.update(anchor)
    return digest.digest()[:PART_BYTES]


def draw_seed(game: bytes, draw: int, parts: Iterable[bytes]) -> int:
    """The seed of draw ``draw`` from the parts of the devices taking part (in device order)."""
    digest = hashlib.sha256(b"malefiz draw\0" + game + draw.to_bytes(4, "big"))
    for part in parts:
        digest.update(part)
    return int.from_bytes(digest.digest()[:8], "big")


def takers(present: Sequence[int], draw: int, roller: int, decider: int | None) -> tuple[int, ...]:
    """The devices whose parts seed ``draw``: the roller's and the latest other decider's (every device still in
    the game, ``present``, for draw 0 and when no other device has decided yet).

    >>> takers((0, 1, 2), 0, 1, None), takers((0, 1, 2), 4, 2, None), takers((0, 1, 2), 4, 2, 0)
    ((0, 1, 2), (0, 1, 2), (0, 2))
    """
    if draw == 0 or decider is None or decider == roller:
        return tuple(present)
    return tuple(sorted((roller, decider)))


@dataclass(frozen=True, slots=True)
class Ledger:
    """What one device knows of every device's chain: the anchors, and the latest part each device revealed.

    A value: :meth:`reveal` gives a new ledger, or refuses the part and leaves this one as it was.
    """

    anchors: tuple[bytes, ...]
    latest: Mapping[int, tuple[int, bytes]] = field(default_factory=dict)
    """Per device, the highest draw it revealed and that part."""

    def revealed(self, device: int) -> int:
        """The highest draw ``device`` revealed its part for (-1: none yet)."""
        return self.latest.get(device, (-1, b""))[0]

    def reveal(self, device: int, draw: int, part: bytes) -> Ledger:
        """The ledger with ``device``'s part for ``draw``, checked against its chain.

        A part for a draw already revealed is refused (a message sent again or out of order).

        Raises:
            MalefizError: for a part that is not the next of its chain, or for a draw already known.
        """
        if not 0 <= device < len(self.anchors):
            raise MalefizError.keyed("error.fair_device", device=device)
        if not 0 <= draw < CHAIN_LENGTH or len(part) != PART_BYTES:
            raise MalefizError.keyed("error.fair_part", draw=draw)
        known, value = self.latest.get(device, (-1, self.anchors[device]))
        if draw <= known:
            raise MalefizError.keyed("error.fair_again", draw=draw)
        back = [part]
        for _ in range(draw - known):
            back.append(_step(back[-1]))
        if back[-1] != value:
            raise MalefizError.keyed("error.fair_part", draw=draw)
        earlier = _BEFORE.get(value) if known >= 0 else ()
        if earlier is not None and len(earlier) == known + 1:  # the chain up to this part, from what was known
            _BEFORE[part] = (*earlier, *reversed(back[:-1]))
        return replace(self, latest={**self.latest, device: (draw, part)})

    def part(self, device: int, draw: int) -> bytes | None:
        """``device``'s part for ``draw``, when it revealed that draw or a later one (None before)."""
        known, value = self.latest.get(device, (-1, b""))
        if draw > known or draw < 0:
            return None
        return _parts_to(value, known)[draw]

    def upto(self, device: int, draw: int) -> Ledger:
        """The ledger as it was before ``device`` revealed any part after ``draw`` (the same when it revealed none)."""
        known = self.revealed(device)
        if known <= draw:
            return self
        latest = {d: v for d, v in self.latest.items() if d != device}
        part = self.part(device, draw)
        if part is not None:
            latest[device] = (draw, part)
        return replace(self, latest=latest)

    def missing(self, draw: int, devices: Iterable[int]) -> tuple[int, ...]:
        """Which of ``devices`` have not revealed their part for ``draw`` yet."""
        return tuple(d for d in devices if self.revealed(d) < draw)

    def dice(self, game: bytes, draw: int, devices: Sequence[int]) -> Dice | None:
        """Draw ``draw``'s die from the parts of ``devices``; None while a part is missing."""
        parts = [self.part(d, draw) for d in devices]
        if any(p is None for p in parts):
            return None
        return Dice(draw_seed(game, draw, (p for p in parts if p is not None)))
