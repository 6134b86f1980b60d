"""A game between devices as a link: the match in a few hundred letters (:func:`write_link`), read back and every
action checked (:func:`read_link`).

Only the decisions are written, each as its place among the legal actions: the rolls follow from the dice parts,
and a forced move or a pass from the rules. A whole four-player game fits a messenger link.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Iterator

from .document import b64, deflate, inflate, unb64
from .errors import MalefizError
from .fair import PART_BYTES, Chain
from .match import MAX_ACTIONS, MAX_MESSAGE, Match
from .remote import TAKE_BACK, Table
from .setup import Games

__all__ = ["link_anchors", "link_said", "read_link", "write_link"]


def write_link(table: Table, said: tuple[int, int] | None = None) -> str:
    """``table``'s match as short URL-safe text for a link's fragment (read back by :func:`read_link`), with
    ``said``, a reaction ``(device, index)`` for the one who opens it (read by :func:`link_said`)."""
    doc = table.match.to_json()
    actions = doc.pop("actions")
    doc["count"] = len(actions)
    choices = bytearray()
    for pick in table.picks:  # the decisions taken back too: they fix who decided, and so whose parts a draw took
        _varint(choices, pick)
    doc["choices"] = b64(bytes(choices))
    if table.backs:
        doc["backs"] = [n for n, text in enumerate(actions) if text == TAKE_BACK]
    if said is not None:
        doc["said"] = list(said)
    data = json.dumps(doc, separators=(",", ":")).encode()
    return deflate(data)


def read_link(text: str, games: Games, me: int | None, chain: Chain | None, language: str = "en") -> Table:
    """The table of the match a :func:`write_link` text holds, every action replayed and checked.

    Raises:
        MalefizError: for a text that is not such a link, or whose game does not check out.
    """
    if len(text) > MAX_MESSAGE:
        raise MalefizError.keyed("error.match_link")
    try:
        data = inflate(text, MAX_MESSAGE)
        doc = json.loads(data.decode("utf-8"))
        count, choices, backs = doc.pop("count"), doc.pop("choices"), doc.pop("backs", [])
        reaction = _reaction(doc.pop("said", None))
        if not isinstance(count, int) or not 0 <= count <= MAX_ACTIONS or not isinstance(choices, str):
            raise ValueError("count")
        if not isinstance(backs, list) or not all(isinstance(n, int) for n in backs):
            raise ValueError("backs")
        doc["actions"] = []
        picks = iter(list(_varints(base64.urlsafe_b64decode(choices + "=" * (-len(choices) % 4)))))
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError, zlib.error, binascii.Error):
        raise MalefizError.keyed("error.match_link") from None
    table = Table.replay(Match.from_json(doc), games, me, chain, language)
    table.live, taken_back = False, set(backs)
    for n in range(count):
        session = table.session
        if session is None or session.state.is_over:
            raise MalefizError.keyed("error.match_link")
        roll = table.next_roll()
        if n in taken_back:
            action = TAKE_BACK
        elif session.state.is_chance:
            if roll is None:
                raise MalefizError.keyed("error.match_link")
            action = f"d{roll}"
        else:
            legal = session.legal()
            if len(legal) == 1:
                action = str(legal[0])
            else:
                pick = next(picks, None)
                if pick is None or pick >= len(legal):
                    raise MalefizError.keyed("error.match_link")
                action = str(legal[pick])
        table.replay_action(n, action)
    if next(picks, None) is not None:
        raise MalefizError.keyed("error.match_link")
    table.live, table.reaction = True, reaction
    return table


def link_anchors(text: str) -> list[bytes]:
    """The devices' dice anchors in a :meth:`Table.link` text (which tell a device its game), without replaying it.

    Raises:
        MalefizError: for a text that is not such a link.
    """
    try:
        doc = json.loads(inflate(text, MAX_MESSAGE).decode("utf-8"))
        return [unb64(d["anchor"], PART_BYTES) for d in doc["devices"]]
    except (ValueError, KeyError, TypeError, RecursionError, zlib.error, binascii.Error):
        raise MalefizError.keyed("error.match_link") from None


def link_said(text: str) -> tuple[int, int] | None:
    """The reaction ``(device, index)`` a :func:`write_link` text carries (None: none, or none that reads)."""
    try:
        return _reaction(json.loads(inflate(text, MAX_MESSAGE).decode("utf-8")).get("said"))
    except (ValueError, AttributeError, RecursionError, zlib.error, binascii.Error):
        return None


def _reaction(said: object) -> tuple[int, int] | None:
    """A link's ``said`` as ``(device, index)``; None for none, or one that does not read (the game still does)."""
    if isinstance(said, list) and len(said) == 2 and all(type(x) is int for x in said):
        return said[0], said[1]
    return None


def _varint(out: bytearray, value: int) -> None:
    """``value`` (≥ 0) appended to ``out`` seven bits a byte, the low bits first."""
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def _varints(data: bytes) -> Iterator[int]:
    """The numbers :func:`_varint` wrote."""
    value = shift = 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            yield value
            value = shift = 0
    if shift:
        raise ValueError("cut short")
