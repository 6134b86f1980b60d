"""A WebRTC session description as a short code and back: the offer and the answer of play from afar (issue 28)
travel in an invitation link, a QR code or pasted text, with no signalling server.

A browser's description of one data channel is some 600 to 1,300 characters, most of them the same in every
description. :func:`pack` keeps what the other side needs to connect, in bytes:

- a head byte: :data:`VERSION` (high four bits), whether the SCTP numbers follow (bit 3), whether the rest is
  deflated (bit 2), and the DTLS role (bits 0 and 1, :data:`ROLES`: ``actpass`` in an offer, ``active`` or
  ``passive`` in an answer, so the role tells the type too);
- ``a=ice-ufrag`` and ``a=ice-pwd``: the length less one, then six bits a character (ICE allows only letters,
  digits, ``+`` and ``/``);
- the SHA-256 fingerprint of the DTLS certificate (32 bytes);
- ``a=sctp-port`` and ``a=max-message-size`` (6 bytes), only when they are not Chromium's (:data:`SCTP`);
- the UDP candidates, host or server-reflexive (STUN), each a form byte (:data:`FORMS`), its port and its
  address: IPv4, IPv6 or an mDNS name ``<uuid>.local``; TCP and relay candidates and other names are left out;
- a CRC-32 of all that, so that a code cut short or mistyped is told as such, not met as a connection that fails
  (it is no seal: a code is as trustworthy as the way it came);

as base64url text. The bytes after the head are deflated when that makes them shorter, which only the zeros of
IPv6 addresses do (an mDNS name, a key and a fingerprint are random bytes). :func:`unpack` checks a code
and writes the description again, as complete as a browser needs for ``setRemoteDescription``: the candidates get
fresh foundations and priorities in the order they came, the data channel's media section is always ``mid`` 0.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import zlib
from typing import Final

from ..i18n import Amount
from .errors import MalefizError

__all__ = ["MAX_CANDIDATES", "MAX_CODE", "MAX_SDP", "VERSION", "pack", "unpack"]

VERSION: Final = 1
"""The code's format, in the head byte's high four bits: a code of another version is refused as foreign."""

MAX_CODE: Final = 800
"""The longest code :func:`unpack` reads (characters): 16 IPv6 candidates fit."""

MAX_SDP: Final = 20_000
"""The longest session description :func:`pack` reads (characters)."""

MAX_CANDIDATES: Final = 16
"""Candidates a code holds at most: :func:`pack` keeps the first ones (the browser lists the best first)."""

ROLES: Final = ("actpass", "active", "passive")
"""``a=setup`` by its number in the head byte: the offerer's ``actpass``, then the answerer's choices."""

ICE_CHARS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
"""The characters of ``ice-ufrag`` and ``ice-pwd`` (RFC 8839), each packed into six bits by its place here."""

ICE_LENGTHS: Final = {"a=ice-ufrag": (4, 256), "a=ice-pwd": (22, 256)}
"""The lengths RFC 8839 allows."""

SCTP: Final = (5000, 262_144)
"""Chromium's ``a=sctp-port`` and ``a=max-message-size``: left out of a code that has them."""

FORMS: Final = {0: 4, 1: 16, 2: 16}
"""The length in bytes of a candidate's address by its form, the form byte's low two bits: 0 IPv4, 1 IPv6, 2 an
mDNS name (its UUID). Bit 2 of the form byte marks a server-reflexive candidate; the other bits are 0."""

_MDNS: Final = re.compile(r"(?i)([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local")
_CANDIDATE: Final = re.compile(r"a=candidate:\S+ 1 (?i:udp) \d+ (\S+) (\d+) typ (host|srflx)(?: .*)?")
_CODE: Final = re.compile(r"[A-Za-z0-9_-]*")


def _field(sdp: str, name: str) -> str:
    """The value of the first ``name:value`` line of ``sdp`` (``name`` with its ``a=``)."""
    match = re.search(rf"^{re.escape(name)}:(.*?)\r?$", sdp, re.MULTILINE)
    if match is None:
        raise MalefizError.keyed("error.signal_sdp", field=name)
    return match[1].strip()


def _number(sdp: str, name: str, low: int, high: int, default: int | None = None) -> int:
    """The whole number of line ``name``, from ``low`` to ``high`` (``default`` when there is no such line)."""
    if default is not None and not re.search(rf"^{name}:", sdp, re.MULTILINE):
        return default
    text = _field(sdp, name)
    if not (text.isascii() and text.isdigit() and len(text) <= 10 and low <= int(text) <= high):
        raise MalefizError.keyed("error.signal_sdp", field=name)
    return int(text)


def _ice(sdp: str, name: str) -> bytes:
    """Line ``name`` (``a=ice-ufrag`` or ``a=ice-pwd``) packed: its length less one, then six bits a character."""
    text = _field(sdp, name)
    low, high = ICE_LENGTHS[name]
    if not (low <= len(text) <= high and set(text) <= set(ICE_CHARS)):
        raise MalefizError.keyed("error.signal_sdp", field=name)
    number = 0
    for char in text:
        number = number << 6 | ICE_CHARS.index(char)
    return bytes([len(text) - 1]) + number.to_bytes((6 * len(text) + 7) // 8, "big")


def _usable(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """An address a peer can be reached at: not ``0.0.0.0`` or ``::``, not a group, no IPv6 link-local address
    (which needs the interface's name, not carried)."""
    return not (address.is_unspecified or address.is_multicast or (address.version == 6 and address.is_link_local))


def _candidate(line: str) -> bytes | None:
    """An ``a=candidate`` line packed (form byte, port, address), or None for one a code does not hold."""
    match = _CANDIDATE.fullmatch(line.strip())
    if match is None or not 0 < int(match[2]) < 65536:
        return None
    form = 4 if match[3] == "srflx" else 0
    if mdns := _MDNS.fullmatch(match[1]):
        address = bytes.fromhex("".join(mdns.groups()))
        form |= 2
    else:
        try:
            ip = ipaddress.ip_address(match[1])
        except ValueError:
            return None  # another name, or an IPv6 address with a zone
        if not _usable(ip):
            return None
        address = ip.packed
        form |= 0 if ip.version == 4 else 1
    return bytes([form]) + int(match[2]).to_bytes(2, "big") + address


def pack(sdp: str) -> str:
    """The code of a browser's session description of one data channel (an offer or an answer).

    Raises:
        MalefizError: for text that is no such description (something the other side needs is missing or
            unusable; the message names the line).
    """
    if len(sdp) > MAX_SDP:
        raise MalefizError.keyed("error.signal_sdp_long", n=Amount(len(sdp)), most=Amount(MAX_SDP))
    media = re.findall(r"^m=(.*?)\r?$", sdp, re.MULTILINE)
    if len(media) != 1 or not re.fullmatch(r"application \d+ UDP/DTLS/SCTP webrtc-datachannel", media[0]):
        raise MalefizError.keyed("error.signal_sdp", field="m=application")
    if _field(sdp, "a=mid") != "0":
        raise MalefizError.keyed("error.signal_sdp", field="a=mid")
    role = _field(sdp, "a=setup")
    if role not in ROLES:
        raise MalefizError.keyed("error.signal_sdp", field="a=setup")
    fingerprint = re.search(r"^a=fingerprint:sha-256 ((?:[0-9A-Fa-f]{2}:){31}[0-9A-Fa-f]{2})\r?$", sdp, re.M | re.I)
    if fingerprint is None:
        raise MalefizError.keyed("error.signal_sdp", field="a=fingerprint")
    sctp = (_number(sdp, "a=sctp-port", 1, 65535), _number(sdp, "a=max-message-size", 0, 2**32 - 1, 65536))
    candidates = [packed for line in sdp.splitlines() if (packed := _candidate(line)) is not None]
    body = (
        bytes([VERSION << 4 | (sctp != SCTP) << 3 | ROLES.index(role)])
        + _ice(sdp, "a=ice-ufrag")
        + _ice(sdp, "a=ice-pwd")
        + bytes.fromhex(fingerprint[1].replace(":", ""))
        + (sctp[0].to_bytes(2, "big") + sctp[1].to_bytes(4, "big") if sctp != SCTP else b"")
        + b"".join(candidates[:MAX_CANDIDATES])
    )
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = squeeze.compress(body[1:]) + squeeze.flush()
    if len(deflated) < len(body) - 1:
        body = bytes([body[0] | 0x04]) + deflated
    data = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _impossible(field: str, got: object) -> MalefizError:
    """The error for a code whose bytes are whole but say what no browser writes (made by hand, not mistyped)."""
    return MalefizError.keyed("error.signal_value", field=field, got=str(got))


class _Reader:
    """The bytes of a code after its head, read from the front."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def more(self) -> bool:
        return self.at < len(self.data)

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise MalefizError.keyed("error.signal_cut")
        self.at += n
        return self.data[self.at - n : self.at]

    def number(self, n: int) -> int:
        return int.from_bytes(self.take(n), "big")

    def ice(self, name: str) -> str:
        """An ``ice-ufrag`` or ``ice-pwd``: its length less one, then six bits a character."""
        n = self.number(1) + 1
        number = self.number((6 * n + 7) // 8)
        if n < ICE_LENGTHS[name][0] or number >> 6 * n:
            raise _impossible(name, n)
        return "".join(ICE_CHARS[number >> 6 * k & 63] for k in reversed(range(n)))

    def candidate(self, n: int) -> str:
        """The ``n``-th candidate (from 1) as an ``a=candidate`` line: foundation ``n``, a priority by its place."""
        form, port = self.number(1), self.number(2)
        if form & ~7 or form & 3 not in FORMS or port == 0:
            raise _impossible("a=candidate", f"{form}/{port}")
        raw = self.take(FORMS[form & 3])
        if form & 3 == 2:
            address = f"{raw[:4].hex()}-{raw[4:6].hex()}-{raw[6:8].hex()}-{raw[8:10].hex()}-{raw[10:].hex()}.local"
        elif _usable(ip := ipaddress.ip_address(raw)):
            address = str(ip)
        else:
            raise _impossible("a=candidate", ip)
        kind = "srflx raddr 0.0.0.0 rport 0" if form & 4 else "host"
        priority = (100 if form & 4 else 126) << 24 | (65535 - n) << 8 | 255
        return f"a=candidate:{n} 1 udp {priority} {address} {port} typ {kind}"


def _bytes(code: str) -> bytes:
    """The bytes of a code, checked whole (its version and CRC-32); the head's deflated rest inflated."""
    code = code.strip()
    if len(code) > MAX_CODE:
        raise MalefizError.keyed("error.signal_long", n=Amount(len(code)), most=Amount(MAX_CODE))
    if not _CODE.fullmatch(code):
        raise MalefizError.keyed("error.signal_foreign")
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise MalefizError.keyed("error.signal_cut") from None
    if data and data[0] >> 4 != VERSION:
        raise MalefizError.keyed("error.signal_foreign")
    # A changed last character can leave the bytes as they were (base64's spare bits): only the one spelling counts.
    canonical = base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii") == code
    if len(data) < 5 or not canonical or zlib.crc32(data[:-4]).to_bytes(4, "big") != data[-4:]:
        raise MalefizError.keyed("error.signal_cut")
    if not data[0] & 0x04:
        return data[:-4]
    inflate = zlib.decompressobj(-15)
    try:
        rest = inflate.decompress(data[1:-4], MAX_CODE)
    except zlib.error:
        raise _impossible("deflate", len(data) - 5) from None
    if not inflate.eof or inflate.unconsumed_tail or inflate.unused_data:
        raise _impossible("deflate", len(data) - 5)
    return data[:1] + rest


def unpack(code: str) -> tuple[str, str]:
    """The type (``"offer"`` or ``"answer"``) and the session description of a :func:`pack` code.

    Raises:
        MalefizError: for text that is no such code: too long, foreign, cut short or changed, or holding values
            no browser writes.
    """
    data = _bytes(code)
    head, read = data[0], _Reader(data[1:])
    if head & 3 == 3:
        raise _impossible("a=setup", 3)
    ufrag, pwd = read.ice("a=ice-ufrag"), read.ice("a=ice-pwd")
    fingerprint = ":".join(f"{byte:02X}" for byte in read.take(32))
    sctp = (read.number(2), read.number(4)) if head & 0x08 else SCTP
    if sctp[0] == 0:
        raise _impossible("a=sctp-port", 0)
    candidates: list[str] = []
    while read.more():
        if len(candidates) == MAX_CANDIDATES:
            raise _impossible("a=candidate", f"> {MAX_CANDIDATES}")
        candidates.append(read.candidate(len(candidates) + 1))
    role = ROLES[head & 3]
    lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS"]
    lines += ["m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0", *candidates]
    lines += [f"a=ice-ufrag:{ufrag}", f"a=ice-pwd:{pwd}", f"a=fingerprint:sha-256 {fingerprint}"]
    lines += [f"a=setup:{role}", "a=mid:0", f"a=sctp-port:{sctp[0]}", f"a=max-message-size:{sctp[1]}"]
    return ("offer" if role == "actpass" else "answer"), "\r\n".join(lines) + "\r\n"
