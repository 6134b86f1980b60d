"""The page's settings (malefiz.settings): each remembered for every game and tab; rolling by shaking the device."""

from __future__ import annotations

import random

import pytest

from malefiz.app import SHAKE_FORCE, SHAKE_PAUSE, App
from malefiz.bridge import Bridge
from malefiz.core.screen import SHAKEN_BUZZ
from malefiz.settings import LANGUAGE_KEY, MOTION_KEY, NOTATION_KEY, SHAKE_KEY, SOUND_KEY
from malefiz.shelf import MemoryStorage
from tests.test_bridge import send

GAME = "?game=maedn&seats=human,human&first=yellow&seed=4&forced=off"
"""Two people on one device; yellow rolls first."""


class Clock:
    """Seconds as the test sets them."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def app(storage: MemoryStorage | None = None, clock: Clock | None = None) -> App:
    return App(storage or MemoryStorage(), ["en"], rng=random.Random(1), clock=clock or Clock())


def test_sound_notation_and_shaking_are_off_until_turned_on_and_then_remembered() -> None:
    storage = MemoryStorage()
    a = app(storage)
    assert (a.sound_setting(), a.notation_shown(), a.shake_setting()) == (False, False, False)
    a.open(GAME)
    a.set_sound(True)
    a.set_shake(True)
    assert a.notation() is not None
    assert storage.kept[SOUND_KEY] == storage.kept[SHAKE_KEY] == storage.kept[NOTATION_KEY] == "on"
    b = app(storage)  # the next visit
    assert (b.sound_setting(), b.notation_shown(), b.shake_setting()) == (True, True, True)
    b.set_shake(False)
    assert app(storage).shake_setting() is False


def test_a_shake_rolls_as_the_die_does_once_turned_on() -> None:
    a = app()
    a.open(GAME)
    s = a.session
    assert s is not None and s.state.is_chance
    assert a.shake(SHAKE_FORCE * 2) is None and s.state.is_chance  # off: a phone carried about rolls nothing
    a.set_shake(True)
    screen = a.shake(SHAKE_FORCE)
    assert screen is not None and not s.state.is_chance
    last = s.record.last
    assert last is not None and getattr(last.action, "value", None) == screen.die
    assert (screen.sound, screen.buzz) == ("shaken", SHAKEN_BUZZ)  # the roll felt in the hand; a tap's is not
    tapping = app()
    tapping.open(GAME)
    tapped = tapping.roll()
    assert tapped is not None and (tapped.sound, tapped.buzz) == ("roll", ())


def test_a_gentle_movement_rolls_nothing() -> None:
    a = app()
    a.open(GAME)
    a.set_shake(True)
    assert a.shake(SHAKE_FORCE * 0.9) is None
    assert a.session is not None and a.session.state.is_chance


def test_one_shake_is_one_roll_even_where_the_turn_passes_at_once() -> None:
    """A shake lasts a moment, many readings: the first hard one rolls, and the device must have been still for
    :data:`SHAKE_PAUSE` before it rolls again (the next try, or the next person's die where the turn passes at
    once, is not rolled by the same shake)."""
    clock = Clock()
    a = app(clock=clock)
    a.open(
        "?game=maedn&seats=human,human&first=yellow&seed=4&forced=off&position=maedn%20cross%20y:B,B,B,B%20r:B,B,B,B%20y%3F"
    )
    a.set_shake(True)
    s = a.session
    assert s is not None
    screen = a.shake(SHAKE_FORCE)
    assert screen is not None and screen.buzz == SHAKEN_BUZZ  # a 5 with every piece in B: felt too, though passed
    rolled = len(s.record)
    for step in range(1, 40):  # the same shake goes on, reading after reading
        clock.now += SHAKE_PAUSE / 10
        assert a.shake(SHAKE_FORCE * 1.5) is None, step
    assert len(s.record) == rolled
    clock.now += SHAKE_PAUSE  # still a while: the next shake rolls
    assert s.can_roll()  # red's roll (yellow's 5 moved nothing)
    assert a.shake(SHAKE_FORCE) is not None and len(s.record) > rolled


def test_a_shake_rolls_nothing_where_the_die_would_not() -> None:
    a = app()
    a.set_shake(True)
    assert a.shake(SHAKE_FORCE) is None  # the setup screen
    a.open("?game=maedn&seats=bot:easy,human&first=yellow&seed=4")
    assert a.session is not None and a.session.is_bot_turn()
    assert a.shake(SHAKE_FORCE) is None  # the computer's turn


def test_a_device_that_does_not_allow_its_motion_read_keeps_shaking_off_and_says_so() -> None:
    storage = MemoryStorage()
    a = app(storage)
    a.set_language("de")
    a.open(GAME)
    screen = a.set_shake(True, allowed=False)
    assert screen is not None and "geschüttelt" in screen.notice
    assert storage.kept[SHAKE_KEY] == "off" and a.shake(SHAKE_FORCE) is None
    assert a.set_shake(True) is None and a.shake_setting()


def test_the_refusal_is_said_on_the_setup_screen_and_before_a_game_between_devices_starts_too() -> None:
    a = app()
    screen = a.set_shake(True, allowed=False)
    assert screen is not None and screen.view == "setup" and "shaken" in screen.error
    a.open("?game=malefiz&seats=human,remote&names=Anna")  # the host, waiting for a friend to join
    assert a.together is not None and a.session is None
    screen = a.set_shake(True, allowed=False)
    assert screen is not None and screen.view == "play" and "shaken" in screen.notice


def test_a_reading_that_is_not_a_number_rolls_nothing() -> None:
    a = app()
    a.open(GAME)
    a.set_shake(True)
    assert a.shake(float("nan")) is None and a.session is not None and a.session.state.is_chance


def test_the_page_learns_the_shake_setting_and_its_force_and_sends_what_it_felt() -> None:
    bridge = Bridge({"local": {SHAKE_KEY: "on"}, "tab": {}, "writable": True, "languages": ["en"]})
    reply = send(bridge, "open_page", GAME, "", False, None, [])
    assert reply["value"]["shake"] == {"on": True, "force": SHAKE_FORCE}
    assert send(bridge, "shake", SHAKE_FORCE)["screen"]["die"] is not None
    assert send(bridge, "set_shake", False, True)["writes"] == [["local", SHAKE_KEY, "off"]]
    with pytest.raises(ValueError, match="expected a number"):
        send(bridge, "shake", "hard")


def test_a_setting_changed_in_another_tab_reaches_this_tabs_switches_and_move_list() -> None:
    # Sound turned on, motion and shaking turned off, the notation shown, each in another tab of the same browser:
    # this tab's page is told at once (the browser's storage event), with the same settings an opening gives.
    bridge = Bridge({"local": {SHAKE_KEY: "on"}, "tab": {}, "writable": True, "languages": ["en"]})
    opening = send(bridge, "open_page", GAME, "", True, None, [])["value"]  # the system asks for reduced motion
    assert (opening["sound"], opening["motion"], opening["shake"]["on"]) == (False, False, True)
    told = send(bridge, "storage_changed", "local", SOUND_KEY, "on")
    settings = {key: opening[key] for key in ("sound", "shake", "motion")}
    assert told["value"] == {**settings, "sound": True, "language": None} and told["screen"] is None  # nothing else
    told = send(bridge, "storage_changed", "local", MOTION_KEY, "on")
    assert told["value"]["motion"] is True and bridge.app.motion
    told = send(bridge, "storage_changed", "local", SHAKE_KEY, "off")
    assert told["value"]["shake"] == {"on": False, "force": SHAKE_FORCE}
    assert send(bridge, "shake", 2 * SHAKE_FORCE)["screen"] is None  # off here too: nothing rolls
    assert send(bridge, "screen")["screen"]["notation"] is False
    told = send(bridge, "storage_changed", "local", NOTATION_KEY, "on")
    assert told["screen"]["notation"] is True  # the move list shows it at once
    assert told["value"]["language"] is None  # the same language
    told = send(bridge, "storage_changed", "local", LANGUAGE_KEY, "de")
    assert told["value"]["language"] == "de"  # the page speaks it too (set_language, as its own switch does)
    send(bridge, "set_language", "de", [])
    assert send(bridge, "storage_changed", "local", LANGUAGE_KEY, "de")["value"]["language"] is None
    assert send(bridge, "storage_changed", "local", LANGUAGE_KEY, "xx")["value"]["language"] is None  # not known
    assert send(bridge, "storage_changed", "local", None, None)["value"]["sound"] is False  # all cleared
    assert send(bridge, "storage_changed", "tab", SOUND_KEY, "on")["value"]["sound"] is False  # not a setting there
