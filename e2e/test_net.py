"""Play from afar's transport (issue 28): WebRTC data channels between browser contexts of this machine (each one
a device with its own storage), the session descriptions carried as malefiz.core.signal's codes, as links will
carry them.

The traffic stays on this machine. The site runs in test mode (``net=loopback``: web/net.js offers only candidates
on 127.0.0.1); Chromium runs with ``--allow-loopback-in-peer-connection`` (e2e/conftest.py), without which it
gathers none there; and each device's page is allowed the camera and the microphone, which it never uses: only
then does Chromium list the machine's network interfaces (loopback among them, with that flag). A page allowed no
camera, as a player's is, gathers on the default route's interface alone, behind mDNS names that Chromium
announces on the network by multicast: not in these tests (tests/core/test_signal.py packs such offers).

Test mode keeps what a device offers on 127.0.0.1; it cannot keep Chromium from checking the peer's 127.0.0.1
candidates from its sockets on the machine's other addresses too (those packets stay on the loopback interface,
and ICE may choose such a pair).
"""

from __future__ import annotations

import socket
import statistics
import struct
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Error, Page, Route
from site_page import Watch

from malefiz.core.signal import pack, unpack

LOOPBACK = "?net=loopback"
DEVICE = ["camera", "microphone"]
"""The permissions of a device's page in these tests (see above)."""

KEEPER = """
() => {
  window.peers = {};
  window.inbox = {};
  window.ended = {};
  // Keep a new connection by name: what it receives goes to inbox[name], its closing to ended[name].
  window.keep = (name, made) => {
    peers[name] = made.peer;
    inbox[name] = [];
    made.peer.onmessage = (text) => inbox[name].push(text);
    made.peer.onclose = () => { ended[name] = performance.now(); };
    return made.sdp;
  };
}
"""
OFFER = "(name) => MalefizNet.offer().then((made) => keep(name, made))"
ANSWER = "([name, sdp]) => MalefizNet.answer(sdp).then((made) => keep(name, made))"
ACCEPT = "([name, sdp]) => peers[name].accept(sdp)"
IS_OPEN = "(name) => peers[name].state === 'open'"
SEND = "([name, texts]) => texts.forEach((text) => peers[name].send(text))"
INBOX = "(name) => inbox[name]"
HAS = "([name, n]) => inbox[name].length >= n"
ECHO = "(name) => { peers[name].onmessage = (text) => peers[name].send(text); }"
ROUND_TRIPS = """
async ([name, n]) => {
  const peer = peers[name];
  const times = [];
  for (let i = 0; i < n; i++) {
    const back = new Promise((resolve) => { peer.onmessage = resolve; });
    const start = performance.now();
    peer.send("ping " + i);
    const text = await back;
    times.push(performance.now() - start);
    if (text !== "ping " + i) throw new Error("out of order: " + text);
  }
  peer.onmessage = (text) => inbox[name].push(text);
  return times;
}
"""
REMOTE_CANDIDATES = """
async (name) => {
  const stats = await peers[name].connection.getStats();
  const found = [];
  stats.forEach((report) => {
    if (report.type === "remote-candidate") found.push([report.candidateType, report.address || ""]);
  });
  return found;
}
"""


def watched(page: Page, watch: Watch) -> None:
    """Requests outside 127.0.0.1 aborted and recorded, errors recorded (as conftest's ``page`` does)."""

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            watch.outside.append(route.request.url)
            route.abort()

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            watch.errors.append(f"console: {message.text}")

    def page_error(error: Error) -> None:
        watch.errors.append(f"page error: {error}")

    page.context.route("**/*", guard)
    page.on("console", console)
    page.on("pageerror", page_error)


@pytest.fixture
def devices(browser: Browser, site_url: str, watch: Watch) -> Iterator[Callable[..., Page]]:
    """Open the site on a new device: ``device(query, permissions, returns)``; every device is closed at the end.

    A device that ``returns`` (opens the site again later) keeps it as a person's browser does: the service worker
    fetches the whole site once the page is ready, and the pages opened after that start from the memory snapshot
    (a plain start costs this machine about 5 s of processor time, a restored one under 2). Otherwise there is no
    service worker: its fetch of the whole site would be work for nothing."""
    contexts: list[BrowserContext] = []

    def device(query: str = LOOPBACK, permissions: list[str] = DEVICE, returns: bool = False) -> Page:
        context = browser.new_context(permissions=permissions, service_workers="allow" if returns else "block")
        contexts.append(context)
        page = context.new_page()
        watched(page, watch)
        page.set_default_timeout(60_000)
        page.goto(site_url + query)
        page.wait_for_selector("html[data-ready]")  # Python started: the device is as idle as a player's
        page.evaluate(KEEPER)
        return page

    yield device
    for context in contexts:
        context.close()


def connect(host: Page, guest: Page, name: str) -> tuple[str, str]:
    """Connect a new connection ``name`` of ``host`` with one of ``guest``, the descriptions carried as codes;
    wait until both are open; return the two codes."""
    offer = pack(host.evaluate(OFFER, name))
    kind, offer_sdp = unpack(offer)
    assert kind == "offer"
    answer = pack(guest.evaluate(ANSWER, [name, offer_sdp]))
    kind, answer_sdp = unpack(answer)
    assert kind == "answer"
    host.evaluate(ACCEPT, [name, answer_sdp])
    host.wait_for_function(IS_OPEN, arg=name)
    guest.wait_for_function(IS_OPEN, arg=name)
    return offer, answer


def messages(page: Page, name: str, n: int) -> list[str]:
    """The first ``n`` messages connection ``name`` of ``page`` received, once it has them."""
    page.wait_for_function(HAS, arg=[name, n])
    texts: list[str] = page.evaluate(INBOX, name)
    return texts


def test_two_devices_connect_over_loopback_and_talk_both_ways_in_order(
    devices: Callable[..., Page], watch: Watch
) -> None:
    host, guest = devices(), devices()
    offer, answer = connect(host, guest, "a")
    print(f"\ncodes: offer {len(offer)} characters, answer {len(answer)}")
    assert len(offer) < 200 and len(answer) < 200
    for page in (host, guest):
        remote = page.evaluate(REMOTE_CANDIDATES, "a")
        assert remote and all(kind == "prflx" or address == "127.0.0.1" for kind, address in remote), remote
    # Messages arrive in the order sent, both ways, a long one whole (a game record).
    record = "".join(chr(ord("a") + i % 26) for i in range(200_000))
    host.evaluate(SEND, ["a", [f"h{i}" for i in range(100)] + [record, "ü ∑ 🎲"]])
    guest.evaluate(SEND, ["a", [f"g{i}" for i in range(100)]])
    assert messages(guest, "a", 102) == [f"h{i}" for i in range(100)] + [record, "ü ∑ 🎲"]
    assert messages(host, "a", 100) == [f"g{i}" for i in range(100)]
    # There and back: 50 messages, one at a time (measured in the page, not through Playwright).
    guest.evaluate(ECHO, "a")
    times = host.evaluate(ROUND_TRIPS, ["a", 50])
    print(f"round trip over the data channel: median {statistics.median(times):.2f} ms, max {max(times):.2f} ms")
    # Closing one side closes the other.
    guest.evaluate("(name) => peers[name].close()", "a")
    host.wait_for_function("(name) => ended[name] !== undefined && peers[name].state === 'closed'", arg="a")
    assert guest.evaluate("(name) => [peers[name].state, ended[name] !== undefined]", "a") == ["closed", True]
    watch.assert_clean()


def test_a_host_holds_two_guests_at_once(devices: Callable[..., Page], watch: Watch) -> None:
    host, first, second = devices(), devices(), devices()
    connect(host, first, "first")
    connect(host, second, "second")
    host.evaluate(SEND, ["first", ["to the first"]])
    host.evaluate(SEND, ["second", ["to the second"]])
    first.evaluate(SEND, ["first", ["from the first"]])
    second.evaluate(SEND, ["second", ["from the second"]])
    assert messages(first, "first", 1) == ["to the first"]
    assert messages(second, "second", 1) == ["to the second"]
    assert messages(host, "first", 1) == ["from the first"]
    assert messages(host, "second", 1) == ["from the second"]
    # The first guest leaves: the host's connection to it closes, the other goes on.
    first.evaluate("(name) => peers[name].close()", "first")
    host.wait_for_function("(name) => ended[name] !== undefined", arg="first")
    assert host.evaluate("[peers.first.state, peers.second.state]") == ["closed", "open"]
    second.evaluate(SEND, ["second", ["still here"]])
    assert messages(host, "second", 2) == ["from the second", "still here"]
    # The host closes the other: the second guest hears of it.
    host.evaluate("(name) => peers[name].close()", "second")
    second.wait_for_function("(name) => ended[name] !== undefined", arg="second")
    assert second.evaluate("(name) => peers[name].state", "second") == "closed"
    assert messages(first, "first", 1) == ["to the first"]  # nothing crossed over
    watch.assert_clean()


def test_five_connections_at_once_keep_their_messages_apart(devices: Callable[..., Page], watch: Watch) -> None:
    host, guest = devices(), devices()
    names = [f"seat{n}" for n in range(1, 6)]
    for name in names:
        connect(host, guest, name)
    for name in names:
        host.evaluate(SEND, [name, [f"{name} from the host"]])
        guest.evaluate(SEND, [name, [f"{name} from the guest"]])
    for name in names:
        assert messages(guest, name, 1) == [f"{name} from the host"]
        assert messages(host, name, 1) == [f"{name} from the guest"]
    watch.assert_clean()


def candidate_lines(sdp: str) -> list[str]:
    return [line for line in sdp.split("\r\n") if line.startswith("a=candidate:")]


GATHERED = "(name) => peers[name].connection.localDescription.sdp"
"""Every candidate ICE gathered (before test mode kept those on 127.0.0.1)."""


def test_without_a_stun_server_ice_asks_no_server(devices: Callable[..., Page], watch: Watch) -> None:
    tested = devices()
    lines = candidate_lines(tested.evaluate(OFFER, "a"))
    assert lines and all(line.split(" ")[4] == "127.0.0.1" and " typ host" in line for line in lines), lines
    gathered = candidate_lines(tested.evaluate(GATHERED, "a"))
    assert len(gathered) > len(lines) and all(" typ host" in line for line in gathered), gathered
    assert tested.evaluate("(name) => peers[name].connection.getConfiguration().iceServers", "a") == []
    refused = tested.evaluate(
        "() => MalefizNet.offer({stun: 'https://stun.example.org/'}).then(() => 'made', (error) => error.message)"
    )
    assert refused == "not a STUN server: https://stun.example.org/"
    watch.assert_clean()


@contextmanager
def stun_stand_in(mapped: tuple[str, int]) -> Iterator[tuple[int, list[bytes]]]:
    """A STUN server on 127.0.0.1 (its port, and the requests it answered) that tells every asker it is seen at
    ``mapped`` (RFC 5389: a Binding response with an XOR-MAPPED-ADDRESS)."""
    server = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    server.bind(("127.0.0.1", 0))
    server.settimeout(0.1)
    asked: list[bytes] = []
    running = True

    def answer() -> None:
        cookie = 0x2112A442
        address = bytes(a ^ b for a, b in zip(socket.inet_aton(mapped[0]), cookie.to_bytes(4, "big"), strict=True))
        attribute = struct.pack("!HHBBH", 0x0020, 8, 0, 1, mapped[1] ^ cookie >> 16) + address
        while running:
            try:
                request, asker = server.recvfrom(2048)
            except TimeoutError:
                continue
            if request[:2] == b"\x00\x01" and len(request) >= 20:
                asked.append(request)
                server.sendto(struct.pack("!HHI", 0x0101, len(attribute), cookie) + request[8:20] + attribute, asker)

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1], asked
    finally:
        running = False
        thread.join()
        server.close()


def test_a_stun_server_is_asked_only_when_named(devices: Callable[..., Page], watch: Watch) -> None:
    tested = devices()
    with stun_stand_in(("203.0.113.7", 40000)) as (port, asked):
        sdp = tested.evaluate(
            "([name, stun]) => MalefizNet.offer({stun}).then((made) => keep(name, made))",
            ["a", f"stun:127.0.0.1:{port}"],
        )
    assert asked  # ICE asked the server named, and only once it was named
    gathered = tested.evaluate(GATHERED, "a")
    assert " 203.0.113.7 40000 typ srflx" in gathered
    assert "srflx" not in sdp  # test mode: 127.0.0.1 only
    servers = tested.evaluate("(name) => peers[name].connection.getConfiguration().iceServers", "a")
    assert [server["urls"] for server in servers] == [[f"stun:127.0.0.1:{port}"]]
    watch.assert_clean()


FINDER = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"]
"""A QR code's finder pattern, dark modules as 1."""

DRAWN = """
async (svg) => {
  // Shown in a box 300 pixels wide, the picture fills it.
  const box = document.createElement("div");
  box.style.width = "300px";
  box.innerHTML = svg;
  document.body.append(box);
  const shown = box.firstElementChild.getBoundingClientRect();
  // Drawn at 4 pixels a module, each module read at its middle.
  const size = box.firstElementChild.viewBox.baseVal.width;
  const image = new Image();
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 4 * size;
  const drawing = canvas.getContext("2d");
  drawing.drawImage(image, 0, 0, 4 * size, 4 * size);
  const pixels = drawing.getImageData(0, 0, 4 * size, 4 * size).data;
  const rows = [];
  for (let y = 0; y < size; y++) {
    let row = "";
    for (let x = 0; x < size; x++) row += pixels[4 * ((4 * y + 2) * 4 * size + 4 * x + 2)] < 128 ? "1" : "0";
    rows.push(row);
  }
  box.remove();
  return {width: shown.width, height: shown.height, rows: rows};
}
"""


def test_an_invitation_as_a_qr_code_is_an_svg_that_draws_one(devices: Callable[..., Page], watch: Watch) -> None:
    tested = devices()
    invitation = tested.url.split("?")[0] + "?join=" + pack(tested.evaluate(OFFER, "a"))
    svg = tested.evaluate("(text) => MalefizNet.qrSvg(text)", invitation)
    assert svg.startswith("<svg") and 'viewBox="0 0 ' in svg and 'fill="white"' in svg and 'fill="black"' in svg
    drawn = tested.evaluate(DRAWN, svg)
    assert drawn["width"] == drawn["height"] == 300
    rows = drawn["rows"]
    size = len(rows)
    version = (size - 8 - 17) // 4
    print(f"\nQR code of a {len(invitation)}-character invitation: version {version}, {size - 8} modules a side")
    assert (size - 8 - 17) % 4 == 0 and 1 <= version <= 10
    # The quiet zone: four light modules round it; the three finder patterns in their corners.
    assert all(row[:4] == row[-4:] == "0000" for row in rows)
    assert rows[:4] == rows[-4:] == ["0" * size] * 4
    inner = size - 8
    for top, left in ((4, 4), (4, 4 + inner - 7), (4 + inner - 7, 4)):
        assert [row[left : left + 7] for row in rows[top : top + 7]] == FINDER, (top, left)
    watch.assert_clean()


def test_a_reload_closes_the_other_side_at_once_and_a_vanished_device_later(
    devices: Callable[..., Page], watch: Watch
) -> None:
    host, guest = devices(), devices()
    connect(host, guest, "a")
    start = time.monotonic()
    guest.reload()  # the page that goes closes its connections
    host.wait_for_function("(name) => ended[name] !== undefined", arg="a")
    print(f"\na reload is noticed after {time.monotonic() - start:.2f} s")
    guest.wait_for_selector("html[data-ready]")
    guest.evaluate(KEEPER)
    connect(host, guest, "b")  # and the reloaded device connects again
    start = time.monotonic()
    guest.context.close()  # a device gone at once (switched off, out of reach): ICE gives up on it
    host.wait_for_function("(name) => ended[name] !== undefined", arg="b")
    print(f"a vanished device is noticed after {time.monotonic() - start:.2f} s")
    assert host.evaluate("(name) => peers[name].state", "b") == "closed"
    watch.assert_clean()
