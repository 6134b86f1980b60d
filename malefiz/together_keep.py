"""What the browser keeps of this device's part in a game between devices, to resume it after a reload.

:func:`keep` writes the part as a JSON document (its dice secret among it: it never leaves the browser) and
:func:`restore` reads one back, its game replayed and checked, every channel closed: the host then makes a new
invitation for each device to reconnect.
"""

from __future__ import annotations

import binascii
from typing import Any

from .core.errors import MalefizError
from .core.fair import PART_BYTES, Chain
from .core.remote import Match, Table
from .core.setup import Games, Setup
from .invitation import STUN_HOST, Invitation, b64, unb64
from .together import Peer, Together

__all__ = ["keep", "restore"]


def keep(together: Together) -> dict[str, Any]:
    """What the browser keeps of this device's part, to resume after a reload (its dice secret among it)."""
    return {
        "v": 1,
        "role": together.role,
        "me": together.me,
        "name": together.name,
        "secret": b64(together.secret),
        "setup": together.setup.to_query(),
        "peers": [
            [d, p.seat, p.name, p.unreachable, b64(p.anchor) if p.seat is None else ""]
            for d, p in sorted(together.peers.items())
        ],
        "match": together.table.match.to_json() if together.table is not None else None,
        "invitation": together.invitation.link() if together.invitation is not None else None,
        "joined": together.joined,
        "next": b64(together.next[0]) if together.next is not None else None,
        "stun": together.stun,
        "firm": together.table.firm if together.table is not None else 0,  # what a play link added: may be lost
    }


def restore(doc: object, games: Games) -> Together:
    """The part a :func:`keep` document keeps, its game replayed and checked; every channel closed.

    Raises:
        MalefizError: for a document that is not such a part, or whose game does not check out.
    """
    try:
        assert isinstance(doc, dict) and doc.get("v") == 1
        role, me, name = doc["role"], doc["me"], str(doc["name"])
        assert role in ("host", "guest", "watcher") and (me is None or isinstance(me, int))
        setup = Setup.from_query(doc["setup"], games)
        assert setup is not None
        together = Together(role, setup, name, games, unb64(doc["secret"]))
        for device, seat, peer_name, *more in doc["peers"]:  # (kept before: no fourth, or no fifth)
            peer = Peer(int(device), seat, state="closed", name=str(peer_name), unreachable=more[:1] == [True])
            if seat is None and len(more) > 1 and more[1]:  # one who watches: the key of its part
                peer.anchor = unb64(more[1], PART_BYTES)
            together.peers[int(device)] = peer
    except (AssertionError, KeyError, TypeError, ValueError, binascii.Error):
        raise MalefizError.keyed("error.match_foreign") from None
    together.me = me
    stun = doc.get("stun", "")
    together.stun = stun if isinstance(stun, str) and STUN_HOST.fullmatch(stun) else ""
    if isinstance(doc.get("next"), str):
        secret = unb64(doc["next"])
        together.next = (secret, Chain.from_secret(secret))
    joined = doc.get("joined", "")
    together.joined = joined if isinstance(joined, str) else ""
    if isinstance(doc.get("invitation"), str):
        together.invitation, _ = Invitation.read(doc["invitation"], games)
    if doc["match"] is None:
        return together
    match = Match.from_json(doc["match"])
    together.table = Table.replay(match, games, me, together.chain if me is not None else None)
    together.table.outbox.clear()
    firm = doc.get("firm")
    if type(firm) is int:  # (a play link or another tab brought the rest: the host may never have taken it)
        together.table.firm = min(together.table.firm, firm)
    for device, peer in together.peers.items():
        if role == "host":
            together.offer(device)
        if peer.seat is not None and device < len(match.names) and not together.rematching:
            peer.anchor = match.ledger.anchors[device]
    return together
