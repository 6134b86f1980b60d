"""Session descriptions as short codes (malefiz.core.signal): the descriptions below are real ones, made by this
machine's Chromium 156 (two browser contexts, a data channel each); every way a code can be broken is refused."""

from __future__ import annotations

import base64
import re
import zlib

import pytest

from malefiz.core.errors import MalefizError
from malefiz.core.signal import MAX_CANDIDATES, MAX_CODE, MAX_SDP, pack, unpack
from malefiz.i18n import Translator


def sdp(*lines: str) -> str:
    """A session description from its lines (a browser ends each with CRLF)."""
    return "".join(line + "\r\n" for line in lines)


MDNS_OFFER = sdp(
    "v=0",
    "o=- 5252144779468733844 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=extmap-allow-mixed",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    "a=candidate:2773070887 1 udp 2113937151 03da2773-a02f-4a38-ac76-912442b66472.local 34816 typ host "
    "generation 0 network-cost 999",
    "a=candidate:2721831063 1 udp 2113942271 49373d42-6bc1-453f-bb0c-11439e1b0727.local 35378 typ host "
    "generation 0 network-cost 999",
    "a=ice-ufrag:DP8N",
    "a=ice-pwd:oGVJtWMMRoujRt2DpMGOzNgW",
    "a=ice-options:trickle",
    "a=fingerprint:sha-256 "
    "DE:38:08:E9:92:5F:B2:99:FC:EA:99:66:26:DF:06:4C:AD:A0:2C:5E:A4:B1:45:C8:DC:CA:A9:5B:51:C6:9E:91",
    "a=setup:actpass",
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
)
"""An offer as a page allowed no camera makes it: its addresses behind mDNS names."""


MDNS_ANSWER = sdp(
    "v=0",
    "o=- 754130869688932677 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=extmap-allow-mixed",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    "a=candidate:22587103 1 udp 2113937151 03da2773-a02f-4a38-ac76-912442b66472.local 54670 typ host "
    "generation 0 network-cost 999",
    "a=candidate:3393087295 1 udp 2113942271 49373d42-6bc1-453f-bb0c-11439e1b0727.local 37069 typ host "
    "generation 0 network-cost 999",
    "a=ice-ufrag:v910",
    "a=ice-pwd:HPDZaPn0zjSHMftIT72uQu+q",
    "a=ice-options:trickle",
    "a=fingerprint:sha-256 "
    "EC:C4:77:85:95:8D:ED:86:63:DC:EB:31:B4:E5:C0:6E:5F:26:11:B8:1C:6A:35:C2:86:5A:F3:A3:F9:76:15:9B",
    "a=setup:active",
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
)
"""The answer to it, from a second browser context."""


ENUMERATED_OFFER = sdp(
    "v=0",
    "o=- 9208297824608499750 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=extmap-allow-mixed",
    "a=msid-semantic: WMS",
    "m=application 42063 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 127.0.0.1",
    "a=candidate:2590802188 1 udp 2122194687 127.0.0.1 42063 typ host generation 0 network-id 3 network-cost 50",
    "a=candidate:877731456 1 udp 2122063615 192.0.2.2 44800 typ host generation 0 network-id 1",
    "a=candidate:3077920215 1 udp 2122267903 ::1 54792 typ host generation 0 network-id 4 network-cost 50",
    "a=candidate:857961008 1 udp 2122134271 fd00::2 56280 typ host generation 0 network-id 2",
    "a=candidate:3835913108 1 tcp 1518214911 127.0.0.1 9 typ host tcptype active generation 0 network-id "
    "3 network-cost 50",
    "a=candidate:1251933208 1 tcp 1518083839 192.0.2.2 9 typ host tcptype active generation 0 network-id 1",
    "a=candidate:3384457039 1 tcp 1518288127 ::1 9 typ host tcptype active generation 0 network-id 4 network-cost 50",
    "a=candidate:1307349160 1 tcp 1518154495 fd00::2 9 typ host tcptype active generation 0 network-id 2",
    "a=ice-ufrag:XzoX",
    "a=ice-pwd:rnP6f07wAawV8U+iTGjYUnFT",
    "a=ice-options:trickle",
    "a=fingerprint:sha-256 "
    "20:5A:2E:9B:9B:51:39:F3:3E:82:E4:69:8D:EB:BD:D5:E5:2E:A4:B1:BF:C5:34:61:A3:D5:8F:79:97:27:39:E7",
    "a=setup:actpass",
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
)
"""An offer with the addresses themselves (a page allowed the camera, and
--allow-loopback-in-peer-connection): IPv4 and IPv6, loopback among them, and TCP candidates (a code leaves
those out)."""


STUN_OFFER = sdp(
    "v=0",
    "o=- 644205757082005419 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=extmap-allow-mixed",
    "a=msid-semantic: WMS",
    "m=application 40000 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 203.0.113.7",
    "a=candidate:547341566 1 udp 2113937151 0301d40c-3225-4d17-968d-939261d9bcaa.local 50738 typ host "
    "generation 0 network-cost 999",
    "a=candidate:3958965534 1 udp 2113942271 f9b81556-52ee-4709-82ad-afefd78158a9.local 40102 typ host "
    "generation 0 network-cost 999",
    "a=candidate:987462989 1 udp 1677729535 203.0.113.7 40000 typ srflx raddr 0.0.0.0 rport 0 generation "
    "0 network-cost 999",
    "a=ice-ufrag:+CkE",
    "a=ice-pwd:SaO7Sc1J1MRgq8z40r4lbZJ6",
    "a=ice-options:trickle",
    "a=fingerprint:sha-256 "
    "52:F2:02:30:08:99:FC:90:52:C1:6D:B2:33:4E:87:E8:C3:49:2B:B4:27:C7:3A:DD:07:DD:E0:D0:9E:17:15:B2",
    "a=setup:actpass",
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
)
"""An offer with a STUN server (a stand-in on 127.0.0.1 that answered 203.0.113.7:40000): a server-reflexive
candidate."""

BROWSER_SDPS = {
    "mdns offer": MDNS_OFFER,
    "mdns answer": MDNS_ANSWER,
    "enumerated": ENUMERATED_OFFER,
    "stun": STUN_OFFER,
}


def candidates(description: str) -> list[tuple[str, str, str]]:
    """The UDP candidates of a description: (address, port, type)."""
    found = re.findall(r"^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (\w+)", description, re.MULTILINE)
    return [(address, port, kind) for address, port, kind in found]


def field(description: str, name: str) -> str:
    match = re.search(rf"^{name}:(.*)\r$", description, re.MULTILINE)
    assert match, name
    return match[1]


def error_of(make: object) -> MalefizError:
    with pytest.raises(MalefizError) as caught:
        make()  # type: ignore[operator]
    return caught.value


def code_of(body: bytes) -> str:
    """A code with ``body`` as its bytes (before the CRC-32): whole, whatever it says."""
    data = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def body_of(code: str) -> bytes:
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    return data[:-4]


# Round trips


@pytest.mark.parametrize("name", BROWSER_SDPS)
def test_a_browser_description_comes_back_with_all_a_connection_needs(name: str) -> None:
    original = BROWSER_SDPS[name]
    kind, rebuilt = unpack(pack(original))
    assert kind == ("answer" if "answer" in name else "offer")
    for line in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup", "a=mid", "a=sctp-port", "a=max-message-size"):
        assert field(rebuilt, line) == field(original, line), line
    assert candidates(rebuilt) == candidates(original)  # the UDP ones, in their order; TCP ones are left out
    assert "tcp" not in rebuilt.lower().replace("udp/dtls/sctp", "")
    assert rebuilt.endswith("\r\n") and "\n" not in rebuilt.replace("\r\n", "")
    assert pack(rebuilt) == pack(original)  # what unpack writes packs to the same code


def test_the_rebuilt_description_is_a_whole_data_channel_description() -> None:
    _, rebuilt = unpack(pack(STUN_OFFER))
    lines = rebuilt.split("\r\n")
    assert lines[:8] == [
        "v=0",
        "o=- 1 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    assert lines[8:11] == [
        "a=candidate:1 1 udp 2130706175 0301d40c-3225-4d17-968d-939261d9bcaa.local 50738 typ host",
        "a=candidate:2 1 udp 2130705919 f9b81556-52ee-4709-82ad-afefd78158a9.local 40102 typ host",
        "a=candidate:3 1 udp 1694498047 203.0.113.7 40000 typ srflx raddr 0.0.0.0 rport 0",
    ]


def test_codes_are_short() -> None:
    sizes = {name: len(pack(description)) for name, description in BROWSER_SDPS.items()}
    print("code sizes (characters):", sizes, "from", {n: len(d) for n, d in BROWSER_SDPS.items()})
    assert all(size < 150 for size in sizes.values()), sizes
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+", pack(d)) for d in BROWSER_SDPS.values())  # safe in a URL as it is
    many = "".join(f"a=candidate:{n} 1 udp 1 fd00::{n + 1:x} {40000 + n} typ host\r\n" for n in range(16))
    assert len(pack(ENUMERATED_OFFER + many)) < 300  # sixteen IPv6 candidates: deflated, well inside MAX_CODE


def test_only_the_zeros_of_ipv6_are_worth_deflating() -> None:
    assert body_of(pack(ENUMERATED_OFFER))[0] & 0x04  # ::1 and fd00::2 are mostly zeros
    assert not body_of(pack(MDNS_OFFER))[0] & 0x04  # names, key and fingerprint look random: kept as they are


def test_other_sctp_numbers_travel_and_a_missing_largest_message_is_rfc_8841s_64_kb() -> None:
    firefox_like = MDNS_OFFER.replace("a=max-message-size:262144", "a=max-message-size:1073741823")
    assert field(unpack(pack(firefox_like))[1], "a=max-message-size") == "1073741823"
    assert len(pack(firefox_like)) == len(pack(MDNS_OFFER)) + 8  # six more bytes
    missing = MDNS_OFFER.replace("a=max-message-size:262144\r\n", "")
    assert field(unpack(pack(missing))[1], "a=max-message-size") == "65536"


def test_line_ends_upper_case_udp_and_surrounding_spaces_do_not_matter() -> None:
    text = MDNS_OFFER.replace("\r\n", "\n").replace(" udp ", " UDP ")
    assert pack(text) == pack(MDNS_OFFER)
    code = pack(MDNS_OFFER)
    assert unpack(f"  {code}\n") == unpack(code)


def test_a_code_keeps_the_first_candidates_and_leaves_out_what_it_cannot_carry() -> None:
    many = "".join(f"a=candidate:{n} 1 udp 1 10.0.0.{n + 1} {40000 + n} typ host\r\n" for n in range(20))
    odd = (
        "a=candidate:1 1 udp 1 relay.example.org 3478 typ relay raddr 0.0.0.0 rport 0\r\n"
        "a=candidate:2 1 udp 1 printer.example.org 5000 typ host\r\n"
        "a=candidate:3 1 udp 1 fe80::1%eth0 5000 typ host\r\n"
        "a=candidate:4 1 udp 1 0.0.0.0 5000 typ host\r\n"
        "a=candidate:5 1 udp 1 224.0.0.1 5000 typ host\r\n"
        "a=candidate:6 1 udp 1 10.0.0.1 0 typ host\r\n"
        "a=candidate:7 2 udp 1 10.0.0.1 5001 typ host\r\n"
    )
    kept = candidates(unpack(pack(MDNS_OFFER.replace("a=ice-ufrag", odd + many + "a=ice-ufrag", 1)))[1])
    assert len(kept) == MAX_CANDIDATES
    assert [address for address, _, _ in kept[2:]] == [f"10.0.0.{n + 1}" for n in range(MAX_CANDIDATES - 2)]


# What pack refuses: no description of a data channel


def without(line: str, description: str = MDNS_OFFER) -> str:
    return re.sub(rf"^{line}.*\r\n", "", description, flags=re.MULTILINE)


NOT_A_DESCRIPTION = {
    "empty": ("", "m=application"),
    "audio": (
        MDNS_OFFER.replace("m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "m=audio 9 UDP/TLS/RTP/SAVPF 111"),
        "m=application",
    ),
    "two sections": (MDNS_OFFER + "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n", "m=application"),
    "no mid": (without("a=mid"), "a=mid"),
    "mid 1": (MDNS_OFFER.replace("a=mid:0", "a=mid:1"), "a=mid"),
    "no setup": (without("a=setup"), "a=setup"),
    "holdconn": (MDNS_OFFER.replace("a=setup:actpass", "a=setup:holdconn"), "a=setup"),
    "sha-1 only": (MDNS_OFFER.replace("sha-256 DE:38:08:E9:92:5F:B2:99:FC:EA:", "sha-1 "), "a=fingerprint"),
    "short fingerprint": (MDNS_OFFER.replace("DE:38:08:", ""), "a=fingerprint"),
    "no ufrag": (without("a=ice-ufrag"), "a=ice-ufrag"),
    "short ufrag": (MDNS_OFFER.replace("a=ice-ufrag:DP8N", "a=ice-ufrag:DP8"), "a=ice-ufrag"),
    "odd ufrag": (MDNS_OFFER.replace("a=ice-ufrag:DP8N", "a=ice-ufrag:DP8N-"), "a=ice-ufrag"),
    "short pwd": (MDNS_OFFER.replace("a=ice-pwd:oGVJtWMMRoujRt2DpMGOzNgW", "a=ice-pwd:oGVJ"), "a=ice-pwd"),
    "long pwd": (MDNS_OFFER.replace("a=ice-pwd:oGVJtWMMRoujRt2DpMGOzNgW", "a=ice-pwd:" + "x" * 257), "a=ice-pwd"),
    "no sctp-port": (without("a=sctp-port"), "a=sctp-port"),
    "sctp-port too big": (MDNS_OFFER.replace("a=sctp-port:5000", "a=sctp-port:65536"), "a=sctp-port"),
    "sctp-port 0": (MDNS_OFFER.replace("a=sctp-port:5000", "a=sctp-port:0"), "a=sctp-port"),
    "superscript": (MDNS_OFFER.replace("a=sctp-port:5000", "a=sctp-port:5000²"), "a=sctp-port"),
    "huge message": (MDNS_OFFER.replace("262144", "99999999999"), "a=max-message-size"),
    "negative message": (MDNS_OFFER.replace("262144", "-1"), "a=max-message-size"),
}


@pytest.mark.parametrize("name", NOT_A_DESCRIPTION)
def test_pack_refuses_what_is_no_description_of_a_data_channel(name: str) -> None:
    description, line = NOT_A_DESCRIPTION[name]
    error = error_of(lambda: pack(description))
    assert error.key == "error.signal_sdp" and error.values == {"field": line}
    assert str(error) == f"Connection: the browser's session description has no usable {line}"


def test_pack_refuses_a_description_too_long_to_be_a_browsers() -> None:
    error = error_of(lambda: pack(MDNS_OFFER + "a=x\r\n" * MAX_SDP))
    assert error.key == "error.signal_sdp_long"


# What unpack refuses: too long, foreign, cut short, changed, impossible


def test_a_code_too_long_is_refused_before_it_is_read() -> None:
    error = error_of(lambda: unpack("A" * (MAX_CODE + 1)))
    assert error.key == "error.signal_long"
    assert str(error) == f"Connection code: too long ({MAX_CODE + 1:,} characters; at most {MAX_CODE:,})"


@pytest.mark.parametrize(
    "text",
    [
        "not a code!",  # a space and "!" are no base64url
        "EAOOY8YXth3mO16qPH2a9ZN8tzsRa2PZx+4z1W4r",  # "+" is plain base64, never in a code
        "https://example.org/#EAOOY8YX",
        base64.urlsafe_b64encode(b'{"type":"offer","sdp":"v=0"}').decode().rstrip("="),  # someone else's JSON
        code_of(bytes([0x20]) + body_of(pack(MDNS_OFFER))[1:]),  # a later version
    ],
)
def test_a_foreign_text_is_told_as_no_code_of_this_site(text: str) -> None:
    assert error_of(lambda: unpack(text)).key == "error.signal_foreign"


def test_a_code_cut_short_anywhere_is_refused() -> None:
    code = pack(STUN_OFFER)
    for end in range(len(code)):
        assert error_of(lambda end=end: unpack(code[:end])).key == "error.signal_cut", end


def test_a_code_with_any_character_changed_is_refused() -> None:
    code = pack(MDNS_OFFER)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for at, char in enumerate(code):
        for other in alphabet.replace(char, "")[::7]:
            changed = code[:at] + other + code[at + 1 :]
            key = error_of(lambda changed=changed: unpack(changed)).key
            assert key in {"error.signal_cut", "error.signal_foreign"}, (at, other, key)


def test_extra_characters_are_refused() -> None:
    code = pack(MDNS_OFFER)
    for extra in ("A", "AA", "AAA", "AAAA"):
        assert error_of(lambda extra=extra: unpack(code + extra)).key == "error.signal_cut"


HEAD = body_of(pack(MDNS_OFFER))
"""A whole code's bytes: head 0x10 (an offer, Chromium's SCTP numbers), ufrag, pwd, fingerprint, two mDNS names."""
HEAD_END = 1 + 4 + 1 + 18 + 32
"""Where the candidates start in it."""


def test_the_bytes_of_a_code_are_what_the_module_says() -> None:
    assert HEAD[0] == 0x10 and len(HEAD) == HEAD_END + 2 * 19
    assert unpack(code_of(HEAD)) == unpack(pack(MDNS_OFFER))


IMPOSSIBLE = {
    "role 3": (bytes([0x13]) + HEAD[1:], "a=setup"),
    "ufrag of 3": (HEAD[:1] + bytes([2, 0, 0, 0]) + HEAD[4:], "a=ice-ufrag"),
    "ufrag's spare bits": (HEAD[:1] + bytes([4, 0xFF, 0xFF, 0xFF, 0xFF]) + HEAD[5:], "a=ice-ufrag"),  # 5 in 4 bytes
    "sctp-port 0": (bytes([0x18]) + HEAD[1:HEAD_END] + bytes(6) + HEAD[HEAD_END:], "a=sctp-port"),
    "form 3": (HEAD[:HEAD_END] + bytes([3]) + HEAD[HEAD_END + 1 :], "a=candidate"),
    "form's high bits": (HEAD[:HEAD_END] + bytes([0x82]) + HEAD[HEAD_END + 1 :], "a=candidate"),
    "port 0": (HEAD[:HEAD_END] + bytes([0, 0, 0]) + bytes(4), "a=candidate"),
    "address 0.0.0.0": (HEAD[:HEAD_END] + bytes([0, 0x13, 0x88]) + bytes(4), "a=candidate"),
    "multicast": (HEAD[:HEAD_END] + bytes([1, 0x13, 0x88, 0xFF]) + bytes(15), "a=candidate"),
    "17 candidates": (HEAD[:HEAD_END] + bytes([0, 0x13, 0x88, 10, 0, 0, 1]) * 17, "a=candidate"),
    "not deflate": (bytes([0x14]) + bytes([0xFF] * 20), "deflate"),
    "deflate and more": (
        bytes([0x14]) + zlib.compress(HEAD[1:])[2:-4] + b"more",  # a raw deflate stream, then bytes after its end
        "deflate",
    ),
}


@pytest.mark.parametrize("name", IMPOSSIBLE)
def test_a_whole_code_saying_what_no_browser_writes_is_refused(name: str) -> None:
    body, line = IMPOSSIBLE[name]
    error = error_of(lambda: unpack(code_of(body)))
    assert error.key == "error.signal_value" and error.values["field"] == line, error


def test_a_code_that_inflates_beyond_any_code_is_refused() -> None:
    squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
    bomb = squeeze.compress(HEAD[1:HEAD_END] + bytes([0, 0x13, 0x88, 10, 0, 0, 1]) * 5_000) + squeeze.flush()
    assert len(code_of(bytes([0x14]) + bomb)) < MAX_CODE
    assert error_of(lambda: unpack(code_of(bytes([0x14]) + bomb))).values["field"] == "deflate"


def test_a_code_whose_bytes_end_inside_a_field_is_cut() -> None:
    for end in (1, 3, 20, HEAD_END - 1, HEAD_END + 2, len(HEAD) - 1):
        assert error_of(lambda end=end: unpack(code_of(HEAD[:end]))).key == "error.signal_cut", end


@pytest.mark.parametrize(
    "make",
    [
        lambda: unpack("x" * 900),
        lambda: unpack("no code"),
        lambda: unpack(pack(MDNS_OFFER)[:-3]),
        lambda: unpack(code_of(bytes([0x13]) + HEAD[1:])),
        lambda: pack("v=0\r\n"),
        lambda: pack("x" * (MAX_SDP + 1)),
    ],
)
def test_every_error_is_told_in_german_too(make: object) -> None:
    error = error_of(make)
    english, german = Translator("en").error(error), Translator("de").error(error)
    assert english == str(error) and german != english and "{" not in german
    assert german.startswith(("Verbindungscode: ", "Verbindung: "))
