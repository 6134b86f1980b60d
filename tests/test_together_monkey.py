"""A monkey between two devices: both people act whenever they like (a roll, any choice, a tap on anything on the
board, *Undo*, a reaction, the hint) while their messages are still on the way, each side's arriving in order
(WebRTC's channel is ordered) but at any moment; every so often a device reloads and reconnects by a new invitation.
Whatever the order, nothing is refused between honest devices, and once every message has arrived both show the
same game; it goes on to its end.
"""

from __future__ import annotations

import itertools
import random
import re
import secrets

import pytest

from malefiz import together
from malefiz.app import App
from malefiz.core.screen import Screen
from malefiz.reactions import Reactions
from malefiz.together import JOIN, REPLY
from tests.test_together import connect, link_in, sdp

KEY = re.compile(r'data-key="([^"]+)"')
WHO = ("host", "guest")


class Table:
    """The two devices and the texts on the way from each to the other, oldest first."""

    def __init__(self, setup: str, rnd: random.Random) -> None:
        self.rnd = rnd
        host, guest, sent = connect(setup)
        self.devices = [host, guest]
        self.queues: list[list[str]] = [[], []]  # from the host, from the guest
        for who, _, text in sent:
            self.queues[WHO.index(who)].append(text)
        self.done: list[str] = []
        self.reloads = 0
        self.calm = False

    def heard(self, side: int, screen: Screen | None) -> None:
        """What a screen of ``side``'s device sent, on its way; a refusal between honest devices fails the test."""
        if screen is None:
            return
        assert screen.notice == "" or screen.notice_tone != "alert" or "Too late" in screen.notice, (
            screen.notice,
            self.done[-14:],
        )
        self.queues[side].extend(c["text"] for c in screen.net if c["do"] == "send")

    def arrive(self, side: int) -> None:
        """The oldest text from ``side`` reaches the other device."""
        text = self.queues[side].pop(0)
        self.done.append(f"{WHO[1 - side]} hears {text[:40]}")
        other = self.devices[1 - side]
        self.heard(1 - side, other.net(side, "message", text))  # the host hears its peer 1, the guest its peer 0

    def act(self, side: int) -> None:
        """``side``'s person (or its computer) does something."""
        device, rnd = self.devices[side], self.rnd
        s = device.session
        if s is None:
            return
        if s.acts_by_itself():  # its whole step (the page asks for a slice of its thinking at a time)
            self.done.append(f"{WHO[side]}'s computer")
            for _ in range(10_000):
                screen = device.think()
                if screen is not None or not device.thinking():
                    break
            self.heard(side, screen)
            return
        pick = rnd.random() * (0.85 if self.calm else 1)  # calm: a roll or a choice, nothing else
        if s.can_roll() and pick < 0.6:
            what, screen = "roll", device.roll()
        elif s.is_person_to_choose() and pick < 0.85:  # any choice; calm: the greedy computer's (on to the end)
            best = s.game.bots["greedy"](s.state, s.legal(), rnd) if self.calm else rnd.choice(s.legal())
            choice = next(c for c in s.choices() if c.action == best)
            key = choice.piece if choice.piece is not None and s.selected != choice.piece else choice.field
            what, screen = f"click {key}", device.click(str(key))
        elif pick < 0.9:
            what, screen = "undo", device.undo()
        elif pick < 0.93:
            what, screen = "react", device.react(rnd.randrange(6))
        elif pick < 0.96:
            what, screen = "hint", device.hint()
        else:
            keys = KEY.findall(device.screen(keep=False).board_svg)
            key = rnd.choice(keys) if keys else "x"
            what, screen = f"tap {key}", device.click(key)
        self.done.append(f"{WHO[side]}: {what}")
        self.heard(side, screen)

    def reload(self, side: int) -> None:
        """``side``'s page opens again on the same storage; the host gives a new invitation and takes the reply (the
        texts still on the way to or from it are lost with its connection)."""
        self.done.append(f"{WHO[side]} reloads")
        self.queues = [[], []]
        old = self.devices[side]
        assert old.address is not None
        again = App(old.storage, ["en"], rng=random.Random(self.rnd.random()))
        opened = again.open(old.address.query)
        self.devices[side] = again
        host, guest = self.devices
        if side == 1:
            self.heard(0, host.net(1, "close", ""))
        else:
            assert any(c["do"] == "offer" for c in opened.net)
            self.heard(1, guest.net(0, "close", ""))
        self.queues = [[], []]  # what the close sent went nowhere: the connection is gone
        self.reloads += 1  # (each offer and answer its own port: a new invitation is never an old one)
        offered = host.net(1, "offer", sdp("offer", 50100 + self.reloads))
        assert offered is not None
        rejoined = guest.open("", link_in(offered, JOIN))
        assert any(c["do"] == "answer" for c in rejoined.net)
        answered = guest.net(0, "answer", sdp("answer", 60100 + self.reloads))
        assert answered is not None
        host.reply(1, link_in(answered, REPLY))
        self.heard(0, host.net(1, "open", ""))
        self.heard(1, guest.net(0, "open", ""))

    def same(self) -> None:
        """Once every text has arrived, both devices show the same game."""
        self.quiet()
        host, guest = self.devices
        assert host.session is not None and guest.session is not None
        assert host.session.record == guest.session.record, self.done[-8:]

    def quiet(self) -> None:
        """Every text arrives (and what it sends in turn)."""
        for _ in range(10_000):
            sides = [side for side in (0, 1) if self.queues[side]]
            if not sides:
                return
            self.arrive(self.rnd.choice(sides))
        raise AssertionError("the devices never fall quiet")


SETUPS = (
    "?game=maedn&seats=human,remote&names=Anna,Ben",
    "?game=malefiz&seats=human,remote&names=Anna,Ben",
    "?game=maedn&seats=human,remote,bot:easy&names=Anna,Ben",
    "?game=malefiz&board=fast&seats=remote,human,bot:easy&names=Ben,Anna",
)


@pytest.mark.parametrize("seed", range(6))
def test_two_devices_acting_at_once_with_messages_on_the_way_end_in_one_game(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rnd = random.Random(seed)
    secret = random.Random(-seed)  # the devices' secrets, drawn from the seed: a finding can be looked at again
    monkeypatch.setattr(secrets, "token_bytes", secret.randbytes)  # (malefiz.core.fair's chains, and the shelf's
    monkeypatch.setattr(secrets, "choice", secret.choice)  # game ids)
    ticks = itertools.count()  # and the reactions' clock: a second a reaction (each is heard)
    monkeypatch.setattr(together, "Reactions", lambda: Reactions(lambda: float(next(ticks))))
    table = Table(SETUPS[seed % len(SETUPS)], rnd)
    table.quiet()
    for _ in range(1500):  # anything, at any time
        pick = rnd.random()
        if pick < 0.01:
            table.reload(rnd.randrange(2))
        elif pick < 0.5:
            table.act(rnd.randrange(2))
        else:
            sides = [side for side in (0, 1) if table.queues[side]]
            if sides:
                table.arrive(rnd.choice(sides))
        if rnd.random() < 0.05:
            table.same()
    table.quiet()
    table.same()
    table.calm = True  # then both play on, as people do, to the end
    for _ in range(5000):
        host = table.devices[0]
        assert host.session is not None
        if host.session.state.is_over:
            break
        table.act(rnd.randrange(2))
        table.quiet()
    table.same()
    host = table.devices[0]
    assert host.session is not None and host.session.state.is_over, table.done[-8:]
