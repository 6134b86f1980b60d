"""A game between devices from the page's side: two apps, the channel between them played by the test, as the page's
``web/together.js`` plays it with ``web/net.js``: invitation, reply, hello, match, and a whole game to the end."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from html import unescape
from typing import TypeVar

import pytest

from malefiz.app import App, MemoryStorage
from malefiz.core.screen import Screen
from malefiz.core.setup import Setup
from malefiz.games import GAMES
from malefiz.games.maedn.board import LETTER_COLOURS
from malefiz.games.maedn.view import board_svg
from malefiz.reactions import HEARD_PAUSE, REACTION_PAUSE
from malefiz.tally import TALLY_KEY, read_tally
from malefiz.together import JOIN, PLAY, REPLY, TOGETHER_PREFIX

T = TypeVar("T")
FINGERPRINT = ":".join(f"{i * 7 % 256:02X}" for i in range(32))


def sdp(kind: str, port: int) -> str:
    """A session description as Chromium writes one for a data channel on loopback."""
    role = "actpass" if kind == "offer" else "active"
    return "\r\n".join(
        [
            "v=0",
            "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
            "s=-",
            "t=0 0",
            "a=group:BUNDLE 0",
            "a=msid-semantic: WMS",
            "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
            "c=IN IP4 0.0.0.0",
            f"a=candidate:1 1 udp 2113937151 127.0.0.1 {port} typ host generation 0 network-cost 999",
            f"a=ice-ufrag:{kind[:4]}",
            "a=ice-pwd:abcdefghijklmnopqrstuvwx",
            "a=ice-options:trickle",
            f"a=fingerprint:sha-256 {FINGERPRINT}",
            f"a=setup:{role}",
            "a=mid:0",
            "a=sctp-port:5000",
            "a=max-message-size:262144",
            "",
        ]
    )


def app() -> App:
    return App(MemoryStorage(), ["en"], rng=random.Random(1))


def must(found: T | None) -> T:
    """The screen an event gave (it gives one whenever something changed), or another thing that must be there."""
    assert found is not None
    return found


def link_in(screen: Screen, mark: str) -> str:
    found = re.search(r'value="([^"]*' + re.escape(mark) + r'[^"]*)"', screen.together)
    assert found is not None, screen.together
    return unescape(found[1])


def connect(setup: str, host_name: str = "Anna") -> tuple[App, App, list[tuple[str, int, str]]]:
    """A host with ``setup`` (its seat 1 on another device) and a guest, connected; the messages sent so far
    (``host_name``: the host as the guest's page calls it)."""
    host, guest = app(), app()
    sent: list[tuple[str, int, str]] = []

    def keep(who: str, screen: Screen | None) -> Screen | None:
        if screen is not None:
            sent.extend((who, c["peer"], c["text"]) for c in screen.net if c["do"] == "send")
        return screen

    first = host.open(setup)
    assert first.view == "play" and [c["do"] for c in first.net] == ["offer"]
    assert "not connected yet" not in first.together
    screen = host.net(1, "offer", sdp("offer", 50001))
    assert screen is not None and "Send Ben this invitation" in screen.together
    invitation = link_in(screen, JOIN)
    assert 'data-qr="' in screen.together and len(invitation) < 700

    joined = guest.open("", invitation)
    assert f"{host_name} invites you to play" in joined.together and "as Ben (" in joined.together
    screen = guest.join("Ben")
    answer = next(c for c in screen.net if c["do"] == "answer")
    assert "127.0.0.1 50001" in answer["sdp"] and "a=setup:actpass" in answer["sdp"]
    screen = guest.net(0, "answer", sdp("answer", 50002))
    assert screen is not None and f"Send this reply to {host_name}" in screen.together
    reply = link_in(screen, REPLY)

    screen = host.reply(1, "https://example.org/malefiz/" + reply)
    accept = next(c for c in screen.net if c["do"] == "accept")
    assert "127.0.0.1 50002" in accept["sdp"]
    keep("host", host.net(1, "open", ""))
    keep("guest", guest.net(0, "open", ""))
    return host, guest, sent


def deliver(host: App, guest: App, sent: list[tuple[str, int, str]]) -> None:
    """Every text sent so far reaches the other side (and what that side sends in answer, in turn)."""
    while sent:
        who, _, text = sent.pop(0)
        target, source = (guest, 0) if who == "host" else (host, 1)
        screen = target.net(source, "message", text)
        assert screen is not None and not screen.notice, screen.notice if screen else None
        sent.extend(
            ("guest" if who == "host" else "host", c["peer"], c["text"]) for c in screen.net if c["do"] == "send"
        )


def act(device: App) -> Screen | None:
    """The device's person does the first thing they can: roll, or click the first choice."""
    s = device.session
    assert s is not None
    if s.acts_by_itself():  # this device's computer (or a forced move)
        return device.think()
    if s.can_roll():
        return device.roll()
    if s.is_person_to_choose():  # the person plays as the greedy computer would
        best = s.game.bots["greedy"](s.state, s.legal(), random.Random(len(s.record)))
        choice = next(c for c in s.choices() if c.action == best)
        key = choice.piece if choice.piece is not None and s.selected != choice.piece else choice.field
        return device.click(key)
    return None


@pytest.mark.parametrize(
    "setup", ["?game=maedn&seats=human,remote&names=Anna,Ben", "?game=malefiz&seats=human,remote&names=Anna,Ben"]
)
def test_two_devices_connect_and_play_a_whole_game(setup: str) -> None:
    host, guest, sent = connect(setup)
    assert host.session is None and guest.session is None
    deliver(host, guest, sent)  # hello, the match, the parts for who starts
    assert host.session is not None and guest.session is not None
    assert host.session.state == guest.session.state and host.session.mine == {0} and guest.session.mine == {1}
    for _ in range(5000):
        if host.session.state.is_over:
            break
        play_round(host, guest, sent)
    assert host.session.state.is_over and guest.session.state == host.session.state
    gone = must(host.net(1, "close", ""))  # Ben's page closes at the end: nothing to play for him any more
    assert "Ben" in gone.together and 'data-action="handover"' not in gone.together
    assert host.together is not None and guest.together is not None
    assert host.together.table is not None and guest.together.table is not None
    assert host.together.table.match == guest.together.table.match
    winner = host.session.state.ranking[0]
    for device in (host, guest):  # each device counts the game once in its own table of wins
        rows = {r.name: (r.played, r.won) for r in read_tally(device.storage.get(TALLY_KEY)).rows}
        assert rows == {"Anna": (1, int(0 in winner)), "Ben": (1, int(1 in winner))}
        kept = device.storage.get(TALLY_KEY)
        device.screen()  # shown again: not counted again
        assert device.storage.get(TALLY_KEY) == kept


def nearest(svg: str) -> str:
    """The colour whose B area ``svg`` draws lowest on the screen, the leftmost of those (the seat nearest the
    viewer)."""
    centres: dict[str, list[tuple[float, float]]] = {}
    for e in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}circle"):
        if "b-field" in (e.get("class") or "").split():
            colour = (e.get("data-field") or "").split(":")[0]
            centres.setdefault(colour, []).append((float(e.get("cx", "nan")), float(e.get("cy", "nan"))))
    letter = min(centres, key=lambda c: (-sum(y for _, y in centres[c]), sum(x for x, _ in centres[c])))
    return LETTER_COLOURS[letter]


@pytest.mark.parametrize(
    ("setup", "host_sees"),
    [
        ("?game=maedn&seats=human,remote&names=Anna,Ben", "yellow"),
        ("?game=maedn&seats=human,remote,bot&names=Anna,Ben", "yellow"),  # the host's computer's seat aside
        ("?game=maedn&seats=human,human,remote&names=Anna,Cleo,Ben", None),  # two people here: as printed
    ],
)
def test_each_device_sees_the_board_from_its_own_seat_from_the_invitation_on(setup: str, host_sees: str | None) -> None:
    printed = nearest(board_svg("cross"))
    chosen = Setup.from_query(setup, GAMES)
    assert chosen is not None
    index = next(i for i, s in enumerate(chosen.seats) if s.kind == "remote")
    seat = chosen.colours[index]  # the guest's
    assert printed not in ("yellow", seat)
    host, guest = app(), app()
    first = host.open(setup)
    assert nearest(first.board_svg) == (host_sees or printed)  # one person's seat, or several people's: as printed
    screen = must(host.net(1, "offer", sdp("offer", 50001)))
    joined = guest.open("", link_in(screen, JOIN))
    assert nearest(joined.board_svg) == seat  # the guest's seat, before the game starts
    host, guest, sent = connect(setup)
    deliver(host, guest, sent)
    assert nearest(host.screen().board_svg) == (host_sees or printed)
    assert nearest(guest.screen().board_svg) == seat
    assert guest.session is not None and guest.session.facing == index


def test_while_the_other_device_plays_this_one_says_so_and_cannot_act() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben&first=red")
    deliver(host, guest, sent)
    assert host.session is not None and not host.session.can_roll()
    before = host.session.state
    told = must(host.roll())  # the die's key: nothing rolled, said why
    assert told.news == "It is not this device's turn." and host.session.state == before and not told.net
    screen = host.screen()
    assert "Waiting for Ben (red) to play on their device" in screen.status and not screen.can_roll
    assert guest.screen().can_roll


def test_a_broken_invitation_or_reply_is_refused_in_the_players_language() -> None:
    guest = app()
    screen = guest.open("", JOIN + "abc")
    assert screen.view == "setup" and "not a whole invitation link" in screen.error
    host = app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    host.net(1, "offer", sdp("offer", 50001))
    screen = host.reply(1, REPLY + "garbage")
    assert "not a whole reply" in screen.notice and not [c for c in screen.net if c["do"] == "accept"]


@pytest.mark.parametrize(
    "pasted",
    [
        "Here is my reply: {link} see you soon",
        "{head}\n{tail}\nThanks!",  # a messenger broke the link across lines, and words follow
        "({link}).",
    ],
)
def test_a_reply_pasted_with_words_around_it_or_broken_across_lines_is_taken(pasted: str) -> None:
    host, guest = app(), app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    guest.open("", link_in(must(host.net(1, "offer", sdp("offer", 50001))), JOIN))
    guest.join("Ben")
    assert not guest.join("Ben").net  # pressed twice: one answer
    link = "https://example.org/malefiz/" + link_in(must(guest.net(0, "answer", sdp("answer", 50002))), REPLY)
    screen = host.reply(1, pasted.format(link=link, head=link[:60], tail=link[60:]))
    assert not screen.notice and [c for c in screen.net if c["do"] == "accept"]


def test_a_message_from_the_other_device_that_does_not_fit_is_refused_and_changes_nothing() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben&first=yellow")
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None
    screen = host.roll()
    assert screen is not None
    act_text = next(c["text"] for c in screen.net if c["do"] == "send" and '"act"' in c["text"])
    message = json.loads(act_text)
    forged = json.dumps({**message, "a": f"d{7 - int(message['a'][1:])}"})
    before = guest.session.state
    refused = guest.net(0, "message", forged)
    assert refused is not None and "that the dice did not give" in refused.notice
    assert guest.session.state == before
    taken = guest.net(0, "message", act_text)
    assert taken is not None and guest.session.state == host.session.state


def play_round(host: App, guest: App, sent: list[tuple[str, int, str]]) -> None:
    """Each device's person does the first thing they can, the host's first (and their texts are delivered)."""
    for who, device in (("host", host), ("guest", guest)):
        screen = act(device)
        if screen is not None:
            sent.extend((who, c["peer"], c["text"]) for c in screen.net if c["do"] == "send")
        deliver(host, guest, sent)


def play_until(host: App, guest: App, sent: list[tuple[str, int, str]], stop: int) -> None:
    """Both people play (and their texts are delivered) until the game has ``stop`` actions or is over."""
    for _ in range(5000):
        assert host.session is not None
        if host.session.state.is_over or len(host.session.record) >= stop:
            return
        play_round(host, guest, sent)


def reload(device: App) -> tuple[App, Screen]:
    """The same browser (its storage) opening the page again at the address the game left."""
    assert device.address is not None and device.address.query.startswith("?together=")
    again = App(device.storage, ["en"], rng=random.Random(2))
    return again, again.open(device.address.query)


def test_what_the_host_plays_before_a_reconnected_guest_says_hello_reaches_it_with_the_game_not_as_an_alarm() -> None:
    # The host sent its moves to a device that had just reconnected, before that device's hello: a device that
    # had missed the host's last move (sent as it reloaded) could not place the next one and showed "Message from
    # another device: it cannot be read" (found by tests/test_together_monkey.py).
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 20)
    assert host.session is not None
    for _ in range(200):  # on to the host's roll
        if host.session.can_roll():
            break
        play_round(host, guest, sent)
    host.roll()  # sent as Ben's page reloads: it never arrives
    guest, _ = reload(guest)
    must(host.net(1, "close", ""))
    invitation = link_in(must(host.net(1, "offer", sdp("offer", 50021))), JOIN)
    assert any(c["do"] == "answer" for c in guest.open("", invitation).net)
    host.reply(1, link_in(must(guest.net(0, "answer", sdp("answer", 50022))), REPLY))
    must(host.net(1, "open", ""))
    hello = [c["text"] for c in must(guest.net(0, "open", "")).net if c["do"] == "send"]
    while host.session.can_roll() or host.session.is_person_to_choose():  # Anna plays on before the hello comes
        screen = must(act(host))
        assert not [c for c in screen.net if c["do"] == "send" and '"t":"act"' in c["text"]]  # kept for Ben
    sent = [("guest", 1, text) for text in hello]
    deliver(host, guest, sent)  # the hello, the match in answer: no notice (deliver checks)
    assert guest.session is not None and guest.session.record == host.session.record
    play_until(host, guest, sent, 100_000)
    assert host.session.state.is_over and guest.session.state == host.session.state


@pytest.mark.parametrize("game", ["maedn", "malefiz"])
def test_both_devices_reload_mid_game_reconnect_with_a_new_invitation_and_play_on_to_the_end(game: str) -> None:
    host, guest, sent = connect(f"?game={game}&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 60)
    assert host.session is not None and guest.session is not None
    before = host.session.state
    host, screen = reload(host)
    guest, again = reload(guest)
    assert host.session is not None and host.session.state == before
    assert guest.session is not None and guest.session.state == before
    assert [c["do"] for c in screen.net] == ["offer"] and not [c for c in again.net if c["do"] == "offer"]
    screen = must(host.net(1, "offer", sdp("offer", 50011)))
    assert "connection lost" in screen.together
    invitation = link_in(screen, JOIN)
    rejoined = guest.open("", invitation)  # the kept part answers at once: no name asked again
    answer = [c for c in rejoined.net if c["do"] == "answer"]
    assert answer and "join-name" not in rejoined.together
    answered = must(guest.net(0, "answer", sdp("answer", 50012)))
    assert "connected again once Anna has entered it" in answered.together  # the game runs: it does not "start"
    host.reply(1, link_in(answered, REPLY))
    sent = []
    for who, device, peer in (("host", host, 1), ("guest", guest, 0)):
        screen = must(device.net(peer, "open", ""))
        sent.extend((who, c["peer"], c["text"]) for c in screen.net if c["do"] == "send")
    deliver(host, guest, sent)
    assert guest.session is not None and guest.session.state == host.session.state == before
    play_until(host, guest, sent, 100_000)
    assert host.session.state.is_over and guest.session.state == host.session.state


@pytest.mark.parametrize(("game", "failing"), [("maedn", ""), ("malefiz", ""), ("maedn", "host"), ("malefiz", "guest")])
def test_a_whole_game_by_link_alone(game: str, failing: str) -> None:
    """No channel ever opens: after each turn the page gives the link for the next player, who opens it.
    ``failing``: the device that can make no connection at all (no network: its browser makes no offer or answer),
    whose invitation or reply goes without one; the game is played by links all the same (Malefiz on the classic board
    once, its longest links; on the short board when the guest fails)."""
    host, guest = app(), app()
    board = "&board=fast" if (game, failing) == ("malefiz", "guest") else ""
    host.open(f"?game={game}{board}&seats=human,remote&names=Anna,Ben")
    if failing == "host":
        screen = must(host.net(1, "failed", "no ICE candidate"))
        assert "You can still play" in screen.notice and "without a connection" in screen.together
    else:
        screen = must(host.net(1, "offer", sdp("offer", 50001)))
    invitation = link_in(screen, JOIN)
    joined = guest.open("", invitation)
    assert "Anna invites you to play" in joined.together
    screen = must(guest.join("Ben"))
    if failing == "host":  # nothing to answer: the reply is ready at once
        assert not [c for c in screen.net if c["do"] == "answer"]
    elif failing == "guest":
        assert [c["do"] for c in screen.net] == ["answer"]
        screen = must(guest.net(0, "failed", "no ICE candidate"))
        assert "You can still play" in screen.notice
    else:
        screen = must(guest.net(0, "answer", sdp("answer", 50002)))
    assert "Send this reply to Anna" in screen.together
    taken = host.reply(1, link_in(screen, REPLY))  # the reply holds Ben's dice anchor: the game starts
    assert [c["do"] for c in taken.net if c["do"] == "accept"] == ([] if failing else ["accept"])
    assert host.together is not None and host.together.table is not None
    links: list[int] = []
    walks = 0
    current, other = host, guest
    for _ in range(2000):
        session = current.session
        if session is not None and session.state.is_over:
            break
        done = act(current) if session is not None else None
        if done is None:  # nothing more to do here: the link goes to the other device
            shown = current.screen()
            link = link_in(shown, PLAY)
            said = [
                "wait for Anna's new invitation" if current is guest else "connect again by a new invitation (above)"
            ]
            if failing:  # once the host's browser makes an offer again, Ben may connect by a new invitation
                said = ["play without a connection"] + said * (failing == "guest" and current is host)
            told = unescape(shown.together)
            assert any(words in told for words in said), told  # who can connect the two again: the host
            assert failing != "host" or JOIN not in told  # an invitation without an offer is no use once taken
            links.append(len(link))
            kept = other.together.table if other.together is not None else None
            seen = len(kept.match.actions) if kept is not None else None
            opened = other.open("", link)
            assert not opened.error, opened.error
            for command in opened.net:  # the host's browser makes its offers again (or cannot)
                if command["do"] == "offer":
                    other.net(command["peer"], *(("failed", "") if failing == "host" else ("offer", sdp("offer", 1))))
            s = other.session
            assert s is not None
            news = list(s.record)[seen:] if seen is not None else []
            if news:  # what happened since this device's last turn: told, and walked on the board
                told = "; ".join(["…"] * (len(news) > 12) + [e.words for e in news[-12:]])
                assert opened.notice == "Since your last turn: " + told, opened.notice
                assert opened.notice_tone == "info"  # news, not a warning
                assert seen is not None and opened.frames == tuple(s.walk_frames(seen))
                walks += bool(opened.frames)
            else:
                assert not opened.notice, opened.notice
            current, other = other, current
    assert host.session is not None and guest.session is not None
    assert host.session.state.is_over or guest.session.state.is_over
    print(f"play links: {len(links)}, longest {max(links)} characters, walks {walks}")
    assert walks  # how many links bring a walk is the dice's (three rolls without a 6, a move of one field: none)
    assert max(links) < 2000


def test_moves_a_play_link_brought_before_their_messages_count_once_and_the_channel_stays() -> None:
    # Anna's moves reach Ben by a link she sent him (opened in the game's tab, or in a tab of its own) before their
    # messages come: those are dropped, not refused as "not the next move", and each device goes on sending on
    # its channel (a link opened in the game's own tab went into a copy whose channels were closed).
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    for tab in ("same", "own"):
        play_until(host, guest, sent, len(must(host.session).record) + 12)
        for _ in range(200):  # on to Anna's roll, then her turn played with nothing delivered
            if must(host.session).can_roll() and not must(guest.session).can_roll():
                break
            play_round(host, guest, sent)
        held = len(sent)
        while must(host.session).can_roll() or must(host.session).is_person_to_choose():
            sent.extend(("host", c["peer"], c["text"]) for c in must(act(host)).net if c["do"] == "send")
        assert len(sent) > held and host.together is not None
        link = host.together.play_link()
        if tab == "same":
            opened = guest.open("", link)
        else:  # the game's tab hears of what the other tab kept
            App(guest.storage, ["en"], rng=random.Random(3)).open("", link)
            opened = must(guest.together_changed(TOGETHER_PREFIX + must(guest.together).key))
            assert opened.notice == "This game went on in another tab: here is where it stands now."
        assert not opened.error and opened.notice_tone == "info"
        assert must(guest.session).state == must(host.session).state
        sent.extend(("guest", c["peer"], c["text"]) for c in opened.net if c["do"] == "send")
        deliver(host, guest, sent)  # (fails on any notice)
        assert must(guest.session).record == must(host.session).record
    play_until(host, guest, sent, 100_000)
    assert must(host.session).state.is_over and must(guest.session).state == must(host.session).state


def test_a_tampered_play_link_is_refused_and_the_kept_game_stays() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 30)
    assert host.together is not None and guest.session is not None
    link = host.together.play_link()
    before = guest.session.state
    for broken in (link[:-4] + ("AAAA" if not link.endswith("AAAA") else "BBBB"), link[: len(link) // 2]):
        screen = guest.open("", broken)
        assert "not a whole link" in screen.notice or "does not check out" in screen.notice, screen.notice
        assert guest.session is not None and guest.session.state == before
        again, _ = reload(guest)
        assert again.session is not None and again.session.state == before


def test_a_watcher_sees_the_game_and_every_move_and_cannot_act() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    screen = must(host.watch())
    offer = [c for c in screen.net if c["do"] == "offer"]
    assert len(offer) == 1
    device = offer[0]["peer"]
    screen = must(host.net(device, "offer", sdp("offer", 50021)))
    watcher = app()
    joined = watcher.open("", link_in(screen, JOIN + ""))
    assert "invites you to watch" in joined.together
    watcher.join("")
    reply = link_in(must(watcher.net(0, "answer", sdp("answer", 50022))), REPLY)
    host.reply(device, reply)
    texts: list[tuple[str, str]] = []
    for who, app_, peer in (("host", host, device), ("watcher", watcher, 0)):
        shown = app_.net(peer, "open", "")
        assert shown is not None
        texts.extend((who, c["text"]) for c in shown.net if c["do"] == "send")
    while texts:
        who, text = texts.pop(0)
        answer = must(watcher.net(0, "message", text) if who == "host" else host.net(device, "message", text))
        assert not answer.notice, answer.notice
        back = "watcher" if who == "host" else "host"
        texts.extend((back, c["text"]) for c in answer.net if c["do"] == "send" and c["peer"] in (0, device))
    assert watcher.session is not None and host.session is not None and guest.session is not None
    assert watcher.session.state == host.session.state
    assert nearest(watcher.screen().board_svg) == nearest(board_svg("cross"))  # a watcher plays no seat: as printed
    assert not watcher.session.can_roll() and not watcher.session.is_person_to_choose()
    tapped = must(watcher.click("y:A"))  # a tap on its board: why nothing moves
    assert tapped.news == "This device only watches the game: it plays no turn." and watcher.click("y:A") is None
    screen = must(act(host) if host.session.can_roll() else act(guest))
    for c in screen.net:  # the host passes every move on to the watcher
        if c["do"] == "send" and c["peer"] == device:
            assert watcher.net(0, "message", c["text"]) is not None
    assert watcher.session.state == host.session.state or watcher.session.state == guest.session.state
    # The watcher cheers too: the host shows it with the watcher's name and passes it on to Ben.
    cheer = must(watcher.react(5))
    assert cheer.reaction == "You: Well played!" and 'data-action="react"' in cheer.together
    text = next(c["text"] for c in cheer.net if c["do"] == "send" and c["peer"] == 0)
    assert json.loads(text) == {"t": "react", "r": 5, "by": device}
    heard = must(host.net(device, "message", text))
    assert heard.reaction == "Watcher 1: Well played!"
    to_ben = next(c["text"] for c in heard.net if c["do"] == "send" and c["peer"] == 1)
    assert must(guest.net(0, "message", to_ben)).reaction == "Watcher 1: Well played!"


@pytest.mark.parametrize("asks", ["host", "guest"])
def test_a_rematch_keeps_the_seats_with_new_dice_and_the_last_game_stays_kept(asks: str) -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 100_000)
    assert host.session is not None and host.session.state.is_over
    old_host, old_guest = host.session, guest.session
    assert host.together is not None and guest.together is not None
    old_keys = (host.together.key, guest.together.key)
    screen = must((host if asks == "host" else guest).rematch())
    sent.extend((asks, c["peer"], c["text"]) for c in screen.net if c["do"] == "send")
    deliver(host, guest, sent)
    assert host.session is not old_host and guest.session is not old_guest
    assert host.session is not None and guest.session is not None
    assert not host.session.state.is_over and host.session.state == guest.session.state
    assert host.session.mine == frozenset({0}) and guest.session.mine == frozenset({1})
    assert [s.name for s in host.session.setup.seats] == ["Anna", "Ben"]
    assert (host.together.key, guest.together.key) != old_keys  # new secrets, so new dice
    assert all(host.storage.get(TOGETHER_PREFIX + k) or guest.storage.get(TOGETHER_PREFIX + k) for k in old_keys)
    play_until(host, guest, sent, 20)
    assert guest.session.state == host.session.state and len(host.session.record) >= 20


def test_a_malefiz_rematch_between_devices_is_started_by_the_next_seat_on_every_device() -> None:
    host, guest, sent = connect("?game=malefiz&board=fast&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    assert host.session is not None and host.session.state.turn == 0  # Anna started
    play_until(host, guest, sent, 100_000)
    sent.extend(("host", c["peer"], c["text"]) for c in must(host.rematch()).net if c["do"] == "send")
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None and not host.session.state.is_over
    assert host.session.state.turn == guest.session.state.turn == 1  # Ben starts the rematch
    assert host.session.setup.first == guest.session.setup.first == host.session.setup.colours[1]


def test_no_stun_server_unless_the_host_chooses_across_networks_and_then_only_the_one_named() -> None:
    host, guest = app(), app()
    first = host.open("?game=maedn&seats=human,remote&names=Anna,Ben&stun=127.0.0.1:3478")
    assert [c["stun"] for c in first.net] == [""]  # the same network: no outside server
    screen = must(host.net(1, "offer", sdp("offer", 50001)))
    assert "Play across networks" in screen.together and "asks 127.0.0.1:3478" in screen.together
    screen = host.across()
    assert [(c["do"], c["stun"]) for c in screen.net] == [("offer", "stun:127.0.0.1:3478")]
    screen = must(host.net(1, "offer", sdp("offer", 50003)))
    assert "Across networks: the devices ask 127.0.0.1:3478" in screen.together
    guest.open("", link_in(screen, JOIN))
    answer = [c for c in guest.join("Ben").net if c["do"] == "answer"]
    assert answer[0]["stun"] == "stun:127.0.0.1:3478"  # the guest asks the same server, named in the invitation
    other = app()
    other.open("?game=maedn&seats=human,remote&names=Anna,Ben&stun=evil.example/path")  # not a host:port
    assert "asks stun.cloudflare.com:3478" in must(other.net(1, "offer", sdp("offer", 50005))).together


def test_the_host_lets_the_computer_play_for_a_device_that_left_and_the_game_goes_on_to_the_end() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben&first=red")
    deliver(host, guest, sent)
    assert host.session is not None
    play_until(host, guest, sent, 10)
    screen = must(host.net(1, "close", ""))  # Ben's device is gone
    assert "Let the computer play for Ben" in screen.together
    screen = host.handover(1)
    assert "the computer plays for them" in screen.together and "handover" not in screen.together
    assert "Play across networks" not in screen.together  # nobody left to connect
    assert not screen.frames and not screen.tumble  # the last action is not walked or rolled again
    assert "Waiting for Ben" not in screen.status
    ben = re.findall(r'<li data-peer="1">.*?</li>', screen.together)
    assert ben and re.findall(r'class="peer-state">([^<]*)<', ben[0]) == ["left: the computer plays for them"]
    assert host.session.setup.seats[1].kind == "bot" and host.session.mine == frozenset({0, 1})
    assert host.session.facing == 0  # Anna's side stays nearest her: the board does not turn
    table = host.together.table if host.together is not None else None
    assert table is not None
    stale = {"t": "act", "g": table.code, "n": len(table.match.actions), "a": "d3", "by": 1}  # sent before it knew
    before = (table.match, host.session.state)
    screen = must(host.net(1, "message", json.dumps(stale)))
    assert not screen.notice and (table.match, host.session.state) == before
    for _ in range(5000):  # the host's person and its computer (for Ben) play on alone
        if host.session.state.is_over:
            break
        act(host)
    assert host.session.state.is_over
    assert host.together is not None and host.together.table is not None
    match = host.together.table.match
    assert match.left and match.left[0][1] == 1
    # Everyone can check the whole game, the departure included: by a link, and as a spectator.
    link = host.together.play_link()
    watcher = app()
    shown = watcher.open("", link)
    assert watcher.session is not None and watcher.session.state == host.session.state, shown.error
    assert "This browser keeps no part in this game, so it only shows it" in shown.notice


def test_a_rematch_asked_while_the_guest_is_away_waits_for_it_and_starts_once_it_is_back() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 100_000)
    assert host.session is not None and host.session.state.is_over and host.together is not None
    old, key, address = host.session, host.together.key, host.address
    tally = read_tally(host.storage.get(TALLY_KEY))
    must(host.net(1, "close", ""))  # Ben's page is closed
    screen = must(host.rematch())
    assert "Rematch: waiting for Ben" in screen.status and not screen.rematch_shown  # said, not pressed again
    assert "Rematch: waiting for Ben" in must(host.rematch()).status and host.together.key == key  # pressed again
    assert host.session is old and host.address == address  # the game is kept where it was until the new one starts
    assert read_tally(host.storage.get(TALLY_KEY)) == tally  # the last game counted once
    host, screen = reload(host)  # the rematch asked stays asked
    assert host.session is not None and host.session.state == old.state and "Rematch: waiting for Ben" in screen.status
    offer = must(host.net(1, "offer", sdp("offer", 50021)))
    rejoined = guest.open("", link_in(offer, JOIN))  # Ben comes back with the invitation to reconnect
    reply = link_in(must(guest.net(0, "answer", sdp("answer", 50022))), REPLY)
    assert not must(host.reply(1, reply)).notice and [c for c in rejoined.net if c["do"] == "answer"]
    sent = []
    for who, device, peer in (("host", host, 1), ("guest", guest, 0)):
        sent.extend((who, c["peer"], c["text"]) for c in must(device.net(peer, "open", "")).net if c["do"] == "send")
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None and not host.session.state.is_over
    assert host.together is not None and host.session.state == guest.session.state and host.together.key != key
    play_until(host, guest, sent, 20)
    assert guest.session.state == host.session.state and len(host.session.record) >= 20
    assert read_tally(host.storage.get(TALLY_KEY)).rows == tally.rows  # no game counted twice


def test_a_watcher_is_not_offered_a_rematch() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 100_000)
    assert host.together is not None
    watcher = app()
    shown = watcher.open("", host.together.play_link())
    assert shown.winner and not shown.rematch_shown and watcher.rematch() is None
    assert read_tally(watcher.storage.get(TALLY_KEY)).rows == ()  # a game watched is no win on this device
    assert must(guest.screen()).rematch_shown and must(host.screen()).rematch_shown
    elsewhere = App(MemoryStorage(), ["de"], rng=random.Random(3))  # Ben's link opened in another browser of his
    assert "Dieser Browser hat keinen Anteil an diesem Spiel" in elsewhere.open("", host.together.play_link()).notice


def test_leaving_a_game_between_devices_asks_in_its_own_words_and_the_others_see_the_connection_gone() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 6)
    asked, asked_host = guest.question("setup"), host.question("setup")
    assert asked is not None and "the computer play for you" in asked["text"]  # not "the list of games in progress"
    assert asked["yes"] == "Leave the game" and asked["no"] == "Stay"
    assert asked_host is not None and "you can invite them again" in asked_host["text"]
    screen = guest.leave("setup", "", "")
    assert screen is not None and screen.view == "setup" and screen.net == ({"do": "close", "peer": 0},)
    assert guest.together is None and guest.net(0, "close", "") is None  # the channel's own close: nothing left
    after = must(host.net(1, "close", ""))  # what Anna's page sees of it
    assert "connection lost" in after.together and "Let the computer play for Ben" in after.together
    assert "may be thinking" not in must(host.handover(1)).together  # gone: not asked again
    watcher = app()
    assert host.together is not None
    watcher.open("", host.together.play_link())
    assert watcher.question("setup") is None  # nothing of theirs is lost
    german = App(MemoryStorage(), ["de"], rng=random.Random(4))
    german.together, german.session = host.together, host.session
    asked = german.question("setup")
    assert asked is not None and asked["text"].startswith("Dieses Spiel zwischen Geräten verlassen?")
    assert (asked["yes"], asked["no"]) == ("Spiel verlassen", "Bleiben")


def test_in_a_game_between_devices_the_rules_open_beside_the_page_whose_channels_stay() -> None:
    """A page that loads the rules in its own tab closes its channels (a guest then needs a new invitation): in a
    game between devices, from the first invitation on, on every device, the rules open in a tab of their own; a
    game on one device opens them in its tab (*Back to the game* shows it again)."""
    alone = app()
    assert not alone.open("?game=maedn&seats=human,bot:easy").rules_beside
    assert not alone.setup_screen().rules_beside
    inviting = app()
    assert inviting.open("?game=malefiz&seats=human,remote&names=Anna,Ben").rules_beside
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    assert host.screen().rules_beside and guest.screen().rules_beside  # connected, before the first roll
    deliver(host, guest, sent)
    play_until(host, guest, sent, 6)
    assert host.screen().rules_beside and guest.screen().rules_beside
    assert host.together is not None
    watcher = app()
    assert watcher.open("", host.together.play_link()).rules_beside
    left = guest.leave("setup", "", "")
    assert left is not None and left.view == "setup" and not left.rules_beside


def test_leaving_a_game_between_devices_asks_even_before_its_first_move() -> None:
    """A game between devices just started (a rematch too) has no move yet, but leaving ends the connections: it
    asks; before it starts (invitations only) and once it is over, nothing is lost, so it does not."""
    host = app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    assert host.question("setup") is None  # only invitations so far
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    assert host.session is not None and not host.session.record
    assert host.question("setup") is not None and guest.question("setup") is not None
    play_until(host, guest, sent, 100_000)
    assert host.question("setup") is None and host.question("rematch") is None
    screen = must(host.rematch())
    deliver(host, guest, [("host", c["peer"], c["text"]) for c in screen.net if c["do"] == "send"])
    assert host.session is not None and not host.session.record and not host.session.state.is_over
    asked = host.question("setup")
    assert asked is not None and "invite them again" in asked["text"]


def test_before_the_first_roll_a_change_of_language_or_of_another_tab_keeps_the_game_between_devices() -> None:
    host = app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    must(host.net(1, "offer", sdp("offer", 50001)))
    german = host.set_language("de")
    assert german.view == "play" and "Schicke Ben diese Einladung" in german.together and not german.net
    assert host.changed(TALLY_KEY) is None and host.together is not None  # a game finished in another tab


def test_the_invitation_opened_again_after_joining_shows_the_game_it_led_to_and_makes_no_second_one() -> None:
    host, guest = app(), app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    invitation = link_in(must(host.net(1, "offer", sdp("offer", 50001))), JOIN)
    guest.open("", invitation)
    guest.join("Ben")
    host.reply(1, link_in(must(guest.net(0, "answer", sdp("answer", 50002))), REPLY))
    sent = [("guest", 0, c["text"]) for c in must(guest.net(0, "open", "")).net if c["do"] == "send"]
    sent += [("host", 1, c["text"]) for c in must(host.net(1, "open", "")).net if c["do"] == "send"]
    deliver(host, guest, sent)
    play_until(host, guest, sent, 8)
    assert guest.session is not None
    state, kept = guest.session.state, sorted(guest.storage.all_keys())
    again = App(guest.storage, ["en"], rng=random.Random(5))  # a new tab of Ben's browser, the first link tapped
    screen = again.open("", invitation)
    assert "You joined with this invitation already" in screen.notice and "join-name" not in screen.together
    assert again.session is not None and again.session.state == state and sorted(guest.storage.all_keys()) == kept
    german = App(guest.storage, ["de"], rng=random.Random(6))
    assert "Mit dieser Einladung bist du schon beigetreten" in german.open("", invitation).notice


def test_the_invitation_opened_again_before_the_host_took_the_reply_joins_anew() -> None:
    host, guest = app(), app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    invitation = link_in(must(host.net(1, "offer", sdp("offer", 50001))), JOIN)
    guest.open("", invitation)
    guest.join("Ben")
    must(guest.net(0, "answer", sdp("answer", 50002)))  # the reply is made, and never sent (the tab was closed)
    again = App(guest.storage, ["en"], rng=random.Random(5))
    assert "join-name" in again.open("", invitation).together  # the host's offer still waits: join again
    again.join("Ben")
    host.reply(1, link_in(must(again.net(0, "answer", sdp("answer", 50003))), REPLY))
    sent = [("guest", 0, c["text"]) for c in must(again.net(0, "open", "")).net if c["do"] == "send"]
    sent += [("host", 1, c["text"]) for c in must(host.net(1, "open", "")).net if c["do"] == "send"]
    deliver(host, again, sent)
    assert host.session is not None and again.session is not None and host.session.state == again.session.state


def test_the_hosts_address_sets_the_pace_as_for_a_game_on_one_device() -> None:
    host = app()
    assert host.open("?game=maedn&seats=human,remote,bot:medium&names=Anna,Ben&pace=instant").pace == "instant"


def test_a_tab_whose_game_went_on_by_a_play_link_in_another_tab_catches_up() -> None:
    """Anna taps Ben's play link: it opens in a new tab of her browser, which plays on. Her first tab, still showing
    the game as it was, catches up (the browser tells it that the kept game changed) instead of forking it."""
    host, guest = app(), app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    guest.open("", link_in(must(host.net(1, "offer", sdp("offer", 50001))), JOIN))
    guest.join("Ben")
    host.reply(1, link_in(must(guest.net(0, "answer", sdp("answer", 50002))), REPLY))
    for current, other in ([(host, guest), (guest, host)] * 3)[:-1]:  # a few turns by link (no channel)
        while current.session is not None and act(current) is not None:
            pass
        other.open("", link_in(current.screen(), PLAY))
    assert guest.together is not None and guest.together.table is not None
    assert host.together is not None and host.together.table is not None
    for _ in range(20):  # Ben plays on; a decision and a second roll (a six) first needs Anna's part by link
        while guest.session is not None and act(guest) is not None:
            pass
        if len(guest.together.table.match.actions) > len(host.together.table.match.actions):
            break
        host.open("", link_in(guest.screen(), PLAY))
        while host.session is not None and act(host) is not None:
            pass
        guest.open("", link_in(host.screen(), PLAY))
    assert host.session is not None
    tab = App(host.storage, ["en"], rng=random.Random(7))  # Ben's link opened in a new tab of Anna's browser
    tab.open("", link_in(guest.screen(), PLAY))
    assert tab.together is not None and tab.together.table is not None and host.together.table is not None
    assert len(tab.together.table.match.actions) > len(host.together.table.match.actions)
    screen = host.changed(TOGETHER_PREFIX + host.together.key)
    assert screen is not None and "went on in another tab" in screen.notice
    assert host.session is not None and tab.session is not None and host.session.state == tab.session.state
    assert host.together.table.match == tab.together.table.match
    assert host.changed(TOGETHER_PREFIX + host.together.key) is None  # nothing new since


def at_bens_move() -> tuple[App, App, list[tuple[str, int, str]]]:
    """Anna and Ben connected, having played until it is Ben's turn to move on his device."""
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben&first=red")
    deliver(host, guest, sent)
    assert host.together is not None and host.together.table is not None
    for _ in range(200):
        if host.together.table.waiting().device == 1:
            return host, guest, sent
        play_until(host, guest, sent, len(host.session.record) + 1 if host.session is not None else 1)
    raise AssertionError("it never was Ben's turn to move")


def test_a_question_about_a_connected_device_goes_once_its_connection_is_lost() -> None:
    host = at_bens_move()[0]
    assert host.together is not None and host.together.table is not None
    folded = re.search(r"<details[^>]*><summary>([^<]*)</summary>(.*?)</details>", host.screen().together)
    assert folded is not None and folded[1] == "Ben is taking long?"  # connected: not the first thing offered
    assert "Let the computer play for Ben" in folded[2]
    assert "Ben is still connected and may be thinking" in host.handover(1).together
    lost = must(host.net(1, "close", ""))  # asked, and Ben's page closes meanwhile: no longer true
    assert "Ben is still connected" not in lost.together and "Let the computer play for Ben" in lost.together
    done = host.handover(1)
    assert "the computer plays for them" in done.together and 1 in host.together.table.gone


def test_a_guest_asking_for_a_rematch_while_the_host_is_away_is_told_and_nothing_is_sent() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 100_000)
    must(guest.net(0, "close", ""))  # Anna's page is gone
    screen = must(guest.rematch())
    assert "Anna is not connected: the rematch can be asked once you are connected again" in screen.notice
    assert not [c for c in screen.net if c["do"] == "send"] and screen.rematch_shown
    # A host nobody named is said by its colour in the guest's language (it was the English "Yellow").
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=,Ben", "Yellow")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 100_000)
    must(guest.net(0, "close", ""))
    guest.set_language("de")
    notice = must(guest.rematch()).notice
    assert notice.startswith("Gelb ist nicht verbunden") and "Einladung von Gelb" in notice and "Yellow" not in notice


def test_the_hosts_question_goes_once_the_device_played_and_a_late_yes_changes_nothing() -> None:
    host, guest, sent = at_bens_move()
    assert host.together is not None and host.together.table is not None
    assert "Ben is still connected" in host.handover(1).together
    while host.together.table.waiting().device == 1:  # Ben plays his turn
        sent.extend(("guest", c["peer"], c["text"]) for c in must(act(guest)).net if c["do"] == "send")
        deliver(host, guest, sent)
    assert "Ben is still connected" not in must(host.screen()).together
    host.handover(1)  # the Yes of the question shown before
    assert not host.together.table.gone


def test_a_guests_second_tab_that_played_on_brings_the_live_tab_and_the_host_along() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben&first=red")
    deliver(host, guest, sent)
    assert guest.address is not None and guest.together is not None
    tab = App(guest.storage, ["en"], rng=random.Random(8))  # Ben's kept game opened in a second tab
    tab.open(guest.address.query)
    assert tab.session is not None and tab.session.can_roll()
    tab.roll()  # his part of the die, given in the second tab
    screen = guest.changed(TOGETHER_PREFIX + guest.together.key)
    assert screen is not None and "went on in another tab" in screen.notice
    sent.extend(("guest", c["peer"], c["text"]) for c in screen.net if c["do"] == "send")
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None and tab.session is not None
    assert host.session.state == guest.session.state == tab.session.state  # the roll reached Anna
    play_until(host, guest, sent, 30)
    assert host.session.state == guest.session.state


def test_a_device_that_only_views_a_play_link_lists_no_lost_connection() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 6)
    assert host.together is not None
    viewer = app()
    assert "connection lost" not in viewer.open("", host.together.play_link()).together


def test_a_device_without_a_network_is_told_so_and_the_game_stays() -> None:
    """The browser could make no offer (it found no address: no network): the page says what to do, in words."""
    host = app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben&seed=3")
    before = host.screen()
    screen = must(host.net(1, "failed", "no ICE candidate"))
    assert screen.notice.startswith("No connection can be made from this device") and "reload" in screen.notice
    assert screen.position == before.position and host.together is not None


def test_seats_nobody_named_are_called_by_their_colour_in_the_players_language() -> None:
    """A German host who named nobody sends *Gelb* the invitation (not *Yellow*, the setup's default name), the
    guest's name box is empty, and the waiting texts call the unnamed host *Rot*."""
    host, guest = App(MemoryStorage(), ["de"], rng=random.Random(1)), App(MemoryStorage(), ["de"], rng=random.Random(2))
    host.open("?game=malefiz&seats=human,remote")
    screen = must(host.net(1, "offer", sdp("offer", 50001)))
    assert "Schicke Gelb diese Einladung" in screen.together and "Yellow" not in screen.together
    assert "die Antwort von Gelb ein" in screen.together
    joined = guest.open("", link_in(screen, JOIN))
    assert "Rot lädt dich ein" in joined.together and "Red" not in joined.together
    assert 'name="join-name" value="" placeholder="Gelb"' in joined.together  # left empty: called Gelb
    screen = guest.join("")
    screen = must(guest.net(0, "answer", sdp("answer", 50002)))
    assert "Schicke diese Antwort an Rot" in screen.together, screen.together
    host.reply(1, link_in(screen, REPLY))
    host.net(1, "open", "")
    waiting = must(guest.net(0, "open", ""))
    assert "Red" not in waiting.together + waiting.status and "Yellow" not in waiting.together


def test_a_game_between_devices_left_for_the_setup_screen_is_offered_there_to_go_back_to() -> None:
    """Leaving for the setup screen keeps the game in the browser; the setup screen shows it at the top with *Back
    to the game*, which brings it back as it was (the host's page makes new invitations to reconnect)."""
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 6)
    assert host.session is not None and host.together is not None
    before, code = host.session.state, host.together.key
    left = must(host.leave("setup", "", ""))
    assert (
        left.view == "setup"
        and "Your game between devices" in left.latest
        and "Anna (yellow), Ben (red)" in left.latest
    )
    assert f'data-id="together:{code}"' in left.latest and "Back to the game" in left.latest
    back = must(host.continue_game(f"together:{code}"))
    assert back.view == "play" and host.session is not None and host.session.state == before
    assert host.address is not None and host.address.how == "push" and host.address.query == f"?together={code}"
    assert [c["do"] for c in back.net] == ["offer"]  # a new invitation for Ben to reconnect
    assert "Back to the game" in must(guest.leave("setup", "", "")).latest  # the guest's own part too
    german = App(host.storage, ["de"], rng=random.Random(5))
    assert "Zurück zum Spiel" in german.setup_screen().latest
    assert german.question("delete") is not None  # *Löschen* beside it asks first, as on the shelf
    assert (
        "Zurück zum Spiel" not in must(german.leave("delete", f"together:{code}", "")).latest
    )  # friends gone: it goes
    assert host.storage.get(f"{TOGETHER_PREFIX}{code}") is None


def test_a_game_between_devices_that_is_over_is_not_offered_on_the_setup_screen() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 100_000)
    assert host.session is not None and host.session.state.is_over
    assert "Back to the game" not in must(host.leave("setup", "", "")).latest
    assert "Back to the game" not in guest.setup_screen().latest


def test_a_guest_reconnecting_while_the_game_waits_for_the_host_is_given_one_link_to_hand_over() -> None:
    """Ben reloads while the game waits for Anna: his page offers the play link to send her; once he opens her new
    invitation, only his reply is shown (the play link comes back if the connection does not)."""
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben&first=yellow")
    deliver(host, guest, sent)
    assert host.together is not None and host.together.table is not None
    assert host.together.table.next_device() == 0  # Anna (yellow) begins
    guest, again = reload(guest)
    assert PLAY in again.together  # not connected: the play link for Anna
    host.net(1, "close", "")
    invitation = link_in(must(host.net(1, "offer", sdp("offer", 50021))), JOIN)
    guest.open("", invitation)
    answered = must(guest.net(0, "answer", sdp("answer", 50022)))
    assert PLAY not in answered.together and answered.together.count("data-link-text") == 1  # the reply alone


def shared(screen: Screen) -> list[str]:
    """The words each *Share…* of the panel sends with its link (for the person it goes to), in order."""
    return [unescape(text) for text in re.findall(r'data-action="share" data-share-text="([^"]*)"', screen.together)]


def test_each_link_to_hand_over_can_go_by_the_share_sheet_with_words_for_the_one_it_goes_to() -> None:
    # On a phone Copy, then a messenger, then Paste took four steps: Share… hands the link and a sentence for the
    # person it goes to (in the sender's language) to the device's share sheet.
    host, guest = app(), app()
    host.open("?game=malefiz&seats=human,remote&names=Anna,Ben")
    screen = must(host.net(1, "offer", sdp("offer", 50031)))
    assert shared(screen) == [
        "An invitation to play Malefiz together: open this link, then send me back the reply it shows."
    ]
    guest.open("", link_in(screen, JOIN))
    guest.join("Ben")
    reply = must(guest.net(0, "answer", sdp("answer", 50032)))
    assert shared(reply) == [
        "My reply to your invitation to Malefiz: open this link on the device that sent the invitation "
        "(or paste it there)."
    ]
    host.reply(1, link_in(reply, REPLY))
    host.net(1, "open", "")
    watching = must(host.watch())
    device = next(c["peer"] for c in watching.net if c["do"] == "offer")
    screen = must(host.net(device, "offer", sdp("offer", 50033)))
    assert "An invitation to watch our game of Malefiz: open this link." in shared(screen)
    german = App(MemoryStorage(), ["de"], rng=random.Random(2))
    german.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    assert shared(must(german.net(1, "offer", sdp("offer", 50034)))) == [
        "Eine Einladung, zusammen Mensch ärgere Dich nicht zu spielen: Öffne diesen Link und schicke mir die "
        "Antwort zurück, die er zeigt."
    ]


def test_the_play_link_goes_by_the_share_sheet_as_the_next_players_turn() -> None:
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben&first=red")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 10)
    screen = must(host.net(1, "close", ""))  # Ben's device is gone: the game can go on by link
    for _ in range(40):
        if PLAY in screen.together:
            break
        screen = must(act(host))
    assert "Your turn in our game of Mensch ärgere Dich nicht: open this link to play on." in shared(screen)


def test_a_reaction_reaches_the_other_device_with_who_sent_it_and_a_bad_one_is_refused() -> None:
    # Friends apart cheer a capture or groan at a barricade: a tap sends one of REACTIONS; the host passes a
    # guest's on; each device shows it once, with who sent it.
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    assert 'data-action="react"' in must(host.screen()).together  # the game has begun: the buttons are there
    mine = must(guest.react(1))
    assert mine.reaction == "You: Wow!"
    texts = [c["text"] for c in mine.net if c["do"] == "send" and c["peer"] == 0]
    assert [json.loads(text) for text in texts] == [{"t": "react", "r": 1, "by": 1}]
    heard = must(host.net(1, "message", texts[0]))
    assert heard.reaction == "Ben: Wow!" and not heard.notice
    assert heard.sound == "reaction" and mine.sound is None  # a short ding for one from another device
    assert must(host.screen()).reaction == ""  # shown once
    back = must(host.react(3))
    assert back.reaction == "You: Haha!"
    to_ben = next(c["text"] for c in back.net if c["do"] == "send" and c["peer"] == 1)
    assert must(guest.net(0, "message", to_ben)).reaction == "Anna: Haha!"
    for bad in ({"t": "react", "r": 9, "by": 1}, {"t": "react", "r": True, "by": 1}, {"t": "react", "r": 0, "by": 0}):
        before = host.session.state if host.session is not None else None
        refused = must(host.net(1, "message", json.dumps(bad)))  # out of range, not a number, in another's name
        assert refused.notice and not refused.reaction
        assert host.session is not None and host.session.state == before
    assert host.react(99) is None  # the page offers only the six


def test_reactions_tapped_in_a_row_are_sent_once_a_pause_and_a_flood_from_another_device_is_not_heard() -> None:
    # A child taps Haha! again and again: one goes, the next once the device was quiet for REACTION_PAUSE (the
    # first is still over everyone's board). A changed page that sends faster is heard once a HEARD_PAUSE.
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    now = [100.0]
    for device in (host, guest):
        assert device.together is not None
        device.together.reactions.clock = lambda: now[0]

    def sent_by(screen: Screen) -> list[str]:
        return [c["text"] for c in screen.net if c["do"] == "send" and c["peer"] == 0]

    first = must(guest.react(3))
    assert first.reaction == "You: Haha!" and len(sent_by(first)) == 1
    now[0] += REACTION_PAUSE - 0.1
    again = must(guest.react(3))
    assert again.reaction == "" and sent_by(again) == []  # nothing sent, nothing new shown
    now[0] += 0.1
    later = must(guest.react(0))
    assert later.reaction == "You: Nice move!" and len(sent_by(later)) == 1
    assert must(host.net(1, "message", sent_by(first)[0])).reaction == "Ben: Haha!"
    flood = json.dumps({"t": "react", "r": 3, "by": 1})
    now[0] += HEARD_PAUSE - 0.1
    dropped = must(host.net(1, "message", flood))
    assert dropped.reaction == "" and not dropped.notice  # not an error: only too soon
    now[0] += 0.1
    assert must(host.net(1, "message", sent_by(later)[0])).reaction == "Ben: Nice move!"
    assert must(host.react(5)).reaction == "You: Well played!"  # each device has its own pause


def test_a_reaction_is_said_in_the_players_language() -> None:
    host, guest, sent = connect("?game=malefiz&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    guest.set_language("de")
    assert must(guest.react(0)).reaction == "Du: Schöner Zug!"
    assert "Viel Glück!" in must(guest.screen()).together  # the buttons in the player's language too


def test_a_reaction_to_a_device_that_plays_by_links_goes_with_the_next_play_link() -> None:
    # Friends apart in time have no channel: Anna's "Good luck!" reaches Ben when he opens her link, once.
    host, guest = app(), app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    joined = guest.open("", link_in(must(host.net(1, "failed", "no ICE candidate")), JOIN))
    assert "Anna invites you to play" in joined.together
    host.reply(1, link_in(must(guest.join("Ben")), REPLY))  # no offer: the reply is ready at once
    for current, other in ((host, guest), (guest, host)):  # the first roll takes a part of each device
        other.open("", link_in(current.screen(), PLAY))
        while act(other) is not None:
            pass
    assert host.session is not None and guest.session is not None
    assert must(host.react(4)).reaction == "You: Good luck!"
    opened = guest.open("", link_in(host.screen(), PLAY))
    assert opened.reaction == "Anna: Good luck!" and opened.sound == "turn"  # (the turn's chime goes first)
    assert must(guest.screen()).reaction == ""  # heard once
    while act(guest) is not None:
        pass
    back = host.open("", link_in(guest.screen(), PLAY))  # Ben said nothing: nothing heard, Anna's is not sent again
    assert back.reaction == "" and host.together is not None and host.together.said is None
    while act(host) is not None:
        pass
    assert guest.open("", link_in(host.screen(), PLAY)).reaction == ""
    connected, other, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(connected, other, sent)
    connected.react(1)  # over a channel: nothing waits for a link
    assert connected.together is not None and connected.together.said is None
