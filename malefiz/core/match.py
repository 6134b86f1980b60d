"""The game between devices as every device keeps it: a :class:`Match` (the setup, the devices and their dice
anchors, every action, the latest dice part of each device), read and written as JSON.

:mod:`malefiz.core.remote` plays it: what each device checks and sends.
"""

from __future__ import annotations

import binascii
import json
from dataclasses import dataclass
from typing import Any, Final

from .document import b64, json_depth, unb64
from .errors import MalefizError
from .fair import PART_BYTES, Ledger, game_code

__all__ = ["MATCH_FORMAT", "MAX_ACTIONS", "MAX_DEVICES", "MAX_MESSAGE", "TAKE_BACK", "Match"]

MATCH_FORMAT: Final = "malefiz-match"
MATCH_VERSION: Final = 1
MAX_DEVICES: Final = 6
MAX_ACTIONS: Final = 100_000
MAX_MESSAGE: Final = 2_000_000
"""The longest message or match text read, in characters."""
TAKE_BACK: Final = "back"
"""A take-back among the match's actions (no game writes an action so)."""


@dataclass(frozen=True, slots=True)
class Match:
    """A game between devices, as every device keeps it (a value: the same on every device)."""

    setup: str
    """The setup as a page address query (seats, board, options)."""
    names: tuple[str, ...]
    """Each device's name (device 0 is the host)."""
    owners: tuple[int, ...]
    """Each seat's device."""
    ledger: Ledger
    actions: tuple[str, ...] = ()
    left: tuple[tuple[int, int], ...] = ()
    """``(n, device)``: after ``n`` actions ``device`` left the game; the host's computer plays its seats since."""

    @property
    def game(self) -> bytes:
        """The code naming this game in every draw and every message."""
        return game_code(self.setup, self.ledger.anchors)

    def to_json(self) -> dict[str, Any]:
        """The match as a JSON-ready document (read back by :meth:`from_json`)."""
        ledger = self.ledger
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "setup": self.setup,
            "devices": [
                {"name": name, "anchor": b64(anchor)} for name, anchor in zip(self.names, ledger.anchors, strict=True)
            ],
            "owners": list(self.owners),
            "actions": list(self.actions),
            "left": [list(pair) for pair in self.left],
            "parts": [
                [ledger.latest[d][0], b64(ledger.latest[d][1])] if d in ledger.latest else None
                for d in range(len(self.names))
            ],
        }

    @classmethod
    def from_text(cls, text: str) -> Match:
        """The match a JSON text holds (see :meth:`from_json`)."""
        if len(text) > MAX_MESSAGE or json_depth(text) is None:
            raise MalefizError.keyed("error.match_foreign")
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError):
            raise MalefizError.keyed("error.match_foreign") from None
        return cls.from_json(doc)

    @classmethod
    def from_json(cls, doc: object) -> Match:
        """The match a :meth:`to_json` document holds, its form checked (not yet replayed).

        Raises:
            MalefizError: for anything that is not such a document.
        """
        if not isinstance(doc, dict) or doc.get("format") != MATCH_FORMAT:
            raise MalefizError.keyed("error.match_foreign")
        if doc.get("version") != MATCH_VERSION:
            raise MalefizError.keyed("error.match_version", version=str(doc.get("version"))[:20])
        try:
            setup, devices, owners = doc["setup"], doc["devices"], doc["owners"]
            actions, parts = doc["actions"], doc["parts"]
            if not (isinstance(setup, str) and isinstance(devices, list) and 1 <= len(devices) <= MAX_DEVICES):
                raise ValueError("devices")
            names = tuple(str(d["name"])[:40] for d in devices)
            anchors = tuple(unb64(d["anchor"], PART_BYTES) for d in devices)
            if not (isinstance(owners, list) and all(isinstance(o, int) and 0 <= o < len(names) for o in owners)):
                raise ValueError("owners")
            if not (isinstance(actions, list) and len(actions) <= MAX_ACTIONS):
                raise ValueError("actions")
            if not all(isinstance(a, str) and len(a) <= 40 for a in actions):
                raise ValueError("actions")
            if not (isinstance(parts, list) and len(parts) == len(names)):
                raise ValueError("parts")
            left = tuple((int(n), int(d)) for n, d in doc.get("left", []))
            if any(not 0 <= n <= MAX_ACTIONS or not 0 < d < len(names) for n, d in left):
                raise ValueError("left")
        except (KeyError, TypeError, ValueError, binascii.Error):
            raise MalefizError.keyed("error.match_foreign") from None
        ledger = Ledger(anchors)
        for device, part in enumerate(parts):
            if part is None:
                continue
            try:
                draw, value = part
                ledger = ledger.reveal(device, draw, unb64(value, PART_BYTES))
            except (TypeError, ValueError, binascii.Error) as error:
                if isinstance(error, MalefizError):
                    raise
                raise MalefizError.keyed("error.match_foreign") from None
        return cls(setup, names, tuple(owners), ledger, tuple(actions), left)

    def continues(self, other: Match) -> bool:
        """True when ``other`` is this game, as far as it went or further (or less far): the same setup, devices
        and dice anchors, and the actions and departures of the shorter are where the longer begins."""
        if not self._same_table(other):
            return False
        shorter, longer = sorted((self, other), key=lambda m: len(m.actions))
        return longer.actions[: len(shorter.actions)] == shorter.actions and all(
            pair in longer.left for pair in shorter.left
        )

    def taken_back_at(self, other: Match) -> int | None:
        """Where this game took a move back and ``other``, the same game, went on otherwise (a device's own actions
        that lost a race to the host's take-back: the host's version wins); None when it is not so."""
        if not self._same_table(other):
            return None
        fork = self._fork(other)
        if fork == min(len(self.actions), len(other.actions)) or self.actions[fork] != TAKE_BACK:
            return None
        before = {pair for pair in self.left if pair[0] <= fork}  # (a device may have left since, in either)
        return fork if before == {pair for pair in other.left if pair[0] <= fork} else None

    def departed_at(self, other: Match) -> int | None:
        """Where ``other``, the same game as this one was before a device left it (the computer took its seats),
        went on otherwise (that device's actions after it, which never counted); None when it is not so."""
        if not self._same_table(other):
            return None
        fork = self._fork(other)
        return fork if any(pair not in other.left and pair[0] <= fork for pair in self.left) else None

    def merged(self, other: Match) -> Match | None:
        """This game with the departures ``other`` (the same game, whose actions begin this one's or go on from
        them) holds and this one lacks, its actions the longer's; None when it is not so, or when ``other`` adds
        nothing (no departure, and no action after this one's). A departed device's parts are as the version that
        holds its departure had them (those it revealed later never count).

        Raises:
            MalefizError: for a part of ``other`` that does not fit its chain.
        """
        shorter, longer = sorted((self, other), key=lambda m: len(m.actions))
        extra = [pair for pair in other.left if pair not in self.left]
        news = extra or len(other.actions) > len(self.actions)
        if not self._same_table(other) or not news or longer.actions[: len(shorter.actions)] != shorter.actions:
            return None
        ledger, gone = self.ledger, {device for _, device in extra}
        for device in gone:
            ledger = ledger.upto(device, other.ledger.revealed(device))
        departed = {device for _, device in (*self.left, *other.left)}
        for device, (draw, part) in other.ledger.latest.items():
            if draw > ledger.revealed(device) and device not in departed:
                ledger = ledger.reveal(device, draw, part)
        left = tuple(sorted({*self.left, *other.left}))
        return Match(self.setup, self.names, self.owners, ledger, longer.actions, left)

    def _fork(self, other: Match) -> int:
        """The first action where this game and ``other`` differ (the shorter's length: none, as far as both go)."""
        pairs = enumerate(zip(self.actions, other.actions, strict=False))
        return next((i for i, (a, b) in pairs if a != b), min(len(self.actions), len(other.actions)))

    def _same_table(self, other: Match) -> bool:
        return (self.setup, self.names, self.owners, self.ledger.anchors) == (
            other.setup,
            other.names,
            other.owners,
            other.ledger.anchors,
        )
