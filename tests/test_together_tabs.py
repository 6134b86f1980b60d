"""A game between devices in two tabs of one browser. One tab holds the game (the browser's lock of the game's key,
which the page takes as :attr:`Screen.holds` says: ``web/together.js``); a tab that opens it while another holds
it follows it there (it neither connects, offers nor keeps anything, and says no device lost its connection), or
takes it when that tab has no channel open (nothing is lost there). The browser's answers are played by the test,
as the page passes them on (:meth:`App.held`)."""

from __future__ import annotations

import random

from malefiz.app import App, MemoryStorage
from malefiz.core.screen import Screen
from malefiz.together import TOGETHER_PREFIX

from .test_together import act, connect, deliver, must, play_round, play_until, sdp

SETUP = "?game=maedn&seats=human,remote,bot:medium&names=Anna,Ben&first=red"


def second_tab(first: App) -> tuple[App, Screen]:
    """The game of ``first`` opened again in another tab of the same browser (the setup screen's *Back to the
    game*, or its address in a new tab)."""
    assert first.address is not None and first.address.query.startswith("?together=")
    tab = App(first.storage, ["en"], rng=random.Random(5))
    return tab, tab.open(first.address.query)


def lock(key: str) -> str:
    """The name of the browser's lock a tab holds the game between devices ``key`` by (its storage key)."""
    return TOGETHER_PREFIX + key


def dos(screen: Screen) -> list[str]:
    return [c["do"] for c in screen.net]


def test_every_screen_of_a_game_between_devices_names_the_game_its_tab_holds_and_the_setup_screen_none() -> None:
    host, guest, sent = connect(SETUP)
    assert host.together is not None and guest.together is not None
    assert host.screen().holds == lock(host.together.key) and guest.screen().holds == lock(guest.together.key)
    assert host.together.key != guest.together.key  # each device's part: a browser of its own
    deliver(host, guest, sent)
    assert host.screen().holds == lock(host.together.key)
    waiting = App(host.storage, ["en"]).open("?game=malefiz&seats=human,remote")  # before the first roll too
    assert waiting.view == "play" and waiting.holds and waiting.holds != lock(host.together.key)
    assert host.to_setup("").holds == ""


def test_a_second_tab_of_a_connected_game_follows_it_there_and_takes_it_once_the_first_tab_lets_go() -> None:
    host, guest, sent = connect(SETUP)
    deliver(host, guest, sent)
    play_until(host, guest, sent, 8)
    assert host.together is not None and host.together.table is not None and host.screen().channels_open
    key = host.together.key
    tab, opened = second_tab(host)
    assert opened.holds == lock(key) and dos(opened) == ["offer"]  # asked before the browser says another tab holds it
    assert not opened.channels_open
    screen = must(tab.held(lock(key), "connected"))
    assert "open in another tab of this browser: play it there" in screen.together
    assert "Play here instead" in screen.together and "connection lost" not in screen.together
    assert "Let the computer play" not in screen.together and "invitation" not in screen.notice
    assert screen.holds == lock(key) and screen.net == ({"do": "drop"}, {"do": "wait", "key": lock(key)})
    assert screen.announce == screen.together.split("<p>")[1].split("</p>")[0] and not screen.notice  # said once
    assert not screen.can_roll and not screen.rematch_shown and not screen.undo_shown
    assert tab.session is not None and host.session is not None and tab.session.state == host.session.state
    assert tab.session.facing == host.session.facing == 0  # Anna's side nearest, as in her first tab
    closed = must(tab.net(1, "offer", sdp("offer", 50003)))  # the offer the page was making meanwhile
    assert closed.net == ({"do": "close", "peer": 1},) and "connection lost" not in closed.together
    assert tab.net(1, "close", "") is None and tab.net(1, "message", '{"t":"hello"}') is None

    # It neither plays nor keeps anything: the tab that holds the game does.
    stored = host.storage.get(TOGETHER_PREFIX + key)
    for _ in range(3):
        tab.roll(), tab.think(), tab.screen()
        for key_ in tab.session.choices() if tab.session is not None else ():
            tab.click(key_.field)
    assert host.storage.get(TOGETHER_PREFIX + key) == stored and tab.session.state == host.session.state

    # The game goes on in the first tab: this one shows it as it is, what happened walked on the board.
    play_round(host, guest, sent)
    for _ in range(100):  # until it is Anna's turn to roll or move
        if (host.session.can_roll() and not host.session.is_bot_turn()) or host.session.is_person_to_choose():
            break
        play_round(host, guest, sent)
    followed = must(tab.changed(TOGETHER_PREFIX + key))
    assert followed.status == "Anna (yellow) to play, in the other tab of this browser"
    for _ in range(100):  # until it is the computer's turn, on Anna's device
        if host.session.is_bot_turn():
            break
        play_round(host, guest, sent)
    assert tab.changed(TOGETHER_PREFIX + key) is not None
    assert tab.screen(keep=False).status == "The computer plays for Red, in the other tab of this browser"
    assert tab.session is not None and tab.session.state == host.session.state
    assert "Since your last turn" not in followed.notice and "another tab" in followed.together
    assert followed.sound is None  # the first tab sounds each move: this one would echo it
    assert tab.changed(TOGETHER_PREFIX + key) is None  # nothing new since
    host.screen()  # kept again (when it was last seen), the game as it was: nothing to show anew
    assert tab.changed(TOGETHER_PREFIX + key) is None
    kept_text = host.storage.get(TOGETHER_PREFIX + key)
    for broken in ("{", '{"match": 3}', "[]"):  # what no tab of this page writes: the game shown stays
        host.storage.set(TOGETHER_PREFIX + key, broken)
        assert tab.changed(TOGETHER_PREFIX + key) is None and tab.session.state == host.session.state
    assert kept_text is not None and host.storage.set(TOGETHER_PREFIX + key, kept_text)

    # The first tab closes (the browser gives its lock to this one): the game goes on here, a new invitation for Ben.
    taken = must(tab.held(lock(key), "here"))
    assert taken.notice == "The game goes on in this tab now." and dos(taken) == ["offer"]
    assert tab.together is not None and tab.together.role == "host" and tab.together.key == key
    assert "Connect Ben again" in must(tab.net(1, "offer", sdp("offer", 50004))).together
    assert tab.held(lock(key), "here") is None  # said once


def test_a_second_tab_takes_a_game_its_first_tab_has_no_channel_open_in_and_the_first_follows() -> None:
    host, guest, sent = connect(SETUP)
    deliver(host, guest, sent)
    play_until(host, guest, sent, 6)
    assert host.together is not None
    key = host.together.key
    must(host.net(1, "close", ""))  # Ben's page is gone: the host's invitation to reconnect is being made
    must(host.net(1, "offer", sdp("offer", 50005)))
    assert not host.screen().channels_open
    tab, _ = second_tab(host)
    screen = must(tab.held(lock(key), "elsewhere"))  # nothing is lost there: this tab takes the game
    assert dos(screen) == ["steal"] and screen.net[0]["key"] == lock(key) and screen.holds == lock(key)
    assert tab.together is not None and not tab.together.following and "another tab" not in screen.together
    stolen = must(host.held(lock(key), "stolen"))  # the first tab learns it from the browser
    assert stolen.net == ({"do": "drop"}, {"do": "wait", "key": lock(key)})  # (the invitation to reconnect it had made)
    assert "open in another tab" in stolen.together and host.together is not None and host.together.following == key
    assert host.held(lock(key), "stolen") is None and host.held(lock("another"), "elsewhere") is None
    assert tab.held(lock(key), "nonsense") is None


def test_an_invitation_or_a_reply_out_counts_as_a_channel_another_tab_would_spoil() -> None:
    host = App(MemoryStorage(), ["en"], rng=random.Random(3))
    assert not host.open(SETUP).channels_open  # the invitation is being made
    offered = must(host.net(1, "offer", sdp("offer", 50006)))
    assert offered.channels_open  # out: Ben may be answering it
    assert not must(host.net(1, "failed", "no ICE candidate")).channels_open  # (none could be made: plays by links)


def a_tab_following(setup: str = SETUP) -> tuple[App, App, list[tuple[str, int, str]], str, App]:
    """Anna (hosting ``setup``) and Ben connected, and a second tab of Anna's browser that follows the game there:
    the devices, the texts sent, the game's key and the second tab."""
    host, guest, sent = connect(setup)
    deliver(host, guest, sent)
    assert host.together is not None
    key = host.together.key
    tab, _ = second_tab(host)
    must(tab.held(lock(key), "connected"))
    return host, guest, sent, key, tab


def test_play_here_takes_the_game_from_the_tab_that_holds_it() -> None:
    host, _, _, key, tab = a_tab_following()
    screen = must(tab.play_here())
    assert dos(screen) == ["steal", "offer"] and screen.notice == "The game goes on in this tab now."
    assert tab.together is not None and tab.together.role == "host" and not tab.together.following
    assert tab.play_here() is None  # a tab that follows no game
    must(host.held(lock(key), "stolen"))
    assert host.together is not None and host.together.following == key


def test_a_guests_second_tab_follows_too_and_a_play_link_opened_there_reaches_the_tab_that_holds_the_game() -> None:
    host, guest, sent = connect(SETUP)
    deliver(host, guest, sent)
    play_until(host, guest, sent, 4)
    assert guest.together is not None and host.together is not None and host.together.table is not None
    key = guest.together.key
    tab, _ = second_tab(guest)
    assert "open in another tab" in must(tab.held(lock(key), "connected")).together
    for _ in range(50):  # Anna acts; what she sent has not reached Ben's first tab, but her play link reaches him
        if act(host) is not None:
            break
        play_round(host, guest, sent)
    sent.clear()
    assert guest.together.table is not None and guest.together.table.match != host.together.table.match
    opened = tab.open("", host.together.play_link())  # opened in the tab that follows the game: it still follows it
    assert tab.together is not None and tab.together.following == key and opened.holds == lock(key)
    assert opened.net == ({"do": "drop"}, {"do": "wait", "key": lock(key)}) and "open in another tab" in opened.together
    assert must(guest.changed(TOGETHER_PREFIX + key)).holds == lock(key)  # the first tab catches up with its news
    assert guest.together.table.match == host.together.table.match


def test_a_tab_that_follows_a_game_lets_go_of_it_on_the_setup_screen() -> None:
    _, _, _, key, tab = a_tab_following()
    assert tab.question("setup") is None  # nothing of the game is here to lose
    screen = tab.to_setup("")
    assert screen.holds == "" and not screen.net and tab.together is None and tab.followed == ""
    assert tab.held(lock(key), "here") is None and tab.changed(TOGETHER_PREFIX + key) is None
    assert "Back to the game" in screen.latest  # the game is still kept: it can be opened again


def test_a_tab_that_follows_a_game_follows_its_rematch_too() -> None:
    host, guest, sent, key, tab = a_tab_following("?game=maedn&seats=human,remote&names=Anna,Ben")
    play_until(host, guest, sent, 100_000)
    sent.extend(("host", c["peer"], c["text"]) for c in must(host.rematch()).net if c["do"] == "send")
    deliver(host, guest, sent)
    assert host.together is not None and host.session is not None and not host.session.state.is_over
    after = host.together.key
    assert after != key
    assert host.screen().holds == lock(after)  # the first tab holds the rematch, and lets go of the last game
    screen = must(tab.held(lock(key), "here"))
    assert screen.holds == lock(after) and screen.net == ({"do": "wait", "key": lock(after)},) and not screen.notice
    assert tab.together is not None and tab.together.following == after and "another tab" in screen.together
    assert tab.session is not None and tab.session.state == host.session.state
    play_until(host, guest, sent, 12)
    must(tab.changed(TOGETHER_PREFIX + after))
    assert tab.session.state == host.session.state
    assert must(tab.held(lock(after), "here")).notice == "The game goes on in this tab now."


def test_the_screen_the_review_waited_for_keeps_the_lock_and_the_panel_of_a_game_between_devices() -> None:
    """Without the lock's name on it the page would let go of the game (a second tab would take it, channels open
    and all), and without the panel the devices would vanish from the page until the next move."""
    host, guest, sent = connect("?game=malefiz&board=fast&seats=human,remote&names=Anna,Ben&seed=5")
    deliver(host, guest, sent)
    play_until(host, guest, sent, 40)  # more of Anna's decisions than the review values at once
    assert host.together is not None
    waiting = must(host.review())
    assert not waiting.reviewed and waiting.holds == lock(host.together.key) and waiting.channels_open
    while host.work():
        pass
    worked = must(host.worked())
    assert worked.reviewed and worked.holds == waiting.holds and worked.channels_open
    assert worked.together == waiting.together and worked.status == waiting.status


def test_a_tap_on_the_board_where_the_turn_is_not_played_says_where_it_is_played_and_plays_nothing() -> None:
    host, guest, sent = connect(SETUP.replace("first=red", "first=yellow"))
    deliver(host, guest, sent)
    assert host.session is not None and guest.session is not None and host.session.can_roll()
    assert not guest.session.plays_here() and host.session.plays_here()  # Anna's turn, on the host's device
    piece = "y:B"
    told = must(guest.click(piece))  # Ben taps Anna's piece on his device
    assert told.news == "It is not this device's turn." == told.announce and guest.click(piece) is None  # (once)
    assert guest.roll() is None and guest.session.state == host.session.state  # (said once: by key too)
    assert must(host.click(piece)).news == "Roll the die first"  # on Anna's own device: why it does not move
    guest.set_language("de")
    assert must(guest.click("")).news == "Dieses Gerät ist nicht an der Reihe."  # the ground between fields too
    assert guest.click("r:B") is None and guest.session.state == host.session.state  # (said once)

    key = host.together.key if host.together is not None else ""
    tab, _ = second_tab(host)
    must(tab.held(lock(key), "connected"))
    state = tab.session.state if tab.session is not None else None
    tapped = must(tab.click(piece))  # the tab that follows Anna's game: she plays it in the other tab
    assert tapped.news.startswith("This tab only shows the game: it is played in the other tab of this browser")
    assert tab.session is not None and tab.session.state == state and not tapped.net
