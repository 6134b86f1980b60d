"""Taking a move back in a game between devices, from the page's side: the *Undo* button of the device whose person
moved last, the take-back on every device, too late once the game went on, and none while a device is away."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable

import pytest

from malefiz.app import App
from malefiz.core.actions import Roll
from malefiz.core.errors import MalefizError
from malefiz.core.remote import TAKE_BACK, Table
from malefiz.core.screen import Screen
from malefiz.games import GAMES

from .test_together import act, connect, deliver, must, play_until, reload
from .test_together_monkey import Table as MonkeyTable
from .test_together_monkey import seed_secrets

SETUP = "?game=maedn&seats=human,remote&names=Anna,Ben&first=red"


def sends(who: str, screen: Screen | None) -> list[tuple[str, int, str]]:
    return [(who, c["peer"], c["text"]) for c in must(screen).net if c["do"] == "send"]


def after_a_move_of(
    mover: str, setup: str = SETUP, then: Callable[[App, App], bool] | None = None
) -> tuple[App, App, list[tuple[str, int, str]]]:
    """Anna (the host) and Ben connected, played until ``mover`` ("host" or "guest") has just chosen a move among
    several, its texts not yet delivered (with ``then``: delivered, and ``then(host, guest)`` holds after it; the
    dice are new each time)."""
    for _ in range(20):  # (a game may end before it comes: then another)
        host, guest, sent = connect(setup)
        deliver(host, guest, sent)
        while host.session is not None and not host.session.state.is_over:
            for who, device in (("host", host), ("guest", guest)):
                s = device.session
                assert s is not None
                if who == mover and s.is_person_to_choose() and len(s.legal()) > 1 and not s.acts_by_itself():
                    before = len(s.record)
                    while len(s.record) == before:
                        sent.extend(sends(mover, act(device)))
                    if then is None:
                        return host, guest, sent
                    deliver(host, guest, sent)
                    if then(host, guest):
                        return host, guest, sent
                    break
                screen = act(device)
                if screen is not None:
                    sent.extend(sends(who, screen))
                    deliver(host, guest, sent)
    raise AssertionError("no move to choose came")


def test_the_guest_takes_its_move_back_with_undo_and_both_devices_go_back() -> None:
    host, guest, sent = after_a_move_of("guest")
    deliver(host, guest, sent)
    screen = must(guest.screen())
    assert screen.undo_shown and screen.can_undo and not screen.redo_shown
    assert screen.undo_title == "Take back your last move (not the roll)"
    assert not must(host.screen()).can_undo  # Anna did not move last
    sent.extend(sends("guest", guest.undo()))
    asked = must(guest.screen())
    assert not asked.can_undo  # asked once: nothing to tap again while the host takes it
    assert asked.status == "Taking the move back: waiting for Anna's device…"
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None
    assert host.session.state == guest.session.state and isinstance(host.session.record.entries[-1].action, Roll)
    assert host.session.message == guest.session.message
    assert host.session.message.startswith("Ben (") and host.session.message.endswith("): move taken back")
    assert guest.session.is_person_to_choose() and not must(guest.screen()).can_undo  # the roll stays
    assert host.together is not None and host.together.table is not None
    assert host.together.table.match.actions[-1] == TAKE_BACK
    play_until(host, guest, sent, 100_000)  # the game goes on to the end on both devices
    assert host.session.state.is_over and guest.session.state == host.session.state


def test_the_hosts_take_back_reaches_the_guest_and_a_reload_keeps_it() -> None:
    host, guest, sent = after_a_move_of("host", "?game=malefiz&seats=human,remote&names=Anna,Ben&first=red")
    assert must(host.screen()).can_undo
    sent.extend(sends("host", host.undo()))
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None and host.session.state == guest.session.state
    assert host.session.is_person_to_choose() and "Anna (" in must(guest.screen()).news
    before = host.session.state
    host, _ = reload(host)
    guest, _ = reload(guest)
    assert host.session is not None and guest.session is not None
    assert host.session.state == guest.session.state == before


def test_a_take_back_that_reaches_the_host_after_its_roll_counts_for_nothing_and_the_guest_is_told() -> None:
    host, guest, _ = after_a_move_of("guest", then=lambda host, _: host.session is not None and host.session.can_roll())
    assert host.session is not None and guest.session is not None  # Anna's turn to roll (not Ben's after a six)
    asked = sends("guest", guest.undo())
    rolled = sends("host", host.roll())  # Anna rolls before Ben's take-back reaches her device
    must(host.net(1, "message", asked[0][2]))  # dropped: the game went on at Anna's
    for _, _, text in rolled:
        must(guest.net(0, "message", text))
    assert host.session.state == guest.session.state
    screen = must(guest.screen())
    assert screen.notice == "Too late to take the move back: the game went on" and screen.notice_tone == "info"
    guest.set_language("de")
    assert must(guest.screen()).notice == "Zu spät zum Zurücknehmen: Das Spiel ging schon weiter"
    assert host.together is not None and host.together.table is not None
    assert TAKE_BACK not in host.together.table.match.actions


def test_no_undo_while_a_device_is_away_or_when_the_host_turned_undo_off() -> None:
    host, guest, sent = after_a_move_of("guest")
    deliver(host, guest, sent)
    must(guest.net(0, "close", ""))  # the connection to Anna is lost: the take-back could not reach her
    screen = must(guest.screen())
    assert screen.undo_shown and not screen.can_undo and guest.undo() is None
    host, guest, sent = after_a_move_of("guest", SETUP + "&undo=off")
    deliver(host, guest, sent)
    assert not must(guest.screen()).undo_shown and guest.undo() is None


def test_a_match_from_the_host_that_takes_the_game_further_back_than_the_guests_own_actions_is_refused() -> None:
    # A race costs a guest only its own actions the host had not seen; a match that takes back more is forged.
    host, guest, sent = after_a_move_of("host", "?game=malefiz&seats=human,remote&names=Anna,Ben&first=red")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 40)
    assert host.together is not None and host.together.table is not None and guest.session is not None
    match = host.together.table.match
    for k in range(len(match.actions) - 10):  # the first point where a take-back would replay
        forged = dataclasses.replace(match, actions=(*match.actions[:k], TAKE_BACK))
        try:
            Table.replay(forged, GAMES, None, None)
        except MalefizError:
            continue
        break
    else:
        raise AssertionError("no take-back would replay")
    before = guest.session.state
    refused = must(guest.net(0, "message", json.dumps({"t": "match", "match": forged.to_json()})))
    assert refused.notice.endswith("is not this game as it went on (it was changed)"), refused.notice
    assert guest.session.state == before


@pytest.mark.parametrize("opened", ["asked", "taken"])
def test_a_play_link_from_before_a_take_back_changes_nothing_whenever_it_is_opened(opened: str) -> None:
    # A link from before the guest's take-back, opened as the guest waits for the host to take it ("asked": it
    # went into a copy of the game restored from the browser's storage, which had not asked, and the host's answer
    # read as "Message from another device: it cannot be read") or later on either device ("taken": it was refused
    # as "not this game as it went on"): nothing is said, the game as it went on stays (found by the link monkey in
    # tests/test_together_monkey.py).
    host, guest, sent = after_a_move_of("guest")
    deliver(host, guest, sent)
    assert guest.together is not None
    link = guest.together.play_link()
    sent.extend(sends("guest", guest.undo()))
    if opened == "asked":
        assert not guest.open("", link).notice  # the same game, no further
    deliver(host, guest, sent)  # (fails on a notice)
    assert host.session is not None and guest.session is not None
    assert host.session.state == guest.session.state and host.session.message.endswith("): move taken back")
    before = host.session.state
    for device in (host, guest) if opened == "taken" else ():
        screen = device.open("", link)
        assert not screen.error and not screen.notice, screen.notice
        assert device.session is not None and device.session.state == before
    play_until(host, guest, sent, 100_000)  # and the game goes on, connected
    assert host.session.state.is_over and guest.session.state == host.session.state


@pytest.mark.parametrize("reloads", [False, True])
def test_someone_watching_who_opened_a_guests_play_link_follows_the_host_that_took_its_move_back_meanwhile(
    reloads: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ben rolls and sends his play link to the one watching, who opens it; Anna took her move back before Ben's
    # roll reached her: the host's order wins on every device, also where Ben's roll came by his link (it showed
    # "not this game as it went on" there, for the rest of the game; found by the link monkey), and after a reload
    # (the browser kept that the roll came by a link only since).
    seed_secrets(5, monkeypatch)  # the same dice every run (a game without the moment looked for, once in 150)
    table = MonkeyTable("?game=maedn&seats=human,remote&names=Anna,Ben&first=red", random.Random(5), watched=True)
    table.quiet()
    host, guest, watcher = table.devices[0], table.devices[1], table.devices[8]
    table.calm = True  # both play on, as people do
    for turn in range(2000):
        if must(guest.session).can_roll() and host.together is not None and host.together.can_take_back():
            break
        table.act(turn % 2)
        table.quiet()
    else:
        raise AssertionError("no move of Anna's to take back came before Ben's roll")
    table.heard(1, guest.roll())  # on its way to Anna
    assert guest.together is not None
    table.heard(8, watcher.open("", guest.together.play_link()))
    assert must(watcher.session).record == must(guest.session).record
    if reloads:  # the page of the one watching opens again, and takes Anna's game from her link
        watcher, _ = reload(watcher)
        table.heard(0, host.undo())  # before Ben's roll reaches her
        assert host.together.table is not None
        opened = watcher.open("", host.together.play_link())
        assert not opened.error and not opened.notice, opened.notice
        assert must(watcher.session).record == must(host.session).record
        return
    table.heard(0, host.undo())  # before Ben's roll reaches her
    table.same()  # (fails on a notice)
    assert host.together.table is not None and host.together.table.match.actions[-1] == TAKE_BACK


def test_a_device_handed_to_the_computer_right_after_its_take_back_stays_so_after_a_reload() -> None:
    # A replay did not apply a departure that came right after a take-back: after a reload Ben's seat was his
    # again, the computer's moves for it did not replay, and Anna's browser kept no game (found by a round of the
    # link monkey that hands devices over).
    host, guest, sent = after_a_move_of("guest")
    deliver(host, guest, sent)
    sent.extend(sends("guest", guest.undo()))
    deliver(host, guest, sent)
    assert host.together is not None and host.together.table is not None
    assert host.together.table.match.actions[-1] == TAKE_BACK
    host.handover(1)
    sent.extend(sends("host", host.handover(1)))  # (Ben is connected: asked first)
    assert host.together.table.gone == {1}
    play_until(host, guest, sent, len(must(host.session).record) + 20)  # the computer plays for Ben
    assert must(guest.session).record == must(host.session).record
    for device in (host, guest):
        again, _ = reload(device)
        assert again.session is not None and again.session.record == must(host.session).record
        assert again.together is not None and again.together.table is not None and again.together.table.gone == {1}
