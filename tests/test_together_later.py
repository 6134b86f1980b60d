"""A game on one device that goes on between devices: *Play with other devices* offers a seat of the game in
progress to a person on another device (or invites someone to watch), and the game goes on from where it was."""

from __future__ import annotations

import random
import re

import pytest

from malefiz.app import App
from malefiz.core.screen import Screen
from malefiz.core.session import MAX_FRAMES
from malefiz.together import JOIN, REPLY
from malefiz.together_keep import keep

from .test_together import act, app, connect, deliver, link_in, must, play_round, play_until, reload, sdp
from .test_together_monkey import Table as MonkeyTable
from .test_together_monkey import seed_secrets


def local_game(setup: str, actions: int) -> App:
    """An app with a game on this device alone, its people having played ``actions`` actions."""
    host = app()
    host.open(setup)
    for _ in range(10_000):
        s = host.session
        assert s is not None and host.together is None
        if len(s.record) >= actions:
            return host
        act(host)
    raise AssertionError("the game did not get that far")


def guest_joins(host: App, screen: Screen, name: str) -> tuple[App, list[tuple[str, int, str]]]:
    """A guest takes the host's invitation for device 1 (``screen`` shows it) and the channel opens."""
    guest = app()
    invitation = link_in(screen, JOIN)
    joined = guest.open("", invitation)
    assert "join-name" in joined.together
    guest.join(name)
    reply = link_in(must(guest.net(0, "answer", sdp("answer", 50102))), REPLY)
    host.reply(1, reply)
    sent: list[tuple[str, int, str]] = []
    for who, device, peer in (("host", host, 1), ("guest", guest, 0)):
        opened = must(device.net(peer, "open", ""))
        sent.extend((who, c["peer"], c["text"]) for c in opened.net if c["do"] == "send")
    return guest, sent


def test_the_offer_is_a_closed_menu_until_asked_and_names_every_seat() -> None:
    host = local_game("?game=maedn&seats=human,human&names=Anna,Ben", 0)
    closed = host.screen()
    assert 'data-action="invite-menu"' in closed.invite and 'data-action="invite"' not in closed.invite
    shown = host.invite_menu()
    assert 'aria-expanded="true"' in shown.invite
    assert "A person on another device plays Anna (" in shown.invite and "plays Ben (" in shown.invite
    assert 'data-id="-1"' in shown.invite and "Invite someone to watch" in shown.invite
    assert 'data-action="invite"' not in host.invite_menu().invite


@pytest.mark.parametrize("game", ["maedn", "malefiz"])
def test_a_seat_of_a_game_in_progress_goes_to_another_device_and_the_game_goes_on_from_there(game: str) -> None:
    host = local_game(f"?game={game}&seats=human,human&names=Anna,Ben&seed=4", 25)
    s = host.session
    assert s is not None
    before, kept = s.state, host.game_id
    screen = host.invite(1)
    assert host.together is not None and host.session is None and not screen.invite
    assert [c["do"] for c in screen.net] == ["offer"]
    assert kept is not None and host.shelf.load(kept) is not None  # the game so far stays among the games
    screen = must(host.net(1, "offer", sdp("offer", 50101)))
    assert "Send Ben this invitation" in screen.together
    guest, sent = guest_joins(host, screen, "Bea")
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None
    assert host.session.state == guest.session.state == before  # exactly where the game was
    assert host.session.mine == {0} and guest.session.mine == {1}
    assert "Bea" in guest.session.seat_name(1)
    play_until(host, guest, sent, 100_000)
    assert host.session.state.is_over and guest.session.state == host.session.state


def test_a_rematch_of_a_game_handed_over_in_progress_starts_from_the_beginning() -> None:
    host = local_game("?game=maedn&seats=human,human&names=Anna,Ben&seed=5", 30)
    guest, sent = guest_joins(host, _invited(host), "Ben")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 100_000)
    assert host.session is not None and host.session.state.is_over
    screen = host.rematch()
    assert screen is not None
    sent = [("host", c["peer"], c["text"]) for c in screen.net if c["do"] == "send"]
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None and not host.session.record
    s = host.session
    start = s.game.new_game(s.setup.board, s.setup.colours, s.setup.options, s.state.current)
    assert s.state == start and guest.session.state == start and s.setup.position is None


def _invited(host: App) -> Screen:
    host.invite(1)
    return must(host.net(1, "offer", sdp("offer", 50101)))


def test_someone_invited_to_watch_a_game_in_progress_sees_it_and_the_host_plays_on_at_once() -> None:
    host = local_game("?game=malefiz&seats=human,bot:easy&names=Anna&seed=6", 12)
    s = host.session
    assert s is not None
    before = s.state
    host.invite(-1)
    assert host.session is not None and host.session.state == before  # nobody else plays: no waiting
    screen = must(host.net(8, "offer", sdp("offer", 50103)))
    assert "Invite someone to watch" in screen.together
    watcher = app()
    joined = watcher.open("", link_in(screen, JOIN))
    assert "invites you to watch" in joined.together
    watcher.join("")
    host.reply(8, link_in(must(watcher.net(0, "answer", sdp("answer", 50104))), REPLY))
    sent: list[tuple[str, int, str]] = []
    for who, device, peer in (("host", host, 8), ("guest", watcher, 0)):
        opened = must(device.net(peer, "open", ""))
        sent.extend((who, c["peer"], c["text"]) for c in opened.net if c["do"] == "send")
    for who, _, text in sent:
        target, source = (watcher, 0) if who == "host" else (host, 8)
        answer = must(target.net(source, "message", text))
        for c in answer.net:
            if c["do"] == "send" and who == "guest":
                must(watcher.net(0, "message", c["text"]))
    assert watcher.session is not None and watcher.session.state == before and watcher.session.mine == frozenset()


def test_no_offer_for_a_game_that_is_over_and_a_bad_seat_changes_nothing() -> None:
    host = local_game("?game=maedn&seats=human,human&names=Anna,Ben&seed=7", 4)
    s = host.session
    assert s is not None
    before = s.state
    host.invite(5)
    assert host.together is None and host.session is s and s.state == before
    host.session = None
    host.open("?game=maedn&seats=bot:easy,bot:easy&pace=instant&seed=3")
    for _ in range(10_000):
        if host.session is not None and host.session.state.is_over:
            break
        host.think()
    assert host.screen().invite == ""


class Net:
    """A host and its guests (device numbers as the host gave them), the texts on their channels delivered in order."""

    def __init__(self, host: App) -> None:
        self.apps: dict[int, App] = {0: host}
        self.sent: list[tuple[int, int, str]] = []

    def note(self, device: int, screen: Screen | None) -> None:
        if screen is not None:
            self.sent.extend(
                (device, c["peer"] if device == 0 else 0, c["text"]) for c in screen.net if c["do"] == "send"
            )

    def invite(self, device: int, name: str) -> None:
        """Device ``device`` takes its invitation, joins as ``name``, and its channel opens."""
        host = self.apps[0]
        guest = self.apps[device] = app()
        guest.open("", link_in(must(host.net(device, "offer", sdp("offer", 50200 + device))), JOIN))
        guest.join(name)
        self.note(0, host.reply(device, link_in(must(guest.net(0, "answer", sdp("answer", 50300 + device))), REPLY)))
        self.note(0, host.net(device, "open", ""))
        self.note(device, guest.net(0, "open", ""))
        self.deliver()

    def deliver(self) -> None:
        while self.sent:
            source, target, text = self.sent.pop(0)
            screen = must(self.apps[target].net(source if target == 0 else 0, "message", text))
            assert not screen.notice, screen.notice
            self.note(target, screen)


def test_every_device_shows_who_else_is_connected_as_the_host_tells_it() -> None:
    host = app()
    host.open("?game=maedn&seats=human,remote,remote&names=Anna,Ben,Cleo")
    net = Net(host)
    net.invite(1, "Ben")
    ben = net.apps[1].screen().together
    assert "Cleo" in ben and "not connected yet" in ben  # the host's invitation to Cleo is not taken yet
    net.invite(2, "Cleo")
    net.note(0, host.watch())
    net.deliver()
    assert "watching" not in net.apps[1].screen().together  # an invitation to watch not taken yet
    net.invite(8, "")
    for device in (1, 2):
        panel = net.apps[device].screen().together
        other = "Cleo" if device == 1 else "Ben"
        assert re.search(rf"<b>{other}</b> <span class=\"peer-state\">connected", panel), panel
        assert "<b>Watcher 1</b>" in panel and panel.count("<li") == 3  # the host, the other guest, the watcher
    net.note(0, host.net(2, "close", ""))
    net.deliver()
    assert re.search(r"<b>Cleo</b> <span class=\"peer-state\">connection lost", net.apps[1].screen().together)


def test_a_roster_that_does_not_fit_is_refused_and_changes_nothing() -> None:
    host = app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    net = Net(host)
    net.invite(1, "Ben")
    guest = net.apps[1]
    assert guest.together is not None
    before = guest.together.roster
    for rows in (
        '"x"',
        "[[1,2,3]]",
        '[[1,"Ben","gone",1]]',
        '[[99,"Ben","open",1]]',
        "[" + ",".join(['[1,"a","open",1]'] * 17) + "]",
    ):
        screen = must(guest.net(0, "message", '{"t":"roster","peers":' + rows + "}"))
        assert screen.notice == "Message from another device: it cannot be read", rows
        assert guest.together.roster == before


def test_the_moves_since_a_turn_walk_one_after_the_other_each_landing_and_at_most_max_frames() -> None:
    host = local_game("?game=maedn&seats=human,human&names=Anna,Ben&seed=9", 60)
    s = host.session
    assert s is not None
    moves = [e for e in list(s.record)[20:] if e.is_move]
    walked = [len(s.face.frames(e, s.names, s.t)) for e in moves]
    frames = s.walk_frames(20)
    assert len(frames) == sum(walked) + len(moves) - 1  # each move lands before the next walks; the last, the board
    assert frames[len(frames) - walked[-1] :] == s.face.frames(moves[-1], s.names, s.t)
    assert len(s.walk_frames(0)) <= MAX_FRAMES and s.walk_frames(len(s.record)) == []


def test_a_reply_link_opened_in_a_tab_of_its_own_is_passed_to_the_tab_hosting_the_game() -> None:
    host = app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    invitation = link_in(must(host.net(1, "offer", sdp("offer", 50401))), JOIN)
    guest = app()
    guest.open("", invitation)
    guest.join("Ben")
    reply = link_in(must(guest.net(0, "answer", sdp("answer", 50402))), REPLY)
    tab = App(host.storage, ["en"])  # the host taps the reply link: a new tab of the same browser
    opened = tab.open("", reply[reply.index(REPLY) :])
    assert opened.view == "setup" and "Passing the reply on" in opened.error
    relay = [c for c in opened.net if c["do"] == "relay"]
    assert relay and relay[0]["text"].startswith(REPLY)
    assert guest.reply_from_tab(relay[0]["text"]) is None  # a tab that does not host the game leaves it
    taken = must(host.reply_from_tab(relay[0]["text"]))
    assert [c["do"] for c in taken.net] == ["accept", "relayed"] and taken.net[1]["name"] == "Ben"
    assert host.reply_from_tab(relay[0]["text"]) is None  # taken once
    assert "Ben's reply is in: your game goes on in the tab where you invited Ben" in tab.relayed("Ben").error
    assert "paste the reply there" in tab.relayed("").error
    assert must(host.net(1, "open", "")).together.count("connected") >= 1


def test_a_relayed_text_that_is_no_reply_of_this_game_is_left_alone() -> None:
    host = app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    host.net(1, "offer", sdp("offer", 50403))
    assert host.together is not None
    before = keep(host.together)
    for text in ("", REPLY + "AAAA", REPLY + "x" * 50_000, "#reply=" + "%%%"):
        assert host.reply_from_tab(text) is None
    assert keep(host.together) == before


def test_the_host_is_asked_before_the_computer_plays_for_a_connected_device_and_every_device_is_told() -> None:
    host = app()
    host.open("?game=maedn&seats=human,remote,remote&names=Anna,Ben,Cleo&first=red")
    net = Net(host)
    net.invite(1, "Ben")
    net.invite(2, "Cleo")
    net.note(0, host.watch())
    net.deliver()
    net.invite(8, "")
    assert host.together is not None and host.together.table is not None
    for _ in range(500):  # everyone plays until it is Cleo's turn to move, on her device
        if host.together.table.waiting().device == 2:
            break
        for device, each in net.apps.items():
            net.note(device, act(each) if each.session is not None and device != 8 else None)
            net.deliver()
    assert host.together.table.waiting().device == 2
    asked = host.handover(2)
    assert "Cleo is still connected and may be thinking" in asked.together and not asked.net
    assert "Cleo is still connected" not in host.handover(0).together  # No: nothing changes
    host.handover(2)
    done = host.handover(2)  # Yes
    net.note(0, done)
    net.deliver()
    assert 2 in host.together.table.gone
    for device in (1, 8):
        screen = must(net.apps[device].screen())
        assert re.search(
            r"<b>Cleo</b> <span class=\"peer-state\">left: the computer plays for them; watching<", screen.together
        )
        assert screen.status.startswith("Waiting for the computer on Anna's device to play for Cleo"), screen.status
    cleo = must(net.apps[2].screen())
    assert "Anna lets the computer play for you for the rest of the game" in cleo.together
    assert net.apps[2].session is not None and not net.apps[2].session.mine


def test_someone_watching_who_reloads_takes_the_hosts_new_invitation_at_once_even_after_the_host_reloads() -> None:
    # One who watched and reloaded was asked for a name again by the host's new invitation, as if new to the game
    # (found by tests/test_together_monkey.py); a player's device answered at once.
    host = app()
    host.open("?game=maedn&seats=human,remote&names=Anna,Ben")
    net = Net(host)
    net.invite(1, "Ben")
    net.note(0, host.watch())
    net.deliver()
    net.invite(8, "Mia")
    watcher = net.apps[8]
    assert watcher.session is not None and watcher.address is not None
    for port, reloaded in ((50400, "watcher"), (50410, "host")):
        if reloaded == "host":  # the host's page opens again: it keeps who watches by what it was told
            host = net.apps[0] = reload(host)[0]
            net.note(8, watcher.net(0, "close", ""))
            net.note(1, net.apps[1].net(0, "close", ""))
        else:
            watcher = net.apps[8] = reload(watcher)[0]
            net.note(0, host.net(8, "close", ""))
        net.sent.clear()
        rejoined = watcher.open("", link_in(must(host.net(8, "offer", sdp("offer", port))), JOIN))
        assert "join-name" not in rejoined.together and any(c["do"] == "answer" for c in rejoined.net), reloaded
        reply = link_in(must(watcher.net(0, "answer", sdp("answer", port + 1))), REPLY)
        net.note(0, host.reply(8, reply))
        net.note(0, host.net(8, "open", ""))
        net.note(8, watcher.net(0, "open", ""))
        net.deliver()
        assert watcher.session is not None and host.session is not None
        assert watcher.session.state == host.session.state and watcher.session.mine == frozenset()


def test_a_device_handed_to_the_computer_as_its_die_part_was_on_the_way_agrees_and_its_link_spoils_nothing() -> None:
    # The host let the computer play for Ben just as Ben's part of the next die was on its way: Ben's device kept
    # its part in that die, Anna's did not, and Ben's showed "a roll that the dice did not give" from then on; a
    # play link from Ben then opened at Anna's brought that part into her game, which no longer replayed: after a
    # reload her browser kept no game at all (found by a round of the link monkey that hands devices over).
    host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
    deliver(host, guest, sent)
    assert host.together is not None and host.together.table is not None and guest.together is not None
    held: list[tuple[str, int, str]] = []
    for _ in range(400):  # on until Ben's part of the die due is on its way (held), and not in at Anna's
        screen = act(host)
        for c in screen.net if screen is not None else ():
            if c["do"] == "send":
                answer = must(guest.net(0, "message", c["text"]))
                held.extend(("guest", 1, a["text"]) for a in answer.net if a["do"] == "send")
        if any('"t":"part"' in text for _, _, text in held) and 1 in host.together.table.waiting().parts:
            break
        sent.extend(held)
        held.clear()
        deliver(host, guest, sent)
        screen = act(guest)
        if screen is not None:
            sent.extend(("guest", 1, c["text"]) for c in screen.net if c["do"] == "send")
        deliver(host, guest, sent)
    else:
        raise AssertionError("Ben's part was never on its way when due")
    host.handover(1)
    left = host.handover(1)  # (Ben is connected: asked first)
    assert 1 in host.together.table.gone
    for _, _, text in held:  # too late: Ben left
        assert not must(host.net(1, "message", text)).notice
    link = guest.together.play_link()  # Ben's game as his device had it, his part in
    sent.extend(("host", c["peer"], c["text"]) for c in left.net if c["do"] == "send")
    deliver(host, guest, sent)  # the leave, and on: no alarm on Ben's device (deliver fails on a notice)
    for _ in range(30):  # Anna plays on, the computer for Ben; Ben's device follows
        play_round(host, guest, sent)
    assert must(host.session).record == must(guest.session).record
    before = must(host.session).state
    for opened in (host.open("", link), App(host.storage, ["en"], rng=random.Random(4)).open("", link)):
        assert not opened.error
    again, _ = reload(host)
    assert again.session is not None and again.session.state == before


def test_a_link_with_moves_of_a_device_made_after_the_computer_took_its_seats_changes_nothing_anywhere() -> None:
    # Ben chose his move before he heard that Anna let the computer play for him, and sent his play link: opened
    # at Anna's, it showed "the other device's game is not this game as it went on (it was changed)"; his move
    # never counted.
    for attempt in range(20):  # (until the computer chooses otherwise than Ben did: the dice are new each time)
        host, guest, sent = connect("?game=maedn&seats=human,remote&names=Anna,Ben")
        deliver(host, guest, sent)
        assert host.together is not None and host.together.table is not None and guest.together is not None
        for _ in range(400):  # on to a choice of Ben's among several
            s = must(guest.session)
            if host.together.table.waiting().device == 1 and s.is_person_to_choose() and len(s.legal()) > 1:
                break
            play_round(host, guest, sent)
        host.handover(1)
        left = host.handover(1)
        assert host.together.table.gone == {1}
        s = must(guest.session)
        choice, before = s.choices()[attempt % len(s.choices())], len(s.record)
        while len(s.record) == before:  # not yet told: his move goes out (dropped at Anna's)
            key = choice.piece if choice.piece is not None and s.selected != choice.piece else choice.field
            moved = must(guest.click(str(key)))
            sent.extend(("guest", 1, c["text"]) for c in moved.net if c["do"] == "send")
        assert guest.together.table is not None
        link, his = guest.together.play_link(), guest.together.table.match
        sent.extend(("host", 1, c["text"]) for c in left.net if c["do"] == "send")
        deliver(host, guest, sent)  # (fails on a notice)
        for _ in range(10):
            play_round(host, guest, sent)
        if not host.together.table.match.continues(his):
            break
    else:
        raise AssertionError("the computer always chose what Ben chose")
    assert must(guest.session).record == must(host.session).record
    before = must(host.session).state
    for device in (host, guest):  # at Anna's; at Ben's, his own old link again: the game as the host has it stays
        opened = device.open("", link)
        assert not opened.error and not opened.notice, opened.notice
        assert must(device.session).state == before


def test_a_device_the_computer_plays_for_that_reloads_is_invited_again_to_watch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "You can go on watching", its page says: after a reload the host's panel had no invitation for it (it made
    # one, and did not show it), so it could not.
    seed_secrets(3, monkeypatch)  # the same dice every run
    table = MonkeyTable("?game=maedn&seats=human,remote&names=Anna,Ben", random.Random(3))
    table.quiet()
    table.calm = True
    host = table.devices[0]
    for turn in range(400):  # on to a turn of Ben's (the host lets the computer play for one it waits for)
        table_now = host.together.table if host.together is not None else None
        if turn > 20 and table_now is not None and table_now.waiting().device == 1:
            break
        table.act(turn % 2)
        table.quiet()
    table.handover(1)
    table.handover(1)  # (Ben is connected: asked first)
    table.quiet()
    assert table.gone() == {1}
    table.reload(1)  # its new invitation taken: connected again (fails when the host's panel shows none)
    table.same()
    assert "left: the computer plays for them; watching" in must(table.devices[0].screen()).together  # connected
    ben = must(table.devices[1].screen())
    assert "Anna lets the computer play for you for the rest of the game. You can go on watching." in ben.together
    table.calm = True
    for turn in range(40):  # the game goes on at both
        table.act(turn % 2)
        table.quiet()
    table.same()


def test_a_device_the_computer_took_over_while_it_was_away_learns_it_on_connecting_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Anna let the computer play for Ben while his connection was lost; his device, as far in the game, took
    # her match's parts but not its departure: the computer's first move for him read "it is not Anna's turn"
    # (found by the link monkey, round 427, once such a device could connect again).
    seed_secrets(4, monkeypatch)  # the same dice every run
    table = MonkeyTable("?game=maedn&seats=human,remote&names=Anna,Ben", random.Random(4))
    table.quiet()
    table.calm = True
    for turn in range(40):
        table.act(turn % 2)
        table.quiet()
    table.drop(1)
    table.handover(1)  # not connected: at once
    assert table.gone() == {1}
    table.rejoin(1)
    table.quiet()  # (fails on a notice)
    ben = table.devices[1].together
    assert ben is not None and ben.table is not None and ben.table.gone == {1}
    for turn in range(60):  # the computer plays for Ben; his device follows
        table.act(turn % 2)
        table.quiet()
    table.same()
