"""Invitations to a game between devices (:mod:`malefiz.together`): the links' fragments, how their texts are
packed, and what an invitation holds."""

from __future__ import annotations

import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any, Final

from .core.document import b64, deflate, inflate, unb64
from .core.errors import MalefizError
from .core.setup import MAX_NAME, Games, Setup

__all__ = [
    "JOIN",
    "MAX_LINK",
    "MAX_PEERS",
    "PLAY",
    "REPLY",
    "STUN",
    "STUN_HOST",
    "Invitation",
    "anchor_key",
    "b64",
    "decode",
    "encode",
    "fragment",
    "unb64",
]

JOIN: Final = "#join="
"""The fragment of an invitation link."""
REPLY: Final = "#reply="
"""The fragment of a reply link."""
PLAY: Final = "#play="
"""The fragment of a play link: the whole game, for the next player to play on."""
MAX_LINK: Final = 20_000
"""The longest invitation, reply or play link read, in characters."""
MAX_PEERS: Final = 16
"""Devices in one game at most, watchers included (at most six play)."""
STUN: Final = "stun.cloudflare.com:3478"
"""The public STUN server the page names and asks, only once the host chooses to play across networks (a page
address's ``stun=host:port`` names another)."""
STUN_HOST: Final = re.compile(r"[A-Za-z0-9.-]{1,100}:[0-9]{1,5}|\[[0-9A-Fa-f:.]{2,45}\]:[0-9]{1,5}")


def encode(doc: dict[str, Any]) -> str:
    return deflate(json.dumps(doc, separators=(",", ":")).encode())


def decode(text: str, error: str) -> dict[str, Any]:
    """The document an :func:`encode` text holds, or ``MalefizError`` ``error``."""
    if len(text) > MAX_LINK:
        raise MalefizError.keyed(error)
    try:
        doc = json.loads(inflate(text, MAX_LINK * 4).decode("utf-8"))
    except (ValueError, RecursionError, zlib.error, binascii.Error):
        raise MalefizError.keyed(error) from None
    if not isinstance(doc, dict):
        raise MalefizError.keyed(error)
    return doc


_CODE: Final = re.compile(r"[A-Za-z0-9_-]*")
"""A code's characters (URL-safe base64 without padding)."""
MAX_LINES: Final = 40
"""The most lines a pasted link is read across."""


def fragment(text: str, mark: str) -> str:
    r"""The code in a pasted link or text: what follows ``mark`` (else the text itself) as far as a code goes. A link
    a messenger or mail broke across lines is joined again; words after it (on its line or the next) are left out,
    whichever reading holds whole compressed data.

    >>> code = deflate(b"{}")
    >>> fragment(f"Here: ./#reply={code[:5]}\n{code[5:]} thanks!", REPLY) == code
    True
    >>> fragment(f"#reply={code}\nSee you", REPLY) == fragment(f"({code}).", REPLY) == code
    True
    """
    rest = text.split(mark, 1)[1] if mark in text else text.strip().lstrip("(<\"'")
    lines = [line.strip() for line in rest.splitlines()][:MAX_LINES]
    readings = ["".join(rest.split())] + ["".join(lines[:n]) for n in range(len(lines), 0, -1)]  # then fewer lines
    codes = [found[0] if (found := _CODE.match(reading)) else "" for reading in readings]
    for code in codes:
        try:
            inflate(code, MAX_LINK * 100)
        except (ValueError, zlib.error, binascii.Error):
            continue
        return code
    return codes[0]


@dataclass(frozen=True, slots=True)
class Invitation:
    """What an invitation link holds: the setup, the seat and device offered (no seat: to watch), the host's name,
    the offer, and for a game under way its code (a device of that game reconnects)."""

    setup: str
    seat: int | None
    device: int
    host: str
    offer: str
    """The offer's code (:func:`malefiz.core.signal.pack`)."""
    code: str = ""
    stun: str = ""
    """The STUN server both devices ask (``host:port``), when the host chose to play across networks."""

    def link(self) -> str:
        """The invitation's fragment (``#join=...``)."""
        doc = {"v": 1, "setup": self.setup, "seat": self.seat, "device": self.device, "host": self.host}
        return JOIN + encode({**doc, "offer": self.offer, "code": self.code, "stun": self.stun})

    @classmethod
    def read(cls, text: str, games: Games) -> tuple[Invitation, Setup]:
        """The invitation in a link (or its text) and its setup.

        Raises:
            MalefizError: for a text that is not a whole invitation of this site.
        """
        doc = decode(fragment(text, JOIN), "error.invite")
        try:
            seat, device, code, stun = doc["seat"], doc["device"], doc.get("code", ""), doc.get("stun", "")
            found = cls(doc["setup"], seat, device, str(doc["host"])[:MAX_NAME], doc["offer"], code, stun)
            if not isinstance(stun, str) or (stun and not STUN_HOST.fullmatch(stun)):
                raise ValueError("stun")
            if doc.get("v") != 1 or not isinstance(found.setup, str) or not isinstance(found.offer, str):
                raise ValueError("form")
            setup = Setup.from_query(found.setup, games)
            if setup is None or not (seat is None or (isinstance(seat, int) and 0 <= seat < len(setup.seats))):
                raise ValueError("seat")
            if not isinstance(device, int) or not 1 <= device < MAX_PEERS or not isinstance(code, str):
                raise ValueError("device")
        except (KeyError, TypeError, ValueError):
            raise MalefizError.keyed("error.invite") from None
        return found, setup


def anchor_key(anchor: bytes) -> str:
    """The key a device keeps its part of a game under: its dice anchor's first 96 bits, URL-safe."""
    return b64(anchor)[:16]
