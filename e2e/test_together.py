"""Play from afar in the browser (issue 28): two devices (browser contexts) set up a game by invitation and reply,
and play it to the end over the real WebRTC stack on 127.0.0.1, each person clicking on their own device.

The devices and the traffic's confinement to this machine are e2e/test_net.py's (``devices``, ``net=loopback``).
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from site_page import CENTER_OF, PRESS_AS_IT_THINKS, STILL, GamePage, Watch, near_the_end
from test_net import LOOPBACK, devices, watched

from malefiz.core.actions import PASS
from malefiz.core.screen import BUZZ, SOUNDS
from malefiz.games import GAMES

__all__ = ["devices"]

READY = STILL + ":not([data-acting])"

MY_TURN = """
() => document.querySelector('html[data-ready]:not([data-waiting]):not([data-acting])') !== null && (
  document.querySelector('[data-action="roll"]:not([disabled])') !== null
  || document.querySelector('#board .movable, #board .target') !== null
  || !document.querySelector('[data-winner]').hidden)
"""

TARGETS = "#board .target, #board .movable"
POSITION = "() => document.querySelector('[data-position]').textContent"
SAME_POSITION = "(want) => document.querySelector('[data-position]').textContent === want"
CHANGED = "(old) => document.querySelector('[data-position]').textContent !== old"
LINES = "Math.max(-1, ...Array.from(document.querySelectorAll('[data-log] li[data-index]'), (li) => +li.dataset.index))"
NO_MOVE = "() => document.querySelector('[data-log] li[data-notation]') === null"
"""No move in the move list yet (the roll for who starts has no notation, however many rounds ties make)."""
OVER = "() => !document.querySelector('[data-winner]').hidden"
PROGRESS = f"() => {LINES}"
"""The number of the move list's last line: how far the game this device shows went."""


def converge(pages: list[Page]) -> None:
    """Wait until every device shows the same position: each one draws the last moves in its own time (a walk
    may still be under way on one when another already shows where it ended)."""
    for _ in range(400):
        positions = [page.evaluate(POSITION) for page in pages]
        if len(set(positions)) == 1:
            return
        apart_first = sorted(zip(pages, positions, strict=True), key=lambda shown: shown[1] == positions[0])
        for page, position in apart_first:  # until something changes somewhere (where it lags, likeliest)
            try:
                page.wait_for_function(CHANGED, arg=position, timeout=150)
                break
            except PlaywrightTimeout:
                continue
    raise AssertionError(f"the devices do not agree: {[page.evaluate(POSITION) for page in pages]}")


def handed_link(page: Page, mark: str) -> str:
    """The link the page shows to hand over (an invitation or a reply), once it is there."""
    selector = f'[data-together] input[data-link-text][value*="{mark}"]'
    page.wait_for_selector(selector, state="attached")
    return str(page.locator(selector).first.input_value())


def set_up(devices: Callable[..., Page], site_url: str, setup: str, returns: bool = False) -> tuple[Page, Page]:
    """The host invites a person on another device to seat 2; the guest joins as Ben; the host enters the reply.
    Devices that ``returns`` keep the site for their later visits (see ``devices``)."""
    host = devices(f"{LOOPBACK}&{setup}", returns=returns)
    invitation = handed_link(host, "#join=")
    assert invitation.startswith(site_url)
    assert host.locator("[data-together] .qr svg").count() == 1  # the invitation as a QR code too
    code = host.locator("[data-together] .qr svg").bounding_box()
    assert code is not None and code["width"] == code["height"] >= 250  # large enough for a camera across a table
    host.click('[data-together] [data-action="copy"]')
    host.wait_for_selector('[data-together] [data-action="copy"] >> text=Copied')  # said once it is copied
    guest = devices(invitation.removeprefix(site_url), returns=returns)
    guest.wait_for_selector('[data-together] [data-action="join"]')
    assert "invites you to play" in (guest.locator("[data-together]").text_content() or "")
    guest.fill('[data-together] input[name="join-name"]', "Ben")
    guest.click('[data-together] [data-action="join"]')
    reply = handed_link(guest, "#reply=")
    host.fill('[data-together] input[name="reply-1"]', reply)
    host.click('[data-together] [data-action="reply"]')
    for page in (host, guest):
        page.wait_for_function("() => document.querySelector('[data-position]').textContent.length > 0")
        page.wait_for_selector("[data-together] .peer-state")
    return host, guest


LOOK = """
() => {
  const q = (selector) => document.querySelector(selector);
  const free = q('html[data-ready]:not([data-waiting]):not([data-acting])') !== null;
  const die = q('[data-action="roll"]:not([disabled])');
  const marked = q('#board .movable, #board .target') !== null;
  let roll = null;
  if (free && die !== null && q('[data-winner]').hidden) {
    die.scrollIntoView({block: "nearest", inline: "nearest"});
    const box = die.getBoundingClientRect();
    roll = {x: box.x + box.width / 2, y: box.y + box.height / 2};
  }
  return {
    mine: free && q('[data-winner]').hidden && (die !== null || marked),
    roll,
    position: q('[data-position]').textContent,
    yourTurn: document.title !== q('[data-title]').textContent,  // "Your turn · Malefiz" in the tab
    between: q('[data-together]:not([hidden])') !== null,  // a game between devices (not one device's)
  };
}
"""
"""What the person on a device can do now, in one look (each question to the browser costs a round trip): whether
it is their turn (:data:`MY_TURN` and no winner), where the die is when it is theirs to roll, and the position."""

AIM = f"""
(selector) => document.querySelector(selector) === null ? "absent" : ({CENTER_OF.strip()})(selector)
"""
"""The middle of the element ``selector`` (scrolled into sight), ``"absent"`` when there is none, null while it has
no size yet."""


def best_clicks(position: str, game: str) -> list[str]:
    """What a person playing as the computer's *medium* clicks now: the piece (unless it is chosen) and the field,
    worked out here in CPython from the position the page shows (no search in the page's Pyodide). *medium* ends a
    game of Malefiz on the short board in about 140 actions (the greedy player about 190, a tenth of its games over
    360: it walks into barricades)."""
    rules = GAMES[game]
    state = rules.from_json(json.loads(position))
    if state.is_chance or state.is_over:
        return []
    legal = [a for a in rules.legal_actions(state) if a != PASS]
    if not legal:
        return []
    piece, field = rules.face.choice(state, rules.bots["medium"](state, legal, random.Random(7)))
    return [piece, field] if piece is not None else [field]


def click_middle(page: Page, selector: str) -> bool:
    """A person's click in the middle of ``selector`` and the wait for the page's answer; False when nothing matches
    (the board was drawn anew meanwhile: the caller looks again)."""
    point = page.evaluate(AIM, selector)
    if point == "absent":
        return False
    if point is None:  # there, but not laid out yet
        try:
            point = page.wait_for_function(CENTER_OF, arg=selector, timeout=5000).json_value()
        except PlaywrightTimeout:
            return False
    page.mouse.click(point["x"], point["y"])
    page.wait_for_selector(READY, state="attached")
    return True


def act(page: Page, game: str | None = None) -> bool:
    """The person on ``page`` does the first thing they can (roll, or click the first piece or field marked); True
    if there was anything."""
    look = page.evaluate(LOOK)
    if not look["mine"]:
        return False
    assert look["yourTurn"] or not look["between"], "the tab's title says it is this device's person's turn"
    if look["roll"] is not None:
        page.mouse.click(look["roll"]["x"], look["roll"]["y"])
        page.wait_for_selector(READY, state="attached")
        return True
    if game is not None:  # the person plays well (first choices alone may never end a game of Malefiz)
        for key in best_clicks(look["position"], game):
            # the piece is chosen already, or its only move was made by its click: no mark, nothing to click
            click_middle(page, f'#board [data-key="{key}"].movable, #board [data-key="{key}"].target')
        return True
    return click_middle(page, "#board .target") or click_middle(page, TARGETS)


@pytest.mark.parametrize("game", ["maedn", "malefiz"])
def test_two_devices_set_up_play_a_game_to_its_end_over_webrtc_and_rematch(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
    game: str,
) -> None:
    """Both games from the middle of a game (a game's start between devices: the rematch's first roll here, the test
    below for Mensch ärgere Dich nicht, whole games of both in tests/test_together.py): Malefiz on
    the short board (the same rules, fewer fields to walk) where one has at most 12 fields to walk, six barricades
    still on the board (about 70 actions to the end instead of 140), Mensch ärgere Dich nicht where Ben has 36 fields
    to walk, Anna 110 (about 85 actions instead of 280); each person plays as the computer's *medium* would."""
    if game == "malefiz":
        start = "board=fast&position=" + near_the_end("?game=malefiz&board=fast&seats=bot:greedy,bot:greedy&seed=3", 12)
    else:
        start = "position=" + near_the_end("?game=maedn&seats=bot:greedy,bot:greedy&seed=3", 40)
    host, guest = set_up(devices, site_url, f"game={game}&{start}&seats=human,remote&names=Anna,Ben&pace=instant")
    for page in (host, guest):  # a phone's vibration, recorded (this browser has no motor to run)
        page.evaluate("() => { window.buzzed = []; navigator.vibrate = (p) => window.buzzed.push(p) > 0; }")
    host.locator("[data-sound]").check()  # the notes the page plays, as Python names them (SOUNDS)
    host.evaluate("() => { window.played = []; window.playNotes = notes => window.played.push(notes); }")
    guest.click('[data-together] [data-action="react"][data-id="1"]')  # Ben cheers: Anna sees it over her board
    guest.wait_for_function("() => document.querySelector('[data-reaction]').textContent === 'You: Wow!'")
    host.wait_for_function("() => document.querySelector('[data-reaction]').textContent === 'Ben: Wow!'")
    assert host.locator("[data-reaction]").is_visible()
    assert host.evaluate("window.played") == [list(SOUNDS["reaction"])]  # and hears a short ding
    delays: list[float] = []
    acted = True
    for _ in range(4000):
        if not acted and all(page.evaluate(OVER) for page in (host, guest)):  # asked once nobody could act
            break
        acted = False
        for page, other in ((host, guest), (guest, host)):
            before = int(other.evaluate(PROGRESS))
            started = time.perf_counter()
            if act(page, game):
                acted = True
                converge([page, other])
                if int(other.evaluate(PROGRESS)) > before:  # a move, shown on the other device
                    delays.append(time.perf_counter() - started)
    else:
        raise AssertionError("the game does not end")
    assert host.evaluate(POSITION) == guest.evaluate(POSITION)
    winner = host.locator("[data-winner-text]").text_content() or ""
    assert winner == (guest.locator("[data-winner-text]").text_content() or "") and winner.endswith("wins!")
    print(
        f"{game}: {len(delays)} moves; from click to the other device's board: median "
        f"{statistics.median(delays) * 1000:.0f} ms"
    )
    assert not any(page.evaluate(LOOK)["yourTurn"] for page in (host, guest))  # over: nobody's turn
    for page in (host, guest):  # each felt the turn come from the other device, with the chime's pulses
        buzzed = page.evaluate("window.buzzed")
        assert buzzed and all(pattern == list(BUZZ) for pattern in buzzed), buzzed
    guest.click('[data-winner] [data-action="rematch"]')  # the guest asks; the host's page starts the new game
    for page in (host, guest):
        page.wait_for_function("() => document.querySelector('[data-winner]').hidden")
        page.wait_for_function(NO_MOVE)  # the new game: at most the roll for who starts (ties roll again)
    converge([host, guest])
    someones_turn([host, guest])  # once every device's part for the first roll is in
    assert act(host, game) or act(guest, game)  # and it is played
    watch.assert_clean()


def someones_turn(pages: list[Page]) -> None:
    """Wait until a person on one of the devices can act (a die's part may still be on its way between them)."""
    for _ in range(400):
        for page in pages:
            try:
                page.wait_for_function(MY_TURN, timeout=150)
                return
            except PlaywrightTimeout:
                continue
    raise AssertionError("nobody can act")


def play_some(host: Page, guest: Page, moves: int) -> None:
    """Both people act, in turn, until ``moves`` actions were made (each shown on the other device)."""
    made = 0
    while made < moves:
        for page in (host, guest):
            if act(page):
                made += 1
                converge([host, guest])


def test_a_computers_move_reaches_every_device_when_the_hosts_person_acts_as_it_thinks(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    """The host's computer plays a seat; Anna on the host presses *Notation* at every slice of its thinking. The
    screens that answer with the computer's moves as she acts are not drawn, yet the moves go to Ben's device: the
    game goes on alike on both (it once stopped there for good, Ben's device waiting for a move it never got)."""
    host, guest = set_up(devices, site_url, "game=maedn&seats=human,remote,bot:hard&names=Anna&pace=instant&seed=8")
    host.evaluate(PRESS_AS_IT_THINKS, {"always": True})
    for _ in range(100):  # until Anna pressed Notation four times as the computer acted (each as a call began)
        if host.evaluate("window.pressed || 0") >= 4 or host.locator("[data-winner]").is_visible():
            break
        for page in (host, guest):
            act(page, "maedn")
        converge([host, guest])
    assert host.evaluate("window.pressed || 0") >= 4, "the computer never thought"
    watch.assert_clean()


def test_a_reloaded_device_resumes_reconnects_by_a_new_invitation_and_refuses_a_forged_roll(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    host, guest = set_up(devices, site_url, "game=maedn&seats=human,remote&names=Anna,Ben&pace=instant")
    play_some(host, guest, 12)
    converge([host, guest])
    guest.reload()  # the guest's page starts again: the game is kept in its browser
    guest.wait_for_function("() => document.querySelector('[data-position]').textContent.length > 0")
    converge([host, guest])
    position = host.evaluate(POSITION)
    assert "?together=" in guest.url
    host.wait_for_selector("[data-together] .peer-state >> text=connection lost")
    invitation = handed_link(host, "#join=")  # a new invitation, to reconnect
    guest.goto(invitation)
    reply = handed_link(guest, "#reply=")  # the kept part answers at once: no name asked again
    assert guest.locator('[data-together] input[name="join-name"]').count() == 0
    assert host.locator('[data-together] input[name="reply-1"]').is_hidden()  # folded below the board's news
    host.click('[data-together] details[data-keep="reconnect-1"] summary')
    host.fill('[data-together] input[name="reply-1"]', reply)
    host.click('[data-together] [data-action="reply"]')
    host.wait_for_selector('[data-together] .peer-state:text-is("connected")')
    guest.wait_for_function(SAME_POSITION, arg=position)
    play_some(host, guest, 6)
    converge([host, guest])
    # A roll the dice did not give, as if the host had sent it: refused in words, and nothing changes.
    forged = '{"t":"act","g":"x","n":99999,"a":"d6","by":0}'
    guest.evaluate("(text) => window.malefizRun('net', 0, 'message', text)", forged)
    guest.wait_for_selector("[data-notice]:not([hidden])")
    assert "another game" in (guest.locator("[data-notice]").text_content() or "")
    converge([host, guest])  # the guest's game is the host's still (the host never saw the forged message)
    play_some(host, guest, 2)  # and it goes on
    watch.assert_clean()


def test_three_devices_and_a_watcher_play_a_whole_game_over_webrtc(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    """The host (Anna) invites two people on other devices and someone to watch; the host passes every message on.
    The game starts late (played that far in CPython: the two-device games above play one of each kind to its end),
    and each person clicks the first piece marked."""
    # Two of the three have at most 14 fields to walk (12 and 14; the third 41): the game ends once two have
    # finished, in about 60 actions (a fifth of a game whose leader alone is near the end)
    position = near_the_end("?game=maedn&seats=bot:greedy,bot:greedy,bot:greedy&seed=22", 14, seats=2)
    setup = f"game=maedn&seats=human,remote,remote&names=Anna,Ben,Cleo&pace=instant&position={position}"
    host = devices(f"{LOOPBACK}&{setup}")
    guests = []
    for device, name in ((1, "Ben"), (2, "Cleo")):
        selector = f'[data-together] li[data-peer="{device}"] input[data-link-text][value*="#join="]'
        host.wait_for_selector(selector, state="attached")
        guest = devices(host.locator(selector).input_value().removeprefix(site_url))
        guest.fill('[data-together] input[name="join-name"]', name)
        guest.click('[data-together] [data-action="join"]')
        host.fill(f'[data-together] input[name="reply-{device}"]', handed_link(guest, "#reply="))
        host.click(f'[data-together] [data-action="reply"][data-id="{device}"]')
        guests.append(guest)
    for device in (1, 2):  # both connected: their rows drop the links, and the button below moves up (a click as
        # it moved, on a busy machine, once landed beside it)
        host.wait_for_selector(f'[data-together] li[data-peer="{device}"] .peer-state:text-is("connected")')
    host.click('[data-together] [data-action="watch"]')
    selector = '[data-together] li[data-peer="8"] input[data-link-text][value*="#join="]'
    host.wait_for_selector(selector, state="attached")
    watcher = devices(host.locator(selector).input_value().removeprefix(site_url))
    watcher.click('[data-together] [data-action="join"]')  # labelled *Watch*
    host.fill('[data-together] input[name="reply-8"]', handed_link(watcher, "#reply="))
    host.click('[data-together] [data-action="reply"][data-id="8"]')
    players = [host, *guests]
    for page in (*players, watcher):
        page.wait_for_function("() => document.querySelector('[data-position]').textContent.length > 0")
    for page, other in ((guests[0], "Cleo"), (guests[1], "Ben")):  # each guest sees the others, as the host tells
        page.wait_for_selector(f'[data-together] li:has(b:text-is("{other}")) .peer-state:text-is("connected")')
    guests[0].wait_for_selector("[data-together] li >> text=Watcher 1")
    for _ in range(4000):
        if all(not page.locator("[data-winner]").is_hidden() for page in (*players, watcher)):
            break
        for page in players:
            if act(page):
                converge([*players, watcher])
    else:
        raise AssertionError("the game does not end")
    final = {page.evaluate(POSITION) for page in (*players, watcher)}
    assert len(final) == 1
    assert watcher.locator('[data-action="roll"]:not([disabled])').count() == 0
    watch.assert_clean()


def test_a_game_apart_in_time_goes_on_by_play_links_to_the_end_and_a_tampered_link_is_refused(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    """The guest's page is closed after the start: from then on each device's page gives the link for the next
    player, and that player's browser opens it (its kept part of the game plays on), until the game ends."""
    # Both have one pawn left, three fields and two before their houses, and Ben (red, the guest) rolls first: the dice
    # are fair, so nobody knows how many links the end takes (in CPython, with every person playing as medium: 3.9 on
    # average, 9 or fewer in nine games of ten; from Ben alone near the end, 9.8 and 21), but Ben opens the first one
    position = quote("maedn cross y:38,41,42,43 r:37,41,42,43 r?", safe="")
    setup = f"game=maedn&seats=human,remote&names=Anna,Ben&pace=instant&position={position}"
    host, guest = set_up(devices, site_url, setup, returns=True)  # each opens a link in the browser that kept the site
    contexts = {"host": host.context, "guest": guest.context}
    guest.reload()  # the page that goes closes its channel (a reload closes it at once: e2e/test_net.py)
    guest.close()
    host.wait_for_selector("[data-together] .peer-state >> text=connection lost")
    pages = {"host": host}
    turn, opened, restored = "host", 0, 0
    for _ in range(400):
        page = pages[turn]
        if not page.locator("[data-winner]").is_hidden():
            break
        if act(page, "maedn"):
            continue
        link = page.locator('[data-together] input[data-link-text][value*="#play="]')
        if page.evaluate(MY_TURN) is True or link.count() == 0:
            page.wait_for_timeout(0)  # the page is drawing the last move: look again
            continue
        if opened == 0:  # Anna cheers: Ben is not connected, so her link carries it
            plain = link.input_value()
            page.click('[data-together] [data-action="react"][data-id="4"]')
            page.wait_for_function("() => document.querySelector('[data-reaction]').textContent === 'You: Good luck!'")
            page.wait_for_function(
                "(old) => document.querySelector('input[data-link-text][value*=\"#play=\"]').value !== old",
                arg=plain,
            )
        handed = link.input_value()
        page.close()
        turn = "guest" if turn == "host" else "host"
        page = pages[turn] = contexts[turn].new_page()
        page.set_default_timeout(60_000)
        if opened == 0:  # a link changed on the way: refused in words, the game kept as it was
            page.goto(handed[:-6] + ("AAAAAA" if not handed.endswith("AAAAAA") else "BBBBBB"))
            told = "[data-notice]:not([hidden]), [data-setup-error]:not([hidden])"  # no game can be read from it
            page.wait_for_selector(f"html[data-ready] :is({told})")
            assert "link" in (page.locator(told).first.text_content() or "")
        page.goto(handed)
        page.wait_for_selector("html[data-ready]")
        page.wait_for_function("() => document.querySelector('[data-position]').textContent.length > 0")
        notice = page.locator("[data-notice]")
        assert notice.is_hidden() or (notice.text_content() or "").startswith("Since your last turn: ")
        if opened == 0:  # and Ben sees it as he opens it
            page.wait_for_function("() => document.querySelector('[data-reaction]').textContent === 'Anna: Good luck!'")
        opened += 1
        restored += page.get_attribute("html", "data-start") == "snapshot"
    else:
        panel = pages[turn].locator("[data-together]").text_content()
        raise AssertionError(f"the game does not end: {turn} {panel} {pages[turn].evaluate(POSITION)}")
    winner = pages[turn].locator("[data-winner-text]").text_content() or ""
    assert winner.endswith("wins!") and opened >= 1, (winner, opened)
    print(f"play by link: {opened} links opened to the end, {restored} of them started from the memory snapshot")
    watch.assert_clean()


BOX = "(selector) => { const r = document.querySelector(selector).getBoundingClientRect(); return [r.x, r.y]; }"


def test_a_game_in_progress_goes_on_with_a_guest_whose_reply_link_the_host_opens_in_another_tab(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    """Anna and Ben play on one device; Ben takes his seat to his own phone. Anna taps the reply link Ben sent: it
    opens in a new tab of her browser, which passes it to the game's tab. Ben's board is turned towards his seat."""
    host = devices(f"{LOOPBACK}&game=maedn&seats=human,human&names=Anna,Ben&pace=instant&seed=4")
    for _ in range(12):
        act(host, "maedn")
    converge([host])
    position = host.evaluate(POSITION)
    host.focus('[data-invite] [data-action="invite-menu"]')  # by keyboard: its place stays as the menu opens
    host.keyboard.press("Enter")
    host.wait_for_selector('[data-invite] [data-action="invite"][data-id="1"]')
    assert host.evaluate("() => document.activeElement.dataset.action") == "invite-menu"
    host.click('[data-invite] [data-action="invite"][data-id="1"]')
    invitation = handed_link(host, "#join=")
    guest = devices(invitation.removeprefix(site_url))
    guest.fill('[data-together] input[name="join-name"]', "Ben")
    guest.click('[data-together] [data-action="join"]')
    reply = handed_link(guest, "#reply=")
    tab = host.context.new_page()
    tab.goto(reply)
    tab.wait_for_selector("[data-setup-error]:not([hidden]) >> text=reply is in")
    host.wait_for_selector('[data-together] .peer-state:text-is("connected")')
    guest.wait_for_function(SAME_POSITION, arg=position)  # the game goes on from where it was
    host.wait_for_function(SAME_POSITION, arg=position)
    red, yellow = (
        guest.evaluate(BOX, '.b-area[data-colour="red"]'),
        guest.evaluate(BOX, '.b-area[data-colour="yellow"]'),
    )
    assert red[1] > yellow[1] and red[0] < yellow[0]  # Ben's colour at the bottom left, on his device
    for _ in range(6):
        for page in (host, guest):
            if act(page, "maedn"):
                converge([host, guest])
    watch.assert_clean()


def test_someone_is_invited_to_watch_a_game_in_progress_and_follows_it_as_it_goes_on(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    """Anna and Ben play Malefiz on one device and invite Cleo to watch from her phone: *Play with other devices*,
    *Invite someone to watch*. Cleo joins without a seat, sees the game where it was, and follows it as it goes on."""
    host = devices(f"{LOOPBACK}&game=malefiz&seats=human,human&names=Anna,Ben&pace=instant&seed=4")
    for _ in range(6):
        act(host, "malefiz")
    converge([host])
    host.click('[data-invite] [data-action="invite-menu"]')
    host.click('[data-invite] [data-action="invite"][data-id="-1"]')
    watcher = devices(handed_link(host, "#join=").removeprefix(site_url))
    assert "invites you to watch" in (watcher.locator("[data-together]").text_content() or "")
    watcher.click('[data-together] [data-action="join"]')
    host.fill('[data-together] input[name^="reply-"]', handed_link(watcher, "#reply="))
    host.click('[data-together] [data-action="reply"]')
    host.wait_for_selector('[data-together] .peer-state:text-is("connected")')
    converge([host, watcher])
    for _ in range(6):
        assert not act(watcher)  # nothing on the board is Cleo's to play
        act(host, "malefiz")
        converge([host, watcher])
    watch.assert_clean()


def test_the_host_lets_the_computer_play_for_a_device_that_closed_its_page_and_finishes_the_game(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    """Ben's page goes away mid-game; the host is offered *Let the computer play for Ben*, presses it, and the game
    goes on to its end with the host's computer in Ben's seat."""
    position = near_the_end("?game=maedn&seats=bot:greedy,bot:greedy&seed=5", 14)
    host, guest = set_up(
        devices, site_url, f"game=maedn&seats=human,remote&names=Anna,Ben&pace=instant&position={position}"
    )
    play_some(host, guest, 3)
    guest.close()  # the page that goes closes its connection
    handover = '[data-together] [data-action="handover"][data-id="1"]'
    host.wait_for_selector('[data-together] li[data-peer="1"] >> text=connection lost')  # not asked: Ben is gone
    assert host.locator(handover).text_content() == "Let the computer play for Ben"
    host.click(handover)
    host.wait_for_selector('[data-together] li[data-peer="1"] >> text=the computer plays for them')
    assert host.locator(handover).count() == 0
    for _ in range(2000):
        if not host.locator("[data-winner]").is_hidden():
            break
        if not act(host):
            host.wait_for_function(
                f"(old) => {LINES} !== old || ({MY_TURN.strip()})()", arg=int(host.evaluate(PROGRESS))
            )
    else:
        raise AssertionError("the game does not end")
    assert (host.locator("[data-winner-text]").text_content() or "").endswith("wins!")
    watch.assert_clean()


def test_a_guest_who_leaves_for_the_setup_screen_is_asked_first_and_the_host_sees_the_connection_gone_at_once(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    host, guest = set_up(devices, site_url, "game=maedn&seats=human,remote&names=Anna,Ben&pace=instant")
    play_some(host, guest, 2)
    guest.click('header [data-action="setup"]')
    guest.wait_for_selector("[data-confirm][open]")
    said = guest.locator("[data-confirm-text]").text_content() or ""
    assert "can let the computer play for you" in said and "list of games in progress" not in said
    guest.click('[data-action="confirm-yes"]')
    guest.wait_for_selector("#setup:not([hidden])")
    host.wait_for_selector('[data-together] li[data-peer="1"] >> text=connection lost')  # told by the channel's close
    assert host.locator('[data-together] [data-action="handover"][data-id="1"]').count() == 1
    back = guest.locator('[data-latest] [data-action="continue"][data-id^="together:"]')  # the way back, in sight
    assert back.text_content() == "Back to the game" and back.is_visible()
    back.click()
    guest.wait_for_selector("#play:not([hidden])")
    guest.wait_for_function(SAME_POSITION, arg=host.evaluate(POSITION))
    assert "?together=" in guest.url
    guest.click('header [data-action="setup"]')  # and once more, to forget that game (the friends are gone)
    guest.click('[data-action="confirm-yes"]')
    guest.click('[data-latest] [data-action="delete"][data-id^="together:"]')
    guest.wait_for_selector("[data-confirm][open]")  # asked first, as on the shelf
    guest.click('[data-action="confirm-yes"]')
    guest.wait_for_selector('[data-latest] [data-id^="together:"]', state="detached")
    watch.assert_clean()


def test_a_guest_reads_the_rules_in_a_tab_of_their_own_and_the_game_plays_on_over_the_same_connection(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    """The rules loaded in the game's tab would close its channels (Ben would need a new invitation from Anna): in a
    game between devices they open in a tab of their own, the game's page staying as it was; their *Back to the
    game* closes that tab (it opened the game a second time there, not connected)."""
    host, guest = set_up(devices, site_url, "game=maedn&seats=human,remote&names=Anna,Ben&pace=instant")
    play_some(host, guest, 2)
    address, link = guest.url, guest.locator('.rules-link[data-rules="maedn"][lang="en"]')
    expect(link).to_have_accessible_name("Rules (opens in a tab of its own)")  # and an arrow to see: "Rules ↗"
    with guest.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url == site_url + "rules-maedn.html" and guest.url == address
    with rules.expect_event("load"):  # a second look: in the same tab of rules, not one more
        link.click()
    assert guest.context.pages == [guest, rules] and guest.url == address
    with rules.expect_event("close"):  # Back to the game: that tab closes, the game's own is there (not a second)
        rules.locator("header a.back").click()
    assert guest.context.pages == [guest] and guest.url == address
    play_some(host, guest, 4)  # over the same connection: no new invitation
    assert host.locator('[data-together] li[data-peer="1"] .peer-state').text_content() == "connected"
    watch.assert_clean()


def test_a_game_opened_again_in_a_second_tab_follows_the_first_there_and_takes_it_over_once_it_closes(
    devices: Callable[..., Page],
    site_url: str,
    watch: Watch,
) -> None:
    """Anna opens the game again in a second tab (its address, or the setup screen's *Back to the game*) while the
    first tab is connected to Ben: the second says where the game is played and shows it as it goes on; it makes no
    invitation, says no device lost its connection, and offers nothing to play. The first plays on over the same
    connection. Once the first tab closes, the second has the game, with a new invitation for Ben."""
    host, guest = set_up(devices, site_url, "game=maedn&seats=human,remote&names=Anna,Ben&pace=instant")
    play_some(host, guest, 2)
    code = host.url.split("together=")[1]
    second = host.context.new_page()
    watched(second, watch)
    second.goto(f"{site_url}{LOOPBACK}&together={code}")
    second.locator("[data-together] p", has_text="open in another tab of this browser").wait_for()
    panel = second.locator("[data-together]")
    assert panel.locator(".peer-state, [data-link-text], .qr").count() == 0  # no lost connection, no invitation
    assert "connection lost" not in (panel.text_content() or "")
    second.locator('[data-together] details[data-keep="play-here"] summary').click()  # what Play here would do
    for page in (second, host):  # the panels of both tabs, read by a screen reader as by eye
        found = Axe().run(page).response["violations"]
        assert found == [], [f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in found]
    play_some(host, guest, 4)  # over the first tab's connection
    converge([host, guest, second])  # the second tab shows each move
    assert not second.evaluate(MY_TURN) or not second.locator('[data-action="roll"]:not([disabled])').count()
    assert host.locator('[data-together] li[data-peer="1"] .peer-state').text_content() == "connected"
    locks = second.evaluate("navigator.locks.query().then((state) => state.held.map((lock) => lock.name))")
    assert sorted(locks) == sorted([f"malefiz.together.{code}", f"malefiz.together.{code}.open"])  # the first tab's
    host.close()  # the browser gives the first tab's lock to the second: the game goes on there
    second.locator(".notice", has_text="The game goes on in this tab now.").wait_for()
    guest.wait_for_selector("[data-together] .peer-state >> text=connection lost")
    second.locator('[data-together] details[data-keep="reconnect-1"] summary', has_text="Connect Ben again").wait_for()
    assert "open in another tab" not in (panel.text_content() or "")
    second.reload()  # a tab's own reload: the page that goes lets go of the game before the new one asks
    second.wait_for_function("() => navigator.locks.query().then((s) => s.held.length === 1 && !s.pending.length)")
    second.wait_for_selector(READY)
    assert second.locator(".notice", has_text="this tab").count() == 0 and "another tab" not in panel.inner_text()
    watch.assert_clean()


NO_NETWORK = """Object.defineProperty(window, "MalefizNet", {configurable: true, get() { return this.net; }, set(net) {
  net.offer = () => Promise.reject(new Error("no ICE candidate"));  // what a browser without a network gives
  this.net = net;
}});"""


def play_on_until_link(page: Page) -> str:
    """The person on ``page`` plays until the page gives the play link for the next player; that link."""
    link = page.locator('[data-together] input[data-link-text][value*="#play="]')
    for _ in range(50):
        if link.count():
            return str(link.input_value())
        if not act(page, "maedn"):
            page.wait_for_selector(f"{READY}, [data-together] input[data-link-text][value*='#play=']", state="attached")
    raise AssertionError("no play link came")


def test_a_host_without_a_network_is_told_so_in_words_and_plays_by_links(
    game: GamePage, devices: Callable[..., Page], site_url: str
) -> None:
    """No connection can be made: the invitation goes without one (its link, its QR code), the reply comes back,
    and the game goes from device to device by play links. A link tapped in a messenger opens in a new tab: that
    tab plays on (nothing is lost in the first, which has no connection open), and the first follows it."""
    game.page.context.add_init_script(NO_NETWORK)
    game.open("?game=maedn&seats=human,remote&names=Anna,Ben&seed=3&pace=instant")
    host = game.page
    notice = host.locator(".alert.notice p")
    notice.filter(has_text="No connection can be made from this device").wait_for()
    assert "You can still play" in (notice.text_content() or "")
    assert host.locator("#fatal").is_hidden()  # not "something went wrong"
    host.wait_for_selector('[data-together] .peer-state >> text="without a connection: plays by links"')
    assert host.locator("[data-together] .qr svg").count() == 1
    assert host.locator('[data-together] [data-action="across"]').count() == 0  # a STUN server is no help
    guest = devices(handed_link(host, "#join=").removeprefix(site_url))
    guest.fill('[data-together] input[name="join-name"]', "Ben")
    guest.click('[data-together] [data-action="join"]')
    host.fill('[data-together] input[name="reply-1"]', handed_link(guest, "#reply="))
    host.click('[data-together] [data-action="reply"]')
    link = play_on_until_link(host)  # Anna plays until the game waits for Ben
    assert "Ben and you play without a connection" in (host.locator("[data-together]").text_content() or "")
    assert host.locator("[data-together] input[value*='#join=']").count() == 0  # taken: no more use
    guest.goto(link)  # Ben's part of the die for who starts, or Ben's turn
    guest.wait_for_selector("html[data-ready]")
    back = play_on_until_link(guest)  # Ben plays until the game waits for Anna
    assert "Anna and you play without a connection" in (guest.locator("[data-together]").text_content() or "")
    second = host.context.new_page()  # Anna taps Ben's link in her messenger: a new tab of her browser
    watched(second, game.watch)
    second.goto(back)
    second.wait_for_selector("html[data-ready]")
    second.wait_for_function(MY_TURN)  # Anna's turn again, on Anna's device, in the new tab
    host.locator("[data-together] p", has_text="open in another tab of this browser").wait_for()  # the first follows
    converge([host, second])
    assert host.locator('[data-action="roll"]:not([disabled]), #board .movable').count() == 0
    act(second, "maedn")  # Anna plays in the new tab; the first shows it
    converge([host, second])
    game.watch.assert_clean()


SHARE_SHEET = """
window.shared = [];
Object.defineProperty(navigator, "share", {
  value: function (data) { window.shared.push(data); return Promise.resolve(); },
});
"""
"""A phone's share sheet (this browser on Linux has none): what the page hands it, recorded."""


def test_on_a_phone_the_links_go_by_its_share_sheet_with_words_for_the_one_they_go_to(game: GamePage) -> None:
    # Copy, a messenger, Paste: four steps on a phone. Where the browser has a share sheet, Share… beside Copy hands
    # it the invitation and a sentence for the friend it goes to; Share link (a game's position) opens it too.
    game.open(f"{LOOPBACK}&game=malefiz&seats=human,remote&names=Anna")
    game.page.wait_for_selector('[data-together] [data-action="copy"]')
    assert game.page.locator('[data-together] [data-action="share"]').is_hidden()  # no share sheet: Copy alone
    game.page.add_init_script(SHARE_SHEET)
    game.open(f"{LOOPBACK}&game=malefiz&seats=human,remote&names=Anna")
    invitation = handed_link(game.page, "#join=")
    share = game.page.locator('[data-together] [data-action="share"]')
    share.click()
    assert game.page.evaluate("window.shared") == [
        {
            "text": "An invitation to play Malefiz together: open this link, then send me back the reply it shows.",
            "url": invitation,
        }
    ]
    game.open("?game=malefiz&seats=human,human&seed=3")  # a game on this device: Share link
    game.page.click('[data-action="link"]')
    game.page.wait_for_function("() => window.shared.length === 1")
    shared = game.page.evaluate("window.shared[0]")
    assert shared["title"] == "Malefiz" and shared["url"] == game.page.locator("[data-link]").input_value()
    assert "#game=" in shared["url"]
    assert shared["text"] == "Our game of Malefiz, as far as it went: open the link to play on or to look at it."
    game.watch.assert_clean()
